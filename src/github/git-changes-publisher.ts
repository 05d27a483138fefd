import { checkedHarnessGit, GitCommandError, stageAll } from '../core/process/index.js';
import type { ChangesPublisher, PassedRun } from '../core/run/index.js';
import { TRUSS_CLI } from '../core/truss-cli.js';
import { type GitAuth, gitAuthEnvUnlessConfigured } from './git-auth.js';
import type { Logger } from './logger.js';
import type { Octokit } from './octokit.js';
import { hasOriginRemote } from './origin-remote.js';
import type { RepoRef } from './repo-contracts.js';

/** The identity GitHub shows for commits made with the workflow token. */
const BOT = { name: 'github-actions[bot]', email: '41898282+github-actions[bot]@users.noreply.github.com' };

export type OnPassChanges = 'push' | 'pull-request';

export interface GitChangesTarget {
  /** The pull request the run judged, when there is one. */
  prNumber: number | null;
  /** The branch the work belongs on: the PR head branch, or the pushed branch. */
  headRef: string | null;
  /** Where a new pull request goes when there is no PR branch to target (the default branch). */
  defaultBranch: string;
  /** A fork's branch cannot be pushed with this repository's token. */
  fork: boolean;
}

export interface GitChangesPublisherOptions {
  mode: OnPassChanges;
  workdir: string;
  octokit: Octokit;
  repo: RepoRef;
  target: GitChangesTarget;
  auth: GitAuth | undefined;
  dryRun: boolean;
  log: Logger;
}

/**
 * `on-pass-changes`: after a PASS, commit what the executor changed (never `.truss/`) and either
 * push it to the branch under review (`push`) or to a new `truss/…` branch with a pull request
 * (`pull-request`). Never forces a push: if the branch moved while the run worked, the push is
 * refused and recorded as failed. Branch names reach git as separate argv entries after
 * `git check-ref-format`; no text from comments or models ever does.
 */
export function gitChangesPublisher(options: GitChangesPublisherOptions): ChangesPublisher {
  return { mode: options.mode, publish: (run) => publish(options, run) };
}

async function publish(
  options: GitChangesPublisherOptions,
  run: PassedRun,
): Promise<Record<string, unknown>> {
  const { workdir, target, mode, log } = options;
  // The safe path (src/core/process/git-safety.ts): the judged work ran in this working copy, so
  // its .git may hold hooks, an fsmonitor command or a FIFO; any failure stops the publishing.
  const git = async (args: string[], env: Record<string, string> = {}) =>
    (await checkedHarnessGit(workdir, args, { env: { ...process.env, ...env } })).trim();

  const head = await commitChanges(git, run);
  if (head === null) {
    return {
      status: 'no_changes',
      commit: null,
      branch: null,
      detail: 'the run left the code as it found it',
    };
  }
  if (mode === 'push') {
    if (target.fork)
      return skipped(
        head,
        'the pull request comes from a fork, which the workflow token cannot push to; use on-pass-changes: pull-request',
      );
    if (!target.headRef)
      return skipped(head, 'no branch to push to (the run is not on a branch or pull request)');
    const branch = await checkedBranch(git, target.headRef);
    if (options.dryRun) return dryRun(head, branch, `would push ${head.slice(0, 12)} to ${branch}`);
    await push(git, options, head, branch);
    log.info(`pushed ${head.slice(0, 12)} to ${branch}`);
    return { status: 'pushed', commit: head, branch, detail: `pushed to ${branch}` };
  }
  const branch = await checkedBranch(
    git,
    `truss/${safeSegment(run.contractId)}-${run.sessionId.slice(0, 8)}`,
  );
  const base = target.headRef && !target.fork ? target.headRef : target.defaultBranch;
  if (options.dryRun)
    return dryRun(head, branch, `would push ${branch} and open a pull request into ${base}`);
  await push(git, options, head, branch);
  const pr = await openPullRequest(options, run, branch, base);
  log.info(`opened ${pr.url} from ${branch}`);
  return {
    status: 'pull_request_opened',
    commit: head,
    branch,
    pull_request_url: pr.url,
    pull_request_number: pr.number,
    detail: `into ${base}`,
  };
}

/**
 * Commits the run's tree as ONE commit by the bot on the commit the run started from, and moves HEAD
 * to it; null when that tree is the start's (nothing to publish). Commits the executor made itself
 * are not published: their messages, authors and the files it removed again were never judged nor
 * scanned for secrets, so a delegated CLI that committed its token and deleted it again pushed the
 * token with a clean diff (docs/action.md "Changes on PASS"). `.truss/` is kept as it was at the start.
 */
async function commitChanges(
  git: (args: string[], env?: Record<string, string>) => Promise<string>,
  run: PassedRun,
): Promise<string | null> {
  await stageAll({ raw: (args) => git(args) }, ['.', ':(top,exclude).truss']);
  const start = run.startSha ?? (await git(['rev-parse', 'HEAD']));
  await git(['reset', '--quiet', start, '--', ':(top).truss']);
  const tree = await git(['write-tree']);
  if (tree === (await git(['rev-parse', `${start}^{tree}`]))) return null;
  const message = `${run.title ? `truss: ${run.title}` : `truss: ${run.contractId}`}\n\nVerified PASS by truss session ${run.sessionId}.\nVerdict entry: ${run.verdictHash}\n`;
  const commit = await git(['commit-tree', tree, '-p', start, '-m', message], {
    GIT_AUTHOR_NAME: BOT.name,
    GIT_AUTHOR_EMAIL: BOT.email,
    GIT_COMMITTER_NAME: BOT.name,
    GIT_COMMITTER_EMAIL: BOT.email,
  });
  await git(['reset', '--soft', '--quiet', commit]);
  return commit;
}

async function checkedBranch(git: (args: string[]) => Promise<string>, name: string): Promise<string> {
  try {
    return await git(['check-ref-format', '--branch', name]);
  } catch {
    throw new Error(`"${name}" is not a valid branch name`);
  }
}

async function push(
  git: (args: string[], env?: Record<string, string>) => Promise<string>,
  options: GitChangesPublisherOptions,
  head: string,
  branch: string,
): Promise<void> {
  if (!(await hasOriginRemote(options.workdir)))
    throw new Error(
      `the checkout in ${options.workdir} has no origin remote to push ${branch} to; check the repository out with actions/checkout before this step`,
    );
  const env = await gitAuthEnvUnlessConfigured(options.workdir, options.auth);
  try {
    await git(['push', '--quiet', '--no-verify', 'origin', `${head}:refs/heads/${branch}`], env);
  } catch (error) {
    // Refused or stopped at its deadline (exit -1): the message already says what to remove or look for.
    if (error instanceof GitCommandError && error.exitCode === -1) throw error;
    const stderr = (error as Error).message.trim();
    const moved = /non-fast-forward|fetch first|rejected/.test(stderr);
    throw new Error(
      moved
        ? `could not push to ${branch}: the branch moved while truss worked (no force push); re-run on the new head`
        : `could not push to ${branch}: ${stderr.split('\n').at(-1) || (error as Error).message}. Does the workflow grant \`contents: write\`?`,
    );
  }
}

async function openPullRequest(
  options: GitChangesPublisherOptions,
  run: PassedRun,
  branch: string,
  base: string,
): Promise<{ url: string; number: number }> {
  const { octokit, repo } = options;
  // Idempotent: a resumed job whose first attempt opened the PR finds it instead of failing.
  const { data: open } = await octokit.rest.pulls.list({
    ...repo,
    head: `${repo.owner}:${branch}`,
    state: 'open',
  });
  const existing = open[0];
  if (existing) return { url: existing.html_url, number: existing.number };
  const origin = options.target.prNumber ? ` for #${options.target.prNumber}` : '';
  const { data } = await octokit.rest.pulls.create({
    ...repo,
    head: branch,
    base,
    title: `truss: ${run.title ?? run.contractId}`,
    body: [
      `Changes made by truss${origin} and verified **PASS** against contract \`${run.contractId}\`.`,
      '',
      `- Session: \`${run.sessionId}\``,
      `- Signed verdict entry: \`${run.verdictHash}\``,
      '',
      'The ledger bundle of the run is attached to the workflow run as an artifact; verify it with `' +
        TRUSS_CLI +
        ' verify`.',
    ].join('\n'),
  });
  return { url: data.html_url, number: data.number };
}

function skipped(commit: string, detail: string): Record<string, unknown> {
  return { status: 'skipped', commit, branch: null, detail };
}

function dryRun(commit: string, branch: string, detail: string): Record<string, unknown> {
  return { status: 'dry_run', commit, branch, detail: `dry run: ${detail}` };
}

function safeSegment(id: string): string {
  return id.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|[-.]+$/g, '') || 'contract';
}
