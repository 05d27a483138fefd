#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  BudgetExceededError,
  BudgetMeter,
  DurableReplayError,
  MemoTamperError,
  NonDeterminismError,
  ResumeRefusedError,
  SuspendedError,
  describeAwait
} from "./chunk-N3YO7AYQ.js";
import {
  require_src
} from "./chunk-FGO343MA.js";
import {
  AbortError,
  GitRefError,
  ProviderConfigError,
  ProviderError,
  ProviderFatalError,
  ProviderRetryableError,
  RetriesExhaustedError,
  abortErrorFrom,
  providerErrorFromStatus,
  safeDetail
} from "./chunk-V6WPCBFR.js";
import {
  ConfigFileSchema,
  ContractFileSchema,
  ResolvedContractSchema,
  checkTomlDocument,
  formatPath,
  isTable,
  parseTomlDocument,
  pathKey,
  readTomlSource,
  validate
} from "./chunk-4CCITI6Q.js";
import {
  ContractError
} from "./chunk-6AKRE7LE.js";
import {
  ANNOTATION_KINDS,
  HUMAN_REVIEW_KIND,
  SignaturesDigest,
  TERMINAL_KINDS,
  ZERO_HASH,
  canonicalJson,
  external_exports
} from "./chunk-CFPYSB7D.js";
import {
  __commonJS,
  __require,
  __toESM
} from "./chunk-C24IPAXU.js";

// node_modules/@kwsites/file-exists/dist/src/index.js
var require_src2 = __commonJS({
  "node_modules/@kwsites/file-exists/dist/src/index.js"(exports) {
    "use strict";
    var __importDefault = exports && exports.__importDefault || function(mod) {
      return mod && mod.__esModule ? mod : { "default": mod };
    };
    Object.defineProperty(exports, "__esModule", { value: true });
    var fs_1 = __require("fs");
    var debug_1 = __importDefault(require_src());
    var log = debug_1.default("@kwsites/file-exists");
    function check(path, isFile, isDirectory) {
      log(`checking %s`, path);
      try {
        const stat3 = fs_1.statSync(path);
        if (stat3.isFile() && isFile) {
          log(`[OK] path represents a file`);
          return true;
        }
        if (stat3.isDirectory() && isDirectory) {
          log(`[OK] path represents a directory`);
          return true;
        }
        log(`[FAIL] path represents something other than a file or directory`);
        return false;
      } catch (e) {
        if (e.code === "ENOENT") {
          log(`[FAIL] path is not accessible: %o`, e);
          return false;
        }
        log(`[FATAL] %o`, e);
        throw e;
      }
    }
    function exists(path, type = exports.READABLE) {
      return check(path, (type & exports.FILE) > 0, (type & exports.FOLDER) > 0);
    }
    exports.exists = exists;
    exports.FILE = 1;
    exports.FOLDER = 2;
    exports.READABLE = exports.FILE + exports.FOLDER;
  }
});

// node_modules/@kwsites/file-exists/dist/index.js
var require_dist = __commonJS({
  "node_modules/@kwsites/file-exists/dist/index.js"(exports) {
    "use strict";
    function __export(m2) {
      for (var p2 in m2) if (!exports.hasOwnProperty(p2)) exports[p2] = m2[p2];
    }
    Object.defineProperty(exports, "__esModule", { value: true });
    __export(require_src2());
  }
});

// node_modules/@kwsites/promise-deferred/dist/index.js
var require_dist2 = __commonJS({
  "node_modules/@kwsites/promise-deferred/dist/index.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.createDeferred = exports.deferred = void 0;
    function deferred() {
      let done;
      let fail2;
      let status = "pending";
      const promise = new Promise((_done, _fail) => {
        done = _done;
        fail2 = _fail;
      });
      return {
        promise,
        done(result) {
          if (status === "pending") {
            status = "resolved";
            done(result);
          }
        },
        fail(error) {
          if (status === "pending") {
            status = "rejected";
            fail2(error);
          }
        },
        get fulfilled() {
          return status !== "pending";
        },
        get status() {
          return status;
        }
      };
    }
    exports.deferred = deferred;
    exports.createDeferred = deferred;
    exports.default = deferred;
  }
});

// src/core/contract/resolve.ts
import { createHash } from "node:crypto";
var FLAGS = /* @__PURE__ */ new Map([
  [pathKey(["reviewers"]), "--reviewers"],
  [pathKey(["provider", "kind"]), "--provider"],
  [pathKey(["provider", "model"]), "--model"],
  [pathKey(["provider", "base_url"]), "--base-url"],
  [pathKey(["contract", "intent"]), "--intent"],
  [pathKey(["executor", "kind"]), "--verify-only"]
]);
var LAYERED_KEYS = new Set(Object.keys(ResolvedContractSchema.shape));
function resolveContract(options) {
  const config = options.configPath === void 0 ? void 0 : readTomlSource(options.configPath);
  const contract = readTomlSource(options.contractPath);
  return resolveContractSources({ config, contract, overrides: options.overrides });
}
function resolveContractSources(input) {
  const overrides = input.overrides ?? {};
  const docs = {};
  const syntax = [];
  for (const [layer, source] of [
    ["config", input.config],
    ["contract", input.contract]
  ]) {
    if (!source) continue;
    try {
      docs[layer] = parseTomlDocument(source);
    } catch (error) {
      if (!(error instanceof ContractError)) throw error;
      syntax.push(error);
    }
  }
  const issues = syntax.flatMap((error) => [...error.issues]);
  if (docs.config) issues.push(...checkTomlDocument(docs.config, ConfigFileSchema));
  if (docs.contract) {
    const skip = overrides.intent === void 0 ? [] : [["contract", "intent"]];
    issues.push(...checkTomlDocument(docs.contract, ContractFileSchema, skip));
  }
  const order = [input.config?.file, input.contract.file];
  const byPosition = (a, b3) => rank(order, a.file) - rank(order, b3.file) || a.line - b3.line || a.col - b3.col;
  if (issues.length > 0) {
    throw new ContractError(issues.sort(byPosition), syntax.length > 0 ? "toml_syntax" : "invalid");
  }
  const contractDoc = docs.contract;
  const merged = {};
  const provenance = /* @__PURE__ */ new Map();
  if (docs.config) {
    mergeLayer(merged, pickLayered(docs.config.data), { kind: "file", doc: docs.config }, provenance);
  }
  mergeLayer(merged, pickLayered(contractDoc.data), { kind: "file", doc: contractDoc }, provenance);
  const flags = applyOverrides(merged, overrides, provenance);
  const result = validate(ResolvedContractSchema, merged);
  if (!result.ok) {
    const placed = result.issues.map((issue) => placeMerged(issue, provenance, contractDoc));
    throw new ContractError(placed.sort(byPosition));
  }
  const contract = result.value;
  return {
    contract,
    hash: contractHash(contract),
    sources: { config: input.config?.file ?? null, contract: contractDoc.file, flags }
  };
}
function contractHash(contract) {
  return createHash("sha256").update(canonicalJson(contract), "utf8").digest("hex");
}
function pickLayered(data) {
  return Object.fromEntries(Object.entries(data).filter(([key]) => LAYERED_KEYS.has(key)));
}
function mergeLayer(target, layer, source, provenance, base = []) {
  for (const [key, value] of Object.entries(layer)) {
    const path = [...base, key];
    const existing = target[key];
    if (isTable(value) && isTable(existing)) {
      const previous = provenance.get(pathKey(path));
      if (source.kind === "file" || previous === void 0) provenance.set(pathKey(path), source);
      mergeLayer(existing, value, source, provenance, path);
    } else {
      target[key] = copy(value);
      markAll(path, value, source, provenance);
    }
  }
}
function markAll(path, value, source, provenance) {
  provenance.set(pathKey(path), source);
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      markAll([...path, index], item, source, provenance);
    });
  } else if (isTable(value)) {
    for (const [key, item] of Object.entries(value)) markAll([...path, key], item, source, provenance);
  }
}
function copy(value) {
  if (Array.isArray(value)) return value.map(copy);
  if (isTable(value)) return Object.fromEntries(Object.entries(value).map(([k2, v2]) => [k2, copy(v2)]));
  return value;
}
function applyOverrides(merged, overrides, provenance) {
  const applied = [];
  const set = (path, value) => {
    if (value === void 0) return;
    const flag = FLAGS.get(pathKey(path)) ?? `--${path.join(".")}`;
    applied.push(flag);
    let layer = { [path[path.length - 1]]: value };
    for (let i = path.length - 2; i >= 0; i--) layer = { [path[i]]: layer };
    mergeLayer(merged, layer, { kind: "flag", flag }, provenance);
  };
  set(["reviewers"], overrides.reviewers);
  set(["provider", "kind"], overrides.provider?.kind);
  set(["provider", "model"], overrides.provider?.model);
  set(["provider", "base_url"], overrides.provider?.base_url);
  set(["contract", "intent"], overrides.intent);
  set(["executor", "kind"], overrides.verifyOnly ? "none" : void 0);
  return applied;
}
function placeMerged(issue, provenance, fallback) {
  const path = formatPath(issue.path);
  let source = { kind: "file", doc: fallback };
  for (let n = issue.path.length; n > 0; n--) {
    const found = provenance.get(pathKey(issue.path.slice(0, n)));
    if (found) {
      source = found;
      break;
    }
  }
  if (source.kind === "flag") {
    const flag = FLAGS.get(pathKey(issue.path)) ?? source.flag;
    return { file: flag, line: 0, col: 0, path, message: issue.message };
  }
  const { line, col } = source.doc.positions.locate(issue.path);
  return { file: source.doc.file, line, col, path, message: issue.message };
}
function rank(order, file) {
  const index = order.indexOf(file);
  return index === -1 ? order.length : index;
}

// src/core/executors/executor-provider.ts
import { existsSync } from "node:fs";
import { isAbsolute as isAbsolute2, resolve as resolve2 } from "node:path";

// src/core/providers/factory.ts
import { isAbsolute, resolve } from "node:path";

// src/core/providers/chat.ts
function checkChatRequest(provider, request, extraToolNames = []) {
  if (request.messages.length === 0) {
    throw new ProviderConfigError(provider, "chat request has no messages");
  }
  request.messages.forEach((message2, index) => {
    for (const block of message2.content) {
      if (block.type === "tool_use" && message2.role !== "assistant") {
        throw new ProviderConfigError(
          provider,
          `message ${index}: a tool_use block belongs in an assistant message, not a ${message2.role} one`
        );
      }
      if (block.type === "tool_result" && message2.role !== "user") {
        throw new ProviderConfigError(
          provider,
          `message ${index}: a tool_result block belongs in a user message, not an ${message2.role} one`
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
  return { text: raw.text, usage, model: raw.model, stopReason: raw.stopReason };
}
async function meteredChat(ctx, pricing, configuredModel, call) {
  const { raw, usage } = await metered(ctx, pricing, configuredModel, call, 1);
  return { content: raw.content, usage, model: raw.model, stopReason: raw.stopReason };
}
async function metered(ctx, pricing, configuredModel, call, steps) {
  if (ctx.signal.aborted) throw abortErrorFrom(ctx.signal);
  ctx.budget.assertCanSpend();
  const raw = await call();
  const tokens = { inputTokens: raw.inputTokens, outputTokens: raw.outputTokens };
  const priceAs = raw.priceAs ?? [configuredModel, raw.model];
  const costUsd = priceAs.length === 0 ? 0 : pricing.cost(priceAs, tokens, (message2) => ctx.events({ type: "warning", message: message2 }));
  const usage = { ...tokens, costUsd };
  ctx.budget.record(steps > 0 ? { ...usage, steps } : usage);
  return { raw, usage };
}
function tokenCount(value) {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}
function requestTimeoutMs(ctx, fallbackMs) {
  if (ctx.deadline === null) return fallbackMs;
  return Math.min(fallbackMs, Math.max(1e3, ctx.deadline - ctx.now()));
}
var DEFAULT_REQUEST_TIMEOUT_MS = 10 * 60 * 1e3;

// src/core/providers/retry.ts
var RETRY_DEFAULTS = { maxAttempts: 4, baseDelayMs: 500, maxDelayMs: 6e4 };
var defaultSleep = (ms2, signal) => new Promise((resolve7, reject) => {
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
    resolve7();
  }, ms2);
  signal.addEventListener("abort", onAbort, { once: true });
});
function raceAbort(promise, signal) {
  if (signal.aborted) {
    promise.catch(() => {
    });
    return Promise.reject(abortErrorFrom(signal));
  }
  return new Promise((resolve7, reject) => {
    const onAbort = () => reject(abortErrorFrom(signal));
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve7(value);
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
  const at2 = Date.parse(trimmed);
  if (Number.isNaN(at2)) return void 0;
  return Math.max(0, at2 - now);
}
function retryAfterFromHeaders(get, now) {
  const ms2 = get("retry-after-ms");
  if (ms2 && /^\d+(\.\d+)?$/.test(ms2.trim())) return Math.round(Number(ms2.trim()));
  return parseRetryAfter(get("retry-after"), now);
}
function backoffDelay(attempt, settings) {
  const ceiling = Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** (attempt - 1));
  return Math.floor(settings.random() * ceiling);
}
async function withRetry(fn2, options) {
  const { ctx } = options;
  const maxAttempts = Math.max(1, Math.floor(options.maxAttempts ?? RETRY_DEFAULTS.maxAttempts));
  const baseDelayMs = options.baseDelayMs ?? RETRY_DEFAULTS.baseDelayMs;
  const maxDelayMs = options.maxDelayMs ?? RETRY_DEFAULTS.maxDelayMs;
  const sleep2 = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  for (let attempt = 1; ; attempt++) {
    if (ctx.signal.aborted) throw abortErrorFrom(ctx.signal);
    try {
      return await fn2(attempt);
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
      await raceAbort(sleep2(delayMs, ctx.signal), ctx.signal);
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
        ...this.#options.fetch ? { fetch: this.#options.fetch } : {}
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
  async #attempt(request, ctx) {
    const temperature = request.temperature ?? this.#options.temperature;
    const message2 = await this.#send(
      {
        model: this.model,
        max_tokens: this.#maxTokens(request.maxTokens),
        messages: request.messages.map((m2) => ({ role: m2.role, content: m2.content })),
        ...request.system !== void 0 ? { system: request.system } : {},
        ...temperature !== void 0 ? { temperature } : {},
        stream: false
      },
      ctx
    );
    const text = message2.content.flatMap((block) => block.type === "text" && typeof block.text === "string" ? [block.text] : []).join("");
    return { text, ...this.#meta(message2) };
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
    return {
      model: this.model,
      max_tokens: this.#maxTokens(request.maxTokens),
      messages: request.messages.map(toAnthropicMessage),
      ...request.system !== void 0 ? { system: request.system } : {},
      ...tools.length > 0 ? { tools } : {},
      ...temperature !== void 0 ? { temperature } : {},
      stream: false
    };
  }
  async #chatAttempt(params, ctx) {
    const message2 = await this.#send(params, ctx);
    const content = [];
    const dropped = /* @__PURE__ */ new Set();
    for (const block of message2.content) {
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
    return { content, ...this.#meta(message2) };
  }
  #maxTokens(requested) {
    return requested ?? this.#options.maxTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS;
  }
  /** One Messages API call with our error mapping; the response is checked to carry a content array. */
  async #send(params, ctx) {
    const { sdk, client } = await this.#load();
    let message2;
    try {
      message2 = await client.messages.create(params, {
        signal: ctx.signal,
        timeout: requestTimeoutMs(ctx, DEFAULT_REQUEST_TIMEOUT_MS),
        maxRetries: 0
      });
    } catch (error) {
      throw this.#mapError(sdk, error, ctx);
    }
    if (!message2 || !Array.isArray(message2.content)) {
      throw new ProviderFatalError(PROVIDER, "unexpected response: no content array", {
        secrets: [this.#options.apiKey]
      });
    }
    return message2;
  }
  /** Model, stop reason and token counts of a response (cache reads and writes count as input). */
  #meta(message2) {
    const usage = message2.usage;
    return {
      model: typeof message2.model === "string" && message2.model ? message2.model : this.model,
      stopReason: message2.stop_reason ?? null,
      inputTokens: tokenCount(usage?.input_tokens) + tokenCount(usage?.cache_creation_input_tokens) + tokenCount(usage?.cache_read_input_tokens),
      outputTokens: tokenCount(usage?.output_tokens)
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
function toAnthropicMessage(message2) {
  const blocks = [];
  const results = [];
  for (const block of message2.content) {
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
  return { role: message2.role, content: [...results, ...blocks] };
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
  constructor(options) {
    this.kind = options.kind;
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
      ...request.messages.map((m2) => ({ role: m2.role, content: m2.content }))
    ];
    return {
      ...this.#common(messages, request),
      ...request.json ? { response_format: { type: "json_object" } } : {}
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
    const { parsed, choice } = await this.#post(JSON.stringify(this.body(request)), ctx);
    return { text: contentText(choice.message?.content), ...this.#meta(parsed, choice) };
  }
  async #chatAttempt(body, ctx) {
    const { parsed, choice } = await this.#post(body, ctx);
    const content = [];
    const text = contentText(choice.message?.content);
    if (text !== "") content.push({ type: "text", text });
    const calls = Array.isArray(choice.message?.tool_calls) ? choice.message.tool_calls : [];
    for (const call of calls) content.push(this.#toolUse(call));
    const meta = this.#meta(parsed, choice);
    return { content, ...meta, stopReason: chatStopReason(meta.stopReason, calls.length > 0) };
  }
  /** A `tool_calls[]` entry as a tool_use block; what cannot be used is reported in `inputError`. */
  #toolUse(call) {
    const c3 = isPlainObject(call) ? call : {};
    const fn2 = isPlainObject(c3.function) ? c3.function : {};
    const id = typeof c3.id === "string" && c3.id !== "" ? c3.id : `call_truss_${++this.#madeUpIds}`;
    const name = typeof fn2.name === "string" ? fn2.name : "";
    if (name === "") {
      return { type: "tool_use", id, name, input: {}, inputError: "the tool call names no function" };
    }
    const secrets = [this.#options.apiKey];
    const args = fn2.arguments;
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
  #meta(parsed, choice) {
    return {
      model: typeof parsed.model === "string" && parsed.model ? parsed.model : this.model,
      stopReason: typeof choice.finish_reason === "string" ? choice.finish_reason : null,
      inputTokens: tokenCount(parsed.usage?.prompt_tokens),
      outputTokens: tokenCount(parsed.usage?.completion_tokens)
    };
  }
  /** POST one body to chat/completions with our error mapping; returns the first choice. */
  async #post(body, ctx) {
    const secrets = [this.#options.apiKey];
    const timeoutMs = requestTimeoutMs(ctx, DEFAULT_REQUEST_TIMEOUT_MS);
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = AbortSignal.any([ctx.signal, timeout]);
    const doFetch = this.#options.fetch ?? globalThis.fetch;
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
    return { parsed, choice };
  }
  #httpError(response, body, text, ctx) {
    const secrets = [this.#options.apiKey];
    const fields = errorFields(body?.error);
    const message2 = fields.message ?? (typeof body?.message === "string" ? body.message : text.trim() || response.statusText || "no error message");
    const code = fields.code ?? fields.type;
    const status = response.status;
    const retryAfterMs = retryAfterFromHeaders((name) => response.headers.get(name), ctx.now());
    return providerErrorFromStatus(
      this.kind,
      status,
      `HTTP ${status}${code ? ` ${code}` : ""}: ${safeDetail(message2, secrets)}${this.#hint(status)}`,
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
  const str = (v2) => typeof v2 === "string" && v2 ? v2 : typeof v2 === "number" ? String(v2) : void 0;
  const out = {};
  const message2 = str(e.message);
  const type = str(e.type);
  const code = str(e.code);
  if (message2 !== void 0) out.message = message2;
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
function toOpenAIMessages(message2) {
  const text = textOf(message2.content, "\n");
  if (message2.role === "assistant") {
    const calls = message2.content.flatMap(
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
  const results = message2.content.flatMap(
    (block) => block.type === "tool_result" ? [
      {
        role: "tool",
        tool_call_id: block.toolUseId,
        content: block.isError ? `Error: ${block.content}` : block.content
      }
    ] : []
  );
  const hasText = message2.content.some((block) => block.type === "text");
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

// src/core/providers/pricing.ts
var DEFAULT_PRICING = Object.freeze({
  // Anthropic (platform.claude.com models overview)
  "claude-fable-5-2": { input_per_mtok: 8, output_per_mtok: 40 },
  "claude-fable-5-1": { input_per_mtok: 10, output_per_mtok: 50 },
  "claude-opus-5-5": { input_per_mtok: 4, output_per_mtok: 20 },
  "claude-opus-5": { input_per_mtok: 5, output_per_mtok: 25 },
  "claude-opus-4-7": { input_per_mtok: 5, output_per_mtok: 25 },
  "claude-opus-4-6": { input_per_mtok: 5, output_per_mtok: 25 },
  "claude-opus-4-5": { input_per_mtok: 5, output_per_mtok: 25 },
  "claude-sonnet-5-5": { input_per_mtok: 2, output_per_mtok: 10 },
  "claude-sonnet-5": { input_per_mtok: 2, output_per_mtok: 10 },
  "claude-sonnet-4-5": { input_per_mtok: 3, output_per_mtok: 15 },
  "claude-haiku-4-5": { input_per_mtok: 1, output_per_mtok: 5 },
  // OpenAI
  "gpt-5.2": { input_per_mtok: 1.75, output_per_mtok: 14 },
  "gpt-5": { input_per_mtok: 1.25, output_per_mtok: 10 },
  "gpt-5-mini": { input_per_mtok: 0.25, output_per_mtok: 2 },
  "gpt-5-nano": { input_per_mtok: 0.05, output_per_mtok: 0.4 },
  "gpt-4.1": { input_per_mtok: 2, output_per_mtok: 8 },
  "gpt-4.1-mini": { input_per_mtok: 0.4, output_per_mtok: 1.6 },
  "gpt-4.1-nano": { input_per_mtok: 0.1, output_per_mtok: 0.4 },
  "gpt-4o": { input_per_mtok: 2.5, output_per_mtok: 10 },
  "gpt-4o-mini": { input_per_mtok: 0.15, output_per_mtok: 0.6 }
});
function modelIdCandidates(model) {
  const noPublisher = model.includes("/") ? model.slice(model.lastIndexOf("/") + 1) : model;
  const noDate = (id) => id.replace(/-(\d{8}|\d{4}-\d{2}-\d{2})$/, "");
  return [.../* @__PURE__ */ new Set([model, noPublisher, noDate(model), noDate(noPublisher)])].filter(Boolean);
}
function costOf(price, usage) {
  return (usage.inputTokens * price.input_per_mtok + usage.outputTokens * price.output_per_mtok) / 1e6;
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
    output_tokens: external_exports.number().int().nonnegative()
  }).optional(),
  /** Model id used to price this response's usage; the reported model stays `scripted:<file>`. */
  model: external_exports.string().min(1).optional(),
  /** Default 'tool_use' when `content` has a tool_use block, else 'end_turn'. */
  stop_reason: external_exports.string().optional()
}).refine((r2) => r2.text === void 0 !== (r2.content === void 0), {
  message: 'set exactly one of "text" and "content"'
});
var listSchema = external_exports.array(responseSchema);
var objectSchema = external_exports.strictObject({ responses: listSchema });
function loadScript(path) {
  let raw;
  try {
    raw = readFileSync(path, "utf8");
  } catch (error) {
    const code = error.code;
    throw new ProviderConfigError(
      PROVIDER2,
      `cannot read fixture ${path}${typeof code === "string" ? ` (${code})` : ""}; set [provider] script to a JSON file of canned responses`
    );
  }
  let json;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    throw new ProviderConfigError(PROVIDER2, `fixture ${path} is not valid JSON: ${error.message}`);
  }
  const parsed = Array.isArray(json) ? listSchema.safeParse(json) : objectSchema.transform((o2) => o2.responses).safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join(".")}` : "";
    throw new ProviderConfigError(
      PROVIDER2,
      `fixture ${path} is not a list of responses${where}: ${issue?.message ?? "invalid"} (expected [{"text": "...", "match"?: "...", "usage"?: {"input_tokens": n, "output_tokens": n}}] or {"responses": [...]}; a chat step uses "content": [{"type": "text", "text": "..."} | {"type": "tool_use", "name": "...", "input": {...}}] instead of "text")`
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
      priceAs: response.model ? [response.model] : []
    };
  }
  #pick(prompt) {
    const keyed = this.#responses.findIndex(
      (r2, i) => !this.#used[i] && r2.match !== void 0 && prompt.includes(r2.match)
    );
    if (keyed !== -1) return keyed;
    return this.#responses.findIndex((r2, i) => !this.#used[i] && r2.match === void 0);
  }
};
function promptOf(request) {
  return [request.system ?? "", ...request.messages.map((m2) => m2.content)].join("\n");
}
function chatPromptOf(request) {
  return [request.system ?? "", ...request.messages.map(messageText)].join("\n");
}
function messageText(message2) {
  return message2.content.map(
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
    const path = isAbsolute(config.script) ? config.script : resolve(options.cwd, config.script);
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

// src/core/executors/executor-provider.ts
function buildExecutorProvider(contract, options) {
  const { executor } = contract;
  let settings;
  if (executor.provider) {
    const base = contract.provider?.kind === executor.provider ? contract.provider : { kind: executor.provider };
    settings = { ...base, kind: executor.provider, ...executor.model ? { model: executor.model } : {} };
  } else if (contract.provider) {
    settings = { ...contract.provider, ...executor.model ? { model: executor.model } : {} };
  }
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
  let script = settings.script;
  if (script && !isAbsolute2(script) && options.fallbackCwd && !existsSync(resolve2(options.cwd, script))) {
    const fallback = resolve2(options.fallbackCwd, script);
    if (existsSync(fallback)) script = fallback;
  }
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
    { env: options.env, cwd: options.cwd, pricing: options.pricing ?? new PriceBook(contract.pricing) }
  );
}

// src/core/runtime/ctx.ts
function createCtx(options) {
  const events = options.events ?? (() => {
  });
  return {
    signal: options.signal ?? new AbortController().signal,
    deadline: options.deadline ?? null,
    budget: options.budget ?? new BudgetMeter({}, (message2) => events({ type: "warning", message: message2 })),
    events,
    now: options.now ?? Date.now
  };
}

// src/core/verify/panel-seats.ts
function buildPanelSeats(contract, options) {
  const configs = contract.panel.seats.length > 0 ? contract.panel.seats : contract.provider ? [contract.provider] : [];
  if (configs.length === 0) {
    return {
      unavailable: "no provider configured, so no reviewer panel: add [provider] to .truss/config.toml or pass --provider KIND --model MODEL"
    };
  }
  const seats = [];
  try {
    const pricing = new PriceBook(contract.pricing);
    const built = configs.map(
      (settings) => createProvider(toProviderConfig(settings), { env: options.env, pricing, cwd: options.cwd })
    );
    for (let seat = 0; seat < contract.reviewers; seat++) seats.push(built[seat % built.length]);
  } catch (error) {
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

// src/core/verify/redact.ts
var SECRET_NAME_PATTERN = /(KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|PRIVATE)/i;
var MIN_SECRET_LENGTH = 8;
function secretRedactor(env) {
  const secrets = Object.entries(env).filter(
    ([name, value]) => SECRET_NAME_PATTERN.test(name) && typeof value === "string" && value.length >= MIN_SECRET_LENGTH
  ).map(([, value]) => value).sort((a, b3) => b3.length - a.length);
  if (secrets.length === 0) return (text) => text;
  return (text) => {
    let out = text;
    for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join("[REDACTED]");
    return out;
  };
}
function redactBytes(bytes, redact) {
  const text = bytes.toString("latin1");
  const redacted = redact(text);
  return redacted === text ? bytes : Buffer.from(redacted, "latin1");
}

// src/core/runtime/durable.ts
var APPROVAL_SIGNAL = "approval_gate";
function activityName(entry) {
  const p2 = entry.payload;
  switch (entry.kind) {
    case "model_result":
      return `${String(p2.provider)}/${String(p2.model)}`;
    case "tool_result":
    case "git_tool_call":
    case "effect_tool_call":
    case "changes_published":
      return String(p2.name);
    case "check_result":
    case "review_evidence":
      return `clause ${String(p2.clause)}`;
    case "review_vote":
      return `clause ${String(p2.clause)} seat ${String(p2.seat)}`;
    case "signal_received":
      return String(p2.name);
    case "suspended":
      return p2.await && typeof p2.await === "object" ? describeAwait(p2.await) : "";
    case "delegated_result":
      return String(p2.command ?? "");
    default:
      return "";
  }
}
function plain(value) {
  return JSON.parse(JSON.stringify(value));
}
function describe(kind, name) {
  return name ? `${kind} "${name}"` : kind;
}
var CHECKPOINT_INTERVAL = 256;
var DurableSession = class _DurableSession {
  id;
  store;
  #signer;
  /** The recorded activities (every entry but human reviews), in seq order. */
  #recorded;
  #cursor = 0;
  /** Position of the next activity, counted the same way live and on replay (memo keys use it). */
  #position = 0;
  #clock;
  #random;
  /**
   * The chain this process has verified or signed itself, for checkpoints: the last such entry and
   * the digest of every signature up to it. Undefined once an entry appeared that this process did
   * not verify (another writer appended in between), or a checkpoint write failed.
   */
  #known;
  #sinceCheckpoint = 0;
  /** What open() did with the checkpoint (`not_used` for a new session or verification `all`). */
  checkpointUse;
  constructor(store, signer, id, recorded, options, known, checkpointUse) {
    this.store = store;
    this.#signer = signer;
    this.id = id;
    this.#recorded = recorded;
    this.#clock = options.clock ?? Date.now;
    this.#random = options.random ?? Math.random;
    this.#known = known;
    this.checkpointUse = checkpointUse;
  }
  /** Starts a new session (nothing to replay). */
  static start(options) {
    const info = options.store.createSession({
      signer: options.signer,
      codeVersion: options.codeVersion,
      ...options.id ? { id: options.id } : {},
      ...options.model !== void 0 ? { model: options.model } : {}
    });
    const known = {
      seq: -1,
      hashHex: Buffer.from(ZERO_HASH).toString("hex"),
      signatures: new SignaturesDigest()
    };
    return new _DurableSession(options.store, options.signer, info.id, [], options, known, "not_used");
  }
  /**
   * Opens a recorded session for replay. The chain is verified first (hashes, links, signatures,
   * head) in the same pass that loads the entries; a session that does not verify, or that is
   * signed by another key than `signer`, is refused before anything runs. `verify` (default `all`)
   * says whether a verified_through checkpoint may spare re-verifying old signatures; a verified
   * chain gets a fresh checkpoint at its head.
   */
  static open(options) {
    const { store, signer, sessionId } = options;
    const info = store.requireSession(sessionId);
    if (info.public_key !== signer.publicKeyHex) {
      throw new ResumeRefusedError(
        `session ${sessionId} is signed by ${info.pubkey_id}; resume it with that key (--key), not ${signer.keyId}`
      );
    }
    const recorded = [];
    const { chain, checkpoint, checkpointSeq, signatures } = store.verifyForResume(
      sessionId,
      options.crypto,
      {
        useCheckpoint: options.verify === "checkpoint",
        onEntry: (entry) => {
          if (!ANNOTATION_KINDS.has(entry.kind)) recorded.push(entry);
        },
        onRestart: () => {
          recorded.length = 0;
        }
      }
    );
    if (chain.failure) {
      const where = chain.failure.seq === null ? "" : ` at seq ${chain.failure.seq}`;
      throw new ResumeRefusedError(
        `refusing to resume ${sessionId}: the chain does not verify${where} (${chain.failure.message})`
      );
    }
    if (chain.headHash !== info.head_hash) {
      throw new ResumeRefusedError(
        `refusing to resume ${sessionId}: sessions.head_hash ${info.head_hash ?? "null"} is not the last entry's hash ${chain.headHash ?? "null"}`
      );
    }
    const known = { seq: chain.entryCount - 1, hashHex: chain.headHash ?? "", signatures };
    const session = new _DurableSession(store, signer, sessionId, recorded, options, known, checkpoint);
    if (checkpointSeq !== known.seq) session.#checkpoint();
    return session;
  }
  /**
   * Signs a verified_through checkpoint at the last entry this process verified or wrote. Best
   * effort: a failure only means a later resume verifies more signatures, so it stops further
   * checkpoints instead of failing a step whose entry is already committed.
   */
  #checkpoint() {
    const known = this.#known;
    if (!known || known.seq < 0) return;
    try {
      this.store.writeCheckpoint(
        this.id,
        {
          seq: known.seq,
          entryHash: Buffer.from(known.hashHex, "hex"),
          signaturesDigest: known.signatures.digest()
        },
        this.#signer
      );
      this.#sinceCheckpoint = 0;
    } catch {
      this.#known = void 0;
    }
  }
  /** True while recorded activities remain to be replayed. */
  get replaying() {
    return this.#cursor < this.#recorded.length;
  }
  /** The recorded activities (read-only view; human reviews excluded). */
  get recorded() {
    return this.#recorded;
  }
  /** How many recorded activities have been replayed so far. */
  get cursor() {
    return this.#cursor;
  }
  /** The next recorded activity, without consuming it. */
  peek() {
    return this.#recorded[this.#cursor];
  }
  /**
   * Consumes the recorded entry at the cursor if one remains: it must have `kind` and `name`
   * (and pass `check`), else NonDeterminismError naming its seq. Undefined past the frontier.
   */
  #take(kind, name, check) {
    const entry = this.#recorded[this.#cursor];
    if (!entry) return void 0;
    const found = activityName(entry);
    if (entry.kind !== kind || found !== name) {
      throw new NonDeterminismError(entry.seq, describe(kind, name), describe(entry.kind, found));
    }
    const difference = check?.(entry);
    if (difference) {
      throw new NonDeterminismError(entry.seq, `${describe(kind, name)} (${difference})`, "another one");
    }
    this.#cursor++;
    return entry;
  }
  #append(kind, payload, options = {}) {
    const entry = this.store.append(this.id, kind, payload, this.#signer, options);
    const known = this.#known;
    if (known && entry.seq === known.seq + 1 && entry.prev_hash === known.hashHex) {
      known.signatures.update(Buffer.from(entry.signature, "hex"));
      known.seq = entry.seq;
      known.hashHex = entry.entry_hash;
      if (++this.#sinceCheckpoint >= CHECKPOINT_INTERVAL || TERMINAL_KINDS.has(kind)) this.#checkpoint();
    } else {
      this.#known = void 0;
    }
    return entry;
  }
  /**
   * A deterministic orchestration entry (run_started, verdict, run_completed, …): replayed when
   * recorded, else `build` runs and its step is appended.
   */
  record(kind, build, options = {}) {
    this.#position++;
    const recorded = this.#take(kind, options.name ?? "", options.check);
    if (recorded) return recorded;
    const step = build();
    return this.#append(kind, step.payload, step.blobs ? { blobs: step.blobs } : {});
  }
  /**
   * An activity with an outcome (model call, tool call, check, vote): the recorded entry is
   * returned without executing; past the frontier `execute` runs and its step is appended.
   * `deferSync` (read-only tools only, see AppendOptions) commits it without its own fsync.
   */
  async activity(kind, name, execute, check, options = {}) {
    this.#position++;
    const recorded = this.#take(kind, name, check);
    if (recorded) return { entry: recorded, replayed: true };
    const step = await execute();
    return {
      entry: this.#append(kind, step.payload, {
        ...step.blobs ? { blobs: step.blobs } : {},
        ...options.deferSync ? { deferSync: true } : {}
      }),
      replayed: false
    };
  }
  /**
   * The split form of `activity` for steps that finish together (a panel's seats): takes the
   * recorded entry for this position, or returns undefined at the frontier; the caller then runs
   * the missing steps and appends each with `appendLive`, in the same order.
   */
  replayNext(kind, name, check) {
    this.#position++;
    return this.#take(kind, name, check);
  }
  /** Appends a live step for a position `replayNext` left unrecorded. */
  appendLive(kind, step) {
    if (this.replaying) {
      throw new Error(
        `appendLive(${kind}) while ${this.#recorded.length - this.#cursor} recorded entries remain`
      );
    }
    return this.#append(kind, step.payload, step.blobs ? { blobs: step.blobs } : {});
  }
  /**
   * A side-effecting call (git_commit, later PR creation): its signed provenance entry
   * `{name, input, result, memo_key}` and the `tool_memo` row are written in ONE append, so a resume
   * never repeats it. On replay the memo is used only when the signed entry at this position exists
   * and the memo matches it; a memo without signed provenance (or one that differs) is refused.
   */
  async sideEffect(kind, name, input, execute) {
    const key = `${name}#${this.#position}`;
    this.#position++;
    const wantInput = canonicalJson(input);
    const recorded = this.#take(
      kind,
      name,
      (entry2) => canonicalJson(entry2.payload.input ?? null) === wantInput ? null : "with a different input"
    );
    if (recorded) {
      const memoKey = String(recorded.payload.memo_key);
      const memo = this.store.memo(this.id, memoKey);
      if (!memo) {
        throw new MemoTamperError(
          `refusing to replay ${kind} "${name}" at seq ${recorded.seq}: its tool_memo row ${memoKey} is missing from ${this.store.path}`
        );
      }
      if (memo.seq !== recorded.seq || canonicalJson(memo.result) !== canonicalJson(recorded.payload.result ?? null)) {
        throw new MemoTamperError(
          `refusing to replay ${kind} "${name}" at seq ${recorded.seq}: tool_memo ${memoKey} does not match its signed provenance entry (tampered memo?)`
        );
      }
      return { result: memo.result, entry: recorded, replayed: true };
    }
    const stray = this.store.memo(this.id, key);
    if (stray) {
      throw new MemoTamperError(
        `refusing to trust tool_memo ${key} (seq ${stray.seq}): no signed ${kind} entry records it, so it was not written by this run (tampered memo?)`
      );
    }
    const result = await execute();
    const entry = this.#append(kind, { name, input, result, memo_key: key }, { memo: { key, result } });
    return { result, entry, replayed: false };
  }
  /** A journaled clock read (epoch ms): the orchestration may branch on it. */
  now() {
    const entry = this.record("clock_read", () => ({ payload: { now: this.#clock() } }));
    return Number(entry.payload.now);
  }
  /** A journaled random draw in [0, 1). */
  random() {
    const entry = this.record("random_draw", () => ({ payload: { value: this.#random() } }));
    return Number(entry.payload.value);
  }
  /**
   * Waits for `truss signal SESSION NAME`: a queued signal is consumed into a `signal_received`
   * entry (and marked delivered in the same transaction); with none queued the run suspends.
   * Returns the signal's payload.
   */
  async awaitSignal(name, reason) {
    const entry = this.#await({ signal: name }, reason, "signal_received", name, {
      release: () => {
        const pending = this.store.signals(this.id).find((s) => s.status === "pending" && s.name === name);
        if (!pending) return null;
        return {
          payload: { name, payload: pending.payload, queued_at: pending.created_at },
          options: { deliverSignal: { name, createdAt: pending.created_at } }
        };
      }
    });
    return entry.payload.payload ?? null;
  }
  /** A durable timer: `timer_set`, then suspend until `fireAt`; a resume at or after it appends `timer_fired`. */
  async sleepUntil(fireAt, reason) {
    const set = this.record("timer_set", () => ({ payload: { fire_at: fireAt } }));
    const due = Number(set.payload.fire_at);
    this.#await({ timer: set.seq }, reason, "timer_fired", "", {
      release: () => {
        const now = this.#clock();
        return now >= due ? { payload: { timer_seq: set.seq, fire_at: due, fired_at: now } } : null;
      },
      fireAt: due
    });
  }
  /**
   * An approval gate (ADR 0037): suspends with `await: {approval}` and is released only by a
   * signed, approved `human_review` appended after the `suspended` entry and attesting it
   * (signed by another key than the session's, which the store enforces). The latest decision
   * counts: rejected / needs_changes keep the run suspended (reported as `blocked`); a later
   * approval releases it. A queued signal never releases a gate. With `approvers`, only those
   * reviewer keys count.
   */
  async awaitApproval(gate, reason, approvers) {
    const latestReview = (suspended) => {
      let latest;
      for (let seq = suspended.seq + 1; ; seq++) {
        const entry = this.store.entry(this.id, seq);
        if (!entry) break;
        if (entry.kind !== HUMAN_REVIEW_KIND) continue;
        if (entry.payload.attested_head_hash !== suspended.entry_hash) continue;
        if (approvers && !approvers.has(String(entry.payload.reviewer_public_key))) continue;
        latest = entry;
      }
      return latest;
    };
    return this.#await({ approval: gate }, reason, "signal_received", APPROVAL_SIGNAL, {
      release: (suspended) => {
        if (!suspended) return null;
        const review = latestReview(suspended);
        if (review?.payload.decision !== "approved") return null;
        return {
          payload: {
            name: APPROVAL_SIGNAL,
            gate: plain(gate),
            review_seq: review.seq,
            review_entry_hash: review.entry_hash,
            reviewer_key_id: review.payload.reviewer_key_id
          }
        };
      },
      blocked: (suspended) => {
        const review = latestReview(suspended);
        if (!review) return null;
        return {
          decision: String(review.payload.decision),
          note: String(review.payload.note ?? ""),
          reviewer_key_id: String(review.payload.reviewer_key_id),
          seq: review.seq
        };
      },
      validate: (release, suspended) => {
        const review = this.store.entry(this.id, Number(release.payload.review_seq));
        const ok2 = suspended !== void 0 && review !== void 0 && review.kind === HUMAN_REVIEW_KIND && review.seq > suspended.seq && review.payload.decision === "approved" && review.payload.attested_head_hash === suspended.entry_hash && review.entry_hash === release.payload.review_entry_hash;
        if (!ok2) {
          throw new ResumeRefusedError(
            `refusing to resume ${this.id}: the approval release at seq ${release.seq} does not point at a signed approved human_review after its gate`
          );
        }
      }
    });
  }
  /**
   * The shared shape of every wait: an optional recorded `suspended` entry, then the release entry.
   * Replay consumes both; live, `release` decides whether the run may go on now.
   */
  #await(spec, reason, releaseKind, releaseName, how) {
    this.#position++;
    const awaitName = describeAwait(spec);
    let suspended;
    if (this.peek()?.kind === "suspended" || this.peek() && this.peek()?.kind !== releaseKind) {
      suspended = this.#take("suspended", awaitName);
    }
    const recorded = this.#take(releaseKind, releaseName);
    if (recorded) {
      how.validate?.(recorded, suspended);
      return recorded;
    }
    const release = how.release(suspended);
    if (release) return this.#append(releaseKind, release.payload, release.options ?? {});
    if (!suspended) {
      suspended = this.#append("suspended", {
        reason,
        await: plain(spec),
        ...how.fireAt !== void 0 ? { fire_at: how.fireAt } : {}
      });
    }
    throw new SuspendedError({
      seq: suspended.seq,
      reason,
      await: spec,
      ...how.fireAt !== void 0 ? { fireAt: how.fireAt } : {},
      blocked: how.blocked?.(suspended) ?? null
    });
  }
};

// src/core/verify/run-contract.ts
import { createHash as createHash7 } from "node:crypto";

// src/core/executors/delegated-activity.ts
import { createHash as createHash6 } from "node:crypto";

// src/core/executors/delegated-cli.ts
import { constants } from "node:fs";
import { access, stat } from "node:fs/promises";
import { delimiter, resolve as resolve4 } from "node:path";

// src/core/verify/process-supervisor.ts
import { spawn } from "node:child_process";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";

// src/core/verify/bounded-capture.ts
var DEFAULT_MAX_CAPTURE_BYTES = 16 * 1024 * 1024;
var DEFAULT_TAIL_BYTES = 4096;
var BoundedCapture = class {
  #maxBytes;
  #tailBytes;
  #head = [];
  #headLength = 0;
  #tail = [];
  #tailLength = 0;
  #total = 0;
  constructor(maxBytes = DEFAULT_MAX_CAPTURE_BYTES, tailBytes = DEFAULT_TAIL_BYTES) {
    this.#maxBytes = nonNegativeInteger(maxBytes, "maxCaptureBytes");
    this.#tailBytes = nonNegativeInteger(tailBytes, "tailBytes");
  }
  get totalBytes() {
    return this.#total;
  }
  push(chunk) {
    if (chunk.length === 0) return;
    this.#total += chunk.length;
    const room = this.#maxBytes - this.#headLength;
    if (room > 0) {
      const kept = chunk.length <= room ? chunk : Buffer.from(chunk.subarray(0, room));
      this.#head.push(kept);
      this.#headLength += kept.length;
    }
    if (this.#tailBytes === 0) return;
    if (chunk.length >= this.#tailBytes) {
      this.#tail = [Buffer.from(chunk.subarray(chunk.length - this.#tailBytes))];
      this.#tailLength = this.#tailBytes;
      return;
    }
    this.#tail.push(chunk);
    this.#tailLength += chunk.length;
    for (let first = this.#tail[0]; first && this.#tailLength - first.length >= this.#tailBytes; ) {
      this.#tail.shift();
      this.#tailLength -= first.length;
      first = this.#tail[0];
    }
  }
  result() {
    const bytes = Buffer.concat(this.#head, this.#headLength);
    const tailWindow = Buffer.concat(this.#tail, this.#tailLength);
    const tailBytes = tailWindow.subarray(Math.max(0, tailWindow.length - this.#tailBytes));
    return {
      bytes,
      totalBytes: this.#total,
      truncated: this.#total > bytes.length,
      tail: decodeTail(tailBytes, this.#total > tailBytes.length)
    };
  }
};
function decodeTail(window, startsMidStream) {
  let start = 0;
  if (startsMidStream) {
    while (start < 3 && start < window.length && ((window[start] ?? 0) & 192) === 128) start++;
  }
  return Buffer.from(window.buffer, window.byteOffset + start, window.length - start).toString("utf8");
}
function nonNegativeInteger(value, name) {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
  }
  return value;
}

// src/core/verify/process-group.ts
import { readdir, readFile } from "node:fs/promises";
function signalGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}
async function groupHasLiveMembers(pgid) {
  try {
    process.kill(-pgid, 0);
  } catch (error) {
    return error.code === "EPERM";
  }
  if (process.platform !== "linux") return true;
  let entries;
  try {
    entries = await readdir("/proc");
  } catch {
    return true;
  }
  const states = await Promise.all(
    entries.filter((name) => /^\d+$/.test(name)).map((pid) => readProcessGroupState(pid))
  );
  return states.some(
    (state) => state !== null && state.pgrp === pgid && state.state !== "Z" && state.state !== "X"
  );
}
async function readProcessGroupState(pid) {
  let stat3;
  try {
    stat3 = await readFile(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  const fields = stat3.slice(stat3.lastIndexOf(")") + 2).split(" ");
  const [state, , pgrp] = fields;
  if (state === void 0 || pgrp === void 0) return null;
  return { state, pgrp: Number(pgrp) };
}

// src/core/verify/process-supervisor.ts
var DEFAULT_KILL_GRACE_MS = 3e3;
var ORPHAN_TERM_GRACE_MS = 150;
var DRAIN_BOUND_MS = 500;
var ORPHAN_POLL_MS = 20;
var MAX_TIMER_MS = 2 ** 31 - 1;
async function runSupervised(options) {
  const started = performance.now();
  const stdout = new BoundedCapture(options.maxCaptureBytes, options.tailBytes);
  const stderr = new BoundedCapture(options.maxCaptureBytes, options.tailBytes);
  const termination = options.signal.aborted ? { exitCode: null, signal: null, timedOut: false, cancelled: true, spawnError: null } : await supervise(
    options,
    (chunk) => {
      stdout.push(chunk);
      options.onStdout?.(chunk);
    },
    (chunk) => {
      stderr.push(chunk);
      options.onStderr?.(chunk);
    }
  );
  return {
    ...termination,
    durationMs: performance.now() - started,
    stdout: stdout.result(),
    stderr: stderr.result()
  };
}
function supervise(options, onStdout, onStderr) {
  return new Promise((resolve7) => {
    const result = {
      exitCode: null,
      signal: null,
      timedOut: false,
      cancelled: false,
      spawnError: null
    };
    const timers = /* @__PURE__ */ new Set();
    const later = (ms2, fn2) => {
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          fn2();
        },
        Math.min(Math.max(0, ms2), MAX_TIMER_MS)
      );
      timers.add(timer);
    };
    let exited = false;
    let reaped = false;
    let settled = false;
    let openStreams = 2;
    let child;
    try {
      child = spawn(options.file, [...options.args], {
        argv0: options.argv0 ?? options.file,
        cwd: options.cwd,
        env: options.env,
        detached: true,
        // own process group, so the whole tree can be signalled
        shell: false,
        stdio: [options.stdin === null ? "ignore" : "pipe", "pipe", "pipe"],
        windowsHide: true
      });
    } catch (error) {
      const err2 = error;
      resolve7({ ...result, spawnError: { message: err2.message ?? String(error), code: err2.code } });
      return;
    }
    const pgid = child.pid;
    const out = child.stdout;
    const err = child.stderr;
    const streams = [out, err];
    const settle = () => {
      if (settled || !exited || !reaped || openStreams > 0) return;
      settled = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      options.signal.removeEventListener("abort", onAbort);
      resolve7(result);
    };
    const stop = (why) => {
      if (exited || result.timedOut || result.cancelled || pgid === void 0) return;
      if (why === "timeout") result.timedOut = true;
      else result.cancelled = true;
      signalGroup(pgid, "SIGTERM");
      later(options.killGraceMs ?? DEFAULT_KILL_GRACE_MS, () => {
        if (!exited) signalGroup(pgid, "SIGKILL");
      });
    };
    function onAbort() {
      stop("cancel");
    }
    const finishExit = () => {
      exited = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      later(DRAIN_BOUND_MS, () => {
        for (const stream of streams) stream.destroy();
      });
      if (pgid === void 0) {
        reaped = true;
        settle();
        return;
      }
      void reapGroup(pgid).then(() => {
        reaped = true;
        settle();
      });
    };
    out.on("data", onStdout);
    err.on("data", onStderr);
    for (const stream of streams) {
      stream.on("error", () => {
      });
      stream.once("close", () => {
        openStreams--;
        settle();
      });
    }
    child.once("exit", (code, signal) => {
      if (exited) return;
      result.exitCode = code;
      result.signal = signal;
      finishExit();
    });
    child.on("error", (error) => {
      if (exited) return;
      result.spawnError = { message: error.message, code: error.code };
      finishExit();
    });
    if (child.stdin && options.stdin !== null) {
      child.stdin.on("error", () => {
      });
      child.stdin.end(options.stdin, "utf8");
    }
    later(options.timeoutMs, () => stop("timeout"));
    options.signal.addEventListener("abort", onAbort, { once: true });
  });
}
async function reapGroup(pgid) {
  if (!signalGroup(pgid, "SIGTERM")) return;
  const start = performance.now();
  let killed = false;
  for (; ; ) {
    await sleep(ORPHAN_POLL_MS);
    if (!await groupHasLiveMembers(pgid)) return;
    const elapsed = performance.now() - start;
    if (!killed && elapsed >= ORPHAN_TERM_GRACE_MS) {
      signalGroup(pgid, "SIGKILL");
      killed = true;
    } else if (elapsed >= DRAIN_BOUND_MS - ORPHAN_POLL_MS) {
      return;
    }
  }
}

// src/core/executors/delegated-prompt.ts
import { createHash as createHash2 } from "node:crypto";
function buildDelegatedPrompt(input) {
  const title = input.contractTitle?.trim();
  const done = input.done.map((desc) => desc.trim()).filter((desc) => desc.length > 0);
  const lines = [
    "You are working in a git repository; the current directory is the working tree.",
    "Complete the task below by editing files in this working tree.",
    "",
    title ? `# Task: ${oneLine(title)}` : "# Task",
    "",
    input.intent.trim(),
    ""
  ];
  if (done.length > 0) {
    lines.push(
      "# Definition of done",
      "",
      "When you finish, your changes will be verified independently against every one of these criteria:",
      "",
      ...done.map((desc, i) => `${i + 1}. ${indentContinuation(desc, `${i + 1}. `.length)}`),
      ""
    );
  }
  lines.push(
    "# Instructions",
    "",
    "- Make the changes directly in the files of this working tree; committing is not required.",
    "- Keep the change focused on the task; do not modify unrelated files.",
    "- When you are done, reply with a short summary of what you changed.",
    ""
  );
  return lines.join("\n");
}
function promptSha256(prompt) {
  return createHash2("sha256").update(prompt, "utf8").digest("hex");
}
function oneLine(text) {
  return text.replace(/\s*\n\s*/g, " ");
}
function indentContinuation(text, width) {
  return text.replace(/\n/g, `
${" ".repeat(width)}`);
}

// src/core/executors/errors.ts
var DelegatedCliError = class extends Error {
  name = "DelegatedCliError";
};
var DelegatedCliConfigError = class extends DelegatedCliError {
  name = "DelegatedCliConfigError";
};
var DelegatedCommandNotFoundError = class extends DelegatedCliError {
  name = "DelegatedCommandNotFoundError";
  command;
  constructor(command, detail) {
    const where = command.includes("/") ? "" : " on PATH";
    super(
      `command ${command} not found${where}${detail ? ` (${detail})` : ""}; install it or change executor.command`
    );
    this.command = command;
  }
};
var DelegatedSpawnError = class extends DelegatedCliError {
  name = "DelegatedSpawnError";
  command;
  code;
  constructor(command, message2, code) {
    super(`could not start ${command}: ${message2}`);
    this.command = command;
    this.code = code;
  }
};

// src/core/executors/worktree-snapshot.ts
import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { isAbsolute as isAbsolute3, join, resolve as resolve3 } from "node:path";

// node_modules/@simple-git/args-pathspec/dist/index.mjs
var t = /* @__PURE__ */ new WeakMap();
function c(...n) {
  const e = new String(n);
  return t.set(e, n), e;
}
function r(n) {
  return n instanceof String && t.has(n);
}
function o(n) {
  return t.get(n) ?? [];
}

// node_modules/simple-git/dist/index.mjs
var import_file_exists = __toESM(require_dist(), 1);
var import_debug = __toESM(require_src(), 1);
var import_promise_deferred = __toESM(require_dist2(), 1);
import { spawn as ve } from "node:child_process";
import { normalize as Se } from "node:path";

// node_modules/@simple-git/argv-parser/dist/index.mjs
function* x(e, n) {
  const t2 = n === "global";
  for (const o2 of e)
    o2.isGlobal === t2 && (yield o2);
}
var P = /* @__PURE__ */ new Set([
  "--add",
  "--edit",
  "--remove-section",
  "--rename-section",
  "--replace-all",
  "--unset",
  "--unset-all",
  "-e"
]);
var S = /* @__PURE__ */ new Set([
  "--get",
  "--get-all",
  "--get-color",
  "--get-colorbool",
  "--get-regexp",
  "--get-urlmatch",
  "--list",
  "-l"
]);
var E = /* @__PURE__ */ new Set([
  "edit",
  "remove-section",
  "rename-section",
  "set",
  "unset"
]);
var F = /* @__PURE__ */ new Set(["get", "get-color", "get-colorbool", "list"]);
function A(e, n) {
  for (const { name: o2 } of x(e, "task")) {
    if (P.has(o2))
      return w(true, n);
    if (S.has(o2))
      return w(false, n);
  }
  const t2 = n.at(0)?.toLowerCase();
  return t2 === void 0 ? null : E.has(t2) ? w(true, n.slice(1)) : F.has(t2) ? w(false, n.slice(1)) : n.length === 1 ? w(false, n) : w(true, n);
}
function w(e = false, n = []) {
  const t2 = n.at(0)?.toLowerCase();
  return t2 === void 0 ? null : {
    isWrite: e,
    isRead: !e,
    key: t2,
    value: n.at(1)
  };
}
function O(e, n) {
  return n.isWrite && n.value !== void 0 ? { key: n.key, value: n.value, scope: e } : { key: n.key, scope: e };
}
function G(e) {
  const n = e?.indexOf("=") || -1;
  return !e || n < 0 ? null : {
    key: e.slice(0, n).trim().toLowerCase(),
    value: e.slice(n + 1)
  };
}
function M(e) {
  for (const { name: n } of x(e, "task"))
    switch (n) {
      case "--global":
        return "global";
      case "--system":
        return "system";
      case "--worktree":
        return "worktree";
      case "--local":
        return "local";
      case "--file":
      case "-f":
        return "file";
    }
  return "local";
}
function N({ name: e }) {
  if (e === "-c" || e === "--config")
    return "inline";
  if (e === "--config-env")
    return "env";
}
function* $(e) {
  for (const n of e) {
    const t2 = N(n), o2 = t2 && G(n.value);
    o2 && (yield {
      ...o2,
      scope: t2
    });
  }
}
function D(e, n, t2) {
  const o2 = {
    read: [],
    write: [...$(n)]
  };
  return e === "config" && L(
    o2,
    M(n),
    A(n, t2)
  ), o2;
}
function L(e, n, t2) {
  if (t2 === null)
    return;
  const o2 = O(n, t2);
  t2.isWrite ? e.write.push(o2) : e.read.push(o2);
}
var C = {
  short: /* @__PURE__ */ new Map([
    ["c", true]
    //  -c <k=v>    set config key for this invocation
  ])
};
var I = {
  short: new Map([
    ["C", true],
    //  -C <path>   change working directory
    ["P", false],
    // -P          no pager (alias for --no-pager)
    ["h", false],
    // -h          help
    ["p", false],
    // -p          paginate
    ["v", false],
    // -v          version
    ...C.short.entries()
  ]),
  long: /* @__PURE__ */ new Set([
    "attr-source",
    "config-env",
    "exec-path",
    "git-dir",
    "list-cmds",
    "namespace",
    "super-prefix",
    "work-tree"
  ])
};
var R = {
  clone: {
    short: /* @__PURE__ */ new Map([
      ["b", true],
      // -b <branch>
      ["j", true],
      // -j <n>          parallel jobs
      ["l", false],
      // -l local
      ["n", false],
      // -n no-checkout
      ["o", true],
      // -o <name>       remote name
      ["q", false],
      // -q quiet
      ["s", false],
      // -s shared
      ["u", true]
      // -u <upload-pack>
    ]),
    long: /* @__PURE__ */ new Set(["branch", "config", "jobs", "origin", "upload-pack", "u", "template"])
  },
  commit: {
    short: /* @__PURE__ */ new Map([
      ["C", true],
      // -C <commit>  reuse message
      ["F", true],
      // -F <file>    read message from file
      ["c", true],
      // -c <commit>  reedit message
      ["m", true],
      // -m <msg>
      ["t", true]
      // -t <template>
    ]),
    long: /* @__PURE__ */ new Set(["file", "message", "reedit-message", "reuse-message", "template"])
  },
  config: {
    short: /* @__PURE__ */ new Map([
      ["e", false],
      // -e  open editor
      ["f", true],
      //  -f <file>
      ["l", false]
      // -l  list
    ]),
    long: /* @__PURE__ */ new Set(["blob", "comment", "default", "file", "type", "value"])
  },
  fetch: {
    short: /* @__PURE__ */ new Map(),
    long: /* @__PURE__ */ new Set(["upload-pack"])
  },
  init: {
    short: /* @__PURE__ */ new Map(),
    long: /* @__PURE__ */ new Set(["template"])
  },
  pull: {
    short: /* @__PURE__ */ new Map(),
    long: /* @__PURE__ */ new Set(["upload-pack"])
  },
  push: {
    short: /* @__PURE__ */ new Map(),
    long: /* @__PURE__ */ new Set(["exec", "receive-pack"])
  },
  rebase: {
    short: /* @__PURE__ */ new Map([
      ["X", true],
      // -X <option>   strategy option
      ["f", false],
      // -f force-rebase
      ["i", false],
      // -i interactive
      ["k", false],
      // -k keep-base
      ["m", false],
      // -m merge
      ["n", false],
      // -n no-stat
      ["q", false],
      // -q quiet
      ["r", false],
      // -r rebase-merges
      ["s", true],
      // -s <strategy>
      ["v", false],
      // -v verbose
      ["x", true]
      // -x <cmd>      exec
    ]),
    long: /* @__PURE__ */ new Set(["exec", "onto", "strategy", "strategy-option"])
  }
};
var T = { short: /* @__PURE__ */ new Map(), long: /* @__PURE__ */ new Set() };
function B(e) {
  const n = R[e ?? ""] ?? T;
  return {
    short: new Map([...C.short.entries(), ...n.short.entries()]),
    long: n.long
  };
}
function b(e, n = I) {
  if (e.startsWith("--")) {
    const t2 = e.indexOf("=");
    if (t2 > 2)
      return [{ name: e.slice(0, t2), value: e.slice(t2 + 1), needsNext: false }];
    const o2 = e.slice(2);
    return [{ name: e, needsNext: n.long.has(o2) }];
  }
  if (e.length === 2) {
    const t2 = e.charAt(1), o2 = n.short.get(t2);
    return [{ name: e, needsNext: o2 === true }];
  }
  return j(e, n.short);
}
function j(e, n) {
  const t2 = e.slice(1).split(""), o2 = [];
  for (let a = 0; a < t2.length; a++) {
    const s = t2[a], r2 = n.get(s);
    if (r2 === void 0)
      return [{ name: e, needsNext: false }];
    if (r2) {
      const i = t2.slice(a + 1).join("");
      if (i && ![...i].every((m2) => n.has(m2)))
        return o2.push({ name: `-${s}`, value: i, needsNext: false }), o2;
    }
    o2.push({ name: `-${s}`, needsNext: r2 });
  }
  return o2;
}
function W(e, n = []) {
  let t2 = 0;
  for (; t2 < e.length; ) {
    const o2 = String(e[t2]);
    if (!o2.startsWith("-") || o2.length < 2) break;
    const a = b(o2);
    let s = t2 + 1;
    for (const r2 of a) {
      const i = {
        name: r2.name,
        value: r2.value,
        absorbedNext: false,
        isGlobal: true
      };
      r2.needsNext && i.value === void 0 && s < e.length && (i.value = String(e[s]), i.absorbedNext = true, s++), n.push(i);
    }
    t2 = s;
  }
  return { flags: n, taskIndex: t2 };
}
function V(e, n, t2 = []) {
  const o2 = B(n), a = [], s = [];
  let r2 = 0;
  for (; r2 < e.length; ) {
    const i = e[r2];
    if (r(i)) {
      s.push(...o(i)), r2++;
      continue;
    }
    const p2 = String(i);
    if (p2 === "--") {
      for (let d2 = r2 + 1; d2 < e.length; d2++) {
        const g2 = e[d2];
        r(g2) ? s.push(...o(g2)) : s.push(String(g2));
      }
      break;
    }
    if (!p2.startsWith("-") || p2.length < 2) {
      a.push(p2), r2++;
      continue;
    }
    const m2 = b(p2, o2);
    let u2 = r2 + 1;
    for (const d2 of m2) {
      const g2 = {
        name: d2.name,
        value: d2.value,
        absorbedNext: false,
        isGlobal: false
      };
      d2.needsNext && g2.value === void 0 && u2 < e.length && !r(e[u2]) && (g2.value = String(e[u2]), g2.absorbedNext = true, u2++), t2.push(g2);
    }
    r2 = u2;
  }
  return { flags: t2, positionals: a, pathspecs: s };
}
function* q({
  write: e
}) {
  for (const n of e)
    for (const t2 of K) {
      const o2 = t2(n.key);
      o2 && (yield o2);
    }
}
function f(e, n, t2 = String(e)) {
  const o2 = typeof e == "string" ? new RegExp(`\\s*${e.toLowerCase()}`) : e;
  return function(s) {
    if (o2.test(s))
      return {
        category: n,
        message: `Configuring ${t2} is not permitted without enabling ${n}`
      };
  };
}
function l(e, n) {
  const t2 = new RegExp(`\\s*${e.toLowerCase().replace(/\./g, "(..+)?.")}`);
  return f(t2, n, e);
}
var K = [
  f("alias", "allowUnsafeAlias"),
  f("core.askPass", "allowUnsafeAskPass"),
  f("core.editor", "allowUnsafeEditor"),
  f("core.fsmonitor", "allowUnsafeFsMonitor"),
  f("core.gitProxy", "allowUnsafeGitProxy"),
  f("core.hooksPath", "allowUnsafeHooksPath"),
  f("core.pager", "allowUnsafePager"),
  f("core.sshCommand", "allowUnsafeSshCommand"),
  l("credential.helper", "allowUnsafeCredentialHelper"),
  l("diff.command", "allowUnsafeDiffExternal"),
  f("diff.external", "allowUnsafeDiffExternal"),
  l("difftool.cmd", "allowUnsafeDiffExternal"),
  l("diff.textconv", "allowUnsafeDiffTextConv"),
  l("filter.clean", "allowUnsafeFilter"),
  l("filter.process", "allowUnsafeFilter"),
  l("filter.smudge", "allowUnsafeFilter"),
  l("gpg.program", "allowUnsafeGpgProgram"),
  f("include.path", "allowUnsafeInclude"),
  l("includeIf", "allowUnsafeInclude"),
  f("init.templateDir", "allowUnsafeTemplateDir"),
  l("pager.", "allowUnsafePager"),
  l("merge.driver", "allowUnsafeMergeDriver"),
  l("mergetool.path", "allowUnsafeMergeDriver"),
  l("mergetool.cmd", "allowUnsafeMergeDriver"),
  l("protocol.allow", "allowUnsafeProtocolOverride"),
  l("remote.receivepack", "allowUnsafePack"),
  l("remote.uploadpack", "allowUnsafePack"),
  f("uploadpack.packObjectsHook", "allowUnsafePack"),
  f("sequence.editor", "allowUnsafeEditor"),
  l("submodule.update", "allowUnsafeSubmodule"),
  l("tar.command", "allowUnsafeCommandBinaries"),
  l("trailer.cmd", "allowUnsafeCommandBinaries"),
  l("trailer.command", "allowUnsafeCommandBinaries"),
  l("url.insteadOf", "allowUnsafeUrlRewrite")
];
function* H(e, n) {
  for (const t2 of n)
    for (const o2 of X) {
      const a = o2(e, t2);
      a && (yield a);
    }
}
function c2(e, n, t2, { name: o2 = String(n), globalOnly: a = false, withValue: s = false } = {}) {
  const r2 = typeof n == "string" ? new RegExp(`\\s*${n.toLowerCase()}`) : n, i = `Use of ${e ? `${e} with option ` : ""}${o2} is not permitted without enabling ${t2}`;
  return function(m2, u2) {
    if (!(e && m2 !== e) && !(a && !u2.isGlobal) && !(s && u2.value === void 0) && r2.test(u2.name))
      return {
        category: t2,
        message: i
      };
  };
}
var h = { globalOnly: true, withValue: true };
var X = [
  c2(null, /--(upload|receive)-pack/, "allowUnsafePack", {
    name: "--upload-pack or --receive-pack"
  }),
  c2("clone", /^-\w*u/, "allowUnsafePack"),
  c2("clone", "--u", "allowUnsafePack"),
  c2("push", /^--exec$/, "allowUnsafePack", { name: "--exec" }),
  // `git` accepts unambiguous abbreviations of long options, so `--ex` and `--exe` are `--exec`
  c2("rebase", /^(-x|--ex(ec?)?)$/, "allowUnsafeExec", { name: "-x or --exec" }),
  c2(null, "--template", "allowUnsafeTemplateDir"),
  c2(null, "--exec-path", "allowUnsafeExec", h),
  // `git` reads the configuration of whichever repository these name, so the
  // directory alone is enough to deliver config the argv guards never see
  c2(null, "--git-dir", "allowUnsafeConfigPaths", h),
  c2(null, "--work-tree", "allowUnsafeConfigPaths", h),
  c2(null, /^-C$/, "allowUnsafeConfigPaths", { ...h, name: "-C" })
];
function k(e, n, t2) {
  return [...H(e, n), ...q(t2)];
}
function Y(...e) {
  const { flags: n, taskIndex: t2 } = W(e), o2 = t2 < e.length ? String(e[t2]).toLowerCase() : null, a = o2 !== null ? e.slice(t2 + 1) : [], { positionals: s, pathspecs: r2 } = V(a, o2, n), i = D(o2, n, s);
  return {
    task: o2,
    flags: n.map(J),
    paths: r2,
    config: i,
    vulnerabilities: z(k(o2, n, i))
  };
}
function z(e) {
  return Object.defineProperty(e, "vulnerabilities", {
    value: e
  });
}
function J({ value: e, name: n }) {
  return e !== void 0 ? { name: n, value: e } : { name: n };
}
var y = {
  editor: "allowUnsafeEditor",
  git_askpass: "allowUnsafeAskPass",
  git_config_global: "allowUnsafeConfigPaths",
  git_config_system: "allowUnsafeConfigPaths",
  git_config_count: "allowUnsafeConfigEnvCount",
  git_config_parameters: "allowUnsafeConfigEnvCount",
  git_config: "allowUnsafeConfigPaths",
  git_editor: "allowUnsafeEditor",
  git_exec_path: "allowUnsafeExec",
  git_external_diff: "allowUnsafeDiffExternal",
  git_pager: "allowUnsafePager",
  git_proxy_command: "allowUnsafeGitProxy",
  git_template_dir: "allowUnsafeTemplateDir",
  git_sequence_editor: "allowUnsafeEditor",
  git_ssh: "allowUnsafeSshCommand",
  git_ssh_command: "allowUnsafeSshCommand",
  pager: "allowUnsafePager",
  prefix: "allowUnsafeConfigPaths",
  ssh_askpass: "allowUnsafeAskPass",
  visual: "allowUnsafeEditor"
};
function* Q(e) {
  const n = parseInt(e.git_config_count ?? "0", 10);
  for (let t2 = 0; t2 < n; t2++) {
    const o2 = e[`git_config_key_${t2}`], a = e[`git_config_value_${t2}`];
    o2 !== void 0 && (yield { key: o2.toLowerCase().trim(), value: a, scope: "env" });
  }
}
function* Z(e) {
  for (const n of Object.keys(e))
    if (_(n)) {
      const t2 = y[n];
      yield {
        category: t2,
        message: `Use of "${n.toUpperCase()}" is not permitted without enabling ${t2}`
      };
    }
}
function _(e) {
  return Object.hasOwn(y, e);
}
function ee(e) {
  const n = {};
  for (const [t2, o2] of Object.entries(e)) {
    const a = t2.toLowerCase().trim();
    (_(a) || a.startsWith("git")) && (n[a] = String(o2));
  }
  return n;
}
function ne(e) {
  const n = ee(e), t2 = {
    read: [],
    write: [...Q(n)]
  }, o2 = [
    ...Z(n),
    ...k(null, [], t2)
  ];
  return {
    config: t2,
    vulnerabilities: o2
  };
}
function oe(e, n) {
  return [...Y(...e).vulnerabilities, ...ne(n).vulnerabilities];
}

// node_modules/simple-git/dist/index.mjs
import { EventEmitter as Ce } from "node:events";
var O2 = class extends Error {
  constructor(e, n) {
    super(n), this.task = e, Object.setPrototypeOf(this, new.target.prototype);
  }
};
var Ae = class extends O2 {
  constructor(e, n) {
    super(void 0, n), this.config = e;
  }
};
var A2 = class extends O2 {
  constructor(e, n, r2) {
    super(e, r2), this.task = e, this.plugin = n, Object.setPrototypeOf(this, new.target.prototype);
  }
};
var at = class extends O2 {
  constructor(e, n) {
    super(void 0, n || String(e)), this.git = e;
  }
};
var xe = class extends O2 {
  constructor(e) {
    super(void 0, e);
  }
};
var I2 = "\0";
var W2 = () => {
};
function Ne(t2) {
  return typeof t2 != "function" ? W2 : t2;
}
function $e(t2) {
  return typeof t2 == "function" && t2 !== W2;
}
function Pe(t2, e) {
  const n = t2.indexOf(e);
  return n <= 0 ? [t2, ""] : [t2.substr(0, n), t2.substr(n + 1)];
}
function Me(t2, e = 0) {
  return Dt(t2) && t2.length > e ? t2[e] : void 0;
}
function N2(t2, e = 0) {
  if (Dt(t2) && t2.length > e)
    return t2[t2.length - 1 - e];
}
function Dt(t2) {
  return Bt(t2);
}
function H2(t2 = "", e = true, n = `
`) {
  return t2.split(n).reduce((r2, s) => {
    const o2 = e ? s.trim() : s;
    return o2 && r2.push(o2), r2;
  }, []);
}
function ut(t2, e) {
  return H2(t2, true).map((n) => e(n));
}
function Lt(t2) {
  return (0, import_file_exists.exists)(t2, import_file_exists.FOLDER);
}
function S2(t2, e) {
  return Array.isArray(t2) ? t2.includes(e) || t2.push(e) : t2.add(e), e;
}
function De(t2, e) {
  return Array.isArray(t2) && !t2.includes(e) && t2.push(e), t2;
}
function ct(t2, e) {
  if (Array.isArray(t2)) {
    const n = t2.indexOf(e);
    n >= 0 && t2.splice(n, 1);
  } else
    t2.delete(e);
  return e;
}
var ft = Object.prototype.toString.call.bind(Object.prototype.toString);
function v(t2) {
  return Array.isArray(t2) ? t2 : [t2];
}
function jt(t2) {
  return t2.replace(/[\s-]+(.)/g, (e, n) => n.toUpperCase());
}
function L2(t2) {
  return v(t2).map((e) => e instanceof String ? e : String(e));
}
function p(t2, e = 0) {
  if (t2 == null)
    return e;
  const n = parseInt(t2, 10);
  return Number.isNaN(n) ? e : n;
}
function U(t2, e) {
  const n = [];
  for (let r2 = 0, s = t2.length; r2 < s; r2++)
    n.push(e, t2[r2]);
  return n;
}
function F2(t2) {
  return (Array.isArray(t2) ? Buffer.concat(t2) : t2).toString("utf-8");
}
function Le(t2) {
  return t2 ? Buffer.isBuffer(t2) ? t2.length : Buffer.byteLength(t2) : 0;
}
function je(t2, e) {
  const n = {};
  return e.forEach((r2) => {
    t2[r2] !== void 0 && (n[r2] = t2[r2]);
  }), n;
}
function wt(t2 = 0) {
  return new Promise((e) => setTimeout(e, t2));
}
function bt(t2) {
  if (t2 !== false)
    return t2;
}
function d(t2, e, n) {
  return e(t2) ? t2 : arguments.length > 2 ? n : void 0;
}
var K2 = (t2) => Array.isArray(t2);
function st(t2, e) {
  const n = r(t2) ? "string" : typeof t2;
  return /number|string|boolean/.test(n) && (!e || !e.includes(n));
}
var m = (t2) => typeof t2 == "string" || r(t2);
var Be = (t2) => m(t2) || Buffer.isBuffer(t2);
var G2 = (t2) => m(t2) || Array.isArray(t2) && t2.every(m);
function lt(t2) {
  return !!t2 && ft(t2) === "[object Object]";
}
function Ie(t2) {
  return typeof t2 == "function";
}
var Bt = (t2) => t2 == null || "number|boolean|function".includes(typeof t2) ? false : typeof t2.length == "number";
var V2 = /* @__PURE__ */ ((t2) => (t2[t2.SUCCESS = 0] = "SUCCESS", t2[t2.ERROR = 1] = "ERROR", t2[t2.NOT_FOUND = -2] = "NOT_FOUND", t2[t2.UNCLEAN = 128] = "UNCLEAN", t2))(V2 || {});
var z2 = class _z {
  constructor(e, n) {
    this.stdOut = e, this.stdErr = n;
  }
  asStrings() {
    return new _z(this.stdOut.toString("utf8"), this.stdErr.toString("utf8"));
  }
};
function Ue() {
  throw new Error("LineParser:useMatches not implemented");
}
var l2 = class {
  constructor(e, n) {
    this.matches = [], this.useMatches = Ue, this.parse = (r2, s) => (this.resetMatches(), this._regExp.every((o2, i) => this.addMatch(o2, i, r2(i))) ? this.useMatches(s, this.prepareMatches()) !== false : false), this._regExp = Array.isArray(e) ? e : [e], n && (this.useMatches = n);
  }
  resetMatches() {
    this.matches.length = 0;
  }
  prepareMatches() {
    return this.matches;
  }
  addMatch(e, n, r2) {
    const s = r2 && e.exec(r2);
    return s && this.pushMatch(n, s), !!s;
  }
  pushMatch(e, n) {
    this.matches.push(...n.slice(1));
  }
};
var x2 = class extends l2 {
  addMatch(e, n, r2) {
    return /^remote:\s/.test(String(r2)) && super.addMatch(e, n, r2);
  }
  pushMatch(e, n) {
    (e > 0 || n.length > 1) && super.pushMatch(e, n);
  }
};
var Fe = {
  binary: "git",
  maxConcurrentProcesses: 5,
  config: [],
  trimmed: false
};
function Ge(...t2) {
  const e = process.cwd(), n = Object.assign(
    { baseDir: e, ...Fe },
    ...t2.filter((r2) => typeof r2 == "object" && r2)
  );
  return n.baseDir = n.baseDir || e, n.trimmed = n.trimmed === true, n;
}
function It(t2, e = []) {
  return lt(t2) ? Object.keys(t2).reduce((n, r2) => {
    const s = t2[r2];
    if (r(s))
      n.push(s);
    else if (st(s, ["boolean"]))
      n.push(r2 + "=" + s);
    else if (Array.isArray(s))
      for (const o2 of s)
        st(o2, ["string", "number"]) || n.push(r2 + "=" + o2);
    else
      n.push(r2);
    return n;
  }, e) : e;
}
function h2(t2, e = 0, n = false) {
  const r2 = [];
  for (let s = 0, o2 = e < 0 ? t2.length : e; s < o2; s++)
    "string|number".includes(typeof t2[s]) && r2.push(String(t2[s]));
  return It(ht(t2), r2), n || r2.push(...ze(t2)), r2;
}
function ze(t2) {
  const e = typeof N2(t2) == "function";
  return L2(d(N2(t2, e ? 1 : 0), K2, []));
}
function ht(t2) {
  const e = Ie(N2(t2));
  return d(N2(t2, e ? 1 : 0), lt);
}
function u(t2, e = true) {
  const n = Ne(N2(t2));
  return e || $e(n) ? n : void 0;
}
function Tt(t2, e) {
  return t2(e.stdOut, e.stdErr);
}
function E2(t2, e, n, r2 = true) {
  return v(n).forEach((s) => {
    for (let o2 = H2(s, r2), i = 0, a = o2.length; i < a; i++) {
      const c3 = (y2 = 0) => {
        if (!(i + y2 >= a))
          return o2[i + y2];
      };
      e.some(({ parse: y2 }) => y2(c3, t2));
    }
  }), t2;
}
var mt = ({ exitCode: t2 }, e, n, r2) => {
  if (t2 === V2.UNCLEAN && Ve(e))
    return n(Buffer.from("false"));
  r2(e);
};
var Ut = (t2) => t2.trim() === "true";
function We(t2) {
  switch (t2) {
    case "bare":
      return Ke();
    case "root":
      return He();
  }
  return {
    commands: ["rev-parse", "--is-inside-work-tree"],
    format: "utf-8",
    onError: mt,
    parser: Ut
  };
}
function He() {
  return {
    commands: ["rev-parse", "--git-dir"],
    format: "utf-8",
    onError: mt,
    parser(e) {
      return /^\.(git)?$/.test(e.trim());
    }
  };
}
function Ke() {
  return {
    commands: ["rev-parse", "--is-bare-repository"],
    format: "utf-8",
    onError: mt,
    parser: Ut
  };
}
function Ve(t2) {
  return /(Not a git repository|Kein Git-Repository)/i.test(String(t2));
}
var Xe = class {
  constructor(e) {
    this.paths = [], this.files = [], this.folders = [], this.dryRun = e;
  }
};
var Ye = /^[a-z]+\s*/i;
var Qe = /^[a-z]+\s+[a-z]+\s*/i;
var Je = /\/$/;
function Ze(t2, e) {
  const n = new Xe(t2), r2 = t2 ? Qe : Ye;
  return H2(e).forEach((s) => {
    const o2 = s.replace(r2, "");
    n.paths.push(o2), (Je.test(o2) ? n.folders : n.files).push(o2);
  }), n;
}
var Ft = [];
function tn(t2) {
  return {
    commands: Ft,
    format: "empty",
    parser: t2
  };
}
function b2(t2) {
  return {
    commands: Ft,
    format: "empty",
    parser() {
      throw typeof t2 == "string" ? new xe(t2) : t2;
    }
  };
}
function g(t2, e = false) {
  return {
    commands: t2,
    format: "utf-8",
    parser(n) {
      return e ? String(n).trim() : n;
    }
  };
}
function Gt(t2) {
  return {
    commands: t2,
    format: "buffer",
    parser(e) {
      return e;
    }
  };
}
function en(t2) {
  return t2.format === "buffer";
}
function kt(t2) {
  return t2.format === "empty" || !t2.commands.length;
}
var nn = "Git clean interactive mode is not supported";
var rn = 'Git clean mode parameter ("n" or "f") is required';
var sn = "Git clean unknown option found in: ";
var zt = /* @__PURE__ */ ((t2) => (t2.DRY_RUN = "n", t2.FORCE = "f", t2.IGNORED_INCLUDED = "x", t2.IGNORED_ONLY = "X", t2.EXCLUDING = "e", t2.QUIET = "q", t2.RECURSIVE = "d", t2))(zt || {});
var qt = /* @__PURE__ */ new Set([
  "i",
  ...L2(Object.values(zt))
]);
function on(t2, e) {
  const { cleanMode: n, options: r2, valid: s } = cn(t2);
  return n ? s.options ? (r2.push(...e), r2.some(hn) ? b2(nn) : an(n, r2)) : b2(sn + JSON.stringify(t2)) : b2(rn);
}
function an(t2, e) {
  return {
    commands: ["clean", `-${t2}`, ...e],
    format: "utf-8",
    parser(r2) {
      return Ze(t2 === "n", r2);
    }
  };
}
function un(t2) {
  return Array.isArray(t2) && t2.every((e) => qt.has(e));
}
function cn(t2) {
  let e, n = [], r2 = { cleanMode: false, options: true };
  return t2.replace(/[^a-z]i/g, "").split("").forEach((s) => {
    fn(s) ? (e = s, r2.cleanMode = true) : r2.options = r2.options && ln(n[n.length] = `-${s}`);
  }), {
    cleanMode: e,
    options: n,
    valid: r2
  };
}
function fn(t2) {
  return t2 === "f" || t2 === "n";
}
function ln(t2) {
  return /^-[a-z]$/i.test(t2) && qt.has(t2.charAt(1));
}
function hn(t2) {
  return /^-[^\-]/.test(t2) ? t2.indexOf("i") > 0 : t2 === "--interactive";
}
var mn = class {
  constructor() {
    this.files = [], this.values = /* @__PURE__ */ Object.create(null);
  }
  get all() {
    return this._all || (this._all = this.files.reduce((e, n) => Object.assign(e, this.values[n]), {})), this._all;
  }
  addFile(e) {
    if (!(e in this.values)) {
      const n = N2(this.files);
      this.values[e] = n ? Object.create(this.values[n]) : {}, this.files.push(e);
    }
    return this.values[e];
  }
  addValue(e, n, r2) {
    const s = this.addFile(e);
    Object.hasOwn(s, n) ? Array.isArray(s[n]) ? s[n].push(r2) : s[n] = [s[n], r2] : s[n] = r2, this._all = void 0;
  }
};
function pn(t2) {
  const e = new mn();
  for (const n of Wt(t2))
    e.addValue(n.file, String(n.key), n.value);
  return e;
}
function dn(t2, e) {
  let n = null;
  const r2 = [], s = /* @__PURE__ */ new Map();
  for (const o2 of Wt(t2, e))
    o2.key === e && (r2.push(n = o2.value), s.has(o2.file) || s.set(o2.file, []), s.get(o2.file).push(n));
  return {
    key: e,
    paths: Array.from(s.keys()),
    scopes: s,
    value: n,
    values: r2
  };
}
function gn(t2) {
  return t2.replace(/^(file):/, "");
}
function* Wt(t2, e = null) {
  const n = t2.split("\0");
  for (let r2 = 0, s = n.length - 1; r2 < s; ) {
    const o2 = gn(n[r2++]);
    let i = n[r2++], a = e;
    if (i.includes(`
`)) {
      const c3 = Pe(i, `
`);
      a = c3[0], i = c3[1];
    }
    yield { file: o2, key: a, value: i };
  }
}
var Ht = /* @__PURE__ */ ((t2) => (t2.system = "system", t2.global = "global", t2.local = "local", t2.worktree = "worktree", t2))(Ht || {});
function Y2(t2, e) {
  return typeof t2 == "string" && Object.hasOwn(Ht, t2) ? t2 : e;
}
function yn(t2, e, n, r2) {
  const s = ["config", `--${r2}`];
  return n && s.push("--add"), s.push(t2, e), {
    commands: s,
    format: "utf-8",
    parser(o2) {
      return o2;
    }
  };
}
function wn(t2, e) {
  const n = ["config", "--null", "--show-origin", "--get-all", t2];
  return e && n.splice(1, 0, `--${e}`), {
    commands: n,
    format: "utf-8",
    parser(r2) {
      return dn(r2, t2);
    }
  };
}
function bn(t2) {
  const e = ["config", "--list", "--show-origin", "--null"];
  return t2 && e.push(`--${t2}`), {
    commands: e,
    format: "utf-8",
    parser(n) {
      return pn(n);
    }
  };
}
function Tn() {
  return {
    addConfig(t2, e, ...n) {
      return this._runTask(
        yn(
          t2,
          e,
          n[0] === true,
          Y2(
            n[1],
            "local"
            /* local */
          )
        ),
        u(arguments)
      );
    },
    getConfig(t2, e) {
      return this._runTask(
        wn(t2, Y2(e, void 0)),
        u(arguments)
      );
    },
    listConfig(...t2) {
      return this._runTask(
        bn(Y2(t2[0], void 0)),
        u(arguments)
      );
    }
  };
}
var Kt = /* @__PURE__ */ ((t2) => (t2.ADDED = "A", t2.COPIED = "C", t2.DELETED = "D", t2.MODIFIED = "M", t2.RENAMED = "R", t2.CHANGED = "T", t2.UNMERGED = "U", t2.UNKNOWN = "X", t2.BROKEN = "B", t2))(Kt || {});
var kn = new Set(Object.values(Kt));
function _n(t2) {
  return kn.has(t2);
}
var _t;
var vn = ["-h"];
var j2 = /* @__PURE__ */ Symbol("grepQuery");
var En = class {
  constructor() {
    this[_t] = [];
  }
  *[(_t = j2, Symbol.iterator)]() {
    for (const e of this[j2])
      yield e;
  }
  and(...e) {
    return e.length && this[j2].push("--and", "(", ...U(e, "-e"), ")"), this;
  }
  param(...e) {
    return this[j2].push(...U(e, "-e")), this;
  }
};
function Sn(...t2) {
  return new En().param(...t2);
}
function Rn(t2) {
  const e = /* @__PURE__ */ new Set(), n = {};
  return ut(t2, (r2) => {
    const [s, o2, i] = r2.split(I2);
    e.add(s), (n[s] = n[s] || []).push({
      line: p(o2),
      path: s,
      preview: i
    });
  }), {
    paths: e,
    results: n
  };
}
function On() {
  return {
    grep(t2) {
      const e = u(arguments), n = h2(arguments);
      for (const s of vn)
        if (n.includes(s))
          return this._runTask(
            b2(`git.grep: use of "${s}" is not supported.`),
            e
          );
      typeof t2 == "string" && (t2 = Sn().param(t2));
      const r2 = ["grep", "--null", "-n", "--full-name", ...n, ...t2];
      return this._runTask(
        {
          commands: r2,
          format: "utf-8",
          parser(s) {
            return Rn(s);
          }
        },
        e
      );
    }
  };
}
var Vt = /* @__PURE__ */ ((t2) => (t2.MIXED = "mixed", t2.SOFT = "soft", t2.HARD = "hard", t2.MERGE = "merge", t2.KEEP = "keep", t2))(Vt || {});
var Cn = L2(Object.values(Vt));
function An(t2, e) {
  const n = ["reset"];
  return Xt(t2) && n.push(`--${t2}`), n.push(...e), g(n);
}
function xn(t2) {
  if (Xt(t2))
    return t2;
  switch (typeof t2) {
    case "string":
    case "undefined":
      return "soft";
  }
}
function Xt(t2) {
  return typeof t2 == "string" && Cn.includes(t2);
}
import_debug.default.formatters.L = (t2) => String(Bt(t2) ? t2.length : "-");
import_debug.default.formatters.B = (t2) => Buffer.isBuffer(t2) ? t2.toString("utf8") : ft(t2);
function Nn() {
  return (0, import_debug.default)("simple-git");
}
function vt(t2, e, n) {
  return !e || !String(e).replace(/\s*/, "") ? n ? (r2, ...s) => {
    t2(r2, ...s), n(r2, ...s);
  } : t2 : (r2, ...s) => {
    t2(`%s ${r2}`, e, ...s), n && n(r2, ...s);
  };
}
function $n(t2, e, { namespace: n }) {
  if (typeof t2 == "string")
    return t2;
  const r2 = e && e.namespace || "";
  return r2.startsWith(n) ? r2.substr(n.length + 1) : r2 || n;
}
function $2(t2, e, n, r2 = Nn()) {
  const s = t2 && `[${t2}]` || "", o2 = [], i = typeof e == "string" ? r2.extend(e) : e, a = $n(d(e, m), i, r2);
  return y2(n);
  function c3(w2, T2) {
    return S2(
      o2,
      $2(t2, a.replace(/^[^:]+/, w2), T2, r2)
    );
  }
  function y2(w2) {
    const T2 = w2 && `[${w2}]` || "", k2 = i && vt(i, T2) || W2, C2 = vt(r2, `${s} ${T2}`, k2);
    return Object.assign(i ? k2 : C2, {
      label: t2,
      sibling: c3,
      info: C2,
      step: y2
    });
  }
}
var M2 = class M3 {
  constructor(e = "GitExecutor") {
    this.logLabel = e, this._queue = /* @__PURE__ */ new Map();
  }
  withProgress(e) {
    return this._queue.get(e);
  }
  createProgress(e) {
    const n = M3.getName(e.commands[0]), r2 = $2(this.logLabel, n);
    return {
      task: e,
      logger: r2,
      name: n
    };
  }
  push(e) {
    const n = this.createProgress(e);
    return n.logger("Adding task to the queue, commands = %o", e.commands), this._queue.set(e, n), n;
  }
  fatal(e) {
    for (const [n, { logger: r2 }] of Array.from(this._queue.entries()))
      n === e.task ? (r2.info("Failed %o", e), r2(
        "Fatal exception, any as-yet un-started tasks run through this executor will not be attempted"
      )) : r2.info(
        "A fatal exception occurred in a previous task, the queue has been purged: %o",
        e.message
      ), this.complete(n);
    if (this._queue.size !== 0)
      throw new Error(`Queue size should be zero after fatal: ${this._queue.size}`);
  }
  complete(e) {
    this.withProgress(e) && this._queue.delete(e);
  }
  attempt(e) {
    const n = this.withProgress(e);
    if (!n)
      throw new O2(void 0, "TasksPendingQueue: attempt called for an unknown task");
    return n.logger("Starting task"), n;
  }
  static getName(e = "empty") {
    return `task:${e}:${++M3.counter}`;
  }
};
M2.counter = 0;
var ot = M2;
var Pn = class {
  constructor(e, n, r2) {
    this._executor = e, this._scheduler = n, this._plugins = r2, this._chain = Promise.resolve(), this._queue = new ot();
  }
  get cwd() {
    return this._cwd || this._executor.cwd;
  }
  set cwd(e) {
    this._cwd = e;
  }
  get env() {
    return this._executor.env;
  }
  get outputHandler() {
    return this._executor.outputHandler;
  }
  chain() {
    return this;
  }
  push(e) {
    return this._queue.push(e), this._chain = this._chain.then(() => this.attemptTask(e));
  }
  async attemptTask(e) {
    const n = await this._scheduler.next(), r2 = () => this._queue.complete(e);
    try {
      const { logger: s } = this._queue.attempt(e);
      return await (kt(e) ? this.attemptEmptyTask(e, s) : this.attemptRemoteTask(e, s));
    } catch (s) {
      throw this.onFatalException(e, s);
    } finally {
      r2(), n();
    }
  }
  onFatalException(e, n) {
    const r2 = n instanceof O2 ? Object.assign(n, { task: e }) : new O2(e, n && String(n));
    return this._chain = Promise.resolve(), this._queue.fatal(r2), r2;
  }
  async attemptRemoteTask(e, n) {
    const r2 = this._plugins.exec("spawn.binary", "", this.taskContext(e, e.commands)), s = this._plugins.exec(
      "spawn.args",
      [...e.commands],
      this.taskContext(e, e.commands)
    ), o2 = await this.gitResponse(
      e,
      r2,
      s,
      this.outputHandler,
      n.step("SPAWN")
    ), i = await this.handleTaskData(e, s, o2, n.step("HANDLE"));
    return n("passing response to task's parser as a %s", e.format), en(e) ? Tt(e.parser, i) : Tt(e.parser, i.asStrings());
  }
  async attemptEmptyTask(e, n) {
    return n("empty task bypassing child process to call to task's parser"), e.parser(this);
  }
  handleTaskData(e, n, r2, s) {
    const { exitCode: o2, rejection: i, stdOut: a, stdErr: c3 } = r2;
    return new Promise((y2, w2) => {
      s("Preparing to handle process response exitCode=%d stdOut=", o2);
      const { error: T2 } = this._plugins.exec(
        "task.error",
        { error: i },
        {
          ...this.taskContext(e, n),
          ...r2
        }
      );
      if (T2 && e.onError)
        return s.info("exitCode=%s handling with custom error handler"), e.onError(
          r2,
          T2,
          (k2) => {
            s.info("custom error handler treated as success"), s("custom error returned a %s", ft(k2)), y2(
              new z2(
                Array.isArray(k2) ? Buffer.concat(k2) : k2,
                Buffer.concat(c3)
              )
            );
          },
          w2
        );
      if (T2)
        return s.info(
          "handling as error: exitCode=%s stdErr=%s rejection=%o",
          o2,
          c3.length,
          i
        ), w2(T2);
      s.info("retrieving task output complete"), y2(new z2(Buffer.concat(a), Buffer.concat(c3)));
    });
  }
  async gitResponse(e, n, r2, s, o2) {
    const i = o2.sibling("output"), a = this._plugins.exec(
      "spawn.options",
      {
        cwd: this.cwd,
        env: this.env,
        windowsHide: true
      },
      this.taskContext(e, e.commands)
    );
    return new Promise((c3) => {
      const y2 = [], w2 = [];
      o2.info("%s %o", n, r2), o2("%O", a);
      let T2 = this._beforeSpawn(e, r2);
      if (T2)
        return c3({
          stdOut: y2,
          stdErr: w2,
          exitCode: 9901,
          rejection: T2
        });
      this._plugins.exec("spawn.before", void 0, {
        ...this.taskContext(e, r2),
        kill(C2) {
          T2 = C2 || T2;
        }
      });
      const k2 = ve(n, r2, a);
      k2.stdout.on(
        "data",
        Et(y2, "stdOut", o2, i.step("stdOut"))
      ), k2.stderr.on(
        "data",
        Et(w2, "stdErr", o2, i.step("stdErr"))
      ), k2.on("error", Mn(w2, o2)), s && (o2("Passing child process stdOut/stdErr to custom outputHandler"), s(n, k2.stdout, k2.stderr, [...r2])), this._plugins.exec("spawn.after", void 0, {
        ...this.taskContext(e, r2),
        spawned: k2,
        close(C2, Te) {
          c3({
            stdOut: y2,
            stdErr: w2,
            exitCode: C2,
            rejection: T2 || Te
          });
        },
        kill(C2) {
          k2.killed || (T2 = C2, k2.kill("SIGINT"));
        }
      });
    });
  }
  _beforeSpawn(e, n) {
    let r2;
    return this._plugins.exec("spawn.before", void 0, {
      ...this.taskContext(e, n),
      kill(s) {
        r2 = s || r2;
      }
    }), r2;
  }
  taskContext(e, n) {
    return {
      method: String(Me(e.commands) || ""),
      commands: n,
      env: { ...this.env },
      input: kt(e) ? void 0 : e.input
    };
  }
};
function Mn(t2, e) {
  return (n) => {
    e("[ERROR] child process exception %o", n), t2.push(Buffer.from(String(n.stack), "ascii"));
  };
}
function Et(t2, e, n, r2) {
  return (s) => {
    n("%s received %L bytes", e, s), r2("%B", s), t2.push(s);
  };
}
var Dn = class {
  constructor(e, n, r2) {
    this.cwd = e, this._scheduler = n, this._plugins = r2, this._chain = this.chain();
  }
  chain() {
    return new Pn(this, this._scheduler, this._plugins);
  }
  push(e) {
    return this._chain.push(e);
  }
};
function Ln(t2, e, n = W2) {
  const r2 = (o2) => {
    n(null, o2);
  }, s = (o2) => {
    o2?.task === t2 && n(o2, void 0);
  };
  e.then(r2, s);
}
function St(t2, e) {
  return tn((n) => {
    if (!Lt(t2))
      throw new Error(`Git.cwd: cannot change to non-directory "${t2}"`);
    return (e || n).cwd = t2;
  });
}
function Q2(t2) {
  const e = ["checkout", ...t2];
  return e[1] === "-b" && e.includes("-B") && (e[1] = ct(e, "-B")), g(e);
}
function jn() {
  return {
    checkout() {
      return this._runTask(
        Q2(h2(arguments, 1)),
        u(arguments)
      );
    },
    checkoutBranch(t2, e) {
      return this._runTask(
        Q2(["-b", t2, e, ...h2(arguments)]),
        u(arguments)
      );
    },
    checkoutLocalBranch(t2) {
      return this._runTask(
        Q2(["-b", t2, ...h2(arguments)]),
        u(arguments)
      );
    }
  };
}
var Yt = (t2, e, n) => {
  const r2 = ["clone", ...n];
  return m(t2) && r2.push(c(t2)), m(e) && r2.push(c(e)), g(r2);
};
var Bn = (t2, e, n) => (S2(n, "--mirror"), Yt(t2, e, n));
function Rt(t2, e, n, ...r2) {
  return m(n) ? e(n, d(r2[0], m), h2(arguments)) : b2(`git.${t2}() requires a string 'repoPath'`);
}
function In() {
  return {
    clone(t2, ...e) {
      return this._runTask(
        Rt("clone", Yt, d(t2, m), ...e),
        u(arguments)
      );
    },
    mirror(t2, ...e) {
      return this._runTask(
        Rt("mirror", Bn, d(t2, m), ...e),
        u(arguments)
      );
    }
  };
}
var Un = [
  new l2(/^\[([^\s]+)( \([^)]+\))? ([^\]]+)/, (t2, [e, n, r2]) => {
    t2.branch = e, t2.commit = r2, t2.root = !!n;
  }),
  new l2(/\s*Author:\s(.+)/i, (t2, [e]) => {
    const n = e.split("<"), r2 = n.pop();
    !r2 || !r2.includes("@") || (t2.author = {
      email: r2.substr(0, r2.length - 1),
      name: n.join("<").trim()
    });
  }),
  new l2(
    /(\d+)[^,]*(?:,\s*(\d+)[^,]*)(?:,\s*(\d+))/g,
    (t2, [e, n, r2]) => {
      t2.summary.changes = parseInt(e, 10) || 0, t2.summary.insertions = parseInt(n, 10) || 0, t2.summary.deletions = parseInt(r2, 10) || 0;
    }
  ),
  new l2(
    /^(\d+)[^,]*(?:,\s*(\d+)[^(]+\(([+-]))?/,
    (t2, [e, n, r2]) => {
      t2.summary.changes = parseInt(e, 10) || 0;
      const s = parseInt(n, 10) || 0;
      r2 === "-" ? t2.summary.deletions = s : r2 === "+" && (t2.summary.insertions = s);
    }
  )
];
function Fn(t2) {
  return E2({
    author: null,
    branch: "",
    commit: "",
    root: false,
    summary: {
      changes: 0,
      insertions: 0,
      deletions: 0
    }
  }, Un, t2);
}
function Gn(t2, e, n) {
  return {
    commands: [
      "-c",
      "core.abbrev=40",
      "commit",
      ...U(t2, "-m"),
      ...e,
      ...n
    ],
    format: "utf-8",
    parser: Fn
  };
}
function zn() {
  return {
    commit(e, ...n) {
      const r2 = u(arguments), s = t2(e) || Gn(
        v(e),
        v(d(n[0], G2, [])),
        [
          ...L2(d(n[1], K2, [])),
          ...h2(arguments, 0, true)
        ]
      );
      return this._runTask(s, r2);
    }
  };
  function t2(e) {
    return !G2(e) && b2(
      "git.commit: requires the commit message to be supplied as a string/string[]"
    );
  }
}
function qn() {
  return {
    count: 0,
    garbage: 0,
    inPack: 0,
    packs: 0,
    prunePackable: 0,
    size: 0,
    sizeGarbage: 0,
    sizePack: 0
  };
}
var Wn = new l2(
  /([a-z-]+): (\d+)$/,
  (t2, [e, n]) => {
    const r2 = jt(e);
    Object.hasOwn(t2, r2) && (t2[r2] = p(n));
  }
);
function Hn() {
  return {
    countObjects() {
      return this._runTask({
        commands: ["count-objects", "--verbose"],
        format: "utf-8",
        parser(t2) {
          return E2(qn(), [Wn], t2);
        }
      });
    }
  };
}
function Kn() {
  return {
    firstCommit() {
      return this._runTask(
        g(["rev-list", "--max-parents=0", "HEAD"], true),
        u(arguments)
      );
    }
  };
}
function Vn(t2, e) {
  const n = ["hash-object", t2];
  return e && n.push("-w"), g(n, true);
}
var J2 = class {
  constructor(e, n, r2, s) {
    this.bare = e, this.path = n, this.existing = r2, this.gitDir = s;
  }
};
var Xn = /^Init.+ repository in (.+)$/;
var Yn = /^Rein.+ in (.+)$/;
function Qn(t2, e, n) {
  const r2 = String(n).trim();
  let s;
  if (s = Xn.exec(r2))
    return new J2(t2, e, false, s[1]);
  if (s = Yn.exec(r2))
    return new J2(t2, e, true, s[1]);
  let o2 = "";
  const i = r2.split(" ");
  for (; i.length; )
    if (i.shift() === "in") {
      o2 = i.join(" ");
      break;
    }
  return new J2(t2, e, /^re/i.test(r2), o2);
}
var Qt = "--bare";
function Jn(t2) {
  return t2.includes(Qt);
}
function Zn(t2 = false, e, n) {
  const r2 = ["init", ...n];
  return t2 && !Jn(r2) && r2.splice(1, 0, Qt), {
    commands: r2,
    format: "utf-8",
    parser(s) {
      return Qn(r2.includes("--bare"), e, s);
    }
  };
}
function tr(t2) {
  return t2 === void 0 ? b2("interpretTrailers called without input content") : {
    format: "utf-8",
    parser(e) {
      return Object.fromEntries(
        ut(e, (n) => {
          const r2 = n.indexOf(":");
          return [
            jt(n.substring(0, r2).toLowerCase()),
            n.substring(r2 + 2).trim()
          ];
        })
      );
    },
    commands: ["interpret-trailers", "--parse"],
    input: t2
  };
}
function er() {
  return {
    interpretTrailers(t2) {
      return this._runTask(
        tr(d(t2, Be)),
        u(arguments)
      );
    }
  };
}
var R2 = /* @__PURE__ */ ((t2) => (t2.NONE = "", t2.STAT = "--stat", t2.NUM_STAT = "--numstat", t2.NAME_ONLY = "--name-only", t2.NAME_STATUS = "--name-status", t2))(R2 || {});
var Jt = /^--(stat|numstat|name-only|name-status)(=|$)/;
function pt(t2) {
  for (let e = 0; e < t2.length; e++) {
    const n = Jt.exec(t2[e]);
    if (n)
      return `--${n[1]}`;
  }
  return "";
}
function nr(t2) {
  return Jt.test(t2);
}
var rr = class {
  constructor() {
    this.changed = 0, this.deletions = 0, this.insertions = 0, this.files = [];
  }
};
var Ot = [
  new l2(
    /^(.+)\s+\|\s+(\d+)(\s+[+\-]+)?$/,
    (t2, [e, n, r2 = ""]) => {
      t2.files.push({
        file: e.trim(),
        changes: p(n),
        insertions: r2.replace(/[^+]/g, "").length,
        deletions: r2.replace(/[^-]/g, "").length,
        binary: false
      });
    }
  ),
  new l2(
    /^(.+) \|\s+Bin ([0-9.]+) -> ([0-9.]+) ([a-z]+)/,
    (t2, [e, n, r2]) => {
      t2.files.push({
        file: e.trim(),
        before: p(n),
        after: p(r2),
        binary: true
      });
    }
  ),
  new l2(/^(.+)\s+\|\s+Bin\s*$/, (t2, [e]) => {
    t2.files.push({
      file: e.trim(),
      before: 0,
      after: 0,
      binary: true
    });
  }),
  new l2(
    /(\d+) files? changed\s*((?:, \d+ [^,]+){0,2})/,
    (t2, [e, n]) => {
      const r2 = /(\d+) i/.exec(n), s = /(\d+) d/.exec(n);
      t2.changed = p(e), t2.insertions = p(r2?.[1]), t2.deletions = p(s?.[1]);
    }
  )
];
var sr = [
  new l2(
    /(\d+)\t(\d+)\t(.+)$/,
    (t2, [e, n, r2]) => {
      const s = p(e), o2 = p(n);
      t2.changed++, t2.insertions += s, t2.deletions += o2, t2.files.push({
        file: r2,
        changes: s + o2,
        insertions: s,
        deletions: o2,
        binary: false
      });
    }
  ),
  new l2(/-\t-\t(.+)$/, (t2, [e]) => {
    t2.changed++, t2.files.push({
      file: e,
      after: 0,
      before: 0,
      binary: true
    });
  })
];
var or = [
  new l2(/(.+)$/, (t2, [e]) => {
    t2.changed++, t2.files.push({
      file: e,
      changes: 0,
      insertions: 0,
      deletions: 0,
      binary: false
    });
  })
];
var ir = [
  new l2(
    /([ACDMRTUXB])([0-9]{0,3})\t(.[^\t]*)(\t(.[^\t]*))?$/,
    (t2, [e, n, r2, s, o2]) => {
      t2.changed++, t2.files.push({
        file: o2 ?? r2,
        changes: 0,
        insertions: 0,
        deletions: 0,
        binary: false,
        status: bt(_n(e) && e),
        from: bt(!!o2 && r2 !== o2 && r2),
        similarity: p(n)
      });
    }
  )
];
var ar = {
  [R2.NONE]: Ot,
  [R2.STAT]: Ot,
  [R2.NUM_STAT]: sr,
  [R2.NAME_STATUS]: ir,
  [R2.NAME_ONLY]: or
};
function Zt(t2 = R2.NONE) {
  const e = ar[t2];
  return (n) => E2(new rr(), e, n, false);
}
var te = "\xF2\xF2\xF2\xF2\xF2\xF2 ";
var ee2 = " \xF2\xF2";
var ne2 = " \xF2 ";
var ur = ["hash", "date", "message", "refs", "author_name", "author_email"];
function cr(t2, e) {
  return e.reduce(
    (n, r2, s) => (n[r2] = t2[s] || "", n),
    /* @__PURE__ */ Object.create({ diff: null })
  );
}
function re(t2 = ne2, e = ur, n = R2.NONE) {
  const r2 = Zt(n);
  return function(s) {
    const o2 = H2(
      s.trim(),
      false,
      te
    ).map(function(i) {
      const a = i.split(ee2), c3 = cr(a[0].split(t2), e);
      return a.length > 1 && a[1].trim() && (c3.diff = r2(a[1])), c3;
    });
    return {
      all: o2,
      latest: o2.length && o2[0] || null,
      total: o2.length
    };
  };
}
function fr(t2) {
  let e = pt(t2);
  const n = ["diff"];
  return e === R2.NONE && (e = R2.STAT, n.push("--stat=4096")), n.push(...t2), dt(n) || {
    commands: n,
    format: "utf-8",
    parser: Zt(e)
  };
}
function dt(t2) {
  const e = t2.filter(nr);
  if (e.length > 1)
    return b2(
      `Summary flags are mutually exclusive - pick one of ${e.join(",")}`
    );
  if (e.length && t2.includes("-z"))
    return b2(
      `Summary flag ${e} parsing is not compatible with null termination option '-z'`
    );
}
var se = /* @__PURE__ */ ((t2) => (t2[t2["--pretty"] = 0] = "--pretty", t2[t2["max-count"] = 1] = "max-count", t2[t2.maxCount = 2] = "maxCount", t2[t2.n = 3] = "n", t2[t2.file = 4] = "file", t2[t2.format = 5] = "format", t2[t2.from = 6] = "from", t2[t2.to = 7] = "to", t2[t2.splitter = 8] = "splitter", t2[t2.symmetric = 9] = "symmetric", t2[t2.mailMap = 10] = "mailMap", t2[t2.multiLine = 11] = "multiLine", t2[t2.strictDate = 12] = "strictDate", t2))(se || {});
function lr(t2, e) {
  const n = [], r2 = [];
  return Object.keys(t2).forEach((s) => {
    n.push(s), r2.push(String(t2[s]));
  }), [n, r2.join(e)];
}
function hr(t2) {
  return Object.keys(t2).reduce((e, n) => (n in se || (e[n] = t2[n]), e), {});
}
function oe2(t2 = {}, e = []) {
  const n = d(t2.splitter, m, ne2), r2 = lt(t2.format) ? t2.format : {
    hash: "%H",
    date: t2.strictDate === false ? "%ai" : "%aI",
    message: "%s",
    refs: "%D",
    body: t2.multiLine ? "%B" : "%b",
    author_name: t2.mailMap !== false ? "%aN" : "%an",
    author_email: t2.mailMap !== false ? "%aE" : "%ae"
  }, [s, o2] = lr(r2, n), i = [], a = [
    `--pretty=format:${te}${o2}${ee2}`,
    ...e
  ], c3 = t2.n || t2["max-count"] || t2.maxCount;
  if (c3 && a.push(`--max-count=${c3}`), t2.from || t2.to) {
    const y2 = t2.symmetric !== false ? "..." : "..";
    i.push(`${t2.from || ""}${y2}${t2.to || ""}`);
  }
  return m(t2.file) && a.push("--follow", c(t2.file)), It(hr(t2), a), {
    fields: s,
    splitter: n,
    commands: [...a, ...i]
  };
}
function mr(t2, e, n) {
  const r2 = re(t2, e, pt(n));
  return {
    commands: ["log", ...n],
    format: "utf-8",
    parser: r2
  };
}
function pr() {
  return {
    log(...n) {
      const r2 = u(arguments), s = oe2(
        ht(arguments),
        L2(d(arguments[0], K2, []))
      ), o2 = e(...n) || dt(s.commands) || t2(s);
      return this._runTask(o2, r2);
    }
  };
  function t2(n) {
    return mr(n.splitter, n.fields, n.commands);
  }
  function e(n, r2) {
    return m(n) && m(r2) && b2(
      "git.log(string, string) should be replaced with git.log({ from: string, to: string })"
    );
  }
}
var Z2 = class {
  constructor(e, n = null, r2) {
    this.reason = e, this.file = n, this.meta = r2;
  }
  toString() {
    return `${this.file}:${this.reason}`;
  }
};
var dr = class {
  constructor() {
    this.conflicts = [], this.merges = [], this.result = "success";
  }
  get failed() {
    return this.conflicts.length > 0;
  }
  get reason() {
    return this.result;
  }
  toString() {
    return this.conflicts.length ? `CONFLICTS: ${this.conflicts.join(", ")}` : "OK";
  }
};
var ie = class {
  constructor() {
    this.remoteMessages = {
      all: []
    }, this.created = [], this.deleted = [], this.files = [], this.deletions = {}, this.insertions = {}, this.summary = {
      changes: 0,
      deletions: 0,
      insertions: 0
    };
  }
};
var gr = class {
  constructor() {
    this.remote = "", this.hash = {
      local: "",
      remote: ""
    }, this.branch = {
      local: "",
      remote: ""
    }, this.message = "";
  }
  toString() {
    return this.message;
  }
};
function tt(t2) {
  return t2.objects = t2.objects || {
    compressing: 0,
    counting: 0,
    enumerating: 0,
    packReused: 0,
    reused: { count: 0, delta: 0 },
    total: { count: 0, delta: 0 }
  };
}
function Ct(t2) {
  const e = /^\s*(\d+)/.exec(t2), n = /delta (\d+)/i.exec(t2);
  return {
    count: p(e && e[1] || "0"),
    delta: p(n && n[1] || "0")
  };
}
var yr = [
  new x2(
    /^remote:\s*(enumerating|counting|compressing) objects: (\d+),/i,
    (t2, [e, n]) => {
      const r2 = e.toLowerCase(), s = tt(t2.remoteMessages);
      Object.assign(s, { [r2]: p(n) });
    }
  ),
  new x2(
    /^remote:\s*(enumerating|counting|compressing) objects: \d+% \(\d+\/(\d+)\),/i,
    (t2, [e, n]) => {
      const r2 = e.toLowerCase(), s = tt(t2.remoteMessages);
      Object.assign(s, { [r2]: p(n) });
    }
  ),
  new x2(
    /total ([^,]+), reused ([^,]+), pack-reused (\d+)/i,
    (t2, [e, n, r2]) => {
      const s = tt(t2.remoteMessages);
      s.total = Ct(e), s.reused = Ct(n), s.packReused = p(r2);
    }
  )
];
var wr = [
  new x2(/^remote:\s*(.+)$/, (t2, [e]) => (t2.remoteMessages.all.push(e.trim()), false)),
  ...yr,
  new x2(
    [/create a (?:pull|merge) request/i, /\s(https?:\/\/\S+)$/],
    (t2, [e]) => {
      t2.remoteMessages.pullRequestUrl = e;
    }
  ),
  new x2(
    [/found (\d+) vulnerabilities.+\(([^)]+)\)/i, /\s(https?:\/\/\S+)$/],
    (t2, [e, n, r2]) => {
      t2.remoteMessages.vulnerabilities = {
        count: p(e),
        summary: n,
        url: r2
      };
    }
  )
];
function ae(t2, e) {
  return E2({ remoteMessages: new br() }, wr, e);
}
var br = class {
  constructor() {
    this.all = [];
  }
};
var Tr = /^\s*(.+?)\s+\|\s+\d+\s*(\+*)(-*)/;
var kr = /(\d+)\D+((\d+)\D+\(\+\))?(\D+(\d+)\D+\(-\))?/;
var _r = /^(create|delete) mode \d+ (.+)/;
var vr = [
  new l2(Tr, (t2, [e, n, r2]) => {
    t2.files.push(e), n && (t2.insertions[e] = n.length), r2 && (t2.deletions[e] = r2.length);
  }),
  new l2(kr, (t2, [e, , n, , r2]) => n !== void 0 || r2 !== void 0 ? (t2.summary.changes = +e || 0, t2.summary.insertions = +n || 0, t2.summary.deletions = +r2 || 0, true) : false),
  new l2(_r, (t2, [e, n]) => {
    S2(t2.files, n), S2(e === "create" ? t2.created : t2.deleted, n);
  })
];
var Er = [
  new l2(/^from\s(.+)$/i, (t2, [e]) => {
    t2.remote = e;
  }),
  new l2(/^fatal:\s(.+)$/, (t2, [e]) => {
    t2.message = e;
  }),
  new l2(
    /([a-z0-9]+)\.\.([a-z0-9]+)\s+(\S+)\s+->\s+(\S+)$/,
    (t2, [e, n, r2, s]) => {
      t2.branch.local = r2, t2.hash.local = e, t2.branch.remote = s, t2.hash.remote = n;
    }
  )
];
var Sr = (t2, e) => E2(new ie(), vr, [t2, e]);
var ue = (t2, e) => Object.assign(
  new ie(),
  Sr(t2, e),
  ae(t2, e)
);
function Rr(t2, e) {
  const n = E2(new gr(), Er, [t2, e]);
  return n.message && n;
}
var Or = [
  new l2(/^Auto-merging\s+(.+)$/, (t2, [e]) => {
    t2.merges.push(e);
  }),
  new l2(/^CONFLICT\s+\((.+)\): Merge conflict in (.+)$/, (t2, [e, n]) => {
    t2.conflicts.push(new Z2(e, n));
  }),
  new l2(
    /^CONFLICT\s+\((.+\/delete)\): (.+) deleted in (.+) and/,
    (t2, [e, n, r2]) => {
      t2.conflicts.push(new Z2(e, n, { deleteRef: r2 }));
    }
  ),
  new l2(/^CONFLICT\s+\((.+)\):/, (t2, [e]) => {
    t2.conflicts.push(new Z2(e, null));
  }),
  new l2(/^Automatic merge failed;\s+(.+)$/, (t2, [e]) => {
    t2.result = e;
  })
];
var Cr = (t2, e) => Object.assign(Ar(t2), ue(t2, e));
var Ar = (t2) => E2(new dr(), Or, t2);
function At(t2) {
  return t2.length ? {
    commands: ["merge", ...t2],
    format: "utf-8",
    parser(e, n) {
      const r2 = Cr(e, n);
      if (r2.failed)
        throw new at(r2);
      return r2;
    }
  } : b2("Git.merge requires at least one option");
}
function xr(t2, e, n) {
  const r2 = n.includes("deleted"), s = n.includes("tag") || /^refs\/tags/.test(t2), o2 = !n.includes("new");
  return {
    deleted: r2,
    tag: s,
    branch: !s,
    new: !o2,
    alreadyUpdated: o2,
    local: t2,
    remote: e
  };
}
var Nr = [
  new l2(/^Pushing to (.+)$/, (t2, [e]) => {
    t2.repo = e;
  }),
  new l2(/^updating local tracking ref '(.+)'/, (t2, [e]) => {
    t2.ref = {
      ...t2.ref || {},
      local: e
    };
  }),
  new l2(/^[=*-]\s+([^:]+):(\S+)\s+\[(.+)]$/, (t2, [e, n, r2]) => {
    t2.pushed.push(xr(e, n, r2));
  }),
  new l2(
    /^Branch '([^']+)' set up to track remote branch '([^']+)' from '([^']+)'/,
    (t2, [e, n, r2]) => {
      t2.branch = {
        ...t2.branch || {},
        local: e,
        remote: n,
        remoteName: r2
      };
    }
  ),
  new l2(
    /^([^:]+):(\S+)\s+([a-z0-9]+)\.\.([a-z0-9]+)$/,
    (t2, [e, n, r2, s]) => {
      t2.update = {
        head: {
          local: e,
          remote: n
        },
        hash: {
          from: r2,
          to: s
        }
      };
    }
  )
];
var $r = (t2, e) => {
  const n = Pr(t2, e), r2 = ae(t2, e);
  return {
    ...n,
    ...r2
  };
};
var Pr = (t2, e) => E2({ pushed: [] }, Nr, [t2, e]);
function Mr(t2 = {}, e) {
  return S2(e, "--tags"), ce(t2, e);
}
function ce(t2 = {}, e) {
  const n = ["push", ...e];
  return t2.branch && n.splice(1, 0, t2.branch), t2.remote && n.splice(1, 0, t2.remote), ct(n, "-v"), S2(n, "--verbose"), S2(n, "--porcelain"), {
    commands: n,
    format: "utf-8",
    parser: $r
  };
}
function Dr() {
  return {
    showBuffer() {
      const t2 = ["show", ...h2(arguments, 1)];
      return t2.includes("--binary") || t2.splice(1, 0, "--binary"), this._runTask(
        Gt(t2),
        u(arguments)
      );
    },
    show() {
      const t2 = ["show", ...h2(arguments, 1)];
      return this._runTask(
        g(t2),
        u(arguments)
      );
    }
  };
}
var Lr = /^(.+)\0(.+)$/;
var jr = class {
  constructor(e, n, r2) {
    if (this.path = e, this.index = n, this.working_dir = r2, n === "R" || r2 === "R") {
      const s = Lr.exec(e) || [null, e, e];
      this.from = s[2] || "", this.path = s[1] || "";
    }
  }
};
var Br = class {
  constructor() {
    this.not_added = [], this.conflicted = [], this.created = [], this.deleted = [], this.ignored = void 0, this.modified = [], this.renamed = [], this.files = [], this.staged = [], this.ahead = 0, this.behind = 0, this.current = null, this.tracking = null, this.detached = false, this.isClean = () => !this.files.length;
  }
};
function xt(t2) {
  const [e, n] = t2.split(I2);
  return {
    from: n || e,
    to: e
  };
}
function _2(t2, e, n) {
  return [`${t2}${e}`, n];
}
function et(t2, ...e) {
  return e.map((n) => _2(t2, n, (r2, s) => r2.conflicted.push(s)));
}
var Ir = new Map([
  _2(
    " ",
    "A",
    (t2, e) => t2.created.push(e)
  ),
  _2(
    " ",
    "D",
    (t2, e) => t2.deleted.push(e)
  ),
  _2(
    " ",
    "M",
    (t2, e) => t2.modified.push(e)
  ),
  _2("A", " ", (t2, e) => {
    t2.created.push(e), t2.staged.push(e);
  }),
  _2("A", "M", (t2, e) => {
    t2.created.push(e), t2.staged.push(e), t2.modified.push(e);
  }),
  _2("D", " ", (t2, e) => {
    t2.deleted.push(e), t2.staged.push(e);
  }),
  _2("M", " ", (t2, e) => {
    t2.modified.push(e), t2.staged.push(e);
  }),
  _2("M", "M", (t2, e) => {
    t2.modified.push(e), t2.staged.push(e);
  }),
  _2("R", " ", (t2, e) => {
    t2.renamed.push(xt(e));
  }),
  _2("R", "M", (t2, e) => {
    const n = xt(e);
    t2.renamed.push(n), t2.modified.push(n.to);
  }),
  _2("!", "!", (t2, e) => {
    (t2.ignored = t2.ignored || []).push(e);
  }),
  _2(
    "?",
    "?",
    (t2, e) => t2.not_added.push(e)
  ),
  ...et(
    "A",
    "A",
    "U"
    /* UNMERGED */
  ),
  ...et(
    "D",
    "D",
    "U"
    /* UNMERGED */
  ),
  ...et(
    "U",
    "A",
    "D",
    "U"
    /* UNMERGED */
  ),
  [
    "##",
    (t2, e) => {
      const n = /ahead (\d+)/, r2 = /behind (\d+)/, s = /^(.+?(?=(?:\.{3}|\s|$)))/, o2 = /\.{3}(\S*)/, i = /\son\s(\S+?)(?=\.{3}|$)/;
      let a = n.exec(e);
      t2.ahead = a && +a[1] || 0, a = r2.exec(e), t2.behind = a && +a[1] || 0, a = s.exec(e), t2.current = d(a?.[1], m, null), a = o2.exec(e), t2.tracking = d(a?.[1], m, null), a = i.exec(e), a && (t2.current = d(a?.[1], m, t2.current)), t2.detached = /\(no branch\)/.test(e);
    }
  ]
]);
var Ur = function(t2) {
  const e = t2.split(I2), n = new Br();
  for (let r2 = 0, s = e.length; r2 < s; ) {
    let o2 = e[r2++].trim();
    o2 && (o2.charAt(0) === "R" && (o2 += I2 + (e[r2++] || "")), Fr(n, o2));
  }
  return n;
};
function Fr(t2, e) {
  const n = e.trim();
  switch (" ") {
    case n.charAt(2):
      return r2(n.charAt(0), n.charAt(1), n.slice(3));
    case n.charAt(1):
      return r2(" ", n.charAt(0), n.slice(2));
    default:
      return;
  }
  function r2(s, o2, i) {
    const a = `${s}${o2}`, c3 = Ir.get(a);
    c3 && c3(t2, i), a !== "##" && a !== "!!" && t2.files.push(new jr(i, s, o2));
  }
}
var Gr = ["--null", "-z"];
function zr(t2) {
  return {
    format: "utf-8",
    commands: [
      "status",
      "--porcelain",
      "-b",
      "-u",
      "--null",
      ...t2.filter((n) => !Gr.includes(n))
    ],
    parser(n) {
      return Ur(n);
    }
  };
}
var fe = "installed=false";
function q2(t2 = 0, e = 0, n = 0, r2 = "", s = true) {
  return Object.defineProperty(
    {
      major: t2,
      minor: e,
      patch: n,
      agent: r2,
      installed: s
    },
    "toString",
    {
      value() {
        return `${this.major}.${this.minor}.${this.patch}`;
      },
      configurable: false,
      enumerable: false
    }
  );
}
function qr() {
  return q2(0, 0, 0, "", false);
}
function Wr() {
  return {
    version() {
      return this._runTask({
        commands: ["--version"],
        format: "utf-8",
        parser: Kr,
        onError(t2, e, n, r2) {
          if (t2.exitCode === V2.NOT_FOUND)
            return n(Buffer.from(fe));
          r2(e);
        }
      });
    }
  };
}
var Hr = [
  new l2(
    /version (\d+)\.(\d+)\.(\d+)(?:\s*\((.+)\))?/,
    (t2, [e, n, r2, s = ""]) => {
      Object.assign(
        t2,
        q2(p(e), p(n), p(r2), s)
      );
    }
  ),
  new l2(
    /version (\d+)\.(\d+)\.(\D+)(.+)?$/,
    (t2, [e, n, r2, s = ""]) => {
      Object.assign(t2, q2(p(e), p(n), r2, s));
    }
  )
];
function Kr(t2) {
  return t2 === fe ? qr() : E2(q2(0, 0, 0, t2), Hr, t2);
}
var le = class {
  constructor(e) {
    this._executor = e;
  }
  _runTask(e, n) {
    const r2 = this._executor.chain(), s = r2.push(e);
    return n && Ln(e, s, n), Object.create(this, {
      then: { value: s.then.bind(s) },
      catch: { value: s.catch.bind(s) },
      _executor: { value: r2 }
    });
  }
  add(e) {
    return this._runTask(
      g(["add", ...v(e)]),
      u(arguments)
    );
  }
  cwd(e) {
    const n = u(arguments);
    return typeof e == "string" ? this._runTask(St(e, this._executor), n) : typeof e?.path == "string" ? this._runTask(
      St(
        e.path,
        e.root && this._executor || void 0
      ),
      n
    ) : this._runTask(
      b2("Git.cwd: workingDirectory must be supplied as a string"),
      n
    );
  }
  hashObject(e, n) {
    return this._runTask(
      Vn(e, n === true),
      u(arguments)
    );
  }
  init(e) {
    return this._runTask(
      Zn(e === true, this._executor.cwd, h2(arguments)),
      u(arguments)
    );
  }
  merge() {
    return this._runTask(
      At(h2(arguments)),
      u(arguments)
    );
  }
  mergeFromTo(e, n) {
    return m(e) && m(n) ? this._runTask(
      At([e, n, ...h2(arguments)]),
      u(arguments, false)
    ) : this._runTask(
      b2(
        "Git.mergeFromTo requires that the 'remote' and 'branch' arguments are supplied as strings"
      )
    );
  }
  outputHandler(e) {
    return this._executor.outputHandler = e, this;
  }
  push() {
    const e = ce(
      {
        remote: d(arguments[0], m),
        branch: d(arguments[1], m)
      },
      h2(arguments)
    );
    return this._runTask(e, u(arguments));
  }
  stash() {
    return this._runTask(
      g(["stash", ...h2(arguments)]),
      u(arguments)
    );
  }
  status() {
    return this._runTask(
      zr(h2(arguments)),
      u(arguments)
    );
  }
};
Object.assign(
  le.prototype,
  jn(),
  In(),
  zn(),
  Tn(),
  Hn(),
  Kn(),
  On(),
  er(),
  pr(),
  Dr(),
  Wr()
);
var Vr = /* @__PURE__ */ (() => {
  let t2 = 0;
  return () => {
    t2++;
    const { promise: e, done: n } = (0, import_promise_deferred.createDeferred)();
    return {
      promise: e,
      done: n,
      id: t2
    };
  };
})();
var Xr = class {
  constructor(e = 2) {
    this.concurrency = e, this.logger = $2("", "scheduler"), this.pending = [], this.running = [], this.logger("Constructed, concurrency=%s", e);
  }
  schedule() {
    if (!this.pending.length || this.running.length >= this.concurrency) {
      this.logger(
        "Schedule attempt ignored, pending=%s running=%s concurrency=%s",
        this.pending.length,
        this.running.length,
        this.concurrency
      );
      return;
    }
    const e = S2(this.running, this.pending.shift());
    this.logger("Attempting id=%s", e.id), e.done(() => {
      this.logger("Completing id=", e.id), ct(this.running, e), this.schedule();
    });
  }
  next() {
    const { promise: e, id: n } = S2(this.pending, Vr());
    return this.logger("Scheduling id=%s", n), this.schedule(), e;
  }
};
function Yr(t2, e) {
  return g(["apply", ...e, ...t2]);
}
var he = /* @__PURE__ */ ((t2) => (t2.CURRENT = "*", t2.LINKED = "+", t2))(he || {});
var Qr = class {
  constructor() {
    this.all = [], this.branches = {}, this.current = "", this.detached = false;
  }
  push(e, n, r2, s, o2) {
    e === "*" && (this.detached = n, this.current = r2), this.all.push(r2), this.branches[r2] = {
      current: e === "*",
      linkedWorkTree: e === "+",
      name: r2,
      commit: s,
      label: o2
    };
  }
};
var Jr = [
  new l2(
    /^([*+]\s)?\((?:HEAD )?detached (?:from|at) (\S+)\)\s+([a-z0-9]+)\s(.*)$/,
    (t2, [e, n, r2, s]) => {
      t2.push(Nt(e), true, n, r2, s);
    }
  ),
  new l2(
    /^([*+]\s)?(\S+)\s+([a-z0-9]+)\s?(.*)$/s,
    (t2, [e, n, r2, s]) => {
      t2.push(Nt(e), false, n, r2, s);
    }
  )
];
var Zr = new l2(/^(\S+)$/s, (t2, [e]) => {
  t2.push(he.CURRENT, false, e, "", "");
});
function Nt(t2) {
  return t2 ? t2.charAt(0) : "";
}
function me(t2, e = false) {
  return E2(
    new Qr(),
    e ? [Zr] : Jr,
    t2
  );
}
var ts = class {
  constructor() {
    this.all = [], this.branches = {}, this.errors = [];
  }
  get success() {
    return !this.errors.length;
  }
};
function es(t2, e) {
  return {
    branch: t2,
    hash: e,
    success: true
  };
}
function ns(t2) {
  return {
    branch: t2,
    hash: null,
    success: false
  };
}
var rs = /(\S+)\s+\(\S+\s([^)]+)\)/;
var pe = /^error[^']+'([^']+)'/m;
var ss = [
  new l2(rs, (t2, [e, n]) => {
    const r2 = es(e, n);
    t2.all.push(r2), t2.branches[e] = r2;
  }),
  new l2(pe, (t2, [e]) => {
    const n = ns(e);
    t2.errors.push(n), t2.all.push(n), t2.branches[e] = n;
  })
];
var gt = (t2, e) => E2(new ts(), ss, [t2, e]);
function de(t2, e) {
  return e === V2.ERROR && pe.test(t2);
}
function os(t2) {
  const e = ["-d", "-D", "--delete"];
  return t2.some((n) => e.includes(n));
}
function is(t2) {
  const e = os(t2), n = t2.includes("--show-current"), r2 = ["branch", ...t2];
  return r2.length === 1 && r2.push("-a"), r2.includes("-v") || r2.splice(1, 0, "-v"), {
    format: "utf-8",
    commands: r2,
    parser(s, o2) {
      return e ? gt(s, o2).all[0] : me(s, n);
    }
  };
}
function as() {
  return {
    format: "utf-8",
    commands: ["branch", "-v"],
    parser(t2) {
      return me(t2);
    }
  };
}
function us(t2, e = false) {
  return {
    format: "utf-8",
    commands: ["branch", "-v", e ? "-D" : "-d", ...t2],
    parser(n, r2) {
      return gt(n, r2);
    },
    onError({ exitCode: n, stdOut: r2 }, s, o2, i) {
      if (!de(String(s), n))
        return i(s);
      o2(r2);
    }
  };
}
function cs(t2, e = false) {
  const n = {
    format: "utf-8",
    commands: ["branch", "-v", e ? "-D" : "-d", t2],
    parser(r2, s) {
      return gt(r2, s).branches[t2];
    },
    onError({ exitCode: r2, stdErr: s, stdOut: o2 }, i, a, c3) {
      if (!de(String(i), r2))
        return c3(i);
      throw new at(
        n.parser(F2(o2), F2(s)),
        String(i)
      );
    }
  };
  return n;
}
function fs(t2) {
  return {
    commands: ["check-ignore", ...t2],
    format: "utf-8",
    parser: ls
  };
}
function ls(t2) {
  return t2.split(/\n/g).map(hs).filter(Boolean);
}
function hs(t2) {
  const e = t2.trim().replace(/^["']|["']$/g, "");
  return e && Se(e);
}
var ms = [
  new l2(/From (.+)$/, (t2, [e]) => {
    t2.remote = e;
  }),
  new l2(/\* \[new branch]\s+(\S+)\s*-> (.+)$/, (t2, [e, n]) => {
    t2.branches.push({
      name: e,
      tracking: n
    });
  }),
  new l2(/\* \[new tag]\s+(\S+)\s*-> (.+)$/, (t2, [e, n]) => {
    t2.tags.push({
      name: e,
      tracking: n
    });
  }),
  new l2(/- \[deleted]\s+\S+\s*-> (.+)$/, (t2, [e]) => {
    t2.deleted.push({
      tracking: e
    });
  }),
  new l2(
    /\s*([^.]+)\.\.(\S+)\s+(\S+)\s*-> (.+)$/,
    (t2, [e, n, r2, s]) => {
      t2.updated.push({
        name: r2,
        tracking: s,
        to: n,
        from: e
      });
    }
  )
];
function ps(t2, e) {
  return E2({
    raw: t2,
    remote: null,
    branches: [],
    tags: [],
    updated: [],
    deleted: []
  }, ms, [t2, e]);
}
function ds(t2) {
  return /^--upload-pack(=|$)/.test(t2);
}
function gs(t2, e, n) {
  const r2 = ["fetch", ...n];
  return t2 && e && r2.push(t2, e), r2.find(ds) ? b2("git.fetch: potential exploit argument blocked.") : {
    commands: r2,
    format: "utf-8",
    parser: ps
  };
}
var ys = [
  new l2(/^Renaming (.+) to (.+)$/, (t2, [e, n]) => {
    t2.moves.push({ from: e, to: n });
  })
];
function ws(t2) {
  return E2({ moves: [] }, ys, t2);
}
function bs(t2, e) {
  return {
    commands: ["mv", "-v", ...v(t2), e],
    format: "utf-8",
    parser: ws
  };
}
function Ts(t2, e, n) {
  const r2 = ["pull", ...n];
  return t2 && e && r2.splice(1, 0, t2, e), {
    commands: r2,
    format: "utf-8",
    parser(s, o2) {
      return ue(s, o2);
    },
    onError(s, o2, i, a) {
      const c3 = Rr(
        F2(s.stdOut),
        F2(s.stdErr)
      );
      if (c3)
        return a(new at(c3));
      a(o2);
    }
  };
}
function ks(t2) {
  const e = {};
  return ge(t2, ([n]) => e[n] = { name: n }), Object.values(e);
}
function _s(t2) {
  const e = {};
  return ge(t2, ([n, r2, s]) => {
    Object.hasOwn(e, n) || (e[n] = {
      name: n,
      refs: { fetch: "", push: "" }
    }), s && r2 && (e[n].refs[s.replace(/[^a-z]/g, "")] = r2);
  }), Object.values(e);
}
function ge(t2, e) {
  ut(t2, (n) => e(n.split(/\s+/)));
}
function vs(t2, e, n) {
  return g(["remote", "add", ...n, t2, e]);
}
function Es(t2) {
  const e = ["remote"];
  return t2 && e.push("-v"), {
    commands: e,
    format: "utf-8",
    parser: t2 ? _s : ks
  };
}
function Ss(t2) {
  const e = [...t2];
  return e[0] !== "ls-remote" && e.unshift("ls-remote"), g(e);
}
function Rs(t2) {
  const e = [...t2];
  return e[0] !== "remote" && e.unshift("remote"), g(e);
}
function Os(t2) {
  return g(["remote", "remove", t2]);
}
function Cs(t2 = {}, e) {
  const n = oe2(t2), r2 = ["stash", "list", ...n.commands, ...e], s = re(
    n.splitter,
    n.fields,
    pt(r2)
  );
  return dt(r2) || {
    commands: r2,
    format: "utf-8",
    parser: s
  };
}
function As(t2, e) {
  return X2(["add", t2, e]);
}
function xs(t2) {
  return X2(["init", ...t2]);
}
function X2(t2) {
  const e = [...t2];
  return e[0] !== "submodule" && e.unshift("submodule"), g(e);
}
function Ns(t2) {
  return X2(["update", ...t2]);
}
var $s = class {
  constructor(e, n) {
    this.all = e, this.latest = n;
  }
};
var Ps = function(t2, e = false) {
  const n = t2.split(`
`).map(Ds).filter(Boolean);
  e || n.sort(function(s, o2) {
    const i = s.split("."), a = o2.split(".");
    if (i.length === 1 || a.length === 1)
      return Ms(B2(i[0]), B2(a[0]));
    for (let c3 = 0, y2 = Math.max(i.length, a.length); c3 < y2; c3++) {
      const w2 = ye(B2(i[c3]), B2(a[c3]));
      if (w2)
        return w2;
    }
    return 0;
  });
  const r2 = e ? n[0] : [...n].reverse().find((s) => s.indexOf(".") >= 0);
  return new $s(n, r2);
};
function Ms(t2, e) {
  const n = Number.isNaN(t2), r2 = Number.isNaN(e);
  return n !== r2 ? n ? 1 : -1 : n ? ye(t2, e) : 0;
}
function ye(t2, e) {
  return t2 === e ? 0 : t2 > e ? 1 : -1;
}
function Ds(t2) {
  return t2.trim();
}
function B2(t2) {
  return typeof t2 == "string" && parseInt(t2.replace(/^\D+/g, ""), 10) || 0;
}
function Ls(t2 = []) {
  const e = t2.some((n) => /^--sort=/.test(n));
  return {
    format: "utf-8",
    commands: ["tag", "-l", ...t2],
    parser(n) {
      return Ps(n, e);
    }
  };
}
function js(t2) {
  return {
    format: "utf-8",
    commands: ["tag", t2],
    parser() {
      return { name: t2 };
    }
  };
}
function Bs(t2, e) {
  return {
    format: "utf-8",
    commands: ["tag", "-a", "-m", e, t2],
    parser() {
      return { name: t2 };
    }
  };
}
function f2(t2, e) {
  this._plugins = e, this._executor = new Dn(
    t2.baseDir,
    new Xr(t2.maxConcurrentProcesses),
    e
  ), this._trimmed = t2.trimmed;
}
(f2.prototype = Object.create(le.prototype)).constructor = f2;
f2.prototype.customBinary = function(t2) {
  return this._plugins.reconfigure("binary", t2), this;
};
f2.prototype.env = function(t2, e) {
  return arguments.length === 1 && typeof t2 == "object" ? this._executor.env = t2 : (this._executor.env = this._executor.env || {})[t2] = e, this;
};
f2.prototype.stashList = function(t2) {
  return this._runTask(
    Cs(
      ht(arguments) || {},
      K2(t2) && t2 || []
    ),
    u(arguments)
  );
};
f2.prototype.mv = function(t2, e) {
  return this._runTask(bs(t2, e), u(arguments));
};
f2.prototype.checkoutLatestTag = function(t2) {
  var e = this;
  return this.pull(function() {
    e.tags(function(n, r2) {
      e.checkout(r2.latest, t2);
    });
  });
};
f2.prototype.pull = function(t2, e, n, r2) {
  return this._runTask(
    Ts(
      d(t2, m),
      d(e, m),
      h2(arguments)
    ),
    u(arguments)
  );
};
f2.prototype.fetch = function(t2, e) {
  return this._runTask(
    gs(
      d(t2, m),
      d(e, m),
      h2(arguments)
    ),
    u(arguments)
  );
};
f2.prototype.tags = function(t2, e) {
  return this._runTask(
    Ls(h2(arguments)),
    u(arguments)
  );
};
f2.prototype.rebase = function() {
  return this._runTask(
    g(["rebase", ...h2(arguments)]),
    u(arguments)
  );
};
f2.prototype.reset = function(t2) {
  return this._runTask(
    An(xn(t2), h2(arguments)),
    u(arguments)
  );
};
f2.prototype.revert = function(t2) {
  const e = u(arguments);
  return typeof t2 != "string" ? this._runTask(b2("Commit must be a string"), e) : this._runTask(
    g(["revert", ...h2(arguments, 0, true), t2]),
    e
  );
};
f2.prototype.addTag = function(t2) {
  const e = typeof t2 == "string" ? js(t2) : b2("Git.addTag requires a tag name");
  return this._runTask(e, u(arguments));
};
f2.prototype.addAnnotatedTag = function(t2, e) {
  return this._runTask(
    Bs(t2, e),
    u(arguments)
  );
};
f2.prototype.deleteLocalBranch = function(t2, e, n) {
  return this._runTask(
    cs(t2, typeof e == "boolean" ? e : false),
    u(arguments)
  );
};
f2.prototype.deleteLocalBranches = function(t2, e, n) {
  return this._runTask(
    us(t2, typeof e == "boolean" ? e : false),
    u(arguments)
  );
};
f2.prototype.branch = function(t2, e) {
  return this._runTask(
    is(h2(arguments)),
    u(arguments)
  );
};
f2.prototype.branchLocal = function(t2) {
  return this._runTask(as(), u(arguments));
};
f2.prototype.raw = function(t2) {
  const e = !Array.isArray(t2), n = [].slice.call(e ? arguments : t2, 0);
  for (let s = 0; s < n.length && e; s++)
    if (!st(n[s])) {
      n.splice(s, n.length - s);
      break;
    }
  n.push(...h2(arguments, 0, true));
  var r2 = u(arguments);
  return n.length ? this._runTask(g(n, this._trimmed), r2) : this._runTask(
    b2("Raw: must supply one or more command to execute"),
    r2
  );
};
f2.prototype.submoduleAdd = function(t2, e, n) {
  return this._runTask(As(t2, e), u(arguments));
};
f2.prototype.submoduleUpdate = function(t2, e) {
  return this._runTask(
    Ns(h2(arguments, true)),
    u(arguments)
  );
};
f2.prototype.submoduleInit = function(t2, e) {
  return this._runTask(
    xs(h2(arguments, true)),
    u(arguments)
  );
};
f2.prototype.subModule = function(t2, e) {
  return this._runTask(
    X2(h2(arguments)),
    u(arguments)
  );
};
f2.prototype.listRemote = function() {
  return this._runTask(
    Ss(h2(arguments)),
    u(arguments)
  );
};
f2.prototype.addRemote = function(t2, e, n) {
  return this._runTask(
    vs(t2, e, h2(arguments)),
    u(arguments)
  );
};
f2.prototype.removeRemote = function(t2, e) {
  return this._runTask(Os(t2), u(arguments));
};
f2.prototype.getRemotes = function(t2, e) {
  return this._runTask(Es(t2 === true), u(arguments));
};
f2.prototype.remote = function(t2, e) {
  return this._runTask(
    Rs(h2(arguments)),
    u(arguments)
  );
};
f2.prototype.tag = function(t2, e) {
  const n = h2(arguments);
  return n[0] !== "tag" && n.unshift("tag"), this._runTask(g(n), u(arguments));
};
f2.prototype.updateServerInfo = function(t2) {
  return this._runTask(
    g(["update-server-info"]),
    u(arguments)
  );
};
f2.prototype.pushTags = function(t2, e) {
  const n = Mr(
    { remote: d(t2, m) },
    h2(arguments)
  );
  return this._runTask(n, u(arguments));
};
f2.prototype.rm = function(t2) {
  return this._runTask(
    g(["rm", "-f", ...v(t2)]),
    u(arguments)
  );
};
f2.prototype.rmKeepLocal = function(t2) {
  return this._runTask(
    g(["rm", "--cached", ...v(t2)]),
    u(arguments)
  );
};
f2.prototype.catFile = function(t2, e) {
  return this._catFile("utf-8", arguments);
};
f2.prototype.binaryCatFile = function() {
  return this._catFile("buffer", arguments);
};
f2.prototype._catFile = function(t2, e) {
  var n = u(e), r2 = ["cat-file"], s = e[0];
  if (typeof s == "string")
    return this._runTask(
      b2("Git.catFile: options must be supplied as an array of strings"),
      n
    );
  Array.isArray(s) && r2.push.apply(r2, s);
  const o2 = t2 === "buffer" ? Gt(r2) : g(r2);
  return this._runTask(o2, n);
};
f2.prototype.diff = function(t2, e) {
  const n = m(t2) ? b2(
    "git.diff: supplying options as a single string is no longer supported, switch to an array of strings"
  ) : g(["diff", ...h2(arguments)]);
  return this._runTask(n, u(arguments));
};
f2.prototype.diffSummary = function() {
  return this._runTask(
    fr(h2(arguments, 1)),
    u(arguments)
  );
};
f2.prototype.applyPatch = function(t2) {
  const e = G2(t2) ? Yr(v(t2), h2([].slice.call(arguments, 1))) : b2(
    "git.applyPatch requires one or more string patches as the first argument"
  );
  return this._runTask(e, u(arguments));
};
f2.prototype.revparse = function() {
  const t2 = ["rev-parse", ...h2(arguments, true)];
  return this._runTask(
    g(t2, true),
    u(arguments)
  );
};
f2.prototype.clean = function(t2, e, n) {
  const r2 = un(t2), s = r2 && t2.join("") || d(t2, m) || "", o2 = h2([].slice.call(arguments, r2 ? 1 : 0));
  return this._runTask(
    on(s, o2),
    u(arguments)
  );
};
f2.prototype.exec = function(t2) {
  const e = {
    commands: [],
    format: "utf-8",
    parser() {
      typeof t2 == "function" && t2();
    }
  };
  return this._runTask(e);
};
f2.prototype.checkIgnore = function(t2, e) {
  return this._runTask(
    fs(v(d(t2, G2, []))),
    u(arguments)
  );
};
f2.prototype.checkIsRepo = function(t2, e) {
  return this._runTask(
    We(d(t2, m)),
    u(arguments)
  );
};
function Is(t2) {
  return t2 ? [{
    type: "spawn.before",
    action(r2, s) {
      t2.aborted && s.kill(new A2(void 0, "abort", "Abort already signaled"));
    }
  }, {
    type: "spawn.after",
    action(r2, s) {
      function o2() {
        s.kill(new A2(void 0, "abort", "Abort signal received"));
      }
      t2.addEventListener("abort", o2), s.spawned.on("close", () => t2.removeEventListener("abort", o2));
    }
  }] : void 0;
}
var Us = $2("", "plugin:allowEnvironment");
function Fs(t2, e = false) {
  const n = new Set(t2.map((r2) => r2.toLowerCase().trim()));
  return {
    type: "spawn.options",
    action(r2, s) {
      const o2 = { ...r2.env ?? process.env }, i = new Set(
        Object.keys(s.env).map((a) => a.toLowerCase().trim())
      );
      for (const a of Object.keys(o2)) {
        const c3 = a.toLowerCase().trim();
        if (!(!Gs(c3) || n.has(c3))) {
          if (i.has(c3))
            throw new A2(
              void 0,
              "allowEnvironment",
              `Use of "${a}" is blocked by the environment guard - add it to the allowEnvironment option to permit it`
            );
          Us("removing ambient guarded environment variable %s", a), delete o2[a];
        }
      }
      return {
        ...r2,
        env: {
          ...o2,
          GIT_TEST_DISALLOW_ABBREVIATED_OPTIONS: String(!e)
        }
      };
    }
  };
}
function Gs(t2) {
  const e = t2.toLowerCase().trim();
  return e.startsWith("git_") || _(e);
}
function zs(t2 = {}) {
  return {
    type: "spawn.args",
    action(e, { env: n }) {
      for (const r2 of oe(e, n))
        if (t2[r2.category] !== true)
          throw new A2(void 0, "unsafe", r2.message);
      return e;
    }
  };
}
function qs(t2) {
  const e = U(t2, "-c");
  return {
    type: "spawn.args",
    action(n) {
      return [...e, ...n];
    }
  };
}
var $t = (0, import_promise_deferred.deferred)().promise;
function Ws({
  onClose: t2 = true,
  onExit: e = 50
} = {}) {
  function n() {
    let s = -1;
    const o2 = {
      close: (0, import_promise_deferred.deferred)(),
      closeTimeout: (0, import_promise_deferred.deferred)(),
      exit: (0, import_promise_deferred.deferred)(),
      exitTimeout: (0, import_promise_deferred.deferred)()
    }, i = Promise.race([
      t2 === false ? $t : o2.closeTimeout.promise,
      e === false ? $t : o2.exitTimeout.promise
    ]);
    return r2(t2, o2.close, o2.closeTimeout), r2(e, o2.exit, o2.exitTimeout), {
      close(a) {
        s = a, o2.close.done();
      },
      exit(a) {
        s = a, o2.exit.done();
      },
      get exitCode() {
        return s;
      },
      result: i
    };
  }
  function r2(s, o2, i) {
    s !== false && (s === true ? o2.promise : o2.promise.then(() => wt(s))).then(i.done);
  }
  return {
    type: "spawn.after",
    async action(s, { spawned: o2, close: i }) {
      const a = n();
      let c3 = true, y2 = () => {
        c3 = false;
      };
      o2.stdout?.on("data", y2), o2.stderr?.on("data", y2), o2.on("error", y2), o2.on("close", (w2) => a.close(w2)), o2.on("exit", (w2) => a.exit(w2));
      try {
        await a.result, c3 && await wt(50), i(a.exitCode);
      } catch (w2) {
        i(a.exitCode, w2);
      }
    }
  };
}
var we = $2("", "plugin:binary");
var Hs = "Invalid value supplied for custom binary, requires a single string or an array containing either one or two strings";
var Ks = "Invalid value supplied for custom binary, restricted characters must be removed or supply the unsafe.allowUnsafeCustomBinary option";
function Vs(t2) {
  return !t2 || !/^([a-z]:)?([a-z0-9/.\\_~-]+)$/i.test(t2);
}
function Pt(t2, e) {
  if (t2.length < 1 || t2.length > 2)
    throw new A2(void 0, "binary", Hs);
  if (t2.some(Vs))
    if (e)
      we("permitted unsafe binary %o", t2);
    else
      throw new A2(void 0, "binary", Ks);
  const [r2, s] = t2;
  return {
    binary: r2,
    prefix: s
  };
}
function Xs(t2, e = ["git"], n = false) {
  let r2 = Pt(v(e), n);
  t2.on("binary", (s) => {
    r2 = Pt(v(s), n), we.info("reconfiguring %o", r2);
  }), t2.append("spawn.binary", () => r2.binary), t2.append("spawn.args", (s) => r2.prefix ? [r2.prefix, ...s] : s);
}
var be = {
  DISALLOWED_ABBREVIATED: {
    text: "disallowed abbreviated or ambiguous option",
    solution: "Unambiguous abbreviated options blocked with unsafe.allowAbbreviatedOptions setting: {message}"
  },
  UNKNOWN: {
    text: "~ unknown ~",
    solution: void 0
  }
};
function Ys(t2) {
  if (!t2)
    return "UNKNOWN";
  for (const [e, { text: n }] of Object.entries(be))
    if (t2.startsWith(`fatal: ${n}`))
      return e;
  return "UNKNOWN";
}
var Qs = class extends O2 {
  constructor(e = "") {
    const n = Ys(e);
    super(void 0, be[n].solution?.replace("{message}", e) ?? e), this.reason = n;
  }
};
function Js(t2) {
  return !!(t2.exitCode && t2.stdErr.length);
}
function Zs(t2) {
  return Buffer.concat([...t2.stdOut, ...t2.stdErr]);
}
function to(t2 = false, e = Js, n = Zs) {
  return (r2, s) => !t2 && r2 || !e(s) ? r2 : n(s);
}
function eo(t2, e) {
  return t2 === 128 && e.startsWith("fatal:") ? new Qs(e) : new O2(void 0, e);
}
function Mt(t2) {
  return {
    type: "task.error",
    action(e, n) {
      const r2 = t2(e.error, {
        stdErr: n.stdErr,
        stdOut: n.stdOut,
        exitCode: n.exitCode
      });
      return Buffer.isBuffer(r2) ? {
        error: eo(n.exitCode, r2.toString("utf-8"))
      } : {
        error: r2
      };
    }
  };
}
var nt = $2("", "plugin:input");
function no(t2) {
  return {
    type: "spawn.after",
    action(e, { commands: n, input: r2, spawned: { stdin: s } }) {
      if (!s)
        return;
      const o2 = t2?.([...n]) ?? r2;
      if (!o2)
        return nt("generated zero length content, not writing to stdin");
      nt("writing %s bytes to stdin", Le(o2)), s.on("error", (i) => {
        i.code !== "EPIPE" && nt("[ERROR] stdin error %o", i);
      }), s.end(o2);
    }
  };
}
var ro = class {
  constructor() {
    this.plugins = /* @__PURE__ */ new Set(), this.events = new Ce();
  }
  on(e, n) {
    this.events.on(e, n);
  }
  reconfigure(e, n) {
    this.events.emit(e, n);
  }
  append(e, n) {
    const r2 = S2(this.plugins, { type: e, action: n });
    return () => this.plugins.delete(r2);
  }
  add(e) {
    const n = [];
    return v(e).forEach(
      (r2) => {
        r2 && this.plugins.add(S2(n, r2));
      }
    ), () => {
      n.forEach((r2) => {
        this.plugins.delete(r2);
      });
    };
  }
  exec(e, n, r2) {
    let s = n;
    const o2 = Object.freeze(Object.create(r2));
    for (const i of this.plugins)
      i.type === e && (s = i.action(s, o2));
    return s;
  }
};
function so(t2) {
  const e = "--progress", n = ["checkout", "clone", "fetch", "pull", "push"];
  return [{
    type: "spawn.args",
    action(o2, i) {
      return n.includes(i.method) ? De(o2, e) : o2;
    }
  }, {
    type: "spawn.after",
    action(o2, i) {
      i.commands.includes(e) && i.spawned.stderr?.on("data", (a) => {
        const c3 = /^([\s\S]+?):\s*(\d+)% \((\d+)\/(\d+)\)/.exec(a.toString("utf8"));
        c3 && t2({
          method: i.method,
          stage: oo(c3[1]),
          progress: p(c3[2]),
          processed: p(c3[3]),
          total: p(c3[4])
        });
      });
    }
  }];
}
function oo(t2) {
  return String(t2.toLowerCase().split(" ", 1)) || "unknown";
}
function io(t2) {
  const e = je(t2, ["uid", "gid"]);
  return {
    type: "spawn.options",
    action(n) {
      return { ...e, ...n };
    }
  };
}
function ao() {
  return {
    type: "spawn.args",
    action(t2) {
      const e = [];
      let n;
      function r2(s) {
        (n = n || []).push(...s);
      }
      for (let s = 0; s < t2.length; s++) {
        const o2 = t2[s];
        if (r(o2)) {
          r2(o(o2));
          continue;
        }
        if (o2 === "--") {
          r2(
            t2.slice(s + 1).flatMap((i) => r(i) && o(i) || i)
          );
          break;
        }
        e.push(o2);
      }
      return n ? [...e, "--", ...n.map(String)] : e;
    }
  };
}
function uo({
  block: t2,
  stdErr: e = true,
  stdOut: n = true
}) {
  if (t2 > 0)
    return {
      type: "spawn.after",
      action(r2, s) {
        let o2;
        function i() {
          o2 && clearTimeout(o2), o2 = setTimeout(c3, t2);
        }
        function a() {
          s.spawned.stdout?.off("data", i), s.spawned.stderr?.off("data", i), s.spawned.off("exit", a), s.spawned.off("close", a), o2 && clearTimeout(o2);
        }
        function c3() {
          a(), s.kill(new A2(void 0, "timeout", "block timeout reached"));
        }
        n && s.spawned.stdout?.on("data", i), e && s.spawned.stderr?.on("data", i), s.spawned.on("exit", a), s.spawned.on("close", a), i();
      }
    };
}
var wo = (t2, e) => {
  const n = new ro(), r2 = Ge(
    t2 && (typeof t2 == "string" ? { baseDir: t2 } : t2) || {},
    e
  );
  if (!Lt(r2.baseDir))
    throw new Ae(
      r2,
      "Cannot use simple-git on a directory that does not exist"
    );
  return Array.isArray(r2.config) && n.add(qs(r2.config)), n.add(zs(r2.unsafe)), n.add(Ws(r2.completion)), r2.abort && n.add(Is(r2.abort)), r2.progress && n.add(so(r2.progress)), r2.timeout && n.add(uo(r2.timeout)), r2.spawnOptions && n.add(io(r2.spawnOptions)), n.add(ao()), n.add(no(r2.input)), n.add(Mt(to(true))), r2.errors && n.add(Mt(r2.errors)), Xs(n, r2.binary, r2.unsafe?.allowUnsafeCustomBinary), n.add(
    Fs(r2.allowEnvironment ?? [], r2.unsafe?.allowAbbreviatedOptions)
  ), new f2(r2, n);
};

// src/core/verify/env-scrub.ts
var CHECK_ENV_ALLOWLIST = Object.freeze([
  "PATH",
  "HOME",
  "USER",
  "LOGNAME",
  "SHELL",
  "LANG",
  "LC_ALL",
  "LC_CTYPE",
  "TZ",
  "TERM",
  "TMPDIR",
  "CI"
]);
function scrubEnv(source, extraNames = []) {
  const env = {};
  for (const name of [...CHECK_ENV_ALLOWLIST, ...extraNames]) {
    if (!Object.hasOwn(source, name)) continue;
    const value = source[name];
    if (value !== void 0) env[name] = value;
  }
  return env;
}

// src/core/executors/worktree-snapshot.ts
var EMPTY_STAT = { filesChanged: 0, insertions: 0, deletions: 0, binaryFiles: 0 };
var EMPTY_DIFF = Object.freeze({
  diff: "",
  diffTruncated: false,
  diffStat: EMPTY_STAT,
  changedFiles: []
});
function git(baseDir, env, indexFile) {
  const base = scrubEnv(env, ["XDG_CONFIG_HOME"]);
  const instance = wo({
    baseDir,
    allowEnvironment: indexFile ? ["GIT_INDEX_FILE"] : [],
    config: ["core.quotePath=false"]
  });
  return instance.env({
    ...base,
    LC_ALL: "C",
    ...indexFile ? { GIT_INDEX_FILE: indexFile } : {}
  });
}
async function findRepoRoot(workdir, env) {
  try {
    const top = (await git(workdir, env).raw(["rev-parse", "--show-toplevel"])).trim();
    return top || null;
  } catch (error) {
    if (error instanceof Error && /not a git repository/i.test(error.message)) return null;
    throw error;
  }
}
async function snapshotWorktree(root, env) {
  const plain2 = git(root, env);
  const head = await plain2.raw(["rev-parse", "--verify", "--quiet", "HEAD^{commit}"]).then((sha) => sha.trim() || null).catch(() => null);
  const scratch = await mkdtemp(join(tmpdir(), "truss-snapshot-"));
  const indexFile = join(scratch, "index");
  try {
    const realIndex = (await plain2.raw(["rev-parse", "--git-path", "index"])).trim();
    const realIndexPath = isAbsolute3(realIndex) ? realIndex : resolve3(root, realIndex);
    const seeded = await copyFile(realIndexPath, indexFile).then(
      () => true,
      () => false
    );
    const scoped = git(root, env, indexFile);
    const fresh = () => scoped.raw(head ? ["read-tree", head] : ["read-tree", "--empty"]);
    const addAll = () => scoped.raw(["add", "-A", "--", ":/"]);
    if (!seeded) await fresh();
    try {
      await addAll();
    } catch (error) {
      if (!seeded) throw error;
      await fresh();
      await addAll();
    }
    const tree = (await scoped.raw(["write-tree"])).trim();
    return { root, head, tree };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
async function diffSnapshots(before, after, env, maxBytes) {
  if (before.tree === after.tree) return { ...EMPTY_DIFF, diffStat: { ...EMPTY_STAT }, changedFiles: [] };
  const g2 = git(before.root, env);
  const range = [before.tree, after.tree];
  const common = ["--no-color", "--no-ext-diff", "--no-textconv", "--no-renames"];
  const [patch, numstat] = await Promise.all([
    g2.raw(["diff", ...common, "--binary", ...range]),
    g2.raw(["diff", ...common, "--numstat", "-z", ...range])
  ]);
  const stat3 = { ...EMPTY_STAT };
  const changedFiles = [];
  for (const record of numstat.split("\0")) {
    if (!record) continue;
    const first = record.indexOf("	");
    const second = record.indexOf("	", first + 1);
    if (first < 0 || second < 0) continue;
    const added = record.slice(0, first);
    const deleted = record.slice(first + 1, second);
    changedFiles.push(record.slice(second + 1));
    stat3.filesChanged++;
    if (added === "-" || deleted === "-") {
      stat3.binaryFiles++;
    } else {
      stat3.insertions += Number(added);
      stat3.deletions += Number(deleted);
    }
  }
  const truncated = Buffer.byteLength(patch, "utf8") > maxBytes;
  return {
    diff: truncated ? truncateUtf8(patch, maxBytes) : patch,
    diffTruncated: truncated,
    diffStat: stat3,
    changedFiles
  };
}
function truncateUtf8(text, maxBytes) {
  const bytes = Buffer.from(text, "utf8").subarray(0, maxBytes);
  let end = bytes.length;
  let back = 0;
  while (back < 4 && end - back - 1 >= 0 && ((bytes[end - back - 1] ?? 0) & 192) === 128) back++;
  const lead = bytes[end - back - 1];
  if (lead !== void 0 && lead >= 192) {
    const need = lead >= 240 ? 4 : lead >= 224 ? 3 : 2;
    if (back + 1 < need) end -= back + 1;
  }
  return bytes.subarray(0, end).toString("utf8");
}

// src/core/executors/delegated-cli.ts
var DEFAULT_DELEGATED_TIMEOUT_SEC = 1800;
var ALWAYS_CLEARED_ENV = Object.freeze([
  "TRUSS_SIGNING_KEY",
  "TRUSS_REVIEW_SIGNING_KEY"
]);
var DEFAULT_MAX_DIFF_BYTES = 16 * 1024 * 1024;
async function runDelegatedCli(options) {
  const { executor, ctx, workdir } = options;
  if (executor.kind !== "delegated-cli") {
    throw new DelegatedCliConfigError(
      `executor.kind is "${executor.kind}"; runDelegatedCli needs kind = "delegated-cli"`
    );
  }
  const command = executor.command?.trim();
  if (!command) {
    throw new DelegatedCliConfigError(
      'executor.command is required for kind = "delegated-cli" (e.g. command = "claude")'
    );
  }
  const prompt = buildDelegatedPrompt({
    intent: options.intent,
    contractTitle: options.contractTitle,
    done: options.done
  });
  const { env, cleared } = buildDelegatedEnv(options.env, executor.clear_env);
  const resolvedCommand = await resolveCommand(command, workdir, env.PATH);
  const timeoutSec = executor.timeout_sec ?? DEFAULT_DELEGATED_TIMEOUT_SEC;
  const args = [...executor.args];
  let timeoutMs = timeoutSec * 1e3;
  if (ctx.deadline !== null) timeoutMs = Math.min(timeoutMs, Math.max(0, ctx.deadline - ctx.now()));
  const abortedEarly = ctx.signal.aborted;
  const useGit = options.git !== false && !abortedEarly;
  let gitError2 = options.git === false ? "diff capture disabled" : abortedEarly ? "cancelled before the run started" : null;
  let before = null;
  if (useGit) {
    try {
      const root = await findRepoRoot(workdir, env);
      if (root === null) gitError2 = "not a git repository";
      else before = await snapshotWorktree(root, env);
    } catch (error) {
      gitError2 = `could not snapshot the working tree before the run: ${message(error)}`;
    }
  }
  const outcome = await runSupervised({
    file: resolvedCommand,
    argv0: command,
    args: executor.prompt_via === "arg" ? [...args, prompt] : args,
    cwd: workdir,
    env,
    stdin: executor.prompt_via === "stdin" ? prompt : null,
    timeoutMs,
    signal: ctx.signal,
    ...options.killGraceMs === void 0 ? {} : { killGraceMs: options.killGraceMs },
    ...options.maxCaptureBytes === void 0 ? {} : { maxCaptureBytes: options.maxCaptureBytes },
    ...options.tailBytes === void 0 ? {} : { tailBytes: options.tailBytes }
  });
  if (outcome.spawnError) {
    const { code, message: why } = outcome.spawnError;
    if (code === "ENOENT") throw new DelegatedCommandNotFoundError(command, `resolved to ${resolvedCommand}`);
    const hint = code === "E2BIG" && executor.prompt_via === "arg" ? '; the prompt is too long for an argument, use prompt_via = "stdin"' : "";
    throw new DelegatedSpawnError(command, `${why}${hint}`, code);
  }
  let changes = EMPTY_DIFF;
  let headAfter = null;
  if (before) {
    try {
      const after = await snapshotWorktree(before.root, env);
      headAfter = after.head;
      changes = await diffSnapshots(before, after, env, options.maxDiffBytes ?? DEFAULT_MAX_DIFF_BYTES);
    } catch (error) {
      gitError2 = `could not capture the working-tree diff after the run: ${message(error)}`;
    }
  }
  if (gitError2 !== null && useGit) ctx.events({ type: "warning", message: `delegated-cli: ${gitError2}` });
  return {
    exitCode: outcome.exitCode,
    signal: outcome.signal,
    timedOut: outcome.timedOut,
    cancelled: outcome.cancelled,
    durationMs: outcome.durationMs,
    stdout: outcome.stdout,
    stderr: outcome.stderr,
    diff: changes.diff,
    diffTruncated: changes.diffTruncated,
    diffStat: { ...changes.diffStat },
    changedFiles: [...changes.changedFiles],
    headBefore: before?.head ?? null,
    headAfter,
    gitError: gitError2,
    prompt,
    promptSha256: promptSha256(prompt),
    promptVia: executor.prompt_via,
    command,
    resolvedCommand,
    args,
    timeoutSec,
    clearedEnv: cleared
  };
}
function buildDelegatedEnv(host, clearEnv) {
  const drop = /* @__PURE__ */ new Set([...clearEnv, ...ALWAYS_CLEARED_ENV]);
  const env = {};
  const cleared = [];
  for (const [name, value] of Object.entries(host)) {
    if (value === void 0) continue;
    if (drop.has(name)) cleared.push(name);
    else env[name] = value;
  }
  return { env, cleared: cleared.sort() };
}
async function resolveCommand(command, workdir, path) {
  if (command.includes("/")) {
    const candidate = resolve4(workdir, command);
    const found = await executableFile(candidate);
    if (found === "yes") return candidate;
    throw new DelegatedCommandNotFoundError(
      command,
      found === "not-executable" ? `${candidate} is not executable` : `no file at ${candidate}`
    );
  }
  let sawNonExecutable = null;
  for (const dir of (path ?? "").split(delimiter)) {
    const candidate = resolve4(workdir, dir || ".", command);
    const found = await executableFile(candidate);
    if (found === "yes") return candidate;
    if (found === "not-executable") sawNonExecutable ??= candidate;
  }
  throw new DelegatedCommandNotFoundError(
    command,
    sawNonExecutable ? `${sawNonExecutable} exists but is not executable` : void 0
  );
}
async function executableFile(candidate) {
  try {
    if (!(await stat(candidate)).isFile()) return "missing";
  } catch {
    return "missing";
  }
  try {
    await access(candidate, constants.X_OK);
    return "yes";
  } catch {
    return "not-executable";
  }
}
function message(error) {
  return error instanceof Error ? error.message : String(error);
}

// src/core/executors/in-loop.ts
import { createHash as createHash5 } from "node:crypto";

// src/core/tools/policy.ts
import { lstatSync, readlinkSync, realpathSync } from "node:fs";
import { basename as basename2, dirname, isAbsolute as isAbsolute4, join as join2, relative, resolve as resolve5, sep } from "node:path";
var PolicyViolation = class extends Error {
  name = "PolicyViolation";
  code;
  /** The refused thing: a path as given, a command, a tool name. */
  subject;
  constructor(code, subject, message2) {
    super(message2);
    this.code = code;
    this.subject = subject;
  }
};
var MAX_SYMLINK_HOPS = 40;
function resolvePolicy(constraints, workdir) {
  const root = realpathSync(resolve5(workdir));
  const scope = (entries, field) => {
    const resolved = entries.map((entry) => resolveScope(root, entry, field));
    return [...new Set(resolved)];
  };
  return {
    workdir: root,
    readScope: scope(constraints.read_scope, "read_scope"),
    writeScope: scope(constraints.write_scope, "write_scope"),
    forbidden: [...constraints.forbidden],
    network: constraints.network,
    allowlist: [...constraints.allowlist],
    allowTools: [...constraints.allow_tools]
  };
}
function resolveScope(root, entry, field) {
  if (entry.includes("\0")) {
    throw new PolicyViolation("nul_byte", entry, `${field} entry contains a NUL byte`);
  }
  if (isAbsolute4(entry)) return realpathLoose(resolve5(entry));
  const lexical = resolve5(root, entry);
  if (!isWithin(lexical, root)) {
    throw new PolicyViolation(
      "outside_scope",
      entry,
      `${field} entry ${JSON.stringify(entry)} resolves to ${lexical}, outside the workdir ${root}; name a directory outside the workdir by its absolute path if that is really intended`
    );
  }
  const real = realpathLoose(lexical);
  if (!isWithin(real, root)) {
    throw new PolicyViolation(
      "symlink_escape",
      entry,
      `${field} entry ${JSON.stringify(entry)} resolves through a symlink to ${real}, outside the workdir ${root}; name it by its absolute path if that is really intended`
    );
  }
  return real;
}
function checkReadPath(policy, path) {
  return checkPath(policy, path, "read");
}
function checkWritePath(policy, path) {
  const real = checkPath(policy, path, "write");
  const resolved = isWithin(real, policy.workdir) ? relative(policy.workdir, real) : real;
  const needle = policy.forbidden.find((item) => path.includes(item) || resolved.includes(item));
  if (needle !== void 0) {
    throw new PolicyViolation(
      "forbidden",
      path,
      `write refused: the path ${JSON.stringify(path)} contains the forbidden substring ${JSON.stringify(needle)}`
    );
  }
  return real;
}
function checkWriteContent(policy, path, content) {
  const needle = policy.forbidden.find((item) => content.includes(item));
  if (needle !== void 0) {
    throw new PolicyViolation(
      "forbidden",
      path,
      `write refused: the content for ${JSON.stringify(path)} contains the forbidden substring ${JSON.stringify(needle)}`
    );
  }
}
function checkPath(policy, path, mode) {
  if (typeof path !== "string" || path.length === 0) {
    throw new PolicyViolation("invalid_path", String(path), `${mode} refused: the path is empty`);
  }
  if (path.includes("\0")) {
    throw new PolicyViolation("nul_byte", path, `${mode} refused: the path contains a NUL byte`);
  }
  const scopes = mode === "read" ? policy.readScope : policy.writeScope;
  const scopeText = scopes.length === 0 ? "no directories at all" : scopes.join(", ");
  const lexical = resolve5(policy.workdir, path);
  const real = realpathLoose(lexical);
  const scope = scopes.find((dir) => isWithin(real, dir));
  if (scope === void 0) {
    const lexicallyInside = scopes.some((dir) => isWithin(lexical, dir));
    let why;
    if (lexicallyInside) {
      why = `resolves through a symlink to ${real}, outside the ${mode} scope (${scopeText})`;
    } else if (isAbsolute4(path)) {
      why = `is an absolute path outside the ${mode} scope (${scopeText})`;
    } else if (path.split(/[\\/]/).includes("..")) {
      why = `escapes with ".." to ${lexical}, outside the ${mode} scope (${scopeText})`;
    } else {
      why = `resolves to ${real}, outside the ${mode} scope (${scopeText})`;
    }
    throw new PolicyViolation(
      lexicallyInside ? "symlink_escape" : "outside_scope",
      path,
      `${mode} refused: ${JSON.stringify(path)} ${why}`
    );
  }
  if (mode === "write") {
    const inside = relative(scope, real).split(sep);
    if (inside.some((segment) => segment.toLowerCase() === ".git")) {
      throw new PolicyViolation(
        "git_dir",
        path,
        `write refused: ${JSON.stringify(path)} is inside a .git directory; use the git tools instead`
      );
    }
  }
  return real;
}
function realpathLoose(path, hops = 0) {
  try {
    return realpathSync(path);
  } catch (error) {
    const code = error.code;
    if (code === "ELOOP") throw loop(path);
    if (code !== "ENOENT" && code !== "ENOTDIR") throw error;
  }
  const parent = dirname(path);
  if (parent === path) return path;
  const candidate = join2(realpathLoose(parent, hops), basename2(path));
  let isLink = false;
  try {
    isLink = lstatSync(candidate).isSymbolicLink();
  } catch {
    return candidate;
  }
  if (!isLink) return candidate;
  if (hops >= MAX_SYMLINK_HOPS) throw loop(path);
  return realpathLoose(resolve5(dirname(candidate), readlinkSync(candidate)), hops + 1);
}
function loop(path) {
  return new PolicyViolation("invalid_path", path, `refused: ${JSON.stringify(path)} has a symlink loop`);
}
function isWithin(child, parent) {
  if (child === parent) return true;
  const prefix = parent.endsWith(sep) ? parent : parent + sep;
  return child.startsWith(prefix);
}
var NETWORK_PROGRAMS = Object.freeze([
  "curl",
  "wget",
  "nc",
  "ncat",
  "netcat",
  "socat",
  "ssh",
  "scp",
  "sftp",
  "telnet",
  "ftp",
  "rsync"
]);
var NETWORK_PROGRAM_PATTERN = new RegExp(`(?<![\\w.-])(${NETWORK_PROGRAMS.join("|")})(?![\\w.-])`);
var GIT_REMOTE_PATTERN = /(?<![\w.-])git\s+(?:-\S+\s+)*(push|pull|fetch|clone|ls-remote)(?![\w.-])/;
var DEV_TCP_PATTERN = /\/dev\/(tcp|udp)\//;
var URL_HOST_PATTERN = /\b[a-z][a-z0-9+.-]*:\/\/(?:[^\s/@'"]*@)?(\[[^\]\s]+\]|[^\s/:'"?#]+)/gi;
function checkCommand(policy, command) {
  if (command.includes("\0")) {
    throw new PolicyViolation("nul_byte", command, "bash refused: the command contains a NUL byte");
  }
  const collapsed = collapseWhitespace(command);
  for (const needle of policy.forbidden) {
    if (command.includes(needle) || collapsed.includes(collapseWhitespace(needle))) {
      throw new PolicyViolation(
        "forbidden",
        command,
        `bash refused: the command contains the forbidden substring ${JSON.stringify(needle)} (contract [constraints] forbidden)`
      );
    }
  }
  if (policy.network === "none") {
    const program = networkUse(command, collapsed);
    if (program !== void 0) {
      throw new PolicyViolation(
        "network",
        command,
        `bash refused: the contract sets network = "none" and the command uses ${JSON.stringify(program)}, which needs the network (a best-effort filter; real isolation is the sandbox\u2019s job)`
      );
    }
  } else if (policy.network === "allowlist") {
    for (const match of command.matchAll(URL_HOST_PATTERN)) {
      const host = (match[1] ?? "").toLowerCase();
      if (!hostAllowed(policy.allowlist, host)) {
        throw new PolicyViolation(
          "network",
          command,
          `bash refused: the command reaches ${JSON.stringify(host)}, which is not in the network allowlist (${policy.allowlist.join(", ") || "empty"})`
        );
      }
    }
  }
}
function networkUse(command, collapsed) {
  const program = NETWORK_PROGRAM_PATTERN.exec(command)?.[1];
  if (program !== void 0) return program;
  const remote = GIT_REMOTE_PATTERN.exec(collapsed)?.[1];
  if (remote !== void 0) return `git ${remote}`;
  const device = DEV_TCP_PATTERN.exec(command)?.[0];
  return device;
}
function collapseWhitespace(text) {
  return text.replace(/\s+/g, " ");
}
function hostAllowed(allowlist, host) {
  return allowlist.some((entry) => {
    const pattern = entry.toLowerCase();
    if (pattern.startsWith("*.")) return host.endsWith(pattern.slice(1));
    return host === pattern;
  });
}
function isToolAllowed(policy, name) {
  return policy.allowTools.some((pattern) => matchesToolPattern(pattern, name));
}
function matchesToolPattern(pattern, name) {
  if (!pattern.includes("*")) return pattern === name;
  const source = pattern.split("*").map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join(".*");
  return new RegExp(`^${source}$`).test(name);
}
function advertisedTools(registry, policy) {
  const tools = registry instanceof Map ? [...registry.values()] : [...registry];
  return tools.filter((tool) => isToolAllowed(policy, tool.name));
}

// src/core/tools/bash-tool.ts
import { accessSync, constants as constants2 } from "node:fs";

// src/core/verify/shell-runner.ts
var KILL_GRACE_MS = 1e3;
async function runShell(command, options) {
  const outcome = await runSupervised({
    file: options.shell ?? "/bin/sh",
    args: ["-c", command],
    cwd: options.workdir,
    env: options.env,
    stdin: null,
    timeoutMs: options.timeoutMs,
    signal: options.ctx.signal,
    killGraceMs: KILL_GRACE_MS,
    maxCaptureBytes: options.maxCaptureBytes,
    tailBytes: options.tailBytes,
    onStdout: options.onStdout,
    onStderr: options.onStderr
  });
  return { ...outcome, spawnError: outcome.spawnError?.message ?? null };
}

// src/core/tools/tool-kit.ts
import { relative as relative2 } from "node:path";
var ToolInputError = class extends Error {
  name = "ToolInputError";
};
function parseInput(tool, schema, input) {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const where = issue.path.length > 0 ? issue.path.join(".") : "input";
    return `${where}: ${issue.message}`;
  });
  throw new ToolInputError(`invalid input for ${tool}: ${problems.join("; ")}`);
}
function ok(content, data) {
  return data === void 0 ? { content, isError: false } : { content, isError: false, data };
}
function fail(content, data) {
  return data === void 0 ? { content, isError: true } : { content, isError: true, data };
}
function errorOutcome(tool, error) {
  if (error instanceof PolicyViolation) {
    return fail(error.message, { refused: true, violation: error.code });
  }
  if (error instanceof ToolInputError) return fail(error.message, { invalidInput: true });
  const err = error;
  const message2 = error instanceof Error ? error.message : String(error);
  return fail(`${tool} failed: ${message2}`, err?.code ? { code: err.code } : void 0);
}
function displayPath(policy, real) {
  if (!isWithin(real, policy.workdir)) return real;
  return relative2(policy.workdir, real) || ".";
}

// src/core/tools/bash-tool.ts
var BASH_DEFAULT_TIMEOUT_SEC = 120;
var BASH_MAX_TIMEOUT_SEC = 600;
var BASH_OUTPUT_TAIL_BYTES = 32 * 1024;
var BashInput = external_exports.object({
  command: external_exports.string().min(1, "must not be empty"),
  timeout_sec: external_exports.number().positive().optional()
});
function createBashTool(options = {}) {
  const tailBytes = options.outputTailBytes ?? BASH_OUTPUT_TAIL_BYTES;
  const defaultTimeout = options.defaultTimeoutSec ?? BASH_DEFAULT_TIMEOUT_SEC;
  return {
    name: "bash",
    description: `Run a shell command in the working directory and return its exit code, stdout and stderr (the last ${Math.round(tailBytes / 1024)} KiB of each). Each call starts a fresh shell (no state carries over); stdin is closed; the environment holds no credentials. Default timeout ${defaultTimeout}s, at most ${BASH_MAX_TIMEOUT_SEC}s; on timeout the whole process group is killed.`,
    inputSchema: {
      type: "object",
      properties: {
        command: { type: "string", description: "The shell command to run." },
        timeout_sec: {
          type: "number",
          exclusiveMinimum: 0,
          maximum: BASH_MAX_TIMEOUT_SEC,
          description: `Timeout in seconds (default ${defaultTimeout}).`
        }
      },
      required: ["command"],
      additionalProperties: false
    },
    sideEffect: false,
    async run(input, context) {
      try {
        const args = parseInput("bash", BashInput, input);
        checkCommand(context.policy, args.command);
        if (context.ctx.signal.aborted)
          return fail("bash refused: the run was cancelled", { cancelled: true });
        const timeoutSec = Math.min(args.timeout_sec ?? defaultTimeout, BASH_MAX_TIMEOUT_SEC);
        const deadlineMs = context.ctx.deadline === null ? null : context.ctx.deadline - context.ctx.now();
        const timeoutMs = Math.max(0, Math.min(timeoutSec * 1e3, deadlineMs ?? Number.POSITIVE_INFINITY));
        const env = scrubEnv(options.env ?? process.env, options.extraEnvNames ?? []);
        env.TRUSS_TOOL = "1";
        const outcome = await runShell(args.command, {
          workdir: context.policy.workdir,
          env,
          ctx: context.ctx,
          timeoutMs,
          shell: options.shell ?? defaultShell(),
          maxCaptureBytes: 0,
          // only the tail is returned
          tailBytes
        });
        const data = {
          exitCode: outcome.exitCode,
          signal: outcome.signal,
          timedOut: outcome.timedOut,
          cancelled: outcome.cancelled,
          durationMs: Math.round(outcome.durationMs),
          stdoutBytes: outcome.stdout.totalBytes,
          stderrBytes: outcome.stderr.totalBytes,
          truncated: outcome.stdout.totalBytes > tailBytes || outcome.stderr.totalBytes > tailBytes
        };
        if (outcome.spawnError !== null) return fail(`bash could not start: ${outcome.spawnError}`, data);
        let status;
        if (outcome.timedOut) status = `timed out after ${timeoutMs / 1e3}s; process group killed`;
        else if (outcome.cancelled) status = "cancelled; process group killed";
        else if (outcome.exitCode === null) status = `killed by signal ${outcome.signal ?? "unknown"}`;
        else status = `exit code ${outcome.exitCode}`;
        const content = [
          status,
          section("stdout", outcome.stdout, tailBytes),
          section("stderr", outcome.stderr, tailBytes)
        ].filter((part) => part.length > 0).join("\n");
        const isError = outcome.exitCode !== 0;
        return isError ? fail(content, data) : ok(content, data);
      } catch (error) {
        return errorOutcome("bash", error);
      }
    }
  };
}
function section(name, stream, tailBytes) {
  if (stream.totalBytes === 0) return "";
  const header = stream.totalBytes > tailBytes ? `[${name}: truncated, showing the last ${tailBytes} of ${stream.totalBytes} bytes]` : `[${name}]`;
  return `${header}
${stream.tail}`;
}
var cachedShell;
function defaultShell() {
  if (cachedShell === void 0) {
    try {
      accessSync("/bin/bash", constants2.X_OK);
      cachedShell = "/bin/bash";
    } catch {
      cachedShell = "/bin/sh";
    }
  }
  return cachedShell;
}
var bashTool = createBashTool();

// src/core/tools/fs-tools.ts
import { createHash as createHash3, randomBytes } from "node:crypto";
import { mkdir, open, readdir as readdir2, rename, stat as stat2, unlink } from "node:fs/promises";
import { basename as basename3, dirname as dirname2, join as join3 } from "node:path";
var READ_MAX_BYTES = 256 * 1024;
var BINARY_SNIFF_BYTES = 8e3;
var WRITE_MAX_BYTES = 8 * 1024 * 1024;
var LIST_MAX_ENTRIES = 1e3;
var CHUNK_BYTES = 64 * 1024;
var ReadInput = external_exports.object({
  path: external_exports.string(),
  offset: external_exports.number().int().min(1).optional(),
  limit: external_exports.number().int().min(1).optional()
});
var WriteInput = external_exports.object({ path: external_exports.string(), content: external_exports.string() });
var ListInput = external_exports.object({ path: external_exports.string() });
var readFileTool = {
  name: "read_file",
  description: "Read a UTF-8 text file. Returns the exact file text (up to 256 KiB per call). Use offset (1-based first line) and limit (number of lines) to read part of a large file; a truncated read ends with a note giving the offset to continue from. Binary files are not shown.",
  inputSchema: {
    type: "object",
    properties: {
      path: { type: "string", description: "File path, relative to the working directory." },
      offset: { type: "integer", minimum: 1, description: "1-based line number to start at (default 1)." },
      limit: { type: "integer", minimum: 1, description: "Maximum number of lines to return." }
    },
    required: ["path"],
    additionalProperties: false
  },
  sideEffect: false,
  readOnly: true,
  async run(input, context) {
    try {
      const args = parseInput("read_file", ReadInput, input);
      const real = checkReadPath(context.policy, args.path);
      return await readText(context, real, args.offset ?? 1, args.limit);
    } catch (error) {
      return errorOutcome("read_file", error);
    }
  }
};
async function readText(context, real, offset, limit) {
  const shown = displayPath(context.policy, real);
  const info = await stat2(real);
  if (info.isDirectory()) {
    return fail(`${shown} is a directory; use list_dir to see its entries`, {
      path: shown,
      isDirectory: true
    });
  }
  if (!info.isFile()) return fail(`${shown} is not a regular file`, { path: shown });
  const read = await readLines(real, offset, limit);
  const base = { path: shown, bytes: info.size };
  if (read.binary) {
    return ok(`[binary file: ${shown}, ${info.size} bytes; not shown]`, {
      ...base,
      binary: true,
      complete: false
    });
  }
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(read.bytes);
  } catch {
    return ok(`[binary file: ${shown}, ${info.size} bytes, not valid UTF-8 text; not shown]`, {
      ...base,
      binary: true,
      complete: false
    });
  }
  if (read.lines === 0 && offset > 1) {
    return fail(
      `offset ${offset} is past the end of ${shown} (${read.totalLines ?? 0} line${read.totalLines === 1 ? "" : "s"})`,
      base
    );
  }
  const endLine = read.startLine + read.lines - 1;
  const complete = offset === 1 && read.eof && !read.truncated;
  const data = {
    ...base,
    binary: false,
    complete,
    startLine: read.startLine,
    endLine,
    truncated: read.truncated,
    totalLines: read.totalLines
  };
  if (complete) return ok(text, data);
  let note;
  if (read.truncated && read.partialLine) {
    note = `[truncated: line ${read.startLine} is longer than ${READ_MAX_BYTES} bytes; only its start is shown. Continue with offset=${read.startLine + 1}]`;
  } else if (read.truncated) {
    note = `[truncated at ${READ_MAX_BYTES} bytes: showing lines ${read.startLine}-${endLine} of a ${info.size}-byte file. Continue with offset=${endLine + 1}]`;
  } else if (!read.eof) {
    note = `[showing lines ${read.startLine}-${endLine}; more follow. Continue with offset=${endLine + 1}]`;
  } else {
    note = `[showing lines ${read.startLine}-${endLine} of ${read.totalLines ?? endLine}]`;
  }
  const separator = text.length === 0 || text.endsWith("\n") ? "" : "\n";
  return ok(`${text}${separator}${note}`, data);
}
async function readLines(path, offset, limit) {
  const lastWanted = limit === void 0 ? Number.POSITIVE_INFINITY : offset + limit - 1;
  const parts = [];
  let kept = 0;
  let keptAtLineStart = 0;
  let line = 1;
  let wholeLines = 0;
  let unterminated = false;
  let position = 0;
  let truncated = false;
  let partialLine = false;
  let binary = false;
  let more = false;
  const handle = await open(path, "r");
  try {
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    reading: for (; ; ) {
      const { bytesRead } = await handle.read(chunk, 0, CHUNK_BYTES, position);
      if (bytesRead === 0) break;
      const view = chunk.subarray(0, bytesRead);
      if (position < BINARY_SNIFF_BYTES && view.subarray(0, BINARY_SNIFF_BYTES - position).includes(0)) {
        binary = true;
        break;
      }
      let pos = 0;
      while (pos < view.length) {
        if (line > lastWanted) {
          more = true;
          break reading;
        }
        const newline = view.indexOf(10, pos);
        const end = newline === -1 ? view.length : newline + 1;
        if (line >= offset) {
          const piece = view.subarray(pos, end);
          if (kept + piece.length > READ_MAX_BYTES) {
            truncated = true;
            if (wholeLines === 0) {
              parts.push(Buffer.from(piece.subarray(0, READ_MAX_BYTES - kept)));
              kept = READ_MAX_BYTES;
              kept -= incompleteUtf8Tail(Buffer.concat(parts, kept));
              partialLine = true;
            } else {
              kept = keptAtLineStart;
            }
            break reading;
          }
          parts.push(Buffer.from(piece));
          kept += piece.length;
        }
        if (newline === -1) {
          unterminated = true;
        } else {
          if (line >= offset) {
            wholeLines++;
            keptAtLineStart = kept;
          }
          line++;
          unterminated = false;
        }
        pos = end;
      }
      position += bytesRead;
    }
  } finally {
    await handle.close();
  }
  const eof = !more && !truncated && !binary;
  const lastLineShown = eof && unterminated && kept > keptAtLineStart ? 1 : 0;
  return {
    bytes: Buffer.concat(parts).subarray(0, kept),
    startLine: offset,
    lines: partialLine ? 1 : wholeLines + lastLineShown,
    truncated,
    partialLine,
    eof,
    totalLines: eof ? line - 1 + (unterminated ? 1 : 0) : null,
    binary
  };
}
function incompleteUtf8Tail(buffer) {
  for (let back = 1; back <= Math.min(3, buffer.length); back++) {
    const byte = buffer[buffer.length - back] ?? 0;
    if ((byte & 192) === 128) continue;
    const need = byte >= 240 ? 4 : byte >= 224 ? 3 : byte >= 192 ? 2 : 1;
    return need > back ? back : 0;
  }
  return 0;
}
var writeFileTool = {
  name: "write_file",
  description: "Create or overwrite a text file with the given content (UTF-8). Missing parent directories are created. The whole file is replaced atomically; include the complete content.",
  inputSchema: {
    type: "object",
    properties: {
      path: { type: "string", description: "File path, relative to the working directory." },
      content: { type: "string", description: "The complete new content of the file." }
    },
    required: ["path", "content"],
    additionalProperties: false
  },
  sideEffect: false,
  async run(input, context) {
    try {
      const args = parseInput("write_file", WriteInput, input);
      const real = checkWritePath(context.policy, args.path);
      checkWriteContent(context.policy, args.path, args.content);
      return await writeText(context, real, args.content);
    } catch (error) {
      return errorOutcome("write_file", error);
    }
  }
};
async function writeText(context, real, content) {
  const shown = displayPath(context.policy, real);
  const bytes = Buffer.from(content, "utf8");
  if (bytes.length > WRITE_MAX_BYTES) {
    return fail(
      `write refused: ${bytes.length} bytes is more than the ${WRITE_MAX_BYTES}-byte limit per write`,
      {
        path: shown
      }
    );
  }
  let mode;
  let created = true;
  try {
    const existing = await stat2(real);
    if (existing.isDirectory())
      return fail(`${shown} is a directory; cannot write a file there`, { path: shown });
    if (!existing.isFile()) return fail(`${shown} is not a regular file`, { path: shown });
    mode = existing.mode & 4095;
    created = false;
  } catch (error) {
    if (error.code !== "ENOENT") throw error;
  }
  const dir = dirname2(real);
  await mkdir(dir, { recursive: true });
  const temp = join3(dir, `.${basename3(real)}.truss-${randomBytes(6).toString("hex")}.tmp`);
  try {
    const handle = await open(temp, "wx", mode ?? 438);
    try {
      await handle.writeFile(bytes);
      if (mode !== void 0) await handle.chmod(mode);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, real);
  } catch (error) {
    await unlink(temp).catch(() => {
    });
    throw error;
  }
  const sha2563 = createHash3("sha256").update(bytes).digest("hex");
  return ok(`wrote ${bytes.length} bytes to ${shown} (${created ? "created" : "overwritten"})`, {
    path: shown,
    bytes: bytes.length,
    created,
    sha256: sha2563
  });
}
var listDirTool = {
  name: "list_dir",
  description: `List a directory: one entry per line, sorted by name; directories end with "/", symlinks with "@". Shows at most ${LIST_MAX_ENTRIES} entries.`,
  inputSchema: {
    type: "object",
    properties: {
      path: {
        type: "string",
        description: 'Directory path, relative to the working directory ("." for it).'
      }
    },
    required: ["path"],
    additionalProperties: false
  },
  sideEffect: false,
  readOnly: true,
  async run(input, context) {
    try {
      const args = parseInput("list_dir", ListInput, input);
      const real = checkReadPath(context.policy, args.path);
      return await listDirectory(context, real);
    } catch (error) {
      return errorOutcome("list_dir", error);
    }
  }
};
async function listDirectory(context, real) {
  const shown = displayPath(context.policy, real);
  const info = await stat2(real);
  if (!info.isDirectory())
    return fail(`${shown} is not a directory; use read_file to read a file`, { path: shown });
  const entries = await readdir2(real, { withFileTypes: true });
  entries.sort((a, b3) => a.name < b3.name ? -1 : a.name > b3.name ? 1 : 0);
  const shownEntries = entries.slice(0, LIST_MAX_ENTRIES);
  const lines = shownEntries.map((entry) => {
    if (entry.isDirectory()) return `${entry.name}/`;
    if (entry.isSymbolicLink()) return `${entry.name}@`;
    return entry.name;
  });
  const truncated = entries.length > shownEntries.length;
  if (truncated) {
    lines.push(
      `[${entries.length - shownEntries.length} more entries not shown; ${entries.length} in total]`
    );
  }
  const content = lines.length === 0 ? `(${shown} is empty)` : lines.join("\n");
  return ok(content, { path: shown, entries: entries.length, truncated });
}
var fsTools = Object.freeze([readFileTool, writeFileTool, listDirTool]);

// src/core/tools/git-tools.ts
import { realpathSync as realpathSync2 } from "node:fs";
import { relative as relative3, sep as sep2 } from "node:path";
var DEFAULT_GIT_AUTHOR = Object.freeze({ name: "Truss Agent", email: "truss@localhost" });
var GIT_DIFF_MAX_BYTES = 256 * 1024;
var GIT_SILENCE_TIMEOUT_MS = 6e4;
var SAFE_CONFIG = Object.freeze([
  "core.hooksPath=/dev/null",
  "core.fsmonitor=false",
  "commit.gpgSign=false",
  "color.ui=false"
]);
async function openRepo(context, options) {
  const env = scrubEnv(options.env ?? process.env);
  const make = (extraConfig = []) => wo({
    baseDir: context.policy.workdir,
    config: [...SAFE_CONFIG, ...extraConfig],
    abort: context.ctx.signal,
    timeout: { block: GIT_SILENCE_TIMEOUT_MS },
    // Our own safe values for these two are what simple-git would otherwise refuse.
    unsafe: { allowUnsafeHooksPath: true, allowUnsafeFsMonitor: true }
  }).env(env);
  const root = await locate(make(), context);
  const pathspec = (real) => {
    if (!isWithin(real, root)) {
      throw new PolicyViolation("outside_scope", real, `${real} is outside the git repository at ${root}`);
    }
    const rel = relative3(root, real).split(sep2).join("/");
    return rel === "" ? ":(top)" : `:(top,literal)${rel}`;
  };
  const scopeSpecs = (scopes) => {
    const specs = [];
    for (const scope of scopes) {
      if (isWithin(root, scope)) return [":(top)"];
      if (isWithin(scope, root)) specs.push(pathspec(scope));
    }
    return specs;
  };
  return { root, git: make, pathspec, scopeSpecs };
}
async function locate(git2, context) {
  let top;
  try {
    top = (await git2.revparse(["--show-toplevel"])).trim();
  } catch (error) {
    if (/not a git repository/i.test(String(error?.message))) {
      throw new GitToolError(`${context.policy.workdir} is not inside a git repository`);
    }
    throw error;
  }
  return realpathSync2(top);
}
var GitToolError = class extends Error {
  name = "GitToolError";
};
function gitError(tool, error) {
  if (error instanceof GitToolError) return fail(error.message);
  if (error instanceof PolicyViolation || error instanceof ToolInputError) return errorOutcome(tool, error);
  const message2 = error instanceof Error ? error.message.trim() : String(error);
  return fail(`${tool} failed: ${message2}`);
}
function noScope(mode, root) {
  return new PolicyViolation(
    "outside_scope",
    root,
    `refused: the git repository at ${root} does not overlap the ${mode} scope`
  );
}
var StatusInput = external_exports.object({});
var DiffInput = external_exports.object({ staged: external_exports.boolean().optional(), path: external_exports.string().optional() });
var BranchInput = external_exports.object({ name: external_exports.string().min(1).optional(), create: external_exports.boolean().optional() });
var CommitInput = external_exports.object({
  message: external_exports.string().refine((text) => text.trim().length > 0, "must not be empty").refine((text) => !text.includes("\0"), "must not contain a NUL byte"),
  paths: external_exports.array(external_exports.string()).min(1).optional()
});
function createGitTools(options = {}) {
  const author = options.defaultAuthor ?? DEFAULT_GIT_AUTHOR;
  const gitStatus = {
    name: "git_status",
    description: "Show the git status of the working tree (porcelain v1 with the branch line): staged, unstaged and untracked files within the readable scope. Paths are relative to the repository root.",
    inputSchema: { type: "object", properties: {}, additionalProperties: false },
    sideEffect: false,
    readOnly: true,
    async run(input, context) {
      try {
        parseInput("git_status", StatusInput, input);
        const repo = await openRepo(context, options);
        const specs = repo.scopeSpecs(context.policy.readScope);
        if (specs.length === 0) throw noScope("read", repo.root);
        const text = await repo.git().raw(["status", "--porcelain=v1", "--branch", "--untracked-files=all", "--", ...specs]);
        const lines = text.split("\n").filter((line) => line.length > 0);
        const branchLine = lines[0]?.startsWith("## ") ? lines.shift() : void 0;
        const branch = branchLine?.slice(3) ?? "unknown";
        const content = [
          `## ${branch}`,
          ...lines.length === 0 ? ["(clean: nothing to commit)"] : lines
        ].join("\n");
        return ok(content, { branch, clean: lines.length === 0, changes: lines.length });
      } catch (error) {
        return gitError("git_status", error);
      }
    }
  };
  const gitDiff2 = {
    name: "git_diff",
    description: "Show changes as a unified diff: working tree against the index, or the index against HEAD with staged=true. Optionally limited to one path. Untracked files are not included (see git_status).",
    inputSchema: {
      type: "object",
      properties: {
        staged: { type: "boolean", description: "Diff the staged changes (index vs HEAD) instead." },
        path: { type: "string", description: "Limit the diff to this file or directory." }
      },
      additionalProperties: false
    },
    sideEffect: false,
    readOnly: true,
    async run(input, context) {
      try {
        const args = parseInput("git_diff", DiffInput, input);
        const repo = await openRepo(context, options);
        let specs;
        if (args.path !== void 0) {
          specs = [repo.pathspec(checkReadPath(context.policy, args.path))];
        } else {
          specs = repo.scopeSpecs(context.policy.readScope);
          if (specs.length === 0) throw noScope("read", repo.root);
        }
        const text = await repo.git().raw([
          "diff",
          "--no-color",
          "--no-ext-diff",
          "--no-textconv",
          ...args.staged === true ? ["--cached"] : [],
          "--",
          ...specs
        ]);
        const bytes = Buffer.byteLength(text);
        if (bytes === 0) {
          return ok(args.staged === true ? "(no staged changes)" : "(no unstaged changes to tracked files)", {
            bytes: 0,
            truncated: false
          });
        }
        if (bytes <= GIT_DIFF_MAX_BYTES) return ok(text, { bytes, truncated: false });
        const head = Buffer.from(text).subarray(0, GIT_DIFF_MAX_BYTES).toString("utf8").replace(/\uFFFD+$/, "");
        return ok(
          `${head}
[diff truncated: showing ${GIT_DIFF_MAX_BYTES} of ${bytes} bytes; pass a path to narrow it]`,
          {
            bytes,
            truncated: true
          }
        );
      } catch (error) {
        return gitError("git_diff", error);
      }
    }
  };
  const gitBranch = {
    name: "git_branch",
    description: 'Without arguments, list local branches (the current one marked "*"). With name and create=true, create that branch at HEAD and switch to it. With name alone, switch to an existing branch.',
    inputSchema: {
      type: "object",
      properties: {
        name: { type: "string", description: "Branch name." },
        create: { type: "boolean", description: "Create the branch at HEAD (and switch to it)." }
      },
      additionalProperties: false
    },
    // Creating or switching mutates the repository; memoised so a resume never repeats it.
    sideEffect: true,
    async run(input, context) {
      try {
        const args = parseInput("git_branch", BranchInput, input);
        const repo = await openRepo(context, options);
        const git2 = repo.git();
        if (args.name === void 0) {
          if (args.create === true) return fail("git_branch: create=true needs a name");
          if (repo.scopeSpecs(context.policy.readScope).length === 0) throw noScope("read", repo.root);
          const branches = await git2.branchLocal();
          const lines = branches.all.map((name2) => `${name2 === branches.current ? "*" : " "} ${name2}`);
          const content = lines.length === 0 ? `(no branches yet; on ${branches.current || "an unborn branch"})` : lines.join("\n");
          return ok(content, { current: branches.current, branches: branches.all.length });
        }
        const name = await validBranchName(git2, args.name);
        if (args.create === true) {
          if (repo.scopeSpecs(context.policy.writeScope).length === 0) throw noScope("write", repo.root);
          await git2.raw(["switch", "--create", name]);
          return ok(`created branch ${name} and switched to it`, { branch: name, created: true });
        }
        if (!context.policy.writeScope.some((scope) => isWithin(repo.root, scope))) {
          throw new PolicyViolation(
            "outside_scope",
            name,
            `git_branch refused: switching branches rewrites files across the repository at ${repo.root}, which is not entirely inside the write scope`
          );
        }
        await git2.raw(["switch", name]);
        return ok(`switched to branch ${name}`, { branch: name, created: false });
      } catch (error) {
        return gitError("git_branch", error);
      }
    }
  };
  const gitCommit = {
    name: "git_commit",
    description: "Stage and commit changes: the given paths, or every change inside the writable scope when no paths are given (new, modified and deleted files). Returns the new commit SHA. Refuses an empty commit.",
    inputSchema: {
      type: "object",
      properties: {
        message: { type: "string", description: "The commit message." },
        paths: {
          type: "array",
          items: { type: "string" },
          minItems: 1,
          description: "Files or directories to commit (default: everything changed in the write scope)."
        }
      },
      required: ["message"],
      additionalProperties: false
    },
    sideEffect: true,
    async run(input, context) {
      try {
        const args = parseInput("git_commit", CommitInput, input);
        const repo = await openRepo(context, options);
        let specs;
        if (args.paths !== void 0) {
          specs = args.paths.map((path) => repo.pathspec(checkWritePath(context.policy, path)));
        } else {
          specs = repo.scopeSpecs(context.policy.writeScope);
          if (specs.length === 0) throw noScope("write", repo.root);
          specs.push(":(top,exclude).truss");
        }
        const identity = await commitIdentity(repo.git(), author);
        const git2 = repo.git(identity.config);
        await git2.raw(["add", "--all", "--", ...specs]);
        const staged = (await git2.raw(["diff", "--cached", "--name-only", "--no-renames", "--", ...specs])).split("\n").filter((line) => line.length > 0);
        if (staged.length === 0) {
          const where = args.paths !== void 0 ? args.paths.join(", ") : "the write scope";
          return fail(
            `nothing to commit: no changes in ${where} (the files there match HEAD). Write a change first; empty commits are refused.`,
            { empty: true }
          );
        }
        await git2.raw(["commit", "--no-verify", "--quiet", "--message", args.message, "--", ...specs]);
        const sha = (await git2.revparse(["HEAD"])).trim();
        const branch = (await git2.raw(["branch", "--show-current"])).trim();
        return ok(`committed ${sha} on ${branch || "a detached HEAD"}: ${staged.length} file(s) changed`, {
          sha,
          branch,
          files: staged.slice(0, 100),
          fileCount: staged.length,
          author: `${identity.name} <${identity.email}>`
        });
      } catch (error) {
        return gitError("git_commit", error);
      }
    }
  };
  return [gitStatus, gitDiff2, gitBranch, gitCommit];
}
async function validBranchName(git2, name) {
  if (name.startsWith("-") || name.includes("\0")) {
    throw new GitToolError(`git_branch: ${JSON.stringify(name)} is not a valid branch name`);
  }
  try {
    return (await git2.raw(["check-ref-format", "--branch", name])).trim();
  } catch {
    throw new GitToolError(`git_branch: ${JSON.stringify(name)} is not a valid branch name`);
  }
}
async function commitIdentity(git2, fallback) {
  const read = async (key) => {
    try {
      const value = (await git2.raw(["config", "--get", key])).trim();
      return value.length > 0 ? value : null;
    } catch {
      return null;
    }
  };
  const name = await read("user.name");
  const email = await read("user.email");
  const config = [];
  if (name === null) config.push(`user.name=${fallback.name}`);
  if (email === null) config.push(`user.email=${fallback.email}`);
  return { name: name ?? fallback.name, email: email ?? fallback.email, config };
}
var gitTools = Object.freeze(createGitTools());

// src/core/tools/anthropic-tools.ts
var ANTHROPIC_TEXT_EDITOR_TOOL = Object.freeze({
  type: "text_editor_20250728",
  name: "str_replace_based_edit_tool"
});
var ANTHROPIC_BASH_TOOL = Object.freeze({ type: "bash_20250124", name: "bash" });

// src/core/tools/registry.ts
var TOOL_NAMES = Object.freeze([
  "read_file",
  "write_file",
  "list_dir",
  "bash",
  "git_status",
  "git_diff",
  "git_branch",
  "git_commit"
]);
function createToolRegistry(options = {}) {
  const tools = [
    readFileTool,
    writeFileTool,
    listDirTool,
    createBashTool(options.bash),
    ...createGitTools(options.git)
  ];
  return new Map(tools.map((tool) => [tool.name, tool]));
}
function toolSpecs(tools) {
  const list = tools instanceof Map ? [...tools.values()] : [...tools];
  return list.map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema
  }));
}

// src/core/executors/activities.ts
import { createHash as createHash4 } from "node:crypto";
var INLINE_TOOL_OUTPUT_BYTES = 32 * 1024;
var digestCache = /* @__PURE__ */ new WeakMap();
function digestOf(value) {
  let digest = digestCache.get(value);
  if (digest === void 0) {
    digest = createHash4("sha256").update(canonicalJson(plain(value))).digest("hex");
    digestCache.set(value, digest);
  }
  return digest;
}
function requestDigest(request) {
  return createHash4("sha256").update(
    canonicalJson({
      system: request.system ?? null,
      tools: request.tools ? digestOf(request.tools) : null,
      messages: request.messages.map(digestOf),
      max_tokens: request.maxTokens ?? null,
      temperature: request.temperature ?? null
    })
  ).digest("hex");
}
function chatResultOf(entry) {
  const p2 = entry.payload;
  const usage = p2.usage ?? {};
  return {
    content: p2.content ?? [],
    stopReason: p2.stop_reason ?? null,
    model: String(p2.response_model ?? p2.model),
    usage: {
      inputTokens: usage.input_tokens ?? 0,
      outputTokens: usage.output_tokens ?? 0,
      costUsd: usage.cost_usd ?? 0
    }
  };
}
function shapeOf(content) {
  return canonicalJson(
    plain(
      content.map(
        (block) => block.type === "tool_use" ? { type: block.type, name: block.name, input: block.input } : block
      )
    )
  );
}
async function chatActivity(session, provider, request, ctx, redact = (text) => text) {
  const chat = provider.chat?.bind(provider);
  if (!chat) {
    throw new ProviderConfigError(
      provider.kind,
      `provider ${provider.kind} (${provider.model}) cannot drive an agent loop: it has no chat with tool use`
    );
  }
  const unmetered = { ...ctx, budget: new BudgetMeter({}) };
  const digest = requestDigest(request);
  const { entry, replayed } = await session.activity(
    "model_result",
    `${provider.kind}/${provider.model}`,
    async () => {
      const result2 = await chat(request, unmetered);
      return {
        payload: plain({
          provider: provider.kind,
          model: provider.model,
          response_model: result2.model,
          request_digest: digest,
          content: result2.content.map(
            (block) => block.type === "text" ? { ...block, text: redact(block.text) } : block
          ),
          stop_reason: result2.stopReason,
          usage: {
            input_tokens: result2.usage.inputTokens,
            output_tokens: result2.usage.outputTokens,
            cost_usd: result2.usage.costUsd
          }
        })
      };
    },
    (recorded) => recorded.payload.request_digest === digest ? null : `request digest ${digest.slice(0, 12)}\u2026, recorded ${String(recorded.payload.request_digest).slice(0, 12)}\u2026`
  );
  const result = chatResultOf(entry);
  if (replayed && provider.kind === "scripted") {
    const fixture = await chat(request, unmetered);
    if (shapeOf(fixture.content) !== shapeOf(result.content)) {
      throw new NonDeterminismError(
        entry.seq,
        `model_result as the scripted fixture now answers it (${describeContent(fixture.content)})`,
        `model_result (${describeContent(result.content)})`
      );
    }
  }
  ctx.budget.record({
    inputTokens: result.usage.inputTokens,
    outputTokens: result.usage.outputTokens,
    costUsd: result.usage.costUsd
  });
  return { result, entry, replayed };
}
function describeContent(content) {
  const tools = content.flatMap((block) => block.type === "tool_use" ? [block.name] : []);
  return tools.length > 0 ? `tool_use ${tools.join(", ")}` : "text only";
}
function toolOutcomeStep(outcome, redact) {
  const content = redact(outcome.content);
  const bytes = Buffer.from(content, "utf8");
  const fields = { is_error: outcome.isError };
  if (outcome.data !== void 0) fields.data = plain(outcome.data);
  if (bytes.length <= INLINE_TOOL_OUTPUT_BYTES) {
    fields.content = content;
    return { fields, blobs: [] };
  }
  fields.content_sha256 = createHash4("sha256").update(bytes).digest("hex");
  fields.content_bytes = bytes.length;
  return { fields, blobs: [bytes] };
}
function toolOutcomeOf(session, fields) {
  let content;
  if (typeof fields.content === "string") content = fields.content;
  else if (typeof fields.content_sha256 === "string") {
    const blob = session.store.blob(fields.content_sha256);
    content = blob?.bytes ? blob.bytes.toString("utf8") : `[tool output ${fields.content_sha256} is no longer available (shredded)]`;
  } else content = "";
  return {
    content,
    isError: Boolean(fields.is_error),
    ...fields.data && typeof fields.data === "object" ? { data: fields.data } : {}
  };
}

// src/core/executors/in-loop.ts
var DEFAULT_MAX_STEPS = 24;
var DEFAULT_SYSTEM_PROMPT = "You are a careful software engineer working in a repository through the tools you are given. Make the smallest change that fulfils the task. Your work is verified independently after you finish: do not claim success, make it true. When you are done, answer with a short summary and no tool call.";
var AWAIT_SIGNAL_TOOL = {
  name: "await_signal",
  description: "Pause the run until a person or system sends the named signal (`truss signal SESSION NAME [PAYLOAD]`). The run is suspended durably; the result is the signal payload.",
  inputSchema: {
    type: "object",
    properties: {
      name: { type: "string", description: "The signal name to wait for." },
      reason: { type: "string", description: "Why the run waits, shown to whoever resumes it." }
    },
    required: ["name"],
    additionalProperties: false
  }
};
var CancelledError = class extends Error {
  name = "CancelledError";
  constructor() {
    super("cancelled");
  }
};
async function runInLoop(options) {
  const { contract, session, ctx, redact, policy, provider } = options;
  const maxSteps = contract.budget.max_steps ?? DEFAULT_MAX_STEPS;
  const advertised = advertisedTools(options.tools, policy);
  const specs = [...toolSpecs(advertised)];
  const control = isToolAllowed(policy, AWAIT_SIGNAL_TOOL.name) && !options.tools.has(AWAIT_SIGNAL_TOOL.name);
  if (control) specs.push(AWAIT_SIGNAL_TOOL);
  const started = await session.activity("executor_started", "", async () => ({
    payload: plain({
      kind: "in-loop",
      provider: provider.kind,
      model: provider.model,
      max_steps: maxSteps,
      tools: specs.map((spec) => spec.name),
      ...await snapshotState(options.workdir, options.env)
    })
  }));
  const messages = [
    { role: "user", content: [{ type: "text", text: taskMessage(contract) }] }
  ];
  const system = contract.constraints.system ?? DEFAULT_SYSTEM_PROMPT;
  const written = /* @__PURE__ */ new Set();
  let finalText = "";
  let failure = null;
  let budgetExhausted = null;
  let steps = 0;
  loop: for (; ; ) {
    if (ctx.signal.aborted) throw new CancelledError();
    if (steps >= maxSteps) {
      failure = `max_steps reached: ${maxSteps} model calls without a final answer`;
      break;
    }
    try {
      ctx.budget.assertCanSpend();
    } catch (error) {
      if (!(error instanceof BudgetExceededError)) throw error;
      budgetExhausted = error.message;
      break;
    }
    const request = {
      system,
      messages,
      tools: specs,
      ...options.maxTokens ? { maxTokens: options.maxTokens } : {}
    };
    let answer;
    let callCost = 0;
    try {
      const { result: result2 } = await chatActivity(session, provider, request, ctx, redact);
      answer = result2.content;
      callCost = result2.usage.costUsd;
      steps++;
    } catch (error) {
      if (ctx.signal.aborted) throw new CancelledError();
      if (error instanceof BudgetExceededError) {
        steps++;
        budgetExhausted = error.message;
        break;
      }
      if (error instanceof ProviderError) {
        failure = `model call failed: ${redact(error.message)}`;
        break;
      }
      throw error;
    }
    messages.push({ role: "assistant", content: answer });
    ctx.events({
      type: "agent_step",
      step: steps,
      tools: answer.flatMap((block) => block.type === "tool_use" ? [block.name] : [])
    });
    await options.gates.afterModelCall(session, callCost, ctx.budget.spent.costUsd);
    const uses = answer.filter((block) => block.type === "tool_use");
    if (uses.length === 0) {
      finalText = textOf(answer, "\n");
      break;
    }
    const results = [];
    for (const use of uses) {
      if (ctx.signal.aborted) throw new CancelledError();
      const outcome = await runToolUse(options, use, control);
      if (use.name === "write_file" && !outcome.isError && typeof use.input.path === "string")
        written.add(use.input.path);
      ctx.events({ type: "tool_call", name: use.name, isError: outcome.isError });
      results.push({
        type: "tool_result",
        toolUseId: use.id,
        content: outcome.content,
        isError: outcome.isError
      });
      if (ctx.signal.aborted) break loop;
    }
    messages.push({ role: "user", content: results });
  }
  if (ctx.signal.aborted) throw new CancelledError();
  const result = await session.activity(
    "executor_result",
    "",
    async () => workResult(options, started, { finalText, steps, failure, budgetExhausted, written })
  );
  return {
    kind: "in-loop",
    finalText: String(result.entry.payload.final_text ?? ""),
    steps,
    failure,
    budgetExhausted,
    changedFiles: result.entry.payload.changed_files ?? [],
    headAfter: result.entry.payload.head_after ?? null
  };
}
async function runToolUse(options, use, control) {
  const { session, policy, redact } = options;
  const base = { call_id: use.id, name: use.name, input: plain(use.input) };
  const refuse = async (reason) => {
    const { entry: entry2 } = await session.activity("tool_result", use.name, async () => ({
      payload: { ...base, content: redact(reason), is_error: true, refused: true }
    }));
    return toolOutcomeOf(session, entry2.payload);
  };
  if (use.inputError) return refuse(use.inputError);
  const isControl = control && use.name === AWAIT_SIGNAL_TOOL.name;
  const tool = options.tools.get(use.name);
  if (!tool && !isControl) {
    const available = [
      ...advertisedTools(options.tools, policy).map((t2) => t2.name),
      ...control ? [AWAIT_SIGNAL_TOOL.name] : []
    ];
    return refuse(`unknown tool ${JSON.stringify(use.name)}; available: ${available.join(", ") || "none"}`);
  }
  if (!isToolAllowed(policy, use.name)) {
    return refuse(
      `tool ${JSON.stringify(use.name)} refused: it is not in the contract's allow_tools (${policy.allowTools.join(", ") || "none"})`
    );
  }
  await options.gates.beforeTool(session, use.name, use.input);
  if (isControl) {
    const name = typeof use.input.name === "string" && use.input.name ? use.input.name : "continue";
    const reason = typeof use.input.reason === "string" ? use.input.reason : `the agent waits for signal ${name}`;
    const payload = await session.awaitSignal(name, reason);
    const { entry: entry2 } = await session.activity("tool_result", use.name, async () => ({
      payload: { ...base, content: redact(JSON.stringify(payload ?? null)), is_error: false }
    }));
    return toolOutcomeOf(session, entry2.payload);
  }
  const context = { workdir: options.workdir, policy, ctx: options.ctx };
  const execute = async () => {
    try {
      return await tool.run(use.input, context);
    } catch (error) {
      return { content: `${use.name} failed: ${error.message ?? String(error)}`, isError: true };
    }
  };
  if (tool?.sideEffect) {
    const kind = use.name.startsWith("git_") ? "git_tool_call" : "effect_tool_call";
    const { result } = await session.sideEffect(kind, use.name, base.input, async () => {
      const { fields, blobs } = toolOutcomeStep(await execute(), redact);
      if (blobs.length > 0) {
        const text = Buffer.from(blobs[0]).toString("utf8");
        return { call_id: use.id, ...fields, content: `${text.slice(0, 16e3)}
[output truncated]` };
      }
      return { call_id: use.id, ...fields };
    });
    return toolOutcomeOf(session, result);
  }
  const { entry } = await session.activity(
    "tool_result",
    use.name,
    async () => {
      const { fields, blobs } = toolOutcomeStep(await execute(), redact);
      return { payload: { ...base, ...fields }, blobs };
    },
    void 0,
    { deferSync: tool?.readOnly === true }
  );
  return toolOutcomeOf(session, entry.payload);
}
function taskMessage(contract) {
  const lines = [`Task: ${contract.contract.intent}`];
  if (contract.contract.title) lines.push(`Title: ${contract.contract.title}`);
  lines.push("", "Definition of done (verified independently by the harness after you finish):");
  contract.done.forEach((clause, index) => {
    lines.push(`${index + 1}. [${clause.kind}] ${clause.desc}`);
  });
  lines.push(
    "",
    "Work in the current directory with the tools. When the work is complete, reply with a short summary and no tool call."
  );
  return lines.join("\n");
}
async function snapshotState(workdir, env) {
  try {
    const root = await findRepoRoot(workdir, env);
    if (!root) return { git: null };
    const snapshot = await snapshotWorktree(root, env);
    return { git: { head_before: snapshot.head, tree_before: snapshot.tree } };
  } catch (error) {
    return { git: null, git_error: error.message };
  }
}
async function workResult(options, started, state) {
  const before = started.entry.payload.git;
  let diff = "";
  let changedFiles = [...state.written].sort();
  let headAfter = null;
  let note = before ? null : "not a git repository: changed files are those written by write_file";
  if (before) {
    try {
      const root = await findRepoRoot(options.workdir, options.env);
      const after = await snapshotWorktree(root, options.env);
      headAfter = after.head;
      const git2 = wo({ baseDir: root });
      const range = [before.tree_before, after.tree];
      const scope = ["--", ".", ":(exclude).truss"];
      const common = ["--no-color", "--no-ext-diff", "--no-textconv", "--no-renames"];
      diff = await git2.raw(["diff", ...common, "--binary", ...range, ...scope]);
      changedFiles = (await git2.raw(["diff", ...common, "--name-only", "-z", ...range, ...scope])).split("\0").filter(Boolean);
    } catch (error) {
      note = `the work diff could not be taken: ${error.message}`;
    }
  }
  const bytes = Buffer.from(options.redact(diff), "utf8");
  return {
    payload: {
      kind: "in-loop",
      status: state.failure || state.budgetExhausted ? "failed" : "completed",
      final_text: options.redact(state.finalText),
      steps: state.steps,
      failure: state.failure,
      budget_exhausted: state.budgetExhausted,
      diff_sha256: createHash5("sha256").update(bytes).digest("hex"),
      diff_bytes: bytes.length,
      changed_files: changedFiles,
      head_before: before?.head_before ?? null,
      head_after: headAfter,
      note
    },
    blobs: [bytes]
  };
}

// src/core/executors/delegated-activity.ts
async function runDelegatedActivity(options) {
  const { contract, redact } = options;
  const command = contract.executor.command ?? "";
  const { entry } = await options.session.activity("delegated_result", command, async () => {
    const result = await runDelegatedCli({
      executor: contract.executor,
      intent: contract.contract.intent,
      contractTitle: contract.contract.title ?? null,
      done: contract.done.map((clause) => clause.desc),
      workdir: options.workdir,
      env: options.env,
      ctx: options.ctx
    });
    if (result.cancelled) throw new CancelledError();
    const stdout = redactBytes(result.stdout.bytes, redact);
    const stderr = redactBytes(result.stderr.bytes, redact);
    const diff = Buffer.from(redact(result.diff), "utf8");
    const stream = (bytes, captured) => ({
      sha256: sha256(bytes),
      bytes: captured.totalBytes,
      captured_bytes: bytes.length,
      truncated: captured.truncated,
      tail: redact(captured.tail)
    });
    return {
      payload: {
        command: result.command,
        resolved_command: result.resolvedCommand,
        args: result.args.map(redact),
        prompt_via: result.promptVia,
        prompt_sha256: result.promptSha256,
        cleared_env: result.clearedEnv,
        timeout_sec: result.timeoutSec,
        exit_code: result.exitCode,
        signal: result.signal,
        timed_out: result.timedOut,
        duration_ms: Math.round(result.durationMs),
        stdout: stream(stdout, result.stdout),
        stderr: stream(stderr, result.stderr),
        diff_sha256: sha256(diff),
        diff_bytes: diff.length,
        diff_truncated: result.diffTruncated,
        diff_stat: { ...result.diffStat },
        changed_files: result.changedFiles,
        head_before: result.headBefore,
        head_after: result.headAfter,
        git_error: result.gitError
      },
      blobs: [stdout, stderr, diff]
    };
  });
  const p2 = entry.payload;
  let failure = null;
  if (p2.timed_out) failure = `delegated CLI ${command} timed out after ${String(p2.timeout_sec)} s`;
  else if (p2.signal) failure = `delegated CLI ${command} was killed by ${String(p2.signal)}`;
  else if (p2.exit_code !== 0) failure = `delegated CLI ${command} exited with code ${String(p2.exit_code)}`;
  return {
    kind: "delegated-cli",
    finalText: String(p2.stdout?.tail ?? ""),
    steps: 0,
    failure,
    budgetExhausted: null,
    changedFiles: p2.changed_files ?? [],
    headAfter: p2.head_after ?? null
  };
}
function sha256(bytes) {
  return createHash6("sha256").update(bytes).digest("hex");
}

// src/core/runtime/gates.ts
var ApprovalGates = class {
  constructor(settings, approvers) {
    this.approvers = approvers;
    this.enabled = settings.enabled;
    this.highRiskTools = settings.high_risk_tools;
    this.spendThresholdUsd = settings.spend_threshold_usd;
    this.perCallSpendThresholdUsd = settings.per_call_spend_threshold_usd;
  }
  approvers;
  enabled;
  highRiskTools;
  spendThresholdUsd;
  perCallSpendThresholdUsd;
  /** Set once the cumulative spend gate was released: it gates a run once. */
  #spendReleased = false;
  /** True when `tool` matches a `high_risk_tools` pattern of enabled gates. */
  gatesTool(tool) {
    return this.enabled && this.highRiskTools.some((pattern) => matchesToolPattern(pattern, tool));
  }
  /** Before a tool call: suspends (SuspendedError) until approved when the tool is high-risk. */
  async beforeTool(session, tool, input) {
    if (!this.gatesTool(tool)) return;
    const preview = JSON.stringify(input);
    await session.awaitApproval(
      { gate: "tool", tool },
      `approval needed before high-risk tool ${tool} runs: ${preview.length > 300 ? `${preview.slice(0, 300)}\u2026` : preview}`,
      this.approvers
    );
  }
  /**
   * After a model call was journaled and charged: suspends when that call cost more than the
   * per-call threshold, or the run's spend first reaches the cumulative threshold.
   */
  async afterModelCall(session, callCostUsd, spentUsd) {
    if (!this.enabled) return;
    const perCall = this.perCallSpendThresholdUsd;
    if (perCall !== void 0 && callCostUsd >= perCall && callCostUsd > 0) {
      await session.awaitApproval(
        { gate: "per_call_spend", spend: round(callCostUsd), threshold: perCall },
        `approval needed: one model call cost $${callCostUsd.toFixed(4)}, at or over per_call_spend_threshold_usd $${perCall}`,
        this.approvers
      );
    }
    const total = this.spendThresholdUsd;
    if (total !== void 0 && !this.#spendReleased && spentUsd >= total && spentUsd > 0) {
      await session.awaitApproval(
        { gate: "spend", spend: round(spentUsd), threshold: total },
        `approval needed: the run has spent $${spentUsd.toFixed(4)}, at or over spend_threshold_usd $${total}`,
        this.approvers
      );
      this.#spendReleased = true;
    }
  }
};
function round(usd) {
  return Math.round(usd * 1e6) / 1e6;
}

// src/core/verify/stream-scan.ts
var SubstringScanner = class {
  #needles;
  #found;
  #overlap;
  #carry = Buffer.alloc(0);
  #pending;
  constructor(needles) {
    this.#needles = needles.map((needle) => Buffer.from(needle, "utf8"));
    this.#found = this.#needles.map((needle) => needle.length === 0);
    this.#pending = this.#found.filter((found) => !found).length;
    this.#overlap = Math.max(0, ...this.#needles.map((needle) => needle.length - 1));
  }
  push(chunk) {
    if (this.#pending === 0 || chunk.length === 0) return;
    const window = this.#carry.length === 0 ? chunk : Buffer.concat([this.#carry, chunk]);
    for (let i = 0; i < this.#needles.length; i++) {
      if (this.#found[i]) continue;
      const needle = this.#needles[i];
      if (needle && window.indexOf(needle) !== -1) {
        this.#found[i] = true;
        this.#pending--;
      }
    }
    const keep = Math.min(this.#overlap, window.length);
    this.#carry = keep === 0 ? Buffer.alloc(0) : Buffer.from(window.subarray(window.length - keep));
  }
  /** Whether needle `index` (in constructor order) occurred anywhere in the stream so far. */
  found(index) {
    return this.#found[index] ?? false;
  }
};

// src/core/verify/check-runner.ts
async function runCheck(clause, options) {
  const contains = new SubstringScanner(clause.expect_contains);
  const forbidden = new SubstringScanner(clause.expect_not_contains);
  const env = scrubEnv(options.env, [...clause.env, ...options.extraEnvNames ?? []]);
  env.TRUSS_CHECK = "1";
  const outcome = await runShell(clause.run, {
    workdir: options.workdir,
    env,
    ctx: options.ctx,
    timeoutMs: clause.timeout_sec * 1e3,
    ...options.tailBytes !== void 0 ? { tailBytes: options.tailBytes } : {},
    ...options.maxCaptureBytes !== void 0 ? { maxCaptureBytes: options.maxCaptureBytes } : {},
    onStdout: (chunk) => {
      contains.push(chunk);
      forbidden.push(chunk);
    }
  });
  const reasons = explain(clause, outcome, contains, forbidden);
  return {
    met: reasons.length === 0,
    exitCode: outcome.exitCode,
    signal: outcome.signal,
    timedOut: outcome.timedOut,
    cancelled: outcome.cancelled,
    durationMs: outcome.durationMs,
    stdout: outcome.stdout,
    stderr: outcome.stderr,
    reasons
  };
}
function explain(clause, outcome, contains, forbidden) {
  if (outcome.spawnError !== null) return [`could not start the check: ${outcome.spawnError}`];
  if (outcome.cancelled) return ["cancelled"];
  if (outcome.timedOut) return [`timed out after ${clause.timeout_sec}s; process group killed`];
  const reasons = [];
  if (outcome.exitCode === null) {
    reasons.push(`killed by signal ${outcome.signal ?? "unknown"}, expected exit code ${clause.expect_exit}`);
  } else if (outcome.exitCode !== clause.expect_exit) {
    reasons.push(`exit code ${outcome.exitCode}, expected ${clause.expect_exit}`);
  }
  clause.expect_contains.forEach((needle, i) => {
    if (!contains.found(i)) reasons.push(`stdout does not contain ${JSON.stringify(needle)}`);
  });
  clause.expect_not_contains.forEach((needle, i) => {
    if (forbidden.found(i)) reasons.push(`stdout contains forbidden ${JSON.stringify(needle)}`);
  });
  if (clause.expect_matches.length > 0) {
    const text = outcome.stdout.bytes.toString("utf8");
    const note = outcome.stdout.truncated ? ` (only the first ${outcome.stdout.bytes.length} of ${outcome.stdout.totalBytes} bytes were searched)` : "";
    for (const source of clause.expect_matches) {
      let pattern;
      try {
        pattern = new RegExp(source);
      } catch {
        reasons.push(`invalid regular expression /${source}/`);
        continue;
      }
      if (!pattern.test(text)) reasons.push(`stdout does not match /${source}/${note}`);
    }
  }
  return reasons;
}

// src/core/verify/git-info.ts
var DEFAULT_BRANCH_CANDIDATES = ["origin/HEAD", "origin/main", "origin/master", "main", "master"];
async function readGitInfo(workdir, baseRef) {
  const git2 = wo({ baseDir: workdir });
  if (!await git2.checkIsRepo().catch(() => false)) return null;
  const head = await revParse(git2, "HEAD");
  const status = await git2.status().catch(() => null);
  const remote = await git2.remote(["get-url", "origin"]).then((url) => typeof url === "string" ? redactUrl(url.trim()) : null).catch(() => null);
  let base = null;
  if (baseRef) {
    const sha = await revParse(git2, `${baseRef}^{commit}`);
    if (!sha)
      throw new GitRefError(
        `--base ${baseRef} is not a commit in ${workdir}; fetch it first (git fetch origin ${baseRef})`
      );
    base = { ref: baseRef, sha };
  } else if (head) {
    for (const candidate of DEFAULT_BRANCH_CANDIDATES) {
      const tip = await revParse(git2, `${candidate}^{commit}`);
      if (!tip) continue;
      const mergeBase = await git2.raw(["merge-base", "HEAD", tip]).catch(() => "");
      if (mergeBase.trim()) {
        base = { ref: candidate, sha: mergeBase.trim() };
        break;
      }
    }
  }
  return {
    repo: remote,
    base_ref: base?.ref ?? null,
    base_sha: base?.sha ?? null,
    head_sha: head,
    dirty: status ? !status.isClean() : false
  };
}
async function revParse(git2, ref) {
  try {
    const sha = (await git2.raw(["rev-parse", "--verify", "--quiet", ref])).trim();
    return sha || null;
  } catch {
    return null;
  }
}
function redactUrl(url) {
  return url.replace(/^(\w+:\/\/)[^/@]+@/, "$1");
}

// src/core/verify/review-prompt.ts
var LENSES = [
  {
    name: "intent",
    focus: "Does the change do what the intent asks for, rather than something adjacent or narrower?"
  },
  {
    name: "completeness",
    focus: "Is every part of the clause satisfied, including edge cases and the parts that are easy to skip?"
  },
  {
    name: "correctness",
    focus: "Is the result actually correct? Look for bugs, wrong values, broken behaviour and false claims."
  },
  {
    name: "shortcuts",
    focus: "Did the author game the verification: hard-coded outputs, disabled or weakened tests, special-casing the checker, stubs presented as done?"
  }
];
function buildReviewPrompt(options) {
  const { lens, evidence } = options;
  const system = [
    `You are seat ${options.seat + 1} of ${options.seats} on an adversarial review panel.`,
    "Your job is to REFUTE the claim that the clause below is met. Look for the strongest reason it is not.",
    `Your lens: ${lens.name}. ${lens.focus}`,
    "Judge only from the evidence shown. Claims by the author are not evidence.",
    'Vote "met" only if you tried to refute the claim and could not. Vote "not_met" if you found a concrete reason it fails.',
    'Vote "unverifiable" if the evidence shown is not enough to decide either way.',
    'Answer with ONLY a JSON object: {"vote": "met" | "not_met" | "unverifiable", "reasoning": "<at most a few sentences citing the evidence>"}'
  ].join("\n");
  const parts = [`## Intent
${options.intent}`, `## Clause to judge
${options.clause}`];
  parts.push(
    evidence.diff ? `## Diff (base..working tree)
\`\`\`diff
${evidence.diff}
\`\`\`` : "## Diff\n(no changes shown)"
  );
  for (const file of evidence.files) {
    parts.push(
      file.content === null ? `## File ${file.path}
(not shown: ${file.problem})` : `## File ${file.path}${file.truncated ? " (truncated)" : ""}
\`\`\`
${file.content}
\`\`\``
    );
  }
  if (evidence.notes.length > 0)
    parts.push(`## Limits of this evidence
${evidence.notes.map((n) => `- ${n}`).join("\n")}`);
  return { system, user: parts.join("\n\n") };
}

// src/core/verify/vote.ts
var VOTES = ["met", "not_met", "unverifiable"];
var MAX_REASONING_CHARS = 4e3;
function parseVote(text) {
  const candidate = extractJsonObject(text);
  if (candidate !== null) {
    try {
      const data = JSON.parse(candidate);
      const vote = normalizeVote(data.vote);
      const reasoning = typeof data.reasoning === "string" ? data.reasoning : "";
      if (vote) return { vote, reasoning: clip(reasoning), parsed: true };
    } catch {
    }
  }
  return {
    vote: "unverifiable",
    reasoning: clip(`unparseable reviewer answer: ${text.slice(0, 300)}`),
    parsed: false
  };
}
function extractJsonObject(text) {
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  return start >= 0 && end > start ? text.slice(start, end + 1) : null;
}
function normalizeVote(value) {
  if (typeof value !== "string") return null;
  const word = value.trim().toLowerCase().replace(/[\s-]+/g, "_");
  return VOTES.includes(word) ? word : null;
}
function clip(text) {
  return text.length > MAX_REASONING_CHARS ? `${text.slice(0, MAX_REASONING_CHARS)}\u2026` : text;
}
function majority(votes) {
  if (votes.length === 0) return "unverifiable";
  const met = votes.filter((v2) => v2 === "met").length;
  if (met * 2 > votes.length) return "met";
  if (votes.every((v2) => v2 === "unverifiable")) return "unverifiable";
  return "not_met";
}

// src/core/verify/panel.ts
var REVIEW_MAX_TOKENS = 1024;
async function runPanel(options) {
  const { seats, ctx } = options;
  let budgetExhausted = null;
  const asked = seats.flatMap((provider, seat) => options.skip?.(seat) ? [] : [{ provider, seat }]);
  const votes = await Promise.all(
    asked.map(async ({ provider, seat }) => {
      const lens = LENSES[seat % LENSES.length];
      const base = { seat, lens: lens.name, provider: provider.kind, model: provider.model };
      const prompt = buildReviewPrompt({
        seat,
        seats: seats.length,
        lens,
        intent: options.intent,
        clause: options.clause.desc,
        evidence: options.evidence
      });
      try {
        const result = await provider.complete(
          {
            system: prompt.system,
            messages: [{ role: "user", content: prompt.user }],
            json: true,
            maxTokens: REVIEW_MAX_TOKENS
          },
          ctx
        );
        const parsed = parseVote(result.text);
        const usage = {
          input_tokens: result.usage.inputTokens,
          output_tokens: result.usage.outputTokens,
          cost_usd: result.usage.costUsd
        };
        return {
          ...base,
          model: result.model || provider.model,
          vote: parsed.vote,
          reasoning: parsed.reasoning,
          usage,
          error: null
        };
      } catch (error) {
        if (error instanceof BudgetExceededError) budgetExhausted ??= error.message;
        if (ctx.signal.aborted) throw error;
        const message2 = error.message ?? String(error);
        return {
          ...base,
          vote: "unverifiable",
          reasoning: `seat could not vote: ${message2}`,
          usage: { input_tokens: 0, output_tokens: 0, cost_usd: 0 },
          error: message2
        };
      }
    })
  );
  return { status: majority(votes.map((v2) => v2.vote)), votes, budgetExhausted };
}

// src/core/verify/publish-changes.ts
async function publishPassingRun(session, publisher, run, redact) {
  const { result } = await session.sideEffect(
    "changes_published",
    "publish_changes",
    { mode: publisher.mode, verdict_hash: run.verdictHash },
    async () => {
      try {
        return await publisher.publish(run);
      } catch (error) {
        return { status: "failed", detail: redact(error.message ?? String(error)) };
      }
    }
  );
  return result;
}

// src/core/verify/review-evidence.ts
import { readFileSync as readFileSync2, realpathSync as realpathSync3, statSync } from "node:fs";
import { isAbsolute as isAbsolute5, relative as relative4, resolve as resolve6 } from "node:path";
var DEFAULT_EVIDENCE_LIMITS = {
  maxDiffBytes: 2e5,
  maxFileBytes: 64e3,
  maxTotalContextBytes: 256e3
};
async function collectReviewEvidence(options) {
  const limits = options.limits ?? DEFAULT_EVIDENCE_LIMITS;
  const notes = [];
  let diff = "";
  if (!options.git) {
    notes.push("the workdir is not a git repository: no diff is available");
  } else if (!options.git.base_sha) {
    notes.push("no base commit found (pass --base REF): the diff shows only uncommitted changes");
    diff = await gitDiff(options.workdir, "HEAD");
  } else {
    diff = await gitDiff(options.workdir, options.git.base_sha);
  }
  if (options.git) diff += await untrackedAsDiff(options.workdir, limits.maxFileBytes, notes);
  const diffBytes = Buffer.byteLength(diff);
  const diffTruncated = diffBytes > limits.maxDiffBytes;
  if (diffTruncated) {
    diff = truncateUtf82(diff, limits.maxDiffBytes);
    notes.push(`the diff is ${diffBytes} bytes; reviewers see the first ${limits.maxDiffBytes}`);
  }
  const files = [];
  let budget = limits.maxTotalContextBytes;
  for (const path of options.contextFiles) {
    const file = readContextFile(options.workdir, path, Math.min(limits.maxFileBytes, budget));
    budget -= file.content ? Buffer.byteLength(file.content) : 0;
    if (file.problem) notes.push(`${path}: ${file.problem}`);
    else if (file.truncated)
      notes.push(
        `${path} is ${file.bytes} bytes; reviewers see the first ${Buffer.byteLength(file.content ?? "")}`
      );
    files.push(file);
  }
  return { diff, diffBytes, diffTruncated, files, notes };
}
async function gitDiff(workdir, base) {
  try {
    return await wo({ baseDir: workdir }).raw(["diff", "--no-color", "--no-ext-diff", base, "--"]);
  } catch {
    return "";
  }
}
async function untrackedAsDiff(workdir, maxFileBytes, notes) {
  let listing = "";
  try {
    listing = await wo({ baseDir: workdir }).raw(["ls-files", "--others", "--exclude-standard", "-z"]);
  } catch {
    return "";
  }
  let out = "";
  for (const path of listing.split("\0").filter(Boolean)) {
    const file = readContextFile(workdir, path, maxFileBytes);
    if (file.content === null) {
      notes.push(`untracked ${path}: ${file.problem}`);
      continue;
    }
    out += `diff --git a/${path} b/${path}
new file (untracked)
--- /dev/null
+++ b/${path}
`;
    out += `${file.content.split("\n").map((line) => `+${line}`).join("\n")}
`;
    if (file.truncated)
      notes.push(`untracked ${path} is ${file.bytes} bytes; reviewers see the first ${maxFileBytes}`);
  }
  return out;
}
function readContextFile(workdir, path, maxBytes) {
  const refuse = (problem) => ({
    path,
    content: null,
    bytes: 0,
    truncated: false,
    problem
  });
  if (isAbsolute5(path)) return refuse("absolute paths are refused; name files relative to the workdir");
  let real;
  try {
    real = realpathSync3(resolve6(workdir, path));
  } catch {
    return refuse("not found");
  }
  const rel = relative4(realpathSync3(workdir), real);
  if (rel.startsWith("..") || isAbsolute5(rel)) return refuse("resolves outside the workdir; refused");
  const stat3 = statSync(real);
  if (!stat3.isFile()) return refuse("not a regular file");
  const bytes = readFileSync2(real);
  if (bytes.subarray(0, 8e3).includes(0))
    return { path, content: null, bytes: bytes.length, truncated: false, problem: "binary file, not shown" };
  const truncated = bytes.length > maxBytes;
  const content = truncateUtf82(bytes.toString("utf8"), maxBytes);
  return { path, content, bytes: bytes.length, truncated, problem: null };
}
function truncateUtf82(text, maxBytes) {
  const buffer = Buffer.from(text);
  if (buffer.length <= maxBytes) return text;
  return buffer.subarray(0, maxBytes).toString("utf8").replace(/\uFFFD$/, "");
}

// src/core/verify/verdict.ts
function computeVerdict(clauses, conditions = {}) {
  const forced = [];
  if (conditions.budgetExhausted) forced.push(conditions.budgetExhausted);
  if (conditions.executorFailed) forced.push(conditions.executorFailed);
  let overall;
  if (forced.length > 0 || clauses.some((c3) => c3.status === "not_met")) overall = "fail";
  else if (clauses.length === 0 || clauses.some((c3) => c3.status === "unverifiable")) overall = "unverifiable";
  else overall = "pass";
  return { overall, clauses, forced };
}

// src/core/verify/run-contract.ts
var RunAbortedError = class extends Error {
  constructor(message2, sessionId) {
    super(message2);
    this.sessionId = sessionId;
  }
  sessionId;
  name = "RunAbortedError";
};
function readRecordedContract(store, sessionId) {
  const info = store.requireSession(sessionId);
  const first = store.entry(sessionId, 0);
  if (first?.kind !== "run_started") {
    throw new ResumeRefusedError(`session ${sessionId} has no run_started entry to resume from`);
  }
  const parsed = ResolvedContractSchema.safeParse(first.payload.contract);
  if (!parsed.success) {
    throw new ResumeRefusedError(
      `session ${sessionId}: the recorded contract does not parse with this truss (${parsed.error.issues[0]?.message ?? "invalid"})`
    );
  }
  const hash = contractHash(parsed.data);
  if (hash !== first.payload.contract_hash) {
    throw new ResumeRefusedError(
      `session ${sessionId}: the recorded contract hashes to ${hash}, not the recorded contract_hash ${String(first.payload.contract_hash)}`
    );
  }
  return {
    contract: parsed.data,
    contractHash: hash,
    codeVersion: String(first.payload.code_version ?? info.code_version),
    git: first.payload.git ?? null,
    status: info.status
  };
}
async function runContract(options) {
  const git2 = await readGitInfo(options.workdir, options.baseRef);
  const session = DurableSession.start({
    store: options.store,
    signer: options.signer,
    codeVersion: options.codeVersion,
    id: options.sessionId,
    ...options.clock ? { clock: options.clock } : {}
  });
  return drive(session, options, options.contract, options.contractHash, () => ({
    contract: options.contract,
    contract_hash: options.contractHash,
    code_version: options.codeVersion,
    principal: options.principal,
    git: git2 ? {
      repo: git2.repo,
      base_ref: git2.base_ref,
      base_sha: git2.base_sha,
      head_sha: git2.head_sha,
      dirty: git2.dirty
    } : null,
    workdir_name: options.workdir.split("/").pop() ?? "",
    started_at: new Date(options.ctx.now()).toISOString()
  }));
}
async function resumeContract(options) {
  const recorded = readRecordedContract(options.store, options.sessionId);
  if (options.expectedContractHash && options.expectedContractHash !== recorded.contractHash) {
    throw new ResumeRefusedError(
      `refusing to resume ${options.sessionId}: the contract resolves to ${options.expectedContractHash}, but the session recorded ${recorded.contractHash}`
    );
  }
  if (recorded.status === "failed") {
    throw new ResumeRefusedError(
      `session ${options.sessionId} ended with run_failed; it cannot be resumed (start a new run)`
    );
  }
  const session = DurableSession.open({
    store: options.store,
    signer: options.signer,
    sessionId: options.sessionId,
    crypto: options.crypto,
    ...options.verify ? { verify: options.verify } : {},
    ...options.clock ? { clock: options.clock } : {}
  });
  return drive(session, options, recorded.contract, recorded.contractHash, () => {
    throw new ResumeRefusedError(`session ${options.sessionId} has no run_started entry`);
  });
}
async function drive(session, options, contract, contractHash2, runStarted) {
  const { store, ctx } = options;
  const redact = secretRedactor(options.env);
  const replayable = session.recorded.length;
  const started = session.record("run_started", () => ({ payload: runStarted() }));
  const git2 = started.payload.git ?? null;
  const base = () => ({
    sessionId: session.id,
    git: git2,
    headHash: store.session(session.id)?.head_hash ?? "",
    spent: { costUsd: ctx.budget.spent.costUsd, totalTokens: ctx.budget.spent.totalTokens },
    replayed: Math.min(replayable, session.cursor)
  });
  try {
    const executor = await runExecutor(session, options, contract, redact);
    const clauses = [];
    let panelBudget;
    const reviewGit = executor && git2 && !git2.base_sha ? { ...git2, base_sha: git2.head_sha, base_ref: "run start" } : git2;
    for (const [index, clause] of contract.done.entries()) {
      if (ctx.signal.aborted) throw new CancelledError();
      if (clause.kind === "check") {
        clauses.push(await verifyCheck(session, index, clause, options, contract, redact));
        continue;
      }
      const review = await verifyReview(session, index, clause, options, contract, reviewGit, redact);
      clauses.push(review.clause);
      panelBudget ??= review.budgetExhausted ?? void 0;
    }
    const budgetExhausted = executor?.budgetExhausted ?? panelBudget;
    const executorFailed = executor?.failure ? `executor failed: ${executor.failure}` : void 0;
    const computed = computeVerdict(clauses, {
      ...budgetExhausted ? { budgetExhausted } : {},
      ...executorFailed ? { executorFailed } : {}
    });
    const headAfter = executor?.headAfter ?? git2?.head_sha ?? null;
    const verdictEntry = session.record(
      "verdict",
      () => ({
        payload: {
          ...computed,
          contract_id: contract.contract.id,
          contract_hash: contractHash2,
          git: git2 ? { base_sha: git2.base_sha, head_sha: headAfter } : null,
          executor: contract.executor.kind,
          cost_usd: ctx.budget.spent.costUsd,
          total_tokens: ctx.budget.spent.totalTokens
        }
      }),
      {
        check: (recorded) => recorded.payload.overall === computed.overall ? null : `overall ${computed.overall}, recorded ${String(recorded.payload.overall)}`
      }
    );
    if (computed.overall === "pass" && options.publishChanges) {
      await publishPassingRun(
        session,
        options.publishChanges,
        {
          sessionId: session.id,
          contractId: contract.contract.id,
          title: contract.contract.title ?? null,
          startSha: git2?.head_sha ?? null,
          verdictHash: verdictEntry.entry_hash
        },
        redact
      );
    }
    session.record("run_completed", () => ({
      payload: { overall: computed.overall, finished_at: new Date(ctx.now()).toISOString() }
    }));
    const v2 = verdictEntry.payload;
    const verdict = {
      overall: v2.overall,
      clauses: v2.clauses,
      forced: v2.forced
    };
    return { status: "completed", ...base(), verdict, executor };
  } catch (error) {
    if (error instanceof SuspendedError) {
      ctx.events({ type: "warning", message: `run suspended: ${error.suspension.reason}` });
      return { status: "suspended", ...base(), suspension: error.suspension };
    }
    if (error instanceof DurableReplayError) throw error;
    if (session.replaying) throw error;
    const message2 = redact(
      ctx.signal.aborted || error instanceof CancelledError ? "cancelled" : error.message ?? String(error)
    );
    session.record("run_failed", () => ({
      payload: { error: message2, failed_at: new Date(ctx.now()).toISOString() }
    }));
    throw new RunAbortedError(`run ${session.id} failed: ${message2}`, session.id);
  }
}
async function runExecutor(session, options, contract, redact) {
  const kind = contract.executor.kind;
  if (kind === "none") return null;
  options.ctx.events({ type: "executor_started", kind, replaying: session.replaying });
  if (kind === "delegated-cli") {
    return runDelegatedActivity({
      contract,
      workdir: options.workdir,
      session,
      ctx: options.ctx,
      env: options.env,
      redact
    });
  }
  const provider = options.executorProvider ?? buildExecutorProvider(contract, { env: options.env, cwd: options.workdir, fallbackCwd: options.hostCwd });
  return runInLoop({
    contract,
    workdir: options.workdir,
    session,
    provider,
    tools: options.tools ?? createToolRegistry(),
    policy: resolvePolicy(contract.constraints, options.workdir),
    gates: new ApprovalGates(contract.approval_gates, options.approvers),
    ctx: options.ctx,
    redact,
    env: options.env
  });
}
async function verifyCheck(session, index, clause, options, contract, redact) {
  const { ctx } = options;
  ctx.events({ type: "check_started", clause: index, desc: clause.desc });
  const { entry } = await session.activity("check_result", `clause ${index}`, async () => {
    const outcome = await runCheck(clause, {
      workdir: options.workdir,
      env: options.env,
      extraEnvNames: contract.check_env,
      ctx
    });
    if (outcome.cancelled) throw new CancelledError();
    const stdout = redactBytes(outcome.stdout.bytes, redact);
    const stderr = redactBytes(outcome.stderr.bytes, redact);
    const stream = (bytes, captured) => ({
      sha256: sha2562(bytes),
      bytes: captured.totalBytes,
      captured_bytes: bytes.length,
      truncated: captured.truncated,
      tail: redact(captured.tail)
    });
    return {
      payload: {
        clause: index,
        desc: clause.desc,
        run: clause.run,
        expect_exit: clause.expect_exit,
        exit_code: outcome.exitCode,
        signal: outcome.signal,
        timed_out: outcome.timedOut,
        met: outcome.met,
        reasons: outcome.reasons.map(redact),
        duration_ms: Math.round(outcome.durationMs),
        stdout: stream(stdout, outcome.stdout),
        stderr: stream(stderr, outcome.stderr)
      },
      blobs: [stdout, stderr]
    };
  });
  const p2 = entry.payload;
  const met = p2.met === true;
  ctx.events({
    type: "check_finished",
    clause: index,
    desc: clause.desc,
    met,
    exitCode: p2.exit_code ?? null,
    durationMs: Number(p2.duration_ms ?? 0)
  });
  const reason = met ? `exit ${String(p2.exit_code)}, expectations met` : p2.reasons.join("; ");
  return { clause: index, kind: "check", desc: clause.desc, status: met ? "met" : "not_met", reason };
}
async function verifyReview(session, index, clause, options, contract, git2, redact) {
  const { ctx } = options;
  const seats = "seats" in options.panel ? options.panel.seats : [];
  ctx.events({ type: "review_started", clause: index, desc: clause.desc, seats: seats.length });
  if ("unavailable" in options.panel) {
    ctx.events({ type: "review_finished", clause: index, status: "unverifiable" });
    return {
      clause: {
        clause: index,
        kind: "review",
        desc: clause.desc,
        status: "unverifiable",
        reason: options.panel.unavailable
      },
      budgetExhausted: null
    };
  }
  let evidence;
  const collect = async () => {
    evidence ??= await collectReviewEvidence({
      workdir: options.workdir,
      git: git2,
      contextFiles: clause.reviewer_context
    });
    return evidence;
  };
  await session.activity("review_evidence", `clause ${index}`, async () => {
    const collected = await collect();
    const diffBytes = Buffer.from(redact(collected.diff));
    return {
      payload: {
        clause: index,
        base_sha: git2?.base_sha ?? null,
        head_sha: git2?.head_sha ?? null,
        diff_sha256: sha2562(diffBytes),
        diff_bytes: collected.diffBytes,
        diff_truncated: collected.diffTruncated,
        files: collected.files.map((f3) => ({
          path: f3.path,
          bytes: f3.bytes,
          truncated: f3.truncated,
          problem: f3.problem
        })),
        notes: collected.notes
      },
      blobs: [diffBytes]
    };
  });
  let budgetExhausted = null;
  const votes = seats.map((_3, seat) => {
    const entry = session.replayNext("review_vote", `clause ${index} seat ${seat}`);
    if (!entry) return void 0;
    const vote = entry.payload;
    if (typeof vote.error === "string" && vote.error.startsWith("budget exhausted"))
      budgetExhausted ??= vote.error;
    try {
      ctx.budget.record({
        inputTokens: vote.usage?.input_tokens ?? 0,
        outputTokens: vote.usage?.output_tokens ?? 0,
        costUsd: vote.usage?.cost_usd ?? 0
      });
    } catch (error) {
      if (!(error instanceof BudgetExceededError)) throw error;
      budgetExhausted ??= error.message;
    }
    return vote;
  });
  const missing = new Set(votes.flatMap((vote, seat) => vote ? [] : [seat]));
  if (missing.size > 0) {
    const panel = await runPanel({
      intent: contract.contract.intent,
      clause,
      evidence: await collect(),
      seats,
      ctx,
      skip: (seat) => !missing.has(seat)
    });
    budgetExhausted ??= panel.budgetExhausted;
    for (const vote of panel.votes) {
      const entry = session.appendLive("review_vote", {
        payload: {
          clause: index,
          ...vote,
          reasoning: redact(vote.reasoning),
          error: vote.error === null ? null : redact(vote.error)
        }
      });
      votes[vote.seat] = entry.payload;
    }
  }
  const all = votes;
  for (const vote of all) {
    ctx.events({ type: "vote", clause: index, seat: vote.seat, lens: vote.lens, vote: vote.vote });
  }
  const status = majority(all.map((vote) => vote.vote));
  const counts = { met: 0, not_met: 0, unverifiable: 0 };
  for (const vote of all) counts[vote.vote]++;
  ctx.events({ type: "review_finished", clause: index, status });
  return {
    clause: {
      clause: index,
      kind: "review",
      desc: clause.desc,
      status,
      reason: `${counts.met} of ${all.length} seats voted met (strict majority needed)`,
      votes: counts
    },
    budgetExhausted
  };
}
function sha2562(bytes) {
  return createHash7("sha256").update(bytes).digest("hex");
}

export {
  resolveContract,
  resolveContractSources,
  buildExecutorProvider,
  createCtx,
  buildPanelSeats,
  secretRedactor,
  APPROVAL_SIGNAL,
  RunAbortedError,
  readRecordedContract,
  runContract,
  resumeContract
};
