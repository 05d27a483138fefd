/**
 * Findings on GitHub: anchored citations become check-run annotations (batched 50 per request) and,
 * with `review-comments`, inline review comments that the next run updates in place (never a second
 * comment for the same lines), resolves when no longer cited (body edited over REST, thread resolved
 * over GraphQL — REST cannot resolve a conversation) and reopens when cited again. Unanchored
 * citations stay prose. GitHub is nock with the documented response shapes; every write's body is
 * asserted.
 */
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import type { ReportClause, ReportVote, RunReport } from '../../src/core/run/index.js';
import type { Citation } from '../../src/core/verify/citations.js';
import { completeCheckRun } from '../../src/github/check-runs.js';
import { placedFindings, renderCheckOutput, renderStickyComment } from '../../src/github/render/index.js';
import { findingCommentBody, findingMarker } from '../../src/github/render/review-comment.js';
import { syncReviewComments } from '../../src/github/review-comments.js';
import { useNock } from '../helpers/nock-guard.js';
import {
  API,
  captureLog,
  nockPullHead,
  OWNER,
  pullRequestFile,
  REPO,
  recordingOctokit,
  testOctokit,
} from './helpers.js';

useNock();

const R = `/repos/${OWNER}/${REPO}`;
const PR = 7;
const HEAD = 'ec26c3e57ca3a959ca5aad62de7213c562f8c821';
const CHECK_URL = `https://github.com/${OWNER}/${REPO}/runs/78`;
const BOT = { login: 'github-actions[bot]', id: 41898282, type: 'Bot' };
const LINKS = { bundleFileName: 'b.json', publicKey: 'ab'.repeat(32), keyId: 'SHA256:x' };

function cite(path: string, start: number, end = start, problem = `problem at ${path}:${start}`): Citation {
  return {
    location: `${path}:${start}${end === start ? '' : `-${end}`}`,
    problem,
    path,
    start_line: start,
    end_line: end,
    anchored: true,
    unanchored: null,
    hunk: { header: '@@ -1,3 +1,4 @@', lines: [{ n: start, text: '+x' }] },
  };
}

function prose(location: string, reason: string): Citation {
  return {
    location,
    problem: 'see @octocat in #12',
    path: null,
    start_line: null,
    end_line: null,
    anchored: false,
    unanchored: reason,
    hunk: null,
  };
}

function vote(seat: number, v: ReportVote['vote'], citations: Citation[]): ReportVote {
  const lens = ['intent', 'completeness', 'correctness', 'shortcuts'][seat % 4] as string;
  return { seat, lens, provider: 'anthropic', model: 'claude-x', vote: v, reasoning: 'r', citations };
}

function report(votes: ReportVote[]): RunReport {
  const clause: ReportClause = {
    index: 0,
    kind: 'review',
    desc: 'The login fix handles SSO',
    status: 'not_met',
    reason: '0 of 2 seats voted met',
    check: null,
    votes,
    evidenceNotes: [],
    selfValidation: [],
  };
  return {
    sessionId: 's1',
    contractId: 'fix-login',
    title: null,
    intent: 'Fix SSO login',
    overall: 'fail',
    clauses: [clause],
    forced: [],
    isolation: null,
    context: null,
    runError: null,
    costUsd: 0,
    totalTokens: 0,
    // The panel reviewed HEAD's own checkout, with no executor: its lines are the head's.
    git: { repo: null, base_sha: null, head_sha: HEAD },
    executorRan: false,
    headHash: 'f'.repeat(64),
    suspension: null,
    changes: null,
    contractHash: null,
    scripted: false,
    checkout: null,
  };
}

/** GET /pulls/7 (real payload shape) after the listings: the pull request with its head at `sha`. */
function nockPull(sha = HEAD): void {
  nockPullHead(PR, sha);
}

/**
 * GET /pulls/7/files: src/login.ts changed in lines 8-14 and 40-42 (GitHub's own patch), listed at
 * `at`; then GET /pulls/7 with the head at HEAD.
 */
function nockFiles(at = HEAD, head = HEAD): void {
  nock(API)
    .get(`${R}/pulls/${PR}/files`)
    .query({ per_page: 100 })
    .reply(200, [
      pullRequestFile('src/login.ts', at, {
        additions: 2,
        deletions: 1,
        changes: 3,
        patch:
          '@@ -8,6 +8,7 @@ export function login() {\n a\n b\n-c\n+C\n+D\n d\n e\n f\n@@ -39,2 +40,3 @@\n x\n+y\n z',
      }),
    ]);
  nockPull(head);
}

/** A review comment as GET /pulls/{n}/comments lists it. */
function listed(
  id: number,
  body: string,
  at: { path: string; line: number | null; start_line?: number | null },
  user = BOT,
) {
  return {
    id,
    node_id: `PRRC_${id}`,
    pull_request_review_id: 900 + id,
    diff_hunk: '@@ -8,6 +8,7 @@',
    path: at.path,
    commit_id: HEAD,
    original_commit_id: HEAD,
    user,
    body,
    line: at.line,
    original_line: at.line ?? 9,
    start_line: at.start_line ?? null,
    side: 'RIGHT',
    html_url: `https://github.com/${OWNER}/${REPO}/pull/${PR}#discussion_r${id}`,
  };
}

function nockListComments(comments: unknown[]): void {
  nock(API).get(`${R}/pulls/${PR}/comments`).query({ per_page: 100 }).reply(200, comments);
}

type Body = Record<string, unknown>;

function recordWrites() {
  const writes = {
    reviews: [] as Body[],
    patches: [] as Array<{ id: number; body: string }>,
    graphql: [] as Body[],
  };
  nock(API)
    .post(`${R}/pulls/${PR}/reviews`)
    .optionally()
    .reply(200, (_uri, body) => {
      writes.reviews.push(body as Body);
      return { id: 4242, state: 'COMMENTED', commit_id: HEAD };
    })
    .patch(/\/pulls\/comments\/\d+$/)
    .times(20)
    .optionally()
    .reply(200, (uri, body) => {
      const id = Number(uri.split('/').pop());
      writes.patches.push({ id, body: (body as { body: string }).body });
      return { id, body: (body as { body: string }).body };
    });
  return writes;
}

type GraphqlRequest = { query: string; variables: Body };

/** A resolveReviewThread mutation's answer: the thread it names is resolved. */
function resolveThread(b: GraphqlRequest) {
  return { data: { resolveReviewThread: { thread: { id: b.variables.thread, isResolved: true } } } };
}

/**
 * POST /graphql, `requests` times, each request recorded in order: the review threads (first comment
 * id -> resolved?) are answered with `threads`, every other request (a mutation) by `mutation`.
 */
function nockGraphql(
  threads: Record<number, boolean>,
  mutation: (b: GraphqlRequest) => unknown = resolveThread,
  requests = 2,
): GraphqlRequest[] {
  const calls: GraphqlRequest[] = [];
  nock(API)
    .post('/graphql')
    .times(requests)
    .reply(200, (_uri, body) => {
      const b = body as GraphqlRequest;
      calls.push(b);
      if (!b.query.includes('reviewThreads')) return mutation(b);
      return {
        data: {
          repository: {
            pullRequest: {
              reviewThreads: {
                pageInfo: { hasNextPage: false, endCursor: null },
                nodes: Object.entries(threads).map(([id, isResolved]) => ({
                  id: `PRRT_${id}`,
                  isResolved,
                  comments: { nodes: [{ databaseId: Number(id) }] },
                })),
              },
            },
          },
        },
      };
    });
  return calls;
}

function sync(r: RunReport, octokit = testOctokit(), log = captureLog(), dryRun = false) {
  return syncReviewComments({
    octokit,
    repo: { owner: OWNER, repo: REPO },
    prNumber: PR,
    headSha: HEAD,
    contractId: 'fix-login',
    report: r,
    checkRunUrl: CHECK_URL,
    authors: ['github-actions[bot]'],
    dryRun,
    log,
  });
}

describe('annotations on the check run', () => {
  it('anchored citations are annotations with seat, lens and clause; prose ones are not', () => {
    const r = report([
      vote(0, 'not_met', [
        cite('src/login.ts', 10, 11, 'token is never checked @admin'),
        prose('../etc/passwd:1', 'a path with ".." is never anchored'),
      ]),
      vote(1, 'unverifiable', [cite('src/login.ts', 41)]),
    ]);
    const output = renderCheckOutput(r, LINKS, { headSha: HEAD });
    const cited = output.annotations.filter((a) => a.path === 'src/login.ts');
    expect(cited).toEqual([
      {
        path: 'src/login.ts',
        start_line: 10,
        end_line: 11,
        annotation_level: 'failure',
        title: 'Seat 1 · intent lens · not met · clause 1',
        message: expect.stringContaining('token is never checked @\u200Dadmin'),
      },
      expect.objectContaining({
        start_line: 41,
        annotation_level: 'warning',
        title: 'Seat 2 · completeness lens · unverifiable · clause 1',
      }),
    ]);
    expect(cited[0]?.message).toContain('on clause 1: The login fix handles SSO');
    expect(output.annotations.some((a) => a.path.includes('passwd'))).toBe(false);
    // The prose: every finding under the votes, the unplaced one saying why; mentions defused.
    expect(output.summary).toContain('`src/login.ts:10-11`');
    expect(output.summary).toContain(
      '`../etc/passwd:1` _(not on a changed line: a path with &quot;..&quot; is never anchored)_',
    );
    expect(output.summary).not.toMatch(/@octocat|#12/);
    expect(renderStickyComment(r, LINKS, '<!-- m -->', {})).toContain('`src/login.ts:41`');
  });

  it('more than 50 go in batches of 50 (the Checks API limit), the conclusion with the first', async () => {
    const many = Array.from({ length: 60 }, (_, i) => cite('src/login.ts', i + 1));
    const output = renderCheckOutput(report([vote(0, 'not_met', many)]), LINKS, { headSha: HEAD });
    const batches: Body[] = [];
    nock(API)
      .patch(`${R}/check-runs/78`)
      .times(2)
      .reply(200, (_uri, body) => {
        batches.push(body as Body);
        return { id: 78 };
      });
    await completeCheckRun({
      octokit: testOctokit(),
      owner: OWNER,
      repo: REPO,
      checkRunId: 78,
      conclusion: 'failure',
      output,
      dryRun: false,
    });
    const sizes = batches.map((b) => (b.output as { annotations: unknown[] }).annotations.length);
    expect(sizes).toEqual([50, 10]);
    expect(batches[0]).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(batches[1]).not.toHaveProperty('conclusion');
  });
});

describe('inline review comments', () => {
  it('first run: one review with one comment per cited range on GitHub diff; off-diff ranges stay annotations', async () => {
    nockFiles();
    nockListComments([]);
    const writes = recordWrites();
    const result = await sync(
      report([
        vote(0, 'not_met', [cite('src/login.ts', 10, 11, 'token unchecked'), cite('src/login.ts', 25)]),
        vote(1, 'not_met', [cite('src/login.ts', 10, 11, 'same lines, second seat')]),
        vote(2, 'met', [cite('src/login.ts', 41, 41, 'fine but odd')]),
      ]),
    );
    expect(result).toMatchObject({ created: 2, updated: 0, resolved: 0, offDiff: 1, reviewId: 4242 });
    expect(writes.reviews).toHaveLength(1);
    const review = writes.reviews[0] as { commit_id: string; event: string; body: string; comments: Body[] };
    expect(review.commit_id).toBe(HEAD);
    expect(review.event).toBe('COMMENT');
    expect(review.body).toContain('<!-- truss:review contract=fix-login -->');
    expect(review.comments.map(({ body: _b, ...where }) => where)).toEqual([
      { path: 'src/login.ts', line: 11, side: 'RIGHT', start_line: 10, start_side: 'RIGHT' },
      { path: 'src/login.ts', line: 41, side: 'RIGHT' },
    ]);
    const first = String(review.comments[0]?.body);
    expect(first.startsWith(findingMarker('fix-login', 'open'))).toBe(true);
    expect(first).toContain('Seat 1 · intent lens · not met');
    expect(first).toContain('token unchecked');
    expect(first).toContain('Seat 2 · completeness lens · not met');
    expect(writes.patches).toEqual([]);
  });

  it('next run: unchanged lines untouched, changed text edited, gone ones resolved, new ones in one new review', async () => {
    const open = (problem: string, line: number) =>
      `${findingMarker('fix-login', 'open')}\n**Truss** · clause 1\n\n- **Seat 1** · ${problem} ${line}`;
    // What the first run left: its exact body for 10-11 is produced again below, so it is not edited.
    const sameBody = await firstRunBody([cite('src/login.ts', 10, 11, 'token unchecked')]);
    nockFiles();
    nockListComments([
      listed(1, sameBody, { path: 'src/login.ts', line: 11, start_line: 10 }),
      listed(2, open('old text', 41), { path: 'src/login.ts', line: 41 }),
      listed(3, open('no longer true', 9), { path: 'src/login.ts', line: 9 }),
      // Outdated by a push (GitHub clears `line`): resolved like a finding no longer cited.
      listed(4, open('was here', 12), { path: 'src/login.ts', line: null }),
      // Never touched: a person quoting the marker, another contract's comment, one already resolved.
      listed(
        5,
        open('human', 12),
        { path: 'src/login.ts', line: 12 },
        { login: 'octocat', id: 1, type: 'User' },
      ),
      listed(6, `${findingMarker('other', 'open')}\nx`, { path: 'src/login.ts', line: 13 }),
      // Another bot quoting a line the pull request planted (its code holds the marker): not ours,
      // the marker does not start the body. Neither edited nor resolved.
      listed(
        8,
        `Consider removing this comment:\n\`\`\`suggestion\n${findingMarker('fix-login', 'open')}\n\`\`\`\nCSRF is skipped here.`,
        { path: 'src/login.ts', line: 9 },
        { login: 'copilot-pull-request-reviewer[bot]', id: 175728472, type: 'Bot' },
      ),
      listed(7, `${findingMarker('fix-login', 'resolved')}\n✅ **No longer cited** earlier`, {
        path: 'src/login.ts',
        line: 14,
      }),
    ]);
    const writes = recordWrites();
    const threads = nockGraphql(
      { 1: false, 2: false, 3: false, 4: false, 7: true, 8: false },
      resolveThread,
      3,
    );
    const result = await sync(
      report([
        vote(0, 'not_met', [
          cite('src/login.ts', 10, 11, 'token unchecked'),
          cite('src/login.ts', 41, 41, 'new text'),
          cite('src/login.ts', 42, 42, 'brand new'),
        ]),
      ]),
    );
    expect(result).toMatchObject({ created: 1, updated: 1, resolved: 2 });
    // 41 edited in place; 9 (no longer cited) and 4 (outdated) marked resolved; nothing else written.
    expect(writes.patches.map((p) => p.id)).toEqual([2, 3, 4]);
    expect(writes.patches[0]?.body).toContain('new text');
    expect(writes.patches[0]?.body.startsWith(findingMarker('fix-login', 'open'))).toBe(true);
    for (const resolved of writes.patches.slice(1)) {
      expect(resolved.body.startsWith(findingMarker('fix-login', 'resolved'))).toBe(true);
      expect(resolved.body).toContain(`✅ **No longer cited** by the Truss run at ${HEAD.slice(0, 7)}`);
    }
    expect(writes.patches[1]?.body).toContain('no longer true 9');
    // Exactly one new comment, in one new review: the 42 range.
    expect(writes.reviews).toHaveLength(1);
    expect(((writes.reviews[0]?.comments ?? []) as Body[]).map((c) => c.line)).toEqual([42]);
    // GraphQL: the threads, then resolveReviewThread for the two comments marked resolved.
    expect(threads.map((t) => t.variables)).toEqual([
      { owner: OWNER, repo: REPO, number: PR, cursor: null },
      { thread: 'PRRT_3' },
      { thread: 'PRRT_4' },
    ]);
    expect(threads[1]?.query).toContain('resolveReviewThread(input: { threadId: $thread })');
  });

  it('a resolved finding cited again is edited back and its thread reopened', async () => {
    nockFiles();
    nockListComments([
      listed(7, `${findingMarker('fix-login', 'resolved')}\n✅ **No longer cited**`, {
        path: 'src/login.ts',
        line: 41,
      }),
    ]);
    const writes = recordWrites();
    const graphql = nockGraphql({ 7: true }, () => ({
      data: { unresolveReviewThread: { thread: { id: 'PRRT_7', isResolved: false } } },
    }));
    const result = await sync(report([vote(0, 'not_met', [cite('src/login.ts', 41, 41, 'back again')])]));
    expect(result).toMatchObject({ created: 0, updated: 1, reopened: 1 });
    expect(writes.reviews).toEqual([]);
    expect(writes.patches[0]?.body).toContain('back again');
    expect(graphql[1]?.query).toContain('unresolveReviewThread');
  });

  it("another bot's comment is not ours even when it starts with the marker", async () => {
    // An AI reviewer talked by the pull request into opening its comment with Truss's marker.
    const planted = `${findingMarker('fix-login', 'open')}\nLooks fine to me.`;
    nockListComments([
      listed(
        9,
        planted,
        { path: 'src/login.ts', line: 9 },
        { login: 'ai-reviewer[bot]', id: 9, type: 'Bot' },
      ),
    ]);
    const writes = recordWrites();
    const result = await syncReviewComments({
      octokit: testOctokit(),
      repo: { owner: OWNER, repo: REPO },
      prNumber: PR,
      headSha: HEAD,
      contractId: 'fix-login',
      report: report([vote(0, 'met', [])]),
      checkRunUrl: CHECK_URL,
      authors: ['github-actions[bot]'],
      dryRun: false,
      log: captureLog(),
    });
    expect(result).toMatchObject({ created: 0, updated: 0, resolved: 0 });
    expect(writes.patches).toEqual([]);
  });

  it('a token without GraphQL access: the body still says resolved, the run warns', async () => {
    nockListComments([
      listed(3, `${findingMarker('fix-login', 'open')}\nx`, { path: 'src/login.ts', line: 9 }),
    ]);
    nockPull();
    const writes = recordWrites();
    nock(API).post('/graphql').reply(403, { message: 'Resource not accessible by integration' });
    const log = captureLog();
    const result = await sync(report([vote(0, 'met', [])]), testOctokit(log), log);
    expect(result.resolved).toBe(1);
    expect(writes.patches[0]?.body).toContain('No longer cited');
    expect(log.text()).toContain('could not resolve or reopen review threads on #7 (GraphQL)');
  });

  it('a run without a verdict (it stopped, or waits on a gate) leaves the earlier findings open', async () => {
    // Listing the comments would find the open one and resolve it as "no longer cited".
    for (const overall of ['failed_run', 'suspended'] as const) {
      const { octokit, calls } = recordingOctokit();
      const log = captureLog();
      const result = await sync({ ...report([]), overall }, octokit, log);
      expect(calls).toEqual([]);
      expect(result).toMatchObject({ created: 0, updated: 0, resolved: 0 });
      expect(log.text()).toContain('fix-login: inline review comments not updated: the run has no verdict');
    }
  });

  it('a dry run makes no request at all', async () => {
    const { octokit, calls } = recordingOctokit();
    await sync(report([vote(0, 'not_met', [cite('src/login.ts', 10)])]), octokit, captureLog(), true);
    expect(calls).toEqual([]);
  });
});

describe('inline review comments: a run that stops, a head that moves, a body that did not change', () => {
  const NEW_HEAD = '9d3c1f0b2a4e5d6c7b8a9f0e1d2c3b4a5f6e7d8c';
  const stale = () =>
    listed(3, `${findingMarker('fix-login', 'open')}\n**Truss** · clause 1\n\n- no longer true`, {
      path: 'src/login.ts',
      line: 9,
    });

  it('the new review is refused (422): no comment was marked resolved, so nothing is lost', async () => {
    nockFiles();
    nockListComments([stale()]);
    const patches: number[] = [];
    nock(API)
      .post(`${R}/pulls/${PR}/reviews`)
      .reply(422, {
        message: 'Unprocessable Entity',
        errors: ['Line could not be resolved'],
        documentation_url: 'https://docs.github.com/rest/pulls/reviews#create-a-review-for-a-pull-request',
        status: '422',
      })
      .patch(/\/pulls\/comments\/\d+$/)
      .optionally()
      .reply(200, (uri) => {
        patches.push(Number(uri.split('/').pop()));
        return {};
      });
    await expect(sync(report([vote(0, 'not_met', [cite('src/login.ts', 41)])]))).rejects.toThrow();
    expect(patches).toEqual([]);
  });

  it('a thread is resolved before its body says so', async () => {
    nockListComments([stale()]);
    nockPull();
    const order: string[] = [];
    nock(API)
      .post('/graphql')
      .times(2)
      .reply(200, (_uri, body) => {
        const b = body as { query: string; variables: Body };
        order.push(b.query.includes('reviewThreads') ? 'threads' : `graphql ${String(b.variables.thread)}`);
        return b.query.includes('reviewThreads')
          ? {
              data: {
                repository: {
                  pullRequest: {
                    reviewThreads: {
                      pageInfo: { hasNextPage: false, endCursor: null },
                      nodes: [{ id: 'PRRT_3', isResolved: false, comments: { nodes: [{ databaseId: 3 }] } }],
                    },
                  },
                },
              },
            }
          : { data: { resolveReviewThread: { thread: { id: 'PRRT_3', isResolved: true } } } };
      })
      .patch(`${R}/pulls/comments/3`)
      .reply(200, (_uri, body) => {
        order.push(`patch 3 ${(body as { body: string }).body.split('\n')[0]}`);
        return { id: 3 };
      });
    const result = await sync(report([vote(0, 'met', [])]));
    expect(result.resolved).toBe(1);
    expect(order).toEqual(['threads', 'graphql PRRT_3', `patch 3 ${findingMarker('fix-login', 'resolved')}`]);
  });

  it('a run that resolved the thread but stopped before the body: the next run edits the body only', async () => {
    nockListComments([stale()]);
    nockPull();
    const writes = recordWrites();
    const graphql = nockGraphql({ 3: true }, resolveThread, 1);
    const result = await sync(report([vote(0, 'met', [])]));
    expect(result.resolved).toBe(1);
    expect(graphql.map((g) => g.variables)).toEqual([{ owner: OWNER, repo: REPO, number: PR, cursor: null }]);
    expect(writes.patches.map((p) => p.id)).toEqual([3]);
    expect(writes.patches[0]?.body.startsWith(findingMarker('fix-login', 'resolved'))).toBe(true);
  });

  it('the head moved during the run: nothing is placed or edited, and the log says why', async () => {
    nockFiles(NEW_HEAD, NEW_HEAD);
    nockListComments([
      listed(1, `${findingMarker('fix-login', 'open')}\nold`, {
        path: 'src/login.ts',
        line: 11,
        start_line: 10,
      }),
      stale(),
    ]);
    const writes = recordWrites();
    const log = captureLog();
    const result = await sync(
      report([vote(0, 'not_met', [cite('src/login.ts', 10, 11), cite('src/login.ts', 41)])]),
      testOctokit(log),
      log,
    );
    expect(result).toMatchObject({ created: 0, updated: 0, resolved: 0, headMoved: NEW_HEAD });
    expect(writes).toEqual({ reviews: [], patches: [], graphql: [] });
    expect(log.lines.filter((l) => l.level === 'warning').map((l) => l.message)).toEqual([
      `fix-login: inline review comments not updated: the pull request's head moved from ${HEAD.slice(0, 7)} to ${NEW_HEAD.slice(0, 7)} during the run; the run on the new head updates them (the findings are in the check run)`,
    ]);
  });

  it("GitHub's listing is still another commit's (right after a push): the same", async () => {
    nockFiles(NEW_HEAD, HEAD);
    nockListComments([]);
    const writes = recordWrites();
    const log = captureLog();
    const result = await sync(
      report([vote(0, 'not_met', [cite('src/login.ts', 41)])]),
      testOctokit(log),
      log,
    );
    expect(result.headMoved).toBe('a newer commit');
    expect(writes.reviews).toEqual([]);
    expect(log.text()).toContain(`head moved from ${HEAD.slice(0, 7)} to a newer commit during the run`);
  });

  it('a later run at another head with the same findings edits nothing; changed findings are edited', async () => {
    const findings = [vote(0, 'not_met', [cite('src/login.ts', 10, 11, 'token unchecked')])];
    // Written by the run on an earlier head, linking that run's check run.
    const earlier = findingCommentBody('fix-login', placedFindings(report(findings)), {
      headSha: 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678',
      checkRunUrl: `https://github.com/${OWNER}/${REPO}/runs/11`,
    });
    nockFiles();
    nockListComments([listed(1, earlier, { path: 'src/login.ts', line: 11, start_line: 10 })]);
    const writes = recordWrites();
    const result = await sync(report(findings));
    expect(result).toMatchObject({ created: 0, updated: 0 });
    expect(writes.patches).toEqual([]);
    expect(nock.isDone()).toBe(true);
    nock.cleanAll();

    nockFiles();
    nockListComments([listed(1, earlier, { path: 'src/login.ts', line: 11, start_line: 10 })]);
    const again = recordWrites();
    const changed = await sync(
      report([vote(0, 'not_met', [cite('src/login.ts', 10, 11, 'token unchecked and logged')])]),
    );
    expect(changed.updated).toBe(1);
    expect(again.patches.map((p) => p.id)).toEqual([1]);
    expect(again.patches[0]?.body).toContain('token unchecked and logged');
    expect(again.patches[0]?.body).toContain(`at ${HEAD.slice(0, 7)}`);
  });
});

/** The body the first run posts for these citations (captured from its review request). */
async function firstRunBody(citations: Citation[]): Promise<string> {
  nockFiles();
  nockListComments([]);
  const writes = recordWrites();
  await sync(report([vote(0, 'not_met', citations)]));
  const body = String(((writes.reviews[0]?.comments ?? []) as Body[])[0]?.body);
  expect(nock.isDone()).toBe(true);
  nock.cleanAll();
  return body;
}

describe('inline review comments: a thread GitHub would not resolve or reopen', () => {
  const resolvedBody = `${findingMarker('fix-login', 'resolved')}\n✅ **No longer cited** by the Truss run at 1234567: resolved.`;
  const openBody = `${findingMarker('fix-login', 'open')}\n**Truss** · clause 1\n\n- no longer true`;
  /** GitHub's answer when a mutation fails on its side: HTTP 200 with `errors` and no data. */
  const failed = {
    data: null,
    errors: [
      {
        message:
          'Something went wrong while executing your query. Please include `D2C4:3A1F:6B2E1C:6F0A33:65F1D0A2` when reporting this issue.',
      },
    ],
  };

  it('a thread that could not be reopened keeps its body resolved, and the next run reopens it', async () => {
    const cited = report([vote(0, 'not_met', [cite('src/login.ts', 41, 41, 'back again')])]);
    nockFiles();
    nockListComments([listed(7, resolvedBody, { path: 'src/login.ts', line: 41 })]);
    const writes = recordWrites();
    const calls = nockGraphql({ 7: true }, () => failed);
    const log = captureLog();
    const first = await sync(cited, testOctokit(log), log);
    expect(calls.map((c) => c.variables)).toEqual([
      { owner: OWNER, repo: REPO, number: PR, cursor: null },
      { thread: 'PRRT_7' },
    ]);
    expect(calls[1]?.query).toContain('unresolveReviewThread(input: { threadId: $thread })');
    // Body and thread both still say resolved: a body reading "open" on a collapsed thread was never looked at again.
    expect(writes.patches).toEqual([]);
    expect(first).toMatchObject({ updated: 0, reopened: 0 });
    expect(log.text()).toContain('could not resolve or reopen review threads on #7 (GraphQL)');
    expect(log.text()).toContain('the next run tries again');
    expect(nock.isDone()).toBe(true);
    nock.cleanAll();

    // The next run finds the comment as the first left it, still resolved and cited: it reopens it.
    nockFiles();
    nockListComments([listed(7, resolvedBody, { path: 'src/login.ts', line: 41 })]);
    const again = recordWrites();
    const retried = nockGraphql({ 7: true }, (b) => ({
      data: { unresolveReviewThread: { thread: { id: b.variables.thread, isResolved: false } } },
    }));
    const second = await sync(cited);
    expect(retried.map((c) => c.variables)).toEqual([
      { owner: OWNER, repo: REPO, number: PR, cursor: null },
      { thread: 'PRRT_7' },
    ]);
    expect(second).toMatchObject({ updated: 1, reopened: 1 });
    expect(again.patches.map((p) => p.id)).toEqual([7]);
    expect(again.patches[0]?.body.startsWith(findingMarker('fix-login', 'open'))).toBe(true);
    expect(again.patches[0]?.body).toContain('back again');
  });

  it('a thread that could not be resolved keeps its body open, and the next run resolves it', async () => {
    const stale = () => listed(3, openBody, { path: 'src/login.ts', line: 9 });
    nockListComments([stale()]);
    nockPull();
    const writes = recordWrites();
    const calls = nockGraphql({ 3: false }, () => failed);
    const log = captureLog();
    const first = await sync(report([vote(0, 'met', [])]), testOctokit(log), log);
    expect(calls.map((c) => c.variables)).toEqual([
      { owner: OWNER, repo: REPO, number: PR, cursor: null },
      { thread: 'PRRT_3' },
    ]);
    expect(writes.patches).toEqual([]);
    expect(first.resolved).toBe(0);
    expect(log.text()).toContain('the next run tries again');
    expect(nock.isDone()).toBe(true);
    nock.cleanAll();

    nockListComments([stale()]);
    nockPull();
    const again = recordWrites();
    nockGraphql({ 3: false }, resolveThread);
    const second = await sync(report([vote(0, 'met', [])]));
    expect(second.resolved).toBe(1);
    expect(again.patches.map((p) => p.id)).toEqual([3]);
    expect(again.patches[0]?.body.startsWith(findingMarker('fix-login', 'resolved'))).toBe(true);
  });

  it('the threads could not be listed (not a refusal): no body changes state, the next run tries again', async () => {
    nockFiles();
    nockListComments([
      listed(7, resolvedBody, { path: 'src/login.ts', line: 41 }),
      listed(3, openBody, { path: 'src/login.ts', line: 9 }),
    ]);
    const writes = recordWrites();
    nock(API).post('/graphql').reply(200, failed);
    const log = captureLog();
    const result = await sync(
      report([vote(0, 'not_met', [cite('src/login.ts', 41, 41, 'back again')])]),
      testOctokit(log),
      log,
    );
    expect(writes.patches).toEqual([]);
    expect(result).toMatchObject({ updated: 0, resolved: 0, reopened: 0 });
    expect(log.text()).toContain('the next run tries again');
  });

  it('a token refused GraphQL (FORBIDDEN): the bodies say it, as the thread can never be changed', async () => {
    nockFiles();
    nockListComments([
      listed(7, resolvedBody, { path: 'src/login.ts', line: 41 }),
      listed(3, openBody, { path: 'src/login.ts', line: 9 }),
    ]);
    const writes = recordWrites();
    nock(API)
      .post('/graphql')
      .reply(200, {
        data: { repository: null },
        errors: [
          {
            type: 'FORBIDDEN',
            path: ['repository'],
            locations: [{ line: 2, column: 3 }],
            message: 'Resource not accessible by integration',
          },
        ],
      });
    const log = captureLog();
    const result = await sync(
      report([vote(0, 'not_met', [cite('src/login.ts', 41, 41, 'back again')])]),
      testOctokit(log),
      log,
    );
    expect(result).toMatchObject({ updated: 1, resolved: 1 });
    expect(writes.patches.map((p) => [p.id, p.body.split('\n')[0]])).toEqual([
      [7, findingMarker('fix-login', 'open')],
      [3, findingMarker('fix-login', 'resolved')],
    ]);
    expect(log.text()).toContain('could not resolve or reopen review threads on #7 (GraphQL)');
  });
});
