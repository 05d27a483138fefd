import type { JudgeFigures } from '../ledger/index.js';
import type { BenchRecordResult, BenchReport } from '../run/bench.js';
import { barChart, esc, type PageSession, pct, staticPage } from './static-page.js';

/**
 * The page `truss bench-verdicts` writes (docs/bench-verdicts.md "The page"): the judges' false-PASS
 * and false-FAIL rates as a table and bar charts (inline SVG, like `truss eval`'s page), the panel
 * labelled as what it was (a placeholder, a scripted fixture or a model), every record's verdicts,
 * and the command that verifies the signed session these numbers come from. Static: no script.
 */
export function renderBenchPage(
  input: PageSession & { report: BenchReport; results: readonly BenchRecordResult[] },
): string {
  const { report } = input;
  const solve = report.mode === 'solve';
  const fraction = (n: number, of: number, rate: number | null) =>
    rate === null ? '—' : `${n}/${of} (${pct(rate)})`;
  const rows = report.judges
    .map(
      (j) =>
        `<tr><th scope="row">${esc(judgeName(j, report))}</th><td>${j.passes}/${j.runs}</td><td>${fraction(j.false_pass, j.negatives, j.false_pass_rate)}</td><td>${fraction(j.false_fail, j.positives, j.false_fail_rate)}</td><td>${j.unverifiable}</td></tr>`,
    )
    .join('\n');
  const measured = report.judges.filter((j) => j.false_pass_rate !== null || j.false_fail_rate !== null);
  const chart = (title: string, pick: (j: JudgeFigures) => number | null) =>
    barChart(
      title,
      measured.map((j) => {
        const value = pick(j);
        return {
          label: j.judge === 'both' ? 'checks + panel' : j.judge,
          value: value ?? 0,
          text: value === null ? '—' : pct(value),
        };
      }),
      1,
    );
  const records = input.results
    .map((result) => {
      const cells = result.error
        ? `<td colspan="3">not judged: ${esc(result.error)}</td>`
        : result.sides
            .map(
              (side) =>
                `<td>${esc(side.side)}${side.applied ? '' : ' (not applied)'}: ${[side.checks, side.panel, side.both].map(esc).join(' / ')}</td>`,
            )
            .join('');
      return `<tr><th scope="row">${esc(result.instance_id)}</th>${cells}<td>${(result.wall_ms / 1000).toFixed(1)} s</td></tr>`;
    })
    .join('\n');
  const placeholder =
    report.panel.kind === 'placeholder' || report.panel.provider === 'scripted'
      ? `<p class="warn">The panel was <strong>${esc(report.panel.label)}</strong>: its figures measure the pipeline, not a model.</p>`
      : '';
  const generated = (input.now ?? (() => new Date()))().toISOString();
  return staticPage({
    title: `Verdict benchmark · ${report.dataset.file} · Truss`,
    body: `<h1>Verdict benchmark: ${esc(report.dataset.file)}</h1>
<p>${report.records} record${report.records === 1 ? '' : 's'}${solve ? `, grading ${report.predictions?.count ?? 0} model patches against the checks` : ', each run on its good and on its bad patch'}.${placeholder ? '' : ` Panel: ${esc(report.panel.label)}.`}</p>
${placeholder}
<table><thead><tr><th scope="col">judge</th><th scope="col">judged PASS</th><th scope="col">false PASS</th><th scope="col">false FAIL</th><th scope="col">unverifiable</th></tr></thead>
<tbody>
${rows}
</tbody></table>
<p class="muted">${solve ? 'Against the checks: a false PASS passes a patch the tests fail, a false FAIL fails one they pass.' : 'A false PASS passes a bad patch; a false FAIL does not pass a good one (UNVERIFIABLE included).'} Cost $${report.cost_usd.toFixed(4)}, ${report.tokens} tokens, ${(report.wall_ms / 1000).toFixed(1)} s (${(report.wall_ms_per_record / 1000).toFixed(1)} s per record).</p>
<div class="charts">
${chart('False PASS rate', (j) => j.false_pass_rate)}
${chart('False FAIL rate', (j) => j.false_fail_rate)}
</div>
<h2>Records</h2>
<p class="muted">checks / panel / both, per patch.</p>
<table><tbody>
${records}
</tbody></table>
<h2>Evidence</h2>
<p>Every run is a signed child session anchored in benchmark session <code>${esc(input.sessionId)}</code> (head <code>${esc(input.headHash.slice(0, 16))}…</code>); every record is a signed <code>bench_result</code> and the figures above are its signed <code>bench_report</code>, which verification re-tallies. Verify the bundle, children included:</p>
<pre>${esc(input.verifyCommand)}</pre>
<p class="muted">Generated ${esc(generated)} by ${esc(input.generator)}.</p>`,
  });
}

function judgeName(j: JudgeFigures, report: BenchReport): string {
  if (j.judge === 'checks') return 'checks alone';
  if (j.judge === 'panel')
    return report.panel.kind === 'placeholder' ? 'panel alone (placeholder)' : 'panel alone';
  return 'checks + panel';
}
