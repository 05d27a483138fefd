import { TRUSS_CHECK_ID } from './external-id.js';
import type { Octokit } from './octokit.js';
import { toMissingPermission } from './octokit.js';

/** The PR check that shows whether a human signed off on the current verified evidence. */
export const HUMAN_REVIEW_CHECK = 'truss / human review';

/**
 * Posts `truss / human review` as already completed (one request). A new run calls it with
 * action_required: new evidence makes every earlier sign-off stale until someone approves again.
 */
export async function postHumanReviewCheck(options: {
  octokit: Octokit;
  owner: string;
  repo: string;
  headSha: string;
  conclusion: 'success' | 'failure' | 'action_required' | 'neutral';
  title: string;
  summary: string;
  detailsUrl: string | null;
  dryRun: boolean;
}): Promise<string | null> {
  if (options.dryRun) return null;
  try {
    const { data } = await options.octokit.rest.checks.create({
      owner: options.owner,
      repo: options.repo,
      name: HUMAN_REVIEW_CHECK,
      head_sha: options.headSha,
      external_id: TRUSS_CHECK_ID,
      status: 'completed',
      conclusion: options.conclusion,
      completed_at: new Date().toISOString(),
      ...(options.detailsUrl ? { details_url: options.detailsUrl } : {}),
      output: { title: options.title, summary: options.summary },
    });
    return data.html_url ?? null;
  } catch (error) {
    throw toMissingPermission(error, 'checks: write', `create the ${HUMAN_REVIEW_CHECK} check`);
  }
}

/**
 * New commits on a pull request: the evidence a sign-off attested no longer describes the head, so
 * `truss / human review` on the new head is action_required until a new run is approved. Only when the
 * previous head carried the check (the PR uses truss review); returns whether a check was posted.
 */
export async function markHumanReviewStale(options: {
  octokit: Octokit;
  owner: string;
  repo: string;
  previousSha: string;
  headSha: string;
  dryRun: boolean;
}): Promise<boolean> {
  const { octokit, owner, repo } = options;
  const { data } = await octokit.rest.checks.listForRef({
    owner,
    repo,
    ref: options.previousSha,
    check_name: HUMAN_REVIEW_CHECK,
    per_page: 1,
  });
  const previous = data.check_runs[0];
  if (!previous) return false;
  await postHumanReviewCheck({
    octokit,
    owner,
    repo,
    headSha: options.headSha,
    conclusion: 'action_required',
    title: 'New commits: the sign-off is stale',
    summary: [
      `The pull request head moved from ${options.previousSha.slice(0, 7)} to ${options.headSha.slice(0, 7)}.`,
      `The last human review (${previous.conclusion ?? previous.status}) attested the evidence for ${options.previousSha.slice(0, 7)}, which no longer describes this head.`,
      'Run truss on the new head (`/truss run`), then approve the pull request to sign off again.',
    ].join('\n\n'),
    detailsUrl: null,
    dryRun: options.dryRun,
  });
  return true;
}
