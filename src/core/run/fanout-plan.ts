import { contractHash as hashContract } from '../contract/resolve.js';
import type { ResolvedContract } from '../contract/schema.js';
import type { BudgetLimits, ContractBudget } from '../runtime/budget.js';
import { clampSlice, evenSlice } from '../runtime/budget-slice.js';

/** What every attempt of a fan-out is given: one contract, its hash, its budget slice and scope. */
export interface FanoutChildPlan {
  /** The parent's contract without `[fanout]`, with the slice as its `[budget]`. */
  contract: ResolvedContract;
  contractHash: string;
  budgetSlice: ContractBudget;
  scope: { write_scope: string[] };
  task: string;
}

/**
 * The child contract of a `[fanout]` contract (docs/fanout.md "Budget slices"). In one process
 * (`shared`) the slice is `[fanout.budget_slice]` clamped to the ceiling, or an even share, and the
 * tree meter stops the attempts at the ceiling together. On Actions runners (`static`) there is no
 * shared meter, so each leg's slice is also at most ceiling ÷ K in every dimension: K legs can then
 * never spend more than the ceiling between them. The leg and the reducer job both derive the plan
 * from the same contract, so the reducer knows the contract hash every honest leg signed.
 */
export function fanoutChildPlan(contract: ResolvedContract, meter: 'shared' | 'static'): FanoutChildPlan {
  const settings = contract.fanout;
  if (!settings) throw new Error(`contract ${contract.contract.id} has no [fanout]`);
  const { fanout: _fanout, ...single } = contract;
  const limits: BudgetLimits = {
    maxCostUsd: contract.budget.max_cost_usd,
    maxTotalTokens: contract.budget.max_total_tokens,
    maxSteps: contract.budget.max_steps,
  };
  const even = evenSlice(limits, settings.attempts);
  const requested = settings.budget_slice
    ? clampSlice(
        {
          maxCostUsd: settings.budget_slice.max_cost_usd,
          maxTotalTokens: settings.budget_slice.max_total_tokens,
          maxSteps: settings.budget_slice.max_steps,
        },
        limits,
      )
    : even;
  const slice = meter === 'static' ? clampSlice(requested, even) : requested;
  const budgetSlice: ContractBudget = JSON.parse(
    JSON.stringify({
      max_cost_usd: slice.maxCostUsd,
      max_total_tokens: slice.maxTotalTokens,
      max_steps: slice.maxSteps,
    }),
  );
  const child: ResolvedContract = { ...single, budget: budgetSlice };
  return {
    contract: child,
    contractHash: hashContract(child),
    budgetSlice,
    scope: { write_scope: [...contract.constraints.write_scope] },
    task: contract.contract.intent,
  };
}
