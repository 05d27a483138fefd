import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { react } from '../../src/github/reactions.js';
import { useNock } from '../helpers/nock-guard.js';
import { API, captureLog, exampleComment, OWNER, REPO, recordingOctokit, testOctokit } from './helpers.js';

useNock();

const comment = exampleComment();

describe('react', () => {
  it('posts the reaction to the command comment', async () => {
    nock(API)
      .post(`/repos/${OWNER}/${REPO}/issues/comments/${comment.id}/reactions`, { content: 'eyes' })
      .reply(201, {
        id: 1,
        node_id: 'MDg6UmVhY3Rpb24x',
        user: comment.user,
        content: 'eyes',
        created_at: '2019-05-15T15:20:22Z',
      });
    const ok = await react(testOctokit(), {
      owner: OWNER,
      repo: REPO,
      commentId: comment.id,
      content: 'eyes',
      dryRun: false,
    });
    expect(ok).toBe(true);
    expect(nock.isDone()).toBe(true);
  });

  it('treats 200 (already reacted) as success', async () => {
    nock(API)
      .post(`/repos/${OWNER}/${REPO}/issues/comments/${comment.id}/reactions`, { content: '+1' })
      .reply(200, { id: 1, content: '+1' });
    expect(
      await react(testOctokit(), {
        owner: OWNER,
        repo: REPO,
        commentId: comment.id,
        content: '+1',
        dryRun: false,
      }),
    ).toBe(true);
    expect(nock.isDone()).toBe(true);
  });

  it('swallows a failure with a warning instead of failing the run', async () => {
    nock(API)
      .post(`/repos/${OWNER}/${REPO}/issues/comments/${comment.id}/reactions`, { content: 'rocket' })
      .reply(403, { message: 'Resource not accessible by integration' });
    const log = captureLog();
    const ok = await react(testOctokit(log), {
      owner: OWNER,
      repo: REPO,
      commentId: comment.id,
      content: 'rocket',
      dryRun: false,
    });
    expect(ok).toBe(false);
    expect(log.lines).toContainEqual({
      level: 'warning',
      message: `could not add the rocket reaction to comment ${comment.id} (HTTP 403); continuing`,
    });
    expect(nock.isDone()).toBe(true);
  });

  it('swallows a network failure too (after the retries), logging to the given logger', async () => {
    const log = captureLog();
    const { octokit, calls } = recordingOctokit();
    const ok = await react(octokit, {
      owner: OWNER,
      repo: REPO,
      commentId: 1,
      content: 'confused',
      dryRun: false,
      log,
    });
    expect(ok).toBe(false);
    // Octokit reports a failed fetch as a RequestError with status 500, which the retry plugin retries 3 times.
    expect(calls).toEqual(Array(4).fill(`POST ${API}/repos/${OWNER}/${REPO}/issues/comments/1/reactions`));
    expect(log.lines).toEqual([
      {
        level: 'warning',
        message: 'could not add the confused reaction to comment 1 (HTTP 500); continuing',
      },
    ]);
  });

  it('makes no request on a dry run', async () => {
    const log = captureLog();
    const { octokit, calls } = recordingOctokit(log);
    const ok = await react(octokit, {
      owner: OWNER,
      repo: REPO,
      commentId: comment.id,
      content: 'eyes',
      dryRun: true,
    });
    expect(ok).toBe(false);
    expect(log.text()).toMatch(/dry run: would react eyes/);
    expect(calls).toEqual([]);
    expect(nock.pendingMocks()).toEqual([]);
  });
});
