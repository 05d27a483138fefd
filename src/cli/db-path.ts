import { join, resolve } from 'node:path';
import type { CliIo } from './io.js';
import { refuseLinksInWorkdir } from './output-path.js';

/** Where a workdir keeps its ledger database unless `--db` says otherwise. */
export const DEFAULT_DB = '.truss/ledger.db';

/** The files SQLite creates beside a database, by name: a link there is followed like the database's. */
const SQLITE_SIDE_FILES = ['-wal', '-shm', '-journal'] as const;

/**
 * The ledger database a command opens: `--db` relative to where truss started, else the workdir's
 * (where truss started, when the command has no `--workdir`). Every command resolves it the same
 * way, so `truss run` and `truss ledger show` agree on which file they mean. A path inside the working
 * copy that goes through a symbolic link, or whose SQLite side files are links, is refused
 * (OutputPathError): the repository chose those links.
 */
export function ledgerDbPath(io: CliIo, db: string | undefined, workdir?: string): string {
  const path = resolve(io.cwd, db ?? join(workdir ?? io.cwd, DEFAULT_DB));
  refuseLinksInWorkdir(
    resolve(io.cwd, workdir ?? '.'),
    path,
    'the ledger database',
    '--db',
    SQLITE_SIDE_FILES.map((suffix) => `${path}${suffix}`),
  );
  return path;
}
