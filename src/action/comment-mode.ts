import * as core from '@actions/core';
import { errorText } from '../github/error-text.js';
import { GateHeldError } from '../github/gate-claim.js';
import { handleCommand } from '../github/handle-command.js';
import { memoryOutcomeText } from '../github/memory-job.js';
import type { Octokit } from '../github/octokit.js';
import {
  type PullRequestPushTimes,
  pushedAfterComment,
  refusePushAfterComment,
} from '../github/pushed-after-comment.js';
import type { ContractRunResult } from '../github/run-and-report.js';
import { findSuspendedSession, suspendedAfterComment } from '../github/suspended-session.js';
import { checkoutPullRequestHead } from './checkout-pr-head.js';
import type { EventContext } from './event-context.js';
import type { Inputs } from './inputs.js';
import { decideMemory } from './memory-mode.js';
import { type RunTarget, targetFromPullRequest } from './pr-target.js';
import { resumeWithDecision } from './resume-mode.js';
import type { ActionSetup } from './setup.js';

interface CommentPayload {
  action?: string;
  issue?: { number: number; pull_request?: unknown };
  comment?: {
    id: number;
    body?: string;
    html_url?: string;
    created_at?: string;
    user?: { login: string; id?: number; type?: string };
  };
}

/**
 * `mode: comment`: reads the `issue_comment` event and hands a new pull request comment to
 * handleCommand; running contracts checks out the pull request head in the workspace first.
 */
export async function handleComment(options: {
  inputs: Inputs;
  context: EventContext;
  octokit: Octokit;
  setup: ActionSetup;
  runContracts: (
    target: RunTarget,
    names: readonly string[],
    intent: string | null,
    verifyOnly: boolean,
    /** True when the command named its contracts (then path filters do not skip them). */
    named: boolean,
  ) => Promise<ContractRunResult[]>;
}): Promise<ContractRunResult[]> {
  const { inputs, context, octokit, setup } = options;
  const payload = context.payload as CommentPayload;
  if (payload.action !== 'created' || !payload.issue || !payload.comment) {
    core.info('not a new comment; nothing to do');
    return [];
  }
  if (!payload.issue.pull_request) {
    core.info('the comment is on an issue, not a pull request; nothing to do');
    return [];
  }
  const repo = { owner: context.owner, repo: context.repo };
  const issueNumber = payload.issue.number;
  // `/truss approve` reads the pull request twice (its author, its fork's push time): one request.
  let pullRequest: Promise<PullRequestPushTimes & { user: { login: string; id: number } | null }> | null =
    null;
  const readPullRequest = () => {
    pullRequest ??= octokit.rest.pulls.get({ ...repo, pull_number: issueNumber }).then(({ data }) => data);
    return pullRequest;
  };
  return handleCommand({
    octokit,
    repo,
    env: setup.env,
    issueNumber,
    comment: payload.comment,
    triggerPhrase: inputs.triggerPhrase,
    allowedUsers: inputs.allowedUsers,
    allowedBots: inputs.allowedBots,
    authors: inputs.commentAuthors,
    defaultContracts: inputs.contract,
    dryRun: inputs.dryRun,
    log: setup.log,
    pullRequestAuthor: async () => {
      const { user } = await readPullRequest();
      return user ? { login: user.login, id: user.id } : null;
    },
    runContracts: async ({ contracts, intent, verifyOnly, named }) => {
      const { data: pr } = await octokit.rest.pulls.get({ ...repo, pull_number: issueNumber });
      // Only the code the commenter could have read runs (pushed-after-comment.ts).
      refusePushAfterComment(pr, payload.comment?.created_at);
      const target = targetFromPullRequest(pr as unknown as Parameters<typeof targetFromPullRequest>[0]);
      await setup.log.group('check out the pull request head', () =>
        checkoutPullRequestHead({
          workdir: setup.workdir,
          prNumber: issueNumber,
          headSha: target.headSha,
          auth: { token: inputs.githubToken, serverUrl: context.serverUrl },
        }),
      );
      return options.runContracts(target, contracts, intent, verifyOnly, named);
    },
    // `/truss memory promote|revoke`: handleCommand has checked the maintainer; on a fork's PR the
    // proposal is looked for in the PR's workflow artifacts (decideMemory), never in its code.
    memory: async (request) => {
      const defaultBranch =
        (context.payload.repository as { default_branch?: string } | undefined)?.default_branch ?? 'main';
      const outcome = await decideMemory(
        { inputs, context, octokit, setup },
        {
          action: request.action,
          entry: request.entry,
          reason: request.reason,
          prNumber: issueNumber,
          sessions: [],
          requester: { login: request.actor.login, id: request.actor.id, type: 'User' },
        },
        defaultBranch,
      );
      return { ok: outcome.decision === request.action, reply: memoryOutcomeText(outcome, request.action) };
    },
    decide: async (request) => {
      const approving = request.decision === 'approved';
      // An approval releases only code the approver could have read (pushed-after-comment.ts);
      // rejecting is always safe and asks nothing.
      if (approving) {
        const pushed = pushedAfterComment(await readPullRequest(), payload.comment?.created_at, 'approve');
        if (pushed !== null) return { ok: false, reply: `Nothing was approved: ${pushed}.` };
      }
      const waiting = await findSuspendedSession(octokit, repo, issueNumber, inputs.commentAuthors);
      if (!waiting)
        return {
          ok: false,
          reply:
            'Nothing on this pull request is waiting for approval (no run is suspended on an approval gate). To sign off on a verdict, approve the pull request in a review.',
        };
      if (approving && suspendedAfterComment([waiting], payload.comment?.created_at))
        return {
          ok: false,
          reply: `Nothing was approved: the run of \`${waiting.contract}\` waiting for approval was reported after your comment, so it is not the one you looked at. Read its sticky comment as it is now and comment \`${inputs.triggerPhrase} approve\` again.`,
        };
      try {
        const result = await resumeWithDecision({ inputs, context, octokit, setup }, waiting, issueNumber, {
          decision: request.decision,
          note: request.note,
          actor: request.actor,
          source: request.source,
        });
        return { ok: result.overall === 'pass', reply: null, results: [result] };
      } catch (error) {
        // Another job (a review, another comment) holds the gate: it reports; this job did nothing.
        if (!(error instanceof GateHeldError)) throw error;
        const message = errorText(error, setup.env);
        core.notice(`truss: ${message}`);
        return { ok: false, reply: `Nothing was recorded for this comment: ${message}` };
      }
    },
  });
}
