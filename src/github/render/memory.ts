import type { RunReport } from '../../core/run/index.js';
import { memoryEntryLabel } from '../../core/run/index.js';
import { codeSpan, inlineText } from './escape.js';

/** At most this many entries per list: a run proposes at most a handful, recall is budgeted. */
const SHOWN = 10;

/**
 * What the run recalled from verified memory and what it proposed (docs/memory.md), as bullets for
 * the check run and the job summary: reviewers of the pull request see which lessons the agent was
 * told, which forged or revoked rows were left out, and the ids a maintainer may promote.
 */
export function memoryLines(report: RunReport): string[] {
  const memory = report.memory;
  if (!memory) return [];
  const label = (e: Parameters<typeof memoryEntryLabel>[0]) => codeSpan(memoryEntryLabel(e));
  const list = <T>(items: T[], show: (item: T) => string) =>
    `${items.slice(0, SHOWN).map(show).join(', ')}${items.length > SHOWN ? ` and ${items.length - SHOWN} more` : ''}`;
  const lines: string[] = [];
  lines.push(
    memory.recalled.length
      ? `- **Memory recalled** (verified, ${memory.recallTokens} tokens, executor only): ${list(memory.recalled, label)}`
      : '- **Memory recalled:** none',
  );
  if (memory.ignored.length)
    lines.push(
      `- **Memory ignored** (claims verified, no signed verdict that checks): ${list(memory.ignored, (e) => `${label(e)} ${inlineText(e.reason.slice(0, 120))}`)}`,
    );
  if (memory.proposed.length)
    lines.push(
      `- **Memory proposed** (unverified until a maintainer's promotion job verifies it): ${list(memory.proposed, label)}`,
    );
  return lines;
}
