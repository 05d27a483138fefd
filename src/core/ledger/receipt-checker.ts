import type { LedgerCrypto } from './ledger-crypto.js';

/** What a checked `anchor_receipt` proves: which entry of this ledger a signed log checkpoint includes. */
export interface ReceiptFinding {
  log_origin: string;
  log_public_key: string;
  log_key_id: string;
  leaf_index: number;
  tree_size: number;
  anchored_seq: number;
  anchored_head_hash: string;
}

/**
 * Checks one `anchor_receipt` payload on its own: its signed checkpoint and inclusion proof
 * (docs/anchor.md). The anchor layer provides it (`checkReceipt`); the chain verifier receives
 * it, so the ledger depends on no transparency-log code.
 */
export type ReceiptChecker = (
  payload: Record<string, unknown>,
  crypto: LedgerCrypto,
) => { finding: ReceiptFinding } | { error: string };

/**
 * The checker of a verifier that was given none: every receipt fails verification, so a
 * forgotten checker can only ever turn a ledger with receipts into a failure, never into a pass.
 */
export const REFUSE_RECEIPTS: ReceiptChecker = () => ({
  error: 'cannot be checked: this verifier was given no receipt checker',
});
