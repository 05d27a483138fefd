import { z } from 'zod';
import { builtOnce } from './lazy-section.js';

/** How a fan-out picks its winner (docs/fanout.md "Reducers"). */
export const FANOUT_REDUCERS = ['first_success', 'best_score', 'vote', 'judge_panel'] as const;
export type FanoutReducer = (typeof FANOUT_REDUCERS)[number];

/**
 * `[fanout]` (contract files only): run the contract as `attempts` child runs and keep one signed
 * choice (docs/fanout.md). Absent, a contract runs once, and resolves and hashes as it always did.
 * Made on first use (lazy-section.ts).
 */
export const fanoutSchema = builtOnce(() =>
  z.strictObject({
    attempts: z.number().int().min(1).max(32),
    reducer: z.enum(FANOUT_REDUCERS).default('vote'),
    /** How many attempts run at the same time (default: all of them). */
    concurrency: z.number().int().min(1).max(32).optional(),
    /** Each attempt's wall-clock limit, within the run's own deadline. */
    timeout_sec: z.number().positive().max(86_400).optional(),
    /** Each attempt's budget slice; default an even share of `[budget]`. Every attempt also counts against `[budget]`. */
    budget_slice: z
      .strictObject({
        max_cost_usd: z.number().nonnegative().optional(),
        max_total_tokens: z.number().int().nonnegative().optional(),
        max_steps: z.number().int().positive().optional(),
      })
      .optional(),
  }),
);

export type FanoutSettings = z.infer<ReturnType<typeof fanoutSchema>>;
