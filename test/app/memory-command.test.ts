import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { expectNoPendingMocks, useNock } from '../helpers/nock-guard.js';
import {
  API,
  allowLists,
  appConfig,
  BASE,
  HEAD,
  makeProbot,
  nockDispatch,
  nockNoWorkflowConfig,
  nockPermission,
  nockReactions,
  nockReply,
  nockToken,
  PR,
  R,
  receiveComment,
} from './app-kit.js';

/**
 * docs/app.md "Memory commands": `/truss memory promote|revoke ID` through the App. A maintainer's
 * command dispatches the repository's Truss workflow in `mode: memory` (the trusted job that signs
 * the decision), on a fork's pull request too (that job finds the fork's proposal in its run's
 * artifact); an allow-listed user without write access is refused with a reply and dispatches nothing.
 */

const COMMENT_ID = 555;
const ID = '974c3a6f925f';

/** GET the pull request, its head in `headRepo` (the base is Codertocat/Hello-World). */
function nockPull(headRepo: string, times = 1): void {
  nock(API)
    .get(`${R}/pulls/${PR}`)
    .times(times)
    .reply(200, {
      number: PR,
      head: { sha: HEAD, repo: { full_name: headRepo } },
      base: { sha: BASE, repo: { full_name: 'Codertocat/Hello-World' } },
    });
}

describe('Truss App: /truss memory commands', () => {
  useNock();

  it('a maintainer on a same-repository PR: the workflow is dispatched in mode memory with the validated id', async () => {
    const probot = await makeProbot();
    nockToken();
    nockPermission('Codertocat', 'maintain');
    const seen = nockReactions(COMMENT_ID);
    nockPull('Codertocat/Hello-World');
    nockNoWorkflowConfig();
    const dispatched: Record<string, unknown>[] = [];
    nockDispatch('truss.yml', 204, (body) => dispatched.push(body));
    const replies = nockReply();
    await receiveComment(probot, 'delivery-m1', `/truss memory revoke ${ID} it regressed; rm -rf /`, {
      commentId: COMMENT_ID,
    });
    expect(dispatched).toEqual([
      {
        ref: 'master',
        inputs: {
          pr_number: String(PR),
          head_sha: HEAD,
          contract: '',
          requester: 'Codertocat',
          check_run_id: '',
          mode: 'memory',
          memory_command: 'revoke',
          memory_entry: ID,
          memory_reason: 'it regressed; rm -rf /',
        },
      },
    ]);
    expect(replies[0]).toContain('(mode memory) to revoke memory entry');
    expect(seen).toEqual(['rocket']);
    expectNoPendingMocks();
  });

  it("a maintainer on a fork's pull request: dispatched too (the trusted job finds the fork's proposal in its artifact)", async () => {
    const probot = await makeProbot();
    nockToken();
    nockPermission('Codertocat', 'admin');
    const seen = nockReactions(COMMENT_ID);
    nockPull('attacker/Hello-World');
    nockNoWorkflowConfig();
    const dispatched: Record<string, unknown>[] = [];
    nockDispatch('truss.yml', 204, (body) => dispatched.push(body));
    const replies = nockReply();
    await receiveComment(probot, 'delivery-m2', `/truss memory promote ${ID}`, { commentId: COMMENT_ID });
    expect(dispatched).toEqual([
      {
        ref: 'master',
        inputs: expect.objectContaining({
          pr_number: String(PR),
          head_sha: HEAD,
          mode: 'memory',
          memory_command: 'promote',
          memory_entry: ID,
          requester: 'Codertocat',
        }),
      },
    ]);
    expect(replies[0]).toContain('(mode memory) to promote memory entry');
    expect(seen).toEqual(['rocket']);
    expectNoPendingMocks();
  });

  it("a commenter without write access on a fork's pull request: refused, nothing looked up or dispatched", async () => {
    const probot = await makeProbot(appConfig(allowLists('codertocat')));
    nockToken();
    nockPermission('Codertocat', 'triage');
    const seen = nockReactions(COMMENT_ID);
    const replies = nockReply();
    await receiveComment(probot, 'delivery-m5', `/truss memory promote ${ID}`, { commentId: COMMENT_ID });
    expect(replies[0]).toContain('is for maintainers');
    expect(replies[0]).toContain('has triage access');
    expect(seen).toEqual(['confused']);
    expectNoPendingMocks();
  });

  it('an allow-listed user without write access may run contracts but not decide memory', async () => {
    const probot = await makeProbot(appConfig(allowLists('codertocat')));
    nockToken();
    nockPermission('Codertocat', 'read');
    const seen = nockReactions(COMMENT_ID);
    const replies = nockReply();
    await receiveComment(probot, 'delivery-m3', `/truss memory promote ${ID}`, { commentId: COMMENT_ID });
    expect(replies[0]).toContain('is for maintainers');
    expect(seen).toEqual(['confused']);
    expectNoPendingMocks();
  });

  it('a malformed id is answered as invalid before anything is looked up', async () => {
    const probot = await makeProbot();
    nockToken();
    nockPermission('Codertocat', 'admin');
    const seen = nockReactions(COMMENT_ID);
    const replies = nockReply();
    await receiveComment(probot, 'delivery-m4', '/truss memory promote ../../etc', { commentId: COMMENT_ID });
    expect(replies[0]).toContain('is not a memory entry id');
    expect(seen).toEqual(['confused']);
    expectNoPendingMocks();
  });
});
