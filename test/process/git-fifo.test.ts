import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GitCommandError, harnessGit, runHarnessGit } from '../../src/core/process/git-safety.js';
import { removeSpecialFiles } from '../../src/core/process/git-special-files.js';
import { createIsolation } from '../../src/core/process/index.js';
import { runSupervised } from '../../src/core/process/process-supervisor.js';
import { mechanismAvailable } from './isolation-kit.js';

/**
 * Git opens the files of its directory by name and blocks for ever opening a FIFO nobody writes
 * to. An attack pass had a check `mkfifo .git/objects/info/alternates`: the next run hung in its
 * first git call, before any check, and so did the user's own `git status` (docs/security.md, "Git
 * metadata"). The sandboxes now remove every special file in `.git` after each process, and every
 * harness git has a deadline.
 */

const PATH = process.env.PATH ?? '/usr/bin:/bin';

function repo(): { work: string; git: (...args: string[]) => string } {
  const work = mkdtempSync(join(tmpdir(), 'truss-git-fifo-'));
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: work, encoding: 'utf8', timeout: 10_000, killSignal: 'SIGKILL' });
  git('init', '-q', '-b', 'main');
  writeFileSync(join(work, 'a.txt'), 'a\n');
  git('add', '.');
  git('-c', 'user.email=t@example.invalid', '-c', 'user.name=t', 'commit', '-qm', 'init');
  return { work, git };
}

/** Where git opens a file by name: alternates, a loose object, packed-refs, a loose ref. */
const PLANT = [
  'obj=$(git rev-parse HEAD:a.txt)',
  'dir=$(echo "$obj" | cut -c1-2); file=$(echo "$obj" | cut -c3-)',
  'rm -f ".git/objects/$dir/$file" && mkfifo ".git/objects/$dir/$file"',
  'mkfifo .git/packed-refs',
  'mkfifo .git/objects/info/alternates',
  'mkdir -p .git/refs/heads/deep && mkfifo .git/refs/heads/deep/fifo',
  'echo planted',
].join('\n');

const specials = (work: string) =>
  execFileSync('find', [join(work, '.git'), '!', '-type', 'f', '!', '-type', 'd', '!', '-type', 'l'], {
    encoding: 'utf8',
  });

describe('FIFOs a sandboxed process plants in .git', () => {
  for (const level of ['uid', 'bwrap'] as const) {
    it(`${level}: are gone when the process ends; the harness's git and the user's own finish`, async () => {
      const unavailable = await mechanismAvailable(level);
      if (unavailable) {
        console.warn(`SKIPPED ${level} git FIFO test: ${unavailable}`);
        return;
      }
      const { work, git } = repo();
      const isolation = await createIsolation({
        mode: level,
        network: 'none',
        hiddenPaths: [],
        workdirs: [work],
        scratchRoot: tmpdir(),
        path: PATH,
        isRoot: process.getuid?.() === 0,
      });
      const result = await runSupervised({
        file: '/bin/sh',
        args: ['-c', PLANT],
        cwd: work,
        env: { PATH },
        stdin: null,
        timeoutMs: 20_000,
        signal: new AbortController().signal,
        isolation,
      });
      expect(result.stdout.bytes.toString(), result.stderr.bytes.toString()).toBe('planted\n');
      expect(specials(work)).toBe('');
      // The reviewers' diff and the next run's first questions, then the user's own git.
      const harness = harnessGit(work, { timeoutMs: 10_000 });
      expect(await harness.raw(['status', '--porcelain'])).toBe('');
      expect(await harness.raw(['rev-parse', 'HEAD'])).toMatch(/^[0-9a-f]{40}\n$/);
      expect(git('status', '--porcelain')).toBe('');
    }, 60_000);
  }

  it('without a sandbox (`none`) a harness git that blocks is stopped at its deadline and the call fails', async () => {
    const { work } = repo();
    execFileSync('mkfifo', [join(work, '.git', 'objects', 'info', 'alternates')]);
    const started = Date.now();
    const failure = await runHarnessGit(work, ['status', '--porcelain'], { timeoutMs: 500 }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(GitCommandError);
    expect((failure as Error).message).toContain('did not finish within');
    expect((failure as Error).message).toContain('find .git');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('the sweep enters no link: a FIFO outside .git that a planted link leads to stays', () => {
    const { work } = repo();
    const outside = mkdtempSync(join(tmpdir(), 'truss-git-fifo-outside-'));
    execFileSync('mkfifo', [join(outside, 'host.fifo')]);
    symlinkSync(outside, join(work, '.git', 'objects', 'zz'));
    mkdirSync(join(work, '.git', 'refs', 'heads', 'nested'), { recursive: true });
    execFileSync('mkfifo', [join(work, '.git', 'refs', 'heads', 'nested', 'inside.fifo')]);
    expect(removeSpecialFiles(join(work, '.git'))).toEqual([
      join(work, '.git', 'refs', 'heads', 'nested', 'inside.fifo'),
    ]);
    expect(existsSync(join(outside, 'host.fifo'))).toBe(true);
  });
});
