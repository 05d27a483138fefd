/**
 * The report page on every signature path it can take (docs/report.md "Performance"): WebCrypto in
 * workers, @noble in workers when the browser has no Ed25519 or one that accepts everything, and the
 * page thread when Workers are missing or break. Each path gives `truss verify`'s report on a valid
 * ledger and on ledgers with one session or one reviewer signature swapped. Real signed ledgers,
 * real headless Chromium from file:// URLs; the browser is changed by init scripts, and the workers
 * by a prelude prepended to the blob the page starts them from.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkReceipt } from '../../src/core/anchor/receipt.js';
import { type Bundle, createNodeCrypto, verifyBundle } from '../../src/core/ledger/index.js';
import { renderReportHtml } from '../../src/core/report/index.js';
import { launchChromium, runBrowserTests } from '../helpers/browser.js';
import {
  exportText,
  type LedgerFixture,
  openFixture,
  REVIEWER_KEY,
  SESSION_KEY,
} from '../helpers/ledger-kit.js';
import { appendSampleRun } from '../helpers/sample-run.js';

/** Runs in the page and, prepended, in every worker it starts. */
const BREAK = {
  'no Ed25519 in WebCrypto': `crypto.subtle.importKey = () => Promise.reject(new Error('no Ed25519 here'));`,
  'a WebCrypto that accepts every signature': 'crypto.subtle.verify = async () => true;',
} as const;

const MODES: Record<string, { script: string; engine: 'webcrypto' | 'noble'; workers: boolean }> = {
  'as shipped': { script: '', engine: 'webcrypto', workers: true },
  ...Object.fromEntries(
    Object.entries(BREAK).map(([name, broken]) => [
      name,
      { script: `${broken}\n${inWorkers(broken)}`, engine: 'noble' as const, workers: true },
    ]),
  ),
  'no Worker': { script: 'delete window.Worker;', engine: 'webcrypto', workers: false },
  'workers that fail to start': {
    script: inWorkers(`throw new Error('this worker broke');`),
    engine: 'webcrypto',
    workers: false,
  },
};

/** An init script that prepends `prelude` to every blob the page turns into a URL (its workers). */
function inWorkers(prelude: string): string {
  return `{
    const original = URL.createObjectURL;
    URL.createObjectURL = (blob) => original.call(URL, new Blob([${JSON.stringify(prelude)}, '\\n', blob], { type: blob.type }));
  }`;
}

describe.runIf(runBrowserTests)('the report page on every signature path', () => {
  let browser: Browser;
  let fx: LedgerFixture;
  const files: Record<string, { file: string; expected: unknown }> = {};
  const trusted = new Map([
    [SESSION_KEY.publicKeyHex, 'session'],
    [REVIEWER_KEY.publicKeyHex, 'reviewer'],
  ]);

  beforeAll(async () => {
    browser = await launchChromium();
    fx = openFixture('page-engines');
    const id = appendSampleRun(fx.store, SESSION_KEY, { extra: 2 });
    fx.store.appendHumanReview(id, REVIEWER_KEY, {
      decision: 'approved',
      note: 'fine',
      actor: { login: 'reviewer', id: 1 },
      source: { review_id: 1, commit_sha: null, url: null },
    });
    const valid = JSON.parse(exportText(fx, id, createNodeCrypto())) as Bundle;
    const session = structuredClone(valid);
    session.ledger.entries[3] = {
      ...session.ledger.entries[3],
      signature: session.ledger.entries[4]?.signature,
    } as never;
    const review = structuredClone(valid);
    const last = review.ledger.entries.length - 1;
    review.ledger.entries[last] = {
      ...review.ledger.entries[last],
      signature: review.ledger.entries[0]?.signature,
    } as never;
    for (const [name, bundle] of Object.entries({ valid, session, review })) {
      const file = join(fx.dir, `${name}.html`);
      writeFileSync(file, renderReportHtml({ bundle, trusted, generator: 'test' }));
      const expected = verifyBundle(bundle, { crypto: createNodeCrypto(), trusted, receipts: checkReceipt });
      files[name] = { file, expected: JSON.parse(JSON.stringify(expected)) };
    }
  });

  afterAll(async () => {
    await browser?.close();
    fx?.close();
  });

  it.each(Object.keys(MODES))(
    '%s: the report truss verify gives, valid or with a signature swapped',
    async (mode) => {
      const { script, engine, workers } = MODES[mode] as (typeof MODES)[string];
      const context = await browser.newContext();
      try {
        if (script) await context.addInitScript({ content: script });
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        const seen: Record<string, unknown> = {};
        for (const [name, { file }] of Object.entries(files)) {
          await page.goto(pathToFileURL(file).href);
          await page.waitForFunction(() => document.documentElement.dataset.chain, null, { timeout: 45_000 });
          seen[name] = await page.evaluate(() => ({
            chain: document.documentElement.dataset.chain,
            report: window.trussVerification?.report,
            engine: window.trussVerification?.engine,
            workers: (window.trussVerification?.workers ?? 0) > 0,
          }));
        }
        expect(errors).toEqual([]);
        for (const [name, { expected }] of Object.entries(files)) {
          const status = (expected as { status: string }).status;
          expect(seen[name], name).toEqual({ chain: status, report: expected, engine, workers });
        }
        expect(files.session?.expected).toMatchObject({ failure: { code: 'bad_signature' } });
        expect(files.review?.expected).toMatchObject({ failure: { code: 'bad_signature', seq: 9 } });
      } finally {
        await context.close();
      }
    },
    120_000,
  );
});
