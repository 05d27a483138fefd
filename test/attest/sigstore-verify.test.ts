import { afterEach, describe, expect, it } from 'vitest';
import { signEnvelope, toSigstoreBundle } from '../../src/core/attest/index.js';
import { FORGER_KEY, SESSION_KEY } from '../helpers/ledger-kit.js';
import { sigstoreVerifyOffline } from '../helpers/sigstore-offline.js';
import { attestedSample, statementOf, withPayload } from './attest-kit.js';

let cleanup: Array<() => void> = [];
afterEach(() => {
  for (const fn of cleanup) fn();
  cleanup = [];
});

function sigstoreBundle() {
  const s = attestedSample();
  cleanup.push(() => s.fixture.close());
  return s.attest().sigstoreBundle;
}

const pinned = { hint: SESSION_KEY.keyId, publicKeyHex: SESSION_KEY.publicKeyHex };

describe('the Sigstore bundle, verified offline by @sigstore/verify with only the pinned key', () => {
  it('is accepted', () => {
    const bundle = sigstoreBundle();
    expect(bundle.mediaType).toBe('application/vnd.dev.sigstore.bundle.v0.3+json');
    expect(bundle.verificationMaterial).toEqual({ publicKey: { hint: SESSION_KEY.keyId }, tlogEntries: [] });
    expect(() => sigstoreVerifyOffline(bundle, pinned)).not.toThrow();
  });

  it('rejects a tampered statement', () => {
    const bundle = sigstoreBundle();
    const statement = statementOf(bundle.dsseEnvelope) as { predicate: { verdict: string } };
    statement.predicate.verdict = 'fail';
    const tampered = { ...bundle, dsseEnvelope: withPayload(bundle.dsseEnvelope, statement) };
    expect(() => sigstoreVerifyOffline(tampered, pinned)).toThrow(/signature verification failed/);
  });

  it('rejects the bundle when the pinned key under that hint is another key', () => {
    const bundle = sigstoreBundle();
    expect(() =>
      sigstoreVerifyOffline(bundle, { hint: SESSION_KEY.keyId, publicKeyHex: FORGER_KEY.publicKeyHex }),
    ).toThrow(/signature verification failed/);
  });

  it('rejects a forger re-signing with their own key under the pinned hint', () => {
    const bundle = sigstoreBundle();
    const payload = Buffer.from(bundle.dsseEnvelope.payload, 'base64');
    const forged = toSigstoreBundle(
      signEnvelope(bundle.dsseEnvelope.payloadType, payload, FORGER_KEY),
      SESSION_KEY.keyId,
    );
    expect(() => sigstoreVerifyOffline(forged, pinned)).toThrow(/signature verification failed/);
  });

  it('rejects an unknown hint', () => {
    const bundle = sigstoreBundle();
    expect(() =>
      sigstoreVerifyOffline(bundle, { hint: FORGER_KEY.keyId, publicKeyHex: SESSION_KEY.publicKeyHex }),
    ).toThrow(/key not found/);
  });

  it('rejects a swapped payloadType (the PAE covers it)', () => {
    const bundle = sigstoreBundle();
    const swapped = { ...bundle, dsseEnvelope: { ...bundle.dsseEnvelope, payloadType: 'application/json' } };
    expect(() => sigstoreVerifyOffline(swapped, pinned)).toThrow(/signature verification failed/);
  });
});
