#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  cannotRead
} from "./chunk-7FNAIK52.js";
import {
  findJsonStructureProblem
} from "./chunk-OX27M5K4.js";
import {
  external_exports
} from "./chunk-SF6ZOAOS.js";

// src/core/providers/errors.ts
var REDACTED = "[REDACTED]";
var SECRET_PATTERNS = [
  /\bsk-ant-[A-Za-z0-9_-]{8,}/g,
  /\bsk-[A-Za-z0-9_-]{16,}/g,
  /\bgh[pousr]_[A-Za-z0-9]{16,}/g,
  /\bgithub_pat_[A-Za-z0-9_]{16,}/g,
  /(\bBearer\s+)[A-Za-z0-9._~+/=-]{8,}/gi
];
function redactSecrets(text, secrets = []) {
  let out = text;
  for (const secret of secrets) {
    if (!secret || secret.length < 4) continue;
    for (const variant of /* @__PURE__ */ new Set([
      secret,
      encodeURIComponent(secret),
      JSON.stringify(secret).slice(1, -1)
    ])) {
      out = out.split(variant).join(REDACTED);
    }
  }
  for (const pattern of SECRET_PATTERNS) {
    out = out.replace(
      pattern,
      (_match, prefix) => typeof prefix === "string" && /^Bearer/i.test(prefix) ? `${prefix}${REDACTED}` : REDACTED
    );
  }
  return out;
}
function safeDetail(text, secrets = [], max = 500) {
  const redacted = redactSecrets(text, secrets);
  return redacted.length > max ? `${redacted.slice(0, max)}\u2026` : redacted;
}
var ProviderError = class extends Error {
  name = "ProviderError";
  kind;
  provider;
  status;
  code;
  retryAfterMs;
  constructor(kind, provider, message, options = {}) {
    super(redactSecrets(`${provider}: ${message}`, options.secrets ?? []));
    this.kind = kind;
    this.provider = provider;
    this.status = options.status;
    this.code = options.code === void 0 ? void 0 : redactSecrets(options.code, options.secrets ?? []);
    this.retryAfterMs = options.retryAfterMs;
  }
  toJSON() {
    return {
      name: this.name,
      kind: this.kind,
      provider: this.provider,
      status: this.status,
      code: this.code,
      message: this.message
    };
  }
};
var ProviderRetryableError = class extends ProviderError {
  name = "ProviderRetryableError";
  constructor(provider, message, options) {
    super("retryable", provider, message, options);
  }
};
var ProviderAuthError = class extends ProviderError {
  name = "ProviderAuthError";
  constructor(provider, message, options) {
    super("auth", provider, message, options);
  }
};
var ProviderConfigError = class extends ProviderError {
  name = "ProviderConfigError";
  constructor(provider, message, options) {
    super("config", provider, message, options);
  }
};
var ProviderFatalError = class extends ProviderError {
  name = "ProviderFatalError";
  constructor(provider, message, options) {
    super("fatal", provider, message, options);
  }
};
var RetriesExhaustedError = class extends ProviderError {
  name = "RetriesExhaustedError";
  attempts;
  lastError;
  constructor(lastError, attempts, why) {
    const prefix = `${lastError.provider}: `;
    const last = lastError.message.startsWith(prefix) ? lastError.message.slice(prefix.length) : lastError.message;
    super(
      lastError.kind,
      lastError.provider,
      `${why ?? `gave up after ${attempts} attempt${attempts === 1 ? "" : "s"}`}; last error: ${last}`,
      { status: lastError.status, code: lastError.code }
    );
    this.attempts = attempts;
    this.lastError = lastError;
  }
};
var AbortError = class extends Error {
  name = "AbortError";
  constructor(message = "the operation was aborted") {
    super(message);
  }
};
function abortErrorFrom(signal) {
  const reason = signal.reason;
  if (reason instanceof AbortError) return reason;
  const detail = reason instanceof Error && reason.name !== "AbortError" ? `: ${reason.message}` : typeof reason === "string" && reason ? `: ${reason}` : "";
  return new AbortError(`the operation was aborted${detail}`);
}
function kindForStatus(status) {
  if (status === 401 || status === 403) return "auth";
  if (status === 400 || status === 404 || status === 422) return "config";
  if (status === 408 || status === 429) return "retryable";
  if (status >= 500 && status <= 599 && status !== 501) return "retryable";
  return "fatal";
}
function providerErrorFromStatus(provider, status, message, options = {}) {
  const full = { ...options, status };
  switch (kindForStatus(status)) {
    case "retryable":
      return new ProviderRetryableError(provider, message, full);
    case "auth":
      return new ProviderAuthError(provider, message, full);
    case "config":
      return new ProviderConfigError(provider, message, full);
    case "fatal":
      return new ProviderFatalError(provider, message, full);
  }
}

// src/core/providers/anthropic-cache.ts
var EPHEMERAL_CACHE = Object.freeze({ type: "ephemeral" });
function withCacheBreakpoint(parts, stable) {
  if (stable <= 0) return parts;
  const index = Math.min(stable, parts.messages.length) - 1;
  const message = parts.messages[index];
  const content = message && Array.isArray(message.content) ? message.content : [];
  const last = content.at(-1);
  if (message && last) {
    const messages = [...parts.messages];
    messages[index] = {
      ...message,
      content: [...content.slice(0, -1), { ...last, cache_control: EPHEMERAL_CACHE }]
    };
    return { ...parts, messages };
  }
  if (parts.system) {
    return { ...parts, system: [{ type: "text", text: parts.system, cache_control: EPHEMERAL_CACHE }] };
  }
  const tool = parts.tools.at(-1);
  if (!tool) return parts;
  return {
    ...parts,
    tools: [...parts.tools.slice(0, -1), { ...tool, cache_control: EPHEMERAL_CACHE }]
  };
}

// src/core/providers/bounded-fetch.ts
var MAX_RESPONSE_BYTES = 16 * 1024 * 1024;
var MAX_RESPONSE_DEPTH = 1e4;
function boundedFetch(inner, provider, maxBytes = MAX_RESPONSE_BYTES) {
  const tooLarge = () => new ProviderFatalError(
    provider,
    `the response is larger than ${describeBytes(maxBytes)}, more than any model answer; check base_url points at the model API`
  );
  return async (input, init) => {
    const response = await (inner ?? globalThis.fetch)(input, init);
    const declared = Number(response.headers.get("content-length"));
    if (Number.isFinite(declared) && declared > maxBytes) {
      await response.body?.cancel().catch(() => {
      });
      throw tooLarge();
    }
    if (!response.body) return response;
    const held = response.ok && /\bjson\b/i.test(response.headers.get("content-type") ?? "") ? [] : null;
    const reader = response.body.getReader();
    let seen = 0;
    const body = new ReadableStream({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) {
          const refusal = held && repeatedKeyRefusal(provider, held);
          if (refusal) {
            controller.error(refusal);
            return;
          }
          for (const chunk of held ?? []) controller.enqueue(chunk);
          controller.close();
          return;
        }
        seen += value.byteLength;
        if (seen > maxBytes) {
          await reader.cancel().catch(() => {
          });
          controller.error(tooLarge());
          return;
        }
        if (held) held.push(value);
        else controller.enqueue(value);
      },
      cancel(reason) {
        return reader.cancel(reason);
      }
    });
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers
    });
  };
}
function repeatedKeyRefusal(provider, chunks) {
  const text = Buffer.concat(chunks).toString("utf8");
  try {
    JSON.parse(text);
  } catch {
    return null;
  }
  const problem = findJsonStructureProblem(text, MAX_RESPONSE_DEPTH);
  if (problem?.kind !== "duplicate_key") return null;
  return new ProviderFatalError(
    provider,
    `the response repeats the key ${JSON.stringify(problem.key)} in one object; JSON readers disagree on which value counts, so the answer is refused`
  );
}
function describeBytes(bytes) {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}

// src/core/providers/chat.ts
function checkChatRequest(provider, request, extraToolNames = []) {
  if (request.messages.length === 0) {
    throw new ProviderConfigError(provider, "chat request has no messages");
  }
  request.messages.forEach((message, index) => {
    for (const block of message.content) {
      if (block.type === "tool_use" && message.role !== "assistant") {
        throw new ProviderConfigError(
          provider,
          `message ${index}: a tool_use block belongs in an assistant message, not a ${message.role} one`
        );
      }
      if (block.type === "tool_result" && message.role !== "user") {
        throw new ProviderConfigError(
          provider,
          `message ${index}: a tool_result block belongs in a user message, not an ${message.role} one`
        );
      }
    }
  });
  const seen = /* @__PURE__ */ new Set();
  for (const name of [...(request.tools ?? []).map((tool) => tool.name), ...extraToolNames]) {
    if (seen.has(name)) throw new ProviderConfigError(provider, `tool "${name}" is advertised twice`);
    seen.add(name);
  }
}
function textOf(blocks, separator = "") {
  return blocks.flatMap((block) => block.type === "text" ? [block.text] : []).join(separator);
}
function toolUseBlock(id, name, input, describeBad = () => `the input of tool call "${name}" is not a JSON object`) {
  if (isPlainObject(input)) return { type: "tool_use", id, name, input };
  return { type: "tool_use", id, name, input: {}, inputError: describeBad() };
}
function isPlainObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// src/core/providers/metered.ts
async function meteredCall(ctx, pricing, configuredModel, call) {
  const { raw, usage } = await metered(ctx, pricing, configuredModel, call, 0);
  return {
    text: raw.text,
    usage,
    model: raw.model,
    stopReason: raw.stopReason,
    ...raw.structured !== void 0 ? { structured: raw.structured } : {}
  };
}
async function meteredChat(ctx, pricing, configuredModel, call) {
  const { raw, usage } = await metered(ctx, pricing, configuredModel, call, 1);
  return { content: raw.content, usage, model: raw.model, stopReason: raw.stopReason };
}
async function metered(ctx, pricing, configuredModel, call, steps) {
  if (ctx.signal.aborted) throw abortErrorFrom(ctx.signal);
  ctx.budget.assertCanSpend();
  const raw = await call();
  const tokens = {
    inputTokens: raw.inputTokens,
    outputTokens: raw.outputTokens,
    ...raw.cacheReadTokens !== void 0 ? { cacheReadTokens: raw.cacheReadTokens } : {},
    ...raw.cacheWriteTokens !== void 0 ? { cacheWriteTokens: raw.cacheWriteTokens } : {}
  };
  const priceAs = raw.priceAs ?? [configuredModel, raw.model];
  const costUsd = priceAs.length === 0 ? 0 : pricing.cost(priceAs, tokens, (message) => ctx.events({ type: "warning", message }));
  const usage = { ...tokens, costUsd };
  const charge = { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens, costUsd };
  ctx.budget.record(steps > 0 ? { ...charge, steps } : charge);
  return { raw, usage };
}
function tokenCount(value) {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}
var BYTES_PER_ESTIMATED_TOKEN = 3;
function estimatedTokens(text) {
  const bytes = typeof text === "number" ? text : Buffer.byteLength(text);
  return Math.ceil(bytes / BYTES_PER_ESTIMATED_TOKEN);
}
function noUsageWarner(provider) {
  let warned = false;
  return (ctx) => {
    if (warned) return;
    warned = true;
    ctx.events({
      type: "warning",
      message: `${provider}: the server reported no token usage; tokens are estimated from the bytes sent and received (${BYTES_PER_ESTIMATED_TOKEN} bytes a token) so the [budget] still binds`
    });
  };
}
function requestTimeoutMs(ctx, fallbackMs) {
  if (ctx.deadline === null) return fallbackMs;
  return Math.min(fallbackMs, Math.max(1e3, ctx.deadline - ctx.now()));
}
var DEFAULT_REQUEST_TIMEOUT_MS = 10 * 60 * 1e3;

// src/core/providers/retry.ts
var RETRY_DEFAULTS = { maxAttempts: 4, baseDelayMs: 500, maxDelayMs: 6e4 };
var defaultSleep = (ms, signal) => new Promise((resolve2, reject) => {
  if (signal.aborted) {
    reject(abortErrorFrom(signal));
    return;
  }
  const onAbort = () => {
    clearTimeout(timer);
    reject(abortErrorFrom(signal));
  };
  const timer = setTimeout(() => {
    signal.removeEventListener("abort", onAbort);
    resolve2();
  }, ms);
  signal.addEventListener("abort", onAbort, { once: true });
});
function raceAbort(promise, signal) {
  if (signal.aborted) {
    promise.catch(() => {
    });
    return Promise.reject(abortErrorFrom(signal));
  }
  return new Promise((resolve2, reject) => {
    const onAbort = () => reject(abortErrorFrom(signal));
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve2(value);
      },
      (error) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      }
    );
  });
}
function parseRetryAfter(value, now) {
  if (value === null || value === void 0) return void 0;
  const trimmed = value.trim();
  if (trimmed === "") return void 0;
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1e3);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return void 0;
  return Math.max(0, at - now);
}
function retryAfterFromHeaders(get, now) {
  const ms = get("retry-after-ms");
  if (ms && /^\d+(\.\d+)?$/.test(ms.trim())) return Math.round(Number(ms.trim()));
  return parseRetryAfter(get("retry-after"), now);
}
function backoffDelay(attempt, settings) {
  const ceiling = Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** (attempt - 1));
  return Math.floor(settings.random() * ceiling);
}
async function withRetry(fn, options) {
  const { ctx } = options;
  const maxAttempts = Math.max(1, Math.floor(options.maxAttempts ?? RETRY_DEFAULTS.maxAttempts));
  const baseDelayMs = options.baseDelayMs ?? RETRY_DEFAULTS.baseDelayMs;
  const maxDelayMs = options.maxDelayMs ?? RETRY_DEFAULTS.maxDelayMs;
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  for (let attempt = 1; ; attempt++) {
    if (ctx.signal.aborted) throw abortErrorFrom(ctx.signal);
    try {
      return await fn(attempt);
    } catch (error) {
      if (ctx.signal.aborted) throw error instanceof AbortError ? error : abortErrorFrom(ctx.signal);
      if (!(error instanceof ProviderError) || error.kind !== "retryable") throw error;
      if (attempt >= maxAttempts) throw new RetriesExhaustedError(error, attempt);
      const delayMs = error.retryAfterMs !== void 0 ? Math.min(Math.max(0, error.retryAfterMs), maxDelayMs) : backoffDelay(attempt, { baseDelayMs, maxDelayMs, random });
      if (ctx.deadline !== null && ctx.now() + delayMs >= ctx.deadline) {
        throw new RetriesExhaustedError(
          error,
          attempt,
          `the run deadline leaves no time to retry after ${attempt} attempt${attempt === 1 ? "" : "s"}`
        );
      }
      ctx.events({
        type: "provider_retry",
        provider: options.provider ?? error.provider,
        attempt,
        delayMs,
        reason: error.message
      });
      await raceAbort(sleep(delayMs, ctx.signal), ctx.signal);
    }
  }
}

// src/core/providers/anthropic.ts
var ANTHROPIC_DEFAULT_BASE_URL = "https://api.anthropic.com";
var ANTHROPIC_DEFAULT_MAX_TOKENS = 4096;
var PROVIDER = "anthropic";
var AnthropicProvider = class {
  kind = "anthropic";
  model;
  #options;
  #loaded;
  /** Warns, once, that the server reports no usage. */
  #warnNoUsage = noUsageWarner(PROVIDER);
  constructor(options) {
    this.model = options.model;
    this.#options = options;
  }
  complete(request, ctx) {
    return meteredCall(
      ctx,
      this.#options.pricing,
      this.model,
      () => withRetry(() => this.#attempt(request, ctx), { ...this.#options.retry, ctx, provider: PROVIDER })
    );
  }
  #load() {
    this.#loaded ??= (async () => {
      const sdk = await (this.#options.loadSdk ?? (() => import("./sdk-6MSEP7DS.js")))();
      const client = new sdk.default({
        apiKey: this.#options.apiKey,
        baseURL: this.#options.baseUrl ?? ANTHROPIC_DEFAULT_BASE_URL,
        webhookKey: null,
        maxRetries: 0,
        timeout: DEFAULT_REQUEST_TIMEOUT_MS,
        logLevel: "off",
        openTelemetry: false,
        fetch: boundedFetch(this.#options.fetch, PROVIDER)
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
  chat(request, ctx) {
    return meteredChat(ctx, this.#options.pricing, this.model, async () => {
      const params = this.#chatParams(request);
      return withRetry(() => this.#chatAttempt(params, ctx), {
        ...this.#options.retry,
        ctx,
        provider: PROVIDER
      });
    });
  }
  /**
   * One Messages API call. With `answerSchema` the answer is a forced tool call: one tool with that
   * input schema and `tool_choice: {type: 'tool', name}`, per the Messages API tool-use docs.
   */
  async #attempt(request, ctx) {
    const temperature = request.temperature ?? this.#options.temperature;
    const answer = request.answerSchema;
    const message = await this.#send(
      {
        model: this.model,
        max_tokens: this.#maxTokens(request.maxTokens),
        messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
        ...request.system !== void 0 ? { system: request.system } : {},
        ...temperature !== void 0 ? { temperature } : {},
        ...answer ? {
          tools: [
            {
              name: answer.name,
              description: answer.description,
              input_schema: answer.schema
            }
          ],
          tool_choice: { type: "tool", name: answer.name }
        } : {},
        stream: false
      },
      ctx
    );
    const text = message.content.flatMap((block) => block.type === "text" && typeof block.text === "string" ? [block.text] : []).join("");
    if (!answer) return { text, ...this.#meta(message) };
    const structured = message.content.flatMap(
      (block) => block.type === "tool_use" ? [block.name === answer.name ? block.input : { unexpected_tool: block.name }] : []
    );
    return { text, structured, ...this.#meta(message) };
  }
  #chatParams(request) {
    const typed = request.anthropicTools ?? [];
    checkChatRequest(
      PROVIDER,
      request,
      typed.flatMap((tool) => typeof tool.name === "string" ? [tool.name] : [])
    );
    const tools = [
      ...(request.tools ?? []).map((tool) => ({
        name: tool.name,
        description: tool.description,
        input_schema: tool.inputSchema
      })),
      ...typed
    ];
    const temperature = request.temperature ?? this.#options.temperature;
    const cached = withCacheBreakpoint(
      {
        system: request.system,
        tools,
        messages: request.messages.map(toAnthropicMessage)
      },
      request.stablePrefixMessages ?? 0
    );
    return {
      model: this.model,
      max_tokens: this.#maxTokens(request.maxTokens),
      messages: cached.messages,
      ...cached.system !== void 0 ? { system: cached.system } : {},
      ...cached.tools.length > 0 ? { tools: cached.tools } : {},
      ...temperature !== void 0 ? { temperature } : {},
      stream: false
    };
  }
  async #chatAttempt(params, ctx) {
    const message = await this.#send(params, ctx);
    const content = [];
    const dropped = /* @__PURE__ */ new Set();
    for (const block of message.content) {
      if (block.type === "text") {
        if (typeof block.text === "string" && block.text !== "")
          content.push({ type: "text", text: block.text });
      } else if (block.type === "tool_use") {
        content.push(toolUseBlock(String(block.id), String(block.name), block.input));
      } else {
        dropped.add(String(block.type));
      }
    }
    if (dropped.size > 0) {
      ctx.events({
        type: "warning",
        message: `anthropic: ignored response block type(s) the tool loop does not handle: ${[...dropped].join(", ")}`
      });
    }
    return { content, ...this.#meta(message) };
  }
  #maxTokens(requested) {
    return requested ?? this.#options.maxTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS;
  }
  /** One Messages API call with our error mapping; the response is checked to carry a content array. */
  async #send(params, ctx) {
    const { sdk, client } = await this.#load();
    const timeoutMs = requestTimeoutMs(ctx, DEFAULT_REQUEST_TIMEOUT_MS);
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = AbortSignal.any([ctx.signal, timeout]);
    let message;
    try {
      message = await raceAbort(
        client.messages.create(params, { signal, timeout: timeoutMs, maxRetries: 0 }),
        signal
      );
    } catch (error) {
      if (!ctx.signal.aborted && timeout.aborted) {
        throw new ProviderRetryableError(
          PROVIDER,
          `request timed out after ${Math.round(timeoutMs / 1e3)}s (no complete response)`,
          { secrets: [this.#options.apiKey] }
        );
      }
      throw this.#mapError(sdk, error, ctx);
    }
    if (!message || !Array.isArray(message.content)) {
      throw new ProviderFatalError(PROVIDER, "unexpected response: no content array", {
        secrets: [this.#options.apiKey]
      });
    }
    const usage = message.usage;
    if (typeof usage?.input_tokens !== "number" && typeof usage?.output_tokens !== "number") {
      this.#warnNoUsage(ctx);
      message.usage = {
        input_tokens: estimatedTokens(JSON.stringify(params)),
        output_tokens: estimatedTokens(JSON.stringify(message.content))
      };
    }
    return message;
  }
  /**
   * Model, stop reason and token counts of a response. The API's `input_tokens` leaves out the
   * cached part: cache reads and writes are added to the input and reported on their own, so each is
   * priced at its rate (docs/context.md "Prompt caching").
   */
  #meta(message) {
    const usage = message.usage;
    const reported = (name) => typeof usage?.[name] === "number" ? { value: tokenCount(usage[name]) } : void 0;
    const write = reported("cache_creation_input_tokens");
    const read = reported("cache_read_input_tokens");
    return {
      model: typeof message.model === "string" && message.model ? message.model : this.model,
      stopReason: message.stop_reason ?? null,
      inputTokens: tokenCount(usage?.input_tokens) + (write?.value ?? 0) + (read?.value ?? 0),
      outputTokens: tokenCount(usage?.output_tokens),
      ...read ? { cacheReadTokens: read.value } : {},
      ...write ? { cacheWriteTokens: write.value } : {}
    };
  }
  #mapError(sdk, error, ctx) {
    const secrets = [this.#options.apiKey];
    if (error instanceof AbortError || error instanceof ProviderError) return error;
    if (ctx.signal.aborted || error instanceof sdk.APIUserAbortError) return abortErrorFrom(ctx.signal);
    if (error instanceof sdk.APIConnectionTimeoutError) {
      return new ProviderRetryableError(PROVIDER, "request timed out", { secrets });
    }
    if (error instanceof sdk.APIConnectionError) {
      const cause = error.cause instanceof Error ? `: ${safeDetail(error.cause.message, secrets)}` : "";
      return new ProviderRetryableError(PROVIDER, `connection error${cause}`, { secrets });
    }
    if (error instanceof sdk.APIError && typeof error.status === "number") {
      const body = error.error;
      const type = error.type ?? (typeof body?.error?.type === "string" ? body.error.type : void 0);
      const apiMessage = error.apiMessage ?? (typeof body?.error?.message === "string" ? body.error.message : "no error message");
      const headers = error.headers;
      const retryAfterMs = headers ? retryAfterFromHeaders((name) => headers.get(name), ctx.now()) : void 0;
      const hint = error.status === 401 || error.status === 403 ? ` (check the key in ${this.#options.apiKeyEnv ?? "ANTHROPIC_API_KEY"})` : error.status === 404 ? ` (check the model id "${this.model}" and base_url)` : "";
      return providerErrorFromStatus(
        PROVIDER,
        error.status,
        `HTTP ${error.status}${type ? ` ${type}` : ""}: ${safeDetail(apiMessage, secrets)}${hint}`,
        { code: type ?? void 0, retryAfterMs, secrets }
      );
    }
    if (error instanceof sdk.AnthropicError) {
      return new ProviderConfigError(PROVIDER, `client error: ${safeDetail(error.message, secrets)}`, {
        secrets
      });
    }
    const detail = error instanceof Error ? error.message : String(error);
    return new ProviderFatalError(PROVIDER, `unexpected error: ${safeDetail(detail, secrets)}`, { secrets });
  }
};
function toAnthropicMessage(message) {
  const blocks = [];
  const results = [];
  for (const block of message.content) {
    switch (block.type) {
      case "text":
        if (block.text !== "") blocks.push({ type: "text", text: block.text });
        break;
      case "tool_use":
        blocks.push({ type: "tool_use", id: block.id, name: block.name, input: block.input });
        break;
      case "tool_result":
        results.push({
          type: "tool_result",
          tool_use_id: block.toolUseId,
          ...block.content !== "" ? { content: block.content } : {},
          is_error: block.isError
        });
        break;
    }
  }
  return { role: message.role, content: [...results, ...blocks] };
}

// src/core/providers/fixture-path.ts
import { existsSync, realpathSync } from "node:fs";
import { isAbsolute, relative, resolve } from "node:path";
var FixturePathError = class extends ProviderConfigError {
  name = "FixturePathError";
};
function resolveFixturePath(script, roots) {
  const bases = roots.filter((root, index) => root && roots.indexOf(root) === index);
  const candidates = isAbsolute(script) ? [script] : bases.map((root) => resolve(root, script));
  const realRoots = bases.map(realOrSelf);
  const inside = (path) => realRoots.some((root) => within(path, root));
  for (const candidate of candidates) {
    if (!existsSync(candidate)) continue;
    const real = realOrSelf(candidate);
    if (inside(real)) return real;
    throw outside(script, real, bases);
  }
  const first = candidates[0] ?? resolve(script);
  if (!bases.some((root) => within(first, root))) throw outside(script, first, bases);
  return first;
}
function outside(script, path, roots) {
  return new FixturePathError(
    "scripted",
    `refusing fixture script = ${JSON.stringify(script)}: it resolves to ${path}, outside ${roots.join(", ")}; keep scripted fixtures beside the contract or in the repository`
  );
}
function within(path, root) {
  const rel = relative(root, path);
  return rel === "" || !rel.startsWith("..") && !isAbsolute(rel);
}
function realOrSelf(path) {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

// src/core/providers/openai-wire.ts
function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return void 0;
  }
}
function errorFields(error) {
  if (typeof error === "string") return { message: error };
  if (!error || typeof error !== "object") return {};
  const e = error;
  const str = (v) => typeof v === "string" && v ? v : typeof v === "number" ? String(v) : void 0;
  const out = {};
  const message = str(e.message);
  const type = str(e.type);
  const code = str(e.code);
  if (message !== void 0) out.message = message;
  if (type !== void 0) out.type = type;
  if (code !== void 0) out.code = code;
  return out;
}
function contentText(content) {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content.map(
      (part) => part && typeof part === "object" && typeof part.text === "string" ? part.text : ""
    ).join("");
  }
  return "";
}
function describeFetchError(error) {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause;
  const detail = cause && typeof cause === "object" ? typeof cause.code === "string" ? cause.code : typeof cause.message === "string" ? cause.message : "" : "";
  return detail ? `${error.message} (${detail})` : error.message;
}
function toOpenAIMessages(message) {
  const text = textOf(message.content, "\n");
  if (message.role === "assistant") {
    const calls = message.content.flatMap(
      (block) => block.type === "tool_use" ? [
        {
          id: block.id,
          type: "function",
          function: { name: block.name, arguments: JSON.stringify(block.input) }
        }
      ] : []
    );
    return calls.length > 0 ? [{ role: "assistant", content: text === "" ? null : text, tool_calls: calls }] : [{ role: "assistant", content: text }];
  }
  const results = message.content.flatMap(
    (block) => block.type === "tool_result" ? [
      {
        role: "tool",
        tool_call_id: block.toolUseId,
        content: block.isError ? `Error: ${block.content}` : block.content
      }
    ] : []
  );
  const hasText = message.content.some((block) => block.type === "text");
  return hasText || results.length === 0 ? [...results, { role: "user", content: text }] : results;
}
function chatStopReason(finishReason, hasToolCalls) {
  if (hasToolCalls && (finishReason === "tool_calls" || finishReason === "stop" || finishReason === null)) {
    return "tool_use";
  }
  switch (finishReason) {
    case "tool_calls":
      return "tool_use";
    case "stop":
      return "end_turn";
    case "length":
      return "max_tokens";
    default:
      return finishReason;
  }
}
function excerpt(text) {
  return text.length > 200 ? `${text.slice(0, 200)}\u2026` : text;
}

// src/core/providers/openai-compatible.ts
var OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";
var GITHUB_MODELS_BASE_URL = "https://models.github.ai/inference";
var GITHUB_API_VERSION = "2022-11-28";
var OpenAICompatibleProvider = class {
  kind;
  model;
  #options;
  #url;
  /** Counter for tool-call ids this client has to make up (servers that omit `id`). */
  #madeUpIds = 0;
  /** Warns, once, that the server reports no usage. */
  #warnNoUsage;
  constructor(options) {
    this.kind = options.kind;
    this.#warnNoUsage = noUsageWarner(options.kind);
    this.model = options.model;
    this.#options = options;
    this.#url = `${options.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  }
  complete(request, ctx) {
    return meteredCall(
      ctx,
      this.#options.pricing,
      this.model,
      () => withRetry(() => this.#attempt(request, ctx), { ...this.#options.retry, ctx, provider: this.kind })
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
  chat(request, ctx) {
    return meteredChat(ctx, this.#options.pricing, this.model, async () => {
      const body = JSON.stringify(this.chatBody(request));
      return withRetry(() => this.#chatAttempt(body, ctx), {
        ...this.#options.retry,
        ctx,
        provider: this.kind
      });
    });
  }
  /** The JSON body sent for `request` (exposed for tests and debugging; contains no credential). */
  body(request) {
    const messages = [
      ...request.system !== void 0 ? [{ role: "system", content: request.system }] : [],
      ...request.messages.map((m) => ({ role: m.role, content: m.content }))
    ];
    return {
      ...this.#common(messages, request),
      ...request.answerSchema ? {
        // Structured outputs: the model must produce exactly this schema (strict mode).
        response_format: {
          type: "json_schema",
          json_schema: {
            name: request.answerSchema.name,
            description: request.answerSchema.description,
            schema: request.answerSchema.schema,
            strict: true
          }
        }
      } : request.json ? { response_format: { type: "json_object" } } : {}
    };
  }
  /** The JSON body sent for a chat step (exposed for tests and debugging; contains no credential). */
  chatBody(request) {
    checkChatRequest(this.kind, request);
    const messages = [
      ...request.system !== void 0 ? [{ role: "system", content: request.system }] : [],
      ...request.messages.flatMap(toOpenAIMessages)
    ];
    const tools = (request.tools ?? []).map((tool) => ({
      type: "function",
      function: { name: tool.name, description: tool.description, parameters: tool.inputSchema }
    }));
    const common = this.#common(messages, request);
    return tools.length > 0 ? { model: common.model, messages, tools, ...common } : common;
  }
  #common(messages, request) {
    const maxTokens = request.maxTokens ?? this.#options.maxTokens;
    const temperature = request.temperature ?? this.#options.temperature;
    return {
      model: this.model,
      messages,
      // OpenAI deprecated max_tokens (its reasoning models reject it); other servers expect it.
      ...maxTokens !== void 0 ? { [this.#isOpenAI() ? "max_completion_tokens" : "max_tokens"]: maxTokens } : {},
      ...temperature !== void 0 ? { temperature } : {}
    };
  }
  #isOpenAI() {
    try {
      return new URL(this.#options.baseUrl).hostname === "api.openai.com";
    } catch {
      return false;
    }
  }
  #headers() {
    const headers = {
      "content-type": "application/json",
      accept: this.kind === "github-models" ? "application/vnd.github+json" : "application/json"
    };
    if (this.kind === "github-models") headers["x-github-api-version"] = GITHUB_API_VERSION;
    if (this.#options.apiKey) headers.authorization = `Bearer ${this.#options.apiKey}`;
    return headers;
  }
  async #attempt(request, ctx) {
    const exchange = await this.#post(JSON.stringify(this.body(request)), ctx);
    return { text: contentText(exchange.choice.message?.content), ...this.#meta(exchange, ctx) };
  }
  async #chatAttempt(body, ctx) {
    const exchange = await this.#post(body, ctx);
    const { choice } = exchange;
    const content = [];
    const text = contentText(choice.message?.content);
    if (text !== "") content.push({ type: "text", text });
    const calls = Array.isArray(choice.message?.tool_calls) ? choice.message.tool_calls : [];
    for (const call of calls) content.push(this.#toolUse(call));
    const meta = this.#meta(exchange, ctx);
    return { content, ...meta, stopReason: chatStopReason(meta.stopReason, calls.length > 0) };
  }
  /** A `tool_calls[]` entry as a tool_use block; what cannot be used is reported in `inputError`. */
  #toolUse(call) {
    const c = isPlainObject(call) ? call : {};
    const fn = isPlainObject(c.function) ? c.function : {};
    const id = typeof c.id === "string" && c.id !== "" ? c.id : `call_truss_${++this.#madeUpIds}`;
    const name = typeof fn.name === "string" ? fn.name : "";
    if (name === "") {
      return { type: "tool_use", id, name, input: {}, inputError: "the tool call names no function" };
    }
    const secrets = [this.#options.apiKey];
    const args = fn.arguments;
    if (typeof args !== "string") {
      if (args === void 0 || args === null) return toolUseBlock(id, name, {});
      return toolUseBlock(id, name, args);
    }
    if (args.trim() === "") return toolUseBlock(id, name, {});
    let value;
    try {
      value = JSON.parse(args);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return {
        type: "tool_use",
        id,
        name,
        input: {},
        inputError: safeDetail(
          `the arguments of tool call "${name}" are not valid JSON (${reason}): ${excerpt(args)}; call the tool again with a JSON object`,
          secrets
        )
      };
    }
    return toolUseBlock(
      id,
      name,
      value,
      () => safeDetail(
        `the arguments of tool call "${name}" are JSON but not an object: ${excerpt(args)}; call the tool again with a JSON object`,
        secrets
      )
    );
  }
  /**
   * Model, stop reason and token counts. `prompt_tokens` includes the cached part, which the server
   * reports as `prompt_tokens_details.cached_tokens` (priced at the cache-read rate); there is no
   * cache-write surcharge.
   */
  #meta(exchange, ctx) {
    const { parsed, choice } = exchange;
    const cached = parsed.usage?.prompt_tokens_details?.cached_tokens;
    const meta = {
      model: typeof parsed.model === "string" && parsed.model ? parsed.model : this.model,
      stopReason: typeof choice.finish_reason === "string" ? choice.finish_reason : null
    };
    const usage = parsed.usage;
    const reported = usage !== null && typeof usage === "object" && (typeof usage.prompt_tokens === "number" || typeof usage.completion_tokens === "number");
    if (!reported) {
      this.#warnNoUsage(ctx);
      return {
        ...meta,
        inputTokens: estimatedTokens(exchange.requestBytes),
        outputTokens: estimatedTokens(exchange.responseBytes)
      };
    }
    return {
      ...meta,
      inputTokens: tokenCount(usage?.prompt_tokens),
      outputTokens: tokenCount(usage?.completion_tokens),
      ...typeof cached === "number" ? { cacheReadTokens: tokenCount(cached) } : {}
    };
  }
  /** POST one body to chat/completions with our error mapping; returns the first choice. */
  async #post(body, ctx) {
    const secrets = [this.#options.apiKey];
    const timeoutMs = requestTimeoutMs(ctx, DEFAULT_REQUEST_TIMEOUT_MS);
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = AbortSignal.any([ctx.signal, timeout]);
    const doFetch = boundedFetch(this.#options.fetch, this.kind);
    let response;
    let text;
    try {
      response = await doFetch(this.#url, {
        method: "POST",
        headers: this.#headers(),
        body,
        signal
      });
      text = await response.text();
    } catch (error) {
      if (ctx.signal.aborted) throw abortErrorFrom(ctx.signal);
      if (error instanceof AbortError || error instanceof ProviderError) throw error;
      if (timeout.aborted) {
        throw new ProviderRetryableError(
          this.kind,
          `request timed out after ${Math.round(timeoutMs / 1e3)}s`,
          {
            secrets
          }
        );
      }
      throw new ProviderRetryableError(
        this.kind,
        `network error: ${safeDetail(describeFetchError(error), secrets)}`,
        {
          secrets
        }
      );
    }
    const json = parseJson(text);
    if (!response.ok) throw this.#httpError(response, json, text, ctx);
    const parsed = json;
    const choice = Array.isArray(parsed?.choices) ? parsed.choices[0] : void 0;
    if (!parsed || !choice) {
      const apiError = errorFields(parsed?.error);
      const detail = apiError.message ?? `not a chat.completion: ${text.slice(0, 200)}`;
      throw new ProviderFatalError(this.kind, `unexpected response: ${safeDetail(detail, secrets)}`, {
        secrets
      });
    }
    return {
      parsed,
      choice,
      requestBytes: Buffer.byteLength(body),
      responseBytes: Buffer.byteLength(text)
    };
  }
  #httpError(response, body, text, ctx) {
    const secrets = [this.#options.apiKey];
    const fields = errorFields(body?.error);
    const message = fields.message ?? (typeof body?.message === "string" ? body.message : text.trim() || response.statusText || "no error message");
    const code = fields.code ?? fields.type;
    const status = response.status;
    const retryAfterMs = retryAfterFromHeaders((name) => response.headers.get(name), ctx.now());
    return providerErrorFromStatus(
      this.kind,
      status,
      `HTTP ${status}${code ? ` ${code}` : ""}: ${safeDetail(message, secrets)}${this.#hint(status)}`,
      { code, retryAfterMs, secrets }
    );
  }
  #hint(status) {
    const keyVar = this.#options.apiKeyEnv;
    if (status === 401 || status === 403) {
      if (this.kind === "github-models") {
        return ` (the token in ${keyVar ?? "GITHUB_TOKEN"} needs the models: read permission \u2014 in a workflow add "permissions: models: read")`;
      }
      return keyVar ? ` (check the key in ${keyVar})` : " (this server wants an API key: set api_key_env)";
    }
    if (status === 404) {
      return this.kind === "github-models" ? ` (check the model id "${this.model}"; GitHub Models ids look like "openai/gpt-4.1-mini")` : ` (check the model id "${this.model}" and base_url)`;
    }
    return "";
  }
};

// src/core/providers/pricing.ts
var DEFAULT_PRICING = Object.freeze({
  // Anthropic (platform.claude.com pricing): 5-minute cache writes at 1.25× input, cache hits at
  // 0.1× input (Fable 5.1: $0.25 as listed).
  "claude-fable-5-2": anthropic(8, 40),
  "claude-fable-5-1": { ...anthropic(10, 50), cache_read_per_mtok: 0.25 },
  "claude-opus-5-5": anthropic(4, 20),
  "claude-opus-5": anthropic(5, 25),
  "claude-opus-4-7": anthropic(5, 25),
  "claude-opus-4-6": anthropic(5, 25),
  "claude-opus-4-5": anthropic(5, 25),
  "claude-sonnet-5-5": anthropic(2, 10),
  "claude-sonnet-5": anthropic(2, 10),
  "claude-sonnet-4-5": anthropic(3, 15),
  "claude-haiku-4-5": anthropic(1, 5),
  // OpenAI: automatic prompt caching, cached input at the listed rate, no write surcharge.
  "gpt-5.2": { input_per_mtok: 1.75, output_per_mtok: 14, cache_read_per_mtok: 0.175 },
  "gpt-5": { input_per_mtok: 1.25, output_per_mtok: 10, cache_read_per_mtok: 0.125 },
  "gpt-5-mini": { input_per_mtok: 0.25, output_per_mtok: 2, cache_read_per_mtok: 0.025 },
  "gpt-5-nano": { input_per_mtok: 0.05, output_per_mtok: 0.4, cache_read_per_mtok: 5e-3 },
  "gpt-4.1": { input_per_mtok: 2, output_per_mtok: 8, cache_read_per_mtok: 0.5 },
  "gpt-4.1-mini": { input_per_mtok: 0.4, output_per_mtok: 1.6, cache_read_per_mtok: 0.1 },
  "gpt-4.1-nano": { input_per_mtok: 0.1, output_per_mtok: 0.4, cache_read_per_mtok: 0.025 },
  "gpt-4o": { input_per_mtok: 2.5, output_per_mtok: 10, cache_read_per_mtok: 1.25 },
  "gpt-4o-mini": { input_per_mtok: 0.15, output_per_mtok: 0.6, cache_read_per_mtok: 0.075 }
});
function anthropic(input, output) {
  return {
    input_per_mtok: input,
    output_per_mtok: output,
    cache_write_per_mtok: input * 1.25,
    cache_read_per_mtok: input / 10
  };
}
function modelIdCandidates(model) {
  const noPublisher = model.includes("/") ? model.slice(model.lastIndexOf("/") + 1) : model;
  const noDate = (id) => id.replace(/-(\d{8}|\d{4}-\d{2}-\d{2})$/, "");
  return [.../* @__PURE__ */ new Set([model, noPublisher, noDate(model), noDate(noPublisher)])].filter(Boolean);
}
function costOf(price, usage) {
  const read = Math.min(usage.cacheReadTokens ?? 0, usage.inputTokens);
  const write = Math.min(usage.cacheWriteTokens ?? 0, usage.inputTokens - read);
  const plain = usage.inputTokens - read - write;
  return (plain * price.input_per_mtok + read * (price.cache_read_per_mtok ?? price.input_per_mtok) + write * (price.cache_write_per_mtok ?? price.input_per_mtok) + usage.outputTokens * price.output_per_mtok) / 1e6;
}
var PriceBook = class {
  #config;
  #defaults;
  #warned = /* @__PURE__ */ new Set();
  constructor(config = {}, options = {}) {
    this.#config = config;
    this.#defaults = options.defaults === null ? {} : options.defaults ?? DEFAULT_PRICING;
  }
  lookup(model) {
    const candidates = modelIdCandidates(model);
    for (const [source, table] of [
      ["config", this.#config],
      ["default", this.#defaults]
    ]) {
      for (const key of candidates) {
        const price = Object.hasOwn(table, key) ? table[key] : void 0;
        if (price) return { price, key, source };
      }
    }
    return void 0;
  }
  /**
   * Cost of `usage` for the first of `models` that has a price (pass the configured id first,
   * then the id the API reported). When none has one: 0, and `warn` is called once per model.
   */
  cost(models, usage, warn = () => {
  }) {
    const ids = (typeof models === "string" ? [models] : [...models]).filter(Boolean);
    for (const id of ids) {
      const found = this.lookup(id);
      if (found) return costOf(found.price, usage);
    }
    const model = ids[0] ?? "unknown";
    if (!this.#warned.has(model)) {
      this.#warned.add(model);
      warn(
        `no price for model ${model}; cost not counted \u2014 add [pricing."${model}"] with input_per_mtok and output_per_mtok (USD per million tokens) to .truss/config.toml`
      );
    }
    return 0;
  }
};
function toPriceBook(pricing) {
  return pricing instanceof PriceBook ? pricing : new PriceBook(pricing ?? {});
}

// src/core/providers/scripted.ts
import { readFileSync } from "node:fs";
import { basename } from "node:path";
var PROVIDER2 = "scripted";
var contentBlockSchema = external_exports.discriminatedUnion("type", [
  external_exports.strictObject({ type: external_exports.literal("text"), text: external_exports.string() }),
  external_exports.strictObject({
    type: external_exports.literal("tool_use"),
    /** Default `toolu_scripted_<n>`, n counting made-up ids of this provider from 1. */
    id: external_exports.string().min(1).optional(),
    name: external_exports.string().min(1),
    input: external_exports.record(external_exports.string(), external_exports.unknown())
  })
]);
var responseSchema = external_exports.strictObject({
  /** A plain answer; exactly one of `text` and `content` is set. */
  text: external_exports.string().optional(),
  /** An assistant turn for `chat`: text and tool_use blocks in order. */
  content: external_exports.array(contentBlockSchema).min(1).optional(),
  /** Answer only a prompt (system + messages) that contains this substring. */
  match: external_exports.string().min(1).optional(),
  usage: external_exports.strictObject({
    input_tokens: external_exports.number().int().nonnegative(),
    output_tokens: external_exports.number().int().nonnegative(),
    /** Of input_tokens, read from / written to a prompt cache (priced at the cache rates). */
    cache_read_tokens: external_exports.number().int().nonnegative().optional(),
    cache_write_tokens: external_exports.number().int().nonnegative().optional()
  }).optional(),
  /** Model id used to price this response's usage; the reported model stays `scripted:<file>`. */
  model: external_exports.string().min(1).optional(),
  /** Default 'tool_use' when `content` has a tool_use block, else 'end_turn'. */
  stop_reason: external_exports.string().optional()
}).refine((r) => r.text === void 0 !== (r.content === void 0), {
  message: 'set exactly one of "text" and "content"'
});
var listSchema = external_exports.array(responseSchema);
var objectSchema = external_exports.strictObject({ responses: listSchema });
function loadScript(path) {
  let raw;
  try {
    raw = readFileSync(path, "utf8");
  } catch (error) {
    throw new ProviderConfigError(
      PROVIDER2,
      `${cannotRead(`fixture ${path}`, error)}; set [provider] script to a JSON file of canned responses`
    );
  }
  let json;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new ProviderConfigError(
      PROVIDER2,
      `fixture ${path} is not valid JSON; set [provider] script to a JSON file of canned responses`
    );
  }
  const parsed = Array.isArray(json) ? listSchema.safeParse(json) : objectSchema.transform((o) => o.responses).safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join(".")}` : "";
    throw new ProviderConfigError(
      PROVIDER2,
      // Never quote the file: an unrecognized-key message would repeat a key from it.
      `fixture ${path} is not a list of responses${where}: ${issue?.code === "unrecognized_keys" ? "unrecognized key" : issue?.message ?? "invalid"} (expected [{"text": "...", "match"?: "...", "usage"?: {"input_tokens": n, "output_tokens": n}}] or {"responses": [...]}; a chat step uses "content": [{"type": "text", "text": "..."} | {"type": "tool_use", "name": "...", "input": {...}}] instead of "text")`
    );
  }
  return parsed.data;
}
var ScriptedProvider = class _ScriptedProvider {
  kind = "scripted";
  model;
  #responses;
  #used;
  #pricing;
  #calls = 0;
  #madeUpIds = 0;
  constructor(responses, options) {
    this.model = `scripted:${options.name}`;
    this.#responses = responses;
    this.#used = responses.map(() => false);
    this.#pricing = options.pricing ?? new PriceBook();
  }
  static fromFile(path, options = {}) {
    return new _ScriptedProvider(loadScript(path), { name: basename(path), pricing: options.pricing });
  }
  /** Responses not yet replayed. */
  get remaining() {
    return this.#used.filter((used) => !used).length;
  }
  complete(request, ctx) {
    return meteredCall(ctx, this.#pricing, this.model, async () => {
      const response = this.#take(promptOf(request));
      const text = response.content !== void 0 ? response.content.flatMap((block) => block.type === "text" ? [block.text] : []).join("") : response.text ?? "";
      return { text, ...this.#meta(response) };
    });
  }
  chat(request, ctx) {
    return meteredChat(ctx, this.#pricing, this.model, async () => {
      checkChatRequest(PROVIDER2, request);
      const response = this.#take(chatPromptOf(request));
      const content = response.content !== void 0 ? response.content.map(
        (block) => block.type === "text" ? { type: "text", text: block.text } : {
          type: "tool_use",
          id: block.id ?? `toolu_scripted_${++this.#madeUpIds}`,
          name: block.name,
          input: structuredClone(block.input)
        }
      ) : response.text ? [{ type: "text", text: response.text }] : [];
      return { content, ...this.#meta(response) };
    });
  }
  /** Mark and return the response for this call, or throw when none is left for it. */
  #take(prompt) {
    const call = ++this.#calls;
    const index = this.#pick(prompt);
    if (index === -1) {
      const pending = this.remaining;
      const fixture = this.model.slice(PROVIDER2.length + 1);
      throw new ProviderFatalError(
        PROVIDER2,
        pending === 0 ? `fixture ${fixture} is exhausted: call #${call} has no response left (all ${this.#responses.length} used); add entries to the fixture` : `fixture ${fixture}: call #${call} matches none of the ${pending} unused responses (each has a "match" absent from the prompt)`
      );
    }
    this.#used[index] = true;
    return this.#responses[index];
  }
  #meta(response) {
    const usesTools = response.content?.some((block) => block.type === "tool_use") ?? false;
    return {
      model: this.model,
      stopReason: response.stop_reason ?? (usesTools ? "tool_use" : "end_turn"),
      inputTokens: response.usage?.input_tokens ?? 0,
      outputTokens: response.usage?.output_tokens ?? 0,
      cacheReadTokens: response.usage?.cache_read_tokens,
      cacheWriteTokens: response.usage?.cache_write_tokens,
      priceAs: response.model ? [response.model] : []
    };
  }
  #pick(prompt) {
    const keyed = this.#responses.findIndex(
      (r, i) => !this.#used[i] && r.match !== void 0 && prompt.includes(r.match)
    );
    if (keyed !== -1) return keyed;
    return this.#responses.findIndex((r, i) => !this.#used[i] && r.match === void 0);
  }
};
function promptOf(request) {
  return [request.system ?? "", ...request.messages.map((m) => m.content)].join("\n");
}
function chatPromptOf(request) {
  return [request.system ?? "", ...request.messages.map(messageText)].join("\n");
}
function messageText(message) {
  return message.content.map(
    (block) => block.type === "text" ? block.text : block.type === "tool_result" ? block.content : `${block.name} ${JSON.stringify(block.input)}`
  ).join("\n");
}

// src/core/providers/factory.ts
var DEFAULT_API_KEY_ENV = {
  anthropic: "ANTHROPIC_API_KEY",
  "openai-compatible": "OPENAI_API_KEY",
  "github-models": "GITHUB_TOKEN"
};
function createProvider(config, options) {
  const pricing = toPriceBook(options.pricing);
  const kind = config.kind;
  if (kind === "scripted") {
    if (!config.script) {
      throw new ProviderConfigError(
        "scripted",
        'no fixture: set script = "path/to/responses.json" in [provider] (a JSON list of canned responses)'
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
    fetch: options.fetch
  };
  switch (kind) {
    case "anthropic": {
      const baseUrl = config.baseUrl === void 0 ? void 0 : checkBaseUrl(kind, config.baseUrl);
      const { key, name } = readKey(kind, config, options.env);
      return new AnthropicProvider({ ...common, apiKey: key, apiKeyEnv: name, baseUrl });
    }
    case "openai-compatible": {
      const baseUrl = checkBaseUrl(kind, config.baseUrl ?? OPENAI_DEFAULT_BASE_URL);
      const local = isLoopback(baseUrl);
      if (local && config.apiKeyEnv === void 0) {
        return new OpenAICompatibleProvider({ ...common, kind, baseUrl });
      }
      const { key, name } = readKey(kind, config, options.env);
      return new OpenAICompatibleProvider({ ...common, kind, baseUrl, apiKey: key, apiKeyEnv: name });
    }
    case "github-models": {
      const baseUrl = checkBaseUrl(kind, config.baseUrl ?? GITHUB_MODELS_BASE_URL);
      const { key, name } = readKey(kind, config, options.env);
      return new OpenAICompatibleProvider({ ...common, kind, baseUrl, apiKey: key, apiKeyEnv: name });
    }
    default: {
      const unknown = kind;
      throw new ProviderConfigError(
        String(unknown),
        "unknown provider kind; use anthropic, openai-compatible, github-models or scripted"
      );
    }
  }
}
var ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;
var LOOKS_LIKE_A_KEY = /^(sk-|sk_|gh[pousr]_|github_pat_|xox[abp]-|AKIA)/i;
function readKey(kind, config, env) {
  const name = config.apiKeyEnv ?? DEFAULT_API_KEY_ENV[kind];
  if (!ENV_NAME.test(name) || LOOKS_LIKE_A_KEY.test(name)) {
    throw new ProviderConfigError(
      kind,
      "api_key_env must be the NAME of an environment variable (like ANTHROPIC_API_KEY), not the key itself; put the key in that variable (in GitHub Actions: a repository secret mapped with env:)"
    );
  }
  const key = env[name];
  if (key === void 0 || key.trim() === "") {
    throw new ProviderConfigError(kind, missingKeyMessage(kind, name));
  }
  return { key: key.trim(), name };
}
function missingKeyMessage(kind, name) {
  const what = kind === "github-models" ? "a GitHub token" : "an API key";
  const how = kind === "github-models" ? `in a workflow: env: ${name}: \${{ secrets.GITHUB_TOKEN }} with "permissions: models: read"; locally: export ${name}=$(gh auth token)` : `in a workflow: env: ${name}: \${{ secrets.${name} }}; locally: export ${name}=...`;
  return `${what} is needed but the environment variable ${name} is not set (${how}), or name another variable with api_key_env in [provider]`;
}
function checkBaseUrl(kind, value) {
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new ProviderConfigError(
      kind,
      "base_url is not a valid URL (expected e.g. http://127.0.0.1:11434/v1)"
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ProviderConfigError(kind, `base_url must use http or https, not ${url.protocol}`);
  }
  if (url.username || url.password) {
    throw new ProviderConfigError(
      kind,
      "base_url must not contain credentials (user:password@); put the key in the variable api_key_env names"
    );
  }
  if (url.search || url.hash) {
    throw new ProviderConfigError(kind, "base_url must not have a query string or fragment");
  }
  return value;
}
function isLoopback(baseUrl) {
  let host;
  try {
    host = new URL(baseUrl).hostname.toLowerCase();
  } catch {
    return false;
  }
  return host === "localhost" || host.endsWith(".localhost") || host === "[::1]" || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host);
}

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
  ProviderError,
  ProviderConfigError,
  textOf,
  FixturePathError,
  modelIdCandidates,
  PriceBook,
  createProvider,
  buildExecutorProvider,
  executorProviderSettings,
  fixtureRoots
};
