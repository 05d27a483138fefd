import { createHash } from 'node:crypto';
import type { EvalReport } from '../run/eval.js';

/**
 * The page `truss eval` writes (docs/eval.md): the arms side by side — a table and two bar charts
 * (pass rate, cost) drawn as inline SVG — and the session whose signed `eval_report` it renders,
 * with the command that verifies it. Static: no script, nothing loaded (its CSP forbids both).
 */
export function renderEvalPage(input: {
  report: EvalReport;
  sessionId: string;
  contractId: string;
  headHash: string;
  verifyCommand: string;
  generator: string;
  now?: () => Date;
}): string {
  const { report } = input;
  const style = STYLE;
  const csp = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'; img-src 'none'; base-uri 'none'; form-action 'none'`;
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
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${esc(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Eval · ${esc(input.contractId)} · Truss</title>
<style>${style}</style></head>
<body><main>
<h1>Paired eval: ${esc(input.contractId)}</h1>
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
<p class="muted">Generated ${esc(generated)} by ${esc(input.generator)}.</p>
</main></body></html>
`;
}

/** A horizontal bar chart as inline SVG; `max` fixes the scale (pass rate: 1), else the largest value. */
function barChart(
  title: string,
  bars: { label: string; value: number; text: string }[],
  max?: number,
): string {
  const top = max ?? Math.max(...bars.map((bar) => bar.value), 0);
  const width = 320;
  const row = 28;
  const labelWidth = 120;
  const height = bars.length * row + 8;
  const body = bars
    .map((bar, i) => {
      const w = top > 0 ? Math.max(0, (bar.value / top) * (width - labelWidth - 70)) : 0;
      const y = 4 + i * row;
      return `<text x="0" y="${y + 17}">${esc(bar.label.slice(0, 18))}</text><rect x="${labelWidth}" y="${y + 4}" width="${w.toFixed(1)}" height="18"></rect><text x="${(labelWidth + w + 6).toFixed(1)}" y="${y + 17}">${esc(bar.text)}</text>`;
    })
    .join('');
  return `<figure><figcaption>${esc(title)}</figcaption><svg role="img" aria-label="${esc(title)}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">${body}</svg></figure>`;
}

function pct(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}

function signed(n: number, format: (n: number) => string = String): string {
  return `${n >= 0 ? '+' : '−'}${format(Math.abs(n))}`;
}

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1f2328;background:#fff}main{max-width:860px;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse;width:100%;margin:1rem 0}th,td{border-bottom:1px solid #d0d7de;padding:.35rem .5rem;text-align:left}.charts{display:flex;flex-wrap:wrap;gap:2rem}figure{margin:0}figcaption{font-weight:600;margin-bottom:.25rem}svg text{font:12px system-ui,sans-serif;fill:#1f2328}svg rect{fill:#0969da}pre{background:#f6f8fa;padding:.5rem;overflow:auto}.muted{color:#656d76;font-size:13px}`;
