/**
 * One strict reader of `human_review` payloads (docs/ledger.md "Human sign-off"): a decision that only
 * prints like "approved" (`["approved"]`, `true`) is malformed everywhere — the verifier fails the
 * entry, `truss ledger show` says so, the report page shows a malformed review, and an approval gate
 * stays shut. Before, the verifier read `String(["approved"])` as approved while gates compared strictly.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeCrypto, readHumanReview } from '../../src/core/ledger/index.js';
import {
  APPROVER_KEY,
  contractFrom,
  GATED_CONTRACT_TOML,
  gatedAgent,
  makeWorkdir,
  openRunStore,
  resumeAgent,
  runAgent,
} from '../helpers/agent-kit.js';
import { launchChromium, openReport, runBrowserTests } from '../helpers/browser.js';
import { REPO_ROOT, runCli } from '../helpers/cli.js';
import {
  exportText,
  type LedgerFixture,
  openFixture,
  REVIEWER_KEY,
  SESSION_KEY,
} from '../helpers/ledger-kit.js';
import { appendSampleRun } from '../helpers/sample-run.js';

const FIELDS = {
  note: 'looks fine',
  actor: { login: 'octocat', id: 1 },
  source: { review_id: 7, commit_sha: null, url: null },
};

describe('readHumanReview', () => {
  it('reads the reviews in examples/bundles and what truss writes', () => {
    const bundle = JSON.parse(readFileSync(join(REPO_ROOT, 'examples/bundles/valid.json'), 'utf8'));
    const read = readHumanReview(bundle.ledger.entries.at(-1).payload);
    expect(read).toMatchObject({ review: { decision: 'approved', actor: { login: 'octocat' } } });
  });

  it('refuses a decision that is not exactly one of the three strings, naming the field', () => {
    const base = readHumanReview(
      JSON.parse(readFileSync(join(REPO_ROOT, 'examples/bundles/valid.json'), 'utf8')).ledger.entries.at(-1)
        .payload,
    ) as unknown as { review: Record<string, unknown> };
    for (const decision of [['approved'], true, 'Approved', null, undefined, { approved: true }]) {
      const read = readHumanReview({ ...base.review, decision });
      expect('error' in read, JSON.stringify(decision)).toBe(true);
      expect((read as { error: string }).error).toMatch(/^human_review decision .* is malformed/);
    }
    expect('error' in readHumanReview({ ...base.review, attested_head_hash: 42 })).toBe(true);
  });
});

describe('a pinned review whose decision is ["approved"]', () => {
  let fx: LedgerFixture;
  let browser: Browser | undefined;
  let id: string;
  const pins = ['--key', SESSION_KEY.publicKeyHex, '--key', REVIEWER_KEY.publicKeyHex];
  beforeAll(async () => {
    fx = openFixture('review-payload');
    id = appendSampleRun(fx.store, SESSION_KEY);
    fx.store.appendHumanReview(id, REVIEWER_KEY, { ...FIELDS, decision: ['approved'] as never });
    writeFileSync(join(fx.dir, 'bundle.json'), exportText(fx, id, createNodeCrypto()));
    if (runBrowserTests) browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    fx.close();
  });

  it('fails verification as malformed_entry in truss verify and truss ledger verify', () => {
    const cli = runCli(['verify', 'bundle.json', '--json', ...pins], { cwd: fx.dir });
    expect(cli.code, cli.stdout).toBe(1);
    const report = JSON.parse(cli.stdout);
    expect(report.failure).toMatchObject({ code: 'malformed_entry', seq: 7 });
    expect(report.failure.message).toContain('human_review decision ["approved"] is malformed');
    const stored = runCli(['ledger', 'verify', id, '--db', fx.dbPath, '--json', ...pins], { cwd: fx.dir });
    expect(stored.code).toBe(1);
    expect(JSON.parse(stored.stdout).failure).toEqual(report.failure);
    const show = runCli(['ledger', 'show', id, '--db', fx.dbPath], { cwd: fx.dir });
    expect(show.stdout).toContain('MALFORMED review');
  });

  it.runIf(runBrowserTests)('the report page shows a malformed review, never "approved"', async () => {
    const made = runCli(['report', 'bundle.json', '-o', 'bundle.html', ...pins], { cwd: fx.dir });
    expect(made.code, made.stderr).toBe(0);
    const opened = await openReport(browser as Browser, join(fx.dir, 'bundle.html'));
    try {
      const signoff = (await opened.page.textContent('#signoffs')) ?? '';
      expect(signoff).toContain('malformed review');
      expect(signoff).not.toMatch(/\bapproved by\b/);
      expect(opened.result?.report.status).toBe('failed');
      expect(opened.result?.report.failure?.code).toBe('malformed_entry');
    } finally {
      await opened.close();
    }
  });
});

describe('approval gate and a malformed decision', () => {
  it('a review whose decision is ["approved"] does not release the gate: resume refuses the chain', async () => {
    const GATED = contractFrom(GATED_CONTRACT_TOML);
    const agent = gatedAgent;
    const run = openRunStore();
    const workdir = makeWorkdir();
    const first = await runAgent({ store: run.store, contract: GATED, workdir, provider: agent() });
    expect(first.status).toBe('suspended');
    run.store.appendHumanReview(first.sessionId, APPROVER_KEY, {
      ...FIELDS,
      decision: ['approved'] as never,
    });
    // Resume verifies the chain first, with the same reader: the malformed review stops it there.
    await expect(
      resumeAgent({
        store: run.store,
        sessionId: first.sessionId,
        contract: GATED.contract,
        workdir,
        provider: agent(),
      }),
    ).rejects.toThrow(/human_review decision \["approved"\] is malformed/);
    expect(run.store.session(first.sessionId)?.status).toBe('suspended');
  });
});
