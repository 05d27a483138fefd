// The pacing of the one Octokit factory: retries, rate-limit waits, the in-flight limit and the
// spacing of notifying writes. GitHub is faked with nock where only the responses matter, and with an
// injected fetch where the test must decide when each response arrives (concurrency, the clock).
import nock from 'nock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOctokit, statusOf } from '../../src/github/octokit.js';
import { useNock } from '../helpers/nock-guard.js';
import { API, captureLog, OWNER, REPO } from './helpers.js';

useNock();

let budgetSeq = 0;
/** Each test draws on its own budget, so in-flight counts and gaps of other tests do not leak in. */
const freshBudget = () => `pacing-test-${++budgetSeq}`;

interface HeldRequest {
  url: string;
  method: string;
  respond: (status?: number, body?: unknown) => void;
}

/** A fetch whose responses the test releases by hand, recording how many were open at once. */
function heldFetch() {
  const held: HeldRequest[] = [];
  let open = 0;
  let maxOpen = 0;
  const fetch: typeof globalThis.fetch = (input, init) =>
    new Promise((resolve) => {
      open++;
      maxOpen = Math.max(maxOpen, open);
      held.push({
        url: String(input),
        method: init?.method ?? 'GET',
        respond: (status = 200, body = { ok: true }) => {
          open--;
          resolve(
            new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
          );
        },
      });
    });
  return { fetch, held, maxOpen: () => maxOpen };
}

const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
};

afterEach(() => {
  vi.useRealTimers();
});

describe('createOctokit pacing', () => {
  it('retries an unreachable GitHub three times, then reports status 500', async () => {
    const scope = nock(API).get(`/repos/${OWNER}/${REPO}`).times(4).replyWithError('connect ECONNREFUSED');
    const octokit = createOctokit({ token: 't', retryBaseMs: 1, throttleId: freshBudget() });
    const error = await octokit.rest.repos.get({ owner: OWNER, repo: REPO }).catch((e: unknown) => e);
    expect(statusOf(error)).toBe(500);
    expect(scope.isDone()).toBe(true);
  });

  it('a server error that asks for a longer wait than a retry takes (retry-after past 60 s) is not retried', async () => {
    // Before, its retry-after was ignored: three more requests after 1, 4 and 9 s, long before the
    // time GitHub named (the model providers follow the same rule, docs/providers.md).
    const now = Date.now();
    const hourAway = new Date(now + 3_600_000).toUTCString();
    for (const [retryAfter, asked] of [
      ['3600', '3600s'],
      [hourAway, /(3599|3600)s/],
      // Past what a double holds: named as a bound, not as "Infinitys".
      ['9'.repeat(400), 'more than 1000000000s'],
    ] as const) {
      const scope = nock(API)
        .get(`/repos/${OWNER}/${REPO}`)
        .reply(503, { message: 'Service Unavailable' }, { 'retry-after': retryAfter });
      const log = captureLog();
      const octokit = createOctokit({ token: 't', retryBaseMs: 1, log, throttleId: freshBudget() });
      const error = await octokit.rest.repos.get({ owner: OWNER, repo: REPO }).catch((e: unknown) => e);
      expect(statusOf(error)).toBe(503);
      expect(scope.isDone()).toBe(true);
      expect(log.lines).toHaveLength(1);
      expect(log.lines[0]?.level).toBe('warning');
      expect(log.lines[0]?.message).toMatch(
        /^GitHub answered 503 on GET \/repos\/\{owner\}\/\{repo\} and asked to wait /,
      );
      expect(log.lines[0]?.message).toMatch(asked);
      expect(log.lines[0]?.message).toContain(
        'more than the 60s a retry waits; not retried: run again after that',
      );
    }
  });

  it('a server error that asks for a wait a retry takes is retried after that wait, not sooner', async () => {
    nock(API)
      .get(`/repos/${OWNER}/${REPO}`)
      .reply(502, { message: 'Server Error' }, { 'retry-after': '30' })
      .get(`/repos/${OWNER}/${REPO}`)
      .reply(200, { id: 1 });
    const log = captureLog();
    const octokit = createOctokit({ token: 't', retryBaseMs: 2, log, throttle: false });
    const started = Date.now();
    const { data } = await octokit.rest.repos.get({ owner: OWNER, repo: REPO });
    expect(data).toEqual({ id: 1 });
    // 30 s in units of 2 ms; the first backoff alone would be one unit.
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
    expect(log.lines).toEqual([]);
  });

  it('a secondary rate limit whose retry-after is an HTTP date an hour away is not waited out as a minute', async () => {
    const scope = nock(API)
      .get(`/repos/${OWNER}/${REPO}`)
      .reply(
        403,
        { message: 'You have exceeded a secondary rate limit.' },
        { 'retry-after': new Date(Date.now() + 3_600_000).toUTCString() },
      );
    const log = captureLog();
    const octokit = createOctokit({ token: 't', retryBaseMs: 1, log, throttleId: freshBudget() });
    const error = await octokit.rest.repos.get({ owner: OWNER, repo: REPO }).catch((e: unknown) => e);
    expect(statusOf(error)).toBe(403);
    expect(scope.isDone()).toBe(true);
    expect(log.text()).toMatch(
      /secondary rate limit on GET .*giving up after 0 retries \(reset in (3599|3600)s\)/,
    );
  });

  it('a retry-after that is neither seconds nor a date (-5) is waited out as the one-minute fallback, not as none', async () => {
    nock(API)
      .get(`/repos/${OWNER}/${REPO}`)
      .reply(429, { message: 'Too Many Requests' }, { 'retry-after': '-5' })
      .get(`/repos/${OWNER}/${REPO}`)
      .reply(200, { id: 1 });
    const log = captureLog();
    const octokit = createOctokit({ token: 't', retryBaseMs: 1, log, throttleId: freshBudget() });
    const { data } = await octokit.rest.repos.get({ owner: OWNER, repo: REPO });
    expect(data).toEqual({ id: 1 });
    expect(log.text()).toMatch(/secondary rate limit on GET .*retrying in 60s/);
  });

  it('waits a minute (in backoff units) on a 429 that names no retry-after', async () => {
    nock(API)
      .get(`/repos/${OWNER}/${REPO}`)
      .reply(429, { message: 'Too Many Requests' })
      .get(`/repos/${OWNER}/${REPO}`)
      .reply(200, { id: 1 });
    const log = captureLog();
    const octokit = createOctokit({ token: 't', retryBaseMs: 1, log, throttleId: freshBudget() });
    const started = Date.now();
    const { data } = await octokit.rest.repos.get({ owner: OWNER, repo: REPO });
    expect(data).toEqual({ id: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
    expect(log.text()).toMatch(/secondary rate limit on GET \/repos\/\{owner\}\/\{repo\}; retrying in 60s/);
  });

  it('does not wait out a rate limit when pacing is off, and never retries a permission 403', async () => {
    nock(API)
      .get(`/repos/${OWNER}/${REPO}`)
      .reply(429, { message: 'Too Many Requests' }, { 'retry-after': '1' })
      .get(`/repos/${OWNER}/${REPO}/collaborators`)
      .reply(403, { message: 'Resource not accessible by integration' });
    const log = captureLog();
    const unpaced = createOctokit({ token: 't', retryBaseMs: 1, log, throttle: false });
    expect(
      statusOf(await unpaced.rest.repos.get({ owner: OWNER, repo: REPO }).catch((e: unknown) => e)),
    ).toBe(429);
    const paced = createOctokit({ token: 't', retryBaseMs: 1, log, throttleId: freshBudget() });
    const denied = await paced.rest.repos
      .listCollaborators({ owner: OWNER, repo: REPO })
      .catch((e: unknown) => e);
    expect(statusOf(denied)).toBe(403);
    expect(log.lines).toEqual([]);
  });

  it('retries a GraphQL RATE_LIMITED answer after the reset', async () => {
    const reset = String(Math.floor(Date.now() / 1000));
    nock(API)
      .post('/graphql')
      .reply(
        200,
        { data: null, errors: [{ type: 'RATE_LIMITED', message: 'API rate limit exceeded' }] },
        { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset },
      )
      .post('/graphql')
      .reply(200, { data: { viewer: { login: 'octocat' } } });
    const log = captureLog();
    const octokit = createOctokit({ token: 't', retryBaseMs: 1, log, throttleId: freshBudget() });
    const result = await octokit.graphql<{ viewer: { login: string } }>('query { viewer { login } }');
    expect(result.viewer.login).toBe('octocat');
    expect(log.text()).toMatch(/primary rate limit on POST \/graphql; retrying/);
  });

  it('keeps at most 10 requests of one budget in flight; another budget is not held up', async () => {
    const github = heldFetch();
    const busy = createOctokit({ token: 't', fetch: github.fetch, throttleId: freshBudget() });
    const other = createOctokit({ token: 't', fetch: github.fetch, throttleId: freshBudget() });
    const requests = Array.from({ length: 25 }, (_, i) =>
      busy.request('GET /repos/{owner}/{repo}/issues/{n}', { owner: OWNER, repo: REPO, n: i }),
    );
    await settle();
    expect(github.held).toHaveLength(10);
    const elsewhere = other.request('GET /repos/{owner}/{repo}', { owner: OWNER, repo: REPO });
    await settle();
    expect(github.held).toHaveLength(11);
    github.held[10]?.respond();
    await elsewhere;
    let answered = 0;
    while (answered < github.held.length) {
      const next = github.held[answered];
      if (next?.url.endsWith(`/repos/${OWNER}/${REPO}`)) {
        answered++;
        continue;
      }
      next?.respond();
      answered++;
      await settle();
    }
    await Promise.all(requests);
    expect(github.held).toHaveLength(26);
    expect(github.maxOpen()).toBe(11);
  });

  it('starts notifying writes of one budget at least 3 s apart; other writes are not spaced', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    const github = heldFetch();
    const octokit = createOctokit({ token: 't', fetch: github.fetch, throttleId: freshBudget() });
    const comment = (n: number) =>
      octokit.rest.issues.createComment({ owner: OWNER, repo: REPO, issue_number: n, body: 'x' });
    const first = comment(1);
    const second = comment(2);
    const check = octokit.rest.checks.create({
      owner: OWNER,
      repo: REPO,
      name: 'truss',
      head_sha: 'a'.repeat(40),
    });
    await settle();
    expect(github.held.map((r) => r.url)).toEqual([
      `${API}/repos/${OWNER}/${REPO}/issues/1/comments`,
      `${API}/repos/${OWNER}/${REPO}/check-runs`,
    ]);
    await vi.advanceTimersByTimeAsync(2999);
    expect(github.held).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(github.held.map((r) => r.url)).toContain(`${API}/repos/${OWNER}/${REPO}/issues/2/comments`);
    for (const request of github.held) request.respond(201, { id: 1 });
    await Promise.all([first, second, check]);
  });

  it('asks for one installation token at a time', async () => {
    const github = heldFetch();
    const octokit = createOctokit({ token: 't', fetch: github.fetch, throttleId: freshBudget() });
    const token = (id: number) => octokit.request('POST /app/installations/{id}/access_tokens', { id });
    const both = [token(1), token(2)];
    await settle();
    expect(github.held).toHaveLength(1);
    github.held[0]?.respond(201, { token: 'ghs_1' });
    await settle();
    expect(github.held).toHaveLength(2);
    github.held[1]?.respond(201, { token: 'ghs_2' });
    await Promise.all(both);
  });
});
