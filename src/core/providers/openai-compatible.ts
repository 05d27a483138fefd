import type { Ctx } from '../runtime/ctx.js';
import { boundedFetch } from './bounded-fetch.js';
import { checkChatRequest, isPlainObject, toolUseBlock } from './chat.js';
import {
  AbortError,
  abortErrorFrom,
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
import {
  chatStopReason,
  contentText,
  describeFetchError,
  errorFields,
  excerpt,
  parseJson,
  toOpenAIMessages,
} from './openai-wire.js';
import type { PriceBook } from './pricing.js';
import type {
  ChatRequest,
  ChatResult,
  CompletionRequest,
  CompletionResult,
  ContentBlock,
  Provider,
} from './provider.js';
import { type RetrySettings, retryAfterFromHeaders, withRetry } from './retry.js';

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';
export const GITHUB_MODELS_BASE_URL = 'https://models.github.ai/inference';
/** The REST API version GitHub documents for the Models inference endpoint. */
export const GITHUB_API_VERSION = '2022-11-28';

export interface OpenAICompatibleOptions {
  /** `github-models` is the same client with GitHub's base URL, headers and hints. */
  kind: 'openai-compatible' | 'github-models';
  model: string;
  baseUrl: string;
  /** Sent only as `Authorization: Bearer`; undefined for servers that need none (Ollama). */
  apiKey?: string | undefined;
  /** Name of the variable the key came from, used in hints (never the value). */
  apiKeyEnv?: string | undefined;
  maxTokens?: number | undefined;
  temperature?: number | undefined;
  pricing: PriceBook;
  retry?: RetrySettings | undefined;
  fetch?: typeof fetch | undefined;
}

/** The parts of an OpenAI chat.completion response we read. */
interface ChatCompletionBody {
  model?: unknown;
  choices?: { message?: { content?: unknown; tool_calls?: unknown }; finish_reason?: unknown }[];
  usage?: {
    prompt_tokens?: unknown;
    completion_tokens?: unknown;
    /** OpenAI's automatic prompt caching: how many prompt tokens were read from its cache. */
    prompt_tokens_details?: { cached_tokens?: unknown } | null;
  };
  error?: unknown;
}

type ChatChoice = NonNullable<ChatCompletionBody['choices']>[number];

/** One answered request: the parsed body, its first choice and the bytes each way. */
interface Exchange {
  parsed: ChatCompletionBody;
  choice: ChatChoice;
  requestBytes: number;
  responseBytes: number;
}

/**
 * OpenAI chat completions over plain fetch: OpenAI itself, GitHub Models, Ollama, vLLM and other
 * servers that speak `POST {base}/chat/completions`.
 */
export class OpenAICompatibleProvider implements Provider {
  readonly kind: 'openai-compatible' | 'github-models';
  readonly model: string;
  readonly #options: OpenAICompatibleOptions;
  readonly #url: string;
  /** Counter for tool-call ids this client has to make up (servers that omit `id`). */
  #madeUpIds = 0;
  /** Warns, once, that the server reports no usage. */
  readonly #warnNoUsage: (ctx: Ctx) => void;

  constructor(options: OpenAICompatibleOptions) {
    this.kind = options.kind;
    this.#warnNoUsage = noUsageWarner(options.kind);
    this.model = options.model;
    this.#options = options;
    this.#url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  }

  complete(request: CompletionRequest, ctx: Ctx): Promise<CompletionResult> {
    return meteredCall(ctx, this.#options.pricing, this.model, () =>
      withRetry(() => this.#attempt(request, ctx), { ...this.#options.retry, ctx, provider: this.kind }),
    );
  }

  /**
   * One step of a tool-using conversation. `tools` go out as
   * `{type: 'function', function: {name, description, parameters}}`; assistant tool_use blocks as
   * an assistant message with `tool_calls` (arguments JSON-encoded); our tool_result blocks as
   * `{role: 'tool', tool_call_id, content}` messages (an error result's content is prefixed
   * "Error: ", the API has no error flag) ahead of the turn's user text. `anthropicTools` is ignored.
   *
   * In the answer, `message.tool_calls` become tool_use blocks after the text. Arguments that are not
   * a JSON object (malformed, truncated, an array) do not fail the step: the block gets `input: {}`
   * and an `inputError` the loop should send back as an error tool_result so the model can retry.
   * finish_reason is normalised: 'tool_calls' (or 'stop' with tool calls, as some servers send) →
   * 'tool_use', 'stop' → 'end_turn', 'length' → 'max_tokens'; anything else passes through.
   */
  chat(request: ChatRequest, ctx: Ctx): Promise<ChatResult> {
    return meteredChat(ctx, this.#options.pricing, this.model, async () => {
      const body = JSON.stringify(this.chatBody(request));
      return withRetry(() => this.#chatAttempt(body, ctx), {
        ...this.#options.retry,
        ctx,
        provider: this.kind,
      });
    });
  }

  /** The JSON body sent for `request` (exposed for tests and debugging; contains no credential). */
  body(request: CompletionRequest): Record<string, unknown> {
    const messages = [
      ...(request.system !== undefined ? [{ role: 'system', content: request.system }] : []),
      ...request.messages.map((m) => ({ role: m.role, content: m.content })),
    ];
    return {
      ...this.#common(messages, request),
      ...(request.answerSchema
        ? {
            // Structured outputs: the model must produce exactly this schema (strict mode).
            response_format: {
              type: 'json_schema',
              json_schema: {
                name: request.answerSchema.name,
                description: request.answerSchema.description,
                schema: request.answerSchema.schema,
                strict: true,
              },
            },
          }
        : request.json
          ? { response_format: { type: 'json_object' } }
          : {}),
    };
  }

  /** The JSON body sent for a chat step (exposed for tests and debugging; contains no credential). */
  chatBody(request: ChatRequest): Record<string, unknown> {
    checkChatRequest(this.kind, request);
    const messages = [
      ...(request.system !== undefined ? [{ role: 'system', content: request.system }] : []),
      ...request.messages.flatMap(toOpenAIMessages),
    ];
    const tools = (request.tools ?? []).map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
    }));
    const common = this.#common(messages, request);
    // Keep `model, messages, tools, ...` order for readable request logs.
    return tools.length > 0 ? { model: common.model, messages, tools, ...common } : common;
  }

  #common(
    messages: Record<string, unknown>[],
    request: { maxTokens?: number | undefined; temperature?: number | undefined },
  ): Record<string, unknown> {
    const maxTokens = request.maxTokens ?? this.#options.maxTokens;
    const temperature = request.temperature ?? this.#options.temperature;
    return {
      model: this.model,
      messages,
      // OpenAI deprecated max_tokens (its reasoning models reject it); other servers expect it.
      ...(maxTokens !== undefined
        ? { [this.#isOpenAI() ? 'max_completion_tokens' : 'max_tokens']: maxTokens }
        : {}),
      ...(temperature !== undefined ? { temperature } : {}),
    };
  }

  #isOpenAI(): boolean {
    try {
      return new URL(this.#options.baseUrl).hostname === 'api.openai.com';
    } catch {
      return false;
    }
  }

  #headers(): Record<string, string> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: this.kind === 'github-models' ? 'application/vnd.github+json' : 'application/json',
    };
    if (this.kind === 'github-models') headers['x-github-api-version'] = GITHUB_API_VERSION;
    if (this.#options.apiKey) headers.authorization = `Bearer ${this.#options.apiKey}`;
    return headers;
  }

  async #attempt(request: CompletionRequest, ctx: Ctx): Promise<RawCompletion> {
    const exchange = await this.#post(JSON.stringify(this.body(request)), ctx);
    return { text: contentText(exchange.choice.message?.content), ...this.#meta(exchange, ctx) };
  }

  async #chatAttempt(body: string, ctx: Ctx): Promise<RawChat> {
    const exchange = await this.#post(body, ctx);
    const { choice } = exchange;
    const content: ContentBlock[] = [];
    const text = contentText(choice.message?.content);
    if (text !== '') content.push({ type: 'text', text });
    const calls = Array.isArray(choice.message?.tool_calls) ? (choice.message.tool_calls as unknown[]) : [];
    for (const call of calls) content.push(this.#toolUse(call));
    const meta = this.#meta(exchange, ctx);
    return { content, ...meta, stopReason: chatStopReason(meta.stopReason, calls.length > 0) };
  }

  /** A `tool_calls[]` entry as a tool_use block; what cannot be used is reported in `inputError`. */
  #toolUse(call: unknown): Extract<ContentBlock, { type: 'tool_use' }> {
    const c = isPlainObject(call) ? call : {};
    const fn = isPlainObject(c.function) ? c.function : {};
    const id = typeof c.id === 'string' && c.id !== '' ? c.id : `call_truss_${++this.#madeUpIds}`;
    const name = typeof fn.name === 'string' ? fn.name : '';
    if (name === '') {
      return { type: 'tool_use', id, name, input: {}, inputError: 'the tool call names no function' };
    }
    const secrets = [this.#options.apiKey];
    const args = fn.arguments;
    // Servers that speak Ollama's native shape send an object; OpenAI sends a JSON string.
    if (typeof args !== 'string') {
      if (args === undefined || args === null) return toolUseBlock(id, name, {});
      return toolUseBlock(id, name, args);
    }
    if (args.trim() === '') return toolUseBlock(id, name, {});
    let value: unknown;
    try {
      value = JSON.parse(args);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return {
        type: 'tool_use',
        id,
        name,
        input: {},
        inputError: safeDetail(
          `the arguments of tool call "${name}" are not valid JSON (${reason}): ${excerpt(args)}; call the tool again with a JSON object`,
          secrets,
        ),
      };
    }
    return toolUseBlock(id, name, value, () =>
      safeDetail(
        `the arguments of tool call "${name}" are JSON but not an object: ${excerpt(args)}; call the tool again with a JSON object`,
        secrets,
      ),
    );
  }

  /**
   * Model, stop reason and token counts. `prompt_tokens` includes the cached part, which the server
   * reports as `prompt_tokens_details.cached_tokens` (priced at the cache-read rate); there is no
   * cache-write surcharge.
   */
  #meta(exchange: Exchange, ctx: Ctx): Omit<RawCompletion, 'text'> {
    const { parsed, choice } = exchange;
    const cached = parsed.usage?.prompt_tokens_details?.cached_tokens;
    const meta = {
      model: typeof parsed.model === 'string' && parsed.model ? parsed.model : this.model,
      stopReason: typeof choice.finish_reason === 'string' ? choice.finish_reason : null,
    };
    const usage = parsed.usage;
    const input = reportedTokenCount(usage?.prompt_tokens);
    const output = reportedTokenCount(usage?.completion_tokens);
    // A server that reports no usage (or a count that is missing, negative or not a number) would
    // make the call, or that part of it, free and the [budget] never bind: charge an over-estimate
    // from the bytes exchanged for each count not reported (docs/providers.md).
    if (input === undefined || output === undefined) this.#warnNoUsage(ctx);
    return {
      ...meta,
      inputTokens: input ?? estimatedTokens(exchange.requestBytes),
      outputTokens: output ?? estimatedTokens(exchange.responseBytes),
      ...(typeof cached === 'number' ? { cacheReadTokens: tokenCount(cached) } : {}),
    };
  }

  /** POST one body to chat/completions with our error mapping; returns the first choice. */
  async #post(body: string, ctx: Ctx): Promise<Exchange> {
    const secrets = [this.#options.apiKey];
    const timeoutMs = requestTimeoutMs(ctx, DEFAULT_REQUEST_TIMEOUT_MS);
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = AbortSignal.any([ctx.signal, timeout]);
    const doFetch = boundedFetch(this.#options.fetch, this.kind);

    let response: Response;
    let text: string;
    try {
      response = await doFetch(this.#url, {
        method: 'POST',
        headers: this.#headers(),
        body,
        signal,
      });
      text = await response.text();
    } catch (error) {
      if (ctx.signal.aborted) throw abortErrorFrom(ctx.signal);
      if (error instanceof AbortError || error instanceof ProviderError) throw error;
      if (timeout.aborted) {
        throw new ProviderRetryableError(
          this.kind,
          `request timed out after ${Math.round(timeoutMs / 1000)}s`,
          {
            secrets,
          },
        );
      }
      throw new ProviderRetryableError(
        this.kind,
        `network error: ${safeDetail(describeFetchError(error), secrets)}`,
        {
          secrets,
        },
      );
    }

    const json = parseJson(text);
    if (!response.ok) throw this.#httpError(response, json, text, ctx);

    const parsed = json as ChatCompletionBody | undefined;
    const choice = Array.isArray(parsed?.choices) ? parsed.choices[0] : undefined;
    if (!parsed || !choice) {
      const apiError = errorFields(parsed?.error);
      const detail = apiError.message ?? `not a chat.completion: ${text.slice(0, 200)}`;
      throw new ProviderFatalError(this.kind, `unexpected response: ${safeDetail(detail, secrets)}`, {
        secrets,
      });
    }
    return {
      parsed,
      choice,
      requestBytes: Buffer.byteLength(body),
      responseBytes: Buffer.byteLength(text),
    };
  }

  #httpError(response: Response, body: unknown, text: string, ctx: Ctx): ProviderError {
    const secrets = [this.#options.apiKey];
    const fields = errorFields((body as { error?: unknown } | undefined)?.error);
    const message =
      fields.message ??
      (typeof (body as { message?: unknown } | undefined)?.message === 'string'
        ? (body as { message: string }).message
        : text.trim() || response.statusText || 'no error message');
    const code = safeCode(fields.code ?? fields.type, secrets);
    const status = response.status;
    const retryAfterMs = retryAfterFromHeaders((name) => response.headers.get(name), ctx.now());
    return providerErrorFromStatus(
      this.kind,
      status,
      `HTTP ${status}${code ? ` ${code}` : ''}: ${safeDetail(message, secrets)}${this.#hint(status)}`,
      { code, retryAfterMs, secrets },
    );
  }

  #hint(status: number): string {
    const keyVar = this.#options.apiKeyEnv;
    if (status === 401 || status === 403) {
      if (this.kind === 'github-models') {
        return ` (the token in ${keyVar ?? 'GITHUB_TOKEN'} needs the models: read permission — in a workflow add "permissions: models: read")`;
      }
      return keyVar ? ` (check the key in ${keyVar})` : ' (this server wants an API key: set api_key_env)';
    }
    if (status === 404) {
      return this.kind === 'github-models'
        ? ` (check the model id "${this.model}"; GitHub Models ids look like "openai/gpt-4.1-mini")`
        : ` (check the model id "${this.model}" and base_url)`;
    }
    return '';
  }
}
