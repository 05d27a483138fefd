import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ActionHarness, appDispatchPayload, OWNER, REPO, webhookExample } from '../helpers/action-harness.js';
import { otherApp } from '../helpers/comment-authors.js';
import { contractToml, TRUE_CHECK } from '../helpers/contract-toml.js';

/**
 * A `workflow_dispatch` whose `pr_number` is not a pull request number (`#2`, `2abc`, `-1`) was read
 * as "no pull request": the run judged the dispatched branch and reported PASS as if it were the
 * pull request's verdict, and an App-queued check on the head failed with an unrelated reason. Such
 * an input is now an error that names it and says what to do, and nothing is judged.
 */
describe('workflow_dispatch with a malformed pr_number', () => {
  let harness: ActionHarness;
  beforeEach(() => {
    harness = new ActionHarness();
    // Passes on any commit: without the check, the dispatched branch (main) would get a green verdict.
    harness.baseContract = contractToml({ id: 'greeting-0001', intent: 'anything' }, TRUE_CHECK);
  });
  afterEach(async () => {
    await harness.stop();
  });

  for (const value of ['#2', '2abc', '-1', '2.5']) {
    it(`pr_number "${value}": refused, naming the input; no verdict`, async () => {
      const payload = webhookExample('workflow_dispatch');
      payload.inputs = { pr_number: value };
      const workspace = harness.cloneWorkspace();
      const run = await harness.run({
        eventName: 'workflow_dispatch',
        payload,
        workspace,
        sha: harness.baseSha,
      });
      expect(run.code, run.stdout.slice(-2000)).not.toBe(0);
      expect(run.stdout).toContain(
        '::error::workflow_dispatch input pr_number must be a pull request number',
      );
      expect(run.outputs.verdict).toBeUndefined();
      expect(harness.checkRuns.filter((c) => c.conclusion === 'success')).toEqual([]);
    });
  }

  it("the App's queued check completes as a failure that names pr_number", async () => {
    harness.useAppToken('truss-app');
    harness.checkRuns.push({
      app: otherApp('truss-app'),
      id: 9001,
      name: 'truss / greeting',
      head_sha: harness.headSha,
      status: 'queued',
      conclusion: null,
      html_url: `https://github.com/${OWNER}/${REPO}/runs/9001`,
      details_url: null,
      output: null,
    });
    const payload = appDispatchPayload(harness.headSha, { check_run_id: '9001', requester: 'Codertocat' });
    (payload.inputs as Record<string, string>).pr_number = '2abc';
    const run = await harness.run({
      eventName: 'workflow_dispatch',
      payload,
      workspace: harness.cloneWorkspace(),
      sha: harness.baseSha,
    });
    expect(run.code).not.toBe(0);
    const check = harness.checkRuns.find((c) => c.id === 9001);
    expect(check).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(check?.output?.summary).toContain('pr_number must be a pull request number');
  });

  it('an empty pr_number still means the dispatched branch (the control)', async () => {
    const payload = webhookExample('workflow_dispatch');
    payload.inputs = { pr_number: '' };
    const run = await harness.run({
      eventName: 'workflow_dispatch',
      payload,
      workspace: harness.cloneWorkspace(),
      sha: harness.baseSha,
    });
    expect(run.outputs.verdict, run.stdout.slice(-2000)).toBe('pass');
  });
});
