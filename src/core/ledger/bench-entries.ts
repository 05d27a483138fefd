/**
 * The verdict benchmark's entries (docs/bench-verdicts.md "What is signed"): one `bench_result` per
 * record — how checks alone, the panel alone and both judged each of its patches — and one
 * `bench_report` whose figures must be the tally of those results. The tally is defined here, once:
 * `truss bench-verdicts` computes the report with it and every verifier recomputes it.
 */
import { canonicalJson } from './canonical-json.js';
import { type ChildAnchorFinding, readFanoutReduction, type VerdictRef } from './child-anchor.js';

export type Judgement = 'pass' | 'fail' | 'unverifiable';
export type JudgeName = 'checks' | 'panel' | 'both';
export const JUDGES: readonly JudgeName[] = ['checks', 'panel', 'both'];

/**
 * Which patch a side judged: `good` (must PASS), `bad` (must not), or `model` (a prediction of
 * `--solve`, whose truth is taken from the checks).
 */
export type BenchSideKind = 'good' | 'bad' | 'model';

/** One patch of one record, as its `bench_result` records it. */
export interface BenchSide {
  side: BenchSideKind;
  /** False when the patch was refused or does not apply: no run, every judge FAIL. */
  applied: boolean;
  error: string | null;
  /** The `child_anchor` of the run that judged it (null when there was no run). */
  anchor_seq: number | null;
  child_session_id: string | null;
  verdict_ref: VerdictRef | null;
  checks: Judgement;
  /** `skipped`: the benchmark ran with checks only. */
  panel: Judgement | 'skipped';
  /** The run's verdict. */
  both: Judgement;
  cost_usd: number;
  tokens: number;
  wall_ms: number;
}

/** One judge's figures over the whole benchmark. */
export interface JudgeFigures {
  judge: JudgeName;
  /** Sides judged, and how many this judge said PASS / UNVERIFIABLE. */
  runs: number;
  passes: number;
  unverifiable: number;
  /** Sides that should PASS (good patches; with --solve: patches the checks pass) and those it failed. */
  positives: number;
  false_fail: number;
  false_fail_rate: number | null;
  /** Sides that should not PASS, and those it passed. */
  negatives: number;
  false_pass: number;
  false_pass_rate: number | null;
}

const JUDGEMENTS = new Set(['pass', 'fail', 'unverifiable']);
const SIDES = new Set(['good', 'bad', 'model']);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function count(value: unknown): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/**
 * Reads a `bench_result`'s sides strictly: every side that ran names a `child_anchor` earlier in the
 * same ledger with the verdict ref that anchor records, and its three judgements agree with one
 * another (both PASS only when checks and panel passed; a FAIL of either is a FAIL of both).
 */
export function readBenchResult(
  seq: number,
  p: Record<string, unknown>,
  anchors: ReadonlyMap<number, ChildAnchorFinding>,
): { sides: BenchSide[] } | { error: string } {
  const where = `seq ${seq}: bench_result`;
  if (typeof p.instance_id !== 'string') return { error: `${where} has no instance_id` };
  if (!Array.isArray(p.sides)) return { error: `${where} has no sides` };
  const sides: BenchSide[] = [];
  for (const [index, raw] of p.sides.entries()) {
    const at = `${where} sides[${index}]`;
    if (!isObject(raw) || !SIDES.has(String(raw.side))) return { error: `${at} is not a judged side` };
    const side = raw as unknown as BenchSide;
    if (!JUDGEMENTS.has(side.checks) || !JUDGEMENTS.has(side.both))
      return { error: `${at}: checks and both must be pass, fail or unverifiable` };
    if (!JUDGEMENTS.has(side.panel) && side.panel !== 'skipped')
      return { error: `${at}: panel must be pass, fail, unverifiable or skipped` };
    if (typeof side.applied !== 'boolean' || ![side.cost_usd, side.tokens, side.wall_ms].every(count))
      return { error: `${at}: applied, cost_usd, tokens and wall_ms are required` };
    const panelPassed = side.panel === 'pass' || side.panel === 'skipped';
    if (side.both === 'pass' && !(side.checks === 'pass' && panelPassed))
      return { error: `${at}: both is pass, but checks are ${side.checks} and the panel ${side.panel}` };
    if ((side.checks === 'fail' || side.panel === 'fail') && side.both !== 'fail')
      return { error: `${at}: a judge failed the patch, but both is ${side.both}` };
    if (side.anchor_seq === null) {
      if (side.applied || side.both !== 'fail')
        return { error: `${at}: a side without a run must be an unapplied patch, judged fail` };
    } else {
      const checked = readFanoutReduction(
        seq,
        { children: [{ ...side, anchor_seq: side.anchor_seq }], winner: null },
        anchors,
      );
      if ('error' in checked) return { error: checked.error.replaceAll('fanout_reduction', 'bench_result') };
    }
    sides.push(side);
  }
  return { sides };
}

/**
 * Tallies judged sides into each judge's figures. Against labels, a good patch must PASS and a bad
 * one must not; with `--solve` (sides of kind `model`) the checks are the reference, so the panel and
 * both are measured against them and the checks' own error rates are null. UNVERIFIABLE is not PASS:
 * on a good patch it counts as a false FAIL. `panel` is left out when every side skipped it.
 */
export function tallyBench(sides: readonly BenchSide[]): JudgeFigures[] {
  const judges = JUDGES.filter((judge) => judge !== 'panel' || sides.some((s) => s.panel !== 'skipped'));
  return judges.map((judge) => {
    const figures: JudgeFigures = {
      judge,
      runs: 0,
      passes: 0,
      unverifiable: 0,
      positives: 0,
      false_fail: 0,
      false_fail_rate: null,
      negatives: 0,
      false_pass: 0,
      false_pass_rate: null,
    };
    let referenced = true;
    for (const side of sides) {
      const said = side[judge];
      figures.runs++;
      if (said === 'pass') figures.passes++;
      if (said === 'unverifiable') figures.unverifiable++;
      if (side.side === 'model' && judge === 'checks') {
        referenced = false;
        continue;
      }
      const shouldPass = side.side === 'model' ? side.checks === 'pass' : side.side === 'good';
      if (shouldPass) {
        figures.positives++;
        if (said !== 'pass') figures.false_fail++;
      } else {
        figures.negatives++;
        if (said === 'pass') figures.false_pass++;
      }
    }
    if (referenced) {
      figures.false_fail_rate = figures.positives === 0 ? null : figures.false_fail / figures.positives;
      figures.false_pass_rate = figures.negatives === 0 ? null : figures.false_pass / figures.negatives;
    }
    return figures;
  });
}

/**
 * Checks a `bench_report` against the `bench_result`s before it in the same ledger: the number of
 * records and the judges' figures must be exactly their tally. Returns why not, or null.
 */
export function checkBenchReport(
  seq: number,
  p: Record<string, unknown>,
  results: readonly BenchSide[][],
): string | null {
  if (p.records !== results.length)
    return `seq ${seq}: bench_report counts ${String(p.records)} records, but the ledger holds ${results.length} bench_result entries`;
  const expected = tallyBench(results.flat());
  if (!Array.isArray(p.judges) || canonicalJson(p.judges) !== canonicalJson(expected))
    return `seq ${seq}: bench_report's judges are not the tally of the ledger's bench_result entries`;
  return null;
}
