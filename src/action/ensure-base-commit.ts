import { damagedObjectMessage, objectDamage, runHarnessGit } from '../core/process/index.js';
import type { WorkspaceGitFacts } from '../github/workspace-git-facts.js';

/**
 * actions/checkout fetches one commit by default, so the PR base is usually missing locally. Fetch
 * it (by SHA, no shell) so reviewers see a real diff; when that is impossible, return null and the
 * run goes on without a base (the evidence notes say so) rather than failing. Whether the checkout
 * has it, and whether it names an `origin` remote, were asked once for the whole start
 * (workspace-git-facts.ts).
 */
export async function ensureBaseCommit(
  facts: WorkspaceGitFacts,
  warn: (message: string) => void,
): Promise<string | null> {
  const { workdir, base: baseSha } = facts;
  if (!baseSha) return null;
  if (facts.hasBase) return baseSha;
  // The safe path (src/core/process/git-safety.ts). A git it refuses (a FIFO in .git) or stops at
  // its deadline fails the run with what to remove; only git's own "no" means no base.
  // A failed fetch brought nothing to look for; what a fetch that worked brought is checked, not assumed.
  // No `origin` remote: `origin` would be a path in the work tree, the pull request's to fill.
  const fetched = (await facts.hasOriginRemote())
    ? await runHarnessGit(workdir, ['fetch', '--no-tags', '--depth=1', 'origin', baseSha])
    : null;
  if (fetched) facts.fetched();
  const look =
    fetched?.code === 0 ? await runHarnessGit(workdir, ['cat-file', '-e', `${baseSha}^{commit}`]) : null;
  if (look?.code === 0) {
    facts.hasBase = true;
    return baseSha;
  }
  // There but damaged (the object store is the work's to write): fetching did not and will not fix it.
  const damage = look ? objectDamage(look.stderr) : null;
  if (damage) {
    warn(
      `${damagedObjectMessage(`the base commit ${baseSha.slice(0, 12)}`, workdir, damage)}; reviewers get no diff`,
    );
    return null;
  }
  warn(
    `the base commit ${baseSha.slice(0, 12)} is not in the checkout and could not be fetched; reviewers get no diff (use actions/checkout with fetch-depth: 0)`,
  );
  return null;
}
