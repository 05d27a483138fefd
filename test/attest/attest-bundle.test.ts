import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AttestationFormatError,
  AttestationRefusedError,
  attestBundle,
  IN_TOTO_PAYLOAD_TYPE,
  IN_TOTO_STATEMENT_TYPE,
  signEnvelope,
  TRUSS_VERDICT_PREDICATE_TYPE,
  verifyAttestation,
} from '../../src/core/attest/index.js';
import { type Bundle, canonicalJson, utf8Bytes } from '../../src/core/ledger/index.js';
import { exportText, FORGER_KEY, REVIEWER_KEY, SESSION_KEY, trustedOf } from '../helpers/ledger-kit.js';
import { attestedSample, crypto, statementOf, withPayload } from './attest-kit.js';

let cleanup: Array<() => void> = [];
afterEach(() => {
  for (const fn of cleanup) fn();
  cleanup = [];
});

function sample(options: Parameters<typeof attestedSample>[0] = {}) {
  const s = attestedSample(options);
  cleanup.push(() => s.fixture.close());
  return s;
}

const pinned = trustedOf(SESSION_KEY);
const verify = (doc: unknown, options: { trusted?: Map<string, string>; bundleBytes?: Uint8Array } = {}) =>
  verifyAttestation(JSON.stringify(doc), 'att.json', {
    crypto,
    trusted: options.trusted ?? pinned,
    ...(options.bundleBytes ? { bundleBytes: options.bundleBytes } : {}),
  });

describe('truss verdict statement', () => {
  it('covers the commit and the exact bundle bytes, with the verdict read from the signed entries', () => {
    const { attest, bundleBytes, sessionId, bundlePath } = sample();
    const { statement, envelope, bundleSha256, report } = attest();
    expect(report.status).toBe('verified');
    expect(bundleSha256).toBe(createHash('sha256').update(bundleBytes).digest('hex'));
    expect(statement).toEqual({
      _type: IN_TOTO_STATEMENT_TYPE,
      predicateType: TRUSS_VERDICT_PREDICATE_TYPE,
      subject: [
        { name: 'octo/hello', digest: { gitCommit: '2'.repeat(40) } },
        { name: bundlePath.split('/').pop(), digest: { sha256: bundleSha256 } },
      ],
      predicate: {
        verdict: 'pass',
        clauses: [
          { clause: 0, kind: null, desc: null, status: 'met' },
          { clause: 1, kind: null, desc: null, status: 'met' },
        ],
        forced: [],
        contract: { id: 'greeting-0001', hash: 'a'.repeat(64) },
        ledger: {
          session_id: sessionId,
          head_hash: report.head_hash,
          entries: 7,
          key_id: SESSION_KEY.keyId,
          public_key: SESSION_KEY.publicKeyHex,
          verdict_seq: 5,
          verdict_entry_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        },
        git: { repo: 'octo/hello', base_sha: '1'.repeat(40), head_sha: '2'.repeat(40) },
        human_reviews: [],
        code_version: 'test',
        truss_version: '0.1.0-test',
      },
    });
    // The payload is the canonical JSON of the statement: deterministic bytes for the same evidence.
    expect(Buffer.from(envelope.payload, 'base64').toString()).toBe(canonicalJson(statement));
    expect(envelope.payloadType).toBe(IN_TOTO_PAYLOAD_TYPE);
    expect(envelope.signatures).toEqual([{ keyid: SESSION_KEY.keyId, sig: expect.any(String) }]);
  });

  it('round-trips: the envelope and the Sigstore bundle verify with the pinned key and the bundle', () => {
    const { attest, bundleBytes } = sample();
    const { envelope, sigstoreBundle } = attest();
    for (const doc of [envelope, sigstoreBundle]) {
      const report = verify(doc, { bundleBytes });
      expect(report, JSON.stringify(report.failure)).toMatchObject({
        status: 'verified',
        key_id: SESSION_KEY.keyId,
        bundle_matches: true,
      });
      expect(report.statement?.predicate.verdict).toBe('pass');
    }
    expect(verify(sigstoreBundle).format).toBe('sigstore_bundle');
    expect(verify(envelope).format).toBe('dsse');
  });
});

function attestBytes(bytes: Uint8Array, signer = SESSION_KEY, trusted?: Map<string, string>) {
  return attestBundle({
    bundleBytes: bytes,
    bundleName: 'b.json',
    source: 'b.json',
    signer,
    crypto,
    ...(trusted ? { trusted } : {}),
    trussVersion: 't',
  });
}

function refusal(fn: () => unknown): AttestationRefusedError {
  try {
    fn();
  } catch (error) {
    if (error instanceof AttestationRefusedError) return error;
    throw error;
  }
  throw new Error('expected the attestation to be refused');
}

describe('attestation refuses evidence that does not verify', () => {
  it('refuses a forged verdict (edited payload, old signature)', () => {
    const { bundleBytes } = sample();
    const bundle = JSON.parse(bundleBytes.toString()) as Bundle;
    const verdict = bundle.ledger.entries.find((e) => e.kind === 'verdict');
    if (!verdict) throw new Error('test setup: no verdict');
    verdict.payload.overall = 'fail';
    const error = refusal(() => attestBytes(Buffer.from(JSON.stringify(bundle))));
    expect(error.status).toBe('failed');
    expect(error.message).toMatch(/seq 5: entry_hash does not match/);
  });

  it('reads the verdict from the entries, not from an edited convenience view', () => {
    const { bundleBytes } = sample();
    const bundle = JSON.parse(bundleBytes.toString()) as Bundle & { verdict: { overall: string } };
    bundle.verdict.overall = 'fail';
    const error = refusal(() => attestBytes(Buffer.from(JSON.stringify(bundle))));
    expect(error.message).toMatch(/"verdict" view does not match/);
  });

  it('refuses a chain re-signed by a forger, even when the forger signs the attestation', () => {
    const { bundleBytes } = sample({ signer: FORGER_KEY });
    // The forger holds the key the bundle names, but the pinned key is the real one.
    const error = refusal(() => attestBytes(bundleBytes, FORGER_KEY, trustedOf(SESSION_KEY)));
    expect(error.status).toBe('failed');
    expect(error.message).toMatch(/not a trusted key/);
  });

  it('refuses a signing key that is not the ledger key', () => {
    const { bundleBytes } = sample();
    const error = refusal(() => attestBytes(bundleBytes, FORGER_KEY));
    expect(error.status).toBe('input');
    expect(error.message).toContain(SESSION_KEY.keyId);
    expect(error.message).toContain(FORGER_KEY.keyId);
  });

  it('refuses an unfinished run (truncated tail)', () => {
    const { bundleBytes } = sample({ terminal: false });
    expect(refusal(() => attestBytes(bundleBytes)).status).toBe('incomplete');
  });

  it('refuses a finished run without a verdict', () => {
    const { fixture } = sample();
    const id = fixture.store.createSession({ signer: SESSION_KEY, codeVersion: 'test' }).id;
    fixture.store.append(id, 'run_started', { contract: { id: 'c' } }, SESSION_KEY);
    fixture.store.append(id, 'run_failed', { error: 'boom' }, SESSION_KEY);
    const text = exportText(fixture, id, crypto);
    const error = refusal(() => attestBytes(Buffer.from(text)));
    expect(error.status).toBe('input');
    expect(error.message).toMatch(/no signed verdict \(it ended with run_failed\)/);
  });
});

describe('verify-attestation catches tampering and forgery', () => {
  it('fails a tampered statement (verdict flipped, signature kept)', () => {
    const { attest } = sample();
    const { envelope, sigstoreBundle } = attest();
    const statement = statementOf(envelope) as { predicate: { verdict: string } };
    statement.predicate.verdict = 'fail';
    expect(verify(withPayload(envelope, statement)).failure?.code).toBe('bad_signature');
    const bundle = { ...sigstoreBundle, dsseEnvelope: withPayload(sigstoreBundle.dsseEnvelope, statement) };
    expect(verify(bundle).failure?.code).toBe('bad_signature');
  });

  it('fails a swapped payloadType before looking at signatures', () => {
    const { attest } = sample();
    const { envelope } = attest();
    expect(verify({ ...envelope, payloadType: 'application/json' }).failure?.code).toBe('payload_type');
  });

  it('fails a statement signed by an unpinned key, and one claiming the pinned keyid', () => {
    const { attest } = sample();
    const { envelope } = attest();
    const payload = Buffer.from(envelope.payload, 'base64');
    const forged = signEnvelope(IN_TOTO_PAYLOAD_TYPE, payload, FORGER_KEY);
    expect(verify(forged)).toMatchObject({
      status: 'failed',
      failure: { code: 'untrusted_key' },
      statement: null,
    });
    const impersonating = { ...forged, signatures: [{ ...forged.signatures[0], keyid: SESSION_KEY.keyId }] };
    expect(verify(impersonating).failure?.code).toBe('bad_signature');
  });

  it('fails when the statement names another ledger key than the one that signed it', () => {
    const { attest } = sample();
    const statement = statementOf(attest().envelope) as { predicate: { ledger: { key_id: string } } };
    statement.predicate.ledger.key_id = REVIEWER_KEY.keyId;
    const resigned = signEnvelope(IN_TOTO_PAYLOAD_TYPE, utf8Bytes(JSON.stringify(statement)), SESSION_KEY);
    expect(verify(resigned).failure?.code).toBe('key_mismatch');
  });

  it('fails a Sigstore bundle whose hint names another key', () => {
    const { attest } = sample();
    const { sigstoreBundle } = attest();
    const bundle = {
      ...sigstoreBundle,
      verificationMaterial: { publicKey: { hint: FORGER_KEY.keyId }, tlogEntries: [] },
    };
    expect(verify(bundle).failure?.code).toBe('hint_mismatch');
  });

  it('fails another bundle than the attested one', () => {
    const { attest, bundleBytes } = sample();
    const { envelope } = attest();
    const edited = Buffer.concat([bundleBytes, Buffer.from(' ')]);
    expect(verify(envelope, { bundleBytes: edited })).toMatchObject({
      failure: { code: 'bundle_mismatch' },
      bundle_matches: false,
    });
  });

  it('fails a signed statement of the wrong shape', () => {
    const bad = [
      { _type: 'https://in-toto.io/Statement/v0.1' },
      { _type: IN_TOTO_STATEMENT_TYPE, predicateType: 'https://slsa.dev/provenance/v1' },
      { _type: IN_TOTO_STATEMENT_TYPE, predicateType: TRUSS_VERDICT_PREDICATE_TYPE, subject: [] },
    ];
    for (const statement of bad) {
      const envelope = signEnvelope(IN_TOTO_PAYLOAD_TYPE, utf8Bytes(JSON.stringify(statement)), SESSION_KEY);
      expect(verify(envelope).failure?.code).toBe('bad_statement');
    }
  });

  it('throws a format error for input that is no attestation at all', () => {
    for (const text of [
      'not json',
      '[]',
      '{"schema_version":"truss.ledger.v1"}',
      '{"mediaType":"application/vnd.dev.sigstore.bundle.v0.1+json"}',
    ]) {
      expect(() => verifyAttestation(text, 'x.json', { crypto, trusted: pinned })).toThrow(
        AttestationFormatError,
      );
    }
  });
});

/** The envelope re-encoded in the DSSE spec's URL-safe alphabet without padding, as other signers write it. */
function urlSafe<T extends { payload: string; signatures: Array<{ keyid: string; sig: string }> }>(
  envelope: T,
): T {
  const recode = (text: string) => Buffer.from(text, 'base64').toString('base64url');
  return {
    ...envelope,
    payload: recode(envelope.payload),
    signatures: envelope.signatures.map((s) => ({ ...s, sig: recode(s.sig) })),
  };
}

/**
 * A real attestation whose payload's base64 holds both '+' and '/' (a run of '?' and of '>' in the
 * signed statement), so its standard and URL-safe encodings differ.
 */
function attestedWithBothAlphabets() {
  const { bundleBytes } = sample();
  const attested = attestBundle({
    bundleBytes,
    bundleName: 'b.json',
    source: 'b.json',
    signer: SESSION_KEY,
    crypto,
    trussVersion: '?????>>>>>',
  });
  expect(attested.envelope.payload).toMatch(/\+/);
  expect(attested.envelope.payload).toMatch(/\//);
  return { ...attested, bundleBytes };
}

describe('verify-attestation reads every base64 form DSSE allows, and only those', () => {
  it('verifies an envelope and a Sigstore bundle written in URL-safe base64 without padding', () => {
    const { envelope, sigstoreBundle, bundleBytes } = attestedWithBothAlphabets();
    const safe = urlSafe(envelope);
    expect(safe.payload).not.toMatch(/[+/=]/);
    for (const doc of [safe, { ...sigstoreBundle, dsseEnvelope: urlSafe(sigstoreBundle.dsseEnvelope) }]) {
      const report = verify(doc, { bundleBytes });
      expect(report, JSON.stringify(report.failure)).toMatchObject({
        status: 'verified',
        bundle_matches: true,
      });
    }
  });

  it('fails a payload or a sig mixing the alphabets or cut to a length no encoding has, naming the field', () => {
    const { envelope } = attestedWithBothAlphabets();
    const safe = urlSafe(envelope);
    const plus = envelope.payload.indexOf('+');
    const slash = envelope.payload.indexOf('/');
    // One character from each alphabet: standard up to the first '+' or '/', URL-safe after it.
    const cut = Math.min(plus, slash) + 1;
    const mixed = `${envelope.payload.slice(0, cut)}${safe.payload.slice(cut)}`;
    expect(mixed).toMatch(/[+/]/);
    expect(mixed).toMatch(/[-_]/);
    const oneLong = safe.payload.slice(0, ((safe.payload.length - 1) & ~3) + 1);
    for (const payload of [mixed, oneLong, `${envelope.payload} `])
      expect(verify({ ...envelope, payload }).failure, payload.slice(-8)).toEqual({
        code: 'malformed_envelope',
        message:
          'payload is not base64 in one alphabet, standard (+/) or URL-safe (-_), padded or not, or is empty',
      });
    const sig = Buffer.from(envelope.signatures[0]?.sig as string, 'base64');
    const mixedSig = `-/${Buffer.concat([Buffer.from([0xfb, 0xff, 0xbf]), sig])
      .toString('base64')
      .slice(2)}`;
    expect(
      verify({ ...envelope, signatures: [{ keyid: SESSION_KEY.keyId, sig: mixedSig }] }).failure,
    ).toEqual({
      code: 'malformed_envelope',
      message:
        'signatures[0].sig is not base64 in one alphabet, standard (+/) or URL-safe (-_), padded or not',
    });
  });
});
