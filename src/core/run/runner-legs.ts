import {
  ANNOTATION_KINDS,
  type LedgerEntry,
  type LedgerStore,
  type PayloadOf,
  tryReadEntry,
} from '../ledger/index.js';
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
  const completed = last?.kind === 'run_completed' ? payloadOf(last, 'run_completed') : null;
  const failed = last?.kind === 'run_failed' ? payloadOf(last, 'run_failed') : null;
  const failure = failed ? (failed.error ?? 'failed') : null;
  const status: ChildStatus = completed
    ? 'completed'
    : last?.kind === 'suspended'
      ? 'suspended'
      : failure === 'cancelled'
        ? 'cancelled'
        : 'failed';
  const started = entries[0] ? payloadOf(entries[0], 'run_started') : null;
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
        : (failure ?? (status === 'suspended' ? 'suspended' : `ended with ${last?.kind ?? 'nothing'}`)),
    },
    startedAt: time(started?.started_at),
    finishedAt: time(completed?.finished_at ?? failed?.failed_at),
  };
}

/** An entry's payload read as its kind, or null when it does not fit (the leg's verification named it). */
function payloadOf<K extends 'run_started' | 'run_completed' | 'run_failed' | 'verdict' | 'model_result'>(
  entry: LedgerEntry,
  kind: K,
): PayloadOf<K> | null {
  const read = tryReadEntry(entry, kind);
  return 'error' in read ? null : read.payload;
}

/** A child's spend: its verdict's totals when it has one, else what its model calls recorded. */
function usageOf(entries: readonly LedgerEntry[]): ChildResult['usage'] {
  const calls = entries.filter((e) => e.kind === 'model_result');
  const verdictEntry = entries.findLast((e) => e.kind === 'verdict');
  const verdict = verdictEntry ? payloadOf(verdictEntry, 'verdict') : null;
  if (verdict)
    return { costUsd: verdict.cost_usd ?? 0, totalTokens: verdict.total_tokens ?? 0, steps: calls.length };
  let costUsd = 0;
  let totalTokens = 0;
  for (const entry of calls) {
    const usage = payloadOf(entry, 'model_result')?.usage;
    costUsd += usage?.cost_usd ?? 0;
    totalTokens += (usage?.input_tokens ?? 0) + (usage?.output_tokens ?? 0);
  }
  return { costUsd, totalTokens, steps: calls.length };
}

function time(value: string | undefined): number | null {
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
