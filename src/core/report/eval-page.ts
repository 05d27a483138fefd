import type { EvalReport } from '../run/eval.js';
import { barChart, esc, type PageSession, pct, staticPage } from './static-page.js';

/**
 * The page `truss eval` writes (docs/eval.md): the arms side by side — a table and two bar charts
 * (pass rate, cost) drawn as inline SVG — and the session whose signed `eval_report` it renders,
 * with the command that verifies it. Static: no script, nothing loaded (its CSP forbids both).
 */
export function renderEvalPage(input: PageSession & { report: EvalReport; contractId: string }): string {
  const { report } = input;
  const rows = report.arms
    .map(
      (arm) =>
        `<tr><th scope="row">${esc(arm.name)}</th><td><code>${esc(arm.change)}</code></td><td>${arm.passes}/${arm.runs}</td><td>${pct(arm.pass_rate)}</td><td>$${arm.cost_usd.toFixed(4)}</td><td>${arm.tokens}</td><td>${(arm.wall_ms / 1000).toFixed(1)} s</td></tr>`,
    )
    .join('\n');
  const deltas = report.delta
    .map(
      (d) =>
        `<li>${esc(d.arm)} vs ${esc(d.vs)}: ${signed(Math.round(d.pass_rate * 100))} pp pass rate, ${signed(d.cost_usd, (n) => `$${n.toFixed(4)}`)}, ${signed(d.tokens)} tokens, ${signed(d.wall_ms / 1000, (n) => `${n.toFixed(1)} s`)}</li>`,
    )
    .join('\n');
  const generated = (input.now ?? (() => new Date()))().toISOString();
  return staticPage({
    title: `Eval · ${input.contractId} · Truss`,
    body: `<h1>Paired eval: ${esc(input.contractId)}</h1>
<p>${report.repeats} run${report.repeats === 1 ? '' : 's'} per arm; each arm changes one setting of the same contract.</p>
<table><thead><tr><th scope="col">arm</th><th scope="col">change</th><th scope="col">passed</th><th scope="col">pass rate</th><th scope="col">cost</th><th scope="col">tokens</th><th scope="col">wall time</th></tr></thead>
<tbody>
${rows}
</tbody></table>
<div class="charts">
${barChart(
  'Pass rate',
  report.arms.map((arm) => ({ label: arm.name, value: arm.pass_rate, text: pct(arm.pass_rate) })),
  1,
)}
${barChart(
  'Cost (USD)',
  report.arms.map((arm) => ({ label: arm.name, value: arm.cost_usd, text: `$${arm.cost_usd.toFixed(4)}` })),
)}
</div>
${deltas ? `<h2>Against ${esc(report.delta[0]?.vs ?? '')}</h2><ul>${deltas}</ul>` : ''}
<h2>Evidence</h2>
<p>Every run is a signed child session anchored in eval session <code>${esc(input.sessionId)}</code> (head <code>${esc(input.headHash.slice(0, 16))}…</code>); the numbers above are its signed <code>eval_report</code>. Verify the bundle, children included:</p>
<pre>${esc(input.verifyCommand)}</pre>
<p class="muted">Generated ${esc(generated)} by ${esc(input.generator)}.</p>`,
  });
}

function signed(n: number, format: (n: number) => string = String): string {
  return `${n >= 0 ? '+' : '−'}${format(Math.abs(n))}`;
}
