import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { type HarnessGitOptions, harnessGit } from './git-safety.js';

/**
 * Sets skip-worktree in a private index (worktree-snapshot.ts, the reviewers' evidence) exactly on the
 * paths a sparse checkout leaves out of the working tree, and clears it everywhere else.
 *
 * The private indexes trust no flag of the working copy's own index, which the work may write: a
 * skip-worktree entry on a file the work changed hid the change. But a sparse checkout (actions/checkout
 * `sparse-checkout:`, `git sparse-checkout set`) marks every path outside its cone skip-worktree and
 * leaves the file out of the working tree, and without the flag each of them read as deleted: the
 * reviewers saw a diff deleting everything outside the cone, and an agent's recorded diff deleted it.
 * So the flag is honoured for a path only while its file is absent: whatever the work writes at such a
 * path is read, and all the flag can do is keep a file the work deleted, which then ships unchanged
 * and is shown unchanged.
 */
export async function markSparseAbsent(
  root: string,
  work: HarnessGitOptions,
  privateIndex: HarnessGitOptions,
): Promise<void> {
  const tagged = (options: HarnessGitOptions) =>
    harnessGit(root, options).raw(['ls-files', '-t', '-z', '--full-name', '--', ':/']);
  const wanted = new Set<string>();
  for (const record of (await tagged(work).catch(() => '')).split('\0'))
    if (record.startsWith('S ') && isAbsent(root, record.slice(2))) wanted.add(record.slice(2));
  const set: string[] = [];
  const clear: string[] = [];
  for (const record of (await tagged(privateIndex)).split('\0')) {
    if (record === '') continue;
    const path = record.slice(2);
    const flagged = record.startsWith('S ');
    if (wanted.has(path) && !flagged) set.push(path);
    else if (!wanted.has(path) && flagged) clear.push(path);
  }
  for (const [flag, paths] of [
    ['--skip-worktree', set],
    ['--no-skip-worktree', clear],
  ] as const)
    if (paths.length > 0)
      await harnessGit(root, { ...privateIndex, input: `${paths.join('\0')}\0` }).raw([
        'update-index',
        flag,
        '-z',
        '--stdin',
      ]);
}

/** Whether nothing, not even a link, is at `path` under `root`. */
function isAbsent(root: string, path: string): boolean {
  try {
    lstatSync(join(root, path));
    return false;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR';
  }
}
