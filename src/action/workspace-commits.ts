import { runHarnessGit } from '../core/process/index.js';

/** The checkout's commits a pull request run asks about before it starts. */
export interface WorkspaceCommits {
  /** HEAD's commit; null outside a repository or before its first commit. */
  head: string | null;
  /** Whether the PR's base commit is already in the checkout (actions/checkout fetches one commit). */
  hasBase: boolean;
}

const COMMIT = /^[0-9a-f]{40}$/;

/**
 * HEAD and the base commit in one git start instead of two: the head check and the base fetch each
 * asked git on their own, and every start blocks the job's event loop until the child has exec'd
 * (docs/performance.md, "What the action adds"). Through the safe path like every harness git
 * (src/core/process/git-safety.ts): a refused git fails the run rather than reading as "no commit".
 */
export async function workspaceCommits(workdir: string, baseSha: string | null): Promise<WorkspaceCommits> {
  // Only a full SHA reaches git's input: a line of the payload's own could ask for another object.
  const base = baseSha !== null && COMMIT.test(baseSha) ? baseSha : null;
  const asked = ['HEAD', ...(base ? [base] : [])].map((ref) => `${ref}^{commit}\n`).join('');
  const { code, stdout } = await runHarnessGit(workdir, ['cat-file', '--batch-check=%(objectname)'], {
    input: asked,
  });
  if (code !== 0) return { head: null, hasBase: false };
  // One line per question: the commit's name, or "<question> missing".
  const [head, found] = stdout.split('\n').map((line) => (COMMIT.test(line.trim()) ? line.trim() : null));
  return { head: head ?? null, hasBase: base !== null && found === base };
}
