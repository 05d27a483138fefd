import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ActionHarness, issueCommentPayload } from '../helpers/action-harness.js';

/**
 * Who may run `/truss` from a comment (docs/action.md "Security model"): a comment GitHub delivers
 * without an author (`user: null`, an account it no longer names) has nobody whose permission could
 * be checked. It used to be asked for as the stand-in login `unknown` — a real account name someone
 * may own, and may list in `allowed-users` — so a write permission of that account ran the command.
 * Now nothing runs and nobody is asked. The others that must not run it are refused as before.
 */
describe('/truss from a comment whose author cannot be trusted', () => {
  let harness: ActionHarness;
  beforeEach(() => {
    harness = new ActionHarness();
  });
  afterEach(async () => {
    await harness.stop();
  });

  async function comment(
    user: { login: string; type: 'User' | 'Bot' } | null,
    env: Record<string, string> = {},
  ) {
    const payload = issueCommentPayload('/truss run');
    (payload.comment as Record<string, unknown>).user = user;
    return harness.run({
      eventName: 'issue_comment',
      payload,
      workspace: harness.cloneWorkspace(),
      env: { INPUT_UPLOAD_ARTIFACT: 'false', ...env },
    });
  }

  it('no author: nothing runs, nobody is asked, no reply', async () => {
    harness.allow('unknown', 'write');
    const run = await comment(null, { INPUT_ALLOWED_USERS: 'unknown' });
    expect(run.code, run.stdout.slice(-2000)).toBe(0);
    expect(run.outputs.verdict ?? '').toBe('');
    expect(harness.fake.calls('GET', /\/collaborators\//)).toEqual([]);
    expect(harness.fake.calls('POST', /\/check-runs$/)).toEqual([]);
    expect(harness.comments).toEqual([]);
  });

  for (const [who, user, permission] of [
    ['a read-only collaborator', { login: 'reader', type: 'User' }, 'read'],
    ['a bot with write access', { login: 'helper[bot]', type: 'Bot' }, 'write'],
    ["a login typed 'User' that ends in [bot]", { login: 'helper[bot]', type: 'User' }, 'write'],
    ['the fork author (no access)', { login: 'mallory', type: 'User' }, null],
  ] as const) {
    it(`${who}: a polite reply, nothing runs`, async () => {
      if (permission) harness.allow(user.login, permission);
      const run = await comment(user);
      expect(run.outputs.verdict ?? '', run.stdout.slice(-2000)).toBe('');
      expect(harness.fake.calls('POST', /\/check-runs$/)).toEqual([]);
      expect(harness.comments.map((c) => c.body).join('\n')).toContain("I can't act on this comment");
    });
  }
});
