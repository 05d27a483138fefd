import type Database from 'better-sqlite3';
import { LedgerError } from './errors.js';

/**
 * Ordered migrations; `PRAGMA user_version` records how many have run. Append new steps, never edit
 * old ones: a ledger written by an older truss must open in a newer one. Only ever CREATE: every open
 * compares each object's SQL with what these steps make in a fresh database (schema-guard.ts), and an
 * `ALTER TABLE` rewrites a table's SQL, so a file from before it would be refused unless the guard is
 * taught the older form too.
 */
const MIGRATIONS: ReadonlyArray<string> = [
  `
  CREATE TABLE sessions (
    id            TEXT PRIMARY KEY,
    status        TEXT NOT NULL,
    code_version  TEXT NOT NULL,
    model         TEXT,
    tenant        TEXT NOT NULL DEFAULT 'local',
    user          TEXT NOT NULL DEFAULT 'local',
    head_hash     BLOB,
    pubkey_id     TEXT,
    public_key    BLOB,
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL
  );
  CREATE TABLE journal (
    session_id    TEXT NOT NULL,
    seq           INTEGER NOT NULL,
    kind          TEXT NOT NULL,
    payload       TEXT NOT NULL,
    prev_hash     BLOB NOT NULL,
    entry_hash    BLOB NOT NULL,
    signature     BLOB NOT NULL,
    created_at    INTEGER NOT NULL,
    PRIMARY KEY (session_id, seq)
  );
  CREATE TABLE snapshots (
    session_id    TEXT NOT NULL,
    at_seq        INTEGER NOT NULL,
    messages      TEXT NOT NULL,
    state         TEXT NOT NULL,
    PRIMARY KEY (session_id, at_seq)
  );
  CREATE TABLE blobs (
    hash          BLOB PRIMARY KEY,
    bytes         BLOB,
    size          INTEGER NOT NULL,
    created_at    INTEGER NOT NULL
  );
  CREATE TABLE signals (
    session_id    TEXT NOT NULL,
    name          TEXT NOT NULL,
    payload       TEXT,
    status        TEXT NOT NULL,
    created_at    INTEGER NOT NULL,
    PRIMARY KEY (session_id, name, created_at)
  );
  CREATE TABLE timers (
    session_id    TEXT NOT NULL,
    seq           INTEGER NOT NULL,
    fire_at       INTEGER NOT NULL,
    status        TEXT NOT NULL,
    PRIMARY KEY (session_id, seq)
  );
  CREATE TABLE tool_memo (
    session_id    TEXT NOT NULL,
    memo_key      TEXT NOT NULL,
    seq           INTEGER NOT NULL,
    result        TEXT NOT NULL,
    created_at    INTEGER NOT NULL,
    PRIMARY KEY (session_id, memo_key)
  );
  `,
  // 2: the session key's signed "verified through seq N" checkpoint (checkpoint.ts), so a local
  // resume need not verify every signature again. Bookkeeping only: never exported, never needed to
  // verify a ledger.
  `
  CREATE TABLE verified_through (
    session_id        TEXT PRIMARY KEY,
    seq               INTEGER NOT NULL,
    entry_hash        BLOB NOT NULL,
    signatures_digest BLOB NOT NULL,
    signature         BLOB NOT NULL,
    created_at        INTEGER NOT NULL
  );
  `,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/** Refuses a database with no ledger schema or one newer than this truss understands. Returns the version. */
export function checkSchemaVersion(db: Database.Database, path: string, allowEmpty = false): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > SCHEMA_VERSION) {
    throw new LedgerError(
      'schema_too_new',
      `${path} uses ledger schema ${current}, newer than this truss understands (${SCHEMA_VERSION}); upgrade truss`,
    );
  }
  if (current === 0 && !allowEmpty)
    throw new LedgerError('not_a_ledger', `${path} is not a truss ledger database (no schema)`);
  return current;
}

/**
 * A database without a ledger schema version is only ever created fresh: one that already holds
 * tables belongs to another application (or is not a ledger at all), and adding truss tables to it
 * would silently change someone else's file.
 */
export function refuseForeignDatabase(db: Database.Database, path: string): void {
  if ((db.pragma('user_version', { simple: true }) as number) !== 0) return;
  const tables = db
    .prepare<[], { name: string }>(
      "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name LIMIT 4",
    )
    .all()
    .map((row) => row.name);
  if (tables.length === 0) return;
  throw new LedgerError(
    'foreign_database',
    `${path} is not a truss ledger database: it has no ledger schema version but holds other tables (${tables.join(', ')}); refusing to add truss tables to it. Pass --db with a new file or an existing truss ledger.`,
  );
}

/** Runs every ledger migration on an empty database (schema-guard.ts builds its reference with it). */
export function applyLedgerMigrations(db: Database.Database): void {
  for (const migration of MIGRATIONS) db.exec(migration);
}

/** Brings a database up to the current schema inside one transaction; refuses a newer schema. */
export function migrate(db: Database.Database, path: string): void {
  const current = checkSchemaVersion(db, path, true);
  if (current === SCHEMA_VERSION) return;
  refuseForeignDatabase(db, path);
  db.transaction(() => {
    for (let version = current; version < SCHEMA_VERSION; version++) db.exec(MIGRATIONS[version] as string);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  }).immediate();
}
