import * as fs from 'node:fs';

/**
 * What `grantWorkdir` does to the working copy, as root, in one process: the group becomes the
 * sandbox's, with group read and write, group search where anyone may search, and setgid on
 * directories. A tree that is already granted (every run after the first) costs one `lstat` per entry
 * and no writes. `keep` paths (exact), owner-only regular files and files with more than one name
 * (a hard link can reach outside the tree) are left untouched and not descended; symbolic links get their own group (never their target's) and no mode change;
 * directories are descended, never links.
 *
 * The tree is the sandbox's, and a sandboxed process may be running meanwhile (a second run in the same
 * working copy, a check left over from a harness that was killed): it can swap any entry for a link
 * between two looks. So nothing here resolves a path by its names twice. Each directory is held open
 * (`O_PATH | O_NOFOLLOW`) and its entries are reached through that descriptor; an entry to change is
 * held open the same way, checked to be the very inode that was looked at, and changed through the
 * descriptor. Resolving names instead let root chmod and chgrp any file on the host.
 */
export function grantTreeInProcess(root: string, gid: number, keep: ReadonlySet<string>): void {
  grantTree(fs, root, gid, keep);
}

/** The most entries the harness's own dry walk looks at (treeNeedsGrant). */
export const DRY_WALK_LIMIT = 20_000;

/**
 * Whether the grant would change anything under `root`, found by the same walk with every write
 * refused, as whoever runs it. A harness that is not root asks this first: a tree already granted
 * (every run after the first in a working copy, every contract after the first in a job) then needs
 * no `sudo` and no second Node start. Anything it cannot read counts as needing the grant. Nothing is
 * written, so a sandboxed process changing the tree meanwhile can at most make it ask for the grant.
 * It runs in the harness's own thread, so it looks at no more than `limit` entries (about 60 ms
 * here): a larger tree (one a check may have filled to stall the harness) goes to the grant's own
 * process, as before.
 */
export function treeNeedsGrant(
  root: string,
  gid: number,
  keep: ReadonlySet<string>,
  limit = DRY_WALK_LIMIT,
): boolean {
  const wouldWrite = (): never => {
    throw new Error('the grant would write');
  };
  let looked = 0;
  const lstatSync = ((path: fs.PathLike) => {
    if (++looked > limit) throw new Error('too many entries to look at here');
    return fs.lstatSync(path);
  }) as typeof fs.lstatSync;
  const dry = {
    ...fs,
    lstatSync,
    lchownSync: wouldWrite,
    chownSync: wouldWrite,
    chmodSync: wouldWrite,
  } as typeof fs;
  try {
    grantTree(dry, root, gid, keep);
    return false;
  } catch {
    return true;
  }
}

/**
 * The same grant as a Node program for `sudo -n node -e SCRIPT ROOT GID KEEP_JSON`, when the harness is
 * not root: the very function below, which takes `fs` as its only outside input for this.
 */
export function grantTreeScript(): string {
  // `__name`: what esbuild's keepNames (tsx runs the sources with it) wraps inner functions in.
  return `var __name = (fn) => fn; (${grantTree.toString()})(require('node:fs'), process.argv[1], Number(process.argv[2]), new Set(JSON.parse(process.argv[3])));`;
}

function grantTree(io: typeof fs, root: string, gid: number, keep: ReadonlySet<string>): void {
  // Linux's O_PATH (the same value on x86-64 and arm64; Node does not export it).
  const O_PATH = 0o10000000;
  // The magic link naming what descriptor `fd` holds, whatever has been renamed since.
  const held = (fd: number) => `/proc/self/fd/${fd}`;
  const wantedMode = (info: fs.Stats) => {
    const directory = info.isDirectory();
    const search = directory || (info.mode & 0o111) !== 0 ? 0o010 : 0;
    return (info.mode | 0o060 | search | (directory ? 0o2000 : 0)) & 0o7777;
  };
  // `at`: the entry reached through its directory's descriptor (the root by its own path).
  const visit = (path: string, at: string) => {
    if (keep.has(path)) return;
    let looked: fs.Stats;
    try {
      looked = io.lstatSync(at);
    } catch (error) {
      // Listed, then removed before this look (git's own index.lock, a check's temp file): nothing
      // left to grant. Anything else still stops the grant.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    if (looked.isSymbolicLink()) {
      if (looked.gid !== gid) io.lchownSync(at, -1, gid);
      return;
    }
    if (looked.isFile() && (looked.mode & 0o077) === 0) return;
    const directory = looked.isDirectory();
    // A file with more than one name may have one outside the tree (a check can link any file it
    // may read and write): never given away. Git's own hard links (a local clone's objects) are
    // read-only and readable by all anyway.
    if (!directory && looked.nlink > 1) return;
    if (!directory && looked.gid === gid && wantedMode(looked) === (looked.mode & 0o7777)) return;
    let fd: number;
    try {
      fd = io.openSync(at, O_PATH | io.constants.O_NOFOLLOW);
    } catch {
      return; // gone meanwhile
    }
    try {
      let info = io.fstatSync(fd);
      if (info.ino !== looked.ino || info.dev !== looked.dev || info.isSymbolicLink()) return;
      if (!directory && info.nlink > 1) return;
      if (info.gid !== gid) {
        io.chownSync(held(fd), -1, gid);
        // A group change can clear set-id bits; the mode below starts from what is there now.
        info = io.fstatSync(fd);
      }
      const wanted = wantedMode(info);
      if (wanted !== (info.mode & 0o7777)) io.chmodSync(held(fd), wanted);
      if (directory)
        for (const name of io.readdirSync(held(fd))) visit(`${path}/${name}`, `${held(fd)}/${name}`);
    } finally {
      io.closeSync(fd);
    }
  };
  visit(root, root);
}
