import { join } from 'node:path';
import * as core from '@actions/core';
import pkg from '../../package.json' with { type: 'json' };
import { errorText } from '../github/error-text.js';
import {
  MemoryJobRefusedError,
  memoryApprovalRequired,
  memoryOutcomeText,
  runMemoryJob,
} from '../github/memory-job.js';
import {
  type MemoryDecisionOutcome,
  pullRequestProposers,
  runMemoryFromBranch,
} from '../github/memory-runs.js';
import { LEDGER_DB_FILE_NAME } from '../github/names.js';
import type { Octokit } from '../github/octokit.js';
import { pullRequestArtifactBundles } from '../github/pr-artifact-bundles.js';
import { inlineText } from '../github/render/escape.js';
import { postReply } from '../github/reply.js';
import { trustedKeysFor } from '../github/repo-trusted-keys.js';
import type { EventContext } from './event-context.js';
import type { Inputs } from './inputs.js';
import { actionIsolation } from './isolation.js';
import { type DispatchRequest, dispatchPrNumber } from './pr-target.js';
import type { ActionSetup } from './setup.js';

interface MemoryJob {
  inputs: Inputs;
  context: EventContext;
  octokit: Octokit;
  setup: ActionSetup;
}

export interface MemoryRequest {
  action: 'promote' | 'revoke';
  entry: string;
  reason: string | null;
  /** The pull request whose runs proposed the entry (their sessions are searched), if any. */
  prNumber: number | null;
  sessions: readonly string[];
  /** Who asked; `id` is their account id when the event names them (the payload's sender), else null. */
  requester: { login: string; id: number | null; type: string };
}

const ENTRY = /^[0-9a-f]{8,64}$/;

/**
 * `mode: memory` (docs/memory.md "On GitHub"): a promotion job. Only trusted contexts decide memory:
 * a push to the default branch or a workflow_dispatch (the App dispatches one for a maintainer's
 * `/truss memory` comment). A pull-request event is refused: its runs can only propose.
 */
export async function handleMemoryMode(job: MemoryJob, dispatch: DispatchRequest | null): Promise<void> {
  const { inputs, context } = job;
  const defaultBranch =
    (context.payload.repository as { default_branch?: string } | undefined)?.default_branch ?? 'main';
  const trusted =
    context.eventName === 'workflow_dispatch' ||
    (context.eventName === 'push' && context.ref === `refs/heads/${defaultBranch}`);
  if (!trusted)
    throw new MemoryJobRefusedError(
      `mode memory decides what every later run is told, so it runs only on a push to ${defaultBranch} or on workflow_dispatch; this ${context.eventName} event (${context.ref || 'no ref'}) can only propose`,
    );
  const action = inputs.memoryCommand || dispatch?.memory.command || '';
  if (action !== 'promote' && action !== 'revoke')
    throw new Error(
      `mode memory needs memory-command: promote or revoke (got "${String(action).slice(0, 20)}")`,
    );
  const entry = (inputs.memoryEntry || dispatch?.memory.entry || '').toLowerCase();
  if (!ENTRY.test(entry))
    throw new Error(
      `mode memory needs memory-entry: the entry's id (8 to 64 hex characters, from the check run), got "${entry.slice(0, 70)}"`,
    );
  const prNumber = context.eventName === 'workflow_dispatch' ? dispatchPrNumber(context.payload) : null;
  const requester = dispatch?.requester ?? context.actor;
  const request: MemoryRequest = {
    action,
    entry,
    reason: inputs.memoryReason || dispatch?.memory.reason || null,
    prNumber,
    sessions: [...inputs.memorySessions, ...(dispatch?.memory.sessions ?? [])],
    requester: {
      login: requester,
      id: senderId(context.payload, requester),
      type: /\[bot\]$/i.test(requester) ? 'Bot' : 'User',
    },
  };
  const reply = (body: string) =>
    request.prNumber === null
      ? Promise.resolve()
      : postReply({
          octokit: job.octokit,
          owner: context.owner,
          repo: context.repo,
          issueNumber: request.prNumber,
          body,
          dryRun: inputs.dryRun,
        }).then(() => undefined);
  try {
    const outcome = await decideMemory(job, request, defaultBranch);
    await reply(memoryOutcomeText(outcome, action));
  } catch (error) {
    // The message can quote what a fork uploaded (names in its artifact): shown as inert text.
    await reply(
      `truss could not decide the memory entry: ${inlineText(errorText(error, job.setup.env), 2000)}`,
    );
    throw error;
  }
}

/** The payload sender's account id when the sender is `login` (a dispatch may name someone else). */
function senderId(payload: Record<string, unknown>, login: string): number | null {
  const sender = payload.sender as { login?: unknown; id?: unknown } | undefined;
  return typeof sender?.id === 'number' &&
    typeof sender.login === 'string' &&
    sender.login.toLowerCase() === login.toLowerCase()
    ? sender.id
    : null;
}

/**
 * One decision in this job, for `mode: memory` and for `/truss memory …` in comment mode: the PR's
 * reported sessions are where its proposals are looked for; outputs and the job summary say what
 * was signed, and a promotion the panel did not pass fails the step.
 */
export async function decideMemory(
  job: MemoryJob,
  request: MemoryRequest,
  defaultBranch: string,
): Promise<MemoryDecisionOutcome> {
  const { inputs, context, octokit, setup } = job;
  const repo = { owner: context.owner, repo: context.repo };
  const sessions = [...request.sessions];
  if (request.prNumber !== null)
    for (const id of await pullRequestProposers(octokit, repo, request.prNumber, inputs.commentAuthors))
      if (!sessions.includes(id)) sessions.push(id);
  const trusted = await trustedKeysFor(inputs.trustedKeys, octokit, repo, defaultBranch, setup.log.warning);
  // `memory-eval`: the eval's runs recall from the branch as every run does, checked like theirs.
  const evalPromotion =
    inputs.memoryEval && request.action === 'promote'
      ? {
          contract: inputs.memoryEval,
          repeats: inputs.repeats ?? 3,
          memory: await runMemoryFromBranch({
            octokit,
            ...repo,
            branch: inputs.ledgerBranch,
            trusted,
            ownKey: setup.ephemeralKey ? null : setup.signer.publicKeyHex,
            requireApproval: inputs.memoryApproval === 'key',
            log: setup.log,
          }),
          isolate: actionIsolation(
            inputs,
            context,
            setup,
            join(setup.outDir, LEDGER_DB_FILE_NAME),
            setup.env,
          ),
          toolServer: setup.toolServer,
        }
      : undefined;
  const outcome = await setup.log.group(`memory ${request.action} ${request.entry}`, () =>
    runMemoryJob({
      octokit,
      repo,
      branch: inputs.ledgerBranch,
      trustedRef: defaultBranch,
      action: request.action,
      entry: request.entry,
      reason: request.reason,
      sessions,
      artifacts:
        request.prNumber === null ? undefined : pullRequestArtifactBundles(octokit, repo, request.prNumber),
      requester: request.requester,
      approval: memoryApprovalRequired(inputs.memoryApproval, context.payload),
      keyApproval: inputs.memoryApproval === 'key',
      trusted,
      via: context.eventName,
      actor: context.actor,
      runId: context.runId || null,
      eval: evalPromotion,
      ledger: setup.store,
      signer: setup.signer,
      ephemeralKey: setup.ephemeralKey,
      codeVersion: `truss ${pkg.version}`,
      env: setup.env,
      overrides: setup.overrides,
      cwd: setup.workdir,
      log: setup.log,
    }),
  );
  core.setOutput('memory-decision', outcome.decision);
  core.setOutput('memory-session', outcome.sessionId);
  core.setOutput('memory-id', outcome.memoryId);
  if (inputs.summary && process.env.GITHUB_STEP_SUMMARY)
    await core.summary.addRaw(memoryOutcomeText(outcome, request.action), true).write();
  if (outcome.decision !== request.action)
    core.setFailed(
      `truss: memory ${request.action} of ${outcome.kind} ${outcome.key} ended ${outcome.decision.toUpperCase()}`,
    );
  return outcome;
}
