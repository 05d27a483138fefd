import type { Octokit } from '../github/octokit.js';
import type { EventContext } from './event-context.js';

/** The commit a run is about, the trusted ref its contracts come from, and the PR it reports on. */
export interface RunTarget {
  headSha: string;
  /** Contracts and config are read here: the PR base for pull requests, never the head. */
  trustedRef: string;
  baseSha: string | null;
  prNumber: number | null;
  fork: boolean;
  /** The branch the work is on (PR head branch, or the pushed branch); null when detached. */
  headRef: string | null;
  /** The repository's default branch, where a `pull-request` publish goes without a PR branch. */
  defaultBranch: string;
}

interface PullRequestPayload {
  number: number;
  head: { sha: string; ref?: string; repo?: { full_name?: string } | null };
  base: { sha: string; ref?: string; repo?: { full_name?: string; default_branch?: string } | null };
}

export function targetFromPullRequest(pr: PullRequestPayload): RunTarget {
  return {
    headSha: pr.head.sha,
    trustedRef: pr.base.sha,
    baseSha: pr.base.sha,
    prNumber: pr.number,
    headRef: pr.head.ref ?? null,
    defaultBranch: pr.base.repo?.default_branch ?? pr.base.ref ?? 'main',
    fork: Boolean(
      pr.head.repo?.full_name && pr.base.repo?.full_name && pr.head.repo.full_name !== pr.base.repo.full_name,
    ),
  };
}

/** Works out the target for run-type events; workflow_dispatch may name a PR (the App dispatches that way). */
export async function resolveRunTarget(context: EventContext, octokit: Octokit): Promise<RunTarget> {
  const payload = context.payload as Record<string, unknown>;
  if (payload.pull_request) return targetFromPullRequest(payload.pull_request as PullRequestPayload);
  const dispatchPr = Number((payload.inputs as Record<string, unknown> | undefined)?.pr_number ?? Number.NaN);
  if (context.eventName === 'workflow_dispatch' && Number.isInteger(dispatchPr) && dispatchPr > 0) {
    const { data } = await octokit.rest.pulls.get({
      owner: context.owner,
      repo: context.repo,
      pull_number: dispatchPr,
    });
    return targetFromPullRequest(data as unknown as PullRequestPayload);
  }
  const before = typeof payload.before === 'string' && !/^0+$/.test(payload.before) ? payload.before : null;
  const repository = payload.repository as { default_branch?: string } | undefined;
  return {
    headSha: context.sha,
    trustedRef: context.sha,
    baseSha: before,
    prNumber: null,
    fork: false,
    headRef: context.ref.startsWith('refs/heads/') ? context.ref.slice('refs/heads/'.length) : null,
    defaultBranch: repository?.default_branch ?? 'main',
  };
}
