/**
 * A path-filter skip that takes over the App's queued check obeys what starting one does: the check
 * must be on the head whose changed files decided the skip (one commit's `skipped`, which a required
 * check counts as passing, never goes on another commit's check), and a check the job's token does
 * not own fails with QueuedCheckOwnerError, naming the token to give.
 */
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { HeadMismatchError, QueuedCheckOwnerError, skipCheckRun } from '../../src/github/check-runs.js';
import { useNock } from '../helpers/nock-guard.js';
import { API, OWNER, REPO, testOctokit } from './helpers.js';

useNock();

const HEAD = 'ec26c3e57ca3a959ca5aad62de7213c562f8c821';
const OLD = '6dcb09b5b57875f334f61aebed695e2e4193db5e';
const queued = (headSha: string) => ({
  id: 9002,
  head_sha: headSha,
  name: 'truss / lint',
  status: 'queued',
  conclusion: null,
  html_url: `https://github.com/${OWNER}/${REPO}/runs/9002`,
  app: { id: 7, slug: 'truss-app', name: 'Truss' },
});
const skip = () =>
  skipCheckRun({
    octokit: testOctokit(),
    owner: OWNER,
    repo: REPO,
    name: 'truss / lint',
    headSha: HEAD,
    output: { title: 'Skipped', summary: 'the change touches none of its paths' },
    existingId: 9002,
    dryRun: false,
  });

describe('skipCheckRun over a queued check', () => {
  it('refuses a queued check on another commit, without changing it', async () => {
    nock(API).get(`/repos/${OWNER}/${REPO}/check-runs/9002`).reply(200, queued(OLD));
    await expect(skip()).rejects.toBeInstanceOf(HeadMismatchError);
  });

  it("names the App's token when the queued check is another app's", async () => {
    nock(API).get(`/repos/${OWNER}/${REPO}/check-runs/9002`).reply(200, queued(HEAD));
    nock(API)
      .patch(`/repos/${OWNER}/${REPO}/check-runs/9002`, (body) => body.conclusion === 'skipped')
      .reply(403, {
        message: 'Invalid app_id `15368` - check run can only be modified by the GitHub App that created it.',
      });
    await expect(skip()).rejects.toBeInstanceOf(QueuedCheckOwnerError);
  });

  it('completes the queued check on the head as skipped', async () => {
    nock(API).get(`/repos/${OWNER}/${REPO}/check-runs/9002`).reply(200, queued(HEAD));
    nock(API)
      .patch(
        `/repos/${OWNER}/${REPO}/check-runs/9002`,
        (body) =>
          body.status === 'completed' && body.conclusion === 'skipped' && body.name === 'truss / lint',
      )
      .reply(200, { ...queued(HEAD), status: 'completed', conclusion: 'skipped' });
    await expect(skip()).resolves.toMatchObject({ id: 9002 });
  });
});
