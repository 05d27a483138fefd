import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { linkInsideWorkdir } from './link-walk.js';

/** An output path the command could not write to; raised before any work starts (exit 3). */
export class OutputPathError extends Error {
  override name = 'OutputPathError';
}

/**
 * Checks that `path` can be written as a file before a run starts, so a bad `--bundle`, `--db` or
 * report path is refused up front instead of after the checks ran and the verdict was signed: it
 * must not be a directory (or anything else that is not a regular file), and the nearest directory
 * that exists on the way to it must be a writable directory (missing ones are created later). Given
 * the working copy, a path inside it must not go through a symbolic link ({@link refuseLinksInWorkdir}).
 * Outside the working copy a symbolic link at `path` is judged by what it points at (a link to a
 * directory is refused like one); a file written whole with `writeFileAtomic` then replaces the link
 * itself, never its target.
 */
export function checkOutputPath(
  path: string,
  what: string,
  inside?: { workdir: string; flag: string },
): void {
  if (inside) refuseLinksInWorkdir(inside.workdir, path, what, inside.flag);
  const existing = statOrNull(path);
  if (existing?.isDirectory()) {
    const example = what === '--db' ? 'ledger.db' : 'out.json';
    throw new OutputPathError(
      `${what} ${path} is a directory; pass the path of a file to write (e.g. ${path.replace(/\/+$/, '')}/${example})`,
    );
  }
  // A device or FIFO (`-o /dev/null`): the file is written whole and renamed onto the path, which
  // would replace the device, so it is refused; a path inside it is no file either.
  if (existing && !existing.isFile()) {
    throw new OutputPathError(
      `${what} ${path} is not a regular file (a device, FIFO or socket); pass the path of a regular file to write, which truss creates or replaces`,
    );
  }
  let dir = dirname(path);
  for (;;) {
    const stat = statOrNull(dir);
    if (stat) {
      if (!stat.isDirectory())
        throw new OutputPathError(`${what} ${path} cannot be created: ${dir} is not a directory`);
      try {
        accessSync(dir, constants.W_OK);
      } catch {
        throw new OutputPathError(
          `${what} ${path} cannot be written: ${dir} is not writable; choose a path you can write`,
        );
      }
      return;
    }
    const parent = dirname(dir);
    if (parent === dir) return;
    dir = parent;
  }
}

function statOrNull(path: string): ReturnType<typeof statSync> | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

/**
 * Refuses a path inside the working copy that passes through a symbolic link, or whose `sideFiles`
 * (SQLite's `-wal`, `-shm`, `-journal`) are links. Whoever wrote the repository chose those links:
 * a committed `.truss/ledger.db -> ~/.ssh/authorized_keys` or `.truss/bundles -> /etc/…` would make
 * truss create or fill a file of the attacker's choosing, with the user's (on a runner, often root's)
 * rights and with bytes the judged code printed. Outside `root` the directories on the way and a
 * database path are the user's own choice. Files written whole (bundles, reports, pages,
 * attestations) are safe anywhere: `writeFileAtomic` renames a new file over a link at their name
 * and never opens its target, so a name derived from input, such as the report beside a bundle
 * someone else prepared, cannot be turned into a write elsewhere.
 */
export function refuseLinksInWorkdir(
  root: string,
  path: string,
  what: string,
  flag: string,
  sideFiles: readonly string[] = [],
): void {
  // Judged by where the path really goes (link-walk.ts): another spelling of the working copy (a
  // link to it, a bind mount, a `..` after a link) used to skip this check.
  for (const candidate of [path, ...sideFiles]) {
    const link = linkInsideWorkdir(root, candidate);
    if (link !== null) throw linkError(what, path, link, flag, root);
  }
}

function linkError(what: string, path: string, link: string, flag: string, root: string): OutputPathError {
  const through = link === path ? 'is' : `goes through ${link}, which is`;
  return new OutputPathError(
    `${what} ${path} ${through} a symbolic link inside the working copy ${root}; truss never writes its ledger, bundles or reports through a link a repository could have committed. Remove the link, or pass ${flag} with a path outside the working copy.`,
  );
}

/**
 * Creates the directory of `path`, a file about to be written inside the working copy, refusing
 * links before (a linked `.truss` must not get a `bundles/` at its target) and after.
 */
export function makeOutputDir(workdir: string, path: string, what: string, flag: string): void {
  refuseLinksInWorkdir(workdir, path, what, flag);
  mkdirSync(dirname(path), { recursive: true });
  refuseLinksInWorkdir(workdir, path, what, flag);
}
