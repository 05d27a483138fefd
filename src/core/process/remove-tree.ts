import { spawnSync } from 'node:child_process';
import { lstatSync, unlinkSync } from 'node:fs';
import { runCommand } from './sandbox-commands.js';

/**
 * GNU `rm -rf` removes a tree relative to the directories it has open: no path is resolved twice, a
 * directory swapped for a symbolic link mid-way is unlinked rather than followed, and depth is not
 * bounded by PATH_MAX. Node's `rmSync({ recursive })` re-resolves every path from the top, so a
 * sandboxed process still running (a parallel fan-out attempt, another run of the same sandbox user)
 * could rename a directory of the tree being removed into a link and have the harness — root —
 * delete files elsewhere; and a tree deeper than PATH_MAX stopped it with ENAMETOOLONG, leaving what
 * the sandbox wrote behind.
 */
const RM_ARGS = ['-rf', '--one-file-system', '--'];

/** Removes `path`, a tree an untrusted process could write into, without following links. */
export async function removeUntrustedTree(path: string, env: Record<string, string>): Promise<void> {
  await runCommand('rm', [...RM_ARGS, path], env);
}

/**
 * The synchronous form, for one entry the sandbox may have planted: a file or link is unlinked in
 * place (nothing to traverse); a directory goes through `rm` as above.
 */
export function removeUntrustedEntrySync(path: string, env: Record<string, string>): void {
  let isDirectory: boolean;
  try {
    isDirectory = lstatSync(path).isDirectory();
  } catch {
    return;
  }
  if (!isDirectory) {
    try {
      unlinkSync(path);
    } catch {}
    return;
  }
  spawnSync('rm', [...RM_ARGS, path], { env, stdio: 'ignore' });
}

/** The argument list `rm` gets, for callers that must run it through `sudo`. */
export function removeTreeArgs(path: string): string[] {
  return [...RM_ARGS, path];
}
