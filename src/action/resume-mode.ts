import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pkg from '../../package.json' with { type: 'json' };
import { checkReceipt } from '../core/anchor/index.js';
import {
  ANNOTATION_KINDS,
  createNodeCrypto,
  type HumanReviewDecision,
  LedgerStore,
  presignedReviewSigner,
  rolePin,
} from '../core/ledger/index.js';
import { readRecordedContract } from '../core/run/index.js';
import { requireExtendsExport } from '../core/runtime/index.js';
import { claimGate, type GateClaim, GateClaimError, GateHeldError } from '../github/gate-claim.js';
import {
  LEDGER_ARTIFACT_PREFIX,
  LEDGER_DB_FILE_NAME,
  ledgerArtifactName,
  sessionIdOfArtifact,
} from '../github/names.js';
import type { Octokit } from '../github/octokit.js';
import { appReviewCommentsAt } from '../github/repo-contracts.js';
import { trustedKeysFor } from '../github/repo-trusted-keys.js';
import { type ContractRunResult, resumeAndReport } from '../github/run-and-report.js';
import { latestReportOf } from '../github/session-meta.js';
import { GITHUB_CONTRACT_FORMAT } from '../github/settings.js';
import { keepVerdictOverSkip } from '../github/skip-race.js';
import { findSuspendedSession, type SuspendedMeta } from '../github/suspended-session.js';
import { applyWorkdirPatch, artifactWorkdirPatch } from '../github/workdir-patch.js';
import { ensurePullRequestHead } from './checkout-pr-head.js';
import { downloadRunArtifact } from './download-artifact.js';
import { type EventContext, runUrl } from './event-context.js';
import { changesPublisher, publishSteps } from './evidence-publisher.js';
import type { Inputs } from './inputs.js';
import { actionIsolation } from './isolation.js';
import {
  type DispatchRequest,
  type RunTarget,
  resolveRunTarget,
  targetFromPullRequest,
} from './pr-target.js';
import { startedHeadSha } from './publish-artifact.js';
import { type ActionSetup, reviewSigner } from './setup.js';

/** How the decision that releases the gate reaches this job. */
export type GateDecision =
  | {
      /** A `/truss approve|reject` comment handled by this job: signed here with review-signing-key. */
      kind: 'sign';
      decision: HumanReviewDecision;
      note: string | null;
      actor: { login: string; id: number | null };
      source: Record<string, unknown>;
    }
  /** A `human_review` entry the GitHub App already signed with its own key (dispatch input `approval`). */
  | { kind: 'presigned'; entry: unknown }
  /** Nothing to record: resume a run that waits on a timer or an already recorded decision. */
  | { kind: 'none' };

export interface ResumeRequest {
  /** The workflow run whose ledger artifact (`ledgerArtifactName`) holds the suspended ledger. */
  workflowRunId: string;
  /** The session to resume; null takes the only truss ledger artifact of that run. */
  sessionId: string | null;
  target: RunTarget;
  decision: GateDecision;
  /** The App's queued check for this resume, completed instead of a new one. */
  checkRunId?: number | null;
  /**
   * The head the suspended run reported on the pull request (sticky comment metadata), which lives
   * outside the artifact: a ledger that does not extend it (an older artifact put back, dropping a
   * later rejection) is refused.
   */
  expectedHead?: { seq: number; hash: string } | null;
}

/** Raised when a suspended run cannot be resumed safely; the message says what to do. */
export class ResumeError extends Error {
  override name = 'ResumeError';
}

/**
 * `mode: resume` (and `/truss approve|reject`): download the suspended run's ledger artifact,
 * verify its WHOLE chain against this workflow's signing key before anything else (a tampered or
 * foreign ledger is refused), record the signed decision, restore the workspace the run had, and
 * continue by replay. The resumed run is reported like any run; a rejection leaves it suspended.
 */
export async function resumeSuspendedRun(options: {
  inputs: Inputs;
  context: EventContext;
  octokit: Octokit;
  setup: ActionSetup;
  request: ResumeRequest;
}): Promise<ContractRunResult> {
  const { inputs, context, octokit, setup, request } = options;
  const repo = { owner: context.owner, repo: context.repo };
  // As the run it continues would have: with the input, or for a run the App dispatched (it completes
  // the App's queued check) with `[app] review_comments` (docs/action.md "Review comments"). Asked
  // before anything is claimed or recorded: a config that does not parse fails the resume here.
  const reviewComments =
    inputs.reviewComments ||
    (request.checkRunId != null &&
      (await appReviewCommentsAt({ octokit, repo, ref: request.target.trustedRef })));
  const { sessionId, dir } = await setup.log.group('download the suspended ledger', () =>
    downloadLedger(options),
  );
  // The file is whatever the artifact holds: its schema and its integrity are checked before any read.
  const store = LedgerStore.open(join(dir, LEDGER_DB_FILE_NAME), { receipts: checkReceipt, untrusted: true });
  try {
    const crypto = createNodeCrypto();
    // Reviewer keys whose decisions may be on the chain: an earlier `/truss reject` signed with the
    // review-signing key, a decision the App pre-signed. The chain is verified against them and the
    // session key, so a rejection followed by an approval can still resume (docs/action.md).
    const approvers = await trustedKeysFor(
      inputs.trustedKeys,
      octokit,
      repo,
      request.target.trustedRef,
      setup.log.warning,
    );
    const reviewer =
      request.decision.kind === 'sign' || inputs.reviewSigningKey ? reviewSigner(inputs) : null;
    // The review-signing key signs decisions only: pinned as reviewer, never as a ledger signer.
    if (reviewer && !approvers.has(reviewer.publicKeyHex))
      approvers.set(reviewer.publicKeyHex, rolePin('review-signing-key', ['reviewer']));
    const verified = store.verifySession(sessionId, {
      crypto,
      trusted: new Map([...approvers, [setup.signer.publicKeyHex, 'signing-key']]),
    });
    // Only a suspended run can be resumed; `suspended` is reported only when every signer is pinned.
    if (verified.status !== 'suspended') {
      throw new ResumeError(
        `refusing to resume ${sessionId}: its ledger from run ${request.workflowRunId} does not verify against this workflow's signing key (${verified.status}${verified.failure ? `: ${verified.failure.message}` : ''}). Start a new run.`,
      );
    }
    const expectedHead =
      request.expectedHead !== undefined
        ? request.expectedHead
        : await reportedSuspension(options, sessionId);
    requireExtendsExport(
      store,
      sessionId,
      expectedHead
        ? {
            where: "the pull request's sticky comment",
            seq: expectedHead.seq,
            entryHash: expectedHead.hash,
          }
        : null,
    );
    // Annotations (a rejected decision, an anchor receipt) may follow the suspension.
    const entries = [...store.entries(sessionId)];
    const last = entries.filter((e) => !ANNOTATION_KINDS.has(e.kind)).at(-1);
    if (last?.kind !== 'suspended')
      throw new ResumeError(
        `session ${sessionId} is not suspended (its last entry is ${last?.kind ?? 'missing'}); nothing to resume`,
      );
    // A signal reaches a run only through `truss signal` on the machine that holds the ledger; on
    // GitHub nothing queues one, so a pending signal in the artifact is the sender's, and the resumed
    // run would consume it into a signed `signal_received` (an MCP tool's result, an agent's wait).
    const queued = store.signals(sessionId).filter((s) => s.status === 'pending');
    if (queued.length > 0)
      throw new ResumeError(
        `refusing to resume ${sessionId}: its ledger from run ${request.workflowRunId} holds ${queued.length} pending signal(s) (${queued.map((s) => s.name).join(', ')}) that no GitHub job queues. Start a new run.`,
      );
    const startSha = startedHeadSha(store, sessionId);
    if (startSha && startSha !== request.target.headSha)
      throw new ResumeError(
        `the pull request moved since session ${sessionId} suspended (it ran on ${startSha.slice(0, 12)}, the head is now ${request.target.headSha.slice(0, 12)}): its evidence no longer describes the code, so start a new run`,
      );
    const head = entries.at(-1);
    const { patch, refusal } = artifactWorkdirPatch(
      dir,
      startSha
        ? {
            head: { sessionId, seq: head?.seq ?? -1, hash: head?.entry_hash ?? '' },
            publicKeyHex: store.requireSession(sessionId).public_key,
            crypto,
          }
        : null,
    );
    if (refusal)
      throw new ResumeError(
        `refusing to resume ${sessionId}: the ledger artifact from run ${request.workflowRunId} does not carry the workspace the run left (${refusal}). Start a new run.`,
      );

    // One job releases a suspension, however many were started for it (docs/action.md "Approval
    // gates across jobs"): claimed before anything is recorded or run.
    const claim = await claimGateFor({ ...options, store }, sessionId, last.seq);
    try {
      const decision = request.decision;
      if (decision.kind === 'sign' && reviewer) {
        store.appendHumanReview(sessionId, reviewer, {
          decision: decision.decision,
          note: decision.note ?? '',
          actor: decision.actor,
          source: decision.source,
        } as Parameters<LedgerStore['appendHumanReview']>[2]);
        setup.log.info(
          `recorded ${decision.decision} by ${decision.actor.login}, signed by ${reviewer.keyId}`,
        );
      } else if (decision.kind === 'presigned') {
        const { signer, review } = presignedReviewSigner(decision.entry, crypto, approvers);
        store.append(sessionId, 'human_review', review.payload, signer);
        setup.log.info(`recorded the ${review.payload.decision} signed by ${signer.keyId}`);
      }

      if (request.target.prNumber !== null)
        await ensurePullRequestHead({
          workdir: setup.workdir,
          prNumber: request.target.prNumber,
          headSha: request.target.headSha,
          warn: setup.log.warning,
          auth: { token: inputs.githubToken, serverUrl: context.serverUrl },
        });
      if (startSha && patch !== null) await applyWorkdirPatch(setup.workdir, patch);

      return await resumeAndReport({
        octokit,
        repo,
        headSha: request.target.headSha,
        prNumber: request.target.prNumber,
        workdir: setup.workdir,
        store,
        signer: setup.signer,
        env: setup.env,
        outDir: setup.outDir,
        codeVersion: `truss ${pkg.version}`,
        runUrl: runUrl(context),
        workflowRunId: context.runId || null,
        check: inputs.check,
        comment: inputs.comment,
        commentAuthors: inputs.commentAuthors,
        reviewComments,
        dryRun: inputs.dryRun,
        timeout: inputs.timeout,
        sessionId,
        approvers,
        existingCheckId: request.checkRunId ?? null,
        publishChanges: changesPublisher({ inputs, context, octokit, setup, target: request.target }),
        publishSteps: publishSteps({ inputs, context, octokit, setup, store }),
        isolate: actionIsolation(inputs, context, setup, join(dir, LEDGER_DB_FILE_NAME), setup.env),
        toolServer: setup.toolServer,
        log: setup.log,
      });
    } finally {
      // Given back only while the run has not gone past the gate: past it, the gated step may have run.
      const contractId = claim ? recordedContractId(store, sessionId) : null;
      if (claim && !wentPastGate(store, sessionId, last.seq)) await claim.release();
      // A job that lost the claim skipped the App's queued check, maybe after this run's check was
      // created: whoever writes last looks again, so a skip never stands over a verdict (skip-race.ts).
      else if (contractId)
        await keepVerdictOverSkip({
          octokit,
          repo,
          headSha: request.target.headSha,
          contractId,
          dryRun: inputs.dryRun,
          log: setup.log,
        });
    }
  } finally {
    store.close();
  }
}

/**
 * `mode: resume`: which run to continue and with what decision, from the input `resume-run-id` or
 * the App's `workflow_dispatch` inputs (`resume_run_id`, `session_id`, a pre-signed `approval`).
 */
export async function resumeRequestFrom(
  inputs: Inputs,
  context: EventContext,
  octokit: Octokit,
  dispatch: DispatchRequest | null,
): Promise<ResumeRequest> {
  const workflowRunId = inputs.resumeRunId || dispatch?.resumeRunId;
  if (!workflowRunId)
    throw new ResumeError(
      `mode resume needs \`resume-run-id\`: the id of the workflow run whose ${LEDGER_ARTIFACT_PREFIX}<session> artifact holds the suspended session`,
    );
  const approval = dispatch?.approval ?? null;
  const target = await resolveRunTarget(context, octokit);
  return {
    workflowRunId,
    sessionId: dispatch?.sessionId ?? (await reportedSessionOf(inputs, context, octokit, target, dispatch)),
    target,
    decision: approval === null ? { kind: 'none' } : { kind: 'presigned', entry: approval },
    checkRunId: dispatch?.checkRunId ?? null,
  };
}

/**
 * The session the App's resume is for: it dispatches the workflow run and the contract its sticky
 * comment reports suspended, not the session. That run can hold more than one ledger artifact (a
 * re-run attempt ran the contract again as a new session), so the sticky says which; null (take the
 * run's only ledger artifact) when it names no suspension of this contract in that run.
 */
async function reportedSessionOf(
  inputs: Inputs,
  context: EventContext,
  octokit: Octokit,
  target: RunTarget,
  dispatch: DispatchRequest | null,
): Promise<string | null> {
  const workflowRunId = inputs.resumeRunId || dispatch?.resumeRunId;
  if (target.prNumber === null || !dispatch?.contract) return null;
  const waiting = await findSuspendedSession(
    octokit,
    { owner: context.owner, repo: context.repo },
    target.prNumber,
    inputs.commentAuthors,
    dispatch.contract,
  );
  return waiting && waiting.workflow_run_id === workflowRunId ? waiting.session_id : null;
}

/**
 * A decision made on the pull request (a `/truss approve|reject` comment or a review) releases the
 * gate of `gate`'s session: it is signed here with review-signing-key and the run resumes on the
 * PR's current head (refused if the head moved since the run suspended).
 */
export async function resumeWithDecision(
  options: { inputs: Inputs; context: EventContext; octokit: Octokit; setup: ActionSetup },
  gate: SuspendedMeta,
  prNumber: number,
  decision: Omit<Extract<GateDecision, { kind: 'sign' }>, 'kind'>,
): Promise<ContractRunResult> {
  const { context, octokit } = options;
  const { data } = await octokit.rest.pulls.get({
    owner: context.owner,
    repo: context.repo,
    pull_number: prNumber,
  });
  return resumeSuspendedRun({
    ...options,
    request: {
      workflowRunId: gate.workflow_run_id,
      sessionId: gate.session_id,
      target: targetFromPullRequest(data as unknown as Parameters<typeof targetFromPullRequest>[0]),
      decision: { kind: 'sign', ...decision },
      expectedHead: { seq: gate.head_seq, hash: gate.head_hash },
    },
  });
}

/**
 * Where the pull request last reported `sessionId` (its sticky comment), for a resume whose caller
 * did not read it (a dispatch: the App's, or by hand). Each approval the App signs chains onto the
 * suspended head and every resume downloads the same suspended artifact, so only the pull request
 * says a gate was released already: a second `/truss approve` queued behind the first would run the
 * gated step again (docs/action.md "Approval gates across jobs"). Null when no sticky names the
 * session (comments off, another comment-authors): then nothing is compared.
 */
async function reportedSuspension(
  options: { inputs: Inputs; context: EventContext; octokit: Octokit; request: ResumeRequest },
  sessionId: string,
): Promise<{ seq: number; hash: string } | null> {
  const { inputs, context, octokit, request } = options;
  if (request.target.prNumber === null) return null;
  const meta = await latestReportOf(
    octokit,
    { owner: context.owner, repo: context.repo },
    request.target.prNumber,
    inputs.commentAuthors,
    sessionId,
  );
  if (!meta) return null;
  if (meta.status !== 'suspended') {
    const message = `refusing to resume ${sessionId}: pull request #${request.target.prNumber} reports it ${meta.status ?? 'without a status'}${meta.head_seq === undefined ? '' : ` at seq ${meta.head_seq}`}, not waiting at an approval gate: it was resumed already (another approval released it), and its gate is not released twice. Nothing was recorded; start a new run to run it again.`;
    if (typeof meta.status !== 'string') throw new ResumeError(message);
    // The benign second of two approvals: the job that released the gate reported; this one neither
    // fails nor passes the App's queued check over that verdict (a skip, skip-race.ts).
    const held = new GateHeldError(message);
    held.contractId = typeof meta.contract === 'string' ? meta.contract : null;
    held.headSha = request.target.headSha;
    throw held;
  }
  if (typeof meta.head_hash !== 'string' || typeof meta.head_seq !== 'number') return null;
  return { seq: meta.head_seq, hash: meta.head_hash };
}

async function downloadLedger(options: {
  inputs: Inputs;
  context: EventContext;
  octokit: Octokit;
  setup: ActionSetup;
  request: ResumeRequest;
}): Promise<{ sessionId: string; dir: string }> {
  const { inputs, context, octokit, setup, request } = options;
  if (!/^\d+$/.test(request.workflowRunId))
    throw new ResumeError(`resume-run-id must be a workflow run id (digits), got "${request.workflowRunId}"`);
  const artifacts = await octokit.paginate(octokit.rest.actions.listWorkflowRunArtifacts, {
    owner: context.owner,
    repo: context.repo,
    run_id: Number(request.workflowRunId),
    per_page: 100,
  });
  const ledgers = artifacts.filter((a) =>
    request.sessionId
      ? a.name === ledgerArtifactName(request.sessionId)
      : sessionIdOfArtifact(a.name) !== null,
  );
  if (ledgers.length !== 1) {
    throw new ResumeError(
      ledgers.length === 0
        ? `workflow run ${request.workflowRunId} has no ${request.sessionId ? ledgerArtifactName(request.sessionId) : 'truss ledger'} artifact (expired, or uploaded with upload-artifact: false?)`
        : `workflow run ${request.workflowRunId} has ${ledgers.length} truss ledger artifacts; name the session to resume`,
    );
  }
  const artifact = ledgers[0] as (typeof ledgers)[number];
  if (artifact.expired)
    throw new ResumeError(`the ledger artifact ${artifact.name} has expired; start a new run`);
  const sessionId = sessionIdOfArtifact(artifact.name) ?? '';
  const dir = join(setup.outDir, `resume-${sessionId}`);
  mkdirSync(dir, { recursive: true });
  await downloadRunArtifact({
    token: inputs.githubToken,
    context,
    artifactId: artifact.id,
    workflowRunId: Number(request.workflowRunId),
    path: dir,
  });
  if (!existsSync(join(dir, LEDGER_DB_FILE_NAME)))
    throw new ResumeError(
      `the artifact ${artifact.name} holds no ${LEDGER_DB_FILE_NAME}; it cannot be resumed`,
    );
  return { sessionId, dir };
}

/**
 * Claims the gate of the suspension at `suspendedSeq` (gate-claim.ts); null when nothing on GitHub
 * announced it: no pull request, comments off, or a dry run (which writes nothing to GitHub).
 */
async function claimGateFor(
  options: {
    store: LedgerStore;
    inputs: Inputs;
    context: EventContext;
    octokit: Octokit;
    setup: ActionSetup;
    request: ResumeRequest;
  },
  sessionId: string,
  suspendedSeq: number,
): Promise<GateClaim | null> {
  const { inputs, context, octokit, setup, request } = options;
  const prNumber = request.target.prNumber;
  if (prNumber === null || !inputs.comment || inputs.dryRun) {
    setup.log.info(
      `not claiming the approval gate of ${sessionId}: ${prNumber === null ? 'no pull request announces it' : inputs.dryRun ? 'a dry run writes nothing to GitHub' : 'comment is off, so no gate comment announces it'}`,
    );
    return null;
  }
  try {
    return await claimGate({
      octokit,
      owner: context.owner,
      repo: context.repo,
      prNumber,
      sessionId,
      suspendedSeq,
      authors: inputs.commentAuthors,
      log: setup.log,
    });
  } catch (error) {
    if (error instanceof GateClaimError) throw new ResumeError(error.message);
    if (error instanceof GateHeldError) {
      error.contractId = recordedContractId(options.store, sessionId);
      error.headSha = request.target.headSha;
    }
    throw error;
  }
}

/** The contract the session ran, as its `run_started` recorded it; null when it cannot be read. */
function recordedContractId(store: LedgerStore, sessionId: string): string | null {
  try {
    return readRecordedContract(store, sessionId, GITHUB_CONTRACT_FORMAT).contract.contract.id;
  } catch {
    return null;
  }
}

/** Whether the session recorded anything but annotations after its suspension at `suspendedSeq`. */
function wentPastGate(store: LedgerStore, sessionId: string, suspendedSeq: number): boolean {
  return [...store.entries(sessionId)].some((e) => e.seq > suspendedSeq && !ANNOTATION_KINDS.has(e.kind));
}
