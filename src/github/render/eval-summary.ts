import type { EvalReport } from '../../core/run/index.js';
import { codeSpan, inlineText } from './escape.js';
import { formatTokens, formatUsd, verifySection } from './parts.js';
import type { ReportLinks } from './types.js';

const pct = (rate: number) => `${Math.round(rate * 100)}%`;
const signed = (n: number, text: (abs: number) => string) => `${n >= 0 ? '+' : '−'}${text(Math.abs(n))}`;

/**
 * The job summary of an eval reducer (docs/eval.md "On Actions"): the signed `eval_report` as a
 * table, the deltas against the first arm, the legs the reducer refused and the runs no leg came
 * for, and how to verify the bundle. Every number is the signed report's.
 */
export function renderEvalSummary(input: {
  report: EvalReport;
  contractId: string;
  sessionId: string;
  links: ReportLinks;
}): string {
  const { report } = input;
  const lines = [
    `## 📊 Paired eval · ${codeSpan(input.contractId)} · ${report.repeats} run${report.repeats === 1 ? '' : 's'} per arm, one Actions job each`,
    '',
    '| Arm | Change | Passed | Pass rate | Cost | Tokens | Wall time |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...report.arms.map(
      (arm) =>
        `| ${inlineText(arm.name, 64)} | ${codeSpan(arm.change)} | ${arm.passes}/${arm.runs} | ${pct(arm.pass_rate)} | ${formatUsd(arm.cost_usd)} | ${formatTokens(arm.tokens)} | ${(arm.wall_ms / 1000).toFixed(1)} s |`,
    ),
  ];
  for (const d of report.delta)
    lines.push(
      '',
      `**${inlineText(d.arm, 64)} vs ${inlineText(d.vs, 64)}:** ${signed(Math.round(d.pass_rate * 100), (n) => `${n} pp`)} pass rate, ${signed(d.cost_usd, (n) => formatUsd(n))}, ${signed(d.tokens, (n) => `${formatTokens(n)} tokens`)}`,
    );
  for (const leg of report.excluded ?? [])
    lines.push('', `- 🚫 ${codeSpan(leg.artifact)} excluded: ${inlineText(leg.reason, 500)}`);
  const missing = report.missing ?? [];
  if (missing.length > 0)
    lines.push(
      '',
      `- ⛔ no leg for ${missing.map((m) => `${inlineText(m.arm, 64)} repeat ${m.repeat}`).join(', ')} (not counted)`,
    );
  lines.push(
    '',
    `Eval session ${codeSpan(input.sessionId)}: every run above is a signed child session anchored in it, and these numbers are its signed ${codeSpan('eval_report')}. The ledger artifact holds the bundle and the comparison page (${codeSpan('report.html')}).`,
    '',
    verifySection(input.links),
  );
  return lines.join('\n');
}
