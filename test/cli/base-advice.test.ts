/**
 * `truss run --base REF` where REF names no commit of the checkout says what to do, and the advice
 * works when followed literally: in a CI-style single-branch shallow clone `git fetch origin main`
 * leaves no `main` (nor even `origin/main`) to name, `git fetch origin origin/main` and
 * `git fetch origin HEAD~2` are refused by git (docs/cli.md, `truss run`). Real clones of a real
 * repository over file://, the real CLI, and the advised git commands run as printed.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliHome, runCli } from '../helpers/cli.js';
import { contractToml } from '../helpers/contract-toml.js';
import { commitFiles, git, makeRepo } from '../helpers/git.js';
import { tempDir } from '../helpers/temp-dir.js';

const CONTRACT = contractToml(
  { id: 'based', intent: 'A check that passes against any base' },
  { kind: 'check', desc: 'true passes', run: 'true' },
);

/** An upstream with three commits on main and a topic branch on top. */
function upstream(): string {
  const dir = makeRepo({ 'a.txt': 'a\n' }, 'base-upstream');
  commitFiles(dir, { 'b.txt': 'b\n' }, 'b');
  commitFiles(dir, { 'c.txt': 'c\n' }, 'c');
  git(dir, 'checkout', '-q', '-b', 'topic');
  commitFiles(dir, { 'd.txt': 'd\n' }, 'd');
  return dir;
}

function clone(source: string, ...flags: string[]): string {
  const dir = join(tempDir('base-clone').dir, 'checkout');
  git(source, 'clone', '-q', ...flags, `file://${source}`, dir);
  return dir;
}

function run(workdir: string, base: string) {
  const cli = cliHome('base-advice', { workdir });
  const contract = cli.write('c.toml', CONTRACT);
  const result = runCli(['run', contract, ...cli.runFlags, '--isolation', 'none', '--base', base, '--json'], {
    env: cli.env,
  });
  const message =
    result.code === 3 ? (JSON.parse(result.stdout) as { error: { message: string } }).error.message : '';
  return { ...result, message };
}

/** The git command the advice names in parentheses, run in `dir` as a user pastes it. */
function followAdvice(dir: string, message: string): void {
  const command = /\((git fetch [^)]*?)(?:, or [^)]*)?\)/.exec(message)?.[1];
  expect(command, message).toBeDefined();
  const [, ...args] = (command as string).split(' ');
  git(dir, ...args);
}

describe('--base that names no commit of the checkout', () => {
  const source = upstream();

  it('a branch missing from a single-branch shallow clone: fetch into origin/BRANCH, then --base origin/BRANCH works', () => {
    const dir = clone(source, '--depth', '1', '--branch', 'topic');
    const refused = run(dir, 'main');
    expect(refused.code, refused.stderr).toBe(3);
    expect(refused.message).toContain('then pass --base origin/main');
    followAdvice(dir, refused.message);
    const passed = run(dir, 'origin/main');
    expect(passed.code, passed.stderr).toBe(0);
  });

  it('origin/BRANCH missing: the fetch named is one git accepts', () => {
    const dir = clone(source, '--depth', '1', '--branch', 'topic');
    const refused = run(dir, 'origin/main');
    expect(refused.code, refused.stderr).toBe(3);
    expect(refused.message).not.toContain('git fetch origin origin/main');
    followAdvice(dir, refused.message);
    expect(run(dir, 'origin/main').code).toBe(0);
  });

  it('HEAD~2 in a shallow clone: deepen the history, then the same --base works', () => {
    const dir = clone(source, '--depth', '1', '--branch', 'topic');
    const refused = run(dir, 'HEAD~2');
    expect(refused.code, refused.stderr).toBe(3);
    expect(refused.message).toMatch(/shallow/);
    followAdvice(dir, refused.message);
    expect(run(dir, 'HEAD~2').code).toBe(0);
  });

  it('a full clone without the local branch: names origin/BRANCH, which works', () => {
    const dir = clone(source, '--branch', 'topic');
    const refused = run(dir, 'main');
    expect(refused.code, refused.stderr).toBe(3);
    expect(refused.message).toContain('pass --base origin/main');
    expect(run(dir, 'origin/main').code).toBe(0);
  });

  it('a repository with no origin remote is not told to fetch from it', () => {
    const refused = run(makeRepo({ 'a.txt': 'a\n' }, 'base-no-remote'), 'no-such-branch');
    expect(refused.code, refused.stderr).toBe(3);
    expect(refused.message).toContain('no origin remote');
    expect(refused.message).not.toContain('git fetch origin');
  });
});
