import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ActionHarness, webhookExample } from '../helpers/action-harness.js';
import { contractToml, TRUE_CHECK } from '../helpers/contract-toml.js';

/**
 * A `workflow_run` job (the real `workflow_run.completed` example: a run of a pull request's
 * workflow) is checked out at the default branch, while its payload is about the pull request's
 * commit. With `mode: run` the action judged the default branch and reported PASS, which the
 * workflow's author — told by a warning to "run Truss from workflow_run" for fork pull requests —
 * reads as the pull request's verdict. It is refused now, saying what to use instead.
 */
describe('mode: run on a workflow_run event', () => {
  let harness: ActionHarness;
  beforeEach(() => {
    harness = new ActionHarness();
    harness.baseContract = contractToml({ id: 'greeting-0001', intent: 'anything' }, TRUE_CHECK);
  });
  afterEach(async () => {
    await harness.stop();
  });

  it('is refused, naming the event and the Truss App; nothing is judged', async () => {
    const payload = webhookExample('workflow_run', 'completed');
    const run = await harness.run({
      eventName: 'workflow_run',
      payload,
      workspace: harness.cloneWorkspace(),
      sha: harness.baseSha,
      env: { INPUT_MODE: 'run', INPUT_UPLOAD_ARTIFACT: 'false' },
    });
    expect(run.code, run.stdout.slice(-2000)).not.toBe(0);
    expect(run.stdout).toMatch(/::error::truss does not run on the workflow_run event: .*Truss App/);
    expect(run.outputs.verdict ?? '').toBe('');
    expect(harness.fake.calls('POST', /\/check-runs$/)).toEqual([]);
  });
});
