import { createHash } from 'node:crypto';
import { contractHash as contractHashOf } from '../contract/resolve.js';
import { type CheckClause, type ResolvedContract, ResolvedContractSchema } from '../contract/schema.js';
import { runDelegatedActivity } from '../executors/delegated-activity.js';
import { type ExecutorOutcome, runInLoop } from '../executors/in-loop.js';
import {
  type LedgerCrypto,
  type LedgerStore,
  type PayloadOf,
  type Signer,
  type TrustedKeys,
  tryReadEntry,
} from '../ledger/index.js';
import { NO_ISOLATION } from '../process/isolation-none.js';
import {
  type RedactionCounts,
  type Redactor,
  redactionField,
  secretRedactor,
  tallyingRedactor,
} from '../process/redact.js';
import { buildExecutorProvider } from '../providers/executor-provider.js';
import type { Provider } from '../providers/provider.js';
import { BudgetExceededError } from '../runtime/budget.js';
import type { Ctx } from '../runtime/ctx.js';
import {
  DurableReplayError,
  DurableSession,
  ResumeRefusedError,
  type ResumeVerification,
  SuspendedError,
  type Suspension,
} from '../runtime/durable.js';
import { CancelledError } from '../runtime/durable-errors.js';
import { ApprovalGates } from '../runtime/gates.js';
import { resolvePolicy } from '../tools/policy.js';
import { createToolRegistry, type ToolRegistry } from '../tools/registry.js';
import { checkRunFields } from '../verify/check-entry.js';
import { runCheck } from '../verify/check-runner.js';
import { CheckWorkspace } from '../verify/check-workspace.js';
import type { NonceSource } from '../verify/evidence-envelope.js';
import { type PreparedEvidence, prepareEvidence } from '../verify/evidence-lines.js';
import { type GitInfo, readGitInfo, recordedGitInfo } from '../verify/git-info.js';
import { revealHidden } from '../verify/hidden-text.js';
import { detectInjection } from '../verify/injection-detect.js';
import { applyInjectionPolicy, injectionPolicyOf } from '../verify/injection-policy.js';
import { runPanel, type SeatVote } from '../verify/panel.js';
import { collectReviewEvidence, type ReviewEvidence } from '../verify/review-evidence.js';
import { type ClauseVerdict, computeVerdict, recordedVerdict, type Verdict } from '../verify/verdict.js';
import { majority, recordedSeatVote } from '../verify/vote.js';
import { type ChangesPublisher, publishPassingRun } from './publish-changes.js';

/** What both a fresh run and a resume need besides the contract. */
interface CommonRunOptions {
  workdir: string;
  store: LedgerStore;
  signer: Signer;
  ctx: Ctx;
  /** One provider per panel seat, or why there are none (review clauses are then unverifiable). */
  panel: { seats: Provider[] } | { unavailable: string };
  /** The host's environment: source of allowlisted check variables and of secrets to redact. */
  env: Record<string, string | undefined>;
  /** In-loop executor: the model (default: built from the contract). */
  executorProvider?: Provider | undefined;
  /** Where the host was started: a relative scripted fixture missing from the workdir is looked up here. */
  hostCwd?: string | undefined;
  /** In-loop executor: the tools (default: every harness tool; `allow_tools` decides). */
  tools?: ToolRegistry | undefined;
  /**
   * Approval gates: reviewer keys whose approval releases a gate, besides the contract's
   * `[approval_gates] approvers`. None at all: no approval releases a gate (fail closed).
   */
  approvers?: TrustedKeys | undefined;
  /** Wall clock for durable timers and clock reads (tests). */
  clock?: (() => number) | undefined;
  /** What to do with a PASSing run's changes (push, pull request); never called on any other verdict. */
  publishChanges?: ChangesPublisher | undefined;
  /** Evidence delimiter nonces for reviewer prompts (tests); default random per request. */
  evidenceNonce?: NonceSource | undefined;
  /** More secret values to redact besides the env's (e.g. the signing seed read from a key file). */
  secrets?: readonly string[] | undefined;
  /** Parent directory of clean-room copies (default: the OS temp dir); never the harness's private dir. */
  cleanRoomParent?: string | undefined;
  /**
   * Makes a clean-room copy usable by the sandbox user before checks run in it; default: the
   * context's isolation grants it (`Isolation.addWorkdir`), so every host gets the same behaviour.
   */
  prepareCleanRoom?: ((dir: string) => Promise<void>) | undefined;
}

export interface RunContractOptions extends CommonRunOptions {
  contract: ResolvedContract;
  contractHash: string;
  codeVersion: string;
  principal: Record<string, unknown>;
  baseRef?: string | undefined;
  sessionId?: string | undefined;
}

export interface ResumeContractOptions extends CommonRunOptions {
  sessionId: string;
  crypto: LedgerCrypto;
  /**
   * The hash of a contract the caller resolved (e.g. `truss resume --contract`): resume is refused
   * when it differs from the recorded one. The recorded contract is what runs either way.
   */
  expectedContractHash?: string | undefined;
  /** How the recorded chain is verified before replay (DurableSession.open); default `all`. */
  verify?: ResumeVerification | undefined;
}

interface OutcomeBase {
  sessionId: string;
  git: GitInfo | null;
  headHash: string;
  spent: { costUsd: number; totalTokens: number };
  /** How many recorded entries the run replayed before going live (0 for a fresh run). */
  replayed: number;
}

export interface CompletedOutcome extends OutcomeBase {
  status: 'completed';
  verdict: Verdict;
  executor: ExecutorOutcome | null;
}

export interface SuspendedOutcome extends OutcomeBase {
  status: 'suspended';
  suspension: Suspension;
}

export type RunOutcome = CompletedOutcome | SuspendedOutcome;

/** Raised after `run_failed` was journaled; the ledger is complete and verifiable. */
export class RunAbortedError extends Error {
  override name = 'RunAbortedError';
  constructor(
    message: string,
    readonly sessionId: string,
  ) {
    super(message);
  }
}

/** The contract a session recorded in `run_started`, checked against its recorded hash. */
export interface RecordedContract {
  contract: ResolvedContract;
  contractHash: string;
  codeVersion: string;
  git: GitInfo | null;
  status: string;
}

/**
 * Reads the contract a session runs under from its signed `run_started` entry (the source of truth
 * on resume), and refuses one whose recorded hash does not match its recorded contract.
 */
export function readRecordedContract(store: LedgerStore, sessionId: string): RecordedContract {
  const info = store.requireSession(sessionId);
  const first = store.entry(sessionId, 0);
  if (first?.kind !== 'run_started') {
    throw new ResumeRefusedError(`session ${sessionId} has no run_started entry to resume from`);
  }
  const read = tryReadEntry(first, 'run_started');
  if ('error' in read) throw new ResumeRefusedError(`session ${sessionId}: ${read.error}`);
  const started = read.payload;
  const parsed = ResolvedContractSchema.safeParse(started.contract);
  if (!parsed.success) {
    throw new ResumeRefusedError(
      `session ${sessionId}: the recorded contract does not parse with this truss (${parsed.error.issues[0]?.message ?? 'invalid'})`,
    );
  }
  const hash = contractHashOf(parsed.data);
  if (hash !== started.contract_hash) {
    throw new ResumeRefusedError(
      `session ${sessionId}: the recorded contract hashes to ${hash}, not the recorded contract_hash ${started.contract_hash}`,
    );
  }
  return {
    contract: parsed.data,
    contractHash: hash,
    codeVersion: started.code_version ?? info.code_version,
    git: recordedGitInfo(started.git),
    status: info.status,
  };
}

/**
 * Runs a contract end to end as a durable session: `run_started`, the executor (none, in-loop or
 * delegated-cli), every check clause by the harness, the panel for every review clause, the signed
 * verdict and `run_completed`. Executor failure and budget exhaustion force FAIL. A gate or a wait
 * suspends the run (status `suspended`, resumable with `resumeContract`). Any other error journals
 * `run_failed` so the ledger stays terminal and verifiable.
 */
export async function runContract(options: RunContractOptions): Promise<RunOutcome> {
  const git = await readGitInfo(options.workdir, options.baseRef);
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
  const recorded = readRecordedContract(options.store, options.sessionId);
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
  return drive(session, options, recorded.contract, recorded.contractHash, () => {
    throw new ResumeRefusedError(`session ${options.sessionId} has no run_started entry`);
  });
}

async function drive(
  session: DurableSession,
  options: CommonRunOptions,
  contract: ResolvedContract,
  contractHash: string,
  runStarted: () => PayloadOf<'run_started'>,
): Promise<RunOutcome> {
  const { store, ctx } = options;
  const redact = secretRedactor(options.env, options.secrets ?? []);
  const replayable = session.recorded.length;
  const started = session.record('run_started', () => ({ payload: runStarted() }));
  const git = recordedGitInfo(started.payload.git);
  const base = (): OutcomeBase => ({
    sessionId: session.id,
    git,
    headHash: store.session(session.id)?.head_hash ?? '',
    spent: { costUsd: ctx.budget.spent.costUsd, totalTokens: ctx.budget.spent.totalTokens },
    replayed: Math.min(replayable, session.cursor),
  });
  let workspace: CheckWorkspace | undefined;
  try {
    const executor = await runExecutor(session, options, contract, redact);
    workspace = new CheckWorkspace({
      session,
      store,
      contract,
      workdir: options.workdir,
      env: options.env,
      ctx,
      redact,
      work: executor ? (executor.work ?? { headBefore: null, diffSha256: null, diffTruncated: false }) : null,
      cleanRoomParent: options.cleanRoomParent,
      prepareCleanRoom:
        options.prepareCleanRoom ??
        (ctx.isolation
          ? (dir: string) => (ctx.isolation as NonNullable<Ctx['isolation']>).addWorkdir(dir)
          : undefined),
    });
    await workspace.open();
    const clauses: ClauseVerdict[] = [];
    let panelBudget: string | undefined;
    // With an executor, reviewers see the change it made since the run started.
    const reviewGit =
      executor && git && !git.base_sha ? { ...git, base_sha: git.head_sha, base_ref: 'run start' } : git;
    for (const [index, clause] of contract.done.entries()) {
      if (ctx.signal.aborted) throw new CancelledError();
      if (clause.kind === 'check') {
        clauses.push(await verifyCheck(session, index, clause, options, contract, redact, workspace));
        continue;
      }
      const review = await verifyReview(session, index, clause, options, contract, reviewGit, redact);
      clauses.push(review.clause);
      panelBudget ??= review.budgetExhausted ?? undefined;
    }
    const budgetExhausted = executor?.budgetExhausted ?? panelBudget;
    const executorFailed = executor?.failure ? `executor failed: ${executor.failure}` : undefined;
    const computed = computeVerdict(clauses, {
      ...(budgetExhausted ? { budgetExhausted } : {}),
      ...(executorFailed ? { executorFailed } : {}),
    });
    const headAfter = executor?.headAfter ?? git?.head_sha ?? null;
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
        },
      }),
      {
        check: (recorded) =>
          recorded.payload.overall === computed.overall
            ? null
            : `overall ${computed.overall}, recorded ${recorded.payload.overall}`,
      },
    );
    if (computed.overall === 'pass' && options.publishChanges) {
      await publishPassingRun(
        session,
        options.publishChanges,
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
    const verdict = recordedVerdict(verdictEntry.payload);
    return { status: 'completed', ...base(), verdict, executor };
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
    await workspace?.dispose();
  }
}

async function runExecutor(
  session: DurableSession,
  options: CommonRunOptions,
  contract: ResolvedContract,
  redact: Redactor,
): Promise<ExecutorOutcome | null> {
  const kind = contract.executor.kind;
  if (kind === 'none') return null;
  options.ctx.events({ type: 'executor_started', kind, replaying: session.replaying });
  if (kind === 'delegated-cli') {
    return runDelegatedActivity({
      contract,
      workdir: options.workdir,
      session,
      ctx: options.ctx,
      env: options.env,
      redact,
    });
  }
  const provider =
    options.executorProvider ??
    buildExecutorProvider(contract, { env: options.env, cwd: options.workdir, fallbackCwd: options.hostCwd });
  return runInLoop({
    contract,
    workdir: options.workdir,
    session,
    provider,
    tools: options.tools ?? createToolRegistry(),
    policy: resolvePolicy(contract.constraints, options.workdir),
    gates: new ApprovalGates(contract.approval_gates, options.approvers),
    ctx: options.ctx,
    redact,
    env: options.env,
  });
}

async function verifyCheck(
  session: DurableSession,
  index: number,
  clause: CheckClause,
  options: CommonRunOptions,
  contract: ResolvedContract,
  redact: Redactor,
  workspace: CheckWorkspace,
): Promise<ClauseVerdict> {
  const { ctx } = options;
  if (workspace.unavailable) {
    return {
      clause: index,
      kind: 'check',
      desc: clause.desc,
      status: 'unverifiable',
      reason: workspace.unavailable,
    };
  }
  ctx.events({ type: 'check_started', clause: index, desc: clause.desc });
  const { entry } = await session.activity('check_result', `clause ${index}`, async () => {
    const outcome = await runCheck(clause, {
      workdir: await workspace.directory(),
      env: options.env,
      extraEnvNames: contract.check_env,
      ctx,
    });
    if (outcome.cancelled) throw new CancelledError();
    const { fields, blobs } = checkRunFields(outcome, redact);
    return {
      payload: {
        clause: index,
        desc: clause.desc,
        run: clause.run,
        expect_exit: clause.expect_exit,
        ...fields,
        // Where it ran, when an executor ran before it (checks-only runs use the checkout as before).
        ...(workspace.mode === 'checkout' ? {} : { checkout: workspace.mode }),
      },
      blobs,
    };
  });
  const p = entry.payload;
  const met = p.met === true;
  ctx.events({
    type: 'check_finished',
    clause: index,
    desc: clause.desc,
    met,
    exitCode: p.exit_code ?? null,
    durationMs: p.duration_ms ?? 0,
  });
  const reason = met ? `exit ${p.exit_code}, expectations met` : (p.reasons ?? []).join('; ');
  return { clause: index, kind: 'check', desc: clause.desc, status: met ? 'met' : 'not_met', reason };
}

/**
 * One review clause: `review_evidence`, then one `review_vote` per seat in seat order. Recorded
 * votes are replayed (and their spend charged again); only missing seats are asked, in parallel.
 */
async function verifyReview(
  session: DurableSession,
  index: number,
  clause: Extract<ResolvedContract['done'][number], { kind: 'review' }>,
  options: CommonRunOptions,
  contract: ResolvedContract,
  git: GitInfo | null,
  redact: Redactor,
): Promise<{ clause: ClauseVerdict; budgetExhausted: string | null }> {
  const { ctx } = options;
  const seats = 'seats' in options.panel ? options.panel.seats : [];
  ctx.events({ type: 'review_started', clause: index, desc: clause.desc, seats: seats.length });
  if ('unavailable' in options.panel) {
    ctx.events({ type: 'review_finished', clause: index, status: 'unverifiable' });
    return {
      clause: {
        clause: index,
        kind: 'review',
        desc: clause.desc,
        status: 'unverifiable',
        reason: options.panel.unavailable,
      },
      budgetExhausted: null,
    };
  }
  let evidence: { raw: ReviewEvidence; prepared: PreparedEvidence } | undefined;
  let redactions: RedactionCounts = {};
  const collect = async () => {
    if (!evidence) {
      // The secret scan runs before anything reaches a reviewer model, not only before the journal.
      const tally = tallyingRedactor(redact);
      const raw = await collectReviewEvidence({
        workdir: options.workdir,
        git,
        contextFiles: clause.reviewer_context,
      });
      const redacted: ReviewEvidence = {
        ...raw,
        diff: tally.redact(raw.diff),
        files: raw.files.map((file) => ({
          ...file,
          content: file.content === null ? null : tally.redact(file.content),
        })),
        notes: raw.notes.map(tally.redact),
      };
      redactions = tally.counts();
      evidence = { raw: redacted, prepared: prepareEvidence(redacted) };
    }
    return evidence;
  };
  const policy = injectionPolicyOf(contract);
  const { entry: evidenceEntry } = await session.activity('review_evidence', `clause ${index}`, async () => {
    const { raw: collected, prepared } = await collect();
    const diffBytes = Buffer.from(collected.diff);
    const injection = detectInjection(prepared);
    return {
      payload: {
        clause: index,
        base_sha: git?.base_sha ?? null,
        head_sha: git?.head_sha ?? null,
        diff_sha256: sha256(diffBytes),
        diff_bytes: collected.diffBytes,
        diff_truncated: collected.diffTruncated,
        files: collected.files.map((f) => ({
          path: f.path,
          bytes: f.bytes,
          truncated: f.truncated,
          problem: f.problem,
        })),
        // Notes name files (author-chosen paths): recorded as models and humans read them.
        notes: collected.notes.map((note) => revealHidden(note).text),
        // What models were shown differs from the raw bytes where text was hidden: counted per file.
        hidden_text: prepared.hidden.map((h) => ({
          source: h.source,
          path: redact(h.path),
          counts: h.counts,
          total: h.total,
        })),
        injection_suspected: injection.suspected
          ? {
              policy,
              total: injection.total,
              spans: injection.spans.map((span) => ({
                ...span,
                path: redact(span.path),
                match: redact(span.match),
              })),
            }
          : null,
        ...redactionField(redactions),
      },
      blobs: [diffBytes],
    };
  });

  let budgetExhausted: string | null = null;
  const votes: Array<SeatVote | undefined> = seats.map((_, seat) => {
    const entry = session.replayNext('review_vote', `clause ${index} seat ${seat}`);
    if (!entry) return undefined;
    const vote = recordedSeatVote(entry.payload);
    if (typeof vote.error === 'string' && vote.error.startsWith('budget exhausted'))
      budgetExhausted ??= vote.error;
    try {
      ctx.budget.record({
        inputTokens: vote.usage?.input_tokens ?? 0,
        outputTokens: vote.usage?.output_tokens ?? 0,
        costUsd: vote.usage?.cost_usd ?? 0,
      });
    } catch (error) {
      if (!(error instanceof BudgetExceededError)) throw error;
      budgetExhausted ??= error.message;
    }
    return vote;
  });
  const missing = new Set(votes.flatMap((vote, seat) => (vote ? [] : [seat])));
  if (missing.size > 0) {
    const panel = await runPanel({
      intent: contract.contract.intent,
      clause,
      evidence: (await collect()).prepared,
      seats,
      ctx,
      nonce: options.evidenceNonce,
      skip: (seat) => !missing.has(seat),
    });
    budgetExhausted ??= panel.budgetExhausted;
    for (const vote of panel.votes) {
      const entry = session.appendLive('review_vote', {
        payload: {
          clause: index,
          ...vote,
          // A model may echo hidden characters from the evidence; record them visibly.
          reasoning: redact(revealHidden(vote.reasoning).text),
          error: vote.error === null ? null : redact(vote.error),
        },
      });
      votes[vote.seat] = recordedSeatVote(entry.payload);
    }
  }
  const all = votes as SeatVote[];
  for (const vote of all) {
    ctx.events({ type: 'vote', clause: index, seat: vote.seat, lens: vote.lens, vote: vote.vote });
  }
  const counts = { met: 0, not_met: 0, unverifiable: 0 };
  for (const vote of all) counts[vote.vote]++;
  const judged = applyInjectionPolicy({
    status: majority(all.map((vote) => vote.vote)),
    reason: `${counts.met} of ${all.length} seats voted met (strict majority needed)`,
    policy,
    detected: evidenceEntry.payload.injection_suspected ?? null,
    votes: all,
  });
  ctx.events({ type: 'review_finished', clause: index, status: judged.status });
  return {
    clause: {
      clause: index,
      kind: 'review',
      desc: clause.desc,
      status: judged.status,
      reason: judged.reason,
      votes: counts,
      ...(judged.injection ? { injection: judged.injection } : {}),
    },
    budgetExhausted,
  };
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
