// bench:isolation — per-check overhead of each isolation mechanism (uid, bwrap) ÷ the same check
// unisolated (none), measured in the same run through the real spawn path (runSupervised with the
// run's Isolation), plus each mechanism's one-time set-up (probe, sandbox user, workdir grant).
// Mechanisms this machine lacks are reported as unavailable, with the reason.
// Usage: npm run bench:isolation [-- --json] [-- --runs N]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createIsolation, type Isolation, type IsolationLevel } from '../src/core/process/index.js';
import { runSupervised } from '../src/core/process/process-supervisor.js';

const { values } = parseArgs({
  options: { json: { type: 'boolean' }, runs: { type: 'string', default: '30' } },
});
const runs = Number(values.runs);
const progress = (message: string) => process.stderr.write(`bench:isolation ${message}\n`);
const CHECK = 'test -f README.md && echo ok';

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

async function once(isolation: Isolation, workdir: string): Promise<number> {
  const started = process.hrtime.bigint();
  const outcome = await runSupervised({
    file: '/bin/sh',
    args: ['-c', CHECK],
    cwd: workdir,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    stdin: null,
    timeoutMs: 30_000,
    signal: new AbortController().signal,
    isolation,
  });
  const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
  if (outcome.exitCode !== 0) {
    throw new Error(
      `the check failed under ${isolation.report.level} (exit ${outcome.exitCode}, signal ${outcome.signal}): ${outcome.stderr.tail || outcome.spawnError?.message || 'no output'}`,
    );
  }
  return elapsed;
}

// One working copy per mechanism: each grants its copy to its own sandbox account (uid's offline user,
// bwrap's), as one run does; one copy shared by both would be granted to whichever was made last.
const levels: IsolationLevel[] = ['none', 'uid', 'bwrap'];
const repos = new Map(
  levels.map((level) => [level, mkdtempSync(join(tmpdir(), `truss-bench-iso-${level}-`))]),
);
const harness = mkdtempSync(join(tmpdir(), 'truss-bench-iso-harness-'));
try {
  for (const repo of repos.values()) {
    execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: repo });
    writeFileSync(join(repo, 'README.md'), '# bench\n');
  }
  writeFileSync(join(harness, 'signing.key'), 'not a real key\n', { mode: 0o600 });
  const base = {
    network: 'none' as const,
    hiddenPaths: [harness],
    scratchRoot: tmpdir(),
    path: process.env.PATH ?? '/usr/bin:/bin',
    isRoot: process.getuid?.() === 0,
  };
  const setups: Record<string, number> = {};
  const isolations = new Map<IsolationLevel, Isolation>();
  const unavailable: Record<string, string> = {};
  for (const level of levels) {
    const started = process.hrtime.bigint();
    try {
      isolations.set(
        level,
        await createIsolation({ ...base, workdirs: [repos.get(level) as string], mode: level }),
      );
      setups[level] = Number(process.hrtime.bigint() - started) / 1e6;
    } catch (error) {
      unavailable[level] = (error as Error).message;
      progress(`${level} unavailable: ${(error as Error).message}`);
    }
  }
  progress(`warming up, then ${runs} runs of each mechanism, interleaved`);
  for (const [level, isolation] of isolations) await once(isolation, repos.get(level) as string);
  const samples = new Map<IsolationLevel, number[]>([...isolations.keys()].map((level) => [level, []]));
  for (let i = 0; i < runs; i++) {
    for (const [level, isolation] of isolations)
      samples.get(level)?.push(await once(isolation, repos.get(level) as string));
  }
  const baseline = median(samples.get('none') ?? [0]);
  const mechanisms: Record<string, unknown> = {};
  for (const [level, list] of samples) {
    if (level === 'none') continue;
    const m = median(list);
    mechanisms[level] = {
      per_check_ms: round(m),
      overhead_ms: round(m - baseline),
      ratio: round(m / baseline),
      setup_ms: round(setups[level] ?? 0),
      network_enforced: isolations.get(level)?.report.network_enforced ?? false,
    };
  }
  const result = {
    check: CHECK,
    baseline_none_ms: round(baseline),
    mechanisms,
    unavailable,
    runs,
  };
  if (values.json) {
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } else {
    console.log(`one check (${CHECK}) unisolated: ${result.baseline_none_ms} ms (median of ${runs})`);
    for (const [level, m] of Object.entries(mechanisms) as [string, Record<string, number | boolean>][]) {
      console.log(
        `  ${level.padEnd(5)} ${m.per_check_ms} ms per check = ×${m.ratio} of unisolated (+${m.overhead_ms} ms); one-time set-up ${m.setup_ms} ms; egress blocked: ${m.network_enforced}`,
      );
    }
    for (const [level, why] of Object.entries(unavailable))
      console.log(`  ${level.padEnd(5)} unavailable: ${why}`);
  }
} finally {
  for (const repo of repos.values()) rmSync(repo, { recursive: true, force: true });
  rmSync(harness, { recursive: true, force: true });
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
