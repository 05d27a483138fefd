import * as ed from '@noble/ed25519';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import type { LedgerCrypto } from './ledger-crypto.js';

ed.hashes.sha512 = sha512;

/** Pure-JS implementation on @noble: no node:crypto, so the same verifier runs in a browser page. */
export const portableCrypto: LedgerCrypto = {
  sha256: (data) => sha256(data),
  verify: (signature, message, publicKey) => {
    if (signature.length !== 64 || publicKey.length !== 32) return false;
    try {
      return ed.verify(signature, message, publicKey, { zip215: false });
    } catch {
      return false;
    }
  },
};
