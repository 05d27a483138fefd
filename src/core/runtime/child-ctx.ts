import type { Isolation } from '../process/isolation.js';
import type { BudgetMeter } from './budget.js';
import type { Ctx, EventSink } from './ctx.js';

/** A child's scoped context and the handles its runner needs. */
export interface ChildContext {
  ctx: Ctx;
  /** Cancels the child (and everything it started) without touching the parent. */
  cancel(reason: string): void;
  /** Why the child was cancelled: `deadline`, the parent's cancellation, or the reason given to cancel(). */
  readonly cancelReason: string | null;
  /** Stops the deadline timer and detaches from the parent's signal. */
  dispose(): void;
}

/**
 * A child run's context (docs/fanout.md "Child runs"): cancelling the parent cancels the child, the
 * child's deadline is the tighter of the parent's and `timeoutMs` from now (at which it is
 * cancelled), its budget is the meter given (a slice that also charges the parent's), and it keeps
 * the parent's clock and isolation (a fan-out attempt: its own view of it).
 */
export function childCtx(
  parent: Ctx,
  scope: {
    budget: BudgetMeter;
    events: EventSink;
    timeoutMs?: number | undefined;
    /** A fan-out attempt's own view of the parent's isolation (docs/fanout.md); unset: the parent's. */
    isolation?: Isolation | undefined;
  },
): ChildContext {
  const controller = new AbortController();
  let cancelReason: string | null = null;
  const cancel = (reason: string) => {
    if (controller.signal.aborted) return;
    cancelReason = reason;
    controller.abort(reason);
  };
  const onParentAbort = () => cancel(`the parent run was cancelled (${String(parent.signal.reason)})`);
  if (parent.signal.aborted) onParentAbort();
  else parent.signal.addEventListener('abort', onParentAbort, { once: true });
  const own = scope.timeoutMs === undefined ? null : parent.now() + scope.timeoutMs;
  const deadline =
    own === null ? parent.deadline : parent.deadline === null ? own : Math.min(own, parent.deadline);
  let timer: NodeJS.Timeout | undefined;
  if (deadline !== null) {
    timer = setTimeout(() => cancel('deadline'), Math.max(0, deadline - parent.now()));
    timer.unref();
  }
  const ctx: Ctx = {
    signal: controller.signal,
    deadline,
    budget: scope.budget,
    events: scope.events,
    ...(scope.isolation
      ? { isolation: scope.isolation }
      : parent.isolation
        ? { isolation: parent.isolation }
        : {}),
    now: () => parent.now(),
  };
  return {
    ctx,
    cancel,
    get cancelReason() {
      return cancelReason;
    },
    dispose() {
      if (timer) clearTimeout(timer);
      parent.signal.removeEventListener('abort', onParentAbort);
    },
  };
}
