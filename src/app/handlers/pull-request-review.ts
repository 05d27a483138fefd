import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Context } from 'probot';
import { downloadArtifactBundleText } from '../../github/artifact-bundle.js';
import { recordSignOff } from '../../github/record-sign-off.js';
import type { AppConfig } from '../config.js';
import { appLogger, installationOctokit, repoOf } from '../github.js';

/**
 * A review submitted or dismissed on a pull request: the shared sign-off flow (recordSignOff) signed
 * with the App's key (a dismissal signs the retraction of the approval it withdraws), reading the bundle from the ledger branch or, failing that, the run's artifact
 * through the REST API. A redelivered review finds its decision already in the stored bundle.
 */
export async function onPullRequestReview(
  context: Context<'pull_request_review.submitted' | 'pull_request_review.dismissed'>,
  config: AppConfig,
  authors: (context: Context) => Promise<readonly string[]>,
): Promise<void> {
  const { review, pull_request: pr, action, sender } = context.payload;
  const user = review.user;
  if (!user) return;
  // Comments-only reviews record nothing; answer them without a single request.
  if (
    action === 'submitted' &&
    !['approved', 'changes_requested'].includes(String(review.state).toLowerCase())
  )
    return;
  const octokit = await installationOctokit(context, config);
  const repo = repoOf(context);
  const outDir = mkdtempSync(join(config.tempDir, 'truss-app-review-'));
  try {
    await recordSignOff({
      octokit,
      repo,
      pr: { number: pr.number, head: { sha: pr.head.sha }, base: { sha: pr.base.sha } },
      review: {
        id: review.id,
        state: review.state,
        body: review.body,
        commit_id: review.commit_id,
        html_url: review.html_url,
        user: { login: user.login, id: user.id, type: user.type },
      },
      action,
      dismissedBy: sender ? { login: sender.login, id: sender.id } : null,
      reviewSigner: () => config.signer,
      trustedKeys: config.trustedKeys,
      ledgerBranch: config.ledgerBranch,
      authors: () => authors(context),
      dryRun: false,
      detailsUrl: review.html_url ?? null,
      log: appLogger(context),
      outDir,
      loadArtifactBundle: (meta) =>
        downloadArtifactBundleText({
          octokit,
          ...repo,
          artifactId: meta.artifact_id,
          sessionId: meta.session_id,
        }),
    });
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
