import type { Context } from 'probot';
import { decodeRunRequestId } from '../../github/external-id.js';
import { authorizeActor } from '../../github/permissions.js';
import { alreadyRefused, refusalReply } from '../../github/refusal.js';
import { requestRun } from '../../github/request-run.js';
import { type WorkflowCache, workflowSlot } from '../../github/workflow-cache.js';
import type { AppConfig } from '../config.js';
import { appLogger, installationOctokit, repoOf } from '../github.js';

/**
 * "Re-run" on a `truss / <contract>` check the App queued: dispatch the same contract and mode again
 * (decoded from the check's external_id) on the same head, as a new queued check. A resume is not
 * re-run: its approval was for one suspension. Only users who could have asked for it may re-run it.
 * Only a check this App created counts (its `app.id` is APP_ID): GitHub sends `rerequested` to the
 * app that created the check, and the App does not rely on that alone — another app's check can
 * carry a copied external_id, which would choose what the App dispatches.
 */
export async function onCheckRunRerequested(
  context: Context<'check_run.rerequested'>,
  config: AppConfig,
  workflows: WorkflowCache,
  authors: (context: Context) => Promise<readonly string[]>,
): Promise<void> {
  const { check_run: check, sender } = context.payload;
  if (check.app?.id !== config.appId) return;
  const request = decodeRunRequestId(check.external_id);
  if (!check.name.startsWith('truss / ') || !request || request.m === 'resume') return;
  const pr = { number: request.p };
  const octokit = await installationOctokit(context, config);
  const repo = repoOf(context);
  const auth = await authorizeActor({
    octokit,
    ...repo,
    actor: { login: sender.login, id: sender.id, type: sender.type },
    allowedUsers: config.allowedUsers,
    allowedBots: config.allowedBots,
  });
  if (!auth.allowed) {
    appLogger(context).info(`${sender.login} may not re-run ${check.name} (${auth.reason})`);
    // Told once per pull request, as a refused command is (refusal.ts): any app with `checks: write`
    // can re-request the check without end, and each refusal was a new comment.
    const told = await alreadyRefused({
      octokit,
      repo,
      issueNumber: pr.number,
      login: sender.login,
      authors: await authors(context),
    });
    if (!told)
      await octokit.rest.issues.createComment({
        ...repo,
        issue_number: pr.number,
        body: refusalReply(sender.login, auth.reason, config.trigger),
      });
    return;
  }
  const outcome = await requestRun({
    octokit,
    appId: config.appId,
    ...repo,
    prNumber: pr.number,
    headSha: check.head_sha,
    defaultBranch: context.payload.repository.default_branch,
    contract: request.n,
    mode: request.m,
    requester: sender.login,
    delivery: context.id,
    commentId: null,
    fallbackWorkflow: config.workflow,
    workflowSlot: workflowSlot(workflows, context.payload.repository),
  });
  context.log.info(`re-run of ${check.name}: ${outcome.status} (check ${outcome.checkRunId})`);
}
