/**
 * The tab title (what the browser's tab strip, history and bookmarks show of a report) says what
 * the page verified, like the verdict card: a ledger that fails verification is never titled PASS.
 * Real signed ledger, real headless Chromium (docs/report.md "What the page shows").
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Bundle, createNodeCrypto } from '../../src/core/ledger/index.js';
import { renderReportHtml } from '../../src/core/report/index.js';
import { launchChromium, openReport, runBrowserTests } from '../helpers/browser.js';
import { exportText, type LedgerFixture, openFixture, SESSION_KEY } from '../helpers/ledger-kit.js';
import { appendSampleRun } from '../helpers/sample-run.js';

describe.runIf(runBrowserTests)('the report tab title', () => {
  let browser: Browser;
  let fx: LedgerFixture;
  let bundleText: string;

  beforeAll(async () => {
    browser = await launchChromium();
    fx = openFixture('report-title');
    bundleText = exportText(fx, appendSampleRun(fx.store, SESSION_KEY, { extra: 2 }), createNodeCrypto());
  });
  afterAll(async () => {
    await browser?.close();
    fx?.close();
  });

  const titleOf = async (name: string, text: string) => {
    const file = join(fx.dir, `${name}.html`);
    const bundle = JSON.parse(text) as Bundle;
    writeFileSync(
      file,
      renderReportHtml({ bundle, generator: 'test', trusted: new Map([[SESSION_KEY.publicKeyHex, 'test']]) }),
    );
    const opened = await openReport(browser, file);
    try {
      expect(opened.errors).toEqual([]);
      return {
        chain: await opened.page.evaluate(() => document.documentElement.dataset.chain),
        title: await opened.page.title(),
      };
    } finally {
      await opened.close();
    }
  };

  it('a verified ledger is titled with its verdict', async () => {
    const { chain, title } = await titleOf('valid', bundleText);
    expect(chain).toBe('verified');
    expect(title).toBe('PASS · Write a greeting file · Truss report');
  });

  it('a tampered ledger is not titled PASS: the title disowns the verdict as the card does', async () => {
    const edited = bundleText.replace('«fine»', '«fIne»');
    expect(edited).not.toBe(bundleText);
    const { chain, title } = await titleOf('tampered', edited);
    expect(chain).toBe('failed');
    expect(title).not.toMatch(/PASS/);
    expect(title).toBe('NOT VERIFIED · Write a greeting file · Truss report');
  });
});
