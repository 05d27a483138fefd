import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ActionHarness,
  appDispatchPayload,
  createdCheckRuns,
  git,
  OWNER,
  REPO,
  RUN_URL,
} from '../helpers/action-harness.js';
import { otherApp } from '../helpers/comment-authors.js';
import { commitFiles } from '../helpers/git.js';

/**
 * A queued `truss / greeting` check as the App creates it before dispatching the workflow: it is
 * the App's, so only the App's installation token can change it (the job gets one, as
 * examples/workflows/truss-app-dispatch.yml does: `harness.useAppToken`).
 */
function queueCheck(harness: ActionHarness, id: number, headSha = harness.headSha): void {
  harness.checkRuns.push({
    app: otherApp('truss-app'),
    id,
    name: 'truss / greeting',
    head_sha: headSha,
    status: 'queued',
    conclusion: null,
    html_url: `https://github.com/${OWNER}/${REPO}/runs/${id}`,
    details_url: null,
    output: null,
  });
}

function dispatchPayload(harness: ActionHarness, inputs: Record<string, string>): Record<string, unknown> {
  return appDispatchPayload(harness.headSha, { requester: 'Codertocat', ...inputs });
}

describe('Action dispatched by the Truss App (workflow_dispatch inputs)', () => {
  let harness: ActionHarness;
  beforeEach(() => {
    harness = new ActionHarness();
    harness.useAppToken('truss-app');
  });
  afterEach(async () => {
    await harness.stop();
  });

  it('runs the named contract on the PR head and completes the queued check instead of creating one', async () => {
    queueCheck(harness, 9001);
    const workspace = harness.cloneWorkspace();
    const run = await harness.run({
      eventName: 'workflow_dispatch',
      payload: dispatchPayload(harness, { check_run_id: '9001', mode: 'verify' }),
      workspace,
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(git(workspace, 'rev-parse', 'HEAD')).toBe(harness.headSha);
    expect(run.outputs.verdict).toBe('pass');
    // No second check run for the contract: the App's queued one is taken over and completed.
    expect(createdCheckRuns(harness.fake, 'truss / greeting-0001')).toEqual([]);
    const patches = harness.fake.calls('PATCH', /\/check-runs\/9001$/).map((r) => r.body);
    expect(patches[0]).toMatchObject({
      name: 'truss / greeting-0001',
      status: 'in_progress',
      details_url: RUN_URL,
    });
    expect(patches.at(-1)).toMatchObject({ status: 'completed', conclusion: 'success' });
    expect(harness.checkRuns.find((r) => r.id === 9001)).toMatchObject({
      status: 'completed',
      conclusion: 'success',
    });
    const bundle = JSON.parse(readFileSync(run.outputs['bundle-path'] as string, 'utf8'));
    expect(bundle.verdict.git.head_sha).toBe(harness.headSha);
    // Contracts still come from the trusted base, never from what the dispatch or the PR head says.
    for (const read of harness.fake.calls('GET', /\/contents\//))
      expect(read.path).toContain(`?ref=${harness.baseSha}`);
  });

  it("with the workflow's own token it cannot take over the App's check: it fails saying which token to give, nothing is judged", async () => {
    harness.useAppToken('github-actions', 15368);
    queueCheck(harness, 9001);
    const run = await harness.run({
      eventName: 'workflow_dispatch',
      payload: dispatchPayload(harness, { check_run_id: '9001', mode: 'verify' }),
      workspace: harness.cloneWorkspace(),
    });
    expect(run.code, run.stdout + run.stderr).not.toBe(0);
    expect(run.outputs.verdict).toBeUndefined();
    expect(run.stdout).toContain(
      "truss-app[bot] created it, and GitHub lets only the app that created a check run change it. Give this job truss-app[bot]'s installation token",
    );
    expect(harness.checkRuns.filter((r) => r.conclusion === 'success')).toEqual([]);
    expect(createdCheckRuns(harness.fake, 'truss / greeting-0001')).toEqual([]);
  });

  it('a head that moved after the App queued its check: the check on the old commit fails, nothing is judged', async () => {
    // The App queued its check on commit A (a head that fails the contract) and dispatched for A;
    // the author pushed B (harness.headSha, which passes) before the runner started.
    git(harness.source, 'checkout', '-q', '--detach', harness.baseSha);
    const oldHead = commitFiles(harness.source, { 'greeting.txt': 'EVIL\n' }, 'the head the App saw');
    queueCheck(harness, 9001, oldHead);
    const run = await harness.run({
      eventName: 'workflow_dispatch',
      payload: appDispatchPayload(oldHead, { requester: 'Codertocat', check_run_id: '9001', mode: 'verify' }),
      workspace: harness.cloneWorkspace(),
    });
    expect(run.code, run.stdout + run.stderr).not.toBe(0);
    expect(run.outputs.verdict).toBeUndefined();
    expect(harness.checkRuns.find((r) => r.id === 9001)).toMatchObject({
      head_sha: oldHead,
      status: 'completed',
      conclusion: 'failure',
      output: { summary: expect.stringContaining(`requested for ${oldHead.slice(0, 12)}`) },
    });
    expect(harness.checkRuns.filter((r) => r.conclusion === 'success')).toEqual([]);
  });

  it('a re-run of an outdated check (queued on an older commit, no head_sha input): refused the same way', async () => {
    git(harness.source, 'checkout', '-q', '--detach', harness.baseSha);
    const oldHead = commitFiles(harness.source, { 'greeting.txt': 'EVIL\n' }, 'an older head');
    queueCheck(harness, 9002, oldHead);
    const payload = dispatchPayload(harness, { check_run_id: '9002', mode: 'verify' });
    delete (payload.inputs as Record<string, string>).head_sha;
    const run = await harness.run({
      eventName: 'workflow_dispatch',
      payload,
      workspace: harness.cloneWorkspace(),
    });
    expect(run.code, run.stdout + run.stderr).not.toBe(0);
    expect(harness.checkRuns.find((r) => r.id === 9002)).toMatchObject({
      head_sha: oldHead,
      status: 'completed',
      conclusion: 'failure',
      output: { summary: expect.stringContaining(`the queued check 9002 is on ${oldHead.slice(0, 12)}`) },
    });
    expect(harness.fake.calls('PATCH', /\/check-runs\/9002$/).map((r) => r.body)).not.toContainEqual(
      expect.objectContaining({ status: 'in_progress' }),
    );
  });

  it('without check_run_id it creates its own check, as a manual dispatch does', async () => {
    const run = await harness.run({
      eventName: 'workflow_dispatch',
      payload: dispatchPayload(harness, { mode: 'run' }),
      workspace: harness.cloneWorkspace(),
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(createdCheckRuns(harness.fake, 'truss / greeting-0001')).toHaveLength(1);
    expect(harness.fake.calls('PATCH', /\/check-runs\/\d+$/).map((r) => r.path)).not.toContain(
      `/repos/${OWNER}/${REPO}/check-runs/9001`,
    );
  });

  it('rejects a contract input that is not a contract name before any request', async () => {
    const run = await harness.run({
      eventName: 'workflow_dispatch',
      payload: dispatchPayload(harness, { contract: '../../etc/passwd', check_run_id: '9001' }),
      workspace: harness.cloneWorkspace(),
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      'workflow_dispatch input contract "../../etc/passwd" is not a contract name',
    );
    expect(harness.fake.calls('GET', /\/contents\//)).toEqual([]);
  });

  it('rejects a check_run_id that is not a number', async () => {
    const run = await harness.run({
      eventName: 'workflow_dispatch',
      payload: dispatchPayload(harness, { check_run_id: '1; rm -rf /' }),
      workspace: harness.cloneWorkspace(),
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('workflow_dispatch input check_run_id must be a check run id');
  });

  it('a dispatched run that cannot start (no such contract) completes the queued check as a failure saying why', async () => {
    queueCheck(harness, 9002);
    const run = await harness.run({
      eventName: 'workflow_dispatch',
      payload: dispatchPayload(harness, { contract: 'missing', check_run_id: '9002', mode: 'run' }),
      workspace: harness.cloneWorkspace(),
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('contract "missing" is not in .truss/contracts/');
    expect(harness.checkRuns.find((r) => r.id === 9002)).toMatchObject({
      status: 'completed',
      conclusion: 'failure',
      output: expect.objectContaining({
        title: 'truss could not run',
        summary: expect.stringContaining('contract "missing" is not in .truss/contracts/'),
      }),
    });
  });

  it('a resume dispatch without resume_run_id fails the queued check and never runs from scratch', async () => {
    queueCheck(harness, 9003);
    const run = await harness.run({
      eventName: 'workflow_dispatch',
      payload: dispatchPayload(harness, { check_run_id: '9003', mode: 'resume' }),
      workspace: harness.cloneWorkspace(),
    });
    expect(run.code).toBe(1);
    expect(harness.checkRuns.find((r) => r.id === 9003)).toMatchObject({
      status: 'completed',
      conclusion: 'failure',
    });
    expect(harness.fake.calls('GET', /\/contents\//)).toEqual([]);
  });
});
