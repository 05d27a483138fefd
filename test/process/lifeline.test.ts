import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { harnessLifeline, lifelineWatcher } from '../../src/core/process/lifeline.js';
import { findProgram } from '../../src/core/process/trusted-path.js';
import { type TempDir, tempDir } from '../helpers/temp-dir.js';

const dirs: TempDir[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) dir.cleanup();
});
const MKFIFO = findProgram('mkfifo', process.env.PATH ?? '') ?? '/usr/bin/mkfifo';

/** A lifeline directory as another harness left it, its FIFO held open by `holder` or by nobody. */
function planted(
  root: string,
  name: string,
  held: boolean,
  ageMs: number,
): { dir: string; fd: number | null } {
  const dir = join(root, `truss-lifeline-${name}`);
  mkdirSync(dir);
  execFileSync(MKFIFO, [join(dir, 'fifo')]);
  const fd = held ? openSync(join(dir, 'fifo'), 'r+') : null;
  const when = (Date.now() - ageMs) / 1000;
  utimesSync(dir, when, when);
  return { dir, fd };
}

describe('the harness lifeline', () => {
  it('makes one FIFO per scratch root, and sweeps only those whose harness is gone', () => {
    const root = tempDir('lifeline');
    dirs.push(root);
    const dead = planted(root.dir, 'dead', false, 120_000);
    const alive = planted(root.dir, 'alive', true, 120_000);
    const young = planted(root.dir, 'young', false, 0);
    try {
      const fifo = harnessLifeline(root.dir, MKFIFO);
      expect(harnessLifeline(root.dir, MKFIFO)).toBe(fifo);
      expect(existsSync(fifo)).toBe(true);
      expect(existsSync(dead.dir)).toBe(false);
      expect(existsSync(alive.dir)).toBe(true);
      // Just made: its harness may not have opened it yet.
      expect(existsSync(young.dir)).toBe(true);
    } finally {
      if (alive.fd !== null) closeSync(alive.fd);
    }
  });

  it('the watcher line kills the other processes of its pid namespace once the FIFO has no writer', () => {
    const root = tempDir('lifeline-watch');
    dirs.push(root);
    const { dir } = planted(root.dir, 'w', false, 0);
    const fifo = join(dir, 'fifo');
    if (process.getuid?.() !== 0) return void console.warn('SKIPPED lifeline watcher test: not root');
    // A writer that ends after a moment stands in for the harness; the command would sleep 30 s.
    const started = Date.now();
    const result = spawnSync(
      'unshare',
      [
        '--pid',
        '--fork',
        '--kill-child',
        '--mount-proc',
        '--',
        '/bin/sh',
        '-c',
        `(exec 3>${fifo}; sleep 0.3) & sleep 0.1; ${lifelineWatcher(fifo)}\nsleep 30`,
      ],
      { encoding: 'utf8', timeout: 20_000 },
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(result.status).toBe(137);
  });

  it('a harness already gone when the process starts ends it at once (the watcher does not wait for a writer)', () => {
    if (process.getuid?.() !== 0) return void console.warn('SKIPPED lifeline no-writer test: not root');
    const root = tempDir('lifeline-gone');
    dirs.push(root);
    const { dir } = planted(root.dir, 'g', false, 0);
    const started = Date.now();
    const result = spawnSync(
      'unshare',
      [
        '--pid',
        '--fork',
        '--kill-child',
        '--mount-proc',
        '--',
        '/bin/sh',
        '-c',
        `${lifelineWatcher(join(dir, 'fifo'))}\nsleep 30`,
      ],
      { encoding: 'utf8', timeout: 20_000 },
    );
    expect(result.status).toBe(137);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
