import { type BudgetLimits, BudgetMeter } from './budget.js';

/**
 * A child run's meter (docs/fanout.md "Budget slices"): it enforces the child's own slice and
 * charges every use to its parent's meter as well, so the tree has one shared account. Before a call
 * the parent (and, through it, every ancestor) is asked first: once the tree has reached the parent's
 * ceiling no child starts another call, whatever its own slice says. After a call the usage lands on
 * every level before any ceiling is enforced, so the parent's total is always the sum of its children.
 */
export class SlicedBudgetMeter extends BudgetMeter {
  constructor(
    readonly parent: BudgetMeter,
    slice: BudgetLimits,
    onWarning: (message: string) => void = () => {},
  ) {
    super(slice, onWarning);
  }

  override assertCanSpend(): void {
    this.parent.assertCanSpend();
    super.assertCanSpend();
  }

  override record(usage: {
    inputTokens: number;
    outputTokens: number;
    costUsd: number;
    steps?: number;
  }): void {
    let parentError: unknown;
    try {
      this.parent.record(usage);
    } catch (error) {
      parentError = error;
    }
    super.record(usage);
    if (parentError) throw parentError;
  }
}

/**
 * The slice a child gets: what was asked for, never more than the parent's own ceiling in any
 * dimension (a slice larger than what is left is allowed: the shared meter stops it). A dimension
 * the request leaves open inherits the parent's ceiling.
 */
export function clampSlice(requested: BudgetLimits, parent: BudgetLimits): BudgetLimits {
  const min = (a: number | undefined, b: number | undefined) =>
    a === undefined ? b : b === undefined ? a : Math.min(a, b);
  return {
    maxCostUsd: min(requested.maxCostUsd, parent.maxCostUsd),
    maxTotalTokens: min(requested.maxTotalTokens, parent.maxTotalTokens),
    maxSteps: min(requested.maxSteps, parent.maxSteps),
  };
}

/** An even share of the parent's ceilings for each of `k` siblings (steps rounded down, at least 1). */
export function evenSlice(parent: BudgetLimits, k: number): BudgetLimits {
  const share = (limit: number | undefined) => (limit === undefined ? undefined : limit / k);
  return {
    maxCostUsd: share(parent.maxCostUsd),
    maxTotalTokens: parent.maxTotalTokens === undefined ? undefined : Math.floor(parent.maxTotalTokens / k),
    maxSteps: parent.maxSteps === undefined ? undefined : Math.max(1, Math.floor(parent.maxSteps / k)),
  };
}
