import { type Dirent, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { within } from './mount-table.js';

/**
 * What to hide of a directory that must be hidden but holds the scratch root (docs/security.md, "The
 * isolation layer"): the harness user's HOME with `TMPDIR=$HOME/tmp`, the Actions runner's temp dir
 * with `TMPDIR=$RUNNER_TEMP`. Every sandboxed process's HOME and TMPDIR lie in the scratch root, so the
 * directory cannot be covered whole; left visible, its world-readable files (a `.netrc`, a `gh`
 * token, actions/checkout's credentials) were read by a check. So every entry along the way from
 * `dir` down to `scratchRoot` is hidden except the next step, and in the scratch root itself every
 * entry except Truss's own directories (`truss-sandbox-*`, private-dirs.ts `harnessRoot`).
 *
 * Links are left out (a mount over one would cover its target, which may be `/usr`), and so is
 * anything inside a working copy (the work's own) — an entry that holds one is returned, and the
 * caller covers it around the working copy as it does a HOME that holds the workspace. So is what is
 * in a directory anyone may write (a sticky temp dir: its entries are anyone's and come and go, and
 * one removed before the sandbox's mounts are made would fail them). Null when a directory on the way
 * cannot be listed: the caller then says that `dir` is not hidden.
 */
export function besideTheScratchRoot(
  dir: string,
  scratchRoot: string,
  workdirs: readonly string[],
): string[] | null {
  const steps = relative(dir, scratchRoot).split(sep).filter(Boolean);
  const found: string[] = [];
  let at = dir;
  for (let depth = 0; depth <= steps.length; depth++) {
    const next = steps[depth];
    let entries: Dirent[];
    try {
      entries = (statSync(at).mode & 0o002) !== 0 ? [] : readdirSync(at, { withFileTypes: true });
    } catch {
      return null;
    }
    for (const entry of entries) {
      if (next === undefined ? entry.name.startsWith('truss-sandbox-') : entry.name === next) continue;
      if (entry.isSymbolicLink()) continue;
      const path = join(at, entry.name);
      if (workdirs.some((work) => within(path, work))) continue;
      found.push(path);
    }
    if (next === undefined) break;
    at = join(at, next);
  }
  return found;
}
