import { createHash } from 'node:crypto';
import type { Bundle } from '../ledger/bundle.js';
import type { TrustedKeys } from '../ledger/trusted-keys.js';
import { TRUSS_CLI } from '../truss-cli.js';
import { PAGE_SCRIPT } from './page-script.generated.js';
import { PAGE_STYLE } from './page-style.js';
import { REPORT_DATA_FORMAT, type ReportData } from './report-data.js';

export interface RenderReportOptions {
  bundle: Bundle;
  /** Keys to check the signer against in the page; empty means "intact but key not pinned" at best. */
  trusted?: TrustedKeys;
  /** Where `trusted` came from, shown in the page. */
  trustSource?: string | null;
  /** `truss <version>`. */
  generator: string;
  now?: () => Date;
}

/**
 * JSON that is safe inside `<script type="application/json">`: `<`, `>` and `&` become \u escapes, so
 * no payload text can close the element or open a comment. Every non-ASCII UTF-16 unit is escaped
 * too (the two JS line separators among them): an all-ASCII element is read by the browser's HTML
 * parser and `JSON.parse` markedly faster than one with a few UTF-8 sequences in it (docs/report.md
 * "Performance"). JSON.parse gives back exactly the same value.
 */
export function scriptSafeJson(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(
    /[<>&\u0080-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const cspHash = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The Content-Security-Policy of every report: nothing may load from anywhere. Only the page's own
 * script (by hash) runs, only its own stylesheet (by hash) applies, and signature checks may run in
 * workers started from that script through a blob: URL (memory, not network).
 */
export function reportCsp(script: string, style: string): string {
  return [
    "default-src 'none'",
    `script-src ${cspHash(script)}`,
    `style-src ${cspHash(style)}`,
    'worker-src blob:',
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/**
 * One self-contained HTML page for a bundle: the bundle and the pinned keys as inert JSON, and the
 * browser build of the ledger verifier, which checks the chain and renders everything when the page
 * opens. The HTML itself carries no bundle text, so a hostile payload can only ever become text. The
 * script comes first so its signature workers start while the browser reads the bundle after it.
 */
export function renderReportHtml(options: RenderReportOptions): string {
  if (/<\/script|<!--/i.test(PAGE_SCRIPT))
    throw new Error('page script contains an HTML-significant sequence');
  const data: ReportData = {
    format: REPORT_DATA_FORMAT,
    generated_at: (options.now?.() ?? new Date()).toISOString(),
    generator: options.generator,
    trusted: [...(options.trusted ?? new Map()).entries()],
    trust_source: options.trustSource ?? null,
    bundle: options.bundle,
  };
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${reportCsp(PAGE_SCRIPT, PAGE_STYLE)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>Truss verdict report</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<a class="skip" href="#main">Skip to the report</a>
<header><h1>Truss verdict report</h1></header>
<main id="main">
<noscript><p class="banner bad">This report checks its signed ledger with JavaScript, which is turned off. Verify the bundle with <code>${TRUSS_CLI} verify</code> instead.</p></noscript>
<div id="app"><p class="muted">Loading the signed ledger…</p></div>
</main>
<script id="truss-verifier">${PAGE_SCRIPT}</script>
<script type="application/json" id="truss-data">${scriptSafeJson(data)}</script>
</body>
</html>
`;
}
