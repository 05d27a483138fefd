import { bundleFromJSON } from '@sigstore/bundle';
import { toSignedEntity, toTrustMaterial, Verifier } from '@sigstore/verify';
import { publicKeyObject } from '../../src/core/ledger/index.js';

type TrustedRoot = Parameters<typeof toTrustMaterial>[0];
type PublicKeys = Extract<Parameters<typeof toTrustMaterial>[1], Record<string, unknown>>;

/**
 * Verifies a Sigstore bundle the way a third party would with @sigstore/verify 3.x alone, fully
 * offline: the trust root holds no CA, no transparency log and no timestamp authority, only the
 * pinned ed25519 key under its hint (the OpenSSH fingerprint), and every threshold is zero. Throws
 * @sigstore/verify's own error when the bundle does not verify.
 */
export function sigstoreVerifyOffline(bundleJson: unknown, pinned: { hint: string; publicKeyHex: string }) {
  const spki = publicKeyObject(Buffer.from(pinned.publicKeyHex, 'hex')).export({
    format: 'der',
    type: 'spki',
  });
  const root = {
    mediaType: 'application/vnd.dev.sigstore.trustedroot+json;version=0.1',
    certificateAuthorities: [],
    timestampAuthorities: [],
    tlogs: [],
    ctlogs: [],
  } as unknown as TrustedRoot;
  const keys = {
    [pinned.hint]: { rawBytes: spki, keyDetails: 7 /* PKIX_ED25519 */ },
  } as unknown as PublicKeys;
  const verifier = new Verifier(toTrustMaterial(root, keys), {
    tlogThreshold: 0,
    ctlogThreshold: 0,
    timestampThreshold: 0,
  });
  return verifier.verify(toSignedEntity(bundleFromJSON(bundleJson)));
}
