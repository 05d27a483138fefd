import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { benchWorkspace } from '../../src/core/run/bench-workspace.js';
import { refusedPath } from '../../src/core/run/index.js';
import { git, makeRepo } from '../helpers/git.js';

/**
 * docs/bench-verdicts.md "Where a run works": patches are attacker input. Each run's copy is a fresh
 * repository reading the source's objects; a patch is refused before `git apply` when it names an
 * absolute path, climbs out with `..`, enters `.git` or creates a symlink, and nothing is ever
 * written outside the copy or into the source repository.
 */

const env = { PATH: process.env.PATH, HOME: process.env.HOME };

let repo: string;
let base: string;
beforeEach(() => {
  repo = makeRepo({ 'src/a.js': 'module.exports = 1;\n', 'test/a.test.js': 'old test\n' }, 'bench-ws');
  base = git(repo, 'rev-parse', 'HEAD');
});

const made: Array<{ dispose(): Promise<void> }> = [];
afterEach(async () => {
  for (const workspace of made.splice(0)) await workspace.dispose();
});

function patchOf(path: string, body = '+pwned\n', header?: string): string {
  return `${header ?? `diff --git a/${path} b/${path}\nnew file mode 100644\n`}--- /dev/null\n+++ b/${path}\n@@ -0,0 +1 @@\n${body}`;
}

async function candidate(patch: string, testPatch: string | null = null) {
  const result = await benchWorkspace({ repoRoot: repo, baseCommit: base, testPatch, candidate: patch, env });
  if (result.status === 'ready') made.push(result.workspace);
  return result;
}

describe('benchWorkspace', () => {
  it('applies test_patch as a commit, then the candidate on top with the test files excluded', async () => {
    const testPatch =
      'diff --git a/test/a.test.js b/test/a.test.js\n--- a/test/a.test.js\n+++ b/test/a.test.js\n@@ -1 +1 @@\n-old test\n+new test\n';
    const cand =
      'diff --git a/src/a.js b/src/a.js\n--- a/src/a.js\n+++ b/src/a.js\n@@ -1 +1 @@\n-module.exports = 1;\n+module.exports = 2;\n' +
      'diff --git a/test/a.test.js b/test/a.test.js\n--- a/test/a.test.js\n+++ b/test/a.test.js\n@@ -1 +1 @@\n-old test\n+always passes\n';
    const result = await candidate(cand, testPatch);
    if (result.status !== 'ready') throw new Error(result.error);
    const { dir, testsSha, baseSha } = result.workspace;
    expect(baseSha).toBe(base);
    expect(readFileSync(join(dir, 'src/a.js'), 'utf8')).toBe('module.exports = 2;\n');
    // The candidate's change to a test file the test patch owns is not applied (as SWE-bench resets them).
    expect(readFileSync(join(dir, 'test/a.test.js'), 'utf8')).toBe('new test\n');
    expect(git(dir, 'rev-parse', 'HEAD')).toBe(testsSha);
    expect(git(dir, 'rev-parse', 'HEAD^')).toBe(base);
    // Reviewers diff against the tests commit: they see the candidate only.
    expect(git(dir, 'diff', '--name-only', testsSha)).toBe('src/a.js');
    expect(git(repo, 'status', '--porcelain')).toBe('');
  });

  it.each([
    ['climbs out with ..', patchOf('../escape.txt'), /names "\.\.\/escape\.txt" \(climbs out with \.\.\)/],
    ['climbs out through src/../..', patchOf('src/../../escape.txt'), /climbs out with \.\./],
    [
      'climbs out in a plain unified diff',
      '--- a/src/a.js\n+++ b/../../escape.txt\n@@ -1 +1 @@\n-module.exports = 1;\n+x\n',
      /names "\.\.\/\.\.\/escape\.txt"/,
    ],
    ['enters .git', patchOf('.git/hooks/post-checkout', '+#!/bin/sh\n'), /inside \.git/],
    ['enters .GIT (case folded)', patchOf('.GIT/config', '+[core]\n'), /inside \.git/],
    [
      'creates a symlink',
      patchOf(
        'link',
        '+/etc\n\\ No newline at end of file\n',
        'diff --git a/link b/link\nnew file mode 120000\n',
      ),
      /creates a symlink or a submodule/,
    ],
  ])('refuses a candidate that %s, and writes nothing outside the copy', async (_what, patch, why) => {
    const objectsBefore = git(repo, 'count-objects');
    const result = await candidate(patch);
    expect(result).toMatchObject({
      status: 'candidate_unapplied',
      error: expect.stringMatching(/^refused: /),
    });
    expect(result.status === 'candidate_unapplied' && result.error).toMatch(why);
    expect(existsSync(join(dirname(repo), 'escape.txt'))).toBe(false);
    expect(existsSync(join(dirname(dirname(repo)), 'escape.txt'))).toBe(false);
    expect(existsSync(join(repo, '.git/hooks/post-checkout'))).toBe(false);
    expect(git(repo, 'status', '--porcelain')).toBe('');
    expect(git(repo, 'count-objects')).toBe(objectsBefore);
  });

  it('an absolute path in a plain unified diff lands inside the copy (git strips one component)', async () => {
    const result = await candidate('--- /dev/null\n+++ /tmp/bench-abs-evil.txt\n@@ -0,0 +1 @@\n+x\n');
    if (result.status !== 'ready') throw new Error(result.error);
    expect(readFileSync(join(result.workspace.dir, 'tmp/bench-abs-evil.txt'), 'utf8')).toBe('x\n');
    expect(existsSync('/tmp/bench-abs-evil.txt')).toBe(false);
  });

  it('a test_patch that does not apply makes the record unjudgeable, not a FAIL of the candidate', async () => {
    const result = await candidate(
      '',
      'diff --git a/nope b/nope\n--- a/nope\n+++ b/nope\n@@ -1 +1 @@\n-x\n+y\n',
    );
    expect(result).toMatchObject({
      status: 'tests_unapplied',
      error: expect.stringMatching(/^test_patch: /),
    });
  });

  it('refusedPath names why', () => {
    expect(refusedPath('/etc/passwd')).toBe('an absolute path');
    expect(refusedPath('a/../../b')).toBe('climbs out with ..');
    expect(refusedPath('sub/.git/config')).toBe('inside .git');
    expect(refusedPath('src/ok.js')).toBeNull();
  });
});
