import type { BundleLedger } from './bundle.js';
import type { ChainResult } from './chain-verifier.js';
import type { Checkpoint } from './checkpoint.js';
import type { HumanReviewPayload, LedgerEntry } from './entry.js';
import { ANCHOR_RECEIPT_KIND, HUMAN_REVIEW_KIND } from './entry-hash.js';
import type { EntryOf, PayloadOf } from './entry-kinds.js';
import { LedgerError } from './errors.js';
import type { Signer } from './keys.js';
import type { LedgerCrypto } from './ledger-crypto.js';
import { type AppendEntry, type AppendOptions, createAppend } from './store-append.js';
import { insertBlob, readBlob, shredBlob } from './store-blobs.js';
import { importLedger } from './store-import.js';
import { openLedgerDatabase, type StoreOptions } from './store-open.js';
import { type ResumeChain, type ResumeWalk, verifyForResume, writeCheckpoint } from './store-resume.js';
import { entryHandler, toLedgerEntry } from './store-rows.js';
import {
  createSession,
  findSession,
  listSessions,
  type NewSession,
  requireSession,
  type SessionInfo,
} from './store-sessions.js';
import { listSignals, type QueuedSignal, queueSignal } from './store-signals.js';
import { prepareStatements, type StoreContext } from './store-statements.js';
import { verifyChainAsJson, verifySession, walkChain } from './store-verify.js';
import type { TrustedKeys } from './trusted-keys.js';
import type { VerifyReport } from './verify-report.js';

export { type AppendOptions, MAX_PAYLOAD_BYTES } from './store-append.js';
export type { StoreOptions } from './store-open.js';
export type { CheckpointUse, ResumeChain } from './store-resume.js';
export type { SessionInfo } from './store-sessions.js';
export type { QueuedSignal } from './store-signals.js';
export type { SessionStatus } from './store-statements.js';

/**
 * The SQLite ledger (docs/ledger.md "Store"). Every append is one IMMEDIATE transaction that writes the entry,
 * moves `sessions.head_hash` and stores any memo and blobs, so a crash leaves either the whole step
 * or none of it.
 *
 * The one class callers use; the work lives in the `store-*.ts` parts, which share the connection
 * and its prepared statements through a StoreContext.
 */
export class LedgerStore {
  readonly path: string;
  readonly #ctx: StoreContext;
  readonly #append: AppendEntry;

  private constructor(path: string, options: StoreOptions) {
    this.path = path;
    const db = openLedgerDatabase(path, options);
    this.#ctx = {
      path,
      db,
      clock: options.clock ?? Date.now,
      receipts: options.receipts,
      stmts: prepareStatements(db, Boolean(options.readonly)),
    };
    this.#append = createAppend(this.#ctx);
  }

  /** Opens (creating and migrating if needed) a ledger database. */
  static open(path: string, options: StoreOptions = {}): LedgerStore {
    return new LedgerStore(path, options);
  }

  close(): void {
    this.#ctx.db.close();
  }

  /** The connection's current SQLite `synchronous` level: FULL between appends, always. */
  synchronous(): 'OFF' | 'NORMAL' | 'FULL' | 'EXTRA' {
    const level = this.#ctx.db.pragma('synchronous', { simple: true }) as number;
    return (['OFF', 'NORMAL', 'FULL', 'EXTRA'] as const)[level] ?? 'EXTRA';
  }

  /** Starts a session bound to one signing key; only that key may sign its non-review entries. */
  createSession(options: NewSession): SessionInfo {
    return createSession(this.#ctx, options);
  }

  session(id: string): SessionInfo | undefined {
    return findSession(this.#ctx, id);
  }

  requireSession(id: string): SessionInfo {
    return requireSession(this.#ctx, id);
  }

  sessions(): SessionInfo[] {
    return listSessions(this.#ctx);
  }

  /**
   * Appends one signed, chained entry. `human_review` entries must be signed by the reviewer key
   * their payload names; every other kind by the session key.
   */
  append(
    sessionId: string,
    kind: string,
    payload: Record<string, unknown>,
    signer: Signer,
    options: AppendOptions = {},
  ): LedgerEntry {
    return this.#append(sessionId, kind, payload, signer, options);
  }

  /**
   * Records a human decision signed by the reviewer's own key, pinned to the evidence it saw: the
   * current reviewable head (the last entry that is not itself a review).
   */
  appendHumanReview(
    sessionId: string,
    reviewer: Signer,
    review: Pick<HumanReviewPayload, 'decision' | 'note' | 'actor' | 'source'>,
  ): EntryOf<'human_review'> {
    const attested = this.reviewableHead(sessionId);
    if (!attested)
      throw new LedgerError('nothing_to_attest', `session ${sessionId} has no entries to review`);
    const payload: PayloadOf<'human_review'> = {
      ...review,
      attested_head_hash: attested,
      reviewer_key_id: reviewer.keyId,
      reviewer_public_key: reviewer.publicKeyHex,
    };
    return {
      ...this.append(sessionId, HUMAN_REVIEW_KIND, payload, reviewer),
      kind: HUMAN_REVIEW_KIND,
      payload,
    };
  }

  reviewableHead(sessionId: string): string | null {
    return this.reviewableHeadEntry(sessionId)?.entry_hash ?? null;
  }

  /** The last entry that is not an annotation (review, anchor receipt), with its seq: what gets attested or anchored. */
  reviewableHeadEntry(sessionId: string): { seq: number; entry_hash: string } | null {
    const row = this.#ctx.stmts.reviewableHead.get(sessionId, HUMAN_REVIEW_KIND, ANCHOR_RECEIPT_KIND);
    return row ? { seq: row.seq, entry_hash: row.entry_hash.toString('hex') } : null;
  }

  /** Streams a session's entries in seq order without loading the whole journal. */
  *entries(sessionId: string): IterableIterator<LedgerEntry> {
    for (const row of this.#ctx.stmts.entries.iterate(sessionId)) yield toLedgerEntry(row);
  }

  entry(sessionId: string, seq: number): LedgerEntry | undefined {
    const row = this.#ctx.stmts.entry.get(sessionId, seq);
    return row ? toLedgerEntry(row) : undefined;
  }

  memo(sessionId: string, key: string): { seq: number; result: unknown } | undefined {
    const row = this.#ctx.stmts.memo.get(sessionId, key);
    return row ? { seq: row.seq, result: JSON.parse(row.result) } : undefined;
  }

  /**
   * Queues an external signal for a session (`truss signal`). It reaches the journal only when the
   * run consumes it at a deterministic point (a `signal_received` entry), never by a concurrent append.
   */
  queueSignal(sessionId: string, name: string, payload: unknown): QueuedSignal {
    return queueSignal(this.#ctx, sessionId, name, payload);
  }

  /** The session's signal queue, oldest first. */
  signals(sessionId: string): QueuedSignal[] {
    return listSignals(this.#ctx, sessionId);
  }

  /**
   * Copies a verified bundle's ledger (and the child sessions it carries) into this store verbatim,
   * so a parent written here can anchor sessions signed elsewhere (store-import.ts). Returns the
   * imported session ids.
   */
  importLedger(ledger: BundleLedger): string[] {
    return importLedger(this.#ctx, ledger);
  }

  /** Stores bytes by sha256 outside any entry; returns the hex hash to journal. */
  putBlob(bytes: Uint8Array): string {
    return insertBlob(this.#ctx, bytes, this.#ctx.clock()).toString('hex');
  }

  /** `bytes` is null once the blob was shredded; `undefined` means no such blob. */
  blob(hashHex: string): { bytes: Buffer | null; size: number } | undefined {
    return readBlob(this.#ctx, hashHex);
  }

  /**
   * Crypto-shred: deletes a blob's bytes but keeps its hash and size. Entries only ever hold the hash,
   * so the chain stays verifiable after sensitive output is erased.
   */
  shredBlob(hashHex: string): boolean {
    return shredBlob(this.#ctx, hashHex);
  }

  /** Writes a consistent copy of the whole database (WAL included) to `path`, e.g. for an artifact. */
  async backupTo(path: string): Promise<void> {
    await this.#ctx.db.backup(path);
  }

  /** Runs `fn` inside one read transaction so everything it reads comes from a single snapshot. */
  snapshot<T>(fn: () => T): T {
    return this.#ctx.db.transaction(fn).deferred();
  }

  /**
   * Verifies a stored session (and the child sessions it anchors) with the same chain verifier as
   * bundles, plus the store-specific checks: payload text is canonical and `sessions.head_hash` is the
   * last entry's hash.
   */
  verifySession(sessionId: string, options: { crypto: LedgerCrypto; trusted: TrustedKeys }): VerifyReport {
    return this.snapshot(() => verifySession(this.#ctx, sessionId, options));
  }

  /** Verifies the chain only, returning the raw chain result (views, anchors, reviews) for exporters. */
  verifyChain(sessionId: string, crypto: LedgerCrypto, onEntry?: (entry: LedgerEntry) => void): ChainResult {
    return walkChain(this.#ctx, sessionId, crypto, onEntry && entryHandler(onEntry), false).chain;
  }

  /**
   * The chain walk of a resume. With `useCheckpoint`, a verified_through checkpoint signed by the
   * session key lets the walk skip the Ed25519 verification of the entries it covers while still
   * re-hashing and re-linking every entry and checking that the chain reaches the checkpoint's hash
   * and signatures digest. Anything else — no checkpoint, a forged or unverifiable one, a chain that
   * does not reach it, any failure at all — falls back to verifying every signature (`onRestart`
   * tells the caller to drop the entries it collected), so a failure is always reported exactly as
   * verifyChain reports it. Without `useCheckpoint` (an imported database) every signature is verified.
   */
  verifyForResume(sessionId: string, crypto: LedgerCrypto, options: ResumeWalk): ResumeChain {
    return verifyForResume(this.#ctx, sessionId, crypto, options);
  }

  /**
   * Records that entries 0..checkpoint.seq were verified or written by the holder of the session
   * key, signed by that key (checkpoint.ts). Refuses another signer and a checkpoint whose hash is
   * not the stored entry's at that seq. Replaces the previous checkpoint.
   */
  writeCheckpoint(sessionId: string, checkpoint: Checkpoint, signer: Signer): void {
    writeCheckpoint(this.#ctx, sessionId, checkpoint, signer);
  }

  /**
   * Verifies the chain like verifyChain and hands each entry over as its JSON text (the fields of
   * LedgerEntry in order). A row that decoded cleanly has canonical payload text, which is spliced in
   * as it is instead of being parsed and serialised again; any other row goes through toLedgerEntry.
   */
  verifyChainAsJson(sessionId: string, crypto: LedgerCrypto, onEntry: (json: string) => void): ChainResult {
    return verifyChainAsJson(this.#ctx, sessionId, crypto, onEntry);
  }
}
