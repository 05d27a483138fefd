/**
 * The parts the entry-kind catalogue (entry-kinds.ts) builds payload schemas from: output streams,
 * the check runner's fields, a tool's outcome, an executor's recorded work, git facts, waits, model
 * content blocks, injection findings and verdict clauses; and the readers of two values that only
 * describe (a suspension's `await`, a `run_started` contract).
 */
import {
  array,
  boolean,
  fits,
  type Infer,
  index as indexShape,
  literal,
  looseObject,
  maybe,
  nullable,
  number,
  object,
  oneOf,
  optional,
  record,
  string,
  union,
  unknown,
} from './payload-shape.js';

export const text = string();
export const num = number();
export const flag = boolean();
export const index = indexShape();
export const hex32 = string(/^[0-9a-f]{64}$/, 'expected 64 lowercase hex characters');
export const counts = record(number());
export const json = record(unknown());
export const opt = optional;

/** A clause's outcome, a seat's vote. */
export const CLAUSE_STATUSES = ['met', 'not_met', 'unverifiable'] as const;
/** The machine verdict of a run. */
export const OVERALLS = ['pass', 'fail', 'unverifiable'] as const;
export const status = oneOf(CLAUSE_STATUSES);
export const overall = oneOf(OVERALLS);

/** One captured output stream of a check or a delegated CLI: hashes and sizes, the tail by hash (`tail` inline before). */
export const OutputStreamSchema = object({
  sha256: opt(text),
  bytes: opt(num),
  captured_bytes: opt(num),
  truncated: opt(flag),
  tail_sha256: opt(text),
  tail_bytes: opt(num),
  tail: opt(text),
});

/**
 * What one run of the check runner journals (src/core/verify/check-entry.ts). Every reader takes
 * only `met: true` as met, so a hand-written entry without it reads as not met.
 */
export const CheckRunSchema = object({
  exit_code: maybe(num),
  signal: maybe(text),
  timed_out: opt(flag),
  met: opt(flag),
  reasons: opt(array(text)),
  duration_ms: opt(num),
  stdout: opt(OutputStreamSchema),
  stderr: opt(OutputStreamSchema),
  redactions: opt(counts),
});
export const checkRun = CheckRunSchema.members;

/** A tool's outcome as journaled: content inline, or by sha256 when large. */
export const ToolOutcomeSchema = object({
  content: opt(text),
  content_sha256: opt(text),
  content_bytes: opt(num),
  is_error: opt(flag),
  data: opt(json),
  redactions: opt(counts),
});
export const toolOutcome = ToolOutcomeSchema.members;

/** The work an executor recorded: where it started and its diff (the clean room is rebuilt from it). */
export const recordedWork = {
  diff_sha256: maybe(text),
  diff_bytes: opt(num),
  diff_truncated: opt(flag),
  diff_error: maybe(text),
  diff_stat: opt(counts),
  changed_files: opt(array(text)),
  head_before: maybe(text),
  head_after: maybe(text),
};

export const GitSchema = object({
  repo: maybe(text),
  base_ref: maybe(text),
  base_sha: maybe(text),
  head_sha: maybe(text),
  dirty: opt(flag),
});

export const ApprovalAwaitSchema = object({
  gate: text,
  tool: opt(text),
  spend: opt(num),
  threshold: opt(num),
});

/** What a suspended run waits for (src/core/runtime/durable-errors.ts `AwaitSpec`). */
export const AwaitSpecSchema = union([
  object({ signal: text }),
  object({ timer: num }),
  object({ approval: ApprovalAwaitSchema }),
]);

export const ContentBlockSchema = union([
  object({ type: literal('text'), text }),
  object({ type: literal('tool_use'), id: text, name: text, input: json, inputError: opt(text) }),
  object({ type: literal('tool_result'), toolUseId: text, content: text, isError: flag }),
]);

/** Tokens and cost of a model call; the prompt-cache counts are parts of `input_tokens` (docs/context.md). */
export const UsageSchema = object({
  input_tokens: opt(num),
  output_tokens: opt(num),
  cost_usd: opt(num),
  cache_read_tokens: opt(num),
  cache_write_tokens: opt(num),
});

export const RecordedInjectionSchema = object({
  policy: text,
  total: num,
  spans: array(
    object({
      rule: text,
      source: text,
      path: text,
      line: nullable(num),
      /** The last line the match covers (injection-detect.ts); absent in entries written before it was recorded. */
      end_line: maybe(num),
      column: num,
      match: text,
    }),
  ),
});

/**
 * A reviewer's finding as its `review_vote` records it (src/core/verify/citations.ts): where the
 * seat said it is, and whether that lies in a changed hunk (then with the hunk lines around it).
 */
export const CitationSchema = object({
  location: text,
  problem: text,
  path: maybe(text),
  start_line: maybe(num),
  end_line: maybe(num),
  anchored: flag,
  unanchored: maybe(text),
  hunk: maybe(object({ header: text, lines: array(object({ n: maybe(num), text })) })),
});

export const ClauseVerdictSchema = object({
  clause: index,
  kind: opt(oneOf(['check', 'review'])),
  desc: opt(text),
  status,
  reason: opt(text),
  votes: opt(object({ met: num, not_met: num, unverifiable: num })),
  injection: opt(object({ policy: text, spans: num, reported_by_seats: array(num), withheld_met: flag })),
});

/** A memoised side effect's signed provenance (DurableSession.sideEffect). */
export const SideEffectSchema = looseObject({
  name: text,
  input: opt(json),
  result: opt(json),
  memo_key: text,
});

/** The shared fields of a run of the check runner (check_result, checks_setup, self_validation). */
export type CheckRunFields = Infer<typeof CheckRunSchema>;
/** The payload fields of a tool's outcome (tool_result, a side effect's result). */
export type ToolOutcomeFields = Infer<typeof ToolOutcomeSchema>;
export type OutputStream = Infer<typeof OutputStreamSchema>;
export type RecordedAwait = Infer<typeof AwaitSpecSchema>;
export type RecordedInjection = Infer<typeof RecordedInjectionSchema>;
export type RecordedClauseVerdict = Infer<typeof ClauseVerdictSchema>;
export type RecordedContentBlock = Infer<typeof ContentBlockSchema>;
export type ClauseStatus = (typeof CLAUSE_STATUSES)[number];
export type Overall = (typeof OVERALLS)[number];

/** A suspension's `await` as one of the three shapes the runtime writes, or null. */
export function readAwaitSpec(value: unknown): RecordedAwait | null {
  return fits(AwaitSpecSchema, value) ? value : null;
}

const IdentitySchema = object({ id: opt(text), title: maybe(text), intent: opt(text) });
const ContractSummarySchema = object({
  ...IdentitySchema.members,
  /** A resolved contract nests its identity here; older and hand-written ones carry it at the top. */
  contract: opt(IdentitySchema),
  done: opt(array(object({ desc: opt(text) }))),
  budget: opt(object({ max_cost_usd: maybe(num), max_total_tokens: maybe(num), max_steps: maybe(num) })),
});

export type ContractSummary = Infer<typeof ContractSummarySchema>;

/**
 * What readers show of a `run_started` contract: its identity (nested or flat), clause descriptions
 * and budget. The contract's full schema belongs to src/core/contract (resume re-parses it there);
 * anything else reads as an empty summary.
 */
export function contractSummary(contract: unknown): ContractSummary {
  return fits(ContractSummarySchema, contract) ? contract : {};
}
