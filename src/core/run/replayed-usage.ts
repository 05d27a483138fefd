import { BudgetExceededError, type BudgetMeter } from '../runtime/budget.js';

/**
 * A replayed seat (a reviewer or a fan-out judge) was paid for in the run that recorded it: charge
 * its recorded usage to this run's meter again, so a resumed run spends what the original did. Going
 * over the ceiling here is not an error of the replay; the message is returned for the caller to report.
 */
export function chargeReplayedUsage(
  budget: BudgetMeter,
  usage: { input_tokens?: number; output_tokens?: number; cost_usd?: number } | undefined,
): string | null {
  try {
    budget.record({
      inputTokens: usage?.input_tokens ?? 0,
      outputTokens: usage?.output_tokens ?? 0,
      costUsd: usage?.cost_usd ?? 0,
    });
    return null;
  } catch (error) {
    if (!(error instanceof BudgetExceededError)) throw error;
    return error.message;
  }
}
