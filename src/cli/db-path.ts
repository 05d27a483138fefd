import { join, resolve } from 'node:path';
import type { CliIo } from './io.js';

/** Where a workdir keeps its ledger database unless `--db` says otherwise. */
export const DEFAULT_DB = '.truss/ledger.db';

/**
 * The ledger database a command opens: `--db` relative to where truss started, else the workdir's
 * (where truss started, when the command has no `--workdir`). Every command resolves it the same
 * way, so `truss run` and `truss ledger show` agree on which file they mean.
 */
export function ledgerDbPath(io: CliIo, db: string | undefined, workdir?: string): string {
  return resolve(io.cwd, db ?? join(workdir ?? io.cwd, DEFAULT_DB));
}
