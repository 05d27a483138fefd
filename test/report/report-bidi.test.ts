/**
 * Bidi controls and marks in text the judged party wrote (a changed file named `src/\u202Egnp.exe`,
 * which displays as `src/exe.png`; a reviewer's reasoning; a finding; the contract title) are shown
 * in the report as visible `⟦U+202E⟧` marks, never applied, while the page still verifies the
 * embedded bundle byte for byte. Real signed ledger, real headless Chromium.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Bundle, createNodeCrypto } from '../../src/core/ledger/index.js';
import { renderReportHtml } from '../../src/core/report/index.js';
import { esc } from '../../src/core/report/static-page.js';
import { launchChromium, openReport, runBrowserTests } from '../helpers/browser.js';
import { exportText, openFixture, SESSION_KEY } from '../helpers/ledger-kit.js';

/** Every bidi control and mark the page must not apply. */
const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;
const SPOOFED_FILE = 'src/\u202Egnp.exe';

function bundleWithBidi(): Bundle {
  const fx = openFixture('report-bidi');
  try {
    const id = fx.store.createSession({ signer: SESSION_KEY, codeVersion: 'test' }).id;
    const contract = {
      contract: { id: 'bidi', title: 'Ship \u2067the fix\u2069', intent: 'rename \u200Fthe asset' },
      done: [{ kind: 'review', desc: 'the asset is a png' }],
    };
    fx.store.append(id, 'run_started', { contract }, SESSION_KEY);
    fx.store.append(
      id,
      'executor_result',
      { changed_files: [SPOOFED_FILE, 'README.md'], steps: 1 },
      SESSION_KEY,
    );
    fx.store.append(
      id,
      'review_vote',
      {
        clause: 0,
        seat: 0,
        lens: 'intent',
        vote: 'met',
        provider: 'anthropic',
        model: 'm',
        reasoning: 'only \u202Dan image\u202C was added',
        error: null,
        citations: [
          {
            location: `${SPOOFED_FILE}:1`,
            problem: 'looks \u061Cfine',
            path: null,
            start_line: null,
            end_line: null,
            anchored: false,
            unanchored: 'a path with bidi control characters is never anchored (it can display as another)',
            hunk: null,
          },
        ],
      },
      SESSION_KEY,
    );
    fx.store.append(
      id,
      'verdict',
      {
        overall: 'pass',
        clauses: [{ clause: 0, kind: 'review', desc: 'the asset is a png', status: 'met' }],
      },
      SESSION_KEY,
    );
    fx.store.append(id, 'run_completed', { final_text: 'done' }, SESSION_KEY);
    return JSON.parse(exportText(fx, id, createNodeCrypto())) as Bundle;
  } finally {
    fx.close();
  }
}

describe('bidi controls in the report', () => {
  const html = renderReportHtml({
    bundle: bundleWithBidi(),
    generator: 'test',
    trusted: new Map([[SESSION_KEY.publicKeyHex, 'test']]),
  });

  it('the embedded bundle keeps its bytes: only the display changes', () => {
    // The embedded JSON is all ASCII (render-html.ts), so the control travels as its \u escape.
    expect(html).toContain('src/\\u202egnp.exe');
    const start = html.indexOf('id="truss-data">') + 16;
    const json = html.slice(start, html.indexOf('</script>', start));
    expect(JSON.stringify(JSON.parse(json))).toContain(SPOOFED_FILE);
  });

  it('static result pages (eval, bench-verdicts) mark them too', () => {
    expect(esc('case-\u202E<b>')).toBe('case-⟦U+202E⟧&#60;b&#62;');
  });

  it.runIf(runBrowserTests)(
    'shows every bidi control as a mark, isolates file names, and still verifies',
    async () => {
      const file = join(openFixture('report-bidi-page').dir, 'report.html');
      writeFileSync(file, html);
      const browser = await launchChromium();
      try {
        const opened = await openReport(browser, file);
        const { page } = opened;
        expect(opened.errors).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.dataset.chain)).toBe('verified');
        expect(opened.result?.report.status).toBe('verified');
        // Open every timeline entry, so the payloads are on the page too.
        for (const summary of await page.locator('details.entry > summary').all()) await summary.click();
        for (const details of await page.locator('details.evidence').all())
          await details.evaluate((el) => {
            (el as HTMLDetailsElement).open = true;
          });
        const shown = (await page.locator('#app').textContent()) ?? '';
        expect(shown).not.toMatch(BIDI);
        expect(await page.title()).not.toMatch(BIDI);
        expect(await page.title()).toContain('Ship ⟦U+2067⟧the fix⟦U+2069⟧');
        const facts = (await page.textContent('#run-facts')) ?? '';
        expect(facts).toContain('src/⟦U+202E⟧gnp.exe, README.md');
        expect(shown).toContain('only ⟦U+202D⟧an image⟦U+202C⟧ was added');
        expect(shown).toContain('looks ⟦U+061C⟧fine');
        expect(shown).toContain('rename ⟦U+200F⟧the asset');
        expect(await page.locator('li.citation code.cited-at').textContent()).toBe('src/⟦U+202E⟧gnp.exe:1');
        const isolation = await page.evaluate(() =>
          ['#run-facts bdi', 'code.cited-at', '.citation .problem'].map(
            (selector) => getComputedStyle(document.querySelector(selector) as Element).unicodeBidi,
          ),
        );
        expect(isolation).toEqual(['isolate', 'isolate', 'isolate']);
        await opened.screenshot('bidi-marks');
        await opened.close();
      } finally {
        await browser.close();
      }
    },
  );
});
