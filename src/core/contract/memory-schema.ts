import { z } from 'zod';

/** Parts of the in-loop agent's context that compaction may be told never to elide. */
export const COMPACTION_EXEMPT_LAYERS = ['goal', 'memory'] as const;

/**
 * `[memory.compaction]`: governed compaction of the in-loop agent's context (docs/context.md). Off
 * unless `mode` says otherwise; at a step boundary where the projected context passes `threshold`
 * of the model's window, the history before the last `min_tail` messages is summarized by the
 * executor's model (`summarize`) or dropped with a notice (`evict`), and a signed
 * `compaction_performed` records it. The goal is never compacted.
 */
export const CompactionSchema = z.strictObject({
  mode: z.enum(['off', 'summarize', 'evict']).optional(),
  threshold: z
    .number()
    .gt(0, 'must be above 0')
    .max(1, 'must be at most 1 (a fraction of the window)')
    .optional(),
  min_tail: z.number().int().min(2, 'must keep at least the last exchange (2 messages)').max(1000).optional(),
  exempt: z
    .array(z.enum(COMPACTION_EXEMPT_LAYERS))
    .refine((layers) => layers.includes('goal'), {
      message: 'must include "goal": the goal block is never compacted',
    })
    .optional(),
});

/** What an absent `[memory]` key means (docs/context.md). */
export const MEMORY_DEFAULTS = Object.freeze({
  goal_repin_every: 8,
  compaction: Object.freeze({ mode: 'off' as const, threshold: 0.7, min_tail: 6, exempt: ['goal'] as const }),
});

/**
 * `[memory]`: what the in-loop agent keeps in view across a long run (docs/context.md). No schema
 * defaults ({@link MEMORY_DEFAULTS} apply where it is read), so contracts that omit it resolve and
 * hash as before.
 */
export const MemorySchema = z.strictObject({
  /** Re-inject the goal (intent + definition of done) every N model steps; 0 turns it off. */
  goal_repin_every: z.number().int().min(0).max(10_000).optional(),
  compaction: CompactionSchema.optional(),
});

export type MemorySettings = z.infer<typeof MemorySchema>;
export type CompactionSettings = z.infer<typeof CompactionSchema>;
