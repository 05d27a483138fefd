import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Checks out a pull request's head commit in the workspace for comment-triggered runs (whose default
 * checkout is the base branch). Only the PR number and SHA from the API reach git, as separate argv
 * entries — never comment text, never a shell. The fetched commit must be exactly `headSha`.
 */
export async function checkoutPullRequestHead(options: {
  workdir: string;
  prNumber: number;
  headSha: string;
}): Promise<void> {
  if (!Number.isInteger(options.prNumber) || options.prNumber <= 0)
    throw new Error(`invalid pull request number ${options.prNumber}`);
  if (!/^[0-9a-f]{40}$/.test(options.headSha)) throw new Error('invalid head SHA from the API');
  const git = (...args: string[]) => run('git', args, { cwd: options.workdir });
  await git(
    'fetch',
    '--no-tags',
    '--depth=1',
    'origin',
    `+refs/pull/${options.prNumber}/head:refs/remotes/truss/pr-${options.prNumber}`,
  );
  const { stdout } = await git('rev-parse', `refs/remotes/truss/pr-${options.prNumber}`);
  if (stdout.trim() !== options.headSha) {
    throw new Error(
      `the pull request moved while starting (head is now ${stdout.trim().slice(0, 12)}); comment again to run on the new head`,
    );
  }
  await git('checkout', '--force', '--detach', options.headSha);
}
