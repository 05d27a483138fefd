import nock from 'nock';
import { describe, expect, it } from 'vitest';
import {
  createOctokit,
  isRateLimitError,
  isRequestError,
  MissingPermissionError,
  statusOf,
  toMissingPermission,
} from '../../src/github/octokit.js';
import { useNock } from '../helpers/nock-guard.js';
import { API, captureLog, OWNER, REPO } from './helpers.js';

const REPO_BODY = { id: 1296269, name: REPO, full_name: `${OWNER}/${REPO}`, private: false };

useNock();

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to fail');
}

describe('createOctokit', () => {
  it('sends the token to api.github.com over node:http by default (so nock sees it)', async () => {
    nock(API, { reqheaders: { authorization: 'token ghs_secret' } })
      .get(`/repos/${OWNER}/${REPO}`)
      .reply(200, REPO_BODY);
    const octokit = createOctokit({ token: 'ghs_secret', throttle: false });
    const { data } = await octokit.rest.repos.get({ owner: OWNER, repo: REPO });
    expect(data.full_name).toBe(`${OWNER}/${REPO}`);
    expect(nock.isDone()).toBe(true);
  });

  it('uses the GHES API root it is given (GITHUB_API_URL), trailing slash or not', async () => {
    nock('https://ghes.example.com').get(`/api/v3/repos/${OWNER}/${REPO}`).reply(200, REPO_BODY);
    const octokit = createOctokit({
      token: 't',
      baseUrl: 'https://ghes.example.com/api/v3/',
      throttle: false,
    });
    await octokit.rest.repos.get({ owner: OWNER, repo: REPO });
    expect(nock.isDone()).toBe(true);
  });

  it('uses an injected fetch', async () => {
    const seen: string[] = [];
    const fakeFetch: typeof fetch = async (input) => {
      seen.push(String(input));
      return new Response(JSON.stringify(REPO_BODY), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    };
    const octokit = createOctokit({ token: 't', fetch: fakeFetch, throttle: false });
    const { data } = await octokit.rest.repos.get({ owner: OWNER, repo: REPO });
    expect(data.id).toBe(1296269);
    expect(seen).toEqual([`${API}/repos/${OWNER}/${REPO}`]);
  });

  it('retries a 502 and then succeeds (retry plugin)', async () => {
    nock(API)
      .get(`/repos/${OWNER}/${REPO}`)
      .reply(502, { message: 'Server Error' })
      .get(`/repos/${OWNER}/${REPO}`)
      .reply(200, REPO_BODY);
    const octokit = createOctokit({ token: 't', retryBaseMs: 1, throttle: false });
    const { data } = await octokit.rest.repos.get({ owner: OWNER, repo: REPO });
    expect(data.name).toBe(REPO);
    expect(nock.isDone()).toBe(true);
  });

  it('does not retry a 404', async () => {
    nock(API).get(`/repos/${OWNER}/${REPO}`).reply(404, { message: 'Not Found' });
    const octokit = createOctokit({ token: 't', retryBaseMs: 1, throttle: false });
    const error = await failure(octokit.rest.repos.get({ owner: OWNER, repo: REPO }));
    expect(statusOf(error)).toBe(404);
    expect(nock.isDone()).toBe(true);
  });

  it('waits out a primary rate limit with a log line, at most twice', async () => {
    const reset = String(Math.floor(Date.now() / 1000));
    const limited = { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset };
    const scope = nock(API)
      .get(`/repos/${OWNER}/${REPO}`)
      .times(3)
      .reply(403, { message: 'API rate limit exceeded' }, limited);
    const log = captureLog();
    const octokit = createOctokit({ token: 't', retryBaseMs: 1, log });
    const error = await failure(octokit.rest.repos.get({ owner: OWNER, repo: REPO }));
    expect(statusOf(error)).toBe(403);
    expect(isRateLimitError(error)).toBe(true);
    expect(scope.isDone()).toBe(true);
    const warnings = log.lines.filter((line) => line.level === 'warning').map((line) => line.message);
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toMatch(/primary rate limit on GET .*retry 1 of 2/);
    expect(warnings[1]).toMatch(/retry 2 of 2/);
    expect(warnings[2]).toMatch(/giving up after 2 retries/);
  });

  it('retries after a secondary rate limit and succeeds', async () => {
    nock(API)
      .get(`/repos/${OWNER}/${REPO}`)
      .reply(403, { message: 'You have exceeded a secondary rate limit.' }, { 'retry-after': '1' })
      .get(`/repos/${OWNER}/${REPO}`)
      .reply(200, REPO_BODY);
    const log = captureLog();
    const octokit = createOctokit({ token: 't', retryBaseMs: 1, log });
    const { data } = await octokit.rest.repos.get({ owner: OWNER, repo: REPO });
    expect(data.id).toBe(1296269);
    expect(log.text()).toMatch(/secondary rate limit on GET .*retrying in 1s/);
    expect(nock.isDone()).toBe(true);
  });
});

describe('error helpers', () => {
  it('recognise Octokit HTTP errors by shape and read their status', async () => {
    nock(API)
      .get(`/repos/${OWNER}/${REPO}`)
      .reply(403, { message: 'Resource not accessible by integration' });
    const octokit = createOctokit({ token: 't', throttle: false });
    const error = await failure(octokit.rest.repos.get({ owner: OWNER, repo: REPO }));
    expect(isRequestError(error)).toBe(true);
    expect(statusOf(error)).toBe(403);
    expect(isRateLimitError(error)).toBe(false);
    const mapped = toMissingPermission(error, 'checks: write', 'create a check run');
    expect(mapped).toBeInstanceOf(MissingPermissionError);
    expect((mapped as MissingPermissionError).name).toBe('MissingPermissionError');
    expect((mapped as Error).cause).toBe(error);
    expect(nock.isDone()).toBe(true);
  });

  it('leave everything else alone', () => {
    const plain = Object.assign(new Error('boom'), { status: 500 });
    expect(isRequestError(plain)).toBe(false);
    expect(statusOf(plain)).toBeUndefined();
    expect(statusOf('nope')).toBeUndefined();
    expect(isRequestError(null)).toBe(false);
    expect(toMissingPermission(plain, 'checks: write', 'x')).toBe(plain);
  });

  it('do not mistake a rate-limit 403 for a missing permission', async () => {
    nock(API)
      .get(`/repos/${OWNER}/${REPO}`)
      .reply(
        403,
        { message: 'whatever the text says' },
        { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '0' },
      );
    const octokit = createOctokit({ token: 't', throttle: false });
    const error = await failure(octokit.rest.repos.get({ owner: OWNER, repo: REPO }));
    expect(toMissingPermission(error, 'checks: write', 'x')).toBe(error);
    expect(nock.isDone()).toBe(true);
  });
});
