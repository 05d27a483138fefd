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
}

interface PullRequestPayload {
  number: number;
  head: { sha: string; repo?: { full_name?: string } | null };
  base: { sha: string; repo?: { full_name?: string } | null };
}

export function targetFromPullRequest(pr: PullRequestPayload): RunTarget {
  return {
    headSha: pr.head.sha,
    trustedRef: pr.base.sha,
    baseSha: pr.base.sha,
    prNumber: pr.number,
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
  return { headSha: context.sha, trustedRef: context.sha, baseSha: before, prNumber: null, fork: false };
}
