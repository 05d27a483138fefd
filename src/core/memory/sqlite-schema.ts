import type Database from 'better-sqlite3';
import { MemoryError } from './errors.js';

/**
 * The memory tables, in the ledger's database file but versioned on their own (`memory_meta`
 * `schema`), so the ledger's `user_version` — and every truss that reads only the ledger — is
 * unaffected. Append new steps, never edit old ones.
 */
const MIGRATIONS: ReadonlyArray<string> = [
  `
  CREATE TABLE memory_entries (
    id            TEXT PRIMARY KEY,
    kind          TEXT NOT NULL,
    mem_key       TEXT NOT NULL,
    body          TEXT NOT NULL,
    trust         TEXT NOT NULL,
    produced_by   TEXT NOT NULL,
    verified_by   TEXT,
    decided_by    TEXT,
    sources       TEXT NOT NULL,
    salience      REAL NOT NULL,
    superseded_by TEXT,
    write_seq     INTEGER NOT NULL UNIQUE,
    created_at    INTEGER NOT NULL
  );
  CREATE INDEX memory_entries_key ON memory_entries (kind, mem_key, trust);
  CREATE TABLE memory_decisions (
    memory_id     TEXT NOT NULL,
    decision      TEXT NOT NULL,
    session_id    TEXT NOT NULL,
    seq           INTEGER NOT NULL,
    entry_hash    TEXT NOT NULL,
    write_seq     INTEGER NOT NULL,
    PRIMARY KEY (session_id, seq, memory_id)
  );
  CREATE INDEX memory_decisions_id ON memory_decisions (memory_id, write_seq);
  `,
];

export const MEMORY_SCHEMA_VERSION = MIGRATIONS.length;

/** The memory schema version of an open database (0: no memory tables yet). */
export function memorySchemaVersion(db: Database.Database): number {
  const table = db
    .prepare<[], { name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'memory_meta'",
    )
    .get();
  if (!table) return 0;
  const row = db.prepare<[], { value: number }>("SELECT value FROM memory_meta WHERE name = 'schema'").get();
  return row?.value ?? 0;
}

/** Creates or upgrades the memory tables in one transaction; refuses a newer schema. */
export function migrateMemory(db: Database.Database, path: string): void {
  const current = memorySchemaVersion(db);
  if (current > MEMORY_SCHEMA_VERSION) {
    throw new MemoryError(
      'schema_too_new',
      `${path} holds memory tables of schema ${current}, newer than this truss understands (${MEMORY_SCHEMA_VERSION}); upgrade truss`,
    );
  }
  if (current === MEMORY_SCHEMA_VERSION) return;
  db.transaction(() => {
    db.exec('CREATE TABLE IF NOT EXISTS memory_meta (name TEXT PRIMARY KEY, value INTEGER NOT NULL)');
    for (let version = current; version < MEMORY_SCHEMA_VERSION; version++)
      db.exec(MIGRATIONS[version] as string);
    db.prepare("INSERT OR REPLACE INTO memory_meta (name, value) VALUES ('schema', ?)").run(
      MEMORY_SCHEMA_VERSION,
    );
    db.prepare("INSERT OR IGNORE INTO memory_meta (name, value) VALUES ('write_seq', 0)").run();
  }).immediate();
}
