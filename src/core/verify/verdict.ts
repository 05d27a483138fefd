import type { PayloadOf } from '../ledger/entry-kinds.js';
import type { ClauseInjection } from './injection-policy.js';
import type { ClauseStatus } from './vote.js';

export type Overall = 'pass' | 'fail' | 'unverifiable';

export interface ClauseVerdict {
  clause: number;
  kind: 'check' | 'review';
  desc: string;
  status: ClauseStatus;
  /** Why the clause has this status, for people reading the verdict. */
  reason: string;
  votes?: { met: number; not_met: number; unverifiable: number };
  /** Review clauses whose evidence seemed to address the reviewers (injection-policy.ts). */
  injection?: ClauseInjection;
}

export interface Verdict {
  overall: Overall;
  clauses: ClauseVerdict[];
  /** Conditions that forced the result regardless of clauses (budget exhaustion, executor failure). */
  forced: string[];
}

/** A signed `verdict` as a Verdict (clauses written by an earlier version may lack kind, desc or reason). */
export function recordedVerdict(v: PayloadOf<'verdict'>): Verdict {
  return {
    overall: v.overall,
    clauses: v.clauses.map((c) => ({
      ...c,
      kind: c.kind ?? 'check',
      desc: c.desc ?? '',
      reason: c.reason ?? '',
    })),
    forced: v.forced ?? [],
  };
}

/**
 * docs/contracts.md "How clauses are judged": any not_met → FAIL; else any unverifiable → UNVERIFIABLE; else PASS. Fail-closed:
 * executor failure, budget exhaustion or an empty clause list can never produce PASS.
 */
export function computeVerdict(
  clauses: ClauseVerdict[],
  conditions: { budgetExhausted?: string; executorFailed?: string } = {},
): Verdict {
  const forced: string[] = [];
  if (conditions.budgetExhausted) forced.push(conditions.budgetExhausted);
  if (conditions.executorFailed) forced.push(conditions.executorFailed);
  let overall: Overall;
  if (forced.length > 0 || clauses.some((c) => c.status === 'not_met')) overall = 'fail';
  else if (clauses.length === 0 || clauses.some((c) => c.status === 'unverifiable')) overall = 'unverifiable';
  else overall = 'pass';
  return { overall, clauses, forced };
}

/**
 * `verdict` forced to FAIL by `reason`, whatever its clauses say: a wall-clock deadline reached
 * before the verdict was signed (docs/contracts.md "[budget]") may have cut short the work behind it.
 */
export function forcedVerdict(verdict: Verdict, reason: string): Verdict {
  const forced = verdict.forced.includes(reason) ? verdict.forced : [...verdict.forced, reason];
  return { overall: 'fail', clauses: verdict.clauses, forced };
}
