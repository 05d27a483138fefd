import type { LedgerEntry } from '../ledger/entry.js';
import { ANCHOR_RECEIPT_KIND } from '../ledger/entry-hash.js';
import { LedgerError } from '../ledger/errors.js';
import type { Signer } from '../ledger/keys.js';
import type { LedgerStore } from '../ledger/store.js';
import type { Anchor } from './anchor.js';
import type { AnchorReceiptPayload } from './receipt.js';

/**
 * Anchors a session's reviewable head (its last entry that is not an annotation — normally
 * run_completed) and records the receipt as a signed `anchor_receipt` entry. The receipt is an
 * annotation: it may follow the terminal entry and leaves the run's completeness untouched.
 * Returns null (and appends nothing) for an anchor that records nothing.
 */
export async function anchorSession(options: {
  store: LedgerStore;
  sessionId: string;
  signer: Signer;
  anchor: Anchor;
}): Promise<{ receipt: AnchorReceiptPayload; entry: LedgerEntry } | null> {
  const head = options.store.reviewableHeadEntry(options.sessionId);
  if (!head)
    throw new LedgerError('nothing_to_attest', `session ${options.sessionId} has no entries to anchor`);
  const receipt = await options.anchor.anchor({ headHash: head.entry_hash, seq: head.seq });
  if (!receipt) return null;
  const entry = options.store.append(options.sessionId, ANCHOR_RECEIPT_KIND, receipt, options.signer);
  return { receipt, entry };
}
