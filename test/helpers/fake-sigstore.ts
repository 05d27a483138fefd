import { spawnSync } from 'node:child_process';
import { createHash, createPublicKey, verify, X509Certificate } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nock from 'nock';
import { afterEach, beforeEach, vi } from 'vitest';
import { tempDir } from './temp-dir.js';

/** Request and response bodies of the fakes: JSON read by tests field by field. */
// biome-ignore lint/suspicious/noExplicitAny: untyped JSON bodies, asserted on by the tests
export type Json = any;

/** The OIDC endpoint a runner exposes with `id-token: write` (ACTIONS_ID_TOKEN_REQUEST_URL). */
export const OIDC_URL = 'https://pipelines.actions.example/idtoken/abc?api-version=2.0';
export const OIDC_REQUEST_TOKEN = 'oidc-request-token-not-a-secret';
/** A runner's variables for that endpoint. */
export const OIDC_ENV = {
  ACTIONS_ID_TOKEN_REQUEST_URL: OIDC_URL,
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: OIDC_REQUEST_TOKEN,
};

/**
 * Each test runs with {@link OIDC_ENV} in process.env, where @sigstore/sign reads it, and without a
 * stray SIGSTORE_ID_TOKEN (which would bypass it); every variable is restored after the test.
 */
export function useOidcEnv(): void {
  beforeEach(() => {
    vi.stubEnv('SIGSTORE_ID_TOKEN', '');
    for (const [name, value] of Object.entries(OIDC_ENV)) vi.stubEnv(name, value);
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });
}
export const WORKFLOW_SUBJECT = 'repo:Codertocat/Hello-World:pull_request';

/** An unsigned JWT shaped like GitHub's Actions OIDC token (Fulcio is faked, so nobody checks the signature). */
export function fakeIdToken(): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part({
    iss: 'https://token.actions.githubusercontent.com',
    sub: WORKFLOW_SUBJECT,
    aud: 'sigstore',
  })}.c2ln`;
}

/**
 * A real X.509 certificate for `publicKeyPem`, issued by a throwaway ed25519 CA with the openssl CLI,
 * so @actions/attest can parse what "Fulcio" returns and tests can check signatures against it.
 */
export function issueCertificate(publicKeyPem: string): string {
  const dir = tempDir('fake-fulcio').dir;
  try {
    writeFileSync(join(dir, 'leaf.pub'), publicKeyPem);
    const run = (...args: string[]) => {
      const result = spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' });
      if (result.status !== 0) throw new Error(`openssl ${args[0]} failed: ${result.stderr}`);
    };
    run('genpkey', '-algorithm', 'ed25519', '-out', 'ca.key');
    run(
      'x509',
      '-new',
      '-subj',
      '/O=sigstore.dev/CN=fake fulcio',
      '-key',
      'ca.key',
      '-force_pubkey',
      'leaf.pub',
      '-days',
      '1',
      '-out',
      'leaf.pem',
    );
    return readFileSync(join(dir, 'leaf.pem'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface SigstoreCalls {
  oidc: Array<{ path: string; authorization: string | undefined }>;
  fulcio: Array<Json>;
  rekor: Array<Json>;
  tsa: Array<Json>;
  certificate: string | null;
}

/**
 * nock's scope for a URL that @sigstore/sign fetches. @sigstore/sign uses make-fetch-happen
 * (minipass-fetch over node:https with an @npmcli/agent agent), which nock 14 does intercept, but
 * its interceptor reconstructs such requests as `https://HOST:80/...` (the agent hides the default
 * port), so the scope must name port 80. The real request goes to 443; only the interception differs.
 */
export function sigstoreScope(origin: string): nock.Scope {
  return nock(`${origin}:80`);
}

/**
 * Fakes, with nock at the HTTP layer, what @actions/attest talks to: the runner's OIDC token endpoint,
 * Fulcio (checks the proof of possession, issues a real certificate for the submitted key), and Rekor
 * (public-good) or the TSA (GitHub's instance). Every request body is recorded for assertions.
 */
export function fakeSigstore(instance: 'public-good' | 'github'): SigstoreCalls {
  const calls: SigstoreCalls = { oidc: [], fulcio: [], rekor: [], tsa: [], certificate: null };
  const oidc = new URL(OIDC_URL);
  sigstoreScope(oidc.origin)
    .get(/\/idtoken\/abc/)
    .reply(function () {
      calls.oidc.push({
        path: this.req.path,
        authorization: this.req.headers.authorization as string | undefined,
      });
      return [200, { value: fakeIdToken() }];
    });
  const fulcio = instance === 'public-good' ? 'https://fulcio.sigstore.dev' : 'https://fulcio.githubapp.com';
  sigstoreScope(fulcio)
    .post('/api/v2/signingCert')
    .reply((_uri, body) => {
      const request = body as Json;
      calls.fulcio.push(request);
      const pem = request.publicKeyRequest.publicKey.content as string;
      const proof = Buffer.from(request.publicKeyRequest.proofOfPossession, 'base64');
      // Fulcio's rule: the challenge is the token's subject signed with the key being certified.
      if (!verify('sha256', Buffer.from(WORKFLOW_SUBJECT), createPublicKey(pem), proof))
        return [400, { message: 'invalid proof of possession' }];
      calls.certificate = issueCertificate(pem);
      return [201, { signedCertificateEmbeddedSct: { chain: { certificates: [calls.certificate] } } }];
    });
  if (instance === 'public-good') {
    sigstoreScope('https://rekor.sigstore.dev')
      .post('/api/v1/log/entries')
      .reply((_uri, body) => {
        calls.rekor.push(body as Json);
        const entry = {
          body: Buffer.from(JSON.stringify(body)).toString('base64'),
          integratedTime: 1_764_460_800,
          logID: 'c0d23d6ad406973f9559f3ba2d1ca01f84147d8ffc5b8445c224f98b9591801d',
          logIndex: 4242,
          verification: {
            signedEntryTimestamp: Buffer.from('fake-set').toString('base64'),
            inclusionProof: {
              logIndex: 4242,
              treeSize: 4243,
              rootHash: createHash('sha256').update('root').digest('hex'),
              hashes: [createHash('sha256').update('sibling').digest('hex')],
              checkpoint: 'rekor.sigstore.dev - 1\n4243\nAAAA\n',
            },
          },
        };
        return [
          201,
          { '24296fb24b8ad77a0000000000000000000000000000000000000000000000000000000000000000': entry },
        ];
      });
  } else {
    sigstoreScope('https://timestamp.githubapp.com')
      .post('/api/v1/timestamp')
      .reply((_uri, body) => {
        calls.tsa.push(body as Json);
        return [200, Buffer.from('fake-rfc3161-response'), { 'content-type': 'application/timestamp-reply' }];
      });
  }
  return calls;
}

/** Checks a Sigstore bundle's DSSE signature against the leaf certificate it carries (PAE, ECDSA P-256). */
export function dsseSignedByCertificate(bundle: Json): boolean {
  const envelope = bundle.dsseEnvelope;
  const payload = Buffer.from(envelope.payload, 'base64');
  const type = Buffer.from(envelope.payloadType);
  const pae = Buffer.concat([
    Buffer.from(`DSSEv1 ${type.length} `),
    type,
    Buffer.from(` ${payload.length} `),
    payload,
  ]);
  const cert = new X509Certificate(Buffer.from(bundle.verificationMaterial.certificate.rawBytes, 'base64'));
  return verify('sha256', pae, cert.publicKey, Buffer.from(envelope.signatures[0].sig, 'base64'));
}
