import Database from 'better-sqlite3';
import { LedgerError } from './errors.js';
import { MEMORY_META_TABLE, MEMORY_MIGRATIONS } from './memory-tables.js';
import { applyLedgerMigrations } from './schema.js';

/** A schema object as `sqlite_master` lists it. */
interface SchemaObject {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

let reference: Map<string, SchemaObject> | undefined;

/**
 * Every object a truss ledger file can hold: the ledger's tables at the newest schema and the memory
 * tables kept beside them (memory-tables.ts), with their primary-key indexes, made by
 * the migrations themselves in a scratch database. Migrations only ever add objects, so a file at an
 * older version holds a subset of these, each with exactly this SQL.
 */
function referenceObjects(): Map<string, SchemaObject> {
  if (reference) return reference;
  const db = new Database(':memory:');
  try {
    applyLedgerMigrations(db);
    db.exec(MEMORY_META_TABLE);
    for (const step of MEMORY_MIGRATIONS) db.exec(step);
    reference = new Map(schemaObjects(db).map((object) => [`${object.type}\u0000${object.name}`, object]));
  } finally {
    db.close();
  }
  return reference;
}

function schemaObjects(db: Database.Database): SchemaObject[] {
  return db
    .prepare<[], SchemaObject>('SELECT type, name, tbl_name, sql FROM main.sqlite_master ORDER BY rowid')
    .all();
}

/**
 * Refuses a database whose schema is not truss's: a trigger, a view (`journal` can be a view whose
 * rows change once a trigger fires after verification), an extra index, or one of truss's tables
 * declared otherwise (without its primary key, with another collation) — anything but the exact
 * objects truss's migrations create. A file that arrives from elsewhere (a workflow artifact) is
 * SQLite its sender wrote, schema included; truss only ever reads rows whose meaning it defined.
 * `sqlite_stat*` tables (an `ANALYZE` someone ran) only steer the query planner and are allowed.
 */
export function requireLedgerSchema(db: Database.Database, path: string): void {
  const allowed = referenceObjects();
  for (const object of schemaObjects(db)) {
    if (object.type === 'table' && /^sqlite_stat[1-4]$/.test(object.name)) continue;
    const known = allowed.get(`${object.type}\u0000${object.name}`);
    if (known && known.tbl_name === object.tbl_name && known.sql === object.sql) continue;
    throw new LedgerError(
      'foreign_schema',
      `${path} is not truss's ledger schema: it holds ${object.type} ${object.name}${known ? ' declared otherwise than truss declares it' : ', which truss never creates'}; refusing to read it`,
    );
  }
}

/**
 * SQLite's full integrity check, for a file that arrives from elsewhere: a crafted file can hold an
 * index that disagrees with its table, so a row looked up by seq would not be the row a chain walk
 * verified. Costs a pass over the file; local ledgers skip it.
 */
export function requireIntact(db: Database.Database, path: string): void {
  const problems = (db.pragma('integrity_check(5)') as { integrity_check: string }[]).map(
    (row) => row.integrity_check,
  );
  if (problems.length === 1 && problems[0] === 'ok') return;
  throw new LedgerError(
    'not_a_ledger',
    `${path} fails SQLite's integrity check (${problems.join('; ').slice(0, 300)}); refusing to read it: ` +
      'it is damaged or was altered. Restore it from a backup or re-import an exported bundle',
  );
}
