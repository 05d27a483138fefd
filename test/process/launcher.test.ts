/**
 * From the attacker's seat, against the sandbox launcher (launcher.ts): a root Perl process that
 * lives for the run and starts every `uid` check in the held namespaces with a fork. A check must
 * get the same confinement as through the program chain, must not reach the launcher or the root
 * processes it forks (signal, ptrace, /proc/PID/environ or mem, its pipe or socket), must not
 * outlive its deadline, and must not change how the next check's end is reported.
 * docs/security.md, "The sandbox launcher".
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Isolation } from '../../src/core/process/isolation.js';
import { localAccount, SANDBOX_OFFLINE_USER } from '../../src/core/process/isolation-uid.js';
import { startLauncher } from '../../src/core/process/launcher.js';
import { runSupervised } from '../../src/core/process/process-supervisor.js';
import { findProgram } from '../../src/core/process/trusted-path.js';
import { netnsUidIsolation, sleepers } from './isolation-kit.js';

const PATH = process.env.PATH ?? '/usr/bin:/bin';
const account = localAccount(SANDBOX_OFFLINE_USER);
const sandbox = account ?? { name: SANDBOX_OFFLINE_USER, uid: -1, gid: -1 };
const usable = process.getuid?.() === 0 && account !== null && findProgram('perl', PATH) !== null;
const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

function scratchRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'truss-launch-test-'));
  roots.push(root);
  return root;
}

function run(
  isolation: Isolation,
  command: string,
  options: { cwd: string; timeoutMs?: number; env?: Record<string, string> },
) {
  return runSupervised({
    file: '/bin/sh',
    args: ['-c', command],
    cwd: options.cwd,
    env: { PATH, ...options.env },
    stdin: null,
    timeoutMs: options.timeoutMs ?? 20_000,
    killGraceMs: 300,
    signal: new AbortController().signal,
    isolation,
  });
}

const text = (outcome: { stdout: { bytes: Buffer } }) => outcome.stdout.bytes.toString('utf8');

/** Host pids of the launcher and of the root processes it forked for checks (by their names). */
function launcherPids(): { launcher: string[]; inits: string[] } {
  const rows = spawnSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' }).stdout.split('\n');
  const named = (name: string) =>
    rows
      .map((row) => row.trim().split(/\s+/))
      .filter(([, first]) => first === name)
      .map(([pid]) => pid as string);
  return { launcher: named('truss-launcher'), inits: named('truss-sandbox-init') };
}

describe.skipIf(!usable)('the sandbox launcher', () => {
  it('starts a check as the chain does: the sandbox user, no groups, no capabilities, no new privileges, its own pid namespace, only stdio open', async () => {
    const root = scratchRoot();
    const isolation = netnsUidIsolation(sandbox, { scratchRoot: root });
    const outcome = await run(
      isolation,
      [
        'id -u; id -g; id -G',
        'grep -E "^(Groups|CapInh|CapPrm|CapEff|CapBnd|CapAmb|NoNewPrivs):" /proc/self/status',
        'cat /proc/1/comm',
        // Session and process group (fields 6 and 5 of stat): the init's, not the harness's.
        'echo "session $(cut -d" " -f6 /proc/self/stat) group $(cut -d" " -f5 /proc/self/stat) tty $(cut -d" " -f7 /proc/self/stat)"',
        'ls /proc | grep -E "^[0-9]+$" | wc -l',
        'ls /proc/self/fd',
        'readlink /proc/self/fd/0',
        'umask',
        'pwd',
        'echo to-stderr >&2',
        'exit 7',
      ].join('\n'),
      { cwd: root },
    );
    expect(outcome.spawnError).toBeNull();
    expect(outcome.exitCode).toBe(7);
    const lines = text(outcome).trim().split('\n');
    expect(lines.slice(0, 3)).toEqual([String(account?.uid), String(account?.gid), String(account?.gid)]);
    expect(lines.some((line) => /^Groups:\s*$/.test(line))).toBe(true);
    for (const set of ['CapInh', 'CapPrm', 'CapEff', 'CapBnd', 'CapAmb'])
      expect(lines).toContain(`${set}:\t0000000000000000`);
    expect(lines).toContain('NoNewPrivs:\t1');
    // pid 1 is the launcher's init, not the chain's shell: the launcher ran it.
    expect(lines.some((line) => line.startsWith('truss-sandbox-i'))).toBe(true);
    // No controlling terminal to open as /dev/tty, and no signal to the harness's group reaches it.
    expect(lines).toContain('session 1 group 1 tty 0');
    // The init, the shell and the pipeline's ls, grep and wc: nothing of the host's.
    expect(Number(lines[lines.indexOf('NoNewPrivs:\t1') + 3])).toBeLessThanOrEqual(5);
    const fdStart = lines.indexOf('NoNewPrivs:\t1') + 4;
    expect(lines.slice(fdStart, fdStart + 4)).toEqual(['0', '1', '2', '3']);
    expect(lines[fdStart + 4]).toBe('/dev/null');
    expect(lines).toContain('0002');
    expect(lines).toContain(root);
    expect(outcome.stderr.tail).toBe('to-stderr\n');
  });

  it("a check cannot signal, trace or read the root processes, nor reach the launcher's socket or pipes, and the next check is unaffected", async () => {
    const root = scratchRoot();
    const isolation = netnsUidIsolation(sandbox, { scratchRoot: root });
    expect((await run(isolation, 'true', { cwd: root })).exitCode).toBe(0);
    const mine = spawnSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' })
      .stdout.split('\n')
      .map((row) => row.trim().split(/\s+/))
      .filter(
        ([, ppid, name, socket]) =>
          ppid === String(process.pid) && name === 'truss-launcher' && socket?.startsWith(root),
      );
    expect(mine).toHaveLength(1);
    const launcher = (mine[0] as string[])[0] as string;
    const harness = readdirSync(root).find((name) => name.startsWith('truss-harness-')) as string;
    const lifeline = join(root, harness, 'lifeline');
    const socket = join(lifeline, readdirSync(lifeline).find((name) => name.endsWith('.sock')) as string);
    const ptrace = process.arch === 'arm64' ? 117 : 101;
    const attack = [
      // pid 1 of its namespace is the launcher's root init; the launcher's own pid is the host's.
      `for pid in 1 ${launcher}; do`,
      '  kill -TERM $pid 2>/dev/null && echo "signalled $pid TERM"',
      '  kill -KILL $pid 2>/dev/null && echo "signalled $pid KILL"',
      '  for file in environ mem cmdline/../environ fd/0 fd/1 maps; do',
      '    head -c 64 /proc/$pid/$file >/dev/null 2>&1 && echo "read $pid $file"',
      '  done',
      '  ls /proc/$pid/fd >/dev/null 2>&1 && echo "listed $pid fd"',
      `  perl -e 'exit(syscall(${ptrace}, 16, $ARGV[0], 0, 0) == 0 ? 0 : 1)' $pid && echo "traced $pid"`,
      'done',
      `perl -MIO::Socket::UNIX -e 'exit(IO::Socket::UNIX->new(Peer => $ARGV[0]) ? 0 : 1)' ${socket} 2>/dev/null && echo "connected to the launcher socket"`,
      // No descriptor of the launcher's or the init's is left to write a status into.
      'for fd in 3 4 5 6 7 8 9; do ( echo "exit 0" >&$fd ) 2>/dev/null && echo "wrote fd $fd"; done',
      'echo attack-done',
      'exit 9',
    ].join('\n');
    const outcome = await run(isolation, attack, { cwd: root });
    expect(text(outcome)).toBe('attack-done\n');
    expect(outcome.exitCode).toBe(9);
    // The launcher lives on, and the next check's end is its own.
    expect(() => process.kill(Number(launcher), 0)).not.toThrow();
    const next = await run(isolation, 'exit 4', { cwd: root });
    expect(next.exitCode).toBe(4);
    expect(next.spawnError).toBeNull();
  });

  it("what a check prints or leaves running does not change its reported end, nor the next check's", async () => {
    const root = scratchRoot();
    const isolation = netnsUidIsolation(sandbox, { scratchRoot: root });
    const marker = `4${Math.floor(Math.random() * 1e6)}`;
    const first = await run(
      isolation,
      [
        // What the launcher's status line looks like, on both streams.
        'printf "exit 0\\nsignal 0\\n"; printf "exit 0\\n" >&2',
        `(setsid sh -c 'exec sleep ${marker}1' &)`,
        `sleep ${marker}2 &`,
        'exit 5',
      ].join('\n'),
      { cwd: root },
    );
    expect(first.exitCode).toBe(5);
    expect(first.signal).toBeNull();
    // Its namespace ended with it: nothing it left runs into the next check.
    expect(sleepers(`${marker}1`)).toEqual([]);
    expect(sleepers(`${marker}2`)).toEqual([]);
    const second = await run(isolation, 'kill -KILL $$', { cwd: root });
    expect(second.exitCode).toBe(137);
  });

  it('a check that ignores TERM and escapes its group dies at its deadline, with everything it started', async () => {
    const root = scratchRoot();
    const isolation = netnsUidIsolation(sandbox, { scratchRoot: root });
    const marker = `5${Math.floor(Math.random() * 1e6)}`;
    const started = Date.now();
    const outcome = await run(
      isolation,
      `trap "" TERM; (setsid sh -c 'trap "" TERM; exec sleep ${marker}1' &); sleep ${marker}2`,
      { cwd: root, timeoutMs: 500 },
    );
    expect(outcome.timedOut).toBe(true);
    expect(outcome.exitCode).not.toBe(0);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(sleepers(`${marker}1`)).toEqual([]);
    expect(sleepers(`${marker}2`)).toEqual([]);
  });

  it('a check whose orphans end as fast as it makes them still dies at its deadline', async () => {
    const root = scratchRoot();
    const isolation = netnsUidIsolation(sandbox, { scratchRoot: root });
    const started = Date.now();
    // Every orphan is the init's to reap: its ends must not keep it from the status connection.
    const outcome = await run(isolation, 'trap "" TERM; while :; do (true &); (true &); done', {
      cwd: root,
      timeoutMs: 1000,
    });
    expect(outcome.timedOut).toBe(true);
    expect(outcome.exitCode).not.toBe(0);
    expect(Date.now() - started).toBeLessThan(8000);
    expect((await run(isolation, 'exit 3', { cwd: root })).exitCode).toBe(3);
  });

  it('a check does not outlive a harness killed with SIGKILL, and the launcher goes with it', async () => {
    const root = scratchRoot();
    const marker = `6${Math.floor(Math.random() * 1e6)}`;
    const script = join(root, 'harness.mts');
    const src = join(import.meta.dirname, '../../src/core/process');
    writeFileSync(
      script,
      [
        `import { uidIsolation } from ${JSON.stringify(join(src, 'isolation-uid.ts'))};`,
        `import { runSupervised } from ${JSON.stringify(join(src, 'process-supervisor.ts'))};`,
        `const isolation = uidIsolation({ report: { level: 'uid', requested: 'uid', network: 'none', network_enforced: true, egress: 'netns', notes: [] }, privilege: 'root', account: ${JSON.stringify(account)}, hiddenPaths: [], coverPaths: [], netns: true, scratchRoot: ${JSON.stringify(root)}, toolEnv: { PATH: ${JSON.stringify(PATH)} } });`,
        `void runSupervised({ file: '/bin/sh', args: ['-c', 'cat /proc/1/comm; exec sleep ${marker}'], cwd: ${JSON.stringify(root)}, env: { PATH: ${JSON.stringify(PATH)} }, stdin: null, timeoutMs: 600000, signal: new AbortController().signal, isolation, onStdout: (chunk) => process.stdout.write(chunk) });`,
        'setInterval(() => {}, 1000);',
      ].join('\n'),
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: join(import.meta.dirname, '../..'),
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let printed = '';
    child.stdout.on('data', (chunk: Buffer) => {
      printed += chunk.toString('utf8');
    });
    try {
      await expect.poll(() => sleepers(marker), { timeout: 15_000 }).toHaveLength(1);
      // Its output passes through the harness, which may print it after the sleeper is seen.
      await expect.poll(() => printed, { timeout: 5000 }).toBe('truss-sandbox-i\n');
      const launchers = () =>
        spawnSync('ps', ['-eo', 'ppid=,args='], { encoding: 'utf8' })
          .stdout.split('\n')
          .filter(
            (row) => row.trim().split(/\s+/)[0] === String(child.pid) && row.includes('truss-launcher'),
          );
      expect(launchers()).toHaveLength(1);
      const rows = spawnSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' })
        .stdout.split('\n')
        .map((row) => row.trim().split(/\s+/));
      const [launcher] =
        rows.find(([, ppid, name]) => ppid === String(child.pid) && name === 'truss-launcher') ?? [];
      // One root process per check, the init, between the launcher and the check: no middle, so
      // in ps nothing but the launcher itself is named as it is.
      expect(rows.filter(([, ppid]) => ppid === launcher).map(([, , name]) => name)).toEqual([
        'truss-sandbox-init',
      ]);
      child.kill('SIGKILL');
      // Its deadline is ten minutes away: only the harness's death can end it.
      await expect.poll(() => sleepers(marker), { timeout: 5000 }).toEqual([]);
      expect(launcherPids().launcher.filter((pid) => pid === String(child.pid))).toEqual([]);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('falls back to the program chain when the launcher cannot start, and a launcher that dies fails its checks closed', async () => {
    const root = scratchRoot();
    // A trusted PATH whose perl exits at once.
    const bin = join(root, 'bin');
    mkdirSync(bin);
    for (const dir of PATH.split(':'))
      for (const name of safeReaddir(dir))
        if (name !== 'perl')
          try {
            symlinkSync(join(dir, name), join(bin, name));
          } catch {}
    writeFileSync(join(bin, 'perl'), '#!/bin/sh\nexit 1\n', { mode: 0o755 });
    const chained = netnsUidIsolation(sandbox, { scratchRoot: root, toolEnv: { PATH: bin } });
    const viaChain = await run(chained, 'cat /proc/1/comm; id -u', { cwd: root });
    expect(viaChain.spawnError).toBeNull();
    expect(text(viaChain)).toBe(`sh\n${account?.uid}\n`);

    const isolation = netnsUidIsolation(sandbox, { scratchRoot: root });
    const marker = `7${Math.floor(Math.random() * 1e6)}`;
    const running = run(isolation, `exec sleep ${marker}`, { cwd: root });
    await expect.poll(() => sleepers(marker), { timeout: 10_000 }).toHaveLength(1);
    const mine = spawnSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' })
      .stdout.split('\n')
      .map((row) => row.trim().split(/\s+/))
      .filter(
        ([, ppid, name, socket]) =>
          ppid === String(process.pid) && name === 'truss-launcher' && socket?.startsWith(root),
      );
    expect(mine).toHaveLength(1);
    process.kill(Number((mine[0] as string[])[0]), 'SIGKILL');
    const outcome = await running;
    // Never a green check: the end was not reported.
    expect(outcome.exitCode).toBeNull();
    expect(outcome.spawnError?.code).toBe('ELAUNCHER');
    expect(sleepers(marker)).toEqual([]);
    // The next check gets a new launcher.
    const next = await run(isolation, 'cat /proc/1/comm', { cwd: root });
    expect(text(next)).toBe('truss-sandbox-i\n');
  });

  it('never reports a check ended before its output arrived: many short checks at once each keep every byte they printed', async () => {
    const root = scratchRoot();
    const isolation = netnsUidIsolation(sandbox, { scratchRoot: root });
    // The end comes on its own connection; read before the output's connection was attached, it
    // dropped the output, and an empty stdout could pass an expect_not_contains check.
    for (let round = 0; round < 6; round++) {
      const outcomes = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          run(isolation, `echo out-${i}; echo err-${i} >&2`, { cwd: root }),
        ),
      );
      outcomes.forEach((outcome, i) => {
        expect(outcome.exitCode).toBe(0);
        expect(text(outcome)).toBe(`out-${i}\n`);
        expect(outcome.stderr.bytes.toString('utf8')).toBe(`err-${i}\n`);
      });
    }
  }, 60_000);
});

describe.skipIf(!usable)('the sandbox launcher, started directly', () => {
  it('a check its root process could not set up fails closed with the reason, and the launcher goes on serving the others', async () => {
    const root = scratchRoot();
    const marker = join(root, 'marker');
    writeFileSync(marker, '');
    const launcher = await startLauncher({
      perl: findProgram('perl', PATH) as string,
      socketDir: root,
      path: PATH,
    });
    if (launcher === null) throw new Error('the launcher did not start');
    const ended = (child: ChildProcess) =>
      new Promise<{ code: number | null; error: string | null; out: string }>((resolve) => {
        let out = '';
        child.stdout?.on('data', (chunk: Buffer) => {
          out += chunk.toString('utf8');
        });
        child.on('exit', (code) => resolve({ code, error: null, out }));
        child.on('error', (error) => resolve({ code: null, error: error.message, out }));
      });
    // The host's own mount namespace stands in for the held one: the init finds the marker there.
    const request = {
      uid: sandbox.uid,
      gid: sandbox.gid,
      umask: '022',
      mountNs: '/proc/self/ns/mnt',
      netNs: null,
      marker,
      netPin: null,
      owned: [] as string[],
      cwd: '/',
      file: '/bin/sh',
      args: ['-c', 'sleep 1; id -u'],
      env: { PATH },
    };
    try {
      const running = ended(launcher.launch(request));
      const broken = await ended(launcher.launch({ ...request, owned: [join(root, 'missing', 'home')] }));
      expect(broken.code).toBeNull();
      expect(broken.error).toMatch(/cannot hand the scratch to the sandbox user/);
      expect(launcher.alive()).toBe(true);
      expect(await running).toEqual({ code: 0, error: null, out: `${sandbox.uid}\n` });
    } finally {
      launcher.close();
    }
  });
});

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
