/**
 * The `fetch` the GitHub client uses by default: the part of the Fetch API that `@octokit/request`
 * calls, over `node:http`/`node:https`.
 *
 * Why not the global fetch: in Node 20 the first global `fetch` loads and starts Node's internal
 * undici (a large bundle and a WebAssembly HTTP parser), about 50–120 ms of CPU in a process that
 * lives for one Action step. `node:http` is already part of Node's start-up snapshot. Interceptors
 * (nock) see these requests, and a host can still inject any fetch (`createOctokit({ fetch })`).
 *
 * What it implements, as fetch does: redirects (`follow` up to 20, `manual`, `error`; 303 and a
 * POST's 301/302 become GET; the `authorization` header is dropped when a redirect leaves the
 * origin, so a token never reaches an artifact's storage host), `AbortSignal`, gzip/deflate/brotli
 * bodies, and network failures as `TypeError('fetch failed', { cause })`. Behind a proxy it honours
 * `HTTPS_PROXY`/`HTTP_PROXY` and `NO_PROXY` as `@actions/http-client` does (`proxy-env.ts`): HTTPS
 * through a `CONNECT` tunnel, plain HTTP in absolute form.
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { proxyFor } from './proxy-env.js';

const MAX_REDIRECTS = 20;
/** undici's default headers/body timeout: a stalled connection fails instead of holding the job. */
const IDLE_TIMEOUT_MS = 300_000;

const agents = {
  'http:': new HttpAgent({ keepAlive: true }),
  'https:': new HttpsAgent({ keepAlive: true }),
};

/** The response headers, as the Fetch API's `Headers` is read by Octokit (lower-case names). */
class ResponseHeaders {
  readonly #values = new Map<string, string>();

  constructor(raw: IncomingMessage['headers']) {
    for (const [name, value] of Object.entries(raw)) {
      if (value === undefined) continue;
      this.#values.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : value);
    }
  }

  get(name: string): string | null {
    return this.#values.get(name.toLowerCase()) ?? null;
  }

  has(name: string): boolean {
    return this.#values.has(name.toLowerCase());
  }

  forEach(callback: (value: string, name: string) => void): void {
    for (const [name, value] of this.#values) callback(value, name);
  }

  entries(): IterableIterator<[string, string]> {
    return this.#values.entries();
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.#values.entries();
  }
}

/** A fully read response: Octokit reads every body it receives. */
class BufferedResponse {
  readonly ok: boolean;
  readonly redirected: boolean;
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly url: string,
    readonly headers: ResponseHeaders,
    private readonly bytes: Buffer,
    redirects: number,
  ) {
    this.ok = status >= 200 && status < 300;
    this.redirected = redirects > 0;
  }

  async text(): Promise<string> {
    return this.bytes.toString('utf8');
  }

  async json(): Promise<unknown> {
    return JSON.parse(this.bytes.toString('utf8'));
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const copy = new ArrayBuffer(this.bytes.byteLength);
    new Uint8Array(copy).set(this.bytes);
    return copy;
  }
}

type Body = string | Uint8Array | ArrayBuffer | undefined | null;

interface Attempt {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
  signal: AbortSignal | undefined;
}

/** The proxy settings a fetch honours: `HTTPS_PROXY`, `HTTP_PROXY`, `NO_PROXY` (either case). */
export type ProxyEnv = Record<string, string | undefined>;

/**
 * `fetch(url, init)` for the GitHub client, routing through the proxy `env` names. Resolves with a
 * fully read response; rejects with a `TypeError` on a network failure and with an `AbortError`
 * when `init.signal` aborts.
 */
export function createHttpFetch(env: ProxyEnv = {}, options: { maxBodyBytes?: number } = {}) {
  const limit = options.maxBodyBytes ?? MAX_BODY_BYTES;
  return (input: string | URL, init: RequestInit = {}) => httpFetchVia(env, input, init, limit);
}

/**
 * The most a response body may hold once decoded. Bodies are read whole, and some are as long as
 * the judged code makes them (a job log its CI printed, an artifact its workflow uploaded): past
 * this the request fails instead of the process running out of memory.
 */
export const MAX_BODY_BYTES = 512 * 1024 * 1024;

/** `createHttpFetch()` without a proxy. */
export const httpFetch = createHttpFetch();

async function httpFetchVia(
  env: ProxyEnv,
  input: string | URL,
  init: RequestInit,
  limit: number,
): Promise<BufferedResponse> {
  const redirect = init.redirect ?? 'follow';
  let attempt: Attempt = {
    url: new URL(String(input)),
    method: (init.method ?? 'GET').toUpperCase(),
    headers: headersOf(init.headers),
    body: bodyOf(init.body as Body | ReadableStream),
    signal: init.signal ?? undefined,
  };
  for (let redirects = 0; ; redirects++) {
    const response = await send(attempt, env);
    const location = response.headers.location;
    if (
      response.statusCode === undefined ||
      response.statusCode < 300 ||
      response.statusCode > 399 ||
      !location
    ) {
      return read(response, attempt.url, redirects, limit);
    }
    if (redirect === 'manual') return read(response, attempt.url, redirects, limit);
    response.resume();
    if (redirect === 'error')
      throw new TypeError('fetch failed', { cause: new Error(`redirected to ${location}`) });
    if (redirects >= MAX_REDIRECTS)
      throw new TypeError('fetch failed', { cause: new Error('too many redirects') });
    attempt = redirected(attempt, response.statusCode, new URL(location, attempt.url));
  }
}

function headersOf(headers: RequestInit['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  if (!headers) return out;
  const pairs: Iterable<[string, string]> =
    Symbol.iterator in headers ? (headers as Iterable<[string, string]>) : Object.entries(headers);
  for (const [name, value] of pairs) out[name.toLowerCase()] = String(value);
  return out;
}

function bodyOf(body: Body | ReadableStream): Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  throw new TypeError('the GitHub client sends string or byte bodies only');
}

/** The next request of a redirect chain, as the Fetch standard's "HTTP-redirect fetch" builds it. */
function redirected(previous: Attempt, status: number, url: URL): Attempt {
  const headers = { ...previous.headers };
  let { method, body } = previous;
  if (
    status === 303
      ? method !== 'GET' && method !== 'HEAD'
      : (status === 301 || status === 302) && method === 'POST'
  ) {
    method = 'GET';
    body = undefined;
    for (const name of [
      'content-type',
      'content-length',
      'content-encoding',
      'content-language',
      'content-location',
    ])
      delete headers[name];
  }
  if (url.origin !== previous.url.origin) {
    delete headers.authorization;
    delete headers.cookie;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new TypeError('fetch failed', {
      cause: new Error(`redirect to unsupported URL scheme ${url.protocol}`),
    });
  return { ...previous, url, method, headers, body };
}

function abortError(signal: AbortSignal): Error {
  const reason = signal.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  return Object.assign(new Error('This operation was aborted', { cause: reason }), { name: 'AbortError' });
}

async function send(attempt: Attempt, env: ProxyEnv): Promise<IncomingMessage> {
  const { url, method, body, signal } = attempt;
  if (signal?.aborted) throw abortError(signal);
  const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br', ...attempt.headers };
  if (body) headers['content-length'] = String(body.byteLength);
  const protocol = url.protocol === 'https:' ? 'https:' : 'http:';
  if (url.protocol !== protocol)
    throw new TypeError('fetch failed', { cause: new Error(`unsupported URL scheme ${url.protocol}`) });
  const proxy = proxyFor(url, env);
  if (proxy && proxy.protocol !== 'http:' && proxy.protocol !== 'https:')
    throw new TypeError('fetch failed', {
      cause: new Error(
        `the proxy ${proxy.host} is ${proxy.protocol}; only http: and https: proxies are supported`,
      ),
    });
  // HTTPS through a proxy runs inside a CONNECT tunnel: the proxy sees the host and port, never the
  // token or the path. Plain HTTP goes to the proxy in absolute form.
  const tunnel = proxy && protocol === 'https:' ? await openTunnel(proxy, url, signal) : undefined;
  return new Promise((resolve, reject) => {
    const outgoing = tunnel
      ? httpsRequest(
          url,
          {
            method,
            headers,
            agent: false,
            createConnection: () => tlsConnect({ socket: tunnel, servername: url.hostname }),
          },
          resolve,
        )
      : proxy
        ? requestTo(proxy)(
            {
              ...proxyAddress(proxy),
              path: url.href,
              method,
              headers: { ...headers, ...proxyHeaders(proxy), host: url.host },
            },
            resolve,
          )
        : (protocol === 'https:' ? httpsRequest : httpRequest)(
            url,
            { method, headers, agent: agents[protocol] },
            resolve,
          );
    const onAbort = () => {
      outgoing.destroy();
      reject(abortError(signal as AbortSignal));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    outgoing.once('response', () => signal?.removeEventListener('abort', onAbort));
    outgoing.setTimeout(IDLE_TIMEOUT_MS, () =>
      outgoing.destroy(new Error(`no response within ${IDLE_TIMEOUT_MS / 1000}s`)),
    );
    outgoing.on('error', (error: Error) => {
      signal?.removeEventListener('abort', onAbort);
      reject(signal?.aborted ? abortError(signal) : new TypeError('fetch failed', { cause: error }));
    });
    outgoing.end(body);
  });
}

function read(
  response: IncomingMessage,
  url: URL,
  redirects: number,
  limit: number,
): Promise<BufferedResponse> {
  const encoding = String(response.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : undefined;
  const stream = decoder ? response.pipe(decoder) : response;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    response.setTimeout(IDLE_TIMEOUT_MS, () =>
      response.destroy(new Error(`body stalled for ${IDLE_TIMEOUT_MS / 1000}s`)),
    );
    const fail = (error: Error) => reject(new TypeError('fetch failed', { cause: error }));
    response.on('error', fail);
    stream.on('error', fail);
    let bytes = 0;
    stream.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes <= limit) chunks.push(chunk);
      else {
        chunks.length = 0;
        response.destroy(new Error(`the response body is over ${limit} bytes`));
        decoder?.destroy();
        fail(new Error(`the response body is over ${limit} bytes`));
      }
    });
    stream.on('end', () =>
      resolve(
        new BufferedResponse(
          response.statusCode ?? 0,
          response.statusMessage ?? '',
          url.href,
          new ResponseHeaders(response.headers),
          Buffer.concat(chunks),
          redirects,
        ),
      ),
    );
  });
}

const requestTo = (proxy: URL) => (proxy.protocol === 'https:' ? httpsRequest : httpRequest);

function proxyAddress(proxy: URL) {
  return { host: proxy.hostname, port: proxy.port || (proxy.protocol === 'https:' ? 443 : 80) };
}

function proxyHeaders(proxy: URL): Record<string, string> {
  if (!proxy.username && !proxy.password) return {};
  const credentials = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
  return { 'proxy-authorization': `Basic ${Buffer.from(credentials).toString('base64')}` };
}

/** A `CONNECT` tunnel through `proxy` to `url`'s host. Errors name the proxy's host, never its credentials. */
function openTunnel(proxy: URL, url: URL, signal: AbortSignal | undefined): Promise<Socket> {
  const target = `${url.hostname}:${url.port || 443}`;
  return new Promise((resolve, reject) => {
    const request = requestTo(proxy)({
      ...proxyAddress(proxy),
      method: 'CONNECT',
      path: target,
      headers: { ...proxyHeaders(proxy), host: target },
    });
    const onAbort = () => {
      request.destroy();
      reject(abortError(signal as AbortSignal));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    request.once('connect', (response, socket) => {
      signal?.removeEventListener('abort', onAbort);
      if (response.statusCode === 200) return resolve(socket);
      socket.destroy();
      reject(
        new TypeError('fetch failed', {
          cause: new Error(
            `the proxy ${proxy.host} answered CONNECT ${target} with status ${response.statusCode}`,
          ),
        }),
      );
    });
    request.once('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      reject(
        new TypeError('fetch failed', { cause: new Error(`the proxy ${proxy.host}: ${error.message}`) }),
      );
    });
    request.end();
  });
}
