import type { JudgeFigures } from '../core/ledger/index.js';
import type { BenchRecordResult, BenchReport } from '../core/run/index.js';

/**
 * `truss bench-verdicts`' table (docs/bench-verdicts.md): one row per judge — judged PASS, false
 * PASS, false FAIL, UNVERIFIABLE — then one line per record (checks/panel/both per patch and its
 * wall time), the panel's label and the totals. A placeholder or scripted panel is named as such.
 */
export function formatBench(report: BenchReport, results: readonly BenchRecordResult[]): string {
  const fraction = (n: number, of: number, rate: number | null) =>
    rate === null ? '—' : `${n}/${of} (${Math.round(rate * 100)}%)`;
  const name = (j: JudgeFigures) =>
    j.judge === 'checks'
      ? 'checks'
      : j.judge === 'panel'
        ? report.panel.kind === 'placeholder'
          ? 'panel*'
          : 'panel'
        : 'both';
  const table = [
    ['judge', 'passed', 'false PASS', 'false FAIL', 'unverifiable'],
    ...report.judges.map((j) => [
      name(j),
      `${j.passes}/${j.runs}`,
      fraction(j.false_pass, j.negatives, j.false_pass_rate),
      fraction(j.false_fail, j.positives, j.false_fail_rate),
      String(j.unverifiable),
    ]),
  ];
  const lines = ['', ...columns(table)];
  lines.push(
    report.mode === 'solve'
      ? 'measured against the checks: false PASS = passes a patch the tests fail; false FAIL = fails one they pass'
      : 'false PASS = a bad patch judged PASS; false FAIL = a good patch not judged PASS (UNVERIFIABLE included)',
  );
  lines.push(`panel: ${report.panel.label}`);
  if (report.panel.kind === 'placeholder')
    lines.push('* the placeholder panel is not a model: its row measures nothing');
  lines.push('');
  const records = results.map((result) => [
    result.instance_id,
    ...(result.error
      ? [`not judged: ${result.error}`]
      : result.sides.map(
          (side) =>
            `${side.side}${side.applied ? '' : '(not applied)'} ${side.checks}/${side.panel}/${side.both}`,
        )),
    `${(result.wall_ms / 1000).toFixed(1)} s`,
  ]);
  const perPatch = Math.max(1, ...results.map((result) => result.sides.length));
  const header = ['record', 'checks/panel/both per patch', ...Array(perPatch - 1).fill(''), 'wall'];
  lines.push(...columns([header, ...records]));
  for (const { instance_id, error } of report.errors) lines.push(`not judged: ${instance_id}: ${error}`);
  lines.push(
    `${report.records} records · $${report.cost_usd.toFixed(4)} · ${report.tokens} tokens · ${(report.wall_ms / 1000).toFixed(1)} s (${(report.wall_ms_per_record / 1000).toFixed(1)} s per record)`,
  );
  return lines.join('\n');
}

function columns(rows: string[][]): string[] {
  const widths: number[] = [];
  for (const row of rows) {
    for (const [i, cell] of row.entries()) widths[i] = Math.max(widths[i] ?? 0, cell.length);
  }
  return rows.map((row) =>
    row
      .map((cell, i) => cell.padEnd(widths[i] as number))
      .join('  ')
      .trimEnd(),
  );
}
