/**
 * How a run is requested from a host that does not run contracts itself (the App): queue the
 * `truss / <contract>` check, then dispatch the repository's Truss workflow, which completes that check
 * on an Actions runner. Idempotent per request: a request whose check already exists (same comment,
 * or same webhook delivery) is not dispatched again, so a redelivered webhook never runs twice.
 */
import { completeCheckRun, findCheckRuns } from './check-runs.js';
import { DEFAULT_TRIGGER } from './commands.js';
import { decodeRunRequestId, encodeRunRequestId, type RunRequestId } from './external-id.js';
import type { Octokit } from './octokit.js';
import { toMissingPermission } from './octokit.js';
import { type ChangedFiles, contractPathSkip, reportSkippedContract } from './path-filter.js';
import { keepVerdictOverSkip } from './skip-race.js';
import {
  dispatchTrussWorkflow,
  resolveTrussWorkflow,
  TrussWorkflowConfigError,
  WorkflowDispatchError,
} from './truss-workflow.js';
import type { CachedWorkflowSlot } from './workflow-cache.js';

export interface RunRequest {
  octokit: Octokit;
  /**
   * The id of the app requesting (the App's APP_ID), which creates the queued check: only a check
   * this app created says the request was handled before (findRequestedCheck).
   */
  appId: number;
  owner: string;
  repo: string;
  prNumber: number;
  headSha: string;
  /** Where the workflow is dispatched and its configuration read: the default branch. */
  defaultBranch: string;
  /**
   * Where the contract and its path filter are read for a skip decision: the pull request's base
   * commit, which the dispatched run reads its contracts from too (the default branch may differ).
   */
  contractsRef?: string;
  contract: string;
  mode: RunRequestId['m'];
  requester: string;
  /** The webhook delivery id and the command comment (null for a re-run). */
  delivery: string;
  commentId: number | null;
  intent?: string | null;
  /** mode resume: the suspended workflow run and the signed decision (JSON of a human_review entry). */
  resume?: { runId: string; approval: string };
  /** Workflow when the repository configures none (default truss.yml). */
  fallbackWorkflow?: string;
  /**
   * The change's files, when the contract was not named (`/truss run` of every contract): a contract
   * whose `[contract] paths` the change does not touch is not dispatched, its check completes
   * `skipped` (path-filter.ts). Re-running that check runs it anyway.
   */
  changedFiles?: ChangedFiles;
  /** The comment command prefix, named in a skipped check's output. */
  trigger?: string;
  /** Remembers the resolved workflow while the repository has had no push (the App's deliveries). */
  workflowSlot?: CachedWorkflowSlot;
}

export type RunRequestOutcome =
  | { status: 'dispatched'; checkRunId: number; workflow: string }
  /** The same request was handled before (a redelivery): nothing was created or dispatched. */
  | { status: 'duplicate'; checkRunId: number }
  /** The change touches none of the contract's paths: completed `skipped`, nothing dispatched. */
  | { status: 'skipped'; checkRunId: number | null; reason: string }
  /** The check was queued but could not be dispatched; it is completed with `message` and `needsWorkflow` says whether the snippet helps. */
  | {
      status: 'failed';
      checkRunId: number;
      workflow: string | null;
      message: string;
      needsWorkflow: boolean;
    };

/**
 * The check run already queued for this request (same comment, or same delivery for a re-run), if
 * any. Only a check `appId` created counts: anyone who can create check runs on the repository
 * (another installed App, a workflow with `checks: write`) can copy a request's external_id, and a
 * check of theirs taken for this one would drop a real request unanswered as a duplicate.
 */
export async function findRequestedCheck(
  octokit: Octokit,
  repo: { owner: string; repo: string },
  headSha: string,
  request: {
    appId: number;
    contract: string;
    delivery: string;
    commentId: number | null;
    mode: RunRequestId['m'];
  },
): Promise<number | null> {
  const runs = await findCheckRuns({ octokit, ...repo, ref: headSha, appId: request.appId });
  for (const run of runs) {
    const id = decodeRunRequestId(run.externalId);
    if (!id || id.n !== request.contract || id.m !== request.mode) continue;
    if (request.commentId !== null ? id.c === request.commentId : id.d === request.delivery) return run.id;
  }
  return null;
}

/** Queue the check and dispatch the workflow (see the module comment). */
export async function requestRun(request: RunRequest): Promise<RunRequestOutcome> {
  const { octokit, owner, repo, headSha } = request;
  const existing = await findRequestedCheck(octokit, { owner, repo }, headSha, request);
  if (existing !== null) return { status: 'duplicate', checkRunId: existing };
  const externalId = encodeRunRequestId({
    v: 1,
    d: request.delivery,
    c: request.commentId,
    p: request.prNumber,
    n: request.contract,
    s: headSha,
    m: request.mode,
  });
  if (request.changedFiles) {
    const skip = await contractPathSkip({
      octokit,
      repo: { owner, repo },
      ref: request.contractsRef ?? request.defaultBranch,
      headSha,
      name: request.contract,
      changedFiles: request.changedFiles,
    });
    if (skip) {
      const check = await reportSkippedContract({
        octokit,
        repo: { owner, repo },
        contractId: skip.contractId,
        contractName: request.contract,
        headSha,
        reason: skip.reason,
        trigger: request.trigger ?? DEFAULT_TRIGGER,
        externalId,
        dryRun: false,
      });
      // A named run of the contract may have started on this head since the skip was decided.
      await keepVerdictOverSkip({
        octokit,
        repo: { owner, repo },
        headSha,
        contractId: skip.contractId,
        dryRun: false,
        log: { warning: (line) => octokit.log.warn(line) },
      });
      return { status: 'skipped', checkRunId: check.id, reason: skip.reason };
    }
  }
  const name = `truss / ${request.contract}`;
  let checkRunId: number;
  try {
    const { data } = await octokit.rest.checks.create({
      owner,
      repo,
      name,
      head_sha: headSha,
      status: 'queued',
      external_id: externalId,
      output: {
        title: `Queued: ${request.mode} requested by @${request.requester}`,
        summary: `Waiting for the Truss workflow to pick up \`${request.contract}\` on ${headSha.slice(0, 7)}.`,
      },
    });
    checkRunId = data.id;
  } catch (error) {
    throw toMissingPermission(error, 'checks: write', `create the check run "${name}"`);
  }
  let workflow: string | null = null;
  const slot = request.workflowSlot;
  const resolve = async (): Promise<string> => {
    const { workflow: resolved } = await resolveTrussWorkflow({
      octokit,
      owner,
      repo,
      ref: request.defaultBranch,
      ...(request.fallbackWorkflow ? { fallback: request.fallbackWorkflow } : {}),
    });
    slot?.cache.set(slot.key, resolved);
    return resolved;
  };
  const dispatch = (name: string) =>
    dispatchTrussWorkflow({
      octokit,
      owner,
      repo,
      workflow: name,
      ref: request.defaultBranch,
      inputs: {
        pr_number: String(request.prNumber),
        head_sha: headSha,
        contract: request.contract,
        requester: request.requester,
        check_run_id: String(checkRunId),
        mode: request.mode,
        ...(request.intent ? { intent: request.intent } : {}),
        ...(request.resume ? { resume_run_id: request.resume.runId, approval: request.resume.approval } : {}),
      },
    });
  try {
    const cached = slot?.cache.get(slot.key);
    workflow = cached ?? (await resolve());
    try {
      await dispatch(workflow);
    } catch (error) {
      // A remembered name the repository no longer dispatches: forget it and ask the files again.
      if (!cached || !(error instanceof WorkflowDispatchError) || !slot) throw error;
      slot.cache.forget(slot.key);
      const fresh = await resolve();
      if (fresh === cached) throw error;
      workflow = fresh;
      await dispatch(workflow);
    }
    return { status: 'dispatched', checkRunId, workflow };
  } catch (error) {
    const missing = error instanceof WorkflowDispatchError && (error.status === 404 || error.status === 422);
    const known =
      missing || error instanceof TrussWorkflowConfigError || error instanceof WorkflowDispatchError;
    const message = known ? (error as Error).message : `dispatch failed: ${(error as Error).message}`;
    // Never neutral: GitHub counts it as passing for a required check, and as the newest run of its
    // name it would replace a verdict already on this head (a FAIL, a suspended run's action_required).
    await completeCheckRun({
      octokit,
      owner,
      repo,
      checkRunId,
      conclusion: 'failure',
      output: {
        title: missing ? 'No Truss workflow to run this' : 'Could not start the Truss workflow',
        summary: message,
      },
      dryRun: false,
    });
    return { status: 'failed', checkRunId, workflow, message, needsWorkflow: missing };
  }
}
