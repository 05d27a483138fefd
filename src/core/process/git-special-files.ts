import {
  closeSync,
  constants,
  type Dirent,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  type Stats,
  statSync,
  unlinkSync,
} from 'node:fs';
import { join } from 'node:path';
import { GitWalkMemory, wallClockNs } from './git-walk-memory.js';

/** The most entries one walk looks at: a `.git` a check filled with files is bounded by git's deadline instead. */
const SWEEP_LIMIT = 200_000;

type Kind = 'dir' | 'file' | 'link' | 'special';

function kindOfStats(stat: Stats): Kind {
  if (stat.isDirectory()) return 'dir';
  if (stat.isFile()) return 'file';
  return stat.isSymbolicLink() ? 'link' : 'special';
}

/** A directory entry's kind; an unknown one (a file system without `d_type`) is asked with lstat. */
function kindOfEntry(entry: Dirent, at: string): Kind | null {
  if (entry.isDirectory()) return 'dir';
  if (entry.isFile()) return 'file';
  if (entry.isSymbolicLink()) return 'link';
  if (entry.isFIFO() || entry.isSocket() || entry.isCharacterDevice() || entry.isBlockDevice())
    return 'special';
  try {
    return kindOfStats(lstatSync(`${at}/${entry.name}`));
  } catch {
    return null;
  }
}

/**
 * Calls `visit` for every entry under `gitDir` that is not a directory or a regular file: its kind,
 * the held directory it is in (`at`, reached as `${at}/${name}`) and its path relative to `gitDir`
 * (`rel()`, built only when asked). The walk may run while sandboxed processes still change the
 * tree, so no path is resolved by its names twice: each directory is held open (`O_NOFOLLOW`, so a
 * directory swapped for a link is not entered) and its entries are reached through that descriptor.
 *
 * It runs before every harness git and after every sandboxed process, so a directory an earlier walk
 * of `gitDir` read is not read again while it is the same directory with the same change time
 * (git-walk-memory.ts): its remembered links and special files are visited again as read, its
 * subdirectories are walked as before, and one with none of either (a loose objects' `objects/xx`)
 * costs one lstat instead of an open, a read and a close (docs/performance.md, "The .git walk").
 */
function walkGitDir(
  gitDir: string,
  visit: (kind: Exclude<Kind, 'dir' | 'file'>, at: string, name: string, rel: () => string) => void,
): void {
  const memory = new GitWalkMemory<Exclude<Kind, 'dir' | 'file'>>(gitDir);
  let looked = 0;
  let rootDev: bigint | undefined;
  const enter = (at: string, name: string, dir: string) => {
    if (memory.isKnownLeaf(dir)) {
      try {
        const stat = lstatSync(`${at}/${name}`, { bigint: true });
        if (stat.isDirectory() && memory.recall(dir, stat)) return;
      } catch {
        return; // gone
      }
    }
    let fd: number;
    try {
      fd = openSync(`${at}/${name}`, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
    } catch {
      return; // gone, or no longer a directory
    }
    try {
      walk(fd, dir);
    } finally {
      closeSync(fd);
    }
  };
  const walk = (held: number, dir: string) => {
    const at = `/proc/self/fd/${held}`;
    const stat = fstatSync(held, { bigint: true });
    rootDev ??= stat.dev;
    const known = memory.recall(dir, stat);
    if (known) {
      for (const [name, kind] of known.others) {
        if (++looked > SWEEP_LIMIT) return;
        visit(kind, at, name, () => `${dir}${name}`);
      }
      for (const name of known.subdirs) {
        if (++looked > SWEEP_LIMIT) return;
        enter(at, name, `${dir}${name}/`);
      }
      return;
    }
    const readAt = wallClockNs();
    let entries: Dirent[];
    try {
      entries = readdirSync(at, { withFileTypes: true });
    } catch {
      return;
    }
    const subdirs: string[] = [];
    const others: [string, Exclude<Kind, 'dir' | 'file'>][] = [];
    let whole = true;
    for (const entry of entries) {
      if (++looked > SWEEP_LIMIT) return;
      if (entry.isFile()) continue; // most of them: loose objects, refs
      const kind = kindOfEntry(entry, at);
      if (kind === 'file') continue;
      if (kind === null) {
        whole = false; // gone since the read, or not to be asked: read again next time
        continue;
      }
      if (kind !== 'dir') {
        others.push([entry.name, kind]);
        visit(kind, at, entry.name, () => `${dir}${entry.name}`);
        continue;
      }
      subdirs.push(entry.name);
      enter(at, entry.name, `${dir}${entry.name}/`);
    }
    // A file system mounted inside `.git` (FUSE: its server says what the change time is) is read every time.
    if (whole && stat.dev === rootDev) memory.remember(dir, stat, readAt, subdirs, others);
  };
  let root: number;
  try {
    root = openSync(gitDir, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
  } catch {
    return;
  }
  try {
    walk(root, '');
  } finally {
    closeSync(root);
    memory.close();
  }
}

/** Where a link points (its text, as `ls -l` shows it), or null when it cannot be read. */
function linkTarget(path: string): string | null {
  try {
    return readlinkSync(path);
  } catch {
    return null;
  }
}

/**
 * Every symbolic link under `gitDir`, by its path relative to it, with where it points: the user's
 * own, read before any untrusted process runs, and kept by {@link removeSpecialFiles} while they
 * still point there.
 */
export function linksUnder(gitDir: string): Record<string, string> {
  const links: Record<string, string> = {};
  walkGitDir(gitDir, (kind, at, name, rel) => {
    const target = kind === 'link' ? linkTarget(`${at}/${name}`) : null;
    if (target !== null) links[rel()] = target;
  });
  return links;
}

/**
 * Removes every FIFO, socket and device node under `gitDir`, and every symbolic link that is not in
 * `linksBefore` (paths relative to `gitDir`, with their targets) or points elsewhere now, and returns
 * their paths. Git opens the files of its directory by name (`objects/info/alternates`, a loose
 * object, `packed-refs`, the index, a loose ref), following a link: it blocks for ever opening a FIFO
 * nobody writes to — one planted by a check hung the next run's first git call, and the user's own
 * `git status` — and reads a link to `/dev/stdin` until it is killed (docs/security.md, "Git
 * metadata"). Git itself only ever makes regular files and directories there.
 */
export function removeSpecialFiles(
  gitDir: string,
  linksBefore: Readonly<Record<string, string>> = {},
): string[] {
  const removed: string[] = [];
  walkGitDir(gitDir, (kind, at, name, rel) => {
    if (kind === 'link') {
      const path = rel();
      if (Object.hasOwn(linksBefore, path) && linkTarget(`${at}/${name}`) === linksBefore[path]) return;
    }
    try {
      unlinkSync(`${at}/${name}`);
      removed.push(join(gitDir, rel()));
    } catch {}
  });
  return removed;
}

/** One entry of a git directory (or a file its config includes) that can keep git waiting, and what it is. */
export interface GitHazard {
  path: string;
  what: string;
}

/**
 * What `path` is when git opening it could wait for ever or read without end: a FIFO, socket or
 * device, or a link to one or into `/proc`, `/dev` or `/sys` (`/dev/stdin` is git's own stdin);
 * null for a regular file, a directory, a missing path, or a link to one of those (a dotfiles
 * manager's config). Nothing is opened: lstat, stat and realpath do not block on a FIFO. The kind is
 * asked of what the link leads to before its real path, which does not resolve for a pipe
 * (`/dev/stdin` -> `/proc/self/fd/0` -> `pipe:[…]`).
 */
export function gitHazardAt(path: string): string | null {
  let kind: Kind;
  try {
    kind = kindOfStats(lstatSync(path));
  } catch {
    return null;
  }
  if (kind === 'special') return 'a FIFO, socket or device';
  if (kind !== 'link') return null;
  const shown = linkTarget(path) ?? '?';
  try {
    if (kindOfStats(statSync(path)) === 'special') return `a link to a FIFO, socket or device (${shown})`;
    const target = realpathSync(path);
    if (/^\/(?:proc|dev|sys)(?:\/|$)/.test(target)) return `a link into ${target} (${shown})`;
  } catch {
    // dangling: git reports it missing and fails
  }
  return null;
}

/**
 * Everything git could wait on for ever in the git directories it reads for one work tree (a walk
 * that follows no link): `gitDir`, and `commonDir` where it is another (a linked worktree's or a
 * submodule's `.git` file names its own admin directory, `<common>/worktrees/<name>/`, and git reads
 * the objects, refs, `packed-refs` and config of the repository's common one). Each directory is
 * walked once: one inside the other is covered by the outer walk. Asked before every harness git
 * (git-safety.ts), so a hazard planted by a process still running — a delegated CLI calling Truss's
 * git tools — fails that call at once, naming the path, instead of at git's deadline. The files
 * the config includes are asked about where the config is read for its trust (git-config-trust.ts).
 */
export function findGitHazards(gitDir: string, commonDir: string = gitDir): GitHazard[] {
  const found: GitHazard[] = [];
  const inside = (dir: string, outer: string) => dir === outer || dir.startsWith(`${outer}/`);
  const walked = inside(gitDir, commonDir)
    ? [commonDir]
    : inside(commonDir, gitDir)
      ? [gitDir]
      : [gitDir, commonDir];
  for (const dir of walked)
    walkGitDir(dir, (_kind, at, name, rel) => {
      const what = gitHazardAt(`${at}/${name}`);
      if (what) found.push({ path: join(dir, rel()), what });
    });
  return found;
}
