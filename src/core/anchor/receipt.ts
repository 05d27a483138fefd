/**
 * The `anchor_receipt` ledger entry: proof that a head of this ledger is leaf `leaf_index` of a
 * transparency log whose signed checkpoint is embedded. Verified by the same chain verifier that
 * checks every other entry (SQLite and bundle alike), with nothing but SHA-256 and Ed25519.
 */
import { bytesToHex, hexToBytes } from '../ledger/encoding.js';
import { keyIdFromPublicKey } from '../ledger/key-id.js';
import type { LedgerCrypto } from '../ledger/ledger-crypto.js';
import type { ReceiptChecker, ReceiptFinding } from '../ledger/receipt-checker.js';
import { openCheckpoint, type SignedCheckpoint } from './checkpoint.js';
import type { NoteError, ProofError } from './errors.js';
import { rfc6962Hasher } from './hasher.js';
import { anchorLeafData } from './leaf-record.js';
import { verifyInclusion } from './merkle-verify.js';

export { ANCHOR_RECEIPT_KIND } from '../ledger/entry-hash.js';

/** Payload of an `anchor_receipt` entry (docs/ledger.md "Entries"). Hashes are lowercase hex. */
export interface AnchorReceiptPayload {
  /** The log's origin line, which is also its signed-note key name. */
  log_origin: string;
  log_public_key: string;
  /** OpenSSH-style fingerprint of the log key, the same id format as ledger keys. */
  log_key_id: string;
  leaf_index: number;
  /** The signed C2SP checkpoint note the proof is against. */
  checkpoint: string;
  inclusion_proof: string[];
  /** The ledger entry that was anchored: its hash and seq. Must be an earlier entry of this ledger. */
  anchored_head_hash: string;
  anchored_seq: number;
}

/** Builds the receipt payload from a log's answer. */
export function buildReceipt(input: {
  origin: string;
  publicKey: Uint8Array;
  leafIndex: number;
  checkpoint: SignedCheckpoint;
  proof: readonly Uint8Array[];
  headHash: string;
  seq: number;
  sha256: (d: Uint8Array) => Uint8Array;
}): AnchorReceiptPayload {
  return {
    log_origin: input.origin,
    log_public_key: bytesToHex(input.publicKey),
    log_key_id: keyIdFromPublicKey(input.publicKey, input.sha256),
    leaf_index: input.leafIndex,
    checkpoint: input.checkpoint.note,
    inclusion_proof: input.proof.map(bytesToHex),
    anchored_head_hash: input.headHash,
    anchored_seq: input.seq,
  };
}

/** What a verified receipt proves, for reports. */
export type { ReceiptFinding } from '../ledger/receipt-checker.js';

/**
 * Checks a receipt on its own: well-formed, the checkpoint is signed by the log key it names, and
 * the inclusion proof leads from the leaf for (anchored_head_hash, anchored_seq) to the checkpoint's
 * root. Whether the anchored hash really is that seq of this ledger is the chain verifier's job.
 * Returns the finding, or an error message naming what is wrong.
 */
export const checkReceipt: ReceiptChecker = (
  payload: Record<string, unknown>,
  crypto: LedgerCrypto,
): { finding: ReceiptFinding } | { error: string } => {
  const p = payload;
  const publicKey = hexToBytes(p.log_public_key, 32);
  if (typeof p.log_origin !== 'string' || !publicKey)
    return { error: 'needs log_origin and a 32-byte log_public_key' };
  if (p.log_key_id !== keyIdFromPublicKey(publicKey, crypto.sha256))
    return { error: 'log_key_id is not the fingerprint of log_public_key' };
  if (!isIndex(p.leaf_index) || !isIndex(p.anchored_seq))
    return { error: 'leaf_index and anchored_seq must be integers' };
  if (typeof p.checkpoint !== 'string') return { error: 'checkpoint is not a signed note' };
  if (!Array.isArray(p.inclusion_proof)) return { error: 'inclusion_proof is not a list of hashes' };
  const proof: Uint8Array[] = [];
  for (const hash of p.inclusion_proof) {
    const bytes = hexToBytes(hash, 32);
    if (!bytes) return { error: 'inclusion_proof holds something that is not a 32-byte hex hash' };
    proof.push(bytes);
  }
  if (!hexToBytes(p.anchored_head_hash, 32)) return { error: 'anchored_head_hash is not a 32-byte hex hash' };
  let checkpoint: SignedCheckpoint;
  try {
    checkpoint = openCheckpoint(p.checkpoint, { name: p.log_origin, publicKey }, crypto);
  } catch (error) {
    return { error: `checkpoint: ${(error as NoteError).message}` };
  }
  const hasher = rfc6962Hasher(crypto.sha256);
  const leaf = hasher.leaf(
    new TextEncoder().encode(
      anchorLeafData({ headHash: p.anchored_head_hash as string, seq: p.anchored_seq }),
    ),
  );
  try {
    verifyInclusion(hasher, p.leaf_index, checkpoint.size, leaf, proof, checkpoint.root);
  } catch (error) {
    return { error: `inclusion proof: ${(error as ProofError).message}` };
  }
  return {
    finding: {
      log_origin: p.log_origin,
      log_public_key: bytesToHex(publicKey),
      log_key_id: p.log_key_id as string,
      leaf_index: p.leaf_index,
      tree_size: checkpoint.size,
      anchored_seq: p.anchored_seq,
      anchored_head_hash: p.anchored_head_hash as string,
    },
  };
};

function isIndex(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}
