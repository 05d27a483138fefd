/**
 * docs/memory.md "On GitHub", `memory-approval: key`, through the real action entry (a child process)
 * against the fake GitHub of the action harness: a promotion job refuses to sign until a maintainer
 * has approved the entry with their own key (pinned as reviewer in `.truss/trusted-keys` on the
 * default branch); an approval by a key pinned only as signer is ignored and reported; with the
 * maintainer's approval on the branch the panel's promotion names it, and a run that requires
 * approvals counts it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createNodeCrypto,
  exportBundle,
  LedgerStore,
  parseTrustedKeys,
} from '../../src/core/ledger/index.js';
import {
  approvalPrior,
  bundleVerdictSource,
  LogMemoryStore,
  MemoryView,
  memoryId,
  signApproval,
} from '../../src/core/memory/index.js';
import { MEMORY_LOG_PATH, memorySessionPath } from '../../src/github/memory-branch.js';
import { ActionHarness, API, appDispatchPayload, LEDGER_BRANCH } from '../helpers/action-harness.js';
import { contentsFile } from '../helpers/fake-github.js';
import { keyFromByte } from '../helpers/keys.js';
import { proposingRunBundle } from '../helpers/memory-kit.js';
import { tempDir } from '../helpers/temp-dir.js';

// biome-ignore lint/suspicious/noExplicitAny: bundle JSON is read field by field in assertions
type Json = Record<string, any>;

const crypto = createNodeCrypto();
const MAINTAINER = keyFromByte(0x73);
const OTHER = keyFromByte(0x74);
const FORK = keyFromByte(0x29);
const BODY = 'farewell.txt needs its trailing newline';
const ID = memoryId('lesson', 'farewell-newline', BODY);
const VOTE = {
  text: JSON.stringify({ vote: 'met', reasoning: 'the verdict supports it', aimed_at_reviewers: false }),
};

describe('memory-approval: key (action)', () => {
  let harness: ActionHarness;
  let trustedKeys: string;
  let local: LedgerStore;
  let cleanup: () => void;

  beforeEach(() => {
    harness = new ActionHarness();
    harness.allow('Codertocat', 'admin');
    const dir = tempDir('memory-approval-action');
    local = LedgerStore.open(dir.path('maintainer.db'));
    cleanup = () => {
      local.close();
      dir.cleanup();
    };
    trustedKeys = '';
    harness.fake.prepend('GET', new RegExp(`^${API}/contents/\\.truss/trusted-keys$`), () => ({
      body: contentsFile('.truss/trusted-keys', trustedKeys),
    }));
  });
  afterEach(async () => {
    cleanup();
    await harness.stop();
  });

  /** A pull-request run's bundle (signed by a fork's key) proposing the lesson, kept on the ledger branch. */
  function seedProposingRun(): string {
    const { sessionId, text } = proposingRunBundle(
      [{ kind: 'lesson', key: 'farewell-newline', body: BODY }],
      FORK,
    );
    harness.ledger.seed({ [`sessions/${sessionId}.json`]: text });
    return sessionId;
  }

  /** What `truss memory approve --ledger-branch` commits: the signed approval and its log line. */
  function seedApproval(signer = MAINTAINER): void {
    const store = new LogMemoryStore(harness.ledger.file(MEMORY_LOG_PATH) ?? '');
    const entry = store.get(ID);
    if (!entry) throw new Error('the proposal is not on the branch yet');
    const approval = signApproval(
      {
        ledger: local,
        signer,
        codeVersion: 'test',
        principal: { login: 'maintainer', via: 'cli-ledger-branch' },
      },
      entry,
      { reason: 'read it: it is right', prior: approvalPrior(store, ID) },
    );
    store.approve(ID, approval.ref);
    harness.ledger.seed({
      [MEMORY_LOG_PATH]: store.text(),
      [memorySessionPath(approval.sessionId)]: JSON.stringify(
        exportBundle(local, approval.sessionId, crypto),
      ),
    });
  }

  async function promotionJob(sessions: string, options: { approval?: string; requester?: string } = {}) {
    const workspace = harness.emptyWorkspace();
    const seats = harness.fixture('seats.json', JSON.stringify([VOTE, VOTE, VOTE]), workspace);
    harness.fake.prepend('GET', new RegExp(`^${API}/contents/\\.truss/config\\.toml$`), () => ({
      body: contentsFile(
        '.truss/config.toml',
        `reviewers = 3\n[provider]\nkind = "scripted"\nscript = ${JSON.stringify(seats)}\n`,
      ),
    }));
    return harness.run({
      eventName: 'workflow_dispatch',
      payload: appDispatchPayload(harness.headSha, {
        mode: 'memory',
        requester: options.requester ?? 'Codertocat',
        memory_command: 'promote',
        memory_entry: ID.slice(0, 12),
        memory_sessions: sessions,
      }),
      workspace,
      env: {
        INPUT_LEDGER_BRANCH: LEDGER_BRANCH,
        INPUT_ISOLATION: 'none',
        INPUT_MODE: 'memory',
        INPUT_MEMORY_APPROVAL: options.approval ?? 'key',
      },
    });
  }

  /** The view a run with `memory-approval: key` recalls through: the branch's files, the default branch's pins. */
  function strictView(): MemoryView {
    const store = new LogMemoryStore(harness.ledger.file(MEMORY_LOG_PATH) ?? '');
    const bundles = new Map<string, string>();
    for (const id of store.decisionSessions())
      bundles.set(id, harness.ledger.file(memorySessionPath(id)) ?? '');
    const trusted = parseTrustedKeys(trustedKeys, '.truss/trusted-keys');
    return new MemoryView(store, bundleVerdictSource(bundles, crypto), trusted, { requireApproval: true });
  }

  it('refuses until a reviewer-pinned maintainer approved with their own key; then the promotion names the approval', async () => {
    trustedKeys = [
      `${MAINTAINER.publicKeyHex} roles=signer,reviewer maintainer`,
      `${OTHER.publicKeyHex} roles=signer another workflow`,
      `${harness.key.publicKeyHex} roles=signer the promotion job`,
    ].join('\n');
    const proposer = seedProposingRun();

    // 1. No approval yet: the proposal is brought onto the branch (so it can be approved), nothing is decided.
    const first = await promotionJob(proposer);
    expect(first.code).not.toBe(0);
    expect(first.stdout).toMatch(/needs a maintainer's own signed approval here \(memory-approval: key\)/);
    expect(first.stdout).toContain(`truss memory approve ${ID.slice(0, 12)}`);
    const ops = () =>
      (harness.ledger.file(MEMORY_LOG_PATH) ?? '')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).op);
    expect(ops()).toEqual(['propose']);

    // 2. An approval signed by a key pinned only as signer: ignored and reported; still refused.
    seedApproval(OTHER);
    const second = await promotionJob(proposer);
    expect(second.code).not.toBe(0);
    expect(second.stdout).toMatch(
      /memory: approval \S+ of lesson farewell-newline \([0-9a-f]{12}\) ignored: .*not pinned as reviewer/,
    );
    expect(ops()).toEqual(['propose', 'approve']);

    // 3. The maintainer's own approval: the panel promotes and its verdict names the approval.
    seedApproval(MAINTAINER);
    const third = await promotionJob(proposer);
    expect(third.code, third.stdout + third.stderr).toBe(0);
    expect(third.outputs['memory-decision']).toBe('promote');
    const decision = JSON.parse(
      harness.ledger.file(memorySessionPath(third.outputs['memory-session'] as string)) ?? '{}',
    ) as Json;
    const verdict = (decision.ledger.entries as Json[]).find((e) => e.kind === 'memory_verdict');
    const approvals = new LogMemoryStore(harness.ledger.file(MEMORY_LOG_PATH) ?? '').approvals(ID);
    expect(verdict?.payload).toMatchObject({
      decision: 'promote',
      method: 'panel',
      approval: approvals.at(-1),
    });
    expect(ops()).toEqual(['propose', 'approve', 'approve', 'decide']);

    // A run requiring approvals counts it; without the maintainer pinned as reviewer it does not.
    expect(
      strictView()
        .query()
        .entries.map((e) => e.id),
    ).toEqual([ID]);
    trustedKeys = trustedKeys.replace('roles=signer,reviewer maintainer', 'roles=signer maintainer');
    expect(strictView().query().ignored).toEqual([
      expect.objectContaining({ id: ID, reason: expect.stringMatching(/not pinned as reviewer/) }),
    ]);
  }, 180_000);

  it("with memory-approval: on, a maintainer's signed approval stands in for a requester without write access", async () => {
    trustedKeys = `${MAINTAINER.publicKeyHex} roles=signer,reviewer maintainer\n${harness.key.publicKeyHex} roles=signer job\n`;
    harness.allow('octocat', 'read');
    const proposer = seedProposingRun();
    // Without an approval on the branch the requester's permission decides: refused, nothing signed.
    await promotionJob(proposer, { approval: 'key' });
    const refused = await promotionJob(proposer, { approval: 'on', requester: 'octocat' });
    expect(refused.code).not.toBe(0);
    expect(refused.stdout).toMatch(
      /octocat has read access.*or approve it with their own key \(truss memory approve/s,
    );
    seedApproval(MAINTAINER);
    const job = await promotionJob(proposer, { approval: 'on', requester: 'octocat' });
    expect(job.code, job.stdout + job.stderr).toBe(0);
    const decision = JSON.parse(
      harness.ledger.file(memorySessionPath(job.outputs['memory-session'] as string)) ?? '{}',
    ) as Json;
    expect(decision.ledger.entries[0].payload.principal).toMatchObject({ login: 'octocat', approval: null });
    const verdict = (decision.ledger.entries as Json[]).find((e) => e.kind === 'memory_verdict');
    expect(verdict?.payload.approval).toEqual(
      new LogMemoryStore(harness.ledger.file(MEMORY_LOG_PATH) ?? '').approvals(ID).at(-1),
    );
  }, 180_000);
});
