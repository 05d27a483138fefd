import type { RunReport } from '../../core/run/index.js';
import type { Detail } from './budget.js';
import { codeSpan, inlineText } from './escape.js';
import { formatTokens, formatUsd } from './parts.js';

const VERDICT: Record<string, string> = { pass: '✅ PASS', fail: '❌ FAIL', unverifiable: '❔ UNVERIFIABLE' };

/**
 * A fan-out's attempts on the check run, the sticky comment and the job summary (docs/fanout.md):
 * one row per anchored attempt (★ the winner), then — for attempts that ran on Actions runners —
 * every leg the reducer job refused with why, and the attempts no leg came for; then the choice.
 * Null for a run without `[fanout]`.
 */
export function fanoutSection(report: RunReport, detail: Detail): string | null {
  const fanout = report.fanout;
  if (!fanout) return null;
  const where = fanout.runners ? ', one Actions job each' : '';
  const lines = [
    `### Attempts · ${fanout.attempts} · reducer ${codeSpan(fanout.reducer)}${where}`,
    '',
    '| | Attempt | Verdict | Checks met | Cost | Tokens | Session |',
    '| --- | ---: | --- | --- | ---: | ---: | --- |',
  ];
  for (const leg of fanout.legs) {
    const verdict = leg.overall
      ? (VERDICT[leg.overall] ?? inlineText(leg.overall, 20))
      : `⛔ no verdict (${inlineText(leg.status, 20)}${leg.error ? `: ${inlineText(leg.error, Math.min(detail.cellChars, 200))}` : ''})`;
    lines.push(
      `| ${leg.attempt === fanout.winner ? '★' : ''} | ${leg.attempt} | ${verdict} | ${leg.checksMet}/${leg.checks} | ${formatUsd(leg.costUsd)} | ${formatTokens(leg.totalTokens)} | ${codeSpan(leg.sessionId.slice(0, 8))} |`,
    );
  }
  for (const leg of fanout.excluded) {
    lines.push(
      `| ✘ | ${leg.attempt ?? '?'} | 🚫 excluded (${codeSpan(leg.artifact)}): ${inlineText(leg.reason, Math.max(detail.cellChars, 300))} | | | | |`,
    );
  }
  for (const attempt of fanout.missing) {
    lines.push(`| | ${attempt} | ⛔ no leg artifact | | | | |`);
  }
  lines.push(
    '',
    fanout.winner === null
      ? `**No winner:** ${inlineText(fanout.why, Math.max(detail.cellChars, 500))}`
      : `**Winner: attempt ${fanout.winner}** — ${inlineText(fanout.why, Math.max(detail.cellChars, 500))}`,
  );
  if (fanout.applied)
    lines.push(
      fanout.applied.applied
        ? "The winner's changes were applied to the workspace; nothing from the other attempts was."
        : `⚠️ The winner's changes did not apply: ${inlineText(fanout.applied.error ?? 'unknown reason', 300)}`,
    );
  return lines.join('\n');
}
