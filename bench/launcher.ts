// bench:launcher — what one trivial process costs through `uid` isolation's two ways of starting it,
// as root, in the same process, samples interleaved: the sandbox launcher (launcher.ts: a fork of a
// long-lived root perl) and the program chain (setpriv → nsenter → unshare → init sh → setpriv), both
// through runSupervised with a held mount and network namespace, beside a plain `sh -c` spawned from
// Node (the floor any Node harness pays). docs/performance.md, "Per check".
// Usage: npm run bench:launcher [-- --json] [-- --runs N]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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
  options: { json: { type: 'boolean' }, runs: { type: 'string', default: '100' } },
});
const runs = Number(values.runs);
const PATH = process.env.PATH ?? '/usr/bin:/bin';
if (process.getuid?.() !== 0) {
  process.stderr.write('bench:launcher needs root (the launcher is only used by a root harness)\n');
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
try {
  const account = await ensureSandboxAccount(SANDBOX_OFFLINE_USER, 'root', { PATH });
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
      privilege: 'root',
      account,
      hiddenPaths: [],
      coverPaths: [],
      netns: true,
      scratchRoot: root,
      toolEnv: { PATH },
      launcher,
    });
  const modes = {
    node: bare,
    launcher: () => sandboxed(launched, root),
    chain: () => sandboxed(chained, root),
  };
  const launched = make(true);
  const chained = make(false);
  // Warm: both holders made, the launcher started.
  await modes.launcher();
  await modes.chain();
  const samples: Record<keyof typeof modes, number[]> = { node: [], launcher: [], chain: [] };
  for (let i = 0; i < runs; i++) {
    for (const mode of Object.keys(modes) as (keyof typeof modes)[]) {
      const started = process.hrtime.bigint();
      await modes[mode]();
      samples[mode].push(Number(process.hrtime.bigint() - started) / 1e6);
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
  rmSync(root, { recursive: true, force: true });
}
process.exit(0);
