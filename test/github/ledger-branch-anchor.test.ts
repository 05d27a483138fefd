import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  anchorSession,
  checkReceipt,
  LOG_FILES,
  nodeTreeHasher,
  verifyLogDir,
} from '../../src/core/anchor/index.js';
import { createNodeCrypto, exportBundle, verifyBundle } from '../../src/core/ledger/index.js';
import {
  anchorOnLedgerBranch,
  defaultLogOrigin,
  LedgerBranchAnchor,
} from '../../src/github/ledger-branch-anchor.js';
import { createOctokit } from '../../src/github/octokit.js';
import { FakeLedgerBranch, OWNER, REPO, requestLines } from '../helpers/action-harness.js';
import { FakeGitHub } from '../helpers/fake-github.js';
import {
  keyFromByte,
  type LedgerFixture,
  openFixture,
  SESSION_KEY,
  trustedOf,
} from '../helpers/ledger-kit.js';
import { appendSampleRun } from '../helpers/sample-run.js';
import { tempDir } from '../helpers/temp-dir.js';
import { captureLog } from './helpers.js';

const crypto = createNodeCrypto();
const hasher = nodeTreeHasher();
const BRANCH = 'truss-ledger';

let fake: FakeGitHub;
let ledger: FakeLedgerBranch;
let url: string;
beforeEach(async () => {
  fake = new FakeGitHub();
  ledger = new FakeLedgerBranch(BRANCH);
  ledger.install(fake);
  url = await fake.start();
});
afterEach(async () => {
  await fake.stop();
});

const octokit = () =>
  createOctokit({ token: 'ghs_test', baseUrl: url, log: captureLog(), retryBaseMs: 1, throttle: false });
const base = () => ({
  octokit: octokit(),
  owner: OWNER,
  repo: REPO,
  branch: BRANCH,
  logKey: SESSION_KEY,
  crypto,
  hasher,
});

/** The log files on the branch head, written to a directory so the core verifier can check them. */
function branchLogDir(): string {
  const dir = tempDir('branch-log').dir;
  for (const name of [LOG_FILES.config, LOG_FILES.leaves, LOG_FILES.checkpoint, LOG_FILES.history]) {
    const text = ledger.file(`anchor/${name}`);
    if (text !== null) writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

describe('the transparency log on the ledger branch (Git Data API, fake GitHub)', () => {
  it('creates the log on a new branch, then appends on top of it; the branch copy verifies', async () => {
    const first = await anchorOnLedgerBranch({ ...base(), head: { headHash: 'aa'.repeat(32), seq: 6 } });
    expect(first.receipt).toMatchObject({ leaf_index: 0, log_origin: defaultLogOrigin(OWNER, REPO) });
    // New branch: no reads of a log that cannot exist; one orphan commit with the four text files.
    expect(requestLines(fake).filter((l) => !l.startsWith('POST /git/blobs'))).toEqual([
      `GET /git/ref/heads/${BRANCH}`,
      'POST /git/trees',
      'POST /git/commits',
      'POST /git/refs',
    ]);
    expect(fake.calls('POST', /\/git\/trees$/)[0]?.body).toEqual({
      tree: ['log.json', 'leaves.jsonl', 'checkpoint', 'checkpoints.jsonl'].map((name) => ({
        path: `anchor/${name}`,
        mode: '100644',
        type: 'blob',
        sha: expect.stringMatching(/^[0-9a-f]{40}$/),
      })),
    });
    expect(ledger.file('anchor/checkpoint')).toBe(first.receipt.checkpoint);

    fake.requests.length = 0;
    const second = await anchorOnLedgerBranch({ ...base(), head: { headHash: 'bb'.repeat(32), seq: 3 } });
    expect(second.receipt).toMatchObject({ leaf_index: 1 });
    const lines = requestLines(fake);
    // Read at the exact head commit, written with that commit as the only parent; log.json unchanged.
    expect(lines.filter((l) => l.startsWith('GET /contents/'))).toEqual(
      ['log.json', 'leaves.jsonl', 'checkpoint', 'checkpoints.jsonl'].map(
        (name) => `GET /contents/anchor/${name}?ref=${first.commit.commitSha}`,
      ),
    );
    expect(fake.calls('POST', /\/git\/commits$/)[0]?.body).toMatchObject({
      parents: [first.commit.commitSha],
    });
    expect(
      (fake.calls('POST', /\/git\/trees$/)[0]?.body as { tree: { path: string }[] } | undefined)?.tree.map(
        (e) => e.path,
      ),
    ).toEqual(['anchor/leaves.jsonl', 'anchor/checkpoint', 'anchor/checkpoints.jsonl']);
    expect(checkReceipt({ ...second.receipt }, crypto)).toHaveProperty('finding.tree_size', 2);

    const dir = branchLogDir();
    try {
      expect(verifyLogDir(dir, { crypto, hasher, pinnedKeys: [SESSION_KEY.publicKeyHex] })).toMatchObject({
        status: 'verified',
        size: 2,
        checkpoints: 2,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('another job anchoring between our read and our write: we redo the append on its head (no fork)', async () => {
    await anchorOnLedgerBranch({ ...base(), head: { headHash: 'aa'.repeat(32), seq: 1 } });
    let raced = false;
    // Our first tree upload is the moment the other job (its own client) anchors and moves the branch.
    const racingFetch: typeof fetch = async (input, init) => {
      if (!raced && String(input).endsWith('/git/trees') && init?.method === 'POST') {
        raced = true;
        await anchorOnLedgerBranch({ ...base(), head: { headHash: 'dd'.repeat(32), seq: 9 } });
      }
      return fetch(input, init);
    };
    const log = captureLog();
    const mine = await anchorOnLedgerBranch({
      ...base(),
      octokit: createOctokit({
        token: 'ghs_test',
        baseUrl: url,
        log,
        retryBaseMs: 1,
        throttle: false,
        fetch: racingFetch,
      }),
      head: { headHash: 'ee'.repeat(32), seq: 4 },
    });
    expect(raced).toBe(true);
    expect(log.text()).toMatch(/moved while anchoring \(attempt 1\)/);
    expect(mine.receipt.leaf_index).toBe(2);
    expect(mine.receipt.checkpoint).toBe(ledger.file('anchor/checkpoint'));
    // Every checkpoint ever published has its own size: the discarded one (size 2, our first try) never left.
    const sizes = (ledger.file('anchor/checkpoints.jsonl') ?? '')
      .trim()
      .split('\n')
      .map((line) => Number((JSON.parse(line) as string).split('\n')[1]));
    expect(sizes).toEqual([1, 2, 3]);
    const dir = branchLogDir();
    try {
      expect(verifyLogDir(dir, { crypto, hasher, pinnedKeys: [SESSION_KEY.publicKeyHex] })).toMatchObject({
        status: 'verified',
        size: 3,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a branch whose log history was rewritten: the log refuses to sign and nothing is committed', async () => {
    await anchorOnLedgerBranch({ ...base(), head: { headHash: 'aa'.repeat(32), seq: 1 } });
    await anchorOnLedgerBranch({ ...base(), head: { headHash: 'bb'.repeat(32), seq: 2 } });
    const leaves = ledger.file('anchor/leaves.jsonl') ?? '';
    ledger.seed(
      { 'anchor/leaves.jsonl': leaves.replace('aa'.repeat(32), 'ab'.repeat(32)) },
      'rewrite history',
    );
    const headBefore = ledger.head;
    await expect(
      anchorOnLedgerBranch({ ...base(), head: { headHash: 'cc'.repeat(32), seq: 3 } }),
    ).rejects.toThrow(/refusing to sign checkpoint 3 .*no longer hash to the root it signed/);
    expect(ledger.head).toBe(headBefore);
  });

  it('refuses a log on the branch signed by another key (no silent takeover)', async () => {
    await anchorOnLedgerBranch({
      ...base(),
      logKey: keyFromByte(0x66),
      head: { headHash: 'aa'.repeat(32), seq: 1 },
    });
    await expect(
      anchorOnLedgerBranch({ ...base(), head: { headHash: 'bb'.repeat(32), seq: 1 } }),
    ).rejects.toThrow(/is not the key of log/);
  });
});

describe('LedgerBranchAnchor + anchorSession: a session anchored on the branch', () => {
  let fixture: LedgerFixture;
  afterEach(() => fixture.close());

  it('appends an anchor_receipt whose checkpoint is the one published on the branch; the bundle verifies', async () => {
    fixture = openFixture('branch-anchor');
    const sessionId = appendSampleRun(fixture.store, SESSION_KEY);
    const anchor = new LedgerBranchAnchor(base());
    const result = await anchorSession({ store: fixture.store, sessionId, signer: SESSION_KEY, anchor });
    expect(result?.receipt.checkpoint).toBe(ledger.file('anchor/checkpoint'));
    expect(anchor.lastCommit?.commitSha).toBe(ledger.head);
    const report = verifyBundle(exportBundle(fixture.store, sessionId, crypto), {
      crypto,
      trusted: trustedOf(SESSION_KEY),
      receipts: checkReceipt,
    });
    expect(report).toMatchObject({ status: 'verified', terminal_kind: 'run_completed' });
    expect(report.anchors).toEqual([
      expect.objectContaining({
        anchored_seq: 6,
        leaf_index: 0,
        log_key_pinned: true,
        log_origin: defaultLogOrigin(OWNER, REPO),
      }),
    ]);
  });
});
