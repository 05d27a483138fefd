// The GitHub client's node:http fetch, against real HTTP servers on 127.0.0.1 (two ports are two
// origins): what Octokit reads, redirects (and where the token may go), compression, aborts and
// network failures.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpFetch, httpFetch } from '../../src/github/http-fetch.js';
import { createOctokit, statusOf } from '../../src/github/octokit.js';
import { proxyFor } from '../../src/github/proxy-env.js';
import { startForwardProxy } from '../helpers/forward-proxy.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function serve(
  handle: (
    seen: Seen,
    respond: (status: number, headers?: Record<string, string>, body?: string | Buffer) => void,
  ) => void,
): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      seen.push(entry);
      handle(entry, (status, headers = {}, body = '') => {
        res.writeHead(status, headers);
        res.end(body);
      });
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

describe('httpFetch', () => {
  it('answers with status, lower-case iterable headers and the body; sends method, headers and body', async () => {
    const github = await serve((_, respond) =>
      respond(
        201,
        { 'Content-Type': 'application/json; charset=utf-8', 'X-RateLimit-Remaining': '4999' },
        '{"id":7}',
      ),
    );
    const response = await httpFetch(`${github.url}/repos/o/r/check-runs`, {
      method: 'POST',
      headers: { Authorization: 'token ghs_x', 'content-type': 'application/json' },
      body: '{"name":"truss"}',
    });
    expect(response.status).toBe(201);
    expect(response.ok).toBe(true);
    expect(response.headers.get('X-RateLimit-Remaining')).toBe('4999');
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
    });
    expect(await response.json()).toEqual({ id: 7 });
    expect(github.seen[0]).toMatchObject({
      method: 'POST',
      url: '/repos/o/r/check-runs',
      body: '{"name":"truss"}',
    });
    expect(github.seen[0]?.headers.authorization).toBe('token ghs_x');
  });

  it('decodes a gzip body and returns bytes unchanged through arrayBuffer', async () => {
    const bytes = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00, 0x10]);
    const github = await serve((seen, respond) =>
      seen.url === '/zip'
        ? respond(200, { 'content-type': 'application/zip' }, bytes)
        : respond(
            200,
            { 'content-type': 'application/json', 'content-encoding': 'gzip' },
            gzipSync('{"ok":true}'),
          ),
    );
    expect(await (await httpFetch(`${github.url}/json`)).json()).toEqual({ ok: true });
    expect(github.seen[0]?.headers['accept-encoding']).toMatch(/gzip/);
    expect(Buffer.from(await (await httpFetch(`${github.url}/zip`)).arrayBuffer())).toEqual(bytes);
  });

  it('fails a body longer than its limit, counted after decoding, instead of holding it all', async () => {
    const log = Buffer.alloc(64 * 1024, 'x');
    const github = await serve((seen, respond) =>
      seen.url === '/plain'
        ? respond(200, { 'content-type': 'text/plain' }, log)
        : respond(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' }, gzipSync(log)),
    );
    const capped = createHttpFetch({}, { maxBodyBytes: 16 * 1024 });
    for (const path of ['/plain', '/gzip'])
      await expect(capped(`${github.url}${path}`)).rejects.toMatchObject({
        name: 'TypeError',
        cause: { message: 'the response body is over 16384 bytes' },
      });
    expect(
      (await (await createHttpFetch({}, { maxBodyBytes: 64 * 1024 })(`${github.url}/gzip`)).text()).length,
    ).toBe(64 * 1024);
  });

  it('follows a redirect to another origin without the token, and keeps it on the same origin', async () => {
    const storage = await serve((_, respond) => respond(200, { 'content-type': 'application/zip' }, 'PK'));
    const github = await serve((seen, respond) =>
      seen.url === '/same'
        ? respond(200, { 'content-type': 'text/plain' }, 'here')
        : seen.url === '/hop'
          ? respond(302, { location: '/same' })
          : respond(302, { location: `${storage.url}/blob?sig=1` }),
    );
    const offsite = await httpFetch(`${github.url}/artifact/zip`, {
      headers: { authorization: 'token ghs_secret' },
    });
    expect(offsite.status).toBe(200);
    expect(offsite.url).toBe(`${storage.url}/blob?sig=1`);
    expect(offsite.redirected).toBe(true);
    expect(storage.seen[0]?.headers.authorization).toBeUndefined();
    const onsite = await httpFetch(`${github.url}/hop`, { headers: { authorization: 'token ghs_secret' } });
    expect(await onsite.text()).toBe('here');
    expect(github.seen.find((s) => s.url === '/same')?.headers.authorization).toBe('token ghs_secret');
  });

  it('turns a POST that is redirected with 302 into a GET without a body; manual and error modes stop', async () => {
    const github = await serve((seen, respond) =>
      seen.url === '/moved'
        ? respond(302, { location: '/target' })
        : respond(200, { 'content-type': 'text/plain' }, seen.method),
    );
    const followed = await httpFetch(`${github.url}/moved`, {
      method: 'POST',
      body: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(await followed.text()).toBe('GET');
    expect(github.seen[1]).toMatchObject({ method: 'GET', body: '' });
    expect(github.seen[1]?.headers['content-type']).toBeUndefined();
    expect((await httpFetch(`${github.url}/moved`, { redirect: 'manual' })).status).toBe(302);
    await expect(httpFetch(`${github.url}/moved`, { redirect: 'error' })).rejects.toThrow(TypeError);
  });

  it('stops after 20 redirects', async () => {
    const github = await serve((_, respond) => respond(302, { location: '/loop' }));
    const error = await httpFetch(`${github.url}/loop`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(((error as Error).cause as Error).message).toMatch(/too many redirects/);
    expect(github.seen).toHaveLength(21);
  });

  it('rejects with AbortError when the signal aborts, and with a TypeError naming the cause when nothing listens', async () => {
    const github = await serve(() => {});
    const controller = new AbortController();
    const pending = httpFetch(`${github.url}/slow`, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    const closed = await serve(() => {});
    const port = new URL(closed.url).port;
    await new Promise((resolve) => servers.pop()?.close(resolve));
    const error = await httpFetch(`http://127.0.0.1:${port}/`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(((error as Error).cause as NodeJS.ErrnoException).code).toBe('ECONNREFUSED');
  });
});

describe('createOctokit over httpFetch (the default)', () => {
  it('downloads an artifact through GitHub’s redirect without sending the token to the storage host', async () => {
    const storage = await serve((_, respond) =>
      respond(200, { 'content-type': 'application/zip' }, 'PK\u0003\u0004'),
    );
    const github = await serve((seen, respond) =>
      seen.url.endsWith('/zip')
        ? respond(302, { location: `${storage.url}/artifact.zip` })
        : respond(404, { 'content-type': 'application/json' }, '{"message":"Not Found"}'),
    );
    const octokit = createOctokit({
      token: 'ghs_secret',
      baseUrl: github.url,
      throttle: false,
      retryBaseMs: 1,
    });
    const { data } = await octokit.rest.actions.downloadArtifact({
      owner: 'o',
      repo: 'r',
      artifact_id: 1,
      archive_format: 'zip',
    });
    expect(Buffer.from(data as ArrayBuffer).toString('latin1')).toBe('PK\u0003\u0004');
    expect(github.seen[0]?.headers.authorization).toBe('token ghs_secret');
    expect(storage.seen[0]?.headers.authorization).toBeUndefined();
    const missing = await octokit.rest.repos.get({ owner: 'o', repo: 'r' }).catch((e: unknown) => e);
    expect(statusOf(missing)).toBe(404);
  });

  it('reports an unreachable GitHub as status 500 after the retries', async () => {
    const closed = await serve(() => {});
    const url = closed.url;
    await new Promise((resolve) => servers.pop()?.close(resolve));
    const octokit = createOctokit({ token: 't', baseUrl: url, throttle: false, retryBaseMs: 1 });
    const error = await octokit.rest.repos.get({ owner: 'o', repo: 'r' }).catch((e: unknown) => e);
    expect(statusOf(error)).toBe(500);
    expect((error as Error).message).toMatch(/ECONNREFUSED/);
  });
});

describe('httpFetch behind a proxy (HTTPS_PROXY, HTTP_PROXY, NO_PROXY)', () => {
  const proxies: Awaited<ReturnType<typeof startForwardProxy>>[] = [];
  afterEach(async () => {
    await Promise.all(proxies.splice(0).map((p) => p.close()));
  });
  async function proxy(upstream: string) {
    const started = await startForwardProxy(upstream);
    proxies.push(started);
    return started;
  }

  it('sends plain HTTP to the proxy in absolute form, with Basic proxy credentials', async () => {
    const github = await serve((seen, respond) =>
      respond(
        200,
        { 'content-type': 'application/json' },
        JSON.stringify({ host: seen.headers['x-forwarded-host'] }),
      ),
    );
    const corporate = await proxy(github.url);
    const fetchVia = createHttpFetch({
      HTTP_PROXY: corporate.url.replace('http://', 'http://ci%40corp:s%3Acret@'),
    });
    const response = await fetchVia('http://ghes.example.test/api/v3/meta');
    expect(await response.json()).toEqual({ host: 'ghes.example.test' });
    expect(corporate.asked).toEqual([
      {
        method: 'GET',
        target: 'http://ghes.example.test/api/v3/meta',
        proxyAuthorization: `Basic ${Buffer.from('ci@corp:s:cret').toString('base64')}`,
      },
    ]);
  });

  it('opens a CONNECT tunnel for HTTPS and names the proxy host, never its credentials, when refused', async () => {
    const corporate = await proxy('http://127.0.0.1:9');
    const fetchVia = createHttpFetch({
      https_proxy: corporate.url.replace('http://', 'http://bot:hunter2@'),
    });
    const error = await fetchVia('https://api.github.test/repos/o/r', {
      headers: { authorization: 'token ghs_secret' },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    const cause = (error as Error).cause as Error;
    expect(cause.message).toMatch(/answered CONNECT api\.github\.test:443 with status 407/);
    expect(cause.message).not.toMatch(/hunter2|bot:/);
    expect(corporate.asked).toEqual([
      {
        method: 'CONNECT',
        target: 'api.github.test:443',
        proxyAuthorization: `Basic ${Buffer.from('bot:hunter2').toString('base64')}`,
      },
    ]);
  });

  it('picks the proxy by scheme and leaves loopback and NO_PROXY hosts direct', () => {
    const env = {
      HTTPS_PROXY: 'http://proxy:3128',
      HTTP_PROXY: 'proxy-plain:8080',
      NO_PROXY: '.internal.test, ghes.corp:8443',
    };
    expect(proxyFor(new URL('https://api.github.com/x'), env)?.href).toBe('http://proxy:3128/');
    expect(proxyFor(new URL('http://example.test/'), env)?.host).toBe('proxy-plain:8080');
    expect(proxyFor(new URL('https://127.0.0.1:8443/'), env)).toBeUndefined();
    expect(proxyFor(new URL('http://localhost/'), env)).toBeUndefined();
    expect(proxyFor(new URL('https://git.internal.test/'), env)).toBeUndefined();
    expect(proxyFor(new URL('https://ghes.corp:8443/'), env)).toBeUndefined();
    expect(proxyFor(new URL('https://ghes.corp/'), env)?.host).toBe('proxy:3128');
    expect(proxyFor(new URL('https://api.github.com/'), { ...env, no_proxy: '*' })).toBeUndefined();
    expect(proxyFor(new URL('https://api.github.com/'), {})).toBeUndefined();
  });

  it('refuses a proxy it cannot speak rather than going around it', async () => {
    const error = await createHttpFetch({ HTTPS_PROXY: 'socks5://bot:pw@proxy:1080' })(
      'https://api.github.com/',
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(((error as Error).cause as Error).message).toBe(
      'the proxy proxy:1080 is socks5:; only http: and https: proxies are supported',
    );
  });
});
