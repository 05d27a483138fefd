import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import type { VerifyReport } from '../../src/core/ledger/index.js';
import { CHROMIUM_PATH } from './capabilities.js';
import { REPO_ROOT } from './cli.js';

export { CHROMIUM_PATH };

/**
 * Browser suites run when Chromium is installed, and always under CI: there a missing browser must
 * fail the build (launchChromium throws), never skip silently.
 */
export const runBrowserTests = existsSync(CHROMIUM_PATH) || Boolean(process.env.CI);

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install it (apt-get install -y chromium) or set TRUSS_CHROMIUM`,
    );
  }
  // Chromium refuses its sandbox as root (CI containers); as any other user it keeps it.
  const args = process.getuid?.() === 0 ? ['--no-sandbox'] : [];
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args });
}

/** Where screenshots go (gitignored; CI can keep them as artifacts). */
export const SCREENSHOT_DIR = join(REPO_ROOT, 'test-results', 'report');

export interface OpenedReport {
  page: Page;
  /** Every URL the page requested, including the page itself. */
  requests: string[];
  errors: string[];
  dialogs: string[];
  result: { report: VerifyReport; ms: number; workers: number } | undefined;
  screenshot(name: string): Promise<string>;
  close(): Promise<void>;
}

/** Opens a report from its file:// URL in a fresh context and waits until the page has finished verifying. */
export async function openReport(
  browser: Browser,
  file: string,
  options: BrowserContextOptions = {},
): Promise<OpenedReport> {
  const context = await browser.newContext(options);
  const tab = await watchedTab(context);
  return { ...(await tab.open(file)), close: () => context.close() };
}

/** One page that opens report after report: what an opened report saw, without its close. */
export interface ReportTab {
  open(file: string): Promise<Omit<OpenedReport, 'close'>>;
  close(): Promise<void>;
}

/**
 * A tab that loads many reports one after another: each load is a new document with its own
 * requests, errors and dialogs, while the renderer a fresh context would start (a second or more on
 * a loaded machine) is started once.
 */
export async function openReportTab(browser: Browser): Promise<ReportTab> {
  const context = await browser.newContext();
  const tab = await watchedTab(context);
  return { open: tab.open, close: () => context.close() };
}

async function watchedTab(context: BrowserContext): Promise<Omit<ReportTab, 'close'>> {
  const page = await context.newPage();
  let seen = { requests: [] as string[], errors: [] as string[], dialogs: [] as string[] };
  page.on('request', (request) => seen.requests.push(request.url()));
  page.on('pageerror', (error) => seen.errors.push(error.message));
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const open = async (file: string) => {
    seen = { requests: [], errors: [], dialogs: [] };
    const { requests, errors, dialogs } = seen;
    await page.goto(pathToFileURL(file).href);
    await page.waitForFunction(() => document.documentElement.dataset.chain, null, { timeout: 45_000 });
    const result = await page.evaluate(() => window.trussVerification);
    return {
      page,
      requests,
      errors,
      dialogs,
      result: result as OpenedReport['result'],
      async screenshot(name: string) {
        mkdirSync(SCREENSHOT_DIR, { recursive: true });
        const path = join(SCREENSHOT_DIR, `${name}.png`);
        await page.screenshot({ path, fullPage: true });
        return path;
      },
    };
  };
  return { open };
}

/** True for URLs that never leave the machine: the file itself, data: and the page's own blob: workers. */
export function isLocalUrl(url: string): boolean {
  return /^(file|data|blob):/.test(url);
}
