import { lstatSync, mkdirSync, readlinkSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

/** A path that configures the next run goes through a link the run's work could re-point. */
export class ConfigLinkError extends Error {
  override name = 'ConfigLinkError';
}

/**
 * Refuses `.truss/` or the contract file when the way to it inside the working copy passes through
 * a symbolic link (docs/security.md, "What configures the next run"). The isolation hides what a
 * link points at, not the link: a link is a name in a directory the work may write, so a sandboxed
 * check could replace `ci -> conf` with a directory of its own holding `ci/contract.toml` with
 * `isolation = "none"`, and the user's next `truss run ci/contract.toml` would read that instead.
 */
export function refuseLinkedConfig(workdir: string, paths: readonly string[], cwd = process.cwd()): void {
  const realWorkdir = realOrNull(resolve(cwd, workdir));
  if (realWorkdir === null) return;
  for (const path of paths) {
    const link = linkInside(realWorkdir, isAbsolute(path) ? path : join(cwd, path));
    if (link === null) continue;
    throw new ConfigLinkError(
      `${path} goes through ${link}, a symbolic link inside the working copy ${workdir}: the run's work could point it elsewhere and choose what your next run reads there (its own contract, configuration or signing key). Replace the link with the directory or file it points at, or give the file's real path.`,
    );
  }
}

/**
 * The first symbolic link inside `realWorkdir` that opening `path` goes through, or null. The path is
 * walked the way the kernel resolves it (links outside the working copy followed, `..` taken from
 * where a link led), so another spelling of the same place (the working copy named through a link,
 * a `..` after a link) is judged by where it really goes.
 */
function linkInside(realWorkdir: string, path: string): string | null {
  const pending = path.split(sep).filter((part) => part !== '' && part !== '.');
  let current: string = sep;
  // Each link followed adds its target's parts in front; a loop of links ends where the kernel's does.
  for (let followed = 0; pending.length > 0; ) {
    const part = pending.shift() as string;
    if (part === '..') {
      current = dirname(current);
      continue;
    }
    const next = join(current, part);
    let target: string;
    try {
      if (!lstatSync(next).isSymbolicLink()) {
        current = next;
        continue;
      }
      target = readlinkSync(next);
    } catch {
      // Not there (yet): nothing below it is a link today.
      return null;
    }
    if (within(next, realWorkdir)) return next;
    if (++followed > 40) return null;
    pending.unshift(...target.split(sep).filter((piece) => piece !== '' && piece !== '.'));
    current = isAbsolute(target) ? sep : current;
  }
  return null;
}

function within(path: string, dir: string): boolean {
  const below = relative(dir, path);
  return below === '' || (below !== '..' && !below.startsWith(`..${sep}`) && !isAbsolute(below));
}

function realOrNull(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

/**
 * The working copy's `.truss/`, made if missing so the run's work cannot create it, after
 * {@link refuseLinkedConfig} passed it and `configPaths` (the contract file, the signing key file:
 * the next run reads them by the same path).
 */
export function prepareConfigDir(workdir: string, configPaths: ReadonlyArray<string | undefined>): string {
  const trussDir = join(workdir, '.truss');
  refuseLinkedConfig(workdir, [trussDir, ...configPaths.filter((path): path is string => Boolean(path))]);
  try {
    mkdirSync(trussDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return trussDir;
}
