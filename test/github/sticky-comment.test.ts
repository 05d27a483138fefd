import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MissingPermissionError } from '../../src/github/octokit.js';
import { embedMeta } from '../../src/github/render/meta.js';
import { listSessionMetas } from '../../src/github/session-meta.js';
import {
  MAX_COMMENT_LENGTH,
  readStickyMetadata,
  upsertStickyComment,
} from '../../src/github/sticky-comment.js';
import { useNock } from '../helpers/nock-guard.js';
import {
  API,
  captureLog,
  type ExampleComment,
  exampleComment,
  OWNER,
  REPO,
  recordingOctokit,
  testOctokit,
} from './helpers.js';

useNock();

const ISSUE = 1;
const MARKER = '<!-- truss:sticky contract=greeting-0001 -->';
const COMMENTS = `/repos/${OWNER}/${REPO}/issues/${ISSUE}/comments`;
const ACTIONS_BOT = { login: 'github-actions[bot]', id: 41898282, type: 'Bot' };

function commentAt(id: number, body: string, user: Partial<ExampleComment['user']> = {}): ExampleComment {
  return exampleComment({
    id,
    body,
    html_url: `https://github.com/${OWNER}/${REPO}/pull/${ISSUE}#issuecomment-${id}`,
    user: user as ExampleComment['user'],
  });
}

const human = (id: number, body: string) => commentAt(id, body);
const ours = (id: number, body: string) => commentAt(id, body, ACTIONS_BOT);

function base(overrides: Partial<Parameters<typeof upsertStickyComment>[0]> = {}) {
  return {
    octokit: testOctokit(),
    owner: OWNER,
    repo: REPO,
    issueNumber: ISSUE,
    marker: MARKER,
    body: `${MARKER}\n### truss / greeting-0001: pass`,
    dryRun: false,
    authors: ['github-actions[bot]'],
    ...overrides,
  };
}

describe('upsertStickyComment', () => {
  it('creates the comment, then updates that same comment on the next call', async () => {
    const octokit = testOctokit();
    const first = `${MARKER}\nverdict: fail`;
    nock(API)
      .get(COMMENTS)
      .query({ per_page: '100' })
      .reply(200, [human(10, 'Looks interesting')])
      .post(COMMENTS, { body: first })
      .reply(201, ours(2001, first));
    const created = await upsertStickyComment(base({ octokit, body: first }));
    expect(created).toEqual({
      id: 2001,
      url: `https://github.com/${OWNER}/${REPO}/pull/${ISSUE}#issuecomment-2001`,
      created: true,
      updated: false,
    });

    const second = `${MARKER}\nverdict: pass`;
    nock(API)
      .get(COMMENTS)
      .query({ per_page: '100' })
      .reply(200, [human(10, 'Looks interesting'), ours(2001, first)])
      .patch(`/repos/${OWNER}/${REPO}/issues/comments/2001`, { body: second })
      .reply(200, ours(2001, second));
    const updated = await upsertStickyComment(base({ octokit, body: second }));
    expect(updated).toMatchObject({ id: 2001, created: false, updated: true });
    expect(nock.isDone()).toBe(true);
  });

  it('finds the marker on page 2 and ignores a human comment quoting the marker', async () => {
    const page1 = Array.from({ length: 100 }, (_, i) => human(100 + i, `comment ${i}`));
    const next = `${API}/repositories/1296269/issues/${ISSUE}/comments?per_page=100&page=2`;
    nock(API)
      .get(COMMENTS)
      .query({ per_page: '100' })
      .reply(200, page1, { link: `<${next}>; rel="next", <${next}>; rel="last"` })
      .get(`/repositories/1296269/issues/${ISSUE}/comments`)
      .query({ per_page: '100', page: '2' })
      .reply(200, [human(300, `Why does it say\n${MARKER}\nhere?`), ours(301, `${MARKER}\nold`)])
      .patch(`/repos/${OWNER}/${REPO}/issues/comments/301`, (body) => body.body.startsWith(MARKER))
      .reply(200, ours(301, `${MARKER}\nnew`));
    const result = await upsertStickyComment(base());
    expect(result).toMatchObject({ id: 301, updated: true, created: false });
    expect(nock.isDone()).toBe(true);
  });

  it('with only a human comment carrying the marker, posts a new one instead of editing it', async () => {
    nock(API)
      .get(COMMENTS)
      .query({ per_page: '100' })
      .reply(200, [human(300, `copied: ${MARKER}`)])
      .post(COMMENTS)
      .reply(201, ours(302, MARKER));
    expect(await upsertStickyComment(base())).toMatchObject({ id: 302, created: true });
    expect(nock.isDone()).toBe(true);
  });

  it("another bot quoting the marker (not at the start of its body) is never edited nor read as Truss's", async () => {
    const quoting = commentAt(
      350,
      `Reviewed the diff, which adds:\n> ${MARKER}\n> <!-- truss:meta {"session_id":"forged"} -->`,
      {
        login: 'copilot-pull-request-reviewer[bot]',
        type: 'Bot',
        id: 175728472,
      },
    );
    nock(API)
      .get(COMMENTS)
      .query({ per_page: '100' })
      .reply(200, [quoting])
      .post(COMMENTS)
      .reply(201, ours(351, MARKER));
    expect(await upsertStickyComment(base())).toMatchObject({ id: 351, created: true });
    nock(API).get(COMMENTS).query({ per_page: '100' }).reply(200, [quoting]);
    expect(
      await listSessionMetas(testOctokit(), { owner: OWNER, repo: REPO }, ISSUE, ['github-actions[bot]']),
    ).toEqual([]);
    // Even Truss's own comment is not trusted with a session id that could name another path.
    const traversal = ours(
      352,
      `${MARKER}\n${embedMeta({ session_id: '../../etc/x', head_sha: 'a'.repeat(40) })}`,
    );
    const fine = ours(353, `${MARKER}\n${embedMeta({ session_id: 'f5a0c7e2-1b2c-4d3e-9f00-123456789abc' })}`);
    nock(API).get(COMMENTS).query({ per_page: '100' }).reply(200, [traversal, fine]);
    expect(
      await listSessionMetas(testOctokit(), { owner: OWNER, repo: REPO }, ISSUE, ['github-actions[bot]']),
    ).toEqual([{ session_id: 'f5a0c7e2-1b2c-4d3e-9f00-123456789abc', written_at: expect.any(Number) }]);
    expect(nock.isDone()).toBe(true);
  });

  it('only the configured authors count (another bot with the marker is ignored)', async () => {
    const otherBot = commentAt(400, `${MARKER}\nfrom another app`, {
      login: 'other-app[bot]',
      type: 'Bot',
      id: 7,
    });
    nock(API)
      .get(COMMENTS)
      .query({ per_page: '100' })
      .reply(200, [
        otherBot,
        commentAt(401, `${MARKER}\nmine`, { login: 'truss-app[bot]', type: 'Bot', id: 8 }),
      ])
      .patch(`/repos/${OWNER}/${REPO}/issues/comments/401`)
      .reply(200, commentAt(401, MARKER, { login: 'truss-app[bot]', type: 'Bot', id: 8 }));
    expect(await upsertStickyComment(base({ authors: ['Truss-App[bot]'] }))).toMatchObject({
      id: 401,
      updated: true,
    });
    expect(nock.isDone()).toBe(true);
  });

  it('puts the marker in a body that lacks it', async () => {
    nock(API)
      .get(COMMENTS)
      .query({ per_page: '100' })
      .reply(200, [])
      .post(COMMENTS, { body: `${MARKER}\nno marker here` })
      .reply(201, ours(500, `${MARKER}\nno marker here`));
    await upsertStickyComment(base({ body: 'no marker here' }));
    expect(nock.isDone()).toBe(true);
  });

  it('clips an oversized body but keeps the marker and the metadata block', async () => {
    const meta = embedMeta({ session_id: 's-1' });
    const huge = `${MARKER}\n${'x'.repeat(MAX_COMMENT_LENGTH)}\n${meta}`;
    let sent = '';
    nock(API)
      .get(COMMENTS)
      .query({ per_page: '100' })
      .reply(200, [])
      .post(COMMENTS, (body) => {
        sent = body.body;
        return true;
      })
      .reply(201, ours(501, MARKER));
    await upsertStickyComment(base({ body: huge }));
    expect(sent.length).toBeLessThanOrEqual(MAX_COMMENT_LENGTH);
    expect(sent.startsWith(MARKER)).toBe(true);
    expect(sent).toContain('(truncated');
    expect(readStickyMetadata(sent)).toEqual({ session_id: 's-1' });
    expect(nock.isDone()).toBe(true);
  });

  it('maps a 403 to MissingPermissionError naming pull-requests: write', async () => {
    nock(API)
      .get(COMMENTS)
      .query({ per_page: '100' })
      .reply(200, [])
      .post(COMMENTS)
      .reply(403, { message: 'Resource not accessible by integration', status: '403' });
    const error = await upsertStickyComment(base()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MissingPermissionError);
    expect((error as Error).message).toMatch(/`pull-requests: write`/);
    expect(nock.isDone()).toBe(true);
  });

  it('makes no request on a dry run', async () => {
    const log = captureLog();
    const { octokit, calls } = recordingOctokit(log);
    const result = await upsertStickyComment(base({ octokit, dryRun: true }));
    expect(result).toEqual({ id: null, url: null, created: false, updated: false });
    expect(log.text()).toMatch(/dry run/);
    expect(calls).toEqual([]);
    expect(nock.pendingMocks()).toEqual([]);
  });

  it('rejects a marker that is not one hidden HTML comment', async () => {
    await expect(upsertStickyComment(base({ marker: 'truss sticky' }))).rejects.toThrow(/marker must be/);
    await expect(upsertStickyComment(base({ marker: '<!-- a --> b -->' }))).rejects.toThrow(/marker must be/);
  });
});

describe('sticky metadata', () => {
  const meta = {
    session_id: '01J9Z3',
    head_sha: 'ec26c3e57ca3a959ca5aad62de7213c562f8c821',
    artifact_id: 1234,
    note: 'tricky --> </details> <script>&amp;',
  };

  it('round-trips through a comment body without closing the HTML comment early', () => {
    const block = embedMeta(meta);
    expect(block.startsWith('<!-- truss:meta {')).toBe(true);
    expect(block.endsWith(' -->')).toBe(true);
    expect(block.slice(4, -3)).not.toMatch(/-->|[<>]/);
    const body = `${MARKER}\n## Verdict\n\n${block}\n`;
    expect(readStickyMetadata(body)).toEqual(meta);
  });

  it('validates with a zod schema when given one', () => {
    const schema = z.object({
      session_id: z.string(),
      head_sha: z.string().regex(/^[0-9a-f]{40}$/),
      artifact_id: z.number(),
    });
    const body = embedMeta(meta);
    expect(readStickyMetadata(body, schema)).toEqual({
      session_id: meta.session_id,
      head_sha: meta.head_sha,
      artifact_id: 1234,
    });
    expect(readStickyMetadata(embedMeta({ session_id: 1 }), schema)).toBeNull();
  });

  it('returns null for missing, malformed or non-object metadata', () => {
    expect(readStickyMetadata('no metadata')).toBeNull();
    expect(readStickyMetadata('<!-- truss:meta {not json} -->')).toBeNull();
    expect(readStickyMetadata('<!-- truss:meta [1,2] -->')).toBeNull();
    expect(readStickyMetadata('<!-- truss:meta null -->')).toBeNull();
  });
});
