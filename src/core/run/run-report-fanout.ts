import type { LedgerEntry } from '../ledger/entry.js';
import { tryReadEntry } from '../ledger/entry-kinds.js';

/** One attempt of a fan-out as its `child_anchor` records it. */
export interface ReportFanoutLeg {
  attempt: number;
  sessionId: string;
  status: string;
  overall: string | null;
  checksMet: number;
  checks: number;
  costUsd: number;
  totalTokens: number;
  error: string | null;
}

/**
 * A `[fanout]` run as its signed entries tell it (docs/fanout.md "What the ledger records"): every
 * anchored attempt, the reducer's choice and why, whether the winner's diff was applied — and, for
 * attempts that ran on Actions runners, the legs the reducer job refused and the attempts no leg came for.
 */
export interface ReportFanout {
  reducer: string;
  attempts: number;
  legs: ReportFanoutLeg[];
  /** The chosen attempt's number; null when the reducer chose none. */
  winner: number | null;
  why: string;
  /** True when the attempts ran on Actions runners (a reducer job wrote this run). */
  runners: boolean;
  excluded: Array<{ artifact: string; attempt: number | null; reason: string }>;
  missing: number[];
  applied: { applied: boolean; error: string | null } | null;
}

/**
 * The fan-out of a run, from its `child_anchor`, `fanout_reduction` and `fanout_applied` entries,
 * each read as its kind (entry-kinds.ts); null when it has no reduction. A malformed one is left
 * out here: the run report already names it and reads the run as failed.
 */
export function fanoutFromEntries(entries: readonly LedgerEntry[]): ReportFanout | null {
  const found = entries.find((e) => e.kind === 'fanout_reduction');
  const reduction = found && tryReadEntry(found, 'fanout_reduction');
  if (!reduction || 'error' in reduction) return null;
  const p = reduction.payload;
  const named = new Set(p.children.map((child) => child.anchor_seq));
  const legs: ReportFanoutLeg[] = [];
  for (const entry of entries) {
    if (entry.kind !== 'child_anchor' || !named.has(entry.seq)) continue;
    const read = tryReadEntry(entry, 'child_anchor');
    if ('error' in read) continue;
    const a = read.payload;
    legs.push({
      attempt: a.attempt ?? 0,
      sessionId: a.child_session_id,
      status: a.status ?? 'completed',
      overall: a.overall ?? null,
      checksMet: a.checks_met ?? 0,
      checks: a.checks ?? 0,
      costUsd: a.cost_usd ?? 0,
      totalTokens: a.total_tokens ?? 0,
      error: a.error ?? null,
    });
  }
  const appliedEntry = entries.find((e) => e.kind === 'fanout_applied');
  const applied = appliedEntry ? tryReadEntry(appliedEntry, 'fanout_applied') : null;
  return {
    reducer: p.reducer,
    attempts: p.attempts ?? legs.length,
    legs,
    winner: p.winner ? (p.winner.attempt ?? null) : null,
    why: p.why ?? '',
    runners: p.runners === true,
    excluded: (p.excluded ?? []).map((leg) => ({
      artifact: leg.artifact,
      attempt: leg.attempt ?? null,
      reason: leg.reason,
    })),
    missing: p.missing ?? [],
    applied:
      applied && !('error' in applied)
        ? { applied: applied.payload.applied, error: applied.payload.error ?? null }
        : null,
  };
}
