import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nock from 'nock';
import type { Probot } from 'probot';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Bundle, createNodeCrypto } from '../../src/core/ledger/index.js';
import { runCli } from '../helpers/cli.js';
import { otherApp, postedByApp } from '../helpers/comment-authors.js';
import { exportText, type LedgerFixture, openFixture, SESSION_KEY } from '../helpers/ledger-kit.js';
import { expectNoPendingMocks, useNock } from '../helpers/nock-guard.js';
import { appendSampleRun } from '../helpers/sample-run.js';
import { zipOf } from '../helpers/zip.js';
import {
  API,
  APP_KEY,
  appConfig,
  BASE,
  contents,
  HEAD,
  makeProbot,
  nockComments,
  nockPermission,
  nockReviewState,
  nockToken,
  R,
  reviewPayloadFor,
  stickyComment,
} from './app-kit.js';

const REVIEWER = { login: 'Codertocat', id: 21031067, type: 'User' };
const ARTIFACT_ID = 55;
const OLD_SHA = 'c3'.repeat(20);

interface Evidence {
  sessionId: string;
  text: string;
  bundle: Bundle;
}

function evidence(fixture: LedgerFixture): Evidence {
  const sessionId = appendSampleRun(fixture.store, SESSION_KEY, { headSha: HEAD });
  const text = exportText(fixture, sessionId, createNodeCrypto());
  return { sessionId, text, bundle: JSON.parse(text) };
}

function session(ev: Evidence, headSha = HEAD): void {
  nockComments([
    // A human's lookalike pointing elsewhere is ignored (not a Bot).
    {
      ...stickyComment(10, { contract: 'greeting', session_id: 'forged', head_sha: headSha }),
      user: { login: 'mallory', type: 'User' },
    },
    stickyComment(11, {
      contract: 'greeting',
      session_id: ev.sessionId,
      head_sha: headSha,
      head_hash: ev.bundle.ledger.head_hash,
      artifact_id: ARTIFACT_ID,
      run_url: `https://github.com/Codertocat/Hello-World/actions/runs/987`,
    }),
  ]);
}

/** The reviewer's permission and, for one with write access, the review's state GitHub reports now. */
const permission = (level: string, reviewState = 'APPROVED') => {
  nockPermission(REVIEWER.login, level);
  if (['write', 'maintain', 'admin'].includes(level)) nockReviewState(reviewState);
};

function trustedKeys(): void {
  nock(API)
    .get(`${R}/contents/.truss%2Ftrusted-keys`)
    .query({ ref: BASE })
    .reply(200, contents('.truss/trusted-keys', `${SESSION_KEY.publicKeyHex} ci\n`));
}

/** The ledger branch holds `text` for the session, or nothing (then the artifact is downloaded). */
function ledgerBranchHolds(sessionId: string, text: string | null): void {
  const scope = nock(API).get(`${R}/contents/sessions%2F${sessionId}.json`).query({ ref: 'truss-ledger' });
  if (text === null) scope.reply(404, { message: 'Not Found' });
  else scope.reply(200, contents(`sessions/${sessionId}.json`, text));
}

function artifact(ev: Evidence): void {
  nock(API)
    .get(`${R}/actions/artifacts/${ARTIFACT_ID}/zip`)
    .reply(302, '', { location: 'https://pipelines.actions.example/artifact.zip?sig=x' });
  nock('https://pipelines.actions.example')
    .get('/artifact.zip')
    .query(true)
    .reply(200, zipOf({ 'ledger.db': 'sqlite', [`truss-ledger-${ev.sessionId}.json`]: ev.text }), {
      'content-type': 'application/zip',
    });
}

/** The Git Data API commit of the new ledger branch; returns what was stored. */
function ledgerCommit(message = /approved by Codertocat/): { stored: string[] } {
  const stored: string[] = [];
  nock(API)
    .post(`${R}/git/blobs`, (body) => {
      stored.push(Buffer.from(body.content, 'base64').toString('utf8'));
      return body.encoding === 'base64';
    })
    .reply(201, { sha: 'd'.repeat(40) });
  nock(API)
    .get(/\/git\/ref\/heads(%2F|\/)truss-ledger$/)
    .reply(404, { message: 'Not Found' });
  nock(API)
    .post(`${R}/git/trees`)
    .reply(201, { sha: 'e'.repeat(40) });
  nock(API)
    .post(`${R}/git/commits`, (body) => body.parents.length === 0 && message.test(body.message))
    .reply(201, { sha: 'f'.repeat(40), html_url: 'https://github.com/x/commit/f' });
  nock(API)
    .post(`${R}/git/refs`, { ref: 'refs/heads/truss-ledger', sha: 'f'.repeat(40) })
    .reply(201, {});
  return { stored };
}

/** Delivers REVIEWER's review of `commitId` in `state` (`dismissed`: the dismissal) as delivery `id`. */
async function receiveReview(
  probot: Probot,
  id: string,
  state: 'approved' | 'changes_requested' | 'commented' | 'dismissed',
  commitId = HEAD,
): Promise<void> {
  const action = state === 'dismissed' ? 'dismissed' : 'submitted';
  const payload = reviewPayloadFor({ action, state, commitId, user: REVIEWER });
  await probot.receive({ id, name: 'pull_request_review', payload } as never);
}

function humanReviewCheck(): Record<string, unknown>[] {
  const posted: Record<string, unknown>[] = [];
  nock(API)
    .post(`${R}/check-runs`, (body) => {
      posted.push(body);
      return body.name === 'truss / human review' && body.head_sha === HEAD;
    })
    .reply(201, { id: 1, html_url: 'https://github.com/x/runs/1' });
  return posted;
}

describe('Truss App: pull_request_review → signed human_review and truss / human review', () => {
  let fixture: LedgerFixture;
  useNock();
  beforeEach(() => {
    fixture = openFixture('app-review');
  });
  afterEach(() => fixture.close());

  it('an approval at the verdict SHA: success check, a bundle on the ledger branch that truss verify accepts with the App key pinned; a redelivery signs nothing twice', async () => {
    const ev = evidence(fixture);
    const probot = await makeProbot();
    const payload = reviewPayloadFor({
      action: 'submitted',
      state: 'approved',
      commitId: HEAD,
      user: REVIEWER,
      reviewId: 901,
    });
    nockToken();
    permission('write');
    session(ev);
    ledgerBranchHolds(ev.sessionId, null);
    artifact(ev);
    trustedKeys();
    const { stored } = ledgerCommit();
    const checks = humanReviewCheck();
    await probot.receive({ id: 'review-1', name: 'pull_request_review', payload } as never);
    expect(checks).toEqual([
      expect.objectContaining({
        status: 'completed',
        conclusion: 'success',
        output: expect.objectContaining({ title: 'Approved by Codertocat' }),
      }),
    ]);
    expect(stored).toHaveLength(1);
    const extended = JSON.parse(stored[0] as string) as Bundle;
    const review = extended.ledger.entries.at(-1);
    expect(review).toMatchObject({
      seq: ev.bundle.ledger.entries.length,
      kind: 'human_review',
      prev_hash: ev.bundle.ledger.head_hash,
      payload: {
        decision: 'approved',
        attested_head_hash: ev.bundle.ledger.head_hash,
        reviewer_public_key: APP_KEY.key.publicKeyHex,
        reviewer_key_id: APP_KEY.key.keyId,
        actor: { login: 'Codertocat', id: REVIEWER.id },
        source: { review_id: 901, commit_sha: HEAD },
      },
    });
    const file = join(fixture.dir, 'signed.json');
    writeFileSync(file, stored[0] as string);
    const pinned = runCli([
      'verify',
      file,
      '--key',
      SESSION_KEY.publicKeyHex,
      '--key',
      APP_KEY.key.publicKeyHex,
      '--json',
    ]);
    expect(pinned.code, pinned.stdout + pinned.stderr).toBe(0);
    const report = JSON.parse(pinned.stdout);
    expect(report.status).toBe('verified');
    expect(report.reviews).toEqual([
      expect.objectContaining({ decision: 'approved', stale: false, key_pinned: true }),
    ]);
    expect(pinned.stdout + pinned.stderr).not.toContain(APP_KEY.seedBase64);
    // Without the App key pinned the review is not trusted.
    const unpinned = runCli(['verify', file, '--key', SESSION_KEY.publicKeyHex, '--json']);
    expect(JSON.parse(unpinned.stdout).reviews[0].key_pinned).toBe(false);
    expectNoPendingMocks();

    // Redelivery (same delivery id): the ledger branch now holds the signed review → no second entry, no commit.
    permission('write');
    session(ev);
    ledgerBranchHolds(ev.sessionId, stored[0] as string);
    trustedKeys();
    const again = humanReviewCheck();
    await probot.receive({ id: 'review-1', name: 'pull_request_review', payload } as never);
    expect(again[0]).toMatchObject({ conclusion: 'success' });
    expect(stored).toHaveLength(1);
  });

  it('an approval of an older commit than the verdict is stale: action_required', async () => {
    const ev = evidence(fixture);
    const probot = await makeProbot();
    nockToken();
    permission('admin');
    session(ev);
    ledgerBranchHolds(ev.sessionId, ev.text);
    trustedKeys();
    const { stored } = ledgerCommit();
    const checks = humanReviewCheck();
    await receiveReview(probot, 'review-2', 'approved', OLD_SHA);
    expect(checks[0]).toMatchObject({
      conclusion: 'action_required',
      output: expect.objectContaining({ title: 'Approval does not cover the verified evidence' }),
    });
    expect(checks[0]?.output).toMatchObject({ summary: expect.stringContaining('stale') });
    expect(stored).toHaveLength(1);
  });

  it('a bundle stored without its verdict view is judged by its signed verdict entry, not by run_started: an approval of the start commit is stale', async () => {
    // The run started on HEAD, but its verdict judged OLD_SHA (the executor's work, never pushed).
    // Views are unsigned and may be absent (docs/ledger.md "Bundle"); the verdict entry is signed.
    const sessionId = 'verdict-on-another-commit';
    fixture.store.createSession({ signer: SESSION_KEY, codeVersion: 'test', id: sessionId });
    const git = (head: string) => ({ repo: 'Codertocat/Hello-World', base_sha: BASE, head_sha: head });
    fixture.store.append(
      sessionId,
      'run_started',
      { session_id: sessionId, contract: { id: 'greeting' }, git: git(HEAD) },
      SESSION_KEY,
    );
    fixture.store.append(
      sessionId,
      'verdict',
      { overall: 'pass', clauses: [], git: git(OLD_SHA) },
      SESSION_KEY,
    );
    fixture.store.append(sessionId, 'run_completed', { final_text: 'done' }, SESSION_KEY);
    const { verdict: _dropped, ...stripped } = JSON.parse(exportText(fixture, sessionId, createNodeCrypto()));
    const text = JSON.stringify(stripped);
    const ev: Evidence = { sessionId, text, bundle: JSON.parse(text) };
    const probot = await makeProbot();
    nockToken();
    permission('admin');
    session(ev);
    ledgerBranchHolds(sessionId, text);
    trustedKeys();
    const { stored } = ledgerCommit();
    const checks = humanReviewCheck();
    await receiveReview(probot, 'review-view', 'approved', HEAD);
    expect(checks[0]).toMatchObject({
      conclusion: 'action_required',
      output: expect.objectContaining({ title: 'Approval does not cover the verified evidence' }),
    });
    expect(checks[0]?.output).toMatchObject({ summary: expect.stringContaining('stale') });
    expect(stored).toHaveLength(1);
  });

  it('another installed bot posting a sticky lookalike after the run cannot point the sign-off at another session', async () => {
    const ev = evidence(fixture);
    const probot = await makeProbot();
    nockToken();
    permission('write');
    const genuine = stickyComment(11, {
      contract: 'greeting',
      session_id: ev.sessionId,
      head_sha: HEAD,
      head_hash: ev.bundle.ledger.head_hash,
      artifact_id: ARTIFACT_ID,
    });
    // Starts with the marker, names an older session on this head, and is the newest comment.
    const lookalike = stickyComment(
      12,
      { contract: 'greeting', session_id: 'older-session', head_sha: HEAD, artifact_id: 77 },
      postedByApp('echo-bot'),
    );
    nockComments([genuine, lookalike]);
    ledgerBranchHolds(ev.sessionId, ev.text);
    trustedKeys();
    const { stored } = ledgerCommit();
    const checks = humanReviewCheck();
    await receiveReview(probot, 'review-lookalike', 'approved');
    expect(checks).toEqual([expect.objectContaining({ conclusion: 'success' })]);
    expect((JSON.parse(stored[0] as string) as Bundle).ledger.session_id).toBe(ev.sessionId);
  });

  it('a workflow posting with the App token (TRUSS_APP_COMMENT_AUTHORS=<slug>[bot]): its sticky is signed off, a github-actions[bot] lookalike is not', async () => {
    const ev = evidence(fixture);
    const probot = await makeProbot(appConfig({ commentAuthors: ['truss-app[bot]'] }));
    nockToken();
    permission('write');
    nockComments([
      stickyComment(
        11,
        { contract: 'greeting', session_id: ev.sessionId, head_sha: HEAD, artifact_id: ARTIFACT_ID },
        postedByApp('truss-app'),
      ),
      stickyComment(12, { contract: 'greeting', session_id: 'older-session', head_sha: HEAD }),
    ]);
    ledgerBranchHolds(ev.sessionId, ev.text);
    trustedKeys();
    const { stored } = ledgerCommit();
    const checks = humanReviewCheck();
    await receiveReview(probot, 'review-app-token', 'approved');
    expect(checks).toEqual([expect.objectContaining({ conclusion: 'success' })]);
    expect((JSON.parse(stored[0] as string) as Bundle).ledger.session_id).toBe(ev.sessionId);
  });

  it("the App's own <slug>[bot] (GET /app, asked once) counts without configuration: a workflow posting with the App token is signed off", async () => {
    const ev = evidence(fixture);
    const probot = await makeProbot();
    nockToken();
    // Asked as the App (its JWT), not as the installation.
    nock(API, { reqheaders: { authorization: /^bearer eyJ/i } })
      .get('/app')
      .reply(200, otherApp('truss-app', 123));
    permission('write');
    nockComments([
      stickyComment(
        11,
        { contract: 'greeting', session_id: ev.sessionId, head_sha: HEAD, artifact_id: ARTIFACT_ID },
        postedByApp('truss-app', 123),
      ),
      stickyComment(
        12,
        { contract: 'greeting', session_id: 'older-session', head_sha: HEAD },
        postedByApp('echo-bot'),
      ),
    ]);
    ledgerBranchHolds(ev.sessionId, ev.text);
    trustedKeys();
    const { stored } = ledgerCommit();
    const checks = humanReviewCheck();
    await receiveReview(probot, 'review-own-bot', 'approved');
    expect(checks).toEqual([expect.objectContaining({ conclusion: 'success' })]);
    expect((JSON.parse(stored[0] as string) as Bundle).ledger.session_id).toBe(ev.sessionId);
    expectNoPendingMocks();
    // The next delivery asks GitHub nothing more about the App (a second GET /app is not mocked).
    permission('write');
    nockComments([
      stickyComment(
        11,
        { contract: 'greeting', session_id: ev.sessionId, head_sha: HEAD, artifact_id: ARTIFACT_ID },
        postedByApp('truss-app', 123),
      ),
    ]);
    ledgerBranchHolds(ev.sessionId, stored[0] as string);
    trustedKeys();
    const again = humanReviewCheck();
    await receiveReview(probot, 'review-own-bot-2', 'approved');
    expect(again).toEqual([expect.objectContaining({ conclusion: 'success' })]);
  });

  it('no truss run for the new head (a new push since the verdict): action_required, nothing signed', async () => {
    const ev = evidence(fixture);
    const probot = await makeProbot();
    nockToken();
    permission('write');
    session(ev, OLD_SHA);
    const checks = humanReviewCheck();
    await receiveReview(probot, 'review-3', 'approved');
    expect(checks[0]).toMatchObject({
      conclusion: 'action_required',
      output: expect.objectContaining({ title: 'No truss verdict for this commit yet' }),
    });
  });

  it('changes requested: failure, signed as needs_changes', async () => {
    const ev = evidence(fixture);
    const probot = await makeProbot();
    nockToken();
    permission('write', 'CHANGES_REQUESTED');
    session(ev);
    ledgerBranchHolds(ev.sessionId, ev.text);
    trustedKeys();
    const { stored } = ledgerCommit();
    nock.removeInterceptor({
      proto: 'https',
      hostname: 'api.github.com',
      port: 443,
      method: 'POST',
      path: `${R}/git/commits`,
    });
    nock(API)
      .post(`${R}/git/commits`, (body) => /needs_changes by Codertocat/.test(body.message))
      .reply(201, { sha: 'f'.repeat(40), html_url: 'x' });
    const checks = humanReviewCheck();
    await receiveReview(probot, 'review-4', 'changes_requested');
    expect(checks[0]).toMatchObject({
      conclusion: 'failure',
      output: expect.objectContaining({ title: 'Changes requested by Codertocat' }),
    });
    expect(JSON.parse(stored[0] as string).ledger.entries.at(-1).payload.decision).toBe('needs_changes');
  });

  it('an approval that names no commit (commit_id null) is not taken as a review of the head: action_required, signed with no commit', async () => {
    const ev = evidence(fixture);
    const probot = await makeProbot();
    nockToken();
    permission('admin');
    session(ev);
    ledgerBranchHolds(ev.sessionId, ev.text);
    trustedKeys();
    const { stored } = ledgerCommit();
    const checks = humanReviewCheck();
    const payload = reviewPayloadFor({
      action: 'submitted',
      state: 'approved',
      commitId: HEAD,
      user: REVIEWER,
    });
    (payload.review as { commit_id: string | null }).commit_id = null;
    await probot.receive({ id: 'review-11', name: 'pull_request_review', payload } as never);
    expect(checks[0]).toMatchObject({
      conclusion: 'action_required',
      output: expect.objectContaining({ title: 'Approval does not cover the verified evidence' }),
    });
    expect(checks[0]?.output).toMatchObject({ summary: expect.stringContaining('names no commit') });
    const entries = (JSON.parse(stored[0] as string) as Bundle).ledger.entries;
    expect(entries.at(-1)?.payload).toMatchObject({ source: { commit_sha: null } });
  });

  it('a change request that cannot be stored (GitHub answers 403) turns the check failure, not leaving an earlier approval green', async () => {
    const ev = evidence(fixture);
    const probot = await makeProbot();
    nockToken();
    permission('write', 'CHANGES_REQUESTED');
    session(ev);
    ledgerBranchHolds(ev.sessionId, ev.text);
    trustedKeys();
    nock(API).post(`${R}/git/blobs`).reply(403, { message: 'Resource not accessible by integration' });
    const checks = humanReviewCheck();
    await expect(receiveReview(probot, 'review-12', 'changes_requested')).rejects.toThrow();
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatchObject({
      conclusion: 'failure',
      output: expect.objectContaining({ title: 'Sign-off not recorded: the review could not be processed' }),
    });
    const summary = String((checks[0]?.output as { summary?: string } | undefined)?.summary);
    expect(summary).toContain('`contents: write`');
    expect(summary).not.toContain('Resource not accessible');
  });

  it('dismissed with no signed approval to retract: back to pending (action_required) without signing', async () => {
    const probot = await makeProbot();
    nockToken();
    nockComments([]);
    const checks = humanReviewCheck();
    await receiveReview(probot, 'review-5', 'dismissed');
    expect(checks[0]).toMatchObject({
      conclusion: 'action_required',
      output: expect.objectContaining({ title: 'Review dismissed: awaiting a new approval' }),
    });
  });

  it('an approval GitHub reports dismissed by the time it is delivered (a redelivery after the dismissal) signs nothing: action_required', async () => {
    const probot = await makeProbot();
    nockToken();
    // The dismissal was handled first and found no signed approval: the ledger holds none.
    permission('write', 'DISMISSED');
    const checks = humanReviewCheck();
    await receiveReview(probot, 'review-late', 'approved');
    expect(checks).toEqual([
      expect.objectContaining({
        conclusion: 'action_required',
        output: expect.objectContaining({ title: 'Review dismissed: awaiting a new approval' }),
      }),
    ]);
    expectNoPendingMocks();
  });

  it('a dismissed approval is retracted by a signed human_review that truss verify accepts, the check goes back to action_required, and the approval read again never turns it green', async () => {
    const ev = evidence(fixture);
    const probot = await makeProbot();
    const approval = reviewPayloadFor({
      action: 'submitted',
      state: 'approved',
      commitId: HEAD,
      user: REVIEWER,
      reviewId: 901,
    });
    nockToken();
    permission('write');
    session(ev);
    ledgerBranchHolds(ev.sessionId, null);
    artifact(ev);
    trustedKeys();
    const { stored: approved } = ledgerCommit();
    const first = humanReviewCheck();
    await probot.receive({ id: 'review-d1', name: 'pull_request_review', payload: approval } as never);
    expect(first[0]).toMatchObject({ conclusion: 'success' });
    expectNoPendingMocks();

    // A maintainer dismisses review 901: the stored bundle gets a signed retraction, one commit.
    const MAINTAINER = { login: 'octo-maintainer', id: 4242 };
    const dismissal = reviewPayloadFor({
      action: 'dismissed',
      state: 'dismissed',
      commitId: HEAD,
      user: REVIEWER,
      reviewId: 901,
    }) as { sender: Record<string, unknown> };
    dismissal.sender = { ...dismissal.sender, ...MAINTAINER };
    session(ev);
    ledgerBranchHolds(ev.sessionId, approved[0] as string);
    trustedKeys();
    const { stored: retracted } = ledgerCommit(/retracted review 901 by Codertocat \(dismissed\)/);
    const second = humanReviewCheck();
    await probot.receive({ id: 'review-d2', name: 'pull_request_review', payload: dismissal } as never);
    expect(second).toEqual([
      expect.objectContaining({
        conclusion: 'action_required',
        output: expect.objectContaining({ title: 'Review dismissed: awaiting a new approval' }),
      }),
    ]);
    expect(retracted).toHaveLength(1);
    const before = JSON.parse(approved[0] as string) as Bundle;
    const after = JSON.parse(retracted[0] as string) as Bundle;
    const approvalEntry = before.ledger.entries.at(-1) as { seq: number; entry_hash: string };
    expect(after.ledger.entries.slice(0, -1)).toEqual(before.ledger.entries);
    expect(after.ledger.entries.at(-1)).toMatchObject({
      kind: 'human_review',
      prev_hash: before.ledger.head_hash,
      payload: {
        decision: 'needs_changes',
        reviewer_public_key: APP_KEY.key.publicKeyHex,
        actor: MAINTAINER,
        source: {
          dismissed_review_id: 901,
          retracts: { seq: approvalEntry.seq, entry_hash: approvalEntry.entry_hash },
        },
      },
    });
    const file = join(fixture.dir, 'retracted.json');
    writeFileSync(file, retracted[0] as string);
    const verified = runCli([
      'verify',
      file,
      '--key',
      SESSION_KEY.publicKeyHex,
      '--key',
      APP_KEY.key.publicKeyHex,
      '--json',
    ]);
    expect(verified.code, verified.stdout + verified.stderr).toBe(0);
    const report = JSON.parse(verified.stdout);
    expect(report.status).toBe('verified');
    expect(report.reviews.map((r: { decision: string }) => r.decision)).toEqual([
      'approved',
      'needs_changes',
    ]);
    expectNoPendingMocks();

    // The approval delivered again (a redelivery, a re-run review job): no new entry, and not green.
    permission('write');
    session(ev);
    ledgerBranchHolds(ev.sessionId, retracted[0] as string);
    trustedKeys();
    const third = humanReviewCheck();
    await probot.receive({ id: 'review-d1', name: 'pull_request_review', payload: approval } as never);
    expect(third).toEqual([
      expect.objectContaining({
        conclusion: 'action_required',
        output: expect.objectContaining({ title: 'Review dismissed: awaiting a new approval' }),
      }),
    ]);
    expect(retracted).toHaveLength(1);

    // A second delivery of the dismissal finds the retraction: nothing signed twice, still pending.
    session(ev);
    ledgerBranchHolds(ev.sessionId, retracted[0] as string);
    const fourth = humanReviewCheck();
    await probot.receive({ id: 'review-d2', name: 'pull_request_review', payload: dismissal } as never);
    expect(fourth[0]).toMatchObject({ conclusion: 'action_required' });
    expect(retracted).toHaveLength(1);
  });

  it('a dismissal whose retraction GitHub refuses to store sets the check to failure and fails the delivery: the approval is not left green', async () => {
    const ev = evidence(fixture);
    const probot = await makeProbot();
    nockToken();
    const signed = JSON.parse(ev.text) as Bundle;
    // The stored bundle holds review 902's approval (signed with the App key, as the App does).
    const { appendHumanReviewToBundle } = await import('../../src/core/ledger/index.js');
    const withApproval = appendHumanReviewToBundle(signed, APP_KEY.key, {
      decision: 'approved',
      note: '',
      actor: { login: REVIEWER.login, id: REVIEWER.id },
      source: { review_id: 902, commit_sha: HEAD, url: null },
    }).bundle;
    session(ev);
    ledgerBranchHolds(ev.sessionId, JSON.stringify(withApproval));
    trustedKeys();
    nock(API).post(`${R}/git/blobs`).reply(403, { message: 'Resource not accessible by integration' });
    const checks = humanReviewCheck();
    const payload = reviewPayloadFor({
      action: 'dismissed',
      state: 'dismissed',
      commitId: HEAD,
      user: REVIEWER,
      reviewId: 902,
    });
    await expect(
      probot.receive({ id: 'review-d3', name: 'pull_request_review', payload } as never),
    ).rejects.toThrow();
    expect(checks).toEqual([
      expect.objectContaining({
        conclusion: 'failure',
        output: expect.objectContaining({ title: 'Dismissal not recorded: the approval was not retracted' }),
      }),
    ]);
    expect(String((checks[0]?.output as { summary?: string } | undefined)?.summary)).not.toContain(
      'Resource not accessible',
    );
  });

  it('a reviewer without write access signs nothing; a comment-only review costs no request', async () => {
    const probot = await makeProbot();
    nockToken();
    permission('read');
    await receiveReview(probot, 'review-6', 'approved');
    expectNoPendingMocks();
    await receiveReview(probot, 'review-7', 'commented');
  });

  it("another session's bundle stored under this session's name is a failure: a sign-off never vouches for other evidence", async () => {
    const ev = evidence(fixture);
    // A genuine, pinned, passing run of another session (another pull request's run on the same head).
    const other = evidence(fixture);
    const probot = await makeProbot();
    nockToken();
    permission('write');
    session(ev);
    ledgerBranchHolds(ev.sessionId, other.text);
    // What signing it would read and write: before the session check it did, and the check said success.
    trustedKeys();
    const { stored } = ledgerCommit();
    const checks = humanReviewCheck();
    await receiveReview(probot, 'review-9', 'approved');
    expect(checks[0]).toMatchObject({
      conclusion: 'failure',
      output: expect.objectContaining({ title: 'Evidence did not verify (another session)' }),
    });
    expect(stored).toEqual([]);
    nock.cleanAll();
  });

  it("a stored bundle's own text (its session id) reaches the human-review check inert: no heading, link, image or HTML comment", async () => {
    const ev = evidence(fixture);
    const forged = JSON.parse(ev.text) as Bundle;
    const injected =
      'x\n\n## ✅ Approved <!-- [ok](https://evil.example) ![t](https://evil.example/p.png) @admins';
    (forged.ledger as { session_id: string }).session_id = injected;
    const probot = await makeProbot();
    nockToken();
    permission('write');
    session(ev);
    ledgerBranchHolds(ev.sessionId, JSON.stringify(forged));
    const checks = humanReviewCheck();
    await receiveReview(probot, 'review-10', 'approved');
    expect(checks[0]).toMatchObject({
      conclusion: 'failure',
      output: expect.objectContaining({ title: 'Evidence did not verify (another session)' }),
    });
    const summary = String((checks[0]?.output as { summary?: string } | undefined)?.summary);
    expect(summary).not.toMatch(/\n/);
    expect(summary).not.toContain('<!--');
    expect(summary).not.toContain('](https://');
    expect(summary).not.toContain('@admins');
    expect(summary).toContain('Approved');
  });

  it('evidence re-signed by a forger (not the pinned key) is a failure, and nothing is signed or stored', async () => {
    const ev = evidence(fixture);
    const forged = JSON.parse(ev.text) as Bundle;
    (forged.ledger.entries[1] as { payload: Record<string, unknown> }).payload.met = false;
    const probot = await makeProbot();
    nockToken();
    permission('write');
    session(ev);
    ledgerBranchHolds(ev.sessionId, JSON.stringify(forged));
    trustedKeys();
    const checks = humanReviewCheck();
    await receiveReview(probot, 'review-8', 'approved');
    expect(checks[0]).toMatchObject({
      conclusion: 'failure',
      output: expect.objectContaining({ title: 'Evidence did not verify (failed)' }),
    });
  });
});
