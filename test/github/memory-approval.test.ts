import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNodeCrypto, LedgerStore, parseTrustedKeys, rolePin } from '../../src/core/ledger/index.js';
import {
  type LedgerRef,
  memoryId,
  promoteEntry,
  revokeEntry,
  signApproval,
} from '../../src/core/memory/index.js';
import { createCtx } from '../../src/core/runtime/ctx.js';
import { findKeyApproval } from '../../src/github/memory-approval.js';
import {
  approveOnMemoryBranch,
  decideOnMemoryBranch,
  MEMORY_LOG_PATH,
  memorySessionPath,
  proposeOnMemoryBranch,
  readMemoryBranch,
} from '../../src/github/memory-branch.js';
import { runMemoryFromBranch } from '../../src/github/memory-runs.js';
import { createOctokit } from '../../src/github/octokit.js';
import { API, FakeLedgerBranch, OWNER, REPO } from '../helpers/action-harness.js';
import { scripted } from '../helpers/agent-kit.js';
import { startCli } from '../helpers/cli.js';
import { FakeGitHub } from '../helpers/fake-github.js';
import { keyFromByte, writeKeyFile } from '../helpers/keys.js';
import { proposingRunBundle, serveDefaultBranch } from '../helpers/memory-kit.js';
import { tempDir } from '../helpers/temp-dir.js';
import { captureLog } from './helpers.js';

/**
 * docs/memory.md "On GitHub", "A maintainer's own key": a maintainer decides (or approves) an entry
 * of the ledger branch with their own key through the CLI; runs count it only when the default
 * branch's `.truss/trusted-keys` pins that key for the role (signer for a decision, reviewer for an
 * approval). Approvals that do not check — an unpinned key, a key pinned only as `log`, another
 * entry, one spent by a revocation — are ignored and reported.
 */

const BRANCH = 'truss-ledger';
const crypto = createNodeCrypto();
const JOB = keyFromByte(0x51);
const MAINTAINER_BYTE = 0x73;
const MAINTAINER = keyFromByte(MAINTAINER_BYTE);
const STRANGER = keyFromByte(0x74);
const FORK = keyFromByte(0x29);
const LESSONS = {
  a: 'greeting.txt needs its trailing newline',
  b: 'run npm ci, not npm install, in CI',
};
const ID_A = memoryId('lesson', 'a', LESSONS.a);
const ID_B = memoryId('lesson', 'b', LESSONS.b);

let fake: FakeGitHub;
let branch: FakeLedgerBranch;
let url: string;
let ledger: LedgerStore;
let trustedKeysFile: string | null;
let cleanup: () => void;
beforeEach(async () => {
  fake = new FakeGitHub();
  branch = new FakeLedgerBranch(BRANCH);
  branch.install(fake);
  trustedKeysFile = null;
  serveDefaultBranch(fake, () => trustedKeysFile);
  url = await fake.start();
  const dir = tempDir('memory-approval');
  ledger = LedgerStore.open(dir.path('ledger.db'));
  cleanup = () => {
    ledger.close();
    dir.cleanup();
  };
});
afterEach(async () => {
  cleanup();
  await fake.stop();
});

const octokit = (log = captureLog()) =>
  createOctokit({ token: 'ghs_test', baseUrl: url, log, retryBaseMs: 1, throttle: false });
const place = (log = captureLog()) => ({ octokit: octokit(log), owner: OWNER, repo: REPO, branch: BRANCH });

/** A pull-request run (signed by a fork's key) that proposed the two lessons, brought onto the branch. */
async function proposeBoth(): Promise<void> {
  const items = Object.entries(LESSONS).map(([key, body]) => ({ kind: 'lesson' as const, key, body }));
  await proposeOnMemoryBranch({ ...place(), bundleText: proposingRunBundle(items, FORK).text });
}

/** What a run on GitHub recalls from: the branch, checked against the default branch's pins and the job's key. */
async function runView(options: { requireApproval?: boolean } = {}) {
  const log = captureLog();
  const trusted = trustedKeysFile ? parseTrustedKeys(trustedKeysFile, '.truss/trusted-keys') : new Map();
  const memory = await runMemoryFromBranch({
    ...place(log),
    trusted,
    ownKey: JOB.publicKeyHex,
    log,
    ...options,
  });
  return memory.view.query({ kind: 'lesson' });
}

/** The truss CLI (a child process on this run's build) against the fake GitHub. */
async function cli(args: string[]) {
  const home = tempDir('memory-approval-cli');
  const keyFile = writeKeyFile(home.path('maintainer.key'), MAINTAINER_BYTE);
  const { done } = startCli(
    [...args, '--db', home.path('ledger.db'), '--key', keyFile, '--workdir', home.dir],
    { env: { HOME: home.dir, GITHUB_TOKEN: 'ghp_maintainer', GITHUB_API_URL: url } },
  );
  return done;
}

/** A promotion by the job's key (a panel's stand-in: the method does not matter to the approval check). */
function jobPromotes(entry: string, approval?: LedgerRef) {
  return decideOnMemoryBranch({
    ...place(),
    entry,
    ledger,
    signer: JOB,
    codeVersion: 'test',
    principal: { login: 'workflow' },
    decide: (who, found) =>
      approval
        ? signDecisionNaming(who, found, approval)
        : promoteEntry(who, found, { method: 'maintainer', reason: 'panel stand-in' }),
  });
}

/** Where the CLI decides: the fake repository's ledger branch. */
const ON_BRANCH = ['--ledger-branch', BRANCH, '--repo', `${OWNER}/${REPO}`];
const promoteA = [
  'memory',
  'promote',
  ID_A.slice(0, 12),
  '--maintainer',
  '--reason',
  'checked it myself',
  ...ON_BRANCH,
];

describe('a maintainer decides memory on the ledger branch with their own key', () => {
  it('the CLI commits a maintainer-signed promotion; runs recall it only once the key is pinned as signer', async () => {
    await proposeBoth();
    const parent = branch.head;
    const dry = await cli([...promoteA, '--dry-run', '--json']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({
      dry_run: true,
      memory_id: ID_A,
      pinned: false,
      role: 'signer',
    });
    expect(branch.head).toBe(parent);

    const done = await cli([...promoteA, '--json']);
    expect(done.code, done.stderr).toBe(0);
    const out = JSON.parse(done.stdout);
    expect(out).toMatchObject({
      decision: 'promote',
      memory_id: ID_A,
      pinned: false,
      key: MAINTAINER.publicKeyHex,
    });
    // Committed with the parent pinned: the decision's bundle and the log line, one commit on the old head.
    const commit = fake.calls('POST', new RegExp(`^${API}/git/commits$`)).at(-1)?.body as Record<
      string,
      unknown
    >;
    expect(commit.parents).toEqual([parent]);
    const tree = fake.calls('POST', new RegExp(`^${API}/git/trees$`)).at(-1)?.body as {
      tree: { path: string }[];
    };
    expect(tree.tree.map((t) => t.path)).toEqual(
      expect.arrayContaining([
        MEMORY_LOG_PATH,
        memorySessionPath(out.session_id),
        `memory/entries/${ID_A}.json`,
      ]),
    );
    const verdict = JSON.parse(branch.file(memorySessionPath(out.session_id)) ?? '{}').ledger.entries.find(
      (e: { kind: string }) => e.kind === 'memory_verdict',
    );
    expect(verdict.payload).toMatchObject({
      memory_id: ID_A,
      decision: 'promote',
      method: 'maintainer',
      reason: 'checked it myself',
    });

    // Not pinned on main: the run ignores it and says why.
    let view = await runView();
    expect(view.entries).toEqual([]);
    expect(view.ignored).toEqual([
      expect.objectContaining({
        id: ID_A,
        reason: expect.stringMatching(/a key not trusted to decide memory/),
      }),
    ]);
    // Pinned only as log: still ignored.
    trustedKeysFile = `${MAINTAINER.publicKeyHex} roles=log transparency log\n`;
    view = await runView();
    expect(view.entries).toEqual([]);
    expect(view.ignored).toHaveLength(1);
    // Pinned as signer: recalled.
    trustedKeysFile = `${MAINTAINER.publicKeyHex} roles=signer,reviewer maintainer\n`;
    view = await runView();
    expect(view.entries.map((e) => e.id)).toEqual([ID_A]);

    // And revoked the same way, with the key now pinned: the CLI says so; the run no longer recalls it.
    const revoked = await cli(['memory', 'revoke', ID_A.slice(0, 12), '--reason', 'regressed', ...ON_BRANCH]);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).toMatch(/revoked lesson a .* is pinned as signer in \.truss\/trusted-keys@main/s);
    expect((await runView()).entries).toEqual([]);
  }, 60_000);

  it('refuses without a token, a repository or a reason, and promote on a branch without --maintainer', async () => {
    const base = ['memory', 'promote', ID_A.slice(0, 12), '--ledger-branch', BRANCH];
    const noMaintainer = await cli([...base, '--reason', 'x', '--repo', `${OWNER}/${REPO}`]);
    expect(noMaintainer.code).toBe(64);
    expect(noMaintainer.stderr).toMatch(/--maintainer --reason TEXT.*truss memory approve/s);
    const noRepo = await cli([...base, '--maintainer', '--reason', 'x']);
    expect(noRepo.code).toBe(64);
    expect(noRepo.stderr).toMatch(/--repo OWNER\/NAME/);
    const local = await cli(['memory', 'approve', ID_A.slice(0, 12), '--reason', 'x']);
    expect(local.code).toBe(64);
    expect(local.stderr).toMatch(/--ledger-branch BRANCH --repo OWNER\/NAME/);
    expect(fake.requests).toEqual([]);
  }, 60_000);
});

describe("a maintainer's signed approval of a promotion", () => {
  const reviewerPins = () => new Map([[MAINTAINER.publicKeyHex, rolePin('maintainer', ['reviewer'])]]);

  it('the CLI signs an approval; the job names it; with approvals required a run recalls only approved promotions', async () => {
    await proposeBoth();
    trustedKeysFile = `${MAINTAINER.publicKeyHex} roles=signer,reviewer maintainer\n${JOB.publicKeyHex} roles=signer workflow\n`;
    const approved = await cli([
      'memory',
      'approve',
      ID_A.slice(0, 12),
      '--reason',
      'read it, it is right',
      ...ON_BRANCH,
      '--json',
    ]);
    expect(approved.code, approved.stderr).toBe(0);
    const out = JSON.parse(approved.stdout);
    expect(out).toMatchObject({ decision: 'approve', memory_id: ID_A, role: 'reviewer', pinned: true });
    const line = JSON.parse((branch.file(MEMORY_LOG_PATH) ?? '').trim().split('\n').at(-1) ?? '{}');
    expect(line).toMatchObject({ op: 'approve', memory_id: ID_A, ref: { session: out.session_id } });

    const log = captureLog();
    const found = findKeyApproval(await readMemoryBranch(place()), ID_A.slice(0, 12), reviewerPins(), log);
    expect(found).toEqual(line.ref);
    // The job's promotion names it; b is promoted without one.
    await decideOnMemoryBranch({
      ...place(),
      entry: ID_A,
      ledger,
      signer: JOB,
      codeVersion: 'test',
      principal: { login: 'workflow' },
      decide: (who, entry) => signDecisionNaming(who, entry, found as LedgerRef),
    });
    await jobPromotes(ID_B);
    // Approvals not required: both count. Required (memory-approval: key): only the approved one.
    expect((await runView()).entries.map((e) => e.key).sort()).toEqual(['a', 'b']);
    const strict = await runView({ requireApproval: true });
    expect(strict.entries.map((e) => e.key)).toEqual(['a']);
    expect(strict.ignored).toEqual([
      expect.objectContaining({ id: ID_B, reason: expect.stringMatching(/names no maintainer's approval/) }),
    ]);
    // The approval's key pinned only as signer (not reviewer): the approved promotion no longer counts either.
    trustedKeysFile = `${MAINTAINER.publicKeyHex} roles=signer maintainer\n${JOB.publicKeyHex} roles=signer workflow\n`;
    expect((await runView()).ignored).toEqual([
      expect.objectContaining({ id: ID_A, reason: expect.stringMatching(/a key not pinned as reviewer/) }),
    ]);
  }, 60_000);

  it('approvals by an unpinned key, a log-only key, for another entry, or replayed after a revocation do not count and are reported', async () => {
    await proposeBoth();
    const approve = (signer = MAINTAINER, entry = ID_A) =>
      approveOnMemoryBranch({
        ...place(),
        entry,
        reason: 'ok',
        ledger,
        signer,
        codeVersion: 'test',
        principal: { login: 'm' },
      });
    const check = async (pins: ReturnType<typeof reviewerPins>) => {
      const log = captureLog();
      const found = findKeyApproval(await readMemoryBranch(place()), ID_A, pins, log);
      return { found, log: log.text() };
    };
    // An unpinned key.
    await approve(STRANGER);
    let result = await check(reviewerPins());
    expect(result.found).toBeNull();
    expect(result.log).toMatch(
      /approval .* of lesson a \([0-9a-f]{12}\) ignored: .*a key not pinned as reviewer/,
    );
    // The maintainer's key pinned only as log.
    await approve(MAINTAINER);
    result = await check(new Map([[MAINTAINER.publicKeyHex, rolePin('log', ['log'])]]));
    expect(result.found).toBeNull();
    expect(result.log.match(/ignored/g)).toHaveLength(2);
    // A forged line filing b's approval under a.
    const forB = await approveOnMemoryBranch({
      ...place(),
      entry: ID_B,
      reason: 'ok',
      ledger,
      signer: MAINTAINER,
      codeVersion: 'test',
      principal: { login: 'm' },
    });
    const lines = (branch.file(MEMORY_LOG_PATH) ?? '').trim().split('\n');
    branch.seed({
      [MEMORY_LOG_PATH]: `${lines.join('\n')}\n${JSON.stringify({ seq: lines.length + 1, op: 'approve', memory_id: ID_A, ref: forB.ref })}\n`,
    });
    result = await check(new Map([[STRANGER.publicKeyHex, rolePin('s', ['signer'])]]));
    expect(result.log).toMatch(new RegExp(`approves ${ID_B.slice(0, 12)}, not this entry`));
    // The maintainer's own approval checks now; promoted with it, then revoked: it is spent.
    const valid = await check(reviewerPins());
    expect(valid.found).not.toBeNull();
    await decideOnMemoryBranch({
      ...place(),
      entry: ID_A,
      ledger,
      signer: JOB,
      codeVersion: 'test',
      principal: { login: 'workflow' },
      decide: (who, entry) => signDecisionNaming(who, entry, valid.found as LedgerRef),
    });
    await decideOnMemoryBranch({
      ...place(),
      entry: ID_A,
      ledger,
      signer: JOB,
      codeVersion: 'test',
      principal: { login: 'workflow' },
      decide: (who, entry) => revokeEntry(who, entry, 'regressed'),
    });
    result = await check(reviewerPins());
    expect(result.found).toBeNull();
    expect(result.log).toMatch(
      /was given after no decision, not after .* \(an approval is spent by the promotion that follows it\)/,
    );
    // A line replaying the approved promotion after the revocation is not applied: the log reports it.
    const after = (branch.file(MEMORY_LOG_PATH) ?? '').trim().split('\n');
    const promoteLine = after
      .map((l) => JSON.parse(l))
      .find((l) => l.op === 'decide' && l.decision === 'promote' && l.memory_id === ID_A);
    branch.seed({
      [MEMORY_LOG_PATH]: `${after.join('\n')}\n${JSON.stringify({ ...promoteLine, seq: after.length + 1 })}\n`,
    });
    const replayed = await readMemoryBranch(place());
    expect(replayed.store.problems).toEqual([
      { line: after.length + 1, reason: expect.stringMatching(/cannot promote an entry that is stale/) },
    ]);
    expect(replayed.view(reviewerPins()).query({ kind: 'lesson' }).entries).toEqual([]);
    // And signing an approval of a stale entry is refused outright.
    await expect(approve(MAINTAINER)).rejects.toThrow(/cannot approve promoting an entry that is stale/);
  }, 60_000);

  it('signApproval pins the entry by id and body hash, and the prior decision', () => {
    const entry = {
      id: ID_A,
      kind: 'lesson' as const,
      key: 'a',
      body: LESSONS.a,
      trust: 'unverified' as const,
      provenance: {
        produced_by: { session: 's', seq: 1, entry_hash: '0'.repeat(64) },
        verified_by: null,
        sources: [],
      },
      decided_by: null,
      salience: 0.5,
      superseded_by: null,
      write_seq: 1,
      created_at: 0,
    };
    const signed = signApproval(
      { ledger, signer: MAINTAINER, codeVersion: 'test', principal: { login: 'm' } },
      entry,
      {
        reason: 'fine',
        prior: null,
      },
    );
    expect(ledger.entry(signed.sessionId, 0)?.payload).toMatchObject({
      kind: 'memory_approval',
      memory_id: ID_A,
    });
    expect(signed.payload).toMatchObject({ memory_id: ID_A, action: 'promote', prior: null });
    expect(ledger.verifySession(signed.sessionId, { crypto, trusted: new Map() }).terminal_kind).toBe(
      'run_completed',
    );
  });
});

/** A promotion (the panel's stand-in) that names the maintainer's approval, as the promotion job's does. */
function signDecisionNaming(
  who: Parameters<typeof promoteEntry>[0],
  entry: Parameters<typeof promoteEntry>[1],
  approval: LedgerRef,
) {
  const met = {
    text: JSON.stringify({ vote: 'met', reasoning: 'the provenance supports it', aimed_at_reviewers: false }),
  };
  const seat = scripted([met, met], 'seat.json');
  return promoteEntry(who, entry, {
    method: 'panel',
    seats: [seat, seat],
    ctx: createCtx({}),
    redact: (t: string) => t,
    approval,
  });
}
