import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { decodeRunRequestId } from '../../src/github/external-id.js';
import { otherApp } from '../helpers/comment-authors.js';
import { webhookExample } from '../helpers/fake-github.js';
import { expectNoPendingMocks, useNock } from '../helpers/nock-guard.js';
import {
  API,
  APP_ID,
  allowLists,
  appConfig,
  BASE,
  commentPayload,
  contents,
  HEAD,
  makeProbot,
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
  R,
  receiveComment,
} from './app-kit.js';

const COMMENT_ID = 444;

interface Captured {
  checks: Record<string, unknown>[];
  dispatches: { workflow: string; body: Record<string, unknown> }[];
  replies: string[];
  updates: Record<string, unknown>[];
}

function capture(): Captured {
  const captured: Captured = { checks: [], dispatches: [], replies: [], updates: [] };
  return captured;
}

/**
 * What an accepted command asks of GitHub before it looks for its workflow: the installation token,
 * the author's permission (`level`), 👀 and the outcome reaction, the pull request, no earlier check
 * and the queued check 7001 (recorded in `captured.checks`). Returns the reactions.
 */
function acceptedCommand(captured: Captured, level = 'write', login = 'Codertocat'): string[] {
  nockToken();
  nockPermission(login, level);
  const seen = nockReactions(COMMENT_ID);
  nockPullRequest();
  nockNoChecks();
  nockCreateCheck(7001, captured.checks);
  return seen;
}

function dispatch(captured: Captured, workflow = 'truss.yml', status = 204): void {
  nockDispatch(workflow, status, (body) => captured.dispatches.push({ workflow, body }));
}

describe('Truss App: /truss commands on pull requests (issue_comment.created)', () => {
  useNock();

  it('/truss run <contract> by a writer: a queued check with external_id, a workflow_dispatch with the inputs, 🚀', async () => {
    const probot = await makeProbot();
    const captured = capture();
    const seen = acceptedCommand(captured);
    nockNoWorkflowConfig();
    dispatch(captured);
    await receiveComment(probot, 'delivery-1', '/truss run greeting -- make it friendlier', {
      commentId: COMMENT_ID,
    });
    expect(seen).toEqual(['rocket']);
    expect(captured.checks).toEqual([
      expect.objectContaining({ name: 'truss / greeting', head_sha: HEAD, status: 'queued' }),
    ]);
    expect(decodeRunRequestId(captured.checks[0]?.external_id as string)).toEqual({
      v: 1,
      d: 'delivery-1',
      c: COMMENT_ID,
      p: PR,
      n: 'greeting',
      s: HEAD,
      m: 'run',
    });
    expect(captured.dispatches).toEqual([
      {
        workflow: 'truss.yml',
        body: {
          ref: 'master',
          inputs: {
            pr_number: String(PR),
            head_sha: HEAD,
            contract: 'greeting',
            requester: 'Codertocat',
            check_run_id: '7001',
            mode: 'run',
            intent: 'make it friendlier',
          },
        },
      },
    ]);
  });

  it('/truss verify dispatches every contract at the pull request base in mode verify, to the configured workflow', async () => {
    const probot = await makeProbot();
    const captured = capture();
    nockToken();
    nockPermission('Codertocat', 'admin');
    nockReactions(COMMENT_ID);
    nockPullRequest();
    nock(API)
      .get(`${R}/contents/.truss%2Fcontracts`)
      .query({ ref: BASE })
      .reply(200, [
        { name: 'a.toml', type: 'file', path: '.truss/contracts/a.toml' },
        { name: 'b.toml', type: 'file', path: '.truss/contracts/b.toml' },
        { name: 'notes.md', type: 'file', path: '.truss/contracts/notes.md' },
      ]);
    // The workflow is read once: the second contract's dispatch reuses it (same repository state).
    nock(API)
      .get(`${R}/contents/.github%2Ftruss.yml`)
      .query({ ref: 'master' })
      .reply(200, contents('.github/truss.yml', '# truss app\nworkflow: "verify-pr.yaml"  # ours\n'));
    for (const [id, name] of [
      [7001, 'a'],
      [7002, 'b'],
    ] as const) {
      nockNoChecks();
      // Every contract is read first: one whose [contract] paths the change misses is skipped (run-filters.test.ts).
      nock(API)
        .get(`${R}/contents/.truss%2Fcontracts%2F${name}.toml`)
        .query({ ref: BASE })
        .reply(200, contents(`.truss/contracts/${name}.toml`, `[contract]\nid = "${name}"\nintent = "x"\n`));
      nockCreateCheck(id, captured.checks);
      dispatch(captured, 'verify-pr.yaml');
    }
    await receiveComment(probot, 'delivery-2', '/truss verify', { commentId: COMMENT_ID });
    expect(captured.checks.map((c) => c.name)).toEqual(['truss / a', 'truss / b']);
    expect(captured.dispatches.map((d) => [d.workflow, d.body.inputs])).toEqual([
      ['verify-pr.yaml', expect.objectContaining({ contract: 'a', mode: 'verify', check_run_id: '7001' })],
      ['verify-pr.yaml', expect.objectContaining({ contract: 'b', mode: 'verify', check_run_id: '7002' })],
    ]);
  });

  it('[app] workflow in .truss/config.toml names the workflow when .github/truss.yml is absent', async () => {
    const probot = await makeProbot();
    const captured = capture();
    acceptedCommand(captured, 'maintain');
    nock(API)
      .get(`${R}/contents/.github%2Ftruss.yml`)
      .query({ ref: 'master' })
      .reply(404, { message: 'Not Found' });
    nock(API)
      .get(`${R}/contents/.truss%2Fconfig.toml`)
      .query({ ref: 'master' })
      .reply(
        200,
        contents('.truss/config.toml', 'reviewers = 3\n\n[app]\nworkflow = "truss-dispatch.yml"\n'),
      );
    dispatch(captured, 'truss-dispatch.yml');
    await receiveComment(probot, 'delivery-3', '/truss run greeting', { commentId: COMMENT_ID });
    expect(captured.dispatches).toHaveLength(1);
  });

  it('no workflow (404): the queued check fails (neutral would pass a required check) and the reply shows the workflow to add', async () => {
    const probot = await makeProbot();
    const captured = capture();
    const seen = acceptedCommand(captured);
    nockNoWorkflowConfig();
    dispatch(captured, 'truss.yml', 404);
    nockUpdateCheck(7001, captured.updates);
    nockReply(captured.replies);
    await receiveComment(probot, 'delivery-4', '/truss run greeting', { commentId: COMMENT_ID });
    expect(seen).toEqual(['confused']);
    expect(captured.updates).toEqual([
      expect.objectContaining({
        status: 'completed',
        conclusion: 'failure',
        output: expect.objectContaining({
          title: 'No Truss workflow to run this',
          summary: 'there is no workflow .github/workflows/truss.yml on master',
        }),
      }),
    ]);
    expect(captured.replies).toHaveLength(1);
    expect(captured.replies[0]).toContain('there is no workflow .github/workflows/truss.yml on master');
    expect(captured.replies[0]).toContain('Add `.github/workflows/truss.yml`');
    expect(captured.replies[0]).toContain('  workflow_dispatch:');
    expect(captured.replies[0]).toContain('uses: truss/action@v1');
  });

  it('a workflow that refuses the inputs (422) fails the check, naming the inputs it must declare', async () => {
    const probot = await makeProbot();
    const captured = capture();
    acceptedCommand(captured);
    nockNoWorkflowConfig();
    dispatch(captured, 'truss.yml', 422);
    nockUpdateCheck(7001, captured.updates);
    nockReply(captured.replies);
    await receiveComment(probot, 'delivery-5', '/truss run greeting', { commentId: COMMENT_ID });
    expect(captured.updates[0]).toMatchObject({ conclusion: 'failure' });
    expect(captured.replies[0]).toContain('pr_number, head_sha, contract, requester, check_run_id, mode');
  });

  it('a redelivered command (same delivery, same comment) finds its check and dispatches nothing', async () => {
    const probot = await makeProbot();
    const captured = capture();
    nockToken();
    nockPermission('Codertocat', 'write');
    nockReactions(COMMENT_ID);
    nockPullRequest();
    nock(API)
      .get(`${R}/commits/${HEAD}/check-runs`)
      .query(true)
      .reply(200, {
        total_count: 1,
        check_runs: [
          {
            id: 7001,
            name: 'truss / greeting-0001',
            head_sha: HEAD,
            status: 'in_progress',
            external_id: JSON.stringify({
              v: 1,
              d: 'delivery-6',
              c: COMMENT_ID,
              p: PR,
              n: 'greeting',
              s: HEAD,
              m: 'run',
            }),
            app: ownApp(),
          },
        ],
      });
    await receiveComment(probot, 'delivery-6', '/truss run greeting', { commentId: COMMENT_ID });
    expect(captured.checks).toEqual([]);
    expect(captured.dispatches).toEqual([]);
  });

  it("another app's check carrying this very request's external_id does not make the request a duplicate: it is queued and dispatched", async () => {
    // Anyone whose token can create check runs here (another installed App, a workflow with
    // `checks: write`) can copy a request's external_id onto a check of theirs before the App sees
    // the comment; taken for the App's own, the command would be dropped and no verdict would come.
    const probot = await makeProbot();
    const captured = capture();
    nockToken();
    nockPermission('Codertocat', 'write');
    const seen = nockReactions(COMMENT_ID);
    nockPullRequest();
    const queries: Record<string, string>[] = [];
    nock(API)
      .get(`${R}/commits/${HEAD}/check-runs`)
      .query((query) => {
        queries.push(query as Record<string, string>);
        return true;
      })
      // Answered whatever the filter asked: the App must not rely on GitHub's filtering alone.
      .reply(200, {
        total_count: 1,
        check_runs: [
          {
            id: 6660,
            name: 'truss / greeting',
            head_sha: HEAD,
            status: 'queued',
            external_id: JSON.stringify({
              v: 1,
              d: 'delivery-7',
              c: COMMENT_ID,
              p: PR,
              n: 'greeting',
              s: HEAD,
              m: 'run',
            }),
            app: otherApp('lookalike', 424242),
          },
        ],
      });
    nockCreateCheck(7001, captured.checks);
    nockNoWorkflowConfig();
    dispatch(captured);
    await receiveComment(probot, 'delivery-7', '/truss run greeting', { commentId: COMMENT_ID });
    expect(queries).toEqual([{ app_id: String(APP_ID), filter: 'all', per_page: '100' }]);
    expect(seen).toEqual(['rocket']);
    expect(captured.checks).toEqual([
      expect.objectContaining({ name: 'truss / greeting', head_sha: HEAD, status: 'queued' }),
    ]);
    expect(decodeRunRequestId(captured.checks[0]?.external_id as string)).toMatchObject({
      d: 'delivery-7',
      c: COMMENT_ID,
      n: 'greeting',
      m: 'run',
    });
    expect(captured.dispatches).toEqual([
      {
        workflow: 'truss.yml',
        body: {
          ref: 'master',
          inputs: {
            pr_number: String(PR),
            head_sha: HEAD,
            contract: 'greeting',
            requester: 'Codertocat',
            check_run_id: '7001',
            mode: 'run',
          },
        },
      },
    ]);
  });

  it.each([
    ['read', 'Codertocat has read access to Codertocat/Hello-World; write access is required'],
    ['triage', 'Codertocat has triage access to Codertocat/Hello-World; write access is required'],
    [404, 'Codertocat has no access to Codertocat/Hello-World; write access is required'],
  ] as const)('permission %s: polite denial, nothing queued or dispatched', async (level, reason) => {
    const probot = await makeProbot();
    const captured = capture();
    nockToken();
    nockPermission('Codertocat', level);
    nockNoEarlierRefusal();
    nockReply(captured.replies);
    await receiveComment(probot, 'delivery-7', '/truss run greeting', { commentId: COMMENT_ID });
    expect(captured.replies).toHaveLength(1);
    expect(captured.replies[0]).toContain(
      `Hi @Codertocat — thanks for trying \`/truss\`, but I can't act on this comment: ${reason}.`,
    );
  });

  it("/truss run on a fork's pull request pushed to after the comment: nothing queued or dispatched, the reply says to comment again", async () => {
    const probot = await makeProbot();
    nockToken();
    nockPermission('Codertocat', 'write');
    const seen = nockReactions(COMMENT_ID);
    const pr = webhookExample('pull_request', 'opened').pull_request as {
      head: { repo: Record<string, unknown> };
      base: Record<string, unknown>;
    };
    nock(API)
      .get(`${R}/pulls/${PR}`)
      .reply(200, {
        ...pr,
        number: PR,
        // The examples' comment was written at 2019-05-15T15:20:21Z.
        head: {
          ...pr.head,
          sha: HEAD,
          repo: { ...pr.head.repo, full_name: 'mallory/Hello-World', pushed_at: '2019-05-15T15:20:32Z' },
        },
        base: { ...pr.base, sha: BASE },
      });
    const replies = nockReply();
    await expect(
      receiveComment(probot, 'delivery-race', '/truss run greeting', { commentId: COMMENT_ID }),
    ).rejects.toThrow(/pushed to at/);
    expect(seen).toEqual(['confused']);
    expect(replies.join('\n')).toContain('after your comment (2019-05-15T15:20:21.000Z)');
    expect(replies.join('\n')).toContain('comment again');
  });

  it('an allow-listed user without write access may run', async () => {
    const probot = await makeProbot(appConfig(allowLists('codertocat')));
    const captured = capture();
    acceptedCommand(captured, 'read');
    nockNoWorkflowConfig();
    dispatch(captured);
    await receiveComment(probot, 'delivery-8', '/truss run greeting', { commentId: COMMENT_ID });
    expect(captured.dispatches).toHaveLength(1);
  });

  // The issue_comment example's commenter is Codertocat, account id 21031067.
  it('an allowed-users entry pinned to the account id still allows the account after it is renamed', async () => {
    const probot = await makeProbot(appConfig(allowLists('codertocat:21031067')));
    const captured = capture();
    const renamed = { login: 'codertocat-renamed', type: 'User' as const, id: 21031067 };
    acceptedCommand(captured, 'read', renamed.login);
    nockNoWorkflowConfig();
    dispatch(captured);
    await receiveComment(probot, 'delivery-8r', '/truss run greeting', {
      commentId: COMMENT_ID,
      user: renamed,
    });
    expect(captured.dispatches).toHaveLength(1);
    expect(captured.dispatches[0]?.body.inputs).toMatchObject({ requester: 'codertocat-renamed' });
    expectNoPendingMocks();
  });

  it('another account that registered a pinned login is refused politely and nothing is queued or dispatched', async () => {
    const probot = await makeProbot(appConfig(allowLists('codertocat:21031067')));
    const captured = capture();
    nockToken();
    nockPermission('Codertocat', 'read');
    nockNoEarlierRefusal();
    nockReply(captured.replies);
    // No check, dispatch or reaction interceptor: queuing anything would fail the delivery.
    await receiveComment(probot, 'delivery-8i', '/truss run greeting', {
      commentId: COMMENT_ID,
      user: { login: 'Codertocat', type: 'User', id: 99_000_001 },
    });
    expect(captured.replies).toEqual([
      expect.stringContaining(
        "Hi @Codertocat — thanks for trying `/truss`, but I can't act on this comment: Codertocat has read access to Codertocat/Hello-World; write access is required.",
      ),
    ]);
    expect(captured.dispatches).toEqual([]);
    expect(captured.checks).toEqual([]);
    expectNoPendingMocks();
  });

  it('bots are denied even with write access unless allow-listed', async () => {
    const bot = { login: 'renovate[bot]', type: 'Bot' as const };
    const denied = await makeProbot();
    const captured = capture();
    nockToken();
    nockPermission('renovate[bot]', 'write');
    nockNoEarlierRefusal();
    nockReply(captured.replies);
    await receiveComment(denied, 'delivery-9', '/truss run greeting', { commentId: COMMENT_ID, user: bot });
    expect(captured.replies[0]).toContain(
      'renovate[bot] is a bot; bots may trigger Truss only when listed in allowed-bots',
    );
    expectNoPendingMocks();

    const allowed = await makeProbot(appConfig(allowLists('', 'renovate')));
    acceptedCommand(captured, 'write', 'renovate[bot]');
    nockNoWorkflowConfig();
    dispatch(captured);
    await receiveComment(allowed, 'delivery-10', '/truss run greeting', { commentId: COMMENT_ID, user: bot });
    expect(captured.dispatches).toHaveLength(1);
    expect(captured.dispatches[0]?.body.inputs).toMatchObject({ requester: 'renovate[bot]' });
  });

  it('an unknown command gets the help reply and 😕, and nothing is queued', async () => {
    const probot = await makeProbot();
    const captured = capture();
    nockToken();
    nockPermission('Codertocat', 'write');
    const seen = nockReactions(COMMENT_ID);
    nockReply(captured.replies);
    await receiveComment(probot, 'delivery-11', '/truss deploy prod', { commentId: COMMENT_ID });
    expect(seen).toEqual(['confused']);
    expect(captured.replies[0]).toContain('"deploy" is not a truss command');
    expect(captured.replies[0]).toContain('**Truss commands**');
  });

  it('a permission lookup GitHub does not answer (502 after retries, a rate-limit 403) runs nothing and says so on the pull request', async () => {
    const probot = await makeProbot();
    nockToken();
    const permission = `${R}/collaborators/Codertocat/permission`;
    // A server error: retried (three times), then answered 😕 and a reply; nothing is dispatched.
    nock(API).get(permission).times(4).reply(502, { message: 'Server Error' });
    const seen = nockReactions(COMMENT_ID);
    const replies = nockReply();
    await expect(
      receiveComment(probot, 'perm-502', '/truss run', { commentId: COMMENT_ID }),
    ).rejects.toThrow();
    expect(seen).toEqual(['confused']);
    expect(replies).toHaveLength(1);
    expect(replies[0]).toContain('Truss could not check whether @Codertocat may run `/truss` commands');
    expect(replies[0]).toContain('HTTP 502, after retries');
    expect(replies[0]).toContain('so nothing ran. Comment the command again');
    expectNoPendingMocks();

    // The primary rate limit, its reset an hour away: not waited for, named as such.
    const reset = String(Math.floor(Date.now() / 1000) + 3600);
    nock(API)
      .get(permission)
      .reply(
        403,
        { message: 'API rate limit exceeded' },
        { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset },
      );
    const seenLimited = nockReactions(COMMENT_ID);
    const limited = nockReply();
    await expect(
      receiveComment(probot, 'perm-403', '/truss approve', { commentId: COMMENT_ID }),
    ).rejects.toThrow();
    expect(seenLimited).toEqual(['confused']);
    expect(limited[0]).toContain("GitHub's rate limit stopped the lookup (HTTP 403)");
  });

  it('a command on an issue (not a pull request) gets a polite reply and no permission lookup', async () => {
    const probot = await makeProbot();
    const captured = capture();
    nockToken();
    nock(API).get('/app').reply(200, { id: APP_ID, slug: 'truss-app' });
    nock(API).get(`${R}/issues/1/comments`).query(true).reply(200, []);
    nock(API)
      .post(`${R}/issues/1/comments`, (body) => {
        captured.replies.push(body.body);
        return true;
      })
      .reply(201, { id: 9 });
    await receiveComment(probot, 'delivery-12', '/truss run', { onPullRequest: false });
    expect(captured.replies[0]).toContain('Truss commands work on pull requests');
    expect(captured.replies[0]?.startsWith('<!-- truss:not-a-pull-request login=codertocat -->')).toBe(true);
  });

  it('commands on an issue are answered once per account: later ones only get 😕, a lookalike note by someone else silences nobody', async () => {
    // Nothing is authorized on an issue, so anyone able to comment could have the App post its
    // note (the whole command list) once per comment, without end.
    const probot = await makeProbot();
    const note = (login: string, poster: Record<string, unknown>) => ({
      id: 31,
      body: `<!-- truss:not-a-pull-request login=${login} -->\nTruss commands work on pull requests`,
      ...poster,
    });
    nockToken();
    nock(API).get('/app').reply(200, { id: APP_ID, slug: 'truss-app' });
    nock(API)
      .get(`${R}/issues/1/comments`)
      .query(true)
      .reply(200, [
        note('codertocat', {
          user: { login: 'truss-app[bot]', id: 5, type: 'Bot' },
          performed_via_github_app: ownApp(),
        }),
      ]);
    const seen = nockReactions(COMMENT_ID);
    await receiveComment(probot, 'delivery-14', '/truss help', {
      onPullRequest: false,
      commentId: COMMENT_ID,
    });
    expect(seen).toEqual(['confused']);
    expectNoPendingMocks();

    // Another account whose note a user comment imitates (and another app's bot) is still told.
    const replies: string[] = [];
    nock(API)
      .get(`${R}/issues/1/comments`)
      .query(true)
      .reply(200, [
        note('mallory', { user: { login: 'mallory', id: 77, type: 'User' }, performed_via_github_app: null }),
        note('mallory', {
          user: { login: 'other[bot]', id: 78, type: 'Bot' },
          performed_via_github_app: otherApp('other'),
        }),
      ]);
    nock(API)
      .post(`${R}/issues/1/comments`, (body) => {
        replies.push(body.body);
        return true;
      })
      .reply(201, { id: 32 });
    await receiveComment(probot, 'delivery-15', '/truss run', {
      onPullRequest: false,
      commentId: COMMENT_ID + 1,
      user: { login: 'mallory', type: 'User', id: 77 },
    });
    expect(replies).toHaveLength(1);
    expect(replies[0]).toContain('<!-- truss:not-a-pull-request login=mallory -->');
  });

  it('a comment without a command costs no request at all (not even a token)', async () => {
    const probot = await makeProbot();
    await receiveComment(
      probot,
      'delivery-13',
      'LGTM, but see `/truss run` in the docs\n> /truss run quoted',
    );
  });
});

describe('Truss App: the workflow to dispatch is read once per repository state', () => {
  useNock();

  /** One accepted `/truss run greeting` delivery on a repository last pushed at `pushedAt`. */
  async function deliver(
    probot: Awaited<ReturnType<typeof makeProbot>>,
    commentId: number,
    pushedAt: string,
  ): Promise<void> {
    const payload = commentPayload('/truss run greeting', { commentId });
    (payload.repository as { pushed_at: string }).pushed_at = pushedAt;
    await probot.receive({ id: `delivery-${commentId}`, name: 'issue_comment', payload } as never);
  }

  function accepted(commentId: number, checkId: number, captured: Captured): void {
    nockPermission('Codertocat', 'write');
    nockReactions(commentId);
    nockPullRequest();
    nockNoChecks();
    nockCreateCheck(checkId, captured.checks);
  }

  it('reuses it until a push; a remembered name the repository no longer dispatches is read again', async () => {
    const probot = await makeProbot();
    const captured = capture();
    nockToken();
    // First delivery: both configuration files are read (none exists: truss.yml).
    accepted(1, 7001, captured);
    nockNoWorkflowConfig();
    dispatch(captured, 'truss.yml');
    await deliver(probot, 1, '2026-12-01T10:00:00Z');
    expectNoPendingMocks();
    // Same repository state: nothing is read.
    accepted(2, 7002, captured);
    dispatch(captured, 'truss.yml');
    await deliver(probot, 2, '2026-12-01T10:00:00Z');
    expectNoPendingMocks();
    // A push since: read again; the default branch now names another workflow.
    accepted(3, 7003, captured);
    nock(API)
      .get(`${R}/contents/.github%2Ftruss.yml`)
      .query({ ref: 'master' })
      .reply(200, contents('.github/truss.yml', 'workflow: pr-checks.yml\n'));
    dispatch(captured, 'pr-checks.yml');
    await deliver(probot, 3, '2026-12-01T11:00:00Z');
    expectNoPendingMocks();
    // The remembered pr-checks.yml is refused (404): the files are read again and the new name is used.
    accepted(4, 7004, captured);
    dispatch(captured, 'pr-checks.yml', 404);
    nock(API)
      .get(`${R}/contents/.github%2Ftruss.yml`)
      .query({ ref: 'master' })
      .reply(200, contents('.github/truss.yml', 'workflow: truss-v2.yml\n'));
    dispatch(captured, 'truss-v2.yml');
    await deliver(probot, 4, '2026-12-01T11:00:00Z');
    expect(captured.dispatches.map((d) => [d.workflow, d.body.inputs])).toEqual([
      ['truss.yml', expect.objectContaining({ check_run_id: '7001' })],
      ['truss.yml', expect.objectContaining({ check_run_id: '7002' })],
      ['pr-checks.yml', expect.objectContaining({ check_run_id: '7003' })],
      ['pr-checks.yml', expect.objectContaining({ check_run_id: '7004' })],
      ['truss-v2.yml', expect.objectContaining({ check_run_id: '7004' })],
    ]);
  });
});
