/**
 * Fan-out attempts run side by side, each in its own working copy, and every copy is a working copy
 * of the run's isolation: bound read-write into every sandboxed process of the run (bwrap binds all
 * working copies; uid binds them into the run's held namespace and grants them to the sandbox
 * group). When one attempt ends, the harness removes its copy while the others still run. Node's
 * recursive `rm` re-resolves every path from the top, so a sibling attempt's process that swapped a
 * directory of the finished copy for a link made the harness — root — delete the files the link
 * pointed at, outside every working copy. The same removal closed a delegated CLI's tool-socket
 * directory. Real isolation, real processes, real renames (renameat2 RENAME_EXCHANGE).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { arch, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createIsolation, type IsolationLevel } from '../../src/core/process/index.js';
import { runSupervised } from '../../src/core/process/process-supervisor.js';
import { childWorkdirs } from '../../src/core/run/child-workdir.js';
import { makeWorkRepo, mechanismAvailable } from './isolation-kit.js';

const asRoot = process.getuid?.() === 0;
const made: string[] = [];
afterEach(() => {
  for (const path of made.splice(0)) rmSync(path, { recursive: true, force: true });
});

/**
 * Run inside attempt B: fills twenty directories `dK` in attempt A's copy, puts a link `lK` to the
 * victim beside each, then exchanges every pair over and over, as fast as it can.
 */
const RACER = `A="$ATTEMPT_A"
k=0; while [ $k -lt 20 ]; do
  mkdir "$A/d$k" && i=0; while [ $i -lt 100 ]; do : > "$A/d$k/f$i"; i=$((i+1)); done
  ln -s "$VICTIM" "$A/l$k" || exit 1
  k=$((k+1))
done
: > "$A/ready"
exec /usr/bin/perl -e 'while (1) { for $k (0..19) { syscall(316, -100, "$ARGV[0]/d$k", -100, "$ARGV[0]/l$k", 2) } }' "$A"`;

describe.runIf(asRoot && arch() === 'x64').each<IsolationLevel>(['uid', 'bwrap'])(
  'removing a finished attempt copy while a sibling attempt runs (%s)',
  (level) => {
    it('follows no link the sibling swapped in: the files outside every working copy stay', async () => {
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
      const env = { PATH: process.env.PATH, HOME: process.env.HOME };
      for (let round = 0; round < 3; round++) {
        // Root's files, outside every working copy: the sandbox can neither see nor write them.
        const victim = mkdtempSync(join(tmpdir(), 'truss-victim-'));
        made.push(victim);
        for (let i = 0; i < 400; i++) writeFileSync(join(victim, `f${i}`), 'x');
        const copies = await childWorkdirs({
          workdir: work,
          env,
          shared: false,
          prepare: (dir) => isolation.addWorkdir(dir),
          unprepare: (dir) => isolation.removeWorkdir?.(dir) ?? Promise.resolve(),
        });
        const a = await copies.acquire();
        const b = await copies.acquire();
        const stop = new AbortController();
        let removal: string | null = 'not tried';
        const sibling = runSupervised({
          file: '/bin/sh',
          args: ['-c', RACER],
          cwd: b.dir,
          env: { PATH: process.env.PATH ?? '', ATTEMPT_A: a.dir, VICTIM: victim },
          stdin: null,
          timeoutMs: 30_000,
          signal: stop.signal,
          killGraceMs: 100,
          isolation,
        });
        try {
          const ready = await Promise.race([
            (async () => {
              while (!existsSync(join(a.dir, 'ready'))) await sleep(20);
              return true;
            })(),
            sibling.then(
              (outcome) => `${outcome.exitCode} ${outcome.stderr.tail} ${outcome.spawnError?.message}`,
            ),
          ]);
          expect(ready, 'the sibling could not plant the link').toBe(true);
          await sleep(100);
          // Node's rm also gave up half-way (ENOTEMPTY, EISDIR), leaving the copy on the host.
          removal = await a.release().then(
            () => null,
            (error: Error) => error.message,
          );
        } finally {
          stop.abort();
          const outcome = await sibling;
          expect(outcome.spawnError).toBeNull();
          await copies.dispose();
        }
        // What the racing sibling kept rm from removing is removed once no attempt runs.
        expect(existsSync(a.dir), 'the copy was left behind').toBe(false);
        expect({ round, removal, victimFiles: readdirSync(victim).length }).toEqual({
          round,
          removal: null,
          victimFiles: 400,
        });
      }
    }, 120_000);
  },
);

describe.runIf(asRoot && arch() === 'x64')('a removed attempt copy', () => {
  it('is gone, links and all, and nothing it pointed at is touched', async () => {
    const work = makeWorkRepo();
    made.push(work);
    const victim = mkdtempSync(join(tmpdir(), 'truss-victim-'));
    made.push(victim);
    writeFileSync(join(victim, 'keep'), 'x');
    const copies = await childWorkdirs({
      workdir: work,
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
      shared: false,
    });
    const a = await copies.acquire();
    spawnSync('ln', ['-s', victim, join(a.dir, 'l')]);
    await a.release();
    expect(existsSync(a.dir)).toBe(false);
    expect(readdirSync(victim)).toEqual(['keep']);
  });
});
