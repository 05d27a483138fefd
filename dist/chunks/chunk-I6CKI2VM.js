#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);

// src/core/verify/panel-models.ts
function panelProviderSettings(contract) {
  if (contract.panel.seats.length > 0) return contract.panel.seats;
  return contract.provider ? [contract.provider] : [];
}
var NO_PROVIDER_PANEL = {
  unavailable: "no provider configured, so no reviewer panel: add [provider] to .truss/config.toml or pass --provider KIND --model MODEL"
};
async function panelModels(contract, lookup) {
  if (panelProviderSettings(contract).length === 0) return NO_PROVIDER_PANEL;
  return (await panelSeatsBuilder())(contract, lookup);
}
async function panelSeatsBuilder() {
  return (await import("./panel-seats-4YFCKBZN.js")).buildPanelSeats;
}

export {
  panelProviderSettings,
  NO_PROVIDER_PANEL,
  panelModels
};
