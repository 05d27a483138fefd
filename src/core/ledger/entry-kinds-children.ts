/**
 * The entry kinds of child runs (docs/fanout.md, docs/eval.md) for the catalogue (entry-kinds.ts):
 * a parent's `child_anchor`, a fan-out's judge votes, reduction and applied diff, and `truss eval`'s
 * report. The verifier checks anchors, reductions and eval reports against each other
 * (child-anchor.ts).
 */
import { flag, hex32, index, num, opt, overall, text, UsageSchema } from './entry-shapes.js';
import { array, type Infer, looseObject, maybe, nullable, object, oneOf } from './payload-shape.js';

/** How a child run ended, as its parent's `child_anchor` records it (docs/fanout.md). */
export const CHILD_STATUSES = ['completed', 'failed', 'cancelled', 'suspended'] as const;

/** Where a child's `verdict` entry is (docs/fanout.md): its seq and entry hash. */
export const VerdictRefSchema = object({ seq: index, entry_hash: hex32 });

/** One child a `fanout_reduction` or an `eval_report` counts: the anchor that holds it. */
export const ChildRefSchema = object({
  anchor_seq: index,
  child_session_id: text,
  /** Absent reads as null (the child ended without a verdict). */
  verdict_ref: maybe(VerdictRefSchema),
});

/**
 * What a parent records of a child run besides the two fields every anchor has had (docs/fanout.md
 * "What the ledger records"): the verifier checks root, verdict ref and status against the child;
 * the rest is what reducers and `truss eval` weigh, so a resumed run re-derives its choice from the
 * anchors alone. Anchors written before child runs carry none of it.
 */
export const childAnchorFields = {
  child_root_hash: opt(hex32),
  task: opt(text),
  /** The child's write scope. */
  scope: opt(object({ write_scope: opt(array(text)) })),
  /** The child's share of the parent's budget (src/core/runtime/budget.ts `ContractBudget`). */
  budget_slice: opt(object({ max_cost_usd: opt(num), max_total_tokens: opt(num), max_steps: opt(num) })),
  /** How the child ended; a `completed` child must end with `run_completed`. */
  status: opt(oneOf(CHILD_STATUSES)),
  verdict_ref: maybe(VerdictRefSchema),
  attempt: opt(index),
  finished_rank: opt(num),
  overall: maybe(overall),
  checks: opt(num),
  checks_met: opt(num),
  cost_usd: opt(num),
  total_tokens: opt(num),
  steps: opt(num),
  diff_sha256: maybe(text),
  error: maybe(text),
  /** `truss eval`: the arm and repeat this child ran for, and its wall time. */
  arm: opt(text),
  repeat: opt(index),
  wall_ms: opt(num),
  /** `truss bench-verdicts`: the record and the patch (`good`, `bad`, `model`) this child judged. */
  instance_id: opt(text),
  side: opt(text),
};

/**
 * One arm of an `eval_report` (src/core/run/eval.ts writes every field): the verifier relies on
 * `child_refs`, the rest describes the arm and is type-checked when present.
 */
export const EvalArmSchema = object({
  name: text,
  /** The one setting this arm changes, `PATH=VALUE`. */
  change: opt(text),
  contract_hash: opt(text),
  runs: opt(index),
  passes: opt(index),
  pass_rate: opt(num),
  cost_usd: opt(num),
  tokens: opt(num),
  wall_ms: opt(num),
  child_refs: array(object({ ...ChildRefSchema.members, overall: maybe(overall) })),
});

/**
 * What a child's `run_started` records of its parent (docs/fanout.md "Child runs"): the parent
 * session, the attempt and what it was given — and, for an eval leg on an Actions runner, its arm
 * and repeat. A reducer job admits a runner leg only if these name its fan-out (leg-admission.ts).
 */
export const ChildParentSchema = looseObject({
  session_id: text,
  attempt: opt(index),
  task: opt(text),
  scope: opt(object({ write_scope: opt(array(text)) })),
  budget_slice: opt(object({ max_cost_usd: opt(num), max_total_tokens: opt(num), max_steps: opt(num) })),
  arm: opt(text),
  repeat: opt(index),
});

/** A leg a reducer job refused (docs/fanout.md "Fan-out across runners"): its artifact, claim and why. */
export const ExcludedLegSchema = object({
  artifact: text,
  attempt: maybe(index),
  arm: opt(maybe(text)),
  reason: text,
});

export const EvalDeltaSchema = object({
  arm: text,
  vs: text,
  pass_rate: opt(num),
  cost_usd: opt(num),
  tokens: opt(num),
  wall_ms: opt(num),
});

export type VerdictRef = Infer<typeof VerdictRefSchema>;
export type ChildParent = Infer<typeof ChildParentSchema>;
export type ChildRef = Infer<typeof ChildRefSchema>;

export const CHILD_RUN_KINDS = {
  /**
   * The parent commits to a child session's final head and, since child runs (docs/fanout.md), to
   * its first entry, its verdict entry and what it was asked to do; the later fields are optional,
   * so anchors written before them still verify.
   */
  child_anchor: looseObject({ child_session_id: text, child_head_hash: text, ...childAnchorFields }),
  /** One judge seat's choice among a fan-out's passing attempts (`choice` is an attempt number). */
  fanout_judge_vote: looseObject({
    seat: index,
    provider: text,
    model: text,
    choice: nullable(index),
    reasoning: opt(text),
    usage: opt(UsageSchema),
    error: maybe(text),
  }),
  /** Which anchored child a fan-out chose and why; the verifier checks it against the anchors. */
  fanout_reduction: looseObject({
    reducer: text,
    attempts: opt(index),
    children: array(ChildRefSchema),
    winner: maybe(object({ ...ChildRefSchema.members, attempt: opt(index) })),
    why: opt(text),
    /** Attempts that ran on Actions runners: the legs refused, and the attempts no leg came for. */
    runners: opt(flag),
    excluded: opt(array(ExcludedLegSchema)),
    missing: opt(array(index)),
  }),
  /** The winning child's diff applied to the parent's workdir (or why not). */
  fanout_applied: looseObject({
    child_session_id: text,
    diff_sha256: text,
    applied: flag,
    error: maybe(text),
  }),
  /** `truss eval` (docs/eval.md): every run it counts is a child anchored before it. */
  eval_report: looseObject({
    repeats: index,
    arms: array(EvalArmSchema),
    delta: array(EvalDeltaSchema),
    summary: text,
    /** Runs on Actions runners (docs/eval.md "On Actions"): legs refused, and runs no leg came for. */
    excluded: opt(array(ExcludedLegSchema)),
    missing: opt(array(object({ arm: text, repeat: index }))),
  }),
};
