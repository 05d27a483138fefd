/**
 * Under `uid` isolation the sandbox user could write the host's /tmp, /var/tmp and /dev/shm, and what
 * it left there outlived the run: a check made `/tmp/node-compile-cache`, where Node ≥ 22 looks for
 * bytecode by default, and whatever ran next on the machine under that default (a later `tsc`, an
 * older `truss`) ran the check's code. Each shared directory is now a private tmpfs inside the sandbox,
 * with the working copies and the sandbox's scratch bound back. Real namespaces, real mounts, real
 * sandbox user; both the held namespace (root) and per-process mounts (a network namespace).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createIsolation } from '../../src/core/process/index.js';
import type { Isolation } from '../../src/core/process/isolation.js';
import { localAccount, SANDBOX_OFFLINE_USER } from '../../src/core/process/isolation-uid.js';
import {
  preparePrivateDirs,
  SHARED_DIR_CANDIDATES,
  sharedWritableDirs,
} from '../../src/core/process/private-dirs.js';
import { runSupervised } from '../../src/core/process/process-supervisor.js';
import { mechanismAvailable, netnsUidIsolation } from './isolation-kit.js';

const made: string[] = [];
afterEach(() => {
  for (const path of made.splice(0)) rmSync(path, { recursive: true, force: true });
});

/** A working copy in the shared temp directory, as most test and CI checkouts are. */
function workdir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'truss-private-work-'));
  made.push(dir);
  writeFileSync(join(dir, 'README.md'), 'from the host\n');
  chmodSync(dir, 0o755);
  return dir;
}

async function run(isolation: Isolation, cwd: string, script: string) {
  const outcome = await runSupervised({
    file: '/bin/sh',
    args: ['-c', script],
    cwd,
    env: { PATH: process.env.PATH ?? '' },
    stdin: null,
    timeoutMs: 15_000,
    signal: new AbortController().signal,
    isolation,
  });
  return { code: outcome.exitCode, output: `${outcome.stdout.tail}${outcome.stderr.tail}` };
}

/** What a check does to leave something behind, and to show it still works where it should. */
function plantScript(marker: string): string {
  return [
    `mkdir /tmp/${marker} /var/tmp/${marker} /dev/shm/${marker} /tmp/node-compile-cache-${marker}`,
    `echo planted > /tmp/${marker}/payload`,
    'cat README.md',
    'echo written > out.txt',
    'echo scratch > "$TMPDIR/t" && cat "$TMPDIR/t"',
    'echo done',
  ].join(' && ');
}

function expectNothingLeft(marker: string) {
  for (const path of [
    `/tmp/${marker}`,
    `/var/tmp/${marker}`,
    `/dev/shm/${marker}`,
    `/tmp/node-compile-cache-${marker}`,
  ])
    expect(existsSync(path), path).toBe(false);
}

async function uidReady(): Promise<string | null> {
  const unavailable = await mechanismAvailable('uid');
  if (unavailable) return unavailable;
  if (process.getuid?.() !== 0) return 'not root';
  return null;
}

describe('uid isolation: the shared temp directories are private to the sandbox', () => {
  it('held namespace: nothing written to /tmp, /var/tmp or /dev/shm outlives the process; the working copy and TMPDIR still work', async () => {
    const skip = await uidReady();
    if (skip) return void console.warn(`SKIPPED private dirs (held): ${skip}`);
    const work = workdir();
    const isolation = await createIsolation({
      mode: 'uid',
      network: 'open',
      hiddenPaths: [],
      workdirs: [work],
      scratchRoot: tmpdir(),
      path: process.env.PATH ?? '',
      isRoot: true,
    });
    const marker = `truss-planted-${randomBytes(6).toString('hex')}`;
    const first = await run(isolation, work, plantScript(marker));
    expect(first.output).toContain('from the host');
    expect(first.output).toContain('scratch');
    expect(first.code, first.output).toBe(0);
    expectNothingLeft(marker);
    expect(readFileSync(join(work, 'out.txt'), 'utf8')).toBe('written\n');
  }, 30_000);

  it('per-process mounts (a network namespace): the same', async () => {
    const skip = await uidReady();
    const account = localAccount(SANDBOX_OFFLINE_USER);
    if (skip || account === null)
      return void console.warn(`SKIPPED private dirs (per process): ${skip ?? 'no sandbox user'}`);
    const work = workdir();
    chownSync(work, 0, account.gid);
    chmodSync(work, 0o775);
    const shared = sharedWritableDirs(SHARED_DIR_CANDIDATES, [work]);
    const { keepRoot, privateDirs } = preparePrivateDirs(tmpdir(), shared, 0);
    const isolation = netnsUidIsolation(account, {
      scratchRoot: keepRoot,
      privateDirs,
      keeps: [work],
      heldNamespace: false,
    });
    const marker = `truss-planted-${randomBytes(6).toString('hex')}`;
    const outcome = await run(isolation, work, plantScript(marker));
    expect(outcome.code, outcome.output).toBe(0);
    expectNothingLeft(marker);
    expect(readFileSync(join(work, 'out.txt'), 'utf8')).toBe('written\n');
  }, 30_000);

  it('a working copy added later in the temp directory (a clean room) is reachable, and so is a plain working directory there', async () => {
    const skip = await uidReady();
    if (skip) return void console.warn(`SKIPPED private dirs (added later): ${skip}`);
    const work = workdir();
    const isolation = await createIsolation({
      mode: 'uid',
      network: 'open',
      hiddenPaths: [],
      workdirs: [work],
      scratchRoot: tmpdir(),
      path: process.env.PATH ?? '',
      isRoot: true,
    });
    // The held namespace exists before the clean room does.
    expect((await run(isolation, work, 'true')).code).toBe(0);
    // Git repositories, as clean rooms are: their metadata guards are mounted too.
    const cleanRoom = workdir();
    execFileSync('git', ['init', '-q', cleanRoom]);
    await isolation.addWorkdir(cleanRoom);
    const inRoom = await run(isolation, cleanRoom, 'cat README.md && echo built > build.txt');
    expect(inRoom.code, inRoom.output).toBe(0);
    expect(readFileSync(join(cleanRoom, 'build.txt'), 'utf8')).toBe('built\n');

    // Removed without removeWorkdir (as a finished clean room is): the next copy still works.
    rmSync(cleanRoom, { recursive: true, force: true });
    const next = workdir();
    execFileSync('git', ['init', '-q', next]);
    await isolation.addWorkdir(next);
    const inNext = await run(isolation, next, 'cat README.md');
    expect(inNext.code, inNext.output).toBe(0);

    // Not a working copy at all: the process still starts where it was asked to.
    const plain = workdir();
    const inPlain = await run(isolation, plain, 'cat README.md && pwd');
    expect(inPlain.code, inPlain.output).toBe(0);
    expect(inPlain.output).toContain(`from the host\n${plain}`);
  }, 30_000);
});

describe('which directories are made private, and where their stages live', () => {
  it('takes existing world-writable directories once, and none inside a working copy', () => {
    const root = mkdtempSync(join(tmpdir(), 'truss-shared-'));
    made.push(root);
    for (const name of ['open', 'closed', 'work/open-inside'])
      mkdirSync(join(root, name), { recursive: true });
    chmodSync(join(root, 'open'), 0o1777);
    chmodSync(join(root, 'closed'), 0o755);
    chmodSync(join(root, 'work/open-inside'), 0o777);
    const candidates = ['open', 'closed', 'missing', 'work/open-inside', 'open'].map((name) =>
      join(root, name),
    );
    expect(sharedWritableDirs(candidates, [join(root, 'work')])).toEqual([join(root, 'open')]);
  });

  it("uses the harness's own reusable directory, and a fresh one when someone else made that name first", () => {
    const scratch = mkdtempSync(join(tmpdir(), 'truss-scratch-'));
    made.push(scratch);
    chmodSync(scratch, 0o1777);
    const uid = process.getuid?.() ?? 0;
    const own = preparePrivateDirs(scratch, ['/tmp'], uid);
    expect(own.keepRoot).toBe(join(scratch, `truss-sandbox-${uid}`, 'keep'));
    expect(statSync(own.privateDirs[0]?.stage as string).mode & 0o777).toBe(0o700);
    expect(preparePrivateDirs(scratch, ['/tmp'], uid).keepRoot).toBe(own.keepRoot);
    if (uid !== 0) return;
    // The sandbox user (here: nobody) made the name first: it is not used.
    const planted = join(scratch, 'truss-sandbox-4242');
    mkdirSync(planted);
    chownSync(planted, 65534, 65534);
    const fresh = preparePrivateDirs(scratch, ['/tmp'], 4242);
    expect(fresh.keepRoot.startsWith(`${planted}/`)).toBe(false);
    expect(statSync(join(fresh.keepRoot, '..')).uid).toBe(0);
  });
});
