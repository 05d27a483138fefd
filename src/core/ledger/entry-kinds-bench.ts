/**
 * The entry kinds of the verdict benchmark (docs/bench-verdicts.md "What is signed") for the
 * catalogue (entry-kinds.ts): one `bench_result` per record and the `bench_report`. The verifier
 * checks them against the child anchors and against each other (bench-entries.ts).
 */
import { VerdictRefSchema } from './entry-kinds-children.js';
import { flag, index, json, num, OVERALLS, opt, overall, text } from './entry-shapes.js';
import { array, type Infer, looseObject, maybe, nullable, object, oneOf } from './payload-shape.js';

/** `good` must PASS, `bad` must not; `model` is a `--solve` prediction, judged against the checks. */
export const BENCH_SIDES = ['good', 'bad', 'model'] as const;
export const JUDGES = ['checks', 'panel', 'both'] as const;

/** One patch of one record: the run that judged it (if any) and what each judge said. */
export const BenchSideSchema = object({
  side: oneOf(BENCH_SIDES),
  /** False when the patch was refused or does not apply: no run, every judge FAIL. */
  applied: flag,
  error: nullable(text),
  /** The `child_anchor` of the run (null when there was no run). */
  anchor_seq: nullable(index),
  child_session_id: nullable(text),
  verdict_ref: nullable(VerdictRefSchema),
  checks: overall,
  /** `skipped`: checks only, no review clause. */
  panel: oneOf([...OVERALLS, 'skipped']),
  /** The run's verdict. */
  both: overall,
  cost_usd: num,
  tokens: num,
  wall_ms: num,
});

/** One judge's figures over the benchmark: the tally of the sides (bench-entries.ts `tallyBench`). */
export const JudgeFiguresSchema = object({
  judge: oneOf(JUDGES),
  runs: index,
  passes: index,
  unverifiable: index,
  /** Sides that should PASS and those the judge did not pass. */
  positives: index,
  false_fail: index,
  false_fail_rate: nullable(num),
  /** Sides that should not PASS and those the judge passed. */
  negatives: index,
  false_pass: index,
  false_pass_rate: nullable(num),
});

export type BenchSide = Infer<typeof BenchSideSchema>;
export type BenchSideKind = (typeof BENCH_SIDES)[number];
export type JudgeFigures = Infer<typeof JudgeFiguresSchema>;
export type JudgeName = (typeof JUDGES)[number];

export const BENCH_KINDS = {
  /** One record: how checks alone, the panel alone and both judged each of its patches. */
  bench_result: looseObject({
    instance_id: text,
    repo: opt(text),
    base_commit: opt(text),
    tests_commit: maybe(text),
    model: maybe(text),
    /** Why the record could not be judged at all (its test_patch does not apply). */
    error: maybe(text),
    sides: array(BenchSideSchema),
    wall_ms: opt(num),
  }),
  /** The benchmark's figures: `records` and `judges` must be the tally of the `bench_result`s. */
  bench_report: looseObject({
    mode: opt(oneOf(['verdicts', 'solve'])),
    reference: opt(oneOf(['labels', 'checks'])),
    dataset: opt(json),
    predictions: maybe(json),
    panel: opt(json),
    records: index,
    errors: opt(array(object({ instance_id: text, error: text }))),
    judges: array(JudgeFiguresSchema),
    cost_usd: opt(num),
    tokens: opt(num),
    wall_ms: opt(num),
    wall_ms_per_record: opt(num),
    summary: opt(text),
  }),
};
