import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Bundle, createNodeCrypto, type LedgerEntry } from '../../src/core/ledger/index.js';
import { renderReportHtml, scriptSafeJson } from '../../src/core/report/index.js';
import {
  isLocalUrl,
  launchChromium,
  type OpenedReport,
  openReport,
  openReportTab,
  runBrowserTests,
} from '../helpers/browser.js';
import { bundleTamperCases, caseText, outcomeOf } from '../helpers/bundle-tamper-cases.js';
import { REPO_ROOT, runCli, runCliInProcess } from '../helpers/cli.js';
import {
  exportText,
  FORGER_KEY,
  type LedgerFixture,
  openFixture,
  REVIEWER_KEY,
  relinkEntries,
  SESSION_KEY,
} from '../helpers/ledger-kit.js';
import { appendSampleRun } from '../helpers/sample-run.js';

/**
 * The HTML report in real headless Chromium, opened from file:// URLs: the page must verify the
 * ledger itself and say so unmistakably, make no network request, render hostile payloads as text,
 * and agree with `truss verify` on every tamper class. Screenshots land in test-results/report/.
 *
 * The sample run (extra: 2) is: 0 run_started · 1 check_result · 2-4 review_vote · 5-6 tool_result ·
 * 7 verdict · 8 run_completed.
 */
const HOSTILE = '</script><img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script><!--';

describe.runIf(runBrowserTests)('HTML report in headless Chromium', () => {
  let browser: Browser;
  let fx: LedgerFixture;
  let bundleText: string;
  const file = (name: string) => join(fx.dir, name);

  /** `truss report` (the real CLI) for bundle text `text`, pinned to `keys`. */
  const report = (name: string, text: string, keys: string[]): string => {
    writeFileSync(file(`${name}.json`), text);
    const pins = keys.flatMap((k) => ['--key', k]);
    const result = runCli(['report', `${name}.json`, '-o', `${name}.html`, ...pins], { cwd: fx.dir });
    expect(result.code, result.stderr).toBe(0);
    return file(`${name}.html`);
  };

  beforeAll(async () => {
    browser = await launchChromium();
    fx = openFixture('report-browser');
    const id = appendSampleRun(fx.store, SESSION_KEY, { extra: 2 });
    bundleText = exportText(fx, id, createNodeCrypto());
  });

  afterAll(async () => {
    await browser?.close();
    fx?.close();
  });

  const expectOffline = (requests: string[]) => {
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((url) => !isLocalUrl(url))).toEqual([]);
  };

  it('(a) valid bundle, key pinned: PASS, clause rows, "chain intact … (pinned)", no network', async () => {
    const opened = await openReport(browser, report('valid', bundleText, [SESSION_KEY.publicKeyHex]));
    try {
      const { page } = opened;
      expect(opened.errors).toEqual([]);
      expect(await page.textContent('#verdict')).toBe('PASS');
      expect(await page.textContent('.contract-title')).toBe('Write a greeting file');
      const rows = page.locator('tr.clause-row');
      expect(await rows.count()).toBe(2);
      expect(await rows.evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.status))).toEqual([
        'met',
        'met',
      ]);
      expect(await page.textContent('#chain-status')).toBe(
        `✔ Chain intact, signed by ${SESSION_KEY.keyId} (pinned)`,
      );
      expect(await page.getAttribute('#chain', 'data-tone')).toBe('good');
      expect(opened.result?.report).toMatchObject({ status: 'verified', entries: 9, key_pinned: true });
      expectOffline(opened.requests);
      await opened.screenshot('valid-pinned');
    } finally {
      await opened.close();
    }
  });

  it('(a) valid bundle, no key pinned: "intact but key not pinned"; pinning the key in the page verifies it', async () => {
    const opened = await openReport(browser, report('unpinned', bundleText, []));
    try {
      const { page } = opened;
      expect(await page.textContent('#chain-status')).toBe('⚠ Chain intact but key not pinned');
      expect(await page.getAttribute('#chain', 'data-tone')).toBe('warn');
      await page.fill('#pin-key', FORGER_KEY.publicKeyHex);
      await page.press('#pin-key', 'Enter');
      await expect.poll(() => page.textContent('#chain-status')).toMatch(/^✘ Key mismatch: /);
      await page.fill('#pin-key', SESSION_KEY.publicKeyHex.toUpperCase());
      await page.click('#pin-form button');
      await expect
        .poll(() => page.textContent('#chain-status'))
        .toBe(`✔ Chain intact, signed by ${SESSION_KEY.keyId} (pinned)`);
      expectOffline(opened.requests);
      await opened.screenshot('valid-unpinned');
    } finally {
      await opened.close();
    }
  });

  it('(b) one payload byte changed: "broken at seq 1", the entry is marked, the verdict is disowned', async () => {
    const edited = bundleText.replace('«fine»', '«fIne»');
    expect((JSON.parse(edited) as Bundle).ledger.entries[1]?.payload.stdout_tail).toBe('ok ✓ — «fIne»');
    expect(edited).not.toBe(bundleText);
    const opened = await openReport(browser, report('one-byte', edited, [SESSION_KEY.publicKeyHex]));
    try {
      const { page } = opened;
      expect(await page.textContent('#chain-status')).toBe(
        '✘ Broken at seq 1: entry_hash does not match the recomputed hash of its contents',
      );
      expect(await page.getAttribute('#chain', 'data-tone')).toBe('bad');
      expect(await page.isVisible('#untrusted-note')).toBe(true);
      const broken = page.locator('details.entry.broken');
      expect(await broken.getAttribute('data-seq')).toBe('1');
      expect(await broken.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
      expectOffline(opened.requests);
      await opened.screenshot('one-byte-changed');
    } finally {
      await opened.close();
    }
  });

  it('(c) re-signed with another key while the original key is pinned: key mismatch', async () => {
    const bundle = JSON.parse(bundleText) as Bundle;
    bundle.ledger.head_hash = relinkEntries(bundle.ledger.entries, 0, FORGER_KEY);
    bundle.ledger.public_key = FORGER_KEY.publicKeyHex;
    bundle.ledger.pubkey_id = FORGER_KEY.keyId;
    const opened = await openReport(
      browser,
      report('resigned', JSON.stringify(bundle), [SESSION_KEY.publicKeyHex]),
    );
    try {
      const { page } = opened;
      expect(await page.textContent('#chain-status')).toBe(
        `✘ Key mismatch: the ledger is signed by ${FORGER_KEY.keyId}, which is not a trusted key (re-signed or forged ledger)`,
      );
      expect(await page.textContent('#verdict')).toBe('PASS');
      expect(await page.isVisible('#untrusted-note')).toBe(true);
      expectOffline(opened.requests);
      await opened.screenshot('resigned-key-mismatch');
    } finally {
      await opened.close();
    }
  });

  it('human sign-offs sit beside the machine verdict; one made before new evidence is marked stale', async () => {
    // The first review comes before the run's end (a session ends once: duplicate_terminal).
    const id = appendSampleRun(fx.store, SESSION_KEY, { id: 'signed-off', terminal: false });
    const fields = {
      actor: { login: 'early-reviewer', id: 1 },
      source: { review_id: 1, commit_sha: null, url: null },
    };
    fx.store.appendHumanReview(id, REVIEWER_KEY, { ...fields, decision: 'approved', note: 'looked fine' });
    fx.store.append(id, 'tool_result', { call_id: 'late', name: 'bash', content: 'edit' }, SESSION_KEY);
    fx.store.append(id, 'run_completed', { final_text: 'changed after the review' }, SESSION_KEY);
    fx.store.appendHumanReview(id, REVIEWER_KEY, {
      ...fields,
      actor: { login: 'late-reviewer', id: 2 },
      decision: 'needs_changes',
      note: 'saw the edit',
    });
    // An approval of another commit than the run judged (22…2): it does not vouch for this run.
    fx.store.appendHumanReview(id, REVIEWER_KEY, {
      ...fields,
      actor: { login: 'other-commit-reviewer', id: 3 },
      source: { review_id: 3, commit_sha: '3'.repeat(40), url: null },
      decision: 'approved',
      note: 'approved an older push',
    });
    const path = report('signoffs', exportText(fx, id, createNodeCrypto()), [
      SESSION_KEY.publicKeyHex,
      REVIEWER_KEY.publicKeyHex,
    ]);
    const opened = await openReport(browser, path);
    try {
      const { page } = opened;
      const heroCards = await page.locator('.hero > section').evaluateAll((els) => els.map((el) => el.id));
      expect(heroCards).toEqual(['verdict-card', 'chain', 'signoffs']);
      const items = page.locator('#signoffs li.signoff');
      expect(
        await items.evaluateAll((els) =>
          els.map((el) => [el.className, el.querySelector('strong')?.textContent]),
        ),
      ).toEqual([
        ['signoff stale', 'approved'],
        ['signoff current', 'needs changes'],
        ['signoff stale', 'approved'],
      ]);
      expect(await items.nth(2).textContent()).toContain('Stale: this sign-off reviewed commit 333333');
      expect(await items.nth(0).textContent()).toContain(
        'Stale: the ledger gained evidence after this sign-off',
      );
      expect(await items.nth(1).textContent()).toContain('by late-reviewer');
      expect(await items.nth(1).textContent()).toContain('signature valid, reviewer key pinned');
      // The machine verdict is not merged with the sign-offs: it still says what the panel said.
      expect(await page.textContent('#verdict')).toBe('PASS');
      expect(opened.result?.report.reviews.map((r) => r.stale)).toEqual([true, false, true]);
      await opened.screenshot('signoffs-stale');
    } finally {
      await opened.close();
    }
  });

  it('hostile payload text (</script>, onerror, comments) stays text, runs nothing, and still verifies', async () => {
    const id = fx.store.createSession({ signer: SESSION_KEY, codeVersion: 'test', id: 'hostile' }).id;
    const contract = {
      id: 'hostile',
      title: HOSTILE,
      intent: HOSTILE,
      done: [{ kind: 'check', desc: HOSTILE }],
    };
    fx.store.append(id, 'run_started', { contract, code_version: HOSTILE }, SESSION_KEY);
    fx.store.append(
      id,
      'check_result',
      { clause: 0, desc: HOSTILE, run: HOSTILE, exit_code: 1, stdout: { tail: HOSTILE } },
      SESSION_KEY,
    );
    fx.store.append(
      id,
      'verdict',
      {
        overall: 'fail',
        clauses: [{ clause: 0, kind: 'check', desc: HOSTILE, status: 'not_met', reason: HOSTILE }],
      },
      SESSION_KEY,
    );
    fx.store.append(id, 'run_completed', { final_text: HOSTILE }, SESSION_KEY);
    fx.store.appendHumanReview(id, REVIEWER_KEY, {
      decision: 'rejected',
      note: HOSTILE,
      actor: { login: HOSTILE, id: 1 },
      source: { review_id: 1, commit_sha: null, url: `javascript:alert(1)//${HOSTILE}` },
    });
    const path = report('hostile', exportText(fx, id, createNodeCrypto()), [
      SESSION_KEY.publicKeyHex,
      REVIEWER_KEY.publicKeyHex,
    ]);
    // The generated file carries the payload only as escaped JSON.
    const html = readFileSync(path, 'utf8');
    expect(html.match(/<\/script>/gi)).toHaveLength(2);
    expect(html).not.toContain('<img');
    const opened = await openReport(browser, path);
    try {
      const { page } = opened;
      expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
      expect(opened.dialogs).toEqual([]);
      expect(opened.errors).toEqual([]);
      expect(await page.locator('img').count()).toBe(0);
      expect(await page.locator('body script').count()).toBe(2);
      expect(await page.textContent('blockquote.intent')).toBe(HOSTILE);
      expect(await page.textContent('#verdict')).toBe('FAIL');
      expect(await page.textContent('.signoff blockquote')).toBe(HOSTILE);
      expect(opened.result?.report.status).toBe('verified');
      expectOffline(opened.requests);
      await opened.screenshot('hostile-payload');
    } finally {
      await opened.close();
    }
  });

  it('is keyboard operable, keeps the transcript as a drill-down, and reads in dark mode on a narrow screen', async () => {
    const path = report('a11y', bundleText, [SESSION_KEY.publicKeyHex]);
    const opened = await openReport(browser, path, {
      colorScheme: 'dark',
      viewport: { width: 360, height: 740 },
    });
    try {
      const { page } = opened;
      expect(await page.locator('h1').count()).toBe(1);
      expect(await page.locator('h2').count()).toBeGreaterThanOrEqual(6);
      // Transcript entries (tool_result at seq 5 and 6) appear only on request.
      const seqs = () =>
        page.locator('details.entry').evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.seq));
      expect(await seqs()).toEqual(['0', '1', '2', '3', '4', '7', '8']);
      await page.check('#show-transcript');
      expect(await seqs()).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8']);
      // Evidence and entries open from the keyboard (<details>/<summary>).
      const summary = page.locator('tr.clause-row details.evidence > summary').first();
      await summary.focus();
      await page.keyboard.press('Enter');
      expect(
        await page
          .locator('tr.clause-row details.evidence')
          .first()
          .evaluate((el) => (el as HTMLDetailsElement).open),
      ).toBe(true);
      expect(await page.textContent('tr.clause-row pre.tail')).toContain('ok ✓');
      const entry = page.locator('details.entry[data-seq="7"] > summary');
      await entry.focus();
      await page.keyboard.press('Space');
      expect(await page.textContent('details.entry[data-seq="7"] pre.payload')).toContain(
        '"overall": "pass"',
      );
      // Dark palette and no sideways scrolling at 360 px.
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background).toBe('rgb(13, 17, 23)');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      expectOffline(opened.requests);
      await opened.screenshot('dark-narrow');
    } finally {
      await opened.close();
    }
  });

  describe('agreement with `truss verify` on every bundle tamper class', () => {
    it('the in-page verifier and the CLI give the same report (status, failure code and seq, notes, reviews)', async () => {
      const tamper = openFixture('report-agree');
      try {
        // A row, a column or a checkpoint only a database can hold has no bundle: `truss ledger export` refuses
        // it (test/runtime/resume-agreement.test.ts).
        const cases = bundleTamperCases(tamper).filter(
          (c) => !c.storedPayloads && !c.checkpointOver && !c.storedEdit,
        );
        expect(cases.length).toBeGreaterThanOrEqual(30);
        // `truss verify` through the CLI's entry function in this process (what the built CLI runs; the
        // tests above start `truss report` as shipped): the thirty-odd cases start no node each.
        const at = (name: string) => join(tamper.dir, name);
        const cli = async (name: string, pinned: string[]) => {
          const args = ['verify', at(`${name}.json`), '--json', ...pinned.flatMap((k) => ['--key', k])];
          const out = await runCliInProcess(args, { cwd: tamper.dir });
          if (out.code === 3) return 'unreadable';
          const { file: _file, trust_source: _source, ...report } = JSON.parse(out.stdout);
          return report;
        };
        /** `truss report` on the file: 'unreadable' when it refuses it (exit 3), else 'written'. */
        const reportCli = async (name: string, pinned: string[]) => {
          const keys = pinned.flatMap((k) => ['--key', k]);
          const args = ['report', at(`${name}.json`), '-o', at(`${name}.report.html`), ...keys];
          return (await runCliInProcess(args, { cwd: tamper.dir })).code === 3 ? 'unreadable' : 'written';
        };
        const names = cases.map((_c, i) => `case-${i}`);
        cases.forEach((c, i) => {
          writeFileSync(join(tamper.dir, `${names[i]}.json`), caseText(c));
          const trusted = new Map(c.pinned.map((k) => [k, 'pinned']));
          // A case that lives in its spelling is embedded in the page verbatim (as a hand-edited page
          // would carry it), so the page's own reader meets the same bytes as `truss verify`.
          const marker = `truss-verbatim-bundle-${i}`;
          const html =
            c.text === undefined
              ? renderReportHtml({ bundle: c.bundle, trusted, generator: 'test' })
              : renderReportHtml({ bundle: marker as unknown as Bundle, trusted, generator: 'test' }).replace(
                  scriptSafeJson(marker),
                  () => c.text?.replace(/[<>&\u2028\u2029]/g, (ch) => scriptSafeJson(ch).slice(1, -1)) ?? '',
                );
          writeFileSync(join(tamper.dir, `${names[i]}.html`), html);
        });
        const reportRuns = Promise.all(
          cases.map((c, i) => (c.text === undefined ? null : reportCli(names[i] as string, c.pinned))),
        );
        reportRuns.catch(() => {});
        // The CLI runs (four at a time) while the pages verify; the two are compared once both are done.
        const cliRuns = (async () => {
          const reports: unknown[] = [];
          for (let i = 0; i < cases.length; i += 4) {
            const batch = cases.slice(i, i + 4).map((c, j) => cli(names[i + j] as string, c.pinned));
            reports.push(...(await Promise.all(batch)));
          }
          return reports;
        })();
        cliRuns.catch(() => {}); // awaited below: no unhandled rejection while the pages load
        // Two tabs take the pages in turn: each case is a fresh document, the renderers start once.
        const pages: Array<Pick<OpenedReport, 'errors' | 'requests' | 'result'> & { chain?: string }> = [];
        const tabs = await Promise.all([openReportTab(browser), openReportTab(browser)]);
        try {
          let next = 0;
          await Promise.all(
            tabs.map(async (tab) => {
              while (next < names.length) {
                const i = next++;
                const opened = await tab.open(join(tamper.dir, `${names[i]}.html`));
                const chain = await opened.page.evaluate(() => document.documentElement.dataset.chain);
                pages[i] = { errors: opened.errors, requests: opened.requests, result: opened.result, chain };
              }
            }),
          );
        } finally {
          await Promise.all(tabs.map((tab) => tab.close()));
        }
        const cliReports = await cliRuns;
        const reportCliRuns = await reportRuns;
        // The page `truss report` wrote for a case that lives in its spelling: it embeds the bundle as
        // parsed and serialised again, which must not change what the page concludes (a 1e400 that
        // JSON.stringify writes as null once did).
        const reportPages = new Map<number, unknown>();
        const reportTab = await openReportTab(browser);
        try {
          for (const [i, written] of reportCliRuns.entries()) {
            if (written !== 'written') continue;
            const opened = await reportTab.open(at(`${names[i]}.report.html`));
            reportPages.set(i, opened.result?.report);
          }
        } finally {
          await reportTab.close();
        }
        const seen = new Set<string>();
        for (const [i, c] of cases.entries()) {
          const opened = pages[i] as (typeof pages)[number];
          expect(opened.errors, c.name).toEqual([]);
          expectOffline(opened.requests);
          if (c.expected) {
            // The one conclusion the shared case states, on both paths (and `truss report` writes a
            // page exactly when the text is readable).
            const page = opened.chain === 'error' ? 'unreadable' : outcomeOf(opened.result?.report as never);
            const cliOutcome =
              cliReports[i] === 'unreadable' ? 'unreadable' : outcomeOf(cliReports[i] as never);
            expect.soft({ cli: cliOutcome, page }, c.name).toEqual({ cli: c.expected, page: c.expected });
            if (reportCliRuns[i] !== null)
              expect
                .soft(reportCliRuns[i], c.name)
                .toBe(c.expected === 'unreadable' ? 'unreadable' : 'written');
          }
          if (c.unreadable || c.expected === 'unreadable') {
            // Refused by both as unreadable: `truss verify` exits 3, the page verifies nothing.
            expect(cliReports[i], c.name).toBe('unreadable');
            expect({ chain: opened.chain, result: opened.result }, c.name).toEqual({
              chain: 'error',
              result: undefined,
            });
            seen.add('unreadable');
            continue;
          }
          expect(opened.result?.report, c.name).toEqual(cliReports[i]);
          if (reportPages.has(i)) {
            const fromReport = reportPages.get(i) as Record<string, unknown> | undefined;
            expect(fromReport && outcomeOf(fromReport as never), `${c.name} (truss report's page)`).toEqual(
              outcomeOf(cliReports[i] as never),
            );
          }
          const r = opened.result?.report;
          seen.add(`${r?.status}:${r?.failure?.code ?? ''}`);
        }
        // The set really spans the outcomes: every status and the failure codes of docs/ledger.md "Verification results".
        for (const outcome of [
          'unreadable',
          'verified:',
          'integrity_only:',
          'incomplete:',
          'failed:entry_hash_mismatch',
          'failed:bad_signature',
          'failed:seq_gap',
          'failed:prev_hash_mismatch',
          'failed:head_mismatch',
          'failed:untrusted_key',
          'failed:key_mismatch',
          'failed:view_mismatch',
          'failed:malformed_entry',
          'failed:unknown_attestation',
          'failed:bad_reviewer_key',
          'failed:child_missing',
          'failed:child_failed',
          'failed:duplicate_child',
          'failed:session_mismatch',
        ]) {
          expect(seen, outcome).toContain(outcome);
        }
      } finally {
        tamper.close();
      }
    }, 180_000);
  });
});

it('the sample run the browser suite uses has the shape its seq numbers assume', () => {
  const fx = openFixture('report-shape');
  try {
    const id = appendSampleRun(fx.store, SESSION_KEY, { extra: 2 });
    const kinds = (JSON.parse(exportText(fx, id, createNodeCrypto())) as Bundle).ledger.entries.map(
      (e: LedgerEntry) => e.kind,
    );
    expect(kinds).toEqual([
      'run_started',
      'check_result',
      'review_vote',
      'review_vote',
      'review_vote',
      'tool_result',
      'tool_result',
      'verdict',
      'run_completed',
    ]);
  } finally {
    fx.close();
  }
});
void REPO_ROOT;
