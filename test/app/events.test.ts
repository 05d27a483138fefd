import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { checkDetachedHumanReview, createNodeCrypto, type LedgerEntry } from '../../src/core/ledger/index.js';
import { decodeRunRequestId } from '../../src/github/external-id.js';
import { actionsApp, otherApp, postedByApp } from '../helpers/comment-authors.js';
import { webhookExample } from '../helpers/fake-github.js';
import { expectNoPendingMocks, useNock } from '../helpers/nock-guard.js';
import {
  API,
  APP_ID,
  APP_KEY,
  allowLists,
  appConfig,
  asInstallation,
  BASE,
  contractText,
  HEAD,
  makeProbot,
  nockComments,
  nockContracts,
  nockCreateCheck,
  nockDispatch,
  nockNoChecks,
  nockNoEarlierRefusal,
  nockNoWorkflowConfig,
  nockPermission,
  nockPullRequest,
  nockReactions,
  nockReply,
  nockToken,
  nockUpdateCheck,
  ownApp,
  PR,
  PR_AUTHOR,
  R,
  receiveComment,
  stickyComment,
} from './app-kit.js';

const COMMENT_ID = 555;
const HEAD_HASH = 'ab'.repeat(32);

/**
 * What a /truss approve or reject by a writer asks of GitHub before it acts: the token, the
 * permission, 👀 and the outcome reaction, the pull request and its `comments`. Returns the reactions.
 */
function writerCommandWithComments(comments: Record<string, unknown>[]): string[] {
  nockToken();
  nockPermission('Codertocat', 'write');
  const seen = nockReactions(COMMENT_ID);
  nockPullRequest();
  nockComments(comments);
  return seen;
}

describe('Truss App: synchronize, re-run, approval gates', () => {
  useNock();

  it('pull_request.synchronize turns truss / human review on the new head action_required, explaining the move', async () => {
    const payload = asInstallation(webhookExample('pull_request', 'synchronize'));
    const before = payload.before as string;
    const after = payload.after as string;
    const probot = await makeProbot();
    nockToken();
    nock(API)
      .get(`${R}/commits/${before}/check-runs`)
      .query({ check_name: 'truss / human review', filter: 'all', per_page: '100' })
      .reply(200, {
        total_count: 1,
        check_runs: [{ id: 3, status: 'completed', conclusion: 'success', app: ownApp() }],
      });
    const posted: Record<string, unknown>[] = [];
    nock(API)
      .post(`${R}/check-runs`, (body) => {
        posted.push(body);
        return true;
      })
      .reply(201, { id: 4 });
    await probot.receive({ id: 'sync-1', name: 'pull_request', payload } as never);
    expect(posted).toEqual([
      expect.objectContaining({
        name: 'truss / human review',
        head_sha: after,
        status: 'completed',
        conclusion: 'action_required',
        output: expect.objectContaining({
          title: 'New commits: the sign-off is stale',
          summary: expect.stringContaining(`moved from ${before.slice(0, 7)} to ${after.slice(0, 7)}`),
        }),
      }),
    ]);
  });

  it.each([
    ['the workflow posting as github-actions[bot] (a comment author): turns stale', actionsApp(), true],
    ['another app, whoever it is: posts nothing', otherApp('lookalike', 424242), false],
  ])('synchronize after a truss / human review made by %s', async (_who, app, posts) => {
    // Any token with `checks: write` can name a check `truss / human review`; only Truss's (the App's
    // own, or made by an app its comment authors post as) say the pull request uses sign-offs.
    const payload = asInstallation(webhookExample('pull_request', 'synchronize'));
    const probot = await makeProbot();
    nockToken();
    nock(API)
      .get(`${R}/commits/${payload.before as string}/check-runs`)
      .query({ check_name: 'truss / human review', filter: 'all', per_page: '100' })
      .reply(200, {
        total_count: 1,
        check_runs: [
          { id: 3, name: 'truss / human review', status: 'completed', conclusion: 'success', app },
        ],
      });
    // The App's own bot login, asked to learn whose checks besides its own are Truss's.
    nock(API).get('/app').reply(200, { id: APP_ID, slug: 'truss-app' });
    const posted = posts ? nockCreateCheck(4) : [];
    await probot.receive({ id: 'sync-3', name: 'pull_request', payload } as never);
    expect(posted).toEqual(
      posts ? [expect.objectContaining({ name: 'truss / human review', conclusion: 'action_required' })] : [],
    );
  });

  it('synchronize on a PR that never had a human review check posts nothing', async () => {
    const payload = asInstallation(webhookExample('pull_request', 'synchronize'));
    const probot = await makeProbot();
    nockToken();
    nock(API)
      .get(`${R}/commits/${payload.before as string}/check-runs`)
      .query(true)
      .reply(200, { total_count: 0, check_runs: [] });
    await probot.receive({ id: 'sync-2', name: 'pull_request', payload } as never);
  });

  it('check_run.rerequested on a check the App queued dispatches the same contract and mode again, once per delivery', async () => {
    const payload = asInstallation(webhookExample('check_run', 'rerequested'));
    const check = payload.check_run as Record<string, unknown>;
    check.name = 'truss / greeting-0001';
    check.head_sha = HEAD;
    check.app = ownApp();
    check.external_id = JSON.stringify({
      v: 1,
      d: 'old',
      c: 444,
      p: PR,
      n: 'greeting',
      s: HEAD,
      m: 'verify',
    });
    (payload.repository as Record<string, unknown>).default_branch = 'main';
    const sender = (payload.sender as { login: string }).login;
    const probot = await makeProbot();
    nockToken();
    nockPermission(sender, 'write');
    nockNoChecks();
    const created = nockCreateCheck(8001);
    nockNoWorkflowConfig('main');
    const dispatched = nockDispatch();
    await probot.receive({ id: 'rerun-1', name: 'check_run', payload } as never);
    expect(created[0]).toMatchObject({ name: 'truss / greeting', head_sha: HEAD, status: 'queued' });
    expect(decodeRunRequestId(created[0]?.external_id as string)).toMatchObject({
      d: 'rerun-1',
      c: null,
      n: 'greeting',
      m: 'verify',
    });
    expect(dispatched).toEqual([
      {
        ref: 'main',
        inputs: {
          pr_number: String(PR),
          head_sha: HEAD,
          contract: 'greeting',
          requester: sender,
          check_run_id: '8001',
          mode: 'verify',
        },
      },
    ]);
    expectNoPendingMocks();

    // The same delivery again: the check it queued is found by delivery id; nothing new.
    nockPermission(sender, 'write');
    nock(API)
      .get(`${R}/commits/${HEAD}/check-runs`)
      .query(true)
      .reply(200, {
        total_count: 1,
        check_runs: [
          {
            id: 8001,
            name: 'truss / greeting',
            head_sha: HEAD,
            status: 'queued',
            external_id: created[0]?.external_id,
            app: ownApp(),
          },
        ],
      });
    await probot.receive({ id: 'rerun-1', name: 'check_run', payload } as never);
    expect(dispatched).toHaveLength(1);
  });

  it('check_run.rerequested: an allowed-users entry pinned to the sender id allows the renamed sender, not another account with the listed login', async () => {
    // The rerequested example's sender is octocat, account id 5346.
    const payload = asInstallation(webhookExample('check_run', 'rerequested'));
    const check = payload.check_run as Record<string, unknown>;
    check.name = 'truss / greeting';
    check.head_sha = HEAD;
    check.app = ownApp();
    check.external_id = JSON.stringify({ v: 1, d: 'old', c: null, p: PR, n: 'greeting', s: HEAD, m: 'run' });
    (payload.repository as Record<string, unknown>).default_branch = 'main';
    const sender = payload.sender as { login: string; id: number };
    expect(sender).toMatchObject({ login: 'octocat', id: 5346 });
    const probot = await makeProbot(appConfig(allowLists('octocat:5346')));

    sender.login = 'octocat-renamed';
    nockToken();
    nockPermission('octocat-renamed', 404);
    nockNoChecks();
    nockCreateCheck(8002);
    nockNoWorkflowConfig('main');
    const dispatched = nockDispatch();
    await probot.receive({ id: 'rerun-4', name: 'check_run', payload } as never);
    expect(dispatched).toEqual([
      expect.objectContaining({ inputs: expect.objectContaining({ requester: 'octocat-renamed' }) }),
    ]);
    expectNoPendingMocks();

    sender.login = 'octocat';
    sender.id = 99_000_002;
    nockPermission('octocat', 404);
    nockNoEarlierRefusal();
    const replies = nockReply();
    await probot.receive({ id: 'rerun-5', name: 'check_run', payload } as never);
    expect(replies).toEqual([
      expect.stringContaining('octocat has no access to Codertocat/Hello-World; write access is required'),
    ]);
    expect(dispatched).toHaveLength(1);
    expectNoPendingMocks();
  });

  it("check_run.rerequested on another app's check carrying a Truss request id is ignored without a request", async () => {
    const payload = asInstallation(webhookExample('check_run', 'rerequested'));
    const check = payload.check_run as Record<string, unknown>;
    check.name = 'truss / greeting';
    check.head_sha = HEAD;
    check.external_id = JSON.stringify({ v: 1, d: 'old', c: null, p: PR, n: 'greeting', s: HEAD, m: 'run' });
    check.app = otherApp('lookalike', 424242);
    const probot = await makeProbot();
    // No interceptor: any request (a token, a permission, a check, a dispatch) fails the delivery.
    await probot.receive({ id: 'rerun-3', name: 'check_run', payload } as never);
  });

  it("check_run.rerequested on a check that is not the App's (no truss external_id) is ignored without a request", async () => {
    const payload = asInstallation(webhookExample('check_run', 'rerequested'));
    (payload.check_run as Record<string, unknown>).name = 'truss / greeting';
    const probot = await makeProbot();
    await probot.receive({ id: 'rerun-2', name: 'check_run', payload } as never);
  });

  it('/truss approve on a run suspended at an approval gate signs the decision with the App key and dispatches mode resume', async () => {
    const probot = await makeProbot();
    const seen = writerCommandWithComments([
      stickyComment(20, {
        contract: 'deploy',
        session_id: 's-1',
        status: 'suspended',
        head_sha: HEAD,
        head_hash: HEAD_HASH,
        head_seq: 6,
        workflow_run_id: 31337,
        artifact_id: 77,
      }),
    ]);
    nockNoChecks();
    const created = nockCreateCheck(9001);
    nockNoWorkflowConfig();
    const dispatched = nockDispatch();
    await receiveComment(probot, 'approve-1', '/truss approve ship it', { commentId: COMMENT_ID });
    expect(seen).toEqual(['rocket']);
    expect(created[0]).toMatchObject({ name: 'truss / deploy', status: 'queued' });
    const inputs = dispatched[0]?.inputs as Record<string, string>;
    expect(inputs).toMatchObject({
      mode: 'resume',
      resume_run_id: '31337',
      contract: 'deploy',
      check_run_id: '9001',
      pr_number: String(PR),
    });
    const entry = JSON.parse(inputs.approval as string) as LedgerEntry;
    expect(entry).toMatchObject({
      seq: 7,
      kind: 'human_review',
      prev_hash: HEAD_HASH,
      payload: {
        decision: 'approved',
        note: 'ship it',
        attested_head_hash: HEAD_HASH,
        reviewer_public_key: APP_KEY.key.publicKeyHex,
        actor: { login: 'Codertocat' },
        source: { comment_id: COMMENT_ID },
      },
    });
    // The Action verifies the dispatched decision with the same core code, the App key pinned.
    const trusted = new Map([[APP_KEY.key.publicKeyHex, 'truss app']]);
    expect(
      checkDetachedHumanReview(entry, { hash: HEAD_HASH, seq: 6 }, { crypto: createNodeCrypto(), trusted }),
    ).toBeNull();
    // A tampered approval input (decision flipped in transit) does not pass.
    const flipped = { ...entry, payload: { ...entry.payload, decision: 'rejected' } };
    expect(
      checkDetachedHumanReview(flipped, { hash: HEAD_HASH, seq: 6 }, { crypto: createNodeCrypto(), trusted }),
    ).not.toBeNull();
  });

  it("/truss approve is not dropped as a duplicate by another app's check carrying its resume request id", async () => {
    const probot = await makeProbot();
    const seen = writerCommandWithComments([
      stickyComment(20, {
        contract: 'deploy',
        session_id: 's-1',
        status: 'suspended',
        head_sha: HEAD,
        head_hash: HEAD_HASH,
        head_seq: 6,
        workflow_run_id: 31337,
      }),
    ]);
    const copied = { v: 1, d: 'approve-2', c: COMMENT_ID, p: PR, n: 'deploy', s: HEAD, m: 'resume' };
    nock(API)
      .get(`${R}/commits/${HEAD}/check-runs`)
      .query(true)
      .reply(200, {
        total_count: 1,
        check_runs: [
          {
            id: 6661,
            name: 'truss / deploy',
            head_sha: HEAD,
            status: 'queued',
            external_id: JSON.stringify(copied),
            app: otherApp('lookalike', 424242),
          },
        ],
      });
    const created = nockCreateCheck(9002);
    nockNoWorkflowConfig();
    const dispatched = nockDispatch();
    await receiveComment(probot, 'approve-2', '/truss approve ship it', { commentId: COMMENT_ID });
    expect(seen).toEqual(['rocket']);
    expect(created).toEqual([expect.objectContaining({ name: 'truss / deploy', status: 'queued' })]);
    expect(decodeRunRequestId(created[0]?.external_id as string)).toEqual(copied);
    expect(dispatched).toEqual([
      {
        ref: 'master',
        inputs: expect.objectContaining({ mode: 'resume', resume_run_id: '31337', check_run_id: '9002' }),
      },
    ]);
  });

  it('/truss reject that cannot reach the workflow (404) fails its check: a rejection never ends green', async () => {
    const probot = await makeProbot();
    writerCommandWithComments([
      stickyComment(22, {
        contract: 'deploy',
        session_id: 's-3',
        status: 'suspended',
        head_sha: HEAD,
        head_hash: HEAD_HASH,
        head_seq: 7,
        workflow_run_id: 12345,
      }),
    ]);
    nockNoChecks();
    nockCreateCheck(9301);
    nockNoWorkflowConfig();
    nockDispatch('truss.yml', 404);
    const updates = nockUpdateCheck(9301);
    const replies = nockReply();
    await receiveComment(probot, 'reject-404', '/truss reject not safe', { commentId: COMMENT_ID });
    expect(replies[0]).toContain('truss.yml');
    // Neutral would count as passing for a required check, replacing the suspended run's check.
    expect(updates).toEqual([expect.objectContaining({ conclusion: 'failure' })]);
  });

  it('/truss reject with nothing suspended gets a polite reply and dispatches nothing', async () => {
    const probot = await makeProbot();
    const seen = writerCommandWithComments([
      stickyComment(21, { contract: 'greeting', session_id: 's-2', head_sha: HEAD, status: 'completed' }),
    ]);
    const replies = nockReply();
    await receiveComment(probot, 'reject-1', '/truss reject not yet', { commentId: COMMENT_ID });
    expect(seen).toEqual(['confused']);
    expect(replies[0]).toContain('Nothing on this pull request is waiting for approval');
  });

  it('/truss approve does not release a "suspended" run that only another bot\'s sticky lookalike reports', async () => {
    const probot = await makeProbot();
    const seen = writerCommandWithComments([
      stickyComment(
        23,
        {
          contract: 'deploy',
          session_id: 's-4',
          status: 'suspended',
          head_sha: HEAD,
          head_hash: HEAD_HASH,
          head_seq: 7,
          workflow_run_id: 12345,
        },
        postedByApp('echo-bot'),
      ),
    ]);
    const replies = nockReply();
    await receiveComment(probot, 'approve-lookalike', '/truss approve ship it', { commentId: COMMENT_ID });
    expect(seen).toEqual(['confused']);
    expect(replies[0]).toContain('Nothing on this pull request is waiting for approval');
  });

  it('/truss approve by a user without write access is denied before anything is signed', async () => {
    const probot = await makeProbot();
    nockToken();
    nockPermission('Codertocat', 'read');
    nockNoEarlierRefusal();
    const replies = nockReply();
    await receiveComment(probot, 'approve-2', '/truss approve', { commentId: COMMENT_ID });
    expect(replies[0]).toContain('write access is required');
  });

  it("/truss approve by the pull request's author (a writer, renamed since) signs and dispatches nothing; their /truss reject still does", async () => {
    // GitHub does not let an author approve their own pull request; a gated step of a run on it is
    // released by someone else too. The author is matched by account id: a renamed author is still one.
    const probot = await makeProbot();
    const author = { login: 'Codertocat-renamed', type: 'User' as const, id: 21031067 };
    nockToken();
    nockPermission(author.login, 'write');
    const seen = nockReactions(COMMENT_ID);
    nockPullRequest({ login: 'Codertocat', id: 21031067 });
    const replies = nockReply();
    await receiveComment(probot, 'approve-own', '/truss approve ship it', {
      commentId: COMMENT_ID,
      user: author,
    });
    expect(seen).toEqual(['confused']);
    expect(replies).toHaveLength(1);
    expect(replies[0]).toContain('@Codertocat-renamed opened this pull request');
    expect(replies[0]).toContain('Another maintainer with write access can `/truss approve` it');
    expectNoPendingMocks();

    // The same author rejecting: the decision is signed and the resume dispatched (rejecting fails closed).
    nockPermission(author.login, 'write');
    const seenReject = nockReactions(COMMENT_ID);
    nockPullRequest({ login: 'Codertocat', id: 21031067 });
    nockComments([
      stickyComment(20, {
        contract: 'deploy',
        session_id: 's-1',
        status: 'suspended',
        head_sha: HEAD,
        head_hash: HEAD_HASH,
        head_seq: 6,
        workflow_run_id: 31337,
      }),
    ]);
    nockNoChecks();
    nockCreateCheck(9002);
    nockNoWorkflowConfig();
    const dispatched = nockDispatch();
    await receiveComment(probot, 'reject-own', '/truss reject not yet', {
      commentId: COMMENT_ID,
      user: author,
    });
    expect(seenReject).toEqual(['rocket']);
    const entry = JSON.parse(
      (dispatched[0]?.inputs as Record<string, string> | undefined)?.approval as string,
    ) as LedgerEntry;
    expect(entry.payload).toMatchObject({
      decision: 'rejected',
      actor: { login: author.login, id: author.id },
    });
  });

  it('/truss approve by an allowed-users login or an allowed bot without write access signs nothing: allow-lists run commands, they do not release gates', async () => {
    // allowed-users and allowed-bots let a login start runs; approving a gated tool (a deploy, a
    // push) is a maintainer's decision, as a PR approval is (record-sign-off.ts asks the same).
    const probot = await makeProbot(appConfig(allowLists('helper', '*')));
    nockToken(); // once: Probot keeps the installation token
    for (const [user, level] of [
      [{ login: 'helper', type: 'User' as const }, 'read'],
      [{ login: 'renovate[bot]', type: 'Bot' as const }, 'write'],
    ] as const) {
      nockPermission(user.login, level);
      const seen = nockReactions(COMMENT_ID);
      const replies = nockReply();
      await receiveComment(probot, `approve-allow-${user.login}`, '/truss approve', {
        commentId: COMMENT_ID,
        user,
      });
      expect(seen).toEqual(['confused']);
      expect(replies[0]).toContain('approve');
      expect(replies[0]).toContain('write access');
    }
    expectNoPendingMocks();
  });

  // The examples' comment was written at 2019-05-15T15:20:21Z (GitHub's clock, as the fork's pushed_at
  // and a sticky's updated_at are): an approval releases only what its author could have read.
  it("/truss approve on a fork's pull request pushed to after the comment signs and dispatches nothing; the reply says to comment again", async () => {
    const probot = await makeProbot();
    nockToken();
    nockPermission('Codertocat', 'write');
    const seen = nockReactions(COMMENT_ID);
    const pr = webhookExample('pull_request', 'opened').pull_request as {
      head: { repo: Record<string, unknown> };
      base: Record<string, unknown>;
      user: Record<string, unknown>;
    };
    nock(API)
      .get(`${R}/pulls/${PR}`)
      .reply(200, {
        ...pr,
        number: PR,
        user: { ...pr.user, ...PR_AUTHOR },
        head: {
          ...pr.head,
          sha: HEAD,
          repo: { ...pr.head.repo, full_name: 'mallory/Hello-World', pushed_at: '2019-05-15T15:20:40Z' },
        },
        base: { ...pr.base, sha: BASE },
      });
    const replies = nockReply();
    await receiveComment(probot, 'approve-race', '/truss approve ship it', { commentId: COMMENT_ID });
    expect(seen).toEqual(['confused']);
    expect(replies).toHaveLength(1);
    expect(replies[0]).toContain('Nothing was approved');
    expect(replies[0]).toContain(
      'pushed to at 2019-05-15T15:20:40.000Z, after your comment (2019-05-15T15:20:21.000Z)',
    );
    expect(replies[0]).toContain('comment again to approve it');
    expectNoPendingMocks();
  });

  it('/truss approve of a suspension reported after the comment (its sticky written later) signs and dispatches nothing', async () => {
    const probot = await makeProbot();
    const seen = writerCommandWithComments([
      {
        ...stickyComment(24, {
          contract: 'deploy',
          session_id: 's-5',
          status: 'suspended',
          head_sha: HEAD,
          head_hash: HEAD_HASH,
          head_seq: 6,
          workflow_run_id: 31337,
        }),
        created_at: '2019-05-15T15:19:00Z',
        updated_at: '2019-05-15T15:20:50Z',
      },
    ]);
    const replies = nockReply();
    await receiveComment(probot, 'approve-unseen', '/truss approve ship it', { commentId: COMMENT_ID });
    expect(seen).toEqual(['confused']);
    expect(replies).toHaveLength(1);
    expect(replies[0]).toContain('was reported after your comment');
    expect(replies[0]).toContain('comment `/truss approve` again');
    expectNoPendingMocks();
  });

  it('/truss approve when the suspended run was for an older head refuses to sign', async () => {
    const probot = await makeProbot();
    writerCommandWithComments([
      stickyComment(22, {
        contract: 'deploy',
        session_id: 's-3',
        status: 'suspended',
        head_sha: 'c3'.repeat(20),
        head_hash: HEAD_HASH,
        head_seq: 2,
        workflow_run_id: 5,
      }),
    ]);
    // The sticky names the contract's id; the reply names the file `/truss run` takes.
    nockContracts(BASE, { 'deploy-gate.toml': contractText('deploy'), 'lint.toml': contractText('lint') });
    const replies = nockReply();
    await receiveComment(probot, 'approve-3', '/truss approve', { commentId: COMMENT_ID });
    expect(replies[0]).toContain('approving it would sign off on evidence this head does not have');
    expect(replies[0]).toContain('Run it again with `/truss run deploy-gate`.');
    expectNoPendingMocks();
  });

  // Sticky metadata says where to look, not what is true (docs/security.md "Comments and checks Truss
  // trusts as its own"): a suspension that names no commit is not shown to be on this head.
  it('/truss approve when the suspended run names no commit refuses to sign, as for an older head', async () => {
    const probot = await makeProbot();
    writerCommandWithComments([
      stickyComment(23, {
        contract: 'deploy',
        session_id: 's-4',
        status: 'suspended',
        head_hash: HEAD_HASH,
        head_seq: 2,
        workflow_run_id: 5,
      }),
    ]);
    nockContracts(BASE, { 'lint.toml': contractText('lint') });
    const replies = nockReply();
    await receiveComment(probot, 'approve-4', '/truss approve', { commentId: COMMENT_ID });
    expect(replies).toHaveLength(1);
    expect(replies[0]).toContain('names no commit');
    expect(replies[0]).toContain('approving it would sign off on evidence this head does not have');
    expect(replies[0]).toContain(
      'No contract in `.truss/contracts/` on the base branch has the id `deploy` any more',
    );
    expectNoPendingMocks();
  });
});
