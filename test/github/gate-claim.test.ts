/**
 * The atomic claim of an approval gate (src/github/gate-claim.ts): a 🚀 reaction on the suspension's
 * own gate comment. GitHub answers 201 to the request that creates it and 200 to the same account's
 * later ones, so of two jobs of one account exactly one holds the gate; of two accounts, the earlier
 * bot reaction does.
 */
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import {
  announceGate,
  claimGate,
  GateClaimError,
  GateHeldError,
  gateMarker,
} from '../../src/github/gate-claim.js';
import { MissingPermissionError } from '../../src/github/octokit.js';
import { postedByActions, postedByApp } from '../helpers/comment-authors.js';
import { useNock } from '../helpers/nock-guard.js';
import { API, captureLog, exampleComment, OWNER, REPO, testOctokit } from './helpers.js';

useNock();

const PR = 2;
const SESSION = 'sess-0123456789abcdef';
const SEQ = 7;
const AUTHORS = ['github-actions[bot]'];
const COMMENTS = `/repos/${OWNER}/${REPO}/issues/${PR}/comments`;
const GATE_ID = 9001;
const REACTIONS = `/repos/${OWNER}/${REPO}/issues/comments/${GATE_ID}/reactions`;

/** The gate comment as GitHub lists it, posted with GITHUB_TOKEN. */
function gateComment(extra: Record<string, unknown> = {}) {
  return {
    ...exampleComment(),
    id: GATE_ID,
    html_url: `https://github.com/${OWNER}/${REPO}/pull/${PR}#issuecomment-${GATE_ID}`,
    body: `${gateMarker(SESSION, SEQ)}\n⏸️ gated`,
    ...postedByActions(),
    ...extra,
  };
}

/** A reaction as GitHub returns it. */
function reaction(id: number, user: { login: string; id: number; type: string }) {
  return { id, node_id: `REA_${id}`, user, content: 'rocket', created_at: '2019-05-15T15:20:30Z' };
}

const actions = postedByActions().user;
const app = postedByApp('truss-app').user;

function claim(log = captureLog()) {
  return claimGate({
    octokit: testOctokit(log),
    owner: OWNER,
    repo: REPO,
    prNumber: PR,
    sessionId: SESSION,
    suspendedSeq: SEQ,
    authors: AUTHORS,
    log,
  });
}

describe('announceGate', () => {
  it('posts one gate comment per suspension, and leaves an existing one as it is', async () => {
    const posted: string[] = [];
    nock(API)
      .get(COMMENTS)
      .query(true)
      .reply(200, [])
      .post(COMMENTS, (body: { body: string }) => {
        posted.push(body.body);
        return true;
      })
      .reply(201, gateComment());
    const first = await announceGate({
      octokit: testOctokit(),
      owner: OWNER,
      repo: REPO,
      prNumber: PR,
      sessionId: SESSION,
      suspendedSeq: SEQ,
      authors: AUTHORS,
      contract: 'gated-bash',
      dryRun: false,
    });
    expect(first.id).toBe(GATE_ID);
    expect(posted).toHaveLength(1);
    expect(posted[0]?.startsWith(`<!-- truss:gate session=${SESSION} seq=${SEQ} -->\n`)).toBe(true);
    expect(posted[0]).toContain('`gated-bash`');
    expect(posted[0]).toContain('marks this comment 🚀 before it runs anything');

    // The same suspension again (a rejection kept it suspended): the body is written back unchanged.
    const existing = gateComment({ body: posted[0] });
    nock(API)
      .get(COMMENTS)
      .query(true)
      .reply(200, [existing])
      .patch(`/repos/${OWNER}/${REPO}/issues/comments/${GATE_ID}`, { body: posted[0] as string })
      .reply(200, existing);
    await announceGate({
      octokit: testOctokit(),
      owner: OWNER,
      repo: REPO,
      prNumber: PR,
      sessionId: SESSION,
      suspendedSeq: SEQ,
      authors: AUTHORS,
      contract: 'gated-bash',
      dryRun: false,
    });
  });
});

describe('claimGate', () => {
  it('claims with a new reaction (201) when no bot reacted before; release removes exactly that reaction', async () => {
    nock(API)
      .get(COMMENTS)
      .query(true)
      .reply(200, [gateComment()])
      .post(REACTIONS, { content: 'rocket' })
      .reply(201, reaction(555, actions))
      .get(REACTIONS)
      .query({ content: 'rocket', per_page: '100' })
      .reply(200, [reaction(555, actions)]);
    const log = captureLog();
    const held = await claim(log);
    expect(held).toMatchObject({ commentId: GATE_ID, reactionId: 555 });
    expect(log.text()).toContain(`claimed the approval gate of ${SESSION} at seq ${SEQ}`);
    nock(API).delete(`${REACTIONS}/555`).reply(204);
    await held.release();
    expect(log.text()).toContain(`released the approval gate of ${SESSION}`);
  });

  it('two jobs of one account: the second gets 200 (already reacted) and holds nothing', async () => {
    // GitHub's answer to a reaction the same account already added: 200 with the existing reaction.
    let reacted = false;
    nock(API)
      .get(COMMENTS)
      .query(true)
      .times(2)
      .reply(200, [gateComment()])
      .post(REACTIONS, { content: 'rocket' })
      .times(2)
      .reply(() => {
        const status = reacted ? 200 : 201;
        reacted = true;
        return [status, reaction(555, actions)];
      })
      .get(REACTIONS)
      .query({ content: 'rocket', per_page: '100' })
      .reply(200, [reaction(555, actions)]);
    const outcomes = await Promise.allSettled([claim(), claim()]);
    const claimed = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as Error] : []));
    expect(claimed).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toBeInstanceOf(GateHeldError);
    expect(refused[0]?.message).toContain(`another truss job is resuming ${SESSION}`);
    expect(refused[0]?.message).toContain('🚀 first (reaction 555)');
    expect(refused[0]?.message).toContain(
      'start a new run of the contract, or remove that 🚀 with the token that added it',
    );
  });

  it("two accounts (the workflow's and the App's): the later bot reaction withdraws itself and holds nothing", async () => {
    nock(API)
      .get(COMMENTS)
      .query(true)
      .reply(200, [gateComment()])
      .post(REACTIONS, { content: 'rocket' })
      .reply(201, reaction(600, actions))
      .get(REACTIONS)
      .query({ content: 'rocket', per_page: '100' })
      .reply(200, [reaction(590, app), reaction(600, actions)])
      .delete(`${REACTIONS}/600`)
      .reply(204);
    const error = await claim().catch((e: Error) => e);
    expect(error).toBeInstanceOf(GateHeldError);
    expect((error as Error).message).toContain('(as truss-app[bot])');
    expect((error as Error).message).toContain('(reaction 590)');
  });

  it("a human's 🚀 before the bot's does not hold the gate", async () => {
    const human = exampleComment().user;
    nock(API)
      .get(COMMENTS)
      .query(true)
      .reply(200, [gateComment()])
      .post(REACTIONS, { content: 'rocket' })
      .reply(201, reaction(700, actions))
      .get(REACTIONS)
      .query({ content: 'rocket', per_page: '100' })
      .reply(200, [reaction(650, human), reaction(700, actions)]);
    expect((await claim()).reactionId).toBe(700);
  });

  it("refuses when the pull request has no gate comment of Truss's (a lookalike by someone else does not count)", async () => {
    nock(API)
      .get(COMMENTS)
      .query(true)
      .reply(200, [gateComment({ ...postedByApp('other-bot') })]);
    const error = await claim().catch((e: Error) => e);
    expect(error).toBeInstanceOf(GateClaimError);
    expect((error as Error).message).toContain(
      `has no gate comment (<!-- truss:gate session=${SESSION} seq=${SEQ} -->)`,
    );
    expect((error as Error).message).toContain('start a new run of the contract');
  });

  it('a gate comment of another suspension (an earlier seq) is not this one', async () => {
    nock(API)
      .get(COMMENTS)
      .query(true)
      .reply(200, [gateComment({ body: `${gateMarker(SESSION, 3)}\n⏸️` })]);
    await expect(claim()).rejects.toBeInstanceOf(GateClaimError);
  });

  it('a token that may not react fails closed, naming the permission', async () => {
    nock(API)
      .get(COMMENTS)
      .query(true)
      .reply(200, [gateComment()])
      .post(REACTIONS, { content: 'rocket' })
      .reply(403, { message: 'Resource not accessible by integration' });
    const error = await claim().catch((e: Error) => e);
    expect(error).toBeInstanceOf(MissingPermissionError);
    expect((error as Error).message).toContain('`pull-requests: write`');
    expect((error as Error).message).toContain('nothing was run');
  });

  it('a release that fails says which reaction to remove by hand', async () => {
    nock(API)
      .get(COMMENTS)
      .query(true)
      .reply(200, [gateComment()])
      .post(REACTIONS, { content: 'rocket' })
      .reply(201, reaction(555, actions))
      .get(REACTIONS)
      .query({ content: 'rocket', per_page: '100' })
      .reply(200, [reaction(555, actions)])
      .delete(`${REACTIONS}/555`)
      .reply(403, { message: 'Resource not accessible by integration' });
    const log = captureLog();
    const held = await claim(log);
    await held.release();
    expect(log.lines).toContainEqual({
      level: 'warning',
      message: `could not release the approval gate of ${SESSION} (HTTP 403): approvals of it are refused while the rocket reaction 555 on https://github.com/${OWNER}/${REPO}/pull/${PR}#issuecomment-${GATE_ID} stands; remove it with this workflow's token, or start a new run of the contract`,
    });
  });
});
