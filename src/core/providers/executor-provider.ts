import type { ProviderSettings, ResolvedContract } from '../contract/schema.js';
import { ProviderConfigError } from './errors.js';
import { createProvider } from './factory.js';
import { PriceBook } from './pricing.js';
import type { Provider } from './provider.js';

/**
 * The provider an in-loop executor talks to: `[executor] provider/model` when set (taking the rest
 * — base_url, api_key_env, script — from `[provider]` when it is the same kind), else `[provider]`
 * with `[executor] model` overriding the model.
 */
export function buildExecutorProvider(
  contract: ResolvedContract,
  options: {
    env: Record<string, string | undefined>;
    cwd: string;
    /** A relative scripted fixture missing from `cwd` (the workdir) is looked up here (where truss started). */
    fallbackCwd?: string | undefined;
    /** Then here: the directory of the contract file, when the host knows it. */
    contractDir?: string | undefined;
    pricing?: PriceBook;
  },
): Provider {
  const settings = executorProviderSettings(contract);
  if (!settings) {
    throw new ProviderConfigError(
      'none',
      'executor.kind = "in-loop" needs a model: set [executor] provider and model, or [provider] (or pass --provider KIND --model MODEL)',
    );
  }
  if (!settings.model && settings.kind !== 'scripted') {
    throw new ProviderConfigError(
      settings.kind,
      'the in-loop executor needs a model: set model = "..." under [executor] or [provider]',
    );
  }
  const script = settings.script;
  return createProvider(
    {
      kind: settings.kind,
      model: settings.model ?? 'scripted',
      baseUrl: settings.base_url,
      apiKeyEnv: settings.api_key_env,
      script,
      maxTokens: settings.max_tokens,
      temperature: settings.temperature,
    },
    {
      env: options.env,
      cwd: options.cwd,
      fixtureRoots: fixtureRoots(options),
      pricing: options.pricing ?? new PriceBook(contract.pricing),
    },
  );
}

/**
 * The provider settings the in-loop executor's model is built from (see buildExecutorProvider):
 * also where its `context_window` is read (docs/context.md). Undefined when the contract names none.
 */
export function executorProviderSettings(contract: ResolvedContract): ProviderSettings | undefined {
  const { executor } = contract;
  if (executor.provider) {
    const base =
      contract.provider?.kind === executor.provider ? contract.provider : { kind: executor.provider };
    return { ...base, kind: executor.provider, ...(executor.model ? { model: executor.model } : {}) };
  }
  if (contract.provider)
    return { ...contract.provider, ...(executor.model ? { model: executor.model } : {}) };
  return undefined;
}

/** Where a scripted fixture may come from, in lookup order (docs/providers.md). */
export function fixtureRoots(options: {
  cwd: string;
  fallbackCwd?: string | undefined;
  contractDir?: string | undefined;
}): string[] {
  return [options.cwd, options.fallbackCwd, options.contractDir].filter((dir): dir is string => Boolean(dir));
}
