import type Anthropic from '@anthropic-ai/sdk';
import type { Ctx } from '../runtime/ctx.js';
import { withCacheBreakpoint } from './anthropic-cache.js';
import { boundedFetch } from './bounded-fetch.js';
import { checkChatRequest, toolUseBlock } from './chat.js';
import {
  AbortError,
  abortErrorFrom,
  ProviderConfigError,
  ProviderError,
  ProviderFatalError,
  ProviderRetryableError,
  providerErrorFromStatus,
  safeCode,
  safeDetail,
} from './errors.js';
import {
  DEFAULT_REQUEST_TIMEOUT_MS,
  estimatedTokens,
  meteredCall,
  meteredChat,
  noUsageWarner,
  type RawChat,
  type RawCompletion,
  reportedTokenCount,
  requestTimeoutMs,
  tokenCount,
} from './metered.js';
import type { PriceBook } from './pricing.js';
import type {
  AgentMessage,
  ChatRequest,
  ChatResult,
  CompletionRequest,
  CompletionResult,
  ContentBlock,
  Provider,
} from './provider.js';
import { type RetrySettings, raceAbort, retryAfterFromHeaders, withRetry } from './retry.js';

type AnthropicSdk = typeof import('@anthropic-ai/sdk');
type AnthropicClient = InstanceType<AnthropicSdk['default']>;
type AnthropicMessage = Anthropic.Message;

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
  /** Warns, once, that the server reports no usage. */
  readonly #warnNoUsage = noUsageWarner(PROVIDER);

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
        fetch: boundedFetch(this.#options.fetch, PROVIDER),
      });
      return { sdk, client };
    })();
    return this.#loaded;
  }

  /**
   * One step of a tool-using conversation over the Messages API: `tools` become
   * `{name, description, input_schema}`, `anthropicTools` (typed client tools such as
   * `text_editor_20250728` / `bash_20250124`) follow verbatim; our tool_result blocks go out as
   * `{type: 'tool_result', tool_use_id, content, is_error}` first in their user message (the API
   * requires results before any text). The answer's `text` / `tool_use` blocks come back in order;
   * other block kinds (thinking, server tools) are dropped with a warning event. `stop_reason` is
   * passed through ('end_turn', 'tool_use', 'max_tokens', ...). Metered as one step.
   */
  chat(request: ChatRequest, ctx: Ctx): Promise<ChatResult> {
    return meteredChat(ctx, this.#options.pricing, this.model, async () => {
      const params = this.#chatParams(request);
      return withRetry(() => this.#chatAttempt(params, ctx), {
        ...this.#options.retry,
        ctx,
        provider: PROVIDER,
      });
    });
  }

  /**
   * One Messages API call. With `answerSchema` the answer is a forced tool call: one tool with that
   * input schema and `tool_choice: {type: 'tool', name}`, per the Messages API tool-use docs.
   */
  async #attempt(request: CompletionRequest, ctx: Ctx): Promise<RawCompletion> {
    const temperature = request.temperature ?? this.#options.temperature;
    const answer = request.answerSchema;
    const message = await this.#send(
      {
        model: this.model,
        max_tokens: this.#maxTokens(request.maxTokens),
        messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
        ...(request.system !== undefined ? { system: request.system } : {}),
        ...(temperature !== undefined ? { temperature } : {}),
        ...(answer
          ? {
              tools: [
                {
                  name: answer.name,
                  description: answer.description,
                  input_schema: answer.schema as Anthropic.Tool.InputSchema,
                },
              ],
              tool_choice: { type: 'tool' as const, name: answer.name },
            }
          : {}),
        stream: false,
      },
      ctx,
    );
    const text = message.content
      .flatMap((block) => (block.type === 'text' && typeof block.text === 'string' ? [block.text] : []))
      .join('');
    if (!answer) return { text, ...this.#meta(message) };
    // Forced tool use: the answer is the tool input. Every tool_use block is returned (also one for
    // another name) so the caller can refuse anything but exactly one answer.
    const structured = message.content.flatMap((block) =>
      block.type === 'tool_use'
        ? [block.name === answer.name ? block.input : { unexpected_tool: block.name }]
        : [],
    );
    return { text, structured, ...this.#meta(message) };
  }

  #chatParams(request: ChatRequest): Anthropic.MessageCreateParamsNonStreaming {
    const typed = request.anthropicTools ?? [];
    checkChatRequest(
      PROVIDER,
      request,
      typed.flatMap((tool) => (typeof tool.name === 'string' ? [tool.name] : [])),
    );
    const tools = [
      ...(request.tools ?? []).map((tool) => ({
        name: tool.name,
        description: tool.description,
        input_schema: tool.inputSchema as Anthropic.Tool.InputSchema,
      })),
      ...(typed as unknown as Anthropic.ToolUnion[]),
    ];
    const temperature = request.temperature ?? this.#options.temperature;
    const cached = withCacheBreakpoint(
      {
        system: request.system,
        tools,
        messages: request.messages.map(toAnthropicMessage),
      },
      request.stablePrefixMessages ?? 0,
    );
    return {
      model: this.model,
      max_tokens: this.#maxTokens(request.maxTokens),
      messages: cached.messages,
      ...(cached.system !== undefined ? { system: cached.system } : {}),
      ...(cached.tools.length > 0 ? { tools: cached.tools } : {}),
      ...(temperature !== undefined ? { temperature } : {}),
      stream: false,
    };
  }

  async #chatAttempt(params: Anthropic.MessageCreateParamsNonStreaming, ctx: Ctx): Promise<RawChat> {
    const message = await this.#send(params, ctx);
    const content: ContentBlock[] = [];
    const dropped = new Set<string>();
    for (const block of message.content) {
      if (block.type === 'text') {
        if (typeof block.text === 'string' && block.text !== '')
          content.push({ type: 'text', text: block.text });
      } else if (block.type === 'tool_use') {
        content.push(toolUseBlock(String(block.id), String(block.name), block.input));
      } else {
        dropped.add(String((block as { type?: unknown }).type));
      }
    }
    if (dropped.size > 0) {
      ctx.events({
        type: 'warning',
        message: `anthropic: ignored response block type(s) the tool loop does not handle: ${[...dropped].join(', ')}`,
      });
    }
    return { content, ...this.#meta(message) };
  }

  #maxTokens(requested: number | undefined): number {
    return requested ?? this.#options.maxTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS;
  }

  /** One Messages API call with our error mapping; the response is checked to carry a content array. */
  async #send(params: Anthropic.MessageCreateParamsNonStreaming, ctx: Ctx): Promise<AnthropicMessage> {
    const { sdk, client } = await this.#load();
    // The SDK's own timeout stops once the response headers arrive; a server that then stalls the
    // body would hold the run for ever (the CLI has no run deadline). Our timeout covers the whole
    // exchange, body included, like the OpenAI-compatible client's (docs/providers.md: retried).
    const timeoutMs = requestTimeoutMs(ctx, DEFAULT_REQUEST_TIMEOUT_MS);
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = AbortSignal.any([ctx.signal, timeout]);
    let message: AnthropicMessage;
    try {
      message = await raceAbort(
        client.messages.create(params, { signal, timeout: timeoutMs, maxRetries: 0 }),
        signal,
      );
    } catch (error) {
      if (!ctx.signal.aborted && timeout.aborted) {
        throw new ProviderRetryableError(
          PROVIDER,
          `request timed out after ${Math.round(timeoutMs / 1000)}s (no complete response)`,
          { secrets: [this.#options.apiKey] },
        );
      }
      throw this.#mapError(sdk, error, ctx);
    }
    if (!message || !Array.isArray(message.content)) {
      throw new ProviderFatalError(PROVIDER, 'unexpected response: no content array', {
        secrets: [this.#options.apiKey],
      });
    }
    const usage = message.usage as unknown as Record<string, unknown> | null | undefined;
    const input = reportedTokenCount(usage?.input_tokens);
    const output = reportedTokenCount(usage?.output_tokens);
    if (input === undefined || output === undefined) {
      // A server (a proxy, a look-alike API) that reports no usage, or a count that is missing,
      // negative or not a number, would make the call (or that part of it) free and the [budget]
      // never bind: charge an over-estimate from the bytes exchanged for each count not reported
      // (docs/providers.md).
      this.#warnNoUsage(ctx);
      (message as { usage: unknown }).usage = {
        ...(usage ?? {}),
        input_tokens: input ?? estimatedTokens(JSON.stringify(params)),
        output_tokens: output ?? estimatedTokens(JSON.stringify(message.content)),
      };
    }
    return message;
  }

  /**
   * Model, stop reason and token counts of a response. The API's `input_tokens` leaves out the
   * cached part: cache reads and writes are added to the input and reported on their own, so each is
   * priced at its rate (docs/context.md "Prompt caching").
   */
  #meta(message: AnthropicMessage): Omit<RawCompletion, 'text'> {
    const usage = message.usage as unknown as Record<string, unknown> | undefined;
    const reported = (name: string) =>
      typeof usage?.[name] === 'number' ? { value: tokenCount(usage[name]) } : undefined;
    const write = reported('cache_creation_input_tokens');
    const read = reported('cache_read_input_tokens');
    return {
      model: typeof message.model === 'string' && message.model ? message.model : this.model,
      stopReason: message.stop_reason ?? null,
      inputTokens: tokenCount(usage?.input_tokens) + (write?.value ?? 0) + (read?.value ?? 0),
      outputTokens: tokenCount(usage?.output_tokens),
      ...(read ? { cacheReadTokens: read.value } : {}),
      ...(write ? { cacheWriteTokens: write.value } : {}),
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
      const type = safeCode(
        error.type ?? (typeof body?.error?.type === 'string' ? body.error.type : undefined),
        secrets,
      );
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

/**
 * One of our turns as a Messages API message. Empty text blocks are dropped (the API rejects them);
 * in a user turn tool_result blocks are moved ahead of any text, as the API requires.
 */
function toAnthropicMessage(message: AgentMessage): Anthropic.MessageParam {
  const blocks: Anthropic.ContentBlockParam[] = [];
  const results: Anthropic.ContentBlockParam[] = [];
  for (const block of message.content) {
    switch (block.type) {
      case 'text':
        if (block.text !== '') blocks.push({ type: 'text', text: block.text });
        break;
      case 'tool_use':
        blocks.push({ type: 'tool_use', id: block.id, name: block.name, input: block.input });
        break;
      case 'tool_result':
        // `content` is optional in the API; an empty string is left out rather than sent.
        results.push({
          type: 'tool_result',
          tool_use_id: block.toolUseId,
          ...(block.content !== '' ? { content: block.content } : {}),
          is_error: block.isError,
        });
        break;
    }
  }
  return { role: message.role, content: [...results, ...blocks] };
}
