import { appendFileSync, mkdirSync, symlinkSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CappedGitError, runCappedGit } from '../../src/core/tools/git-capped.js';
import {
  GIT_BRANCH_LIST_MAX_BYTES,
  GIT_DIFF_MAX_BYTES,
  GIT_STATUS_MAX_BYTES,
} from '../../src/core/tools/git-tools.js';
import { isAlive, readPidFile } from '../helpers/processes.js';
import { git, gitEnv, initRepo, makeSandbox, put, toolInChild } from './tool-helpers.js';

/**
 * The git tools read what the judged code decides (docs/security.md, "Bounded tool output"): real
 * repositories with a planted huge diff, status or branch list, the real git binary, each call made
 * once, in a process with a 32 MiB heap, where buffering git's whole output dies.
 */

let box: ReturnType<typeof makeSandbox>;
let home: string;

beforeEach(() => {
  box = makeSandbox('git-bounded');
  home = join(box.root, 'home');
  mkdirSync(home);
  initRepo(box.work, home);
});
afterEach(() => box.cleanup());

/** One tool call in a child process whose V8 heap is 32 MiB, its whole outcome read back. */
function callUnderSmallHeap(name: string, input: Record<string, unknown> = {}) {
  return toolInChild(box.work, name, input, { nodeArgs: ['--max-old-space-size=32'], env: { HOME: home } });
}

describe('git_diff of a planted huge change', () => {
  it('reads at most its cap, stops git there, and says so', async () => {
    // A tracked file grown to 300 MB of NUL bytes (sparse: no disk) that .gitattributes calls text.
    put(box.work, '.gitattributes', 'big.bin diff\n');
    put(box.work, 'big.bin', '');
    git(box.work, home, ['add', '.']);
    git(box.work, home, ['-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'big']);
    truncateSync(join(box.work, 'big.bin'), 300 * 1024 * 1024);

    const outcome = callUnderSmallHeap('git_diff');
    expect(outcome.isError, outcome.content).toBe(false);
    expect(outcome.data).toEqual({ bytes: GIT_DIFF_MAX_BYTES, truncated: true });
    expect(outcome.content).toMatch(
      new RegExp(
        `\\n\\[diff truncated: showing the first ${GIT_DIFF_MAX_BYTES} bytes; git was stopped there`,
      ),
    );
    expect(outcome.content.startsWith('diff --git a/big.bin b/big.bin\n')).toBe(true);
    expect(outcome.ms).toBeLessThan(30_000);
  }, 90_000);
});

describe('git_status of a planted huge tree', () => {
  it('reads at most its cap and shows whole lines only, with a note', async () => {
    // About 33 MB of status, more than the child's whole heap: 11,000 untracked links, each listed
    // under a 3,000-byte directory path (12 nested 250-byte names), so making them is quick.
    const pad = 'u'.repeat(240);
    const deep = Array.from({ length: 12 }, (_, i) => `${'d'.repeat(249)}${i}`.slice(-250)).join('/');
    const dir = join(box.work, 'planted', deep);
    mkdirSync(dir, { recursive: true });
    for (let i = 0; i < 11_000; i++) symlinkSync('x', join(dir, `${pad}${i}`));

    const outcome = callUnderSmallHeap('git_status');
    expect(outcome.isError, outcome.content).toBe(false);
    const lines = outcome.content.split('\n');
    expect(lines[0]).toBe('## main');
    expect(lines.at(-1)).toMatch(
      /^\[status truncated: showing the first \d+ changes \(262144 bytes\); git was stopped there/,
    );
    const changes = lines.slice(1, -1);
    expect(changes.length).toBe((outcome.data as { changes: number }).changes);
    expect(changes.every((line) => new RegExp(`^\\?\\? planted/${deep}/${pad}\\d+$`).test(line))).toBe(true);
    expect(Buffer.byteLength(changes.join('\n'))).toBeLessThanOrEqual(GIT_STATUS_MAX_BYTES);
    expect(outcome.data).toMatchObject({ clean: false, truncated: true });
  }, 120_000);
});

describe('git_branch of a repository planted with many branches', () => {
  it('lists at most its cap, marks the current branch, and says so', async () => {
    // 300000 branches with long names in packed-refs: written in an instant, about 75 MB to list.
    const head = git(box.work, home, ['rev-parse', 'HEAD']);
    const pad = 'b'.repeat(200);
    const lines: string[] = [];
    for (let i = 0; i < 300_000; i++) lines.push(`${head} refs/heads/${pad}${String(i).padStart(6, '0')}`);
    appendFileSync(join(box.work, '.git/packed-refs'), `${lines.join('\n')}\n`);

    const outcome = callUnderSmallHeap('git_branch');
    expect(outcome.isError, outcome.content).toBe(false);
    const shown = outcome.content.split('\n');
    expect(shown.at(-1)).toMatch(
      new RegExp(
        `^\\[truncated: showing the first \\d+ branches \\(${GIT_BRANCH_LIST_MAX_BYTES} bytes\\); git was stopped there. The current branch is main\\]$`,
      ),
    );
    expect(shown.slice(0, -1).every((line) => new RegExp(`^  ${pad}\\d{6}$`).test(line))).toBe(true);
    expect(outcome.data).toMatchObject({ current: 'main', truncated: true, branches: shown.length - 1 });
  }, 90_000);
});

describe('runCappedGit', () => {
  it('stops a git command that prints without end once it passed the cap', async () => {
    const pidFile = join(box.root, 'spew.pid');
    const started = Date.now();
    const read = await runCappedGit({
      cwd: box.work,
      env: { ...gitEnv(home), GIT_CONFIG_NOSYSTEM: '1' },
      config: [`alias.spew=!sh -c 'echo $$ > "$0"; exec yes' ${pidFile}`],
      args: ['spew'],
      maxBytes: 64 * 1024,
      silenceMs: 60_000,
      signal: new AbortController().signal,
    });
    expect(read.truncated).toBe(true);
    expect(read.stdout.length).toBe(64 * 1024);
    expect(read.stdout.toString('utf8')).toBe('y\n'.repeat(32 * 1024));
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(isAlive(await readPidFile(pidFile))).toBe(false);
  });

  it('stops a git command that falls silent, and fails', async () => {
    const started = Date.now();
    const failing = runCappedGit({
      cwd: box.work,
      env: { ...gitEnv(home), GIT_CONFIG_NOSYSTEM: '1' },
      config: ['alias.hang=!sleep 30'],
      args: ['hang'],
      maxBytes: 1024,
      silenceMs: 300,
      signal: new AbortController().signal,
    });
    await expect(failing).rejects.toThrow(CappedGitError);
    await expect(failing).rejects.toThrow(/printed nothing for 0.3s and was stopped/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
