import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type BenchSide,
  type LedgerEntry,
  type LedgerStore,
  tallyBench,
} from '../../src/core/ledger/index.js';
import {
  keyFromByte,
  type LedgerFixture,
  openFixture,
  trustedOf,
  verifyDbAndBundle,
} from '../helpers/ledger-kit.js';
import { appendSampleRun } from '../helpers/sample-run.js';

/**
 * docs/bench-verdicts.md "What is signed": every judged side of a `bench_result` is a child anchored
 * earlier in the same ledger (same verdict ref), its three judgements agree with one another, and
 * the `bench_report`'s figures are exactly the tally of the results — else `bad_bench_result`, on
 * the database and on the exported bundle alike.
 */

const KEY = keyFromByte(0x42);
const trusted = trustedOf(KEY);

const both = (store: LedgerStore, sessionId: string) => verifyDbAndBundle(store, sessionId, trusted);

function side(overrides: Partial<BenchSide>): BenchSide {
  return {
    side: 'good',
    applied: true,
    error: null,
    anchor_seq: null,
    child_session_id: null,
    verdict_ref: null,
    checks: 'pass',
    panel: 'pass',
    both: 'pass',
    cost_usd: 0,
    tokens: 0,
    wall_ms: 5,
    ...overrides,
  };
}

describe('bench_result and bench_report verification', () => {
  let fx: LedgerFixture;
  let store: LedgerStore;
  beforeEach(() => {
    fx = openFixture('truss-bench-entries-');
    store = fx.store;
  });
  afterEach(() => fx.close());

  /** A bench session: two sample children anchored, one bench_result judging them, then a report. */
  function benchSession(options: {
    sides?: (anchors: LedgerEntry[]) => BenchSide[];
    report?: (sides: BenchSide[]) => Record<string, unknown>;
  }): string {
    const children = [
      appendSampleRun(store, KEY, { id: 'good-run' }),
      appendSampleRun(store, KEY, { id: 'bad-run', extra: 1 }),
    ];
    const parent = store.createSession({ signer: KEY, codeVersion: 'test', id: 'bench' }).id;
    store.append(parent, 'run_started', { session_id: parent, kind: 'bench' }, KEY);
    const anchors = children.map((child) => {
      const entries: LedgerEntry[] = [...store.entries(child)];
      const verdict = entries.find((e) => e.kind === 'verdict') as LedgerEntry;
      return store.append(
        parent,
        'child_anchor',
        {
          child_session_id: child,
          child_root_hash: entries[0]?.entry_hash,
          child_head_hash: store.requireSession(child).head_hash,
          verdict_ref: { seq: verdict.seq, entry_hash: verdict.entry_hash },
          status: 'completed',
        },
        KEY,
      );
    });
    const ref = (anchor: LedgerEntry) => ({
      anchor_seq: anchor.seq,
      child_session_id: String(anchor.payload.child_session_id),
      verdict_ref: anchor.payload.verdict_ref as BenchSide['verdict_ref'],
    });
    const sides = options.sides?.(anchors) ?? [
      side({ side: 'good', ...ref(anchors[0] as LedgerEntry) }),
      side({ side: 'bad', ...ref(anchors[1] as LedgerEntry), checks: 'pass', panel: 'fail', both: 'fail' }),
    ];
    store.append(parent, 'bench_result', { instance_id: 'x-1', sides }, KEY);
    store.append(
      parent,
      'bench_report',
      options.report?.(sides) ?? { records: 1, judges: tallyBench(sides), summary: 'honest' },
      KEY,
    );
    store.append(parent, 'run_completed', {}, KEY);
    return parent;
  }

  it('an honest bench session verifies, children included', () => {
    const report = both(store, benchSession({}));
    expect(report.status).toBe('verified');
    expect(report.children).toHaveLength(2);
  });

  it('a bench_report whose rates are not the tally of its results → bad_bench_result', () => {
    const parent = benchSession({
      report: (sides) => {
        const judges = tallyBench(sides).map((j) => ({ ...j, false_pass: 0, false_pass_rate: 0 }));
        return { records: 1, judges, summary: 'flattering' };
      },
    });
    const report = both(store, parent);
    expect(report.failure?.code).toBe('bad_bench_result');
    expect(report.failure?.message).toMatch(/judges are not the tally/);
  });

  it('a bench_report counting records the ledger does not hold → bad_bench_result', () => {
    const parent = benchSession({ report: (sides) => ({ records: 2, judges: tallyBench(sides) }) });
    expect(both(store, parent).failure?.message).toMatch(/counts 2 records, but the ledger holds 1/);
  });

  it('a side whose verdict ref is not its anchor’s, or that names no anchor → bad_bench_result', () => {
    const wrongRef = benchSession({
      sides: (anchors) => [
        side({
          anchor_seq: (anchors[0] as LedgerEntry).seq,
          child_session_id: 'good-run',
          verdict_ref: (anchors[1] as LedgerEntry).payload.verdict_ref as BenchSide['verdict_ref'],
        }),
      ],
    });
    expect(both(store, wrongRef).failure).toMatchObject({
      code: 'bad_bench_result',
      message: expect.stringMatching(
        /bench_result's verdict ref for child good-run is not the one its anchor/,
      ),
    });
  });

  it('judgements that contradict each other, or a run-less side judged anything but FAIL → bad_bench_result', () => {
    const contradict = benchSession({
      sides: (anchors) => [
        side({
          anchor_seq: (anchors[0] as LedgerEntry).seq,
          child_session_id: 'good-run',
          verdict_ref: (anchors[0] as LedgerEntry).payload.verdict_ref as BenchSide['verdict_ref'],
          checks: 'fail',
          both: 'pass',
        }),
      ],
    });
    expect(both(store, contradict).failure?.message).toMatch(/both is pass, but checks are fail/);
    fx.close();
    fx = openFixture('truss-bench-entries-');
    store = fx.store;
    const runless = benchSession({
      sides: () => [side({ applied: false, checks: 'fail', panel: 'fail', both: 'pass' })],
    });
    expect(both(store, runless).failure?.code).toBe('bad_bench_result');
  });
});

describe('tallyBench', () => {
  it('against labels: a good patch must PASS (UNVERIFIABLE is a false FAIL), a bad one must not', () => {
    const figures = tallyBench([
      side({ side: 'good', checks: 'pass', panel: 'unverifiable', both: 'unverifiable' }),
      side({ side: 'good' }),
      side({ side: 'bad', checks: 'pass', panel: 'fail', both: 'fail' }),
      side({ side: 'bad', checks: 'fail', panel: 'pass', both: 'fail' }),
    ]);
    expect(figures.map((f) => [f.judge, f.false_fail, f.positives, f.false_pass, f.negatives])).toEqual([
      ['checks', 0, 2, 1, 2],
      ['panel', 1, 2, 1, 2],
      ['both', 1, 2, 0, 2],
    ]);
    expect(figures[1]).toMatchObject({ false_fail_rate: 0.5, false_pass_rate: 0.5, unverifiable: 1 });
  });

  it('with --solve the checks are the reference: the panel is measured against them, the checks are not', () => {
    const figures = tallyBench([
      side({ side: 'model', checks: 'pass', panel: 'fail', both: 'fail' }),
      side({ side: 'model', checks: 'fail', panel: 'pass', both: 'fail' }),
      side({ side: 'model', checks: 'pass', panel: 'pass', both: 'pass' }),
    ]);
    expect(figures[0]).toMatchObject({
      judge: 'checks',
      runs: 3,
      passes: 2,
      false_fail_rate: null,
      false_pass_rate: null,
    });
    expect(figures[1]).toMatchObject({
      judge: 'panel',
      positives: 2,
      false_fail: 1,
      negatives: 1,
      false_pass: 1,
    });
    expect(figures[2]).toMatchObject({ judge: 'both', false_fail: 1, false_pass: 0 });
  });

  it('leaves the panel out when every side skipped it (checks only)', () => {
    const figures = tallyBench([side({ panel: 'skipped' })]);
    expect(figures.map((f) => f.judge)).toEqual(['checks', 'both']);
  });
});
