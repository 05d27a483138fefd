import { createHash } from 'node:crypto';
import type { Bundle } from './bundle.js';
import { canonicalJson } from './canonical-json.js';
import { bytesToHex, hexToBytes } from './encoding.js';
import type { HumanReviewPayload, LedgerEntry } from './entry.js';
import { ANNOTATION_KINDS, entryPreimage, HUMAN_REVIEW_KIND } from './entry-hash.js';
import { LedgerError } from './errors.js';
import type { Signer } from './keys.js';

/**
 * Appends a signed `human_review` to a verified bundle without its database: hosts that only hold
 * the exported evidence (a downloaded artifact) can record a sign-off that chains onto its head.
 * The caller must have verified the bundle first; this only extends it.
 */
export function appendHumanReviewToBundle(
  bundle: Bundle,
  reviewer: Signer,
  review: Pick<HumanReviewPayload, 'decision' | 'note' | 'actor' | 'source'>,
): { bundle: Bundle; entry: LedgerEntry } {
  const ledger = bundle.ledger;
  if (reviewer.publicKeyHex === ledger.public_key) {
    throw new LedgerError('a human review must be signed by the reviewer key, not the session key');
  }
  const last = ledger.entries.at(-1);
  const head = hexToBytes(ledger.head_hash, 32);
  if (!last || !head || last.entry_hash !== ledger.head_hash)
    throw new LedgerError('the bundle has no valid head to extend');
  const attested = [...ledger.entries].reverse().find((e) => !ANNOTATION_KINDS.has(e.kind))?.entry_hash;
  if (!attested) throw new LedgerError('the bundle has no evidence to review');
  const payload: HumanReviewPayload = {
    ...review,
    attested_head_hash: attested,
    reviewer_key_id: reviewer.keyId,
    reviewer_public_key: reviewer.publicKeyHex,
  };
  const seq = last.seq + 1;
  const entryHash = createHash('sha256')
    .update(entryPreimage(head, HUMAN_REVIEW_KIND, canonicalJson(payload), seq))
    .digest();
  const entry: LedgerEntry = {
    seq,
    kind: HUMAN_REVIEW_KIND,
    payload: payload as unknown as Record<string, unknown>,
    prev_hash: ledger.head_hash as string,
    entry_hash: entryHash.toString('hex'),
    signature: bytesToHex(reviewer.sign(entryHash)),
  };
  return {
    bundle: {
      ...bundle,
      ledger: { ...ledger, entries: [...ledger.entries, entry], head_hash: entry.entry_hash },
    },
    entry,
  };
}
