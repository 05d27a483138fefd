import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json.js';
import { bytesToHex, hexToBytes } from './encoding.js';
import type { HumanReviewPayload, LedgerEntry } from './entry.js';
import { entryPreimage, HUMAN_REVIEW_KIND } from './entry-hash.js';
import { type EntryOf, type PayloadOf, tryReadEntry } from './entry-kinds.js';
import { LedgerError } from './errors.js';
import type { Signer } from './keys.js';
import type { LedgerCrypto } from './ledger-crypto.js';
import { isPinned, type TrustedKeys } from './trusted-keys.js';

/** The parts of a `human_review` payload the reviewer decides; the key fields are filled in from the signer. */
export type HumanReviewDecisionFields = Pick<HumanReviewPayload, 'decision' | 'note' | 'actor' | 'source'>;

/**
 * Builds and signs the `human_review` entry that chains onto a ledger head (docs/ledger.md "Entries": seq = head
 * seq + 1, prev_hash = head hash), without the ledger itself. The App uses it to sign an approval-gate
 * decision it cannot append (the suspended session lives on a runner); the Action appends the same
 * entry when it resumes, after checkDetachedHumanReview. Signed by the reviewer key, never the session key.
 */
export function signDetachedHumanReview(options: {
  headHash: string;
  headSeq: number;
  /** The evidence head the decision is about (the last non-review entry; for a suspended run, its head). */
  attestedHeadHash: string;
  reviewer: Signer;
  review: HumanReviewDecisionFields;
}): EntryOf<'human_review'> {
  const head = hexToBytes(options.headHash, 32);
  if (!head) throw new LedgerError('bad_head', 'the head to extend must be a 64-character hex hash');
  if (!hexToBytes(options.attestedHeadHash, 32))
    throw new LedgerError('bad_head', 'the attested head must be a 64-character hex hash');
  if (!Number.isSafeInteger(options.headSeq) || options.headSeq < 0)
    throw new LedgerError('bad_head', `the head seq must be a non-negative integer, got ${options.headSeq}`);
  const payload: PayloadOf<'human_review'> = {
    ...options.review,
    attested_head_hash: options.attestedHeadHash,
    reviewer_key_id: options.reviewer.keyId,
    reviewer_public_key: options.reviewer.publicKeyHex,
  };
  const seq = options.headSeq + 1;
  const entryHash = createHash('sha256')
    .update(entryPreimage(head, HUMAN_REVIEW_KIND, canonicalJson(payload), seq))
    .digest();
  return {
    seq,
    kind: HUMAN_REVIEW_KIND,
    payload,
    prev_hash: options.headHash,
    entry_hash: entryHash.toString('hex'),
    signature: bytesToHex(options.reviewer.sign(entryHash)),
  };
}

/**
 * Checks a detached `human_review` (e.g. the App's `approval` dispatch input) before it is appended:
 * it must chain onto `head` exactly, hash correctly, carry a valid signature by the reviewer key it
 * names, and that key must be one of `trusted` (hex public keys) — a decision anyone could sign proves
 * nothing. Returns null when it holds, else the first reason it does not.
 */
export function checkDetachedHumanReview(
  entry: LedgerEntry,
  head: { hash: string; seq: number },
  options: { crypto: LedgerCrypto; trusted: TrustedKeys },
): string | null {
  if (entry.kind !== HUMAN_REVIEW_KIND) return `expected a ${HUMAN_REVIEW_KIND} entry, got ${entry.kind}`;
  if (entry.seq !== head.seq + 1) return `seq ${entry.seq} does not follow the head (seq ${head.seq})`;
  if (entry.prev_hash !== head.hash) return 'prev_hash does not point at the ledger head';
  const publicKey = hexToBytes(entry.payload.reviewer_public_key, 32);
  if (!publicKey) return 'reviewer_public_key is not a 64-character hex key';
  const prev = hexToBytes(entry.prev_hash, 32);
  if (!prev) return 'prev_hash is not a 64-character hex hash';
  let canonical: string;
  try {
    canonical = canonicalJson(entry.payload);
  } catch (error) {
    return `payload is not canonical JSON: ${(error as Error).message}`;
  }
  const hash = options.crypto.sha256(entryPreimage(prev, entry.kind, canonical, entry.seq));
  if (bytesToHex(hash) !== entry.entry_hash) return 'entry_hash does not match the entry';
  const signature = hexToBytes(entry.signature, 64);
  if (!signature || !options.crypto.verify(signature, hash, publicKey))
    return 'the signature is not valid for reviewer_public_key';
  const read = tryReadEntry(entry, HUMAN_REVIEW_KIND);
  if ('error' in read) return read.error;
  if (!isPinned(options.trusted, read.payload.reviewer_public_key, 'reviewer'))
    return `reviewer key ${read.payload.reviewer_key_id} is not pinned as a reviewer (roles=reviewer in trusted-keys)`;
  return null;
}
