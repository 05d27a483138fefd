import type { Context } from 'probot';
import { markHumanReviewStale } from '../../github/human-review-check.js';
import type { AppConfig } from '../config.js';
import { installationOctokit, repoOf } from '../github.js';

/** New commits: a sign-off on the previous head no longer covers the pull request (see markHumanReviewStale). */
export async function onPullRequestSynchronize(
  context: Context<'pull_request.synchronize'>,
  config: AppConfig,
  authors: (context: Context) => Promise<readonly string[]>,
): Promise<void> {
  const { before, after } = context.payload;
  if (!before || !after || before === after) return;
  const octokit = await installationOctokit(context, config);
  const posted = await markHumanReviewStale({
    octokit,
    ...repoOf(context),
    previousSha: before,
    headSha: after,
    appId: config.appId,
    authors: () => authors(context),
    dryRun: false,
  });
  if (posted)
    context.log.info(`truss / human review on ${after.slice(0, 7)} is action_required (new commits)`);
}
