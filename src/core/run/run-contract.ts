import type { ResolvedContract } from '../contract/schema.js';
import type { ExecutorOutcome } from '../executors/in-loop.js';
import { type PayloadOf, tryReadEntry } from '../ledger/index.js';
import { NO_ISOLATION } from '../process/isolation-none.js';
import type { Redactor } from '../process/redact.js';
import { secretRedactor } from '../process/redact.js';
import type { Ctx } from '../runtime/ctx.js';
import {
  DurableReplayError,
  DurableSession,
  ResumeRefusedError,
  SuspendedError,
} from '../runtime/durable.js';
import { CancelledError } from '../runtime/durable-errors.js';
import { type DeadlineReachedError, deadlineReached } from '../runtime/run-deadline.js';
import { CheckWorkspace } from '../verify/check-workspace.js';
import { type GitInfo, readGitInfo, recordedGitInfo } from '../verify/git-info.js';
import type { ReviewEvidence } from '../verify/review-evidence.js';
import {
  type ClauseVerdict,
  computeVerdict,
  forcedVerdict,
  recordedVerdict,
  type Verdict,
} from '../verify/verdict.js';
import { verifyCheck } from './check-clause.js';
import { declaredSecretNames } from './declared-secrets.js';
import type { FanoutSummary } from './fanout-types.js';
import { type JudgedTree, judgedPublisher, judgedTree } from './judged-tree.js';
import { readRecordedContract } from './recorded-contract.js';
import type { verifyReview } from './review-clause.js';
import type { RunIdentity } from './run-executor.js';
import { ingestRunProposals, proposeLessons } from './run-memory.js';
import type {
  CommonRunOptions,
  OutcomeBase,
  ResumeContractOptions,
  RunContractOptions,
  RunOutcome,
} from './run-types.js';
import { RunAbortedError } from './run-types.js';

/**
 * Runs a contract end to end as a durable session: `run_started`, the executor (none, in-loop or
 * delegated-cli), every check clause by the harness, the panel for every review clause, the signed
 * verdict and `run_completed`. Executor failure and budget exhaustion force FAIL. A gate or a wait
 * suspends the run (status `suspended`, resumable with `resumeContract`). Any other error journals
 * `run_failed` so the ledger stays terminal and verifiable.
 */
export async function runContract(options: RunContractOptions): Promise<RunOutcome> {
  // The ledger is open (the paths the sandbox hides exist), so the isolation gets its first
  // process's needs ready (uid: the mount holder) while git answers and `run_started` is signed,
  // instead of after them (docs/performance.md).
  options.ctx.isolation?.warm?.();
  const git =
    options.git !== undefined ? await options.git : await readGitInfo(options.workdir, options.baseRef);
  const session = DurableSession.start({
    store: options.store,
    signer: options.signer,
    codeVersion: options.codeVersion,
    id: options.sessionId,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  return drive(session, options, options.contract, options.contractHash, () => ({
    // Binds the session id to the signed chain (docs/ledger.md "Bundle": session_mismatch).
    session_id: session.id,
    contract: options.contract,
    contract_hash: options.contractHash,
    code_version: options.codeVersion,
    principal: options.principal,
    git: git
      ? {
          repo: git.repo,
          base_ref: git.base_ref,
          base_sha: git.base_sha,
          head_sha: git.head_sha,
          dirty: git.dirty,
        }
      : null,
    workdir_name: options.workdir.split('/').pop() ?? '',
    // Which isolation the untrusted processes of this run got, signed with the rest (docs/security.md).
    isolation: { ...(options.ctx.isolation ?? NO_ISOLATION).report },
    // Where the run's files are: `truss resume` continues there (src/cli/resume-workdir.ts).
    workdir: options.workdir,
    started_at: new Date(options.ctx.now()).toISOString(),
    // A child run names its parent and what it was given (docs/fanout.md "Child runs").
    ...(options.parent ? { parent: options.parent } : {}),
  }));
}

/**
 * Resumes a recorded session: its chain is verified first (a broken chain is refused before
 * anything runs), its contract is the one `run_started` recorded, the flow is replayed from the
 * journal by position (recorded model calls, tools, checks and votes are not re-executed) and
 * continues live past the frontier. A completed session replays to its recorded verdict and appends
 * nothing; a failed one is refused.
 */
export async function resumeContract(options: ResumeContractOptions): Promise<RunOutcome> {
  const recorded =
    options.recorded ?? readRecordedContract(options.store, options.sessionId, options.contractFormat);
  if (options.expectedContractHash && options.expectedContractHash !== recorded.contractHash) {
    throw new ResumeRefusedError(
      `refusing to resume ${options.sessionId}: the contract resolves to ${options.expectedContractHash}, but the session recorded ${recorded.contractHash}`,
    );
  }
  if (recorded.status === 'failed') {
    throw new ResumeRefusedError(
      `session ${options.sessionId} ended with run_failed; it cannot be resumed (start a new run)`,
    );
  }
  const session = DurableSession.open({
    store: options.store,
    signer: options.signer,
    sessionId: options.sessionId,
    crypto: options.crypto,
    ...(options.verify ? { verify: options.verify } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  refuseDeadlineStopped(session);
  return drive(session, options, recorded.contract, recorded.contractHash, () => {
    throw new ResumeRefusedError(`session ${options.sessionId} has no run_started entry`);
  });
}

/**
 * A run stopped at its wall-clock deadline signed a verdict without judging every clause: its
 * journal cannot be replayed to that verdict, and it is final (docs/contracts.md "[budget]").
 */
function refuseDeadlineStopped(session: DurableSession): void {
  for (const entry of session.recorded) {
    if (entry.kind !== 'verdict') continue;
    const read = tryReadEntry(entry, 'verdict');
    if ('error' in read || !read.payload.deadline) continue;
    throw new ResumeRefusedError(
      `session ${session.id} was stopped at its wall-clock deadline of ${read.payload.deadline.limit} (${read.payload.deadline.source}) with a verdict forced to FAIL; it cannot be resumed (start a new run with a higher [budget] max_duration or --timeout)`,
    );
  }
}

async function drive(
  session: DurableSession,
  options: CommonRunOptions,
  contract: ResolvedContract,
  contractHash: string,
  runStarted: () => PayloadOf<'run_started'>,
): Promise<RunOutcome> {
  const { store, ctx } = options;
  const deadline = options.deadline ?? null;
  const redact = secretRedactor(options.env, options.secrets ?? [], declaredSecretNames(contract));
  const replayable = session.recorded.length;
  const started = session.record('run_started', () => ({ payload: runStarted() }));
  // The ledger's files exist now, so the isolation can get its first process's needs ready meanwhile.
  ctx.isolation?.warm?.();
  if (deadline)
    ctx.events({ type: 'deadline', limit: deadline.limit, source: deadline.source, at: deadline.at });
  const git = recordedGitInfo(started.payload.git);
  // Set when the verdict is forced by the wall-clock deadline (docs/contracts.md "[budget]").
  let stopped: DeadlineReachedError | null = null;
  const base = (): OutcomeBase => ({
    sessionId: session.id,
    git,
    headHash: store.session(session.id)?.head_hash ?? '',
    spent: { costUsd: ctx.budget.spent.costUsd, totalTokens: ctx.budget.spent.totalTokens },
    replayed: Math.min(replayable, session.cursor),
    deadline: deadline ? { ...deadline, reached: stopped !== null } : null,
  });
  const progress: RunProgress = { clauses: [] };
  try {
    let computed: Verdict;
    let executor: ExecutorOutcome | null;
    let fanout: FanoutSummary | undefined;
    // Who this run is, for the child runs it may start (docs/fanout.md); a child starts none itself.
    const identity: RunIdentity = {
      sessionId: session.id,
      codeVersion: started.payload.code_version ?? '',
      principal: started.payload.principal ?? {},
      git,
      isChild: started.payload.parent !== undefined,
    };
    try {
      if (contract.fanout && !identity.isChild) {
        // Without an executor the attempts' checks run in the working copy itself (docs/fanout.md).
        if (options.publishChanges && contract.executor.kind === 'none')
          progress.judged = Promise.resolve(
            await judgedTree(options.workdir, options.env, ctx.isolation?.tempDir),
          );
        // K child runs of this contract and one signed choice (docs/fanout.md).
        const { isChild: _isChild, sessionId: _sessionId, ...who } = identity;
        ({
          verdict: computed,
          executor,
          summary: fanout,
        } = await (await import('./fanout.js')).runFanout(session, { ...options, ...who }, contract, redact));
      } else {
        ({ computed, executor } = await verifyOwnWork(
          session,
          options,
          contract,
          git,
          redact,
          progress,
          identity,
        ));
      }
    } catch (error) {
      // Stopped by the deadline: what was judged stands, the rest is unverifiable, FAIL is forced below.
      const unwound = !(error instanceof SuspendedError || error instanceof DurableReplayError);
      if (!unwound || session.replaying || !deadlineReached(ctx.signal, deadline, ctx.now())) throw error;
      computed = unfinishedVerdict(contract, progress);
      executor = progress.executor ?? null;
      fanout = undefined;
    }
    // Work the deadline interrupted (an aborted model call, a killed check) never makes a verdict: fail-closed.
    stopped = session.replaying ? null : deadlineReached(ctx.signal, deadline, ctx.now());
    if (stopped) {
      ctx.events({ type: 'warning', message: stopped.message });
      computed = forcedVerdict(computed, stopped.message);
    }
    // A fan-out's winner committed (if at all) in its own copy: the run's HEAD is what it started from.
    const headAfter = fanout ? (git?.head_sha ?? null) : (executor?.headAfter ?? git?.head_sha ?? null);
    const reached = stopped?.deadline;
    const verdictEntry = session.record(
      'verdict',
      () => ({
        payload: {
          ...computed,
          contract_id: contract.contract.id,
          contract_hash: contractHash,
          git: git ? { base_sha: git.base_sha, head_sha: headAfter } : null,
          executor: contract.executor.kind,
          cost_usd: ctx.budget.spent.costUsd,
          total_tokens: ctx.budget.spent.totalTokens,
          ...(reached
            ? {
                deadline: {
                  limit: reached.limit,
                  source: reached.source,
                  at: new Date(reached.at).toISOString(),
                },
              }
            : {}),
          ...(fanout
            ? {
                fanout: {
                  reducer: fanout.reducer,
                  reduction_seq: fanout.reductionSeq,
                  winner: fanout.winner,
                  why: fanout.why,
                },
              }
            : {}),
        },
      }),
      {
        check: (recorded) =>
          recorded.payload.overall === computed.overall
            ? null
            : `overall ${computed.overall}, recorded ${recorded.payload.overall}`,
      },
    );
    // docs/memory.md "Lessons": proposals whose produced_by is the verdict just signed (not past the deadline).
    if (!stopped) await proposeLessons(session, options, contract, verdictEntry, executor, redact);
    if (computed.overall === 'pass' && options.publishChanges) {
      await (await import('./publish-changes.js')).publishPassingRun(
        session,
        progress.judged
          ? judgedPublisher(
              options.publishChanges,
              progress.judged,
              options.workdir,
              options.env,
              ctx.isolation?.tempDir,
            )
          : options.publishChanges,
        {
          sessionId: session.id,
          contractId: contract.contract.id,
          title: contract.contract.title ?? null,
          startSha: git?.head_sha ?? null,
          verdictHash: verdictEntry.entry_hash,
        },
        redact,
      );
    }
    session.record('run_completed', () => ({
      payload: { overall: computed.overall, finished_at: new Date(ctx.now()).toISOString() },
    }));
    ingestRunProposals(session, options);
    const verdict = recordedVerdict(verdictEntry.payload);
    return { status: 'completed', ...base(), verdict, executor, ...(fanout ? { fanout } : {}) };
  } catch (error) {
    if (error instanceof SuspendedError) {
      ctx.events({ type: 'warning', message: `run suspended: ${error.suspension.reason}` });
      return { status: 'suspended', ...base(), suspension: error.suspension };
    }
    if (error instanceof DurableReplayError) throw error;
    // A failure while still replaying recorded entries is not this run's outcome: append nothing.
    if (session.replaying) throw error;
    const message = redact(
      ctx.signal.aborted || error instanceof CancelledError
        ? 'cancelled'
        : ((error as Error).message ?? String(error)),
    );
    session.record('run_failed', () => ({
      payload: { error: message, failed_at: new Date(ctx.now()).toISOString() },
    }));
    throw new RunAbortedError(`run ${session.id} failed: ${message}`, session.id);
  } finally {
    await progress.workspace?.dispose();
  }
}

/** What a run has judged so far, kept by the caller so a deadline can sign it (and dispose of the workspace). */
interface RunProgress {
  workspace?: CheckWorkspace;
  /** The working copy before the checks ran in it, when a PASS is to be published (judged-tree.ts). */
  judged?: Promise<JudgedTree>;
  executor?: ExecutorOutcome | null;
  clauses: ClauseVerdict[];
}

/** The verdict of a run the deadline stopped: judged clauses as judged, every other one unverifiable. */
function unfinishedVerdict(contract: ResolvedContract, progress: RunProgress): Verdict {
  const judged = new Map(progress.clauses.map((clause) => [clause.clause, clause]));
  const failure = progress.executor?.failure;
  return computeVerdict(
    contract.done.map(
      (clause, index): ClauseVerdict =>
        judged.get(index) ?? {
          clause: index,
          kind: clause.kind,
          desc: clause.desc,
          status: 'unverifiable',
          reason: 'not judged: the run reached its wall-clock deadline first',
        },
    ),
    {
      ...(progress.executor?.budgetExhausted ? { budgetExhausted: progress.executor.budgetExhausted } : {}),
      ...(failure ? { executorFailed: `executor failed: ${failure}` } : {}),
    },
  );
}

/**
 * The executor (if any), then every clause: checks by the harness in the check workspace, reviews
 * by the panel; the verdict they add up to. `progress` receives the check workspace (so the caller
 * disposes of it whatever happens), the executor's outcome and each clause as it is judged.
 */
async function verifyOwnWork(
  session: DurableSession,
  options: CommonRunOptions,
  contract: ResolvedContract,
  git: GitInfo | null,
  redact: Redactor,
  progress: RunProgress,
  identity: RunIdentity,
): Promise<{ computed: Verdict; executor: ExecutorOutcome | null }> {
  const { store, ctx } = options;
  // Loaded only when the contract has one: a checks-only run never compiles the executors, tools,
  // MCP client or providers (start-up time, docs/architecture.md).
  const executor =
    contract.executor.kind === 'none'
      ? null
      : await (await import('./run-executor.js')).runExecutor(session, options, contract, redact, identity);
  progress.executor = executor;
  const checks = new CheckWorkspace({
    session,
    store,
    contract,
    workdir: options.workdir,
    env: options.env,
    ctx,
    redact,
    work: executor ? (executor.work ?? { headBefore: null, diffSha256: null, diffTruncated: false }) : null,
    cleanRoomParent: options.cleanRoomParent ?? ctx.isolation?.tempDir,
    prepareCleanRoom:
      options.prepareCleanRoom ??
      (ctx.isolation
        ? (dir: string) => (ctx.isolation as NonNullable<Ctx['isolation']>).addWorkdir(dir)
        : undefined),
  });
  progress.workspace = checks;
  // An executor that could not attempt the work here (docs/mcp.md: a server's secret is unset)
  // leaves nothing to check: every clause is UNVERIFIABLE with its reason.
  const notAttempted = executor?.unverifiable ?? null;
  // With an executor, reviewers see the change it made since the run started.
  const reviewGit =
    executor && git && !git.base_sha ? { ...git, base_sha: git.head_sha, base_ref: 'run start' } : git;
  // What the reviewers see is read before `[checks] setup` and the checks run the work's own code in
  // the working copy: a test script that rewrote the changed files hid them from the panel, and the
  // verdict signed for the head commit passed (docs/contracts.md, "How clauses are judged").
  let reviewClause: typeof verifyReview | undefined;
  const gathered = new Map<number, Promise<ReviewEvidence>>();
  if (!notAttempted && contract.done.some((clause) => clause.kind === 'check')) {
    // What on-pass-changes may publish: the working copy as judged, not what a check wrote after.
    if (options.publishChanges)
      progress.judged = Promise.resolve(
        await judgedTree(options.workdir, options.env, ctx.isolation?.tempDir),
      );
    const { gatherReviewEvidence } = await import('./review-clause.js');
    for (const [index, clause] of contract.done.entries()) {
      if (clause.kind !== 'review') continue;
      const evidence = gatherReviewEvidence(clause, options, reviewGit);
      // Read in full now; a failure is the review's, said when it runs, as before.
      await evidence.catch(() => {});
      gathered.set(index, evidence);
    }
  }
  if (!notAttempted) await checks.open();
  const clauses = progress.clauses;
  let panelBudget: string | undefined;
  for (const [index, clause] of contract.done.entries()) {
    if (ctx.signal.aborted) throw new CancelledError();
    if (notAttempted) {
      clauses.push({
        clause: index,
        kind: clause.kind,
        desc: clause.desc,
        status: 'unverifiable',
        reason: notAttempted,
      });
      continue;
    }
    if (clause.kind === 'check') {
      clauses.push(await verifyCheck(session, index, clause, options, contract, redact, checks));
      continue;
    }
    reviewClause ??= (await import('./review-clause.js')).verifyReview;
    const review = await reviewClause(
      session,
      index,
      clause,
      options,
      contract,
      reviewGit,
      redact,
      gathered.get(index),
    );
    clauses.push(review.clause);
    panelBudget ??= review.budgetExhausted ?? undefined;
  }
  const budgetExhausted = executor?.budgetExhausted ?? panelBudget;
  const executorFailed = executor?.failure ? `executor failed: ${executor.failure}` : undefined;
  const computed = computeVerdict(clauses, {
    ...(budgetExhausted ? { budgetExhausted } : {}),
    ...(executorFailed ? { executorFailed } : {}),
  });
  return { computed, executor };
}
