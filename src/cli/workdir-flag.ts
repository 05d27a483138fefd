import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CliIo } from './io.js';

/** `--workdir` names no existing directory (exit 3, docs/cli.md "Exit codes"). */
export class WorkdirError extends Error {
  override name = 'WorkdirError';
}

/**
 * The absolute working copy a command works in: `--workdir` relative to where truss started, else
 * that directory. It must already be a directory. A mistyped `--workdir` used to be created on the
 * way to the default ledger (`<workdir>/.truss/ledger.db`), and the checks then ran in that empty
 * directory and could sign a PASS about a repository they never saw (docs/cli.md, `truss run`).
 */
export function workdirFlag(io: CliIo, value: string | undefined): string {
  const workdir = resolve(io.cwd, value ?? '.');
  if (value === undefined) return workdir;
  let isDirectory: boolean;
  try {
    isDirectory = statSync(workdir).isDirectory();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' || code === 'ENOTDIR' ? 'does not exist' : `cannot be read (${code})`;
    throw new WorkdirError(
      `--workdir ${value} ${why}; pass the directory of the repository to verify (truss runs its checks there and never creates it)`,
    );
  }
  if (!isDirectory) {
    throw new WorkdirError(
      `--workdir ${value} is not a directory; pass the directory of the repository to verify`,
    );
  }
  return workdir;
}
