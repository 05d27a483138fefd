import { z } from 'zod';

/** Recall defaults (docs/memory.md "Recall"): at most this many lessons, within this many tokens. */
export const DEFAULT_LESSON_RECALL_MAX = 5;
export const DEFAULT_LESSON_RECALL_TOKENS = 512;
/** Extracted lessons below this salience are dropped (docs/memory.md "Lessons"). */
export const DEFAULT_LESSON_SALIENCE_MIN = 0.7;

/**
 * `[memory]`: what a run takes from and gives to governed memory (docs/memory.md). Absent, a run
 * recalls up to five verified lessons, extracts none, recalls no playbooks, and the contract
 * resolves and hashes as it always did (no schema defaults here; readers apply them).
 */
export const MemorySchema = z.strictObject({
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
});

export type MemorySettings = z.infer<typeof MemorySchema>;

/** The settings with their defaults applied. */
export function memorySettings(settings: MemorySettings | undefined): Required<MemorySettings> {
  return {
    lessons: settings?.lessons ?? 'off',
    lesson_salience_min: settings?.lesson_salience_min ?? DEFAULT_LESSON_SALIENCE_MIN,
    lesson_recall_max: settings?.lesson_recall_max ?? DEFAULT_LESSON_RECALL_MAX,
    lesson_recall_tokens: settings?.lesson_recall_tokens ?? DEFAULT_LESSON_RECALL_TOKENS,
    playbooks: settings?.playbooks ?? false,
  };
}
