/**
 * The HTML report shows each finding where it is: an anchored citation with the diff hunk the
 * signed vote recorded (cited lines marked), an unanchored one with why it stayed prose, and votes
 * signed before citations existed without any. All of it is model output or diff text, so hostile
 * markup in a problem, a location or a hunk line stays text: real headless Chromium, the page's own
 * verification, no script of the payload ever runs.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Bundle, createNodeCrypto } from '../../src/core/ledger/index.js';
import { renderReportHtml } from '../../src/core/report/index.js';
import { launchChromium, openReport, runBrowserTests } from '../helpers/browser.js';
import { exportText, openFixture, SESSION_KEY } from '../helpers/ledger-kit.js';

const HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';

function bundleWithCitations(): Bundle {
  const fx = openFixture('report-citations');
  try {
    const id = fx.store.createSession({ signer: SESSION_KEY, codeVersion: 'test' }).id;
    const contract = {
      contract: { id: 'cite', intent: 'x' },
      done: [{ kind: 'review', desc: 'line 10 is right' }],
    };
    fx.store.append(id, 'run_started', { contract }, SESSION_KEY);
    const base = { clause: 0, provider: 'anthropic', model: 'm', reasoning: 'r', error: null };
    fx.store.append(
      id,
      'review_vote',
      {
        ...base,
        seat: 0,
        lens: 'intent',
        vote: 'not_met',
        citations: [
          {
            location: 'src/a.ts:10',
            problem: `shouted ${HOSTILE}`,
            path: 'src/a.ts',
            start_line: 10,
            end_line: 10,
            anchored: true,
            unanchored: null,
            hunk: {
              header: '@@ -8,5 +8,5 @@',
              lines: [
                { n: 9, text: ' line 9' },
                { n: null, text: '-line 10' },
                { n: 10, text: `+TEN ${HOSTILE}` },
                { n: 11, text: ' line 11' },
              ],
            },
          },
          {
            location: `../etc/passwd:1 ${HOSTILE}`,
            problem: 'look there',
            path: null,
            start_line: null,
            end_line: null,
            anchored: false,
            unanchored: 'a path with ".." is never anchored',
            hunk: null,
          },
        ],
      },
      SESSION_KEY,
    );
    // Signed before seats cited lines: no citations key.
    fx.store.append(id, 'review_vote', { ...base, seat: 1, lens: 'completeness', vote: 'met' }, SESSION_KEY);
    fx.store.append(
      id,
      'verdict',
      {
        overall: 'fail',
        clauses: [{ clause: 0, kind: 'review', desc: 'line 10 is right', status: 'not_met' }],
      },
      SESSION_KEY,
    );
    fx.store.append(id, 'run_completed', { final_text: 'done' }, SESSION_KEY);
    return JSON.parse(exportText(fx, id, createNodeCrypto())) as Bundle;
  } finally {
    fx.close();
  }
}

describe('findings in the HTML report', () => {
  const html = renderReportHtml({
    bundle: bundleWithCitations(),
    generator: 'test',
    trusted: new Map([[SESSION_KEY.publicKeyHex, 'test']]),
  });

  it('the hostile text is only in the escaped embedded JSON', () => {
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>window.__pwned');
  });

  it.runIf(runBrowserTests)(
    'shows each citation with its hunk, cited lines marked, as text only',
    async () => {
      const dir = openFixture('report-citations-page').dir;
      const file = join(dir, 'report.html');
      writeFileSync(file, html);
      const browser = await launchChromium();
      try {
        const opened = await openReport(browser, file);
        const { page } = opened;
        expect(opened.errors).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.dataset.chain)).toBe('verified');
        expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
        expect(await page.locator('img').count()).toBe(0);
        const citations = page.locator('li.citation');
        expect(await citations.count()).toBe(2);
        const anchored = page.locator('li.citation[data-anchored="true"]');
        expect(await anchored.locator('code.cited-at').textContent()).toBe('src/a.ts:10');
        expect(await anchored.locator('.problem').textContent()).toBe(`shouted ${HOSTILE}`);
        expect(await anchored.locator('.hunk-header').textContent()).toBe('@@ -8,5 +8,5 @@\n');
        expect(await anchored.locator('.hunk-line').allTextContents()).toEqual([
          '    9  line 9\n',
          '      -line 10\n',
          `   10 +TEN ${HOSTILE}\n`,
          '   11  line 11\n',
        ]);
        expect(await anchored.locator('.hunk-line.cited').allTextContents()).toEqual([
          `   10 +TEN ${HOSTILE}\n`,
        ]);
        const prose = page.locator('li.citation[data-anchored="false"]');
        expect(await prose.locator('code.cited-at').textContent()).toBe(`../etc/passwd:1 ${HOSTILE}`);
        expect(await prose.textContent()).toContain(
          'Not on a changed line: a path with ".." is never anchored.',
        );
        expect(await prose.locator('pre').count()).toBe(0);
        await opened.close();
      } finally {
        await browser.close();
      }
    },
  );
});
