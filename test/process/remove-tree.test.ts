/**
 * The harness removes each sandboxed process's scratch (its HOME and TMPDIR) as root, while other
 * processes of the same sandbox user may still run (fan-out attempts in parallel, another run). Node's
 * recursive rmSync re-resolves every path from the top: a directory of the tree swapped for a link to
 * elsewhere made root delete the files there (an attack pass deleted 487 of 1000 root-owned files
 * through two concurrent checks). A tree deeper than PATH_MAX stopped it with ENAMETOOLONG and left
 * the sandbox's files on the host, reachable by later runs. SysV IPC objects a check made outlived it.
 * Real processes as another uid, real renames, real namespaces.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { arch, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createIsolation } from '../../src/core/process/index.js';
import { runSupervised } from '../../src/core/process/process-supervisor.js';
import { removeUntrustedTree } from '../../src/core/process/remove-tree.js';
import { mechanismAvailable } from './isolation-kit.js';

const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;
const TOOL_ENV = { PATH: process.env.PATH ?? '/usr/bin:/bin' };
const made: string[] = [];
afterEach(() => {
  for (const path of made.splice(0)) rmSync(path, { recursive: true, force: true });
});

function temp(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `truss-${prefix}-`));
  made.push(dir);
  return dir;
}

/** Exchanges `dir/d` (a directory) and `dir/l` (a link) as fast as it can: renameat2(RENAME_EXCHANGE). */
const SWAPPER = '$a = "$ARGV[0]/d"; $b = "$ARGV[0]/l"; while (1) { syscall(316, -100, $a, -100, $b, 2) }';

describe.runIf(asRoot && arch() === 'x64')('removing a tree the sandbox can still change', () => {
  it('follows no link swapped in while it works: the files the link points at stay', async () => {
    for (let round = 0; round < 3; round++) {
      const victim = temp('victim');
      for (let i = 0; i < 400; i++) writeFileSync(join(victim, `f${i}`), 'x');
      const scratch = temp('scratch');
      mkdirSync(join(scratch, 'home/d'), { recursive: true });
      for (let i = 0; i < 400; i++) writeFileSync(join(scratch, 'home/d', `f${i}`), '');
      execFileSync('ln', ['-s', victim, join(scratch, 'home/l')]);
      execFileSync('chown', ['-R', '-h', `${NOBODY}:${NOBODY}`, scratch]);
      const racer = spawn(
        'setpriv',
        [
          `--reuid=${NOBODY}`,
          `--regid=${NOBODY}`,
          '--clear-groups',
          '/usr/bin/perl',
          '-e',
          SWAPPER,
          join(scratch, 'home'),
        ],
        { stdio: 'ignore', cwd: '/' },
      );
      // Killed whatever happens: a racer left running would load the machine for every later test.
      const exited =
        racer.exitCode !== null ? Promise.resolve() : new Promise((resolve) => racer.once('exit', resolve));
      try {
        await new Promise((resolve) => setTimeout(resolve, 150));
        expect(racer.exitCode, 'the racer was still swapping').toBeNull();
        await removeUntrustedTree(scratch, TOOL_ENV);
      } finally {
        racer.kill('SIGKILL');
        await exited;
      }
      expect(readdirSync(victim).length, `round ${round}`).toBe(400);
    }
  }, 60_000);
});

describe.runIf(asRoot)('removing a tree deeper than PATH_MAX', () => {
  it('removes it all', async () => {
    const root = temp('deep');
    // 400 levels of 10 characters: about 4400 characters, past PATH_MAX (4096).
    // Made by relative steps (a shell's `cd` refuses once its PWD passes PATH_MAX, at about 370).
    const made = spawnSync('perl', [
      '-e',
      'chdir $ARGV[0] or die "$!"; for (1 .. 400) { mkdir "dddddddddd" or die "$!"; chdir "dddddddddd" or die "$!" } open(my $f, ">", "marker") or die "$!"; print $f "x\n"; close $f or die "$!"',
      root,
    ]);
    expect(made.status, made.stderr?.toString()).toBe(0);
    // Past PATH_MAX: no call can name the marker by its path. (Node 20's own recursive rmSync fails on
    // such a tree with ENAMETOOLONG; Node 24's walks it by descriptors and does not.)
    expect(() => statSync(join(root, 'dddddddddd/'.repeat(400), 'marker'))).toThrow(/ENAMETOOLONG/);
    await removeUntrustedTree(root, TOOL_ENV);
    expect(existsSync(root)).toBe(false);
  }, 30_000);
});

describe('uid isolation leaves nothing of a check behind', () => {
  it('a scratch HOME made deeper than PATH_MAX is removed, and SysV IPC objects end with the process', async () => {
    const unavailable = await mechanismAvailable('uid');
    if (unavailable || !asRoot)
      return void console.warn(`SKIPPED leftovers test: ${unavailable ?? 'not root'}`);
    const work = temp('leftover-work');
    const isolation = await createIsolation({
      mode: 'uid',
      network: 'open',
      hiddenPaths: [],
      workdirs: [work],
      scratchRoot: tmpdir(),
      path: process.env.PATH ?? '',
      isRoot: true,
    });
    const outcome = await runSupervised({
      file: '/bin/sh',
      args: [
        '-c',
        // cd stops once the path passes PATH_MAX (about 370 levels); the tree is that deep by then.
        'echo "HOME=$HOME"; ipcmk -M 4096; cd "$HOME" && while mkdir dddddddddd && cd dddddddddd; do :; done; echo persisted > marker',
      ],
      cwd: work,
      env: { PATH: process.env.PATH ?? '' },
      stdin: null,
      timeoutMs: 20_000,
      signal: new AbortController().signal,
      isolation,
    });
    const output = outcome.stdout.tail;
    expect(outcome.exitCode, outcome.stderr.tail).toBe(0);
    const home = /HOME=(\S+)/.exec(output)?.[1] as string;
    expect(home).toMatch(/truss-sbx-/);
    // Removed in the background once the check has ended.
    await expect.poll(() => existsSync(home), { timeout: 10_000 }).toBe(false);
    const segment = /Shared memory id: (\d+)/.exec(output)?.[1] as string;
    expect(segment).toBeDefined();
    // Made in the check's own IPC namespace: the host has no segment of that id owned by the sandbox.
    const host = spawnSync('ipcs', ['-m'], { encoding: 'utf8' }).stdout;
    expect(
      host.split('\n').some((line) => line.split(/\s+/)[1] === segment && /truss-sandbox/.test(line)),
    ).toBe(false);
  }, 60_000);
});
