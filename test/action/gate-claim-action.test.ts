/**
 * One approval, one gated step, however many jobs are started for it (docs/action.md "Approval gates
 * across jobs"), through the BUILT action: a `/truss approve` comment and an approving review (or the
 * App's dispatched resume) at the same moment are two jobs that both download the same suspended
 * ledger artifact and both read the sticky comment while it still says suspended. Each claims the
 * suspension's gate comment with a 🚀 reaction before anything runs; GitHub (the fake, as GitHub)
 * answers the second reaction of the same account with 200, and the later account's reaction loses
 * to the earlier one. The gated bash call appends to a file outside both jobs' workspaces: a real
 * side effect, counted.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { SigningKey, signDetachedHumanReview } from '../../src/core/ledger/index.js';
import { TRUSS_CHECK_ID } from '../../src/github/external-id.js';
import { readMeta } from '../../src/github/render/meta.js';
import {
  ActionHarness,
  type ActionRun,
  API,
  appDispatchPayload,
  issueCommentPayload,
  pullRequestPayload,
  RUN_ID,
  reviewPayload,
} from '../helpers/action-harness.js';
import { otherApp } from '../helpers/comment-authors.js';
import { APPROVED_CHECK, contractToml } from '../helpers/contract-toml.js';
import type { RecordedRequest } from '../helpers/fake-github.js';
import {
  type FakeResults,
  runtimeToken,
  startFakeArtifacts,
  stopFakeResults,
} from '../helpers/fake-results.js';
import { snapshotHarness } from '../helpers/harness-snapshot.js';
import { tempDir } from '../helpers/temp-dir.js';

const GATED = contractToml(
  { id: 'gated-bash', title: 'A gated bash call', intent: 'Write approved into approved.txt using bash' },
  APPROVED_CHECK,
  {
    executor: { kind: 'in-loop' },
    budget: { max_steps: 4 },
    constraints: { allow_tools: ['bash', 'read_file', 'write_file'] },
    approval_gates: { enabled: true, high_risk_tools: ['bash'] },
    provider: { kind: 'scripted', script: '.truss/agent.json' },
  },
);

// The side effect every run of the gated step leaves, outside every job's workspace.
const side = tempDir('gate-side');
const SIDE = side.dir;
chmodSync(SIDE, 0o777);
afterAll(() => side.cleanup());
const SIDE_LOG = join(SIDE, 'gated-step-ran.log');
/** What the gated step writes into approved.txt: `approved` passes the contract's check. */
const ANSWER = join(SIDE, 'answer');

const AGENT = JSON.stringify({
  responses: [
    {
      content: [
        {
          type: 'tool_use',
          name: 'bash',
          input: { command: `cat ${ANSWER} > approved.txt && echo ran >> ${SIDE_LOG}` },
        },
      ],
    },
    { content: [{ type: 'text', text: 'approved.txt now says approved.' }] },
  ],
});

/** How many times the gated step ran, in every job so far. */
function gatedRuns(): number {
  return existsSync(SIDE_LOG) ? readFileSync(SIDE_LOG, 'utf8').split('\n').filter(Boolean).length : 0;
}

describe('two jobs resuming one suspension: the gated step runs once', () => {
  let harness: ActionHarness;
  let results: FakeResults;
  const reviewer = SigningKey.generate();
  let sessionId: string;
  let restore: () => void;
  /** What the pull request and the artifact store held while the run waited at its gate. */
  let waiting: { sticky: string; artifact: Buffer };

  const runnerEnv = () => ({
    ACTIONS_RUNTIME_TOKEN: runtimeToken(),
    ACTIONS_RESULTS_URL: `${results.origin}/`,
    'INPUT_REVIEW-SIGNING-KEY': reviewer.seedBase64,
    // The gated step's side effect is written outside the workspace, which isolation would hide.
    INPUT_ISOLATION: 'none',
  });

  function withAgent(workspace: string): string {
    mkdirSync(join(workspace, '.truss'), { recursive: true });
    writeFileSync(join(workspace, '.truss/agent.json'), AGENT);
    return workspace;
  }

  const stickyComment = () =>
    harness.comments.find((c) => c.body.includes('truss:sticky contract=gated-bash'));
  const gateComment = () =>
    harness.comments.find((c) => c.body.startsWith(`<!-- truss:gate session=${sessionId} seq=`));
  const artifactKey = () => `/blob/${encodeURIComponent(`truss-ledger-${sessionId}`)}`;

  /**
   * The second job read the pull request and downloaded the artifact before the first one reported:
   * put back what it saw then (the first job's own artifact went to its own workflow run).
   */
  function asTheSecondJobSawIt(): void {
    const sticky = stickyComment();
    if (!sticky) throw new Error('no sticky comment');
    sticky.body = waiting.sticky;
    results.committed.set(artifactKey(), waiting.artifact);
  }

  beforeAll(async () => {
    harness = new ActionHarness();
    harness.baseContract = GATED;
    results = await startFakeArtifacts(harness.fake, API);
    const run = await harness.run({
      eventName: 'pull_request',
      payload: pullRequestPayload(harness.headSha, harness.baseSha),
      workspace: withAgent(harness.headWorkspace()),
      env: runnerEnv(),
    });
    expect(run.outputs.verdict, run.stdout).toBe('suspended');
    sessionId = run.outputs['session-id'] as string;
    waiting = {
      sticky: stickyComment()?.body ?? '',
      artifact: results.committed.get(artifactKey()) as Buffer,
    };
    harness.allow('Codertocat', 'write');
    restore = snapshotHarness(harness, results);
  });

  beforeEach(() => {
    restore();
    writeFileSync(SIDE_LOG, '');
    chmodSync(SIDE_LOG, 0o666);
    writeFileSync(ANSWER, 'approved\n');
    chmodSync(ANSWER, 0o644);
  });

  afterAll(async () => {
    await harness.stop();
    await stopFakeResults(results);
  });

  function approveComment(env: Record<string, string> = {}): Promise<ActionRun> {
    return harness.run({
      eventName: 'issue_comment',
      payload: issueCommentPayload('/truss approve ship it', { user: { login: 'Codertocat', type: 'User' } }),
      workspace: withAgent(harness.cloneWorkspace()),
      env: { ...runnerEnv(), ...env },
    });
  }

  function approveReview(): Promise<ActionRun> {
    return harness.run({
      eventName: 'pull_request_review',
      payload: reviewPayload({
        action: 'submitted',
        state: 'approved',
        commitId: harness.headSha,
        headSha: harness.headSha,
        baseSha: harness.baseSha,
        user: { login: 'Codertocat' },
        body: 'LGTM',
      }),
      workspace: withAgent(harness.cloneWorkspace()),
      env: runnerEnv(),
    });
  }

  /** The claim requests sent to the gate comment, with their bodies. */
  function claimRequests(method: 'POST' | 'DELETE') {
    const gate = gateComment();
    return harness.fake.calls(method, new RegExp(`/issues/comments/${gate?.id}/reactions(/\\d+)?$`));
  }

  it('the suspension is announced in a gate comment of its own, before its sticky comment', () => {
    const gate = gateComment();
    const sticky = stickyComment();
    const meta = readMeta(waiting.sticky) as { head_seq: number };
    expect(gate?.user.login).toBe('github-actions[bot]');
    expect(gate?.body).toContain('marks this comment 🚀 before it runs anything');
    // The suspended entry is the sticky's head: the gate is named by its seq.
    expect(gate?.body.startsWith(`<!-- truss:gate session=${sessionId} seq=${meta.head_seq} -->`)).toBe(true);
    expect((gate?.id ?? 0) < (sticky?.id ?? 0)).toBe(true);
    expect(gatedRuns()).toBe(0);
  });

  it('a /truss approve and an approving review at the same moment: the review job gets 200, runs nothing and fails nothing', async () => {
    const first = await approveComment();
    expect(first.code, first.stdout).toBe(0);
    expect(first.outputs.verdict).toBe('pass');
    expect(gatedRuns()).toBe(1);

    asTheSecondJobSawIt();
    const second = await approveReview();
    expect(gatedRuns()).toBe(1);
    expect(second.code, second.stdout).toBe(0);
    expect(second.stdout).toContain(`::notice::truss: another truss job is resuming ${sessionId}`);
    expect(second.stdout).toContain('This job ran nothing and recorded nothing');
    expect(second.outputs.verdict ?? '').toBe('');
    // Both jobs asked for the same reaction; GitHub kept one, the first job's.
    expect(claimRequests('POST').map((r) => r.body)).toEqual([{ content: 'rocket' }, { content: 'rocket' }]);
    expect(claimRequests('DELETE')).toEqual([]);
    expect(harness.reactions.filter((r) => r.comment_id === gateComment()?.id)).toMatchObject([
      { content: 'rocket', user: { login: 'github-actions[bot]' } },
    ]);
    // No second check reported work it did not do.
    expect(harness.checkRuns.filter((c) => c.name === 'truss / gated-bash').map((c) => c.conclusion)).toEqual(
      ['action_required', 'success'],
    );
  });

  /** A Truss check of the App on the head, with the next id (GitHub's check ids grow). */
  function appCheck(fields: { status: string; conclusion: string | null }): number {
    const id = 4242 + harness.checkRuns.length;
    harness.checkRuns.push({
      app: otherApp('truss-app'),
      id,
      name: 'truss / gated-bash',
      head_sha: harness.headSha,
      ...fields,
      html_url: `https://github.com/Codertocat/Hello-World/runs/${id}`,
      details_url: null,
      external_id: TRUSS_CHECK_ID,
      output: null,
    });
    return id;
  }

  /** The newest `truss / gated-bash` check: the one GitHub counts. */
  const newestCheck = () =>
    harness.checkRuns.filter((c) => c.name === 'truss / gated-bash').sort((a, b) => b.id - a.id)[0];

  /** The App's resume of the waiting run, dispatched with a queued check and an approval it signed. */
  async function appResume(): Promise<{ run: ActionRun; checkId: number }> {
    const meta = readMeta(waiting.sticky) as { head_hash: string; head_seq: number };
    const app = SigningKey.generate();
    harness.useAppToken('truss-app');
    const checkId = appCheck({ status: 'queued', conclusion: null });
    const approval = signDetachedHumanReview({
      headHash: meta.head_hash,
      headSeq: meta.head_seq,
      attestedHeadHash: meta.head_hash,
      reviewer: app.key,
      review: {
        decision: 'approved',
        note: 'in the App',
        actor: { login: 'Codertocat', id: 21031067 },
        source: { comment_id: 1, url: null },
      },
    });
    const dispatched = await harness.run({
      eventName: 'workflow_dispatch',
      payload: appDispatchPayload(harness.headSha, {
        mode: 'resume',
        resume_run_id: RUN_ID,
        check_run_id: String(checkId),
        approval: JSON.stringify(approval),
      }),
      workspace: withAgent(harness.cloneWorkspace()),
      env: { ...runnerEnv(), 'INPUT_TRUSTED-KEYS': `${app.key.publicKeyHex} truss-app` },
    });
    return { run: dispatched, checkId };
  }

  it("the App's dispatched resume after a /truss approve job claimed the gate: its later reaction withdraws, its queued check is skipped", async () => {
    const first = await approveComment();
    expect(first.outputs.verdict).toBe('pass');
    asTheSecondJobSawIt();
    const { run: dispatched, checkId } = await appResume();
    expect(gatedRuns()).toBe(1);
    expect(dispatched.code, dispatched.stdout).toBe(0);
    expect(dispatched.stdout).toContain('(as github-actions[bot])');
    // Never neutral or success for work this job did not do, and no failure over the other job's PASS.
    const queued = harness.checkRuns.find((c) => c.id === checkId);
    expect(queued?.conclusion).toBe('skipped');
    expect(newestCheck()?.id).toBe(checkId);
    expect(queued?.output?.title).toBe('Another job resumes this run');
    // The App's reaction was added, then taken back: only the first job's claim stands.
    expect(claimRequests('DELETE')).toHaveLength(1);
    expect(harness.reactions.filter((r) => r.comment_id === gateComment()?.id)).toMatchObject([
      { user: { login: 'github-actions[bot]' } },
    ]);
  });

  it("the App's skip written after the FAIL of the job holding the gate: it looks behind itself and posts the FAIL again", async () => {
    writeFileSync(ANSWER, 'not approved\n');
    const first = await approveComment();
    expect(first.outputs.verdict).toBe('fail');
    const verdict = newestCheck();
    expect(verdict?.conclusion).toBe('failure');
    asTheSecondJobSawIt();
    const { run, checkId } = await appResume();
    expect(run.code, run.stdout).toBe(0);
    expect(harness.checkRuns.find((c) => c.id === checkId)?.conclusion).toBe('skipped');
    expect(newestCheck()).toMatchObject({
      conclusion: 'failure',
      output: { title: `failure: the verdict of check run ${verdict?.id}, posted again over a skip` },
    });
    expect(gatedRuns()).toBe(1);
  });

  it("the job holding the gate, finishing after the App's skip: its FAIL is posted again over the skip", async () => {
    writeFileSync(ANSWER, 'not approved\n');
    // The App's job lost the claim and skipped its queued check after this job's check was created,
    // before this job looked again: the skip is the newest check when it reads the head's checks.
    let skipped = 0;
    const skipFirst = (req: RecordedRequest) => {
      if (skipped === 0) skipped = appCheck({ status: 'completed', conclusion: 'skipped' });
      const sha = (req.path.split('?')[0] ?? '').split('/').at(-2);
      const runs = harness.checkRuns.filter((r) => r.head_sha === sha);
      return { body: { total_count: runs.length, check_runs: runs } };
    };
    harness.fake.prepend('GET', /\/commits\/[0-9a-f]{40}\/check-runs$/, skipFirst);
    onTestFinished(() => {
      harness.fake.remove(skipFirst);
    });
    const first = await approveComment();
    expect(first.outputs.verdict).toBe('fail');
    const newest = newestCheck();
    expect(skipped).toBeGreaterThan(0);
    expect(newest?.id).toBeGreaterThan(skipped);
    expect(newest).toMatchObject({ conclusion: 'failure' });
    expect(newest?.output?.title).toContain('posted again over a skip');
  });

  it('a job that fails before the gate gives the claim back, so the next approval runs the step (once)', async () => {
    // No bubblewrap on this runner's PATH, and the workflow asks for it: refused after the claim.
    const bin = join(harness.runnerTemp, 'bare-bin');
    mkdirSync(bin, { recursive: true });
    for (const tool of ['node', 'git', 'sh']) {
      const link = join(bin, tool);
      if (!existsSync(link)) writeFileSync(link, `#!/bin/sh\nexec /usr/bin/${tool} "$@"\n`, { mode: 0o755 });
    }
    const failed = await approveComment({ PATH: bin, INPUT_ISOLATION: 'bwrap' });
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain('isolation "bwrap" is not available here');
    expect(failed.stdout).toContain(`released the approval gate of ${sessionId}`);
    expect(gatedRuns()).toBe(0);
    expect(claimRequests('DELETE')).toHaveLength(1);
    expect(harness.reactions.filter((r) => r.comment_id === gateComment()?.id)).toEqual([]);

    const again = await approveComment();
    expect(again.code, again.stdout).toBe(0);
    expect(again.outputs.verdict).toBe('pass');
    expect(gatedRuns()).toBe(1);
  });

  it('a dry run and a workflow with comment: false claim nothing (no gate comment is theirs to claim), and say so', async () => {
    for (const [env, why] of [
      [{ 'INPUT_DRY-RUN': 'true' }, 'a dry run writes nothing to GitHub'],
      [{ INPUT_COMMENT: 'false' }, 'comment is off, so no gate comment announces it'],
    ] as const) {
      const run = await approveComment(env);
      expect(run.stdout).toContain(`not claiming the approval gate of ${sessionId}: ${why}`);
      expect(claimRequests('POST')).toEqual([]);
      restore();
    }
  });

  it('a job that fails after the gate keeps the claim: the step may have run, so a second approval runs nothing', async () => {
    // The check run cannot be created (checks: write missing): the run goes on, then the job fails.
    const refuseChecks = () => ({ status: 403, body: { message: 'Resource not accessible by integration' } });
    harness.fake.prepend('POST', new RegExp(`^${API}/check-runs$`), refuseChecks);
    onTestFinished(() => {
      harness.fake.remove(refuseChecks);
    });
    const crashed = await approveComment();
    expect(crashed.code).toBe(1);
    expect(gatedRuns()).toBe(1);
    expect(crashed.stdout).not.toContain('released the approval gate');
    harness.fake.remove(refuseChecks);

    asTheSecondJobSawIt();
    const second = await approveComment();
    expect(gatedRuns()).toBe(1);
    expect(second.code, second.stdout).toBe(0);
    const reply = harness.comments.find((c) => c.body.startsWith('Nothing was recorded for this comment'));
    expect(reply?.body).toContain(
      'start a new run of the contract, or remove that 🚀 with the token that added it',
    );
  });
});

describe('a second gate later in the same session is a new claim', () => {
  let harness: ActionHarness;
  let results: FakeResults;
  const reviewer = SigningKey.generate();
  const log = join(SIDE, 'two-gates.log');
  const agent = JSON.stringify({
    responses: [
      { content: [{ type: 'tool_use', name: 'bash', input: { command: `echo one >> ${log}` } }] },
      {
        content: [
          {
            type: 'tool_use',
            name: 'bash',
            input: { command: `echo approved > approved.txt && echo two >> ${log}` },
          },
        ],
      },
      { content: [{ type: 'text', text: 'done' }] },
    ],
  });
  const env = () => ({
    ACTIONS_RUNTIME_TOKEN: runtimeToken(),
    ACTIONS_RESULTS_URL: `${results.origin}/`,
    'INPUT_REVIEW-SIGNING-KEY': reviewer.seedBase64,
    INPUT_ISOLATION: 'none',
  });
  const workspace = (dir: string) => {
    mkdirSync(join(dir, '.truss'), { recursive: true });
    writeFileSync(join(dir, '.truss/agent.json'), agent);
    return dir;
  };
  const approve = () =>
    harness.run({
      eventName: 'issue_comment',
      payload: issueCommentPayload('/truss approve', { user: { login: 'Codertocat', type: 'User' } }),
      workspace: workspace(harness.cloneWorkspace()),
      env: env(),
    });
  const gates = () => harness.comments.filter((c) => c.body.startsWith('<!-- truss:gate '));
  const claimsOn = (id: number | undefined) => harness.reactions.filter((r) => r.comment_id === id);
  const ran = () => readFileSync(log, 'utf8').split('\n').filter(Boolean);

  beforeAll(async () => {
    writeFileSync(log, '');
    chmodSync(log, 0o666);
    harness = new ActionHarness();
    harness.baseContract = GATED;
    results = await startFakeArtifacts(harness.fake, API);
    harness.allow('Codertocat', 'write');
  });

  afterAll(async () => {
    await harness.stop();
    await stopFakeResults(results);
  });

  it('the first approval keeps its claim and the second gate gets its own comment, which the next approval claims', async () => {
    const suspended = await harness.run({
      eventName: 'pull_request',
      payload: pullRequestPayload(harness.headSha, harness.baseSha),
      workspace: workspace(harness.headWorkspace()),
      env: env(),
    });
    expect(suspended.outputs.verdict, suspended.stdout).toBe('suspended');
    const sessionId = suspended.outputs['session-id'] as string;
    const sticky = () => harness.comments.find((c) => c.body.includes('truss:sticky contract=gated-bash'));
    const firstSuspension = {
      sticky: sticky()?.body ?? '',
      artifact: results.committed.get(`/blob/${encodeURIComponent(`truss-ledger-${sessionId}`)}`) as Buffer,
    };
    expect(gates()).toHaveLength(1);

    const first = await approve();
    expect(first.outputs.verdict, first.stdout).toBe('suspended');
    expect(ran()).toEqual(['one']);
    const [gate1, gate2] = gates();
    expect(gates()).toHaveLength(2);
    const seq = (body: string | undefined) => Number(/ seq=(\d+) -->/.exec(body ?? '')?.[1]);
    expect(seq(gate2?.body)).toBeGreaterThan(seq(gate1?.body));
    expect(gate2?.body).toContain(`session=${sessionId} `);
    // Gate 1 stays claimed (the run went past it); gate 2 is free.
    expect(claimsOn(gate1?.id)).toHaveLength(1);
    expect(claimsOn(gate2?.id)).toEqual([]);

    const second = await approve();
    expect(second.outputs.verdict, second.stdout).toBe('pass');
    expect(ran()).toEqual(['one', 'two']);
    expect(claimsOn(gate2?.id)).toHaveLength(1);

    // A job that read the first suspension before any of this (its sticky, its artifact) runs nothing.
    const current = sticky();
    if (current) current.body = firstSuspension.sticky;
    results.committed.set(
      `/blob/${encodeURIComponent(`truss-ledger-${sessionId}`)}`,
      firstSuspension.artifact,
    );
    const stale = await approve();
    expect(stale.code, stale.stdout).toBe(0);
    expect(ran()).toEqual(['one', 'two']);
    expect(stale.stdout).toContain(`another truss job is resuming ${sessionId}`);
  });
});
