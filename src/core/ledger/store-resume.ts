import type { ChainResult } from './chain-verifier.js';
import { type Checkpoint, checkpointMessage, SignaturesDigest } from './checkpoint.js';
import { bytesEqual } from './encoding.js';
import type { LedgerEntry } from './entry.js';
import { LedgerError } from './errors.js';
import type { Signer } from './keys.js';
import type { LedgerCrypto } from './ledger-crypto.js';
import { signedCheckpoint, withCheckpointTail } from './store-checkpoint.js';
import { entryHandler } from './store-rows.js';
import { type StoreContext, writable } from './store-statements.js';
import { storedSessionReport, walkChain } from './store-verify.js';
import { NO_TRUSTED_KEYS } from './trusted-keys.js';
import type { VerifyReport } from './verify-report.js';

/** What a resume's chain walk did with the session's verified_through checkpoint. */
export type CheckpointUse =
  /** Not asked to use one (every signature verified). */
  | 'not_used'
  /** None stored: every signature verified. */
  | 'none'
  /** Signed by the session key and reached by the recomputed chain: signatures after it verified. */
  | 'used'
  /** Present but not signed by the session key, or not matched by the chain: every signature verified. */
  | 'rejected';

/** The result of verifyForResume: the chain and its report, what the checkpoint did, and the signatures digest so far. */
export interface ResumeChain {
  chain: ChainResult;
  /**
   * What `truss ledger verify` says about the same journal with no key pinned — the chain plus the
   * head, the session id `run_started` signed and the anchored children. A resume refuses a `failed`
   * one; which key may sign is the caller's check (the resuming signer must be the session key).
   */
  report: VerifyReport;
  checkpoint: CheckpointUse;
  /** The seq the used checkpoint covered entries through; null unless `checkpoint` is `used`. */
  checkpointSeq: number | null;
  /** SHA-256 stream over every stored signature in seq order (continued by the durable session). */
  signatures: SignaturesDigest;
}

/** How verifyForResume walks: whether it may use a checkpoint, and where the entries go. */
export interface ResumeWalk {
  useCheckpoint: boolean;
  onEntry: (entry: LedgerEntry) => void;
  /** The checkpointed walk is discarded: drop the entries collected so far. */
  onRestart: () => void;
}

/**
 * The chain walk of a resume (see LedgerStore.verifyForResume): a checkpointed walk when one is
 * allowed and valid, falling back to verifying every signature, so a failure is always reported
 * exactly as verifyChain reports it.
 */
export function verifyForResume(
  ctx: StoreContext,
  sessionId: string,
  crypto: LedgerCrypto,
  options: ResumeWalk,
): ResumeChain {
  const onRow = entryHandler(options.onEntry);
  const stored = ctx.stmts.checkpoint?.get(sessionId);
  const checkpoint = signedCheckpoint(ctx, sessionId, crypto, stored);
  let result: Omit<ResumeChain, 'report'> | undefined;
  if (options.useCheckpoint && checkpoint) {
    const signatures = new SignaturesDigest();
    const attempt = walkChain(ctx, sessionId, crypto, onRow, false, { checkpoint, signatures });
    if (attempt.checkpointReached && !attempt.chain.failure) {
      result = { chain: attempt.chain, checkpoint: 'used', checkpointSeq: checkpoint.seq, signatures };
    } else {
      options.onRestart();
    }
  }
  if (!result) {
    const signatures = new SignaturesDigest();
    const chain = walkChain(ctx, sessionId, crypto, onRow, false, { signatures }).chain;
    const use: CheckpointUse = !options.useCheckpoint ? 'not_used' : stored ? 'rejected' : 'none';
    result = { chain, checkpoint: use, checkpointSeq: null, signatures };
  }
  const chain = withCheckpointTail(result.chain, checkpoint);
  return {
    ...result,
    chain,
    report: storedSessionReport(ctx, sessionId, chain, { crypto, trusted: NO_TRUSTED_KEYS }),
  };
}

/**
 * Signs and stores the session's verified_through checkpoint (see LedgerStore.writeCheckpoint) in
 * one IMMEDIATE transaction, refusing another signer than the session key and a hash that is not
 * the stored entry's.
 */
export function writeCheckpoint(
  ctx: StoreContext,
  sessionId: string,
  checkpoint: Checkpoint,
  signer: Signer,
): void {
  const put = writable(ctx, ctx.stmts.putCheckpoint);
  ctx.db
    .transaction(() => {
      const session = ctx.stmts.head.get(sessionId);
      if (!session) throw new LedgerError('no_session', `no session ${sessionId} in ${ctx.path}`);
      if (!bytesEqual(signer.publicKey, session.public_key)) {
        throw new LedgerError(
          'wrong_signer',
          `refusing to checkpoint ${sessionId}: signer ${signer.keyId} is not the session key ${session.pubkey_id}`,
        );
      }
      const entry = ctx.stmts.entry.get(sessionId, checkpoint.seq);
      if (!entry || !bytesEqual(entry.entry_hash, checkpoint.entryHash)) {
        throw new LedgerError(
          'checkpoint_mismatch',
          `refusing to checkpoint ${sessionId} at seq ${checkpoint.seq}: the stored entry has another hash`,
        );
      }
      const signature = signer.sign(checkpointMessage(sessionId, checkpoint));
      put.run(
        sessionId,
        checkpoint.seq,
        Buffer.from(checkpoint.entryHash),
        Buffer.from(checkpoint.signaturesDigest),
        Buffer.from(signature),
        ctx.clock(),
      );
    })
    .immediate();
}
