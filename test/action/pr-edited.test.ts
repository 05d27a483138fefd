import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ActionHarness, pullRequestPayload } from '../helpers/action-harness.js';
import { git } from '../helpers/git.js';

/**
 * A pull request's `edited` event (the documented `changes` shape: `changes.title.from`, or
 * `changes.base.ref.from` and `changes.base.sha.from` when the base branch was changed). Contracts
 * come from the base, so a pull request retargeted at a branch with weaker contracts, judged there
 * and retargeted back kept that verdict on its head: an edit that changes the base is judged again
 * by the new base; a title or description edit runs nothing.
 */
describe('the action on pull_request.edited', () => {
  let harness: ActionHarness;
  beforeEach(() => {
    harness = new ActionHarness();
  });
  afterEach(async () => {
    await harness.stop();
  });

  function edited(changes: Record<string, unknown>): Record<string, unknown> {
    const headSha = git(harness.source, 'rev-parse', 'HEAD');
    return { ...pullRequestPayload(headSha, harness.baseSha), action: 'edited', changes };
  }

  it('a title edit runs nothing and posts nothing; the verdicts on the head stand', async () => {
    const run = await harness.run({
      eventName: 'pull_request',
      payload: edited({ title: { from: 'Update the README with new information' } }),
    });
    const output = run.stdout + run.stderr;
    expect(run.code, output).toBe(0);
    expect(output).toContain('::notice::the pull request was edited without changing its base branch');
    expect(run.outputs.verdict ?? '').toBe('');
    expect(harness.fake.calls('POST', /\/check-runs$/)).toEqual([]);
    expect(harness.fake.calls('POST', /\/issues\/\d+\/comments$/)).toEqual([]);
  });

  it('a base change is judged again with the contracts of the new base', async () => {
    const run = await harness.run({
      eventName: 'pull_request',
      payload: edited({ base: { ref: { from: 'release-0.9' }, sha: { from: '0'.repeat(40) } } }),
    });
    const output = run.stdout + run.stderr;
    expect(run.code, output).toBe(0);
    expect(run.outputs.verdict).toBe('pass');
    const created = harness.fake.calls('POST', /\/check-runs$/).map((call) => call.body as { name: string });
    expect(created.map((body) => body.name)).toContain('truss / greeting-0001');
  });
});
