/**
 * Fan-out attempts run side by side (docs/fanout.md "Where attempts work"). Each attempt's untrusted
 * processes go through its own view of the run's isolation (`Isolation.forAttempt`): a sibling
 * attempt's process must neither write nor read another attempt's working copy, clean room,
 * tool-socket token or scratch TMPDIR. Before the views, every attempt shared one isolation: every
 * copy was bound read-write into every sandboxed process and granted to one sandbox group, and an
 * attack pass had one attempt overwrite a sibling's copy between the sibling's diff and its panel.
 * Real isolation, real processes, as root: the attacker knows every path (it is given them).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createIsolation, type Isolation, type IsolationLevel } from '../../src/core/process/index.js';
import { runSupervised } from '../../src/core/process/process-supervisor.js';
import { childWorkdirs } from '../../src/core/run/child-workdir.js';
import { makeWorkRepo, mechanismAvailable } from './isolation-kit.js';

const asRoot = process.getuid?.() === 0;
const made: string[] = [];
afterEach(() => {
  for (const path of made.splice(0)) rmSync(path, { recursive: true, force: true });
});

/** Attempt B's process: tries each reach into attempt A's places and says what happened. */
const ATTACKER = `try() { if sh -c "$2" >/dev/null 2>&1; then echo "$1=reached"; else echo "$1=refused"; fi; }
try write-copy 'echo GOOD > "$A_COPY/README.md"'
try read-copy 'cat "$A_COPY/README.md"'
try list-copy 'ls "$A_COPY"'
try write-room 'echo GOOD > "$A_ROOM/evidence.txt"'
try read-room 'cat "$A_ROOM/evidence.txt"'
try read-token 'cat "$A_TOKEN"'
try read-scratch 'cat "$A_SCRATCH"'
try write-own 'echo mine > "$B_COPY/own.txt"'`;

/** The view an attempt's processes go through: its own when the isolation has them, else the run's. */
const viewOf = async (isolation: Isolation, slot: number) =>
  (await isolation.forAttempt?.(slot)) ?? isolation;

describe.runIf(asRoot).each<IsolationLevel>(['uid', 'bwrap'])(
  'two fan-out attempts side by side (%s)',
  (level) => {
    it("one attempt's processes reach none of the other attempt's places", async () => {
      const unavailable = await mechanismAvailable(level);
      if (unavailable) return void console.warn(`SKIPPED ${level}: ${unavailable}`);
      const work = makeWorkRepo();
      made.push(work);
      const isolation = await createIsolation({
        mode: level,
        network: 'none',
        hiddenPaths: [],
        workdirs: [work],
        scratchRoot: tmpdir(),
        path: process.env.PATH ?? '',
        isRoot: true,
      });
      const parentDir = isolation.tempDir ?? tmpdir();
      const viewA = await viewOf(isolation, 1);
      const viewB = await viewOf(isolation, 2);
      const env = { PATH: process.env.PATH, HOME: process.env.HOME };
      const copies = await childWorkdirs({
        workdir: work,
        env,
        shared: false,
        parentDir,
        unprepare: (dir) => isolation.removeWorkdir?.(dir) ?? Promise.resolve(),
      });
      const a = await copies.acquire((dir) => viewA.addWorkdir(dir));
      const b = await copies.acquire((dir) => viewB.addWorkdir(dir));
      // A's clean room and its tool-socket directory, added through A's view as the run adds them.
      const room = mkdtempSync(join(parentDir, 'truss-cleanroom-'));
      made.push(room);
      writeFileSync(join(room, 'evidence.txt'), 'BAD\n');
      await viewA.addWorkdir(room);
      const tools = mkdtempSync(join(parentDir, 'truss-tools-'));
      made.push(tools);
      writeFileSync(join(tools, 'token'), 'tok3n\n', { mode: 0o640 });
      await viewA.addWorkdir(tools);
      const before = readFileSync(join(a.dir, 'README.md'), 'utf8');

      // A keeps running with a secret in its TMPDIR while B attacks.
      const stopA = new AbortController();
      const runA = runSupervised({
        file: '/bin/sh',
        args: [
          '-c',
          'printf s3cret > "$TMPDIR/attempt-a-secret" && git cat-file -p HEAD:README.md > own.txt && sleep 30',
        ],
        cwd: a.dir,
        env: { PATH: process.env.PATH ?? '' },
        stdin: null,
        timeoutMs: 60_000,
        signal: stopA.signal,
        killGraceMs: 100,
        isolation: viewA,
      });
      try {
        let scratch = '';
        for (let i = 0; i < 200 && scratch === ''; i++) {
          await sleep(50);
          scratch = execFileSync('find', [parentDir, '-name', 'attempt-a-secret'], {
            encoding: 'utf8',
          }).trim();
        }
        expect(scratch, "attempt A's process did not start").not.toBe('');
        const attack = await runSupervised({
          file: '/bin/sh',
          args: ['-c', ATTACKER],
          cwd: b.dir,
          env: {
            PATH: process.env.PATH ?? '',
            A_COPY: a.dir,
            A_ROOM: room,
            A_TOKEN: join(tools, 'token'),
            A_SCRATCH: scratch,
            B_COPY: b.dir,
          },
          stdin: null,
          timeoutMs: 30_000,
          signal: new AbortController().signal,
          killGraceMs: 100,
          isolation: viewB,
        });
        expect(attack.spawnError).toBeNull();
        const seen = Object.fromEntries(
          attack.stdout.tail
            .trim()
            .split('\n')
            .map((line) => line.split('=')),
        );
        expect(seen).toEqual({
          'write-copy': 'refused',
          'read-copy': 'refused',
          'list-copy': 'refused',
          'write-room': 'refused',
          'read-room': 'refused',
          'read-token': 'refused',
          'read-scratch': 'refused',
          // The control: B's own copy is B's to write.
          'write-own': 'reached',
        });
        expect(readFileSync(join(a.dir, 'README.md'), 'utf8')).toBe(before);
        expect(readFileSync(join(room, 'evidence.txt'), 'utf8')).toBe('BAD\n');
        expect(readFileSync(join(b.dir, 'own.txt'), 'utf8')).toBe('mine\n');
        // A works in its own copy, and its git reads the run's objects the copy borrows (alternates).
        expect(readFileSync(join(a.dir, 'own.txt'), 'utf8')).toBe(before);
      } finally {
        stopA.abort();
        await runA;
        await copies.dispose();
      }
    }, 120_000);
  },
);

describe.runIf(asRoot)('attempt views', () => {
  it('give each slot an account of its own, other than the run’s (uid)', async () => {
    const unavailable = await mechanismAvailable('uid');
    if (unavailable) return void console.warn(`SKIPPED uid: ${unavailable}`);
    const work = makeWorkRepo();
    made.push(work);
    const isolation = await createIsolation({
      mode: 'uid',
      network: 'open',
      hiddenPaths: [],
      workdirs: [work],
      scratchRoot: tmpdir(),
      path: process.env.PATH ?? '',
      isRoot: true,
    });
    const ids: string[] = [];
    for (const view of [isolation, await viewOf(isolation, 1), await viewOf(isolation, 2)]) {
      const dir = mkdtempSync(join(isolation.tempDir ?? tmpdir(), 'truss-id-'));
      made.push(dir);
      mkdirSync(join(dir, 'x'));
      await view.addWorkdir(dir);
      const out = await runSupervised({
        file: '/bin/sh',
        args: ['-c', 'id -un'],
        cwd: dir,
        env: { PATH: process.env.PATH ?? '' },
        stdin: null,
        timeoutMs: 30_000,
        signal: new AbortController().signal,
        killGraceMs: 100,
        isolation: view,
      });
      ids.push(out.stdout.tail.trim());
    }
    expect(ids).toEqual(['truss-sandbox', 'truss-sandbox-a1', 'truss-sandbox-a2']);
  }, 60_000);
});
