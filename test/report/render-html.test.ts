import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type Bundle, createNodeCrypto } from '../../src/core/ledger/index.js';
import {
  REPORT_DATA_FORMAT,
  type ReportData,
  renderReportHtml,
  reportCsp,
  reportPathFor,
  scriptSafeJson,
} from '../../src/core/report/index.js';
import { exportText, openFixture, SESSION_KEY } from '../helpers/ledger-kit.js';

const HOSTILE = '</script><script>alert(1)</script><!-- --> & \u2028\u2029 <SCRIPT>';

function sampleBundle(intent: string): Bundle {
  const fx = openFixture('report-render');
  try {
    const id = fx.store.createSession({ signer: SESSION_KEY, codeVersion: 'test' }).id;
    fx.store.append(id, 'run_started', { contract: { id: 'c', intent } }, SESSION_KEY);
    fx.store.append(id, 'run_completed', { final_text: intent }, SESSION_KEY);
    return JSON.parse(exportText(fx, id, createNodeCrypto())) as Bundle;
  } finally {
    fx.close();
  }
}

const between = (html: string, open: string, close: string): string => {
  const start = html.indexOf(open);
  expect(start).toBeGreaterThan(-1);
  return html.slice(start + open.length, html.indexOf(close, start));
};

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('renderReportHtml', () => {
  const bundle = sampleBundle(HOSTILE);
  const trusted = new Map([[SESSION_KEY.publicKeyHex, 'ci key']]);
  const html = renderReportHtml({
    bundle,
    trusted,
    trustSource: '--key',
    generator: 'truss test',
    now: () => new Date('2026-01-02T03:04:05Z'),
  });

  it('embeds the bundle and pins as inert JSON that parses back to exactly the same values', () => {
    const json = between(html, '<script type="application/json" id="truss-data">', '</script>');
    const data = JSON.parse(json) as ReportData;
    expect(data).toEqual({
      format: REPORT_DATA_FORMAT,
      generated_at: '2026-01-02T03:04:05.000Z',
      generator: 'truss test',
      trusted: [[SESSION_KEY.publicKeyHex, 'ci key']],
      trust_source: '--key',
      bundle,
    });
  });

  it('hostile payload text appears nowhere in the HTML outside the escaped JSON', () => {
    expect(html).not.toContain(HOSTILE);
    expect(html).not.toMatch(/<script>alert/i);
    expect(html.match(/<\/script>/gi)).toHaveLength(2);
    expect(html.match(/<!--/g)).toBeNull();
    const json = between(html, 'id="truss-data">', '</script>');
    expect(json).not.toMatch(/[<>\u2028\u2029]/);
  });

  it('has a CSP that forbids every external request and allows only its own script and style, by hash', () => {
    const csp = between(html, '<meta http-equiv="Content-Security-Policy" content="', '">');
    const directives = Object.fromEntries(
      csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]),
    );
    const script = between(html, '<script id="truss-verifier">', '</script>');
    const style = between(html, '<style>', '</style>');
    expect(directives).toEqual({
      'default-src': "'none'",
      'script-src': sha(script),
      'style-src': sha(style),
      'worker-src': 'blob:',
      'img-src': 'data:',
      'base-uri': "'none'",
      'form-action': "'none'",
    });
    expect(csp).not.toMatch(/unsafe|https?:|\*/);
    expect(reportCsp(script, style)).toBe(csp);
  });

  it('loads nothing: no src= or href= other than the in-page anchor and the data: icon', () => {
    const refs = [...html.matchAll(/\b(src|href)="([^"]*)"/g)].map((m) => m[2]);
    expect(refs).toEqual(['data:,', '#main']);
  });
});

describe('scriptSafeJson', () => {
  it('escapes <, >, &, U+2028 and U+2029 and round-trips', () => {
    const value = { a: HOSTILE, [HOSTILE]: [HOSTILE, 1.5, null, true] };
    const text = scriptSafeJson(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });

  it('is all ASCII (the fast path of the HTML parser) and round-trips every non-ASCII string', () => {
    const value = { 'cl\u00e9': ['\u2713 ok', '\u{1f600}', 'lone \ud800 and \udfff', '\u0080\uffff\u2029'] };
    const text = scriptSafeJson(value);
    expect(text).toMatch(/^[\x20-\x7e]*$/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('reportPathFor', () => {
  it('puts the report beside the bundle with .html for .json', () => {
    expect(reportPathFor('/w/.truss/bundles/abc.json')).toBe('/w/.truss/bundles/abc.html');
    expect(reportPathFor('out/bundle.JSON')).toBe('out/bundle.html');
    expect(reportPathFor('ledger')).toBe('ledger.html');
  });
});
