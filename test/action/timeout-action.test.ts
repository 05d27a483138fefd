/**
 * The Action's `timeout` input end to end (docs/action.md): the built action entry on a real
 * pull_request payload against the fake GitHub API, with a base-branch contract whose check sleeps
 * past the limit. The step still signs a verdict — forced to FAIL, naming the deadline — so the check
 * run completes and the comment and job summary say why; the bundle verifies.
 */
import { randomInt } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ActionHarness } from '../helpers/action-harness.js';
import { runCli } from '../helpers/cli.js';
import { contractToml } from '../helpers/contract-toml.js';
import { survivors } from '../process/isolation-kit.js';

describe('the timeout input on a pull request', () => {
  let harness: ActionHarness;
  beforeEach(() => {
    harness = new ActionHarness();
  });
  afterEach(async () => {
    await harness.stop();
  });

  it('stops a check that outlives it; the check run completes as failure with the reason, and the bundle verifies', async () => {
    const left = `1000.${randomInt(100_000, 999_999)}`;
    harness.baseContract = contractToml(
      { id: 'greeting-0001', intent: 'Finish in time' },
      { kind: 'check', desc: 'sleeps past the limit', run: `sleep ${left} & sleep 30` },
      { budget: { max_duration: '1h' } },
    );
    const started = Date.now();
    const run = await harness.runPullRequest({ INPUT_TIMEOUT: '1s', INPUT_ISOLATION: 'none' });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(run.outputs.verdict, run.stdout + run.stderr).toBe('fail');
    expect(survivors(left)).toEqual([]);
    const check = harness.checkRuns.find((r) => r.name === 'truss / greeting-0001');
    expect(check).toMatchObject({ status: 'completed', conclusion: 'failure' });
    // Markdown escapes the parentheses: `reached \(the timeout input\)`.
    const reason = /wall-clock deadline of 1s reached \\\(the timeout input\\\)/;
    for (const text of [check?.output?.summary, harness.comments.at(-1)?.body, run.summary]) {
      expect(text).toContain('Verdict forced to FAIL');
      expect(text).toMatch(reason);
    }
    const verify = runCli([
      'verify',
      run.outputs['bundle-path'] as string,
      '--key',
      harness.key.publicKeyHex,
      '--json',
    ]);
    expect(verify.code, verify.stdout).toBe(0);
  });

  it('a bad value fails the step before anything runs', async () => {
    const run = await harness.runPullRequest({ INPUT_TIMEOUT: '25 minutes' });
    expect(run.code).not.toBe(0);
    expect(run.stdout + run.stderr).toContain('input timeout: "25 minutes" is not a duration such as');
    expect(harness.checkRuns).toEqual([]);
  });
});
