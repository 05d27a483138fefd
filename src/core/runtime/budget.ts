/** Hard ceilings of a contract's `[budget]`; undefined means unlimited. */
export interface BudgetLimits {
  maxCostUsd?: number | undefined;
  maxTotalTokens?: number | undefined;
  maxSteps?: number | undefined;
}

export interface BudgetSpent {
  costUsd: number;
  totalTokens: number;
  steps: number;
}

/** Thrown before a call that would start past a ceiling, or after a call that crossed one. */
export class BudgetExceededError extends Error {
  override name = 'BudgetExceededError';
  constructor(
    readonly dimension: 'cost' | 'tokens' | 'steps',
    readonly spent: BudgetSpent,
    readonly limits: BudgetLimits,
    /**
     * Thrown by `record`: the charge of the call that crossed the ceiling. That call was made and
     * paid for, so whoever records it (a seat's vote) records this usage, not zero. Undefined when
     * thrown before a call (`assertCanSpend`).
     */
    readonly charged?: BudgetCharge,
  ) {
    super(`budget exhausted: ${describe(dimension, spent, limits)}`);
  }
}

/** What one call is charged: its tokens and cost (and agent steps). */
export interface BudgetCharge {
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  steps?: number;
}

function describe(
  dimension: BudgetExceededError['dimension'],
  spent: BudgetSpent,
  limits: BudgetLimits,
): string {
  switch (dimension) {
    case 'cost':
      return `spent $${spent.costUsd.toFixed(4)} of max_cost_usd $${limits.maxCostUsd}`;
    case 'tokens':
      return `used ${spent.totalTokens} of max_total_tokens ${limits.maxTotalTokens}`;
    case 'steps':
      return `took ${spent.steps} of max_steps ${limits.maxSteps}`;
  }
}

/**
 * Tracks spend against the contract's ceilings. Every model call checks before it starts
 * (`assertCanSpend`) and records after it returns (`record`, which throws when a ceiling was
 * crossed), so a run can overshoot by at most one call and never silently.
 */
export class BudgetMeter {
  readonly spent: BudgetSpent = { costUsd: 0, totalTokens: 0, steps: 0 };
  #warned = false;

  constructor(
    readonly limits: BudgetLimits,
    private readonly onWarning: (message: string) => void = () => {},
  ) {}

  assertCanSpend(): void {
    const over = this.#exceeded(true);
    if (over) throw new BudgetExceededError(over, { ...this.spent }, this.limits);
  }

  record(usage: BudgetCharge): void {
    this.spent.totalTokens += usage.inputTokens + usage.outputTokens;
    this.spent.costUsd += usage.costUsd;
    this.spent.steps += usage.steps ?? 0;
    const over = this.#exceeded(false);
    if (over) throw new BudgetExceededError(over, { ...this.spent }, this.limits, { ...usage });
    if (!this.#warned && this.fraction() >= 0.8) {
      this.#warned = true;
      this.onWarning(`80% of the budget is spent (${Math.round(this.fraction() * 100)}%)`);
    }
  }

  /** The largest used fraction across the limited dimensions (0 when nothing is limited). */
  fraction(): number {
    const { maxCostUsd, maxTotalTokens, maxSteps } = this.limits;
    return Math.max(
      maxCostUsd ? this.spent.costUsd / maxCostUsd : 0,
      maxTotalTokens ? this.spent.totalTokens / maxTotalTokens : 0,
      maxSteps ? this.spent.steps / maxSteps : 0,
    );
  }

  #exceeded(beforeCall: boolean): BudgetExceededError['dimension'] | null {
    const { maxCostUsd, maxTotalTokens, maxSteps } = this.limits;
    const past = (spent: number, limit: number | undefined) =>
      limit !== undefined && (beforeCall ? spent >= limit : spent > limit);
    if (past(this.spent.costUsd, maxCostUsd)) return 'cost';
    if (past(this.spent.totalTokens, maxTotalTokens)) return 'tokens';
    if (past(this.spent.steps, maxSteps)) return 'steps';
    return null;
  }
}

/** A contract's `[budget]` section (snake_case, as written in TOML). */
export interface ContractBudget {
  max_cost_usd?: number | undefined;
  max_total_tokens?: number | undefined;
  max_steps?: number | undefined;
}

/** The meter for a contract's `[budget]`: one place maps the TOML keys onto the limits. */
export function budgetMeterFor(budget: ContractBudget, onWarning: (message: string) => void): BudgetMeter {
  return new BudgetMeter(
    { maxCostUsd: budget.max_cost_usd, maxTotalTokens: budget.max_total_tokens, maxSteps: budget.max_steps },
    onWarning,
  );
}
