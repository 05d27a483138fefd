import type { LedgerEntry, LedgerStore } from '../ledger/index.js';
import { ANNOTATION_KINDS } from '../ledger/index.js';
import { type ChildResult, readChild } from './child-run.js';
import type { ChildStatus, RunnerLeg } from './fanout-types.js';
import { recordedDiff } from './leg-plan.js';

/** A leg's signed outcome read from its imported ledger, with when it started and finished. */
export interface StoredChild {
  result: ChildResult;
  /** `run_started.started_at` and the terminal entry's time (ms since epoch; the leg runner's clock). */
  startedAt: number | null;
  finishedAt: number | null;
}

/**
 * Reads an imported leg the way a parent reads a child it ran itself (child-run.ts): verdict and
 * its ref, root and head, how it ended, what it spent (the verdict's totals, else the sum of its
 * model calls) and the diff its executor recorded.
 */
export function storedChild(store: LedgerStore, leg: RunnerLeg): StoredChild {
  const entries = [...store.entries(leg.sessionId)];
  const facts = readChild(store, leg.sessionId);
  const last = entries.findLast((e) => !ANNOTATION_KINDS.has(e.kind));
  const failed = last?.kind === 'run_failed' ? String(last.payload.error ?? 'failed') : null;
  const status: ChildStatus =
    last?.kind === 'run_completed'
      ? 'completed'
      : last?.kind === 'suspended'
        ? 'suspended'
        : failed === 'cancelled'
          ? 'cancelled'
          : 'failed';
  const started = entries[0]?.kind === 'run_started' ? time(entries[0].payload.started_at) : null;
  const finished = last ? time(last.payload.finished_at ?? last.payload.failed_at) : null;
  return {
    result: {
      attempt: leg.attempt,
      sessionId: leg.sessionId,
      status,
      ...facts,
      usage: usageOf(entries),
      executor: null,
      diffSha256: recordedDiff(entries),
      error: facts.verdict
        ? null
        : (failed ?? (status === 'suspended' ? 'suspended' : `ended with ${last?.kind ?? 'nothing'}`)),
    },
    startedAt: started,
    finishedAt: finished,
  };
}

/** A child's spend: its verdict's totals when it has one, else what its model calls recorded. */
function usageOf(entries: readonly LedgerEntry[]): ChildResult['usage'] {
  const steps = entries.filter((e) => e.kind === 'model_result').length;
  const verdict = entries.findLast((e) => e.kind === 'verdict')?.payload;
  if (verdict)
    return {
      costUsd: Number(verdict.cost_usd ?? 0),
      totalTokens: Number(verdict.total_tokens ?? 0),
      steps,
    };
  let costUsd = 0;
  let totalTokens = 0;
  for (const entry of entries) {
    const usage = entry.payload.usage as Record<string, unknown> | undefined;
    if (!usage || typeof usage !== 'object') continue;
    costUsd += Number(usage.cost_usd ?? 0) || 0;
    totalTokens += (Number(usage.input_tokens ?? 0) || 0) + (Number(usage.output_tokens ?? 0) || 0);
  }
  return { costUsd, totalTokens, steps };
}

function time(value: unknown): number | null {
  const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isFinite(ms) ? ms : null;
}

/**
 * The imported legs of a fan-out as attempt results, in attempt order, with the order they
 * finished in (by the time each leg signed its end; legs without one come last, by attempt).
 */
export function runnerAttempts(
  store: LedgerStore,
  legs: readonly RunnerLeg[],
): { results: ChildResult[]; order: Map<number, number> } {
  const children = legs.map((leg) => storedChild(store, leg));
  const finished = [...children].sort(
    (a, b) =>
      (a.finishedAt ?? Number.POSITIVE_INFINITY) - (b.finishedAt ?? Number.POSITIVE_INFINITY) ||
      a.result.attempt - b.result.attempt,
  );
  const order = new Map(finished.map((child, i) => [child.result.attempt, i + 1]));
  const results = children.map((child) => child.result).sort((a, b) => a.attempt - b.attempt);
  return { results, order };
}
