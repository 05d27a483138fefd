import { checkedHarnessGit, runHarnessGit } from '../core/process/index.js';
import { type GitAuth, gitAuthEnvUnlessConfigured } from '../github/git-auth.js';
import { hasOriginRemote } from '../github/origin-remote.js';
import { recordedParents } from '../github/recorded-parents.js';

/**
 * Checks out a pull request's head commit in the workspace for comment-triggered runs (whose default
 * checkout is the base branch). Only the PR number and SHA from the API reach git, as separate argv
 * entries — never comment text, never a shell. The fetched commit must be exactly `headSha`.
 */
export async function checkoutPullRequestHead(options: {
  workdir: string;
  prNumber: number;
  headSha: string;
  /** Credentials for the fetch only (private repos with `persist-credentials: false`). */
  auth?: FetchAuth | undefined;
}): Promise<void> {
  if (!Number.isInteger(options.prNumber) || options.prNumber <= 0)
    throw new Error(`invalid pull request number ${options.prNumber}`);
  if (!/^[0-9a-f]{40}$/.test(options.headSha)) throw new Error('invalid head SHA from the API');
  // The safe path (src/core/process/git-safety.ts): on a self-hosted runner the checkout may hold
  // what an earlier run's work planted in .git (a post-checkout hook, an fsmonitor command, a FIFO).
  const git = (...args: string[]) => checkedHarnessGit(options.workdir, args);
  if (!(await hasOriginRemote(options.workdir)))
    throw new Error(
      `the checkout in ${options.workdir} has no origin remote to fetch pull request #${options.prNumber} from; check the repository out with actions/checkout before this step`,
    );
  const fetchEnv = { ...process.env, ...(await gitAuthEnvUnlessConfigured(options.workdir, options.auth)) };
  const ref = `+refs/pull/${options.prNumber}/head:refs/remotes/truss/pr-${options.prNumber}`;
  await checkedHarnessGit(options.workdir, ['fetch', '--no-tags', '--depth=1', 'origin', ref], {
    env: fetchEnv,
  }).catch((error: Error) => {
    throw new Error(
      `git fetch --no-tags --depth=1 origin refs/pull/${options.prNumber}/head failed: ${error.message}`,
    );
  });
  const stdout = await git('rev-parse', `refs/remotes/truss/pr-${options.prNumber}`);
  if (stdout.trim() !== options.headSha) {
    throw new Error(
      `the pull request moved while starting (head is now ${stdout.trim().slice(0, 12)}); comment again to run on the new head`,
    );
  }
  await git('checkout', '--force', '--detach', options.headSha);
}

/**
 * Run mode on a pull request: the verdict must be about the PR head its check run is posted on.
 * - The workspace is at the head: nothing to do.
 * - It is at GitHub's merge commit (actions/checkout's default for `pull_request`, whose second
 *   parent is the head): the run goes on, but the verdict covers the merge commit, so no review of
 *   the head can sign off on it; say so and how to check out the head instead.
 * - It is anywhere else (a `workflow_dispatch` with `pr_number` checks out the default branch):
 *   check out the head, as for comment commands, so the PR is never reported on with other code.
 * A workspace that is not a git checkout (or has no commit yet) is left alone: the run refuses it
 * before any check runs (run.ts, docs/action.md "Quick setup").
 * Resolves with whether it checked the head out (what was asked of git before may differ now).
 */
export async function ensurePullRequestHead(options: {
  workdir: string;
  prNumber: number;
  headSha: string;
  auth?: FetchAuth | undefined;
  warn: (message: string) => void;
  /** HEAD's commit when already asked (workspace-git-facts.ts); asked here otherwise. */
  head?: string | null;
  /** HEAD's parents when known or kept (workspace-git-facts.ts); read here otherwise. */
  headParents?: () => Promise<readonly string[]>;
}): Promise<boolean> {
  // A git the safe path refuses (a FIFO in .git) fails the run, saying what to remove.
  const revParse = async (ref: string) => {
    const { code, stdout } = await runHarnessGit(options.workdir, ['rev-parse', '--verify', '--quiet', ref]);
    return code === 0 ? stdout.trim() : null;
  };
  const head = options.head !== undefined ? options.head : await revParse('HEAD^{commit}');
  if (head === null || head === options.headSha) return false;
  const parents = await (options.headParents?.() ?? recordedParents(options.workdir, head));
  if (parents[1] === options.headSha) {
    options.warn(
      `the workspace is at the merge commit ${head.slice(0, 12)}, not the pull request head ${options.headSha.slice(0, 12)}: ` +
        'the verdict covers the merge, so a review of the head cannot sign off on it. ' +
        'Check out the head instead: `actions/checkout` with `ref: ${{ github.event.pull_request.head.sha }}`.',
    );
    return false;
  }
  await checkoutPullRequestHead(options);
  return true;
}

export type FetchAuth = GitAuth;
