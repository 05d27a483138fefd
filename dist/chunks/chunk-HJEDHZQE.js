#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  Octokit,
  paginateRest,
  restEndpointMethods
} from "./chunk-UYVQNA3J.js";
import {
  panelModels
} from "./chunk-I6CKI2VM.js";
import {
  applyArm,
  childWorkdirs,
  recordedDiff,
  storedChild
} from "./chunk-4T3CSJQD.js";
import {
  ANCHOR_RECEIPT_KIND,
  ANNOTATION_KINDS,
  CancelledError,
  ContractError,
  DurableSession,
  HUMAN_REVIEW_KIND,
  MemoryError,
  NO_ISOLATION,
  RunAbortedError,
  appendHumanReviewToBundle,
  armDeadline,
  bytesToHex,
  closeInheritedDescriptorsOnce,
  concatBytes,
  contractHash,
  contractSummary,
  createNodeCrypto,
  decidePathFilter,
  defineContractFormat,
  dropForbiddenEnv,
  formatRef,
  hexToBytes,
  isPinned,
  keyIdFromPublicKey,
  limitFrom,
  noIsolation,
  parseBundle,
  parseConfigToml,
  parseContractToml,
  parseTomlDocument,
  parseTrustedKeys,
  readEntries,
  readGitInfo,
  readKnownEntry,
  readPayload,
  readRecordedContract,
  resolveContractSources,
  resumeContract,
  rolePin,
  runChild,
  runContract,
  sha256Hex,
  streamTail,
  tryReadEntry,
  verifyBundle
} from "./chunk-NITSYKQ4.js";
import {
  MARK_CLOSE,
  MARK_OPEN,
  citationsOf,
  markBidi,
  recordedSeatVote
} from "./chunk-DGFRKHKL.js";
import {
  AddedGitGuards,
  BudgetMeter,
  PID_NAMESPACE_FLAGS,
  asRoot,
  bindEntry,
  budgetMeterFor,
  coverEntries,
  findProgram,
  gitMetadataGuard,
  guardEntries,
  hideEntries,
  mountPlanScript,
  reachable,
  removeTreeArgs,
  removeUntrustedTree,
  runCommand,
  sandboxTools,
  secretRedactor,
  shellQuote,
  sweepPlantedGitFiles,
  tmpfsEntry,
  tmpfsNames,
  trustedSearchPath,
  within
} from "./chunk-4TGUNJ7J.js";
import {
  trussCacheHome
} from "./chunk-44WF3FT2.js";
import {
  LedgerError,
  canonicalJson
} from "./chunk-OX27M5K4.js";
import {
  external_exports
} from "./chunk-SF6ZOAOS.js";

// src/github/http-fetch.ts
import { Agent as HttpAgent, request as httpRequest } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { connect as tlsConnect } from "node:tls";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";

// src/github/proxy-env.ts
function proxyFor(url, env) {
  if (bypassed(url, env)) return void 0;
  const setting = url.protocol === "https:" ? env.https_proxy ?? env.HTTPS_PROXY : env.http_proxy ?? env.HTTP_PROXY;
  if (!setting) return void 0;
  return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(setting) ? setting : `http://${setting}`);
}
function bypassed(url, env) {
  const host = url.hostname.toUpperCase();
  if (host === "LOCALHOST" || host.startsWith("127.") || host === "[::1]" || host === "[0:0:0:0:0:0:0:1]")
    return true;
  const noProxy = env.no_proxy ?? env.NO_PROXY ?? "";
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  const hosts = [host, `${host}:${port}`];
  return noProxy.split(",").map((item) => item.trim().toUpperCase()).filter(Boolean).some(
    (item) => item === "*" || hosts.some((h) => h === item || h.endsWith(`.${item}`) || item.startsWith(".") && h.endsWith(item))
  );
}

// src/github/http-fetch.ts
var MAX_REDIRECTS = 20;
var IDLE_TIMEOUT_MS = 3e5;
var agents = {
  "http:": new HttpAgent({ keepAlive: true }),
  "https:": new HttpsAgent({ keepAlive: true })
};
var ResponseHeaders = class {
  #values = /* @__PURE__ */ new Map();
  constructor(raw) {
    for (const [name, value] of Object.entries(raw)) {
      if (value === void 0) continue;
      this.#values.set(name.toLowerCase(), Array.isArray(value) ? value.join(", ") : value);
    }
  }
  get(name) {
    return this.#values.get(name.toLowerCase()) ?? null;
  }
  has(name) {
    return this.#values.has(name.toLowerCase());
  }
  forEach(callback) {
    for (const [name, value] of this.#values) callback(value, name);
  }
  entries() {
    return this.#values.entries();
  }
  [Symbol.iterator]() {
    return this.#values.entries();
  }
};
var BufferedResponse = class {
  constructor(status, statusText2, url, headers, bytes, redirects) {
    this.status = status;
    this.statusText = statusText2;
    this.url = url;
    this.headers = headers;
    this.bytes = bytes;
    this.ok = status >= 200 && status < 300;
    this.redirected = redirects > 0;
  }
  status;
  statusText;
  url;
  headers;
  bytes;
  ok;
  redirected;
  async text() {
    return this.bytes.toString("utf8");
  }
  async json() {
    return JSON.parse(this.bytes.toString("utf8"));
  }
  async arrayBuffer() {
    const copy = new ArrayBuffer(this.bytes.byteLength);
    new Uint8Array(copy).set(this.bytes);
    return copy;
  }
};
function createHttpFetch(env = {}, options = {}) {
  const limit = options.maxBodyBytes ?? MAX_BODY_BYTES;
  return (input, init = {}) => httpFetchVia(env, input, init, limit);
}
var MAX_BODY_BYTES = 512 * 1024 * 1024;
var httpFetch = createHttpFetch();
async function httpFetchVia(env, input, init, limit) {
  const redirect = init.redirect ?? "follow";
  let attempt = {
    url: new URL(String(input)),
    method: (init.method ?? "GET").toUpperCase(),
    headers: headersOf(init.headers),
    body: bodyOf(init.body),
    signal: init.signal ?? void 0
  };
  for (let redirects = 0; ; redirects++) {
    const response = await send(attempt, env);
    const location = response.headers.location;
    if (response.statusCode === void 0 || response.statusCode < 300 || response.statusCode > 399 || !location) {
      return read(response, attempt.url, redirects, limit);
    }
    if (redirect === "manual") return read(response, attempt.url, redirects, limit);
    response.resume();
    if (redirect === "error")
      throw new TypeError("fetch failed", { cause: new Error(`redirected to ${location}`) });
    if (redirects >= MAX_REDIRECTS)
      throw new TypeError("fetch failed", { cause: new Error("too many redirects") });
    attempt = redirected(attempt, response.statusCode, new URL(location, attempt.url));
  }
}
function headersOf(headers) {
  const out = {};
  if (!headers) return out;
  const pairs = Symbol.iterator in headers ? headers : Object.entries(headers);
  for (const [name, value] of pairs) out[name.toLowerCase()] = String(value);
  return out;
}
function bodyOf(body) {
  if (body === void 0 || body === null) return void 0;
  if (typeof body === "string") return Buffer.from(body, "utf8");
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  throw new TypeError("the GitHub client sends string or byte bodies only");
}
function redirected(previous, status, url) {
  const headers = { ...previous.headers };
  let { method, body } = previous;
  if (status === 303 ? method !== "GET" && method !== "HEAD" : (status === 301 || status === 302) && method === "POST") {
    method = "GET";
    body = void 0;
    for (const name of [
      "content-type",
      "content-length",
      "content-encoding",
      "content-language",
      "content-location"
    ])
      delete headers[name];
  }
  if (url.origin !== previous.url.origin) {
    delete headers.authorization;
    delete headers.cookie;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new TypeError("fetch failed", {
      cause: new Error(`redirect to unsupported URL scheme ${url.protocol}`)
    });
  return { ...previous, url, method, headers, body };
}
function abortError(signal) {
  const reason = signal.reason;
  if (reason instanceof Error && reason.name === "AbortError") return reason;
  return Object.assign(new Error("This operation was aborted", { cause: reason }), { name: "AbortError" });
}
async function send(attempt, env) {
  const { url, method, body, signal } = attempt;
  if (signal?.aborted) throw abortError(signal);
  const headers = { "accept-encoding": "gzip, deflate, br", ...attempt.headers };
  if (body) headers["content-length"] = String(body.byteLength);
  const protocol = url.protocol === "https:" ? "https:" : "http:";
  if (url.protocol !== protocol)
    throw new TypeError("fetch failed", { cause: new Error(`unsupported URL scheme ${url.protocol}`) });
  const proxy = proxyFor(url, env);
  if (proxy && proxy.protocol !== "http:" && proxy.protocol !== "https:")
    throw new TypeError("fetch failed", {
      cause: new Error(
        `the proxy ${proxy.host} is ${proxy.protocol}; only http: and https: proxies are supported`
      )
    });
  const tunnel = proxy && protocol === "https:" ? await openTunnel(proxy, url, signal) : void 0;
  return new Promise((resolve5, reject) => {
    const outgoing = tunnel ? httpsRequest(
      url,
      {
        method,
        headers,
        agent: false,
        createConnection: () => tlsConnect({ socket: tunnel, servername: url.hostname })
      },
      resolve5
    ) : proxy ? requestTo(proxy)(
      {
        ...proxyAddress(proxy),
        path: url.href,
        method,
        headers: { ...headers, ...proxyHeaders(proxy), host: url.host }
      },
      resolve5
    ) : (protocol === "https:" ? httpsRequest : httpRequest)(
      url,
      { method, headers, agent: agents[protocol] },
      resolve5
    );
    const onAbort = () => {
      outgoing.destroy();
      reject(abortError(signal));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    outgoing.once("response", () => signal?.removeEventListener("abort", onAbort));
    outgoing.setTimeout(
      IDLE_TIMEOUT_MS,
      () => outgoing.destroy(new Error(`no response within ${IDLE_TIMEOUT_MS / 1e3}s`))
    );
    outgoing.on("error", (error) => {
      signal?.removeEventListener("abort", onAbort);
      reject(signal?.aborted ? abortError(signal) : new TypeError("fetch failed", { cause: error }));
    });
    outgoing.end(body);
  });
}
function read(response, url, redirects, limit) {
  const encoding = String(response.headers["content-encoding"] ?? "").trim().toLowerCase();
  const decoder = encoding === "gzip" || encoding === "x-gzip" ? createGunzip() : encoding === "deflate" ? createInflate() : encoding === "br" ? createBrotliDecompress() : void 0;
  const stream = decoder ? response.pipe(decoder) : response;
  return new Promise((resolve5, reject) => {
    const chunks = [];
    response.setTimeout(
      IDLE_TIMEOUT_MS,
      () => response.destroy(new Error(`body stalled for ${IDLE_TIMEOUT_MS / 1e3}s`))
    );
    const fail = (error) => reject(new TypeError("fetch failed", { cause: error }));
    response.on("error", fail);
    stream.on("error", fail);
    let bytes = 0;
    stream.on("data", (chunk) => {
      bytes += chunk.length;
      if (bytes <= limit) chunks.push(chunk);
      else {
        chunks.length = 0;
        response.destroy(new Error(`the response body is over ${limit} bytes`));
        decoder?.destroy();
        fail(new Error(`the response body is over ${limit} bytes`));
      }
    });
    stream.on(
      "end",
      () => resolve5(
        new BufferedResponse(
          response.statusCode ?? 0,
          response.statusMessage ?? "",
          url.href,
          new ResponseHeaders(response.headers),
          Buffer.concat(chunks),
          redirects
        )
      )
    );
  });
}
var requestTo = (proxy) => proxy.protocol === "https:" ? httpsRequest : httpRequest;
function proxyAddress(proxy) {
  return { host: proxy.hostname, port: proxy.port || (proxy.protocol === "https:" ? 443 : 80) };
}
function proxyHeaders(proxy) {
  if (!proxy.username && !proxy.password) return {};
  const credentials = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
  return { "proxy-authorization": `Basic ${Buffer.from(credentials).toString("base64")}` };
}
function openTunnel(proxy, url, signal) {
  const target = `${url.hostname}:${url.port || 443}`;
  return new Promise((resolve5, reject) => {
    const request = requestTo(proxy)({
      ...proxyAddress(proxy),
      method: "CONNECT",
      path: target,
      headers: { ...proxyHeaders(proxy), host: target }
    });
    const onAbort = () => {
      request.destroy();
      reject(abortError(signal));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    request.once("connect", (response, socket) => {
      signal?.removeEventListener("abort", onAbort);
      if (response.statusCode === 200) return resolve5(socket);
      socket.destroy();
      reject(
        new TypeError("fetch failed", {
          cause: new Error(
            `the proxy ${proxy.host} answered CONNECT ${target} with status ${response.statusCode}`
          )
        })
      );
    });
    request.once("error", (error) => {
      signal?.removeEventListener("abort", onAbort);
      reject(
        new TypeError("fetch failed", { cause: new Error(`the proxy ${proxy.host}: ${error.message}`) })
      );
    });
    request.end();
  });
}

// src/github/request-errors.ts
function isRequestError(e) {
  if (!(e instanceof Error)) return false;
  const candidate = e;
  return typeof candidate.status === "number" && typeof candidate.request === "object" && candidate.request !== null && typeof candidate.request.method === "string";
}
function statusOf(e) {
  return isRequestError(e) ? e.status : void 0;
}
function isRateLimitError(e) {
  if (!isRequestError(e) || e.status !== 403 && e.status !== 429) return false;
  if (e.status === 429) return true;
  const headers = e.response?.headers ?? {};
  return headers["x-ratelimit-remaining"] === "0" || headers["retry-after"] !== void 0;
}

// src/github/octokit-pacing.ts
var SERVER_RETRIES = 3;
var DO_NOT_RETRY = /* @__PURE__ */ new Set([400, 401, 403, 404, 410, 422, 451]);
var MAX_IN_FLIGHT = 10;
var NOTIFYING_WRITE_GAP_MS = 3e3;
var SEARCH_GAP_MS = 2e3;
var SECONDARY_FALLBACK_SECONDS = 60;
var NOTIFYING_ROUTES = [
  "/orgs/{org}/invitations",
  "/orgs/{org}/invitations/{invitation_id}",
  "/orgs/{org}/teams/{team_slug}/discussions",
  "/orgs/{org}/teams/{team_slug}/discussions/{discussion_number}/comments",
  "/repos/{owner}/{repo}/collaborators/{username}",
  "/repos/{owner}/{repo}/commits/{commit_sha}/comments",
  "/repos/{owner}/{repo}/issues",
  "/repos/{owner}/{repo}/issues/{issue_number}/comments",
  "/repos/{owner}/{repo}/pulls",
  "/repos/{owner}/{repo}/pulls/{pull_number}/comments",
  "/repos/{owner}/{repo}/pulls/{pull_number}/comments/{comment_id}/replies",
  "/repos/{owner}/{repo}/pulls/{pull_number}/merge",
  "/repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers",
  "/repos/{owner}/{repo}/pulls/{pull_number}/reviews",
  "/repos/{owner}/{repo}/releases"
];
var NOTIFYING = new RegExp(
  `^(?:${NOTIFYING_ROUTES.map((route) => route.replace(/\{[^}]+\}/g, "[^/]+")).join("|")})$`,
  "i"
);
var TOKEN_REQUEST = /^\/app\/installations\/[^/]+\/access_tokens$/;
var Slots = class {
  constructor(limit) {
    this.limit = limit;
  }
  limit;
  active = 0;
  waiting = [];
  acquire() {
    if (this.active < this.limit && this.waiting.length === 0) {
      this.active++;
      return void 0;
    }
    return new Promise((resolve5) => this.waiting.push(resolve5));
  }
  release() {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }
};
var StartGap = class {
  constructor(gapMs) {
    this.gapMs = gapMs;
  }
  gapMs;
  nextStart = 0;
  reserve(now) {
    const at = Math.max(now, this.nextStart);
    this.nextStart = at + this.gapMs;
    return at - now;
  }
};
var budgets = /* @__PURE__ */ new Map();
function budgetFor(id) {
  let budget = budgets.get(id);
  if (!budget) {
    budget = {
      inFlight: new Slots(MAX_IN_FLIGHT),
      tokenRequests: new Slots(1),
      notifyingWrites: new StartGap(NOTIFYING_WRITE_GAP_MS),
      searches: new StartGap(SEARCH_GAP_MS)
    };
    budgets.set(id, budget);
  }
  return budget;
}
var sleep = (ms) => new Promise((resolve5) => setTimeout(resolve5, ms));
function pacing(octokit, octokitOptions) {
  const options = octokitOptions.pacing;
  if (!options) return {};
  const budget = options.throttle ? budgetFor(options.budgetId) : void 0;
  octokit.hook.wrap("request", async (send2, requestOptions) => {
    const request = requestOptions;
    const sendRequest = send2;
    let serverRetries = 0;
    let limitRetries = 0;
    for (; ; ) {
      let waitMs;
      try {
        const response = budget ? await paced(budget, request, sendRequest) : await sendRequest(request);
        const limit = budget ? graphqlRateLimit(request, response) : void 0;
        if (limit === void 0) return response;
        waitMs = rateLimitWait(options, request, limit, limitRetries);
        if (waitMs === void 0) return response;
        limitRetries++;
      } catch (error) {
        if (budget && isRateLimitError(error)) {
          waitMs = rateLimitWait(options, request, rateLimitOf(error), limitRetries);
          if (waitMs === void 0) throw error;
          limitRetries++;
        } else if (isServerRetryable(error) && serverRetries < SERVER_RETRIES) {
          serverRetries++;
          waitMs = serverRetries ** 2 * options.retryBaseMs;
        } else {
          throw error;
        }
      }
      await sleep(waitMs);
    }
  });
  return {};
}
async function paced(budget, request, send2) {
  const path = pathOf(request.url);
  const method = request.method.toUpperCase();
  const isToken = method === "POST" && TOKEN_REQUEST.test(path);
  const isWrite = !isToken && method !== "GET" && method !== "HEAD";
  let gapMs = 0;
  if (isWrite && NOTIFYING.test(path)) gapMs = budget.notifyingWrites.reserve(Date.now());
  else if (method === "GET" && path.startsWith("/search/")) gapMs = budget.searches.reserve(Date.now());
  if (gapMs > 0) await sleep(gapMs);
  const slots = isToken ? budget.tokenRequests : budget.inFlight;
  const waiting = slots.acquire();
  if (waiting) await waiting;
  try {
    return await send2(request);
  } finally {
    slots.release();
  }
}
function pathOf(url) {
  const path = new URL(url, "http://github.invalid").pathname;
  return path.replace(/^\/api\/v3(?=\/)/, "");
}
function rateLimitOf(error) {
  const headers = error.response?.headers ?? {};
  if (headers["retry-after"] !== void 0) {
    const seconds2 = Number(headers["retry-after"]);
    return {
      kind: "secondary",
      retryAfter: Number.isFinite(seconds2) && seconds2 >= 0 ? seconds2 : SECONDARY_FALLBACK_SECONDS
    };
  }
  if (headers["x-ratelimit-remaining"] === "0") return { kind: "primary", retryAfter: untilReset(headers) };
  return { kind: "secondary", retryAfter: SECONDARY_FALLBACK_SECONDS };
}
function untilReset(headers) {
  const resetMs = Number(headers["x-ratelimit-reset"]) * 1e3;
  if (!Number.isFinite(resetMs)) return SECONDARY_FALLBACK_SECONDS;
  return Math.max(Math.ceil((resetMs - Date.now()) / 1e3) + 1, 0);
}
function graphqlRateLimit(request, response) {
  if (!pathOf(request.url).startsWith("/graphql")) return void 0;
  const errors = response.data?.errors;
  if (!Array.isArray(errors) || !errors.some((e) => e?.type === "RATE_LIMITED")) return void 0;
  return { kind: "primary", retryAfter: untilReset(response.headers) };
}
function rateLimitWait(options, request, limit, retryCount) {
  const retry = options.onRateLimit({
    kind: limit.kind,
    retryAfter: limit.retryAfter,
    method: request.method,
    url: request.url,
    retryCount
  });
  return retry ? limit.retryAfter * options.retryBaseMs : void 0;
}
function isServerRetryable(error) {
  return isRequestError(error) && error.status >= 400 && !DO_NOT_RETRY.has(error.status) && !isRateLimitError(error);
}

// src/github/octokit.ts
var TrussOctokit = Octokit.plugin(restEndpointMethods, paginateRest, pacing);
var DEFAULT_GITHUB_API_URL = "https://api.github.com";
var RATE_LIMIT_RETRIES = 2;
var MAX_RATE_LIMIT_WAIT_SECONDS = 15 * 60;
function createOctokit(options) {
  const log = options.log;
  const onRateLimit = (notice) => {
    const warn = (message) => log ? log.warning(message) : octokit.log.warn(message);
    const what = `GitHub ${notice.kind} rate limit on ${notice.method} ${notice.url}`;
    if (notice.retryCount < RATE_LIMIT_RETRIES && notice.retryAfter <= MAX_RATE_LIMIT_WAIT_SECONDS) {
      warn(
        `${what}; retrying in ${notice.retryAfter}s (retry ${notice.retryCount + 1} of ${RATE_LIMIT_RETRIES})`
      );
      return true;
    }
    warn(`${what}; giving up after ${notice.retryCount} retries (reset in ${notice.retryAfter}s)`);
    return false;
  };
  const octokit = new TrussOctokit({
    auth: options.token,
    baseUrl: (options.baseUrl ?? DEFAULT_GITHUB_API_URL).replace(/\/+$/, ""),
    request: {
      fetch: options.fetch ?? createHttpFetch(options.proxyEnv)
    },
    ...log ? { log: octokitLog(log) } : {},
    pacing: {
      retryBaseMs: options.retryBaseMs ?? 1e3,
      throttle: options.throttle !== false,
      budgetId: options.throttleId ?? "shared",
      onRateLimit
    }
  });
  return octokit;
}
function octokitLog(log) {
  return {
    debug: () => {
    },
    info: (message) => log.info(message),
    warn: (message) => log.warning(message),
    error: (message) => log.error(message)
  };
}
var MissingPermissionError = class extends Error {
  /** The permission to grant, as written in a workflow `permissions:` block, e.g. `checks: write`. */
  permission;
  status;
  constructor(permission, action, options) {
    super(
      `Truss could not ${action}: the GitHub token is missing the \`${permission}\` permission. Add \`${permission}\` to the workflow's \`permissions:\` block (or grant it to the GitHub App). Pull requests from forks get a read-only token; run Truss for them from a trusted event instead.`,
      options
    );
    this.name = "MissingPermissionError";
    this.permission = permission;
    this.status = 403;
  }
};
function toMissingPermission(e, permission, action) {
  if (statusOf(e) === 403 && !isRateLimitError(e)) {
    return new MissingPermissionError(permission, action, { cause: e });
  }
  return e;
}

// src/github/check-runs.ts
var MAX_ANNOTATIONS_PER_REQUEST = 50;
var MAX_CHECK_TEXT = 65535;
var TRUNCATED_NOTE = "\n\n\u2026 (truncated)";
var PERMISSION = "checks: write";
async function startCheckRun(options) {
  const { octokit, owner, repo, name, headSha, dryRun } = options;
  if (dryRun) {
    octokit.log.info(`dry run: would start check run "${name}" on ${headSha}`);
    return { id: null, url: null };
  }
  if (options.existingId) {
    const madeBy = await requireCheckOnHead(octokit, owner, repo, options.existingId, headSha);
    try {
      const { data } = await octokit.rest.checks.update({
        owner,
        repo,
        check_run_id: options.existingId,
        name,
        status: "in_progress",
        started_at: (options.now?.() ?? /* @__PURE__ */ new Date()).toISOString(),
        ...options.detailsUrl !== void 0 ? { details_url: options.detailsUrl } : {}
      });
      return { id: data.id, url: data.html_url, botLogin: botLoginOf(data.app) };
    } catch (error) {
      throw takeOverError(
        error,
        options.existingId,
        madeBy,
        `update the queued check run ${options.existingId}`
      );
    }
  }
  try {
    const { data } = await octokit.rest.checks.create({
      owner,
      repo,
      name,
      head_sha: headSha,
      status: "in_progress",
      started_at: (options.now?.() ?? /* @__PURE__ */ new Date()).toISOString(),
      ...options.externalId !== void 0 ? { external_id: options.externalId } : {},
      ...options.detailsUrl !== void 0 ? { details_url: options.detailsUrl } : {}
    });
    return { id: data.id, url: data.html_url, botLogin: botLoginOf(data.app) };
  } catch (error) {
    throw toMissingPermission(error, PERMISSION, `create the check run "${name}"`);
  }
}
async function completeCheckRun(options) {
  const { octokit, owner, repo, checkRunId, conclusion, output, dryRun } = options;
  const annotations = [...output.annotations ?? []];
  const batches = [];
  for (let i = 0; i < annotations.length; i += MAX_ANNOTATIONS_PER_REQUEST) {
    batches.push(annotations.slice(i, i + MAX_ANNOTATIONS_PER_REQUEST));
  }
  if (dryRun) {
    octokit.log.info(
      `dry run: would complete check run ${checkRunId} as ${conclusion} (${annotations.length} annotations)`
    );
    return { requests: 0 };
  }
  const base = {
    title: output.title,
    summary: clipCheckText(output.summary),
    ...output.text !== void 0 ? { text: clipCheckText(output.text) } : {}
  };
  try {
    await octokit.rest.checks.update({
      owner,
      repo,
      check_run_id: checkRunId,
      status: "completed",
      conclusion,
      completed_at: (options.now?.() ?? /* @__PURE__ */ new Date()).toISOString(),
      output: { ...base, ...batches[0] ? { annotations: batches[0] } : {} }
    });
    for (const batch of batches.slice(1)) {
      await octokit.rest.checks.update({
        owner,
        repo,
        check_run_id: checkRunId,
        output: { ...base, annotations: batch }
      });
    }
  } catch (error) {
    throw toMissingPermission(error, PERMISSION, `update check run ${checkRunId}`);
  }
  return { requests: Math.max(1, batches.length) };
}
async function skipCheckRun(options) {
  const { octokit, owner, repo, name, headSha, dryRun } = options;
  if (dryRun) {
    octokit.log.info(`dry run: would complete check run "${name}" on ${headSha} as skipped`);
    return { id: null, url: null };
  }
  const completed = {
    status: "completed",
    conclusion: "skipped",
    completed_at: (options.now?.() ?? /* @__PURE__ */ new Date()).toISOString(),
    output: { title: options.output.title, summary: clipCheckText(options.output.summary) },
    ...options.detailsUrl !== void 0 ? { details_url: options.detailsUrl } : {}
  };
  const madeBy = options.existingId ? await requireCheckOnHead(octokit, owner, repo, options.existingId, headSha) : void 0;
  try {
    const { data } = options.existingId ? await octokit.rest.checks.update({
      owner,
      repo,
      check_run_id: options.existingId,
      name,
      ...completed
    }) : await octokit.rest.checks.create({
      owner,
      repo,
      name,
      head_sha: headSha,
      ...completed,
      ...options.externalId !== void 0 ? { external_id: options.externalId } : {}
    });
    return { id: data.id, url: data.html_url };
  } catch (error) {
    const action = `complete the check run "${name}" as skipped`;
    throw options.existingId ? takeOverError(error, options.existingId, madeBy, action) : toMissingPermission(error, PERMISSION, action);
  }
}
function clipCheckText(text) {
  if (text.length <= MAX_CHECK_TEXT) return text;
  let kept = text.slice(0, MAX_CHECK_TEXT - TRUNCATED_NOTE.length);
  if (/[\uD800-\uDBFF]$/.test(kept)) kept = kept.slice(0, -1);
  return `${kept}${TRUNCATED_NOTE}`;
}
async function findCheckRuns(options) {
  const { octokit, owner, repo, ref, checkName, appId } = options;
  const runs = await octokit.paginate(octokit.rest.checks.listForRef, {
    owner,
    repo,
    ref,
    ...checkName !== void 0 ? { check_name: checkName } : {},
    ...appId !== void 0 ? { app_id: appId } : {},
    filter: "all",
    per_page: 100
  });
  const made = appId === void 0 ? runs : runs.filter((run) => run.app?.id === appId);
  return made.map((run) => ({
    id: run.id,
    name: run.name,
    headSha: run.head_sha,
    status: run.status,
    conclusion: run.conclusion ?? null,
    externalId: run.external_id || null,
    detailsUrl: run.details_url ?? null,
    url: run.html_url ?? null,
    startedAt: run.started_at ?? null,
    completedAt: run.completed_at ?? null,
    outputTitle: run.output?.title ?? null,
    outputSummary: run.output?.summary ?? null,
    app: botLoginOf(run.app) ?? null,
    appId: typeof run.app?.id === "number" ? run.app.id : null
  }));
}
var HeadMismatchError = class extends Error {
  name = "HeadMismatchError";
};
async function requireCheckOnHead(octokit, owner, repo, checkRunId, headSha) {
  let onSha;
  let madeBy;
  try {
    const { data } = await octokit.rest.checks.get({ owner, repo, check_run_id: checkRunId });
    onSha = data.head_sha;
    madeBy = botLoginOf(data.app);
  } catch (error) {
    throw toMissingPermission(error, PERMISSION, `read the queued check run ${checkRunId}`);
  }
  if (onSha !== headSha)
    throw new HeadMismatchError(
      `the queued check ${checkRunId} is on ${onSha.slice(0, 12)}, but the pull request head is now ${headSha.slice(0, 12)}: the change moved after the run was requested, and one commit's verdict never goes on another's check. Comment the run command again to run on the new head.`
    );
  return madeBy;
}
function takeOverError(error, checkRunId, madeBy, action) {
  if (statusOf(error) === 403 && !isRateLimitError(error) && madeBy !== void 0)
    return new QueuedCheckOwnerError(checkRunId, madeBy, { cause: error });
  return toMissingPermission(error, PERMISSION, action);
}
var QueuedCheckOwnerError = class extends Error {
  name = "QueuedCheckOwnerError";
  constructor(checkRunId, madeBy, options) {
    const remedy = madeBy === "github-actions[bot]" ? "Run this job with the workflow's own token (`github-token: ${{ github.token }}`)." : `Give this job ${madeBy}'s installation token (actions/create-github-app-token, then \`github-token:\` and \`comment-authors: ${madeBy}\`), as examples/workflows/truss-app-dispatch.yml does.`;
    super(
      `Truss could not take over the queued check run ${checkRunId}: ${madeBy} created it, and GitHub lets only the app that created a check run change it. ${remedy}`,
      options
    );
  }
};
function botLoginOf(app) {
  return app?.slug && /^[A-Za-z0-9-]{1,100}$/.test(app.slug) ? `${app.slug}[bot]` : void 0;
}

// src/core/verify/log-text.ts
var ZWJ = "\u200D";
var LINE_BREAK = /\r\n?|[\n\u0085\u2028\u2029]/g;
var CONTROL = /[\u0000-\u0008\u000A-\u001F\u007F-\u009F]/g;
function logLine(text) {
  return inertCommands(markControls(markBidi(text.replace(LINE_BREAK, " \u23CE "))));
}
function logLines(text) {
  return text.split(LINE_BREAK).map((line) => logLine(line)).join("\n");
}
function markControls(text) {
  return text.replace(
    CONTROL,
    (ch) => `${MARK_OPEN}U+${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}${MARK_CLOSE}`
  );
}
function inertCommands(line) {
  return line.replace(/##\[/g, `#${ZWJ}#[`).replace(/^(\s*):(?=:)/, `$1:${ZWJ}`);
}

// src/github/render/escape.ts
var ZWJ2 = "\u200D";
var CONTROL2 = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u0084\u0086-\u009F]/g;
function normalizeText(text) {
  return markBidi(text.replace(/\r\n?|[\u0085\u2028\u2029]/g, "\n").replace(CONTROL2, ""));
}
function neutralizeMentions(text) {
  return text.replace(/@(?=[A-Za-z0-9_-])/g, `@${ZWJ2}`).replace(/#(?=\d)/g, `#${ZWJ2}`).replace(/(?<![A-Za-z])(GH)-(?=\d)/gi, `$1-${ZWJ2}`).replace(/(?<![A-Za-z])([A-Za-z][A-Za-z0-9+.-]*):(?=\/\/)/g, `$1:${ZWJ2}`).replace(/(www)\./gi, `$1${ZWJ2}.`);
}
function breakCommentDelimiters(text) {
  return text.replace(/<!--/g, `<!-${ZWJ2}-`).replace(/--(!?)>/g, `-${ZWJ2}-$1>`);
}
function escapeHtml(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
var MARKDOWN_PUNCT = /[\\`*_{}[\]()|~!#]/g;
function inlineText(text, maxChars = Number.POSITIVE_INFINITY) {
  const clipped = clipHead(normalizeText(text).trim(), maxChars);
  const markdown = neutralizeMentions(clipped).replace(MARKDOWN_PUNCT, (c) => `\\${c}`).replace(/^([+=-])/, "\\$1").replace(/^(\d+)([.)])/, "$1\\$2");
  return escapeHtml(markdown).replace(/[ \t]*\n[ \t]*/g, "<br>");
}
function htmlText(text, maxChars = Number.POSITIVE_INFINITY) {
  return escapeHtml(neutralizeMentions(clipHead(normalizeText(text), maxChars))).replace(/[\\`*_[\]|~]/g, (c) => `&#x${c.charCodeAt(0).toString(16).toUpperCase()};`).replace(/\s+/g, " ").trim();
}
function longestRun(text, char) {
  let longest = 0;
  let current = 0;
  for (const c of text) {
    current = c === char ? current + 1 : 0;
    if (current > longest) longest = current;
  }
  return longest;
}
function fencedBlock(text, info = "") {
  const body = breakCommentDelimiters(neutralizeMentions(normalizeText(text))).replace(/\n+$/, "");
  const fence = "`".repeat(Math.max(3, longestRun(body, "`") + 1));
  return `${fence}${info.replace(/[`\s]/g, "")}
${body}
${fence}`;
}
function codeSpan(text) {
  return inlineCode(breakCommentDelimiters(neutralizeMentions(normalizeText(text))));
}
function commandSpan(command) {
  return inlineCode(breakCommentDelimiters(normalizeText(command)));
}
function inlineCode(text) {
  const body = text.replace(/\s+/g, " ").replace(/\|/g, "\\|");
  const ticks = "`".repeat(longestRun(body, "`") + 1);
  const pad = body.startsWith("`") || body.endsWith("`") ? " " : "";
  return `${ticks}${pad}${body}${pad}${ticks}`;
}
function safeUrl(url) {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return null;
    return parsed.href.replace(
      /[()<>\s"'`|]/g,
      (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`
    );
  } catch {
    return null;
  }
}
function shellQuote2(text) {
  return /^[\w./@:+-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
function safeCut(text, at) {
  const code = text.charCodeAt(at);
  return at > 0 && code >= 56320 && code <= 57343 ? at - 1 : at;
}
function clipHead(text, maxChars) {
  if (text.length <= maxChars) return text;
  const cut = safeCut(text, Math.max(0, Math.floor(maxChars)));
  return `${text.slice(0, cut)}\u2026 [truncated ${text.length - cut} chars]`;
}
function clipTail(text, maxChars) {
  if (text.length <= maxChars) return text;
  let start = safeCut(text, text.length - Math.max(0, Math.floor(maxChars)));
  const newline = text.indexOf("\n", start);
  if (newline !== -1 && newline - start < 200 && newline + 1 < text.length) start = newline + 1;
  return `[\u2026 ${start} earlier chars truncated]
${text.slice(start)}`;
}

// src/github/inline-spans.ts
var BUDGET = 2e6;
var MAX_LABEL = 999;
var WHITESPACE = /[ \t\n\r\f\v]/;
function inlineSpans(lines) {
  const text = lines.join("\n");
  const starts = [];
  let offset = 0;
  for (const line of lines) {
    starts.push(offset);
    offset += line.length + 1;
  }
  const hidden = new Uint8Array(lines.length);
  const shield = new Uint8Array(text.length + 1);
  const budget = { left: BUDGET };
  let first = 0;
  for (let i = 0; i <= lines.length && budget.left > 0; i++) {
    if (i < lines.length && lines[i].trim() !== "") continue;
    if (i > first) {
      const from = starts[first];
      const region = new Region(
        text.slice(from, starts[i - 1] + lines[i - 1].length),
        budget
      );
      region.read();
      for (let line = first + 1; line < i; line++)
        if (region.hides(starts[line] - from)) hidden[line] = 1;
      const definition = region.definition(starts.slice(first, i).map((start) => start - from));
      for (let line = first + definition + 1; line < i; line++) hidden[line] = 1;
      region.shielded(shield, from);
    }
    first = i + 1;
  }
  if (budget.left <= 0) return { hidesLine: () => true, shields: () => true };
  return {
    hidesLine: (index) => hidden[index] === 1,
    shields: (at) => shield[at] === 1 || escaped(text, at)
  };
}
function escaped(text, at) {
  let slashes = 0;
  while (at - slashes - 1 >= 0 && text[at - slashes - 1] === "\\") slashes++;
  return slashes % 2 === 1;
}
var Region = class {
  #text;
  #budget;
  /** Running counts of the readings covering each offset, for hiding lines and for shielding. */
  #hide;
  #shield;
  /** Bracket depth at each line start. */
  #depth = /* @__PURE__ */ new Map();
  /** The first occurrence at or after the last search of each terminator, -1 for none. */
  #found = /* @__PURE__ */ new Map();
  constructor(text, budget) {
    this.#text = text;
    this.#budget = budget;
    this.#hide = new Int32Array(text.length + 1);
    this.#shield = new Int32Array(text.length + 1);
  }
  /** Reads every raw HTML, autolink, link tail and code span reading, then the brackets. */
  read() {
    const text = this.#text;
    for (let at = text.indexOf("<"); at !== -1 && this.#budget.left > 0; at = text.indexOf("<", at + 1)) {
      const end = this.#html(at);
      if (end !== null) this.#mark(true, at, end);
      const link = this.#autolink(at);
      if (link !== null) this.#mark(false, at, link);
    }
    for (let at = text.indexOf("]("); at !== -1 && this.#budget.left > 0; at = text.indexOf("](", at + 1)) {
      const end = this.#linkTail(at + 1);
      if (end !== null) this.#mark(true, at, end);
    }
    this.#codeSpans();
    for (const array of [this.#hide, this.#shield])
      for (let at = 1; at < array.length; at++) array[at] = array[at] + array[at - 1];
    this.#brackets();
  }
  /** Whether the line starting at `at` is inside a reading or an open `[`. */
  hides(at) {
    return this.#hide[at] !== 0 || (this.#depth.get(at) ?? 0) > 0;
  }
  /** Copies the shielded offsets into `shield`, which holds the whole comment, this region at `from`. */
  shielded(shield, from) {
    for (let at = 0; at < this.#text.length; at++) if (this.#shield[at] !== 0) shield[from + at] = 1;
  }
  /**
   * The index of the first line (of those starting at `starts`) that starts a link reference
   * definition (`[label]:`), Infinity when none does. A definition is not shown, nor is what follows
   * it in its paragraph (a title, more definitions), so every later line is hidden; a line inside
   * the label is hidden by its open `[`.
   */
  definition(starts) {
    const text = this.#text;
    for (const [line, start] of starts.entries()) {
      let open = start;
      while (text[open] === " " || text[open] === "	") open++;
      if (text[open] !== "[") continue;
      let at = open + 1;
      while (at < text.length && at - open <= MAX_LABEL && text[at] !== "[" && text[at] !== "]")
        at += text[at] === "\\" ? 2 : 1;
      if (text[at] === "]" && text[at + 1] === ":") return line;
    }
    return Number.POSITIVE_INFINITY;
  }
  /** Covers `at + 1` .. `end - 1`: a line or character at the reading's own start is not inside it. */
  #mark(hides, at, end) {
    const last = Math.min(end, this.#text.length);
    if (last <= at + 1) return;
    for (const array of hides ? [this.#hide, this.#shield] : [this.#shield]) {
      array[at + 1] = array[at + 1] + 1;
      array[last] = array[last] - 1;
    }
  }
  #spend(steps) {
    this.#budget.left -= steps;
  }
  /** The end (exclusive) of the raw HTML reading at the `<` at `at`, or null when none starts there. */
  #html(at) {
    const text = this.#text;
    const next = text[at + 1] ?? "";
    if (text.startsWith("<!--", at)) return this.#until("-->", at + 4);
    if (text.startsWith("<![CDATA[", at)) return this.#until("]]>", at + 9);
    if (next === "!") return this.#until(">", at + 2);
    if (next === "?") return this.#until("?>", at + 2);
    if (next === "/") return /[A-Za-z]/.test(text[at + 2] ?? "") ? this.#closingTag(at + 2) : null;
    return /[A-Za-z]/.test(next) ? this.#openTag(at + 1) : null;
  }
  /**
   * Just past the first `terminator` at or after `from`; the region's end when there is none. Each
   * terminator is looked for with rising `from`, so a found one is reused until passed.
   */
  #until(terminator, from) {
    let end = this.#found.get(terminator);
    if (end === void 0 || end !== -1 && end < from) {
      end = this.#text.indexOf(terminator, from);
      this.#spend((end === -1 ? this.#text.length : end) - from);
      this.#found.set(terminator, end);
    }
    return end === -1 ? this.#text.length : end + terminator.length;
  }
  /** `</name`, whitespace, `>`; a failing character is covered too. */
  #closingTag(from) {
    const text = this.#text;
    let at = from;
    while (at < text.length && /[A-Za-z0-9-]/.test(text[at])) at++;
    while (at < text.length && WHITESPACE.test(text[at])) at++;
    this.#spend(at - from);
    return at + 1;
  }
  /**
   * `<name`, then attributes (a quoted value only right after `=`) up to `>` or `/>`. A quote that
   * is not a value, a `<`, or a `/` not before `>` ends the reading, covering that character: no
   * real tag holds one there. An unclosed value runs to the region's end.
   */
  #openTag(from) {
    const end = this.#openTagEnd(from);
    this.#spend(end - from);
    return end;
  }
  #openTagEnd(from) {
    const text = this.#text;
    let value = false;
    for (let at = from; at < text.length; at++) {
      const c = text[at];
      if (c === ">" || c === "<") return at + 1;
      if (c === "/") return text[at + 1] === ">" ? at + 2 : at + 1;
      if (c === '"' || c === "'") {
        if (!value) return at + 1;
        const close = text.indexOf(c, at + 1);
        if (close === -1) return text.length;
        at = close;
        value = false;
      } else if (c === "=") value = true;
      else if (!WHITESPACE.test(c)) value = false;
    }
    return text.length;
  }
  /** `<` then no whitespace, `<` or `>` up to a `>`: an autolink, which may hold a `]`. Null when none. */
  #autolink(at) {
    const text = this.#text;
    let end = at + 1;
    while (end < text.length && !/[\s<>]/.test(text[end])) end++;
    return text[end] === ">" ? end + 1 : null;
  }
  /**
   * The end (exclusive) of a link's destination and title after the `(` at `open`, covering a
   * failing character. An unclosed title or `<…>` destination runs to the region's end.
   */
  #linkTail(open) {
    const text = this.#text;
    let at = this.#space(open + 1);
    if (text[at] === "<") {
      at++;
      while (at < text.length && !">\n<".includes(text[at])) at += text[at] === "\\" ? 2 : 1;
      if (text[at] !== ">") return at + 1;
      at++;
    } else {
      for (let depth = 0; at < text.length && !WHITESPACE.test(text[at]); at++) {
        const c = text[at];
        if (c === "\\") at++;
        else if (c === "(") depth++;
        else if (c === ")" && depth-- === 0) break;
      }
    }
    at = this.#space(at);
    const quote = text[at];
    if (quote === '"' || quote === "'" || quote === "(") {
      const close = quote === "(" ? ")" : quote;
      for (at++; at < text.length && text[at] !== close; at++) if (text[at] === "\\") at++;
      at = this.#space(at + 1);
    }
    this.#spend(at - open);
    return at + 1;
  }
  #space(from) {
    let at = from;
    while (at < this.#text.length && WHITESPACE.test(this.#text[at])) at++;
    return at;
  }
  /**
   * Every code span a backtick run may open: up to the next run of the same length (after a
   * backslash, a run may open one a backtick shorter too).
   */
  #codeSpans() {
    const text = this.#text;
    const runs = [...text.matchAll(/`+/g)].map((run) => ({
      at: run.index ?? 0,
      length: run[0].length
    }));
    const next = /* @__PURE__ */ new Map();
    for (let i = runs.length - 1; i >= 0; i--) {
      const run = runs[i];
      const close = next.get(run.length);
      if (close !== void 0) this.#mark(false, run.at, close);
      if (run.length > 1 && escaped(text, run.at)) {
        const shorter = next.get(run.length - 1);
        if (shorter !== void 0) this.#mark(false, run.at, shorter);
      }
      next.set(run.length, run.at);
    }
  }
  /**
   * Link and image text: every `[` not escaped opens, every `]` not escaped and outside every
   * reading and possible code span closes the innermost (as cmark's delimiter stack does), so the
   * depth kept here is never below the real one. Records the depth at each line start.
   */
  #brackets() {
    const text = this.#text;
    let depth = 0;
    for (let at = 0; at < text.length; at++) {
      const c = text[at];
      if (c === "\n") this.#depth.set(at + 1, depth);
      else if (c === "[" && !escaped(text, at)) depth++;
      else if (c === "]" && depth > 0 && this.#shield[at] === 0 && !escaped(text, at)) depth--;
    }
  }
};

// src/github/visible-lines.ts
var HIDING = /* @__PURE__ */ new Set([
  "details",
  "script",
  "style",
  "template",
  "noscript",
  "iframe",
  "object",
  "textarea",
  "select",
  "option",
  "title",
  "rp",
  "rt",
  "head",
  "pre",
  "code",
  "kbd",
  "samp",
  "tt",
  "var",
  "xmp",
  "listing",
  "plaintext",
  "blockquote",
  "q",
  "del",
  "s",
  "strike"
]);
var BLOCK_TAGS = new Set(
  "address article aside base basefont blockquote body caption center col colgroup dd details dialog dir div dl dt fieldset figcaption figure footer form frame frameset h1 h2 h3 h4 h5 h6 head header hr html iframe legend li link main menu menuitem nav noframes ol optgroup option p param search section summary table tbody td tfoot th thead title tr track ul".split(" ")
);
var THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
var ATX_HEADING = /^#{1,6}(?:[ \t]|$)/;
var SETEXT_UNDERLINE = /^(?:=+|-+)$/;
var FENCE = /^(`{3,}|~{3,})/;
var FENCE_CLOSE = /^(`+|~+)[ \t]*$/;
var LIST_MARKER = /^(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)/;
var FOOTNOTE = /^\[\^[^\]]+\]:/;
var TAG = /<(\/?)([A-Za-z][A-Za-z0-9-]*)(?=[\s/>]|$)/g;
var LONE_TAG = /^<\/?[A-Za-z][A-Za-z0-9-]*(?:[\s/][^<>]*)?>[ \t]*$/;
var INLINE_BUDGET = 2e6;
function firstVisibleLine(body, isCandidate) {
  const lines = body.split(/\r\n|\r|\n/);
  const spans = inlineSpans(
    lines.map((line) => {
      const { content } = containersOf(line);
      return " ".repeat(line.length - content.length) + content;
    })
  );
  const reader = new BlockReader(spans);
  const budget = { left: INLINE_BUDGET };
  let offset = 0;
  for (const [at, line] of lines.entries()) {
    const plain2 = reader.plain(line, offset);
    offset += line.length + 1;
    if (plain2 && isCandidate(line) && !spans.hidesLine(at) && !inlineHidden(lines, at, budget)) return line;
  }
  return null;
}
var BlockReader = class {
  #fence = null;
  #indentedCode = false;
  #comment = false;
  /** Inside an HTML block: it ends at a blank line, or at a line that matches the pattern. */
  #html = null;
  /** A quote or footnote was seen and no blank line since: a lazy continuation line belongs to it. */
  #quoted = false;
  #table = false;
  #open = /* @__PURE__ */ new Map();
  /** The previous line is paragraph text, which the next line may continue. */
  #text = false;
  /** The structure became ambiguous: nothing after this counts. */
  #gaveUp = false;
  #spans;
  /** The current line, and where it starts in the lines joined by `\n`. */
  #line = "";
  #offset = 0;
  constructor(spans) {
    this.#spans = spans;
  }
  plain(line, offset) {
    this.#line = line;
    this.#offset = offset;
    if (this.#gaveUp) return false;
    const blank = line.trim() === "";
    const indent = columnsOf(line);
    if (this.#fence) {
      this.#inFence(line, indent, blank);
      return false;
    }
    if (this.#indentedCode) {
      if (blank || indent >= 4) return false;
      this.#indentedCode = false;
    }
    if (this.#comment || this.#html) {
      if (!this.#comment && this.#html === "blank" && blank) this.#html = null;
      else {
        const end = this.#html;
        this.#scan(line, end !== null);
        if (end instanceof RegExp && end.test(line)) this.#html = null;
      }
      this.#text = false;
      return false;
    }
    if (blank) {
      this.#quoted = false;
      this.#table = false;
      this.#text = false;
      return false;
    }
    if (indent >= 4 && !this.#text) {
      this.#indentedCode = true;
      return false;
    }
    if (THEMATIC_BREAK.test(line)) {
      this.#quoted = false;
      this.#text = false;
      return false;
    }
    const at = containersOf(line);
    const interrupts = at.column <= 3 && !at.list;
    if (at.quote || FOOTNOTE.test(at.content)) {
      this.#quoted = true;
      this.#text = false;
      this.#scan(at.content, false);
      return false;
    }
    const fence = FENCE.exec(at.content);
    if (fence?.[1] && !(fence[1][0] === "`" && at.content.slice(fence[0].length).includes("`"))) {
      this.#fence = { char: fence[1][0], length: fence[1].length, column: at.column };
      if (interrupts) this.#quoted = false;
      this.#text = false;
      return false;
    }
    const html = htmlBlockStart(at.content, this.#text);
    if (html !== void 0) {
      if (interrupts && html !== "lone") this.#quoted = false;
      this.#html = html === "lone" ? "blank" : html;
      this.#scan(at.content, !at.list);
      if (html instanceof RegExp && html.test(at.content.slice(1))) this.#html = null;
      this.#text = false;
      return false;
    }
    if (this.#text && isDelimiterRow(at.content)) {
      this.#table = true;
      this.#text = false;
      return false;
    }
    if (ATX_HEADING.test(at.content) || this.#text && SETEXT_UNDERLINE.test(line.trim())) {
      if (interrupts && ATX_HEADING.test(at.content)) this.#quoted = false;
      this.#scan(at.content, false);
      this.#text = false;
      return false;
    }
    const plain2 = !this.#quoted && !this.#table && !at.list && !this.#hidden();
    this.#scan(at.content, false);
    this.#text = true;
    return plain2;
  }
  /**
   * A fence closes at a fence of its character, at least as long, at its own column. A line left of
   * that column may end the list item the fence is in and start anything, so it ends the reading.
   */
  #inFence(line, indent, blank) {
    const fence = this.#fence;
    if (!fence || blank) return;
    if (indent < fence.column) {
      this.#gaveUp = true;
      return;
    }
    if (indent > fence.column) return;
    const close = FENCE_CLOSE.exec(line.trimStart());
    if (close?.[1] && close[1][0] === fence.char && close[1].length >= fence.length) {
      this.#fence = null;
      this.#text = false;
    }
  }
  #hidden() {
    if (this.#comment) return true;
    for (const depth of this.#open.values()) if (depth > 0) return true;
    return false;
  }
  /**
   * Follows HTML comments and hiding elements through `text`, the current line or its end. Every
   * opening tag counts, even one in a code span. A closing tag counts in raw HTML (`raw`), and in
   * markdown only where it is complete and nothing before it may make it mere text: a code span,
   * an attribute value, a link title or a backslash (`InlineSpans.shields`).
   */
  #scan(text, raw) {
    const base = this.#offset + this.#line.length - text.length;
    let from = 0;
    while (from < text.length) {
      if (this.#comment) {
        const end = text.indexOf("-->", from);
        if (end === -1) return;
        this.#comment = false;
        from = end + 3;
        continue;
      }
      const start = text.indexOf("<!--", from);
      this.#tags(start === -1 ? text.slice(from) : text.slice(from, start), raw, base + from);
      if (start === -1) return;
      this.#comment = true;
      from = start + 4;
    }
  }
  #tags(text, raw, base) {
    for (const tag of text.matchAll(TAG)) {
      const [, slash, name] = tag;
      const element = name.toLowerCase();
      if (!HIDING.has(element)) continue;
      const depth = this.#open.get(element) ?? 0;
      const at = tag.index ?? 0;
      if (!slash) this.#open.set(element, depth + 1);
      else if (depth > 0 && (raw || closes(text, at + tag[0].length) && !this.#spans.shields(base + at)))
        this.#open.set(element, depth - 1);
    }
  }
};
function closes(text, at) {
  const end = /[ \t]*>/y;
  end.lastIndex = at;
  return end.test(text);
}
function htmlBlockStart(content, inParagraph) {
  if (!content.startsWith("<")) return void 0;
  if (/^<(?:pre|script|style|textarea)(?=[\s>]|$)/i.test(content))
    return /<\/(?:pre|script|style|textarea)>/i;
  if (content.startsWith("<!--")) return null;
  if (content.startsWith("<?")) return /\?>/;
  if (content.startsWith("<![CDATA[")) return /\]\]>/;
  if (/^<![A-Za-z]/.test(content)) return />/;
  const tag = /^<\/?([A-Za-z][A-Za-z0-9-]*)(?=[\s>]|\/>|$)/.exec(content);
  if (tag && BLOCK_TAGS.has(tag[1].toLowerCase())) return "blank";
  if (!inParagraph && LONE_TAG.test(content)) return "lone";
  return void 0;
}
function isDelimiterRow(content) {
  if (!content.includes("|")) return false;
  const cells = content.trim().replace(/^\|/, "").replace(/\|$/, "").split("|");
  return cells.every((cell) => /^:?-+:?$/.test(cell.trim()));
}
function columnsOf(line) {
  let column = 0;
  for (const ch of line) {
    if (ch === " ") column++;
    else if (ch === "	") column += 4 - column % 4;
    else break;
  }
  return column;
}
function containersOf(line) {
  let quote = false;
  let list = false;
  let column = 0;
  let i = 0;
  for (; ; ) {
    while (line[i] === " " || line[i] === "	") {
      column += line[i] === "	" ? 4 - column % 4 : 1;
      i++;
    }
    if (line[i] === ">") {
      quote = true;
      i++;
      column++;
      continue;
    }
    const marker = LIST_MARKER.exec(line.slice(i, i + 11));
    if (!marker) break;
    list = true;
    i += marker[0].length;
    column += marker[0].length;
  }
  return { quote, list, content: line.slice(i), column };
}
function inlineHidden(lines, at, budget) {
  let first = at;
  while (first > 0 && lines[first - 1].trim() !== "") first--;
  let last = at;
  while (last + 1 < lines.length && lines[last + 1].trim() !== "") last++;
  for (let i = first; i <= last; i++) budget.left -= lines[i].length + 1;
  if (budget.left <= 0) return true;
  for (let i = at + 1; i <= last; i++) {
    const line = lines[i];
    if (SETEXT_UNDERLINE.test(line.trim()) || isDelimiterRow(containersOf(line).content)) return true;
  }
  if (first === at) return false;
  const before = `${lines.slice(first, at).join("\n")}
`;
  const text = before + lines.slice(at, last + 1).join("\n");
  return struckOut(text, before.length) || inCodeSpan(lines, first, at, last, budget);
}
function struckOut(text, line) {
  const openers = /* @__PURE__ */ new Set();
  for (const run of text.matchAll(/~+/g)) {
    const length = run[0].length;
    const index = run.index ?? 0;
    if (length > 2) continue;
    if (index < line) {
      if (!/\s/.test(text[index + length] ?? " ")) openers.add(length);
    } else if (openers.has(length) && !/\s/.test(text[index - 1] ?? " ")) return true;
  }
  return false;
}
function inCodeSpan(lines, first, at, last, budget) {
  const text = lines.slice(first, last + 1).join("\n");
  const starts = [];
  let offset = 0;
  for (let i = first; i <= at; i++) {
    starts.push(offset);
    offset += lines[i].length + 1;
  }
  const line = starts[starts.length - 1];
  const runs = [...text.matchAll(/`+/g)].map((run) => ({ at: run.index ?? 0, length: run[0].length }));
  if (!runs.some((run) => run.at < line)) return false;
  const swallower = text.slice(0, line).search(/[<\]]/);
  if (swallower !== -1 && text.slice(swallower, line).includes("`")) {
    const before = new Set(runs.filter((run) => run.at < line).map((run) => run.length));
    return runs.some((run) => run.at > line && (before.has(run.length) || before.has(run.length + 1)));
  }
  for (const start of starts.slice(0, -1)) {
    budget.left -= runs.length;
    let i = runs.findIndex((run) => run.at >= start);
    while (i !== -1 && i < runs.length) {
      const run = runs[i];
      if (run.at >= line) break;
      let slashes = 0;
      while (run.at - slashes - 1 >= start && text[run.at - slashes - 1] === "\\") slashes++;
      const length = run.length - slashes % 2;
      let close = -1;
      if (length > 0)
        for (let j = i + 1; j < runs.length; j++) {
          if (--budget.left <= 0) return true;
          if (runs[j].length === length) {
            close = j;
            break;
          }
        }
      if (close === -1) {
        i++;
        continue;
      }
      if (runs[close].at > line) return true;
      i = close + 1;
    }
  }
  return false;
}

// src/github/commands.ts
var DEFAULT_TRIGGER = "/truss";
var CONTRACT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
function parseCommand(body, trigger = DEFAULT_TRIGGER) {
  if (trigger.trim() === "") throw new Error("the trigger phrase must not be empty");
  const triggerAt = new RegExp(`^\\s*${escapeRegExp(trigger.trim())}(?=\\s|$)`, "i");
  const line = firstVisibleLine(body, (candidate) => triggerAt.test(candidate));
  if (line === null) return null;
  const rest = line.replace(triggerAt, "").trim();
  const command = parseCommandLine(rest);
  if (command.kind !== "invalid" && /<[A-Za-z/!?]/.test(rest))
    return {
      kind: "invalid",
      reason: "the command line holds HTML (`<` followed by a letter, `/`, `!` or `?`), which GitHub does not show as written; write the command without it"
    };
  return command;
}
function parseCommandLine(rest) {
  if (rest === "") return { kind: "help" };
  const first = rest.split(/\s/, 1)[0] ?? "";
  const word = first.toLowerCase();
  const tail = rest.slice(first.length).trim();
  switch (word) {
    case "run":
      return parseRun(tail);
    case "verify":
      return { kind: "verify" };
    case "status":
      return { kind: "status" };
    case "help":
      return { kind: "help" };
    case "approve":
      return { kind: "approve", note: tail === "" ? null : tail };
    case "reject":
      return { kind: "reject", note: tail === "" ? null : tail };
    case "memory":
      return parseMemory(tail);
    default:
      return { kind: "unknown", word: first };
  }
}
function parseRun(args) {
  const separator = /^--(?:\s+|$)/;
  if (args === "") return { kind: "run", contract: null, intent: null };
  if (/^failed(?:\s|$)/i.test(args)) {
    return args.slice("failed".length).trim() === "" ? { kind: "run-failed" } : {
      kind: "invalid",
      reason: "`run failed` takes nothing after it: it re-runs the contracts whose last verdict on this head was FAIL or UNVERIFIABLE, as they were run"
    };
  }
  if (separator.test(args))
    return { kind: "run", contract: null, intent: intentOf(args.replace(separator, "")) };
  const name = args.split(/\s/, 1)[0] ?? "";
  const after = args.slice(name.length).trim();
  if (!CONTRACT_NAME.test(name)) {
    return {
      kind: "invalid",
      reason: `"${inlineText(clip(name))}" is not a contract name: use letters, digits, ".", "_" and "-" (at most 64, starting with a letter or digit)`
    };
  }
  if (after === "") return { kind: "run", contract: name, intent: null };
  if (separator.test(after))
    return { kind: "run", contract: name, intent: intentOf(after.replace(separator, "")) };
  return {
    kind: "invalid",
    reason: `unexpected text after the contract name "${name}"; put free-text intent after \`--\`, e.g. \`run ${name} -- <intent>\``
  };
}
var MEMORY_ID = /^[0-9a-f]{8,64}$/;
function parseMemory(args) {
  const usage = "use `memory promote <id>` or `memory revoke <id> [reason]`, with the entry id (at least 8 hex characters) shown in the check run";
  const [verb = "", id = ""] = args.split(/\s+/, 2);
  const action = verb.toLowerCase();
  if (action !== "promote" && action !== "revoke") return { kind: "invalid", reason: usage };
  const entry = id.toLowerCase();
  if (!MEMORY_ID.test(entry))
    return {
      kind: "invalid",
      reason: `"${inlineText(clip(id))}" is not a memory entry id: ${usage}`
    };
  const rest = args.slice(args.indexOf(id) + id.length).trim();
  if (action === "promote" && rest !== "")
    return { kind: "invalid", reason: "`memory promote <id>` takes nothing after the id" };
  return { kind: "memory", action, entry, reason: rest === "" ? null : rest };
}
function intentOf(text) {
  return text === "" ? null : text;
}
function clip(value) {
  return value.length > 70 ? `${value.slice(0, 67)}...` : value;
}
function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}
function helpText(trigger = DEFAULT_TRIGGER) {
  const t = trigger;
  return [
    "**Truss commands** (comment on a pull request; only users with write access can trigger runs)",
    "",
    "| Command | What it does |",
    "| --- | --- |",
    `| \`${t} run\` | Run the default contract(s) against this pull request |`,
    `| \`${t} run <contract>\` | Run one contract from \`.truss/contracts/<contract>.toml\` on the base branch |`,
    `| \`${t} run [<contract>] -- <intent>\` | Run with a free-text intent (passed as data, never to a shell) |`,
    `| \`${t} run failed\` | Re-run only the contracts whose last verdict on this head was FAIL or UNVERIFIABLE |`,
    `| \`${t} verify\` | Re-verify the latest run's signed ledger |`,
    `| \`${t} status\` | Show the latest verdict for each contract |`,
    `| \`${t} approve [note]\` | Record a signed human approval of the current verdict |`,
    `| \`${t} reject [note]\` | Record a signed human rejection |`,
    `| \`${t} memory promote <id>\` | Maintainers: have the panel review a proposed memory entry for promotion (docs/memory.md) |`,
    `| \`${t} memory revoke <id> [reason]\` | Maintainers: mark a verified memory entry stale, with a signed reason |`,
    `| \`${t} help\` | Show this list |`,
    "",
    "The command must start a line of plain text; quoted, code, hidden (HTML comments) and collapsed (`<details>`) text is ignored."
  ].join("\n");
}

// src/github/external-id.ts
var RunRequestIdSchema = external_exports.strictObject({
  v: external_exports.literal(1),
  /** The webhook delivery that queued the check (`x-github-delivery`). */
  d: external_exports.string().min(1).max(64),
  /** The command comment, or null for a re-run request. */
  c: external_exports.number().int().positive().nullable(),
  /** The pull request (a check run on a fork's head lists no pull_requests). */
  p: external_exports.number().int().positive(),
  /** The contract name (a file in .truss/contracts/). */
  n: external_exports.string().regex(CONTRACT_NAME),
  s: external_exports.string().regex(/^[0-9a-f]{40,64}$/),
  m: external_exports.enum(["run", "verify", "resume"])
});
function encodeRunRequestId(id) {
  return JSON.stringify(RunRequestIdSchema.parse(id));
}
function decodeRunRequestId(externalId) {
  if (!externalId?.startsWith("{")) return null;
  try {
    const parsed = RunRequestIdSchema.safeParse(JSON.parse(externalId));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
var TRUSS_CHECK_ID = "truss/v1";
function isTrussCheckId(externalId) {
  return externalId === TRUSS_CHECK_ID || decodeRunRequestId(externalId) !== null;
}
function trussCheckFor(externalId, prNumber) {
  if (externalId === TRUSS_CHECK_ID) return true;
  const request = decodeRunRequestId(externalId);
  return request !== null && request.p === prNumber;
}

// src/github/own-comment.ts
async function resolveAuthors(source) {
  return typeof source === "function" ? source() : source;
}
var ACTIONS_BOT = "github-actions[bot]";
var LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,98})(?:\[bot\])?$/;
var CommentAuthorError = class extends Error {
  name = "CommentAuthorError";
};
function parseTrussAuthors(text, setting) {
  const logins = text.split(/[\s,]+/).map((s) => s.trim()).filter(Boolean);
  if (logins.length === 0)
    throw new CommentAuthorError(
      `${setting} is empty: name the login Truss's comments are posted as (${ACTIONS_BOT} for the workflow's token, <app-slug>[bot] for a GitHub App's token)`
    );
  for (const login of logins)
    if (!LOGIN.test(login))
      throw new CommentAuthorError(
        `${setting}: "${login.slice(0, 60)}" is not a GitHub login (a user, or an App's <app-slug>[bot])`
      );
  return logins;
}
function isOwnAuthor(comment, authors) {
  const user = comment.user;
  if (!user) return false;
  const login = user.login.toLowerCase();
  if (!authors.some((a) => a.toLowerCase() === login)) return false;
  const bot = /\[bot\]$/.test(login);
  if (bot !== (user.type === "Bot")) return false;
  const app = comment.performed_via_github_app;
  if (!bot) return !app;
  return !app?.slug || `${app.slug.toLowerCase()}[bot]` === login;
}
function warnUnlistedPoster(poster, authors, log) {
  if (!poster || authors.some((a) => a.toLowerCase() === poster.toLowerCase())) return;
  log.warning(
    `this token posts as ${poster}, which is not among the comment authors (${authors.join(", ")}): Truss will not recognise its own comments. Add ${poster} to comment-authors (the Action) or TRUSS_APP_COMMENT_AUTHORS (the App).`
  );
}
function isOwnApp(appLogin, authors) {
  return appLogin !== null && authors.some((a) => a.toLowerCase() === appLogin.toLowerCase());
}
function isTrussComment(comment, markerStart, authors) {
  return isOwnAuthor(comment, authors) && (comment.body ?? "").startsWith(markerStart);
}
var STICKY_MARKER_START = "<!-- truss:sticky ";
function stickyMarker(contractId) {
  return `${STICKY_MARKER_START}contract=${contractId} -->`;
}

// src/github/human-review-check.ts
var HUMAN_REVIEW_CHECK = "truss / human review";
async function postHumanReviewCheck(options) {
  if (options.dryRun) return null;
  try {
    const { data } = await options.octokit.rest.checks.create({
      owner: options.owner,
      repo: options.repo,
      name: HUMAN_REVIEW_CHECK,
      head_sha: options.headSha,
      external_id: TRUSS_CHECK_ID,
      status: "completed",
      conclusion: options.conclusion,
      completed_at: (/* @__PURE__ */ new Date()).toISOString(),
      ...options.detailsUrl ? { details_url: options.detailsUrl } : {},
      output: { title: options.title, summary: options.summary }
    });
    return data.html_url ?? null;
  } catch (error) {
    throw toMissingPermission(error, "checks: write", `create the ${HUMAN_REVIEW_CHECK} check`);
  }
}
async function markHumanReviewStale(options) {
  const { octokit, owner, repo } = options;
  const named = await findCheckRuns({
    octokit,
    owner,
    repo,
    ref: options.previousSha,
    checkName: HUMAN_REVIEW_CHECK
  });
  let previous = null;
  let authors = null;
  for (const run of named) {
    if (options.appId === void 0 || run.appId !== options.appId) {
      authors ??= await resolveAuthors(options.authors);
      if (!isOwnApp(run.app, authors)) continue;
    }
    previous = run;
    break;
  }
  if (!previous) return false;
  await postHumanReviewCheck({
    octokit,
    owner,
    repo,
    headSha: options.headSha,
    conclusion: "action_required",
    title: "New commits: the sign-off is stale",
    summary: [
      `The pull request head moved from ${options.previousSha.slice(0, 7)} to ${options.headSha.slice(0, 7)}.`,
      `The last human review (${previous.conclusion ?? previous.status}) attested the evidence for ${options.previousSha.slice(0, 7)}, which no longer describes this head.`,
      "Run truss on the new head (`/truss run`), then approve the pull request to sign off again."
    ].join("\n\n"),
    detailsUrl: null,
    dryRun: options.dryRun
  });
  return true;
}

// src/github/names.ts
import { createHash } from "node:crypto";
var LEDGER_ARTIFACT_PREFIX = "truss-ledger-";
var DEFAULT_LEDGER_BRANCH = "truss-ledger";
function ledgerArtifactName(sessionId) {
  return `${LEDGER_ARTIFACT_PREFIX}${sessionId}`;
}
function ledgerBundleFileName(sessionId) {
  return `${ledgerArtifactName(sessionId)}.json`;
}
function sessionIdOfArtifact(name) {
  return name.startsWith(LEDGER_ARTIFACT_PREFIX) ? name.slice(LEDGER_ARTIFACT_PREFIX.length) : null;
}
function htmlReportFileName(sessionId) {
  return `truss-report-${sessionId}.html`;
}
var REPORT_FILE_NAME = "report.html";
var LEDGER_DB_FILE_NAME = "ledger.db";
var WORKDIR_PATCH_FILE_NAME = "workdir.patch";
var WORKDIR_PATCH_STATEMENT_FILE_NAME = "workdir.patch.sig.json";
function attestationPaths(bundlePath) {
  const stem = bundlePath.replace(/\.json$/, "");
  return { intoto: `${stem}.intoto.json`, sigstore: `${stem}.sigstore.json` };
}
var LEG_ARTIFACT_PREFIX = "truss-leg-";
function legArtifactName(attempt, arm) {
  return `${LEG_ARTIFACT_PREFIX}${arm ? `${arm}-` : ""}${attempt}`;
}
function legOfArtifact(name) {
  if (!name.startsWith(LEG_ARTIFACT_PREFIX)) return null;
  const match = /^(?:(.+)-)?([1-9]\d{0,5})$/.exec(name.slice(LEG_ARTIFACT_PREFIX.length));
  return match ? { attempt: Number(match[2]), arm: match[1] ?? null } : null;
}
var LEG_PATCH_FILE_NAME = "leg.patch";
function fanoutSessionId(runUrl, contract, kind) {
  const hex2 = createHash("sha256").update(`truss ${kind}
${runUrl}
${contract}`).digest("hex");
  return `${hex2.slice(0, 8)}-${hex2.slice(8, 12)}-8${hex2.slice(13, 16)}-${(Number.parseInt(hex2.slice(16, 17), 16) & 3 | 8).toString(16)}${hex2.slice(17, 20)}-${hex2.slice(20, 32)}`;
}

// src/core/contract/mcp-pinning.ts
import { basename } from "node:path";
function unpinnedReason(server) {
  if (server.transport !== "stdio" || !server.command) return null;
  const program = basename(server.command);
  const args = server.args ?? [];
  const shown = [server.command, ...args].join(" ");
  const npmSpec = (spec) => specReason(spec, EXACT_NPM, "registry", (name) => `${npmName(name)}@1.2.3`);
  const pySpec = (spec) => specReason(spec, EXACT_PY, "index", (name) => `${name.split(/[=<>~!@[]/)[0]}==1.2.3`);
  let why = null;
  if (program === "npx" || program === "bunx") why = npmSpec(npxPackage(args));
  else if ((program === "pnpm" || program === "yarn") && args[0] === "dlx")
    why = npmSpec(npxPackage(args.slice(1)));
  else if (program === "npm" && (args[0] === "exec" || args[0] === "x"))
    why = npmSpec(npxPackage(args.slice(1)));
  else if (program === "uvx")
    why = pySpec(fromOption(args, "--from") ?? firstPositional(args, UVX_VALUE_FLAGS));
  else if (program === "uv" && args[0] === "tool" && args[1] === "run")
    why = pySpec(fromOption(args, "--from") ?? firstPositional(args.slice(2), UVX_VALUE_FLAGS));
  else if (program === "pipx" && args[0] === "run")
    why = pySpec(fromOption(args, "--spec") ?? firstPositional(args.slice(1), /* @__PURE__ */ new Set()));
  else if ((program === "docker" || program === "podman") && args.includes("run")) {
    why = args.some((arg) => DIGEST.test(arg)) ? null : 'runs a container image without an @sha256: digest, so the registry decides what runs; pin it, e.g. "image@sha256:<64 hex>"';
  }
  return why === null ? null : `MCP server "${server.name}" (\`${shown}\`) ${why}`;
}
var EXACT_NPM = /^(?:@[^/@\s]+\/)?[^/@\s]+@v?\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]+)?$/;
var EXACT_PY = /^[A-Za-z0-9._-]+(?:\[[^\]]*\])?(?:==|@)v?\d+(?:\.\d+)*(?:[A-Za-z0-9.+-]*)$/;
var DIGEST = /@sha256:[0-9a-f]{64}\b/;
var UVX_VALUE_FLAGS = /* @__PURE__ */ new Set([
  "--from",
  "--with",
  "--python",
  "-p",
  "--index-url",
  "--index"
]);
var NPX_VALUE_FLAGS = /* @__PURE__ */ new Set([
  "--package",
  "-p",
  "--cache",
  "--registry",
  "--userconfig"
]);
function specReason(spec, exact, source, example) {
  if (spec === void 0) return "names no package";
  if (exact.test(spec)) return null;
  return `runs ${JSON.stringify(spec)} without an exact version, so the ${source} decides what runs; pin it, e.g. "${example(spec)}"`;
}
function npmName(spec) {
  const at = spec.lastIndexOf("@");
  return at > 0 ? spec.slice(0, at) : spec;
}
function npxPackage(args) {
  return fromOption(args, "--package") ?? fromOption(args, "-p") ?? firstPositional(args, NPX_VALUE_FLAGS);
}
function fromOption(args, flag) {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === flag) return args[i + 1];
    if (arg.startsWith(`${flag}=`)) return arg.slice(flag.length + 1);
  }
  return void 0;
}
function firstPositional(args, valueFlags) {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--") return args[i + 1];
    if (arg.startsWith("-")) {
      if (valueFlags.has(arg)) i++;
      continue;
    }
    return arg;
  }
  return void 0;
}
function unpinnedServers(contract) {
  return (contract.mcp?.servers ?? []).flatMap((server, index) => {
    const reason = unpinnedReason(server);
    return reason ? [{ index, name: server.name, reason }] : [];
  });
}
function checkMcpPinning(contract, mode, sources) {
  const unpinned = unpinnedServers(contract);
  if (unpinned.length === 0) return [];
  if (mode === "warn") return unpinned.map((u) => `${u.reason} (the Action refuses it)`);
  const declaring = [sources?.contract, sources?.config].find((source) => source && hasMcpServers(source));
  const issues = unpinned.map((u) => {
    const path = ["mcp", "servers", u.index, "command"];
    const position = declaring ? parseTomlDocument(declaring).positions.locate(path) : { line: 0, col: 0 };
    return {
      file: declaring?.file ?? sources?.contract.file ?? contract.contract.id,
      line: position.line,
      col: position.col,
      path: `mcp.servers[${u.index}].command`,
      message: `${u.reason}; unpinned MCP servers are refused in the Action`
    };
  });
  throw new ContractError(issues);
}
function hasMcpServers(source) {
  const mcp = parseTomlDocument(source).data.mcp;
  return Array.isArray(mcp?.servers);
}

// src/core/contract/named.ts
var CONTRACTS_DIR = ".truss/contracts";
var CONFIG_FILE = ".truss/config.toml";

// src/github/settings.ts
var WORKFLOW_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\.ya?ml$/;
var Unverifiable = external_exports.enum(["failure", "neutral"]);
var AppSectionSchema = external_exports.strictObject({
  workflow: external_exports.string().regex(WORKFLOW_FILE, 'must be a workflow file name in .github/workflows/, e.g. "truss.yml"').optional(),
  /** Runs the App dispatches also post anchored findings as inline review comments (review-comments.ts). */
  review_comments: external_exports.boolean().optional()
});
var GITHUB_CONTRACT_FORMAT = defineContractFormat({
  layered: {
    written: {
      /** How an UNVERIFIABLE verdict is reported on GitHub: failure (default) or neutral. */
      unverifiable: Unverifiable.optional()
    },
    resolved: { unverifiable: Unverifiable.default("failure") }
  },
  configOnly: {
    workflow: external_exports.string().trim().min(1, "must not be empty").optional(),
    app: AppSectionSchema.optional()
  }
});
var GitHubResolvedContractSchema = GITHUB_CONTRACT_FORMAT.resolved;
var ResolvedSettingsSchema = external_exports.object({ unverifiable: Unverifiable.default("failure") });
function githubSettings(contract) {
  return ResolvedSettingsSchema.parse({
    unverifiable: contract.unverifiable
  });
}
function parseContractToml2(text, file) {
  return parseContractToml(text, file, GITHUB_CONTRACT_FORMAT);
}
function parseConfigToml2(text, file) {
  return parseConfigToml(text, file, GITHUB_CONTRACT_FORMAT);
}
function resolveContractSources2(input) {
  return resolveContractSources({ ...input, format: GITHUB_CONTRACT_FORMAT });
}
function appReviewComments(config) {
  if (!config) return false;
  return parseConfigToml2(config.text, config.file).app?.review_comments === true;
}

// src/github/render/budget.ts
var CHECK_OUTPUT_LIMIT = 65535;
var COMMENT_LIMIT = 65536;
var STEP_SUMMARY_LIMIT = 1024 * 1024;
function sizeOf(text) {
  return Buffer.byteLength(text, "utf8");
}
var LEVELS = [
  {
    reasoningChars: 4e3,
    showVotes: true,
    tailChars: 4e3,
    cellChars: 1e3,
    maxRows: Number.POSITIVE_INFINITY
  },
  {
    reasoningChars: 1e3,
    showVotes: true,
    tailChars: 1500,
    cellChars: 1e3,
    maxRows: Number.POSITIVE_INFINITY
  },
  { reasoningChars: 300, showVotes: true, tailChars: 500, cellChars: 500, maxRows: Number.POSITIVE_INFINITY },
  { reasoningChars: 120, showVotes: true, tailChars: 200, cellChars: 300, maxRows: Number.POSITIVE_INFINITY },
  { reasoningChars: 0, showVotes: true, tailChars: 0, cellChars: 300, maxRows: Number.POSITIVE_INFINITY },
  { reasoningChars: 0, showVotes: false, tailChars: 0, cellChars: 200, maxRows: Number.POSITIVE_INFINITY },
  { reasoningChars: 0, showVotes: false, tailChars: 0, cellChars: 80, maxRows: Number.POSITIVE_INFINITY }
];
function truncationNote(detail, limitLabel, report, shows) {
  const longest = (texts) => texts.reduce((n, t) => Math.max(n, t.length), 0);
  const votes = report.clauses.flatMap((c) => c.votes);
  const checks = report.clauses.flatMap((c) => c.check ? [c.check] : []);
  const reasoning = longest(votes.map((v) => v.reasoning));
  const tail = longest(checks.flatMap((c) => [c.stdoutTail, c.stderrTail]));
  const cell = longest(report.clauses.flatMap((c) => [c.desc, c.reason, ...c.evidenceNotes]));
  const parts = [];
  if (shows.votes && votes.length > 0) {
    if (!detail.showVotes) parts.push("panel votes omitted");
    else if (detail.reasoningChars === 0 && reasoning > 0) parts.push("panel reasoning omitted");
    else if (reasoning > detail.reasoningChars)
      parts.push(`panel reasoning cut to ${detail.reasoningChars} characters per seat`);
  }
  if (shows.tails && tail > 0) {
    if (detail.tailChars === 0) parts.push("check output tails omitted");
    else if (tail > detail.tailChars)
      parts.push(`check output tails cut to the last ${detail.tailChars} characters`);
  }
  if (cell > detail.cellChars)
    parts.push(`clause descriptions and reasons cut to ${detail.cellChars} characters`);
  const clauseCount = report.clauses.length;
  if (detail.maxRows < clauseCount) parts.push(`only ${detail.maxRows} of ${clauseCount} clause rows shown`);
  if (parts.length === 0) return null;
  return `\u2702\uFE0F **Truncated to fit ${limitLabel}:** ${parts.join("; ")}. The signed ledger bundle has everything.`;
}
function renderWithin(limit, clauseCount, render) {
  for (const detail of LEVELS) {
    const text = render(detail);
    if (sizeOf(text) <= limit) return { text, detail };
  }
  const lean = LEVELS[LEVELS.length - 1];
  let rows = clauseCount;
  while (rows > 0) {
    rows = Math.floor(rows / 2);
    const detail = { ...lean, maxRows: rows };
    const text = render(detail);
    if (sizeOf(text) <= limit) return { text, detail };
  }
  return null;
}

// src/github/render/citations.ts
var MAX_CITATION_ANNOTATIONS = 150;
var MESSAGE_CHARS = 2e3;
var TITLE_CHARS = 255;
var LEVEL = {
  not_met: "failure",
  unverifiable: "warning",
  met: "notice"
};
var LEVEL_ORDER = ["failure", "warning", "notice"];
function placedFindings(report) {
  return report.clauses.flatMap(
    (clause) => clause.votes.flatMap(
      (vote) => vote.citations.filter((c) => c.anchored && c.path !== null).map((citation) => ({ clause, vote, citation }))
    )
  );
}
function seatLabel(vote) {
  return `Seat ${vote.seat + 1} \xB7 ${plain(vote.lens, 40)} lens \xB7 ${vote.vote.replace("_", " ")}`;
}
function plain(text, max) {
  return clipHead(neutralizeMentions(normalizeText(text)), max);
}
function findingText(found) {
  const { clause, vote, citation } = found;
  return plain(
    `${citation.problem || "(no description)"}

${seatLabel(vote)} (${vote.provider}/${vote.model}) on clause ${clause.index + 1}: ${clause.desc}`,
    MESSAGE_CHARS
  );
}
function citationAnnotations(report) {
  const all = placedFindings(report).map((found) => ({
    path: found.citation.path,
    start_line: found.citation.start_line,
    end_line: found.citation.end_line,
    annotation_level: LEVEL[found.vote.vote] ?? "warning",
    title: plain(`${seatLabel(found.vote)} \xB7 clause ${found.clause.index + 1}`, TITLE_CHARS),
    message: findingText(found)
  }));
  return all.map((annotation, order) => ({ annotation, order })).sort(
    (a, b) => LEVEL_ORDER.indexOf(a.annotation.annotation_level) - LEVEL_ORDER.indexOf(b.annotation.annotation_level) || a.order - b.order
  ).slice(0, MAX_CITATION_ANNOTATIONS).sort((a, b) => a.order - b.order).map(({ annotation }) => annotation);
}
function citedLines(citation) {
  if (citation.path === null || citation.start_line === null) return citation.location;
  const end = citation.end_line !== null && citation.end_line !== citation.start_line ? `-${citation.end_line}` : "";
  return `${citation.path}:${citation.start_line}${end}`;
}
function findingsList(clause, problemChars) {
  const items = clause.votes.flatMap(
    (vote) => vote.citations.map((citation) => {
      const where2 = codeSpan(citation.anchored ? citedLines(citation) : citation.location || "(no location)");
      const why = citation.anchored ? "" : ` _(not on a changed line: ${inlineText(citation.unanchored ?? "not anchored", 120)})_`;
      return `- Seat ${vote.seat + 1} (${inlineText(vote.lens, 40)}) \xB7 ${where2}${why} \u2014 ${inlineText(citation.problem, problemChars) || "_(no description)_"}`;
    })
  );
  return items.length > 0 ? `Findings:

${items.join("\n")}` : null;
}

// src/core/run/bench-workspace.ts
var MAX_PATCH_BYTES = 16 * 1024 * 1024;

// src/core/run/parent-session.ts
import { randomUUID } from "node:crypto";

// src/core/runtime/ctx.ts
function createCtx(options) {
  const events = options.events ?? (() => {
  });
  return {
    signal: options.signal ?? new AbortController().signal,
    deadline: options.deadline ?? null,
    budget: options.budget ?? new BudgetMeter({}, (message) => events({ type: "warning", message })),
    events,
    ...options.isolation ? { isolation: options.isolation } : {},
    now: options.now ?? Date.now
  };
}

// src/core/run/parent-session.ts
function openParentSession(options) {
  const { host } = options;
  const { events, signal, isolation, contractDir: _contractDir, ...passThrough } = host;
  const ctx = createCtx({
    ...signal ? { signal } : {},
    events,
    budget: new BudgetMeter({}),
    ...isolation ? { isolation } : {}
  });
  const session = DurableSession.start({
    store: options.store,
    signer: options.signer,
    codeVersion: options.codeVersion,
    id: options.sessionId ?? randomUUID()
  });
  return { ctx, session, redact: secretRedactor(host.env, host.secrets ?? []), passThrough };
}
async function driveParentSession(parent, label, kind, body) {
  const { ctx, session } = parent;
  try {
    const report = await body();
    session.record(kind, () => ({ payload: report }));
    session.record("run_completed", () => ({
      payload: { overall: null, finished_at: new Date(ctx.now()).toISOString() }
    }));
    return {
      status: "completed",
      sessionId: session.id,
      headHash: session.store.requireSession(session.id).head_hash ?? "",
      report
    };
  } catch (error) {
    const cancelled = ctx.signal.aborted || error instanceof CancelledError;
    const message = parent.redact(cancelled ? "cancelled" : error.message ?? String(error));
    session.record("run_failed", () => ({
      payload: { error: message, failed_at: new Date(ctx.now()).toISOString() }
    }));
    return {
      status: "aborted",
      sessionId: session.id,
      message: `${label} ${session.id} failed: ${message}`,
      cancelled
    };
  }
}

// src/core/run/run-models.ts
async function executorModel(contract, lookup) {
  const { buildExecutorProvider } = await import("./executor-provider-N343RZCC.js");
  return buildExecutorProvider(contract, lookup);
}

// src/core/run/eval.ts
async function startEval(options) {
  const { host, store, contract } = options;
  const lookup = {
    env: host.env,
    cwd: options.workdir,
    fallbackCwd: host.hostCwd,
    contractDir: host.contractDir
  };
  const arms = await Promise.all(
    options.arms.map(async (arm) => {
      const applied = applyArm(contract, arm, options.format);
      const provider = applied.contract.executor.kind === "in-loop" && !options.runnerLegs ? await executorModel(applied.contract, lookup) : void 0;
      return { arm, ...applied, provider };
    })
  );
  const trials = options.trials ?? {};
  if (Object.keys(trials).length > 0 && !host.memory)
    throw new Error("an eval with an entry on trial needs the run memory (host.memory)");
  const panel = await panelModels(contract, lookup);
  const git = await readGitInfo(options.workdir);
  const parentSession = openParentSession(options);
  const { ctx, session, redact, passThrough } = parentSession;
  session.record("run_started", () => ({
    payload: {
      session_id: session.id,
      kind: "eval",
      contract,
      contract_hash: options.contractHash,
      eval: {
        repeats: options.repeats,
        arms: arms.map(({ arm, hash }) => ({
          name: arm.name,
          change: arm.change,
          contract_hash: hash,
          ...trials[arm.name] ? { trial: trials[arm.name]?.id } : {}
        }))
      },
      code_version: options.codeVersion,
      principal: options.principal,
      git,
      isolation: { ...(host.isolation ?? NO_ISOLATION).report },
      workdir: options.workdir,
      started_at: new Date(ctx.now()).toISOString()
    }
  }));
  const runners = options.runnerLegs;
  const missing = [];
  return driveParentSession(parentSession, "eval", "eval_report", async () => {
    const reports = [];
    let attempt = 0;
    for (const { arm, contract: armContract, hash, provider } of arms) {
      const parent = {
        ...passThrough,
        memory: host.memory && trials[arm.name] ? { ...host.memory, trial: trials[arm.name] } : host.memory,
        workdir: options.workdir,
        store,
        signer: options.signer,
        ctx,
        panel,
        executorProvider: provider,
        sessionId: session.id,
        codeVersion: options.codeVersion,
        principal: options.principal,
        git
      };
      const workdirs = await childWorkdirs({
        workdir: options.workdir,
        env: host.env,
        // Runner legs ran elsewhere: nothing works here, so nothing is copied.
        shared: armContract.executor.kind === "none" || runners !== void 0,
        parentDir: host.cleanRoomParent ?? host.isolation?.tempDir,
        prepare: host.isolation ? (dir) => host.isolation.addWorkdir(dir) : void 0,
        unprepare: host.isolation?.removeWorkdir?.bind(host.isolation)
      });
      const report2 = {
        name: arm.name,
        change: arm.change,
        contract_hash: hash,
        runs: 0,
        passes: 0,
        pass_rate: 0,
        cost_usd: 0,
        tokens: 0,
        wall_ms: 0,
        child_refs: []
      };
      try {
        for (let repeat = 1; repeat <= options.repeats; repeat++) {
          if (ctx.signal.aborted) throw new CancelledError();
          attempt++;
          const ran = runners ? runnerRun(store, runners, arm.name, repeat, attempt) : await liveRun(parent, workdirs, armContract, hash, attempt);
          if (!ran) {
            if (!runners?.excluded.some((x) => x.arm === arm.name && x.attempt === repeat))
              missing.push({ arm: arm.name, repeat });
            continue;
          }
          const { child, wallMs } = ran;
          const overall = child.verdict?.overall ?? null;
          const anchor = session.record("child_anchor", () => ({
            payload: {
              ...anchorPayload(child, armContract.contract.intent, armContract),
              arm: arm.name,
              repeat,
              attempt,
              overall,
              cost_usd: child.usage.costUsd,
              total_tokens: child.usage.totalTokens,
              wall_ms: wallMs,
              error: child.error && redact(child.error)
            }
          }));
          report2.runs++;
          if (overall === "pass") report2.passes++;
          report2.cost_usd += child.usage.costUsd;
          report2.tokens += child.usage.totalTokens;
          report2.wall_ms += wallMs;
          report2.child_refs.push({
            anchor_seq: anchor.seq,
            child_session_id: child.sessionId,
            verdict_ref: child.verdictRef,
            overall
          });
        }
      } finally {
        await workdirs.dispose();
      }
      report2.pass_rate = report2.runs === 0 ? 0 : report2.passes / report2.runs;
      reports.push(report2);
    }
    const report = {
      ...summarize(options.repeats, reports),
      ...runners ? { excluded: runners.excluded.map((leg) => ({ ...leg, reason: redact(leg.reason) })), missing } : {}
    };
    return report;
  });
}
async function liveRun(parent, workdirs, contract, hash, attempt) {
  const place = await workdirs.acquire();
  const started = performance.now();
  const child = await runChild(parent, {
    attempt,
    task: contract.contract.intent,
    contract,
    contractHash: hash,
    workdir: place.dir,
    scope: { write_scope: [...contract.constraints.write_scope] },
    budgetSlice: { ...contract.budget }
  }).finally(() => place.release());
  return { child, wallMs: Math.round(performance.now() - started) };
}
function runnerRun(store, runners, arm, repeat, attempt) {
  const leg = runners.legs.find((l) => l.arm === arm && l.repeat === repeat);
  if (!leg) return null;
  const { result, startedAt, finishedAt } = storedChild(store, { ...leg, attempt });
  const wallMs = startedAt !== null && finishedAt !== null ? Math.max(0, finishedAt - startedAt) : 0;
  return { child: result, wallMs };
}
function anchorPayload(child, task, contract) {
  return {
    child_session_id: child.sessionId,
    child_root_hash: child.rootHash,
    child_head_hash: child.headHash,
    task,
    scope: { write_scope: [...contract.constraints.write_scope] },
    budget_slice: { ...contract.budget },
    status: child.status,
    verdict_ref: child.verdictRef
  };
}
function summarize(repeats, arms) {
  const [first] = arms;
  const delta = first ? arms.slice(1).map((arm) => ({
    arm: arm.name,
    vs: first.name,
    pass_rate: arm.pass_rate - first.pass_rate,
    cost_usd: arm.cost_usd - first.cost_usd,
    tokens: arm.tokens - first.tokens,
    wall_ms: arm.wall_ms - first.wall_ms
  })) : [];
  const sign = (n, text) => `${n >= 0 ? "+" : "\u2212"}${text}`;
  const lines = arms.map(
    (arm) => `${arm.name}: ${arm.passes}/${arm.runs} passed (${Math.round(arm.pass_rate * 100)}%), $${arm.cost_usd.toFixed(4)}, ${arm.tokens} tokens`
  );
  for (const d of delta) {
    lines.push(
      `${d.arm} vs ${d.vs}: ${sign(d.pass_rate, `${Math.abs(Math.round(d.pass_rate * 100))} pp`)} pass rate, ${sign(d.cost_usd, `$${Math.abs(d.cost_usd).toFixed(4)}`)}, ${sign(d.tokens, `${Math.abs(d.tokens)} tokens`)}`
    );
  }
  return { repeats, arms, delta, summary: lines.join("; ") };
}

// src/core/run/context-report.ts
function contextFrom(entries) {
  let report = null;
  let compactions = 0;
  let repins = 0;
  let read2 = 0;
  let write = 0;
  for (const entry of entries) {
    const known = readKnownEntry(entry);
    if (!known || "error" in known) continue;
    switch (known.kind) {
      case "context_layers": {
        const p = known.payload;
        report ??= { window: 0, peakPressure: -1, peakTokens: 0, peakStep: 0, steps: 0, ...ZERO };
        report.steps++;
        if (p.pressure > report.peakPressure) {
          report.peakPressure = p.pressure;
          report.peakTokens = p.projected_tokens;
          report.peakStep = p.step;
          report.window = p.window;
        }
        break;
      }
      case "compaction_performed":
        compactions++;
        break;
      case "goal_repinned":
        repins++;
        break;
      case "model_result":
        read2 += known.payload.usage?.cache_read_tokens ?? 0;
        write += known.payload.usage?.cache_write_tokens ?? 0;
        break;
    }
  }
  if (!report) return null;
  return { ...report, compactions, repins, cacheReadTokens: read2, cacheWriteTokens: write };
}
var ZERO = { compactions: 0, repins: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
function contextLine(context) {
  const count2 = formatCount;
  const plural2 = (n, one, many) => `${count2(n)} ${n === 1 ? one : many}`;
  const parts = [
    `peak ${Math.round(context.peakPressure * 100)}% of the ${count2(context.window)}-token window (step ${context.peakStep}, ${count2(context.peakTokens)} tokens)`,
    plural2(context.compactions, "compaction", "compactions"),
    plural2(context.repins, "goal re-pin", "goal re-pins")
  ];
  if (context.cacheReadTokens > 0 || context.cacheWriteTokens > 0) {
    parts.push(
      `prompt cache: ${count2(context.cacheReadTokens)} tokens read, ${count2(context.cacheWriteTokens)} written`
    );
  }
  return parts.join(" \xB7 ");
}
function formatCount(value) {
  const n = Number.isFinite(value) ? Math.round(value) : 0;
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return n < 0 ? `-${digits}` : digits;
}

// src/core/memory/verdict-payload.ts
var MEMORY_VERDICT_KIND = "memory_verdict";
var MEMORY_SESSION_KIND = "memory";
function readMemoryVerdict(payload) {
  const read2 = readPayload("memory_verdict", payload);
  return "error" in read2 ? read2 : read2.payload;
}

// src/core/memory/decision-session.ts
async function signDecision(who, entry, decide) {
  const { session, pinned, clock } = openMemorySession(who, MEMORY_SESSION_KIND, entry, {
    trust: entry.trust
  });
  let decision;
  try {
    decision = await decide(session);
  } catch (error) {
    session.record("run_failed", () => ({
      payload: {
        error: String(error.message ?? error),
        failed_at: new Date(clock()).toISOString()
      }
    }));
    throw error;
  }
  const payload = {
    memory_id: entry.id,
    decision: decision.decision,
    method: decision.method,
    entry: pinned,
    reason: decision.reason,
    supersedes: decision.supersedes ?? [],
    revokes: decision.revokes ?? null,
    votes: decision.votes ?? null,
    ...decision.eval ? { eval: decision.eval } : {},
    ...decision.approval ? { approval: decision.approval } : {}
  };
  const verdict = session.record(MEMORY_VERDICT_KIND, () => ({
    payload
  }));
  session.record("run_completed", () => ({
    payload: { overall: null, decision: decision.decision, finished_at: new Date(clock()).toISOString() }
  }));
  const ref = { session: session.id, seq: verdict.seq, entry_hash: verdict.entry_hash };
  const applied = who.memory.applyDecision({
    memory_id: entry.id,
    decision: decision.decision,
    ref,
    supersedes: payload.supersedes,
    evidence: evidenceSessions(payload)
  });
  return { sessionId: session.id, ref, payload, entry: applied };
}
function openMemorySession(who, kind, entry, extra = {}) {
  const clock = who.clock ?? Date.now;
  const session = DurableSession.start({
    store: who.ledger,
    signer: who.signer,
    codeVersion: who.codeVersion
  });
  const pinned = {
    kind: entry.kind,
    key: entry.key,
    body_sha256: sha256Hex(entry.body),
    produced_by: entry.provenance.produced_by
  };
  session.record("run_started", () => ({
    payload: {
      session_id: session.id,
      kind,
      memory_id: entry.id,
      entry: { ...pinned, ...extra, body: entry.body },
      code_version: who.codeVersion,
      principal: who.principal,
      started_at: new Date(clock()).toISOString()
    }
  }));
  return { session, pinned, clock };
}
function evidenceSessions(payload) {
  return payload.eval ? [payload.eval.report.session] : [];
}
function supersededBy(memory, entry) {
  return memory.list({ kind: entry.kind, key: entry.key, trust: ["verified"] }).filter((other) => other.id !== entry.id).map((other) => other.id);
}

// src/core/memory/eval-evidence.ts
var EVAL_ARM_OFF = "off";
var EVAL_ARM_ON = "on";
function evalEvidenceProblem(verdicts, trusted, verdict) {
  const evidence = verdict.eval;
  if (!evidence) return "it was decided by an eval but names no eval report";
  const where2 = `its eval report ${formatRef(evidence.report)}`;
  const resolved = verdicts.resolve(evidence.report);
  if ("problem" in resolved) return `${where2}: ${resolved.problem}`;
  if (resolved.sessionKind !== "eval") return `${where2} is not in an eval session`;
  if (!isPinned(trusted, resolved.publicKeyHex, "signer"))
    return `${where2} is signed by ${resolved.publicKeyHex.slice(0, 16)}\u2026, a key not trusted to decide memory`;
  const report = tryReadEntry(resolved.entry, "eval_report");
  if ("error" in report) return `${where2}: ${report.error}`;
  for (const quoted of [evidence.on, evidence.off]) {
    const arm = report.payload.arms.find((a) => a.name === quoted.arm);
    if (!arm) return `${where2} has no arm ${quoted.arm}`;
    if (arm.runs !== quoted.runs || arm.passes !== quoted.passes || arm.pass_rate !== quoted.pass_rate)
      return `${where2}: arm ${quoted.arm} passed ${arm.passes}/${arm.runs}, the verdict quotes ${quoted.passes}/${quoted.runs}`;
  }
  if (evidence.on.arm !== EVAL_ARM_ON || evidence.off.arm !== EVAL_ARM_OFF)
    return `${where2}: the verdict compares ${evidence.on.arm} with ${evidence.off.arm}, not ${EVAL_ARM_ON} with ${EVAL_ARM_OFF}`;
  if (!(evidence.on.pass_rate > evidence.off.pass_rate))
    return `${where2}: the on arm's pass rate (${evidence.on.pass_rate}) is not higher than the off arm's (${evidence.off.pass_rate})`;
  const arms = resolved.started?.payload.eval?.arms;
  const onArm = Array.isArray(arms) ? arms.find((a) => a?.name === EVAL_ARM_ON) : void 0;
  if (onArm?.trial !== verdict.memory_id) return `${where2}: its on arm did not have this entry on trial`;
  return null;
}

// src/core/memory/store.ts
function nextTrust(current, decision) {
  const allowed = {
    promote: ["unverified"],
    reject: ["unverified"],
    revoke: ["verified"],
    unverifiable: ["unverified", "verified", "rejected", "stale"]
  };
  if (!allowed[decision].includes(current)) {
    throw new MemoryError(
      "bad_transition",
      `cannot ${decision} an entry that is ${current}` + (decision === "revoke" ? " (only verified entries are revoked)" : " (only unverified entries are decided)")
    );
  }
  const to = {
    promote: "verified",
    reject: "rejected",
    revoke: "stale",
    unverifiable: null
  };
  return to[decision] ?? current;
}
function findEntry(store, text, kind) {
  const exact = store.get(text);
  if (exact && (!kind || exact.kind === kind)) return exact;
  const byPrefix = /^[0-9a-f]{8,64}$/.test(text) ? store.list({ idPrefix: text, includeSuperseded: true, kind }) : [];
  if (byPrefix.length === 1) return byPrefix[0];
  if (byPrefix.length > 1)
    throw new MemoryError(
      "ambiguous",
      `${text} is the prefix of ${byPrefix.length} entries; give more of the id`
    );
  const byKey = store.list({ key: text, kind, includeSuperseded: false });
  const live = byKey.filter((entry) => entry.trust === "verified" || entry.trust === "unverified");
  const candidates = live.length > 0 ? live : byKey;
  if (candidates.length === 1) return candidates[0];
  if (candidates.length > 1)
    throw new MemoryError(
      "ambiguous",
      `key ${text} names ${candidates.length} entries (${candidates.map((e) => `${e.id.slice(0, 12)} ${e.trust}`).join(", ")}); give the id`
    );
  throw new MemoryError(
    "no_entry",
    `no memory entry ${text}${kind ? ` of kind ${kind}` : ""}; list them with truss memory list`
  );
}

// src/core/run/eval-promotion.ts
function evalPromotionArms(entry) {
  nextTrust(entry.trust, "promote");
  if (entry.kind !== "playbook" && entry.kind !== "lesson")
    throw new MemoryError(
      "bad_transition",
      `only lessons and playbooks are recalled, so a ${entry.kind} cannot be promoted by an eval; promote it by panel or --maintainer`
    );
  const base = { path: ["memory", "playbooks"], value: true };
  return {
    arms: [
      { ...base, name: EVAL_ARM_OFF, change: "memory.playbooks=true" },
      {
        ...base,
        name: EVAL_ARM_ON,
        change: `memory.playbooks=true, ${entry.kind} ${entry.key} (${entry.id.slice(0, 12)}) on trial`
      }
    ],
    trials: { [EVAL_ARM_ON]: entry }
  };
}
async function decideFromEval(who, entry, evaluation) {
  const reportEntry = [...evaluation.store.entries(evaluation.sessionId)].findLast(
    (e) => e.kind === "eval_report"
  );
  if (!reportEntry) throw new Error(`eval ${evaluation.sessionId} holds no eval_report`);
  const arm = (name) => {
    const found = evaluation.report.arms.find((a) => a.name === name);
    if (!found) throw new Error(`eval ${evaluation.sessionId} has no arm ${name}`);
    return { arm: found.name, runs: found.runs, passes: found.passes, pass_rate: found.pass_rate };
  };
  const on = arm(EVAL_ARM_ON);
  const off = arm(EVAL_ARM_OFF);
  const current = who.memory.get(entry.id) ?? entry;
  const gain = on.pass_rate > off.pass_rate;
  nextTrust(current.trust, gain ? "promote" : "unverifiable");
  const rates = `on ${on.passes}/${on.runs} vs off ${off.passes}/${off.runs}`;
  return signDecision(who, current, async () => ({
    decision: gain ? "promote" : "unverifiable",
    method: "eval",
    reason: gain ? `paired eval ${evaluation.sessionId}: recalled, the contract passed more often (${rates})` : `paired eval ${evaluation.sessionId}: recalling it did not raise the pass rate (${rates}); it stays unverified`,
    ...gain ? { supersedes: supersededBy(who.memory, current) } : {},
    ...gain && evaluation.approval ? { approval: evaluation.approval } : {},
    eval: {
      report: {
        session: evaluation.sessionId,
        seq: reportEntry.seq,
        entry_hash: reportEntry.entry_hash
      },
      on,
      off
    }
  }));
}

// src/core/run/leg-admission.ts
import { createHash as createHash2 } from "node:crypto";
function admitLeg(options) {
  const { bundle, expect } = options;
  const refuse = (reason) => ({ ok: false, attempt: expect.attempt, reason });
  if (options.trusted.size === 0)
    return refuse("no trusted keys are pinned, so no leg can be verified (set trusted-keys)");
  const report = verifyBundle(bundle, {
    crypto: options.crypto,
    trusted: options.trusted,
    receipts: options.receipts
  });
  if (report.status !== "verified" && report.status !== "suspended") {
    const why = report.failure?.message ?? report.notes.join("; ");
    return refuse(`its ledger does not verify against the pinned keys (${report.status}: ${why})`);
  }
  const first = bundle.ledger.entries[0];
  const read2 = first ? tryReadEntry(first, "run_started") : { error: "it has no entries" };
  if ("error" in read2) return refuse(`its first entry is not a run_started: ${read2.error}`);
  const started = read2.payload;
  const parent = started.parent;
  if (!parent) return refuse("its run_started names no parent: it is not a leg of a fan-out");
  if (parent.session_id !== expect.parentSessionId)
    return refuse(
      `it is a leg of ${String(parent.session_id)}, not of ${expect.parentSessionId} (another workflow run or contract)`
    );
  if (parent.attempt !== expect.attempt)
    return refuse(
      `its signed attempt is ${String(parent.attempt)}, but it came as attempt ${expect.attempt}`
    );
  if (expect.arm !== void 0 && (parent.arm !== expect.arm || parent.repeat !== expect.repeat))
    return refuse(
      `it signed arm ${String(parent.arm)} repeat ${String(parent.repeat)}, but it came as ${expect.arm} repeat ${expect.repeat}`
    );
  if (started.contract_hash !== expect.contractHash)
    return refuse(
      `it ran contract ${short(started.contract_hash)}, not this fan-out's ${short(expect.contractHash)} (another contract, budget slice or version of it)`
    );
  if (contractHash(started.contract) !== expect.contractHash)
    return refuse("its recorded contract does not hash to the contract hash it signed");
  const head = started.git?.head_sha;
  if (expect.headSha && typeof head === "string" && head !== expect.headSha)
    return refuse(`it ran on commit ${head.slice(0, 12)}, not ${expect.headSha.slice(0, 12)}`);
  const diffSha256 = recordedDiff(bundle.ledger.entries);
  if (diffSha256) {
    if (!options.patch) return refuse("its executor made a diff, but the leg shipped no patch");
    if (createHash2("sha256").update(options.patch).digest("hex") !== diffSha256)
      return refuse(`its patch is not the diff its ledger signs (sha256 ${short(diffSha256)})`);
  }
  return {
    ok: true,
    leg: {
      attempt: expect.attempt,
      sessionId: bundle.ledger.session_id,
      ...expect.arm !== void 0 ? { arm: expect.arm, repeat: expect.repeat } : {}
    },
    diff: diffSha256 ? options.patch : null
  };
}
function importLeg(options) {
  const { store, bundle } = options;
  store.importLedger(bundle.ledger);
  for (const [hash, blob] of Object.entries(bundle.blobs ?? {})) {
    if (!("utf8" in blob) || typeof blob.utf8 !== "string") continue;
    const bytes = Buffer.from(blob.utf8, "utf8");
    if (createHash2("sha256").update(bytes).digest("hex") === hash) store.putBlob(bytes);
  }
  if (options.diff) store.putBlob(options.diff);
  const copy = store.verifySession(bundle.ledger.session_id, {
    crypto: options.crypto,
    trusted: options.trusted
  });
  if (copy.status !== "verified" && copy.status !== "suspended")
    throw new Error(
      `leg session ${bundle.ledger.session_id} does not verify after its import (${copy.status}: ${copy.failure?.message ?? copy.notes.join("; ")})`
    );
}
function short(hash) {
  return typeof hash === "string" ? `${hash.slice(0, 12)}\u2026` : String(hash);
}

// src/core/run/memory-report.ts
var RECALL_LINE = /^- \(([a-z_]+) (\S+), ([0-9a-f]{8,64})\)/gm;
function memoryFrom(entries) {
  const report = { recalled: [], recallTokens: 0, ignored: [], proposed: [] };
  let touched = false;
  for (const entry of entries) {
    const known = readKnownEntry(entry);
    if (!known || "error" in known) continue;
    if (known.kind === "memory_recall") {
      touched = true;
      const p = known.payload;
      const labels = /* @__PURE__ */ new Map();
      for (const m of (p.text ?? "").matchAll(RECALL_LINE))
        labels.set(m[3], { kind: m[1], key: m[2] });
      for (const id of p.ids) {
        const label = [...labels].find(([short2]) => id.startsWith(short2))?.[1];
        report.recalled.push({ id, kind: label?.kind ?? null, key: label?.key ?? null });
      }
      report.recallTokens += p.tokens;
      for (const row of p.ignored ?? [])
        report.ignored.push({ id: row.id, kind: row.kind ?? null, key: row.key ?? null, reason: row.reason });
    } else if (known.kind === "memory_proposed") {
      touched = true;
      for (const item of known.payload.entries)
        report.proposed.push({ id: item.memory_id, kind: item.kind, key: item.key, via: known.payload.via });
    }
  }
  return touched ? report : null;
}
function memoryEntryLabel(entry) {
  const name = entry.kind && entry.key ? `${entry.kind} ${entry.key} ` : "";
  return `${name}(${entry.id.slice(0, 12)})`;
}

// src/core/run/run-isolation.ts
import { homedir } from "node:os";
import { dirname as dirname7, join as join9, relative as relative2, resolve as resolve4 } from "node:path";

// src/core/process/harness-paths.ts
import { dirname, join } from "node:path";
function harnessSecretPaths(input) {
  const paths = [
    join(input.configHome, "truss"),
    ...input.cacheHome ? [join(input.cacheHome, "truss")] : [],
    ...input.keyFiles.filter((path) => typeof path === "string" && path.length > 0),
    dirname(input.dbPath),
    input.dbPath,
    `${input.dbPath}-wal`,
    `${input.dbPath}-shm`,
    `${input.dbPath}-journal`,
    ...input.tempDirs ?? []
  ];
  return [...new Set(paths)];
}

// src/core/process/account-reach.ts
import { realpathSync, statSync } from "node:fs";
import { dirname as dirname2 } from "node:path";
function reachableBy(path, account) {
  if (account.uid === 0) return true;
  let real;
  try {
    real = realpathSync(dirname2(path));
  } catch {
    return false;
  }
  for (let dir = real; ; dir = dirname2(dir)) {
    let mode;
    let uid;
    let gid;
    try {
      ({ mode, uid, gid } = statSync(dir));
    } catch {
      return false;
    }
    const bit = uid === account.uid ? 64 : gid === account.gid ? 8 : 1;
    if ((mode & bit) === 0) return false;
    if (dir === dirname2(dir)) return true;
  }
}

// src/core/process/egress-block.ts
async function ensureEgressBlock(account, privilege, env) {
  const failures = await Promise.all(
    [
      ["iptables", "icmp-admin-prohibited"],
      ["ip6tables", "icmp6-adm-prohibited"]
    ].map(([tool, reason]) => ensureRule(tool, reason, account, privilege, env))
  );
  return failures.find((failure) => failure !== null) ?? null;
}
async function ensureRule(tool, reason, account, privilege, env) {
  const rule = [
    "OUTPUT",
    "-m",
    "owner",
    "--uid-owner",
    String(account.uid),
    "-j",
    "REJECT",
    "--reject-with",
    reason
  ];
  if (privilege === "root" && findProgram(tool, env.PATH ?? "") === null) return `${tool}: not installed`;
  const present = await asRoot(privilege, tool, ["-w", "5", "-C", ...rule], env);
  if (present.ok) return null;
  const added = await asRoot(privilege, tool, ["-w", "5", "-I", ...rule], env);
  if (!added.ok) return `${tool}: ${added.stderr.trim() || `exit ${added.code}`}`;
  return null;
}

// src/core/process/grant-workdir.ts
import { stat } from "node:fs/promises";
import { dirname as dirname3, resolve } from "node:path";

// src/core/process/grant-tree.ts
import * as fs from "node:fs";
function grantTreeInProcess(root, gid, keep) {
  grantTree(fs, root, gid, keep);
}
var DRY_WALK_LIMIT = 2e4;
function treeNeedsGrant(root, gid, keep, limit = DRY_WALK_LIMIT) {
  const wouldWrite = () => {
    throw new Error("the grant would write");
  };
  let looked = 0;
  const lstatSync7 = ((path) => {
    if (++looked > limit) throw new Error("too many entries to look at here");
    return fs.lstatSync(path);
  });
  const dry = {
    ...fs,
    lstatSync: lstatSync7,
    lchownSync: wouldWrite,
    chownSync: wouldWrite,
    chmodSync: wouldWrite
  };
  try {
    grantTree(dry, root, gid, keep);
    return false;
  } catch {
    return true;
  }
}
function grantTreeScript() {
  return `var __name = (fn) => fn; (${grantTree.toString()})(require('node:fs'), process.argv[1], Number(process.argv[2]), new Set(JSON.parse(process.argv[3])));`;
}
function grantTree(io, root, gid, keep) {
  const O_PATH = 2097152;
  const held = (fd) => `/proc/self/fd/${fd}`;
  const wantedMode = (info) => {
    const directory = info.isDirectory();
    const search = directory || (info.mode & 73) !== 0 ? 8 : 0;
    return (info.mode | 48 | search | (directory ? 1024 : 0)) & 4095;
  };
  const visit = (path, at) => {
    if (keep.has(path)) return;
    let looked;
    try {
      looked = io.lstatSync(at);
    } catch (error) {
      if (error.code === "ENOENT") return;
      throw error;
    }
    if (looked.isSymbolicLink()) {
      if (looked.gid !== gid) io.lchownSync(at, -1, gid);
      return;
    }
    if (looked.isFile() && (looked.mode & 63) === 0) return;
    const directory = looked.isDirectory();
    if (!directory && looked.nlink > 1) return;
    if (!directory && looked.gid === gid && wantedMode(looked) === (looked.mode & 4095)) return;
    let fd;
    try {
      fd = io.openSync(at, O_PATH | io.constants.O_NOFOLLOW);
    } catch {
      return;
    }
    try {
      let info = io.fstatSync(fd);
      if (info.ino !== looked.ino || info.dev !== looked.dev || info.isSymbolicLink()) return;
      if (!directory && info.nlink > 1) return;
      if (info.gid !== gid) {
        io.chownSync(held(fd), -1, gid);
        info = io.fstatSync(fd);
      }
      const wanted = wantedMode(info);
      if (wanted !== (info.mode & 4095)) io.chmodSync(held(fd), wanted);
      if (directory)
        for (const name of io.readdirSync(held(fd))) visit(`${path}/${name}`, `${held(fd)}/${name}`);
    } finally {
      io.closeSync(fd);
    }
  };
  visit(root, root);
}

// src/core/process/isolation.ts
var ISOLATION_MODES = Object.freeze(["auto", "uid", "bwrap", "none"]);
var IsolationUnavailableError = class extends Error {
  name = "IsolationUnavailableError";
};
var IsolationSetupError = class extends Error {
  name = "IsolationSetupError";
};
function describeIsolation(report) {
  if (report.level === "none") {
    return "checks isolated: none \u2014 checks, agent tools and delegated CLIs ran as the harness user and could read its secrets";
  }
  const egress = report.network_enforced ? "egress blocked" : report.network === "open" ? "network open" : `network "${report.network}" not enforced (best-effort filter only)`;
  return `checks isolated: ${report.level} (${egress})`;
}

// src/core/process/grant-workdir.ts
async function grantWorkdir(dir, account, privilege, env, keepPrivate = []) {
  const root = resolve(dir);
  const inside = keepPrivate.map((path) => resolve(path)).filter((path) => path.startsWith(`${root}/`));
  const remedy = privilege === "root" ? 'check that the working copy is on a file system that keeps owners and modes, or choose isolation = "bwrap"' : 'run Truss as root or with passwordless sudo, or choose isolation = "bwrap"';
  const failed = (detail) => new IsolationSetupError(`could not give the sandbox user access to ${root} (${detail}); ${remedy}`);
  if (privilege === "root") {
    try {
      grantTreeInProcess(root, account.gid, new Set(inside));
    } catch (error) {
      throw failed(error.message);
    }
  } else if (treeNeedsGrant(root, account.gid, new Set(inside))) {
    const result = await asRoot(
      privilege,
      process.execPath,
      ["-e", grantTreeScript(), root, String(account.gid), JSON.stringify(inside)],
      env,
      12e4
    );
    if (!result.ok) throw failed(result.stderr.trim().split("\n").at(-1) ?? `exit ${result.code}`);
  }
  for (let parent = dirname3(root); ; parent = dirname3(parent)) {
    const info = await stat(parent);
    if ((info.mode & 1) === 0) {
      const result = await asRoot(privilege, "chmod", ["o+x", parent], env);
      if (!result.ok)
        throw new IsolationSetupError(`could not make ${parent} traversable: ${result.stderr.trim()}`);
    }
    if (parent === dirname3(parent)) break;
  }
}

// src/core/process/hidden-pins.ts
import { lstatSync as lstatSync2 } from "node:fs";
import { dirname as dirname4 } from "node:path";
function hiddenPathPins(hiddenPaths, workdirs) {
  const hidden = new Set(hiddenPaths);
  const pins = /* @__PURE__ */ new Set();
  for (const path of hiddenPaths) {
    for (const workdir of workdirs) {
      if (path === workdir || !within(path, workdir)) continue;
      for (let dir = dirname4(path); dir !== workdir && within(dir, workdir); dir = dirname4(dir)) {
        if (!hidden.has(dir) && isDirectory(dir)) pins.add(dir);
      }
    }
  }
  return [...pins].sort((a, b) => a.split("/").length - b.split("/").length || (a < b ? -1 : 1));
}
function isDirectory(path) {
  try {
    return lstatSync2(path).isDirectory();
  } catch {
    return false;
  }
}

// src/core/process/isolation-bwrap.ts
import { chownSync, existsSync, mkdirSync, realpathSync as realpathSync3, statSync as statSync2, writeFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { join as join2 } from "node:path";

// src/core/process/host-sockets.ts
import { lstatSync as lstatSync3, readFileSync, realpathSync as realpathSync2 } from "node:fs";
var LINE = /^[0-9a-f]+: [0-9A-F]{8} [0-9A-F]{8} [0-9A-F]{8} [0-9A-F]{4} [0-9A-F]{2} +\d+ (\/.*)$/;
function hostSockets(outside, table = "/proc/net/unix") {
  let text;
  try {
    text = readFileSync(table, "utf8");
  } catch {
    return [];
  }
  const found = /* @__PURE__ */ new Set();
  for (const line of text.split("\n")) {
    const path = LINE.exec(line)?.[1];
    if (path === void 0) continue;
    let real;
    try {
      real = realpathSync2(path);
      if (!lstatSync3(real).isSocket()) continue;
    } catch {
      continue;
    }
    if (outside.some((dir) => within(real, dir))) continue;
    found.add(real);
  }
  return [...found].sort();
}

// src/core/process/isolation-bwrap.ts
var SANDBOX_HOME = "/tmp/.truss-home";
var SANDBOX_TMP = "/tmp/.truss-tmp";
function bwrapIsolation(options) {
  const workdirs = [...options.workdirs];
  const added = /* @__PURE__ */ new Set();
  const addedGuards = new AddedGitGuards(options.toolEnv);
  const runAs = options.runAs;
  const visible = (path) => runAs === void 0 || reachableBy(path, runAs.account);
  const forgetRemoved = () => {
    for (const dir of added) {
      if (existsSync(dir)) continue;
      added.delete(dir);
      addedGuards.remove(dir);
      const index = workdirs.indexOf(dir);
      if (index >= 0) workdirs.splice(index, 1);
    }
  };
  return {
    report: options.report,
    async addWorkdir(dir) {
      if (runAs) await grantWorkdir(dir, runAs.account, "root", options.toolEnv, options.hiddenPaths);
      const path = realpathSync3(dir);
      if (!workdirs.includes(path)) {
        workdirs.push(path);
        added.add(path);
      }
      addedGuards.add(path);
    },
    async removeWorkdir(dir) {
      const path = realpathSync3(dir);
      addedGuards.remove(path);
      added.delete(path);
      const index = workdirs.indexOf(path);
      if (index >= 0) workdirs.splice(index, 1);
    },
    async prepare(request) {
      forgetRemoved();
      const scratch = await mkdtemp(join2(options.scratchRoot, "truss-sbx-"));
      const tmp = runAs ? join2(scratch, "tmp") : scratch;
      const gitconfig = join2(scratch, "gitconfig");
      if (runAs) {
        mkdirSync(tmp, { mode: 448 });
        writeFileSync(gitconfig, "[safe]\n	directory = *\n");
        for (const path of [scratch, tmp, gitconfig]) chownSync(path, runAs.account.uid, runAs.account.gid);
      }
      const hiddenPaths = options.hiddenPaths.filter(visible);
      const guard = addedGuards.with(options.gitGuard);
      const env = { ...request.env };
      const droppedEnv = dropForbiddenEnv(env);
      Object.assign(env, { HOME: SANDBOX_HOME, TMPDIR: SANDBOX_TMP });
      const args = [
        "--die-with-parent",
        "--new-session",
        "--unshare-user",
        "--unshare-pid",
        "--unshare-ipc",
        "--unshare-uts",
        "--unshare-cgroup-try",
        ...options.unshareNet ? ["--unshare-net"] : [],
        "--cap-drop",
        "ALL",
        "--ro-bind",
        "/",
        "/",
        "--dev",
        "/dev",
        "--proc",
        "/proc",
        "--tmpfs",
        "/tmp",
        ...hiddenPaths.flatMap((path) => ["--tmpfs-or-null", path]),
        // The host daemons' sockets: whoever connects gets what the daemon grants (host-sockets.ts).
        ...hostSockets([...workdirs, options.scratchRoot, "/tmp", ...options.hiddenPaths]).filter(visible).flatMap((path) => ["--ro-bind", "/dev/null", path]),
        ...workdirs.flatMap((dir) => ["--bind", dir, dir]),
        // Mount points no process can rename, so the hidden paths below stay where they are named.
        ...(options.pinnedDirs ?? []).flatMap((dir) => ["--bind", dir, dir]),
        // Paths hidden inside a working copy (e.g. its .truss ledger) are covered again after the bind.
        ...hiddenPaths.filter((path) => workdirs.some((dir) => path.startsWith(`${dir}/`))).flatMap((path) => ["--tmpfs-or-null", path]),
        // What git runs is not theirs to change (git-metadata.ts); objects and refs stay writable.
        ...guard.pinned.flatMap((path) => ["--bind", path, path]),
        ...guard.readOnly.flatMap((path) => ["--ro-bind", path, path]),
        // Git writes these by name, following a link: not theirs to swap for one.
        ...guard.pinnedFiles.flatMap((path) => ["--bind", path, path]),
        ...guard.privateDirs.flatMap((path) => ["--tmpfs", path]),
        "--dir",
        SANDBOX_HOME,
        "--dir",
        SANDBOX_TMP,
        "--bind",
        tmp,
        SANDBOX_TMP,
        ...runAs ? ["--bind", gitconfig, `${SANDBOX_HOME}/.gitconfig`] : [],
        "--chdir",
        request.cwd,
        "--",
        request.file,
        ...request.args
      ];
      const bwrapArgs = expandHidden(args);
      return {
        ...runAs ? {
          file: runAs.setpriv,
          args: [
            `--reuid=${runAs.account.uid}`,
            `--regid=${runAs.account.gid}`,
            "--clear-groups",
            "--",
            options.bwrap,
            ...bwrapArgs
          ]
        } : { file: options.bwrap, args: bwrapArgs },
        cwd: request.cwd,
        env,
        droppedEnv,
        async dispose() {
          await removeUntrustedTree(scratch, options.toolEnv);
          sweepPlantedGitFiles(guard, options.toolEnv);
        }
      };
    }
  };
}
function expandHidden(args) {
  const out = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg !== "--tmpfs-or-null") {
      out.push(arg);
      continue;
    }
    const path = args[++i];
    const kind = pathKind(path);
    if (kind === "dir") out.push("--tmpfs", path);
    else if (kind === "file") out.push("--ro-bind", "/dev/null", path);
  }
  return out;
}
function pathKind(path) {
  try {
    return statSync2(path).isDirectory() ? "dir" : "file";
  } catch {
    return null;
  }
}

// src/core/process/isolation-uid.ts
import { existsSync as existsSync3, mkdirSync as mkdirSync5, mkdtempSync as mkdtempSync5, readFileSync as readFileSync3, realpathSync as realpathSync5 } from "node:fs";
import { dirname as dirname6, join as join8, resolve as resolve3 } from "node:path";

// src/core/process/launcher.ts
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { EventEmitter } from "node:events";
import { rmSync } from "node:fs";
import { createServer } from "node:net";
import { join as join3 } from "node:path";
import { PassThrough } from "node:stream";

// src/core/process/idle-shared.ts
var IDLE_MS = 2e3;
function idleShared(options) {
  let current = null;
  let failed = options.enabled === false;
  let users = 0;
  let idle;
  const end = (made) => {
    void made.then((helper) => helper?.close());
  };
  const endWhenIdle = () => {
    clearTimeout(idle);
    const ending = current;
    idle = setTimeout(() => {
      if (users > 0 || current !== ending || ending === null) return;
      current = null;
      end(ending);
    }, IDLE_MS);
    idle.unref();
  };
  const make = () => {
    const made = options.make();
    void made.then((helper) => {
      if (helper === null) failed = true;
    });
    return made;
  };
  return {
    async get() {
      if (failed) return null;
      users++;
      clearTimeout(idle);
      const existing = current;
      if (existing) {
        const helper2 = await existing;
        if (helper2 === null) {
          users--;
          return null;
        }
        if (options.serves(helper2)) return helper2;
        if (current === existing) {
          end(existing);
          current = null;
        }
      }
      current ??= make();
      const helper = await current;
      if (helper === null) users--;
      return helper;
    },
    leave() {
      users--;
      if (users > 0 || current === null) return;
      endWhenIdle();
    },
    warm() {
      if (failed || current !== null) return;
      current = make();
      endWhenIdle();
    }
  };
}

// src/core/process/launcher-script.ts
var LAUNCHER_SCRIPT = String.raw`
use strict;
use warnings;
use POSIX ();
use Socket qw(AF_UNIX SOCK_STREAM pack_sockaddr_un);

my %NR = (
  x86_64  => { setns => 308, unshare => 272, mount => 165, prctl => 157, setgroups => 116, setresuid => 117, setresgid => 119, capset => 126 },
  aarch64 => { setns => 268, unshare => 97,  mount => 40,  prctl => 167, setgroups => 159, setresuid => 147, setresgid => 149, capset => 91 },
);
my $arch = (POSIX::uname())[4];
my $nr = $NR{$arch} or die "truss-launcher: no system call numbers for $arch\n";
die "truss-launcher: must run as root\n" if $< != 0 || $> != 0;
my ($socket_path, $harness_pid) = @ARGV;
die "truss-launcher: no socket path\n" unless defined $socket_path && length $socket_path;

sub sys { my $name = shift; return syscall($nr->{$name}, @_) == 0 }

use constant {
  PR_SET_PDEATHSIG => 1, PR_SET_DUMPABLE => 4, PR_CAPBSET_DROP => 24, PR_SET_NO_NEW_PRIVS => 38,
  PR_CAP_AMBIENT => 47, PR_CAP_AMBIENT_CLEAR_ALL => 4, SIGKILL => 9,
  CLONE_NEWNS => 0x00020000, CLONE_NEWIPC => 0x08000000, CLONE_NEWPID => 0x20000000, CLONE_NEWNET => 0x40000000,
  MS_NOSUID => 2, MS_NODEV => 4, MS_NOEXEC => 8, MS_REC => 16384, MS_PRIVATE => 262144,
};

# Not dumpable: /proc/PID of this process and of every fork of it is root's alone, and no other
# user can trace it. Forks keep this; only the check's exec resets it, for the check.
sys('prctl', PR_SET_DUMPABLE, 0, 0, 0, 0) or die "truss-launcher: PR_SET_DUMPABLE: $!\n";
if ($harness_pid) {
  sys('prctl', PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) or die "truss-launcher: PR_SET_PDEATHSIG: $!\n";
  exit 0 if getppid() != $harness_pid;
}
open(my $caps, '<', '/proc/sys/kernel/cap_last_cap') or die "truss-launcher: cap_last_cap: $!\n";
my $last_cap = <$caps>;
close $caps;
die "truss-launcher: cap_last_cap unreadable\n" unless defined $last_cap && $last_cap =~ /^(\d+)\s*$/;
$last_cap = 0 + $1;

$0 = "truss-launcher $socket_path";
$SIG{CHLD} = 'IGNORE';
$| = 1;
my $launcher = $$;
print "ready\n";

while (defined(my $line = <STDIN>)) {
  $line =~ /^(\d+)\n\z/ or die "truss-launcher: malformed request\n";
  my $length = 0 + $1;
  my $payload = '';
  while (length($payload) < $length) {
    my $got = read(STDIN, $payload, $length - length($payload), length($payload));
    die "truss-launcher: request cut short\n" unless $got;
  }
  my $pid = fork();
  if (!defined $pid) {
    my ($token) = split /\0/, $payload;
    print "fail $token cannot fork: $!\n";
    next;
  }
  middle($payload) if $pid == 0;
}
exit 0;

sub connect_to {
  my ($token, $kind) = @_;
  socket(my $s, AF_UNIX, SOCK_STREAM, 0) or return;
  connect($s, pack_sockaddr_un($socket_path)) or return;
  syswrite($s, "$token $kind\n") or return;
  return $s;
}

sub middle {
  my @f = split /\0/, $_[0], -1;
  my ($token, $uid, $gid, $umask, $mnt, $net, $marker, $netpin, $cwd, $file, $nargs) = splice(@f, 0, 11);
  my @args = splice(@f, 0, $nargs);
  my @env = @f;
  $SIG{CHLD} = 'DEFAULT';
  sys('prctl', PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) or POSIX::_exit(1);
  POSIX::_exit(0) if getppid() != $launcher;
  my $ctl = connect_to($token, 'ctl');
  if (!$ctl) { print "fail $token cannot reach the harness: $!\n"; POSIX::_exit(0); }
  my $fail = sub { syswrite($ctl, "fail $_[0]\n"); POSIX::_exit(0); };
  my $out = connect_to($token, 'out') or $fail->("cannot open the check's stdout: $!");
  my $err = connect_to($token, 'err') or $fail->("cannot open the check's stderr: $!");
  open(STDIN, '<', '/dev/null') or $fail->("/dev/null: $!");
  open(STDOUT, '>', '/dev/null') or $fail->("/dev/null: $!");
  open(STDERR, '>', '/dev/null') or $fail->("/dev/null: $!");
  if ($net ne '') {
    open(my $ns, '<', $net) or $fail->("cannot open the held network namespace: $!");
    sys('setns', fileno($ns), CLONE_NEWNET) or $fail->("cannot enter the held network namespace: $!");
    close $ns;
  }
  open(my $ns, '<', $mnt) or $fail->("cannot open the held mount namespace: $!");
  sys('setns', fileno($ns), CLONE_NEWNS) or $fail->("cannot enter the held mount namespace: $!");
  close $ns;
  sys('unshare', CLONE_NEWPID | CLONE_NEWIPC | CLONE_NEWNS) or $fail->("cannot make the check's namespaces: $!");
  sys('mount', my $none = 'none', my $root = '/', 0, MS_REC | MS_PRIVATE, 0) or $fail->("cannot make the mounts private: $!");
  # The init holds the write end of $done (EOF: it has ended); the middle holds that of $alive
  # (EOF: the middle has ended, so nothing would report the check or end it at its deadline).
  pipe(my $done, my $done_w) or $fail->("pipe: $!");
  pipe(my $alive, my $alive_w) or $fail->("pipe: $!");
  my $init = fork();
  $fail->("cannot fork the init: $!") unless defined $init;
  if ($init == 0) {
    close $done; close $alive_w; close $ctl;
    init($alive, $out, $err, $uid, $gid, $umask, $marker, $netpin, $cwd, $file, \@args, \@env);
  }
  close $done_w; close $alive; close $out; close $err;
  my $ctl_open = 1;
  for (;;) {
    my $rin = '';
    vec($rin, fileno($done), 1) = 1;
    vec($rin, fileno($ctl), 1) = 1 if $ctl_open;
    my $ready = select(my $rout = $rin, undef, undef, undef);
    next if $ready < 0;
    if ($ctl_open && vec($rout, fileno($ctl), 1)) {
      my $got = sysread($ctl, my $byte, 1);
      if (!$got) {
        # The harness is gone, or gave up on the check: nothing may outlive it.
        $ctl_open = 0;
        kill 'KILL', $init;
      } elsif ($byte eq 'T') {
        kill 'TERM', $init;
      } elsif ($byte eq 'K') {
        kill 'KILL', $init;
      }
    }
    last if vec($rout, fileno($done), 1);
  }
  waitpid($init, 0);
  my $status = $?;
  my $report = ($status & 127) ? 'signal ' . ($status & 127) : 'exit ' . ($status >> 8);
  syswrite($ctl, "$report\n") if $ctl_open;
  POSIX::_exit(0);
}

sub init {
  my ($alive, $out, $err, $uid, $gid, $umask, $marker, $netpin, $cwd, $file, $args, $env) = @_;
  $0 = 'truss-sandbox-init';
  my $stop = sub { syswrite($err, "$_[0]\n"); POSIX::_exit(125); };
  sys('prctl', PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) or $stop->("truss: PR_SET_PDEATHSIG: $!");
  my $rin = '';
  vec($rin, fileno($alive), 1) = 1;
  POSIX::_exit(125) if select(my $rout = $rin, undef, undef, 0) != 0;
  close $alive;
  # A session of its own, as the chain's detached spawn gives: no controlling terminal to open as
  # /dev/tty, no signal sent to the harness's process group or session.
  defined(POSIX::setsid()) or $stop->("truss: setsid: $!");
  sys('mount', my $p1 = 'proc', my $p2 = '/proc', my $p3 = 'proc', MS_NOSUID | MS_NODEV | MS_NOEXEC, 0)
    or $stop->("truss: cannot mount /proc in the sandbox: $!");
  -e $marker or $stop->('truss: not in the sandbox mount namespace');
  if ($netpin ne '') {
    my @own = stat('/proc/self/ns/net');
    my @pin = stat($netpin);
    $stop->('truss: not in the sandbox network namespace')
      unless @own && @pin && $own[0] == $pin[0] && $own[1] == $pin[1];
  }
  # Entered by path inside the namespace, never inherited (mount-holder.ts, heldInit).
  chdir($cwd) or $stop->('truss: cannot enter the working directory inside the sandbox');
  # pid 1 gets only signals it handles: a stop passes TERM on to everything in the namespace.
  $SIG{TERM} = sub { kill 'TERM', -1 };
  my $check = fork();
  $stop->("truss: cannot fork the check: $!") unless defined $check;
  check($out, $err, $uid, $gid, $umask, $file, $args, $env) if $check == 0;
  close $out; close $err;
  my $waited;
  do { $waited = waitpid($check, 0) } while ($waited == -1 && $!{EINTR});
  my $status = $?;
  POSIX::_exit(($status & 127) ? 128 + ($status & 127) : $status >> 8);
}

sub check {
  my ($out, $err, $uid, $gid, $umask, $file, $args, $env) = @_;
  $SIG{TERM} = 'DEFAULT';
  my $stop = sub { syswrite($err, "$_[0]\n"); POSIX::_exit(125); };
  open(STDIN, '<', '/dev/null') or $stop->("truss: /dev/null: $!");
  POSIX::dup2(fileno($out), 1) // $stop->("truss: dup2: $!");
  POSIX::dup2(fileno($err), 2) // $stop->("truss: dup2: $!");
  opendir(my $fds, '/proc/self/fd') or $stop->("truss: /proc/self/fd: $!");
  my @open = grep { /^\d+$/ && $_ > 2 } readdir($fds);
  closedir($fds);
  POSIX::close($_) for @open;
  for my $cap (0 .. $last_cap) {
    sys('prctl', PR_CAPBSET_DROP, $cap, 0, 0, 0) or $stop->("truss: cannot drop capability $cap: $!");
  }
  sys('setgroups', 0, 0) or $stop->("truss: setgroups: $!");
  sys('setresgid', 0 + $gid, 0 + $gid, 0 + $gid) or $stop->("truss: setresgid: $!");
  sys('setresuid', 0 + $uid, 0 + $uid, 0 + $uid) or $stop->("truss: setresuid: $!");
  my ($real_gid) = split(' ', $();
  my ($effective_gid) = split(' ', $));
  $stop->('truss: the sandbox user was not taken')
    if $< != $uid || $> != $uid || $real_gid != $gid || $effective_gid != $gid;
  my $header = pack('LL', 0x20080522, 0);
  my $data = pack('L6', 0, 0, 0, 0, 0, 0);
  syscall($nr->{capset}, $header, $data) == 0 or $stop->("truss: capset: $!");
  sys('prctl', PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
  sys('prctl', PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) or $stop->("truss: no_new_privs: $!");
  umask(oct($umask));
  %ENV = map { split(/=/, $_, 2) } @$env;
  { exec { $file } $file, @$args; }
  my $code = $!{ENOENT} ? 127 : 126;
  syswrite($err, "truss: cannot run $file: $!\n");
  POSIX::_exit($code);
}
`;

// src/core/process/launcher.ts
var CONNECT_MS = 1e4;
var HEADER_MAX = 128;
var SOCKET_PATH_MAX = 107;
var LaunchedCheck = class extends EventEmitter {
  constructor(forget) {
    super();
    this.forget = forget;
    this.connectTimer = setTimeout(
      () => this.fail(
        "the sandbox launcher did not start the process within 10 s; run it again (a launcher that cannot start leaves the program chain)"
      ),
      CONNECT_MS
    );
    this.connectTimer.unref();
  }
  forget;
  pid = void 0;
  stdin = null;
  stdout = new PassThrough();
  stderr = new PassThrough();
  ctl = null;
  pendingStop = null;
  over = false;
  status = "";
  connectTimer;
  attached = { out: false, err: false };
  /** The process's end as the launcher reported it, held until both output connections are attached. */
  reported = null;
  streamsTimer;
  attach(kind, socket, rest) {
    if (kind === "ctl") {
      if (this.ctl !== null) return void socket.destroy();
      clearTimeout(this.connectTimer);
      this.ctl = socket;
      socket.on("data", (chunk) => this.onStatus(chunk));
      socket.on("close", () => {
        if (this.reported === null)
          this.fail(
            "the sandbox launcher ended before the process reported its end (it was killed); run it again"
          );
      });
      if (rest.length > 0) this.onStatus(rest);
      if (this.pendingStop !== null) socket.write(this.pendingStop);
      return;
    }
    if (this.attached[kind]) return void socket.destroy();
    this.attached[kind] = true;
    const target = kind === "out" ? this.stdout : this.stderr;
    if (rest.length > 0) target.write(rest);
    socket.pipe(target);
    target.once("close", () => socket.destroy());
    this.settle();
  }
  /** `T` asks the init to pass TERM on to the namespace; `K` kills the init, and the namespace with it. */
  kill(signal = "SIGTERM") {
    if (this.over || this.reported !== null) return false;
    const byte = signal === "SIGKILL" || signal === 9 ? "K" : "T";
    if (this.ctl === null) this.pendingStop = byte;
    else this.ctl.write(byte);
    return true;
  }
  fail(message) {
    if (this.over) return;
    this.end();
    this.emit("error", Object.assign(new Error(message), { code: "ELAUNCHER" }));
  }
  end() {
    this.over = true;
    clearTimeout(this.connectTimer);
    clearTimeout(this.streamsTimer);
    this.forget();
    if (!this.attached.out) this.stdout.end();
    if (!this.attached.err) this.stderr.end();
  }
  settle() {
    const reported = this.reported;
    if (reported === null || this.over || !this.attached.out || !this.attached.err) return;
    this.end();
    this.emit("exit", reported.code, reported.signal);
  }
  onStatus(chunk) {
    this.status += chunk.toString("utf8");
    const newline = this.status.indexOf("\n");
    if (newline < 0 || this.over) return;
    const line = this.status.slice(0, newline);
    const exit = /^exit (\d+)$/.exec(line);
    const signal = /^signal (\d+)$/.exec(line);
    if (exit || signal) {
      if (this.reported !== null) return;
      this.reported = exit ? { code: Number(exit[1]), signal: null } : { code: null, signal: signalName(Number(signal[1])) };
      this.streamsTimer = setTimeout(
        () => this.fail("the sandbox launcher reported the end but not the output; run it again"),
        CONNECT_MS
      );
      this.streamsTimer.unref();
      this.settle();
    } else {
      this.fail(
        line.startsWith("fail ") ? `the sandbox launcher: ${line.slice(5)}` : "the sandbox launcher sent nonsense"
      );
    }
  }
};
function signalName(number) {
  return number === 9 ? "SIGKILL" : number === 15 ? "SIGTERM" : `SIG${number}`;
}
function startLauncher(options) {
  const socketPath = join3(options.socketDir, `launch-${randomBytes(6).toString("hex")}.sock`);
  if (Buffer.byteLength(socketPath) > SOCKET_PATH_MAX) return Promise.resolve(null);
  const pending = /* @__PURE__ */ new Map();
  const server = createServer((socket) => onConnection(socket));
  const onConnection = (socket) => {
    let head = Buffer.alloc(0);
    socket.on("error", () => {
    });
    const onData = (chunk) => {
      head = Buffer.concat([head, chunk]);
      const newline = head.indexOf(10);
      if (newline < 0) {
        if (head.length > HEADER_MAX) socket.destroy();
        return;
      }
      socket.off("data", onData);
      socket.pause();
      const match = /^([0-9a-f]{32}) (ctl|out|err)$/.exec(head.subarray(0, newline).toString("latin1"));
      const check = match ? pending.get(match[1]) : void 0;
      if (!match || !check) return void socket.destroy();
      check.attach(match[2], socket, head.subarray(newline + 1));
      socket.resume();
    };
    socket.on("data", onData);
  };
  return new Promise((resolve5) => {
    let child;
    let ready = false;
    let ended = false;
    const finish = () => {
      if (ended) return;
      ended = true;
      server.close();
      rmSync(socketPath, { force: true });
      for (const check of pending.values()) check.fail("the sandbox launcher ended");
      if (!ready) resolve5(null);
    };
    server.once("error", () => finish());
    server.listen(socketPath, () => {
      server.unref();
      closeInheritedDescriptorsOnce();
      try {
        child = spawn(options.perl, ["-e", LAUNCHER_SCRIPT, socketPath, String(process.pid)], {
          // Nothing from the harness's environment reaches it (PERL5OPT, PERL5LIB would run code as root).
          env: { PATH: options.path, LC_ALL: "C" },
          cwd: "/",
          // Its own session: a terminal's ^C reaches the harness, and the launcher ends with it.
          detached: true,
          stdio: ["pipe", "pipe", "pipe"]
        });
      } catch {
        finish();
        return;
      }
      child.on("error", () => finish());
      child.on("exit", () => finish());
      child.stdin?.on("error", () => finish());
      let out = "";
      child.stdout?.on("data", (chunk) => {
        out += chunk.toString("utf8");
        for (let newline = out.indexOf("\n"); newline >= 0; newline = out.indexOf("\n")) {
          const line = out.slice(0, newline);
          out = out.slice(newline + 1);
          if (line === "ready" && !ready) {
            ready = true;
            child.unref();
            for (const stream of [child.stdin, child.stdout, child.stderr])
              stream?.unref?.();
            resolve5(launcher);
            continue;
          }
          const failed = /^fail ([0-9a-f]{32}) (.*)$/.exec(line);
          if (failed) pending.get(failed[1])?.fail(`the sandbox launcher: ${failed[2]}`);
        }
      });
      child.stderr?.resume();
    });
    const launcher = {
      launch(request) {
        const token = randomBytes(16).toString("hex");
        const check = new LaunchedCheck(() => pending.delete(token));
        if (ended) {
          queueMicrotask(() => check.fail("the sandbox launcher ended"));
          return check;
        }
        pending.set(token, check);
        const fields = [
          token,
          String(request.uid),
          String(request.gid),
          request.umask,
          request.mountNs,
          request.netNs ?? "",
          request.marker,
          request.netPin ?? "",
          request.cwd,
          request.file,
          String(request.args.length),
          ...request.args,
          ...Object.entries(request.env).map(([name, value]) => `${name}=${value}`)
        ];
        if (fields.some((field) => field.includes("\0"))) {
          queueMicrotask(() => check.fail("an argument or environment value holds a NUL byte"));
          return check;
        }
        const payload = Buffer.from(fields.join("\0"), "utf8");
        child.stdin?.write(`${payload.length}
`);
        child.stdin?.write(payload);
        return check;
      },
      alive: () => !ended,
      close() {
        child.stdin?.end();
        finish();
      }
    };
  });
}
function sharedLauncher(options) {
  const perl = options.perl;
  return idleShared({
    enabled: perl !== null,
    make: () => startLauncher({ perl, socketDir: options.socketDir, path: options.path }),
    serves: (launcher) => launcher.alive()
  });
}

// src/core/process/lifeline.ts
import { execFileSync } from "node:child_process";
import {
  chmodSync,
  closeSync,
  constants,
  existsSync as existsSync2,
  fstatSync,
  lstatSync as lstatSync4,
  mkdirSync as mkdirSync2,
  mkdtempSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmdirSync,
  rmSync as rmSync2
} from "node:fs";
import { basename as basename2, join as join4 } from "node:path";
var HARNESS_PREFIX = "truss-harness-";
var SETUP_PREFIX = ".truss-harness-setup-";
var SWEEP_AFTER_MS = 6e4;
var harnesses = /* @__PURE__ */ new Map();
function harnessDirectory(root, mkfifo) {
  const known = harnesses.get(root);
  if (known !== void 0 && existsSync2(known.fifo)) return known;
  const setup = mkdtempSync(join4(root, SETUP_PREFIX));
  chmodSync(setup, 457);
  mkdirSync2(join4(setup, "lifeline"), { mode: 448 });
  execFileSync(mkfifo, ["-m", "0600", "--", join4(setup, "lifeline", "fifo")], { stdio: "ignore" });
  openSync(join4(setup, "lifeline", "fifo"), "r+");
  const dir = join4(root, `${HARNESS_PREFIX}${basename2(setup).slice(SETUP_PREFIX.length)}`);
  renameSync(setup, dir);
  const lifeline = join4(dir, "lifeline");
  const fifo = join4(lifeline, "fifo");
  const made = { dir, fifo };
  harnesses.set(root, made);
  process.once("exit", () => {
    rmSync2(lifeline, { recursive: true, force: true });
    try {
      rmdirSync(dir);
    } catch {
    }
  });
  return made;
}
function deadHarnessDirectories(root, now = Date.now()) {
  let names;
  try {
    names = readdirSync(root).filter((name) => name.startsWith(HARNESS_PREFIX));
  } catch {
    return [];
  }
  const uid = process.getuid?.();
  return names.map((name) => join4(root, name)).filter((dir) => {
    try {
      const info = lstatSync4(dir);
      if (!info.isDirectory() || info.uid !== uid) return false;
      const lifeline = lifelineState(join4(dir, "lifeline", "fifo"));
      if (lifeline === "missing") return now - info.mtimeMs >= SWEEP_AFTER_MS;
      return lifeline === "dropped";
    } catch {
      return false;
    }
  });
}
function lifelineState(fifo) {
  let fd;
  try {
    fd = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (error) {
    return error.code === "ENOENT" ? "missing" : "held";
  }
  try {
    if (!fstatSync(fd).isFIFO()) return "held";
    return readSync(fd, Buffer.alloc(1)) === 0 ? "dropped" : "held";
  } catch {
    return "held";
  } finally {
    closeSync(fd);
  }
}
async function sweepDeadHarnesses(root, remove) {
  for (const dir of deadHarnessDirectories(root)) {
    try {
      rmdirSync(dir);
    } catch {
      await remove(dir).catch(() => {
      });
    }
  }
}
function lifelineWatcher(fifo) {
  const path = shellQuote(fifo);
  return `( exec 3<>${path} 4<${path} 3>&-; read _ <&4; while :; do kill -KILL -1; done ) </dev/null >/dev/null 2>&1 &`;
}

// src/core/process/mount-holder.ts
import { spawn as spawn2 } from "node:child_process";
import { randomBytes as randomBytes2 } from "node:crypto";
import { lstatSync as lstatSync5, mkdtempSync as mkdtempSync2, rmSync as rmSync3 } from "node:fs";
import { join as join5 } from "node:path";
var NET_PIN = "net";
function identities(paths) {
  return paths.map((path) => {
    try {
      const info = lstatSync5(path);
      return `${info.dev}:${info.ino}`;
    } catch {
      return null;
    }
  });
}
function startMountHolder(options) {
  const marker = `truss-holder-${randomBytes2(12).toString("hex")}`;
  const netns = options.netns === true;
  const before = identities(options.watched);
  const script = [
    "STAGE=$1; shift",
    options.setup(),
    netns ? "ip link set lo up 2>/dev/null || true" : "",
    `mount -t tmpfs -o size=4k,mode=0700 ${marker} "$STAGE" || exit 125`,
    `: > "$STAGE/${marker}" || exit 125`,
    // The held network namespace, pinned beside the marker: each process's init compares its own
    // with it (heldInit), whatever order nsenter entered the namespaces in.
    netns ? `{ : > "$STAGE/${NET_PIN}" && mount --bind /proc/self/ns/net "$STAGE/${NET_PIN}"; } || exit 125` : "",
    // Its pid, for /proc/PID/ns/*: under sudo the child the harness started is sudo, not this shell.
    'echo "ready $$"',
    "read _ || true",
    // The harness has ended (its end closed stdin): the stage would be left behind in the scratch
    // root (an idle end removes it from the harness instead, where nothing is mounted in it). Here,
    // inside the namespace, only the table files are deleted and only empty directories removed,
    // never a tree: nothing can be deleted through a mount that is still there.
    'umount -R "$STAGE"',
    'rm -f -- "$STAGE"/mounts-*',
    'rmdir -- "$STAGE"/stage/* "$STAGE"/stage "$STAGE" 2>/dev/null'
  ].filter((line) => line.length > 0).join("\n");
  return new Promise((resolve5, reject) => {
    let child;
    try {
      const unshare = [
        "unshare",
        "--mount",
        "--propagation",
        "private",
        ...netns ? ["--net"] : [],
        "--",
        "/bin/sh",
        "-c",
        script,
        "truss-sandbox-mounts",
        options.stage
      ];
      const [file, ...args] = options.privilege === "sudo" ? ["sudo", "-n", "--", "env", `PATH=${options.env.PATH ?? ""}`, ...unshare] : unshare;
      child = spawn2(file, args, { env: options.env, stdio: ["pipe", "pipe", "pipe"] });
    } catch (error) {
      reject(
        new IsolationSetupError(`could not start the sandbox's mount namespace: ${error.message}`)
      );
      return;
    }
    let exited = false;
    let stderr = "";
    let stdout = "";
    child.stderr?.on("data", (chunk) => {
      stderr += chunk.toString("utf8");
    });
    child.on("error", (error) => {
      exited = true;
      reject(new IsolationSetupError(`could not start the sandbox's mount namespace: ${error.message}`));
    });
    child.on("exit", (code) => {
      exited = true;
      reject(
        new IsolationSetupError(
          `the sandbox's mount namespace could not be set up (exit ${code}): ${stderr.trim().split("\n")[0] ?? ""}`
        )
      );
    });
    child.stdout?.on("data", (chunk) => {
      stdout += chunk.toString("utf8");
      const ready = /^ready (\d+)\n/.exec(stdout);
      if (!ready) return;
      const pid = ready[1];
      child.unref();
      for (const stream of [child.stdin, child.stdout, child.stderr])
        stream?.unref?.();
      resolve5({
        nsPath: `/proc/${pid}/ns/mnt`,
        netPath: netns ? `/proc/${pid}/ns/net` : null,
        netPin: netns ? join5(options.stage, NET_PIN) : null,
        marker: join5(options.stage, marker),
        current: () => !exited && identities(options.watched).every((identity, i) => identity === before[i]),
        close() {
          if (exited) return;
          exited = true;
          child.stdin?.end();
          child.kill("SIGKILL");
        }
      });
    });
  });
}
function heldInit(marker, options = {}) {
  const { netPin = null, prelude = [], umask = "002" } = options;
  return [
    `[ -e ${shellQuote(marker)} ] || { echo "truss: not in the sandbox mount namespace" >&2; exit 125; }`,
    netPin === null ? "" : `[ /proc/self/ns/net -ef ${shellQuote(netPin)} ] || { echo "truss: not in the sandbox network namespace" >&2; exit 125; }`,
    ...prelude,
    ENTER_WORKDIR,
    `umask ${umask}`,
    '"$@"'
  ].filter((line) => line.length > 0).join("\n");
}
var ENTER_WORKDIR = [
  'cd -- "$1" || { echo "truss: cannot enter the working directory inside the sandbox" >&2; exit 125; }',
  "shift"
].join("\n");
function sharedMounts(options, setup, generation = () => 0) {
  const watched = [...options.hiddenPaths, ...options.coverPaths.flatMap(({ dir, keep }) => [dir, ...keep])];
  const make = () => {
    const stage = mkdtempSync2(join5(options.scratchRoot, "truss-sbx-ns-"));
    const madeAt = generation();
    return startMountHolder({
      setup: () => setup(stage),
      stage,
      watched,
      env: options.toolEnv,
      netns: options.netns,
      privilege: options.privilege
    }).then((holder) => ({
      ...holder,
      current: () => holder.current() && generation() === madeAt,
      close() {
        holder.close();
        removeStage(stage);
      }
    })).catch(() => {
      removeStage(stage);
      return null;
    });
  };
  const shared = idleShared({ enabled: options.hold !== false, make, serves: (holder) => holder.current() });
  return { enter: () => shared.get(), leave: () => shared.leave(), warm: () => shared.warm() };
}
function removeStage(stage) {
  try {
    rmSync3(stage, { recursive: true, force: true });
  } catch {
  }
}

// src/core/process/private-dirs.ts
import { chmodSync as chmodSync2, lstatSync as lstatSync6, mkdirSync as mkdirSync3, mkdtempSync as mkdtempSync3, realpathSync as realpathSync4, statSync as statSync3 } from "node:fs";
import { dirname as dirname5, join as join6, relative, resolve as resolve2 } from "node:path";
import { fileURLToPath } from "node:url";
var SHARED_DIR_CANDIDATES = Object.freeze([
  "/tmp",
  "/var/tmp",
  "/dev/shm",
  "/run/lock"
]);
function installRoot(from = fileURLToPath(import.meta.url)) {
  for (let dir = dirname5(from); ; dir = dirname5(dir)) {
    try {
      if (statSync3(join6(dir, "package.json")).isFile()) return realpathSync4(dir);
    } catch {
    }
    if (dirname5(dir) === dir) return null;
  }
}
function realOrResolved(path) {
  try {
    return realpathSync4(path);
  } catch {
    return resolve2(path);
  }
}
function sharedWritableDirs(candidates, workdirs) {
  const found = [];
  for (const candidate of candidates) {
    let path;
    try {
      path = realpathSync4(candidate);
      const info = statSync3(path);
      if (!info.isDirectory() || (info.mode & 2) === 0) continue;
    } catch {
      continue;
    }
    if (found.includes(path) || workdirs.some((dir) => within(path, dir))) continue;
    found.push(path);
  }
  return found.filter((dir) => !found.some((other) => other !== dir && within(dir, other)));
}
function harnessRoot(scratchRoot, harnessUid) {
  const root = harnessUid === void 0 ? null : ownDirectory(join6(scratchRoot, `truss-sandbox-${harnessUid}`), harnessUid);
  const key = `${scratchRoot}\0${harnessUid ?? ""}`;
  let base = root ?? fallbackRoots.get(key);
  if (base === void 0 || root === null && !isDirectory2(base)) {
    base = mkdtempSync3(join6(scratchRoot, "truss-sandbox-"));
    fallbackRoots.set(key, base);
  }
  chmodSync2(base, 457);
  const keepRoot = join6(base, "keep");
  mkdirSync3(keepRoot, { recursive: true });
  chmodSync2(keepRoot, 457);
  return { base, keepRoot };
}
var fallbackRoots = /* @__PURE__ */ new Map();
function preparePrivateDirs(scratchRoot, dirs, harnessUid) {
  const { base, keepRoot } = harnessRoot(scratchRoot, harnessUid);
  const ordered = [...dirs.filter((dir) => !within(base, dir)), ...dirs.filter((dir) => within(base, dir))];
  const privateDirs = ordered.map((dir, i) => {
    const stage = join6(base, `stage-${i}`);
    mkdirSync3(stage, { recursive: true, mode: 448 });
    return { dir, stage };
  });
  return { keepRoot, privateDirs };
}
function ownDirectory(path, uid) {
  try {
    mkdirSync3(path, { mode: 457 });
  } catch (error) {
    if (error.code !== "EEXIST") return null;
  }
  try {
    const info = lstatSync6(path);
    return info.isDirectory() && !info.isSymbolicLink() && info.uid === uid ? path : null;
  } catch {
    return null;
  }
}
function privateDirEntries(dirs, keeps, name) {
  const entries = [];
  const covers = [];
  for (const { dir, stage } of dirs.filter((shared) => !keeps.includes(shared.dir))) {
    const inside = keeps.filter((keep) => within(keep, dir));
    covers.push({ dir, keeps: inside });
    const outermost = [
      ...new Set(inside.filter((keep) => !inside.some((other) => other !== keep && within(keep, other))))
    ].filter(isDirectory2);
    if (outermost.length === 0) {
      entries.push(tmpfsEntry(name, dir, "mode=1777"));
      continue;
    }
    entries.push(
      tmpfsEntry(name, stage, "mode=1777"),
      ...outermost.map(
        (keep) => bindEntry(keep, join6(stage, relative(dir, keep)), { recursive: true, mkdir: true })
      ),
      bindEntry(stage, dir, { recursive: true })
    );
  }
  return { entries, covers };
}
function isDirectory2(path) {
  try {
    return statSync3(path).isDirectory();
  } catch {
    return false;
  }
}

// src/core/process/process-scratch.ts
import { chmodSync as chmodSync3, lchownSync, mkdirSync as mkdirSync4, mkdtempSync as mkdtempSync4, writeFileSync as writeFileSync2 } from "node:fs";
import { readdir, rmdir, unlink } from "node:fs/promises";
import { join as join7 } from "node:path";
function makeScratch(root, privilege, account) {
  const gate = mkdtempSync4(join7(root, "truss-sbx-"));
  chmodSync3(gate, 457);
  const scratch = join7(gate, "s");
  mkdirSync4(scratch);
  const home = join7(scratch, "home");
  const tmp = join7(scratch, "tmp");
  mkdirSync4(home);
  mkdirSync4(tmp);
  writeFileSync2(join7(home, ".gitconfig"), "[safe]\n	directory = *\n");
  chmodSync3(scratch, 457);
  const owned = [join7(home, ".gitconfig"), home, tmp];
  if (privilege === "root") for (const path of owned) lchownSync(path, account.uid, account.gid);
  return { gate, home, tmp, owned };
}
function disposeScratch(scratch, privilege, env) {
  chmodSync3(scratch.gate, 448);
  return (async () => {
    if (privilege === "root" && await removeUnusedScratch(scratch)) return "in-process";
    await removeScratch(privilege, scratch.gate, env);
    return "rm";
  })();
}
async function removeUnusedScratch({ gate, home, tmp }) {
  try {
    if ((await readdir(tmp)).length > 0) return false;
    const inHome = await readdir(home);
    if (inHome.length > 1 || inHome.length === 1 && inHome[0] !== ".gitconfig") return false;
    if (inHome.length === 1) await unlink(join7(home, ".gitconfig"));
    await rmdir(home);
    await rmdir(tmp);
    await rmdir(join7(gate, "s"));
    await rmdir(gate);
    return true;
  } catch {
    return false;
  }
}
async function removeScratch(privilege, scratch, env) {
  if (privilege === "root") await removeUntrustedTree(scratch, env);
  else await asRoot(privilege, "rm", removeTreeArgs(scratch), env);
}

// src/core/process/read-only-root.ts
import { readFileSync as readFileSync2, statSync as statSync4 } from "node:fs";
var KERNEL_TREES = ["/proc", "/sys"];
function unescapeField(field) {
  return field.replace(/\\([0-7]{3})/g, (_, octal) => String.fromCharCode(Number.parseInt(octal, 8)));
}
function hostMounts(mountinfo = "/proc/self/mountinfo") {
  let text;
  try {
    text = readFileSync2(mountinfo, "utf8");
  } catch {
    return [{ path: "/", readOnly: false }];
  }
  const seen = /* @__PURE__ */ new Map();
  for (const line of text.split("\n")) {
    const fields = line.split(" ");
    if (fields.length < 6) continue;
    const path = unescapeField(fields[4]);
    seen.set(path, { path, readOnly: fields[5].split(",").includes("ro") });
  }
  return [...seen.values()];
}
function readOnlyRoot(options) {
  const keeps = options.keeps.filter(isDirectory3);
  const binds = [...new Set(keeps)].filter((keep) => !options.mounted(keep)).map((keep) => bindEntry(keep, keep, { recursive: true }));
  const remounts = options.mounts.map(({ path, readOnly }) => ({ path, readOnly })).filter(({ path, readOnly }) => !readOnly && !KERNEL_TREES.some((tree) => within(path, tree))).filter(({ path }) => !keeps.some((keep) => within(path, keep))).filter(({ path }) => reachable(path, options.covers) && !options.hidden.some((dir) => within(path, dir))).map(({ path }) => path);
  return { binds, remounts };
}
function remountLines(mount, paths) {
  return paths.map(
    (path) => `${shellQuote(mount)} -o remount,bind,ro -- ${shellQuote(path)} || { echo "truss: the sandbox's mounts could not be made read-only" >&2; exit 125; }`
  );
}
function isDirectory3(path) {
  try {
    return statSync4(path).isDirectory();
  } catch {
    return false;
  }
}

// src/core/process/isolation-uid.ts
var SANDBOX_USER = "truss-sandbox";
var SANDBOX_OFFLINE_USER = "truss-sandbox-offline";
function localAccount(name, passwdFile = "/etc/passwd") {
  let text;
  try {
    text = readFileSync3(passwdFile, "utf8");
  } catch {
    return null;
  }
  for (const line of text.split("\n")) {
    const fields = line.split(":");
    if (fields[0] !== name || fields.length < 4) continue;
    const uid = Number(fields[2]);
    const gid = Number(fields[3]);
    if (!Number.isInteger(uid) || !Number.isInteger(gid) || fields[2] === "" || fields[3] === "") return null;
    return { name, uid, gid };
  }
  return null;
}
async function ensureSandboxAccount(name, privilege, env) {
  const read2 = async () => {
    const local = localAccount(name);
    if (local) return local;
    const uid = await runCommand("id", ["-u", name], env);
    const gid = await runCommand("id", ["-g", name], env);
    if (!uid.ok || !gid.ok) return null;
    return { name, uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  const existing = await read2();
  if (existing) return existing;
  const created = await asRoot(
    privilege,
    "useradd",
    [
      "--system",
      "--user-group",
      "--no-create-home",
      "--home-dir",
      "/nonexistent",
      "--shell",
      "/usr/sbin/nologin",
      name
    ],
    env
  );
  const after = await read2();
  if (after) return after;
  throw new IsolationSetupError(
    `could not create the sandbox user ${name}: ${created.stderr.trim() || `useradd exited ${created.code}`}. Create it yourself (useradd --system --user-group truss-sandbox) or choose isolation = "bwrap".`
  );
}
function uidIsolation(options) {
  const { account } = options;
  let tools;
  try {
    tools = sandboxTools(options.toolEnv.PATH ?? "");
  } catch (error) {
    throw new IsolationSetupError(`uid isolation: ${error.message}`);
  }
  const sudo = options.privilege === "sudo" ? findProgram("sudo", options.toolEnv.PATH ?? "") : null;
  if (options.privilege === "sudo" && sudo === null)
    throw new IsolationSetupError("uid isolation: sudo is not installed in a trusted directory of PATH");
  const harness = harnessDirectory(options.scratchRoot, tools.mkfifo);
  const scratchRoot = harness.dir;
  const watchHarness = lifelineWatcher(harness.fifo);
  const privateDirs = options.privateDirs ?? [];
  const sandboxUmask = options.privilege === "root" ? "002" : "000";
  const addedKeeps = /* @__PURE__ */ new Set();
  const writableKeeps = (extra) => [
    scratchRoot,
    ...options.keeps ?? [],
    ...addedKeeps,
    ...extra
  ];
  const keepsWith = (extra) => [...writableKeeps(extra), ...options.readOnlyKeeps ?? []];
  const unreachable = (path) => privateDirs.some(({ dir }) => within(path, dir)) && !keepsWith([]).some((keep) => within(path, keep));
  const mountSetup = (dir, extraKeeps) => {
    forgetRemoved();
    const names = tmpfsNames();
    const keeps = keepsWith(extraKeeps);
    const privated = privateDirEntries(privateDirs, keeps, names.private);
    const covers = [
      ...privated.covers,
      ...options.coverPaths.map((cover) => ({ dir: cover.dir, keeps: cover.keep }))
    ];
    const covered = coverEntries(options.coverPaths, join8(dir, "stage"), names.hidden);
    if (covered.moves.length > 0) mkdirSync5(join8(dir, "stage"));
    const readOnly = readOnlyRoot({
      mounts: hostMounts(),
      keeps: writableKeeps(extraKeeps),
      mounted: (keep) => !reachable(
        keep,
        covers.map(({ dir: dir2 }) => ({ dir: dir2, keeps: [] }))
      ),
      covers,
      hidden: options.hiddenPaths
    });
    const sockets = hostSockets([
      ...keeps,
      ...privateDirs.map(({ dir: dir2 }) => dir2),
      ...options.coverPaths.map(({ dir: dir2 }) => dir2),
      ...options.hiddenPaths
    ]);
    const plan = {
      first: [...privated.entries, ...covered.entries],
      moves: covered.moves,
      after: remountLines(tools.mount, readOnly.remounts),
      last: [
        ...readOnly.binds,
        // Before the hiding mounts: a bind made after them would show what they cover.
        ...(options.pinnedDirs ?? []).filter((dir2) => reachable(dir2, covers)).map((dir2) => bindEntry(dir2, dir2, { recursive: true })),
        // Host daemons' sockets after the hidden paths (a socket inside one is hidden with it).
        ...hideEntries([...options.hiddenPaths, ...sockets], names.hidden, covers),
        ...guardEntries(options.gitGuard, names.private),
        ...guardEntries(addedGuards.added, names.private)
      ]
    };
    return mountPlanScript(plan, dir, tools);
  };
  const initScript = (setup, rootSteps) => [
    setup,
    ...rootSteps,
    // After the mounts: a working directory entered before them would bypass them (heldInit).
    ENTER_WORKDIR,
    options.netns && tools.ip ? `${shellQuote(tools.ip)} link set lo up 2>/dev/null || true` : "",
    `umask ${sandboxUmask}`,
    '"$@"'
  ].filter((line) => line.length > 0).join("\n");
  const addedGuards = new AddedGitGuards(options.toolEnv);
  let generation = 0;
  const forgetRemoved = () => {
    for (const dir of addedKeeps) {
      if (existsSync3(dir)) continue;
      addedKeeps.delete(dir);
      addedGuards.remove(dir);
    }
  };
  const mounts = sharedMounts(
    { ...options, scratchRoot, hold: options.heldNamespace !== false },
    (stage) => mountSetup(stage, []),
    () => generation
  );
  const launcher = sharedLauncher({
    perl: options.privilege === "root" && options.launcher !== false ? findProgram("perl", options.toolEnv.PATH ?? "") : null,
    socketDir: dirname6(harness.fifo),
    path: options.toolEnv.PATH ?? ""
  });
  return {
    report: options.report,
    tempDir: scratchRoot,
    async addWorkdir(dir) {
      await grantWorkdir(dir, account, options.privilege, options.toolEnv, options.hiddenPaths);
      const path = realpathSync5(dir);
      addedGuards.add(path);
      addedKeeps.add(path);
      generation++;
    },
    async removeWorkdir(dir) {
      const path = realpathSync5(dir);
      addedGuards.remove(path);
      addedKeeps.delete(path);
    },
    warm() {
      mounts.warm();
      launcher.warm();
    },
    async prepare(request) {
      const scratch = makeScratch(scratchRoot, options.privilege, account);
      const { home, tmp, owned } = scratch;
      const rootSteps = options.privilege === "root" ? [watchHarness] : [
        watchHarness,
        `${shellQuote(tools.chown)} -h -- ${account.uid}:${account.gid} ${owned.map(shellQuote).join(" ")} || exit 125`
      ];
      const env = { ...request.env };
      const droppedEnv = dropForbiddenEnv(env);
      Object.assign(env, { HOME: home, TMPDIR: tmp, USER: account.name, LOGNAME: account.name });
      const inner = [
        tools.setpriv,
        `--reuid=${account.uid}`,
        `--regid=${account.gid}`,
        "--clear-groups",
        "--inh-caps=-all",
        "--bounding-set=-all",
        "--no-new-privs",
        "--",
        request.file,
        ...request.args
      ];
      forgetRemoved();
      const cwd = realOrResolved(request.cwd);
      const ownCwd = unreachable(cwd);
      const held = ownCwd ? null : await mounts.enter();
      const launching = held ? await launcher.get() : null;
      const own = held ? null : mkdtempSync5(join8(scratchRoot, "truss-sbx-m-"));
      const setup = own === null ? "" : mountSetup(own, ownCwd ? [cwd] : []);
      const unshare = held ? [
        tools.nsenter,
        // The init checks both: the marker (mounts) and the pinned network namespace.
        ...held.netPath ? [`--net=${held.netPath}`] : [],
        `--mount=${held.nsPath}`,
        "--",
        tools.unshare,
        ...PID_NAMESPACE_FLAGS,
        "--",
        "/bin/sh",
        "-c",
        heldInit(held.marker, { netPin: held.netPin, prelude: rootSteps, umask: sandboxUmask }),
        "truss-sandbox-init",
        resolve3(request.cwd),
        ...inner
      ] : [
        tools.unshare,
        ...PID_NAMESPACE_FLAGS,
        ...options.netns ? ["--net"] : [],
        "--",
        "/bin/sh",
        "-c",
        initScript(setup, rootSteps),
        "truss-sandbox-init",
        resolve3(request.cwd),
        ...inner
      ];
      const [file, args] = options.privilege === "root" ? [tools.setpriv, ["--pdeathsig", "KILL", "--", ...unshare]] : [
        sudo,
        [
          "-n",
          `--preserve-env=${Object.keys(env).join(",")}`,
          "--",
          tools.env,
          // sudo's secure_path replaces PATH; TMPDIR is one of the variables the C library
          // drops from a setuid program's environment, so it never reaches the command through
          // --preserve-env. Both are paths the harness chose, not secrets, so they may be seen
          // in the argument list.
          `PATH=${env.PATH ?? ""}`,
          `TMPDIR=${tmp}`,
          ...unshare
        ]
      ];
      const launch = held && launching ? () => launching.launch({
        uid: account.uid,
        gid: account.gid,
        umask: sandboxUmask,
        mountNs: held.nsPath,
        netNs: held.netPath,
        marker: held.marker,
        netPin: held.netPin,
        cwd: resolve3(request.cwd),
        file: request.file,
        args: request.args,
        env
      }) : void 0;
      return {
        file,
        args,
        cwd: request.cwd,
        env,
        droppedEnv,
        launch,
        async dispose(pid) {
          if (held) mounts.leave();
          if (launching) launcher.leave();
          if (options.privilege === "sudo" && pid !== void 0 && groupAlive(pid)) {
            await runCommand(sudo, ["-n", "kill", "-KILL", "--", `-${pid}`], options.toolEnv, 5e3);
          }
          void disposeScratch(scratch, options.privilege, options.toolEnv);
          if (own !== null) removeStage(own);
          sweepPlantedGitFiles(addedGuards.with(options.gitGuard), options.toolEnv);
        }
      };
    }
  };
}
function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return error.code !== "ESRCH";
  }
}

// src/core/process/run-temp.ts
async function runTempDirectory(options) {
  const mkfifo = findProgram("mkfifo", options.toolEnv.PATH ?? "");
  if (mkfifo === null) return { unavailable: "mkfifo is not installed in a trusted directory of PATH" };
  try {
    const { keepRoot } = harnessRoot(options.scratchRoot, options.harnessUid);
    await sweepDeadHarnesses(keepRoot, (dir) => removeUntrustedTree(dir, options.toolEnv));
    return harnessDirectory(keepRoot, mkfifo).dir;
  } catch (error) {
    return { unavailable: error.message };
  }
}

// src/core/process/isolation-create.ts
async function createIsolation(options) {
  const workdirs = options.workdirs.map(realOrResolved);
  const toolEnv = {
    PATH: trustedSearchPath(options.path, {
      untrusted: workdirs,
      uid: options.harnessUid ?? process.getuid?.()
    }),
    LC_ALL: "C"
  };
  const scratchRoot = realOrResolved(options.scratchRoot);
  const notes = [];
  notes.push(...selfInWorkingCopy(workdirs));
  const hidden = [];
  const aroundWorkdir = [];
  const hostHome = options.hostHome ? realOrResolved(options.hostHome) : null;
  const candidates = [...options.hiddenPaths, ...hostHome ? [hostHome] : []];
  for (const path of candidates.map(realOrResolved)) {
    if (hidden.includes(path) || aroundWorkdir.includes(path)) continue;
    if (within(scratchRoot, path)) notes.push(`${path} holds the scratch directory, so it is not hidden`);
    else if (workdirs.some((dir) => within(dir, path))) aroundWorkdir.push(path);
    else hidden.push(path);
  }
  const coverPaths = aroundWorkdir.map((dir) => ({ dir, keep: workdirs.filter((w) => within(w, dir)) }));
  const report = (level, networkEnforced, egress) => ({
    level,
    requested: options.mode,
    network: options.network,
    network_enforced: networkEnforced,
    egress,
    notes
  });
  const harnessUid = options.harnessUid ?? (options.isRoot ? 0 : void 0);
  const runTemp = async () => {
    const made = await runTempDirectory({ scratchRoot, harnessUid, toolEnv });
    if (typeof made === "string") return made;
    notes.push(
      `temporary directories are made in ${scratchRoot} itself (${made.unavailable}): a run killed mid-way leaves them there`
    );
    return void 0;
  };
  if (options.mode === "none") {
    notes.push('isolation = "none" was set explicitly: untrusted commands run as the harness user');
    return { ...noIsolation(report("none", false, null)), withheld: hidden, tempDir: await runTemp() };
  }
  const gitGuard = gitMetadataGuard(workdirs, toolEnv);
  const pinnedDirs = hiddenPathPins(hidden, workdirs);
  const tried = [];
  const order = options.mode === "auto" ? ["uid", "bwrap"] : [options.mode];
  for (const level of order) {
    if (level === "uid") {
      const name = options.network === "none" ? SANDBOX_OFFLINE_USER : SANDBOX_USER;
      const probe = probeUid(options.isRoot, toolEnv);
      const earlyNetns = options.isRoot && options.network === "none" ? probeNetns("root", toolEnv) : null;
      const privilege = await probe;
      if (typeof privilege !== "string") {
        await earlyNetns;
        tried.push(`uid: ${privilege.unavailable}`);
        continue;
      }
      const account = localAccount(name) ?? await ensureSandboxAccount(name, privilege, toolEnv);
      let egress = null;
      if (options.network === "none") {
        const netns = await (earlyNetns ?? probeNetns(privilege, toolEnv));
        if (netns === null) {
          egress = "netns";
          if (findProgram("ip", toolEnv.PATH ?? "") === null)
            notes.push(
              "ip (iproute2) is not installed: the sandbox's network namespace keeps its loopback down, so a check's own servers on 127.0.0.1 are unreachable too"
            );
        } else {
          const failed = await ensureEgressBlock(account, privilege, toolEnv);
          if (failed !== null) {
            tried.push(
              `uid: network = "none" cannot be enforced: no network namespace (${netns}) and no iptables owner rule (${failed})`
            );
            continue;
          }
          egress = "iptables-owner";
          notes.push(
            `no network namespace could be made (${netns}); egress blocked by an iptables owner rule instead, loopback included: a check's own servers on 127.0.0.1 are refused too`
          );
        }
      }
      for (const dir of workdirs) await grantWorkdir(dir, account, privilege, toolEnv, hidden);
      const shared = sharedWritableDirs(options.sharedDirs ?? SHARED_DIR_CANDIDATES, workdirs);
      const { keepRoot, privateDirs } = preparePrivateDirs(scratchRoot, shared, harnessUid);
      await sweepDeadHarnesses(keepRoot, (dir) => removeScratch(privilege, dir, toolEnv));
      const uid = uidIsolation({
        report: report("uid", egress !== null, egress),
        privilege,
        account,
        hiddenPaths: hidden,
        coverPaths,
        gitGuard,
        pinnedDirs,
        scratchRoot: keepRoot,
        privateDirs,
        keeps: workdirs,
        readOnlyKeeps: [installRoot()].filter((root) => root !== null),
        netns: egress === "netns",
        toolEnv
      });
      return { ...uid, withheld: hidden };
    }
    const bwrap = await probeBwrap(toolEnv);
    if (typeof bwrap !== "string") {
      tried.push(`bwrap: ${bwrap.unavailable}`);
      continue;
    }
    const unshareNet = options.network === "none";
    let runAs;
    if (options.isRoot) {
      const dropped = await probeBwrapAsSandbox(bwrap, scratchRoot, toolEnv);
      if ("unavailable" in dropped)
        notes.push(
          `bwrap runs the checks with the harness's own uid, here root, because ${dropped.unavailable}: they can read root-only files that are not hidden (/etc/shadow, SSH host keys); isolation = "uid" runs them as a separate user`
        );
      else {
        for (const dir of workdirs) await grantWorkdir(dir, dropped.account, "root", toolEnv, hidden);
        runAs = dropped;
      }
    }
    const tempDir = await runTemp();
    const sandbox = bwrapIsolation({
      report: report("bwrap", unshareNet, unshareNet ? "netns" : null),
      bwrap,
      hiddenPaths: [...aroundWorkdir, ...hidden],
      gitGuard,
      pinnedDirs,
      workdirs,
      unshareNet,
      scratchRoot: tempDir ?? scratchRoot,
      toolEnv,
      runAs
    });
    return { ...sandbox, withheld: hidden, tempDir };
  }
  if (options.mode !== "auto") {
    throw new IsolationUnavailableError(
      `isolation "${options.mode}" is not available here (${tried.join("; ")}). Use isolation = "auto" to take the strongest available mechanism, install bubblewrap (apt-get install bubblewrap), or set isolation = "none" explicitly to run without isolation.`
    );
  }
  notes.push(`no isolation mechanism is available (${tried.join("; ")})`);
  return { ...noIsolation(report("none", false, null)), withheld: hidden, tempDir: await runTemp() };
}
var probes = /* @__PURE__ */ new Map();
function cached(key, probe) {
  let result = probes.get(key);
  if (result === void 0) {
    result = probe();
    probes.set(key, result);
  }
  return result;
}
function probeUid(isRoot, env) {
  return cached(`uid:${isRoot}:${env.PATH}`, async () => {
    let privilege = "root";
    if (!isRoot) {
      const sudo = await runCommand("sudo", ["-n", "true"], env, 1e4);
      if (!sudo.ok) return { unavailable: "not root and passwordless sudo (sudo -n) is not available" };
      privilege = "sudo";
    }
    const smoke = await asRoot(
      privilege,
      "unshare",
      [
        ...PID_NAMESPACE_FLAGS,
        "--",
        "setpriv",
        "--reuid=65534",
        "--regid=65534",
        "--clear-groups",
        "--",
        "true"
      ],
      env,
      1e4
    );
    if (!smoke.ok) {
      return {
        unavailable: `unshare/setpriv could not start a sandboxed process (${smoke.stderr.trim().split("\n")[0]})`
      };
    }
    return privilege;
  });
}
function probeNetns(privilege, env) {
  return cached(`netns:${privilege}:${env.PATH}`, async () => {
    const smoke = await asRoot(privilege, "unshare", ["--net", "--", "true"], env, 1e4);
    return smoke.ok ? "netns" : { unavailable: smoke.stderr.trim().split("\n")[0] || `unshare exited ${smoke.code}` };
  }).then((probe) => typeof probe === "string" ? null : probe.unavailable);
}
var BWRAP_SMOKE = [
  "--die-with-parent",
  "--new-session",
  "--unshare-user",
  "--unshare-pid",
  "--unshare-net",
  "--ro-bind",
  "/",
  "/",
  "--proc",
  "/proc",
  "--dev",
  "/dev",
  "--",
  "true"
];
function probeBwrap(env) {
  return cached(`bwrap:${env.PATH}`, async () => {
    const bwrap = findProgram("bwrap", env.PATH ?? "");
    if (bwrap === null) return { unavailable: "bubblewrap is not installed (apt-get install bubblewrap)" };
    const smoke = await runCommand(bwrap, BWRAP_SMOKE, env, 1e4);
    if (!smoke.ok) {
      return {
        unavailable: `bwrap cannot create namespaces here (${smoke.stderr.trim().split("\n")[0]}); unprivileged user namespaces may be disabled (e.g. sysctl kernel.apparmor_restrict_unprivileged_userns=1)`
      };
    }
    return bwrap;
  });
}
function probeBwrapAsSandbox(bwrap, scratchRoot, env) {
  return cached(`bwrap-as-sandbox:${bwrap}:${scratchRoot}:${env.PATH}`, async () => {
    const setpriv = findProgram("setpriv", env.PATH ?? "");
    if (setpriv === null) return { unavailable: "setpriv (util-linux) is not installed" };
    let account;
    try {
      account = localAccount(SANDBOX_USER) ?? await ensureSandboxAccount(SANDBOX_USER, "root", env);
    } catch (error) {
      return { unavailable: error.message };
    }
    if (!reachableBy(`${scratchRoot}/.`, account))
      return {
        unavailable: `the scratch directory ${scratchRoot} is not reachable for ${account.name} (set TMPDIR to a directory others may search, such as /tmp)`
      };
    const smoke = await runCommand(
      setpriv,
      [`--reuid=${account.uid}`, `--regid=${account.gid}`, "--clear-groups", "--", bwrap, ...BWRAP_SMOKE],
      env,
      1e4
    );
    if (!smoke.ok)
      return {
        unavailable: `${account.name} cannot create namespaces with bwrap here (${smoke.stderr.trim().split("\n")[0]}; unprivileged user namespaces may be restricted, e.g. sysctl kernel.apparmor_restrict_unprivileged_userns=1)`
      };
    return { account, setpriv };
  });
}
function selfInWorkingCopy(workdirs) {
  const own = [
    ["Truss itself", installRoot()],
    ["the Node.js running it", realOrResolved(process.execPath)]
  ];
  return own.flatMap(
    ([what, path]) => path !== null && workdirs.some((dir) => within(path, dir)) ? [
      `${what} (${path}) lies inside the working copy the checks may write: a check can change what the next run starts; install it outside the repository (a global install, \`npx -y\` from npm's cache) or use the Action`
    ] : []
  );
}

// src/core/run/run-isolation.ts
function createRunIsolation(request) {
  const home = request.env.HOME || homedir();
  return createIsolation({
    mode: request.mode ?? request.contract.sandbox?.isolation ?? "auto",
    network: request.contract.constraints.network,
    hiddenPaths: harnessSecretPaths({
      keyFiles: [...request.keyFiles ?? []],
      configHome: request.env.XDG_CONFIG_HOME || join9(home, ".config"),
      cacheHome: trussCacheHome(request.env, home),
      dbPath: request.dbPath,
      tempDirs: [...request.tempDirs ?? []]
    }).concat(runnerFileCommands(request.env, [request.workdir, request.scratchRoot])).concat(request.configPaths ?? []),
    workdirs: [request.workdir],
    hostHome: home,
    scratchRoot: request.scratchRoot,
    path: request.env.PATH ?? "/usr/sbin:/usr/bin:/sbin:/bin",
    isRoot: process.getuid?.() === 0,
    harnessUid: process.getuid?.()
  });
}
var RUNNER_FILE_COMMANDS = [
  "GITHUB_ENV",
  "GITHUB_PATH",
  "GITHUB_OUTPUT",
  "GITHUB_STATE",
  "GITHUB_STEP_SUMMARY"
];
function runnerFileCommands(env, keep) {
  const files = RUNNER_FILE_COMMANDS.map((name) => env[name]).filter(
    (path) => typeof path === "string" && path.length > 0
  );
  const dirs = [...files.map((file) => dirname7(resolve4(file))), env.RUNNER_TEMP].filter(
    (dir) => typeof dir === "string" && dir.length > 0
  );
  const holdsKept = (dir) => keep.some((path) => {
    const rel = relative2(resolve4(dir), resolve4(path));
    return rel === "" || !(rel.startsWith("..") || rel.startsWith("/"));
  });
  return [
    ...files.map((file) => resolve4(file)),
    ...dirs.filter((dir) => !holdsKept(dir)).map((dir) => resolve4(dir))
  ];
}

// src/core/run/run-report-fanout.ts
function fanoutFromEntries(entries) {
  const found = entries.find((e) => e.kind === "fanout_reduction");
  const reduction = found && tryReadEntry(found, "fanout_reduction");
  if (!reduction || "error" in reduction) return null;
  const p = reduction.payload;
  const named = new Set(p.children.map((child) => child.anchor_seq));
  const legs = [];
  for (const entry of entries) {
    if (entry.kind !== "child_anchor" || !named.has(entry.seq)) continue;
    const read2 = tryReadEntry(entry, "child_anchor");
    if ("error" in read2) continue;
    const a = read2.payload;
    legs.push({
      attempt: a.attempt ?? 0,
      sessionId: a.child_session_id,
      status: a.status ?? "completed",
      overall: a.overall ?? null,
      checksMet: a.checks_met ?? 0,
      checks: a.checks ?? 0,
      costUsd: a.cost_usd ?? 0,
      totalTokens: a.total_tokens ?? 0,
      error: a.error ?? null
    });
  }
  const appliedEntry = entries.find((e) => e.kind === "fanout_applied");
  const applied = appliedEntry ? tryReadEntry(appliedEntry, "fanout_applied") : null;
  return {
    reducer: p.reducer,
    attempts: p.attempts ?? legs.length,
    legs,
    winner: p.winner ? p.winner.attempt ?? null : null,
    why: p.why ?? "",
    runners: p.runners === true,
    excluded: (p.excluded ?? []).map((leg) => ({
      artifact: leg.artifact,
      attempt: leg.attempt ?? null,
      reason: leg.reason
    })),
    missing: p.missing ?? [],
    applied: applied && !("error" in applied) ? { applied: applied.payload.applied, error: applied.payload.error ?? null } : null
  };
}

// src/core/run/run-report.ts
function readRun(entries) {
  const run = {
    checks: /* @__PURE__ */ new Map(),
    votes: /* @__PURE__ */ new Map(),
    evidence: /* @__PURE__ */ new Map(),
    selfRuns: /* @__PURE__ */ new Map(),
    malformed: null
  };
  const push = (map, clause, item) => map.set(clause, [...map.get(clause) ?? [], item]);
  for (const entry of entries) {
    if (ANNOTATION_KINDS.has(entry.kind)) continue;
    run.suspended = void 0;
    const known = readKnownEntry(entry);
    if (!known) continue;
    if ("error" in known) {
      run.malformed ??= `seq ${entry.seq}: ${known.error}`;
      continue;
    }
    switch (known.kind) {
      case "run_started":
        run.started ??= known.payload;
        break;
      case "verdict":
        run.verdict = known.payload;
        break;
      case "run_failed":
        run.failed ??= known.payload;
        break;
      case "changes_published":
        run.published ??= known.payload;
        break;
      case "checks_workspace":
        run.workspace ??= known.payload;
        break;
      case "checks_setup":
        run.setup ??= known.payload;
        break;
      case "suspended":
        run.suspended = { seq: known.seq, payload: known.payload };
        break;
      case "check_result":
        run.checks.set(known.payload.clause, known.payload);
        break;
      case "review_evidence":
        run.evidence.set(known.payload.clause, known.payload);
        break;
      case "self_validation": {
        const p = known.payload;
        push(run.selfRuns, p.clause, {
          seq: known.seq,
          met: p.met === true,
          exitCode: p.exit ?? null,
          summary: p.summary ?? "",
          workdirHash: p.workdir_hash ?? null
        });
        break;
      }
      case "review_vote": {
        const { seat, lens, provider, model, vote, reasoning, aimed_at_reviewers } = recordedSeatVote(
          known.payload
        );
        const aimedAtReviewers = aimed_at_reviewers;
        push(run.votes, known.payload.clause, {
          seat,
          lens,
          provider,
          model,
          vote,
          reasoning,
          aimedAtReviewers,
          citations: citationsOf(known.payload)
        });
        break;
      }
    }
  }
  return run;
}
function reportFromEntries(sessionId, entries, tails) {
  const run = readRun(entries);
  const { started, verdict, failed } = run;
  const contract = contractSummary(started?.contract).contract;
  const suspended = !verdict && !failed ? run.suspended : void 0;
  const clauses = (verdict?.clauses ?? []).map((c) => {
    const check = run.checks.get(c.clause);
    const evidence = run.evidence.get(c.clause);
    return {
      index: c.clause,
      kind: c.kind === "review" ? "review" : "check",
      desc: c.desc ?? "",
      status: c.status,
      reason: c.reason ?? "",
      check: check ? {
        run: check.run ?? "",
        exitCode: check.exit_code ?? null,
        timedOut: check.timed_out === true,
        durationMs: check.duration_ms ?? 0,
        stdoutTail: streamTail(check.stdout, tails),
        stderrTail: streamTail(check.stderr, tails)
      } : null,
      votes: run.votes.get(c.clause) ?? [],
      evidenceNotes: evidence?.notes ?? [],
      hiddenText: (evidence?.hidden_text ?? []).filter((h) => h.total > 0),
      injection: injectionOf(evidence, c.injection),
      selfValidation: run.selfRuns.get(c.clause) ?? []
    };
  });
  const git = started?.git;
  const malformed = run.malformed && `malformed ledger entry: ${run.malformed}`;
  return {
    sessionId,
    contractId: contract?.id ?? "?",
    title: contract?.title ?? null,
    intent: contract?.intent ?? "",
    overall: malformed ? "failed_run" : verdict ? verdict.overall : suspended ? "suspended" : "failed_run",
    clauses,
    forced: verdict?.forced ?? [],
    runError: malformed ?? (failed ? failed.error ?? "run failed" : null),
    costUsd: verdict?.cost_usd ?? 0,
    totalTokens: verdict?.total_tokens ?? 0,
    git: git ? { repo: git.repo ?? null, base_sha: git.base_sha ?? null, head_sha: git.head_sha ?? null } : null,
    headHash: entries.at(-1)?.entry_hash ?? "",
    contractHash: started?.contract_hash ?? null,
    scripted: [...run.votes.values()].flat().some((v) => v.provider === "scripted"),
    suspension: suspended ? { seq: suspended.seq, reason: suspended.payload.reason, await: suspended.payload.await } : null,
    changes: run.published ? changesFrom(run.published) : null,
    checkout: checkoutFrom(run.workspace, run.setup),
    isolation: started?.isolation ? isolationFrom(started.isolation) : null,
    context: contextFrom(entries),
    memory: memoryFrom(entries),
    fanout: fanoutFromEntries(entries)
  };
}
function injectionOf(evidence, verdict) {
  const detected = evidence?.injection_suspected ?? null;
  if (!detected && !verdict) return null;
  const spans = detected?.spans ?? [];
  return {
    policy: verdict?.policy ?? detected?.policy ?? "unverifiable",
    total: detected?.total ?? spans.length,
    spans,
    reportedBySeats: (verdict?.reported_by_seats ?? []).map((s) => s + 1),
    withheldMet: verdict?.withheld_met === true
  };
}
function checkoutFrom(workspace, setup) {
  if (!workspace) return null;
  const text = (value) => value || null;
  return {
    mode: workspace.checkout === "in-place" ? "in-place" : "clean-room",
    baseSha: text(workspace.base_sha),
    diffSha256: text(workspace.diff_sha256),
    tree: text(workspace.tree),
    error: text(workspace.error),
    reason: text(workspace.reason),
    setup: setup ? { run: setup.run, met: setup.met === true, exitCode: setup.exit_code ?? null } : null
  };
}
function isolationFrom(p) {
  return {
    level: p.level ?? "none",
    requested: p.requested ?? "",
    network: p.network ?? "",
    networkEnforced: p.network_enforced === true
  };
}
function selfValidationLine(clause) {
  const last = clause.selfValidation.at(-1);
  if (!last) return null;
  const agent = last.met ? "pass" : "fail";
  const harness = clause.status === "met" ? "pass" : clause.status === "not_met" ? "fail" : "unverifiable";
  const runs = clause.selfValidation.length;
  const times = runs === 1 ? "once" : `${runs} times`;
  const flag = agent !== harness ? " \u26A0" : "";
  return `agent saw ${agent}, harness saw ${harness}${flag} (the agent ran it ${times}; its own run is evidence only)`;
}
function checkoutLine(checkout) {
  if (!checkout) return null;
  if (checkout.mode === "in-place") return `Checks ran in place: ${checkout.reason ?? "in-place"}`;
  const base = checkout.baseSha ? checkout.baseSha.slice(0, 12) : "?";
  const diff = checkout.diffSha256 ? checkout.diffSha256.slice(0, 12) : "none";
  const setup = checkout.setup ? `; setup \`${checkout.setup.run}\` ${checkout.setup.met ? "succeeded" : `failed (exit ${String(checkout.setup.exitCode)})`}` : "";
  if (checkout.error) return `Clean room could not be built: ${checkout.error}`;
  return `Checks ran in a clean room: base ${base} + executor diff sha256:${diff}${setup}`;
}
function isolationLine(isolation) {
  return describeIsolation({
    level: isolation.level,
    network: isolation.network,
    network_enforced: isolation.networkEnforced
  });
}
function changesFrom(p) {
  const input = p.input ?? {};
  const result = p.result ?? {};
  const text = (value) => typeof value === "string" && value ? value : null;
  return {
    mode: typeof input.mode === "string" ? input.mode : p.name,
    status: text(result.status) ?? "",
    commit: text(result.commit),
    branch: text(result.branch),
    pullRequestUrl: text(result.pull_request_url),
    detail: text(result.detail) ?? ""
  };
}

// src/core/run/run-service.ts
async function prepareRun(contract, place, options = {}) {
  const { host } = place;
  const { events, signal, isolation, contractDir, timeout, ...passThrough } = host;
  const lookup = { env: host.env, cwd: place.workdir, fallbackCwd: host.hostCwd, contractDir };
  const executorProvider = contract.executor.kind === "in-loop" && options.executor !== false ? await executorModel(contract, lookup) : void 0;
  const panel = await panelModels(contract, lookup);
  if ("unavailable" in panel && contract.done.some((clause) => clause.kind === "review")) {
    events({ type: "warning", message: `${panel.unavailable}; review clauses will be unverifiable` });
  }
  const now = host.clock ?? Date.now;
  const armed = armDeadline({ signal, limits: [contractDeadline(contract, now()), timeout], now });
  const ctx = createCtx({
    signal: armed.signal,
    deadline: armed.deadline?.at ?? null,
    events,
    budget: budgetMeterFor(contract.budget, (message) => events({ type: "warning", message })),
    ...isolation ? { isolation } : {},
    now
  });
  return {
    contract,
    ctx,
    common: {
      ...passThrough,
      workdir: place.workdir,
      ctx,
      panel,
      executorProvider,
      deadline: armed.deadline
    },
    dispose: armed.dispose
  };
}
function contractDeadline(contract, startedAt) {
  const limit = contract.budget.max_duration;
  return limit === void 0 ? null : limitFrom(limit, "[budget] max_duration", startedAt);
}
async function startRun(prepared, options) {
  const { contract } = prepared;
  return settle(
    prepared,
    () => runContract({
      ...prepared.common,
      store: options.store,
      signer: options.signer,
      contract,
      contractHash: options.contractHash,
      codeVersion: options.codeVersion,
      principal: options.principal,
      baseRef: options.baseRef,
      sessionId: options.sessionId,
      parent: options.parent,
      runnerLegs: options.runnerLegs,
      ...options.memory ? { memory: options.memory } : {},
      ...options.git ? { git: options.git } : {}
    })
  );
}
async function resumeRun(options) {
  const recorded = options.recorded ?? readRecordedContract(options.store, options.sessionId, options.contractFormat);
  const { contract } = recorded;
  const prepared = await prepareRun(contract, options);
  return settle(
    prepared,
    () => resumeContract({
      ...prepared.common,
      store: options.store,
      signer: options.signer,
      sessionId: options.sessionId,
      crypto: options.crypto,
      expectedContractHash: options.expectedContractHash,
      verify: options.verify,
      contractFormat: options.contractFormat,
      recorded
    })
  );
}
async function settle(prepared, drive) {
  const { contract, ctx } = prepared;
  try {
    return { ...await drive(), contract };
  } catch (error) {
    if (!(error instanceof RunAbortedError)) throw error;
    return {
      status: "aborted",
      sessionId: error.sessionId,
      message: error.message,
      cancelled: ctx.signal.aborted,
      contract
    };
  } finally {
    prepared.dispose();
  }
}

// src/github/render/memory.ts
var SHOWN = 10;
function memoryLines(report, trigger = DEFAULT_TRIGGER) {
  const memory = report.memory;
  if (!memory) return [];
  const label = (e) => codeSpan(memoryEntryLabel(e));
  const list = (items, show) => `${items.slice(0, SHOWN).map(show).join(", ")}${items.length > SHOWN ? ` and ${items.length - SHOWN} more` : ""}`;
  const lines = [];
  lines.push(
    memory.recalled.length ? `- **Memory recalled** (verified, ${memory.recallTokens} tokens, executor only): ${list(memory.recalled, label)}` : "- **Memory recalled:** none"
  );
  if (memory.ignored.length)
    lines.push(
      `- **Memory ignored** (claims verified, no signed verdict that checks): ${list(memory.ignored, (e) => `${label(e)} ${inlineText(e.reason.slice(0, 120))}`)}`
    );
  if (memory.proposed.length)
    lines.push(
      `- **Memory proposed** (unverified; a maintainer verifies one by commenting the command beside it): ${list(memory.proposed, (e) => `${label(e)} \u2192 ${commandSpan(`${trigger} memory promote ${e.id.slice(0, 12)}`)}`)}`
    );
  return lines;
}
function memorySection(report, trigger = DEFAULT_TRIGGER) {
  const memory = report.memory;
  if (!memory || memory.recalled.length + memory.ignored.length + memory.proposed.length === 0) return null;
  return `#### Memory
${memoryLines(report, trigger).join("\n")}`;
}

// src/github/render/parts.ts
var STATUS_EMOJI = { met: "\u2705", not_met: "\u274C", unverifiable: "\u2754" };
var STATUS_LABEL = {
  met: "met",
  not_met: "not met",
  unverifiable: "unverifiable"
};
var OVERALL_EMOJI = {
  pass: "\u2705",
  fail: "\u274C",
  unverifiable: "\u2754",
  failed_run: "\u26D4",
  suspended: "\u23F8\uFE0F"
};
var OVERALL_WORD = {
  pass: "PASS",
  fail: "FAIL",
  unverifiable: "UNVERIFIABLE",
  failed_run: "RUN FAILED",
  suspended: "SUSPENDED"
};
var SCRIPTED_BANNER = "panel is SCRIPTED \u2014 fixture answers, not a model";
function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
function count(clauses, status) {
  return clauses.filter((c) => c.status === status).length;
}
function countsPhrase(report) {
  const n = report.clauses.length;
  const noun = n === 1 ? "clause" : "clauses";
  switch (report.overall) {
    case "pass":
      return `${count(report.clauses, "met")}/${n} ${noun} met`;
    case "fail":
      return `${count(report.clauses, "not_met")} of ${n} ${noun} not met`;
    case "unverifiable":
      return `${count(report.clauses, "unverifiable")} of ${n} ${noun} unverifiable`;
    case "failed_run":
      return "no verdict";
    case "suspended":
      return "awaiting approval";
  }
}
function titleFor(report) {
  const scripted = report.scripted ? " \xB7 SCRIPTED panel" : "";
  return `${OVERALL_WORD[report.overall]} \xB7 ${countsPhrase(report)}${scripted}`;
}
function verdictInTitle(title) {
  const word = title?.split(" \xB7 ", 1)[0];
  const found = Object.entries(OVERALL_WORD).find(([, w]) => w === word);
  return found ? found[0] : null;
}
function contractLabel(report) {
  const title = report.title ? ` \u2014 ${inlineText(report.title, 200)}` : "";
  return `${codeSpan(report.contractId)}${title}`;
}
function headline(report, level = "##") {
  return `${level} ${OVERALL_EMOJI[report.overall]} ${OVERALL_WORD[report.overall]} \xB7 ${contractLabel(report)} \xB7 ${countsPhrase(report)}`;
}
function banners(report, detail) {
  const out = [];
  if (report.scripted) {
    out.push(
      `> [!WARNING]
> \u{1F9EA} **This ${SCRIPTED_BANNER}.** The review votes below replay a fixture file; they are a demo or a test, not an independent review.`
    );
  }
  if (report.runError !== null) {
    out.push(
      `> [!CAUTION]
> \u26D4 **The run failed before a verdict** (fail-closed, never a PASS): ${inlineText(report.runError, Math.max(detail.cellChars, 500))}`
    );
  }
  if (report.suspension !== null) {
    out.push(
      `> [!IMPORTANT]
> \u23F8\uFE0F **Suspended at seq ${report.suspension.seq}: ${inlineText(report.suspension.reason, 500)}**
> To release it, a maintainer with write access comments ${codeSpan("/truss approve [note]")} (or ${codeSpan("/truss reject [note]")}) on the pull request, or approves it in a review; the run then resumes from its ledger artifact, which is verified first. Nothing after the gate ran.`
    );
  }
  if (report.changes !== null) {
    const c = report.changes;
    const where2 = c.pullRequestUrl ? `opened ${safeUrl(c.pullRequestUrl) ?? inlineText(c.pullRequestUrl, 200)}` : c.branch ? `on branch ${codeSpan(c.branch)}` : "";
    const commit = c.commit ? ` commit ${codeSpan(c.commit.slice(0, 12))}` : "";
    out.push(
      `> \u{1F4E4} **Changes (${inlineText(c.mode, 20)}): ${inlineText(c.status, 40)}**${commit} ${where2}${c.detail ? ` \u2014 ${inlineText(c.detail, 300)}` : ""}`.trimEnd()
    );
  }
  if (report.isolation !== null) {
    const line = isolationLine(report.isolation);
    out.push(
      report.isolation.level === "none" ? `> [!WARNING]
> \u{1F513} **${line}.** See docs/security.md.` : `> \u{1F512} ${line}`
    );
  }
  if (report.forced.length > 0) {
    const reasons = report.forced.map((f) => `> - ${inlineText(f, Math.max(detail.cellChars, 300))}`).join("\n");
    out.push(
      `> [!CAUTION]
> \u26A0\uFE0F **Verdict forced to ${OVERALL_WORD[report.overall]}** (fail-closed):
${reasons}`
    );
  }
  return out;
}
function intentQuote(report, maxChars) {
  if (!report.intent.trim()) return null;
  return `> **Intent:** ${inlineText(report.intent, maxChars)}`;
}
function visibleClauses(report, maxRows) {
  if (report.clauses.length <= maxRows) return report.clauses;
  const rank = { not_met: 0, unverifiable: 1, met: 2 };
  const kept = new Set(
    [...report.clauses].sort((a, b) => rank[a.status] - rank[b.status] || a.index - b.index).slice(0, maxRows).map((c) => c.index)
  );
  return report.clauses.filter((c) => kept.has(c.index));
}
function clauseTable(report, detail) {
  if (report.clauses.length === 0) {
    return report.overall === "failed_run" ? "_No clause was judged: the run ended without a verdict._" : "_The contract has no clauses._";
  }
  const rows = visibleClauses(report, detail.maxRows).map(
    (c) => `| ${c.index + 1} | ${STATUS_EMOJI[c.status]} ${STATUS_LABEL[c.status]} | ${c.kind} | ${inlineText(c.desc, detail.cellChars)} | ${inlineText(c.reason, detail.cellChars)} |`
  );
  const lines = ["| # | Result | Kind | Clause | Reason |", "| ---: | --- | --- | --- | --- |", ...rows];
  const hidden = report.clauses.length - rows.length;
  if (hidden > 0) {
    const shown = new Set(visibleClauses(report, detail.maxRows).map((c) => c.index));
    const rest = report.clauses.filter((c) => !shown.has(c.index));
    const tally = ["met", "not_met", "unverifiable"].map((s) => [s, count(rest, s)]).filter(([, n]) => n > 0).map(([s, n]) => `${n} ${STATUS_LABEL[s]}`).join(", ");
    lines.push("", `_\u2026 ${plural(hidden, "more clause")} not shown (${tally})._`);
  }
  return lines.join("\n");
}
function evidenceNotes(report, detail) {
  const items = report.clauses.flatMap(
    (c) => c.evidenceNotes.map((note) => `- Clause ${c.index + 1}: ${inlineText(note, detail.cellChars)}`)
  );
  if (items.length === 0) return null;
  const shown = items.slice(0, Math.max(10, Math.min(items.length, detail.maxRows)));
  if (shown.length < items.length) shown.push(`- _\u2026 ${items.length - shown.length} more notes not shown._`);
  return `**\u26A0\uFE0F Evidence limits hit** (reviewers saw less than everything):

${shown.join("\n")}`;
}
function checksProvenance(report, detail) {
  const lines = [];
  const where2 = checkoutLine(report.checkout);
  if (where2) lines.push(`- ${inlineText(where2, Math.max(detail.cellChars, 300))}`);
  for (const clause of report.clauses) {
    const line = selfValidationLine(clause);
    if (line) lines.push(`- Clause ${clause.index + 1}: ${inlineText(line, detail.cellChars)}`);
  }
  return lines.length > 0 ? `**Checks provenance**

${lines.join("\n")}` : null;
}
function voteTally(votes) {
  return ["met", "not_met", "unverifiable"].map((s) => [s, votes.filter((v) => v.vote === s).length]).filter(([, n]) => n > 0).map(([s, n]) => `${n} ${STATUS_LABEL[s]}`).join(" \xB7 ");
}
function votesSection(report, detail) {
  const reviewed = report.clauses.filter((c) => c.votes.length > 0);
  if (reviewed.length === 0 || !detail.showVotes) return null;
  const seats = reviewed.reduce((n, c) => n + c.votes.length, 0);
  const withReasoning = detail.reasoningChars > 0;
  const blocks = reviewed.map((c) => {
    const header = withReasoning ? "| Seat | Lens | Provider / model | Vote | Reasoning |\n| ---: | --- | --- | --- | --- |" : "| Seat | Lens | Provider / model | Vote |\n| ---: | --- | --- | --- |";
    const rows = c.votes.map((v) => {
      const cells = [
        String(v.seat + 1),
        inlineText(v.lens, 40),
        `${inlineText(v.provider, 60)} / ${inlineText(v.model, 80)}`,
        `${STATUS_EMOJI[v.vote] ?? "\u2754"} ${STATUS_LABEL[v.vote] ?? inlineText(String(v.vote), 20)}`
      ];
      if (withReasoning) cells.push(inlineText(v.reasoning, detail.reasoningChars) || "_(none)_");
      return `| ${cells.join(" | ")} |`;
    });
    const title = `**Clause ${c.index + 1}** ${STATUS_EMOJI[c.status]} ${inlineText(c.desc, Math.min(detail.cellChars, 200))} \u2014 ${voteTally(c.votes)}`;
    const findings = withReasoning ? findingsList(c, detail.reasoningChars) : null;
    return `${title}

${header}
${rows.join("\n")}${findings ? `

${findings}` : ""}`;
  });
  const scripted = report.scripted ? " \xB7 \u26A0\uFE0F SCRIPTED" : "";
  return `<details>
<summary>\u{1F5F3}\uFE0F Panel votes \xB7 ${plural(reviewed.length, "review clause")} \xB7 ${plural(seats, "seat")}${scripted}</summary>

${blocks.join("\n\n")}

</details>`;
}
function seconds(ms) {
  return ms >= 1e3 ? `${(ms / 1e3).toFixed(1)} s` : `${Math.round(ms)} ms`;
}
function checkDetails(report, detail, onlyFailing) {
  const checks = report.clauses.filter(
    (c) => c.kind === "check" && c.check !== null && (!onlyFailing || c.status !== "met")
  );
  if (checks.length === 0 || detail.tailChars === 0) return null;
  const blocks = checks.map((c) => {
    const check = c.check;
    const exit = check.timedOut ? "timed out" : `exit ${check.exitCode ?? "?"}`;
    const parts = [
      `<details${c.status === "met" ? "" : " open"}>`,
      `<summary>${STATUS_EMOJI[c.status]} Clause ${c.index + 1} \xB7 ${exit} \xB7 ${seconds(check.durationMs)} \xB7 ${htmlText(c.desc, 120)}</summary>`,
      "",
      fencedBlock(clipHead(check.run, 2e3), "sh")
    ];
    for (const [name, tail] of [
      ["stdout", check.stdoutTail],
      ["stderr", check.stderrTail]
    ]) {
      if (!tail.trim()) continue;
      parts.push("", `${name} (tail):`, "", fencedBlock(clipTail(tail, detail.tailChars)));
    }
    parts.push("", "</details>");
    return parts.join("\n");
  });
  return blocks.join("\n\n");
}
function runLocator(runUrl) {
  try {
    const url = new URL(runUrl);
    const match = /^\/([^/]+)\/([^/]+)\/actions\/runs\/(\d+)/.exec(url.pathname);
    if (!match) return null;
    const host = url.hostname === "github.com" ? "" : `${url.host}/`;
    return { runId: match[3], repo: `${host}${match[1]}/${match[2]}` };
  } catch {
    return null;
  }
}
function verifySection(links, level = "###") {
  const bundle = shellQuote2(links.bundleFileName);
  const commands = [];
  const prose = [];
  const located = links.runUrl ? runLocator(links.runUrl) : null;
  const artifactUrl = safeUrl(links.artifactUrl);
  if (links.artifactName && located) {
    commands.push(
      `gh run download ${located.runId} -R ${shellQuote2(located.repo)} -n ${shellQuote2(links.artifactName)}`
    );
  } else if (links.artifactName) {
    const where2 = artifactUrl ? `[${inlineText(links.artifactName)}](${artifactUrl})` : codeSpan(links.artifactName);
    prose.push(`Download the ${where2} artifact of this workflow run, then:`);
  } else {
    prose.push("Download the ledger bundle artifact of this workflow run, then:");
  }
  commands.push(`npx truss verify ${bundle} --key ${shellQuote2(links.publicKey)}`);
  const keyNote = links.trustedKeysHint ? `Signed by key ${codeSpan(links.keyId)}. This repository pins its signing keys in ${codeSpan(".truss/trusted-keys")}: from a checkout, ${codeSpan(`npx truss verify ${bundle}`)} checks against that file instead of the key printed here.` : `Signed by key ${codeSpan(links.keyId)}. The ${codeSpan("--key")} above is the key this run reports; it proves the bundle is intact and signed by it. Pin a key you obtained independently (e.g. in ${codeSpan(".truss/trusted-keys")}) to trust the verdict itself.`;
  return [
    `${level} \u{1F50F} Verify it yourself`,
    "",
    ...prose,
    ...prose.length ? [""] : [],
    fencedBlock(commands.join("\n"), "sh"),
    "",
    keyNote
  ].join("\n");
}
function reportLine(links) {
  if (!links.reportFileName || !links.artifactName) return null;
  const artifactUrl = safeUrl(links.artifactUrl);
  const name = codeSpan(links.artifactName);
  const artifact = artifactUrl ? `[${name}](${artifactUrl})` : name;
  return `\u{1F4C4} **Readable report:** open ${codeSpan(links.reportFileName)} from the ${artifact} artifact in a browser. It shows this verdict with all its evidence and re-checks every hash and signature of the ledger itself, offline.`;
}
function linksLine(links, includeCheckRun) {
  const items = [];
  const check = safeUrl(links.checkRunUrl);
  const run = safeUrl(links.runUrl);
  const artifact = safeUrl(links.artifactUrl);
  if (includeCheckRun && check) items.push(`[Check run](${check})`);
  if (run) items.push(`[Workflow run](${run})`);
  if (links.artifactName) {
    const name = codeSpan(links.artifactName);
    items.push(artifact ? `Ledger artifact [${name}](${artifact})` : `Ledger artifact ${name}`);
  } else if (artifact) {
    items.push(`[Ledger artifact](${artifact})`);
  }
  return items.length ? items.join(" \xB7 ") : null;
}
function formatUsd(cost) {
  return `$${(Number.isFinite(cost) ? cost : 0).toFixed(4)}`;
}
function formatTokens(tokens) {
  return formatCount(tokens);
}
function factsList(report, links) {
  const items = [
    `- **Cost:** ${formatUsd(report.costUsd)} \xB7 **Tokens:** ${formatTokens(report.totalTokens)}`,
    // The agent's context (docs/context.md): peak pressure, compactions, re-pins, cache use.
    ...report.context ? [`- **Context:** ${contextLine(report.context)}`] : [],
    // Governed memory (docs/memory.md): what the executor was told, what the run proposed.
    ...memoryLines(report, links.trigger),
    `- **Session:** ${codeSpan(report.sessionId)}`,
    `- **Ledger head hash:** ${report.headHash ? codeSpan(report.headHash) : "_none_"}`,
    `- **Contract hash:** ${report.contractHash ? codeSpan(report.contractHash) : "_unknown_"}`
  ];
  if (report.git?.head_sha) {
    const base = report.git.base_sha ? ` (base ${codeSpan(report.git.base_sha)})` : "";
    items.push(`- **Commit:** ${codeSpan(report.git.head_sha)}${base}`);
  }
  items.push(`- **Signing key:** ${codeSpan(links.keyId)}`);
  const line = linksLine(links, false);
  if (line) items.push(`- ${line}`);
  return items.join("\n");
}

// src/github/render/fanout.ts
var VERDICT = { pass: "\u2705 PASS", fail: "\u274C FAIL", unverifiable: "\u2754 UNVERIFIABLE" };
function fanoutSection(report, detail) {
  const fanout = report.fanout;
  if (!fanout) return null;
  const where2 = fanout.runners ? ", one Actions job each" : "";
  const lines = [
    `### Attempts \xB7 ${fanout.attempts} \xB7 reducer ${codeSpan(fanout.reducer)}${where2}`,
    "",
    "| | Attempt | Verdict | Checks met | Cost | Tokens | Session |",
    "| --- | ---: | --- | --- | ---: | ---: | --- |"
  ];
  for (const leg of fanout.legs) {
    const verdict = leg.overall ? VERDICT[leg.overall] ?? inlineText(leg.overall, 20) : `\u26D4 no verdict (${inlineText(leg.status, 20)}${leg.error ? `: ${inlineText(leg.error, Math.min(detail.cellChars, 200))}` : ""})`;
    lines.push(
      `| ${leg.attempt === fanout.winner ? "\u2605" : ""} | ${leg.attempt} | ${verdict} | ${leg.checksMet}/${leg.checks} | ${formatUsd(leg.costUsd)} | ${formatTokens(leg.totalTokens)} | ${codeSpan(leg.sessionId.slice(0, 8))} |`
    );
  }
  for (const leg of fanout.excluded) {
    lines.push(
      `| \u2718 | ${leg.attempt ?? "?"} | \u{1F6AB} excluded (${codeSpan(leg.artifact)}): ${inlineText(leg.reason, Math.max(detail.cellChars, 300))} | | | | |`
    );
  }
  for (const attempt of fanout.missing) {
    lines.push(`| | ${attempt} | \u26D4 no leg artifact | | | | |`);
  }
  lines.push(
    "",
    fanout.winner === null ? `**No winner:** ${inlineText(fanout.why, Math.max(detail.cellChars, 500))}` : `**Winner: attempt ${fanout.winner}** \u2014 ${inlineText(fanout.why, Math.max(detail.cellChars, 500))}`
  );
  if (fanout.applied)
    lines.push(
      fanout.applied.applied ? "The winner's changes were applied to the workspace; nothing from the other attempts was." : `\u26A0\uFE0F The winner's changes did not apply: ${inlineText(fanout.applied.error ?? "unknown reason", 300)}`
    );
  return lines.join("\n");
}

// src/github/render/injection.ts
var MAX_SPANS_SHOWN = 8;
function where(span) {
  if (span.source === "note") return "evidence notes";
  if (span.source === "commits") return `commit messages, line ${span.line ?? "?"}`;
  const path = span.path || "(diff)";
  return span.line === null ? `${path} (diff header)` : `${path}:${span.line}`;
}
function clauseBlock(clause, detail) {
  const injection = clause.injection;
  const hidden = clause.hiddenText ?? [];
  if (!injection && hidden.length === 0) return null;
  const lines = [];
  if (injection) {
    const outcome = injection.withheldMet ? `**UNVERIFIABLE, not met:** policy ${codeSpan(injection.policy)} \u2014 model votes alone cannot make this clause met. A maintainer who has read these spans accepts them by approving the pull request in a review at this head (a signed ${codeSpan("human_review")}, shown by ${codeSpan("truss / human review")}); the machine verdict stays as signed.` : injection.policy === "annotate" ? `Policy ${codeSpan("annotate")}: marked only; the votes decide the clause.` : `Policy ${codeSpan(injection.policy)}: the votes did not make the clause met anyway.`;
    lines.push(
      `\u{1F575}\uFE0F **Suspected prompt injection in the evidence of clause ${clause.index + 1}** (${injection.total} span${injection.total === 1 ? "" : "s"}). ${outcome}`
    );
    const cellChars = Math.max(60, Math.min(detail.cellChars, 200));
    for (const span of injection.spans.slice(0, MAX_SPANS_SHOWN)) {
      lines.push(
        `- ${codeSpan(where(span))} ${codeSpan(span.rule)}: ${codeSpan(clipHead(span.match, cellChars))}`
      );
    }
    if (injection.spans.length > MAX_SPANS_SHOWN || injection.total > injection.spans.length) {
      lines.push(
        `- _\u2026 ${injection.total - Math.min(injection.spans.length, MAX_SPANS_SHOWN)} more in the signed ledger._`
      );
    }
    if (injection.reportedBySeats.length > 0) {
      lines.push(
        `- Reviewer seat ${injection.reportedBySeats.join(", ")} (shortcuts lens) reported text aimed at automated reviewers.`
      );
    }
  }
  if (hidden.length > 0) {
    const files = hidden.slice(0, MAX_SPANS_SHOWN).map((h) => {
      const kinds = Object.entries(h.counts).filter(([, n]) => Number(n) > 0).map(([k, n]) => `${k} ${n}`).join(", ");
      return `${codeSpan(h.path || h.source)} ${h.total} (${inlineText(kinds, 120)})`;
    }).join(" \xB7 ");
    lines.push(
      `Hidden characters made visible to the panel as \u27E6\u2026\u27E7 marks: ${files}${hidden.length > MAX_SPANS_SHOWN ? " \xB7 \u2026" : ""}`
    );
  }
  const callout = injection?.withheldMet ? "[!CAUTION]" : "[!WARNING]";
  return [`> ${callout}`, ...lines.map((l) => `> ${l}`)].join("\n");
}
function injectionSection(report, detail) {
  const blocks = report.clauses.map((c) => clauseBlock(c, detail)).filter((b) => b !== null);
  return blocks.length > 0 ? blocks.join("\n\n") : null;
}
function injectionAnnotations(report) {
  return report.clauses.flatMap(
    (clause) => (clause.injection?.spans ?? []).filter((span) => (span.source === "diff" || span.source === "file") && span.path && span.line !== null).map((span) => ({
      path: span.path,
      start_line: span.line,
      end_line: span.line,
      annotation_level: "warning",
      title: `Suspected prompt injection (${span.rule})`,
      message: clipHead(
        neutralizeMentions(
          normalizeText(
            `Clause ${clause.index + 1}: this text seems to address the reviewer panel: ${span.match}
` + (clause.injection?.withheldMet ? "Model votes alone cannot make the clause met. A maintainer accepts this evidence by approving the pull request in a review at this head (signed human_review)." : "Annotated only.")
          )
        ),
        2e3
      )
    }))
  );
}

// src/github/render/check-output.ts
var LIMIT_LABEL = "GitHub's 65,535-character check run limit";
var ANNOTATION_MESSAGE_CHARS = 2e3;
var ANNOTATION_TITLE_CHARS = 255;
function join10(parts) {
  return parts.filter((p) => p !== null && p !== "").join("\n\n");
}
function summaryAt(report, links, detail) {
  return join10([
    headline(report),
    ...banners(report, detail),
    injectionSection(report, detail),
    intentQuote(report, Math.min(detail.cellChars, 500)),
    truncationNote(detail, LIMIT_LABEL, report, { votes: true, tails: false }),
    clauseTable(report, detail),
    fanoutSection(report, detail),
    checksProvenance(report, detail),
    evidenceNotes(report, detail),
    votesSection(report, detail),
    "### Run",
    factsList(report, links),
    reportLine(links),
    verifySection(links)
  ]);
}
function textAt(report, detail) {
  const details = checkDetails(report, detail, false);
  const hasChecks = report.clauses.some((c) => c.kind === "check" && c.check !== null);
  return join10([
    intentQuote(report, detail.cellChars * 4),
    truncationNote(
      { ...detail, cellChars: Number.POSITIVE_INFINITY, maxRows: Number.POSITIVE_INFINITY },
      LIMIT_LABEL,
      report,
      { votes: false, tails: true }
    ),
    hasChecks ? "### Check clauses" : null,
    details ?? (hasChecks ? null : "_No check clause ran._")
  ]);
}
function minimal(report, links) {
  const lean = { reasoningChars: 0, showVotes: false, tailChars: 0, cellChars: 80, maxRows: 0 };
  const note = `\u2702\uFE0F **Truncated to fit ${LIMIT_LABEL}:** the clause table, votes and run facts are omitted. The signed ledger bundle has everything.`;
  const full = join10([
    headline(report),
    ...banners(report, lean),
    note,
    linksLine(links, false),
    reportLine(links),
    verifySection(links)
  ]);
  return sizeOf(full) <= CHECK_OUTPUT_LIMIT ? full : join10([headline(report), note, verifySection(links)]);
}
function checkAnnotations(report, options) {
  const path = options.contractPath;
  if (!path) return [];
  return report.clauses.filter((c) => c.kind === "check" && c.status === "not_met").map((c) => {
    const given = Number(options.clauseLines?.[c.index]);
    const line = Number.isFinite(given) && given >= 1 ? Math.floor(given) : 1;
    const output = [c.check?.stderrTail ?? "", c.check?.stdoutTail ?? ""].map((t) => neutralizeMentions(normalizeText(t)).trimEnd()).filter(Boolean).join("\n");
    const reason = clipHead(neutralizeMentions(normalizeText(c.reason)), 500);
    const room = Math.max(0, ANNOTATION_MESSAGE_CHARS - reason.length - 2);
    const message = output && room > 100 ? `${reason}

${clipTail(output, room - 40)}` : reason;
    return {
      path,
      start_line: line,
      end_line: line,
      annotation_level: "failure",
      title: clipHead(
        neutralizeMentions(normalizeText(c.desc)).replace(/\s+/g, " ").trim(),
        ANNOTATION_TITLE_CHARS - 30
      ) || `Clause ${c.index + 1}`,
      message: message || "check not met"
    };
  });
}
function renderCheckOutput(report, links, options = {}) {
  const summary = renderWithin(CHECK_OUTPUT_LIMIT, report.clauses.length, (d) => summaryAt(report, links, d))?.text ?? minimal(report, links);
  const text = renderWithin(CHECK_OUTPUT_LIMIT, report.clauses.length, (d) => textAt(report, d))?.text ?? `\u2702\uFE0F Details omitted to fit ${LIMIT_LABEL}. The signed ledger bundle has everything.`;
  return {
    title: titleFor(report),
    summary,
    text,
    annotations: [
      ...checkAnnotations(report, options),
      ...injectionAnnotations(report),
      ...citationAnnotations(report)
    ]
  };
}

// src/github/render/meta.ts
var META_PREFIX = "<!-- truss:meta ";
var META_SUFFIX = " -->";
function commentSafeJson(value) {
  const json = JSON.stringify(value) ?? "null";
  return json.replace(/[<>&@#]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).replace(/--/g, "\\u002d\\u002d");
}
function embedMeta(metadata) {
  return `${META_PREFIX}${commentSafeJson(metadata)}${META_SUFFIX}`;
}
function readMeta(body) {
  const start = body.indexOf(META_PREFIX);
  if (start === -1) return null;
  const end = body.indexOf(META_SUFFIX, start + META_PREFIX.length);
  if (end === -1) return null;
  try {
    const value = JSON.parse(body.slice(start + META_PREFIX.length, end));
    return value !== null && typeof value === "object" && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

// src/github/render/comment.ts
var LIMIT_LABEL2 = "GitHub's 65,536-character comment limit";
function join11(parts) {
  return parts.filter((p) => p !== null && p !== "").join("\n\n");
}
function footer(report) {
  const head = report.headHash ? codeSpan(report.headHash.slice(0, 16)) : "_none_";
  return `<sub>Cost ${formatUsd(report.costUsd)} \xB7 ${formatTokens(report.totalTokens)} tokens \xB7 session ${codeSpan(report.sessionId)} \xB7 ledger head ${head}</sub>`;
}
function renderStickyComment(report, links, marker, metadata) {
  const top = `${marker}
${embedMeta(metadata)}`;
  const body = (detail) => join11([
    top,
    headline(report, "###"),
    ...banners(report, detail),
    injectionSection(report, detail),
    truncationNote(detail, LIMIT_LABEL2, report, { votes: true, tails: false }),
    clauseTable(report, detail),
    fanoutSection(report, detail),
    memorySection(report, links.trigger),
    checksProvenance(report, detail),
    votesSection(report, detail),
    linksLine(links, true),
    verifySection(links, "####"),
    footer(report)
  ]);
  const fitted = renderWithin(COMMENT_LIMIT, report.clauses.length, body);
  if (fitted) return fitted.text;
  const lean = join11([
    top,
    headline(report, "###"),
    `\u2702\uFE0F **Truncated to fit ${LIMIT_LABEL2}:** the clause table and votes are omitted. The signed ledger bundle has everything.`,
    linksLine(links, true),
    verifySection(links, "####")
  ]);
  if (sizeOf(lean) > COMMENT_LIMIT) {
    throw new RangeError("sticky comment marker and metadata alone exceed the GitHub comment size limit");
  }
  return lean;
}

// src/github/render/conclusion.ts
function conclusionFor(overall, unverifiableAs) {
  switch (overall) {
    case "pass":
      return "success";
    case "suspended":
      return "action_required";
    case "unverifiable":
      return unverifiableAs === "neutral" ? "neutral" : "failure";
    default:
      return "failure";
  }
}

// src/github/render/summary.ts
var LIMIT_LABEL3 = "GitHub's 1 MiB job summary limit";
function join12(parts) {
  return parts.filter((p) => p !== null && p !== "").join("\n\n");
}
function renderJobSummary(report, links) {
  const body = (detail) => join12([
    headline(report),
    ...banners(report, detail),
    injectionSection(report, detail),
    intentQuote(report, Math.min(detail.cellChars, 500)),
    truncationNote(detail, LIMIT_LABEL3, report, { votes: true, tails: true }),
    clauseTable(report, detail),
    fanoutSection(report, detail),
    checksProvenance(report, detail),
    evidenceNotes(report, detail),
    votesSection(report, detail),
    checkDetails(report, detail, true),
    factsList(report, links),
    verifySection(links)
  ]);
  return renderWithin(STEP_SUMMARY_LIMIT, report.clauses.length, body)?.text ?? join12([
    headline(report),
    "\u2702\uFE0F **Report too large for the job summary.** The signed ledger bundle has everything.",
    verifySection(links)
  ]);
}

// src/github/repo-files.ts
var RepoContentTypeError = class extends Error {
  path;
  expected;
  actual;
  constructor(path, expected, actual) {
    super(
      `expected ${path} to be a ${expected === "dir" ? "directory" : "file"} in the repository, but it is a ${actual}`
    );
    this.name = "RepoContentTypeError";
    this.path = path;
    this.expected = expected;
    this.actual = actual;
  }
};
async function readRepoFile(options) {
  const { octokit, owner, repo, ref } = options;
  const path = normalizePath(options.path);
  let data;
  try {
    ({ data } = await octokit.rest.repos.getContent({ owner, repo, path, ref }));
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw error;
  }
  if (Array.isArray(data)) throw new RepoContentTypeError(path, "file", "directory");
  if (data.type !== "file") throw new RepoContentTypeError(path, "file", data.type);
  if ("encoding" in data && data.encoding === "base64" && typeof data.content === "string") {
    return Buffer.from(data.content, "base64").toString("utf8");
  }
  const blob = await octokit.rest.git.getBlob({ owner, repo, file_sha: data.sha });
  return Buffer.from(blob.data.content, blob.data.encoding === "base64" ? "base64" : "utf8").toString("utf8");
}
async function listRepoDir(options) {
  const { octokit, owner, repo, ref } = options;
  const path = normalizePath(options.path);
  let data;
  try {
    ({ data } = await octokit.rest.repos.getContent({ owner, repo, path, ref }));
  } catch (error) {
    if (statusOf(error) === 404) return [];
    throw error;
  }
  if (!Array.isArray(data)) throw new RepoContentTypeError(path, "dir", data.type);
  return data.filter((entry) => options.type === void 0 || entry.type === options.type).map((entry) => entry.name).sort();
}
function normalizePath(path) {
  const trimmed = path.replace(/^\/+|\/+$/g, "");
  if (trimmed.split("/").some((segment) => segment === ".." || segment === ".")) {
    throw new Error(`repository path must not contain "." or ".." segments: ${JSON.stringify(path)}`);
  }
  return trimmed;
}

// src/github/path-filter.ts
var MAX_LISTED_FILES = 3e3;
var SUBPROJECT_LINE = /^[-+]Subproject commit /;
function mayBeGitlink(file) {
  const changed = (file.patch ?? "").split("\n").filter((line) => /^[-+]/.test(line));
  return changed.length === 0 || changed.some((line) => SUBPROJECT_LINE.test(line));
}
async function pullRequestChangedFiles(octokit, repo, prNumber, headSha) {
  const files = await listPullRequestFiles(octokit, repo, prNumber);
  if (files.length >= MAX_LISTED_FILES) return null;
  if (files.some((file) => listedAtOtherCommit(file, headSha))) return null;
  const { data: after } = await octokit.rest.pulls.get({ ...repo, pull_number: prNumber });
  if (after.head.sha !== headSha) return null;
  const paths = /* @__PURE__ */ new Map();
  for (const file of files) {
    const directory = mayBeGitlink(file);
    for (const name of [file.filename, file.previous_filename])
      if (name) paths.set(name, directory || paths.get(name) === true);
  }
  return [...paths].map(([path, mayBeDirectory]) => ({ path, mayBeDirectory }));
}
function listedAtOtherCommit(file, headSha) {
  if (file.status === "removed") return false;
  const named = [
    /\/blob\/([0-9a-f]{40,64})\//.exec(file.blob_url ?? "")?.[1],
    /[?&]ref=([0-9a-f]{40,64})(?:&|$)/.exec(file.contents_url ?? "")?.[1]
  ];
  return named.some((sha) => sha !== void 0 && sha !== headSha.toLowerCase());
}
async function listPullRequestFiles(octokit, repo, prNumber) {
  return octokit.paginate(octokit.rest.pulls.listFiles, { ...repo, pull_number: prNumber, per_page: 100 });
}
function lazyChangedFiles(octokit, repo, prNumber, headSha) {
  let listing = null;
  return () => {
    listing ??= pullRequestChangedFiles(octokit, repo, prNumber, headSha);
    return listing;
  };
}
function hasPathFilter(section) {
  return section.paths !== void 0 || section.paths_ignore !== void 0;
}
async function pathSkipReason(section, changedFiles) {
  if (!hasPathFilter(section)) return null;
  const files = await changedFiles();
  if (files === null) return null;
  const decision = decidePathFilter(section, files);
  return decision.run ? null : decision.reason;
}
async function skipWouldReplaceVerdict(options) {
  const runs = await findCheckRuns({
    octokit: options.octokit,
    ...options.repo,
    ref: options.headSha,
    checkName: `truss / ${options.contractId}`
  });
  return runs.some(
    (run) => run.id !== options.ownId && run.headSha === options.headSha && isTrussCheckId(run.externalId) && !(run.status === "completed" && run.conclusion === "skipped")
  );
}
async function pathSkipOnHead(section, changedFiles, target, log) {
  const reason = changedFiles ? await pathSkipReason(section, changedFiles) : null;
  if (reason === null || target === null) return reason;
  if (!await skipWouldReplaceVerdict({ ...target, contractId: section.id })) return reason;
  log?.info(
    `truss / ${section.id}: runs although ${reason}, because Truss already has a check of it on this head that a skip would replace`
  );
  return null;
}
async function reportSkippedContract(options) {
  const { contractId } = options;
  return skipCheckRun({
    octokit: options.octokit,
    owner: options.repo.owner,
    repo: options.repo.repo,
    name: `truss / ${contractId}`,
    headSha: options.headSha,
    existingId: options.existingId ?? null,
    detailsUrl: options.detailsUrl,
    externalId: options.externalId,
    dryRun: options.dryRun,
    output: {
      title: "Skipped: the change touches none of its paths",
      summary: [
        `**Not run:** ${codeSpan(options.reason)}.`,
        "",
        `The contract's \`[contract] paths\` / \`paths_ignore\` name the files that make it worth running; this change touches none of them, so there is no verdict and no ledger for this head. A required check counts \`skipped\` as passing. Comment \`${options.trigger} run ${contractId}\` to run it anyway.`
      ].join("\n")
    }
  });
}
async function contractPathSkip(options) {
  const path = `${CONTRACTS_DIR}/${options.name}.toml`;
  const text = await readRepoFile({ octokit: options.octokit, ...options.repo, path, ref: options.ref });
  if (text === null) return null;
  let section;
  try {
    section = parseContractToml2(text, path).contract;
  } catch {
    return null;
  }
  const target = { octokit: options.octokit, repo: options.repo, headSha: options.headSha };
  const reason = await pathSkipOnHead(section, options.changedFiles, target);
  return reason === null ? null : { contractId: section.id, reason };
}

// src/github/repo-contracts.ts
var NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
async function listContractNames(options) {
  const { octokit, repo, ref } = options;
  return (await listRepoDir({ octokit, owner: repo.owner, repo: repo.repo, path: CONTRACTS_DIR, ref, type: "file" })).filter((name) => name.endsWith(".toml")).map((name) => name.slice(0, -".toml".length)).sort();
}
async function loadContractsAtRef(options) {
  const { octokit, repo, ref } = options;
  const read2 = (path) => readRepoFile({ octokit, owner: repo.owner, repo: repo.repo, path, ref });
  const [configText, available] = await Promise.all([
    read2(CONFIG_FILE),
    listContractNames({ octokit, repo, ref })
  ]);
  const names = options.names.length > 0 ? options.names : available;
  if (names.length === 0) {
    throw notFound(
      `no contracts in ${CONTRACTS_DIR}/ at ${ref.slice(0, 12)}; add one (see docs/contracts.md) or set the contract input`
    );
  }
  for (const name of names)
    if (!NAME.test(name))
      throw notFound(`"${name}" is not a contract name (letters, digits, ".", "_" and "-")`);
  const texts = await Promise.all(names.map((name) => read2(`${CONTRACTS_DIR}/${name}.toml`)));
  const contracts = [];
  for (const [i, name] of names.entries()) {
    const path = `${CONTRACTS_DIR}/${name}.toml`;
    const text = texts[i] ?? null;
    if (text === null) {
      const list = available.length > 0 ? `available: ${available.join(", ")}` : `no contracts exist in ${CONTRACTS_DIR}/`;
      throw notFound(
        `contract "${name}" is not in ${CONTRACTS_DIR}/ on the base branch (${ref.slice(0, 12)}); ${list}`
      );
    }
    contracts.push({ name, path, source: { file: path, text } });
  }
  return { config: configText === null ? void 0 : { file: CONFIG_FILE, text: configText }, contracts };
}
function notFound(message) {
  return new ContractError([{ file: CONTRACTS_DIR, line: 0, col: 0, path: "", message }], "not_found");
}

// src/github/repo-trusted-keys.ts
async function trustedKeysFor(trustedKeys, octokit, repo, ref) {
  if (trustedKeys.trim()) return parseTrustedKeys(trustedKeys, "input trusted-keys");
  const text = await readRepoFile({ octokit, ...repo, path: ".truss/trusted-keys", ref });
  return text ? parseTrustedKeys(text, ".truss/trusted-keys") : /* @__PURE__ */ new Map();
}

// src/core/anchor/errors.ts
var ProofError = class extends Error {
  name = "ProofError";
};
var NoteError = class extends Error {
  name = "NoteError";
};
var LogError = class extends Error {
  name = "LogError";
};
var ForkError = class extends Error {
  constructor(message, earlier, later) {
    super(message);
    this.earlier = earlier;
    this.later = later;
  }
  earlier;
  later;
  name = "ForkError";
};
var InconsistentCheckpointError = class extends ForkError {
  name = "InconsistentCheckpointError";
};

// src/core/anchor/merkle-verify.ts
var HASH_BYTES = 32;
function verifyInclusion(hasher, leafIndex, treeSize, leafHash, proof, root) {
  requireSize(leafIndex, "leaf index");
  requireSize(treeSize, "tree size");
  if (leafIndex >= treeSize)
    throw new ProofError(`leaf index ${leafIndex} is not inside a tree of size ${treeSize}`);
  if (leafHash.length !== HASH_BYTES)
    throw new ProofError(`the leaf hash is ${leafHash.length} bytes, not ${HASH_BYTES}`);
  if (root.length !== HASH_BYTES) throw new ProofError(`the root is ${root.length} bytes, not ${HASH_BYTES}`);
  requireHashes(proof);
  const computed = rootFromInclusionProof(hasher, leafIndex, treeSize, leafHash, proof);
  if (!sameBytes(computed, root))
    throw new ProofError("the inclusion proof leads to a different root than the one given");
}
function rootFromInclusionProof(hasher, leafIndex, treeSize, leafHash, proof) {
  let fn = leafIndex;
  let sn = treeSize - 1;
  let r = leafHash;
  for (const p of proof) {
    if (sn === 0) throw new ProofError(`the inclusion proof is too long (${proof.length} hashes)`);
    if (odd(fn) || fn === sn) {
      r = hasher.node(p, r);
      if (!odd(fn)) {
        while (!odd(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
      }
    } else {
      r = hasher.node(r, p);
    }
    fn = half(fn);
    sn = half(sn);
  }
  if (sn !== 0) throw new ProofError(`the inclusion proof is too short (${proof.length} hashes)`);
  return r;
}
function verifyConsistency(hasher, size1, size2, proof, root1, root2) {
  requireSize(size1, "size1");
  requireSize(size2, "size2");
  if (size1 > size2) throw new ProofError(`size1 (${size1}) is larger than size2 (${size2})`);
  if (size1 === 0) {
    throw new ProofError("a consistency proof from an empty tree proves nothing (size1 is 0)");
  }
  if (size1 === size2) {
    if (proof.length > 0) throw new ProofError("size1 equals size2, so the proof must be empty");
    if (!sameBytes(root1, root2)) throw new ProofError("the trees have the same size but different roots");
    return;
  }
  if (proof.length === 0) throw new ProofError("the consistency proof is empty");
  requireHashes(proof);
  const path = isPowerOfTwo(size1) ? [root1, ...proof] : [...proof];
  let fn = size1 - 1;
  let sn = size2 - 1;
  while (odd(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let fr = path[0];
  let sr = fr;
  for (let i = 1; i < path.length; i++) {
    const c = path[i];
    if (sn === 0) throw new ProofError(`the consistency proof is too long (${proof.length} hashes)`);
    if (odd(fn) || fn === sn) {
      fr = hasher.node(c, fr);
      sr = hasher.node(c, sr);
      if (!odd(fn)) {
        while (!odd(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
      }
    } else {
      sr = hasher.node(sr, c);
    }
    fn = half(fn);
    sn = half(sn);
  }
  if (sn !== 0) throw new ProofError(`the consistency proof is too short (${proof.length} hashes)`);
  if (!sameBytes(fr, root1)) throw new ProofError("the consistency proof does not lead to the first root");
  if (!sameBytes(sr, root2)) throw new ProofError("the consistency proof does not lead to the second root");
}
function requireSize(n, what) {
  if (!Number.isSafeInteger(n) || n < 0) throw new ProofError(`${what} ${n} is not a non-negative integer`);
}
function requireHashes(proof) {
  proof.forEach((hash, i) => {
    if (hash.length !== HASH_BYTES)
      throw new ProofError(`proof hash ${i} is ${hash.length} bytes, not ${HASH_BYTES}`);
  });
}
function odd(n) {
  return n % 2 === 1;
}
function half(n) {
  return Math.floor(n / 2);
}
function isPowerOfTwo(n) {
  if (n < 1) return false;
  let x = n;
  while (x % 2 === 0) x /= 2;
  return x === 1;
}
function sameBytes(a, b) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

// src/core/anchor/signed-note.ts
var ED25519_TYPE = 1;
var EM_DASH = "\u2014";
var utf8 = new TextEncoder();
function noteKeyId(name, publicKey, sha256) {
  const nameBytes = utf8.encode(name);
  const preimage = new Uint8Array(nameBytes.length + 2 + publicKey.length);
  preimage.set(nameBytes, 0);
  preimage[nameBytes.length] = 10;
  preimage[nameBytes.length + 1] = ED25519_TYPE;
  preimage.set(publicKey, nameBytes.length + 2);
  return sha256(preimage).subarray(0, 4);
}
function formatVerifierKey(key, sha256) {
  const typed = new Uint8Array(33);
  typed[0] = ED25519_TYPE;
  typed.set(key.publicKey, 1);
  return `${key.name}+${hex(noteKeyId(key.name, key.publicKey, sha256))}+${base64(typed)}`;
}
function signNote(text, name, signer, sha256) {
  checkText(text);
  checkKeyName(name);
  const signature = signer.sign(utf8.encode(text));
  const blob = new Uint8Array(4 + signature.length);
  blob.set(noteKeyId(name, signer.publicKey, sha256), 0);
  blob.set(signature, 4);
  return `${text}
${EM_DASH} ${name} ${base64(blob)}
`;
}
function openNote(note, key, crypto) {
  checkNoteChars(note);
  const split = note.lastIndexOf("\n\n");
  if (split === -1 || !note.endsWith("\n"))
    throw new NoteError("not a signed note: no blank line before the signatures");
  const text = note.slice(0, split + 1);
  const lines = note.slice(split + 2, -1).split("\n");
  const wantId = noteKeyId(key.name, key.publicKey, crypto.sha256);
  let verified = false;
  for (const line of lines) {
    const match = /^\u2014 (\S+) ([A-Za-z0-9+/]+={0,2})$/.exec(line);
    if (!match) throw new NoteError(`malformed signature line ${JSON.stringify(line.slice(0, 80))}`);
    const blob = fromBase64(match[2]);
    if (!blob || blob.length < 5) throw new NoteError("a signature line is too short");
    if (match[1] !== key.name || !sameBytes(blob.subarray(0, 4), wantId)) continue;
    if (!crypto.verify(blob.subarray(4), utf8.encode(text), key.publicKey))
      throw new NoteError(`the signature by ${key.name} does not verify: the note was altered or forged`);
    verified = true;
  }
  if (!verified) throw new NoteError(`the note carries no signature by ${key.name} with the expected key`);
  return text;
}
function checkText(text) {
  if (!text.endsWith("\n")) throw new NoteError("note text must end with a newline");
  checkNoteChars(text);
}
function checkNoteChars(text) {
  if (/[\u0000-\u0009\u000b-\u001f]/.test(text))
    throw new NoteError("a note must not contain control characters");
  if (text.isWellFormed && !text.isWellFormed()) throw new NoteError("a note must be valid UTF-8");
}
function checkKeyName(name) {
  if (name === "" || /[\s+]/.test(name))
    throw new NoteError(`invalid key name ${JSON.stringify(name)}: no spaces or '+'`);
}
function hex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
function base64(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]);
  return btoa(binary);
}
function fromBase64(text) {
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(text)) return void 0;
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

// src/core/anchor/checkpoint.ts
function formatCheckpoint(checkpoint) {
  return `${checkpoint.origin}
${checkpoint.size}
${base64(checkpoint.root)}
`;
}
function parseCheckpoint(text) {
  const lines = text.split("\n");
  if (lines.length < 4 || lines[lines.length - 1] !== "")
    throw new NoteError("a checkpoint has an origin line, a size line and a root line");
  const [origin, sizeText, rootText] = lines;
  if (origin === "") throw new NoteError("the checkpoint origin line is empty");
  if (!/^(0|[1-9][0-9]{0,15})$/.test(sizeText) || !Number.isSafeInteger(Number(sizeText)))
    throw new NoteError(`the checkpoint size ${JSON.stringify(sizeText)} is not a decimal integer`);
  const root = fromBase64(rootText);
  if (root?.length !== 32) throw new NoteError("the checkpoint root is not a base64 SHA-256 hash");
  return { origin, size: Number(sizeText), root };
}
function signCheckpoint(checkpoint, signer, sha256) {
  const note = signNote(formatCheckpoint(checkpoint), checkpoint.origin, signer, sha256);
  return { ...checkpoint, note };
}
function openCheckpoint(note, key, crypto) {
  const checkpoint = parseCheckpoint(openNote(note, key, crypto));
  if (checkpoint.origin !== key.name)
    throw new NoteError(
      `the checkpoint is for origin ${JSON.stringify(checkpoint.origin)}, not ${JSON.stringify(key.name)}`
    );
  return { ...checkpoint, note };
}

// src/core/anchor/hasher.ts
var LEAF_PREFIX = new Uint8Array([0]);
var NODE_PREFIX = new Uint8Array([1]);
function rfc6962Hasher(sha256) {
  return {
    emptyRoot: sha256(new Uint8Array(0)),
    leaf: (data) => sha256(concatBytes(LEAF_PREFIX, data)),
    node: (left, right) => sha256(concatBytes(NODE_PREFIX, left, right))
  };
}

// src/core/anchor/leaf-record.ts
var LEAF_SCHEMA = "truss.anchor.leaf.v1";
function anchorLeafData(head) {
  return canonicalJson({ head_hash: head.headHash, schema: LEAF_SCHEMA, seq: head.seq });
}

// src/core/anchor/receipt.ts
function buildReceipt(input) {
  return {
    log_origin: input.origin,
    log_public_key: bytesToHex(input.publicKey),
    log_key_id: keyIdFromPublicKey(input.publicKey, input.sha256),
    leaf_index: input.leafIndex,
    checkpoint: input.checkpoint.note,
    inclusion_proof: input.proof.map(bytesToHex),
    anchored_head_hash: input.headHash,
    anchored_seq: input.seq
  };
}
var checkReceipt = (payload, crypto) => {
  const read2 = readPayload(ANCHOR_RECEIPT_KIND, payload);
  if ("error" in read2) return { error: read2.error.replace(`${ANCHOR_RECEIPT_KIND} `, "") };
  const p = read2.payload;
  const publicKey = hexToBytes(p.log_public_key, 32);
  if (p.log_key_id !== keyIdFromPublicKey(publicKey, crypto.sha256))
    return { error: "log_key_id is not the fingerprint of log_public_key" };
  const proof = p.inclusion_proof.map((hash) => hexToBytes(hash, 32));
  let checkpoint;
  try {
    checkpoint = openCheckpoint(p.checkpoint, { name: p.log_origin, publicKey }, crypto);
  } catch (error) {
    return { error: `checkpoint: ${error.message}` };
  }
  const hasher = rfc6962Hasher(crypto.sha256);
  const leaf = hasher.leaf(
    new TextEncoder().encode(anchorLeafData({ headHash: p.anchored_head_hash, seq: p.anchored_seq }))
  );
  try {
    verifyInclusion(hasher, p.leaf_index, checkpoint.size, leaf, proof, checkpoint.root);
  } catch (error) {
    return { error: `inclusion proof: ${error.message}` };
  }
  return {
    finding: {
      log_origin: p.log_origin,
      log_public_key: bytesToHex(publicKey),
      log_key_id: p.log_key_id,
      leaf_index: p.leaf_index,
      tree_size: checkpoint.size,
      anchored_seq: p.anchored_seq,
      anchored_head_hash: p.anchored_head_hash
    }
  };
};

// src/core/anchor/transparency-log.ts
import {
  closeSync as closeSync3,
  existsSync as existsSync5,
  fstatSync as fstatSync3,
  ftruncateSync as ftruncateSync2,
  mkdirSync as mkdirSync7,
  openSync as openSync3,
  readFileSync as readFileSync4,
  readSync as readSync3,
  renameSync as renameSync2,
  writeFileSync as writeFileSync3,
  writeSync as writeSync2
} from "node:fs";
import { join as join14 } from "node:path";

// src/core/anchor/file-tree.ts
import {
  closeSync as closeSync2,
  existsSync as existsSync4,
  fstatSync as fstatSync2,
  ftruncateSync,
  mkdirSync as mkdirSync6,
  openSync as openSync2,
  readSync as readSync2,
  writeSync
} from "node:fs";
import { join as join13 } from "node:path";
var HASH = 32;
var MAX_LEVELS = 54;
var FileTree = class _FileTree {
  constructor(dir, hasher) {
    this.dir = dir;
    this.hasher = hasher;
  }
  dir;
  hasher;
  #fds = [];
  #counts = [];
  /** The last hash written to each level: the left sibling the next odd append needs, without a read. */
  #last = [];
  #size = 0;
  /** Opens (creating if needed) the tree in `dir`, truncated to `size` leaves when given, and repairs partial appends. */
  static open(dir, hasher, options = {}) {
    mkdirSync6(dir, { recursive: true });
    const tree = new _FileTree(dir, hasher);
    tree.#openLevel(0);
    const leaves = tree.#counts[0];
    const size = options.size === void 0 ? leaves : Math.min(options.size, leaves);
    tree.#repair(size);
    return tree;
  }
  get size() {
    return this.#size;
  }
  /** Appends one leaf hash; returns its index. */
  appendLeafHash(leafHash) {
    if (leafHash.length !== HASH) throw new LogError(`a leaf hash is ${HASH} bytes, got ${leafHash.length}`);
    const index = this.#size;
    let hash = leafHash;
    let level = 0;
    let i = index;
    for (; ; ) {
      const left = this.#last[level];
      this.#push(level, hash);
      if (i % 2 === 0) break;
      hash = this.hasher.node(left, hash);
      level++;
      i = (i - 1) / 2;
    }
    this.#size = index + 1;
    return index;
  }
  node(level, index) {
    const count2 = this.#counts[level] ?? 0;
    if (!Number.isSafeInteger(index) || index < 0 || index >= count2)
      throw new RangeError(`no complete subtree at level ${level}, index ${index}`);
    const out = Buffer.allocUnsafe(HASH);
    const read2 = readSync2(this.#fds[level], out, 0, HASH, index * HASH);
    if (read2 !== HASH) throw new LogError(`${this.#path(level)} is shorter than its recorded length`);
    return out;
  }
  close() {
    for (const fd of this.#fds) if (fd !== void 0) closeSync2(fd);
    this.#fds.length = 0;
  }
  #push(level, hash) {
    if (this.#fds[level] === void 0) this.#openLevel(level);
    const count2 = this.#counts[level];
    writeSync(this.#fds[level], hash, 0, HASH, count2 * HASH);
    this.#counts[level] = count2 + 1;
    this.#last[level] = hash;
  }
  #path(level) {
    return join13(this.dir, `level-${String(level).padStart(2, "0")}.bin`);
  }
  #openLevel(level) {
    if (level >= MAX_LEVELS) throw new LogError("the tree is too large");
    const path = this.#path(level);
    const fd = openSync2(path, existsSync4(path) ? "r+" : "w+");
    this.#fds[level] = fd;
    this.#counts[level] = Math.floor(fstatSync2(fd).size / HASH);
  }
  /** Makes level k hold exactly floor(size / 2^k) hashes: cuts torn tails, recomputes missing parents. */
  #repair(size) {
    this.#size = size;
    let expected = size;
    for (let level = 0; level < MAX_LEVELS; level++) {
      const path = this.#path(level);
      if (expected === 0 && !existsSync4(path)) break;
      if (this.#fds[level] === void 0) this.#openLevel(level);
      const fd = this.#fds[level];
      if (this.#counts[level] > expected || fstatSync2(fd).size !== this.#counts[level] * HASH) {
        this.#counts[level] = Math.min(this.#counts[level], expected);
        ftruncateSync(fd, this.#counts[level] * HASH);
      }
      while (this.#counts[level] < expected) {
        if (level === 0) throw new LogError("the leaf level is shorter than the log size");
        const i = this.#counts[level];
        const parent = this.hasher.node(this.node(level - 1, 2 * i), this.node(level - 1, 2 * i + 1));
        writeSync(fd, parent, 0, HASH, i * HASH);
        this.#counts[level] = i + 1;
      }
      this.#last[level] = expected > 0 ? this.node(level, expected - 1) : void 0;
      expected = Math.floor(expected / 2);
    }
  }
};

// src/core/anchor/log-files.ts
var LOG_FILES = {
  /** `{format, origin, public_key, key_id, verifier_key}` */
  config: "log.json",
  /** One leaf's data per line (canonical JSON head records), in leaf order. */
  leaves: "leaves.jsonl",
  /** The latest signed checkpoint note (C2SP tlog-checkpoint). */
  checkpoint: "checkpoint",
  /** Every checkpoint ever signed, one JSON string (the note text) per line. */
  history: "checkpoints.jsonl",
  /** Level files `level-NN.bin` of complete subtree hashes. */
  treeDir: "tree"
};
var LOG_FORMAT = "truss.anchor-log.v1";

// src/core/anchor/merkle-proofs.ts
function rootAt(hasher, source, size) {
  checkRange(source, size);
  return size === 0 ? hasher.emptyRoot : rangeHash(hasher, source, 0, size);
}
function inclusionProof(hasher, source, index, size) {
  checkRange(source, size);
  if (!Number.isSafeInteger(index) || index < 0 || index >= size)
    throw new RangeError(`leaf ${index} is not in a tree of size ${size}`);
  const proof = [];
  const walk = (lo, hi) => {
    if (hi - lo === 1) return;
    const k = largestPowerOfTwoBelow(hi - lo);
    if (index < lo + k) {
      walk(lo, lo + k);
      proof.push(rangeHash(hasher, source, lo + k, hi));
    } else {
      walk(lo + k, hi);
      proof.push(rangeHash(hasher, source, lo, lo + k));
    }
  };
  walk(0, size);
  return proof;
}
function consistencyProof(hasher, source, size1, size2) {
  checkRange(source, size2);
  if (!Number.isSafeInteger(size1) || size1 < 1 || size1 > size2)
    throw new RangeError(`no consistency proof from size ${size1} to size ${size2}`);
  const proof = [];
  const sub = (m, lo, hi, complete) => {
    const n = hi - lo;
    if (m === n) {
      if (!complete) proof.push(rangeHash(hasher, source, lo, hi));
      return;
    }
    const k = largestPowerOfTwoBelow(n);
    if (m <= k) {
      sub(m, lo, lo + k, complete);
      proof.push(rangeHash(hasher, source, lo + k, hi));
    } else {
      sub(m - k, lo + k, hi, false);
      proof.push(rangeHash(hasher, source, lo, lo + k));
    }
  };
  sub(size1, 0, size2, true);
  return proof;
}
function rangeHash(hasher, source, lo, hi) {
  const n = hi - lo;
  const level = exactLog2(n);
  if (level !== -1 && lo % n === 0) return source.node(level, lo / n);
  const k = largestPowerOfTwoBelow(n);
  return hasher.node(rangeHash(hasher, source, lo, lo + k), rangeHash(hasher, source, lo + k, hi));
}
function checkRange(source, size) {
  if (!Number.isSafeInteger(size) || size < 0 || size > source.size)
    throw new RangeError(`tree size ${size} is not between 0 and the log size ${source.size}`);
}
function largestPowerOfTwoBelow(n) {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}
function exactLog2(n) {
  let level = 0;
  let x = n;
  while (x > 1) {
    if (x % 2 !== 0) return -1;
    x /= 2;
    level++;
  }
  return x === 1 ? level : -1;
}

// src/core/anchor/transparency-log.ts
var TransparencyLog = class _TransparencyLog {
  constructor(dir, config, key, deps, tree, leavesFd, leavesBytes) {
    this.dir = dir;
    this.config = config;
    this.key = key;
    this.deps = deps;
    this.#tree = tree;
    this.#leavesFd = leavesFd;
    this.#leavesBytes = leavesBytes;
  }
  dir;
  config;
  key;
  deps;
  #tree;
  #leavesFd;
  #leavesBytes;
  /** Creates an empty log in `dir` for `origin`, signed by the key whose public half is given. */
  static create(dir, options, deps) {
    if (existsSync5(join14(dir, LOG_FILES.config))) throw new LogError(`${dir} already holds a log`);
    const key = { name: options.origin, publicKey: options.publicKey };
    const config = {
      format: LOG_FORMAT,
      origin: options.origin,
      public_key: bytesToHex(options.publicKey),
      key_id: keyIdFromPublicKey(options.publicKey, deps.crypto.sha256),
      verifier_key: formatVerifierKey(key, deps.crypto.sha256)
    };
    mkdirSync7(dir, { recursive: true });
    writeFileSync3(join14(dir, LOG_FILES.config), `${JSON.stringify(config, null, 2)}
`, { flag: "wx" });
    return _TransparencyLog.open(dir, deps);
  }
  /**
   * Opens the log in `dir`. `leaves.jsonl` is the record; the level files are derived from it. A torn
   * last line (crash mid-write) is cut off; tree levels longer than the leaves are cut back, and
   * missing tree nodes (a crash before the tree write, or a copy of the log without its `tree/`
   * directory, as kept on a git branch) are recomputed from the leaf lines.
   */
  static open(dir, deps) {
    const config = readLogConfig(dir);
    const publicKey = hexToBytes(config.public_key, 32);
    const leavesPath = join14(dir, LOG_FILES.leaves);
    const fd = openSync3(leavesPath, existsSync5(leavesPath) ? "r+" : "w+");
    const { lines, endOfLast } = countLines(fd);
    if (fstatSync3(fd).size !== endOfLast) ftruncateSync2(fd, endOfLast);
    const tree = FileTree.open(join14(dir, LOG_FILES.treeDir), deps.hasher, { size: lines });
    if (tree.size < lines) {
      forEachLine(fd, offsetAfterLines(fd, tree.size), (line) => {
        tree.appendLeafHash(deps.hasher.leaf(line));
      });
    }
    return new _TransparencyLog(dir, config, { name: config.origin, publicKey }, deps, tree, fd, endOfLast);
  }
  get origin() {
    return this.config.origin;
  }
  get size() {
    return this.#tree.size;
  }
  /** Appends one leaf (single-line UTF-8 text) and returns its index and leaf hash. */
  append(leafData) {
    if (leafData.includes("\n") || leafData.includes("\r")) throw new LogError("leaf data must be one line");
    const bytes = Buffer.from(`${leafData}
`, "utf8");
    const leafHash = this.deps.hasher.leaf(bytes.subarray(0, bytes.length - 1));
    writeSync2(this.#leavesFd, bytes, 0, bytes.length, this.#leavesBytes);
    this.#leavesBytes += bytes.length;
    const index = this.#tree.appendLeafHash(leafHash);
    return { index, leafHash };
  }
  root(size = this.size) {
    return rootAt(this.deps.hasher, this.#tree, size);
  }
  inclusionProof(index, size = this.size) {
    return inclusionProof(this.deps.hasher, this.#tree, index, size);
  }
  consistencyProof(size1, size2 = this.size) {
    return consistencyProof(this.deps.hasher, this.#tree, size1, size2);
  }
  /** The last checkpoint this log signed, verified against its own key; null before the first. */
  latestCheckpoint() {
    const path = join14(this.dir, LOG_FILES.checkpoint);
    if (!existsSync5(path)) return null;
    return openCheckpoint(readFileSync4(path, "utf8"), this.key, this.deps.crypto);
  }
  /**
   * Signs a checkpoint for the current tree, after proving to itself that the tree extends the last
   * checkpoint it signed. If it does not (files edited, truncated or swapped), it refuses with
   * InconsistentCheckpointError instead of signing a fork. Returns the previous checkpoint unchanged
   * when nothing was appended since.
   */
  sign(signer) {
    if (!sameBytes(signer.publicKey, this.key.publicKey)) {
      throw new LogError(
        `the key ${signer.keyId} is not the key of log ${this.origin} (${this.config.key_id}); pass the log's key file`
      );
    }
    const previous = this.latestCheckpoint();
    const size = this.size;
    const root = this.root(size);
    if (previous) {
      const proposed = formatCheckpoint({ origin: this.origin, size, root });
      const refuse = (why) => {
        throw new InconsistentCheckpointError(
          `refusing to sign checkpoint ${size} of ${this.origin}: ${why}; the log files were altered \u2014 restore them from a copy that matches the signed checkpoint`,
          previous.note,
          proposed
        );
      };
      if (previous.size > size) refuse(`the log holds ${size} leaves but already signed ${previous.size}`);
      if (!sameBytes(this.root(previous.size), previous.root))
        refuse(`its first ${previous.size} leaves no longer hash to the root it signed`);
      if (previous.size === size) return previous;
      if (previous.size > 0) {
        try {
          verifyConsistency(
            this.deps.hasher,
            previous.size,
            size,
            this.consistencyProof(previous.size, size),
            previous.root,
            root
          );
        } catch (error) {
          refuse(error.message);
        }
      }
    }
    const signed = signCheckpoint({ origin: this.origin, size, root }, signer, this.deps.crypto.sha256);
    writeFileSync3(join14(this.dir, LOG_FILES.history), `${JSON.stringify(signed.note)}
`, { flag: "a" });
    const tmp = join14(this.dir, `${LOG_FILES.checkpoint}.tmp`);
    writeFileSync3(tmp, signed.note);
    renameSync2(tmp, join14(this.dir, LOG_FILES.checkpoint));
    return signed;
  }
  close() {
    this.#tree.close();
    if (this.#leavesFd >= 0) closeSync3(this.#leavesFd);
    this.#leavesFd = -1;
  }
};
function readLogConfig(dir) {
  const path = join14(dir, LOG_FILES.config);
  let raw;
  try {
    raw = JSON.parse(readFileSync4(path, "utf8"));
  } catch (error) {
    const code = error.code;
    throw new LogError(
      code === "ENOENT" ? `no log in ${dir} (${path} is missing); create one with \`truss anchor init ${dir} --origin NAME --log-key FILE\`` : `${path} is not valid JSON`
    );
  }
  const c = raw;
  if (c?.format !== LOG_FORMAT || typeof c.origin !== "string" || c.origin === "" || !hexToBytes(c.public_key, 32) || typeof c.key_id !== "string") {
    throw new LogError(`${path} is not a ${LOG_FORMAT} log description`);
  }
  return c;
}
function scanNewlines(fd, visit) {
  const chunk = Buffer.allocUnsafe(1 << 20);
  let position = 0;
  for (; ; ) {
    const read2 = readSync3(fd, chunk, 0, chunk.length, position);
    if (read2 === 0) return position;
    let at = chunk.indexOf(10);
    while (at !== -1 && at < read2) {
      if (!visit(position + at + 1)) return position + at + 1;
      at = chunk.indexOf(10, at + 1);
    }
    position += read2;
  }
}
function countLines(fd) {
  let lines = 0;
  let endOfLast = 0;
  scanNewlines(fd, (end) => {
    lines++;
    endOfLast = end;
    return true;
  });
  return { lines, endOfLast };
}
function forEachLine(fd, offset, onLine) {
  const chunk = Buffer.allocUnsafe(1 << 20);
  let carry = Buffer.alloc(0);
  let position = offset;
  for (; ; ) {
    const read2 = readSync3(fd, chunk, 0, chunk.length, position);
    if (read2 === 0) break;
    position += read2;
    const data = carry.length > 0 ? Buffer.concat([carry, chunk.subarray(0, read2)]) : chunk.subarray(0, read2);
    let start = 0;
    let at = data.indexOf(10, start);
    while (at !== -1) {
      onLine(data.subarray(start, at));
      start = at + 1;
      at = data.indexOf(10, start);
    }
    carry = Buffer.from(data.subarray(start));
  }
}
function offsetAfterLines(fd, wanted) {
  if (wanted === 0) return 0;
  let lines = 0;
  return scanNewlines(fd, () => ++lines < wanted);
}

// src/core/anchor/anchor.ts
function anchorInLog(options, head) {
  const log = TransparencyLog.open(options.dir, { crypto: options.crypto, hasher: options.hasher });
  try {
    const { index, leafHash } = log.append(anchorLeafData(head));
    const checkpoint = log.sign(options.signer);
    const proof = log.inclusionProof(index, checkpoint.size);
    const reopened = openCheckpoint(checkpoint.note, log.key, options.crypto);
    verifyInclusion(options.hasher, index, reopened.size, leafHash, proof, reopened.root);
    return buildReceipt({
      origin: log.origin,
      publicKey: log.key.publicKey,
      leafIndex: index,
      checkpoint,
      proof,
      headHash: head.headHash,
      seq: head.seq,
      sha256: options.crypto.sha256
    });
  } finally {
    log.close();
  }
}

// src/core/anchor/anchor-session.ts
async function anchorSession(options) {
  const head = options.store.reviewableHeadEntry(options.sessionId);
  if (!head)
    throw new LedgerError("nothing_to_attest", `session ${options.sessionId} has no entries to anchor`);
  const receipt = await options.anchor.anchor({ headHash: head.entry_hash, seq: head.seq });
  if (!receipt) return null;
  const entry = options.store.append(options.sessionId, ANCHOR_RECEIPT_KIND, receipt, options.signer);
  return { receipt, entry };
}

// src/core/anchor/node-hasher.ts
import { createHash as createHash3 } from "node:crypto";
var LEAF_PREFIX2 = Buffer.from([0]);
var NODE_PREFIX2 = Buffer.from([1]);
function nodeTreeHasher() {
  return {
    emptyRoot: createHash3("sha256").digest(),
    leaf: (data) => createHash3("sha256").update(LEAF_PREFIX2).update(data).digest(),
    node: (left, right) => createHash3("sha256").update(NODE_PREFIX2).update(left).update(right).digest()
  };
}

// src/github/sticky-comment.ts
var MAX_COMMENT_LENGTH = 65536;
var META_BLOCK = /<!-- truss:meta ([\s\S]*?) -->/;
var TRUNCATED_NOTE2 = "\n\n\u2026 (truncated: the full report is in the check run and the ledger artifact)\n";
async function upsertStickyComment(options) {
  const { octokit, owner, repo, issueNumber, marker, dryRun } = options;
  if (!/^<!--[\s\S]+-->$/.test(marker) || marker.slice(4, -3).includes("-->")) {
    throw new Error(
      `sticky comment marker must be one hidden HTML comment like "<!-- truss:sticky ... -->", got ${JSON.stringify(marker)}`
    );
  }
  const bodyOf2 = (previous) => {
    const text = typeof options.body === "string" ? options.body : options.body(previous);
    return fitComment(text.startsWith(marker) ? text : `${marker}
${text}`);
  };
  if (dryRun) {
    octokit.log.info(`dry run: would create or update the ${marker} comment on #${issueNumber}`);
    return { id: null, url: null, created: false, updated: false };
  }
  try {
    const existing = await findComment(
      octokit,
      owner,
      repo,
      issueNumber,
      (c) => isTrussComment(c, marker, options.authors)
    );
    if (existing) {
      const body = bodyOf2(existing.body ?? null);
      const { data: data2 } = await octokit.rest.issues.updateComment({
        owner,
        repo,
        comment_id: existing.id,
        body
      });
      return { id: data2.id, url: data2.html_url, created: false, updated: true };
    }
    const { data } = await octokit.rest.issues.createComment({
      owner,
      repo,
      issue_number: issueNumber,
      body: bodyOf2(null)
    });
    return { id: data.id, url: data.html_url, created: true, updated: false };
  } catch (error) {
    throw toMissingPermission(error, "pull-requests: write", `comment on #${issueNumber}`);
  }
}
async function findComment(octokit, owner, repo, issueNumber, matches) {
  const pages = octokit.paginate.iterator(octokit.rest.issues.listComments, {
    owner,
    repo,
    issue_number: issueNumber,
    per_page: 100
  });
  for await (const page of pages) {
    const found = page.data.find((comment) => matches(comment));
    if (found) return found;
  }
  return null;
}
function fitComment(body) {
  if (body.length <= MAX_COMMENT_LENGTH) return body;
  const metas = body.match(new RegExp(META_BLOCK.source, "g")) ?? [];
  const rest = body.replace(new RegExp(META_BLOCK.source, "g"), "");
  const tail = metas.length > 0 ? `
${metas.join("\n")}
` : "";
  let visible = rest.slice(0, Math.max(0, MAX_COMMENT_LENGTH - TRUNCATED_NOTE2.length - tail.length));
  if (/[\uD800-\uDBFF]$/.test(visible)) visible = visible.slice(0, -1);
  return `${visible}${TRUNCATED_NOTE2}${tail}`;
}
function readStickyMetadata(body, schema) {
  const value = readMeta(body);
  if (value === null || !schema) return value;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

// src/github/session-meta.ts
async function listSessionMetas(octokit, repo, prNumber, authors) {
  const comments = await octokit.paginate(octokit.rest.issues.listComments, {
    ...repo,
    issue_number: prNumber,
    per_page: 100
  });
  return comments.filter((c) => isTrussComment(c, STICKY_MARKER_START, authors)).map((c, i) => ({ c, i, written: writtenAt(c) })).sort((a, b) => a.written - b.written || a.i - b.i).map(({ c, written }) => {
    const meta = readStickyMetadata(c.body ?? "");
    return meta === null ? null : { ...meta, written_at: written };
  }).filter((m) => m !== null && sessionIdUsable(m.session_id));
}
async function latestSessionsFor(octokit, repo, prNumber, headSha, authors) {
  const latest = /* @__PURE__ */ new Map();
  for (const meta of await listSessionMetas(octokit, repo, prNumber, authors)) {
    if (meta.head_sha !== headSha || meta.session_id === void 0) continue;
    const key = typeof meta.contract === "string" ? `contract:${meta.contract}` : `session:${meta.session_id}`;
    latest.delete(key);
    latest.set(key, { ...meta, session_id: meta.session_id });
  }
  const bySession = /* @__PURE__ */ new Map();
  for (const meta of latest.values()) {
    bySession.delete(meta.session_id);
    bySession.set(meta.session_id, meta);
  }
  return [...bySession.values()];
}
function writtenAt(comment) {
  const time = Date.parse(comment.updated_at ?? comment.created_at ?? "");
  return Number.isNaN(time) ? 0 : time;
}
var SESSION_ID = /^[A-Za-z0-9_-]{1,128}$/;
function sessionIdUsable(id) {
  return id === void 0 || typeof id === "string" && SESSION_ID.test(id);
}

// src/github/allow-list.ts
var LOGIN2 = /^[A-Za-z0-9][A-Za-z0-9_-]{0,98}(?:\[bot\])?$/;
var ID = /^[1-9][0-9]{0,15}$/;
var AllowListError = class extends Error {
  name = "AllowListError";
};
function parseAllowList(text, setting, options) {
  return text.split(/[\s,]+/).map((s) => s.trim()).filter(Boolean).map((entry) => parseEntry(entry, setting, options.bots));
}
function allowListSchema(setting, options) {
  return external_exports.string().transform((text, ctx) => {
    try {
      return parseAllowList(text, setting, options);
    } catch (error) {
      if (!(error instanceof AllowListError)) throw error;
      ctx.addIssue({ code: "custom", message: error.message });
      return external_exports.NEVER;
    }
  });
}
function parseEntry(entry, setting, bots) {
  const fail = (why) => new AllowListError(`${setting} entry "${entry.slice(0, 80)}" ${why}; write LOGIN or LOGIN:ID`);
  const parts = entry.split(":");
  const [login = "", id] = parts;
  if (parts.length > 2) throw fail('has more than one ":"');
  if (login === "*") {
    if (!bots)
      throw new AllowListError(
        `${setting} entry "*" is refused: "*" stands for every bot in the bots list only, and letting anyone run contracts with this repository's credentials is not an option; list the accounts as LOGIN:ID`
      );
    if (id !== void 0) throw fail('pins an id to "*", which stands for every bot');
    return { login, id: null };
  }
  if (login === "") throw fail('has no login before ":"');
  if (!LOGIN2.test(login)) throw fail(`names "${login.slice(0, 60)}", which is not a GitHub login`);
  if (id === void 0) return { login, id: null };
  const find = `find the account's id with \`gh api users/${login} --jq .id\``;
  if (id === "") throw fail(`has no account id after ":" (${find})`);
  if (!ID.test(id) || !Number.isSafeInteger(Number(id)))
    throw fail(`has "${id.slice(0, 20)}" where the account's numeric id belongs (${find})`);
  return { login, id: Number(id) };
}
function allowEntryText(entry) {
  return entry.id === null ? entry.login : `${entry.login}:${entry.id}`;
}
function allowListMatch(list, actor, bot) {
  const norm = (value) => {
    const lower = value.trim().toLowerCase();
    return bot ? lower.replace(/\[bot\]$/, "") : lower;
  };
  const target = norm(actor.login);
  return list.find((entry) => {
    if (entry.id !== null) return actor.id !== null && actor.id === entry.id;
    if (entry.login === "*") return bot;
    return norm(entry.login) === target;
  }) ?? null;
}

// src/github/permissions.ts
var WRITE_LEVELS = /* @__PURE__ */ new Set(["admin", "maintain", "write"]);
async function authorizeActor(options) {
  const { octokit, owner, repo, actor, allowedUsers = [], allowedBots = [] } = options;
  const permission = await permissionOf(octokit, owner, repo, actor.login);
  const bot = isBot(actor);
  if (bot) {
    const entry2 = allowListMatch(allowedBots, actor, true);
    if (entry2) {
      return {
        allowed: true,
        permission,
        reason: `${actor.login} is a bot listed in allowed-bots as ${allowEntryText(entry2)}`
      };
    }
    return {
      allowed: false,
      permission,
      reason: `${actor.login} is a bot; bots may trigger Truss only when listed in allowed-bots`
    };
  }
  if (WRITE_LEVELS.has(permission)) {
    return {
      allowed: true,
      permission,
      reason: `${actor.login} has ${permission} access to ${owner}/${repo}`
    };
  }
  const entry = allowListMatch(allowedUsers, actor, false);
  if (entry) {
    return {
      allowed: true,
      permission,
      reason: `${actor.login} is listed in allowed-users as ${allowEntryText(entry)}`
    };
  }
  return {
    allowed: false,
    permission,
    reason: permission === "none" ? `${actor.login} has no access to ${owner}/${repo}; write access is required` : `${actor.login} has ${permission} access to ${owner}/${repo}; write access is required`
  };
}
async function permissionOf(octokit, owner, repo, username) {
  try {
    const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({ owner, repo, username });
    const role = (data.role_name ?? "").toLowerCase();
    const base = (data.permission ?? "none").toLowerCase();
    if (WRITE_LEVELS.has(role) || role === "triage" || role === "read") return role;
    return base;
  } catch (error) {
    if (statusOf(error) === 404) return "none";
    throw error;
  }
}
function isBot(actor) {
  return actor.type.toLowerCase() === "bot" || /\[bot\]$/i.test(actor.login);
}
function politeDenial(login, reason, trigger = "/truss") {
  return [
    `Hi @${login} \u2014 thanks for trying \`${trigger}\`, but I can't act on this comment: ${reason}.`,
    "",
    `Commands are limited to people with write access to the repository (and to users or bots a maintainer has listed in \`allowed-users\` / \`allowed-bots\`), because \`${trigger} run\` executes contracts with this repository's credentials. A maintainer can run it for you.`
  ].join("\n");
}

// src/github/reactions.ts
async function react(octokit, options) {
  const { owner, repo, commentId, content, dryRun } = options;
  const log = options.log;
  const warn = (message) => log ? log.warning(message) : octokit.log.warn(message);
  if (dryRun) {
    const message = `dry run: would react ${content} to comment ${commentId}`;
    if (log) log.info(message);
    else octokit.log.info(message);
    return false;
  }
  try {
    await octokit.rest.reactions.createForIssueComment({ owner, repo, comment_id: commentId, content });
    return true;
  } catch (error) {
    const status = statusOf(error);
    const detail = status === void 0 ? error instanceof Error ? error.message : String(error) : `HTTP ${status}`;
    warn(`could not add the ${content} reaction to comment ${commentId} (${detail}); continuing`);
    return false;
  }
}

// src/github/refusal.ts
function refusalMarker(login) {
  return `<!-- truss:refused login=${login.toLowerCase()} -->`;
}
function refusalReply(login, reason, trigger) {
  return `${refusalMarker(login)}
${politeDenial(login, reason, trigger)}`;
}
function issueNoteMarker(login) {
  return `<!-- truss:not-a-pull-request login=${login.toLowerCase()} -->`;
}
function issueNoteReply(login, trigger) {
  return `${issueNoteMarker(login)}
Truss commands work on pull requests: comment \`${trigger} run\` on the pull request you want checked.

${helpText(trigger)}`;
}
function alreadyRefused(options) {
  return alreadyAnswered({ ...options, marker: refusalMarker(options.login) });
}
async function alreadyAnswered(options) {
  const { marker } = options;
  const comments = await options.octokit.paginate(options.octokit.rest.issues.listComments, {
    ...options.repo,
    issue_number: options.issueNumber,
    per_page: 100
  });
  return comments.some((comment) => isTrussComment(comment, marker, options.authors));
}

// src/github/reply.ts
async function postReply(options) {
  if (options.dryRun) return null;
  const { data } = await options.octokit.rest.issues.createComment({
    owner: options.owner,
    repo: options.repo,
    issue_number: options.issueNumber,
    body: options.body
  });
  return data.html_url;
}

// src/github/failed-contracts.ts
var CHECK_PREFIX = "truss / ";
var RERUN = /* @__PURE__ */ new Set(["fail", "unverifiable"]);
async function failedContracts(options) {
  const { octokit, repo } = options;
  const newest = await newestTrussChecks(
    { octokit, repo, headSha: options.headSha, prNumber: options.prNumber, authors: options.authors },
    (run) => run.name !== HUMAN_REVIEW_CHECK && !(run.status === "completed" && run.conclusion === "skipped")
  );
  const names = /* @__PURE__ */ new Set();
  const unmapped = /* @__PURE__ */ new Set();
  for (const [checkName, run] of newest) {
    const verdict = run.status === "completed" ? verdictInTitle(run.outputTitle) : null;
    if (verdict === null || !RERUN.has(verdict)) continue;
    const requested = decodeRunRequestId(run.externalId)?.n;
    if (requested) names.add(requested);
    else unmapped.add(checkName.slice(CHECK_PREFIX.length));
  }
  const missing = [];
  if (unmapped.size > 0) {
    const byId = await contractFilesById(octokit, repo, options.ref);
    for (const id of unmapped) {
      const file = byId.get(id);
      if (file) names.add(file);
      else missing.push(id);
    }
  }
  return { names: [...names].sort(), missing: missing.sort() };
}
async function newestTrussChecks(head, keep = () => true) {
  const runs = await findCheckRuns({ octokit: head.octokit, ...head.repo, ref: head.headSha });
  const newest = /* @__PURE__ */ new Map();
  for (const run of runs) {
    if (!run.name.startsWith(CHECK_PREFIX) || !trussCheckFor(run.externalId, head.prNumber) || !isOwnApp(run.app, head.authors) || !keep(run))
      continue;
    const seen = newest.get(run.name);
    if (!seen || newerThan(run, seen)) newest.set(run.name, run);
  }
  return newest;
}
function newerThan(a, b) {
  const at = Date.parse(a.startedAt ?? "") || 0;
  const bt = Date.parse(b.startedAt ?? "") || 0;
  return at !== bt ? at > bt : a.id > b.id;
}
async function contractFilesById(octokit, repo, ref) {
  const byId = /* @__PURE__ */ new Map();
  for (const name of await listContractNames({ octokit, repo, ref })) {
    const path = `${CONTRACTS_DIR}/${name}.toml`;
    const text = await readRepoFile({ octokit, ...repo, path, ref });
    if (text === null) continue;
    try {
      byId.set(parseContractToml2(text, path).contract.id, name);
    } catch {
    }
  }
  return byId;
}

// src/github/handle-command.ts
async function handleCommand(options) {
  const { octokit, repo, issueNumber, comment, triggerPhrase, log } = options;
  const command = parseCommand(comment.body ?? "", triggerPhrase);
  if (!command) {
    log.info(`no ${triggerPhrase} command in the comment; nothing to do`);
    return [];
  }
  const commentId = comment.id;
  const user = comment.user;
  if (!user?.login) {
    log.info(`the ${triggerPhrase} comment names no author (a deleted account?); nothing to do`);
    return [];
  }
  const reply = (body) => postReply({ octokit, ...repo, issueNumber, body, dryRun: options.dryRun });
  const reaction = (content) => react(octokit, { ...repo, commentId, content, dryRun: options.dryRun });
  let auth;
  try {
    auth = await authorizeActor({
      octokit,
      ...repo,
      actor: { login: user.login, id: user.id ?? null, type: user.type ?? "User" },
      allowedUsers: options.allowedUsers,
      allowedBots: options.allowedBots
    });
  } catch (error) {
    log.warning(`could not check ${user.login}'s permission: ${error.message}`);
    try {
      await reaction("confused");
      await reply(permissionLookupFailed(user.login, error, triggerPhrase));
    } catch (answer) {
      log.warning(`could not say so on the pull request either: ${answer.message}`);
    }
    throw error;
  }
  if (!auth.allowed) {
    log.info(`${user.login} may not trigger truss (${auth.reason})`);
    const told = await alreadyRefused({
      octokit,
      repo,
      issueNumber,
      login: user.login,
      authors: await resolveAuthors(options.authors)
    });
    if (told) await reaction("confused");
    else await reply(refusalReply(user.login, auth.reason, triggerPhrase));
    return [];
  }
  log.info(`${user.login} may trigger truss (${auth.reason})`);
  if (options.acknowledge !== false) await reaction("eyes");
  switch (command.kind) {
    case "help":
      await reply(helpText(triggerPhrase));
      await reaction("rocket");
      return [];
    case "status":
      await reply(await statusText(octokit, repo, issueNumber, await resolveAuthors(options.authors)));
      await reaction("rocket");
      return [];
    case "approve":
    case "reject": {
      if ((user.type ?? "User").toLowerCase() === "bot" || !MAINTAINER_LEVELS.has(auth.permission)) {
        log.info(`${user.login} may not ${command.kind} a gated run (${auth.permission} access)`);
        await reply(
          `\`${triggerPhrase} ${command.kind}\` is for maintainers: it decides whether a gated step runs. @${user.login} has ${auth.permission} access; a maintainer with write access can ${command.kind} it, or approve the pull request in a review.`
        );
        await reaction("confused");
        return [];
      }
      if (command.kind === "approve" && sameAccount(await (options.pullRequestAuthor ?? readAuthor(octokit, repo, issueNumber))(), user)) {
        log.info(`${user.login} opened this pull request and may not approve its gated run`);
        await reply(
          `@${user.login} opened this pull request, so approving its gated step is someone else's decision, as GitHub does not let an author approve their own pull request. Another maintainer with write access can \`${triggerPhrase} approve\` it (or approve the pull request in a review); \`${triggerPhrase} reject\` stays open to you.`
        );
        await reaction("confused");
        return [];
      }
      if (!options.decide) {
        await reply(
          "Nothing on this pull request is waiting for approval (no run is suspended on an approval gate). To sign off on a verdict, approve the pull request in a review."
        );
        await reaction("confused");
        return [];
      }
      try {
        const outcome = await options.decide({
          kind: command.kind,
          decision: command.kind === "approve" ? "approved" : "rejected",
          note: command.note,
          actor: { login: user.login, id: comment.user?.id ?? null },
          source: { comment_id: commentId, url: comment.html_url ?? null }
        });
        if (outcome.reply !== null) await reply(outcome.reply);
        await reaction(outcome.ok ? "rocket" : "confused");
        return outcome.results ?? [];
      } catch (error) {
        await reaction("confused");
        await reply(`truss could not record the decision: ${error.message}`);
        throw error;
      }
    }
    case "memory":
      return memoryCommand(options, command, auth.permission, reply, reaction);
    case "run":
    case "verify":
    case "run-failed": {
      try {
        const request = command.kind === "run-failed" ? await failedRequest(octokit, repo, issueNumber, reply, log, options.authors) : {
          contracts: command.kind === "run" && command.contract ? [command.contract] : options.defaultContracts,
          intent: command.kind === "run" ? command.intent : null,
          // `/truss verify` judges the pull request as it is; `/truss run` may also execute the contract.
          verifyOnly: command.kind === "verify",
          named: command.kind === "run" && command.contract !== null
        };
        if (request === null) {
          await reaction("rocket");
          return [];
        }
        const results = await options.runContracts(request);
        const ok = options.succeeded ? options.succeeded(results) : results.every((r) => r.overall === "pass");
        await reaction(ok ? "rocket" : "confused");
        return results;
      } catch (error) {
        await reaction("confused");
        await reply(`truss could not run: ${error.message}`);
        throw error;
      }
    }
    default: {
      const reason = command.kind === "invalid" ? command.reason : `"${inlineText(command.word.slice(0, 70))}" is not a truss command`;
      await reply(`${reason}

${helpText(triggerPhrase)}`);
      await reaction("confused");
      return [];
    }
  }
}
function permissionLookupFailed(login, error, trigger) {
  const status = statusOf(error);
  const why = isRateLimitError(error) ? `GitHub's rate limit stopped the lookup (HTTP ${status})` : status === 403 ? "GitHub refused the lookup (HTTP 403): the token may read neither the repository nor its collaborators" : status !== void 0 && status >= 500 ? `GitHub did not answer it (HTTP ${status}, after retries)` : status !== void 0 ? `GitHub answered HTTP ${status}` : "GitHub could not be reached";
  return `Truss could not check whether @${login} may run \`${trigger}\` commands (${why}), so nothing ran. Comment the command again in a few minutes; if this keeps happening, check GitHub's status and that the token (or the App installation) can read this repository.`;
}
function readAuthor(octokit, repo, issueNumber) {
  return async () => {
    const { data } = await octokit.rest.pulls.get({ ...repo, pull_number: issueNumber });
    return data.user ? { login: data.user.login, id: data.user.id } : null;
  };
}
function sameAccount(author, user) {
  if (!author) return false;
  if (author.id !== null && user.id !== void 0) return author.id === user.id;
  return author.login.toLowerCase() === user.login.toLowerCase();
}
var MAINTAINER_LEVELS = /* @__PURE__ */ new Set(["admin", "maintain", "write"]);
async function memoryCommand(options, command, permission, reply, reaction) {
  const { comment, triggerPhrase } = options;
  const user = comment.user ?? { login: "unknown", type: "User" };
  const refuse = async (why) => {
    options.log.info(`memory ${command.action} refused: ${why}`);
    await reply(why);
    await reaction("confused");
    return [];
  };
  if ((user.type ?? "User").toLowerCase() === "bot" || !MAINTAINER_LEVELS.has(permission))
    return refuse(
      `\`${triggerPhrase} memory ${command.action}\` is for maintainers: it decides what every later run is told. @${user.login} has ${permission} access; a maintainer with write access can run it.`
    );
  if (!options.memory)
    return refuse(
      "Memory decisions are not set up here: the workflow needs `ledger-branch` and a `signing-key` (docs/memory.md)."
    );
  try {
    const outcome = await options.memory({
      action: command.action,
      entry: command.entry,
      reason: command.reason,
      actor: { login: user.login, id: comment.user?.id ?? null, permission },
      source: { comment_id: comment.id, url: comment.html_url ?? null }
    });
    if (outcome.reply !== null) await reply(outcome.reply);
    await reaction(outcome.ok ? "rocket" : "confused");
    return outcome.results ?? [];
  } catch (error) {
    await reaction("confused");
    await reply(`truss could not decide the memory entry: ${inlineText(error.message, 2e3)}`);
    throw error;
  }
}
async function failedRequest(octokit, repo, issueNumber, reply, log, authors) {
  const { data: pr } = await octokit.rest.pulls.get({ ...repo, pull_number: issueNumber });
  const failed = await failedContracts({
    octokit,
    repo,
    headSha: pr.head.sha,
    prNumber: issueNumber,
    authors: await resolveAuthors(authors),
    ref: pr.base.sha
  });
  const head = pr.head.sha.slice(0, 7);
  if (failed.missing.length > 0)
    await reply(
      `These contracts failed on ${head} but are no longer in \`${CONTRACTS_DIR}/\` on the base branch, so they cannot run again: ${failed.missing.map((id) => codeSpan(id)).join(", ")}.`
    );
  if (failed.names.length === 0) {
    if (failed.missing.length === 0)
      await reply(`No contract's last verdict on ${head} was FAIL or UNVERIFIABLE: nothing to run again.`);
    return null;
  }
  log.info(`running again the contracts that failed on ${head}: ${failed.names.join(", ")}`);
  return { contracts: failed.names, intent: null, verifyOnly: false, named: true };
}
async function statusText(octokit, repo, prNumber, authors) {
  const { data: pr } = await octokit.rest.pulls.get({ ...repo, pull_number: prNumber });
  const runs = [
    ...(await newestTrussChecks({ octokit, repo, headSha: pr.head.sha, prNumber, authors })).values()
  ];
  if (runs.length === 0) return `No truss check runs on ${pr.head.sha.slice(0, 7)} yet.`;
  const rows = runs.map((run) => {
    const url = safeUrl(run.url);
    const name = url ? `[${codeSpan(run.name)}](${url})` : codeSpan(run.name);
    return `| ${name} | ${codeSpan(run.status)} | ${codeSpan(run.conclusion ?? "\u2014")} |`;
  });
  return [
    `truss status for ${pr.head.sha.slice(0, 7)}:`,
    "",
    "| check | status | conclusion |",
    "|---|---|---|",
    ...rows
  ].join("\n");
}

// src/github/fork-head.ts
function isForkHead(head, base) {
  const headName = head?.full_name?.toLowerCase();
  return !(headName !== void 0 && headName !== "" && headName === base?.full_name?.toLowerCase());
}

// src/github/pushed-after-comment.ts
var PushedAfterCommentError = class extends Error {
  name = "PushedAfterCommentError";
};
function refusePushAfterComment(pr, commentCreatedAt, verb = "run") {
  const reason = pushedAfterComment(pr, commentCreatedAt, verb);
  if (reason !== null) throw new PushedAfterCommentError(reason);
}
function pushedAfterComment(pr, commentCreatedAt, verb = "run") {
  if (!isForkHead(pr.head.repo, pr.base.repo)) return null;
  const commented = Date.parse(commentCreatedAt ?? "");
  const pushed = Date.parse(pr.head.repo?.pushed_at ?? "");
  const again = `review the pull request as it is now and comment again to ${verb} it`;
  if (Number.isNaN(commented) || Number.isNaN(pushed))
    return `GitHub did not say when the fork was last pushed to, so Truss cannot tell whether head ${pr.head.sha.slice(0, 12)} is what you saw; ${again}`;
  if (pushed > commented)
    return `the fork ${pr.head.repo?.full_name ?? ""} was pushed to at ${new Date(pushed).toISOString()}, after your comment (${new Date(commented).toISOString()}), so head ${pr.head.sha.slice(0, 12)} may not be the code you read; ${again}`;
  return null;
}

// src/github/suspended-session.ts
var SuspendedMetaSchema = external_exports.object({
  contract: external_exports.string().regex(CONTRACT_NAME),
  session_id: external_exports.string().regex(SESSION_ID),
  status: external_exports.literal("suspended"),
  head_sha: external_exports.string().regex(/^[0-9a-f]{40}$/).optional(),
  head_hash: external_exports.string().regex(/^[0-9a-f]{64}$/),
  head_seq: external_exports.number().int().nonnegative(),
  workflow_run_id: external_exports.union([external_exports.number().int().positive(), external_exports.string().regex(/^\d+$/)]).transform((id) => String(id)),
  artifact_id: external_exports.number().int().nullable().optional(),
  /** When GitHub says the sticky was last written (session-meta.ts), never the body's word. */
  written_at: external_exports.number().optional()
});
async function findSuspendedSessions(octokit, repo, prNumber, authors) {
  const latest = /* @__PURE__ */ new Map();
  for (const meta of await listSessionMetas(octokit, repo, prNumber, authors))
    if (typeof meta.contract === "string") latest.set(meta.contract, meta);
  const suspended = [];
  for (const meta of latest.values()) {
    const parsed = SuspendedMetaSchema.safeParse(meta);
    if (parsed.success) suspended.push(parsed.data);
  }
  return suspended;
}
async function findSuspendedSession(octokit, repo, prNumber, authors, contract) {
  const waiting = await findSuspendedSessions(octokit, repo, prNumber, authors);
  return waiting.filter((m) => !contract || m.contract === contract).at(-1) ?? null;
}
function suspendedAfterComment(sessions, commentCreatedAt) {
  const commented = Date.parse(commentCreatedAt ?? "");
  if (Number.isNaN(commented)) return sessions[0] ?? null;
  return sessions.find((s) => (s.written_at ?? 0) > commented) ?? null;
}

// src/github/artifact-zip.ts
import { inflateRawSync } from "node:zlib";
var ArtifactZipError = class extends Error {
  constructor(message) {
    super(message);
    this.name = "ArtifactZipError";
  }
};
var MAX_ARTIFACT_FILE_BYTES = 256 * 1024 * 1024;
function readZipFiles(zip, want, maxBytes = MAX_ARTIFACT_FILE_BYTES, maxFiles = Number.POSITIVE_INFINITY) {
  const u16 = (at2) => {
    if (at2 < 0 || at2 + 2 > zip.length) throw new ArtifactZipError("truncated zip");
    return zip.readUInt16LE(at2);
  };
  const u32 = (at2) => {
    if (at2 < 0 || at2 + 4 > zip.length) throw new ArtifactZipError("truncated zip");
    return zip.readUInt32LE(at2);
  };
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65535); i--) {
    if (zip.readUInt32LE(i) === 101010256) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ArtifactZipError("not a zip: no end-of-central-directory record");
  const count2 = u16(eocd + 10);
  let at = u32(eocd + 16);
  const wanted = /* @__PURE__ */ new Map();
  for (let n = 0; n < count2; n++) {
    if (u32(at) !== 33639248) throw new ArtifactZipError("bad central directory entry");
    const entry = {
      method: u16(at + 10),
      compressedSize: u32(at + 20),
      size: u32(at + 24),
      name: zip.toString("utf8", at + 46, Math.min(zip.length, at + 46 + u16(at + 28))),
      localOffset: u32(at + 42)
    };
    const { name } = entry;
    at += 46 + u16(at + 28) + u16(at + 30) + u16(at + 32);
    if (/^[/\\]|^[A-Za-z]:|\\|(^|\/)\.\.(\/|$)/.test(name) || name.includes("\0"))
      throw new ArtifactZipError(`unsafe file name ${JSON.stringify(name.slice(0, 200))} in the zip`);
    if (!want(name)) continue;
    if (wanted.has(name))
      throw new ArtifactZipError(`${JSON.stringify(name.slice(0, 200))} is listed more than once in the zip`);
    if (wanted.size >= maxFiles)
      throw new ArtifactZipError(
        `more than ${maxFiles} matching file${maxFiles === 1 ? "" : "s"} in the zip (${[...wanted.keys(), name].map((n2) => JSON.stringify(n2.slice(0, 200))).join(", ")})`
      );
    if (entry.size > maxBytes)
      throw new ArtifactZipError(`${name} is ${entry.size} bytes, over the ${maxBytes}-byte limit`);
    wanted.set(name, entry);
  }
  const files = /* @__PURE__ */ new Map();
  for (const { name, method, compressedSize, localOffset } of wanted.values()) {
    if (u32(localOffset) !== 67324752) throw new ArtifactZipError("bad local file header");
    const dataStart = localOffset + 30 + u16(localOffset + 26) + u16(localOffset + 28);
    if (dataStart + compressedSize > zip.length)
      throw new ArtifactZipError(`${name} runs past the end of the zip`);
    const data = zip.subarray(dataStart, dataStart + compressedSize);
    if (method === 0) files.set(name, Buffer.from(data));
    else if (method === 8) {
      try {
        files.set(name, inflateRawSync(data, { maxOutputLength: maxBytes }));
      } catch (error) {
        throw new ArtifactZipError(`cannot inflate ${name}: ${error.message}`);
      }
    } else throw new ArtifactZipError(`unsupported zip method ${method} for ${name}`);
  }
  return files;
}

// src/github/artifact-bundle.ts
async function downloadArtifactBundleText(options) {
  const { octokit, owner, repo, artifactId } = options;
  let zip;
  try {
    const { data } = await octokit.rest.actions.downloadArtifact({
      owner,
      repo,
      artifact_id: artifactId,
      archive_format: "zip"
    });
    zip = Buffer.from(data);
  } catch (error) {
    throw toMissingPermission(error, "actions: read", `download the ledger artifact ${artifactId}`);
  }
  const wanted = ledgerBundleFileName(options.sessionId);
  const files = readZipFiles(
    zip,
    (name) => name === wanted || name.endsWith(`/${wanted}`),
    options.maxBytes,
    1
  );
  const text = [...files.values()][0]?.toString("utf8");
  if (text === void 0) throw new ArtifactZipError(`artifact ${artifactId} holds no ${wanted}`);
  return text;
}

// src/github/ledger-store-branch.ts
import { readFileSync as readFileSync5 } from "node:fs";

// src/github/ledger-branch.ts
var BranchMovedError = class extends Error {
  name = "BranchMovedError";
};
async function commitFilesToBranch(options) {
  const { octokit, owner, repo, message, dryRun } = options;
  const branch = normalizeBranch(options.branch);
  if (options.files.length === 0) throw new Error("commitFilesToBranch needs at least one file");
  const paths = options.files.map((file) => normalizePath2(file.path));
  if (new Set(paths).size !== paths.length)
    throw new Error("commitFilesToBranch was given the same path twice");
  if (dryRun) {
    octokit.log.info(`dry run: would commit ${paths.join(", ")} to ${branch}`);
    return null;
  }
  try {
    const blobs = [];
    for (const file of options.files) {
      const content = (typeof file.content === "string" ? Buffer.from(file.content, "utf8") : file.content).toString("base64");
      const { data } = await octokit.rest.git.createBlob({ owner, repo, content, encoding: "base64" });
      blobs.push(data.sha);
    }
    const entries = paths.map((path, i) => ({
      path,
      mode: "100644",
      type: "blob",
      sha: blobs[i]
    }));
    const pinned = options.parent;
    const attempt = async () => {
      const parent = pinned === void 0 ? await branchHead(octokit, owner, repo, branch) : pinned === null ? null : { commitSha: pinned, treeSha: await treeOf(octokit, owner, repo, pinned) };
      const { data: tree } = await octokit.rest.git.createTree({
        owner,
        repo,
        tree: entries,
        ...parent ? { base_tree: parent.treeSha } : {}
      });
      const { data: commit } = await octokit.rest.git.createCommit({
        owner,
        repo,
        message,
        tree: tree.sha,
        parents: parent ? [parent.commitSha] : []
      });
      if (parent) {
        await octokit.rest.git.updateRef({
          owner,
          repo,
          ref: `heads/${branch}`,
          sha: commit.sha,
          force: false
        });
      } else {
        await octokit.rest.git.createRef({ owner, repo, ref: `refs/heads/${branch}`, sha: commit.sha });
      }
      return { commitSha: commit.sha, url: commit.html_url };
    };
    try {
      return await attempt();
    } catch (error) {
      if (statusOf(error) !== 422) throw error;
      if (pinned !== void 0)
        throw new BranchMovedError(`${branch} moved away from ${pinned ?? "nothing"} while committing`);
      octokit.log.warn(
        `${branch} moved while committing the ledger (HTTP 422); retrying once on the new head`
      );
      return await attempt();
    }
  } catch (error) {
    throw toMissingPermission(error, "contents: write", `commit to the ${branch} branch`);
  }
}
async function branchHead(octokit, owner, repo, branch) {
  let commitSha;
  try {
    const { data } = await octokit.rest.git.getRef({ owner, repo, ref: `heads/${branch}` });
    commitSha = data.object.sha;
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw error;
  }
  return { commitSha, treeSha: await treeOf(octokit, owner, repo, commitSha) };
}
async function treeOf(octokit, owner, repo, commitSha) {
  const { data: commit } = await octokit.rest.git.getCommit({ owner, repo, commit_sha: commitSha });
  return commit.tree.sha;
}
function normalizeBranch(branch) {
  const name = branch.replace(/^refs\/heads\//, "");
  if (name === "" || name.includes("..") || /[\s~^:?*[\\]/.test(name) || name.startsWith("/") || name.endsWith("/")) {
    throw new Error(`not a valid branch name: ${JSON.stringify(branch)}`);
  }
  return name;
}
function normalizePath2(path) {
  const trimmed = path.replace(/^\/+/, "");
  if (trimmed === "" || trimmed.endsWith("/") || trimmed.split("/").some((s) => s === "" || s === "." || s === "..")) {
    throw new Error(`not a valid file path for the ledger branch: ${JSON.stringify(path)}`);
  }
  return trimmed;
}

// src/github/ledger-store-branch.ts
function ledgerBranchPath(sessionId) {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(sessionId))
    throw new Error(`invalid session id ${JSON.stringify(sessionId)}`);
  return `sessions/${sessionId}.json`;
}
async function saveBundleToLedgerBranch(options) {
  if (options.dryRun || options.bundles.length === 0) return null;
  return commitFilesToBranch({
    octokit: options.octokit,
    owner: options.owner,
    repo: options.repo,
    branch: options.branch,
    files: options.bundles.map((bundle) => ({
      path: ledgerBranchPath(bundle.sessionId),
      content: readFileSync5(bundle.bundlePath)
    })),
    message: options.message,
    dryRun: false
  });
}
async function loadBundleFromLedgerBranch(options) {
  return readRepoFile({
    octokit: options.octokit,
    owner: options.owner,
    repo: options.repo,
    path: ledgerBranchPath(options.sessionId),
    ref: options.branch
  });
}

// src/github/retract-sign-off.ts
import { writeFileSync as writeFileSync5 } from "node:fs";
import { join as join16 } from "node:path";

// src/github/sign-off-evidence.ts
import { writeFileSync as writeFileSync4 } from "node:fs";
import { join as join15 } from "node:path";
async function readStoredEvidence(options, meta) {
  const sessionId = meta.session_id;
  const text = await fetchBundleText(options, meta);
  if (text === null)
    return {
      title: "Evidence not found",
      message: `No stored bundle for session ${sessionId}: it is not on the ledger branch and its sticky comment names no artifact. Enable upload-artifact or ledger-branch on the run workflow, run the contract again, then review.`
    };
  let bundle;
  try {
    bundle = parseBundle(text, `bundle of session ${sessionId}`);
  } catch (error) {
    return { title: "Evidence did not verify (unreadable bundle)", message: error.message };
  }
  if (bundle.ledger.session_id !== sessionId)
    return {
      title: "Evidence did not verify (another session)",
      message: `The bundle stored for session ${sessionId} is the ledger of session ${String(bundle.ledger.session_id).slice(0, 80)}; nothing was signed.`
    };
  return { meta, bundle };
}
function verifyEvidence(evidence, trusted) {
  const report = verifyBundle(evidence.bundle, {
    crypto: createNodeCrypto(),
    trusted,
    receipts: checkReceipt
  });
  if (report.status === "failed" || report.status === "incomplete" || report.status === "suspended")
    return {
      title: `Evidence did not verify (${report.status})`,
      message: report.failure?.message ?? (report.status === "suspended" ? "the run is suspended: its decision and verdict are not in this bundle, so there is no finished run to sign off" : "the run did not finish")
    };
  return { pinned: report.status === "verified" };
}
function signEvidence(options, evidence, decision, reviewer) {
  const { review, pr, log } = options;
  const { bundle, meta } = evidence;
  const sessionId = meta.session_id;
  const recorded = readEntries(bundle.ledger.entries, HUMAN_REVIEW_KIND).find(
    (e) => e.payload.source?.review_id === review.id && e.payload.decision === decision
  );
  const verdictHead = judgedCommit(bundle);
  const reviewedSha = review.commit_id || null;
  const { bundle: extended, entry } = recorded ? { bundle, entry: recorded } : appendHumanReviewToBundle(bundle, reviewer, {
    decision,
    note: review.body ?? "",
    actor: { login: review.user.login, id: review.user.id },
    source: { review_id: review.id, commit_sha: reviewedSha, url: review.html_url ?? null }
  });
  if (recorded)
    log.info(`review ${review.id} is already signed into session ${sessionId} (seq ${entry.seq})`);
  const out = join15(options.outDir, ledgerBundleFileName(sessionId));
  writeFileSync4(out, `${JSON.stringify(extended)}
`);
  const atVerdictHead = verdictHead !== null && reviewedSha !== null && reviewedSha === verdictHead && verdictHead === pr.head.sha;
  const reviewed = reviewedSha === null ? "names no commit" : `is for ${reviewedSha.slice(0, 7)}`;
  const summary = [
    `**${decision}** by @${review.user.login} \u2014 signed \`human_review\` at seq ${entry.seq}, attesting head \`${entry.payload.attested_head_hash.slice(0, 16)}\u2026\` of session ${codeSpan(sessionId)}.`,
    `Evidence: ${evidence.pinned ? "verified against pinned keys" : "intact, but its signer is not pinned (set trusted-keys or .truss/trusted-keys)"}.`,
    atVerdictHead ? "" : verdictHead === null ? `The review ${reviewed}, but the run of session ${codeSpan(sessionId)} names no commit: its evidence cannot be shown to cover ${pr.head.sha.slice(0, 7)}. Run the contract on the pull request's checkout, then review.` : reviewedSha === null ? `The review names no commit, so it cannot be shown to have seen ${verdictHead.slice(0, 7)}, which the verdict covers. Approve the pull request again.` : `The review is for ${reviewedSha.slice(0, 7)}, but the verdict covers ${verdictHead.slice(0, 7)}: stale.`
  ].join("\n\n");
  return {
    sessionId,
    headHash: entry.entry_hash,
    bundlePath: out,
    pinned: evidence.pinned,
    atVerdictHead,
    fresh: !recorded,
    retracted: retractionOf(bundle.ledger.entries, review.id) !== null,
    summary
  };
}
function judgedCommit(bundle) {
  const verdict = readPayload("verdict", bundle.verdict);
  const fromVerdict = "payload" in verdict ? verdict.payload.git?.head_sha : null;
  if (fromVerdict) return fromVerdict;
  const started = bundle.ledger.entries.find((entry) => entry.kind === "run_started");
  const read2 = started ? readPayload("run_started", started.payload) : null;
  return (read2 && "payload" in read2 ? read2.payload.git?.head_sha : null) ?? null;
}
async function fetchBundleText(options, meta) {
  const sessionId = meta.session_id;
  if (options.ledgerBranch) {
    const text = await loadBundleFromLedgerBranch({
      octokit: options.octokit,
      ...options.repo,
      branch: options.ledgerBranch,
      sessionId
    });
    if (text) return text;
  }
  if (!meta.artifact_id) return null;
  return options.loadArtifactBundle({ ...meta, artifact_id: meta.artifact_id });
}

// src/github/retract-sign-off.ts
var DISMISSED_TITLE = "Review dismissed: awaiting a new approval";
function retractionOf(entries, reviewId) {
  const found = readEntries(entries, HUMAN_REVIEW_KIND).find(
    (e) => e.payload.source?.dismissed_review_id === reviewId
  );
  return found ? { seq: found.seq } : null;
}
async function retractSignOff(options, check) {
  const { octokit, repo, pr, review, log } = options;
  const dismissedBy = options.dismissedBy ?? null;
  const authors = await resolveAuthors(options.authors);
  const metas = await latestSessionsFor(octokit, repo, pr.number, pr.head.sha, authors);
  const stored = [];
  const unreadable = [];
  for (const meta of metas) {
    const read2 = await readStoredEvidence(options, meta);
    if ("bundle" in read2) stored.push(read2);
    else unreadable.push({ meta, failure: read2 });
  }
  const approving = stored.flatMap((evidence) => {
    const entries = evidence.bundle.ledger.entries;
    const approval = readEntries(entries, HUMAN_REVIEW_KIND).find(
      (e) => e.payload.source?.review_id === review.id && e.payload.decision === "approved"
    );
    return approval && !retractionOf(entries, review.id) ? [{ evidence, approval }] : [];
  });
  const who = dismissedBy ? ` by @${dismissedBy.login}` : "";
  if (unreadable.length > 0) {
    await check(
      "failure",
      "Dismissal not recorded: the evidence could not be read",
      `The review by @${review.user.login} was dismissed${who}, but the signed approval it gave could not be retracted: ${unreadable.map(
        ({ meta, failure }) => `${codeSpan(String(meta.session_id))}: ${inlineText(failure.message, 500)}`
      ).join("; ")}. The approval no longer counts; fix the stored evidence and approve again.`
    );
    return [];
  }
  if (approving.length === 0) {
    await check(
      "action_required",
      DISMISSED_TITLE,
      `The review by @${review.user.login} was dismissed${who}.`
    );
    return [];
  }
  const trusted = await trustedKeysFor(options.trustedKeys, octokit, repo, pr.base.sha);
  const reviewer = options.reviewSigner();
  if (trusted.size > 0 && !trusted.has(reviewer.publicKeyHex))
    trusted.set(reviewer.publicKeyHex, rolePin("review-signing-key", ["reviewer"]));
  const broken = approving.flatMap(({ evidence }) => {
    const outcome = verifyEvidence(evidence, trusted);
    return "pinned" in outcome ? [] : [{ meta: evidence.meta, failure: outcome }];
  });
  if (broken.length > 0) {
    await check(
      "failure",
      "Dismissal not recorded: the evidence did not verify",
      `The review by @${review.user.login} was dismissed${who}, but nothing was retracted: ${broken.map(
        ({ meta, failure }) => `${codeSpan(String(meta.session_id))}: ${inlineText(failure.message, 500)}`
      ).join("; ")}. The approval no longer counts.`
    );
    return [];
  }
  const retracted = approving.map(({ evidence, approval }) => {
    const source = {
      dismissed_review_id: review.id,
      retracts: { seq: approval.seq, entry_hash: approval.entry_hash },
      url: review.html_url ?? null
    };
    const { bundle, entry } = appendHumanReviewToBundle(evidence.bundle, reviewer, {
      decision: "needs_changes",
      note: `Review ${review.id} by @${review.user.login} was dismissed${who}: its approval (seq ${approval.seq}) no longer stands.`,
      actor: dismissedBy ?? { login: review.user.login, id: review.user.id },
      source
    });
    const sessionId = evidence.meta.session_id;
    const out = join16(options.outDir, ledgerBundleFileName(sessionId));
    writeFileSync5(out, `${JSON.stringify(bundle)}
`);
    return {
      sessionId,
      headHash: entry.entry_hash,
      bundlePath: out,
      seq: entry.seq,
      approvalSeq: approval.seq
    };
  });
  if (options.ledgerBranch)
    await saveBundleToLedgerBranch({
      octokit,
      ...repo,
      branch: options.ledgerBranch,
      bundles: retracted,
      message: `truss: retracted review ${review.id} by ${review.user.login} (dismissed) on ${retracted.map((one) => one.sessionId).join(", ")}`,
      dryRun: options.dryRun
    });
  log.info(`retracted dismissed review ${review.id} in ${retracted.map((one) => one.sessionId).join(", ")}`);
  await check(
    "action_required",
    DISMISSED_TITLE,
    [
      `The review by @${review.user.login} was dismissed${who}.`,
      ...retracted.map(
        (one) => `Session ${codeSpan(one.sessionId)}: the approval at seq ${one.approvalSeq} is retracted by a signed \`human_review\` (needs_changes) at seq ${one.seq}.`
      )
    ].join("\n\n")
  );
  return retracted.map(({ sessionId, headHash, bundlePath }) => ({ sessionId, headHash, bundlePath }));
}

// src/github/record-sign-off.ts
var DECISION = {
  approved: "approved",
  changes_requested: "needs_changes"
};
async function recordSignOff(options) {
  const { octokit, repo, pr, review, log } = options;
  const check = (conclusion, title, summary) => postHumanReviewCheck({
    octokit,
    ...repo,
    headSha: pr.head.sha,
    conclusion,
    title,
    summary,
    detailsUrl: options.detailsUrl,
    dryRun: options.dryRun
  });
  if (options.action === "dismissed") {
    try {
      return await retractSignOff(options, check);
    } catch (error) {
      const cause = error instanceof MissingPermissionError ? error.message : isRequestError(error) ? `GitHub answered ${statusOf(error)}` : `${error.name ?? "an error"} (see the ${options.detailsUrl ? "run" : "job"} log)`;
      try {
        await check(
          "failure",
          "Dismissal not recorded: the approval was not retracted",
          `The review by @${review.user.login} was dismissed, but its signed approval could not be retracted: ${cause}. The approval no longer counts; once that is fixed, re-run this job (or redeliver the dismissal) to sign the retraction.`
        );
      } catch (postError) {
        log.warning(`could not mark ${HUMAN_REVIEW_CHECK} failed: ${postError.name}`);
      }
      throw error;
    }
  }
  const decision = DECISION[String(review.state).toLowerCase()];
  if (options.action !== "submitted" || !decision) {
    log.info(`review state ${review.state} records no decision; nothing to sign`);
    return [];
  }
  try {
    return await signOff(options, decision, check);
  } catch (error) {
    if (!isRequestError(error) && !(error instanceof MissingPermissionError)) throw error;
    const cause = error instanceof MissingPermissionError ? error.message : `GitHub answered ${statusOf(error)}`;
    try {
      await check(
        "failure",
        "Sign-off not recorded: the review could not be processed",
        `The ${decision === "approved" ? "approval" : "change request"} by @${review.user.login} was not recorded: ${cause} (see the ${options.detailsUrl ? "run" : "job"} log). Once that is fixed, submit the review again.`
      );
    } catch (postError) {
      log.warning(`could not mark ${HUMAN_REVIEW_CHECK} failed: ${postError.name}`);
    }
    throw error;
  }
}
async function signOff(options, decision, check) {
  const { octokit, repo, pr, review, log } = options;
  const auth = await authorizeActor({
    octokit,
    ...repo,
    actor: { login: review.user.login, id: review.user.id ?? null, type: review.user.type ?? "User" }
  });
  if (!auth.allowed) {
    log.info(
      `${review.user.login} has no write permission (${auth.reason}); the review is not recorded as a sign-off`
    );
    return [];
  }
  const authors = await resolveAuthors(options.authors);
  const metas = await latestSessionsFor(octokit, repo, pr.number, pr.head.sha, authors);
  if (metas.length === 0) {
    await check(
      "action_required",
      "No truss verdict for this commit yet",
      `There is no truss run for ${pr.head.sha.slice(0, 7)}; run the contracts first, then review.`
    );
    return [];
  }
  const gates = metas.flatMap((meta) => {
    const gate = SuspendedMetaSchema.safeParse(meta);
    return gate.success ? [gate.data] : [];
  });
  if (gates.length > 0) {
    if (!options.releaseGate || review.commit_id !== pr.head.sha) {
      log.info(
        `${gates.map((gate) => `session ${gate.session_id}`).join(", ")} ${gates.length === 1 ? "waits" : "wait"} on an approval gate; this review does not release it`
      );
      return [];
    }
    for (const gate of gates) await options.releaseGate(gate, decision);
    return [];
  }
  const several = metas.length > 1;
  const failed = (failures) => check(
    "failure",
    failures[0].failure.title,
    failures.map(
      ({ meta, failure }) => several ? `Contract ${codeSpan(meta.contract ?? "?")} (session ${codeSpan(String(meta.session_id))}): ${inlineText(failure.message, 2e3)}` : inlineText(failure.message, 2e3)
    ).join("\n\n") + (several ? "\n\nNothing was signed: a sign-off covers every contract run on this commit." : "")
  );
  const stored = [];
  const unreadable = [];
  for (const meta of metas) {
    const read2 = await readStoredEvidence(options, { ...meta, session_id: meta.session_id });
    if ("bundle" in read2) stored.push(read2);
    else unreadable.push({ meta, failure: read2 });
  }
  if (unreadable.length > 0) {
    await failed(unreadable);
    return [];
  }
  const reviewer = options.reviewSigner();
  const trusted = await trustedKeysFor(options.trustedKeys, octokit, repo, pr.base.sha);
  if (trusted.size > 0 && !trusted.has(reviewer.publicKeyHex))
    trusted.set(reviewer.publicKeyHex, rolePin("review-signing-key", ["reviewer"]));
  const verified = [];
  const unverified = [];
  for (const evidence of stored) {
    const outcome = verifyEvidence(evidence, trusted);
    if ("pinned" in outcome) verified.push({ ...evidence, pinned: outcome.pinned });
    else unverified.push({ meta: evidence.meta, failure: outcome });
  }
  if (unverified.length > 0) {
    await failed(unverified);
    return [];
  }
  const signed = [];
  for (const evidence of verified) signed.push(signEvidence(options, evidence, decision, reviewer));
  const fresh = signed.filter((one) => one.fresh);
  if (options.ledgerBranch && fresh.length > 0) {
    await saveBundleToLedgerBranch({
      octokit,
      ...repo,
      branch: options.ledgerBranch,
      bundles: fresh,
      message: `truss: ${decision} by ${review.user.login} on ${fresh.map((one) => one.sessionId).join(", ")}`,
      dryRun: options.dryRun
    });
  }
  const summary = signed.map(
    (one, i) => several ? `### Contract ${codeSpan(verified[i]?.meta.contract ?? "?")}

${one.summary}` : one.summary
  ).join("\n\n");
  if (decision === "approved" && signed.some((one) => one.retracted))
    await check(
      "action_required",
      DISMISSED_TITLE,
      `${summary}

This review was dismissed and its approval retracted in the ledger; a new approval is needed.`
    );
  else if (decision === "approved" && signed.every((one) => one.atVerdictHead && one.pinned))
    await check("success", `Approved by ${review.user.login}`, summary);
  else if (decision === "approved")
    await check("action_required", "Approval does not cover the verified evidence", summary);
  else await check("failure", `Changes requested by ${review.user.login}`, summary);
  return signed.map(({ sessionId, headHash, bundlePath }) => ({ sessionId, headHash, bundlePath }));
}

export {
  statusOf,
  isRateLimitError,
  createOctokit,
  MissingPermissionError,
  toMissingPermission,
  startCheckRun,
  completeCheckRun,
  findCheckRuns,
  HeadMismatchError,
  logLines,
  inlineText,
  codeSpan,
  safeUrl,
  clipHead,
  DEFAULT_TRIGGER,
  parseCommand,
  encodeRunRequestId,
  decodeRunRequestId,
  TRUSS_CHECK_ID,
  ACTIONS_BOT,
  parseTrussAuthors,
  warnUnlistedPoster,
  isTrussComment,
  stickyMarker,
  postHumanReviewCheck,
  markHumanReviewStale,
  MEMORY_VERDICT_KIND,
  MEMORY_SESSION_KIND,
  readMemoryVerdict,
  signDecision,
  evidenceSessions,
  supersededBy,
  createCtx,
  nextTrust,
  findEntry,
  evalEvidenceProblem,
  LogError,
  checkReceipt,
  LOG_FILES,
  TransparencyLog,
  anchorInLog,
  anchorSession,
  nodeTreeHasher,
  BranchMovedError,
  commitFilesToBranch,
  branchHead,
  readRepoFile,
  upsertStickyComment,
  readStickyMetadata,
  listSessionMetas,
  LEDGER_ARTIFACT_PREFIX,
  DEFAULT_LEDGER_BRANCH,
  ledgerArtifactName,
  ledgerBundleFileName,
  sessionIdOfArtifact,
  htmlReportFileName,
  REPORT_FILE_NAME,
  LEDGER_DB_FILE_NAME,
  WORKDIR_PATCH_FILE_NAME,
  WORKDIR_PATCH_STATEMENT_FILE_NAME,
  attestationPaths,
  legArtifactName,
  legOfArtifact,
  LEG_PATCH_FILE_NAME,
  fanoutSessionId,
  checkMcpPinning,
  CONFIG_FILE,
  placedFindings,
  seatLabel,
  startEval,
  formatCount,
  evalPromotionArms,
  decideFromEval,
  admitLeg,
  importLeg,
  describeIsolation,
  createRunIsolation,
  reportFromEntries,
  prepareRun,
  startRun,
  resumeRun,
  verifySection,
  formatUsd,
  formatTokens,
  renderCheckOutput,
  renderStickyComment,
  conclusionFor,
  renderJobSummary,
  WORKFLOW_FILE,
  GITHUB_CONTRACT_FORMAT,
  githubSettings,
  parseConfigToml2 as parseConfigToml,
  resolveContractSources2 as resolveContractSources,
  appReviewComments,
  listPullRequestFiles,
  lazyChangedFiles,
  pathSkipOnHead,
  reportSkippedContract,
  contractPathSkip,
  listContractNames,
  loadContractsAtRef,
  trustedKeysFor,
  allowListSchema,
  authorizeActor,
  politeDenial,
  react,
  issueNoteMarker,
  issueNoteReply,
  alreadyAnswered,
  postReply,
  handleCommand,
  saveBundleToLedgerBranch,
  loadBundleFromLedgerBranch,
  isForkHead,
  refusePushAfterComment,
  pushedAfterComment,
  findSuspendedSessions,
  findSuspendedSession,
  suspendedAfterComment,
  ArtifactZipError,
  downloadArtifactBundleText,
  recordSignOff
};
