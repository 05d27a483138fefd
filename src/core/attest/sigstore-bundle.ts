import type { DsseEnvelope } from './dsse.js';

export const SIGSTORE_BUNDLE_V03_MEDIA_TYPE = 'application/vnd.dev.sigstore.bundle.v0.3+json';

/** A Sigstore bundle v0.3 (JSON form) carrying a DSSE envelope signed by a pinned key, not a certificate. */
export interface SigstoreKeyBundle {
  mediaType: typeof SIGSTORE_BUNDLE_V03_MEDIA_TYPE;
  verificationMaterial: { publicKey: { hint: string }; tlogEntries: [] };
  dsseEnvelope: {
    payload: string;
    payloadType: string;
    signatures: Array<{ sig: string; keyid: string }>;
  };
}

/**
 * Wraps a DSSE envelope in a Sigstore bundle v0.3 so Sigstore tooling can verify it offline against
 * the pinned ledger key: `publicKey.hint` is the key id, and there are no transparency-log entries or
 * timestamps (the ledger has its own anchoring), so a verifier must run with zero tlog/timestamp
 * thresholds and the key as its trust root.
 */
export function toSigstoreBundle(envelope: DsseEnvelope, keyId: string): SigstoreKeyBundle {
  return {
    mediaType: SIGSTORE_BUNDLE_V03_MEDIA_TYPE,
    verificationMaterial: { publicKey: { hint: keyId }, tlogEntries: [] },
    dsseEnvelope: {
      payload: envelope.payload,
      payloadType: envelope.payloadType,
      signatures: envelope.signatures.map((s) => ({ sig: s.sig, keyid: s.keyid })),
    },
  };
}
