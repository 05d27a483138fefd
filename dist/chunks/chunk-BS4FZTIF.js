#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  Octokit,
  paginateRest,
  restEndpointMethods
} from "./chunk-UYVQNA3J.js";

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
  constructor(status, statusText, url, headers, bytes, redirects) {
    this.status = status;
    this.statusText = statusText;
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
  return new Promise((resolve, reject) => {
    const outgoing = tunnel ? httpsRequest(
      url,
      {
        method,
        headers,
        agent: false,
        createConnection: () => tlsConnect({ socket: tunnel, servername: url.hostname })
      },
      resolve
    ) : proxy ? requestTo(proxy)(
      {
        ...proxyAddress(proxy),
        path: url.href,
        method,
        headers: { ...headers, ...proxyHeaders(proxy), host: url.host }
      },
      resolve
    ) : (protocol === "https:" ? httpsRequest : httpRequest)(
      url,
      { method, headers, agent: agents[protocol] },
      resolve
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
  return new Promise((resolve, reject) => {
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
      () => resolve(
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
  return new Promise((resolve, reject) => {
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
      if (response.statusCode === 200) return resolve(socket);
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
    return new Promise((resolve) => this.waiting.push(resolve));
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
var sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
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
    const seconds = Number(headers["retry-after"]);
    return {
      kind: "secondary",
      retryAfter: Number.isFinite(seconds) && seconds >= 0 ? seconds : SECONDARY_FALLBACK_SECONDS
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

export {
  isRequestError,
  statusOf,
  isRateLimitError,
  DEFAULT_GITHUB_API_URL,
  createOctokit,
  MissingPermissionError,
  toMissingPermission
};
