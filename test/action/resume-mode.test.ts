/**
 * Approval gates across jobs, through the BUILT action with the real @actions/artifact client: a run
 * suspended on a gate uploads its ledger DB (and workspace changes) as an artifact and reports
 * action_required with how to approve; a later `/truss approve` job downloads that artifact (GitHub's
 * 302 to blob storage, served by the local fake results service), verifies the whole chain before
 * anything else, records the signed decision and continues by replay. A tampered or foreign ledger
 * is refused; a rejection keeps the run suspended; an unauthorized commenter changes nothing.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { SigningKey, signDetachedHumanReview } from '../../src/core/ledger/index.js';
import { readMeta } from '../../src/github/render/meta.js';
import {
  ActionHarness,
  type ActionRun,
  API,
  appDispatchPayload,
  issueCommentPayload,
  PR_AUTHOR,
  PR_NUMBER,
  pullRequestObject,
  pullRequestPayload,
  RUN_ID,
  reviewPayload,
} from '../helpers/action-harness.js';
import { runCli } from '../helpers/cli.js';
import { otherApp } from '../helpers/comment-authors.js';
import { APPROVED_CHECK, contractToml } from '../helpers/contract-toml.js';
import { contentsFile } from '../helpers/fake-github.js';
import {
  type FakeResults,
  runtimeToken,
  startFakeArtifacts,
  stopFakeResults,
} from '../helpers/fake-results.js';
import { snapshotHarness } from '../helpers/harness-snapshot.js';
import { unzip, zipOf } from '../helpers/zip.js';

const GATED = contractToml(
  {
    id: 'gated-bash',
    title: 'A gated bash call',
    intent: 'Write the word approved into approved.txt using bash',
  },
  APPROVED_CHECK,
  {
    executor: { kind: 'in-loop' },
    budget: { max_steps: 4 },
    constraints: { allow_tools: ['bash', 'read_file', 'write_file'] },
    approval_gates: { enabled: true, high_risk_tools: ['bash'] },
    provider: { kind: 'scripted', script: '.truss/agent.json' },
  },
);

// First a write_file (not gated: it runs before the suspension, so its file must travel with the
// artifact), then the gated bash call, then the final answer.
const AGENT = JSON.stringify({
  responses: [
    {
      content: [
        { type: 'text', text: 'First a note, then the file.' },
        {
          type: 'tool_use',
          name: 'write_file',
          input: { path: 'note.txt', content: 'written before the gate\n' },
        },
      ],
    },
    { content: [{ type: 'tool_use', name: 'bash', input: { command: 'echo approved > approved.txt' } }] },
    { content: [{ type: 'text', text: 'approved.txt now says approved.' }] },
  ],
});

type Json = Record<string, unknown>;

describe('suspend on an approval gate, resume in a later job', () => {
  let harness: ActionHarness;
  let results: FakeResults;
  const reviewer = SigningKey.generate();
  // Every test continues from the same suspended run: it runs once, and each test starts from the
  // GitHub-side state it left (test/helpers/harness-snapshot.ts), as if it had just run.
  let suspended: { run: ActionRun; sessionId: string };
  let restore: () => void;

  beforeAll(async () => {
    harness = new ActionHarness();
    harness.baseContract = GATED;
    results = await startFakeArtifacts(harness.fake, API);
    suspended = await suspend();
    restore = snapshotHarness(harness, results);
  });

  beforeEach(() => restore());

  afterAll(async () => {
    await harness.stop();
    await stopFakeResults(results);
  });

  const runnerEnv = () => ({
    ACTIONS_RUNTIME_TOKEN: runtimeToken(),
    ACTIONS_RESULTS_URL: `${results.origin}/`,
  });

  function withAgent(workspace: string): string {
    mkdirSync(join(workspace, '.truss'), { recursive: true });
    writeFileSync(join(workspace, '.truss/agent.json'), AGENT);
    return workspace;
  }

  async function suspend(): Promise<{ run: ActionRun; sessionId: string }> {
    const run = await harness.run({
      eventName: 'pull_request',
      payload: pullRequestPayload(harness.headSha, harness.baseSha),
      workspace: withAgent(harness.headWorkspace()),
      env: runnerEnv(),
    });
    return { run, sessionId: run.outputs['session-id'] as string };
  }

  async function comment(
    body: string,
    env: Record<string, string> = {},
    login = 'Codertocat',
    id?: number,
  ): Promise<ActionRun> {
    return harness.run({
      eventName: 'issue_comment',
      payload: issueCommentPayload(body, {
        user: { login, type: 'User', ...(id === undefined ? {} : { id }) },
      }),
      workspace: withAgent(harness.cloneWorkspace()),
      env: { ...runnerEnv(), 'INPUT_REVIEW-SIGNING-KEY': reviewer.seedBase64, ...env },
    });
  }

  function storedArtifact(sessionId: string): Map<string, Buffer> {
    const zip = results.committed.get(`/blob/${encodeURIComponent(`truss-ledger-${sessionId}`)}`);
    if (!zip) throw new Error('no artifact uploaded');
    return unzip(zip);
  }

  /** The suspended head the pull request's sticky comment of gated-bash reports: what the App signs an approval of. */
  function reportedHead() {
    const sticky = harness.comments.find((c) => c.body.includes('truss:sticky contract=gated-bash'));
    return readMeta(sticky?.body ?? '') as { session_id: string; head_hash: string; head_seq: number };
  }

  /** An approval of `head` signed by `reviewer`, as the App signs one for a `/truss approve` comment. */
  function appApproval(
    head: { head_hash: string; head_seq: number },
    reviewer: SigningKey,
    note: string,
    commentId: number,
  ) {
    return signDetachedHumanReview({
      headHash: head.head_hash,
      headSeq: head.head_seq,
      attestedHeadHash: head.head_hash,
      reviewer,
      review: {
        decision: 'approved',
        note,
        actor: { login: 'Codertocat', id: 21031067 },
        source: { comment_id: commentId, url: null },
      },
    });
  }

  /** The App's queued check `id` of gated-bash on the head, which a dispatched resume completes. */
  function queueAppCheck(id: number): void {
    harness.checkRuns.push({
      app: otherApp('truss-app'),
      id,
      name: 'truss / gated-bash',
      head_sha: harness.headSha,
      status: 'queued',
      conclusion: null,
      html_url: `https://github.com/Codertocat/Hello-World/runs/${id}`,
      details_url: null,
      output: null,
    });
  }

  /** The App's workflow_dispatch of mode resume for RUN_ID, with `inputs`; `app` pinned as truss-app, `env` added. */
  function dispatchResume(app: SigningKey, inputs: Record<string, string>, env: Record<string, string> = {}) {
    return harness.run({
      eventName: 'workflow_dispatch',
      payload: appDispatchPayload(harness.headSha, { mode: 'resume', resume_run_id: RUN_ID, ...inputs }),
      workspace: withAgent(harness.cloneWorkspace()),
      env: { ...runnerEnv(), 'INPUT_TRUSTED-KEYS': `${app.publicKeyHex} truss-app`, ...env },
    });
  }

  it('suspends with action_required and a resumable artifact, then /truss approve resumes it to PASS', async () => {
    const { run, sessionId } = suspended;
    expect(run.code).toBe(0);
    expect(run.outputs.verdict).toBe('suspended');
    expect(run.stdout).toContain('::notice::truss: gated-bash is SUSPENDED');
    const check = harness.checkRuns.find((c) => c.name === 'truss / gated-bash');
    expect(check?.conclusion).toBe('action_required');
    expect(check?.output?.summary).toContain('/truss approve');
    const files = storedArtifact(sessionId);
    expect([...files.keys()].sort()).toEqual(
      [
        `truss-ledger-${sessionId}.json`,
        'ledger.db',
        'report.html',
        'workdir.patch',
        'workdir.patch.sig.json',
      ].sort(),
    );
    expect(files.get('workdir.patch')?.toString()).toContain('written before the gate');
    const sticky = harness.comments.find((c) => c.body.includes('truss:sticky contract=gated-bash'));
    expect(sticky?.body).toContain('"status":"suspended"');
    expect(sticky?.body).toContain(`"workflow_run_id":"${RUN_ID}"`);

    harness.allow('Codertocat', 'write');
    const resumed = await comment('/truss approve ship it');
    expect(resumed.stderr).not.toMatch(/error/i);
    expect(resumed.code, resumed.stdout).toBe(0);
    expect(resumed.outputs.verdict).toBe('pass');
    expect(resumed.outputs['session-id']).toBe(sessionId);
    const bundlePath = resumed.outputs['bundle-path'] as string;
    const bundle = JSON.parse(readFileSync(bundlePath, 'utf8')) as {
      ledger: { entries: { kind: string; payload: Json }[] };
    };
    const kinds = bundle.ledger.entries.map((e) => e.kind);
    expect(kinds.indexOf('human_review')).toBe(kinds.indexOf('suspended') + 1);
    expect(kinds.at(-1)).toBe('run_completed');
    const review = bundle.ledger.entries.find((e) => e.kind === 'human_review')?.payload as Json;
    expect(review).toMatchObject({
      decision: 'approved',
      note: 'ship it',
      reviewer_public_key: reviewer.key.publicKeyHex,
      actor: { login: 'Codertocat' },
    });
    // The model call recorded before the suspension was replayed, not re-sent: one model_result per response.
    expect(kinds.filter((k) => k === 'model_result')).toHaveLength(3);
    const keys = join(harness.root, 'keys');
    writeFileSync(keys, `${harness.key.publicKeyHex} session\n${reviewer.key.publicKeyHex} reviewer\n`);
    expect((await runCli(['verify', bundlePath, '--trusted-keys', keys])).code).toBe(0);
    const checks = harness.checkRuns.filter((c) => c.name === 'truss / gated-bash');
    expect(checks.at(-1)?.conclusion).toBe('success');
    // The command comment: seen, then started. The suspension's gate comment: claimed by this job,
    // and kept, as the run went past the gate (src/github/gate-claim.ts).
    const gate = harness.comments.find((c) => c.body.startsWith(`<!-- truss:gate session=${sessionId} `));
    const onGate = new RegExp(`/issues/comments/${gate?.id}/reactions$`);
    const reactions = harness.fake
      .calls('POST', /\/reactions$/)
      .filter((r) => !onGate.test(r.path))
      .map((r) => (r.body as Json).content);
    expect(reactions).toEqual(['eyes', 'rocket']);
    expect(harness.fake.calls('POST', onGate).map((r) => r.body)).toEqual([{ content: 'rocket' }]);
    expect(harness.reactions.filter((r) => r.comment_id === gate?.id)).toHaveLength(1);
  });

  it("the pull request's author cannot /truss approve its gated run (a writer, renamed since); another maintainer then can", async () => {
    const { sessionId } = suspended;
    // octocat opened the pull request (PR_AUTHOR) and has write access; their login has changed since,
    // the account id has not.
    harness.allow('octocat-renamed', 'write');
    const own = await comment('/truss approve', {}, 'octocat-renamed', PR_AUTHOR.id);
    expect(own.code, own.stdout).toBe(0);
    expect(own.outputs.verdict ?? '').toBe('');
    const refused = harness.comments.filter((c) =>
      c.body.includes('@octocat-renamed opened this pull request'),
    );
    expect(refused).toHaveLength(1);
    expect(refused[0]?.body).toContain('Another maintainer with write access can `/truss approve` it');
    expect(harness.checkRuns.filter((c) => c.name === 'truss / gated-bash').map((c) => c.conclusion)).toEqual(
      ['action_required'],
    );

    harness.allow('Codertocat', 'write');
    const resumed = await comment('/truss approve');
    expect(resumed.code, resumed.stdout).toBe(0);
    expect(resumed.outputs.verdict).toBe('pass');
    expect(resumed.outputs['session-id']).toBe(sessionId);
  });

  // The examples' comment was written at 2019-05-15T15:20:21Z; the fork's pushed_at and the sticky's
  // updated_at are GitHub's clock too. An approval releases only what its author could have read.
  it("/truss approve on a fork's pull request pushed to after the comment: nothing resumed, the reply says to comment again", async () => {
    const pr = pullRequestObject(harness.headSha, harness.baseSha) as {
      head: { repo: Record<string, unknown> };
    };
    pr.head.repo = { ...pr.head.repo, full_name: 'mallory/Hello-World', pushed_at: '2019-05-15T15:20:40Z' };
    const forkPull = () => ({ body: pr });
    harness.fake.prepend('GET', new RegExp(`^${API}/pulls/${PR_NUMBER}$`), forkPull);
    onTestFinished(() => {
      harness.fake.remove(forkPull);
    });
    harness.allow('Codertocat', 'write');
    const approved = await comment('/truss approve ship it');
    expect(approved.code, approved.stdout).toBe(0);
    expect(approved.outputs.verdict ?? '').toBe('');
    const replies = harness.comments.filter((c) => c.body.includes('Nothing was approved'));
    expect(replies).toHaveLength(1);
    expect(replies[0]?.body).toContain(
      'pushed to at 2019-05-15T15:20:40.000Z, after your comment (2019-05-15T15:20:21.000Z)',
    );
    expect(replies[0]?.body).toContain('comment again to approve it');
    expect(harness.checkRuns.filter((c) => c.name === 'truss / gated-bash').map((c) => c.conclusion)).toEqual(
      ['action_required'],
    );
    const reactions = harness.fake.calls('POST', /\/reactions$/).map((r) => (r.body as Json).content);
    expect(reactions).toEqual(['eyes', 'confused']);
  });

  it('/truss approve of a suspension whose sticky was written after the comment: nothing resumed', async () => {
    const sticky = harness.comments.find((c) => c.body.includes('truss:sticky contract=gated-bash')) as {
      updated_at?: string;
    };
    sticky.updated_at = '2019-05-15T15:20:50Z';
    harness.allow('Codertocat', 'write');
    const approved = await comment('/truss approve ship it');
    expect(approved.code, approved.stdout).toBe(0);
    expect(approved.outputs.verdict ?? '').toBe('');
    const replies = harness.comments.filter((c) => c.body.includes('was reported after your comment'));
    expect(replies).toHaveLength(1);
    expect(replies[0]?.body).toContain('comment `/truss approve` again');
    expect(harness.checkRuns.filter((c) => c.name === 'truss / gated-bash').map((c) => c.conclusion)).toEqual(
      ['action_required'],
    );
  });

  it('refuses a tampered ledger artifact before recording anything', async () => {
    const { sessionId } = suspended;
    const files = storedArtifact(sessionId);
    const dbPath = join(harness.root, 'tampered.db');
    writeFileSync(dbPath, files.get('ledger.db') as Buffer);
    const db = new Database(dbPath);
    db.prepare(
      `UPDATE journal SET payload = replace(payload, 'written before the gate', 'written by an attacker!') WHERE kind = 'tool_result'`,
    ).run();
    db.close();
    files.set('ledger.db', readFileSync(dbPath));
    results.committed.set(
      `/blob/${encodeURIComponent(`truss-ledger-${sessionId}`)}`,
      zipOf(files, { stored: true }),
    );

    harness.allow('Codertocat', 'write');
    const resumed = await comment('/truss approve');
    expect(resumed.code).toBe(1);
    expect(resumed.stdout).toContain(`refusing to resume ${sessionId}`);
    const replies = harness.comments.filter((c) => c.body.includes('could not record the decision'));
    expect(replies).toHaveLength(1);
    expect(harness.checkRuns.filter((c) => c.name === 'truss / gated-bash').map((c) => c.conclusion)).toEqual(
      ['action_required'],
    );
  });

  it('refuses an artifact whose workspace patch was swapped or dropped: the session key signs the patch at its head', async () => {
    const { sessionId } = suspended;
    const name = `/blob/${encodeURIComponent(`truss-ledger-${sessionId}`)}`;
    const genuine = storedArtifact(sessionId);
    expect(genuine.has('workdir.patch.sig.json')).toBe(true);
    const patch = genuine.get('workdir.patch')?.toString() ?? '';
    // The chain is untouched and verifies; only the workspace the resumed run would continue on changes.
    const swapped = new Map(genuine);
    swapped.set(
      'workdir.patch',
      Buffer.from(patch.replace('written before the gate', 'written by an attacker!')),
    );
    const dropped = new Map(genuine);
    dropped.delete('workdir.patch');
    dropped.delete('workdir.patch.sig.json');
    harness.allow('Codertocat', 'write');
    for (const files of [swapped, dropped]) {
      results.committed.set(name, zipOf(files, { stored: true }));
      const resumed = await comment('/truss approve');
      expect(resumed.code, resumed.stdout).toBe(1);
      expect(resumed.stdout).toContain(`refusing to resume ${sessionId}`);
      expect(resumed.stdout).toContain('does not carry the workspace the run left');
    }
    expect(harness.checkRuns.filter((c) => c.name === 'truss / gated-bash').map((c) => c.conclusion)).toEqual(
      ['action_required'],
    );
  });

  it('refuses an artifact holding a pending signal: nothing on GitHub queues one, the resumed run would sign it as received', async () => {
    const { sessionId } = suspended;
    const files = storedArtifact(sessionId);
    const dbPath = join(harness.root, 'signalled.db');
    writeFileSync(dbPath, files.get('ledger.db') as Buffer);
    const db = new Database(dbPath);
    db.prepare(
      "INSERT INTO signals (session_id, name, payload, status, created_at) VALUES (?, 'continue', '\"approved\"', 'pending', 1)",
    ).run(sessionId);
    db.close();
    files.set('ledger.db', readFileSync(dbPath));
    results.committed.set(
      `/blob/${encodeURIComponent(`truss-ledger-${sessionId}`)}`,
      zipOf(files, { stored: true }),
    );
    harness.allow('Codertocat', 'write');
    const resumed = await comment('/truss approve');
    expect(resumed.code, resumed.stdout).toBe(1);
    expect(resumed.stdout).toContain('holds 1 pending signal(s) (continue)');
  });

  it('/truss approve in a workflow without review-signing-key: the reply names the key the comment workflow needs', async () => {
    harness.allow('Codertocat', 'write');
    const resumed = await comment('/truss approve', { 'INPUT_REVIEW-SIGNING-KEY': '' });
    expect(resumed.code).toBe(1);
    const reply = harness.comments.find((c) => c.body.startsWith('truss could not record the decision'));
    expect(reply?.body).toContain('`/truss approve|reject`) needs `review-signing-key`');
    expect(reply?.body).not.toContain('mode review needs');
  });

  it('refuses a ledger signed by another key (a forged run)', async () => {
    const { sessionId } = suspended;
    harness.allow('Codertocat', 'write');
    const other = SigningKey.generate();
    const resumed = await comment('/truss approve', { 'INPUT_SIGNING-KEY': other.seedBase64 });
    expect(resumed.code).toBe(1);
    expect(resumed.stdout).toContain(`refusing to resume ${sessionId}`);
  });

  // The three tests below continue from the same rejection: it runs once, from the suspended state.
  describe('after a /truss reject', () => {
    let rejected: ActionRun;
    /** The artifact the suspended run uploaded, before the rejection replaced it. */
    let beforeRejection: Buffer;
    let restoreRejected: () => void;
    const artifactKey = () => `/blob/${encodeURIComponent(`truss-ledger-${suspended.sessionId}`)}`;

    beforeAll(async () => {
      restore();
      beforeRejection = results.committed.get(artifactKey()) as Buffer;
      harness.allow('Codertocat', 'write');
      rejected = await comment('/truss reject not like this');
      restoreRejected = snapshotHarness(harness, results);
    });

    beforeEach(() => restoreRejected());

    it('/truss reject records the signed rejection and the run stays suspended', () => {
      const { sessionId } = suspended;
      expect(rejected.stdout).not.toContain('::error');
      expect(rejected.code).toBe(0);
      expect(rejected.outputs.verdict).toBe('suspended');
      const bundle = JSON.parse(readFileSync(rejected.outputs['bundle-path'] as string, 'utf8')) as {
        ledger: { entries: { kind: string; payload: Json }[] };
      };
      const kinds = bundle.ledger.entries.map((e) => e.kind);
      expect(kinds).toContain('human_review');
      expect(kinds).not.toContain('verdict');
      expect(kinds.slice(-2)).toEqual(['suspended', 'human_review']);
      expect(rejected.outputs['session-id']).toBe(sessionId);
    });

    it('/truss reject then /truss approve: the later approval releases the gate and the run passes', async () => {
      const { sessionId } = suspended;
      const approved = await comment('/truss approve now it is fine');
      expect(approved.stdout).not.toContain('::error');
      expect(approved.code, approved.stdout).toBe(0);
      expect(approved.outputs.verdict).toBe('pass');
      expect(approved.outputs['session-id']).toBe(sessionId);
      const bundle = JSON.parse(readFileSync(approved.outputs['bundle-path'] as string, 'utf8')) as {
        ledger: { entries: { kind: string; payload: Json }[] };
      };
      const decisions = bundle.ledger.entries
        .filter((e) => e.kind === 'human_review')
        .map((e) => e.payload.decision);
      expect(decisions).toEqual(['rejected', 'approved']);
      expect(bundle.ledger.entries.at(-1)?.kind).toBe('run_completed');
    });

    it('refuses an older artifact put back to drop a later rejection (the PR records the newer head)', async () => {
      expect(results.committed.get(artifactKey())).not.toEqual(beforeRejection);
      results.committed.set(artifactKey(), beforeRejection);
      const approved = await comment('/truss approve');
      expect(approved.code).toBe(1);
      expect(approved.stdout).toContain(
        "does not extend the head recorded in the pull request's sticky comment",
      );
      expect(approved.outputs.verdict).not.toBe('pass');
    });
  });

  it("a PR approval at the suspended head by a writer releases the gate; a reader's does not", async () => {
    const { sessionId } = suspended;
    harness.allow('reader', 'read');
    const review = (login: string) =>
      harness.run({
        eventName: 'pull_request_review',
        payload: reviewPayload({
          action: 'submitted',
          state: 'approved',
          commitId: harness.headSha,
          headSha: harness.headSha,
          baseSha: harness.baseSha,
          user: { login },
          body: 'LGTM',
        }),
        workspace: withAgent(harness.cloneWorkspace()),
        env: { ...runnerEnv(), 'INPUT_REVIEW-SIGNING-KEY': reviewer.seedBase64 },
      });
    const ignored = await review('reader');
    expect(ignored.code).toBe(0);
    expect(harness.fake.calls('GET', /\/actions\/artifacts\/\d+\/zip$/)).toEqual([]);

    harness.allow('Codertocat', 'admin');
    const approved = await review('Codertocat');
    expect(approved.code).toBe(0);
    expect(approved.outputs.verdict).toBe('pass');
    expect(approved.outputs['session-id']).toBe(sessionId);
    const bundle = JSON.parse(readFileSync(approved.outputs['bundle-path'] as string, 'utf8')) as {
      ledger: { entries: { kind: string; payload: Json }[] };
    };
    const signoff = bundle.ledger.entries.find((e) => e.kind === 'human_review')?.payload as Json;
    expect(signoff).toMatchObject({
      decision: 'approved',
      note: 'LGTM',
      source: { commit_sha: harness.headSha },
    });
  });

  it('the App path: a workflow_dispatch with mode resume and an approval the App pre-signed resumes the run and completes its queued check', async () => {
    const { sessionId } = suspended;
    const head = reportedHead();
    const app = SigningKey.generate();
    const approval = (signer: SigningKey) => appApproval(head, signer, 'approved in the App', 1);
    // The App's queued check: the dispatched job holds the App's installation token.
    harness.useAppToken('truss-app');
    queueAppCheck(9100);
    const dispatch = (entry: unknown) =>
      dispatchResume(app.key, { check_run_id: '9100', approval: JSON.stringify(entry) });
    // An approval signed by a key nobody pinned is refused, and the queued check says why.
    const forged = await dispatch(approval(SigningKey.generate().key));
    expect(forged.code).toBe(1);
    expect(forged.stdout).toContain('not pinned as a reviewer');
    expect(harness.checkRuns.find((c) => c.id === 9100)?.conclusion).toBe('failure');

    Object.assign(harness.checkRuns.find((c) => c.id === 9100) ?? {}, { status: 'queued', conclusion: null });
    const resumed = await dispatch(approval(app.key));
    expect(resumed.stdout).not.toContain('::error');
    expect(resumed.code).toBe(0);
    expect(resumed.outputs.verdict).toBe('pass');
    expect(resumed.outputs['session-id']).toBe(sessionId);
    expect(harness.checkRuns.find((c) => c.id === 9100)?.conclusion).toBe('success');
    const bundle = JSON.parse(readFileSync(resumed.outputs['bundle-path'] as string, 'utf8')) as {
      ledger: { entries: { kind: string; payload: Json; entry_hash: string }[] };
    };
    const review = bundle.ledger.entries.find((e) => e.kind === 'human_review');
    expect(review?.entry_hash).toBe(approval(app.key).entry_hash);
  });

  it('the App path: with `[app] review_comments = true` on the base, the resumed run syncs inline review comments as the dispatched run would', async () => {
    const head = reportedHead();
    const app = SigningKey.generate();
    harness.useAppToken('truss-app');
    queueAppCheck(9150);
    // The config the App's dispatched runs read at the PR base.
    const config = (req: { path: string }) =>
      new URLSearchParams(req.path.split('?')[1] ?? '').get('ref') === harness.baseSha
        ? { body: contentsFile('.truss/config.toml', '[app]\nreview_comments = true\n') }
        : { status: 404, body: { message: 'Not Found' } };
    harness.fake.prepend('GET', new RegExp(`^${API}/contents/\\.truss/config\\.toml$`), config);
    onTestFinished(() => {
      harness.fake.remove(config);
    });
    const before = harness.fake.requests.length;
    const resumed = await dispatchResume(app.key, {
      check_run_id: '9150',
      approval: JSON.stringify(appApproval(head, app.key, 'approved in the App', 3)),
    });
    expect(resumed.stdout).not.toContain('::error');
    expect(resumed.code).toBe(0);
    expect(resumed.outputs.verdict).toBe('pass');
    const configReads = harness.fake.requests
      .slice(before)
      .filter((r) => r.method === 'GET' && r.path.split('?')[0]?.endsWith('/contents/.truss/config.toml'));
    expect(configReads.map((r) => r.path)).toEqual([expect.stringContaining(`?ref=${harness.baseSha}`)]);
    // The sync ran (without review comments nothing is said): the contract's executor changed the
    // tree the panel reviewed, so no finding is placed on the commit's lines (docs/action.md).
    expect(resumed.stdout).toContain(
      'gated-bash: inline review comments not updated: an executor ran, so the panel reviewed the tree it left',
    );
  });

  it('the App path: a second dispatch of an approval (another /truss approve, queued behind the first) does not run the gated step again', async () => {
    const { sessionId } = suspended;
    const head = reportedHead();
    const app = SigningKey.generate();
    // Two maintainers comment `/truss approve` while the run waits: the App signs one approval of the
    // suspended head for each comment and dispatches two resumes; here the second runs after the
    // first has reported (at the same moment, the gate claim keeps the step to one run).
    harness.useAppToken('truss-app');
    const dispatch = (checkRunId: number, note: string) => {
      queueAppCheck(checkRunId);
      return dispatchResume(
        app.key,
        {
          check_run_id: String(checkRunId),
          approval: JSON.stringify(appApproval(head, app.key, note, note.length)),
        },
        { 'INPUT_COMMENT-AUTHORS': 'github-actions[bot],truss-app[bot]' },
      );
    };
    const artifactKey = `/blob/${encodeURIComponent(`truss-ledger-${sessionId}`)}`;
    const suspendedArtifact = results.committed.get(artifactKey) as Buffer;
    const first = await dispatch(9200, 'first');
    expect(first.code, first.stdout).toBe(0);
    expect(first.outputs.verdict).toBe('pass');
    const reported = harness.comments.find((c) => c.body.includes('truss:sticky contract=gated-bash'));
    expect(readMeta(reported?.body ?? '')).toMatchObject({ session_id: sessionId, status: 'pass' });

    // The first resume uploaded its ledger to its own workflow run (the fake keeps one blob per
    // name): the suspended run's artifact, which the second resume downloads, is unchanged, and the
    // App's approval chains onto its head. Only the pull request's record says the gate was released.
    results.committed.set(artifactKey, suspendedArtifact);
    const second = await dispatch(9201, 'second');
    // Nothing ran and nothing failed: a failure would be the newest check of the name, over the PASS.
    expect(second.code, second.stdout).toBe(0);
    expect(second.outputs.verdict ?? '').toBe('');
    expect(second.stdout).toContain(
      `::notice::truss: refusing to resume ${sessionId}: pull request #${PR_NUMBER} reports it pass`,
    );
    expect(second.stdout).toContain('it was resumed already');
    expect(harness.checkRuns.find((c) => c.id === 9201)?.conclusion).toBe('skipped');
  });

  it("the App path: a workflow run holding two sessions' ledger artifacts (a re-run attempt) resumes the one the pull request reports", async () => {
    // "Re-run jobs" on the suspended run: attempt 2 runs the contract as a new session, which
    // suspends too; both attempts' artifacts belong to the same workflow run id.
    const rerun = await suspend();
    expect(rerun.sessionId).not.toBe(suspended.sessionId);
    const head = reportedHead();
    expect(head.session_id).toBe(rerun.sessionId);
    const app = SigningKey.generate();
    harness.useAppToken('truss-app');
    queueAppCheck(9300);
    // The App's dispatch names the workflow run and the contract (decideApprovalGate), not the session.
    const resumed = await dispatchResume(app.key, {
      contract: 'gated-bash',
      check_run_id: '9300',
      approval: JSON.stringify(appApproval(head, app.key, '', 7)),
    });
    expect(resumed.stdout).not.toContain('::error');
    expect(resumed.code).toBe(0);
    expect(resumed.outputs['session-id']).toBe(rerun.sessionId);
    expect(resumed.outputs.verdict).toBe('pass');
  });

  it('an unauthorized /truss approve is answered politely and changes nothing', async () => {
    const denied = await comment('/truss approve', {}, 'mallory');
    expect(denied.code).toBe(0);
    expect(harness.fake.calls('GET', /\/actions\/artifacts\/\d+\/zip$/)).toEqual([]);
    expect(harness.checkRuns.filter((c) => c.name === 'truss / gated-bash')).toHaveLength(1);
  });
});
