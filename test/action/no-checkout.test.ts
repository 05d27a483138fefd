import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActionHarness, appDispatchPayload, createdCheckRuns } from '../helpers/action-harness.js';
import { contractToml } from '../helpers/contract-toml.js';

/**
 * A new user's most common slip: the job has no `actions/checkout` step before truss, or checks the
 * repository out into a subdirectory (`path:`) without telling truss (`workdir`). The check runs in a
 * directory that is not the pull request's code at all, and its verdict was posted and signed as the
 * head commit's: a contract that forbids something ("no private key is committed") PASSED on an empty
 * directory and went green on the pull request. The run must refuse before any check runs, naming
 * the fix (docs/action.md "Quick setup").
 */
const NO_PRIVATE_KEY = contractToml(
  { id: 'no-private-key', intent: 'No private key is committed' },
  { kind: 'check', desc: 'no PEM private key in the tree', run: "! grep -rqs 'BEGIN PRIVATE KEY' ." },
);

describe('a run without a checkout of the code it judges', () => {
  let harness: ActionHarness;

  beforeAll(() => {
    harness = new ActionHarness();
    harness.baseContract = NO_PRIVATE_KEY;
  });

  afterAll(async () => {
    await harness.stop();
  });

  it('no actions/checkout step: refused before any check runs, naming actions/checkout; nothing posted as the head verdict', async () => {
    const before = harness.fake.requests.length;
    const run = await harness.runPullRequest({}, harness.emptyWorkspace());
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('::error::');
    expect(run.stdout).toMatch(/is not a git checkout/);
    expect(run.stdout).toMatch(/add `- uses: actions\/checkout@v4` before this step/);
    expect(run.outputs.verdict ?? '').toBe('');
    // No check run of the contract (nor a sign-off check), no sticky comment: no verdict about the head.
    expect(createdCheckRuns(harness.fake, 'truss / no-private-key')).toEqual([]);
    const writes = harness.fake.requests
      .slice(before)
      .filter((r) => r.method !== 'GET')
      .map((r) => `${r.method} ${r.path}`);
    expect(writes).toEqual([]);
  });

  it('actions/checkout with `path:` but no `workdir`: refused, naming workdir; with workdir set it runs', async () => {
    const workspace = harness.emptyWorkspace();
    cpSync(harness.headWorkspace(), join(workspace, 'repo'), { recursive: true });
    const wrong = await harness.runPullRequest({}, workspace);
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toMatch(/set this step's `workdir` to that path/);
    expect(createdCheckRuns(harness.fake, 'truss / no-private-key')).toEqual([]);

    const right = await harness.runPullRequest({ INPUT_WORKDIR: 'repo' }, workspace);
    expect(right.code, right.stdout + right.stderr).toBe(0);
    expect(right.outputs.verdict).toBe('pass');
    expect(createdCheckRuns(harness.fake, 'truss / no-private-key')).toHaveLength(1);
  });

  it.each([
    ['repo', 'does not exist'],
    ['greeting.txt', 'is not a directory'],
  ])('workdir %s (%s) fails the step naming the input, not "spawn git ENOENT"', async (workdir, problem) => {
    const workspace = harness.headWorkspace();
    const before = harness.fake.requests.length;
    const run = await harness.runPullRequest({ INPUT_WORKDIR: workdir }, workspace);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      `::error::input workdir: ${workspace}/${workdir} ${problem}; workdir is a directory relative to the workspace (${workspace})`,
    );
    expect(run.stdout).not.toMatch(/ENOENT|ENOTDIR/);
    expect(harness.fake.requests.slice(before)).toEqual([]);
  });

  it('an App dispatch into a job without a checkout: its queued check completes as failure with the reason', async () => {
    const checkRunId = 5555;
    harness.checkRuns.push({
      id: checkRunId,
      name: 'truss / no-private-key',
      head_sha: harness.headSha,
      status: 'queued',
      conclusion: null,
      output: null,
      html_url: `https://github.com/x/runs/${checkRunId}`,
    });
    const run = await harness.run({
      eventName: 'workflow_dispatch',
      payload: appDispatchPayload(harness.headSha, {
        contract: 'greeting',
        check_run_id: String(checkRunId),
      }),
      workspace: harness.emptyWorkspace(),
      sha: harness.baseSha,
    });
    expect(run.code).toBe(1);
    const queued = harness.checkRuns.find((r) => r.id === checkRunId);
    expect(queued).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(queued?.output?.summary).toMatch(/is not a git checkout/);
  });
});
