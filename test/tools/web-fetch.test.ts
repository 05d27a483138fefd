/**
 * web_fetch (docs/tools.md): a GET made by the harness under the contract's network policy, against a
 * real HTTP server this test starts on 127.0.0.1. The server is loopback, so the tests that fetch
 * from it allow 127.0.0.1 explicitly (`private_addresses` and the allowlist); the refusals of
 * loopback, private and link-local addresses, other schemes, credentials and disallowed redirect
 * targets are tested on their own, each proving nothing was requested.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ToolRefusal } from '../../src/core/tools/provenance-call.js';
import { addressMatcher, specialAddressKind } from '../../src/core/tools/web-address.js';
import { htmlText, readableContent } from '../../src/core/tools/web-content.js';
import { type GuardedFetchOptions, guardedFetch, type Resolver } from '../../src/core/tools/web-fetch.js';

const PAGE = `<!doctype html><html><head><title>t</title><style>body{color:red}</style></head>
<body><h1>Release notes</h1><script>alert("x")</script><p>Version 2 &amp; more &#8212; see <a href="/x">this</a>.</p></body></html>`;
const BIG = Buffer.alloc(2 * 1024 * 1024, 'a');

let server: Server;
let origin: string;
let port: number;
const seen: { url: string; host: string | undefined; authorization: string | undefined }[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    seen.push({ url: req.url ?? '', host: req.headers.host, authorization: req.headers.authorization });
    const route = (req.url ?? '').split('?')[0];
    const redirect = (location: string) => {
      res.writeHead(302, { location });
      res.end();
    };
    switch (route) {
      case '/page':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(PAGE);
        return;
      case '/big':
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(BIG);
        return;
      case '/to-page':
        return redirect('/page');
      case '/to-evil':
        return redirect('http://evil.example/steal');
      case '/to-metadata':
        return redirect('http://metadata.test/latest/meta-data/');
      case '/to-file':
        return redirect('file:///etc/passwd');
      case '/loop':
        return redirect('/loop');
      default:
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('not here');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
});

/** A resolver that answers from a table and counts its lookups. */
function table(entries: Record<string, string[]>): Resolver & { lookups: string[] } {
  const lookups: string[] = [];
  const resolve = (async (host: string) => {
    lookups.push(host);
    const addresses = entries[host];
    if (!addresses) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  }) as Resolver & { lookups: string[] };
  resolve.lookups = lookups;
  return resolve;
}

const LOOPBACK_ALLOWED = {
  policy: { network: 'allowlist' as const, allowlist: ['127.0.0.1', 'app.test', 'metadata.test'] },
  privateAllowed: addressMatcher(['127.0.0.1']),
};

function fetchWith(url: string, extra: Partial<GuardedFetchOptions> = {}) {
  return guardedFetch({
    url,
    maxBytes: 1024 * 1024,
    signal: new AbortController().signal,
    ...LOOPBACK_ALLOWED,
    ...extra,
  });
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => new Error('expected a refusal'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ToolRefusal);
  return (error as Error).message;
}

describe('web_fetch: what it reaches', () => {
  it('an explicitly allowed loopback server is fetched: status, final URL, type, sha256 of the bytes, readable text', async () => {
    const page = await fetchWith(`${origin}/to-page`);
    expect(page).toMatchObject({
      final_url: `${origin}/page`,
      redirects: [`${origin}/page`],
      status: 200,
      content_type: 'text/html; charset=utf-8',
      truncated: false,
    });
    expect(page.raw.toString('utf8')).toBe(PAGE);
    expect(page.raw_sha256).toBe(createHash('sha256').update(PAGE).digest('hex'));
    expect(readableContent(page.raw, page.content_type, false)).toBe(
      'Release notes\nVersion 2 & more — see this.',
    );
    // No credentials travel: not even a cookie or an Authorization header of the harness.
    expect(seen.every((r) => r.authorization === undefined)).toBe(true);
  });

  it('loopback is refused unless allowed: by IP, by IPv6, by IPv4-mapped IPv6 and by a name that resolves to it', async () => {
    const open = { policy: { network: 'open' as const, allowlist: [] }, privateAllowed: addressMatcher([]) };
    expect(await refusal(fetchWith(`${origin}/page`, open))).toBe(
      'web_fetch refused: 127.0.0.1 is a loopback address; to fetch it, list it in [tools.web_fetch] private_addresses',
    );
    expect(await refusal(fetchWith(`http://[::1]:${port}/page`, open))).toContain(
      '::1 is a loopback address',
    );
    expect(await refusal(fetchWith(`http://[::ffff:127.0.0.1]:${port}/page`, open))).toContain('loopback');
    // Other spellings of 127.0.0.1 are the same address once the URL is parsed.
    for (const host of ['0x7f000001', '2130706433', '127.1', '0177.0.0.1']) {
      expect(await refusal(fetchWith(`http://${host}:${port}/page`, open))).toContain(
        '127.0.0.1 is a loopback address',
      );
    }
    expect(await refusal(fetchWith(`http://0.0.0.0:${port}/page`, open))).toContain('unspecified');
    expect(await refusal(fetchWith(`http://localhost:${port}/page`, open))).toMatch(
      /^web_fetch refused: localhost resolves to (127\.0\.0\.1|::1), which is a loopback address/,
    );
    expect(seen).toEqual([]);
  });

  it('every resolved address is checked: one private address among public ones refuses the fetch', async () => {
    const resolve = table({ 'mixed.test': ['93.184.216.34', '10.1.2.3'] });
    const message = await refusal(
      fetchWith('http://mixed.test/', { policy: { network: 'open', allowlist: [] }, resolve }),
    );
    expect(message).toBe(
      'web_fetch refused: mixed.test resolves to 10.1.2.3, which is a private address; to fetch it, list it in [tools.web_fetch] private_addresses',
    );
  });

  it('the connection goes to the checked address: the name is resolved once and the socket never asks DNS again', async () => {
    const resolve = table({ 'app.test': ['127.0.0.1'] });
    const page = await fetchWith(`http://app.test:${port}/page`, { resolve });
    expect(page.status).toBe(200);
    expect(resolve.lookups).toEqual(['app.test']);
    // The server was asked for the name the URL gave, on the address that was checked.
    expect(seen).toEqual([{ url: '/page', host: `app.test:${port}`, authorization: undefined }]);
  });

  it('a redirect to a host outside the allowlist is refused before it is resolved or requested', async () => {
    const resolve = table({});
    const message = await refusal(fetchWith(`${origin}/to-evil`, { resolve }));
    expect(message).toBe(
      `web_fetch refused: the redirect from ${origin}/to-evil to http://evil.example/steal goes to evil.example, ` +
        'which is not in [constraints] allowlist (127.0.0.1, app.test, metadata.test)',
    );
    expect(resolve.lookups).toEqual([]);
    expect(seen.map((r) => r.url)).toEqual(['/to-evil']);
  });

  it('a redirect whose host resolves to a link-local address (cloud metadata) is refused before connecting', async () => {
    const resolve = table({ 'metadata.test': ['169.254.169.254'] });
    const message = await refusal(fetchWith(`${origin}/to-metadata`, { resolve }));
    expect(message).toContain(
      'metadata.test resolves to 169.254.169.254, which is a link-local (cloud metadata) address',
    );
    expect(seen.map((r) => r.url)).toEqual(['/to-metadata']);
  });

  it('schemes other than http(s), in the URL or in a redirect, and URLs with credentials are refused', async () => {
    expect(await refusal(fetchWith('file:///etc/passwd'))).toBe(
      'web_fetch refused: the URL uses file:, and only http:// and https:// are fetched',
    );
    expect(await refusal(fetchWith('ftp://127.0.0.1/x'))).toContain('uses ftp:');
    expect(await refusal(fetchWith('data:text/plain,hi'))).toContain('uses data:');
    expect(await refusal(fetchWith(`http://user:pw@127.0.0.1:${port}/page`))).toContain(
      'carries credentials',
    );
    expect(await refusal(fetchWith('not a url'))).toContain('is not a valid absolute URL');
    expect(seen).toEqual([]);
    expect(await refusal(fetchWith(`${origin}/to-file`))).toContain(
      `the redirect from ${origin}/to-file to file:///etc/passwd uses file:`,
    );
  });

  it('network = "none" refuses every fetch; too many redirects fail', async () => {
    expect(
      await refusal(fetchWith(`${origin}/page`, { policy: { network: 'none', allowlist: [] } })),
    ).toContain('[constraints] network = "none"');
    expect(seen).toEqual([]);
    await expect(fetchWith(`${origin}/loop`)).rejects.toThrow('more than 5 redirects');
  });

  it('the size cap: at most max_bytes of the body are read, marked truncated, and hashed as kept', async () => {
    const page = await fetchWith(`${origin}/big`, { maxBytes: 1000 });
    expect(page.raw.length).toBe(1000);
    expect(page.truncated).toBe(true);
    expect(page.raw_sha256).toBe(createHash('sha256').update(BIG.subarray(0, 1000)).digest('hex'));
  });
});

describe('web_fetch pieces', () => {
  it('special-purpose addresses are named; public ones are not', () => {
    expect(specialAddressKind('169.254.169.254')).toBe('link-local (cloud metadata)');
    expect(specialAddressKind('100.64.0.1')).toBe('shared (carrier-grade NAT)');
    expect(specialAddressKind('0.0.0.0')).toBe('unspecified ("this network")');
    expect(specialAddressKind('192.168.1.1')).toBe('private');
    expect(specialAddressKind('fd00::1')).toBe('private (unique local)');
    expect(specialAddressKind('fe80::1%eth0')).toBe('link-local');
    expect(specialAddressKind('::ffff:10.0.0.1')).toBe('private');
    expect(specialAddressKind('::ffff:7f00:1')).toBe('loopback');
    expect(specialAddressKind('64:ff9b::a9fe:a9fe')).toBe('link-local (cloud metadata)');
    expect(specialAddressKind('8.8.8.8')).toBeNull();
    expect(specialAddressKind('2606:4700:4700::1111')).toBeNull();
  });

  it('private_addresses take addresses and CIDR blocks, IPv4 inside IPv6 included', () => {
    const allowed = addressMatcher(['10.0.0.0/8', '::1']);
    expect(allowed('10.20.30.40')).toBe(true);
    expect(allowed('::ffff:10.0.0.1')).toBe(true);
    expect(allowed('::1')).toBe(true);
    expect(allowed('127.0.0.1')).toBe(false);
  });

  it('HTML becomes readable text; binary is described, not decoded', () => {
    expect(htmlText('<ul><li>a</li><li>b &lt;c&gt;</li></ul><!-- x --><noscript>n</noscript>')).toBe(
      'a\nb <c>',
    );
    expect(readableContent(Buffer.from([0, 1, 2]), 'application/octet-stream', false)).toBe(
      '[3 bytes of application/octet-stream, not text]',
    );
    expect(readableContent(Buffer.from('{"a":1}'), 'application/json', false)).toBe('{"a":1}');
  });
});
