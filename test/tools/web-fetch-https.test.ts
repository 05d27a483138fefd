/**
 * web_fetch over HTTPS (docs/tools.md "web_fetch"), without network: a local TLS server with a
 * self-signed certificate made by `openssl` in a temp dir. web_fetch takes no CA option (a seam a
 * host could misuse to trust anything); the child process that fetches trusts the certificate the way
 * a machine's trust store would, through NODE_EXTRA_CA_CERTS. The connection goes to the address
 * that was checked (the name is resolved once, by the injected resolver), yet the certificate is
 * verified against the URL's name: a name the certificate does not cover, or a certificate nobody
 * trusts, fails the fetch.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

const TSX = import.meta.resolve('tsx');
const CHILD = join(REPO_ROOT, 'test/fixtures/web-fetch/tls-fetch.ts');

type Outcome = {
  ok: boolean;
  final_url?: string;
  status?: number;
  body?: string;
  name?: string;
  code?: string | null;
  message?: string;
  requests: number;
};

let cert: string;
let key: string;

beforeAll(() => {
  const dir = tempDir('web-tls').dir;
  cert = join(dir, 'cert.pem');
  key = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=secure.test',
      '-addext',
      'subjectAltName=DNS:secure.test',
    ],
    { stdio: 'ignore' },
  );
});

/** Runs the fetching child; `trust` puts the certificate in its trust store. */
function fetchInChild(targets: string[], trust: boolean): Outcome[] {
  const result = spawnSync(process.execPath, ['--import', TSX, CHILD, cert, key, ...targets], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, ...(trust ? { NODE_EXTRA_CA_CERTS: cert } : {}) },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Outcome);
}

describe('web_fetch over https against a local TLS server', () => {
  it('fetches from a trusted certificate for the name; refuses a name it does not cover and a redirect to a host outside the allowlist', () => {
    const [page, wrongName, redirect] = fetchInChild(
      ['secure.test/page', 'other.test/page', 'secure.test/to-evil'],
      true,
    );
    expect(page).toEqual({
      ok: true,
      final_url: 'https://secure.test:PORT/page',
      status: 200,
      body: expect.stringMatching(/^secret-free page at \/page for secure\.test:\d+$/),
      requests: 1,
    });
    // Same server, same checked address: only the certificate's name tells them apart.
    expect(wrongName).toMatchObject({ ok: false, code: 'ERR_TLS_CERT_ALTNAME_INVALID', requests: 0 });
    expect(redirect).toMatchObject({ ok: false, name: 'ToolRefusal', requests: 1 });
    expect(redirect?.message).toContain('evil.example');
  }, 90_000);

  it('a certificate nobody trusts fails the fetch: verification is never switched off', () => {
    const [untrusted] = fetchInChild(['secure.test/page'], false);
    expect(untrusted).toMatchObject({ ok: false, requests: 0 });
    expect(untrusted?.code).toMatch(/SELF_SIGNED|UNABLE_TO_VERIFY/);
  }, 90_000);
});
