/**
 * From the attacker's seat, the sandbox launcher under sudo (GitHub-hosted runners): a harness that
 * is not root starts it through `sudo -n`, and its root processes hand each check its scratch and
 * end it. A check must get what it gets from a root harness's launcher: confinement, no way to reach
 * the launcher, its sudo or its socket, its reported end its own, its deadline kept, nothing left
 * once the harness is killed, and an end never reported as green when the launcher dies.
 * docs/security.md, "The sandbox launcher"; the root variants are in launcher.test.ts.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createIsolation } from '../../src/core/process/index.js';
import { localAccount, SANDBOX_OFFLINE_USER } from '../../src/core/process/isolation-uid.js';
import { type TempDir, tempDir } from '../helpers/temp-dir.js';
import { sleepers } from './isolation-kit.js';
import { asRunner, ROOT, removeSudoRunner, SOURCE, sudoRunner, sudoUnavailable } from './sudo-kit.js';

const dirs: TempDir[] = [];
afterAll(() => {
  removeSudoRunner();
  for (const dir of dirs.splice(0)) dir.cleanup();
});

/** Processes named `truss-launcher` whose socket lies in `scratch`, with their parent: [pid, ppid]. */
function launchers(scratch: string): [string, string][] {
  return spawnSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .stdout.split('\n')
    .map((row) => row.trim().split(/\s+/))
    .filter(([, , name, socket]) => name === 'truss-launcher' && socket?.startsWith(scratch))
    .map(([pid, ppid]) => [pid as string, ppid as string]);
}

/** The runner account (passwordless sudo) and the offline sandbox account. */
async function accounts() {
  // The offline sandbox account exists once a uid isolation with network = "none" was made.
  await createIsolation({
    mode: 'uid',
    network: 'none',
    hiddenPaths: [],
    workdirs: [],
    scratchRoot: tempDir('sudo-launch-warm').dir,
    path: process.env.PATH ?? '',
    isRoot: true,
  });
  const sandbox = localAccount(SANDBOX_OFFLINE_USER);
  if (sandbox === null) throw new Error(`${SANDBOX_OFFLINE_USER} is missing`);
  return { sandbox, runner: sudoRunner() };
}

/** A runner account, its sandbox account, and a harness script as the runner in a fresh scratch root. */
async function setUp(name: string, body: readonly string[]) {
  const { sandbox, runner } = await accounts();
  const home = tempDir(`sl-${name}`);
  // Right under /tmp, whatever TMPDIR the test runner sets: the launcher's socket path, four
  // directories down, must fit in a sockaddr_un (108 bytes), or the harness keeps the program chain.
  const scratch = { dir: mkdtempSync('/tmp/truss-sl-') };
  dirs.push(home, {
    dir: scratch.dir,
    path: () => '',
    write: () => '',
    cleanup: () => rmSync(scratch.dir, { recursive: true, force: true }),
  });
  const repo = home.path('work/repo');
  mkdirSync(repo, { recursive: true });
  const script = home.write(
    'harness.mts',
    [
      "import { spawnSync } from 'node:child_process';",
      "import { readdirSync } from 'node:fs';",
      "import { join } from 'node:path';",
      `import { createIsolation } from ${JSON.stringify(join(SOURCE, 'index.js'))};`,
      `import { runSupervised } from ${JSON.stringify(join(SOURCE, 'process-supervisor.js'))};`,
      `const repo = ${JSON.stringify(repo)};`,
      `const scratch = ${JSON.stringify(scratch.dir)};`,
      "const env = { PATH: process.env.PATH ?? '' };",
      `const isolation = await createIsolation({ mode: 'uid', network: 'none', hiddenPaths: [], workdirs: [repo], hostHome: ${JSON.stringify(home.dir)}, scratchRoot: scratch, path: env.PATH, isRoot: false, harnessUid: process.getuid?.() });`,
      'const run = (script, timeoutMs = 20000) => runSupervised({ file: "/bin/sh", args: ["-c", script], cwd: repo, env, stdin: null, timeoutMs, killGraceMs: 300, signal: new AbortController().signal, isolation }).then((o) => ({ code: o.exitCode, signal: o.signal, timedOut: o.timedOut, error: o.spawnError?.code ?? null, out: o.stdout.bytes.toString(), err: o.stderr.tail }));',
      'const ps = (filter) => spawnSync("ps", ["-eo", "pid=,ppid=,args="], { encoding: "utf8" }).stdout.split("\\n").map((row) => row.trim().split(/\\s+/)).filter(filter);',
      'const sleeping = (marker) => ps(([, , name, arg]) => name === "sleep" && arg?.startsWith(marker)).length;',
      ...body,
    ].join('\n'),
  );
  for (const dir of [home.dir, scratch.dir]) {
    spawnSync('chown', ['-R', `${runner.uid}:${runner.gid}`, dir]);
    chmodSync(dir, 0o755);
  }
  chownSync(script, runner.uid, runner.gid);
  const argv = asRunner(runner, script, []);
  // A PERL5OPT the harness inherits must not reach the root launcher (it would run code as root);
  // here it names a module that is not there, so a launcher that got it would never start.
  const options = {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: home.dir, PERL5OPT: '-Mtruss_planted' },
  };
  return { sandbox, scratch: scratch.dir, argv, options };
}

describe('the sandbox launcher under sudo (a hosted runner)', () => {
  it('confines the check as a root harness does, hands it its scratch, and the check cannot reach the launcher, its sudo or its socket', async () => {
    const skip = await sudoUnavailable();
    if (skip) return void console.warn(`SKIPPED sudo launcher test: ${skip}`);
    const marker = `3${Math.floor(Math.random() * 1e6)}`;
    const ptrace = process.arch === 'arm64' ? 117 : 101;
    const { sandbox, scratch, argv, options } = await setUp('confined', [
      'const out = {};',
      'out.first = await run(["id -u; id -g; id -G", "grep -E \\"^(CapInh|CapPrm|CapEff|CapBnd|CapAmb|NoNewPrivs):\\" /proc/self/status", "cat /proc/1/comm", "stat -c %u:%g \\"$HOME\\" \\"$TMPDIR\\" \\"$HOME/.gitconfig\\"", "touch \\"$HOME/h\\" \\"$TMPDIR/t\\" && echo scratch-writable", "umask", "ls /proc/self/fd | tr \\"\\\\n\\" \\" \\"", "echo; echo to-stderr >&2", "exit 7"].join("\\n"));',
      'const [launcher] = ps(([, ppid, name, socket]) => name === "truss-launcher" && socket?.startsWith(scratch));',
      'out.launchers = ps(([, , name, socket]) => name === "truss-launcher" && socket?.startsWith(scratch)).length;',
      'const [sudo] = ps(([pid]) => pid === launcher?.[1]);',
      'out.parent = sudo?.[2] ?? null;',
      'const harness = readdirSync(join(scratch, `truss-sandbox-${process.getuid()}`, "keep")).find((name) => name.startsWith("truss-harness-"));',
      'const lifeline = join(scratch, `truss-sandbox-${process.getuid()}`, "keep", harness, "lifeline");',
      'const socket = join(lifeline, readdirSync(lifeline).find((name) => name.endsWith(".sock")));',
      'out.attack = await run([',
      `  \`for pid in 1 \${launcher[0]} \${sudo[0]}; do\`,`,
      '  "  kill -TERM $pid 2>/dev/null && echo \\"signalled $pid TERM\\"",',
      '  "  kill -KILL $pid 2>/dev/null && echo \\"signalled $pid KILL\\"",',
      '  "  for file in environ mem fd/0 fd/1 maps; do head -c 64 /proc/$pid/$file >/dev/null 2>&1 && echo \\"read $pid $file\\"; done",',
      '  "  ls /proc/$pid/fd >/dev/null 2>&1 && echo \\"listed $pid fd\\"",',
      `  \`  perl -e 'exit(syscall(${ptrace}, 16, $ARGV[0], 0, 0) == 0 ? 0 : 1)' $pid && echo "traced $pid"\`,`,
      '  "done",',
      '  `perl -MIO::Socket::UNIX -e \'exit(IO::Socket::UNIX->new(Peer => $ARGV[0]) ? 0 : 1)\' ${socket} 2>/dev/null && echo "connected to the socket"`,',
      // Replacing the socket with one of its own would take the next check's connections.
      '  `rm -f ${socket} 2>/dev/null && echo "removed the socket"`,',
      '  `perl -MIO::Socket::UNIX -e \'exit(IO::Socket::UNIX->new(Local => $ARGV[0], Listen => 1) ? 0 : 1)\' ${lifeline}/planted.sock 2>/dev/null && echo "planted a socket"`,',
      '  "for fd in 3 4 5 6 7 8 9; do ( echo \\"exit 0\\" >&$fd ) 2>/dev/null && echo \\"wrote fd $fd\\"; done",',
      '  "echo attack-done", "exit 9"].join("\\n"));',
      'out.launcherAlive = ps(([pid]) => pid === launcher?.[0]).length;',
      // What the launcher's status line looks like, and leftovers that would run into the next check.
      `out.forged = await run(\`printf "exit 0\\\\nsignal 0\\\\n"; printf "exit 0\\\\n" >&2; (setsid sh -c 'exec sleep ${marker}1' &); sleep ${marker}2 & exit 5\`);`,
      `out.forgedLeft = sleeping("${marker}1") + sleeping("${marker}2");`,
      // A check that ignores TERM and leaves its group: ended at its deadline by the root init.
      'const started = Date.now();',
      `out.deadline = await run(\`trap "" TERM; (setsid sh -c 'trap "" TERM; exec sleep ${marker}3' &); sleep ${marker}4\`, 500);`,
      'out.deadlineMs = Date.now() - started;',
      `out.deadlineLeft = sleeping("${marker}3") + sleeping("${marker}4");`,
      'out.next = await run("cat /proc/1/comm; exit 4");',
      'out.launchersAfter = ps(([, , name, socket]) => name === "truss-launcher" && socket?.startsWith(scratch)).length;',
      'process.stdout.write(JSON.stringify(out));',
    ]);
    const result = spawnSync(...argv, { ...options, encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    const out = JSON.parse(result.stdout);
    expect(out.first.error).toBeNull();
    expect(out.first.code).toBe(7);
    const lines = (out.first.out as string).trim().split('\n');
    const ids = `${sandbox.uid}:${sandbox.gid}`;
    expect(lines.slice(0, 3)).toEqual([String(sandbox.uid), String(sandbox.gid), String(sandbox.gid)]);
    for (const set of ['CapInh', 'CapPrm', 'CapEff', 'CapBnd', 'CapAmb'])
      expect(lines).toContain(`${set}:\t0000000000000000`);
    expect(lines).toContain('NoNewPrivs:\t1');
    // pid 1 is the launcher's init (not the chain's shell), and the scratch is the sandbox user's.
    expect(lines).toContain('truss-sandbox-i');
    expect(lines.filter((line) => line === ids)).toHaveLength(3);
    expect(lines).toContain('scratch-writable');
    // Under sudo the sandbox's umask leaves what it makes writable for the harness user.
    expect(lines).toContain('0000');
    expect(lines.at(-1)).toBe('0 1 2 3');
    expect(out.first.err).toBe('to-stderr\n');
    // One launcher, root, started by sudo.
    expect(out.launchers).toBe(1);
    expect(out.parent).toMatch(/(^|\/)sudo$/);
    expect(out.attack.out).toBe('attack-done\n');
    expect(out.attack.code).toBe(9);
    expect(out.launcherAlive).toBe(1);
    expect(out.forged.code).toBe(5);
    expect(out.forged.signal).toBeNull();
    expect(out.forgedLeft).toBe(0);
    expect(out.deadline.timedOut).toBe(true);
    expect(out.deadline.code).not.toBe(0);
    expect(out.deadlineMs).toBeLessThan(5000);
    expect(out.deadlineLeft).toBe(0);
    expect(out.next).toMatchObject({ code: 4, error: null, out: 'truss-sandbox-i\n' });
    expect(out.launchersAfter).toBe(1);
    // The harness's end closes the launcher's stdin: it and its sudo are gone.
    await expect.poll(() => launchers(scratch), { timeout: 5000 }).toEqual([]);
  }, 90_000);

  it('a check does not outlive a harness killed with SIGKILL, and the launcher and its sudo go with it', async () => {
    const skip = await sudoUnavailable();
    if (skip) return void console.warn(`SKIPPED sudo launcher kill test: ${skip}`);
    const marker = `8${Math.floor(Math.random() * 1e6)}`;
    const { scratch, argv, options } = await setUp('killed', [
      `void run('cat /proc/1/comm; exec sleep ${marker}', 600000).then((o) => process.stdout.write(o.out));`,
      'setInterval(() => {}, 1000);',
    ]);
    const child = spawn(...argv, { ...options, stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      await expect.poll(() => sleepers(marker), { timeout: 40_000 }).toHaveLength(1);
      const [launcher] = launchers(scratch);
      expect(launcher).toBeDefined();
      const [pid, sudo] = launcher as [string, string];
      child.kill('SIGKILL');
      // Its deadline is ten minutes away, and sudo drops the parent-death signal: the launcher's
      // stdin, which only the harness held, is what ends it.
      await expect.poll(() => sleepers(marker), { timeout: 5000 }).toEqual([]);
      await expect.poll(() => launchers(scratch), { timeout: 5000 }).toEqual([]);
      // Gone, or a zombie left to a pid 1 that does not reap (a container's).
      const running = () =>
        spawnSync('ps', ['-o', 'stat=', '-p', `${pid},${sudo}`], { encoding: 'utf8' })
          .stdout.split('\n')
          .filter((stat) => stat.trim() !== '' && !stat.trim().startsWith('Z'));
      await expect.poll(running, { timeout: 5000 }).toEqual([]);
    } finally {
      child.kill('SIGKILL');
      for (const pid of sleepers(marker)) spawnSync('kill', ['-KILL', pid]);
    }
  }, 80_000);

  it('a launcher that dies fails its check closed (ELAUNCHER), and the next check gets a new one', async () => {
    const skip = await sudoUnavailable();
    if (skip) return void console.warn(`SKIPPED sudo launcher death test: ${skip}`);
    const marker = `9${Math.floor(Math.random() * 1e6)}`;
    const { scratch, argv, options } = await setUp('dies', [
      `const killed = await run('exec sleep ${marker}', 600000);`,
      'const next = await run("cat /proc/1/comm");',
      'process.stdout.write(JSON.stringify({ killed, next }));',
    ]);
    const child = spawn(...argv, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let printed = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => {
      printed += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString('utf8');
    });
    const ended = new Promise<number | null>((resolve) => child.on('close', resolve));
    try {
      await expect.poll(() => sleepers(marker), { timeout: 40_000 }).toHaveLength(1);
      const [launcher] = launchers(scratch);
      process.kill(Number((launcher as [string, string])[0]), 'SIGKILL');
      expect(await ended, errors).toBe(0);
      const out = JSON.parse(printed);
      // Never a green check: the end was not reported.
      expect(out.killed.code).toBeNull();
      expect(out.killed.error).toBe('ELAUNCHER');
      expect(sleepers(marker)).toEqual([]);
      expect(out.next, JSON.stringify(out.next)).toMatchObject({ code: 0, out: 'truss-sandbox-i\n' });
    } finally {
      child.kill('SIGKILL');
      for (const pid of sleepers(marker)) spawnSync('kill', ['-KILL', pid]);
    }
  }, 80_000);
});

describe('the sandbox launcher under sudo: scratch removal', () => {
  it('removes a closed scratch as root (the harness user could not), without following the links a check planted in it', async () => {
    const skip = await sudoUnavailable();
    if (skip) return void console.warn(`SKIPPED sudo launcher removal test: ${skip}`);
    const { sandbox, runner } = await accounts();
    const root = mkdtempSync('/tmp/truss-slr-');
    dirs.push({
      dir: root,
      path: () => '',
      write: () => '',
      cleanup: () => rmSync(root, { recursive: true, force: true }),
    });
    // What a check leaves: its own tree, with links to what it must not make root remove.
    const victim = join(root, 'victim');
    mkdirSync(join(victim, 'inside'), { recursive: true });
    writeFileSync(join(victim, 'inside', 'keep'), 'x');
    const gate = join(root, 'gate');
    const tmp = join(gate, 's', 'tmp');
    mkdirSync(join(tmp, 'deep', 'er'), { recursive: true });
    writeFileSync(join(tmp, 'deep', 'er', 'file'), 'x');
    symlinkSync(victim, join(tmp, 'dir-link'));
    symlinkSync(join(victim, 'inside', 'keep'), join(tmp, 'file-link'));
    spawnSync('chown', ['-R', `${runner.uid}:${runner.gid}`, root]);
    spawnSync('chown', ['-hR', `${sandbox.uid}:${sandbox.gid}`, tmp]);
    chmodSync(gate, 0o700);
    const script = join(root, 'remove.mts');
    writeFileSync(
      script,
      [
        `import { startLauncher } from ${JSON.stringify(join(SOURCE, 'launcher.js'))};`,
        `import { findProgram } from ${JSON.stringify(join(SOURCE, 'trusted-path.js'))};`,
        "import { existsSync, rmSync } from 'node:fs';",
        "const path = process.env.PATH ?? '';",
        'const found = (name) => findProgram(name, path);',
        `const root = ${JSON.stringify(root)};`,
        "let own = 'removed';",
        // The harness user itself cannot: the tree is the sandbox user's.
        `try { rmSync(${JSON.stringify(tmp)}, { recursive: true }); } catch (error) { own = error.code; }`,
        "const launcher = await startLauncher({ perl: found('perl'), socketDir: root, path, sudo: { sudo: found('sudo'), env: found('env') }, rm: found('rm') });",
        `const asked = launcher?.remove(${JSON.stringify(gate)}) ?? null;`,
        'const started = Date.now();',
        `while (existsSync(${JSON.stringify(gate)}) && Date.now() - started < 5000) await new Promise((resolve) => setTimeout(resolve, 50));`,
        `process.stdout.write(JSON.stringify({ own, asked, gone: !existsSync(${JSON.stringify(gate)}) }));`,
        'launcher?.close();',
      ].join('\n'),
    );
    chownSync(script, runner.uid, runner.gid);
    const result = spawnSync(...asRunner(runner, script, []), {
      cwd: ROOT,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', HOME: root },
    });
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ own: 'EACCES', asked: true, gone: true });
    expect(readFileSync(join(victim, 'inside', 'keep'), 'utf8')).toBe('x');
  }, 90_000);
});
