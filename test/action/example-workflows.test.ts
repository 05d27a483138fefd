/**
 * The example workflows are what users copy: every input they give `truss/action@v1` must be one
 * action.yml declares (the runner only warns about an unknown input, and the setting is then silently
 * not there), and the App's dispatch workflow must run the Action with the App's own token, since
 * GitHub lets only the app that created a check run change it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/cli.js';

const EXAMPLES = join(REPO_ROOT, 'examples/workflows');

/** The input names action.yml declares (two-space keys between `inputs:` and `outputs:`). */
function declaredInputs(): Set<string> {
  const text = readFileSync(join(REPO_ROOT, 'action.yml'), 'utf8');
  const block = text.slice(text.indexOf('\ninputs:\n'), text.indexOf('\noutputs:\n'));
  return new Set([...block.matchAll(/^ {2}([a-z0-9-]+):\s*$/gm)].map((m) => m[1] as string));
}

/** The `with:` keys of every `uses: truss/action@…` step in a workflow file. */
function trussStepInputs(text: string): string[][] {
  const lines = text.split('\n');
  const steps: string[][] = [];
  lines.forEach((line, at) => {
    const uses = /^(\s*)(?:- )?uses:\s*truss\/action@\S+/.exec(line);
    if (!uses) return;
    const keys: string[] = [];
    let i = at + 1;
    while (i < lines.length && !/^\s*with:\s*$/.test(lines[i] as string)) {
      if (/^\s*- /.test(lines[i] as string)) break;
      i++;
    }
    if (i >= lines.length || !/^\s*with:\s*$/.test(lines[i] as string)) {
      steps.push(keys);
      return;
    }
    const withIndent = (lines[i] as string).search(/\S/);
    for (i++; i < lines.length; i++) {
      const current = lines[i] as string;
      if (current.trim() === '' || current.trim().startsWith('#')) continue;
      const indent = current.search(/\S/);
      if (indent <= withIndent) break;
      const key = /^\s*([A-Za-z0-9_-]+):/.exec(current);
      if (key && indent === withIndent + 2) keys.push(key[1] as string);
    }
    steps.push(keys);
  });
  return steps;
}

describe('example workflows', () => {
  const inputs = declaredInputs();

  it('give truss/action only inputs action.yml declares', () => {
    expect(inputs.has('github-token')).toBe(true);
    let checked = 0;
    for (const file of readdirSync(EXAMPLES).filter((name) => name.endsWith('.yml'))) {
      for (const keys of trussStepInputs(readFileSync(join(EXAMPLES, file), 'utf8'))) {
        checked++;
        expect(
          keys.filter((key) => !inputs.has(key)),
          file,
        ).toEqual([]);
      }
    }
    expect(checked).toBeGreaterThan(5);
  });

  it("the App's dispatch workflow runs the Action with the App's installation token and names its bot", () => {
    const text = readFileSync(join(EXAMPLES, 'truss-app-dispatch.yml'), 'utf8');
    expect(text).toMatch(/uses: actions\/create-github-app-token@v\d+\n\s+id: app-token/);
    expect(text).toContain('github-token: ${{ steps.app-token.outputs.token }}');
    expect(text).toContain('comment-authors: ${{ steps.app-token.outputs.app-slug }}[bot]');
  });
});
