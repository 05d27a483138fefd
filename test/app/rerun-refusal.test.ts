import { describe, expect, it } from 'vitest';
import { postedByApp } from '../helpers/comment-authors.js';
import { webhookExample } from '../helpers/fake-github.js';
import { expectNoPendingMocks, useNock } from '../helpers/nock-guard.js';
import {
  APP_ID,
  asInstallation,
  HEAD,
  makeProbot,
  nockComments,
  nockNoEarlierRefusal,
  nockPermission,
  nockReply,
  nockToken,
  ownApp,
  PR,
} from './app-kit.js';

/**
 * Re-running a check is refused like a command (refusal.ts): the first refusal of an account on a
 * pull request is a reply, later ones post nothing. Any installed app with `checks: write` can ask
 * GitHub to re-request the App's check as often as it likes, and each one was a new comment.
 */
describe('Truss App: a refused check re-run', () => {
  useNock();

  it('tells an account once per pull request why it may not re-run a check; later re-requests post nothing', async () => {
    const payload = asInstallation(webhookExample('check_run', 'rerequested'));
    const check = payload.check_run as Record<string, unknown>;
    check.name = 'truss / greeting';
    check.head_sha = HEAD;
    check.app = ownApp();
    check.external_id = JSON.stringify({ v: 1, d: 'old', c: null, p: PR, n: 'greeting', s: HEAD, m: 'run' });
    (payload.repository as Record<string, unknown>).default_branch = 'main';
    // Another installed app's bot, which the API lets re-request any check run on the repository.
    const { user } = postedByApp('busy-ci');
    payload.sender = { ...(payload.sender as Record<string, unknown>), ...user };
    const probot = await makeProbot();

    nockToken();
    nockPermission('busy-ci[bot]', 'write');
    nockNoEarlierRefusal();
    const replies = nockReply();
    await probot.receive({ id: 'rerun-a', name: 'check_run', payload } as never);
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatch(/^<!-- truss:refused login=busy-ci\[bot\] -->\n/);
    expect(replies[0]).toContain(
      'busy-ci[bot] is a bot; bots may trigger Truss only when listed in allowed-bots',
    );
    expectNoPendingMocks();

    // Asked again: the App's own earlier refusal is on the pull request, so nothing is posted.
    nockPermission('busy-ci[bot]', 'write');
    nockComments([{ id: 9, body: replies[0], ...postedByApp('truss-app', APP_ID) }]);
    await probot.receive({ id: 'rerun-b', name: 'check_run', payload } as never);
    expectNoPendingMocks();
  });
});
