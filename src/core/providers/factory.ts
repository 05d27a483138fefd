import { AnthropicProvider } from './anthropic.js';
import { ProviderConfigError } from './errors.js';
import { resolveFixturePath } from './fixture-path.js';
import {
  GITHUB_MODELS_BASE_URL,
  OPENAI_DEFAULT_BASE_URL,
  OpenAICompatibleProvider,
} from './openai-compatible.js';
import { type PriceBook, toPriceBook } from './pricing.js';
import type { PricingTable, Provider, ProviderConfig, ProviderKind } from './provider.js';
import type { RetrySettings } from './retry.js';
import { ScriptedProvider } from './scripted.js';

/** The variable each kind reads its key from unless `api_key_env` names another. */
export const DEFAULT_API_KEY_ENV = {
  anthropic: 'ANTHROPIC_API_KEY',
  'openai-compatible': 'OPENAI_API_KEY',
  'github-models': 'GITHUB_TOKEN',
} as const satisfies Record<Exclude<ProviderKind, 'scripted'>, string>;

export interface CreateProviderOptions {
  /** Where keys are read from (the host passes process.env or the action's inputs); never copied. */
  env: Readonly<Record<string, string | undefined>>;
  /** `[pricing]` from config, or one PriceBook shared by every provider of the run (warn once). */
  pricing?: PriceBook | PricingTable | undefined;
  /** Base for a relative scripted fixture path. */
  cwd: string;
  /**
   * Where a scripted fixture may come from (default: `cwd` alone); a path outside them is refused
   * (resolveFixturePath).
   */
  fixtureRoots?: readonly string[] | undefined;
  /** Retry tuning (tests inject `sleep` and `random` here). */
  retry?: RetrySettings | undefined;
  /** Custom fetch for the HTTP providers; default the global fetch. */
  fetch?: typeof fetch | undefined;
}

/**
 * Build the provider `config` describes. Credentials come only from `options.env[apiKeyEnv]`; a
 * missing one is a ProviderConfigError that names the variable (never a value) and says how to set
 * it. For `openai-compatible` on a loopback base URL (Ollama, a local vLLM) the key is optional and,
 * unless `api_key_env` is set explicitly, OPENAI_API_KEY is not sent to the local server.
 */
export function createProvider(config: ProviderConfig, options: CreateProviderOptions): Provider {
  const pricing = toPriceBook(options.pricing);
  const kind: ProviderKind = config.kind;
  if (kind === 'scripted') {
    if (!config.script) {
      throw new ProviderConfigError(
        'scripted',
        'no fixture: set script = "path/to/responses.json" in [provider] (a JSON list of canned responses)',
      );
    }
    const path = resolveFixturePath(config.script, options.fixtureRoots ?? [options.cwd]);
    return ScriptedProvider.fromFile(path, { pricing });
  }

  if (!config.model?.trim()) {
    throw new ProviderConfigError(kind, 'no model: set model = "..." in [provider] or pass --model');
  }
  const common = {
    model: config.model,
    maxTokens: config.maxTokens,
    temperature: config.temperature,
    pricing,
    retry: options.retry,
    fetch: options.fetch,
  };

  switch (kind) {
    case 'anthropic': {
      const baseUrl = config.baseUrl === undefined ? undefined : checkBaseUrl(kind, config.baseUrl);
      const { key, name } = readKey(kind, config, options.env);
      return new AnthropicProvider({ ...common, apiKey: key, apiKeyEnv: name, baseUrl });
    }
    case 'openai-compatible': {
      const baseUrl = checkBaseUrl(kind, config.baseUrl ?? OPENAI_DEFAULT_BASE_URL);
      const local = isLoopback(baseUrl);
      if (local && config.apiKeyEnv === undefined) {
        return new OpenAICompatibleProvider({ ...common, kind, baseUrl });
      }
      const { key, name } = readKey(kind, config, options.env);
      return new OpenAICompatibleProvider({ ...common, kind, baseUrl, apiKey: key, apiKeyEnv: name });
    }
    case 'github-models': {
      const baseUrl = checkBaseUrl(kind, config.baseUrl ?? GITHUB_MODELS_BASE_URL);
      const { key, name } = readKey(kind, config, options.env);
      return new OpenAICompatibleProvider({ ...common, kind, baseUrl, apiKey: key, apiKeyEnv: name });
    }
    default: {
      const unknown: never = kind;
      throw new ProviderConfigError(
        String(unknown),
        'unknown provider kind; use anthropic, openai-compatible, github-models or scripted',
      );
    }
  }
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;
/** Credential prefixes: a value like this in api_key_env is a key pasted in the wrong place. */
const LOOKS_LIKE_A_KEY = /^(sk-|sk_|gh[pousr]_|github_pat_|xox[abp]-|AKIA)/i;

function readKey(
  kind: Exclude<ProviderKind, 'scripted'>,
  config: ProviderConfig,
  env: Readonly<Record<string, string | undefined>>,
): { key: string; name: string } {
  const name = config.apiKeyEnv ?? DEFAULT_API_KEY_ENV[kind];
  if (!ENV_NAME.test(name) || LOOKS_LIKE_A_KEY.test(name)) {
    // Do not echo the value: it may be the key itself.
    throw new ProviderConfigError(
      kind,
      'api_key_env must be the NAME of an environment variable (like ANTHROPIC_API_KEY), not the key itself; ' +
        'put the key in that variable (in GitHub Actions: a repository secret mapped with env:)',
    );
  }
  const key = env[name];
  if (key === undefined || key.trim() === '') {
    throw new ProviderConfigError(kind, missingKeyMessage(kind, name));
  }
  return { key: key.trim(), name };
}

function missingKeyMessage(kind: Exclude<ProviderKind, 'scripted'>, name: string): string {
  const what = kind === 'github-models' ? 'a GitHub token' : 'an API key';
  const how =
    kind === 'github-models'
      ? `in a workflow: env: ${name}: \${{ secrets.GITHUB_TOKEN }} with "permissions: models: read"; locally: export ${name}=$(gh auth token)`
      : `in a workflow: env: ${name}: \${{ secrets.${name} }}; locally: export ${name}=...`;
  return `${what} is needed but the environment variable ${name} is not set (${how}), or name another variable with api_key_env in [provider]`;
}

function checkBaseUrl(kind: ProviderKind, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ProviderConfigError(
      kind,
      'base_url is not a valid URL (expected e.g. http://127.0.0.1:11434/v1)',
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ProviderConfigError(kind, `base_url must use http or https, not ${url.protocol}`);
  }
  if (url.username || url.password) {
    throw new ProviderConfigError(
      kind,
      'base_url must not contain credentials (user:password@); put the key in the variable api_key_env names',
    );
  }
  if (url.search || url.hash) {
    throw new ProviderConfigError(kind, 'base_url must not have a query string or fragment');
  }
  return value;
}

/** True for localhost / 127.0.0.0/8 / ::1 base URLs (a server on this machine). */
export function isLoopback(baseUrl: string): boolean {
  let host: string;
  try {
    host = new URL(baseUrl).hostname.toLowerCase();
  } catch {
    return false;
  }
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    host === '::1' ||
    /^127(\.\d{1,3}){3}$/.test(host)
  );
}
