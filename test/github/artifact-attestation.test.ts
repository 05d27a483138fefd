import nock from 'nock';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TRUSS_VERDICT_PREDICATE_TYPE, type VerdictPredicate } from '../../src/core/attest/index.js';
import {
  type ArtifactAttestationOptions,
  createArtifactAttestation,
  sigstoreInstanceFor,
} from '../../src/github/artifact-attestation.js';
import { createOctokit } from '../../src/github/octokit.js';
import { attestedSample } from '../attest/attest-kit.js';
import {
  dsseSignedByCertificate,
  fakeIdToken,
  fakeSigstore,
  type Json,
  OIDC_ENV,
  OIDC_REQUEST_TOKEN,
  OIDC_URL,
  sigstoreScope,
  useOidcEnv,
} from '../helpers/fake-sigstore.js';
import { useNock } from '../helpers/nock-guard.js';

const OWNER = 'Codertocat';
const REPO = 'Hello-World';
const TOKEN = 'ghs_attesttoken0000000000000000000000';

let sample: ReturnType<typeof attestedSample>;
let subject: ArtifactAttestationOptions['subject'];
let predicate: VerdictPredicate;

useNock();
useOidcEnv();
beforeAll(() => {
  sample = attestedSample();
  const { statement } = sample.attest();
  subject = statement.subject.find((s) => s.digest.sha256) as typeof subject;
  predicate = statement.predicate;
});
afterAll(() => sample.fixture.close());

function options(overrides: Partial<ArtifactAttestationOptions> = {}): ArtifactAttestationOptions {
  return {
    octokit: createOctokit({ token: TOKEN, retryBaseMs: 1, throttle: false }),
    owner: OWNER,
    repo: REPO,
    serverUrl: 'https://github.com',
    subject,
    predicate,
    token: TOKEN,
    sigstore: 'public-good',
    env: { ...OIDC_ENV },
    ...overrides,
  };
}

/** Records POST /repos/{owner}/{repo}/attestations bodies and answers with `status`. */
function fakeAttestationsApi(status: number, reply: Record<string, unknown>) {
  const bodies: Array<Json> = [];
  nock('https://api.github.com', { reqheaders: { authorization: `token ${TOKEN}` } })
    .post(`/repos/${OWNER}/${REPO}/attestations`)
    .reply((_uri, body) => {
      bodies.push(body as Json);
      return [status, reply];
    });
  return bodies;
}

describe('createArtifactAttestation (OIDC, Fulcio, Rekor/TSA and the attestations API faked with nock)', () => {
  it('signs the Truss predicate keylessly and stores it for the bundle digest (public-good: Fulcio + Rekor)', async () => {
    const sigstore = fakeSigstore('public-good');
    const stored = fakeAttestationsApi(201, { id: 42 });
    const result = await createArtifactAttestation(options());
    expect(result).toMatchObject({
      status: 'created',
      id: 42,
      url: `https://github.com/${OWNER}/${REPO}/attestations/42`,
    });
    expect(nock.pendingMocks()).toEqual([]);

    // OIDC: the runner's endpoint, audience sigstore, the request token as bearer.
    expect(sigstore.oidc).toHaveLength(1);
    expect(sigstore.oidc[0]?.path).toContain('audience=sigstore');
    expect(sigstore.oidc[0]?.authorization).toBe(`Bearer ${OIDC_REQUEST_TOKEN}`);
    // Fulcio: the ID token and a key with a valid proof of possession (checked by the fake).
    expect(sigstore.fulcio[0]?.credentials).toEqual({ oidcIdentityToken: fakeIdToken() });
    expect(sigstore.fulcio[0]?.publicKeyRequest.publicKey.content).toMatch(/^-----BEGIN PUBLIC KEY-----/);

    // The stored bundle: v0.3, the statement about the bundle file with the Truss predicate, signed
    // by the certified key, logged in Rekor.
    expect(stored).toHaveLength(1);
    const bundle = stored[0]?.bundle;
    expect(bundle.mediaType).toBe('application/vnd.dev.sigstore.bundle.v0.3+json');
    expect(bundle.dsseEnvelope.payloadType).toBe('application/vnd.in-toto+json');
    const statement = JSON.parse(Buffer.from(bundle.dsseEnvelope.payload, 'base64').toString());
    expect(statement).toEqual({
      _type: 'https://in-toto.io/Statement/v1',
      subject: [subject],
      predicateType: TRUSS_VERDICT_PREDICATE_TYPE,
      predicate,
    });
    expect(subject.digest.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(dsseSignedByCertificate(bundle)).toBe(true);
    expect(Buffer.from(bundle.verificationMaterial.certificate.rawBytes, 'base64').toString('base64')).toBe(
      (sigstore.certificate ?? '').replace(/-----[A-Z ]+-----|\s/g, ''),
    );
    expect(bundle.verificationMaterial.tlogEntries).toMatchObject([
      { logIndex: '4242', kindVersion: { kind: 'dsse', version: '0.0.1' } },
    ]);
    // Rekor got the same envelope, with the certificate as verifier.
    const rekorEnvelope = JSON.parse(sigstore.rekor[0]?.spec.proposedContent.envelope);
    expect(rekorEnvelope.payload).toBe(bundle.dsseEnvelope.payload);
    expect(sigstore.rekor[0]).toMatchObject({ kind: 'dsse', apiVersion: '0.0.1' });
  });

  it("uses GitHub's Sigstore instance (Fulcio + TSA) for private repositories", async () => {
    expect(sigstoreInstanceFor({ repository: { visibility: 'private', private: true } })).toBe('github');
    expect(sigstoreInstanceFor({ repository: { visibility: 'public', private: false } })).toBe('public-good');
    expect(sigstoreInstanceFor({})).toBe('github');
    const sigstore = fakeSigstore('github');
    const stored = fakeAttestationsApi(201, { id: 7 });
    const result = await createArtifactAttestation(options({ sigstore: 'github' }));
    expect(result.status).toBe('created');
    expect(nock.pendingMocks()).toEqual([]);
    const bundle = stored[0]?.bundle;
    expect(bundle.verificationMaterial.tlogEntries ?? []).toEqual([]); // bundleToJSON drops an empty list
    expect(bundle.verificationMaterial.timestampVerificationData.rfc3161Timestamps).toEqual([
      { signedTimestamp: Buffer.from('fake-rfc3161-response').toString('base64') },
    ]);
    // The TSA timestamps the DSSE signature itself.
    const signature = Buffer.from(bundle.dsseEnvelope.signatures[0].sig, 'base64');
    const { createHash } = await import('node:crypto');
    expect(sigstore.tsa[0]).toEqual({
      artifactHash: createHash('sha256').update(signature).digest('base64'),
      hashAlgorithm: 'sha256',
    });
    expect(dsseSignedByCertificate(bundle)).toBe(true);
  });

  it('without an OIDC token (fork PR, no id-token: write) says what to grant and sends nothing', async () => {
    vi.stubEnv('ACTIONS_ID_TOKEN_REQUEST_URL', '');
    const result = await createArtifactAttestation(options({ env: {} }));
    expect(result.status).toBe('skipped');
    const reason = (result as { reason: string }).reason;
    expect(reason).toContain('ACTIONS_ID_TOKEN_REQUEST_URL is not set');
    expect(reason).toContain('`permissions: id-token: write`');
    expect(reason).toContain('`attestations: write`');
    expect(reason).toContain('forks');
  });

  it('a 403 from the attestations API names the attestations: write permission', async () => {
    fakeSigstore('public-good');
    fakeAttestationsApi(403, { message: 'Resource not accessible by integration' });
    const result = await createArtifactAttestation(options());
    expect(result).toEqual({
      status: 'skipped',
      reason: expect.stringContaining('add `attestations: write` (and `id-token: write`)'),
    });
    expect(nock.pendingMocks()).toEqual([]);
  });

  it('a 404 from the attestations API says the repository has no artifact attestations', async () => {
    fakeSigstore('github');
    fakeAttestationsApi(404, { message: 'Not Found' });
    const result = await createArtifactAttestation(options({ sigstore: 'github' }));
    expect((result as { reason: string }).reason).toContain(
      `artifact attestations are not available for ${OWNER}/${REPO}`,
    );
  });

  it('an OIDC/Fulcio refusal is a warning, not an exception, and never leaks the request token', async () => {
    sigstoreScope(new URL(OIDC_URL).origin)
      .get(/\/idtoken\/abc/)
      .reply(200, { value: fakeIdToken() });
    sigstoreScope('https://fulcio.sigstore.dev')
      .post('/api/v2/signingCert')
      .reply(401, { message: 'invalid token' });
    const result = await createArtifactAttestation(options());
    expect(result.status).toBe('skipped');
    const reason = (result as { reason: string }).reason;
    expect(reason).toMatch(/could not sign the GitHub artifact attestation with Sigstore \(public-good\)/);
    expect(reason).toContain('invalid token');
    expect(reason).not.toContain(OIDC_REQUEST_TOKEN);
    expect(nock.pendingMocks()).toEqual([]);
  });

  it('never prints an OIDC token that Sigstore could not use', async () => {
    const unusable = 'eyJhbGciOiJSUzI1NiJ9.bm90LWpzb24tYXQtYWxs.c2lnbmF0dXJlLWJ5dGVz';
    sigstoreScope(new URL(OIDC_URL).origin)
      .get(/\/idtoken\/abc/)
      .reply(200, { value: unusable });
    const result = await createArtifactAttestation(options());
    const reason = (result as { reason: string }).reason;
    expect(reason).toContain('invalid identity token: [redacted token]');
    expect(reason).not.toContain(unusable);
    expect(reason).not.toContain('bm90LWpzb24');
    expect(nock.pendingMocks()).toEqual([]);
  });
});
