import * as ed from '@noble/ed25519';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { FixedKeyVerifier } from './ed25519-fixed-key.js';
import type { LedgerCrypto } from './ledger-crypto.js';

ed.hashes.sha512 = sha512;

/** A ledger has one session key and a few reviewer keys; a handful of cached tables covers it. */
const MAX_CACHED_KEYS = 8;
const verifiers = new Map<string, FixedKeyVerifier>();

function verifierFor(publicKey: Uint8Array): FixedKeyVerifier {
  const id = ed.etc.bytesToHex(publicKey);
  let verifier = verifiers.get(id);
  if (!verifier) {
    if (verifiers.size >= MAX_CACHED_KEYS) verifiers.delete(verifiers.keys().next().value as string);
    verifier = new FixedKeyVerifier(publicKey);
    verifiers.set(id, verifier);
  }
  return verifier;
}

/**
 * Pure-JS implementation on @noble: no node:crypto, so the same verifier runs in a browser page.
 * Signatures are checked under the Truss signature rule (docs/ledger.md "Signature rule") through a per-key window table
 * (FixedKeyVerifier), since every entry of a ledger is signed by the same key.
 */
export const portableCrypto: LedgerCrypto = {
  sha256: (data) => sha256(data),
  verify: (signature, message, publicKey) => {
    if (signature.length !== 64 || publicKey.length !== 32) return false;
    try {
      return verifierFor(publicKey).verify(signature, message);
    } catch {
      return false;
    }
  },
};
