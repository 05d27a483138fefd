import { writeFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Bundle, createNodeCrypto, exportBundle } from '../../src/core/ledger/index.js';
import { renderReportHtml } from '../../src/core/report/index.js';
import { type CompletedOutcome, reportFromEntries } from '../../src/core/run/index.js';
import { renderCheckOutput } from '../../src/github/render/index.js';
import { AGENT_KEY, type AgentRun, contractFrom, openRunStore, runAgent } from '../helpers/agent-kit.js';
import { launchChromium, openReport, runBrowserTests } from '../helpers/browser.js';
import { longRunScript, longRunToml, notesWorkdir, RecordingModel } from '../helpers/context-kit.js';
import { tempDir } from '../helpers/temp-dir.js';

/**
 * The context a long agent run went through (peak pressure, compactions, re-pins) as every surface
 * shows it: the run report model, the check run summary and the self-verifying HTML page, which must
 * still verify a ledger with compactions in the browser.
 */
describe('peak context pressure on the report surfaces', () => {
  let run: AgentRun;
  let bundle: Bundle;
  let sessionId: string;
  beforeAll(async () => {
    run = openRunStore();
    const outcome = (await runAgent({
      store: run.store,
      contract: contractFrom(longRunToml()),
      workdir: notesWorkdir(),
      provider: new RecordingModel(longRunScript()),
    })) as CompletedOutcome;
    sessionId = outcome.sessionId;
    bundle = exportBundle(run.store, sessionId, createNodeCrypto());
  }, 60_000);
  afterAll(() => run.close());

  it('the run report and the check run summary give the peak against the window, compactions and re-pins', () => {
    const report = reportFromEntries(sessionId, [...run.store.entries(sessionId)]);
    const layers = [...run.store.entries(sessionId)].filter((e) => e.kind === 'context_layers');
    const peak = Math.max(...layers.map((e) => Number(e.payload.pressure)));
    expect(report.context).toMatchObject({
      window: 6000,
      peakPressure: peak,
      steps: 60,
      repins: 7,
      cacheReadTokens: 0,
    });
    expect(report.context?.compactions).toBeGreaterThanOrEqual(3);
    const out = renderCheckOutput(
      report,
      { bundleFileName: 'b.json', publicKey: AGENT_KEY.publicKeyHex, keyId: AGENT_KEY.keyId },
      {},
    );
    expect(out.summary).toMatch(
      new RegExp(
        `- \\*\\*Context:\\*\\* peak ${Math.round(peak * 100)}% of the 6,000-token window \\(step \\d+, [\\d,]+ tokens\\) · ${report.context?.compactions} compactions · 7 goal re-pins`,
      ),
    );
  });

  it.runIf(runBrowserTests)(
    'the HTML report verifies the ledger in the page and shows the context line',
    async () => {
      let browser: Browser | undefined;
      try {
        browser = await launchChromium();
        const dir = tempDir('context-report');
        const file = dir.path('report.html');
        writeFileSync(
          file,
          renderReportHtml({
            bundle,
            trusted: new Map([[AGENT_KEY.publicKeyHex, 'test key']]),
            trustSource: '--key',
            generator: 'truss test',
          }),
        );
        const page = await openReport(browser, file);
        try {
          expect(page.errors).toEqual([]);
          expect(page.result?.report.status).toBe('verified');
          const facts = await page.page.locator('#run-facts').textContent();
          expect(facts).toMatch(
            /Context\s*peak \d+% of the 6,000-token window \(step \d+, [\d,]+ tokens\) · \d+ compactions · 7 goal re-pins/,
          );
        } finally {
          await page.close();
        }
      } finally {
        await browser?.close();
      }
    },
    90_000,
  );
});
