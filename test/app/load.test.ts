import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { decodeRunRequestId } from '../../src/github/external-id.js';
import { webhookExample } from '../helpers/fake-github.js';
import { useNock } from '../helpers/nock-guard.js';
import {
  API,
  asInstallation,
  BASE,
  commentPayload,
  HEAD,
  INSTALLATION,
  makeProbot,
  ownApp,
  PR,
  R,
  reviewPayloadFor,
  TOKEN,
} from './app-kit.js';

interface Delivery {
  id: string;
  name: string;
  payload: Record<string, unknown>;
}

/**
 * A stateful fake of the GitHub endpoints the App uses, at the HTTP layer (nock, persisted): check
 * runs created are listed back, so redeliveries see what the first delivery did.
 */
function fakeGitHub() {
  const checks: {
    id: number;
    head_sha: string;
    name: string;
    external_id: string;
    app: Record<string, unknown>;
  }[] = [];
  const dispatches: Record<string, string>[] = [];
  const replies: string[] = [];
  const counts = { token: 0, humanReview: 0 };
  nock(API)
    .persist()
    .post(`/app/installations/${INSTALLATION}/access_tokens`)
    .reply(() => {
      counts.token++;
      return [201, { token: TOKEN, expires_at: new Date(Date.now() + 3_600_000).toISOString() }];
    });
  nock(API)
    .persist()
    .get(/\/collaborators\/[^/]+\/permission$/)
    .reply((uri) => {
      const login = decodeURIComponent(uri.split('/').at(-2) ?? '');
      const level = login === 'alice' ? 'write' : 'read';
      return [200, { permission: level, role_name: level, user: { login } }];
    });
  const confused: string[] = [];
  nock(API)
    .persist()
    .post(/\/issues\/comments\/\d+\/reactions$/)
    .reply((uri, body) => {
      if ((body as { content: string }).content === 'confused') confused.push(uri);
      return [201, { id: 1 }];
    });
  // The App's own bot login (GET /app) and the conversation so far: the replies it posted, as its bot.
  nock(API).persist().get('/app').reply(200, { id: 123, slug: 'truss-app' });
  nock(API)
    .persist()
    .get(`${R}/issues/${PR}/comments`)
    .query(true)
    .reply(() => [
      200,
      replies.map((body, i) => ({
        id: 9000 + i,
        body,
        user: { login: 'truss-app[bot]', type: 'Bot' },
        performed_via_github_app: { slug: 'truss-app' },
      })),
    ]);
  nock(API)
    .persist()
    .get(`${R}/pulls/${PR}`)
    // A branch of the repository itself, as the example pull request's head is.
    .reply(200, {
      number: PR,
      head: { sha: HEAD, repo: { full_name: 'Codertocat/Hello-World' } },
      base: { sha: BASE, repo: { full_name: 'Codertocat/Hello-World' } },
    });
  nock(API)
    .persist()
    .get(/\/commits\/[0-9a-f]{40}\/check-runs$/)
    .query(true)
    .reply((uri) => {
      const sha = uri.split('/commits/')[1]?.split('/')[0];
      const url = new URL(`https://x${uri}`);
      const name = url.searchParams.get('check_name');
      const appId = url.searchParams.get('app_id');
      // Every head a synchronize moved from once had a human review.
      if (name === 'truss / human review')
        return [
          200,
          {
            total_count: 1,
            check_runs: [{ id: 1, status: 'completed', conclusion: 'success', app: ownApp() }],
          },
        ];
      // As GitHub does: `app_id` lists only the check runs that app created.
      const runs = checks.filter((c) => c.head_sha === sha && (appId === null || String(c.app.id) === appId));
      return [200, { total_count: runs.length, check_runs: runs }];
    });
  nock(API)
    .persist()
    .post(`${R}/check-runs`)
    .reply((_uri, body) => {
      const b = body as { name: string; head_sha: string; external_id?: string };
      if (b.name === 'truss / human review') {
        counts.humanReview++;
        return [201, { id: 1 }];
      }
      const check = {
        id: 50_000 + checks.length,
        head_sha: b.head_sha,
        name: b.name,
        external_id: b.external_id ?? '',
        app: ownApp(),
      };
      checks.push(check);
      return [201, check];
    });
  nock(API)
    .persist()
    .get(/\/contents\/\.github%2Ftruss\.yml$/)
    .query(true)
    .reply(404, { message: 'Not Found' });
  nock(API)
    .persist()
    .get(/\/contents\/\.truss%2Fconfig\.toml$/)
    .query(true)
    .reply(404, { message: 'Not Found' });
  nock(API)
    .persist()
    .post(`${R}/actions/workflows/truss.yml/dispatches`)
    .reply((_uri, body) => {
      dispatches.push((body as { inputs: Record<string, string> }).inputs);
      return [204];
    });
  nock(API)
    .persist()
    .post(`${R}/issues/${PR}/comments`)
    .reply((_uri, body) => {
      replies.push((body as { body: string }).body);
      return [201, { id: 1 }];
    });
  return { checks, dispatches, replies, confused, counts };
}

/** How many deliveries the installation receives: a tenth of each kind below. */
const TOTAL = 500;

/** TOTAL deliveries: runs, denied runs, chatter, help, pushes, comment reviews — and redeliveries. */
function deliveries(): { first: Delivery[]; redeliveries: Delivery[] } {
  const first: Delivery[] = [];
  const redeliveries: Delivery[] = [];
  const sync = asInstallation(webhookExample('pull_request', 'synchronize'));
  for (let i = 0; i < TOTAL; i++) {
    const id = `load-${i}`;
    /** Delivery `id`: comment 100000+i saying `body`, by `login` (the example's author when not given). */
    const comment = (body: string, login?: string): Delivery => ({
      id,
      name: 'issue_comment',
      payload: commentPayload(body, {
        commentId: 100_000 + i,
        ...(login ? { user: { login, type: 'User' as const } } : {}),
      }),
    });
    switch (i % 10) {
      case 0:
      case 1:
      case 2:
      case 3:
        first.push(comment(`/truss run c${i}`, 'alice'));
        break;
      case 4:
        first.push(comment(`/truss run c${i}`, 'bob'));
        break;
      case 5:
        first.push(comment('thanks! looks good'));
        break;
      case 6:
        first.push(comment('/truss help', 'alice'));
        break;
      case 7:
        first.push({ id, name: 'pull_request', payload: sync });
        break;
      case 8:
        first.push({
          id,
          name: 'pull_request_review',
          payload: reviewPayloadFor({ action: 'submitted', state: 'commented', commitId: HEAD }),
        });
        break;
      default: {
        // GitHub redelivers the run command of nine deliveries ago (same delivery id, same payload).
        const original = first.find((d) => d.id === `load-${i - 9}`) as Delivery;
        redeliveries.push(original);
      }
    }
  }
  return { first, redeliveries };
}

describe('Truss App under load', () => {
  // The fake's interceptors persist: some routes are never hit, and none needs to be.
  useNock({ allowPending: true });

  it(`${TOTAL} mixed deliveries (${TOTAL / 10} of them redeliveries) → exactly one dispatch per authorized run command, none dropped or doubled`, async () => {
    const github = fakeGitHub();
    const probot = await makeProbot();
    const { first, redeliveries } = deliveries();
    expect(first.length + redeliveries.length).toBe(TOTAL);
    // Concurrently, as a busy installation sends them; redeliveries arrive after the originals were handled.
    const results = await Promise.allSettled(first.map((d) => probot.receive(d as never)));
    const again = await Promise.allSettled(redeliveries.map((d) => probot.receive(d as never)));
    const failures = [...results, ...again].filter((r) => r.status === 'rejected');
    expect(failures.map((f) => String((f as PromiseRejectedResult).reason).slice(0, 300))).toEqual([]);

    const expected = Array.from({ length: TOTAL }, (_, i) => i)
      .filter((i) => i % 10 < 4)
      .map((i) => `c${i}`);
    expect(github.dispatches).toHaveLength((TOTAL * 4) / 10);
    expect(github.dispatches.map((d) => d.contract).sort()).toEqual([...expected].sort());
    // Each dispatch names its own queued check, and every check is one request.
    expect(new Set(github.dispatches.map((d) => d.check_run_id)).size).toBe((TOTAL * 4) / 10);
    expect(github.checks).toHaveLength((TOTAL * 4) / 10);
    for (const check of github.checks)
      expect(decodeRunRequestId(check.external_id)?.n).toBe(check.name.slice('truss / '.length));
    // A tenth are denials of bob: told why at least once (concurrent deliveries can each find no earlier
    // reply), every other one only 😕; a tenth help replies; a tenth synchronizes mark the review stale.
    const told = github.replies.filter((r) => r.includes("I can't act on this comment")).length;
    expect(told).toBeGreaterThanOrEqual(1);
    expect(told + github.confused.length).toBe(TOTAL / 10);
    expect(github.replies.filter((r) => r.startsWith('**Truss commands**'))).toHaveLength(TOTAL / 10);
    expect(github.counts.humanReview).toBe(TOTAL / 10);
  }, 120_000);
});
