import type { ProviderSettings, ResolvedContract } from '../contract/schema.js';
import { fixtureRoots } from '../providers/executor-provider.js';
import { createProvider } from '../providers/factory.js';
import { FixturePathError } from '../providers/fixture-path.js';
import { PriceBook } from '../providers/pricing.js';
import type { Provider, ProviderConfig } from '../providers/provider.js';
import { NO_PROVIDER_PANEL, panelProviderSettings } from './panel-models.js';

/**
 * Builds one provider per panel seat from the resolved contract: `[[panel.seats]]` round-robin when
 * listed, else `[provider]` for every seat. When no model can be reached (nothing configured, no key
 * in the environment, e.g. on a fork PR) it returns the reason instead, and review clauses become
 * `unverifiable` with that explanation rather than failing the run.
 */
export function buildPanelSeats(
  contract: ResolvedContract,
  options: {
    env: Record<string, string | undefined>;
    cwd: string;
    /** Further places a relative scripted fixture is looked up (where truss started, the contract's directory). */
    fallbackCwd?: string | undefined;
    contractDir?: string | undefined;
  },
): { seats: Provider[] } | { unavailable: string } {
  const configs = panelProviderSettings(contract);
  if (configs.length === 0) return NO_PROVIDER_PANEL;
  const seats: Provider[] = [];
  try {
    // One price book for the whole panel, so an unpriced model is reported once per run.
    const pricing = new PriceBook(contract.pricing);
    const built = configs.map((settings) =>
      createProvider(toProviderConfig(settings), {
        env: options.env,
        pricing,
        cwd: options.cwd,
        fixtureRoots: fixtureRoots(options),
      }),
    );
    for (let seat = 0; seat < contract.reviewers; seat++) seats.push(built[seat % built.length] as Provider);
  } catch (error) {
    // A fixture path that escapes is a refused configuration, not an unavailable panel.
    if (error instanceof FixturePathError) throw error;
    return { unavailable: `reviewer panel unavailable: ${(error as Error).message}` };
  }
  return { seats };
}

function toProviderConfig(settings: ProviderSettings): ProviderConfig {
  if (!settings.model && settings.kind !== 'scripted') {
    throw new Error(
      `provider ${settings.kind} needs a model (set model = "..." under [provider] or pass --model)`,
    );
  }
  return {
    kind: settings.kind,
    model: settings.model ?? 'scripted',
    baseUrl: settings.base_url,
    apiKeyEnv: settings.api_key_env,
    script: settings.script,
    maxTokens: settings.max_tokens,
    temperature: settings.temperature,
  };
}
