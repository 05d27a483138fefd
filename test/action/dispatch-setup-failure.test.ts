import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActionHarness, appDispatchPayload } from '../helpers/action-harness.js';

/**
 * The Truss App queues `truss / <contract>` and dispatches the workflow; the job completes that check
 * whatever happens (docs/action.md: a check run Truss started is always completed). A job that failed
 * while setting up — a signing-key that is not a key, a workdir that is not there — failed the step
 * but left the App's check queued for good: the pull request showed it waiting, never failed, and
 * the reason only in a log nobody was pointed to.
 */
describe("an App dispatch whose setup fails: the App's queued check completes as failure", () => {
  let harness: ActionHarness;
  beforeAll(() => {
    harness = new ActionHarness();
  });
  afterAll(async () => {
    await harness.stop();
  });

  it.each([
    [{ INPUT_SIGNING_KEY: 'not a key!' }, /input signing-key is not base64/],
    [{ INPUT_WORKDIR: 'packages/app' }, /input workdir: .*packages\/app does not exist/],
    [{ INPUT_FAIL_ON: 'failure' }, /invalid action inputs:(\n|%0A)input fail-on: got "failure"/],
  ])('%o', async (env, reason) => {
    const id = 6000 + harness.checkRuns.length;
    harness.checkRuns.push({
      id,
      name: 'truss / greeting',
      head_sha: harness.headSha,
      status: 'queued',
      conclusion: null,
      output: null,
      html_url: `https://github.com/Codertocat/Hello-World/runs/${id}`,
    });
    const run = await harness.run({
      eventName: 'workflow_dispatch',
      payload: appDispatchPayload(harness.headSha, { check_run_id: String(id) }),
      workspace: harness.headWorkspace(),
      sha: harness.baseSha,
      env,
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(new RegExp(`::error::${reason.source}`));
    const patches = harness.fake.calls('PATCH', new RegExp(`/check-runs/${id}$`));
    expect(patches).toHaveLength(1);
    expect(patches[0]?.body).toMatchObject({
      status: 'completed',
      conclusion: 'failure',
      output: { title: 'truss could not run', summary: expect.stringMatching(reason) },
    });
    // Nothing else was run or written.
    expect(harness.fake.requests.filter((r) => r.method !== 'PATCH' && r.method !== 'GET')).toEqual([]);
  });
});
