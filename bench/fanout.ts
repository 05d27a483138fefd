// bench:fanout — a [fanout] run of K = 8 in-process children of a trivial contract (one `truss run`)
// ÷ 8 sequential `truss run`s of the same contract without [fanout]; and the same comparison inside
// one process (startRun with [fanout] ÷ 8 startRun calls), which leaves out process start-up.
// Both CLI sides run the source CLI through tsx (dist/ is not rebuilt for this), so they pay the same
// start-up per process. Then the reducer job of a fan-out across runners (docs/fanout.md "Fan-out
// across runners") for 8 legs, in process: admit (verify against pinned keys) and import 8 leg
// bundles, write the parent and export its bundle ÷ verifying the same 8 bundles as `truss verify`
// does (parse + verify), and ÷ running one plain leg. Baselines are measured in the same run; medians
// of --runs rounds.
// Usage: npm run bench:fanout [-- --json] [-- --runs N]
import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { resolveContractSources } from '../src/core/contract/index.js';
import {
  createNodeCrypto,
  exportBundle,
  exportBundleToFile,
  LedgerStore,
  parseBundle,
  SigningKey,
  verifyBundle,
} from '../src/core/ledger/index.js';
import type { RunnerLeg } from '../src/core/run/fanout-types.js';
import { prepareRun, type RunResult, startRun } from '../src/core/run/index.js';
import { admitLeg, importLeg } from '../src/core/run/leg-admission.js';
import { legPlan } from '../src/core/run/leg-plan.js';

const { values } = parseArgs({
  options: { json: { type: 'boolean' }, runs: { type: 'string', default: '5' } },
});
const runs = Number(values.runs);
const K = 8;
const CLI = resolve('src/cli/main.ts');
/** tsx resolved from this repository: the runs' cwd is the bench's temp repository. */
const TSX = import.meta.resolve('tsx');
const progress = (message: string) => process.stderr.write(`bench:fanout ${message}\n`);

const SINGLE = `[contract]
id = "trivial"
intent = "README.md exists"

[[done]]
kind = "check"
desc = "README.md exists"
run = "test -f README.md"
`;
const FANOUT = `${SINGLE}
[fanout]
attempts = ${K}
reducer = "vote"
`;

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function timeCli(args: string[], cwd: string): number {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, ['--import', TSX, CLI, ...args], {
    cwd,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0)
    throw new Error(`truss ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return elapsed;
}

async function timeInProcess(run: () => Promise<RunResult>): Promise<number> {
  const started = process.hrtime.bigint();
  const result = await run();
  const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 'completed' || result.verdict.overall !== 'pass')
    throw new Error(`in-process run ended ${result.status}`);
  return elapsed;
}

const repo = mkdtempSync(join(tmpdir(), 'truss-bench-fanout-'));
try {
  execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: repo });
  writeFileSync(join(repo, 'README.md'), '# bench\n');
  writeFileSync(join(repo, '.gitignore'), '.truss/\n');
  mkdirSync(join(repo, '.truss/contracts'), { recursive: true });
  writeFileSync(join(repo, '.truss/contracts/one.toml'), SINGLE);
  writeFileSync(join(repo, '.truss/contracts/fan8.toml'), FANOUT);
  const generated = SigningKey.generate();
  const keyFile = join(repo, '.truss/bench.key');
  writeFileSync(keyFile, `${generated.seedBase64}\n`, { mode: 0o600 });
  const truss = (name: string) => ['run', name, '--key', keyFile, '--isolation', 'none', '--json'];

  const single = resolveContractSources({ contract: { file: 'one.toml', text: SINGLE } });
  const fanout = resolveContractSources({ contract: { file: 'fan8.toml', text: FANOUT } });
  const store = LedgerStore.open(join(repo, '.truss/in-process.db'));
  const inProcess = async (resolved: typeof single) =>
    startRun(
      await prepareRun(resolved.contract, { workdir: repo, host: { events: () => {}, env: process.env } }),
      {
        contractHash: resolved.hash,
        store,
        signer: generated.key,
        codeVersion: 'bench',
        principal: { login: 'bench' },
      },
    );

  progress(
    `warming up, then ${runs} rounds: 1 fan-out of ${K} vs ${K} sequential runs, as CLI processes and in one process`,
  );
  timeCli(truss('one'), repo);
  timeCli(truss('fan8'), repo);
  await inProcess(single);
  await inProcess(fanout);
  const samples = {
    fanoutCli: [] as number[],
    sequentialCli: [] as number[],
    fanoutIn: [] as number[],
    sequentialIn: [] as number[],
    reducer: [] as number[],
    verifyLegs: [] as number[],
    oneLeg: [] as number[],
  };
  for (let round = 0; round < runs; round++) {
    samples.fanoutCli.push(timeCli(truss('fan8'), repo));
    let sequential = 0;
    for (let i = 0; i < K; i++) sequential += timeCli(truss('one'), repo);
    samples.sequentialCli.push(sequential);
    samples.fanoutIn.push(await timeInProcess(() => inProcess(fanout)));
    let sequentialIn = 0;
    for (let i = 0; i < K; i++) sequentialIn += await timeInProcess(() => inProcess(single));
    samples.sequentialIn.push(sequentialIn);
    const reducer = await reducerRound(fanout, generated.key, repo, round);
    samples.reducer.push(reducer.reducerMs);
    samples.verifyLegs.push(reducer.verifyMs);
    samples.oneLeg.push(reducer.oneLegMs);
    progress(`round ${round + 1}/${runs}`);
  }
  store.close();
  const m = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, median(v)])) as Record<
    keyof typeof samples,
    number
  >;
  const result = {
    fanout_ratio: round(m.fanoutCli / m.sequentialCli),
    fanout_in_process_ratio: round(m.fanoutIn / m.sequentialIn),
    fanout_cli_ms: round(m.fanoutCli),
    sequential_cli_ms: round(m.sequentialCli),
    fanout_in_process_ms: round(m.fanoutIn),
    sequential_in_process_ms: round(m.sequentialIn),
    per_child_in_process_ms: round(m.fanoutIn / K),
    per_run_in_process_ms: round(m.sequentialIn / K),
    reducer_vs_verify_ratio: round(m.reducer / m.verifyLegs),
    reducer_vs_one_leg_ratio: round(m.reducer / m.oneLeg),
    reducer_8_legs_ms: round(m.reducer),
    verify_8_legs_ms: round(m.verifyLegs),
    one_leg_ms: round(m.oneLeg),
    attempts: K,
    runs,
  };
  if (values.json) {
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } else {
    console.log(`K = ${K} attempts of a one-check contract (executor none), medians of ${runs} rounds`);
    console.log(
      `  CLI: one \`truss run\` with [fanout] ${result.fanout_cli_ms} ms ÷ ${K} sequential \`truss run\`s ${result.sequential_cli_ms} ms = fanout_ratio ${result.fanout_ratio}`,
    );
    console.log(
      `  in one process: startRun with [fanout] ${result.fanout_in_process_ms} ms ÷ ${K} startRun calls ${result.sequential_in_process_ms} ms = ${result.fanout_in_process_ratio}`,
    );
    console.log(
      `  per attempt ${result.per_child_in_process_ms} ms in a fan-out vs ${result.per_run_in_process_ms} ms per separate run (in process)`,
    );
    console.log(
      `  reducer job for ${K} runner legs (admit + import + parent + export) ${result.reducer_8_legs_ms} ms ÷ verifying the ${K} bundles ${result.verify_8_legs_ms} ms = ${result.reducer_vs_verify_ratio}; ÷ one plain leg ${result.one_leg_ms} ms = ${result.reducer_vs_one_leg_ratio}`,
    );
  }
} finally {
  rmSync(repo, { recursive: true, force: true });
}

/**
 * One round of the runner-leg figures: K legs, each in its own ledger file (as on its own runner),
 * exported as bundle text; then the baseline (parse and verify the K bundles, as `truss verify` does)
 * and the reducer (parse, admit and import the K bundles, write the parent, export its bundle).
 */
async function reducerRound(
  fanout: ReturnType<typeof resolveContractSources>,
  key: SigningKey,
  repo: string,
  n: number,
): Promise<{ reducerMs: number; verifyMs: number; oneLegMs: number }> {
  const crypto = createNodeCrypto();
  const trusted = new Map([[key.publicKeyHex, 'bench']]);
  const parentSessionId = randomUUID();
  const dir = join(repo, `.truss/legs-${n}`);
  mkdirSync(dir, { recursive: true });
  const texts: string[] = [];
  let oneLegMs = Number.POSITIVE_INFINITY;
  for (let attempt = 1; attempt <= K; attempt++) {
    const legStore = LedgerStore.open(join(dir, `leg-${attempt}.db`));
    const plan = legPlan(fanout.contract, { attempt, parentSessionId });
    let sessionId = '';
    const ms = await timeInProcess(async () => {
      const result = await startRun(
        await prepareRun(plan.contract, { workdir: repo, host: { events: () => {}, env: process.env } }),
        {
          contractHash: plan.contractHash,
          store: legStore,
          signer: key,
          codeVersion: 'bench',
          principal: { login: 'bench' },
          parent: plan.parent,
        },
      );
      sessionId = result.sessionId;
      return result;
    });
    oneLegMs = Math.min(oneLegMs, ms);
    texts.push(JSON.stringify(exportBundle(legStore, sessionId, crypto)));
    legStore.close();
  }
  const verifyStarted = process.hrtime.bigint();
  for (const [i, text] of texts.entries()) {
    const status = verifyBundle(parseBundle(text, `leg-${i + 1}`), { crypto, trusted }).status;
    if (status !== 'verified') throw new Error(`leg ${i + 1} does not verify: ${status}`);
  }
  const verifyMs = Number(process.hrtime.bigint() - verifyStarted) / 1e6;
  const reducerStore = LedgerStore.open(join(dir, 'reducer.db'));
  const reducerMs = await timeInProcess(async () => {
    const legs: RunnerLeg[] = [];
    for (const [i, text] of texts.entries()) {
      const bundle = parseBundle(text, `leg-${i + 1}`);
      const expect = {
        parentSessionId,
        attempt: i + 1,
        contractHash: legPlan(fanout.contract, { attempt: i + 1, parentSessionId }).contractHash,
        headSha: null,
      };
      const admitted = admitLeg({ bundle, patch: null, trusted, crypto, expect });
      if (!admitted.ok) throw new Error(admitted.reason);
      importLeg({ store: reducerStore, bundle, diff: admitted.diff, trusted, crypto });
      legs.push(admitted.leg);
    }
    const result = await startRun(
      await prepareRun(
        fanout.contract,
        { workdir: repo, host: { events: () => {}, env: process.env } },
        { executor: false },
      ),
      {
        contractHash: fanout.hash,
        store: reducerStore,
        signer: key,
        codeVersion: 'bench',
        principal: { login: 'bench' },
        sessionId: parentSessionId,
        runnerLegs: { legs, excluded: [] },
      },
    );
    exportBundleToFile(reducerStore, parentSessionId, crypto, join(dir, 'parent.json'));
    return result;
  });
  reducerStore.close();
  return { reducerMs, verifyMs, oneLegMs };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
