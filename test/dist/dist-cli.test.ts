import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtEntry } from '../helpers/built-dist.js';
import { REPO_ROOT } from '../helpers/cli.js';
import { git, initRepo } from '../helpers/git.js';
import { tempDir } from '../helpers/temp-dir.js';

/**
 * Runs the bundled CLI exactly as `npx truss` does (built from src/ for this run; CI's dist check
 * keeps the committed dist/ equal to it): catches bundling mistakes src tests cannot.
 */
function dist(args: string[], home: string) {
  const result = spawnSync(process.execPath, [builtEntry('cli.cjs'), ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, HOME: home },
    encoding: 'utf8',
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('dist/cli.cjs (the shipped bundle)', () => {
  it('runs the README quick-start contract to PASS and its bundle verifies with the printed key', () => {
    const home = tempDir('dist-home').dir;
    const bundle = join(home, 'bundle.json');
    const db = join(home, 'ledger.db');
    const run = dist(
      ['run', 'examples/contracts/repo-health.toml', '--db', db, '--bundle', bundle, '--json'],
      home,
    );
    expect(run.code, run.stderr).toBe(0);
    const outcome = JSON.parse(run.stdout);
    expect(outcome.verdict).toBe('pass');
    const verify = dist(['verify', bundle, '--key', outcome.public_key], home);
    expect(verify.code, verify.stdout + verify.stderr).toBe(0);
    expect(verify.stdout).toContain('VERIFIED');
  });

  it('runs a scripted review panel (lazy-loaded provider code works when bundled)', () => {
    const home = tempDir('dist-home').dir;
    // A clean copy of the files the contract judges: the panel's evidence is the diff of the workdir,
    // and this repository's own working tree (its prompt-injection corpus, a local dist build) would
    // rightly be flagged as text addressing the reviewers.
    const workdir = tempDir('dist-work').dir;
    mkdirSync(join(workdir, 'examples', 'providers'), { recursive: true });
    for (const file of ['README.md', 'package.json', 'examples/providers/panel-met.json'])
      copyFileSync(join(REPO_ROOT, file), join(workdir, file));
    initRepo(workdir, {});
    const args = [
      'run',
      'examples/contracts/with-review.toml',
      '--workdir',
      workdir,
      '--db',
      join(home, 'l.db'),
      '--bundle',
      join(home, 'b.json'),
    ];
    const run = dist(args, home);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('SCRIPTED');
  });

  it.each([
    ['in-loop-scripted.toml', 'a scripted agent writes the file with tools'],
    ['delegated-fake.toml', 'a delegated CLI stand-in writes the file'],
  ])('example %s: %s, then the harness verifies it → PASS', (example, _what) => {
    const home = tempDir('dist-home').dir;
    const workdir = tempDir('dist-work').dir;
    git(workdir, 'init', '-q');
    const run = dist(
      ['run', `examples/contracts/${example}`, '--workdir', workdir, '--db', join(home, 'l.db'), '--json'],
      home,
    );
    expect(run.code, run.stderr).toBe(0);
    const outcome = JSON.parse(run.stdout);
    expect(outcome.verdict).toBe('pass');
    const verify = dist(['verify', outcome.bundle, '--key', outcome.public_key], home);
    expect(verify.code, verify.stdout).toBe(0);
  });
});
