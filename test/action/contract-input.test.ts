import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActionHarness } from '../helpers/action-harness.js';

/**
 * The `contract` input takes contract names, the file names in `.truss/contracts/` without `.toml`
 * (docs/action.md "Inputs and outputs"). A new user writes the path they see in the repository: the
 * step failed with "is not a contract name (letters, digits, …)" or "is not in .truss/contracts/",
 * not saying what to write. It says so now, and still runs nothing.
 */
describe('the contract input written as a path or a pattern', () => {
  let harness: ActionHarness;
  beforeAll(() => {
    harness = new ActionHarness();
  });
  afterAll(async () => {
    await harness.stop();
  });

  it.each([
    [
      '.truss/contracts/greeting.toml',
      /"\.truss\/contracts\/greeting\.toml" is not a contract name .*; write "greeting": a contract is named by its file name in \.truss\/contracts\/, without \.toml/,
    ],
    [
      'greeting.toml',
      /contract "greeting\.toml" is not in \.truss\/contracts\/ .*available: greeting; write "greeting": a contract is named by its file name/,
    ],
    [
      '*',
      /"\*" is not a contract name .*; patterns are not expanded: name each contract, or leave the input empty to run every one/,
    ],
  ])('contract: %s fails the step, saying what to write; no check run', async (contract, message) => {
    const before = harness.checkRuns.length;
    const run = await harness.runPullRequest({ INPUT_CONTRACT: contract });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(message);
    expect(harness.checkRuns.length).toBe(before);
  });

  it('the control: the name runs', async () => {
    const run = await harness.runPullRequest({ INPUT_CONTRACT: 'greeting' });
    expect(run.code, run.stdout.slice(-2000)).toBe(0);
    expect(run.outputs.verdict).toBe('pass');
  });
});
