import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTextkitRepo, DATASET_FILE, TEXTKIT_REPO } from '../../scripts/make-verdict-dataset.js';
import {
  createNodeCrypto,
  exportBundle,
  type LedgerEntry,
  LedgerStore,
  verifyBundle,
} from '../../src/core/ledger/index.js';
import {
  type BenchPanelChoice,
  type BenchRecord,
  type BenchResult,
  type Prediction,
  parseBenchDataset,
  startBench,
} from '../../src/core/run/index.js';
import { AGENT_KEY } from '../helpers/agent-kit.js';
import { type TempDir, tempDir } from '../helpers/temp-dir.js';

/**
 * docs/bench-verdicts.md: `truss bench-verdicts` on the shipped dataset (examples/bench-verdicts/,
 * eight real bug fixes of the textkit repository the script builds offline). With checks alone the
 * figures are known exactly: every good patch passes its tests; six bad patches fail them and two
 * (csv-4: quotes commas only; median-7: a string sort) pass them — the tests are too weak to see.
 */

const crypto = createNodeCrypto();
const trusted = new Map([[AGENT_KEY.publicKeyHex, 'agent']]);
const env = { PATH: process.env.PATH, HOME: process.env.HOME };

let home: TempDir;
let repo: string;
let records: BenchRecord[];

beforeAll(() => {
  home = tempDir('bench-verdicts');
  repo = home.path('repos', TEXTKIT_REPO.replace('/', '__'));
  buildTextkitRepo(repo);
  records = parseBenchDataset(readFileSync(DATASET_FILE, 'utf8'), 'textkit.jsonl');
});
afterAll(() => home.cleanup());

async function bench(
  panel: BenchPanelChoice,
  options: { only?: string[]; predictions?: Prediction[]; fixtureDir?: string } = {},
): Promise<{ result: Extract<BenchResult, { status: 'completed' }>; store: LedgerStore }> {
  const chosen = options.only ? records.filter((r) => options.only?.includes(r.instanceId)) : records;
  const store = LedgerStore.open(join(home.dir, `ledger-${Math.random().toString(36).slice(2)}.db`));
  const result = await startBench({
    records: chosen,
    predictions: options.predictions,
    repos: new Map(chosen.map((r) => [r.instanceId, repo])),
    contract: { testCmd: null, setup: null, timeoutSec: 60 },
    panel,
    dataset: { file: 'textkit.jsonl', sha256: 'f'.repeat(64) },
    store,
    signer: AGENT_KEY,
    codeVersion: 'test',
    principal: { login: 'test' },
    host: { events: () => {}, env, hostCwd: home.dir },
  });
  if (result.status !== 'completed') throw new Error(result.message);
  return { result, store };
}

describe('truss bench-verdicts (core)', () => {
  it('checks only on the shipped dataset: the exact rates, each record a signed bench_result, the bundle verifies', async () => {
    const { result, store } = await bench({ kind: 'checks-only' });
    const { report } = result;
    expect(report.judges).toEqual([
      {
        judge: 'checks',
        runs: 16,
        passes: 10,
        unverifiable: 0,
        positives: 8,
        false_fail: 0,
        false_fail_rate: 0,
        negatives: 8,
        false_pass: 2,
        false_pass_rate: 0.25,
      },
      {
        judge: 'both',
        runs: 16,
        passes: 10,
        unverifiable: 0,
        positives: 8,
        false_fail: 0,
        false_fail_rate: 0,
        negatives: 8,
        false_pass: 2,
        false_pass_rate: 0.25,
      },
    ]);
    const passedBad = result.results
      .filter((r) => r.sides.find((s) => s.side === 'bad')?.checks === 'pass')
      .map((r) => r.instance_id);
    expect(passedBad).toEqual(['truss-examples__textkit-4', 'truss-examples__textkit-7']);
    expect(report).toMatchObject({ mode: 'verdicts', reference: 'labels', records: 8, errors: [] });
    expect(report.panel.kind).toBe('checks-only');

    const entries: LedgerEntry[] = [...store.entries(result.sessionId)];
    expect(entries.map((e) => e.kind)).toEqual([
      'run_started',
      ...Array.from({ length: 8 }, () => ['child_anchor', 'child_anchor', 'bench_result']).flat(),
      'bench_report',
      'run_completed',
    ]);
    expect(entries.at(-2)?.payload).toEqual(JSON.parse(JSON.stringify(report)));
    const verified = verifyBundle(exportBundle(store, result.sessionId, crypto), { crypto, trusted });
    expect(verified.status).toBe('verified');
    expect(verified.children).toHaveLength(16);
    store.close();
  });
});
