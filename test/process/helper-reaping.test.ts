/**
 * A long-lived harness (the App runs run after run in one process) must not collect zombies: the
 * helpers each run shares under `uid` isolation (the mount holder, the sandbox launcher and the root
 * processes it forks per check) end after the run and are reaped as they end. REAL processes: this
 * test's own worker is the long-lived process; every run gets a fresh isolation, as each App run does,
 * with a check that ends, one that fails and one killed at its deadline. idle-shared.ts, launcher.ts.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { IDLE_MS } from '../../src/core/process/idle-shared.js';
import { localAccount, SANDBOX_OFFLINE_USER } from '../../src/core/process/isolation-uid.js';
import { runSupervised } from '../../src/core/process/process-supervisor.js';
import { findProgram } from '../../src/core/process/trusted-path.js';
import { netnsUidIsolation } from './isolation-kit.js';

const PATH = process.env.PATH ?? '/usr/bin:/bin';
const account = localAccount(SANDBOX_OFFLINE_USER);
const usable = process.getuid?.() === 0 && account !== null && findProgram('perl', PATH) !== null;
const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

interface Proc {
  pid: number;
  ppid: number;
  state: string;
  name: string;
}

function processes(): Proc[] {
  const found: Proc[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const [state, ppid] = stat.slice(close + 2).split(' ');
      found.push({
        pid: Number(entry),
        ppid: Number(ppid),
        state: state as string,
        name: stat.slice(stat.indexOf('(') + 1, close),
      });
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** This process's descendants (children, their children, …): the helpers and what they forked. */
function descendants(): Proc[] {
  const all = processes();
  const mine = new Set([process.pid]);
  const found: Proc[] = [];
  for (let grew = true; grew; ) {
    grew = false;
    for (const proc of all) {
      if (mine.has(proc.ppid) && !mine.has(proc.pid)) {
        mine.add(proc.pid);
        found.push(proc);
        grew = true;
      }
    }
  }
  return found;
}

const zombies = () => descendants().filter((proc) => proc.state === 'Z');
/** The run's helpers (the holder's shell is `sh`, the launcher and its forks name themselves). */
const helpers = () =>
  descendants().filter((proc) => proc.state !== 'Z' && /^(truss-|sh$|unshare$|perl$)/.test(proc.name));

describe.skipIf(!usable)('helper processes in a long-lived harness', () => {
  it('after several runs, no zombie is left among its descendants, and once idle no helper is left at all', async () => {
    const seen: Proc[] = [];
    for (let run = 0; run < 4; run++) {
      const root = mkdtempSync(join(tmpdir(), 'truss-reaping-'));
      roots.push(root);
      const isolation = netnsUidIsolation(account as NonNullable<typeof account>, { scratchRoot: root });
      const check = (command: string, timeoutMs = 20_000) =>
        runSupervised({
          file: '/bin/sh',
          args: ['-c', command],
          cwd: root,
          env: { PATH },
          stdin: null,
          timeoutMs,
          killGraceMs: 200,
          signal: new AbortController().signal,
          isolation,
        });
      const outcomes = await Promise.all([check('echo ok'), check('exit 3'), check('sleep 60', 800)]);
      expect(outcomes.map((outcome) => outcome.timedOut)).toEqual([false, false, true]);
      expect(outcomes.slice(0, 2).map((outcome) => outcome.exitCode)).toEqual([0, 3]);
      // The run is over; its helpers are still there (shared until idle) but nothing they forked
      // for the checks is left dead and unreaped. A process is a zombie for the moment between its
      // end and its reaping (an earlier run's helper ending now): one seen twice, 50 ms apart, lingers.
      let before = new Set<number>();
      for (let sample = 0; sample < 6; sample++) {
        const now = zombies();
        seen.push(...now.filter((proc) => before.has(proc.pid)));
        before = new Set(now.map((proc) => proc.pid));
        await sleep(50);
      }
    }
    // Every run's helpers end once idle, and are reaped as they end.
    await expect.poll(() => helpers().map((proc) => proc.name), { timeout: IDLE_MS + 5000 }).toEqual([]);
    await expect.poll(() => zombies().map((proc) => proc.name), { timeout: 1000 }).toEqual([]);
    expect(seen.map((proc) => `${proc.pid} ${proc.name}`)).toEqual([]);
  }, 60_000);

  // With the launchers' early exit too (src/core/exit-when-idle.ts): it must wait for the helpers' end.
  it.each([
    ['', false],
    [', also when it exits as the launchers do', true],
  ])(
    'a harness that ends by running out of work ends its helpers and reaps them first: nothing is left for pid 1 to adopt%s',
    (_, quickExit) => {
      const root = mkdtempSync(join(tmpdir(), 'truss-reaping-exit-'));
      roots.push(root);
      chmodSync(root, 0o755);
      const src = join(import.meta.dirname, '../../src/core/process');
      const script = join(root, 'harness.mts');
      writeFileSync(
        script,
        [
          `import { uidIsolation } from ${JSON.stringify(join(src, 'isolation-uid.ts'))};`,
          `import { runSupervised } from ${JSON.stringify(join(src, 'process-supervisor.ts'))};`,
          `import { exitWhenIdle } from ${JSON.stringify(join(src, '../exit-when-idle.ts'))};`,
          quickExit ? 'exitWhenIdle(process);' : '',
          // How it ended: through process.exit (its frame on the stack of `exit`), or Node's own teardown.
          quickExit
            ? "process.on('exit', () => process.stdout.write(/at process\\.exit /.test(new Error().stack ?? '') ? 'quick\\n' : 'teardown\\n'));"
            : '',
          `const isolation = uidIsolation({ report: { level: 'uid', requested: 'uid', network: 'none', network_enforced: true, egress: 'netns', notes: [] }, privilege: 'root', account: ${JSON.stringify(account)}, hiddenPaths: [], coverPaths: [], netns: true, scratchRoot: ${JSON.stringify(root)}, toolEnv: { PATH: ${JSON.stringify(PATH)} } });`,
          `const outcome = await runSupervised({ file: '/bin/sh', args: ['-c', 'echo ran'], cwd: ${JSON.stringify(root)}, env: { PATH: ${JSON.stringify(PATH)} }, stdin: null, timeoutMs: 20000, signal: new AbortController().signal, isolation });`,
          'process.stdout.write(outcome.stdout.bytes.toString());',
        ].join('\n'),
      );
      // The harness runs under a subreaper standing in for the container's pid 1: whatever of its
      // helpers outlives it is adopted there, and listed a moment after the harness has exited.
      const prctl = process.arch === 'arm64' ? 167 : 157;
      const adopter = [
        `syscall(${prctl}, 36, 1, 0, 0, 0) == 0 or die "PR_SET_CHILD_SUBREAPER: $!";`,
        'my $pid = fork() // die; if ($pid == 0) { exec @ARGV or die "exec: $!" }',
        'waitpid($pid, 0); my $status = $?; select(undef, undef, undef, 1.5);',
        'opendir(my $dir, "/proc"); my @adopted;',
        // Only Truss's: tsx's own esbuild service is left to it as well.
        'for my $p (grep { /^\\d+$/ } readdir $dir) { open(my $f, "<", "/proc/$p/stat") or next; my ($name, $rest) = <$f> =~ /\\((.*)\\) (.*)/s or next; my @f = split / /, $rest; push @adopted, "$name $f[0]" if $f[1] == $$ && $name ne "esbuild" }',
        'print "status $status adopted [", join(",", sort @adopted), "]\\n";',
      ].join('\n');
      const run = spawnSync('perl', ['-e', adopter, process.execPath, '--import', 'tsx', script], {
        cwd: join(import.meta.dirname, '../..'),
        encoding: 'utf8',
      });
      expect(run.stdout).toBe(`ran\n${quickExit ? 'quick\n' : ''}status 0 adopted []\n`);
    },
    40_000,
  );
});
