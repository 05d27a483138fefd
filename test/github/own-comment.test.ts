import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { readInputs } from '../../src/action/inputs.js';
import { AppConfigError, readAppConfig } from '../../src/app/config.js';
import { SigningKey } from '../../src/core/ledger/index.js';
import { pullRequestProposers } from '../../src/github/memory-runs.js';
import {
  CommentAuthorError,
  isOwnAuthor,
  parseTrussAuthors,
  stickyMarker,
  warnUnlistedPoster,
} from '../../src/github/own-comment.js';
import { embedMeta } from '../../src/github/render/meta.js';
import { latestSessionsFor, listSessionMetas } from '../../src/github/session-meta.js';
import { upsertStickyComment } from '../../src/github/sticky-comment.js';
import { findSuspendedSession, findSuspendedSessions } from '../../src/github/suspended-session.js';
import {
  actionsApp,
  otherApp,
  type Poster,
  postedByActions,
  postedByApp,
} from '../helpers/comment-authors.js';
import { expectNoPendingMocks, useNock } from '../helpers/nock-guard.js';
import { API, captureLog, exampleComment, OWNER, REPO, testOctokit } from './helpers.js';

useNock();

const PR = 1;
const REPO_REF = { owner: OWNER, repo: REPO };
const COMMENTS = `/repos/${OWNER}/${REPO}/issues/${PR}/comments`;
const HEAD = 'ab'.repeat(20);
const ACTIONS = ['github-actions[bot]'];
const GENUINE = 'f5a0c7e2-1b2c-4d3e-9f00-123456789abc';
const OLDER = '0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0';

/** A real issue comment (the issue_comment example's shape) with `body`, posted by `poster`. */
function comment(id: number, body: string, poster: Poster) {
  const example = exampleComment({ id, body });
  return {
    ...example,
    ...poster,
    html_url: `https://github.com/${OWNER}/${REPO}/pull/${PR}#issuecomment-${id}`,
  };
}

function sticky(contract: string, meta: Record<string, unknown>): string {
  return `${stickyMarker(contract)}\n### truss / ${contract}\n${embedMeta({ contract, ...meta })}`;
}

const suspended = {
  session_id: OLDER,
  status: 'suspended',
  head_sha: HEAD,
  head_hash: 'c'.repeat(64),
  head_seq: 7,
  workflow_run_id: 31337,
};

/**
 * The PR's comments: a human, Truss's genuine sticky (by `genuine`), then another bot's lookalikes
 * posted after it — one pointing the sign-off at an older session on the same head and naming a
 * memory proposer, one claiming a run is suspended at an approval gate.
 */
function conversation(genuine: Poster, lookalike: Poster) {
  return [
    comment(10, 'Looks interesting', {
      user: exampleComment().user,
      performed_via_github_app: null,
    }),
    comment(11, sticky('greeting', { session_id: GENUINE, head_sha: HEAD, status: 'fail' }), genuine),
    comment(
      12,
      sticky('greeting', {
        session_id: OLDER,
        head_sha: HEAD,
        status: 'pass',
        memory_sessions: ['deadbeef-0000-4000-8000-000000000000'],
      }),
      lookalike,
    ),
    comment(13, sticky('deploy', suspended), lookalike),
  ];
}

function listed(comments: unknown[], times = 1): void {
  nock(API).get(COMMENTS).query({ per_page: '100' }).times(times).reply(200, comments);
}

/** Every reader of session metadata, as each flow calls it. */
async function everyReader(authors: readonly string[]) {
  const octokit = testOctokit();
  return {
    metas: await listSessionMetas(octokit, REPO_REF, PR, authors),
    latest: await latestSessionsFor(octokit, REPO_REF, PR, HEAD, authors),
    suspended: await findSuspendedSessions(octokit, REPO_REF, PR, authors),
    gate: await findSuspendedSession(octokit, REPO_REF, PR, authors, 'deploy'),
    proposers: await pullRequestProposers(octokit, REPO_REF, PR, authors),
  };
}

describe("Truss's own comments: one rule for reading and for updating", () => {
  it('Action host: another bot’s lookalike (posted later, same marker) is ignored by every reader and never edited', async () => {
    listed(conversation(postedByActions(), postedByApp('echo-bot')), 5);
    expect(await everyReader(ACTIONS)).toEqual({
      metas: [
        {
          contract: 'greeting',
          session_id: GENUINE,
          head_sha: HEAD,
          status: 'fail',
          // GitHub's updated_at of the sticky, never the body's word (session-meta.ts).
          written_at: expect.any(Number),
        },
      ],
      latest: [
        {
          contract: 'greeting',
          session_id: GENUINE,
          head_sha: HEAD,
          status: 'fail',
          written_at: expect.any(Number),
        },
      ],
      suspended: [],
      gate: null,
      proposers: [GENUINE],
    });
    expectNoPendingMocks();

    // The deploy contract's sticky exists only as the lookalike: a new comment, the lookalike untouched.
    const marker = stickyMarker('deploy');
    listed(conversation(postedByActions(), postedByApp('echo-bot')));
    nock(API)
      .post(COMMENTS, (body) => body.body.startsWith(`${marker}\nfresh`))
      .reply(201, comment(14, `${marker}\nfresh`, postedByActions()));
    const created = await upsertStickyComment({
      octokit: testOctokit(),
      ...REPO_REF,
      issueNumber: PR,
      marker,
      body: `${marker}\nfresh`,
      dryRun: false,
      authors: ACTIONS,
    });
    expect(created).toMatchObject({ id: 14, created: true, updated: false });
    // The greeting sticky: the genuine one (11) is updated, never the later lookalike (12).
    const greeting = stickyMarker('greeting');
    listed(conversation(postedByActions(), postedByApp('echo-bot')));
    nock(API)
      .patch(`/repos/${OWNER}/${REPO}/issues/comments/11`, (body) => body.body.startsWith(greeting))
      .reply(200, comment(11, greeting, postedByActions()));
    const updated = await upsertStickyComment({
      octokit: testOctokit(),
      ...REPO_REF,
      issueNumber: PR,
      marker: greeting,
      body: `${greeting}\nnew verdict`,
      dryRun: false,
      authors: ACTIONS,
    });
    expect(updated).toMatchObject({ id: 11, updated: true });
  });

  it('App host (the workflow posts with the App token): only <slug>[bot] counts, a github-actions[bot] lookalike included', async () => {
    const app = ['truss-app[bot]'];
    listed(conversation(postedByApp('truss-app'), postedByActions()), 5);
    const found = await everyReader(app);
    expect(found.latest).toEqual([expect.objectContaining({ session_id: GENUINE })]);
    expect(found.metas).toHaveLength(1);
    expect(found.suspended).toEqual([]);
    expect(found.proposers).toEqual([GENUINE]);

    const greeting = stickyMarker('greeting');
    listed(conversation(postedByApp('truss-app'), postedByActions()));
    nock(API)
      .patch(`/repos/${OWNER}/${REPO}/issues/comments/11`)
      .reply(200, comment(11, greeting, postedByApp('truss-app')));
    expect(
      await upsertStickyComment({
        octokit: testOctokit(),
        ...REPO_REF,
        issueNumber: PR,
        marker: greeting,
        body: 'new verdict',
        dryRun: false,
        authors: app,
      }),
    ).toMatchObject({ id: 11, updated: true });
  });

  it('the genuine suspended run is still found by its own host', async () => {
    listed([comment(20, sticky('deploy', suspended), postedByActions())], 2);
    const octokit = testOctokit();
    expect(await findSuspendedSession(octokit, REPO_REF, PR, ACTIONS, 'deploy')).toEqual({
      ...suspended,
      contract: 'deploy',
      workflow_run_id: '31337',
      written_at: expect.any(Number),
    });
    expect(await findSuspendedSessions(octokit, REPO_REF, PR, ['truss-app[bot]'])).toEqual([]);
  });

  it('a bot login counts only as a Bot, through its own app; a user login only without an app', () => {
    const body = sticky('greeting', { session_id: GENUINE });
    expect(isOwnAuthor(comment(1, body, postedByActions()), ACTIONS)).toBe(true);
    // Case differences in the configuration do not matter; GitHub's answer without the app field is fine.
    expect(
      isOwnAuthor({ ...comment(1, body, postedByActions()), performed_via_github_app: null }, [
        'GitHub-Actions[bot]',
      ]),
    ).toBe(true);
    expect(
      isOwnAuthor(
        { ...comment(1, body, postedByActions()), performed_via_github_app: otherApp('echo-bot') },
        ACTIONS,
      ),
    ).toBe(false);
    expect(
      isOwnAuthor(
        comment(1, body, {
          user: { login: 'github-actions[bot]', id: 41898282, type: 'User' },
          performed_via_github_app: null,
        }),
        ACTIONS,
      ),
    ).toBe(false);
    // A personal access token's user: its own comments, not another app's on its behalf.
    const user = { login: 'ci-user', id: 5, type: 'User' };
    expect(isOwnAuthor(comment(1, body, { user, performed_via_github_app: null }), ['ci-user'])).toBe(true);
    expect(isOwnAuthor(comment(1, body, { user, performed_via_github_app: actionsApp() }), ['ci-user'])).toBe(
      false,
    );
    expect(isOwnAuthor(comment(1, body, postedByApp('echo-bot')), ACTIONS)).toBe(false);
    expect(isOwnAuthor({ body, user: null }, ACTIONS)).toBe(false);
  });

  it('configuration: the Action and the App default to github-actions[bot]; empty lists and non-logins are refused', () => {
    const inputs = (authors: string) => (name: string) =>
      ({ 'github-token': 'ghs_test', 'comment-authors': authors })[name] ?? '';
    expect(readInputs(inputs('')).commentAuthors).toEqual(['github-actions[bot]']);
    expect(readInputs(inputs('truss-app[bot], github-actions[bot]')).commentAuthors).toEqual([
      'truss-app[bot]',
      'github-actions[bot]',
    ]);
    expect(() => readInputs(inputs('@truss-app[bot]'))).toThrow(
      /input comment-authors: comment-authors: "@truss-app\[bot\]" is not a GitHub login/,
    );
    const env = {
      APP_ID: '123',
      WEBHOOK_SECRET: 's3cret',
      TRUSS_APP_SIGNING_KEY: SigningKey.generate().seedBase64,
    };
    expect(readAppConfig(env, '/tmp').commentAuthors).toEqual(['github-actions[bot]']);
    expect(
      readAppConfig({ ...env, TRUSS_APP_COMMENT_AUTHORS: 'truss-app[bot]' }, '/tmp').commentAuthors,
    ).toEqual(['truss-app[bot]']);
    expect(() => readAppConfig({ ...env, TRUSS_APP_COMMENT_AUTHORS: '*[bot]' }, '/tmp')).toThrow(
      AppConfigError,
    );
    expect(() => parseTrussAuthors(' , ', 'comment-authors')).toThrow(CommentAuthorError);
  });

  it('a run whose check shows another poster than the configured authors says which setting to change', () => {
    const log = captureLog();
    warnUnlistedPoster('truss-app[bot]', ACTIONS, log);
    warnUnlistedPoster('github-actions[bot]', ACTIONS, log);
    warnUnlistedPoster(undefined, ACTIONS, log);
    expect(log.text()).toContain(
      'this token posts as truss-app[bot], which is not among the comment authors (github-actions[bot])',
    );
    expect(log.text().match(/posts as/g)).toHaveLength(1);
  });
});
