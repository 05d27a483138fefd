import * as ed from '@noble/ed25519';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { FixedKeyVerifier } from './ed25519-fixed-key.js';
import { entryPreimageParts } from './entry-hash.js';
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

const utf8 = new TextEncoder();
/** Reused across entries (verification is synchronous): one preimage at a time, grown as needed. */
let scratch = new Uint8Array(1 << 16);

/**
 * SHA-256 of entryPreimage() written straight into one reused buffer (`encodeInto`), instead of
 * encoding each part and concatenating them into a fresh array per entry; the part order still comes
 * from entryPreimageParts. What the report page runs for every entry.
 */
function portableEntryHash(prevHash: Uint8Array, kind: string, canonicalPayload: string, seq: number) {
  const [prev, kindText, payloadText, seqBytes] = entryPreimageParts(prevHash, kind, canonicalPayload, seq);
  // A UTF-16 unit never takes more than 3 bytes of UTF-8.
  const most = prev.length + 3 * (kindText.length + payloadText.length) + seqBytes.length;
  if (scratch.length < most) scratch = new Uint8Array(Math.max(most, 2 * scratch.length));
  scratch.set(prev, 0);
  let offset = prev.length;
  offset += utf8.encodeInto(kindText, scratch.subarray(offset)).written;
  offset += utf8.encodeInto(payloadText, scratch.subarray(offset)).written;
  scratch.set(seqBytes, offset);
  return sha256(scratch.subarray(0, offset + seqBytes.length));
}

/**
 * Pure-JS implementation on @noble: no node:crypto, so the same verifier runs in a browser page.
 * Signatures are checked under the Truss signature rule (docs/ledger.md "Signature rule") through a per-key window table
 * (FixedKeyVerifier), since every entry of a ledger is signed by the same key.
 */
export const portableCrypto: LedgerCrypto = {
  sha256: (data) => sha256(data),
  entryHash: portableEntryHash,
  verify: (signature, message, publicKey) => {
    if (signature.length !== 64 || publicKey.length !== 32) return false;
    try {
      return verifierFor(publicKey).verify(signature, message);
    } catch {
      return false;
    }
  },
};
