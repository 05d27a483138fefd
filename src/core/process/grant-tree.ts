import { chmodSync, lchownSync, lstatSync, readdirSync, type Stats } from 'node:fs';
import { join } from 'node:path';

/**
 * What `grantWorkdir` does with `find … -exec chgrp -h` / `chmod g+rwX` / `chmod g+s`, done in-process
 * when the harness is root: no process per step, and a tree that is already granted (every run after
 * the first) costs one `lstat` per entry and no writes. The rules are the same: `keep` paths (exact)
 * and owner-only regular files are left untouched and not descended; symbolic links get their own
 * group (never their target's) and no mode change; directories are descended, never links.
 */
export function grantTreeInProcess(root: string, gid: number, keep: ReadonlySet<string>): void {
  const visit = (path: string) => {
    if (keep.has(path)) return;
    let info: Stats = lstatSync(path);
    if (info.isFile() && (info.mode & 0o077) === 0) return;
    if (info.gid !== gid) {
      lchownSync(path, -1, gid);
      // A group change can clear set-id bits; the mode below starts from what is there now.
      info = lstatSync(path);
    }
    if (info.isSymbolicLink()) return;
    const directory = info.isDirectory();
    const search = directory || (info.mode & 0o111) !== 0 ? 0o010 : 0;
    const wanted = info.mode | 0o060 | search | (directory ? 0o2000 : 0);
    if ((wanted & 0o7777) !== (info.mode & 0o7777)) chmodSync(path, wanted & 0o7777);
    if (directory) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(root);
}
