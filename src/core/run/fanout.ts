import type { ResolvedContract } from '../contract/schema.js';
import type { ExecutorOutcome } from '../executors/in-loop.js';
import { type EntryOf, type PayloadOf, readEntry, type VerdictRef } from '../ledger/index.js';
import type { Isolation } from '../process/isolation.js';
import type { Redactor } from '../process/redact.js';
import { BudgetExceededError, type ContractBudget } from '../runtime/budget.js';
import type { DurableSession } from '../runtime/durable.js';
import { CancelledError } from '../runtime/durable-errors.js';
import { type Overall, recordedVerdict, type Verdict } from '../verify/verdict.js';
import { type ChildResult, type ParentRun, runChild } from './child-run.js';
import { applyChildDiff, childWorkdirs } from './child-workdir.js';
import { judgeCandidates } from './fanout-judge.js';
import { fanoutChildPlan } from './fanout-plan.js';
import { bestScore, type Choice, firstSuccess, vote } from './fanout-reduce.js';
import type { FanoutLeg, FanoutSummary, RunnerLegs } from './fanout-types.js';
import { runnerAttempts } from './runner-legs.js';

/** What a fan-out hands back to the run that asked for it. */
export interface FanoutResult {
  verdict: Verdict;
  /** The winner's executor outcome (null on replay, with executor "none", or without a winner). */
  executor: ExecutorOutcome | null;
  summary: FanoutSummary;
}

/**
 * A `[fanout]` run (docs/fanout.md): `attempts` child runs of the same contract, each its own signed
 * session with a scoped context, anchored in this session (`child_anchor`, in attempt order, after
 * every attempt ended), then one `fanout_reduction {reducer, children, winner, why}`. The winner's
 * verdict is this run's verdict; its diff is applied to the workdir (`fanout_applied`). Without a
 * winner the verdict is FAIL (UNVERIFIABLE when every attempt was unverifiable). A resumed run
 * replays recorded anchors, votes and the reduction; attempts that were never anchored run again.
 */
export async function runFanout(
  session: DurableSession,
  parent: Omit<ParentRun, 'sessionId'>,
  contract: ResolvedContract,
  redact: Redactor,
): Promise<FanoutResult> {
  const settings = contract.fanout;
  if (!settings) throw new Error('runFanout: the contract has no [fanout]');
  const { ctx, store } = parent;
  const k = settings.attempts;
  // Legs that ran on Actions runners had a static slice each (ceiling ÷ K); here, a shared meter.
  const runners = parent.runnerLegs;
  const plan = fanoutChildPlan(contract, runners ? 'static' : 'shared');
  const { contract: childContract, contractHash: childHash, scope, budgetSlice } = plan;

  // Anchors already recorded (a resumed run) stand for their attempts; the rest run now.
  const legs: FanoutLeg[] = [];
  while (legs.length < k && session.peek()?.kind === 'child_anchor') {
    const entry = session.replayNext('child_anchor', '');
    if (!entry) break;
    legs.push(legFromAnchor(entry));
    rechargeParent(parent, entry);
  }
  const executors = new Map<number, ExecutorOutcome | null>();
  // Still replaying past the anchors: the recorded run already decided which attempts ran (a
  // first_success stops early), so none is started again.
  if (legs.length < k && !session.replaying) {
    const live = runners
      ? runnerAttempts(store, runners.legs)
      : await runAttempts(
          { ...parent, sessionId: session.id },
          { k, first: legs.length + 1, settings, childContract, childHash, scope, budgetSlice },
        );
    const offset = legs.length;
    // Anchored even when the run was cancelled: every child session that exists is accounted for.
    for (const child of live.results) {
      const finishedRank = offset + (live.order.get(child.attempt) ?? 0);
      const entry = session.appendLive('child_anchor', {
        payload: anchorPayload(child, { task: contract.contract.intent, scope, budgetSlice, finishedRank }),
      });
      legs.push(legFromAnchor(entry));
      executors.set(child.attempt, child.executor);
      // A leg's spend is in its own ledger only: this run's meter counts it, as a replayed one's.
      if (runners) rechargeParent(parent, entry);
    }
    if (ctx.signal.aborted) throw new CancelledError();
  }

  let choice: Choice;
  switch (settings.reducer) {
    case 'first_success':
      choice = firstSuccess(legs);
      break;
    case 'best_score':
      choice = bestScore(legs);
      break;
    case 'vote':
      // Attempts with no admitted leg count as verdictless (FAIL) in the majority: fail closed.
      choice = vote([...legs, ...absentLegs(legs, k)]);
      break;
    case 'judge_panel':
      choice = await judge(session, parent, contract, legs, redact);
      break;
  }
  const refOf = (leg: FanoutLeg) => ({
    anchor_seq: leg.anchorSeq,
    child_session_id: leg.sessionId,
    verdict_ref: leg.verdictRef,
  });
  const reduction = session.record(
    'fanout_reduction',
    () => ({
      payload: {
        reducer: settings.reducer,
        attempts: k,
        children: legs.map(refOf),
        winner: choice.winner ? { ...refOf(choice.winner), attempt: choice.winner.attempt } : null,
        why: redact(choice.why),
        ...(runners ? runnerFacts(runners, legs, k, redact) : {}),
      },
    }),
    {
      check: (recorded) => {
        const recordedWinner = recorded.payload.winner?.child_session_id ?? null;
        return recordedWinner === (choice.winner?.sessionId ?? null)
          ? null
          : `winner ${choice.winner?.sessionId ?? 'none'}, recorded ${recordedWinner ?? 'none'}`;
      },
    },
  );

  const winner = choice.winner;
  let applied: FanoutSummary['applied'] = null;
  if (winner?.diffSha256 && contract.executor.kind !== 'none') {
    const diffSha256 = winner.diffSha256;
    const { entry } = await session.activity('fanout_applied', '', async () => {
      const bytes = store.blob(diffSha256)?.bytes;
      const outcome = bytes
        ? await applyChildDiff(parent.workdir, parent.env, bytes, parent.ctx.isolation?.tempDir)
        : { applied: false, error: `the winner's diff blob ${diffSha256} is not in the ledger` };
      return {
        payload: {
          child_session_id: winner.sessionId,
          diff_sha256: diffSha256,
          ...outcome,
          error: outcome.error && redact(outcome.error),
        },
      };
    });
    applied = { applied: entry.payload.applied, error: entry.payload.error ?? null };
    if (!applied.applied)
      ctx.events({ type: 'warning', message: applied.error ?? 'the winning diff was not applied' });
  }

  return {
    verdict: winner ? winnerVerdict(store, winner) : noWinnerVerdict(legs, choice.why),
    executor: winner ? (executors.get(winner.attempt) ?? null) : null,
    summary: {
      reducer: settings.reducer,
      attempts: k,
      legs,
      winner: winner?.attempt ?? null,
      why: reduction.payload.why ?? choice.why,
      reductionSeq: reduction.seq,
      applied,
      ...(runners ? { excluded: runners.excluded } : {}),
    },
  };
}

interface AttemptPlan {
  k: number;
  /** The first attempt number still to run. */
  first: number;
  settings: NonNullable<ResolvedContract['fanout']>;
  childContract: ResolvedContract;
  childHash: string;
  scope: { write_scope: string[] };
  budgetSlice: ContractBudget;
}

/**
 * Runs attempts `first..k`, at most `concurrency` at a time, each in its own working copy (or the
 * shared workdir for executor "none"). first_success cancels every attempt still running once one
 * passes and starts no more. Returns the results in attempt order and the order they finished in.
 */
async function runAttempts(
  parent: ParentRun,
  plan: AttemptPlan,
): Promise<{ results: ChildResult[]; order: Map<number, number> }> {
  const { ctx } = parent;
  const copies = plan.childContract.executor.kind !== 'none';
  const asked = Math.min(plan.settings.concurrency ?? plan.k, plan.k - plan.first + 1);
  // Without an executor every attempt judges the workdir itself: one attempt's checks (the work's
  // own code) could rewrite it while another's panel reads its evidence. Isolated, they take turns.
  const width = !copies && (ctx.isolation?.report.level ?? 'none') !== 'none' ? 1 : asked;
  if (width < asked)
    ctx.events({
      type: 'warning',
      message: `[fanout] concurrency = ${asked} without an executor: the attempts judge the workdir itself, so they run one at a time (a check of one could rewrite what another's reviewers read)`,
    });
  const views = copies ? attemptViews(ctx.isolation, width > 1) : async () => undefined;
  const workdirs = await childWorkdirs({
    workdir: parent.workdir,
    env: parent.env,
    shared: plan.childContract.executor.kind === 'none',
    parentDir: parent.cleanRoomParent ?? ctx.isolation?.tempDir,
    prepare: ctx.isolation
      ? (dir) => (ctx.isolation as NonNullable<typeof ctx.isolation>).addWorkdir(dir)
      : undefined,
    unprepare: ctx.isolation?.removeWorkdir?.bind(ctx.isolation),
  });
  const pending = Array.from({ length: plan.k - plan.first + 1 }, (_, i) => plan.first + i);
  const running = new Map<number, (reason: string) => void>();
  const results: ChildResult[] = [];
  const order = new Map<number, number>();
  let stopped = false;
  // Each worker's attempts run in its slot's own view of the isolation (docs/fanout.md "Where
  // attempts work"): a sibling's processes can neither read nor write this attempt's copy, clean
  // rooms, tool socket or scratch. Without views, attempts side by side would share every one of
  // them: refused (fail closed) rather than run.
  const worker = async (slot: number) => {
    const view: Isolation | undefined = await views(slot + 1);
    for (let attempt = pending.shift(); attempt !== undefined; attempt = pending.shift()) {
      if (stopped || ctx.signal.aborted) return;
      const place = await workdirs.acquire(view && ((dir) => view.addWorkdir(dir)));
      let result: ChildResult;
      try {
        result = await runChild(
          parent,
          {
            attempt,
            task: plan.childContract.contract.intent,
            contract: plan.childContract,
            contractHash: plan.childHash,
            workdir: place.dir,
            scope: plan.scope,
            budgetSlice: plan.budgetSlice,
            timeoutMs: plan.settings.timeout_sec === undefined ? undefined : plan.settings.timeout_sec * 1000,
            isolation: view,
          },
          (cancel) => running.set(attempt, cancel),
        );
      } finally {
        running.delete(attempt);
        // Its diff is a blob in the ledger by now: the copy is not needed any more.
        await place.release();
      }
      results.push(result);
      order.set(attempt, order.size + 1);
      if (plan.settings.reducer === 'first_success' && result.verdict?.overall === 'pass' && !stopped) {
        stopped = true;
        for (const cancel of running.values()) cancel(`attempt ${attempt} passed first`);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: width }, (_, slot) => worker(slot)));
  } finally {
    await workdirs.dispose();
  }
  results.sort((a, b) => a.attempt - b.attempt);
  return { results, order };
}

/** Attempts cannot be kept apart: they work in copies side by side, and the isolation has no views. */
export class SharedIsolationError extends Error {
  override name = 'SharedIsolationError';
}

/**
 * The isolation view of each worker slot of attempts with working copies of their own: the
 * isolation's own per-attempt view where it has them (uid, bwrap), none where there is no isolation
 * to share (`none`: every process runs as the harness user anyway, as the run's notes say), and a
 * refusal for an isolation without views when such attempts would run side by side.
 */
function attemptViews(
  isolation: Isolation | undefined,
  sideBySide: boolean,
): (slot: number) => Promise<Isolation | undefined> {
  if (isolation === undefined || isolation.report.level === 'none') return async () => undefined;
  const forAttempt = isolation.forAttempt?.bind(isolation);
  if (forAttempt) return forAttempt;
  if (sideBySide)
    throw new SharedIsolationError(
      `[fanout] concurrency > 1: isolation "${isolation.report.level}" cannot keep attempts that run side by side apart (each could read and write the others' working copies); set [fanout] concurrency = 1`,
    );
  return async () => undefined;
}

function anchorPayload(
  child: ChildResult,
  extra: {
    task: string;
    scope: { write_scope: string[] };
    budgetSlice: ContractBudget;
    finishedRank: number;
  },
): PayloadOf<'child_anchor'> {
  const clauses = child.verdict?.clauses ?? [];
  const checks = clauses.filter((clause) => clause.kind === 'check');
  return {
    child_session_id: child.sessionId,
    child_root_hash: child.rootHash,
    child_head_hash: child.headHash,
    task: extra.task,
    scope: extra.scope,
    budget_slice: extra.budgetSlice,
    status: child.status,
    verdict_ref: child.verdictRef,
    // What the reducers weigh, so a resumed run re-derives the same choice from the anchors alone.
    attempt: child.attempt,
    finished_rank: extra.finishedRank,
    overall: child.verdict?.overall ?? null,
    checks: checks.length,
    checks_met: checks.filter((clause) => clause.status === 'met').length,
    cost_usd: child.usage.costUsd,
    total_tokens: child.usage.totalTokens,
    steps: child.usage.steps,
    diff_sha256: child.diffSha256,
    error: child.error,
  };
}

function legFromAnchor(entry: EntryOf<'child_anchor'>): FanoutLeg {
  const p = entry.payload;
  return {
    attempt: p.attempt ?? 0,
    sessionId: p.child_session_id,
    anchorSeq: entry.seq,
    // An anchor without a status (written before child runs) is no attempt that can win.
    status: p.status ?? 'failed',
    overall: p.overall ?? null,
    verdictRef: p.verdict_ref ?? null,
    checksMet: p.checks_met ?? 0,
    checks: p.checks ?? 0,
    costUsd: p.cost_usd ?? 0,
    totalTokens: p.total_tokens ?? 0,
    finishedRank: p.finished_rank ?? 0,
    error: p.error ?? null,
    diffSha256: p.diff_sha256 ?? null,
  };
}

/** Placeholders for the attempts no admitted leg stands for: they never win, and they count in a vote. */
function absentLegs(legs: readonly FanoutLeg[], k: number): FanoutLeg[] {
  const present = new Set(legs.map((leg) => leg.attempt));
  return Array.from({ length: k }, (_, i) => i + 1)
    .filter((attempt) => !present.has(attempt))
    .map((attempt) => ({
      attempt,
      sessionId: '',
      anchorSeq: -1,
      status: 'failed',
      overall: null,
      verdictRef: null,
      checksMet: 0,
      checks: 0,
      costUsd: 0,
      totalTokens: 0,
      finishedRank: Number.POSITIVE_INFINITY,
      error: 'no admitted leg',
      diffSha256: null,
    }));
}

/**
 * What a reduction of runner legs records besides the choice: the legs the reducer job refused
 * (artifact, attempt, why) and the attempts no leg came for (docs/fanout.md "Fan-out across runners").
 */
function runnerFacts(
  runners: RunnerLegs,
  legs: readonly FanoutLeg[],
  k: number,
  redact: Redactor,
): Pick<PayloadOf<'fanout_reduction'>, 'runners' | 'excluded' | 'missing'> {
  const present = new Set(legs.map((leg) => leg.attempt));
  const refused = new Set(runners.excluded.map((leg) => leg.attempt));
  return {
    runners: true,
    excluded: runners.excluded.map((leg) => ({ ...leg, reason: redact(leg.reason) })),
    missing: Array.from({ length: k }, (_, i) => i + 1).filter((a) => !present.has(a) && !refused.has(a)),
  };
}

/** A replayed attempt's spend counts against this run's budget again, as replayed model calls do. */
function rechargeParent(parent: Omit<ParentRun, 'sessionId'>, entry: EntryOf<'child_anchor'>): void {
  try {
    parent.ctx.budget.record({
      inputTokens: entry.payload.total_tokens ?? 0,
      outputTokens: 0,
      costUsd: entry.payload.cost_usd ?? 0,
      steps: entry.payload.steps ?? 0,
    });
  } catch (error) {
    if (!(error instanceof BudgetExceededError)) throw error;
  }
}

async function judge(
  session: DurableSession,
  parent: Omit<ParentRun, 'sessionId'>,
  contract: ResolvedContract,
  legs: readonly FanoutLeg[],
  redact: Redactor,
): Promise<Choice> {
  const passed = legs.filter((leg) => leg.overall === 'pass');
  if (passed.length === 0)
    return { winner: null, why: 'no attempt passed: nothing for the judges to choose between' };
  if (passed.length === 1) {
    return {
      winner: passed[0] as FanoutLeg,
      why: `attempt ${passed[0]?.attempt} is the only one that passed; the judges were not asked`,
    };
  }
  if ('unavailable' in parent.panel) {
    const fallback = bestScore(passed);
    return {
      winner: fallback.winner,
      why: `no panel to judge (${parent.panel.unavailable}); ${fallback.why}`,
    };
  }
  return judgeCandidates({
    session,
    store: parent.store,
    contract,
    candidates: passed,
    seats: parent.panel.seats,
    ctx: parent.ctx,
    redact,
    nonce: parent.evidenceNonce,
  });
}

/** The winner's signed verdict, read from its ledger: the parent's verdict is the chosen attempt's. */
function winnerVerdict(store: ParentRun['store'], winner: FanoutLeg): Verdict {
  const ref = winner.verdictRef as VerdictRef;
  for (const entry of store.entries(winner.sessionId)) {
    if (entry.seq !== ref.seq) continue;
    return recordedVerdict(readEntry(entry, 'verdict'));
  }
  throw new Error(
    `the winning attempt's verdict (session ${winner.sessionId}, seq ${ref.seq}) is not in the ledger`,
  );
}

/** No winner: fail closed (UNVERIFIABLE only when every attempt that reached a verdict was unverifiable). */
function noWinnerVerdict(legs: readonly FanoutLeg[], why: string): Verdict {
  const verdicts = legs.map((leg) => leg.overall);
  const overall: Overall =
    verdicts.length > 0 && verdicts.every((o) => o === 'unverifiable') ? 'unverifiable' : 'fail';
  // A forced reason reads as "forced FAIL"; an UNVERIFIABLE run says why through the reduction.
  return { overall, clauses: [], forced: overall === 'fail' ? [`fan-out chose no attempt: ${why}`] : [] };
}
