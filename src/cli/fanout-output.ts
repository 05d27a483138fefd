import type { FanoutSummary } from '../core/run/index.js';

/**
 * How `truss run` shows a `[fanout]` run (docs/fanout.md): one line per attempt (its child session,
 * how it ended, checks met, cost), then the winner and why the reducer chose it.
 */
export function fanoutLines(summary: FanoutSummary): string[] {
  const lines = [
    `fan-out: ${summary.attempts} attempt${summary.attempts === 1 ? '' : 's'}, reducer ${summary.reducer}`,
  ];
  for (const leg of summary.legs) {
    const mark = leg.attempt === summary.winner ? '★' : ' ';
    const verdict = leg.overall ? leg.overall.toUpperCase() : `no verdict (${leg.status})`;
    lines.push(
      `  ${mark} attempt ${leg.attempt}  ${verdict.padEnd(12)} ${leg.checksMet}/${leg.checks} checks met  $${leg.costUsd.toFixed(4)}  ${leg.totalTokens} tokens  session ${leg.sessionId}${leg.error && !leg.overall ? `  (${leg.error})` : ''}`,
    );
  }
  const notStarted = summary.attempts - summary.legs.length;
  if (notStarted > 0)
    lines.push(
      `    ${notStarted} attempt${notStarted === 1 ? '' : 's'} not started (an attempt had already passed)`,
    );
  lines.push(
    summary.winner === null
      ? `winner: none — ${summary.why}`
      : `winner: attempt ${summary.winner} — ${summary.why}`,
  );
  if (summary.applied) {
    lines.push(
      summary.applied.applied
        ? "the winner's changes were applied to the workdir"
        : `the winner's changes were NOT applied: ${summary.applied.error ?? 'unknown reason'}`,
    );
  }
  return lines;
}

/** The `fanout` member of `truss run --json`. */
export function fanoutJson(summary: FanoutSummary): Record<string, unknown> {
  return {
    reducer: summary.reducer,
    attempts: summary.attempts,
    winner: summary.winner,
    why: summary.why,
    reduction_seq: summary.reductionSeq,
    applied: summary.applied,
    legs: summary.legs.map((leg) => ({
      attempt: leg.attempt,
      session_id: leg.sessionId,
      status: leg.status,
      verdict: leg.overall,
      checks_met: leg.checksMet,
      checks: leg.checks,
      cost_usd: leg.costUsd,
      total_tokens: leg.totalTokens,
      finished_rank: leg.finishedRank,
      verdict_ref: leg.verdictRef,
      error: leg.error,
    })),
  };
}
