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
