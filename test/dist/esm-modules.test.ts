/**
 * The ES modules of dist/ (the App's dist/app.js and dist/chunks/, the relay) are compiled afresh by
 * each process that imports them, with no kept bytecode on Node 20 (docs/performance.md): the build
 * keeps them ASCII (comments stripped, escapes for the rest), so V8 scans each as a one-byte string,
 * and leaves out what no path of Truss uses.
 */
import { isAscii } from 'node:buffer';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtEntry } from '../helpers/built-dist.js';

const dist = dirname(builtEntry('app.js'));
const modules = readdirSync(dist, { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('.js'));

describe('the built ES modules', () => {
  it('are all ASCII, so V8 reads each as a one-byte string', () => {
    const twoByte = modules.filter((file) => !isAscii(readFileSync(join(dist, file))));
    expect(modules.length).toBeGreaterThan(10);
    expect(twoByte).toEqual([]);
  });

  it('describe only the REST methods src/ calls, not all of GitHub (scripts/build.mjs, octokit-used-endpoints)', () => {
    const text = modules.map((file) => readFileSync(join(dist, file), 'latin1')).join('\n');
    // Called by src/github/check-runs.ts; the other is a method of GitHub's REST API nothing here calls.
    expect(text).toContain('"POST /repos/{owner}/{repo}/check-runs"');
    expect(text).not.toContain('addCustomLabelsToSelfHostedRunnerForOrg');
  });

  it('hold only the zod members src/ uses, in what every Action job loads (scripts/build.mjs, zod-used-members)', () => {
    // The Action's entry starts its one CommonJS bundle (src/action/index.ts), which holds all it runs.
    const text = readFileSync(join(dist, 'action-main.cjs'), 'latin1');
    expect(text).toContain('strictObject');
    // zod's own exports nothing in src/ calls: the credit-card format, its error pretty-printer.
    expect(text).not.toContain('ZodCreditCard');
    expect(text).not.toContain('prettifyError');
  });
});
