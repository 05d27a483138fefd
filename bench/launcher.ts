// bench:launcher — what one trivial process costs through `uid` isolation's two ways of starting it,
// as root, in the same process, samples interleaved: the sandbox launcher (launcher.ts: a fork of a
// long-lived root perl) and the program chain (setpriv → nsenter → unshare → init sh → setpriv), both
// through runSupervised with a held mount and network namespace, beside a plain `sh -c` spawned from
// Node (the floor any Node harness pays). docs/performance.md, "Per check".
// `--sudo`: as a user with passwordless sudo (a GitHub-hosted runner), the launcher started through
// `sudo -n`; `--only MODE` times one of node, launcher, chain (to put each in a cgroup of its own).
// Usage: npm run bench:launcher [-- --json] [-- --runs N] [-- --sudo] [-- --only MODE]
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Isolation } from '../src/core/process/isolation.js';
import {
  ensureSandboxAccount,
  SANDBOX_OFFLINE_USER,
  uidIsolation,
} from '../src/core/process/isolation-uid.js';
import { runSupervised } from '../src/core/process/process-supervisor.js';

const { values } = parseArgs({
  options: {
    json: { type: 'boolean' },
    runs: { type: 'string', default: '100' },
    sudo: { type: 'boolean' },
    only: { type: 'string' },
  },
});
const runs = Number(values.runs);
const PATH = process.env.PATH ?? '/usr/bin:/bin';
const privilege = values.sudo ? 'sudo' : 'root';
if ((process.getuid?.() === 0) !== (privilege === 'root')) {
  process.stderr.write(
    values.sudo
      ? 'bench:launcher --sudo runs as a user with passwordless sudo, not as root\n'
      : 'bench:launcher needs root (or --sudo, as a user with passwordless sudo)\n',
  );
  process.exit(1);
}

function quantile(samples: number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] as number;
}

function bare(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', 'true'], { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.resume();
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', () => resolve());
  });
}

async function sandboxed(isolation: Isolation, cwd: string): Promise<void> {
  const outcome = await runSupervised({
    file: '/bin/sh',
    args: ['-c', 'cat /proc/1/comm'],
    cwd,
    env: { PATH },
    stdin: null,
    timeoutMs: 30_000,
    signal: new AbortController().signal,
    isolation,
  });
  if (outcome.exitCode !== 0) throw new Error(`exit ${outcome.exitCode}: ${outcome.stderr.tail}`);
}

const root = mkdtempSync(join(tmpdir(), 'truss-bench-launcher-'));
// The checks' working directory: the sandbox user must enter it.
chmodSync(root, 0o755);
try {
  const account = await ensureSandboxAccount(SANDBOX_OFFLINE_USER, privilege, { PATH });
  const make = (launcher: boolean) =>
    uidIsolation({
      report: {
        level: 'uid',
        requested: 'uid',
        network: 'none',
        network_enforced: true,
        egress: 'netns',
        notes: [],
      },
      privilege,
      account,
      hiddenPaths: [],
      coverPaths: [],
      netns: true,
      scratchRoot: root,
      toolEnv: { PATH },
      launcher,
    });
  const all = {
    node: bare,
    launcher: () => sandboxed(launched, root),
    chain: () => sandboxed(chained, root),
  };
  const modes = Object.fromEntries(
    Object.entries(all).filter(([mode]) => values.only === undefined || mode === values.only),
  ) as Partial<typeof all>;
  const launched = make(true);
  const chained = make(false);
  // Warm: both holders made, the launcher started.
  await modes.launcher?.();
  await modes.chain?.();
  const samples: Partial<Record<keyof typeof all, number[]>> = Object.fromEntries(
    Object.keys(modes).map((mode) => [mode, []]),
  );
  for (let i = 0; i < runs; i++) {
    for (const mode of Object.keys(modes) as (keyof typeof all)[]) {
      const started = process.hrtime.bigint();
      await modes[mode]?.();
      samples[mode]?.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  }
  const round = (ms: number) => Math.round(ms * 100) / 100;
  const result = Object.fromEntries(
    Object.entries(samples).map(([mode, list]) => [
      mode,
      {
        p25_ms: round(quantile(list, 0.25)),
        median_ms: round(quantile(list, 0.5)),
        p75_ms: round(quantile(list, 0.75)),
      },
    ]),
  );
  if (values.json) process.stdout.write(`${JSON.stringify({ runs, ...result })}\n`);
  else
    for (const [mode, figures] of Object.entries(result))
      process.stdout.write(
        `${mode.padEnd(9)} median ${figures.median_ms} ms (p25 ${figures.p25_ms}, p75 ${figures.p75_ms})\n`,
      );
} finally {
  // Under sudo the checks' scratch is the sandbox user's: only root removes it.
  if (privilege === 'sudo') spawnSync('sudo', ['-n', 'rm', '-rf', '--', root]);
  else rmSync(root, { recursive: true, force: true });
}
process.exit(0);
