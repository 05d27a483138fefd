/**
 * The ES modules the Action and the App import (dist/action.js, dist/app.js, dist/chunks/) are
 * compiled afresh by every Action job (docs/performance.md, "What the action adds"): the build keeps
 * them ASCII (comments stripped, escapes for the rest), so V8 scans each as a one-byte string, and
 * leaves out what no path of Truss uses.
 */
import { isAscii } from 'node:buffer';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtEntry } from '../helpers/built-dist.js';

const dist = dirname(builtEntry('action.js'));
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
    // The entry, the run module it imports, and every chunk those import in turn.
    const loaded = new Set<string>();
    const queue = ['action.js'];
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      if (loaded.has(file)) continue;
      loaded.add(file);
      const text = readFileSync(join(dist, file), 'latin1');
      const dir = dirname(file);
      for (const [, path] of text.matchAll(/(?:from|import)\s*\(?"\.\/([^"]+\.js)"/g))
        queue.push(join(dir, path as string));
    }
    const text = [...loaded].map((file) => readFileSync(join(dist, file), 'latin1')).join('\n');
    expect(text).toContain('strictObject');
    // zod's own exports nothing in src/ calls: the credit-card format, its error pretty-printer.
    expect(text).not.toContain('ZodCreditCard');
    expect(text).not.toContain('prettifyError');
  });
});
