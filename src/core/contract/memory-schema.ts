import { z } from 'zod';
import { builtOnce } from './lazy-section.js';

/** Parts of the in-loop agent's context that compaction may be told never to elide. */
export const COMPACTION_EXEMPT_LAYERS = ['goal', 'memory'] as const;

/**
 * `[memory.compaction]`: governed compaction of the in-loop agent's context (docs/context.md). Off
 * unless `mode` says otherwise; at a step boundary where the projected context passes `threshold`
 * of the model's window, the history before the last `min_tail` messages is summarized by the
 * executor's model (`summarize`) or dropped with a notice (`evict`), and a signed
 * `compaction_performed` records it. The goal is never compacted. Made on first use (lazy-section.ts).
 */
export const compactionSchema = builtOnce(() =>
  z.strictObject({
    mode: z.enum(['off', 'summarize', 'evict']).optional(),
    threshold: z
      .number()
      .gt(0, 'must be above 0')
      .max(1, 'must be at most 1 (a fraction of the window)')
      .optional(),
    min_tail: z
      .number()
      .int()
      .min(2, 'must keep at least the last exchange (2 messages)')
      .max(1000)
      .optional(),
    exempt: z
      .array(z.enum(COMPACTION_EXEMPT_LAYERS))
      .refine((layers) => layers.includes('goal'), {
        message: 'must include "goal": the goal block is never compacted',
      })
      .optional(),
  }),
);

/** What an absent `[memory]` key means (docs/context.md). */
export const MEMORY_DEFAULTS = Object.freeze({
  goal_repin_every: 8,
  compaction: Object.freeze({ mode: 'off' as const, threshold: 0.7, min_tail: 6, exempt: ['goal'] as const }),
});

/** Recall defaults (docs/memory.md "Recall"): at most this many lessons, within this many tokens. */
export const DEFAULT_LESSON_RECALL_MAX = 5;
export const DEFAULT_LESSON_RECALL_TOKENS = 512;
/** Extracted lessons below this salience are dropped (docs/memory.md "Lessons"). */
export const DEFAULT_LESSON_SALIENCE_MIN = 0.7;

/**
 * `[memory]`: what a run takes from and gives to governed memory (docs/memory.md) and what the
 * in-loop agent keeps in view across a long run (docs/context.md). Absent, a run recalls up to five
 * verified lessons, extracts none, recalls no playbooks, re-pins the goal every 8 steps and does not
 * compact; the contract resolves and hashes as it always did (no schema defaults here: readers
 * apply them, {@link memorySettings} and {@link MEMORY_DEFAULTS}). Made on first use (lazy-section.ts).
 */
export const memorySchema = builtOnce(() =>
  z.strictObject({
    /** After the verdict, ask a model for lessons (what failed and why, what fixed it): unverified entries. */
    lessons: z.enum(['off', 'on']).optional(),
    /** Lessons the model scores below this are not proposed. */
    lesson_salience_min: z.number().min(0).max(1).optional(),
    /** Verified lessons recalled into the executor's prompt; 0 turns recall off. */
    lesson_recall_max: z.number().int().min(0).max(50).optional(),
    /** Token budget of the recalled block. */
    lesson_recall_tokens: z.number().int().min(0).max(8192).optional(),
    /** Recall verified playbooks too (opt-in per contract). */
    playbooks: z.boolean().optional(),
    /** Re-inject the goal (intent + definition of done) every N model steps; 0 turns it off. */
    goal_repin_every: z.number().int().min(0).max(10_000).optional(),
    compaction: compactionSchema().optional(),
  }),
);

export type MemorySettings = z.infer<ReturnType<typeof memorySchema>>;
export type CompactionSettings = z.infer<ReturnType<typeof compactionSchema>>;

/** The recall and lesson settings with their defaults applied (docs/memory.md). */
export function memorySettings(
  settings: MemorySettings | undefined,
): Required<
  Pick<
    MemorySettings,
    'lessons' | 'lesson_salience_min' | 'lesson_recall_max' | 'lesson_recall_tokens' | 'playbooks'
  >
> {
  return {
    lessons: settings?.lessons ?? 'off',
    lesson_salience_min: settings?.lesson_salience_min ?? DEFAULT_LESSON_SALIENCE_MIN,
    lesson_recall_max: settings?.lesson_recall_max ?? DEFAULT_LESSON_RECALL_MAX,
    lesson_recall_tokens: settings?.lesson_recall_tokens ?? DEFAULT_LESSON_RECALL_TOKENS,
    playbooks: settings?.playbooks ?? false,
  };
}
