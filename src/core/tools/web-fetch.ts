import { createHash } from 'node:crypto';
import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { hostAllowed } from './policy.js';
import type { ToolPolicy } from './policy-types.js';
import { ToolRefusal } from './provenance-call.js';
import { bareAddress, specialAddressKind } from './web-address.js';

/** The most bytes one web_fetch keeps (and its default). */
export const WEB_FETCH_MAX_BYTES = 1024 * 1024;
/** Redirects followed before a fetch gives up. */
export const WEB_FETCH_MAX_REDIRECTS = 5;
/** A fetch that has not finished by then is abandoned. */
export const WEB_FETCH_TIMEOUT_MS = 30_000;

/** A DNS answer: every address a name resolves to. */
export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

const systemResolver: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

export interface GuardedFetchOptions {
  url: string;
  maxBytes: number;
  policy: Pick<ToolPolicy, 'network' | 'allowlist'>;
  /** `[tools.web_fetch] private_addresses`: non-public addresses that may be reached after all. */
  privateAllowed: (address: string) => boolean;
  signal: AbortSignal;
  /** The DNS resolver (default the system's); tests inject one. */
  resolve?: Resolver | undefined;
  timeoutMs?: number | undefined;
}

export interface FetchedPage {
  url: string;
  final_url: string;
  /** Each URL a redirect led to, in order (the last is `final_url`). */
  redirects: string[];
  status: number;
  content_type: string | null;
  /** The bytes kept: at most `maxBytes` of the body. */
  raw: Buffer;
  raw_sha256: string;
  truncated: boolean;
}

/**
 * A GET made by the harness under the contract's network policy (docs/tools.md "web_fetch"). Each
 * URL — the first and every redirect target — must be http(s) without credentials, its host must
 * pass `[constraints] network`/`allowlist`, and every address its name resolves to must be public
 * (or in `private_addresses`). The connection then goes to an address that was checked: the socket
 * never resolves the name again, so a DNS answer that changes between the check and the connect
 * (rebinding) cannot steer it elsewhere. At most `maxBytes` of the body are read.
 */
export async function guardedFetch(options: GuardedFetchOptions): Promise<FetchedPage> {
  const resolve = options.resolve ?? systemResolver;
  const signal = AbortSignal.any([
    options.signal,
    AbortSignal.timeout(options.timeoutMs ?? WEB_FETCH_TIMEOUT_MS),
  ]);
  const redirects: string[] = [];
  let current = checkUrl(options.url, options.policy, 'the URL');
  for (;;) {
    const addresses = await checkedAddresses(current, resolve, options.privateAllowed);
    const response = await get(current, addresses, signal);
    const location = response.headers.location;
    if (response.statusCode && response.statusCode >= 300 && response.statusCode < 400 && location) {
      response.destroy();
      if (redirects.length >= WEB_FETCH_MAX_REDIRECTS) {
        throw new Error(`more than ${WEB_FETCH_MAX_REDIRECTS} redirects (last to ${location})`);
      }
      const next = new URL(location, current).href;
      current = checkUrl(next, options.policy, `the redirect from ${current.href} to ${next}`);
      redirects.push(current.href);
      continue;
    }
    const { raw, truncated } = await readCapped(response, options.maxBytes, signal);
    return {
      url: options.url,
      final_url: current.href,
      redirects,
      status: response.statusCode ?? 0,
      content_type: response.headers['content-type'] ?? null,
      raw,
      raw_sha256: createHash('sha256').update(raw).digest('hex'),
      truncated,
    };
  }
}

/** The URL parsed and held to scheme, credentials and the network policy; ToolRefusal otherwise. */
export function checkUrl(
  text: string,
  policy: Pick<ToolPolicy, 'network' | 'allowlist'>,
  what: string,
  tool = 'web_fetch',
): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ToolRefusal(`${tool} refused: ${what} is not a valid absolute URL: ${text}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ToolRefusal(
      `${tool} refused: ${what} uses ${url.protocol.replace(/:$/, '')}:, and only http:// and https:// are fetched`,
    );
  }
  if (url.username || url.password) {
    throw new ToolRefusal(
      `${tool} refused: ${what} carries credentials (user:password@), which are never sent`,
    );
  }
  const host = bareAddress(url.hostname.toLowerCase());
  if (policy.network === 'none') {
    throw new ToolRefusal(
      `${tool} refused: the contract sets [constraints] network = "none"; to fetch ${host}, set network = ` +
        `"allowlist" with ${host} in allowlist (or "open")`,
    );
  }
  if (policy.network === 'allowlist' && !hostAllowed(policy.allowlist, host)) {
    throw new ToolRefusal(
      `${tool} refused: ${what} goes to ${host}, which is not in [constraints] allowlist ` +
        `(${policy.allowlist.join(', ') || 'empty'})`,
    );
  }
  return url;
}

/** Every address the URL's host resolves to, each checked; ToolRefusal when one is not public and not allowed. */
async function checkedAddresses(
  url: URL,
  resolve: Resolver,
  privateAllowed: (address: string) => boolean,
): Promise<{ address: string; family: number }[]> {
  const host = bareAddress(url.hostname.toLowerCase());
  const family = isIP(host);
  let addresses: { address: string; family: number }[];
  if (family !== 0) addresses = [{ address: host, family }];
  else {
    try {
      addresses = await resolve(host);
    } catch (error) {
      throw new Error(`${host} could not be resolved: ${(error as NodeJS.ErrnoException).code ?? error}`);
    }
    if (addresses.length === 0) throw new Error(`${host} resolves to no address`);
  }
  for (const { address } of addresses) {
    const kind = specialAddressKind(address);
    if (kind !== null && !privateAllowed(address)) {
      const where = family !== 0 ? host : `${host} resolves to ${bareAddress(address)}, which`;
      throw new ToolRefusal(
        `web_fetch refused: ${where} is a ${kind} address; to fetch it, list it in ` +
          '[tools.web_fetch] private_addresses',
      );
    }
  }
  return addresses.map(({ address, family }) => ({ address: bareAddress(address), family }));
}

/** A lookup that answers with the checked addresses only: the socket never asks DNS again. */
function pinnedLookup(addresses: { address: string; family: number }[]): LookupFunction {
  return (_hostname, options, callback) => {
    const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
    const usable = addresses.filter((a) => wanted === 0 || a.family === wanted);
    if (usable.length === 0) {
      const error = Object.assign(new Error('no checked address of the requested family'), {
        code: 'ENOTFOUND',
      });
      callback(error, '', 0);
      return;
    }
    if (options.all) (callback as unknown as (e: null, all: typeof usable) => void)(null, usable);
    else callback(null, (usable[0] as { address: string }).address, (usable[0] as { family: number }).family);
  };
}

function get(
  url: URL,
  addresses: { address: string; family: number }[],
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const options: RequestOptions = {
    method: 'GET',
    protocol: url.protocol,
    hostname: bareAddress(url.hostname),
    port: url.port || undefined,
    path: `${url.pathname}${url.search}`,
    headers: {
      'user-agent': 'truss-web-fetch (+https://github.com/truss)',
      accept: 'text/html, text/plain, application/json, */*;q=0.5',
      'accept-encoding': 'identity',
    },
    lookup: pinnedLookup(addresses),
    // No pooled sockets: each connection is made to this URL's checked addresses.
    agent: false,
    signal,
  };
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(options, resolve);
    request.on('error', reject);
    request.end();
  });
}

async function readCapped(
  response: IncomingMessage,
  maxBytes: number,
  signal: AbortSignal,
): Promise<{ raw: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  try {
    for await (const chunk of response) {
      const buffer = chunk as Buffer;
      if (size + buffer.length > maxBytes) {
        chunks.push(buffer.subarray(0, maxBytes - size));
        size = maxBytes;
        truncated = true;
        break;
      }
      chunks.push(buffer);
      size += buffer.length;
    }
  } finally {
    response.destroy();
  }
  if (signal.aborted) throw signal.reason ?? new Error('aborted');
  return { raw: Buffer.concat(chunks), truncated };
}
