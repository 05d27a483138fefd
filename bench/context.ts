/**
 * bench:context (docs/context.md) — the 60-step agent run of test/helpers/context-kit.ts (each step
 * reads a ~1 KB file) against a local fake of the Anthropic Messages API that prices prompt caching
 * as documented (the prefix up to the `cache_control` block is written once, then read; tokens are
 * bytes ÷ 4), in process, the ledger on disk.
 *
 *   npm run bench:context [-- --json] [-- --runs N]
 *
 * Arms, each measured in the same run:
 * - baseline: no compaction, an API without prompt caching (every input token at the input price);
 * - caching: no compaction, prompt caching;
 * - compaction: `[memory.compaction] mode = "summarize"` in a 6,000-token window, no caching;
 * - both: compaction and caching.
 *
 * Figures (ratios against the baseline): `input_ratio` = input tokens processed at full price
 * (uncached input + cache writes) ÷ the baseline's input tokens; `sent_ratio` = all input tokens
 * sent ÷ the baseline's; `cost_ratio` = USD at claude-sonnet-5's list prices (summary calls
 * included) ÷ the baseline's. Replay: `truss resume` of the finished compacted session (chain
 * verified, every entry replayed, nothing appended) ÷ the same for the uncompacted one, and ÷ the
 * compacted run's own live time; medians of --runs. Token figures are deterministic; times are
 * indicative on a loaded machine.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createProvider } from '../src/core/providers/index.js';
import type { CompletedOutcome } from '../src/core/run/index.js';
import { contractFrom, openRunStore, resumeAgent, runAgent } from '../test/helpers/agent-kit.js';
import { longRunToml, notesWorkdir } from '../test/helpers/context-kit.js';
import { FakeAnthropic } from '../test/helpers/fake-anthropic.js';

const { values } = parseArgs({
  options: { json: { type: 'boolean', default: false }, runs: { type: 'string', default: '3' } },
});
const RUNS = Number(values.runs);
const log = (text: string) => process.stderr.write(`bench:context ${text}\n`);
const MODEL = 'claude-sonnet-5';

interface ArmResult {
  steps: number;
  calls: number;
  compactions: number;
  sent: number;
  fullPrice: number;
  costUsd: number;
  liveMs: number;
  replayMs: number;
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

async function arm(options: { compaction: boolean; cache: boolean }): Promise<ArmResult> {
  const fake = new FakeAnthropic({ cache: options.cache });
  const base = await fake.listen();
  const run = openRunStore();
  try {
    const memory = options.compaction
      ? 'goal_repin_every = 8\n\n[memory.compaction]\nmode = "summarize"\nthreshold = 0.7\nmin_tail = 6'
      : 'goal_repin_every = 8';
    const contract = contractFrom(
      longRunToml({ memory, provider: `kind = "anthropic"\nmodel = "${MODEL}"\nbase_url = "${base}"` }),
    );
    const provider = () =>
      createProvider(
        { kind: 'anthropic', model: MODEL, baseUrl: base },
        { env: { ANTHROPIC_API_KEY: 'sk-ant-bench-local' }, cwd: process.cwd() },
      );
    const workdir = notesWorkdir();
    const started = performance.now();
    const outcome = (await runAgent({
      store: run.store,
      contract,
      workdir,
      provider: provider(),
    })) as CompletedOutcome;
    const liveMs = performance.now() - started;
    if (outcome.status !== 'completed' || outcome.verdict.overall !== 'pass') {
      throw new Error(`the ${JSON.stringify(options)} run ended ${outcome.status}`);
    }
    const entries = [...run.store.entries(outcome.sessionId)];
    let sent = 0;
    let fullPrice = 0;
    let costUsd = 0;
    for (const entry of entries.filter((e) => e.kind === 'model_result')) {
      const usage = entry.payload.usage as Record<string, number>;
      sent += usage.input_tokens ?? 0;
      fullPrice += (usage.input_tokens ?? 0) - (usage.cache_read_tokens ?? 0);
      costUsd += usage.cost_usd ?? 0;
    }
    const count = entries.length;
    const replayStarted = performance.now();
    const replayed = (await resumeAgent({
      store: run.store,
      sessionId: outcome.sessionId,
      contract: contract.contract,
      workdir,
      provider: provider(),
    })) as CompletedOutcome;
    const replayMs = performance.now() - replayStarted;
    if (replayed.status !== 'completed' || [...run.store.entries(outcome.sessionId)].length !== count) {
      throw new Error('the replay did not reproduce the finished session');
    }
    return {
      steps: outcome.executor?.steps ?? 0,
      calls: fake.received.length,
      compactions: entries.filter((e) => e.kind === 'compaction_performed').length,
      sent,
      fullPrice,
      costUsd,
      liveMs,
      replayMs,
    };
  } finally {
    run.close();
    await fake.close();
  }
}

const samples: Record<string, ArmResult[]> = { baseline: [], caching: [], compaction: [], both: [] };
for (let round = 0; round < RUNS; round++) {
  samples.baseline?.push(await arm({ compaction: false, cache: false }));
  samples.caching?.push(await arm({ compaction: false, cache: true }));
  samples.compaction?.push(await arm({ compaction: true, cache: false }));
  samples.both?.push(await arm({ compaction: true, cache: true }));
  const b = samples.both?.at(-1) as ArmResult;
  log(
    `round ${round + 1}: both ${b.fullPrice} full-price input tokens, ${b.compactions} compactions, replay ${b.replayMs.toFixed(0)} ms`,
  );
}

const first = (name: string) => (samples[name] as ArmResult[])[0] as ArmResult;
const baseline = first('baseline');
const ratio = (a: number, b: number) => Number((a / b).toFixed(3));
const arms = Object.fromEntries(
  Object.keys(samples).map((name) => {
    const a = first(name);
    return [
      name,
      {
        steps: a.steps,
        model_calls: a.calls,
        compactions: a.compactions,
        input_tokens_sent: a.sent,
        input_tokens_full_price: a.fullPrice,
        cost_usd: Number(a.costUsd.toFixed(6)),
        input_ratio: ratio(a.fullPrice, baseline.sent),
        sent_ratio: ratio(a.sent, baseline.sent),
        cost_ratio: ratio(a.costUsd, baseline.costUsd),
      },
    ];
  }),
);
const replayBoth = median((samples.both as ArmResult[]).map((a) => a.replayMs));
const replayBaseline = median((samples.baseline as ArmResult[]).map((a) => a.replayMs));
const liveBoth = median((samples.both as ArmResult[]).map((a) => a.liveMs));
const result = {
  runs: RUNS,
  steps: baseline.steps,
  window_tokens: 6000,
  arms,
  input_ratio: (arms.both as { input_ratio: number }).input_ratio,
  cost_ratio: (arms.both as { cost_ratio: number }).cost_ratio,
  replay: {
    compacted_ms: Math.round(replayBoth),
    uncompacted_ms: Math.round(replayBaseline),
    compacted_vs_uncompacted: ratio(replayBoth, replayBaseline),
    compacted_replay_vs_live: ratio(replayBoth, liveBoth),
  },
  note: 'token figures are deterministic; times are indicative (other work on the machine affects them)',
};

if (values.json) process.stdout.write(`${JSON.stringify(result)}\n`);
else {
  const rows = Object.entries(arms).map(
    ([name, a]) =>
      `  ${name.padEnd(11)} input at full price ${String(a.input_tokens_full_price).padStart(8)} (×${a.input_ratio})  sent ${String(a.input_tokens_sent).padStart(8)} (×${a.sent_ratio})  cost $${a.cost_usd} (×${a.cost_ratio})  compactions ${a.compactions}`,
  );
  process.stdout.write(
    [
      `bench:context — ${result.steps}-step agent run, 6,000-token window when compacting, ${RUNS} run(s)`,
      ...rows,
      `  caching+compaction ÷ neither: input ×${result.input_ratio}, cost ×${result.cost_ratio}`,
      `  replay of the compacted session: ${result.replay.compacted_ms} ms (×${result.replay.compacted_vs_uncompacted} the uncompacted one's, ×${result.replay.compacted_replay_vs_live} its live run)`,
      `  ${result.note}`,
      '',
    ].join('\n'),
  );
}
