// bench:run — wall time of `truss run` on 20 trivial checks vs the same commands in one bash loop,
// CLI cold start vs `node -e 0`, a one-check `truss run` vs `node -e 0`, and the per-check harness
// cost above the shell's own vs one fsync'd SQLite append. Baselines are measured in the same run.
// Where the per-check cost goes is measured beside it (informational, bench/lib/spawn-floor.ts): one
// more `sh -c` started from a small Node process (`per_check_node_spawn_ms`: what any Node harness
// pays), and through the check runner's supervisor with the isolation `truss run` chose
// (`per_check_sandbox_ms`); the rest (`per_check_harness_rest_ms`) is the ledger append, output
// hashing and redaction, the progress line and the next check's preparation.
// Usage: npm run bench:run [-- --json] [-- --runs N] [-- --cli PATH (default dist/cli.cjs)]
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { SigningKey } from '../src/core/ledger/index.js';
import { bundleBenchChild } from './lib/bundle-child.js';
import { childFaults } from './lib/child-faults.js';
import { scrubNodeStartEnv } from './lib/start-env.js';

const { values } = parseArgs({
  options: {
    json: { type: 'boolean' },
    runs: { type: 'string', default: '7' },
    cli: { type: 'string', default: 'dist/cli.cjs' },
  },
});
// Every timed process starts without the variables that change a Node start (bench/lib/start-env.ts);
// when the shell had any, a one-check run and `node -e 0` are also timed as the shell would start them.
const { ambient, removed: removedFromEnv } = scrubNodeStartEnv();
const runs = Number(values.runs);
const CLI = resolve(values.cli);
const CHECKS = 20;
const progress = (message: string) => process.stderr.write(`bench:run ${message}\n`);

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function time(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): number {
  const started = process.hrtime.bigint();
  const result = spawnSync(command, args, { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
  const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return elapsed;
}

/** One durable append: a row INSERTed in its own transaction, WAL + synchronous=FULL (median of 101). */
function fsyncAppendMs(dir: string): number {
  const db = new Database(join(dir, 'fsync.db'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, body BLOB)');
    const insert = db.prepare('INSERT INTO t (body) VALUES (?)');
    const body = Buffer.alloc(512, 1);
    const samples: number[] = [];
    for (let i = 0; i < 101; i++) {
      const started = process.hrtime.bigint();
      insert.run(body);
      samples.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    return median(samples);
  } finally {
    db.close();
  }
}

function commands(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `test -f README.md && echo check-${i}`);
}

function contract(count: number): string {
  const clauses = commands(count).map(
    (run, i) => `[[done]]\nkind = "check"\ndesc = "trivial check ${i}"\nrun = ${JSON.stringify(run)}\n`,
  );
  return `[contract]\nid = "bench-${count}"\nintent = "trivial checks"\n\n${clauses.join('\n')}`;
}

const repo = mkdtempSync(join(tmpdir(), 'truss-bench-run-'));
try {
  execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: repo });
  writeFileSync(join(repo, 'README.md'), '# bench\n');
  mkdirSync(join(repo, '.truss/contracts'), { recursive: true });
  writeFileSync(join(repo, '.truss/contracts/twenty.toml'), contract(CHECKS));
  writeFileSync(join(repo, '.truss/contracts/one.toml'), contract(1));
  const keyFile = join(repo, 'bench.key');
  writeFileSync(join(repo, 'bench.key'), `${SigningKey.generate().seedBase64}\n`, { mode: 0o600 });
  const bashLoop = (count: number) =>
    `for c in ${commands(count)
      .map((c) => `'${c}'`)
      .join(' ')}; do sh -c "$c" >/dev/null; done`;
  const truss = (name: string) => ['run', name, '--key', keyFile, '--json'];
  const floorScript = bundleBenchChild('spawn-floor.ts');
  const floor = (mode: 'node' | 'sandbox', count: number) => [
    floorScript,
    mode,
    String(count),
    repo,
    join(repo, '.truss/contracts/twenty.toml'),
    join(repo, '.truss/ledger.db'),
    keyFile,
  ];
  const sandboxLevel = spawnSync(process.execPath, floor('sandbox', 1), {
    cwd: repo,
    encoding: 'utf8',
  }).stdout.trim();

  progress(`warming up, then ${runs} runs of each measurement`);
  time(process.execPath, [CLI, ...truss('one')], repo);
  const samples = {
    truss20: [] as number[],
    truss1: [] as number[],
    bash20: [] as number[],
    bash1: [] as number[],
    version: [] as number[],
    runHelp: [] as number[],
    nodeNoop: [] as number[],
    node20: [] as number[],
    node1: [] as number[],
    sandbox20: [] as number[],
    sandbox1: [] as number[],
    truss1Ambient: [] as number[],
    nodeNoopAmbient: [] as number[],
  };
  for (let i = 0; i < runs; i++) {
    samples.truss20.push(time(process.execPath, [CLI, ...truss('twenty')], repo));
    samples.truss1.push(time(process.execPath, [CLI, ...truss('one')], repo));
    samples.bash20.push(time('bash', ['-c', bashLoop(CHECKS)], repo));
    samples.bash1.push(time('bash', ['-c', bashLoop(1)], repo));
    samples.version.push(time(process.execPath, [CLI, '--version'], repo));
    samples.runHelp.push(time(process.execPath, [CLI, 'run', '--help'], repo));
    samples.nodeNoop.push(time(process.execPath, ['-e', '0'], repo));
    samples.node20.push(time(process.execPath, floor('node', CHECKS), repo));
    samples.node1.push(time(process.execPath, floor('node', 1), repo));
    samples.sandbox20.push(time(process.execPath, floor('sandbox', CHECKS), repo));
    samples.sandbox1.push(time(process.execPath, floor('sandbox', 1), repo));
    if (removedFromEnv.length > 0) {
      samples.truss1Ambient.push(time(process.execPath, [CLI, ...truss('one')], repo, ambient));
      samples.nodeNoopAmbient.push(time(process.execPath, ['-e', '0'], repo, ambient));
    }
    progress(`run ${i + 1}/${runs}`);
  }
  const fsyncMs = fsyncAppendMs(repo);
  // Load-independent beside the times: pages first touched by a one-check run (with its children) and
  // by `node -e 0`, medians of three (docs/performance.md, "Fresh memory").
  const medianFaults = (command: string, args: string[]) => {
    const counts = [0, 1, 2].map(() => childFaults(command, args, repo));
    return counts.includes(null) ? null : median(counts as number[]);
  };
  const faultsTruss1 = medianFaults(process.execPath, [CLI, ...truss('one')]);
  const faultsNode = medianFaults(process.execPath, ['-e', '0']);
  const m = Object.fromEntries(
    Object.entries(samples).map(([k, v]) => [k, v.length > 0 ? median(v) : Number.NaN]),
  ) as Record<keyof typeof samples, number>;
  // Fixed cost: what a one-check run costs beyond one command in bash (node start, key, DB, git, export).
  const startup = m.truss1 - m.bash1;
  const perCheckTruss = (m.truss20 - m.truss1) / (CHECKS - 1);
  const perCheckBash = (m.bash20 - m.bash1) / (CHECKS - 1);
  const perCheckOverhead = perCheckTruss - perCheckBash;
  const perCheckNodeSpawn = (m.node20 - m.node1) / (CHECKS - 1);
  const perCheckSandbox = (m.sandbox20 - m.sandbox1) / (CHECKS - 1);
  const result = {
    start_ratio: round(m.truss1 / m.nodeNoop),
    load_ratio: round(m.runHelp / m.nodeNoop),
    per_check_overhead_ms: round(perCheckOverhead),
    fsync_append_ms: round(fsyncMs),
    per_check_overhead_goal_ms: round(fsyncMs + 1),
    run_ratio: round((m.truss20 - startup) / m.bash20),
    run_ratio_raw: round(m.truss20 / m.bash20),
    per_check_ratio: round(perCheckTruss / perCheckBash),
    startup_ms: round(startup),
    cold_start_ratio: round(m.version / m.nodeNoop),
    truss_run_1_faults: faultsTruss1,
    node_noop_faults: faultsNode,
    start_faults_ratio: faultsTruss1 !== null && faultsNode ? round(faultsTruss1 / faultsNode) : null,
    truss_run_20_ms: round(m.truss20),
    truss_run_1_ms: round(m.truss1),
    bash_loop_20_ms: round(m.bash20),
    bash_loop_1_ms: round(m.bash1),
    per_check_truss_ms: round(perCheckTruss),
    per_check_bash_ms: round(perCheckBash),
    per_check_node_spawn_ms: round(perCheckNodeSpawn),
    per_check_sandbox_ms: round(perCheckSandbox),
    per_check_harness_rest_ms: round(perCheckTruss - perCheckSandbox),
    sandbox_level: sandboxLevel,
    cli_version_ms: round(m.version),
    run_help_ms: round(m.runHelp),
    node_noop_ms: round(m.nodeNoop),
    // Informational: what the shell's own environment adds to every Node start (bench/lib/start-env.ts).
    child_env_removed: removedFromEnv,
    ...(removedFromEnv.length > 0
      ? {
          start_ratio_ambient_env: round(m.truss1Ambient / m.nodeNoopAmbient),
          truss_run_1_ms_ambient_env: round(m.truss1Ambient),
          node_noop_ms_ambient_env: round(m.nodeNoopAmbient),
        }
      : {}),
    runs,
    goals: {
      run_ratio: '<= 1.5',
      cold_start_ratio: '<= 3',
      start_ratio: '<= 2.5',
      per_check_overhead_ms: '<= fsync_append_ms + 1',
    },
  };
  if (values.json) {
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } else {
    const verdict = (value: number, goal: number) => (value <= goal ? 'PASS' : 'MISS');
    console.log(
      `truss run, ${CHECKS} trivial checks: ${result.truss_run_20_ms} ms; bash loop: ${result.bash_loop_20_ms} ms (medians of ${runs})`,
    );
    console.log(`  fixed startup cost (1-check run minus 1 command): ${result.startup_ms} ms`);
    console.log(
      `  run_ratio (20-check run minus startup ÷ bash loop): ${result.run_ratio}  goal ≤ 1.5  ${verdict(result.run_ratio, 1.5)}`,
    );
    console.log(
      `  raw ratio ${result.run_ratio_raw}; per check ${result.per_check_truss_ms} ms vs ${result.per_check_bash_ms} ms (×${result.per_check_ratio})`,
    );
    console.log(
      `one-check run ${result.truss_run_1_ms} ms ÷ node -e 0 ${result.node_noop_ms} ms = ${result.start_ratio}  goal ≤ 2.5  ${verdict(result.start_ratio, 2.5)}`,
    );
    console.log(
      `  of which loading the run's code (truss run --help ${result.run_help_ms} ms): ${result.load_ratio} × node -e 0 (informational)`,
    );
    if (result.start_ratio_ambient_env !== undefined)
      console.log(
        `  timed without ${removedFromEnv.join(', ')} from this shell; with them, as the shell starts Node: ${result.truss_run_1_ms_ambient_env} ms ÷ ${result.node_noop_ms_ambient_env} ms = ${result.start_ratio_ambient_env} (informational)`,
      );
    console.log(
      `per-check harness cost above the shell: ${result.per_check_overhead_ms} ms  goal ≤ one fsync'd append (${result.fsync_append_ms} ms) + 1 ms  ${verdict(result.per_check_overhead_ms, result.per_check_overhead_goal_ms)}`,
    );
    console.log(
      `  where it goes (informational): one more sh -c from a small Node process ${result.per_check_node_spawn_ms} ms; through the check runner's supervisor with ${result.sandbox_level} isolation ${result.per_check_sandbox_ms} ms; the rest of the harness (append, hashing, progress, next check) ${result.per_check_harness_rest_ms} ms`,
    );
    if (result.start_faults_ratio !== null)
      console.log(
        `  pages first touched (load-independent, informational): one-check run ${result.truss_run_1_faults} ÷ node -e 0 ${result.node_noop_faults} = ${result.start_faults_ratio}`,
      );
    console.log(
      `cold start: truss --version ${result.cli_version_ms} ms ÷ node -e 0 ${result.node_noop_ms} ms = ${result.cold_start_ratio}  goal ≤ 3  ${verdict(result.cold_start_ratio, 3)}`,
    );
  }
} finally {
  rmSync(repo, { recursive: true, force: true });
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
