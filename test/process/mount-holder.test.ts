import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createIsolation, type Isolation } from '../../src/core/process/index.js';
import { localAccount, SANDBOX_OFFLINE_USER } from '../../src/core/process/isolation-uid.js';
import { heldInit } from '../../src/core/process/mount-holder.js';
import { runSupervised } from '../../src/core/process/process-supervisor.js';
import { PID_NAMESPACE_FLAGS } from '../../src/core/process/sandbox-commands.js';
import { type TempDir, tempDir } from '../helpers/temp-dir.js';
import { mechanismAvailable, netnsUidIsolation, sleepers } from './isolation-kit.js';

const dirs: TempDir[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) dir.cleanup();
});

const UID_NONE = {
  mode: 'uid',
  network: 'none',
  path: process.env.PATH ?? '',
  isRoot: true,
} as const;

async function sh(isolation: Isolation, cwd: string, script: string) {
  const outcome = await runSupervised({
    file: '/bin/sh',
    args: ['-c', script],
    cwd,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    stdin: null,
    timeoutMs: 10_000,
    signal: new AbortController().signal,
    isolation,
  });
  return { code: outcome.exitCode, out: `${outcome.stdout.tail}${outcome.stderr.tail}` };
}

/** The pids of holders (`truss-sandbox-mounts`) whose stage lies in `scratch`. */
function holders(scratch: string): string[] {
  const ps = spawnSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' }).stdout;
  return ps
    .split('\n')
    .filter((line) => line.includes('truss-sandbox-mounts') && line.includes(scratch))
    .map((line) => line.trim().split(/\s+/)[0] as string);
}

/** A working copy inside a HOME the sandbox covers, as on a hosted runner, and a scratch root. */
function coveredRepo(prefix: string, readme: string) {
  const home = tempDir(`${prefix}-home`);
  const scratch = tempDir(`${prefix}-scratch`);
  dirs.push(home, scratch);
  chmodSync(scratch.dir, 0o755);
  const repo = home.path('work/repo');
  home.write('work/repo/README.md', readme);
  return { home, scratch, repo };
}

/**
 * A harness as a separate process: `isolation` made as a CLI run makes it (uid, network none, the
 * HOME holding `repo` covered), `runSupervised` imported, then `body`.
 */
function harnessSource(
  paths: { repo: string; home: string; scratch: string },
  body: readonly string[],
): string {
  const source = join(import.meta.dirname, '../../src/core/process');
  return [
    `import { createIsolation } from ${JSON.stringify(join(source, 'index.js'))};`,
    `import { runSupervised } from ${JSON.stringify(join(source, 'process-supervisor.js'))};`,
    `const isolation = await createIsolation({ mode: 'uid', network: 'none', hiddenPaths: [], workdirs: [${JSON.stringify(paths.repo)}], hostHome: ${JSON.stringify(paths.home)}, scratchRoot: ${JSON.stringify(paths.scratch)}, path: process.env.PATH ?? '', isRoot: true });`,
    ...body,
  ].join('\n');
}

/** The held init `script` as pid 1 of a fresh pid namespace, then `touch proof` from working directory `cwd`. */
function runInit(script: string, cwd: string, proof: string) {
  return spawnSync(
    'unshare',
    [...PID_NAMESPACE_FLAGS, '--', '/bin/sh', '-c', script, 'truss-sandbox-init', cwd, 'touch', proof],
    { encoding: 'utf8' },
  );
}

describe('uid as root: the hiding mounts are made once per run and entered by every process', () => {
  it('a hidden key replaced by rename, and a hidden directory made after the first check, stay hidden', async () => {
    const unavailable = await mechanismAvailable('uid');
    if (unavailable || process.getuid?.() !== 0) {
      console.warn(`SKIPPED mount holder test: ${unavailable ?? 'not root'}`);
      return;
    }
    const repo = tempDir('holder-repo');
    const harness = tempDir('holder-harness');
    const scratch = tempDir('holder-scratch');
    dirs.push(repo, harness, scratch);
    execFileSync('git', ['init', '-q'], { cwd: repo.dir });
    // Readable by anyone (the harness dir too), so only the hiding keeps the sandbox out.
    chmodSync(harness.dir, 0o755);
    const key = harness.write('signing.key', 'first-seed\n', 0o644);
    const later = harness.path('made-later');
    const isolation = await createIsolation({
      mode: 'uid',
      network: 'none',
      hiddenPaths: [key, later],
      workdirs: [repo.dir],
      scratchRoot: scratch.dir,
      path: process.env.PATH ?? '',
      isRoot: true,
    });
    const peek = `cat ${key} 2>&1; ls ${later} 2>&1; echo done`;
    const first = await sh(isolation, repo.dir, peek);
    expect(first.code).toBe(0);
    expect(first.out).not.toContain('first-seed');
    expect(holders(scratch.dir)).toHaveLength(1);

    // The harness rewrites its key atomically and makes the hidden directory, between two checks.
    writeFileSync(`${key}.new`, 'second-seed\n', { mode: 0o644 });
    renameSync(`${key}.new`, key);
    mkdirSync(later);
    writeFileSync(`${later}/secret.txt`, 'later-secret\n', { mode: 0o644 });
    const second = await sh(isolation, repo.dir, `cat ${later}/secret.txt 2>&1; ${peek}`);
    expect(second.code).toBe(0);
    expect(second.out).not.toContain('second-seed');
    expect(second.out).not.toContain('later-secret');
    expect(second.out).toContain('done');
    // The sandbox still writes in its working copy, with the group-writable umask.
    const write = await sh(isolation, repo.dir, 'echo x > made-by-check && stat -c %a made-by-check');
    expect(write.out.trim()).toBe('664');

    // Unused, the holder ends on its own (a long-lived App keeps none between runs).
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(holders(scratch.dir)).toEqual([]);
    // …and the next process makes a fresh one.
    expect((await sh(isolation, repo.dir, peek)).out).not.toContain('second-seed');
  }, 30_000);

  it('warm() makes the holder before the first process, which then uses it; unused, it ends', async () => {
    const unavailable = await mechanismAvailable('uid');
    if (unavailable || process.getuid?.() !== 0) {
      console.warn(`SKIPPED mount holder warm test: ${unavailable ?? 'not root'}`);
      return;
    }
    const repo = tempDir('holder-warm-repo');
    const harness = tempDir('holder-warm-harness');
    const scratch = tempDir('holder-warm-scratch');
    dirs.push(repo, harness, scratch);
    chmodSync(harness.dir, 0o755);
    const key = harness.write('signing.key', 'warm-seed\n', 0o644);
    const isolation = await createIsolation({
      mode: 'uid',
      network: 'none',
      hiddenPaths: [key],
      workdirs: [repo.dir],
      scratchRoot: scratch.dir,
      path: process.env.PATH ?? '',
      isRoot: true,
    });
    expect(holders(scratch.dir)).toEqual([]);
    isolation.warm?.();
    isolation.warm?.(); // a second call makes no second holder
    await expect.poll(() => holders(scratch.dir), { timeout: 5000 }).toHaveLength(1);
    const [warmed] = holders(scratch.dir);
    const first = await sh(isolation, repo.dir, `cat ${key} 2>&1; echo done`);
    expect(first.out).toContain('done');
    expect(first.out).not.toContain('warm-seed');
    expect(holders(scratch.dir)).toEqual([warmed]);

    // Warmed and never used: it ends on its own, like a holder nothing used for a while.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(holders(scratch.dir)).toEqual([]);
    isolation.warm?.();
    await expect.poll(() => holders(scratch.dir), { timeout: 5000 }).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(holders(scratch.dir)).toEqual([]);
  }, 30_000);

  it('when the harness process ends, its holder ends, leaves no stage directory behind and deletes nothing of the working copy', async () => {
    const unavailable = await mechanismAvailable('uid');
    if (unavailable || process.getuid?.() !== 0) {
      console.warn(`SKIPPED mount holder exit test: ${unavailable ?? 'not root'}`);
      return;
    }
    // The working copy inside the harness's HOME, as on a hosted runner (/home/runner/work/…): the
    // HOME is covered and the working copy staged under the holder's stage, then bound back.
    const { home, scratch, repo } = coveredRepo('holder-exit', 'still here\n');
    home.write('work/repo/src/deep/file.txt', 'deep\n');
    // A harness that runs one sandboxed process and exits with its holder still alive (a CLI run).
    const harness = home.write(
      'work/repo/harness.mts',
      harnessSource({ repo, home: home.dir, scratch: scratch.dir }, [
        `const outcome = await runSupervised({ file: '/bin/sh', args: ['-c', 'echo ran'], cwd: ${JSON.stringify(repo)}, env: { PATH: process.env.PATH ?? '' }, stdin: null, timeoutMs: 10000, signal: new AbortController().signal, isolation });`,
        // The listing races the process's scratch being removed in the background: a directory gone
        // meanwhile lists as nothing.
        'const list = (dir) => { try { return readdirSync(dir).flatMap((name) => [name, ...list(`${dir}/${name}`)]); } catch { return []; } };',
        "process.stdout.write(outcome.stdout.bytes.toString() + list(process.argv[2]).join(','));",
        "import { readdirSync } from 'node:fs';",
      ]),
    );
    const run = spawnSync(process.execPath, ['--import', 'tsx', harness, scratch.dir], {
      cwd: join(import.meta.dirname, '../..'),
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    // While it ran, the holder's stage was there.
    expect(run.stdout).toMatch(/^ran\n.*truss-sbx-ns-/);
    await expect.poll(() => holders(scratch.dir), { timeout: 5000 }).toEqual([]);
    // What stays is the harness's reusable directory (private-dirs.ts), empty of stages and scratch,
    // and without the process's own directory: the holder's stage was removed before it, not after
    // the process had exited (which left it empty for a later run's sweep).
    await expect
      .poll(
        () =>
          readdirSync(scratch.dir, { recursive: true }).filter((name) =>
            /truss-sbx-|truss-harness-/.test(String(name)),
          ),
        {
          timeout: 5000,
        },
      )
      .toEqual([]);
    // Its end unmounted and removed only empty directories: the working copy staged there is whole.
    expect(readFileSync(join(repo, 'README.md'), 'utf8')).toBe('still here\n');
    expect(readFileSync(join(repo, 'src/deep/file.txt'), 'utf8')).toBe('deep\n');
    expect(existsSync(join(repo, 'harness.mts'))).toBe(true);
  }, 30_000);

  it('a working copy that is itself a mount point inside the covered HOME (a container job’s workspace) is moved back on top', async () => {
    const unavailable = await mechanismAvailable('uid');
    if (unavailable || process.getuid?.() !== 0) {
      console.warn(`SKIPPED mount holder mount-point test: ${unavailable ?? 'not root'}`);
      return;
    }
    const { home, scratch, repo } = coveredRepo('holder-mp', 'mounted workspace\n');
    const harness = home.write(
      'work/repo/harness.mts',
      harnessSource({ repo, home: home.dir, scratch: scratch.dir }, [
        "const run = () => runSupervised({ file: '/bin/sh', args: ['-c', 'cat README.md && echo x > by-check && echo wrote'], cwd: " +
          JSON.stringify(repo) +
          ", env: { PATH: process.env.PATH ?? '' }, stdin: null, timeoutMs: 10000, signal: new AbortController().signal, isolation });",
        'for (const outcome of [await run(), await run()]) process.stdout.write(`${outcome.exitCode} ${outcome.stdout.bytes.toString()}`);',
      ]),
    );
    // The harness runs in a mount namespace of its own where the workspace is a bind mount.
    const result = spawnSync(
      'unshare',
      [
        '--mount',
        '--propagation',
        'private',
        '--',
        '/bin/sh',
        '-c',
        'mount --bind "$1" "$1" && exec "$2" --import tsx "$3"',
        'sh',
        repo,
        process.execPath,
        harness,
      ],
      { cwd: join(import.meta.dirname, '../..'), encoding: 'utf8' },
    );
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('0 mounted workspace\nwrote\n0 mounted workspace\nwrote\n');
    expect(readFileSync(join(repo, 'by-check'), 'utf8')).toBe('x\n');
  }, 30_000);

  it('a check does not outlive a harness that was killed (SIGKILL, no clean-up)', async () => {
    const unavailable = await mechanismAvailable('uid');
    if (unavailable || process.getuid?.() !== 0) {
      console.warn(`SKIPPED harness-killed test: ${unavailable ?? 'not root'}`);
      return;
    }
    const { home, scratch, repo } = coveredRepo('holder-kill', 'x\n');
    const marker = `4${Math.floor(Math.random() * 1e6)}`;
    const harness = home.write(
      'work/repo/harness.mts',
      harnessSource({ repo, home: home.dir, scratch: scratch.dir }, [
        `void runSupervised({ file: '/bin/sh', args: ['-c', 'echo started; exec sleep ${marker}'], cwd: ${JSON.stringify(repo)}, env: { PATH: process.env.PATH ?? '' }, stdin: null, timeoutMs: 600000, signal: new AbortController().signal, isolation, onStdout: () => {} });`,
        'setInterval(() => {}, 1000);',
      ]),
    );
    const sleeping = () => sleepers(marker);
    const child = spawn(process.execPath, ['--import', 'tsx', harness], {
      cwd: join(import.meta.dirname, '../..'),
      stdio: 'ignore',
    });
    try {
      await expect.poll(sleeping, { timeout: 10_000 }).toHaveLength(1);
      child.kill('SIGKILL');
      // Its deadline is ten minutes away: only the harness's death can end it.
      await expect.poll(sleeping, { timeout: 5000 }).toEqual([]);
      // What it left: the check's scratch, in the dead harness's own directory, once its holder is gone.
      await expect.poll(() => holders(scratch.dir), { timeout: 5000 }).toEqual([]);
      const keep = join(scratch.dir, 'truss-sandbox-0', 'keep');
      const left = readdirSync(keep).filter((name) => name.startsWith('truss-harness-'));
      expect(left).toHaveLength(1);
      const dead = join(keep, left[0] as string);
      const scratchLeft = readdirSync(dead).filter((name) => name.startsWith('truss-sbx-'));
      expect(scratchLeft).toHaveLength(1);
      // Another harness's checks cannot reach it (kept here by a writer on its FIFO, as if it lived).
      const posing = openSync(join(dead, 'lifeline', 'fifo'), 'r+');
      let next: Awaited<ReturnType<typeof createIsolation>>;
      try {
        next = await createIsolation({
          ...UID_NONE,
          hiddenPaths: [],
          workdirs: [repo],
          hostHome: home.dir,
          scratchRoot: scratch.dir,
        });
      } finally {
        closeSync(posing);
      }
      const seen = await sh(next, repo, `ls ${dead}/${scratchLeft[0]}/home || echo unreachable`);
      expect(seen.out).toContain('unreachable');
      expect(existsSync(dead)).toBe(true);
      // With no writer left, the next run removes it at once.
      await createIsolation({
        ...UID_NONE,
        hiddenPaths: [],
        workdirs: [repo],
        hostHome: home.dir,
        scratchRoot: scratch.dir,
      });
      expect(existsSync(dead)).toBe(false);
      // This process's own directory, alive, stays.
      expect(readdirSync(keep).filter((name) => name.startsWith('truss-harness-'))).toHaveLength(1);
    } finally {
      child.kill('SIGKILL');
      for (const pid of sleeping()) spawnSync('kill', ['-KILL', pid]);
    }
  }, 30_000);

  it('the per-process init refuses to run the command outside the holder’s namespace', async () => {
    const unavailable = await mechanismAvailable('uid');
    if (unavailable || process.getuid?.() !== 0) {
      console.warn(`SKIPPED mount holder init test: ${unavailable ?? 'not root'}`);
      return;
    }
    const proof = `${tmpdir()}/truss-holder-ran-${process.pid}`;
    const result = runInit(
      heldInit(`${tmpdir()}/truss-sbx-ns-none/truss-holder-000000000000000000000000`),
      '/',
      proof,
    );
    expect(result.status).toBe(125);
    expect(result.stderr).toContain('not in the sandbox mount namespace');
    expect(existsSync(proof)).toBe(false);
  });

  it('the per-process init refuses to run the command outside the held network namespace', async () => {
    const unavailable = await mechanismAvailable('uid');
    if (unavailable || process.getuid?.() !== 0) {
      console.warn(`SKIPPED mount holder network init test: ${unavailable ?? 'not root'}`);
      return;
    }
    const stage = tempDir('holder-net-init');
    dirs.push(stage);
    // The marker is there (as if the mounts were entered), but the process is in the host's network.
    const marker = stage.write('truss-holder-000000000000000000000000', '');
    const pin = stage.write('net', '');
    const proof = stage.path('ran');
    const result = runInit(heldInit(marker, { netPin: pin }), '/', proof);
    expect(result.status).toBe(125);
    expect(result.stderr).toContain('not in the sandbox network namespace');
    expect(existsSync(proof)).toBe(false);
    // The same init with the pin naming this very namespace runs the command.
    const same = runInit(heldInit(marker, { netPin: '/proc/1/ns/net' }), '/', proof);
    expect(same.status, same.stderr).toBe(0);
    expect(existsSync(proof)).toBe(true);
  });

  it('with a network namespace, the holder holds it: no host network, loopback up, nothing a check listened on outlives it', async () => {
    const unavailable = await mechanismAvailable('uid');
    // The offline sandbox account exists once any uid isolation with network = "none" was made.
    if (!unavailable && process.getuid?.() === 0)
      await createIsolation({ ...UID_NONE, hiddenPaths: [], workdirs: [], scratchRoot: tmpdir() });
    const account = localAccount(SANDBOX_OFFLINE_USER);
    if (unavailable || process.getuid?.() !== 0 || account === null) {
      console.warn(`SKIPPED mount holder network test: ${unavailable ?? 'not root'}`);
      return;
    }
    const repo = tempDir('holder-net-repo');
    const scratch = tempDir('holder-net-scratch');
    dirs.push(repo, scratch);
    chmodSync(repo.dir, 0o777);
    chmodSync(scratch.dir, 0o755);
    // A service on the host's loopback, as a runner's local database or metadata proxy would be.
    const host: Server = createServer((socket) => socket.end('host-secret\n'));
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    const hostPort = (host.address() as { port: number }).port;
    try {
      const isolation = netnsUidIsolation(account, { scratchRoot: scratch.dir });
      const node = JSON.stringify(process.execPath);
      const connect = (port: number | string) =>
        `${node} -e 'require("net").connect(${port}, "127.0.0.1").on("data", (d) => { console.log("READ", String(d).trim()); process.exit(0) }).on("error", (e) => { console.log("REFUSED", e.code); process.exit(0) })'`;
      // The first check reaches nothing on the host, and leaves a detached listener behind.
      const first = await sh(
        isolation,
        repo.dir,
        [
          'readlink /proc/self/ns/net',
          connect(hostPort),
          `setsid ${node} -e 'require("net").createServer((s) => s.end("left-behind\\n")).listen(47011, "127.0.0.1")' </dev/null >/dev/null 2>&1 &`,
          'sleep 0.5',
          connect(47011),
        ].join('\n'),
      );
      expect(first.code, first.out).toBe(0);
      const [firstNs, hostAttempt, ownListener] = first.out.trim().split('\n');
      expect(firstNs).toMatch(/^net:\[\d+\]$/);
      expect(firstNs).not.toBe(readlinkSync('/proc/self/ns/net'));
      expect(hostAttempt).toMatch(/^REFUSED/);
      // Loopback is up inside: the check's own listener answered.
      expect(ownListener).toBe('READ left-behind');
      expect(holders(scratch.dir)).toHaveLength(1);

      // The next check enters the same held namespace; the listener died with the first check.
      const second = await sh(isolation, repo.dir, ['readlink /proc/self/ns/net', connect(47011)].join('\n'));
      const [secondNs, leftover] = second.out.trim().split('\n');
      expect(secondNs).toBe(firstNs);
      expect(leftover).toMatch(/^REFUSED/);
      expect(holders(scratch.dir)).toHaveLength(1);
    } finally {
      host.close();
    }
  }, 30_000);
});
