/** The table holding the memory schema's version and write counter. */
export const MEMORY_META_TABLE =
  'CREATE TABLE IF NOT EXISTS memory_meta (name TEXT PRIMARY KEY, value INTEGER NOT NULL)';

/**
 * The memory tables, in the ledger's database file but versioned on their own (`memory_meta`
 * `schema`), so the ledger's `user_version` — and every truss that reads only the ledger — is
 * unaffected. Append new steps, never edit old ones. They are defined here, with the ledger, because
 * the ledger's schema guard (schema-guard.ts) must know every table its file may hold; the memory
 * store (src/core/memory/sqlite-schema.ts) runs them.
 */
export const MEMORY_MIGRATIONS: ReadonlyArray<string> = [
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
