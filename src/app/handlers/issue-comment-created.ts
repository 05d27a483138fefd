import type { Context } from 'probot';
import { decideApprovalGate } from '../../github/approval-gate.js';
import { parseCommand } from '../../github/commands.js';
import { type DecisionOutcome, handleCommand, type PullRequestAuthor } from '../../github/handle-command.js';
import type { Octokit } from '../../github/octokit.js';
import { isTrussPoster } from '../../github/own-comment.js';
import { lazyChangedFiles } from '../../github/path-filter.js';
import {
  type PullRequestPushTimes,
  pushedAfterComment,
  refusePushAfterComment,
} from '../../github/pushed-after-comment.js';
import { react } from '../../github/reactions.js';
import { alreadyAnswered, issueNoteMarker, issueNoteReply } from '../../github/refusal.js';
import { postReply } from '../../github/reply.js';
import { contractFilesById, listContractNames } from '../../github/repo-contracts.js';
import { requestMemoryDecision } from '../../github/request-memory.js';
import { type RunRequestOutcome, requestRun } from '../../github/request-run.js';
import { trussWorkflowSnippet } from '../../github/truss-workflow.js';
import { type WorkflowCache, workflowSlot } from '../../github/workflow-cache.js';
import type { AppConfig } from '../config.js';
import { appLogger, installationOctokit, repoOf } from '../github.js';

/**
 * `/truss …` on a pull request: the shared command flow (permissions, reactions, help) with runs
 * handed to the repository's Truss workflow instead of run here, and approve/reject resuming an
 * approval gate. A command on an issue gets a polite note, once per account and issue; a comment
 * without one costs no request.
 */
export async function onIssueCommentCreated(
  context: Context<'issue_comment.created'>,
  config: AppConfig,
  workflows: WorkflowCache,
  authors: (context: Context) => Promise<readonly string[]>,
): Promise<void> {
  const { issue, comment, repository } = context.payload;
  if (parseCommand(comment.body, config.trigger) === null) return;
  // A deleted ("ghost") account cannot be authorized or answered.
  const user = comment.user;
  if (!user) return;
  const octokit = await installationOctokit(context, config);
  const repo = repoOf(context);
  if (!issue.pull_request) {
    // Nothing is authorized on an issue, so anyone could have the App post a note per comment:
    // each account is told once per issue, later commands only get 😕 (refusal.ts). Truss's own
    // note is not a command: with a trigger without a slash it starts with the trigger.
    const own = await authors(context);
    if (isTrussPoster(user, own)) return;
    const told = await alreadyAnswered({
      octokit,
      repo,
      issueNumber: issue.number,
      marker: issueNoteMarker(user.login),
      authors: own,
    });
    if (told) await react(octokit, { ...repo, commentId: comment.id, content: 'confused', dryRun: false });
    else
      await postReply({
        octokit,
        ...repo,
        issueNumber: issue.number,
        body: issueNoteReply(user.login, config.trigger),
        dryRun: false,
      });
    return;
  }
  const log = appLogger(context);
  const pr = lazyPullRequest(octokit, repo, issue.number);
  const defaultBranch = repository.default_branch;
  const slot = workflowSlot(workflows, repository);
  await handleCommand<RunRequestOutcome>({
    octokit,
    repo,
    // The App's secrets (its private key, webhook secret, signing key) never reach a reply.
    env: process.env,
    issueNumber: issue.number,
    comment: {
      id: comment.id,
      body: comment.body,
      // The id is what an id-pinned allow-list entry matches (allow-list.ts), whatever the login now is.
      user: { login: user.login, id: user.id, type: user.type },
    },
    triggerPhrase: config.trigger,
    allowedUsers: config.allowedUsers,
    allowedBots: config.allowedBots,
    authors: () => authors(context),
    defaultContracts: [],
    dryRun: false,
    // The App answers within a second (it only dispatches): 🚀 or 😕 says it all, 👀 would be a request more.
    acknowledge: false,
    log,
    // The pull request the approval's head check reads anyway: one request for both.
    pullRequestAuthor: async () => (await pr()).author,
    succeeded: (outcomes) => outcomes.length > 0 && outcomes.every((o) => o.status !== 'failed'),
    runContracts: async ({ contracts, intent, verifyOnly, named }) => {
      const head = await pr();
      // Only the code the commenter could have read is dispatched (pushed-after-comment.ts).
      refusePushAfterComment(head.pushTimes, comment.created_at);
      // Every contract (not named ones): those whose `[contract] paths` the change misses are skipped.
      const changedFiles = named ? undefined : lazyChangedFiles(octokit, repo, issue.number, head.sha);
      // Contracts and their filters come from the PR's base, as the dispatched run reads them.
      const names =
        contracts.length > 0 ? contracts : await listContractNames({ octokit, repo, ref: head.baseSha });
      if (names.length === 0)
        throw new Error(
          `there are no contracts in .truss/contracts/ on the pull request's base (${head.baseRef}); add one (see docs/contracts.md)`,
        );
      const outcomes: RunRequestOutcome[] = [];
      for (const contract of names) {
        outcomes.push(
          await requestRun({
            octokit,
            appId: config.appId,
            ...repo,
            prNumber: issue.number,
            headSha: head.sha,
            defaultBranch,
            contractsRef: head.baseSha,
            contract,
            mode: verifyOnly ? 'verify' : 'run',
            requester: user.login,
            delivery: context.id,
            commentId: comment.id,
            intent,
            fallbackWorkflow: config.workflow,
            workflowSlot: slot,
            changedFiles,
            trigger: config.trigger,
          }),
        );
      }
      await replyToFailures(octokit, repo, issue.number, outcomes);
      return outcomes;
    },
    memory: async (request): Promise<DecisionOutcome<RunRequestOutcome>> => {
      const { workflow } = await requestMemoryDecision({
        octokit,
        ...repo,
        prNumber: issue.number,
        headSha: (await pr()).sha,
        defaultBranch,
        request,
        fallbackWorkflow: config.workflow,
      });
      return {
        ok: true,
        reply: `Asked \`${workflow}\` (mode memory) to ${request.action} memory entry \`${request.entry}\`: it reviews the entry against its provenance, signs the decision and answers here.`,
      };
    },
    decide: async ({ kind, note }): Promise<DecisionOutcome<RunRequestOutcome>> => {
      const head = await pr();
      // An approval releases only code the approver could have read (pushed-after-comment.ts).
      const pushed =
        kind === 'approve' ? pushedAfterComment(head.pushTimes, comment.created_at, 'approve') : null;
      if (pushed !== null) return { ok: false, reply: `Nothing was approved: ${pushed}.` };
      const result = await decideApprovalGate({
        octokit,
        appId: config.appId,
        ...repo,
        prNumber: issue.number,
        authors: await authors(context),
        headSha: head.sha,
        defaultBranch,
        decision: kind === 'approve' ? 'approved' : 'rejected',
        note,
        actor: { login: user.login, id: user.id },
        comment: { id: comment.id, url: comment.html_url ?? null, created_at: comment.created_at },
        delivery: context.id,
        reviewer: config.signer,
        fallbackWorkflow: config.workflow,
        workflowSlot: slot,
      });
      if (result.status === 'none')
        return {
          ok: false,
          reply: `Nothing on this pull request is waiting for approval. \`${config.trigger} approve\` and \`${config.trigger} reject\` answer a run suspended at an approval gate; to sign off on a verdict, approve the pull request in a review.`,
        };
      if (result.status === 'moved') {
        // The sticky names the contract's id; `run` takes its file name, read at the base it runs from.
        const file = (await contractFilesById(octokit, repo, head.baseSha)).get(result.session.contract);
        const again = file
          ? `Run it again with \`${config.trigger} run ${file}\`.`
          : `No contract in \`.truss/contracts/\` on the base branch has the id \`${result.session.contract}\` any more, so it cannot run again as it was.`;
        return {
          ok: false,
          reply: `The run of \`${result.session.contract}\` waiting for approval ${result.session.head_sha ? `was for ${result.session.head_sha.slice(0, 7)}` : 'names no commit in its sticky comment'}, but the pull request is now at ${head.sha.slice(0, 7)}: approving it would sign off on evidence this head does not have. ${again}`,
        };
      }
      if (result.status === 'unseen')
        return {
          ok: false,
          reply: `Nothing was approved: the run of \`${result.session.contract}\` waiting for approval was reported after your comment, so it is not the one you looked at. Read its sticky comment as it is now and comment \`${config.trigger} approve\` again.`,
        };
      const outcomes = result.results.map((r) => r.outcome);
      await replyToFailures(octokit, repo, issue.number, outcomes);
      return { ok: outcomes.every((o) => o.status !== 'failed'), reply: null };
    },
  });
}

interface PullRequestHead {
  sha: string;
  baseSha: string;
  baseRef: string;
  author: PullRequestAuthor | null;
  /** Where the head lives and when it was last pushed to. */
  pushTimes: PullRequestPushTimes;
}

/** The PR head (and author), fetched once and only when a command needs it. */
function lazyPullRequest(
  octokit: Octokit,
  repo: { owner: string; repo: string },
  number: number,
): () => Promise<PullRequestHead> {
  let head: Promise<PullRequestHead> | null = null;
  return () => {
    head ??= octokit.rest.pulls.get({ ...repo, pull_number: number }).then(({ data }) => ({
      sha: data.head.sha,
      baseSha: data.base.sha,
      baseRef: data.base.ref,
      author: data.user ? { login: data.user.login, id: data.user.id } : null,
      pushTimes: data,
    }));
    return head;
  };
}

/** One reply for every dispatch that failed, with the workflow to add when that is the fix. */
async function replyToFailures(
  octokit: Octokit,
  repo: { owner: string; repo: string },
  issueNumber: number,
  outcomes: RunRequestOutcome[],
): Promise<void> {
  const failed = outcomes.filter((o) => o.status === 'failed');
  if (failed.length === 0) return;
  const first = failed[0] as Extract<RunRequestOutcome, { status: 'failed' }>;
  const lines = [`Truss could not start the run: ${first.message}.`];
  if (first.needsWorkflow) lines.push('', trussWorkflowSnippet(first.workflow ?? 'truss.yml'));
  await postReply({ octokit, ...repo, issueNumber, body: lines.join('\n'), dryRun: false });
}
