import { completeCheckRun, HeadMismatchError } from '../github/check-runs.js';
import { errorText } from '../github/error-text.js';
import { isForkHead } from '../github/fork-head.js';
import { GateHeldError } from '../github/gate-claim.js';
import type { Octokit } from '../github/octokit.js';
import { keepVerdictOverSkip } from '../github/skip-race.js';
import type { EventContext } from './event-context.js';

/** The commit a run is about, the trusted ref its contracts come from, and the PR it reports on. */
export interface RunTarget {
  headSha: string;
  /** Contracts and config are read here: the PR base for pull requests, never the head. */
  trustedRef: string;
  baseSha: string | null;
  prNumber: number | null;
  fork: boolean;
  /** The branch the work is on (PR head branch, or the pushed branch); null when detached. */
  headRef: string | null;
  /** The repository's default branch, where a `pull-request` publish goes without a PR branch. */
  defaultBranch: string;
}

interface PullRequestPayload {
  number: number;
  head: { sha: string; ref?: string; repo?: { full_name?: string } | null };
  base: { sha: string; ref?: string; repo?: { full_name?: string; default_branch?: string } | null };
}

export function targetFromPullRequest(pr: PullRequestPayload): RunTarget {
  return {
    headSha: pr.head.sha,
    trustedRef: pr.base.sha,
    baseSha: pr.base.sha,
    prNumber: pr.number,
    headRef: pr.head.ref ?? null,
    defaultBranch: pr.base.repo?.default_branch ?? pr.base.ref ?? 'main',
    fork: isForkHead(pr.head.repo, pr.base.repo),
  };
}

/**
 * Whether this job would run a fork's code next to the repository's secrets or a write token. A
 * fork's `pull_request` job gets neither (GitHub withholds them; a signing key there means the
 * repository sends secrets to forks); `pull_request_target`, a `/truss` comment and a dispatch run
 * with both. Such checks need isolation (isolation-policy.ts, docs/action.md "Security model").
 */
export function runsForeignCodeWithSecrets(
  target: RunTarget,
  eventName: string,
  ephemeralKey: boolean,
): boolean {
  return target.fork && (eventName !== 'pull_request' || !ephemeralKey);
}

/** Works out the target for run-type events; workflow_dispatch may name a PR (the App dispatches that way). */
export async function resolveRunTarget(context: EventContext, octokit: Octokit): Promise<RunTarget> {
  const payload = context.payload as Record<string, unknown>;
  if (payload.pull_request) return targetFromPullRequest(payload.pull_request as PullRequestPayload);
  if (context.eventName === 'merge_group') return targetFromMergeGroup(payload);
  const dispatchPr = context.eventName === 'workflow_dispatch' ? dispatchPrNumber(payload) : null;
  if (dispatchPr !== null) {
    const dispatchedHead = dispatchedHeadSha(payload);
    const { data } = await octokit.rest.pulls.get({
      owner: context.owner,
      repo: context.repo,
      pull_number: dispatchPr,
    });
    const target = targetFromPullRequest(data as unknown as PullRequestPayload);
    if (dispatchedHead !== null && dispatchedHead !== target.headSha)
      throw new HeadMismatchError(
        `this run was requested for ${dispatchedHead.slice(0, 12)}, but pull request #${dispatchPr} is now at ${target.headSha.slice(0, 12)}: the change moved after the request, and one commit's verdict never goes on another's check. Comment the run command again to run on the new head.`,
      );
    return target;
  }
  const before = typeof payload.before === 'string' && !/^0+$/.test(payload.before) ? payload.before : null;
  const repository = payload.repository as { default_branch?: string } | undefined;
  return {
    headSha: context.sha,
    trustedRef: context.sha,
    baseSha: before,
    prNumber: null,
    fork: false,
    headRef: context.ref.startsWith('refs/heads/') ? context.ref.slice('refs/heads/'.length) : null,
    defaultBranch: repository?.default_branch ?? 'main',
  };
}

/**
 * A merge queue's `merge_group` job (docs/action.md "Merge queues"): the queue's commit, judged by the
 * contracts at the base branch's tip the queue builds on, never at that commit, whose tree holds the
 * queued pull requests' own `.truss/` edits. The diff starts at that tip. No pull request to comment
 * on, and no branch to push to: GitHub's `gh-readonly-queue/…` branch is not the work's.
 */
function targetFromMergeGroup(payload: Record<string, unknown>): RunTarget {
  const group = payload.merge_group as { head_sha?: unknown; base_sha?: unknown } | undefined;
  const sha = (value: unknown) => (typeof value === 'string' && /^[0-9a-f]{40}$/.test(value) ? value : null);
  const headSha = sha(group?.head_sha);
  const baseSha = sha(group?.base_sha);
  if (headSha === null || baseSha === null)
    throw new Error(
      'the merge_group event names no head_sha and base_sha commits: truss cannot tell which commit to judge, nor the base its contracts come from. Re-queue the pull request; if it happens again, report the event payload',
    );
  const repository = payload.repository as { default_branch?: string } | undefined;
  return {
    headSha,
    trustedRef: baseSha,
    baseSha,
    prNumber: null,
    fork: false,
    headRef: null,
    defaultBranch: repository?.default_branch ?? 'main',
  };
}

/**
 * The `pr_number` dispatch input, or null when not given. Anything else than a pull request number
 * (`#2`, `2abc`, `-1`) is an error: read as "no pull request", the run would judge the dispatched
 * branch instead and report its verdict as if it were the pull request's.
 */
export function dispatchPrNumber(payload: Record<string, unknown>): number | null {
  const value = (payload.inputs as Record<string, unknown> | undefined)?.pr_number;
  if (value === undefined || value === null || String(value).trim() === '') return null;
  const text = String(value).trim();
  if (!/^[1-9]\d{0,9}$/.test(text))
    throw new Error(
      `workflow_dispatch input pr_number must be a pull request number such as 42, got "${text.slice(0, 30)}"; dispatch again with the number alone, or leave it empty to run on the dispatched branch`,
    );
  return Number(text);
}

/** The `head_sha` dispatch input (the head the App queued its check on), or null when not given. */
function dispatchedHeadSha(payload: Record<string, unknown>): string | null {
  const value = (payload.inputs as Record<string, unknown> | undefined)?.head_sha;
  if (typeof value !== 'string' || value.trim() === '') return null;
  if (!/^[0-9a-f]{40}$/.test(value.trim()))
    throw new Error(
      `workflow_dispatch input head_sha must be a 40-character commit SHA, got "${value.slice(0, 50)}"`,
    );
  return value.trim();
}

/** What the Truss App asked for when it dispatched this workflow (`workflow_dispatch` inputs). */
export interface DispatchRequest {
  /** The contract to run; null means the `contract` input (or every contract). */
  contract: string | null;
  mode: 'run' | 'verify' | 'resume' | 'memory' | null;
  /** The queued `truss / <contract>` check the App created; this run completes it. */
  checkRunId: number | null;
  requester: string | null;
  /** Free-text intent from `/truss run x -- intent`: data passed to the contract, never to a shell. */
  intent: string | null;
  /** mode resume: the workflow run holding the suspended ledger artifact, and which session. */
  resumeRunId: string | null;
  sessionId: string | null;
  /** mode resume: a `human_review` entry the App pre-signed (parsed JSON, checked before use). */
  approval: unknown;
  /** mode memory: the decision a maintainer asked for (`/truss memory …` through the App). */
  memory: { command: string | null; entry: string | null; reason: string | null; sessions: string[] };
}

const DISPATCH_CONTRACT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/**
 * Reads the App's dispatch inputs from a `workflow_dispatch` payload, or null for any other event.
 * Inputs are strings typed by whoever dispatched the workflow, so each is validated and an invalid
 * one is an error that says which, never silently ignored.
 */
export function readDispatchRequest(context: EventContext): DispatchRequest | null {
  if (context.eventName !== 'workflow_dispatch') return null;
  const inputs = ((context.payload as Record<string, unknown>).inputs ?? {}) as Record<string, unknown>;
  const text = (name: string) => {
    const value = inputs[name];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
  };
  const contract = text('contract');
  if (contract !== null && !DISPATCH_CONTRACT.test(contract))
    throw new Error(`workflow_dispatch input contract "${contract.slice(0, 70)}" is not a contract name`);
  const mode = text('mode');
  if (mode !== null && mode !== 'run' && mode !== 'verify' && mode !== 'resume' && mode !== 'memory')
    throw new Error(
      `workflow_dispatch input mode must be run, verify, resume or memory, got "${mode.slice(0, 20)}"`,
    );
  const checkRun = text('check_run_id');
  if (checkRun !== null && !/^[1-9]\d{0,18}$/.test(checkRun))
    throw new Error(
      `workflow_dispatch input check_run_id must be a check run id, got "${checkRun.slice(0, 30)}"`,
    );
  const resumeRunId = text('resume_run_id');
  if (resumeRunId !== null && !/^\d{1,20}$/.test(resumeRunId))
    throw new Error(
      `workflow_dispatch input resume_run_id must be a workflow run id, got "${resumeRunId.slice(0, 30)}"`,
    );
  const approvalText = text('approval');
  let approval: unknown = null;
  if (approvalText !== null) {
    try {
      approval = JSON.parse(approvalText);
    } catch {
      throw new Error(
        'workflow_dispatch input approval is not JSON (it must be a pre-signed human_review entry)',
      );
    }
  }
  return {
    contract,
    mode,
    checkRunId: checkRun === null ? null : Number(checkRun),
    requester: text('requester'),
    intent: text('intent'),
    resumeRunId,
    sessionId: text('session_id'),
    approval,
    // Checked where they are used (memory-mode.ts): the same rules as the memory-* inputs.
    memory: {
      command: text('memory_command'),
      entry: text('memory_entry'),
      reason: text('memory_reason'),
      sessions: (text('memory_sessions') ?? '').split(/[\s,]+/).filter(Boolean),
    },
  };
}

/**
 * A dispatched run that fails before it reports (a missing contract, a bad config) must not leave the
 * App's queued check spinning forever: complete it as a failure carrying the error. Best effort — the
 * original error is what the step reports.
 */
export async function failQueuedCheck(options: {
  octokit: Octokit;
  context: EventContext;
  dispatch: DispatchRequest | null;
  error: unknown;
  /** The job's environment: its secrets are redacted from the message (error-text.ts). */
  env: Readonly<Record<string, string | undefined>>;
  warn: (message: string) => void;
}): Promise<void> {
  const id = options.dispatch?.checkRunId;
  if (!id) return;
  const message = errorText(options.error, options.env);
  // Another job holds the gate: this one did nothing, which is neither a verdict nor a failure. Never
  // neutral, which would stand over the other job's verdict as the newest check of the name: a skip,
  // which the job holding the gate (and this one, right after) looks behind (skip-race.ts).
  const held = options.error instanceof GateHeldError ? options.error : null;
  await completeCheckRun({
    octokit: options.octokit,
    owner: options.context.owner,
    repo: options.context.repo,
    checkRunId: id,
    conclusion: held ? 'skipped' : 'failure',
    output: { title: held ? 'Another job resumes this run' : 'truss could not run', summary: message },
    dryRun: false,
  }).catch((e: Error) => options.warn(`could not complete the queued check ${id}: ${e.message}`));
  if (held?.contractId && held.headSha)
    await keepVerdictOverSkip({
      octokit: options.octokit,
      repo: { owner: options.context.owner, repo: options.context.repo },
      headSha: held.headSha,
      contractId: held.contractId,
      dryRun: false,
      log: { warning: options.warn },
    });
}

/**
 * What a run does given the App's dispatch (or none): which contracts, with which intent and mode,
 * and which queued check the contract's report completes. A `mode: resume` dispatch never gets here:
 * run() routes it to the resume flow, so it can never silently run the contract from scratch.
 */
export function dispatchedRun(
  dispatch: DispatchRequest | null,
  defaultNames: readonly string[],
): {
  names: readonly string[];
  intent: string | null;
  verifyOnly: boolean;
  checkRunIds: ReadonlyMap<string, number> | undefined;
} {
  return {
    names: dispatch?.contract ? [dispatch.contract] : defaultNames,
    intent: dispatch?.intent ?? null,
    verifyOnly: dispatch?.mode === 'verify',
    checkRunIds:
      dispatch?.checkRunId && dispatch.contract
        ? new Map([[dispatch.contract, dispatch.checkRunId]])
        : undefined,
  };
}
