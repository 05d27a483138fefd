import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createIsolation } from '../../src/core/process/index.js';
import { localAccount, SANDBOX_OFFLINE_USER } from '../../src/core/process/isolation-uid.js';
import { type TempDir, tempDir } from '../helpers/temp-dir.js';
import { sleepers } from './isolation-kit.js';
import {
  asRunner,
  ROOT,
  removeSudoRunner,
  SOURCE,
  sudoRunner,
  sudoUnavailable as unavailable,
} from './sudo-kit.js';

const dirs: TempDir[] = [];
afterAll(() => {
  removeSudoRunner();
  for (const dir of dirs.splice(0)) dir.cleanup();
});

/** The holders (`truss-sandbox-mounts`, and the sudo that started each) whose stage lies in `scratch`. */
function holders(scratch: string): string[] {
  return spawnSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter((line) => line.includes('truss-sandbox-mounts') && line.includes(scratch));
}

describe('uid isolation under sudo (a hosted runner): the mounts are held once per run', () => {
  it('hides the key, keeps the working copy writable, holds one namespace (network included) and leaves nothing behind', async () => {
    const skip = await unavailable();
    if (skip) return void console.warn(`SKIPPED sudo holder test: ${skip}`);
    // The offline sandbox account exists once a uid isolation with network = "none" was made.
    await createIsolation({
      mode: 'uid',
      network: 'none',
      hiddenPaths: [],
      workdirs: [],
      scratchRoot: tempDir('sudo-warm').dir,
      path: process.env.PATH ?? '',
      isRoot: true,
    });
    const sandbox = localAccount(SANDBOX_OFFLINE_USER);
    if (sandbox === null) throw new Error(`${SANDBOX_OFFLINE_USER} is missing`);
    const runner = sudoRunner();
    // The working copy inside the harness user's HOME, as on a hosted runner: the HOME is covered.
    const home = tempDir('sudo-home');
    const harness = tempDir('sudo-harness');
    const scratch = tempDir('sudo-scratch');
    dirs.push(home, harness, scratch);
    const repoDir = home.path('work/repo');
    mkdirSync(repoDir, { recursive: true });
    execFileSync('git', ['init', '-q'], { cwd: repoDir });
    // What an earlier check could have left, first in the harness's PATH (`npm run` puts it there):
    // fakes of every program the harness and its root init run, noting who ran them.
    const bin = join(repoDir, 'node_modules/.bin');
    mkdirSync(bin, { recursive: true });
    for (const tool of [
      'sudo',
      'env',
      'nsenter',
      'unshare',
      'setpriv',
      'mount',
      'chown',
      'ip',
      'git',
      'rm',
      'kill',
    ]) {
      writeFileSync(
        join(bin, tool),
        `#!/bin/sh\necho "$(id -u) ${tool}" >> ${repoDir}/.planted-ran\nexit 1\n`,
        { mode: 0o755 },
      );
    }
    execFileSync('chown', ['-R', `${sandbox.uid}:${sandbox.gid}`, join(repoDir, 'node_modules')]);
    // Readable by anyone, so only the hiding keeps the sandbox from the key.
    const key = harness.write('signing.key', 'sudo-runner-seed\n', 0o644);
    for (const dir of [home.dir, harness.dir, scratch.dir]) {
      execFileSync('chown', ['-R', `${runner.uid}:${runner.gid}`, dir]);
      chmodSync(dir, 0o755);
    }
    chownSync(key, runner.uid, runner.gid);
    const script = harness.write(
      'harness.mts',
      [
        "import { spawnSync } from 'node:child_process';",
        "import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';",
        "import { join } from 'node:path';",
        `import { createIsolation } from ${JSON.stringify(join(SOURCE, 'index.js'))};`,
        `import { uidIsolation } from ${JSON.stringify(join(SOURCE, 'isolation-uid.js'))};`,
        `import { trustedSearchPath } from ${JSON.stringify(join(SOURCE, 'trusted-path.js'))};`,
        `import { runSupervised } from ${JSON.stringify(join(SOURCE, 'process-supervisor.js'))};`,
        `const [repo, key, scratch, home] = process.argv.slice(2);`,
        "const env = { PATH: process.env.PATH ?? '' };",
        'const run = (isolation, script, cwd = repo) => runSupervised({ file: "/bin/sh", args: ["-c", script], cwd, env, stdin: null, timeoutMs: 20000, signal: new AbortController().signal, isolation }).then((o) => ({ code: o.exitCode, out: o.stdout.bytes.toString() + o.stderr.tail }));',
        'const holders = () => spawnSync("ps", ["-eo", "args="], { encoding: "utf8" }).stdout.split("\\n").filter((l) => l.startsWith("/bin/sh") && l.includes("truss-sandbox-mounts") && l.includes(scratch)).length;',
        'const peek = `id -un; cat ${key} 2>&1; echo net=$(readlink /proc/self/ns/net); mktemp ./by-check-XXXXXX >/dev/null && echo wrote; touch "$HOME/h" "$TMPDIR/t" && echo home-writable`;',
        "const chosen = await createIsolation({ mode: 'uid', network: 'none', hiddenPaths: [key], workdirs: [repo], hostHome: home, scratchRoot: scratch, path: env.PATH, isRoot: false });",
        'const out = { report: chosen.report, checks: [await run(chosen, peek), await run(chosen, peek)], holders: holders() };',
        // The harness user is not in the sandbox group: what the sandbox makes must stay writable for it.
        'await run(chosen, "mkdir made-by-check");',
        'try { writeFileSync(join(repo, "made-by-check", "by-harness"), "x"); out.harnessWrites = true; } catch (error) { out.harnessWrites = String(error); }',
        // The network-namespace fallback (no iptables) under sudo, held the same way.
        `const netns = uidIsolation({ report: chosen.report, privilege: 'sudo', account: ${JSON.stringify(sandbox)}, hiddenPaths: [key], coverPaths: [], scratchRoot: scratch, keeps: [repo], netns: true, toolEnv: { PATH: trustedSearchPath(env.PATH, { untrusted: [repo], uid: process.getuid() }) } });`,
        'out.netns = [await run(netns, peek), await run(netns, peek)];',
        'out.netnsHolders = holders();',
        // Unused for a while, holders end although the harness goes on (the harness cannot signal
        // a root shell: closing its stdin ends it); the next process makes a fresh one.
        // Idle for 2 s, then ended: polled (up to 15 s), as a loaded machine is slow to end a shell.
        'await new Promise((resolve) => setTimeout(resolve, 2500));',
        'for (let waited = 0; holders() > 0 && waited < 15000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));',
        'out.idleHolders = holders();',
        'out.after = await run(chosen, peek);',
        'out.afterHolders = holders();',
        // A working copy added during the run (a clean room) in the private /tmp, guarded through sudo:
        // in the test's scratch directory (under /tmp too), which the test removes.
        'const added = mkdtempSync(join(scratch, "truss-sudo-added-"));',
        'spawnSync("/usr/bin/git", ["init", "-q"], { cwd: added });',
        'await chosen.addWorkdir(added);',
        'out.added = await run(chosen, `${peek}; git config core.hooksPath /tmp/x 2>&1 || echo guarded`, added);',
        'out.addedFiles = readdirSync(added);',
        'process.stdout.write(JSON.stringify(out));',
      ].join('\n'),
    );
    chownSync(script, runner.uid, runner.gid);
    const result = spawnSync(...asRunner(runner, script, [repoDir, key, scratch.dir, home.dir]), {
      cwd: ROOT,
      encoding: 'utf8',
      env: { PATH: `${bin}:${process.env.PATH ?? ''}`, HOME: harness.dir },
    });
    expect(result.status, result.stderr).toBe(0);
    const out = JSON.parse(result.stdout) as {
      report: { level: string; egress: string | null };
      checks: { code: number; out: string }[];
      netns: { code: number; out: string }[];
      holders: number;
      harnessWrites: true | string;
      netnsHolders: number;
      idleHolders: number;
      after: { code: number; out: string };
      afterHolders: number;
      added: { code: number; out: string };
      addedFiles: string[];
    };
    expect(out.report.level).toBe('uid');
    // Under sudo too, network = "none" is a network namespace wherever one can be made: the host's
    // loopback services are not in it (docs/security.md, "Egress").
    expect(out.report.egress).toBe('netns');
    // A fake may run as the sandbox user (the checks get the same PATH), never as the harness or root.
    const planted = join(repoDir, '.planted-ran');
    const ran = existsSync(planted) ? readFileSync(planted, 'utf8') : '';
    for (const line of ran.trim().split('\n').filter(Boolean))
      expect(line).toMatch(new RegExp(`^${sandbox.uid} `));
    for (const check of [...out.checks, ...out.netns, out.after]) {
      expect(check.code, check.out).toBe(0);
      expect(check.out).toMatch(/^truss-sandbox/);
      expect(check.out).not.toContain('sudo-runner-seed');
      expect(check.out).toContain('wrote');
      expect(check.out).toContain('home-writable');
    }
    // One holder served both checks of each isolation (the first ends once idle, or is still there).
    expect(out.holders).toBe(1);
    expect(out.harnessWrites).toBe(true);
    expect(out.netnsHolders).toBeGreaterThanOrEqual(1);
    expect(out.netnsHolders).toBeLessThanOrEqual(2);
    expect(out.idleHolders).toBe(0);
    expect(out.afterHolders).toBe(1);
    expect(out.added.out).not.toContain('sudo-runner-seed');
    expect(out.added.out).toContain('wrote');
    expect(out.added.out).toContain('guarded');
    expect(out.addedFiles.filter((name) => name.startsWith('by-check-'))).toHaveLength(1);
    const hostNet = execFileSync('readlink', ['/proc/self/ns/net'], { encoding: 'utf8' }).trim();
    for (const check of out.checks) expect(/net=(\S*)/.exec(check.out)?.[1]).not.toBe(hostNet);
    // Both network-namespace checks were in the same held namespace, not the host's.
    const nets = out.netns.map((check) => /net=(\S*)/.exec(check.out)?.[1]);
    expect(nets[0]).toMatch(/^net:\[\d+\]$/);
    expect(nets[1]).toBe(nets[0]);
    expect(nets[0]).not.toBe(hostNet);
    // The working copy got the five files; the harness's end ends its holders and their stages.
    expect(readdirSync(repoDir).filter((name) => name.startsWith('by-check-'))).toHaveLength(5);
    await expect.poll(() => holders(scratch.dir), { timeout: 5000 }).toEqual([]);
    await expect
      .poll(
        () =>
          readdirSync(scratch.dir, { recursive: true }).filter((name) => String(name).includes('truss-sbx-')),
        { timeout: 5000 },
      )
      .toEqual([]);
    expect(existsSync(key)).toBe(true);
  }, 60_000);

  it('a check does not outlive a harness that was killed (SIGKILL): the lifeline ends it', async () => {
    const skip = await unavailable();
    if (skip) return void console.warn(`SKIPPED sudo lifeline test: ${skip}`);
    const runner = sudoRunner();
    const home = tempDir('sudo-kill-home');
    const scratch = tempDir('sudo-kill-scratch');
    dirs.push(home, scratch);
    const repoDir = home.path('work/repo');
    mkdirSync(repoDir, { recursive: true });
    const marker = `5${Math.floor(Math.random() * 1e6)}`;
    const script = home.write(
      'harness.mts',
      [
        `import { createIsolation } from ${JSON.stringify(join(SOURCE, 'index.js'))};`,
        `import { runSupervised } from ${JSON.stringify(join(SOURCE, 'process-supervisor.js'))};`,
        `const isolation = await createIsolation({ mode: 'uid', network: 'none', hiddenPaths: [], workdirs: [${JSON.stringify(repoDir)}], hostHome: ${JSON.stringify(home.dir)}, scratchRoot: ${JSON.stringify(scratch.dir)}, path: process.env.PATH ?? '', isRoot: false, harnessUid: process.getuid?.() });`,
        `void runSupervised({ file: '/bin/sh', args: ['-c', 'exec sleep ${marker}'], cwd: ${JSON.stringify(repoDir)}, env: { PATH: process.env.PATH ?? '' }, stdin: null, timeoutMs: 600000, signal: new AbortController().signal, isolation });`,
        'setInterval(() => {}, 1000);',
      ].join('\n'),
    );
    for (const dir of [home.dir, scratch.dir]) {
      execFileSync('chown', ['-R', `${runner.uid}:${runner.gid}`, dir]);
      chmodSync(dir, 0o755);
    }
    const sleeping = () => sleepers(marker);
    const child = spawn(...asRunner(runner, script, []), {
      cwd: ROOT,
      stdio: 'ignore',
      env: { PATH: process.env.PATH ?? '', HOME: home.dir },
    });
    try {
      await expect.poll(sleeping, { timeout: 40_000 }).toHaveLength(1);
      child.kill('SIGKILL');
      // Its deadline is ten minutes away, and sudo drops the parent-death signal: only the lifeline.
      await expect.poll(sleeping, { timeout: 5000 }).toEqual([]);
      // The check's scratch (the sandbox user's) stays in the dead harness's directory until the
      // next harness, a minute later, removes it through sudo.
      await expect.poll(() => holders(scratch.dir), { timeout: 5000 }).toEqual([]);
      const keep = join(scratch.dir, `truss-sandbox-${runner.uid}`, 'keep');
      const [left, ...more] = readdirSync(keep).filter((name) => name.startsWith('truss-harness-'));
      expect(more).toEqual([]);
      const dead = join(keep, left as string);
      expect(readdirSync(dead).filter((name) => name.startsWith('truss-sbx-'))).toHaveLength(1);
      const minuteAgo = (Date.now() - 61_000) / 1000;
      utimesSync(dead, minuteAgo, minuteAgo);
      const next = home.write(
        'next.mts',
        readFileSync(script, 'utf8').replace(/\nvoid runSupervised[^\n]*\nsetInterval[^\n]*$/, ''),
      );
      execFileSync('chown', [`${runner.uid}:${runner.gid}`, next]);
      const swept = spawnSync(...asRunner(runner, next, []), {
        cwd: ROOT,
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '', HOME: home.dir },
      });
      expect(swept.stderr).toBe('');
      expect(existsSync(dead)).toBe(false);
    } finally {
      child.kill('SIGKILL');
      for (const pid of sleeping()) spawnSync('kill', ['-KILL', pid]);
    }
  }, 80_000);
});
