import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SigningKey } from '../../src/core/ledger/index.js';
import { ActionHarness, git, OWNER, REPO, webhookExample } from '../helpers/action-harness.js';
import { runCli } from '../helpers/cli.js';

describe('the action entry, run the way a runner runs it', () => {
  let harness: ActionHarness;
  let key: SigningKey;
  let seed: string;

  beforeEach(() => {
    harness = new ActionHarness();
    key = harness.key;
    seed = harness.seed;
  });

  afterEach(async () => {
    await harness.stop();
  });

  const runAction = (extraEnv: Record<string, string> = {}) => harness.runPullRequest(extraEnv);

  it('runs the base-branch contract on a real pull_request payload: check run, sticky comment, summary, outputs, verifiable bundle', async () => {
    const run = await runAction();
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs.verdict).toBe('pass');
    expect(run.outputs['public-key']).toBe(key.publicKeyHex);
    expect(run.outputs['check-run-url']).toBe(`https://github.com/${OWNER}/${REPO}/runs/4242`);
    expect(run.outputs['comment-url']).toContain('issuecomment-7001');

    const [created] = harness.fake.calls('POST', /\/check-runs$/);
    expect(created?.body).toMatchObject({
      name: 'truss / greeting-0001',
      head_sha: run.headSha,
      status: 'in_progress',
    });
    const completes = harness.fake.calls('PATCH', /\/check-runs\/4242$/);
    expect(completes[0]?.body).toMatchObject({ status: 'completed', conclusion: 'success' });
    const summary = (completes[0]?.body as { output: { summary: string } } | undefined)?.output.summary;
    expect(summary).toContain('greeting.txt has the exact line');
    expect(summary).toContain(
      `npx truss verify truss-ledger-${run.outputs['session-id']}.json --key ${key.publicKeyHex}`,
    );

    const [comment] = harness.fake.calls('POST', /\/issues\/2\/comments$/);
    expect((comment?.body as { body: string } | undefined)?.body).toMatch(
      /^<!-- truss:sticky contract=greeting-0001 -->/,
    );
    expect(run.summary).toContain('greeting-0001');

    // The base contract ran, not the always-passing one on the PR head.
    const bundle = JSON.parse(readFileSync(run.outputs['bundle-path'] as string, 'utf8'));
    expect(bundle.contract.done[0].desc).toBe('greeting.txt has the exact line');
    const verify = runCli(['verify', run.outputs['bundle-path'] as string, '--key', key.publicKeyHex]);
    expect(verify.code, verify.stdout).toBe(0);

    // Secrets never reach the outputs, summary, bundle or logs (`::add-mask::` lines are how the
    // runner learns what to hide; it never prints them).
    const logs = run.stdout
      .split('\n')
      .filter((line) => !line.startsWith('::add-mask::'))
      .join('\n');
    expect(run.stdout).toContain(`::add-mask::${seed}`);
    for (const text of [
      logs,
      run.stderr,
      run.summary,
      JSON.stringify(run.outputs),
      readFileSync(run.outputs['bundle-path'] as string, 'utf8'),
    ]) {
      expect(text).not.toContain(seed);
      expect(text).not.toContain('ghs_faketoken');
    }
  });

  it('a second run updates the sticky comment in place instead of posting a new one', async () => {
    const first = await runAction();
    expect(first.code, first.stderr).toBe(0);
    const second = await runAction();
    expect(second.code, second.stderr).toBe(0);
    expect(harness.fake.calls('POST', /\/issues\/2\/comments$/)).toHaveLength(1);
    expect(harness.fake.calls('PATCH', /\/issues\/comments\/7001$/)).toHaveLength(1);
  });

  it('a failing verdict completes the check as failure and fails the step with the reason', async () => {
    writeFileSync(join(harness.source, 'greeting.txt'), 'goodbye\n');
    git(harness.source, 'commit', '-qam', 'break it');
    const run = await runAction();
    expect(run.code).toBe(1);
    expect(run.outputs.verdict).toBe('fail');
    expect(harness.fake.calls('PATCH', /\/check-runs\/4242$/)[0]?.body).toMatchObject({
      conclusion: 'failure',
    });
    expect(run.stdout).toContain('greeting-0001 FAIL');
  });

  it('without a signing key (fork PRs) it signs with a one-time key and says so, instead of crashing', async () => {
    const run = await runAction({ INPUT_SIGNING_KEY: '' });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('no signing-key');
    expect(run.outputs['public-key']).not.toBe(key.publicKeyHex);
  });

  it('workflow_dispatch with pr_number (the default branch checked out) runs on the PR head, not on main', async () => {
    const workspace = harness.cloneWorkspace();
    const payload = webhookExample('workflow_dispatch');
    payload.inputs = { pr_number: '2' };
    const run = await harness.run({ eventName: 'workflow_dispatch', payload, workspace });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(git(workspace, 'rev-parse', 'HEAD')).toBe(harness.headSha);
    expect(run.outputs.verdict).toBe('pass');
    const bundle = JSON.parse(readFileSync(run.outputs['bundle-path'] as string, 'utf8'));
    expect(bundle.verdict.git.head_sha).toBe(harness.headSha);
    expect(harness.fake.calls('POST', /\/check-runs$/)[0]?.body).toMatchObject({ head_sha: harness.headSha });
    for (const read of harness.fake.calls('GET', /\/contents\//))
      expect(read.path).toContain(`?ref=${harness.baseSha}`);
  });

  it('bad inputs fail the step with an actionable message', async () => {
    const run = await runAction({ INPUT_FAIL_ON: 'sometimes' });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('input fail-on: got "sometimes", expected one of fail, unverifiable, never');
    expect(harness.fake.requests).toHaveLength(0);
  });
});
