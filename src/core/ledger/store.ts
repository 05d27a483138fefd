import { createHash, randomUUID } from 'node:crypto';
import { chmodSync, existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { canonicalJson } from './canonical-json.js';
import { type ChainResult, ChainVerifier, type DecodedEntry, type FailureCode } from './chain-verifier.js';
import {
  type Checkpoint,
  checkpointMessage,
  checkpointSignedBy,
  SignaturesDigest,
  type SignedCheckpoint,
} from './checkpoint.js';
import { nodeEntryHash } from './crypto-node.js';
import { bytesEqual, bytesToHex, hexToBytes } from './encoding.js';
import type { HumanReviewPayload, LedgerEntry } from './entry.js';
import {
  ANCHOR_RECEIPT_KIND,
  ANNOTATION_KINDS,
  HUMAN_REVIEW_KIND,
  KIND_PATTERN,
  TERMINAL_KINDS,
  ZERO_HASH,
} from './entry-hash.js';
import type { EntryOf, PayloadOf } from './entry-kinds.js';
import { LedgerError } from './errors.js';
import { keyIdFromPublicKey } from './key-id.js';
import type { Signer } from './keys.js';
import type { LedgerCrypto } from './ledger-crypto.js';
import { checkSchemaVersion, migrate, refuseForeignDatabase } from './schema.js';
import type { TrustedKeys } from './trusted-keys.js';
import { buildReport, type VerifyReport } from './verify-report.js';

/** Payloads above this belong in a blob (the entry keeps the hash); keeps every entry cheap to verify. */
export const MAX_PAYLOAD_BYTES = 4 * 1024 * 1024;

export type SessionStatus = 'running' | 'suspended' | 'completed' | 'failed';

export interface SessionInfo {
  id: string;
  status: SessionStatus;
  code_version: string;
  model: string | null;
  tenant: string;
  user: string;
  head_hash: string | null;
  pubkey_id: string;
  public_key: string;
  created_at: number;
  updated_at: number;
  entries: number;
}

export interface AppendOptions {
  /** Memoised tool result written in the same transaction as its provenance entry. */
  memo?: { key: string; result: unknown };
  /** Large outputs stored by sha256 in the same transaction; the payload should carry their hashes. */
  blobs?: Uint8Array[];
  /** A queued signal this entry consumes: marked `delivered` in the same transaction. */
  deliverSignal?: { name: string; createdAt: number };
  /**
   * Commit without waiting for the disk (WAL with synchronous=NORMAL for this one transaction):
   * the entry survives a crash or SIGKILL of the process like any other, but a power loss may take
   * it (never a part of it) until the next ordinary commit, whose fsync makes everything before it
   * durable too. Only for an entry whose loss just means repeating harmless work (a read-only tool's
   * result). Refused with a memo, a delivered signal, human reviews and terminal entries, which must
   * be on disk before anything acts on them.
   */
  deferSync?: boolean;
}

/** A row of the `signals` queue: an external wake-up waiting for (or delivered to) a session. */
export interface QueuedSignal {
  name: string;
  payload: unknown;
  status: 'pending' | 'delivered';
  created_at: number;
}

export interface StoreOptions {
  readonly?: boolean;
  /** Refuse to create a new database file (commands that need an existing session). */
  mustExist?: boolean;
  /** Milliseconds since the epoch; injected so tests and replays control time. */
  clock?: () => number;
}

interface SessionRow {
  id: string;
  status: SessionStatus;
  code_version: string;
  model: string | null;
  tenant: string;
  user: string;
  head_hash: Buffer | null;
  pubkey_id: string;
  public_key: Buffer;
  created_at: number;
  updated_at: number;
  entries: number;
}

type HeadRow = Pick<SessionRow, 'status' | 'head_hash' | 'public_key' | 'pubkey_id'> & { tip: number | null };

interface PendingAppend {
  sessionId: string;
  kind: string;
  payload: Record<string, unknown>;
  canonicalPayload: string;
  signer: Signer;
  options: AppendOptions;
  memoText: string | undefined;
}

type JournalTuple = [
  JournalRow['seq'],
  JournalRow['kind'],
  JournalRow['payload'],
  JournalRow['prev_hash'],
  JournalRow['entry_hash'],
  JournalRow['signature'],
];

interface JournalRow {
  seq: number;
  kind: string;
  payload: string;
  prev_hash: Buffer;
  entry_hash: Buffer;
  signature: Buffer;
}

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

/** The result of verifyForResume: the chain, what the checkpoint did, and the signatures digest so far. */
export interface ResumeChain {
  chain: ChainResult;
  checkpoint: CheckpointUse;
  /** The seq the used checkpoint covered entries through; null unless `checkpoint` is `used`. */
  checkpointSeq: number | null;
  /** SHA-256 stream over every stored signature in seq order (continued by the durable session). */
  signatures: SignaturesDigest;
}

interface CheckpointRow {
  seq: number;
  entry_hash: Buffer;
  signatures_digest: Buffer;
  signature: Buffer;
}

const STATUS_AFTER: Record<string, SessionStatus> = {
  run_completed: 'completed',
  run_failed: 'failed',
  suspended: 'suspended',
};

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * The SQLite ledger (docs/ledger.md "Store"). Every append is one IMMEDIATE transaction that writes the entry,
 * moves `sessions.head_hash` and stores any memo and blobs, so a crash leaves either the whole step
 * or none of it.
 */
export class LedgerStore {
  readonly path: string;
  readonly #db: Database.Database;
  readonly #clock: () => number;
  readonly #stmts;
  /** The append transaction, built once (wrapping a function per call costs more than its statements). */
  readonly #appendTx: Database.Transaction<(pending: PendingAppend) => LedgerEntry>;

  private constructor(path: string, options: StoreOptions) {
    this.path = path;
    this.#clock = options.clock ?? Date.now;
    try {
      this.#db = new Database(path, {
        readonly: options.readonly ?? false,
        fileMustExist: Boolean(options.readonly || options.mustExist),
      });
    } catch (error) {
      throw new LedgerError(`cannot open ledger database ${path}: ${(error as Error).message}`);
    }
    try {
      if (!options.readonly) {
        // Before any pragma that writes the file (WAL mode is recorded in its header).
        refuseForeignDatabase(this.#db, path);
        // Blobs hold check output, diffs and tool results: owner-only, before WAL and SHM files exist
        // (SQLite gives them the database file's mode).
        restrictToOwner(path);
        this.#db.pragma('journal_mode = WAL');
        this.#db.pragma('synchronous = FULL');
        this.#db.pragma('busy_timeout = 5000');
        // Freed pages are zeroed, so a crypto-shredded blob does not linger in free space.
        this.#db.pragma('secure_delete = ON');
        migrate(this.#db, path);
      } else {
        checkSchemaVersion(this.#db, path);
      }
    } catch (error) {
      this.#db.close();
      if (error instanceof LedgerError) throw error;
      throw new LedgerError(`${path} is not a usable truss ledger database: ${(error as Error).message}`);
    }
    const db = this.#db;
    const sessionColumns = `s.id, s.status, s.code_version, s.model, s.tenant, s.user, s.head_hash, s.pubkey_id, s.public_key,
      s.created_at, s.updated_at, (SELECT count(*) FROM journal j WHERE j.session_id = s.id) AS entries`;
    this.#stmts = {
      session: db.prepare<[string], SessionRow>(`SELECT ${sessionColumns} FROM sessions s WHERE s.id = ?`),
      sessions: db.prepare<[], SessionRow>(
        `SELECT ${sessionColumns} FROM sessions s ORDER BY s.created_at, s.id`,
      ),
      insertSession: options.readonly
        ? undefined
        : db.prepare(
            `INSERT INTO sessions (id, status, code_version, model, tenant, user, head_hash, pubkey_id, public_key, created_at, updated_at)
             VALUES (@id, 'running', @code_version, @model, @tenant, @user, NULL, @pubkey_id, @public_key, @now, @now)`,
          ),
      // One lookup per append: the session's head and key, and the last seq from the journal's
      // primary key (an index seek, not a scan).
      head: db.prepare<[string], HeadRow>(
        `SELECT s.status, s.head_hash, s.public_key, s.pubkey_id,
           (SELECT max(j.seq) FROM journal j WHERE j.session_id = s.id) AS tip
         FROM sessions s WHERE s.id = ?`,
      ),
      insertEntry: options.readonly
        ? undefined
        : db.prepare(
            `INSERT INTO journal (session_id, seq, kind, payload, prev_hash, entry_hash, signature, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
          ),
      moveHead: options.readonly
        ? undefined
        : db.prepare('UPDATE sessions SET head_hash = ?, status = ?, updated_at = ? WHERE id = ?'),
      insertMemo: options.readonly
        ? undefined
        : db.prepare(
            'INSERT INTO tool_memo (session_id, memo_key, seq, result, created_at) VALUES (?, ?, ?, ?, ?)',
          ),
      insertBlob: options.readonly
        ? undefined
        : db.prepare('INSERT OR IGNORE INTO blobs (hash, bytes, size, created_at) VALUES (?, ?, ?, ?)'),
      entries: db.prepare<[string], JournalRow>(
        'SELECT seq, kind, payload, prev_hash, entry_hash, signature FROM journal WHERE session_id = ? ORDER BY seq',
      ),
      // The same rows as arrays: better-sqlite3 builds a keyed object per row natively, which costs
      // more than the verifier's whole per-row work besides SQLite itself (see #walkChain).
      entryTuples: db
        .prepare<[string], JournalTuple>(
          'SELECT seq, kind, payload, prev_hash, entry_hash, signature FROM journal WHERE session_id = ? ORDER BY seq',
        )
        .raw(true),
      entry: db.prepare<[string, number], JournalRow>(
        'SELECT seq, kind, payload, prev_hash, entry_hash, signature FROM journal WHERE session_id = ? AND seq = ?',
      ),
      reviewableHead: db.prepare<[string, string, string], { seq: number; entry_hash: Buffer }>(
        'SELECT seq, entry_hash FROM journal WHERE session_id = ? AND kind NOT IN (?, ?) ORDER BY seq DESC LIMIT 1',
      ),
      memo: db.prepare<[string, string], { seq: number; result: string }>(
        'SELECT seq, result FROM tool_memo WHERE session_id = ? AND memo_key = ?',
      ),
      blob: db.prepare<[Buffer], { bytes: Buffer | null; size: number }>(
        'SELECT bytes, size FROM blobs WHERE hash = ?',
      ),
      shred: options.readonly
        ? undefined
        : db.prepare('UPDATE blobs SET bytes = NULL WHERE hash = ? AND bytes IS NOT NULL'),
      lastSignalTime: db.prepare<[string], { t: number | null }>(
        'SELECT max(created_at) AS t FROM signals WHERE session_id = ?',
      ),
      insertSignal: options.readonly
        ? undefined
        : db.prepare(
            "INSERT INTO signals (session_id, name, payload, status, created_at) VALUES (?, ?, ?, 'pending', ?)",
          ),
      signals: db.prepare<
        [string],
        { name: string; payload: string | null; status: string; created_at: number }
      >('SELECT name, payload, status, created_at FROM signals WHERE session_id = ? ORDER BY created_at'),
      deliverSignal: options.readonly
        ? undefined
        : db.prepare(
            "UPDATE signals SET status = 'delivered' WHERE session_id = ? AND name = ? AND created_at = ? AND status = 'pending'",
          ),
      syncNormal: options.readonly ? undefined : db.prepare('PRAGMA synchronous = NORMAL'),
      syncFull: options.readonly ? undefined : db.prepare('PRAGMA synchronous = FULL'),
      // Only writable opens migrate, so only they are sure to have the verified_through table.
      checkpoint: options.readonly
        ? undefined
        : db.prepare<[string], CheckpointRow>(
            'SELECT seq, entry_hash, signatures_digest, signature FROM verified_through WHERE session_id = ?',
          ),
      putCheckpoint: options.readonly
        ? undefined
        : db.prepare(
            `INSERT INTO verified_through (session_id, seq, entry_hash, signatures_digest, signature, created_at)
             VALUES (?, ?, ?, ?, ?, ?)
             ON CONFLICT (session_id) DO UPDATE SET seq = excluded.seq, entry_hash = excluded.entry_hash,
               signatures_digest = excluded.signatures_digest, signature = excluded.signature, created_at = excluded.created_at`,
          ),
    };
    this.#appendTx = db.transaction((pending: PendingAppend) => this.#appendInTransaction(pending));
  }

  /** Opens (creating and migrating if needed) a ledger database. */
  static open(path: string, options: StoreOptions = {}): LedgerStore {
    return new LedgerStore(path, options);
  }

  close(): void {
    this.#db.close();
  }

  /** The connection's current SQLite `synchronous` level: FULL between appends, always. */
  synchronous(): 'OFF' | 'NORMAL' | 'FULL' | 'EXTRA' {
    const level = this.#db.pragma('synchronous', { simple: true }) as number;
    return (['OFF', 'NORMAL', 'FULL', 'EXTRA'] as const)[level] ?? 'EXTRA';
  }

  /** Starts a session bound to one signing key; only that key may sign its non-review entries. */
  createSession(options: {
    signer: Signer;
    codeVersion: string;
    id?: string;
    model?: string | null;
    tenant?: string;
    user?: string;
  }): SessionInfo {
    const id = options.id ?? randomUUID();
    try {
      this.#writable(this.#stmts.insertSession).run({
        id,
        code_version: options.codeVersion,
        model: options.model ?? null,
        tenant: options.tenant ?? 'local',
        user: options.user ?? 'local',
        pubkey_id: options.signer.keyId,
        public_key: Buffer.from(options.signer.publicKey),
        now: this.#clock(),
      });
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY')
        throw new LedgerError(`session ${id} already exists`);
      throw error;
    }
    return this.requireSession(id);
  }

  session(id: string): SessionInfo | undefined {
    const row = this.#stmts.session.get(id);
    return row ? toSessionInfo(row) : undefined;
  }

  requireSession(id: string): SessionInfo {
    const session = this.session(id);
    if (!session)
      throw new LedgerError(
        `no session ${id} in ${this.path}; list sessions with \`truss ledger list --db ${this.path}\``,
      );
    return session;
  }

  sessions(): SessionInfo[] {
    return this.#stmts.sessions.all().map(toSessionInfo);
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
    if (!KIND_PATTERN.test(kind))
      throw new LedgerError(`entry kind ${JSON.stringify(kind)} must match ${KIND_PATTERN}`);
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
      throw new LedgerError(`the payload of a ${kind} entry must be a JSON object`);
    }
    // A run_started that names a session binds that id to the chain; it must be this session's.
    if (kind === 'run_started' && payload.session_id !== undefined && payload.session_id !== sessionId) {
      throw new LedgerError(
        `run_started names session ${JSON.stringify(payload.session_id)}, but it is being appended to session ${sessionId}`,
      );
    }
    const canonicalPayload = canonicalJson(payload);
    const payloadBytes = Buffer.byteLength(canonicalPayload, 'utf8');
    if (payloadBytes > MAX_PAYLOAD_BYTES) {
      throw new LedgerError(
        `the ${kind} payload is ${payloadBytes} bytes (limit ${MAX_PAYLOAD_BYTES}); store large content as a blob and journal its hash`,
      );
    }
    const memoText = options.memo ? canonicalJson(options.memo.result) : undefined;
    if (options.deferSync) {
      if (options.memo || options.deliverSignal || kind === HUMAN_REVIEW_KIND || TERMINAL_KINDS.has(kind)) {
        throw new LedgerError(
          `a ${kind} entry${options.memo ? ' with a memo' : options.deliverSignal ? ' that consumes a signal' : ''} must be committed durably (deferSync refused)`,
        );
      }
      const pending = { sessionId, kind, payload, canonicalPayload, signer, options, memoText };
      this.#writable(this.#stmts.syncNormal).run();
      try {
        return this.#appendTx.immediate(pending);
      } finally {
        this.#writable(this.#stmts.syncFull).run();
      }
    }
    return this.#appendTx.immediate({
      sessionId,
      kind,
      payload,
      canonicalPayload,
      signer,
      options,
      memoText,
    });
  }

  /** The append itself; runs inside one IMMEDIATE transaction, so seq and head come from the committed state. */
  #appendInTransaction(pending: PendingAppend): LedgerEntry {
    const { sessionId, kind, payload, canonicalPayload, signer, options, memoText } = pending;
    const session = this.#stmts.head.get(sessionId);
    if (!session) throw new LedgerError(`no session ${sessionId} in ${this.path}`);
    const expectedKey =
      kind === HUMAN_REVIEW_KIND ? hexToBytes(payload.reviewer_public_key, 32) : session.public_key;
    if (kind === HUMAN_REVIEW_KIND && expectedKey && bytesEqual(expectedKey, session.public_key)) {
      throw new LedgerError(
        `refusing to append human_review to ${sessionId}: it is signed by the session key; sign off with your own key (truss keygen)`,
      );
    }
    if (!expectedKey || !bytesEqual(signer.publicKey, expectedKey)) {
      const whose =
        kind === HUMAN_REVIEW_KIND
          ? 'the reviewer_public_key in its payload'
          : `the session key ${session.pubkey_id}`;
      throw new LedgerError(
        `refusing to append ${kind} to ${sessionId}: signer ${signer.keyId} is not ${whose}`,
      );
    }
    const seq = session.tip === null ? 0 : session.tip + 1;
    const prevHash = session.head_hash ?? ZERO_HASH;
    const entryHash = nodeEntryHash(prevHash, kind, canonicalPayload, seq);
    const signature = signer.sign(entryHash);
    const now = this.#clock();
    this.#writable(this.#stmts.insertEntry).run(
      sessionId,
      seq,
      kind,
      canonicalPayload,
      prevHash,
      entryHash,
      signature,
      now,
    );
    const status = ANNOTATION_KINDS.has(kind) ? session.status : (STATUS_AFTER[kind] ?? 'running');
    this.#writable(this.#stmts.moveHead).run(entryHash, status, now, sessionId);
    if (options.memo) {
      try {
        this.#writable(this.#stmts.insertMemo).run(sessionId, options.memo.key, seq, memoText, now);
      } catch (error) {
        if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
          throw new LedgerError(
            `memo ${JSON.stringify(options.memo.key)} is already recorded for session ${sessionId}`,
          );
        }
        throw error;
      }
    }
    if (options.deliverSignal) {
      const { name, createdAt } = options.deliverSignal;
      if (this.#writable(this.#stmts.deliverSignal).run(sessionId, name, createdAt).changes !== 1) {
        throw new LedgerError(
          `signal ${JSON.stringify(name)} of ${sessionId} is not pending (delivered twice?)`,
        );
      }
    }
    for (const bytes of options.blobs ?? []) {
      this.#writable(this.#stmts.insertBlob).run(
        createHash('sha256').update(bytes).digest(),
        bytes,
        bytes.length,
        now,
      );
    }
    return {
      seq,
      kind,
      payload,
      prev_hash: Buffer.from(prevHash.buffer, prevHash.byteOffset, prevHash.byteLength).toString('hex'),
      entry_hash: entryHash.toString('hex'),
      signature: Buffer.from(signature.buffer, signature.byteOffset, signature.byteLength).toString('hex'),
    };
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
    if (!attested) throw new LedgerError(`session ${sessionId} has no entries to review`);
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
    const row = this.#stmts.reviewableHead.get(sessionId, HUMAN_REVIEW_KIND, ANCHOR_RECEIPT_KIND);
    return row ? { seq: row.seq, entry_hash: row.entry_hash.toString('hex') } : null;
  }

  /** Streams a session's entries in seq order without loading the whole journal. */
  *entries(sessionId: string): IterableIterator<LedgerEntry> {
    for (const row of this.#stmts.entries.iterate(sessionId)) yield toLedgerEntry(row);
  }

  entry(sessionId: string, seq: number): LedgerEntry | undefined {
    const row = this.#stmts.entry.get(sessionId, seq);
    return row ? toLedgerEntry(row) : undefined;
  }

  memo(sessionId: string, key: string): { seq: number; result: unknown } | undefined {
    const row = this.#stmts.memo.get(sessionId, key);
    return row ? { seq: row.seq, result: JSON.parse(row.result) } : undefined;
  }

  /**
   * Queues an external signal for a session (`truss signal`). It reaches the journal only when the
   * run consumes it at a deterministic point (a `signal_received` entry), never by a concurrent append.
   */
  queueSignal(sessionId: string, name: string, payload: unknown): QueuedSignal {
    this.requireSession(sessionId);
    const text = payload === undefined ? null : canonicalJson(payload);
    return this.#db
      .transaction((): QueuedSignal => {
        const last = this.#stmts.lastSignalTime.get(sessionId)?.t ?? null;
        // created_at is part of the key: keep it strictly increasing per session.
        const createdAt = Math.max(this.#clock(), last === null ? 0 : last + 1);
        this.#writable(this.#stmts.insertSignal).run(sessionId, name, text, createdAt);
        return { name, payload: payload ?? null, status: 'pending', created_at: createdAt };
      })
      .immediate();
  }

  /** The session's signal queue, oldest first. */
  signals(sessionId: string): QueuedSignal[] {
    return this.#stmts.signals.all(sessionId).map((row) => ({
      name: row.name,
      payload: row.payload === null ? null : JSON.parse(row.payload),
      status: row.status === 'delivered' ? 'delivered' : 'pending',
      created_at: row.created_at,
    }));
  }

  /** Stores bytes by sha256 outside any entry; returns the hex hash to journal. */
  putBlob(bytes: Uint8Array): string {
    const hash = createHash('sha256').update(bytes).digest();
    this.#writable(this.#stmts.insertBlob).run(hash, bytes, bytes.length, this.#clock());
    return hash.toString('hex');
  }

  /** `bytes` is null once the blob was shredded; `undefined` means no such blob. */
  blob(hashHex: string): { bytes: Buffer | null; size: number } | undefined {
    const hash = hexToBytes(hashHex, 32);
    return hash ? this.#stmts.blob.get(Buffer.from(hash)) : undefined;
  }

  /**
   * Crypto-shred: deletes a blob's bytes but keeps its hash and size. Entries only ever hold the hash,
   * so the chain stays verifiable after sensitive output is erased.
   */
  shredBlob(hashHex: string): boolean {
    const hash = hexToBytes(hashHex, 32);
    if (!hash) throw new LedgerError(`blob hash must be 64 lowercase hex characters`);
    const shredded = this.#writable(this.#stmts.shred).run(Buffer.from(hash)).changes > 0;
    // Move the zeroed page into the main file and empty the WAL, which still holds the old bytes.
    if (shredded) this.#db.pragma('wal_checkpoint(TRUNCATE)');
    return shredded;
  }

  /** Writes a consistent copy of the whole database (WAL included) to `path`, e.g. for an artifact. */
  async backupTo(path: string): Promise<void> {
    await this.#db.backup(path);
  }

  /** Runs `fn` inside one read transaction so everything it reads comes from a single snapshot. */
  snapshot<T>(fn: () => T): T {
    return this.#db.transaction(fn).deferred();
  }

  /**
   * Verifies a stored session (and the child sessions it anchors) with the same chain verifier as
   * bundles, plus the store-specific checks: payload text is canonical and `sessions.head_hash` is the
   * last entry's hash.
   */
  verifySession(sessionId: string, options: { crypto: LedgerCrypto; trusted: TrustedKeys }): VerifyReport {
    return this.snapshot(() => this.#verifySession(sessionId, options, new Set()));
  }

  /** Verifies the chain only, returning the raw chain result (views, anchors, reviews) for exporters. */
  verifyChain(sessionId: string, crypto: LedgerCrypto, onEntry?: (entry: LedgerEntry) => void): ChainResult {
    return this.#walkChain(sessionId, crypto, onEntry && entryHandler(onEntry), false).chain;
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
  verifyForResume(
    sessionId: string,
    crypto: LedgerCrypto,
    options: { useCheckpoint: boolean; onEntry: (entry: LedgerEntry) => void; onRestart: () => void },
  ): ResumeChain {
    const onRow = entryHandler(options.onEntry);
    const stored = this.#stmts.checkpoint?.get(sessionId);
    const checkpoint = stored && this.#signedCheckpoint(sessionId, stored, crypto);
    let result: ResumeChain | undefined;
    if (options.useCheckpoint && checkpoint) {
      const signatures = new SignaturesDigest();
      const attempt = this.#walkChain(sessionId, crypto, onRow, false, { checkpoint, signatures });
      if (attempt.checkpointReached && !attempt.chain.failure) {
        result = { chain: attempt.chain, checkpoint: 'used', checkpointSeq: checkpoint.seq, signatures };
      } else {
        options.onRestart();
      }
    }
    if (!result) {
      const signatures = new SignaturesDigest();
      const chain = this.#walkChain(sessionId, crypto, onRow, false, { signatures }).chain;
      const use: CheckpointUse = !options.useCheckpoint ? 'not_used' : stored ? 'rejected' : 'none';
      result = { chain, checkpoint: use, checkpointSeq: null, signatures };
    }
    // The session key vouched for more entries than the journal now holds: its tail was cut off
    // (with sessions.head_hash moved back, which the chain alone cannot reveal).
    const { chain } = result;
    if (checkpoint && !chain.failure && chain.entryCount <= checkpoint.seq) {
      chain.failure = {
        seq: chain.entryCount,
        code: 'head_mismatch',
        message: `the journal ends at seq ${chain.entryCount - 1}, but a checkpoint signed by the session key covers seq ${checkpoint.seq}: entries were removed`,
      };
    }
    return result;
  }

  /** The stored checkpoint of a session if it is well-formed and signed by the session key. */
  #signedCheckpoint(
    sessionId: string,
    row: CheckpointRow,
    crypto: LedgerCrypto,
  ): SignedCheckpoint | undefined {
    const session = this.session(sessionId);
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
   * Records that entries 0..checkpoint.seq were verified or written by the holder of the session
   * key, signed by that key (checkpoint.ts). Refuses another signer and a checkpoint whose hash is
   * not the stored entry's at that seq. Replaces the previous checkpoint.
   */
  writeCheckpoint(sessionId: string, checkpoint: Checkpoint, signer: Signer): void {
    const put = this.#writable(this.#stmts.putCheckpoint);
    this.#db
      .transaction(() => {
        const session = this.#stmts.head.get(sessionId);
        if (!session) throw new LedgerError(`no session ${sessionId} in ${this.path}`);
        if (!bytesEqual(signer.publicKey, session.public_key)) {
          throw new LedgerError(
            `refusing to checkpoint ${sessionId}: signer ${signer.keyId} is not the session key ${session.pubkey_id}`,
          );
        }
        const entry = this.#stmts.entry.get(sessionId, checkpoint.seq);
        if (!entry || !bytesEqual(entry.entry_hash, checkpoint.entryHash)) {
          throw new LedgerError(
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
          this.#clock(),
        );
      })
      .immediate();
  }

  /**
   * Verifies the chain like verifyChain and hands each entry over as its JSON text (the fields of
   * LedgerEntry in order). A row that decoded cleanly has canonical payload text, which is spliced in
   * as it is instead of being parsed and serialised again; any other row goes through toLedgerEntry.
   */
  verifyChainAsJson(sessionId: string, crypto: LedgerCrypto, onEntry: (json: string) => void): ChainResult {
    return this.#walkChain(
      sessionId,
      crypto,
      (row, decoded) => {
        if (!decoded) {
          onEntry(JSON.stringify(toLedgerEntry(row)));
          return;
        }
        onEntry(
          `{"seq":${row.seq},"kind":${JSON.stringify(row.kind)},"payload":${row.payload},"prev_hash":"${row.prev_hash.toString('hex')}","entry_hash":"${row.entry_hash.toString('hex')}","signature":"${row.signature.toString('hex')}"}`,
        );
      },
      true,
    ).chain;
  }

  /**
   * `decoded` is the row's DecodedEntry when it passed decodeRow (32/32/64-byte hashes, canonical
   * payload text), else undefined; with `decodeAll`, rows after a chain failure are decoded too so
   * that stays known for every row. With `resume.checkpoint`, entries up to it skip the signature
   * check (and the canonical-text check: their text is what the key holder hashed, as the chain
   * reaching the checkpoint proves) and `checkpointReached` says whether the chain reached the
   * checkpoint's hash and signatures digest; the caller must discard the walk when it did not.
   */
  #walkChain(
    sessionId: string,
    crypto: LedgerCrypto,
    onRow: ((row: JournalRow, decoded: DecodedEntry | undefined) => void) | undefined,
    decodeAll: boolean,
    resume: { checkpoint?: SignedCheckpoint; signatures?: SignaturesDigest } = {},
  ): { chain: ChainResult; checkpointReached: boolean } {
    const { checkpoint, signatures } = resume;
    let checkpointReached = false;
    const session = this.requireSession(sessionId);
    const publicKey = hexToBytes(session.public_key, 32);
    const verifier = new ChainVerifier(crypto, publicKey ?? new Uint8Array(32));
    if (!publicKey) {
      verifier.fail(
        null,
        'key_mismatch',
        `sessions.public_key of ${sessionId} is not a 32-byte Ed25519 public key`,
      );
    } else if (keyIdFromPublicKey(publicKey, crypto.sha256) !== session.pubkey_id) {
      verifier.fail(
        null,
        'key_mismatch',
        `sessions.pubkey_id ${session.pubkey_id} is not the fingerprint of sessions.public_key`,
      );
    }
    for (const [seq, kind, payload, prev_hash, entry_hash, signature] of this.#stmts.entryTuples.iterate(
      sessionId,
    )) {
      const row: JournalRow = { seq, kind, payload, prev_hash, entry_hash, signature };
      const attested = checkpoint !== undefined && typeof row.seq === 'number' && row.seq <= checkpoint.seq;
      const decoded = verifier.failed && !decodeAll ? undefined : decodeRow(row, !attested);
      if (decoded && !verifier.failed) {
        if ('error' in decoded) verifier.fail(row.seq, decoded.code, decoded.error);
        else verifier.push(decoded, attested);
      }
      if (signatures && Buffer.isBuffer(row.signature)) signatures.update(row.signature);
      if (checkpoint && row.seq === checkpoint.seq && !verifier.failed) {
        checkpointReached =
          signatures !== undefined &&
          signatures.count === checkpoint.seq + 1 &&
          bytesEqual(row.entry_hash, checkpoint.entryHash) &&
          signatures.matches(checkpoint.signaturesDigest);
      }
      onRow?.(row, decoded !== undefined && !('error' in decoded) ? decoded : undefined);
    }
    return { chain: verifier.finish(), checkpointReached };
  }

  #verifySession(
    sessionId: string,
    options: { crypto: LedgerCrypto; trusted: TrustedKeys },
    visiting: Set<string>,
  ): VerifyReport {
    const session = this.requireSession(sessionId);
    const publicKey = hexToBytes(session.public_key, 32);
    visiting.add(sessionId);
    return buildReport({
      sessionId,
      publicKeyHex: session.public_key,
      keyId: publicKey ? keyIdFromPublicKey(publicKey, options.crypto.sha256) : session.pubkey_id,
      chain: this.verifyChain(sessionId, options.crypto),
      declaredHead: session.head_hash,
      trusted: options.trusted,
      resolveChild: (anchor) =>
        this.session(anchor.child_session_id) && !visiting.has(anchor.child_session_id)
          ? this.#verifySession(anchor.child_session_id, options, visiting)
          : null,
    });
  }

  #writable<T>(statement: T | undefined): T {
    if (!statement) throw new LedgerError(`${this.path} is open read-only`);
    return statement;
  }
}

function toSessionInfo(row: SessionRow): SessionInfo {
  return {
    ...row,
    head_hash: row.head_hash ? row.head_hash.toString('hex') : null,
    public_key: Buffer.isBuffer(row.public_key) ? row.public_key.toString('hex') : '',
  };
}

/** Hands rows over as LedgerEntry, reusing the payload the verifier already parsed. */
function entryHandler(
  onEntry: (entry: LedgerEntry) => void,
): (row: JournalRow, decoded: DecodedEntry | undefined) => void {
  return (row, decoded) => {
    if (!decoded) {
      onEntry(toLedgerEntry(row));
      return;
    }
    onEntry({
      seq: row.seq,
      kind: row.kind,
      payload: decoded.payload,
      prev_hash: row.prev_hash.toString('hex'),
      entry_hash: row.entry_hash.toString('hex'),
      signature: row.signature.toString('hex'),
    });
  };
}

function toLedgerEntry(row: JournalRow): LedgerEntry {
  let payload: Record<string, unknown>;
  try {
    payload = JSON.parse(row.payload);
  } catch {
    payload = { unparseable_payload: row.payload };
  }
  return {
    seq: row.seq,
    kind: row.kind,
    payload,
    prev_hash: bytesToHex(row.prev_hash),
    entry_hash: bytesToHex(row.entry_hash),
    signature: bytesToHex(row.signature),
  };
}

type RowDecodeError = { code: FailureCode; error: string };

const BYTE_FIELDS = [
  ['prev_hash', 32],
  ['entry_hash', 32],
  ['signature', 64],
] as const;

/**
 * `checkCanonical` is false only for rows a signed checkpoint covers: their text is proven to be what
 * the key holder hashed once the chain reaches the checkpoint, and it wrote only canonical text.
 */
function decodeRow(row: JournalRow, checkCanonical = true): DecodedEntry | RowDecodeError {
  // Messages are built only on failure: this runs for every row of every verify and resume.
  const malformed = (error: string): RowDecodeError => ({
    code: 'malformed_entry',
    error: `seq ${row.seq}: ${error}`,
  });
  if (typeof row.seq !== 'number' || !Number.isSafeInteger(row.seq))
    return malformed('seq is not an integer');
  if (typeof row.kind !== 'string') return malformed('kind is not text');
  for (const [field, length] of BYTE_FIELDS) {
    const value = row[field];
    if (!Buffer.isBuffer(value) || value.length !== length)
      return malformed(`${field} is not ${length} bytes`);
  }
  if (typeof row.payload !== 'string') return malformed('payload is not text');
  let payload: unknown;
  try {
    payload = JSON.parse(row.payload);
  } catch {
    return malformed('payload is not valid JSON');
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    return malformed('payload is not a JSON object');
  if (checkCanonical) {
    let canonical: string;
    try {
      canonical = canonicalJson(payload);
    } catch (error) {
      return malformed(`payload cannot be canonicalised (${(error as Error).message})`);
    }
    // Stored text must be exactly the hashed canonical form, or an edit could hide behind an equivalent spelling.
    if (canonical !== row.payload)
      return {
        code: 'payload_not_canonical',
        error: `seq ${row.seq}: stored payload is not in canonical form`,
      };
  }
  return {
    seq: row.seq,
    kind: row.kind,
    payload: payload as Record<string, unknown>,
    canonicalPayload: row.payload,
    prevHash: row.prev_hash,
    entryHash: row.entry_hash,
    signature: row.signature,
  };
}

/**
 * Makes the ledger file and its WAL/SHM companions mode 0600. A file this process does not own
 * (a shared CI cache) keeps its mode: chmod would fail, and refusing to open it would break reading
 * someone else's ledger; the owner's umask decides there.
 */
function restrictToOwner(path: string): void {
  if (path === ':memory:' || path === '') return;
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    if (!existsSync(file)) continue;
    try {
      chmodSync(file, 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
    }
  }
}
