import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { expectNoPendingMocks, useNock } from '../helpers/nock-guard.js';
import {
  API,
  allowLists,
  appConfig,
  HEAD,
  makeProbot,
  nockPermission,
  nockToken,
  ownApp,
  PR,
  R,
  receiveComment,
} from './app-kit.js';

/**
 * Truss's own comments are never commands to it. With a trigger without a slash (`truss`) and every
 * bot allowed (`TRUSS_APP_ALLOWED_BOTS=*`), the App's answer to `truss status` started with
 * `truss status for …`: read back as a command by an allowed bot, it was answered again, and that
 * answer again, without end. Any comment by Truss's own bot that reads as a command is ignored.
 */
describe('Truss App: its own comments', () => {
  useNock();

  it("never reads the App's own status reply as a command, even when every bot may run commands", async () => {
    const probot = await makeProbot(appConfig({ trigger: 'truss', ...allowLists('', '*') }));
    const body = `truss status for ${HEAD.slice(0, 7)}:\n\n| check | status | conclusion |\n|---|---|---|\n| \`truss / greeting\` | \`completed\` | \`success\` |`;
    nockToken();
    nockPermission('truss-app[bot]', 'write');
    nock(API).get('/app').reply(200, { id: 123, slug: 'truss-app' });
    // What answering it again would ask: none of it may happen.
    nock(API)
      .get(`${R}/pulls/${PR}`)
      .optionally()
      .reply(200, { head: { sha: HEAD } });
    nock(API)
      .get(`${R}/commits/${HEAD}/check-runs`)
      .query(true)
      .optionally()
      .reply(200, {
        total_count: 1,
        check_runs: [
          {
            id: 1,
            name: 'truss / greeting',
            head_sha: HEAD,
            status: 'completed',
            conclusion: 'success',
            app: ownApp(),
          },
        ],
      });
    nock(API)
      .post(/\/reactions$/)
      .optionally()
      .reply(201, {})
      .persist();
    const replies: string[] = [];
    nock(API)
      .post(`${R}/issues/${PR}/comments`, (b) => {
        replies.push(b.body);
        return true;
      })
      .optionally()
      .reply(201, { id: 10 });
    await receiveComment(probot, 'own-1', body, {
      user: { login: 'truss-app[bot]', type: 'Bot', id: 1_000_123 },
    });
    expect(replies).toEqual([]);
    nock.cleanAll();
    expectNoPendingMocks();
  });
  it("never answers the App's own note on an issue as a command (trigger `truss`: the note starts with `Truss commands`)", async () => {
    const probot = await makeProbot(appConfig({ trigger: 'truss' }));
    const note =
      '<!-- truss:not-a-pull-request login=codertocat -->\nTruss commands work on pull requests: comment `truss run` on the pull request you want checked.';
    nockToken();
    nock(API).get('/app').reply(200, { id: 123, slug: 'truss-app' });
    const asked: string[] = [];
    // Answering it would read the comments and post (or react): none of it may happen.
    nock(API)
      .get(`${R}/issues/1/comments`)
      .query(true)
      .optionally()
      .reply(200, () => {
        asked.push('comments');
        return [];
      });
    nock(API)
      .post(`${R}/issues/1/comments`, (b) => {
        asked.push(b.body);
        return true;
      })
      .optionally()
      .reply(201, { id: 11 });
    nock(API)
      .post(/\/reactions$/)
      .optionally()
      .reply(201, () => {
        asked.push('reaction');
        return {};
      });
    await receiveComment(probot, 'own-2', note, {
      onPullRequest: false,
      user: { login: 'truss-app[bot]', type: 'Bot', id: 1_000_123 },
    });
    expect(asked).toEqual([]);
    nock.cleanAll();
    expectNoPendingMocks();
  });
  it("never refuses the App's own failure reply as a command when bots are not allowed (trigger `truss`: the reply starts with `truss could not`)", async () => {
    // No allowed bots (the default): the App's bot is refused like any bot, and the refusal was
    // posted to the App itself, then 😕 on each of its later failure replies.
    const probot = await makeProbot(appConfig({ trigger: 'truss' }));
    const reply =
      "truss could not run: there are no contracts in .truss/contracts/ on the pull request's base (master); add one (see docs/contracts.md)";
    nockToken();
    nock(API).get('/app').reply(200, { id: 123, slug: 'truss-app' });
    const asked: string[] = [];
    // Refusing it would ask the bot's permission, read the comments and post (or react): none may happen.
    nock(API)
      .get(/\/collaborators\/.*\/permission$/)
      .optionally()
      .reply(200, () => {
        asked.push('permission');
        return { permission: 'none', role_name: 'none' };
      });
    nock(API)
      .get(`${R}/issues/${PR}/comments`)
      .query(true)
      .optionally()
      .reply(200, () => {
        asked.push('comments');
        return [];
      });
    nock(API)
      .post(`${R}/issues/${PR}/comments`, (b) => {
        asked.push(b.body);
        return true;
      })
      .optionally()
      .reply(201, { id: 12 });
    nock(API)
      .post(/\/reactions$/)
      .optionally()
      .reply(201, () => {
        asked.push('reaction');
        return {};
      });
    await receiveComment(probot, 'own-3', reply, {
      user: { login: 'truss-app[bot]', type: 'Bot', id: 1_000_123 },
    });
    expect(asked).toEqual([]);
    nock.cleanAll();
    expectNoPendingMocks();
  });
});
