import { describe, expect, it } from 'vitest';
import { readInputs } from '../../src/action/inputs.js';

const inputs = (values: Record<string, string>) =>
  readInputs((name) => ({ 'github-token': 'ghs_test', ...values })[name] ?? '');

const BOOLEANS = ['comment', 'review-comments', 'check', 'summary', 'upload-artifact', 'dry-run', 'attest'];
const key = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()) as 'dryRun';

/**
 * Boolean inputs are read as GitHub's own actions read them (`core.getBooleanInput`, YAML 1.2's core
 * schema): `True`/`TRUE`/`False`/`FALSE` were refused with "expected one of true, false, " (a trailing
 * empty choice). Anything outside the schema still fails the step, named, never read as false
 * (docs/action.md "Inputs and outputs").
 */
describe('boolean inputs', () => {
  it.each(BOOLEANS)('%s takes true|True|TRUE and false|False|FALSE', (name) => {
    for (const yes of ['true', 'True', 'TRUE']) expect(inputs({ [name]: yes })[key(name)], yes).toBe(true);
    for (const no of ['false', 'False', 'FALSE']) expect(inputs({ [name]: no })[key(name)], no).toBe(false);
  });

  it.each(BOOLEANS)('%s refuses yes, on, 1 and tRuE, naming the input and what to write', (name) => {
    for (const bad of ['yes', 'on', '1', 'tRuE', 'no'])
      expect(() => inputs({ [name]: bad }), bad).toThrow(`input ${name}: got "${bad}": write true or false`);
  });

  it('an enum that may be empty lists its values without an empty one', () => {
    expect(() => inputs({ provider: 'claude' })).toThrow(
      'input provider: got "claude", expected one of anthropic, openai-compatible, github-models, scripted (or empty)',
    );
    expect(() => inputs({ 'fail-on': 'failure' })).toThrow(
      'input fail-on: got "failure", expected one of fail, unverifiable, never',
    );
  });
});
