import { createHash } from 'node:crypto';
import { markBidi } from '../verify/hidden-text.js';

/** The signed session a result page renders, and how to verify it. */
export interface PageSession {
  sessionId: string;
  headHash: string;
  verifyCommand: string;
  generator: string;
  now?: () => Date;
}

/**
 * The frame of a static result page (`truss eval`, `truss bench-verdicts`): no script and nothing
 * loaded — its Content-Security-Policy allows only its own inline style, by hash — so the page
 * shows signed numbers and never fetches or runs anything.
 */
export function staticPage(input: { title: string; body: string }): string {
  const csp = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; img-src 'none'; base-uri 'none'; form-action 'none'`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${esc(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(input.title)}</title>
<style>${STYLE}</style></head>
<body><main>
${input.body}
</main></body></html>
`;
}

/** A horizontal bar chart as inline SVG; `max` fixes the scale (a rate: 1), else the largest value. */
export function barChart(
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

export function pct(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}

/**
 * Text as HTML: every character that could open markup or end an attribute is a character reference,
 * and bidi controls and marks are shown as `⟦U+202E⟧` marks (a dataset's instance id or an arm's name
 * cannot display as something else, as in the report page).
 */
export function esc(text: string): string {
  return markBidi(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1f2328;background:#fff}main{max-width:860px;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse;width:100%;margin:1rem 0}th,td{border-bottom:1px solid #d0d7de;padding:.35rem .5rem;text-align:left}.charts{display:flex;flex-wrap:wrap;gap:2rem}figure{margin:0}figcaption{font-weight:600;margin-bottom:.25rem}svg text{font:12px system-ui,sans-serif;fill:#1f2328}svg rect{fill:#0969da}pre{background:#f6f8fa;padding:.5rem;overflow:auto}.muted{color:#656d76;font-size:13px}.warn{background:#fff8c5;border:1px solid #d4a72c;padding:.5rem .75rem}`;
