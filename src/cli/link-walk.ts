import { lstatSync, readlinkSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve, sep } from 'node:path';

/**
 * The first symbolic link inside the working copy `workdir` that opening `path` goes through (the
 * final name included), or null; both relative to `cwd`. The path is walked the way the kernel
 * resolves it: links outside the working copy are followed, `..` is taken from where a link led.
 * "Inside" is decided by the directory itself (device and inode), not by how it is spelled, so the
 * working copy named through a link, a bind mount of it, or a `..` after a link is the same place
 * (docs/security.md, "Links the repository committed where Truss keeps its state" and "What
 * configures the next run"). A name that does not exist ends the walk: nothing below it is a link.
 */
export function linkInsideWorkdir(workdir: string, path: string, cwd = process.cwd()): string | null {
  let home: { dev: number; ino: number };
  try {
    const info = statSync(resolve(cwd, workdir));
    home = { dev: info.dev, ino: info.ino };
  } catch {
    return null;
  }
  const isHome = (dir: string): boolean => {
    try {
      const info = statSync(dir);
      return info.dev === home.dev && info.ino === home.ino;
    } catch {
      return false;
    }
  };
  // Whether `dir` (a path with no link and no `..` left in it) is the working copy or lies inside it.
  const inside = (dir: string): boolean => {
    for (let at = dir; ; at = dirname(at)) {
      if (isHome(at)) return true;
      if (at === dirname(at)) return false;
    }
  };
  const absolute = isAbsolute(path) ? path : join(cwd, path);
  const pending = absolute.split(sep).filter((part) => part !== '' && part !== '.');
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
      return null;
    }
    if (inside(current)) return next;
    if (++followed > 40) return null;
    pending.unshift(...target.split(sep).filter((piece) => piece !== '' && piece !== '.'));
    current = isAbsolute(target) ? sep : current;
  }
  return null;
}
