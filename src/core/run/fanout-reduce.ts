import type { FanoutLeg } from './fanout-types.js';

/**
 * The reducers of docs/fanout.md "Reducers" that need no model: pure functions of the legs' signed
 * outcomes, so a verifier (or a resume) that re-derives a choice from the anchors gets the same one.
 */
export interface Choice {
  winner: FanoutLeg | null;
  why: string;
}

const OVERALL_RANK = { pass: 2, unverifiable: 1, fail: 0 } as const;

function rank(leg: FanoutLeg): number {
  return leg.overall ? OVERALL_RANK[leg.overall] : -1;
}

/** best_score's order: checks met (more first), then the verdict, then cost (cheaper first), then the attempt number. */
export function byScore(a: FanoutLeg, b: FanoutLeg): number {
  return b.checksMet - a.checksMet || rank(b) - rank(a) || a.costUsd - b.costUsd || a.attempt - b.attempt;
}

export function describeLeg(leg: FanoutLeg): string {
  const verdict = leg.overall ? leg.overall.toUpperCase() : `no verdict (${leg.status})`;
  return `attempt ${leg.attempt}: ${verdict}, ${leg.checksMet}/${leg.checks} checks met, $${leg.costUsd.toFixed(4)}`;
}

/** The attempt that passed first (by when it finished); its running siblings were cancelled. */
export function firstSuccess(legs: readonly FanoutLeg[]): Choice {
  const passed = legs.filter((leg) => leg.overall === 'pass').sort((a, b) => a.finishedRank - b.finishedRank);
  const winner = passed[0] ?? null;
  if (!winner) return { winner: null, why: `no attempt passed (${legs.map(describeLeg).join('; ')})` };
  const cancelled = legs.filter((leg) => leg.status === 'cancelled').length;
  return {
    winner,
    why: `attempt ${winner.attempt} was the first to pass (finished ${ordinal(winner.finishedRank)} of ${legs.length})${cancelled > 0 ? `; ${cancelled} attempt${cancelled === 1 ? '' : 's'} still running then cancelled` : ''}`,
  };
}

/** The best score: the most checks met, then the better verdict, then the lowest cost. */
export function bestScore(legs: readonly FanoutLeg[]): Choice {
  const scored = legs.filter((leg) => leg.overall !== null).sort(byScore);
  const winner = scored[0] ?? null;
  if (!winner)
    return { winner: null, why: `no attempt reached a verdict (${legs.map(describeLeg).join('; ')})` };
  const runnerUp = scored[1];
  return {
    winner,
    why: `best score (checks met, then verdict, then cost): ${describeLeg(winner)}${runnerUp ? `; next best ${describeLeg(runnerUp)}` : ''}`,
  };
}

/**
 * A strict majority of the attempts' verdicts (an attempt without a verdict counts as FAIL: fail
 * closed); the winner is the best-scoring attempt with the majority verdict. No majority, no winner.
 */
export function vote(legs: readonly FanoutLeg[]): Choice {
  const counts = { pass: 0, fail: 0, unverifiable: 0 };
  for (const leg of legs) counts[leg.overall ?? 'fail']++;
  const tally = `${counts.pass} pass, ${counts.fail} fail, ${counts.unverifiable} unverifiable of ${legs.length}`;
  const majority = (Object.keys(counts) as (keyof typeof counts)[]).find((k) => counts[k] * 2 > legs.length);
  if (!majority) return { winner: null, why: `no strict majority (${tally})` };
  const winner = legs.filter((leg) => leg.overall === majority).sort(byScore)[0] ?? null;
  if (!winner)
    return { winner: null, why: `the majority (${majority}) is attempts without a verdict (${tally})` };
  return {
    winner,
    why: `strict majority ${majority.toUpperCase()} (${tally}); attempt ${winner.attempt} is the best-scoring of them`,
  };
}

/**
 * judge_panel's tally: each seat named one candidate (or none). A candidate named by a strict
 * majority of the seats wins; otherwise the best-scoring of the most-named candidates does, and the
 * reason says there was no majority.
 */
export function judgeTally(candidates: readonly FanoutLeg[], choices: readonly (number | null)[]): Choice {
  const counts = new Map<number, number>(candidates.map((leg) => [leg.attempt, 0]));
  for (const choice of choices)
    if (choice !== null && counts.has(choice)) counts.set(choice, (counts.get(choice) ?? 0) + 1);
  const tally = candidates.map((leg) => `attempt ${leg.attempt}: ${counts.get(leg.attempt)}`).join(', ');
  const top = Math.max(...counts.values());
  const leaders = candidates.filter((leg) => counts.get(leg.attempt) === top).sort(byScore);
  const winner = leaders[0] ?? null;
  if (!winner) return { winner: null, why: 'no candidates to judge' };
  if (top * 2 > choices.length) {
    return { winner, why: `${top} of ${choices.length} judges chose attempt ${winner.attempt} (${tally})` };
  }
  return {
    winner,
    why: `no strict majority of the ${choices.length} judges (${tally}); attempt ${winner.attempt} is the best-scoring of the most chosen`,
  };
}

function ordinal(n: number): string {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}
