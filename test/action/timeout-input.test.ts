import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readInputs } from '../../src/action/inputs.js';
import { REPO_ROOT } from '../helpers/cli.js';

const inputs = (values: Record<string, string>) =>
  readInputs((name) => ({ 'github-token': 'ghs_test', ...values })[name] ?? '');

describe('the timeout input', () => {
  it('is a wall-clock limit counted from when the inputs are read; empty is none', () => {
    expect(inputs({}).timeout).toBeNull();
    expect(inputs({ timeout: '  ' }).timeout).toBeNull();
    const before = Date.now();
    const limit = inputs({ timeout: '20m' }).timeout;
    expect(limit).toMatchObject({ limit: '20m', source: 'the timeout input' });
    expect(limit?.at).toBeGreaterThanOrEqual(before + 20 * 60_000);
    expect(limit?.at).toBeLessThanOrEqual(Date.now() + 20 * 60_000);
    expect(inputs({ timeout: '1h30m' }).timeout?.limit).toBe('1h30m');
  });

  it('a bad duration fails the step, naming the input and the forms', () => {
    expect(() => inputs({ timeout: '20 minutes' })).toThrow(
      /input timeout: "20 minutes" is not a duration such as "90s", "20m", "1h30m"/,
    );
    expect(() => inputs({ timeout: '48h' })).toThrow(/input timeout: .*longer than the 24h/);
  });

  it('action.yml declares it', () => {
    expect(readFileSync(`${REPO_ROOT}/action.yml`, 'utf8')).toMatch(/\n {2}timeout:\n {4}description:/);
  });
});
