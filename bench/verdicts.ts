// bench:verdicts — `truss bench-verdicts` on the shipped dataset (examples/bench-verdicts/, 8 records,
// 16 patches), in one process with checks only and with the placeholder panel, ÷ a baseline measured
// in the same run: the same work without Truss — for each patch, the base commit checked out into a
// temp directory (git archive | tar), test_patch and the patch applied with `git apply`, the same
// test commands run through sh. The ratio is what the verdict costs beyond running the tests: the
// clean-room copy, the signed ledger (child session, anchors, results), the panel. Medians of --runs.
// Usage: npm run bench:verdicts [-- --json] [-- --runs N]
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildTextkitRepo, DATASET_FILE } from '../scripts/make-verdict-dataset.js';
import { benchContract, parseBenchDataset } from '../src/core/contract/index.js';
import { LedgerStore, SigningKey } from '../src/core/ledger/index.js';
import { type BenchPanelChoice, startBench } from '../src/core/run/index.js';

const { values } = parseArgs({
  options: { json: { type: 'boolean' }, runs: { type: 'string', default: '3' } },
});
const runs = Number(values.runs);
const progress = (message: string) => process.stderr.write(`bench:verdicts ${message}\n`);
const records = parseBenchDataset(readFileSync(DATASET_FILE, 'utf8'), 'textkit.jsonl');
const patches = records.length * 2;

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

const root = mkdtempSync(join(tmpdir(), 'truss-bench-verdicts-'));
try {
  const repo = join(root, 'textkit');
  buildTextkitRepo(repo);
  const key = SigningKey.generate().key;
  const env = { PATH: process.env.PATH, HOME: process.env.HOME };

  /** The same tests without Truss: a plain checkout, git apply, sh -c per check. */
  const baseline = (): number => {
    const started = performance.now();
    for (const record of records) {
      const { contract } = benchContract(record, {
        testCmd: null,
        setup: null,
        timeoutSec: 60,
        provider: null,
        reviewers: 1,
      });
      for (const patch of [record.goodPatch, record.badPatch]) {
        const dir = mkdtempSync(join(root, 'plain-'));
        const tar = execFileSync('git', ['archive', record.baseCommit], { cwd: repo, maxBuffer: 64 << 20 });
        execFileSync('tar', ['-x', '-C', dir], { input: tar });
        for (const [name, text] of [
          ['test.patch', record.testPatch],
          ['candidate.patch', patch],
        ] as const) {
          if (!text) continue;
          writeFileSync(join(root, name), text);
          execFileSync('git', ['apply', join(root, name)], { cwd: dir });
        }
        for (const clause of contract.done) {
          if (clause.kind === 'check') spawnSync('sh', ['-c', clause.run], { cwd: dir, stdio: 'ignore' });
        }
        rmSync(dir, { recursive: true, force: true });
      }
    }
    return performance.now() - started;
  };

  const truss = async (panel: BenchPanelChoice): Promise<number> => {
    const store = LedgerStore.open(join(root, `ledger-${Math.random().toString(36).slice(2)}.db`));
    const started = performance.now();
    const result = await startBench({
      records,
      repos: new Map(records.map((r) => [r.instanceId, repo])),
      contract: { testCmd: null, setup: null, timeoutSec: 60 },
      panel,
      dataset: { file: 'textkit.jsonl', sha256: '0'.repeat(64) },
      store,
      signer: key,
      codeVersion: 'bench',
      principal: { login: 'bench' },
      host: { events: () => {}, env, hostCwd: root, cleanRoomParent: root },
    });
    const elapsed = performance.now() - started;
    store.close();
    if (result.status !== 'completed') throw new Error(result.message);
    const checks = result.report.judges.find((j) => j.judge === 'checks');
    if (checks?.false_pass !== 2 || checks.false_fail !== 0) throw new Error('unexpected checks figures');
    return elapsed;
  };

  progress(`warming up, then ${runs} rounds over ${records.length} records (${patches} patches)`);
  baseline();
  await truss({ kind: 'checks-only' });
  const samples = { baseline: [] as number[], checksOnly: [] as number[], placeholder: [] as number[] };
  for (let round = 0; round < runs; round++) {
    samples.baseline.push(baseline());
    samples.checksOnly.push(await truss({ kind: 'checks-only' }));
    samples.placeholder.push(await truss({ kind: 'placeholder', reviewers: 3 }));
    progress(`round ${round + 1}/${runs}`);
  }
  const m = {
    baseline: median(samples.baseline),
    checksOnly: median(samples.checksOnly),
    placeholder: median(samples.placeholder),
  };
  const perRecord = (ms: number) => round(ms / records.length);
  const result = {
    checks_only_ratio: round(m.checksOnly / m.baseline),
    placeholder_panel_ratio: round(m.placeholder / m.baseline),
    baseline_ms_per_record: perRecord(m.baseline),
    checks_only_ms_per_record: perRecord(m.checksOnly),
    placeholder_panel_ms_per_record: perRecord(m.placeholder),
    records: records.length,
    runs,
  };
  if (values.json) process.stdout.write(`${JSON.stringify(result)}\n`);
  else {
    console.log(`${records.length} records × good + bad patch, medians of ${runs} rounds, per record:`);
    console.log(`  plain checkout + git apply + the tests:      ${result.baseline_ms_per_record} ms`);
    console.log(
      `  truss bench-verdicts --checks-only:          ${result.checks_only_ms_per_record} ms (checks_only_ratio ${result.checks_only_ratio})`,
    );
    console.log(
      `  truss bench-verdicts, placeholder panel:     ${result.placeholder_panel_ms_per_record} ms (placeholder_panel_ratio ${result.placeholder_panel_ratio})`,
    );
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
