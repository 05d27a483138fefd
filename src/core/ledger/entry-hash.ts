import { concatBytes, utf8Bytes } from './encoding.js';

/** `prev_hash[0]`: the chain starts from 32 zero bytes (docs/ledger.md "Entries"). */
export const ZERO_HASH = new Uint8Array(32);

/** Entry kinds are short snake_case identifiers so they can never smuggle structure into the preimage. */
export const KIND_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;

/** Kinds that end a run; a ledger whose last entry other than an annotation is not one of these is `incomplete`. */
export const TERMINAL_KINDS: ReadonlySet<string> = new Set(['run_completed', 'run_failed', 'suspended']);

/**
 * Ends a run segment (the store syncs it like a terminal entry), but the run is waiting, not finished:
 * verification reports a ledger whose evidence ends here as `suspended` (docs/ledger.md "Verification results").
 */
export const SUSPENDED_KIND = 'suspended';

/** Signed by the reviewer's own key rather than the session key, and appended after the evidence it attests. */
export const HUMAN_REVIEW_KIND = 'human_review';

/** A transparency-log receipt for an earlier entry of the same ledger (src/core/anchor/receipt.ts). */
export const ANCHOR_RECEIPT_KIND = 'anchor_receipt';

/**
 * Annotations attest an entry that is already in the chain (a sign-off, an anchor receipt). They may
 * follow the terminal entry, never move the reviewable head and never change whether a run is
 * complete: the run's evidence ends at the last entry that is not an annotation.
 */
export const ANNOTATION_KINDS: ReadonlySet<string> = new Set([HUMAN_REVIEW_KIND, ANCHOR_RECEIPT_KIND]);

/**
 * The normative hash preimage of docs/ledger.md "Entries":
 * `prev_hash ‖ utf8(kind) ‖ canonical_json(payload) ‖ u64le(seq)`. Kept in one place so the signer,
 * the SQLite verifier, the bundle verifier and the browser verifier cannot drift apart.
 */
export function entryPreimage(
  prevHash: Uint8Array,
  kind: string,
  canonicalPayload: string,
  seq: number,
): Uint8Array {
  const [prev, kindText, payloadText, seqBytes] = entryPreimageParts(prevHash, kind, canonicalPayload, seq);
  return concatBytes(prev, utf8Bytes(kindText), utf8Bytes(payloadText), seqBytes);
}

/**
 * The same preimage as its four parts in order (strings to be hashed as UTF-8), for hashing
 * incrementally without copying the payload into one buffer first.
 */
export function entryPreimageParts(
  prevHash: Uint8Array,
  kind: string,
  canonicalPayload: string,
  seq: number,
): [Uint8Array, string, string, Uint8Array] {
  const seqBytes = new Uint8Array(8);
  if (Number.isSafeInteger(seq) && seq >= 0) {
    // u64le without BigInt: this runs once per entry on every verify and resume.
    let low = seq % 0x1_0000_0000;
    let high = (seq - low) / 0x1_0000_0000;
    for (let i = 0; i < 4; i++, low >>>= 8, high >>>= 8) {
      seqBytes[i] = low & 0xff;
      seqBytes[i + 4] = high & 0xff;
    }
  } else {
    new DataView(seqBytes.buffer).setBigUint64(0, BigInt(seq), true);
  }
  return [prevHash, kind, canonicalPayload, seqBytes];
}
