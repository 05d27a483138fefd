import type { ChainResult } from './chain-verifier.js';
import { checkpointSignedBy, type SignedCheckpoint } from './checkpoint.js';
import { hexToBytes } from './encoding.js';
import type { LedgerCrypto } from './ledger-crypto.js';
import { findSession } from './store-sessions.js';
import type { CheckpointRow, StoreContext } from './store-statements.js';

/** The stored checkpoint of a session if it is well-formed and signed by the session key. */
export function signedCheckpoint(
  ctx: StoreContext,
  sessionId: string,
  crypto: LedgerCrypto,
  row: CheckpointRow | undefined = ctx.stmts.checkpoint?.get(sessionId),
): SignedCheckpoint | undefined {
  if (!row) return undefined;
  const session = findSession(ctx, sessionId);
  const publicKey = session && hexToBytes(session.public_key, 32);
  if (!publicKey) return undefined;
  const fields = [row.entry_hash, row.signatures_digest, row.signature];
  if (typeof row.seq !== 'number' || !fields.every((field) => Buffer.isBuffer(field))) return undefined;
  const checkpoint: SignedCheckpoint = {
    seq: row.seq,
    entryHash: row.entry_hash,
    signaturesDigest: row.signatures_digest,
    signature: row.signature,
  };
  return checkpointSignedBy(sessionId, checkpoint, publicKey, crypto) ? checkpoint : undefined;
}

/**
 * The chain as the session key's own checkpoint judges it: when the key vouched for more entries
 * than the journal now holds, its tail was cut off — with `sessions.head_hash` moved back, which
 * the chain alone cannot reveal — and the chain fails `head_mismatch`. `truss ledger verify` and a
 * resume both judge a stored session this way (docs/ledger.md "Verification results").
 */
export function withCheckpointTail(
  chain: ChainResult,
  checkpoint: SignedCheckpoint | undefined,
): ChainResult {
  if (!checkpoint || chain.failure || chain.entryCount > checkpoint.seq) return chain;
  return {
    ...chain,
    failure: {
      seq: chain.entryCount,
      code: 'head_mismatch',
      message: `the journal ends at seq ${chain.entryCount - 1}, but a checkpoint signed by the session key covers seq ${checkpoint.seq}: entries were removed`,
    },
  };
}
