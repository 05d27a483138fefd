import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createIsolation } from '../../src/core/process/index.js';
import { runSupervised } from '../../src/core/process/process-supervisor.js';
import { type TempDir, tempDir } from '../helpers/temp-dir.js';
import { mechanismAvailable } from './isolation-kit.js';

const dirs: TempDir[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) dir.cleanup();
});

// Check 1 tells the next check where its HOME is (through the working copy they share) and makes
// its scratch slow to remove, with a token in it.
const FIRST = [
  'set -e',
  'echo "$HOME" > prev-home',
  'mkdir "$HOME/big" && cd "$HOME/big" && seq 1 60000 | xargs touch',
  'for d in "$HOME" "$TMPDIR" "$HOME/big"; do echo "token-of-check-1" > "$d/.credentials"; done',
].join('\n');

// Check 2 reads what check 1 left, and keeps planting an entry so that root's rm never finishes.
const SECOND = [
  'S=$(dirname "$(cat prev-home)")',
  'cat "$S/home/.credentials" "$S/tmp/.credentials" "$S/home/big/.credentials" 2>/dev/null || echo unreadable',
  'i=0; while [ $i -lt 200 ] && [ -d "$S" ]; do mkdir -p "$S/pin" 2>/dev/null; echo planted > "$S/pin/payload" 2>/dev/null; i=$((i+1)); sleep 0.01; done',
].join('\n');

/** Runs shell scripts in `workdir` through root's uid isolation, one process each. */
async function sandboxShell(workdir: string) {
  const isolation = await createIsolation({
    mode: 'uid',
    network: 'none',
    hiddenPaths: [],
    workdirs: [workdir],
    scratchRoot: tmpdir(),
    path: process.env.PATH ?? '',
    isRoot: true,
  });
  return (script: string) =>
    runSupervised({
      file: '/bin/sh',
      args: ['-c', script],
      cwd: workdir,
      env: { PATH: process.env.PATH ?? '' },
      stdin: null,
      timeoutMs: 60_000,
      signal: new AbortController().signal,
      isolation,
    });
}

describe('a process’s scratch after it has ended (uid)', () => {
  it('is removed when the process left it as it found it, and a link planted in it is removed, not followed', async () => {
    const unavailable = await mechanismAvailable('uid');
    if (unavailable || process.getuid?.() !== 0)
      return void console.warn(`SKIPPED scratch gate test: ${unavailable ?? 'not root'}`);
    const work = tempDir('scratch-unused-work');
    const victim = tempDir('scratch-unused-victim');
    dirs.push(work, victim);
    writeFileSync(victim.path('target'), 'keep me\n');
    const run = await sandboxShell(work.dir);
    const untouched = await run('echo "$HOME" > prev-home');
    expect(untouched.exitCode, untouched.stderr.tail).toBe(0);
    const scratch = dirname(readFileSync(work.path('prev-home'), 'utf8').trim());
    await expect.poll(() => existsSync(dirname(scratch)), { timeout: 20_000 }).toBe(false);
    const linked = await run(
      `echo "$HOME" > prev-home; rm -f "$HOME/.gitconfig"; ln -s ${victim.path('target')} "$HOME/.gitconfig"`,
    );
    expect(linked.exitCode, linked.stderr.tail).toBe(0);
    const linkedScratch = dirname(readFileSync(work.path('prev-home'), 'utf8').trim());
    await expect.poll(() => existsSync(dirname(linkedScratch)), { timeout: 20_000 }).toBe(false);
    expect(readFileSync(victim.path('target'), 'utf8')).toBe('keep me\n');
  }, 60_000);

  it('is closed to later processes at once, and removed in the background however they try to keep it', async () => {
    const unavailable = await mechanismAvailable('uid');
    if (unavailable || process.getuid?.() !== 0)
      return void console.warn(`SKIPPED scratch gate test: ${unavailable ?? 'not root'}`);
    const work = tempDir('scratch-gate-work');
    dirs.push(work);
    const run = await sandboxShell(work.dir);
    const first = await run(FIRST);
    expect(first.exitCode, first.stderr.tail).toBe(0);
    const scratch = dirname(readFileSync(work.path('prev-home'), 'utf8').trim());
    const second = await run(SECOND);
    expect(second.stdout.tail).toContain('unreadable');
    expect(second.stdout.tail).not.toContain('token-of-check-1');
    await expect.poll(() => existsSync(scratch), { timeout: 20_000 }).toBe(false);
    // The gate it sat in too.
    expect(existsSync(dirname(scratch))).toBe(false);
  }, 90_000);
});
