import * as core from '@actions/core';
import { helpText, parseCommand } from '../github/commands.js';
import type { Octokit } from '../github/octokit.js';
import { authorizeActor, politeDenial } from '../github/permissions.js';
import { react } from '../github/reactions.js';
import { inlineText } from '../github/render/escape.js';
import { postReply } from '../github/reply.js';
import type { ContractRunResult } from '../github/run-and-report.js';
import { checkoutPullRequestHead } from './checkout-pr-head.js';
import type { EventContext } from './event-context.js';
import type { Inputs } from './inputs.js';
import { type RunTarget, targetFromPullRequest } from './pr-target.js';
import type { ActionSetup } from './setup.js';

interface CommentPayload {
  action?: string;
  issue?: { number: number; pull_request?: unknown };
  comment?: { id: number; body?: string; user?: { login: string; type?: string } };
}

/**
 * `/truss …` on a pull request: only collaborators with write access (or allow-listed users) may run
 * anything; others get a polite reply. Reacts 👀 when it starts and 🚀/😕 at the end.
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
  const command = parseCommand(payload.comment.body ?? '', inputs.triggerPhrase);
  if (!command) {
    core.info(`no ${inputs.triggerPhrase} command in the comment; nothing to do`);
    return [];
  }
  const repo = { owner: context.owner, repo: context.repo };
  const issueNumber = payload.issue.number;
  const commentId = payload.comment.id;
  const user = payload.comment.user ?? { login: 'unknown', type: 'User' };
  const reply = (body: string) => postReply({ octokit, ...repo, issueNumber, body, dryRun: inputs.dryRun });
  const reaction = (content: 'eyes' | 'rocket' | 'confused') =>
    react(octokit, { ...repo, commentId, content, dryRun: inputs.dryRun });

  const auth = await authorizeActor({
    octokit,
    ...repo,
    actor: { login: user.login, type: user.type ?? 'User' },
    allowedUsers: inputs.allowedUsers,
    allowedBots: inputs.allowedBots,
  });
  if (!auth.allowed) {
    core.info(`${user.login} may not trigger truss (${auth.reason})`);
    await reply(politeDenial(user.login, auth.reason, inputs.triggerPhrase));
    return [];
  }
  await reaction('eyes');
  switch (command.kind) {
    case 'help':
      await reply(helpText(inputs.triggerPhrase));
      await reaction('rocket');
      return [];
    case 'status':
      await reply(await statusText(octokit, repo, issueNumber));
      await reaction('rocket');
      return [];
    case 'approve':
    case 'reject':
      await reply(
        `Nothing is waiting for approval on this pull request: approval gates arrive with durable executors. Use a GitHub review to sign off on a verdict.`,
      );
      await reaction('confused');
      return [];
    case 'run':
    case 'verify': {
      const contract = command.kind === 'run' ? command.contract : null;
      const intent = command.kind === 'run' ? command.intent : null;
      // Everything from here can fail for a reason the commenter must hear (the PR moved while
      // starting, a missing contract): answer on the PR, not only in the job log.
      try {
        const { data: pr } = await octokit.rest.pulls.get({ ...repo, pull_number: issueNumber });
        const target = targetFromPullRequest(pr as unknown as Parameters<typeof targetFromPullRequest>[0]);
        await setup.log.group('check out the pull request head', () =>
          checkoutPullRequestHead({
            workdir: setup.workdir,
            prNumber: issueNumber,
            headSha: target.headSha,
            auth: { token: inputs.githubToken, serverUrl: context.serverUrl },
          }),
        );
        // `/truss verify` judges the pull request as it is; `/truss run` may also execute the contract.
        const results = await options.runContracts(
          target,
          contract ? [contract] : inputs.contract,
          intent,
          command.kind === 'verify',
        );
        await reaction(results.every((r) => r.overall === 'pass') ? 'rocket' : 'confused');
        return results;
      } catch (error) {
        await reaction('confused');
        await reply(`truss could not run: ${(error as Error).message}`);
        throw error;
      }
    }
    default: {
      const reason =
        command.kind === 'invalid'
          ? command.reason
          : `"${inlineText(command.word.slice(0, 70))}" is not a truss command`;
      await reply(`${reason}\n\n${helpText(inputs.triggerPhrase)}`);
      await reaction('confused');
      return [];
    }
  }
}

async function statusText(
  octokit: Octokit,
  repo: { owner: string; repo: string },
  prNumber: number,
): Promise<string> {
  const { data: pr } = await octokit.rest.pulls.get({ ...repo, pull_number: prNumber });
  const { data } = await octokit.rest.checks.listForRef({ ...repo, ref: pr.head.sha, per_page: 100 });
  const runs = data.check_runs.filter((run) => run.name.startsWith('truss / '));
  if (runs.length === 0) return `No truss check runs on ${pr.head.sha.slice(0, 7)} yet.`;
  const rows = runs.map(
    (run) => `| [${run.name}](${run.html_url}) | ${run.status} | ${run.conclusion ?? '—'} |`,
  );
  return [
    `truss status for ${pr.head.sha.slice(0, 7)}:`,
    '',
    '| check | status | conclusion |',
    '|---|---|---|',
    ...rows,
  ].join('\n');
}
