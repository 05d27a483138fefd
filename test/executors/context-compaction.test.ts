import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { goalText } from '../../src/core/executors/context/layer-text.js';
import { createNodeCrypto, type LedgerEntry } from '../../src/core/ledger/index.js';
import type { ChatRequest } from '../../src/core/providers/provider.js';
import type { CompletedOutcome } from '../../src/core/run/index.js';
import {
  AGENT_KEY,
  type AgentRun,
  contractFrom,
  kindsOf,
  openRunStore,
  resumeAgent,
  runAgent,
  waitFor,
} from '../helpers/agent-kit.js';
import {
  isSummaryRequest,
  LONG_STEPS,
  longRunScript,
  longRunToml,
  notesWorkdir,
  RecordingModel,
  SUMMARY_ANSWER,
} from '../helpers/context-kit.js';
import { trustedOf } from '../helpers/keys.js';

function completed(outcome: unknown): CompletedOutcome {
  expect((outcome as CompletedOutcome).status).toBe('completed');
  return outcome as CompletedOutcome;
}

const entriesOf = (run: AgentRun, sessionId: string, kind: string): LedgerEntry[] =>
  [...run.store.entries(sessionId)].filter((e) => e.kind === kind);

/** The text blocks of a message. */
const texts = (request: ChatRequest, index: number): string[] =>
  (request.messages[index]?.content ?? []).flatMap((b) => (b.type === 'text' ? [b.text] : []));

describe('governed compaction on a long run (scripted model, small window)', () => {
  let run: AgentRun;
  beforeEach(() => {
    run = openRunStore();
  });
  afterEach(() => run.close());

  it('a 60-step run that would overflow a 6,000-token window completes with compaction; the goal survives every request; re-pins land every 8 steps exactly', async () => {
    const contract = contractFrom(longRunToml());
    const model = new RecordingModel(longRunScript());
    const events: Parameters<typeof runAgent>[0]['events'] = [];
    const outcome = completed(
      await runAgent({ store: run.store, contract, workdir: notesWorkdir(), provider: model, events }),
    );
    expect(outcome.verdict.overall).toBe('pass');
    expect(outcome.executor).toMatchObject({ steps: LONG_STEPS, failure: null, budgetExhausted: null });

    const requests = model.parsed();
    const steps = requests.filter((r) => !isSummaryRequest(r));
    const summaries = requests.filter(isSummaryRequest);
    expect(steps).toHaveLength(LONG_STEPS);
    const compactions = entriesOf(run, outcome.sessionId, 'compaction_performed');
    expect(compactions.length).toBeGreaterThanOrEqual(3);
    expect(summaries).toHaveLength(compactions.length);

    // The goal block is the first message of every step's request, byte for byte, and the stable prefix.
    const goal = goalText(contract.contract);
    for (const request of steps) {
      expect(request.messages[0]).toEqual({ role: 'user', content: [{ type: 'text', text: goal }] });
      expect(request.stablePrefixMessages).toBeUndefined(); // scripted: no prompt cache to mark
    }
    // After the first compaction, the summary follows the goal and the oldest steps are gone.
    const firstAfter = steps.findIndex((r) => texts(r, 1).some((t) => t.includes(SUMMARY_ANSWER)));
    expect(firstAfter).toBeGreaterThan(0);
    expect(texts(steps[firstAfter] as ChatRequest, 1)[0]).toMatch(
      /^Summary of steps 1–\d+, written when the harness compacted/,
    );
    expect(JSON.stringify(steps[firstAfter])).not.toContain('notes/n01.txt');

    // Each compaction is signed with its policy, its range and the summary's hash; the summary is a blob.
    let lastTo = -1;
    for (const entry of compactions) {
      const p = entry.payload as {
        policy: unknown;
        pressure: number;
        before_tokens: number;
        after_tokens: number;
        elided_range: { from_seq: number; to_seq: number };
        summary_sha256: string;
        summary_seq: number;
      };
      expect(p.policy).toEqual({ mode: 'summarize', threshold: 0.7, min_tail: 6, exempt: ['goal'] });
      expect(p.pressure).toBeGreaterThanOrEqual(0.7);
      expect(p.after_tokens).toBeLessThan(p.before_tokens);
      expect(p.elided_range.from_seq).toBeGreaterThan(lastTo);
      lastTo = p.elided_range.to_seq;
      expect(p.summary_sha256).toBe(createHash('sha256').update(SUMMARY_ANSWER).digest('hex'));
      expect(run.store.blob(p.summary_sha256)?.bytes?.toString('utf8')).toBe(SUMMARY_ANSWER);
      const summaryCall = run.store.entry(outcome.sessionId, p.summary_seq);
      expect(summaryCall?.kind).toBe('model_result');
      expect(summaryCall?.payload.purpose).toBe('context_summary');
      // What was elided is still in the journal.
      expect(run.store.entry(outcome.sessionId, p.elided_range.from_seq)?.kind).toBe('model_result');
    }

    // One context_layers entry per step; the gauge never reaches the window.
    const layers = entriesOf(run, outcome.sessionId, 'context_layers');
    expect(layers.map((e) => e.payload.step)).toEqual(Array.from({ length: LONG_STEPS }, (_, i) => i + 1));
    const goalTokens = new Set(layers.map((e) => (e.payload.layers as Record<string, number>).goal));
    expect(goalTokens.size).toBe(1);
    const peak = Math.max(...layers.map((e) => Number(e.payload.pressure)));
    expect(peak).toBeLessThan(0.85);
    expect(events.some((e) => e.type === 'compaction_imminent')).toBe(true);

    // Re-pins: after steps 8, 16, … 56, journaled, and in the next request's newest message only.
    const repins = entriesOf(run, outcome.sessionId, 'goal_repinned').map((e) => e.payload.step);
    expect(repins).toEqual([8, 16, 24, 32, 40, 48, 56]);
    steps.forEach((request, index) => {
      const last = texts(request, request.messages.length - 1).join('\n');
      const repinned = index > 0 && index % 8 === 0;
      expect(last.includes(`Reminder from the harness after step ${index}:`), `request ${index + 1}`).toBe(
        repinned,
      );
      if (repinned) expect(last).toContain(goal);
    });

    // The chain, compactions included, verifies.
    const report = run.store.verifySession(outcome.sessionId, {
      crypto: createNodeCrypto(),
      trusted: trustedOf(AGENT_KEY),
    });
    expect(report.status).toBe('verified');
  }, 60_000);

  it('without compaction the same run would not fit: the gauge passes the window', async () => {
    const contract = contractFrom(longRunToml({ memory: 'goal_repin_every = 8' }));
    const model = new RecordingModel(longRunScript());
    const outcome = completed(
      await runAgent({ store: run.store, contract, workdir: notesWorkdir(), provider: model }),
    );
    expect(entriesOf(run, outcome.sessionId, 'compaction_performed')).toHaveLength(0);
    const pressures = entriesOf(run, outcome.sessionId, 'context_layers').map((e) =>
      Number(e.payload.pressure),
    );
    expect(Math.max(...pressures)).toBeGreaterThan(1.5);
  }, 60_000);

  it('a run abandoned after its second compaction resumes with byte-identical requests, replayed and live', async () => {
    const contract = contractFrom(longRunToml());
    const reference = new RecordingModel(longRunScript());
    completed(await runAgent({ store: run.store, contract, workdir: notesWorkdir(), provider: reference }));
    const all = reference.parsed();
    const secondSummary = all
      .map(isSummaryRequest)
      .indexOf(true, all.map(isSummaryRequest).indexOf(true) + 1);
    expect(secondSummary).toBeGreaterThan(0);
    const hangAt = secondSummary + 1; // the first step request after the second compaction

    const other = openRunStore();
    try {
      const workdir = notesWorkdir();
      const crashed = new RecordingModel(longRunScript(), { hangAt });
      void runAgent({ store: other.store, contract, workdir, provider: crashed });
      await waitFor(() => crashed.requests.length > hangAt, 30_000);
      const sessionId = other.store.sessions()[0]?.id as string;
      expect(kindsOf(other.store, sessionId).filter((k) => k === 'compaction_performed')).toHaveLength(2);

      const resumedModel = new RecordingModel(longRunScript());
      const resumed = completed(
        await resumeAgent({
          store: other.store,
          sessionId,
          contract: contract.contract,
          workdir,
          provider: resumedModel,
        }),
      );
      expect(resumed.verdict.overall).toBe('pass');
      // The request the crashed process was waiting on is sent again exactly, and so is every other.
      expect(resumedModel.requests[hangAt]).toBe(crashed.requests[hangAt]);
      expect(resumedModel.requests).toEqual(reference.requests);
      expect(resumed.replayed).toBeGreaterThan(0);
      const report = other.store.verifySession(sessionId, {
        crypto: createNodeCrypto(),
        trusted: trustedOf(AGENT_KEY),
      });
      expect(report.status).toBe('verified');
    } finally {
      other.close();
    }
  }, 90_000);

  it('the summary call is charged to the run budget: crossing max_cost_usd there stops the run, fail closed', async () => {
    const contract = contractFrom(longRunToml({ budget: 'max_cost_usd = 0.10' }));
    // Steps cost nothing; each summary call costs $0.21 at claude-sonnet-5's list price.
    const model = new RecordingModel(
      longRunScript(5, { usage: { input_tokens: 100_000, output_tokens: 1000 }, model: 'claude-sonnet-5' }),
    );
    const outcome = completed(
      await runAgent({ store: run.store, contract, workdir: notesWorkdir(), provider: model }),
    );
    expect(outcome.verdict.overall).toBe('fail');
    expect(outcome.executor?.budgetExhausted).toMatch(
      /budget exhausted: spent \$0\.2100 of max_cost_usd \$0\.1/,
    );
    const summary = entriesOf(run, outcome.sessionId, 'model_result').filter(
      (e) => e.payload.purpose === 'context_summary',
    );
    expect(summary).toHaveLength(1);
    expect(summary[0]?.payload.usage).toMatchObject({ cost_usd: expect.closeTo(0.21, 9) });
    expect(entriesOf(run, outcome.sessionId, 'compaction_performed')).toHaveLength(0);
    const verdict = entriesOf(run, outcome.sessionId, 'verdict')[0];
    expect(verdict?.payload.cost_usd).toBeCloseTo(0.21, 9);
  }, 60_000);

  it('recalled memory sits between the history and the tail, its ids journaled per step; a compaction folds it into the summary unless exempt', async () => {
    const memory = { text: 'Notes are numbered from 01.', ids: ['mem-a', 'mem-b'], tokens: 9 };
    const marker =
      'Recalled memory (from earlier runs, supplied by the harness):\n\nNotes are numbered from 01.';
    for (const exempt of ['["goal"]', '["goal", "memory"]']) {
      const contract = contractFrom(
        longRunToml({
          memory: `goal_repin_every = 8\n\n[memory.compaction]\nmode = "summarize"\nexempt = ${exempt}`,
        }),
      );
      const model = new RecordingModel(longRunScript());
      const outcome = completed(
        await runAgent({
          store: run.store,
          contract,
          workdir: notesWorkdir(),
          provider: model,
          recalledMemory: memory,
        }),
      );
      expect(outcome.verdict.overall).toBe('pass');
      const requests = model.parsed();
      const firstSummary = requests.findIndex(isSummaryRequest);
      const kept = exempt.includes('memory');
      expect(JSON.stringify(requests[firstSummary]).includes('Notes are numbered from 01.')).toBe(!kept);
      const steps = requests.filter((r) => !isSummaryRequest(r));
      steps.forEach((request, i) => {
        const at = request.messages.findIndex((m) =>
          texts(request, request.messages.indexOf(m)).includes(marker),
        );
        const beforeCompaction = i < firstSummary;
        if (kept || beforeCompaction) {
          expect(at, `request ${i + 1}`).toBeGreaterThan(0);
          expect(request.messages[at + 1]?.role ?? 'assistant').toBe('assistant');
        } else expect(at, `request ${i + 1}`).toBe(-1);
      });
      const layers = entriesOf(run, outcome.sessionId, 'context_layers');
      expect(layers[0]?.payload).toMatchObject({ memory_ids: ['mem-a', 'mem-b'], layers: { memory: 9 } });
      expect(layers.at(-1)?.payload.memory_ids).toEqual(kept ? ['mem-a', 'mem-b'] : undefined);
      const compaction = entriesOf(run, outcome.sessionId, 'compaction_performed')[0];
      expect(compaction?.payload.memory_dropped).toBe(kept ? undefined : true);
    }
  }, 120_000);

  it('evict mode drops the elided steps behind a notice, with no model call', async () => {
    const contract = contractFrom(
      longRunToml({ memory: 'goal_repin_every = 0\n\n[memory.compaction]\nmode = "evict"\nthreshold = 0.6' }),
    );
    const model = new RecordingModel(longRunScript());
    const outcome = completed(
      await runAgent({ store: run.store, contract, workdir: notesWorkdir(), provider: model }),
    );
    expect(outcome.verdict.overall).toBe('pass');
    expect(model.parsed().filter(isSummaryRequest)).toHaveLength(0);
    const compactions = entriesOf(run, outcome.sessionId, 'compaction_performed');
    expect(compactions.length).toBeGreaterThanOrEqual(3);
    expect(compactions.every((e) => e.payload.summary_seq === undefined)).toBe(true);
    expect(entriesOf(run, outcome.sessionId, 'goal_repinned')).toHaveLength(0);
    const last = model.parsed().at(-1) as ChatRequest;
    expect(texts(last, 1)[0]).toMatch(/^Steps 1–\d+ were removed from this conversation/);
  }, 60_000);
});
