import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SigningKey } from '../../src/core/ledger/index.js';
import { launchChromium, openReport, runBrowserTests } from '../helpers/browser.js';
import { runCli } from '../helpers/cli.js';
import { writeKeyFile } from '../helpers/keys.js';
import { tempDir } from '../helpers/temp-dir.js';
import { makeWorkRepo, mechanismAvailable } from './isolation-kit.js';

/** The HTML report a real `truss run` writes says, in the page, how the checks were isolated. */
const unavailable = await mechanismAvailable('uid');
const skip = !runBrowserTests
  ? 'Chromium is not installed (apt-get install chromium)'
  : unavailable
    ? `uid isolation unavailable: ${unavailable}`
    : null;
if (skip) console.warn(`skipping the isolation HTML report test: ${skip}`);

describe.skipIf(skip !== null)(`HTML report shows the isolation${skip ? ` (SKIPPED: ${skip})` : ''}`, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const level of ['uid', 'none'] as const) {
    it(`a run with --isolation ${level} reads "checks isolated: ${level}" in the report's facts`, async () => {
      const home = tempDir('iso-report').dir;
      const keyFile = join(home, 'k.key');
      writeKeyFile(keyFile, SigningKey.generate().seedBase64);
      const workdir = makeWorkRepo();
      writeFileSync(
        join(workdir, '.truss/contracts/c.toml'),
        '[contract]\nid = "c"\nintent = "x"\n\n[[done]]\nkind = "check"\ndesc = "true"\nrun = "true"\n',
      );
      const bundle = join(home, 'b.json');
      const run = runCli(
        [
          'run',
          'c',
          '--workdir',
          workdir,
          '--key',
          keyFile,
          '--bundle',
          bundle,
          '--isolation',
          level,
          '--json',
        ],
        { env: { HOME: home } },
      );
      expect(run.code, run.stderr).toBe(0);
      const reportPath = JSON.parse(run.stdout).report as string;
      expect(readFileSync(reportPath, 'utf8').length).toBeGreaterThan(0);
      const opened = await openReport(browser, reportPath);
      try {
        expect(opened.errors).toEqual([]);
        const facts = (await opened.page.textContent('#run-facts')) ?? '';
        expect(facts).toContain(`checks isolated: ${level}`);
      } finally {
        await opened.close();
      }
    }, 60_000);
  }
});
