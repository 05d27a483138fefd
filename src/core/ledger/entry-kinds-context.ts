/**
 * The entry kinds of the in-loop agent's context (docs/context.md) for the catalogue
 * (entry-kinds.ts): each step's layer sizes and gauge, the goal re-pin and a governed compaction.
 */
import { flag, hex32, index, json, num, opt, text } from './entry-shapes.js';
import { array, looseObject, object } from './payload-shape.js';

/** `[memory.compaction]` as a compaction signs it. */
const CompactionPolicySchema = object({
  mode: text,
  threshold: num,
  min_tail: num,
  exempt: array(text),
});

/** `executor_started.context`: how the in-loop agent's requests are assembled (read by executors/context/settings.ts). */
export const ContextSettingsSchema = object({
  version: num,
  window: num,
  window_source: opt(text),
  goal_repin_every: num,
  compaction: CompactionPolicySchema,
  cache: text,
});

export const CONTEXT_KINDS = {
  /** Before each model step: the estimated tokens of each layer and the gauge's reading. */
  context_layers: looseObject({
    step: index,
    layers: json,
    estimated_tokens: num,
    projected_tokens: num,
    window: num,
    pressure: num,
    memory_ids: opt(array(text)),
  }),
  /** The goal restated after `step` model steps; `goal_sha256` is the re-pin text's hash. */
  goal_repinned: looseObject({ step: index, goal_sha256: hex32, tokens: opt(num) }),
  /**
   * A governed compaction (checked by every verifier: ledger/compaction-check.ts): the journal range
   * whose conversation was replaced and the summary (a blob) by hash.
   */
  compaction_performed: looseObject({
    step: index,
    before_tokens: num,
    after_tokens: num,
    window: opt(num),
    pressure: opt(num),
    elided_range: object({
      from_seq: index,
      to_seq: index,
      from_step: opt(index),
      to_step: opt(index),
      messages: opt(num),
    }),
    summary_sha256: hex32,
    summary_bytes: opt(num),
    summary_seq: opt(index),
    previous_summary_sha256: opt(hex32),
    memory_dropped: opt(flag),
    policy: CompactionPolicySchema,
  }),
};
