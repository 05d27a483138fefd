import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type GitQuestion, runHarnessGits } from '../../src/core/process/git-batch.js';
import { GitCommandError, runHarnessGit } from '../../src/core/process/git-safety.js';
import { git, makeRepo } from '../helpers/git.js';

/**
 * Harness gits asked together through one shell (git-batch.ts) answer exactly as the same gits
 * started one by one, keep every refusal and the deadline, and take their arguments as arguments.
 */

function repoWithOrigin(): string {
  const dir = makeRepo({ 'a.txt': 'a\n' }, 'git-batch');
  git(dir, 'remote', 'add', 'origin', 'https://x-access-token:SECRET@example.com/o/r.git');
  writeFileSync(join(dir, 'a.txt'), 'changed\n');
  writeFileSync(join(dir, 'new.txt'), 'new\n');
  return dir;
}

const QUESTIONS: GitQuestion[] = [
  { args: ['status', '--porcelain=v2', '--branch', '--no-ahead-behind', '-u'] },
  { args: ['remote', 'get-url', 'upstream'] },
  { args: ['cat-file', '--batch-check=%(objectname)'], input: 'HEAD^{commit}\nnope^{commit}\n' },
];

/** Whether a process whose command line holds `marker` is running. */
function running(marker: string): boolean {
  try {
    execFileSync('pgrep', ['-f', marker], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('runHarnessGits', () => {
  it('answers as the same gits started one by one: output, errors and exit statuses', async () => {
    const dir = repoWithOrigin();
    const batch = await runHarnessGits(dir, [...QUESTIONS, { args: ['remote', 'get-url', 'origin'] }]);
    const alone = await Promise.all(
      [...QUESTIONS, { args: ['remote', 'get-url', 'origin'] }].map(({ args, input }) =>
        runHarnessGit(dir, args, input === undefined ? {} : { input }),
      ),
    );
    expect(batch).toEqual(alone);
    expect(batch[0]?.stdout).toContain('? new.txt');
    expect(batch[1]).toMatchObject({ code: 2, stdout: '' });
    expect(batch[1]?.stderr).toContain('upstream');
    expect(batch[2]?.stdout.split('\n')[1]).toBe('nope^{commit} missing');
  });

  it('answers more questions than a shell has descriptors for, one by one', async () => {
    const dir = repoWithOrigin();
    const many = Array.from({ length: 5 }, () => QUESTIONS[2] as GitQuestion);
    const answers = await runHarnessGits(dir, many);
    expect(answers).toHaveLength(5);
    expect(new Set(answers.map((answer) => answer.stdout)).size).toBe(1);
  });

  it('takes arguments as arguments: shell syntax in one reaches git as text and runs nothing', async () => {
    const dir = repoWithOrigin();
    const marker = join(dir, 'PWNED');
    const answers = await runHarnessGits(dir, [
      { args: ['rev-parse', '--verify', '--quiet', `$(touch ${marker})^{commit}`] },
      { args: ['rev-parse', '--verify', '--quiet', `\`touch ${marker}\`;touch ${marker}`] },
      { args: ['log', '-1', `--format=%s"; touch ${marker}; echo "`] },
    ]);
    expect(answers.map((answer) => answer.code)).toEqual([1, 1, 0]);
    expect(answers[2]?.stdout).toBe(`base"; touch ${marker}; echo "\n`);
    expect(existsSync(marker)).toBe(false);
  });

  it('keeps the refusals: a config the work can write stops the batch before any git starts', async () => {
    const dir = repoWithOrigin();
    const marker = join(dir, 'PWNED');
    writeFileSync(join(dir, 'evil.gitconfig'), `[core]\n\tfsmonitor = touch ${marker}; false\n`);
    git(dir, 'config', 'include.path', '../evil.gitconfig');
    await expect(runHarnessGits(dir, QUESTIONS)).rejects.toThrow(GitCommandError);
    expect(existsSync(marker)).toBe(false);
  });

  it('stops at its deadline: the call fails naming the git, and nothing the gits started outlives it', async () => {
    const dir = repoWithOrigin();
    const marker = `sleep 30 0.${process.pid}1`;
    const started = Date.now();
    await expect(
      runHarnessGits(
        dir,
        [{ args: ['-c', `alias.hang=!${marker}`, 'hang'] }, { args: ['status', '--porcelain'] }],
        { timeoutMs: 500 },
      ),
    ).rejects.toThrow(/git -c in .* did not finish within/);
    expect(Date.now() - started).toBeLessThan(10_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(running(marker)).toBe(false);
  });

  it('ends at its deadline even when a process that left the group holds its output open', async () => {
    const dir = repoWithOrigin();
    const marker = `sleep 30 0.${process.pid}3`;
    const started = Date.now();
    try {
      await expect(
        runHarnessGits(dir, [{ args: ['-c', `alias.hang=!setsid ${marker}`, 'hang'] }], { timeoutMs: 300 }),
      ).rejects.toThrow(/did not finish within/);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      if (running(marker)) execFileSync('pkill', ['-f', marker], { stdio: 'ignore' });
    }
  });

  it('stops when the run is cancelled', async () => {
    const dir = repoWithOrigin();
    const marker = `sleep 30 0.${process.pid}2`;
    const controller = new AbortController();
    const call = runHarnessGits(dir, [{ args: ['-c', `alias.hang=!${marker}`, 'hang'] }], {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 300);
    await expect(call).rejects.toThrow('cancelled: the run was stopped');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(running(marker)).toBe(false);
  });
});
