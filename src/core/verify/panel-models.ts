import type { ProviderSettings, ResolvedContract } from '../contract/schema.js';
import type { buildPanelSeats } from './panel-seats.js';

/** The reviewer panel of a run: its seats, or why there is none. */
export type PanelSeats = ReturnType<typeof buildPanelSeats>;
export type PanelSeatsBuilder = typeof buildPanelSeats;
/** Where the seats look up keys and scripted fixtures (the workdir, where truss started, the contract's directory). */
export type PanelLookup = Parameters<typeof buildPanelSeats>[1];

/**
 * The model settings the panel's seats are built from: `[[panel.seats]]` when listed, else
 * `[provider]` for every seat, else none.
 */
export function panelProviderSettings(contract: ResolvedContract): readonly ProviderSettings[] {
  if (contract.panel.seats.length > 0) return contract.panel.seats;
  return contract.provider ? [contract.provider] : [];
}

/** The panel of a contract that configures no model: review clauses become unverifiable with this reason. */
export const NO_PROVIDER_PANEL: { unavailable: string } = {
  unavailable:
    'no provider configured, so no reviewer panel: add [provider] to .truss/config.toml or pass --provider KIND --model MODEL',
};

/**
 * The panel's seats. The provider modules (every vendor's client and its schemas) are loaded here,
 * on demand: without a configured model none is loaded, so a run of checks alone never compiles them.
 */
export async function panelModels(contract: ResolvedContract, lookup: PanelLookup): Promise<PanelSeats> {
  if (panelProviderSettings(contract).length === 0) return NO_PROVIDER_PANEL;
  return (await panelSeatsBuilder())(contract, lookup);
}

/** The seat builder itself, for a caller that builds a fresh panel per run (`truss bench`). */
export async function panelSeatsBuilder(): Promise<PanelSeatsBuilder> {
  return (await import('./panel-seats.js')).buildPanelSeats;
}
