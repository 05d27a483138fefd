/**
 * Publishing is one ordered list of named steps (src/github/publish-run.ts): the steps that append
 * to the ledger (the ledger-branch anchor) run first, the bundle, the HTML report and the run report
 * are built once at the head the ledger ends at, and the steps after them only read. Real ledger,
 * the real ledger-branch steps against the in-process fake GitHub (Git Data API).
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkReceipt } from '../../src/core/anchor/receipt.js';
import { type Bundle, createNodeCrypto, LedgerStore } from '../../src/core/ledger/index.js';
import { htmlReportFileName, ledgerBundleFileName } from '../../src/github/names.js';
import { createOctokit } from '../../src/github/octokit.js';
import {
  anchorOnLedgerBranchStep,
  commitToLedgerBranchStep,
} from '../../src/github/publish-ledger-branch.js';
import {
  checkStepOrder,
  type EvidenceFiles,
  type PublishStep,
  publishRun,
  uploadStep,
} from '../../src/github/publish-run.js';
import { FakeLedgerBranch, OWNER, REPO } from '../helpers/action-harness.js';
import { FakeGitHub } from '../helpers/fake-github.js';
import { SESSION_KEY } from '../helpers/ledger-kit.js';
import { appendSampleRun } from '../helpers/sample-run.js';
import { captureLog } from './helpers.js';

const BRANCH = 'truss-ledger';

let fake: FakeGitHub;
let ledger: FakeLedgerBranch;
let url: string;
let store: LedgerStore;
let outDir: string;
beforeEach(async () => {
  fake = new FakeGitHub();
  ledger = new FakeLedgerBranch(BRANCH);
  ledger.install(fake);
  url = await fake.start();
  outDir = mkdtempSync(join(tmpdir(), 'truss-publish-run-'));
  store = LedgerStore.open(join(outDir, 'ledger.db'));
});
afterEach(async () => {
  store.close();
  await fake.stop();
});

/** The bundle the HTML report embeds (what its page verifies). */
function bundleInReport(path: string): Bundle {
  const html = readFileSync(path, 'utf8');
  const open = '<script type="application/json" id="truss-data">';
  const start = html.indexOf(open) + open.length;
  return (JSON.parse(html.slice(start, html.indexOf('</script>', start))) as { bundle: Bundle }).bundle;
}

function branchOptions(warnings: string[]) {
  return {
    octokit: createOctokit({
      token: 'ghs_test',
      baseUrl: url,
      log: captureLog(),
      retryBaseMs: 1,
      throttle: false,
    }),
    owner: OWNER,
    repo: REPO,
    branch: BRANCH,
    dryRun: false,
    warn: (message: string) => warnings.push(message),
  };
}

describe('publishRun', () => {
  it('runs the anchor before the seal: the receipt is in the bundle, and the HTML report, the report and the branch copy end at the bundle head', async () => {
    const sessionId = appendSampleRun(store, SESSION_KEY);
    const reviewableHead = store.session(sessionId)?.head_hash;
    const warnings: string[] = [];
    const uploaded: EvidenceFiles[] = [];
    const options = branchOptions(warnings);
    const steps = [
      anchorOnLedgerBranchStep({ ...options, anchor: { store, signer: SESSION_KEY } }),
      commitToLedgerBranchStep(options),
      uploadStep(async (files) => {
        uploaded.push(files);
        return { name: `artifact-${files.sessionId}`, id: 7, url: null };
      }, captureLog()),
    ].filter((step) => step !== null);
    expect(steps.map((step) => `${step.stage}:${step.name}`)).toEqual([
      'ledger:anchor',
      'evidence:ledger-branch',
      'evidence:artifact',
    ]);

    const published = await publishRun({
      store,
      sessionId,
      outDir,
      codeVersion: 'test',
      steps,
      log: captureLog(),
    });
    expect(warnings).toEqual([]);

    const bundle = JSON.parse(readFileSync(published.evidence.bundlePath, 'utf8')) as Bundle;
    const receipt = bundle.ledger.entries.at(-1);
    expect(receipt?.kind).toBe('anchor_receipt');
    expect(receipt?.payload.anchored_head_hash).toBe(reviewableHead);
    expect(checkReceipt(receipt?.payload as never, createNodeCrypto())).toHaveProperty(
      'finding.tree_size',
      1,
    );
    expect(bundle.ledger.head_hash).toBe(receipt?.entry_hash);

    // One head everywhere: the HTML report embeds this very bundle, and the report (check run,
    // sticky comment) was built from the same entries; nothing patched it afterwards.
    expect(published.evidence.reportPath).toBe(join(outDir, htmlReportFileName(sessionId)));
    const inReport = bundleInReport(published.evidence.reportPath as string);
    expect(inReport.ledger.head_hash).toBe(bundle.ledger.head_hash);
    expect(inReport).toEqual(bundle);
    expect(published.report.headHash).toBe(bundle.ledger.head_hash);
    expect(published.headHash).toBe(bundle.ledger.head_hash);
    expect(published.headSeq).toBe(bundle.ledger.entries.length - 1);
    expect(published.report.overall).toBe('pass');

    // The steps after the seal read the sealed files.
    expect(ledger.file(`sessions/${sessionId}.json`)).toBe(
      readFileSync(published.evidence.bundlePath, 'utf8'),
    );
    expect(uploaded).toEqual([
      {
        bundlePath: join(outDir, ledgerBundleFileName(sessionId)),
        sessionId,
        reportPath: published.evidence.reportPath,
        suspended: false,
        extraFiles: [],
      },
    ]);
    expect(published.evidence.artifact).toEqual({ name: `artifact-${sessionId}`, id: 7, url: null });
  });

  it('refuses a ledger step listed after an evidence step before anything runs', async () => {
    const sessionId = appendSampleRun(store, SESSION_KEY);
    const head = store.session(sessionId)?.head_hash;
    const ran: string[] = [];
    const steps: PublishStep[] = [
      { name: 'upload', stage: 'evidence', run: async () => void ran.push('upload') },
      {
        name: 'anchor',
        stage: 'ledger',
        run: async ({ store: s, sessionId: id }) => {
          ran.push('anchor');
          s.append(id, 'anchor_receipt', { late: true }, SESSION_KEY);
        },
      },
    ];
    await expect(
      publishRun({ store, sessionId, outDir, codeVersion: 'test', steps, log: captureLog() }),
    ).rejects.toThrow(
      'publish step "anchor" appends to the ledger, so it must run before "upload" reads the sealed bundle',
    );
    expect(ran).toEqual([]);
    expect(store.session(sessionId)?.head_hash).toBe(head);
    expect(existsSync(join(outDir, ledgerBundleFileName(sessionId)))).toBe(false);
  });

  it('fails an evidence step that appends to the ledger after the seal', async () => {
    const sessionId = appendSampleRun(store, SESSION_KEY);
    const steps: PublishStep[] = [
      {
        name: 'sneaky',
        stage: 'evidence',
        run: async ({ sessionId: id }) =>
          void store.append(id, 'anchor_receipt', { late: true }, SESSION_KEY),
      },
    ];
    await expect(
      publishRun({ store, sessionId, outDir, codeVersion: 'test', steps, log: captureLog() }),
    ).rejects.toThrow(
      `publish step "sneaky" changed the ledger of ${sessionId} after its bundle and report were built`,
    );
  });

  it('seals once even with no steps, and refuses duplicate names', async () => {
    const sessionId = appendSampleRun(store, SESSION_KEY);
    const published = await publishRun({
      store,
      sessionId,
      outDir,
      codeVersion: 'test',
      steps: [],
      log: captureLog(),
    });
    expect(published.evidence).toMatchObject({ extraFiles: [], artifact: null, suspended: false });
    expect(existsSync(published.evidence.bundlePath)).toBe(true);
    const step: PublishStep = { name: 'x', stage: 'evidence', run: async () => {} };
    expect(() => checkStepOrder([step, step])).toThrow('publish step "x" is listed twice');
  });
});
