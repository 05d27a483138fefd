import { runHarnessGit } from '../core/process/index.js';
import { hasOriginRemote } from '../github/origin-remote.js';

/**
 * actions/checkout fetches one commit by default, so the PR base is usually missing locally. Fetch
 * it (by SHA, no shell) so reviewers see a real diff; when that is impossible, return null and the
 * run goes on without a base (the evidence notes say so) rather than failing.
 */
export async function ensureBaseCommit(
  workdir: string,
  baseSha: string | null,
  warn: (message: string) => void,
  /** Already asked (workspace-commits.ts): whether the checkout has the commit. */
  present?: boolean,
): Promise<string | null> {
  if (!baseSha) return null;
  if (!/^[0-9a-f]{40}$/.test(baseSha)) return null;
  // The safe path (src/core/process/git-safety.ts). A git it refuses (a FIFO in .git) or stops at
  // its deadline fails the run with what to remove; only git's own "no" means no base.
  const has = async () =>
    (await runHarnessGit(workdir, ['cat-file', '-e', `${baseSha}^{commit}`])).code === 0;
  if (present ?? (await has())) return baseSha;
  // A failed fetch brought nothing to look for; what a fetch that worked brought is checked, not assumed.
  // No `origin` remote: `origin` would be a path in the work tree, the pull request's to fill.
  const fetched = (await hasOriginRemote(workdir))
    ? await runHarnessGit(workdir, ['fetch', '--no-tags', '--depth=1', 'origin', baseSha])
    : null;
  if (fetched?.code === 0 && (await has())) return baseSha;
  warn(
    `the base commit ${baseSha.slice(0, 12)} is not in the checkout and could not be fetched; reviewers get no diff (use actions/checkout with fetch-depth: 0)`,
  );
  return null;
}
