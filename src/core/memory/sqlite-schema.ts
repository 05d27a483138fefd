import type Database from 'better-sqlite3';
import { MEMORY_META_TABLE, MEMORY_MIGRATIONS } from '../ledger/index.js';
import { MemoryError } from './errors.js';

export const MEMORY_SCHEMA_VERSION = MEMORY_MIGRATIONS.length;

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
    db.exec(MEMORY_META_TABLE);
    for (let version = current; version < MEMORY_SCHEMA_VERSION; version++)
      db.exec(MEMORY_MIGRATIONS[version] as string);
    db.prepare("INSERT OR REPLACE INTO memory_meta (name, value) VALUES ('schema', ?)").run(
      MEMORY_SCHEMA_VERSION,
    );
    db.prepare("INSERT OR IGNORE INTO memory_meta (name, value) VALUES ('write_seq', 0)").run();
  }).immediate();
}
