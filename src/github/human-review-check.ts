import { type FoundCheckRun, findCheckRuns } from './check-runs.js';
import { TRUSS_CHECK_ID } from './external-id.js';
import type { Octokit } from './octokit.js';
import { toMissingPermission } from './octokit.js';
import { isOwnApp, resolveAuthors, type TrussAuthors, type TrussAuthorsSource } from './own-comment.js';

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
 * previous head carried Truss's check (the PR uses truss review); returns whether a check was posted.
 * Truss's check is one made by `appId` (the App's sign-offs) or by an app Truss posts as (`authors`:
 * the workflow's runs, own-comment.ts isOwnApp): any token with `checks: write` can name a check
 * `truss / human review`, and only Truss's say the pull request uses sign-offs.
 */
export async function markHumanReviewStale(options: {
  octokit: Octokit;
  owner: string;
  repo: string;
  previousSha: string;
  headSha: string;
  /** The host's own app (the App's APP_ID), whose checks are Truss's without asking who posts. */
  appId?: number;
  /** The logins Truss posts as; asked only when the previous head has a check of that name. */
  authors: TrussAuthorsSource;
  dryRun: boolean;
}): Promise<boolean> {
  const { octokit, owner, repo } = options;
  const named = await findCheckRuns({
    octokit,
    owner,
    repo,
    ref: options.previousSha,
    checkName: HUMAN_REVIEW_CHECK,
  });
  // Newest first, as GitHub lists them: the latest of Truss's own says what was attested.
  let previous: FoundCheckRun | null = null;
  let authors: TrussAuthors | null = null;
  for (const run of named) {
    if (options.appId === undefined || run.appId !== options.appId) {
      authors ??= await resolveAuthors(options.authors);
      if (!isOwnApp(run.app, authors)) continue;
    }
    previous = run;
    break;
  }
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
