import { SignaturesDigest } from '../ledger/checkpoint.js';
import { hexToBytes } from '../ledger/encoding.js';
import type { LedgerEntry } from '../ledger/entry.js';
import { ANNOTATION_KINDS, TERMINAL_KINDS, ZERO_HASH } from '../ledger/entry-hash.js';
import { keyIdOf, type Signer } from '../ledger/keys.js';
import type { LedgerCrypto } from '../ledger/ledger-crypto.js';
import type { CheckpointUse, LedgerStore } from '../ledger/store.js';
import type { VerifyReport } from '../ledger/verify-report.js';
import { ResumeRefusedError } from './durable-errors.js';

/**
 * How DurableSession.open verifies the recorded chain before replaying it:
 * - `all` (the default): every hash, link and Ed25519 signature. Use it for any database that came
 *   from elsewhere (an artifact downloaded by the Action's `mode: resume`, a copy someone sent).
 * - `checkpoint`: every hash and link, but the signatures of the entries covered by the session's
 *   verified_through checkpoint — signed by the session key when this machine verified or wrote them
 *   (checkpoint.ts) — are not verified again; a missing, forged or unmatched checkpoint falls back
 *   to `all`. For a ledger this installation wrote itself (`truss resume`, `truss signal`).
 */
export type ResumeVerification = 'all' | 'checkpoint';

/**
 * A durable session writes a checkpoint after every this many of its own appends (and after any
 * terminal entry: suspended, run_completed, run_failed), so a resume after a crash verifies at most
 * this many signatures beyond it. One signature and one small fsync'd transaction per interval:
 * a few µs per append amortised.
 */
export const CHECKPOINT_INTERVAL = 256;

/** The last entry a process vouches for and the digest of every signature up to it. */
interface KnownChain {
  seq: number;
  hashHex: string;
  signatures: SignaturesDigest;
}

/**
 * Keeps a durable session's verified_through checkpoint moving: it follows the chain this process
 * has verified or signed itself and signs a checkpoint at its end every CHECKPOINT_INTERVAL appends
 * and after a terminal entry. Kept apart from the replay so the session only reports its appends.
 */
export class CheckpointKeeper {
  readonly #store: LedgerStore;
  readonly #sessionId: string;
  readonly #signer: Signer;
  /**
   * The chain this process has verified or signed itself, for checkpoints: the last such entry and
   * the digest of every signature up to it. Undefined once an entry appeared that this process did
   * not verify (another writer appended in between), or a checkpoint write failed.
   */
  #known: KnownChain | undefined;
  #sinceCheckpoint = 0;

  constructor(store: LedgerStore, sessionId: string, signer: Signer, known: KnownChain) {
    this.#store = store;
    this.#sessionId = sessionId;
    this.#signer = signer;
    this.#known = known;
  }

  /** A keeper for a session with no entries yet. */
  static empty(store: LedgerStore, sessionId: string, signer: Signer): CheckpointKeeper {
    const known = {
      seq: -1,
      hashHex: Buffer.from(ZERO_HASH).toString('hex'),
      signatures: new SignaturesDigest(),
    };
    return new CheckpointKeeper(store, sessionId, signer, known);
  }

  /** The session appended `entry`: extend the known chain, checkpointing when due. */
  appended(entry: LedgerEntry): void {
    const known = this.#known;
    if (known && entry.seq === known.seq + 1 && entry.prev_hash === known.hashHex) {
      known.signatures.update(Buffer.from(entry.signature, 'hex'));
      known.seq = entry.seq;
      known.hashHex = entry.entry_hash;
      if (++this.#sinceCheckpoint >= CHECKPOINT_INTERVAL || TERMINAL_KINDS.has(entry.kind)) this.write();
    } else {
      // Someone else appended in between: this process cannot vouch for the chain past here.
      this.#known = undefined;
    }
  }

  /**
   * Signs a verified_through checkpoint at the last entry this process verified or wrote. Best
   * effort: a failure only means a later resume verifies more signatures, so it stops further
   * checkpoints instead of failing a step whose entry is already committed.
   */
  write(): void {
    const known = this.#known;
    if (!known || known.seq < 0) return;
    try {
      this.#store.writeCheckpoint(
        this.#sessionId,
        {
          seq: known.seq,
          entryHash: Buffer.from(known.hashHex, 'hex'),
          signaturesDigest: known.signatures.digest(),
        },
        this.#signer,
      );
      this.#sinceCheckpoint = 0;
    } catch {
      this.#known = undefined;
    }
  }
}

/**
 * The verification DurableSession.open runs before replaying: the session must be signed by
 * `signer`, and it must pass what `truss ledger verify` checks — the chain (hashes, links,
 * signatures, walked in the same pass that loads the recorded activities), the head, the session id
 * `run_started` signed and the anchored children. A verified chain gets a fresh checkpoint at its
 * head unless the stored one already covers it.
 */
export function verifyRecorded(options: {
  store: LedgerStore;
  signer: Signer;
  sessionId: string;
  crypto: LedgerCrypto;
  verify?: ResumeVerification;
}): { recorded: LedgerEntry[]; keeper: CheckpointKeeper; checkpointUse: CheckpointUse } {
  const { store, signer, sessionId } = options;
  const info = store.requireSession(sessionId);
  if (info.public_key !== signer.publicKeyHex) {
    // Named by the fingerprint of the stored key, not by `sessions.pubkey_id`: that is only a label,
    // and a forged one would tell the user to resume with the key they already used.
    const stored = hexToBytes(info.public_key, 32);
    const signedBy = stored ? keyIdOf(stored) : 'a key that is not an Ed25519 public key';
    throw new ResumeRefusedError(
      `session ${sessionId} is signed by ${signedBy}; resume it with that key (\`--key\` on the CLI, \`signing-key\` in the Action), not ${signer.keyId}`,
    );
  }
  const recorded: LedgerEntry[] = [];
  const { chain, report, checkpoint, checkpointSeq, signatures } = store.verifyForResume(
    sessionId,
    options.crypto,
    {
      useCheckpoint: options.verify === 'checkpoint',
      onEntry: (entry) => {
        if (!ANNOTATION_KINDS.has(entry.kind)) recorded.push(entry);
      },
      onRestart: () => {
        recorded.length = 0;
      },
    },
  );
  // Whatever `truss ledger verify` fails is refused (docs/ledger.md "Verification results"): a broken
  // chain, a head that is not the last entry, a renamed session, an anchored child that does not verify.
  if (report.status === 'failed') throw chainRefusal(sessionId, report);
  const known = { seq: chain.entryCount - 1, hashHex: chain.headHash ?? '', signatures };
  const keeper = new CheckpointKeeper(store, sessionId, signer, known);
  // Everything up to the head is now verified: remember it, unless the stored checkpoint already does.
  if (checkpointSeq !== known.seq) keeper.write();
  return { recorded, keeper, checkpointUse: checkpoint };
}

/**
 * The refusal of a session `truss ledger verify` fails, worded the same wherever resume finds it —
 * in the chain walk, or before it when the signed `run_started` cannot be read (recorded-contract.ts).
 */
export function chainRefusal(sessionId: string, report: VerifyReport): ResumeRefusedError {
  const seq = report.failure?.seq ?? null;
  const where = seq === null ? '' : ` at seq ${seq}`;
  return new ResumeRefusedError(
    `refusing to resume ${sessionId}: the chain does not verify${where} (${report.failure?.message ?? 'verification failed'})`,
  );
}
