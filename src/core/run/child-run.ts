import { randomUUID } from 'node:crypto';
import type { ResolvedContract } from '../contract/schema.js';
import type { ExecutorOutcome } from '../executors/in-loop.js';
import { type LedgerStore, readEntry, type VerdictRef } from '../ledger/index.js';
import type { Isolation } from '../process/isolation.js';
import type { ContractBudget } from '../runtime/budget.js';
import { SlicedBudgetMeter } from '../runtime/budget-slice.js';
import { childCtx } from '../runtime/child-ctx.js';
import type { GitInfo } from '../verify/git-info.js';
import { recordedVerdict, type Verdict } from '../verify/verdict.js';
import type { ChildStatus } from './fanout-types.js';
import { runContract } from './run-contract.js';
import { type CommonRunOptions, RunAbortedError } from './run-types.js';

/** The parent a child run belongs to: its options (store, signer, panel, …), session and identity. */
export interface ParentRun extends CommonRunOptions {
  sessionId: string;
  codeVersion: string;
  principal: Record<string, unknown>;
  /** The parent's git identity, which a child working on a copy of its work shares. */
  git: GitInfo | null;
}

/** What a child is asked to do, and within what (docs/fanout.md "Child runs"). */
export interface ChildRequest {
  attempt: number;
  /** The task, as the anchor records it. */
  task: string;
  /** The child's own contract: its budget is the slice, its write scope the narrower scope. */
  contract: ResolvedContract;
  contractHash: string;
  workdir: string;
  scope: { write_scope: string[] };
  budgetSlice: ContractBudget;
  /** The child's own wall-clock limit, within the parent's deadline. */
  timeoutMs?: number | undefined;
  /** The attempt's own view of the run's isolation (Isolation.forAttempt); unset: the parent's. */
  isolation?: Isolation | undefined;
}

/** A child run's signed outcome: what its parent anchors. */
export interface ChildResult {
  attempt: number;
  sessionId: string;
  status: ChildStatus;
  verdict: Verdict | null;
  verdictRef: VerdictRef | null;
  rootHash: string;
  headHash: string;
  usage: { costUsd: number; totalTokens: number; steps: number };
  executor: ExecutorOutcome | null;
  /** sha256 of the diff its executor recorded (a blob in the same store); null when it made none. */
  diffSha256: string | null;
  /** Why it ended without a verdict; null when it has one. */
  error: string | null;
}

/**
 * Runs one child: its own signed session in the parent's store (its `run_started` names the parent),
 * under a scoped context — cancelled with the parent, a tighter deadline, a budget slice that also
 * charges the parent's meter — through the same pipeline as any run (runContract). A child that
 * fails or is cancelled still ends with a signed `run_failed`; only a child that could not start at
 * all (no `run_started`) throws. `onCancel` receives the handle that cancels this child alone.
 */
export async function runChild(
  parent: ParentRun,
  request: ChildRequest,
  onCancel?: (cancel: (reason: string) => void) => void,
): Promise<ChildResult> {
  const { ctx } = parent;
  const meter = new SlicedBudgetMeter(
    ctx.budget,
    {
      maxCostUsd: request.budgetSlice.max_cost_usd,
      maxTotalTokens: request.budgetSlice.max_total_tokens,
      maxSteps: request.budgetSlice.max_steps,
    },
    (message) => ctx.events({ type: 'warning', message: `attempt ${request.attempt}: ${message}` }),
  );
  const child = childCtx(ctx, {
    budget: meter,
    // A child's own progress stays in its ledger; its warnings reach the parent's host.
    events: (event) => {
      if (event.type === 'warning')
        ctx.events({ type: 'warning', message: `attempt ${request.attempt}: ${event.message}` });
    },
    timeoutMs: request.timeoutMs,
    isolation: request.isolation,
  });
  onCancel?.(child.cancel);
  const sessionId = randomUUID();
  ctx.events({ type: 'child_started', attempt: request.attempt, sessionId });
  let status: ChildStatus = 'failed';
  let error: string | null = null;
  let executor: ExecutorOutcome | null = null;
  try {
    const outcome = await runContract({
      ...parent,
      workdir: request.workdir,
      ctx: child.ctx,
      contract: request.contract,
      contractHash: request.contractHash,
      sessionId,
      publishChanges: undefined,
      parent: {
        session_id: parent.sessionId,
        attempt: request.attempt,
        task: request.task,
        scope: request.scope,
        budget_slice: request.budgetSlice,
      },
    });
    status = outcome.status === 'completed' ? 'completed' : 'suspended';
    if (outcome.status === 'completed') executor = outcome.executor;
    else error = `suspended: ${outcome.suspension.reason}`;
  } catch (thrown) {
    if (!(thrown instanceof RunAbortedError) || !parent.store.session(sessionId)) throw thrown;
    status = child.cancelReason ? 'cancelled' : 'failed';
    error = child.cancelReason ?? thrown.message;
  } finally {
    child.dispose();
  }
  const result = readChild(parent.store, sessionId);
  ctx.events({
    type: 'child_finished',
    attempt: request.attempt,
    sessionId,
    status,
    overall: result.verdict?.overall ?? null,
    costUsd: meter.spent.costUsd,
  });
  return {
    attempt: request.attempt,
    sessionId,
    status,
    ...result,
    usage: { ...meter.spent },
    executor,
    diffSha256: executor?.work?.diffSha256 ?? null,
    error,
  };
}

/** The signed facts of a finished child, read back from its ledger. */
export function readChild(
  store: LedgerStore,
  sessionId: string,
): { verdict: Verdict | null; verdictRef: VerdictRef | null; rootHash: string; headHash: string } {
  let rootHash = '';
  let verdict: Verdict | null = null;
  let verdictRef: VerdictRef | null = null;
  for (const entry of store.entries(sessionId)) {
    if (entry.seq === 0) rootHash = entry.entry_hash;
    if (entry.kind === 'verdict' && !verdictRef) {
      verdictRef = { seq: entry.seq, entry_hash: entry.entry_hash };
      verdict = recordedVerdict(readEntry(entry, 'verdict'));
    }
  }
  return { verdict, verdictRef, rootHash, headHash: store.requireSession(sessionId).head_hash ?? '' };
}
