#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  PriceBook,
  ProviderConfigError,
  createProvider
} from "./chunk-IOHTX63S.js";

// src/core/providers/executor-provider.ts
function buildExecutorProvider(contract, options) {
  const settings = executorProviderSettings(contract);
  if (!settings) {
    throw new ProviderConfigError(
      "none",
      'executor.kind = "in-loop" needs a model: set [executor] provider and model, or [provider] (or pass --provider KIND --model MODEL)'
    );
  }
  if (!settings.model && settings.kind !== "scripted") {
    throw new ProviderConfigError(
      settings.kind,
      'the in-loop executor needs a model: set model = "..." under [executor] or [provider]'
    );
  }
  const script = settings.script;
  return createProvider(
    {
      kind: settings.kind,
      model: settings.model ?? "scripted",
      baseUrl: settings.base_url,
      apiKeyEnv: settings.api_key_env,
      script,
      maxTokens: settings.max_tokens,
      temperature: settings.temperature
    },
    {
      env: options.env,
      cwd: options.cwd,
      fixtureRoots: fixtureRoots(options),
      pricing: options.pricing ?? new PriceBook(contract.pricing)
    }
  );
}
function executorProviderSettings(contract) {
  const { executor } = contract;
  if (executor.provider) {
    const base = contract.provider?.kind === executor.provider ? contract.provider : { kind: executor.provider };
    return { ...base, kind: executor.provider, ...executor.model ? { model: executor.model } : {} };
  }
  if (contract.provider)
    return { ...contract.provider, ...executor.model ? { model: executor.model } : {} };
  return void 0;
}
function fixtureRoots(options) {
  return [options.cwd, options.fallbackCwd, options.contractDir].filter((dir) => Boolean(dir));
}

export {
  buildExecutorProvider,
  executorProviderSettings,
  fixtureRoots
};
