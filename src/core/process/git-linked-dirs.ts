import { closeSync, constants, openSync, readSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { within } from './mount-table.js';

/** Git's pointer files are one short line; anything longer is not git's. */
const POINTER_MAX_BYTES = 4096;

/**
 * The first line of a small regular file, read without following a link at its last component and
 * without waiting on a FIFO; null when it is anything else.
 */
function pointerLine(path: string): string | null {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    const buffer = Buffer.alloc(POINTER_MAX_BYTES + 1);
    const read = readSync(fd, buffer, 0, buffer.length, null);
    if (read > POINTER_MAX_BYTES) return null;
    const line = buffer.toString('utf8', 0, read).split('\n')[0]?.trim() ?? '';
    return line.length > 0 ? line : null;
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

function realDirectory(path: string): string | null {
  try {
    const real = realpathSync(path);
    return statSync(real).isDirectory() ? real : null;
  } catch {
    return null;
  }
}

/**
 * The repository directory (git's "common dir", real path) that the linked worktree `workdir` (a
 * real path whose `.git` is a file) belongs to, when git made that link (`git worktree add`): its
 * `.git` names an admin directory `<common>/worktrees/<name>`, whose `commondir` names `<common>`
 * and whose `gitdir` names this very `.git` back. The sandboxes show that directory read-only so
 * git works in the worktree (docs/security.md, "Linked worktrees"). Anything else — a submodule's
 * checkout, a `.git` file naming some other directory (one the work or an earlier run wrote could
 * name a hidden one), a link for `.git` — gets null: nothing is shown for it.
 */
export function linkedCommonDir(workdir: string): string | null {
  const gitFile = join(workdir, '.git');
  const pointer = pointerLine(gitFile);
  if (pointer === null || !pointer.startsWith('gitdir: ')) return null;
  const admin = realDirectory(resolve(workdir, pointer.slice('gitdir: '.length)));
  if (admin === null) return null;
  const commonLine = pointerLine(join(admin, 'commondir'));
  const backLine = pointerLine(join(admin, 'gitdir'));
  if (commonLine === null || backLine === null) return null;
  const common = realDirectory(resolve(admin, commonLine));
  if (common === null || dirname(admin) !== join(common, 'worktrees')) return null;
  let back: string;
  try {
    back = realpathSync(resolve(admin, backLine));
  } catch {
    return null;
  }
  return back === gitFile ? common : null;
}

/**
 * Of the guards' linked repositories, those a sandbox must be shown read-only: each once, leaving
 * out one inside a working copy (the sandbox sees it already, under that copy's own guard), one
 * holding a working copy (made read-only, it would take the copy with it) and one inside a hidden or
 * covered path, or holding one (never shown, whatever names it).
 */
export function linkedDirsToShow(
  linked: readonly string[],
  workdirs: readonly string[],
  hidden: readonly string[],
): string[] {
  return [...new Set(linked)].filter(
    (dir) =>
      !workdirs.some((workdir) => within(dir, workdir) || within(workdir, dir)) &&
      !hidden.some((path) => within(dir, path) || within(path, dir)),
  );
}
