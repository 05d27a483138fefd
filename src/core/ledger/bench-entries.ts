/**
 * The verdict benchmark's entries (docs/bench-verdicts.md "What is signed"), read through the
 * catalogue (entry-kinds-bench.ts): each `bench_result` side that ran must be a child anchored
 * earlier in the ledger with the verdict ref its anchor records, and its three judgements must agree;
 * the `bench_report`'s figures must be the tally of the results. The tally is defined here, once:
 * `truss bench-verdicts` computes its report with it and every verifier recomputes it.
 */
import { canonicalJson } from './canonical-json.js';
import { type ChildAnchorFinding, checkEvalReport, readFanoutReduction } from './child-anchor.js';
import { type EntryLike, type PayloadOf, tryReadEntry } from './entry-kinds.js';
import { type BenchSide, JUDGES, type JudgeFigures } from './entry-kinds-bench.js';

export {
  BENCH_SIDES,
  type BenchSide,
  type BenchSideKind,
  JUDGES,
  type JudgeFigures,
  type JudgeName,
} from './entry-kinds-bench.js';
export type Judgement = BenchSide['checks'];

/** Checks one `bench_result`'s sides against the anchors before it; why it cannot be trusted, or null. */
export function checkBenchResult(
  seq: number,
  p: PayloadOf<'bench_result'>,
  anchors: ReadonlyMap<number, ChildAnchorFinding>,
): string | null {
  for (const [index, side] of p.sides.entries()) {
    const at = `seq ${seq}: bench_result sides[${index}]`;
    const panelPassed = side.panel === 'pass' || side.panel === 'skipped';
    if (side.both === 'pass' && !(side.checks === 'pass' && panelPassed))
      return `${at}: both is pass, but checks are ${side.checks} and the panel ${side.panel}`;
    if ((side.checks === 'fail' || side.panel === 'fail') && side.both !== 'fail')
      return `${at}: a judge failed the patch, but both is ${side.both}`;
    if (side.anchor_seq === null) {
      if (side.applied || side.both !== 'fail')
        return `${at}: a side without a run must be an unapplied patch, judged fail`;
      continue;
    }
    const child = {
      anchor_seq: side.anchor_seq,
      child_session_id: side.child_session_id ?? '',
      verdict_ref: side.verdict_ref,
    };
    const checked = readFanoutReduction(seq, { children: [child], winner: null }, anchors, 'bench_result');
    if ('error' in checked) return checked.error;
  }
  return null;
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

/** Checks a `bench_report` against the results before it: exactly their number and their tally. */
export function checkBenchReport(
  seq: number,
  p: PayloadOf<'bench_report'>,
  results: readonly BenchSide[][],
): string | null {
  if (p.records !== results.length)
    return `seq ${seq}: bench_report counts ${p.records} records, but the ledger holds ${results.length} bench_result entries`;
  if (canonicalJson(p.judges) !== canonicalJson(tallyBench(results.flat())))
    return `seq ${seq}: bench_report's judges are not the tally of the ledger's bench_result entries`;
  return null;
}

/**
 * The chain verifier's checks of the entries that count child runs — `eval_report`, `bench_result`,
 * `bench_report` — each read through the catalogue first (a malformed one fails like a false one).
 */
export class CountingEntries {
  readonly #benchResults: BenchSide[][] = [];

  /** Why `entry` cannot be trusted (with its failure code), or null; other kinds are not its. */
  check(
    entry: EntryLike & { seq: number },
    anchors: ReadonlyMap<number, ChildAnchorFinding>,
  ): { code: 'bad_eval_report' | 'bad_bench_result'; message: string } | null {
    const { seq } = entry;
    if (entry.kind === 'eval_report') {
      const read = tryReadEntry(entry, 'eval_report');
      const message =
        'error' in read ? `seq ${seq}: ${read.error}` : checkEvalReport(seq, read.payload, anchors);
      return message ? { code: 'bad_eval_report', message } : null;
    }
    let message: string | null = null;
    if (entry.kind === 'bench_result') {
      const read = tryReadEntry(entry, 'bench_result');
      message = 'error' in read ? `seq ${seq}: ${read.error}` : checkBenchResult(seq, read.payload, anchors);
      if (!message && !('error' in read)) this.#benchResults.push(read.payload.sides);
    } else if (entry.kind === 'bench_report') {
      const read = tryReadEntry(entry, 'bench_report');
      message =
        'error' in read
          ? `seq ${seq}: ${read.error}`
          : checkBenchReport(seq, read.payload, this.#benchResults);
    }
    return message ? { code: 'bad_bench_result', message } : null;
  }
}
