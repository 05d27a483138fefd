/**
 * A refused command is explained once per account and pull request; the earlier explanation is
 * found only among Truss's own comments, so a marker someone else pastes cannot silence it.
 */
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { ACTIONS_BOT } from '../../src/github/own-comment.js';
import { alreadyRefused, refusalMarker, refusalReply } from '../../src/github/refusal.js';
import { expectNoPendingMocks, useNock } from '../helpers/nock-guard.js';
import { API, OWNER, REPO, testOctokit } from './helpers.js';

useNock();

const comments = (list: unknown[]) =>
  nock(API).get(`/repos/${OWNER}/${REPO}/issues/7/comments`).query(true).reply(200, list);
const check = (login: string) =>
  alreadyRefused({
    octokit: testOctokit(),
    repo: { owner: OWNER, repo: REPO },
    issueNumber: 7,
    login,
    authors: [ACTIONS_BOT],
  });

describe('alreadyRefused', () => {
  const truss = { login: ACTIONS_BOT, type: 'Bot' };

  it("finds Truss's own reply to that account, whatever the login's case", async () => {
    comments([{ id: 1, body: refusalReply('Bob', 'no write access', '/truss'), user: truss }]);
    expect(await check('bob')).toBe(true);
    comments([{ id: 1, body: refusalReply('Bob', 'no write access', '/truss'), user: truss }]);
    expect(await check('alice')).toBe(false);
    expectNoPendingMocks();
  });

  it('ignores the marker in anyone else’s comment, or anywhere but the start', async () => {
    comments([
      { id: 1, body: refusalMarker('bob'), user: { login: 'bob', type: 'User' } },
      { id: 2, body: refusalMarker('bob'), user: { login: 'other-bot[bot]', type: 'Bot' } },
      { id: 3, body: `> quoted\n${refusalMarker('bob')}`, user: truss },
    ]);
    expect(await check('bob')).toBe(false);
    expectNoPendingMocks();
  });
});
