import type { Ctx } from '../runtime/ctx.js';
import {
  AbortError,
  abortErrorFrom,
  ProviderConfigError,
  ProviderError,
  ProviderFatalError,
  ProviderRetryableError,
  providerErrorFromStatus,
  safeDetail,
} from './errors.js';
import {
  DEFAULT_REQUEST_TIMEOUT_MS,
  meteredCall,
  type RawCompletion,
  requestTimeoutMs,
  tokenCount,
} from './metered.js';
import type { PriceBook } from './pricing.js';
import type { CompletionRequest, CompletionResult, Provider } from './provider.js';
import { type RetrySettings, retryAfterFromHeaders, withRetry } from './retry.js';

type AnthropicSdk = typeof import('@anthropic-ai/sdk');
type AnthropicClient = InstanceType<AnthropicSdk['default']>;

export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';
/** The Messages API requires max_tokens; used when neither the request nor the config sets one. */
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 4096;

const PROVIDER = 'anthropic';

export interface AnthropicProviderOptions {
  model: string;
  apiKey: string;
  /** Name of the variable the key came from, used in hints (never the value). */
  apiKeyEnv?: string | undefined;
  baseUrl?: string | undefined;
  maxTokens?: number | undefined;
  temperature?: number | undefined;
  pricing: PriceBook;
  retry?: RetrySettings | undefined;
  /** Custom fetch for the SDK; default the global fetch. */
  fetch?: typeof fetch | undefined;
  /** How the SDK is loaded; default `import('@anthropic-ai/sdk')` on the first call. */
  loadSdk?: (() => Promise<AnthropicSdk>) | undefined;
}

/**
 * Anthropic Messages API through `@anthropic-ai/sdk`. The SDK is imported on the first call (CLI
 * startup does not pay for it) and built with `maxRetries: 0`: retries, backoff, `Retry-After` and
 * `provider_retry` events are ours (`withRetry`). Only the key given here is used — the SDK is never
 * left to read ANTHROPIC_* variables, profiles or config files on its own.
 */
export class AnthropicProvider implements Provider {
  readonly kind = 'anthropic' as const;
  readonly model: string;
  readonly #options: AnthropicProviderOptions;
  #loaded: Promise<{ sdk: AnthropicSdk; client: AnthropicClient }> | undefined;

  constructor(options: AnthropicProviderOptions) {
    this.model = options.model;
    this.#options = options;
  }

  complete(request: CompletionRequest, ctx: Ctx): Promise<CompletionResult> {
    return meteredCall(ctx, this.#options.pricing, this.model, () =>
      withRetry(() => this.#attempt(request, ctx), { ...this.#options.retry, ctx, provider: PROVIDER }),
    );
  }

  #load(): Promise<{ sdk: AnthropicSdk; client: AnthropicClient }> {
    this.#loaded ??= (async () => {
      const sdk = await (this.#options.loadSdk ?? (() => import('@anthropic-ai/sdk')))();
      const client = new sdk.default({
        apiKey: this.#options.apiKey,
        baseURL: this.#options.baseUrl ?? ANTHROPIC_DEFAULT_BASE_URL,
        webhookKey: null,
        maxRetries: 0,
        timeout: DEFAULT_REQUEST_TIMEOUT_MS,
        logLevel: 'off',
        openTelemetry: false,
        ...(this.#options.fetch ? { fetch: this.#options.fetch } : {}),
      });
      return { sdk, client };
    })();
    return this.#loaded;
  }

  async #attempt(request: CompletionRequest, ctx: Ctx): Promise<RawCompletion> {
    const { sdk, client } = await this.#load();
    const maxTokens = request.maxTokens ?? this.#options.maxTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS;
    const temperature = request.temperature ?? this.#options.temperature;
    let message: Awaited<ReturnType<AnthropicClient['messages']['create']>>;
    try {
      message = await client.messages.create(
        {
          model: this.model,
          max_tokens: maxTokens,
          messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
          ...(request.system !== undefined ? { system: request.system } : {}),
          ...(temperature !== undefined ? { temperature } : {}),
          stream: false,
        },
        { signal: ctx.signal, timeout: requestTimeoutMs(ctx, DEFAULT_REQUEST_TIMEOUT_MS), maxRetries: 0 },
      );
    } catch (error) {
      throw this.#mapError(sdk, error, ctx);
    }
    if (!message || !Array.isArray(message.content)) {
      throw new ProviderFatalError(PROVIDER, 'unexpected response: no content array', {
        secrets: [this.#options.apiKey],
      });
    }
    const text = message.content
      .flatMap((block) => (block.type === 'text' && typeof block.text === 'string' ? [block.text] : []))
      .join('');
    const usage = message.usage as unknown as Record<string, unknown> | undefined;
    return {
      text,
      model: typeof message.model === 'string' && message.model ? message.model : this.model,
      stopReason: message.stop_reason ?? null,
      inputTokens:
        tokenCount(usage?.input_tokens) +
        tokenCount(usage?.cache_creation_input_tokens) +
        tokenCount(usage?.cache_read_input_tokens),
      outputTokens: tokenCount(usage?.output_tokens),
    };
  }

  #mapError(sdk: AnthropicSdk, error: unknown, ctx: Ctx): Error {
    const secrets = [this.#options.apiKey];
    if (error instanceof AbortError || error instanceof ProviderError) return error;
    if (ctx.signal.aborted || error instanceof sdk.APIUserAbortError) return abortErrorFrom(ctx.signal);
    if (error instanceof sdk.APIConnectionTimeoutError) {
      return new ProviderRetryableError(PROVIDER, 'request timed out', { secrets });
    }
    if (error instanceof sdk.APIConnectionError) {
      const cause = error.cause instanceof Error ? `: ${safeDetail(error.cause.message, secrets)}` : '';
      return new ProviderRetryableError(PROVIDER, `connection error${cause}`, { secrets });
    }
    if (error instanceof sdk.APIError && typeof error.status === 'number') {
      const body = error.error as { error?: { type?: unknown; message?: unknown } } | undefined;
      const type = error.type ?? (typeof body?.error?.type === 'string' ? body.error.type : undefined);
      const apiMessage =
        error.apiMessage ??
        (typeof body?.error?.message === 'string' ? body.error.message : 'no error message');
      const headers = error.headers;
      const retryAfterMs = headers
        ? retryAfterFromHeaders((name) => headers.get(name), ctx.now())
        : undefined;
      const hint =
        error.status === 401 || error.status === 403
          ? ` (check the key in ${this.#options.apiKeyEnv ?? 'ANTHROPIC_API_KEY'})`
          : error.status === 404
            ? ` (check the model id "${this.model}" and base_url)`
            : '';
      return providerErrorFromStatus(
        PROVIDER,
        error.status,
        `HTTP ${error.status}${type ? ` ${type}` : ''}: ${safeDetail(apiMessage, secrets)}${hint}`,
        { code: type ?? undefined, retryAfterMs, secrets },
      );
    }
    if (error instanceof sdk.AnthropicError) {
      return new ProviderConfigError(PROVIDER, `client error: ${safeDetail(error.message, secrets)}`, {
        secrets,
      });
    }
    const detail = error instanceof Error ? error.message : String(error);
    return new ProviderFatalError(PROVIDER, `unexpected error: ${safeDetail(detail, secrets)}`, { secrets });
  }
}
