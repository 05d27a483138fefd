import { execFileSync, spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  deadHarnessDirectories,
  harnessDirectory,
  harnessDirectoryAhead,
  lifelineWatcher,
  sweepDeadHarnesses,
} from '../../src/core/process/lifeline.js';
import { findProgram } from '../../src/core/process/trusted-path.js';
import { type TempDir, tempDir } from '../helpers/temp-dir.js';

const dirs: TempDir[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) dir.cleanup();
});
const MKFIFO = findProgram('mkfifo', process.env.PATH ?? '') ?? '/usr/bin/mkfifo';

/** A harness directory as another harness left it, its FIFO held open (by this process) or by nobody. */
function planted(
  root: string,
  name: string,
  state: { held: boolean; ageMs: number; lifeline?: boolean },
): { dir: string; fifo: string; fd: number | null } {
  const dir = join(root, `truss-harness-${name}`);
  const fifo = join(dir, 'lifeline', 'fifo');
  mkdirSync(join(dir, 'lifeline'), { recursive: true });
  if (state.lifeline !== false) execFileSync(MKFIFO, [fifo]);
  // What its checks left: a scratch HOME.
  mkdirSync(join(dir, 'truss-sbx-x', 'home'), { recursive: true });
  const fd = state.held ? openSync(fifo, 'r+') : null;
  const when = (Date.now() - state.ageMs) / 1000;
  utimesSync(dir, when, when);
  return { dir, fifo, fd };
}

describe('the harness directory and its lifeline', () => {
  it('is made once per scratch root, with the lifeline held open by this process', () => {
    const root = tempDir('lifeline');
    dirs.push(root);
    const made = harnessDirectory(root.dir, MKFIFO);
    expect(harnessDirectory(root.dir, MKFIFO)).toBe(made);
    // Named for the sweep only once set up: nothing else is left in the root.
    expect(readdirSync(root.dir)).toEqual([basename(made.dir)]);
    expect(basename(made.dir)).toMatch(/^truss-harness-/);
    expect(statSync(made.fifo).isFIFO()).toBe(true);
    expect(statSync(made.dir).mode & 0o777).toBe(0o711);
    expect(statSync(join(made.dir, 'lifeline')).mode & 0o777).toBe(0o700);
    // Held: a reader that does not block sees no end-of-file.
    expect(deadHarnessDirectories(root.dir, Date.now() + 3_600_000)).toEqual([]);
    // Removed behind its back (a temp cleaner): the next use makes a fresh one, held too.
    rmSync(made.dir, { recursive: true });
    const again = harnessDirectory(root.dir, MKFIFO);
    expect(again.dir).not.toBe(made.dir);
    expect(statSync(again.fifo).isFIFO()).toBe(true);
    expect(deadHarnessDirectories(root.dir, Date.now() + 3_600_000)).toEqual([]);
  });

  it('made ahead (mkfifo not awaited on the main thread), it is the one later calls get, held the same way', async () => {
    const root = tempDir('lifeline-ahead');
    dirs.push(root);
    const pending = harnessDirectoryAhead(root.dir, MKFIFO);
    // The FIFO is made by a child process: nothing is named for the sweep until it is held.
    expect(readdirSync(root.dir).filter((name) => name.startsWith('truss-harness-'))).toEqual([]);
    const made = await pending;
    expect(made).not.toBeNull();
    const ahead = made as { dir: string; fifo: string };
    expect(harnessDirectory(root.dir, MKFIFO)).toBe(ahead);
    expect(await harnessDirectoryAhead(root.dir, MKFIFO)).toBe(ahead);
    expect(readdirSync(root.dir)).toEqual([basename(ahead.dir)]);
    expect(statSync(ahead.fifo).isFIFO()).toBe(true);
    expect(statSync(ahead.dir).mode & 0o777).toBe(0o711);
    expect(statSync(join(ahead.dir, 'lifeline')).mode & 0o777).toBe(0o700);
    expect(deadHarnessDirectories(root.dir, Date.now() + 3_600_000)).toEqual([]);
  });

  it('made ahead with an mkfifo that fails, it leaves nothing and the synchronous call still fails closed', async () => {
    const root = tempDir('lifeline-ahead-fail');
    dirs.push(root);
    const failing = join(root.dir, 'no-mkfifo');
    expect(await harnessDirectoryAhead(root.dir, failing)).toBeNull();
    expect(readdirSync(root.dir)).toEqual([]);
    expect(() => harnessDirectory(root.dir, failing)).toThrow();
  });

  it('finds exactly the directories whose harness is gone, and the sweep removes them whole', async () => {
    const root = tempDir('lifeline-sweep');
    dirs.push(root);
    const dead = planted(root.dir, 'dead', { held: false, ageMs: 120_000 });
    const ended = planted(root.dir, 'ended', { held: false, ageMs: 120_000, lifeline: false });
    const alive = planted(root.dir, 'alive', { held: true, ageMs: 120_000 });
    // Killed a moment ago: a directory is named only once its FIFO is held, so a dropped one is dead.
    const killed = planted(root.dir, 'killed', { held: false, ageMs: 0 });
    // No lifeline and just touched: its harness is still leaving (or an older Truss's is setting up).
    const young = planted(root.dir, 'young', { held: false, ageMs: 0, lifeline: false });
    // Being set up: not yet named for the sweep.
    const setup = join(root.dir, '.truss-harness-setup-x');
    mkdirSync(setup);
    utimesSync(setup, (Date.now() - 120_000) / 1000, (Date.now() - 120_000) / 1000);
    // Ended with its holder still removing its stage: nothing left but the directory.
    const empty = join(root.dir, 'truss-harness-empty');
    mkdirSync(empty);
    utimesSync(empty, (Date.now() - 120_000) / 1000, (Date.now() - 120_000) / 1000);
    // Not a harness directory: a link to one, and a file of that name.
    symlinkSync(dead.dir, join(root.dir, 'truss-harness-link'));
    writeFileSync(join(root.dir, 'truss-harness-file'), '');
    try {
      expect(deadHarnessDirectories(root.dir).sort()).toEqual(
        [dead.dir, ended.dir, empty, killed.dir].sort(),
      );
      const removed: string[] = [];
      await sweepDeadHarnesses(root.dir, async (dir) => {
        removed.push(dir);
        rmSync(dir, { recursive: true });
      });
      expect(removed.sort()).toEqual([dead.dir, ended.dir, killed.dir].sort());
      expect(existsSync(dead.dir)).toBe(false);
      expect(existsSync(killed.dir)).toBe(false);
      expect(existsSync(setup)).toBe(true);
      expect(existsSync(empty)).toBe(false);
      expect(existsSync(alive.dir)).toBe(true);
      expect(existsSync(young.dir)).toBe(true);
    } finally {
      if (alive.fd !== null) closeSync(alive.fd);
    }
  });

  it('the watcher line kills the other processes of its pid namespace once the FIFO has no writer', () => {
    const root = tempDir('lifeline-watch');
    dirs.push(root);
    const { fifo } = planted(root.dir, 'w', { held: false, ageMs: 0 });
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
    const { fifo } = planted(root.dir, 'g', { held: false, ageMs: 0 });
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
        `${lifelineWatcher(fifo)}\nsleep 30`,
      ],
      { encoding: 'utf8', timeout: 20_000 },
    );
    expect(result.status).toBe(137);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
