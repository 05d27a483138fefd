import { chmodSync, closeSync, existsSync, openSync, readSync } from 'node:fs';
import Database from 'better-sqlite3';
import { notARegularFile } from '../input-file.js';
import { LedgerError } from './errors.js';
import type { ReceiptChecker } from './receipt-checker.js';
import { checkSchemaVersion, migrate, refuseForeignDatabase } from './schema.js';
import { requireIntact, requireLedgerSchema } from './schema-guard.js';

/** How LedgerStore.open treats the file. */
export interface StoreOptions {
  readonly?: boolean;
  /** Refuse to create a new database file (commands that need an existing session). */
  mustExist?: boolean;
  /** Milliseconds since the epoch; injected so tests and replays control time. */
  clock?: () => number;
  /**
   * Checks anchor receipts when this store verifies a chain (resume, export, `truss ledger
   * verify`): the anchor layer's `checkReceipt`. Absent, a session with a receipt fails verification.
   */
  receipts?: ReceiptChecker;
  /**
   * The file comes from elsewhere (a suspended run's workflow artifact): SQLite's integrity check
   * must pass too, before anything is read or written (schema-guard.ts).
   */
  untrusted?: boolean;
}

/**
 * The error for a database file SQLite could not open. A missing file is the common first-run case
 * (a command that reads a ledger before any `truss run`): it says where a ledger comes from
 * (docs/cli.md, `truss ledger`) instead of SQLite's "directory does not exist".
 */
export function openError(path: string, error: unknown): LedgerError {
  if (!existsSync(path)) {
    return new LedgerError(
      'open_failed',
      `no ledger database at ${path}: nothing has been recorded there yet (\`truss run\` creates <workdir>/.truss/ledger.db); pass --db FILE to read another`,
    );
  }
  return new LedgerError('open_failed', `cannot open ledger database ${path}: ${(error as Error).message}`);
}

/** `; it is JSON: a bundle? …` for a file that is no database because it is text a bundle starts with. */
function bundleHint(path: string): string {
  let head = '';
  try {
    const fd = openSync(path, 'r');
    try {
      const buffer = Buffer.alloc(256);
      head = buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0)).toString('utf8');
    } finally {
      closeSync(fd);
    }
  } catch {
    return '';
  }
  return /^\s*\{/.test(head)
    ? `; it is JSON, as an exported bundle is: verify a bundle with \`truss verify ${path}\``
    : '';
}

/**
 * Opens the SQLite file behind a LedgerStore: any open refuses a schema that is not exactly truss's
 * (and, for an `untrusted` file, one that fails SQLite's integrity check); a writable open refuses another application's
 * database, makes the file owner-only, sets the durability pragmas (docs/ledger.md "Store") and
 * migrates; a read-only open only checks the schema version. Every failure is a LedgerError naming
 * the file, and the connection is closed before it is thrown.
 */
export function openLedgerDatabase(path: string, options: StoreOptions): Database.Database {
  // SQLite's own open of a FIFO waits for a writer for ever; a device or socket is no database
  // either (docs/cli.md "Input files").
  const notAFile = path === ':memory:' || path === '' ? null : notARegularFile(path);
  if (notAFile)
    throw new LedgerError(
      'open_failed',
      `cannot open ledger database ${path}: ${notAFile}; pass --db with the database truss wrote (<workdir>/.truss/ledger.db by default) or a new path`,
    );
  let db: Database.Database;
  try {
    db = new Database(path, {
      readonly: options.readonly ?? false,
      fileMustExist: Boolean(options.readonly || options.mustExist),
    });
  } catch (error) {
    throw openError(path, error);
  }
  // Before anything is read or written: only truss's own tables and indexes (no trigger, no view).
  // A damaged page met while the schema is read surfaces as SQLite's own SQLITE_CORRUPT, as it did
  // before the schema was read on open (the CLI tells the user to restore the file from a backup).
  let readingSchema = false;
  const requireTrussFile = () => {
    readingSchema = true;
    requireLedgerSchema(db, path);
    if (options.untrusted) requireIntact(db, path);
    readingSchema = false;
  };
  try {
    if (!options.readonly) {
      // Before any pragma that writes the file (WAL mode is recorded in its header).
      refuseForeignDatabase(db, path);
      checkSchemaVersion(db, path, true);
      requireTrussFile();
      // Blobs hold check output, diffs and tool results: owner-only, before WAL and SHM files exist
      // (SQLite gives them the database file's mode).
      restrictToOwner(path);
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = FULL');
      db.pragma('busy_timeout = 5000');
      // Freed pages are zeroed, so a crypto-shredded blob does not linger in free space.
      db.pragma('secure_delete = ON');
      migrate(db, path);
    } else {
      checkSchemaVersion(db, path);
      requireTrussFile();
    }
  } catch (error) {
    db.close();
    if (error instanceof LedgerError) throw error;
    if (readingSchema && /^SQLITE_CORRUPT/.test(String((error as { code?: unknown }).code))) throw error;
    throw new LedgerError(
      'not_a_ledger',
      `${path} is not a usable truss ledger database: ${(error as Error).message}${bundleHint(path)}; pass --db with the database truss wrote (<workdir>/.truss/ledger.db by default) or a new path`,
    );
  }
  return db;
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
