import { closeSync, constants, type Dirent, openSync, readdirSync, unlinkSync } from 'node:fs';

/** The most entries one sweep looks at: a `.git` a check filled with files is bounded by git's deadline instead. */
const SWEEP_LIMIT = 200_000;

/**
 * Removes every FIFO, socket and device node under `gitDir`, and returns their paths. Git opens the
 * files of its directory by name (`objects/info/alternates`, a loose object, `packed-refs`, the
 * index, a loose ref) and blocks for ever opening a FIFO nobody writes to: one planted by a check
 * hung the next run's first git call — and the user's own `git status` (docs/security.md, "Git
 * metadata"). Git itself only ever makes regular files, directories and symbolic links there.
 *
 * The walk runs while other sandboxed processes may still be changing the tree, so no path is
 * resolved by its names twice: each directory is held open (`O_NOFOLLOW`, so a directory swapped for
 * a link is not entered) and its entries are reached, and unlinked, through that descriptor.
 */
export function removeSpecialFiles(gitDir: string): string[] {
  const removed: string[] = [];
  let looked = 0;
  const walk = (held: number, path: string) => {
    const at = `/proc/self/fd/${held}`;
    let entries: Dirent[];
    try {
      entries = readdirSync(at, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (++looked > SWEEP_LIMIT) return;
      if (entry.isDirectory()) {
        let fd: number;
        try {
          fd = openSync(
            `${at}/${entry.name}`,
            constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW,
          );
        } catch {
          continue; // gone, or no longer a directory
        }
        try {
          walk(fd, `${path}/${entry.name}`);
        } finally {
          closeSync(fd);
        }
      } else if (entry.isFIFO() || entry.isSocket() || entry.isCharacterDevice() || entry.isBlockDevice()) {
        try {
          unlinkSync(`${at}/${entry.name}`);
          removed.push(`${path}/${entry.name}`);
        } catch {}
      }
    }
  };
  let root: number;
  try {
    root = openSync(gitDir, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
  } catch {
    return removed;
  }
  try {
    walk(root, gitDir);
  } finally {
    closeSync(root);
  }
  return removed;
}
