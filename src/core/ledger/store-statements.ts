import type Database from 'better-sqlite3';
import { LedgerError } from './errors.js';
import type { ReceiptChecker } from './receipt-checker.js';
import type { SessionInfo } from './store-sessions.js';

/** Where a session stands; moved by the entry kinds that end or pause a run. */
export type SessionStatus = 'running' | 'suspended' | 'completed' | 'failed';

/** A `sessions` row with its entry count, as SQLite returns it: SessionInfo with hashes and keys as bytes. */
export type SessionRow = Omit<SessionInfo, 'head_hash' | 'public_key'> & {
  head_hash: Buffer | null;
  public_key: Buffer;
};

/** What one append needs of its session: head, key, status and the last seq. */
type HeadRow = Pick<SessionRow, 'status' | 'head_hash' | 'public_key' | 'pubkey_id'> & {
  tip: number | null;
};

/** A `journal` row: the six authenticated fields of an entry (docs/ledger.md "Entries"). */
export interface JournalRow {
  seq: number;
  kind: string;
  payload: string;
  prev_hash: Buffer;
  entry_hash: Buffer;
  signature: Buffer;
}

/** A JournalRow as a raw array, in column order (see `entryTuples`). */
type JournalTuple = [
  JournalRow['seq'],
  JournalRow['kind'],
  JournalRow['payload'],
  JournalRow['prev_hash'],
  JournalRow['entry_hash'],
  JournalRow['signature'],
];

/** A `verified_through` row: the session key's signed resume checkpoint. */
export interface CheckpointRow {
  seq: number;
  entry_hash: Buffer;
  signatures_digest: Buffer;
  signature: Buffer;
}

const JOURNAL_COLUMNS = 'seq, kind, payload, prev_hash, entry_hash, signature';

/**
 * Every statement the store runs, prepared once per open (preparing per call costs more than most of
 * the statements themselves). Write statements are undefined on a read-only open, so a write there
 * fails through `writable` with a clear error instead of SQLite's.
 */
export function prepareStatements(db: Database.Database, readonly: boolean) {
  const write = <T>(prepare: () => T): T | undefined => (readonly ? undefined : prepare());
  const sessionColumns = `s.id, s.status, s.code_version, s.model, s.tenant, s.user, s.head_hash, s.pubkey_id, s.public_key,
      s.created_at, s.updated_at, (SELECT count(*) FROM journal j WHERE j.session_id = s.id) AS entries`;
  return {
    session: db.prepare<[string], SessionRow>(`SELECT ${sessionColumns} FROM sessions s WHERE s.id = ?`),
    sessions: db.prepare<[], SessionRow>(
      `SELECT ${sessionColumns} FROM sessions s ORDER BY s.created_at, s.id`,
    ),
    insertSession: write(() =>
      db.prepare(
        `INSERT INTO sessions (id, status, code_version, model, tenant, user, head_hash, pubkey_id, public_key, created_at, updated_at)
             VALUES (@id, 'running', @code_version, @model, @tenant, @user, NULL, @pubkey_id, @public_key, @now, @now)`,
      ),
    ),
    // One lookup per append: the session's head and key, and the last seq from the journal's
    // primary key (an index seek, not a scan).
    head: db.prepare<[string], HeadRow>(
      `SELECT s.status, s.head_hash, s.public_key, s.pubkey_id,
           (SELECT max(j.seq) FROM journal j WHERE j.session_id = s.id) AS tip
         FROM sessions s WHERE s.id = ?`,
    ),
    insertEntry: write(() =>
      db.prepare(
        `INSERT INTO journal (session_id, seq, kind, payload, prev_hash, entry_hash, signature, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
    ),
    moveHead: write(() =>
      db.prepare('UPDATE sessions SET head_hash = ?, status = ?, updated_at = ? WHERE id = ?'),
    ),
    insertMemo: write(() =>
      db.prepare(
        'INSERT INTO tool_memo (session_id, memo_key, seq, result, created_at) VALUES (?, ?, ?, ?, ?)',
      ),
    ),
    insertBlob: write(() =>
      db.prepare('INSERT OR IGNORE INTO blobs (hash, bytes, size, created_at) VALUES (?, ?, ?, ?)'),
    ),
    entries: db.prepare<[string], JournalRow>(
      `SELECT ${JOURNAL_COLUMNS} FROM journal WHERE session_id = ? ORDER BY seq`,
    ),
    // The same rows as arrays: better-sqlite3 builds a keyed object per row natively, which costs
    // more than the verifier's whole per-row work besides SQLite itself (see walkChain).
    entryTuples: db
      .prepare<[string], JournalTuple>(
        `SELECT ${JOURNAL_COLUMNS} FROM journal WHERE session_id = ? ORDER BY seq`,
      )
      .raw(true),
    entry: db.prepare<[string, number], JournalRow>(
      `SELECT ${JOURNAL_COLUMNS} FROM journal WHERE session_id = ? AND seq = ?`,
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
    shred: write(() => db.prepare('UPDATE blobs SET bytes = NULL WHERE hash = ? AND bytes IS NOT NULL')),
    lastSignalTime: db.prepare<[string], { t: number | null }>(
      'SELECT max(created_at) AS t FROM signals WHERE session_id = ?',
    ),
    insertSignal: write(() =>
      db.prepare(
        "INSERT INTO signals (session_id, name, payload, status, created_at) VALUES (?, ?, ?, 'pending', ?)",
      ),
    ),
    signals: db.prepare<
      [string],
      { name: string; payload: string | null; status: string; created_at: number }
    >('SELECT name, payload, status, created_at FROM signals WHERE session_id = ? ORDER BY created_at'),
    deliverSignal: write(() =>
      db.prepare(
        "UPDATE signals SET status = 'delivered' WHERE session_id = ? AND name = ? AND created_at = ? AND status = 'pending'",
      ),
    ),
    syncNormal: write(() => db.prepare('PRAGMA synchronous = NORMAL')),
    syncFull: write(() => db.prepare('PRAGMA synchronous = FULL')),
    // Only writable opens migrate; a read-only open of a ledger older than the table has none, and
    // verification then has no checkpoint to hold the journal to.
    checkpoint:
      readonly && !hasTable(db, 'verified_through')
        ? undefined
        : db.prepare<[string], CheckpointRow>(
            'SELECT seq, entry_hash, signatures_digest, signature FROM verified_through WHERE session_id = ?',
          ),
    putCheckpoint: write(() =>
      db.prepare(
        `INSERT INTO verified_through (session_id, seq, entry_hash, signatures_digest, signature, created_at)
             VALUES (?, ?, ?, ?, ?, ?)
             ON CONFLICT (session_id) DO UPDATE SET seq = excluded.seq, entry_hash = excluded.entry_hash,
               signatures_digest = excluded.signatures_digest, signature = excluded.signature, created_at = excluded.created_at`,
      ),
    ),
  };
}

function hasTable(db: Database.Database, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
}

/** The prepared statements of one open store. */
type StoreStatements = ReturnType<typeof prepareStatements>;

/**
 * What every part of the store (sessions, append, signals, blobs, verification) works on: one
 * connection and its statements, the path for messages, and the injected clock. LedgerStore owns it.
 */
export interface StoreContext {
  readonly path: string;
  readonly db: Database.Database;
  readonly stmts: StoreStatements;
  readonly clock: () => number;
  /** Checks anchor receipts in the chains this store verifies (StoreOptions.receipts). */
  readonly receipts: ReceiptChecker | undefined;
}

/** A write statement, or a `read_only` LedgerError when the store was opened read-only. */
export function writable<T>(ctx: StoreContext, statement: T | undefined): T {
  if (!statement) throw new LedgerError('read_only', `${ctx.path} is open read-only`);
  return statement;
}
