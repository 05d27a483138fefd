import type { Bundle } from './bundle.js';
import { hexToBytes } from './encoding.js';
import { ANNOTATION_KINDS } from './entry-hash.js';
import type { EntryOf } from './entry-kinds.js';
import { LedgerError } from './errors.js';
import { type HumanReviewDecisionFields, signDetachedHumanReview } from './human-review-entry.js';
import type { Signer } from './keys.js';

/**
 * Appends a signed `human_review` to a verified bundle without its database: hosts that only hold
 * the exported evidence (a downloaded artifact) can record a sign-off that chains onto its head.
 * The caller must have verified the bundle first; this only extends it.
 */
export function appendHumanReviewToBundle(
  bundle: Bundle,
  reviewer: Signer,
  review: HumanReviewDecisionFields,
): { bundle: Bundle; entry: EntryOf<'human_review'> } {
  const ledger = bundle.ledger;
  if (reviewer.publicKeyHex === ledger.public_key) {
    throw new LedgerError(
      'wrong_signer',
      'a human review must be signed by the reviewer key, not the session key',
    );
  }
  const last = ledger.entries.at(-1);
  const head = hexToBytes(ledger.head_hash, 32);
  if (!last || !head || last.entry_hash !== ledger.head_hash)
    throw new LedgerError('bad_head', 'the bundle has no valid head to extend');
  const attested = [...ledger.entries].reverse().find((e) => !ANNOTATION_KINDS.has(e.kind))?.entry_hash;
  if (!attested) throw new LedgerError('nothing_to_attest', 'the bundle has no evidence to review');
  const entry = signDetachedHumanReview({
    headHash: ledger.head_hash as string,
    headSeq: last.seq,
    attestedHeadHash: attested,
    reviewer,
    review,
  });
  return {
    bundle: {
      ...bundle,
      ledger: { ...ledger, entries: [...ledger.entries, entry], head_hash: entry.entry_hash },
    },
    entry,
  };
}
