import type { LedgerEntry } from '../ledger/entry.js';

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

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/** The fan-out of a run, from its `child_anchor`, `fanout_reduction` and `fanout_applied` entries; null when it has none. */
export function fanoutFromEntries(entries: readonly LedgerEntry[]): ReportFanout | null {
  const reduction = entries.find((e) => e.kind === 'fanout_reduction');
  if (!reduction) return null;
  const p = reduction.payload;
  const named = new Set(
    (Array.isArray(p.children) ? p.children : []).map((c) => num((c as { anchor_seq?: unknown }).anchor_seq)),
  );
  const legs = entries
    .filter((e) => e.kind === 'child_anchor' && named.has(e.seq))
    .map((e): ReportFanoutLeg => {
      const a = e.payload;
      return {
        attempt: num(a.attempt),
        sessionId: String(a.child_session_id ?? ''),
        status: String(a.status ?? 'completed'),
        overall: textOrNull(a.overall),
        checksMet: num(a.checks_met),
        checks: num(a.checks),
        costUsd: num(a.cost_usd),
        totalTokens: num(a.total_tokens),
        error: textOrNull(a.error),
      };
    });
  const winner = p.winner as { attempt?: unknown } | null | undefined;
  const applied = entries.find((e) => e.kind === 'fanout_applied')?.payload;
  return {
    reducer: String(p.reducer ?? ''),
    attempts: num(p.attempts),
    legs,
    winner: winner ? num(winner.attempt) : null,
    why: String(p.why ?? ''),
    runners: p.runners === true,
    excluded: (Array.isArray(p.excluded) ? p.excluded : []).map((x) => {
      const leg = x as Record<string, unknown>;
      return {
        artifact: String(leg.artifact ?? ''),
        attempt: typeof leg.attempt === 'number' ? leg.attempt : null,
        reason: String(leg.reason ?? ''),
      };
    }),
    missing: (Array.isArray(p.missing) ? p.missing : []).filter((n): n is number => typeof n === 'number'),
    applied: applied ? { applied: applied.applied === true, error: textOrNull(applied.error) } : null,
  };
}
