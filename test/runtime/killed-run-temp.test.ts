/**
 * A `truss run` killed mid-way (SIGKILL: a cancelled CI job) used to leave its clean room (a full
 * copy of the repository), the clean room's scratch and its worktree snapshots in the temp dir for
 * good: /tmp filled with `truss-cleanroom-*` from every killed run. Every per-run temp dir now lives
 * in the harness's lifeline directory, which the next run sweeps once its harness is dead. REAL
 * processes: the real `truss` CLI, a delegated CLI executor (a shell command), a check that sleeps,
 * SIGKILL, then a second run with the same private TMPDIR.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeWorkdir } from '../helpers/agent-kit.js';
import { trussArgv } from '../helpers/built-dist.js';
import { REPO_ROOT, runCli } from '../helpers/cli.js';
import { contractToml, TRUE_CHECK } from '../helpers/contract-toml.js';
import { writeKeyFile } from '../helpers/keys.js';
import { type TempDir, tempDir } from '../helpers/temp-dir.js';

const made: TempDir[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) dir.cleanup();
});

/** What a run makes in the temp dir and must not leave there once it is gone. */
const PER_RUN = /^(truss-cleanroom-|truss-snapshot-|truss-fanout-apply-|truss-sbx-|truss-harness-)/;

/** Every path under `root` whose name is one of a run's temp dirs (into a harness's, not into the others). */
function perRunDirs(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(dir, name);
      if (PER_RUN.test(name)) found.push(path);
      if (!PER_RUN.test(name) || name.startsWith('truss-harness-')) walk(path);
    }
  };
  walk(root);
  return found.sort();
}

function temp(prefix: string): TempDir {
  const dir = tempDir(prefix);
  made.push(dir);
  return dir;
}

/** Waits until `ready()` or the deadline; false when the deadline came first. */
async function until(ready: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (ready()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return ready();
}

describe.each(['none', 'auto'])('a truss run SIGKILLed during its checks (--isolation %s)', (isolation) => {
  it('leaves nothing in the temp dir once the next run has started', async () => {
    const home = temp('killed-home');
    // The runs' own temp dir, searchable by the sandbox user as /tmp is.
    const tmp = temp('killed-tmp');
    chmodSync(tmp.dir, 0o1777);
    const key = writeKeyFile(home.path('session.key'), 0x6b);
    const slow = home.write(
      'slow.toml',
      contractToml(
        { id: 'killed-mid-check', intent: 'write the greeting, then a check that takes its time' },
        { kind: 'check', desc: 'slow', run: 'sleep 8', timeout_sec: 60 },
        {
          executor: {
            kind: 'delegated-cli',
            command: '/bin/sh',
            args: ['-c', 'printf "hello from the harness\\n" > greeting.txt'],
            timeout_sec: 30,
          },
        },
      ),
    );
    const quick = home.write('quick.toml', contractToml({ id: 'next-run', intent: 'nothing' }, TRUE_CHECK));
    const env = { PATH: process.env.PATH ?? '', HOME: home.dir, TMPDIR: tmp.dir };
    const args = (contract: string) => [
      'run',
      contract,
      '--workdir',
      makeWorkdir({ git: true }),
      '--db',
      temp('killed-db').path('ledger.db'),
      '--key',
      key,
      '--isolation',
      isolation,
      '--json',
    ];

    const child: ChildProcess = spawn(trussArgv()[0], [...trussArgv().slice(1), ...args(slow)], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const cleanRoom = () => perRunDirs(tmp.dir).some((path) => /truss-cleanroom-(?!scratch)/.test(path));
    // The clean room is made after the executor, right before the check starts in it.
    expect(await until(cleanRoom, 30_000), stderr).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    child.kill('SIGKILL');
    await exited;
    const left = perRunDirs(tmp.dir);
    expect(left.some((path) => /truss-cleanroom-/.test(path))).toBe(true);

    const next = runCli(args(quick), { env });
    expect(next.code, next.stderr).toBe(0);
    expect(left.filter((path) => existsSync(path))).toEqual([]);
    // Nothing of either run is left but, at most, the next run's own ended harness directory (its
    // lifeline gone; one still holding a mount stage as the process ended waits for the run after).
    const after = perRunDirs(tmp.dir);
    const harnesses = after.filter((path) => basename(path).startsWith('truss-harness-'));
    const inHarness = (path: string) => harnesses.some((dir) => path === dir || path.startsWith(`${dir}/`));
    expect(after.filter((path) => !inHarness(path))).toEqual([]);
    expect(harnesses.length).toBeLessThanOrEqual(1);
    for (const dir of harnesses)
      await expect.poll(() => (existsSync(dir) ? readdirSync(dir) : []), { timeout: 5000 }).toEqual([]);
  }, 120_000);
});
