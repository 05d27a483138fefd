import { lstatSync } from 'node:fs';
import { dirname } from 'node:path';
import { within } from './mount-table.js';

/**
 * The directories between a working copy and a hidden path inside it (`repo/ci/keys` for a key at
 * `repo/ci/keys/signing.key`), each to be bound onto itself before the hiding mounts
 * (docs/security.md, "Hidden paths inside a working copy").
 *
 * Every process of a run gets its mounts by path: bwrap resolves its arguments when each sandbox
 * starts, and uid's holder (and each process that mounts its own) as root. A hidden path is a mount
 * point in every sandbox, so it cannot be renamed; but the directories above it inside the working
 * copy are the sandbox's to write, and an untrusted process that renamed one (`mv ci ci2`) took the
 * hidden file along on the host: the next process's mounts named a path that no longer existed, and
 * the file was readable at its new name (as the harness's own uid under bwrap). A mount point cannot
 * be renamed or replaced (EBUSY), so each of these directories is made one, like the pinned git
 * directories (git-metadata.ts). Directories above the working copy are outside what the sandbox
 * can write. `hiddenPaths` and `workdirs` are real paths, as `createIsolation` resolves them.
 */
export function hiddenPathPins(hiddenPaths: readonly string[], workdirs: readonly string[]): string[] {
  const hidden = new Set(hiddenPaths);
  const pins = new Set<string>();
  for (const path of hiddenPaths) {
    for (const workdir of workdirs) {
      if (path === workdir || !within(path, workdir)) continue;
      for (let dir = dirname(path); dir !== workdir && within(dir, workdir); dir = dirname(dir)) {
        if (!hidden.has(dir) && isDirectory(dir)) pins.add(dir);
      }
    }
  }
  // Outer first: each bind is made on the directory as the earlier ones left it.
  return [...pins].sort((a, b) => a.split('/').length - b.split('/').length || (a < b ? -1 : 1));
}

function isDirectory(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}
