#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  NO_PROVIDER_PANEL,
  panelProviderSettings
} from "./chunk-I6CKI2VM.js";
import {
  FixturePathError,
  PriceBook,
  createProvider,
  fixtureRoots
} from "./chunk-DKK5S75I.js";
import "./chunk-7FNAIK52.js";
import "./chunk-OX27M5K4.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";

// src/core/verify/panel-seats.ts
function buildPanelSeats(contract, options) {
  const configs = panelProviderSettings(contract);
  if (configs.length === 0) return NO_PROVIDER_PANEL;
  const seats = [];
  try {
    const pricing = new PriceBook(contract.pricing);
    const built = configs.map(
      (settings) => createProvider(toProviderConfig(settings), {
        env: options.env,
        pricing,
        cwd: options.cwd,
        fixtureRoots: fixtureRoots(options)
      })
    );
    for (let seat = 0; seat < contract.reviewers; seat++) seats.push(built[seat % built.length]);
  } catch (error) {
    if (error instanceof FixturePathError) throw error;
    return { unavailable: `reviewer panel unavailable: ${error.message}` };
  }
  return { seats };
}
function toProviderConfig(settings) {
  if (!settings.model && settings.kind !== "scripted") {
    throw new Error(
      `provider ${settings.kind} needs a model (set model = "..." under [provider] or pass --model)`
    );
  }
  return {
    kind: settings.kind,
    model: settings.model ?? "scripted",
    baseUrl: settings.base_url,
    apiKeyEnv: settings.api_key_env,
    script: settings.script,
    maxTokens: settings.max_tokens,
    temperature: settings.temperature
  };
}
export {
  buildPanelSeats
};
