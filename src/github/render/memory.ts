import type { RunReport } from '../../core/run/index.js';
import { memoryEntryLabel } from '../../core/run/index.js';
import { DEFAULT_TRIGGER } from '../commands.js';
import { codeSpan, commandSpan, inlineText } from './escape.js';

/** At most this many entries per list: a run proposes at most a handful, recall is budgeted. */
const SHOWN = 10;

/**
 * What the run recalled from verified memory and what it proposed (docs/memory.md), as bullets for
 * the check run, the job summary and the sticky comment: reviewers of the pull request see which
 * lessons the agent was told, which forged or revoked rows were left out, and the command that
 * promotes each proposal. Entry text comes from pull-request content: only kind, key and id are
 * shown, in code spans, and a reason as inert inline text.
 */
export function memoryLines(report: RunReport, trigger: string = DEFAULT_TRIGGER): string[] {
  const memory = report.memory;
  if (!memory) return [];
  const label = (e: Parameters<typeof memoryEntryLabel>[0]) => codeSpan(memoryEntryLabel(e));
  const list = <T>(items: T[], show: (item: T) => string) =>
    `${items.slice(0, SHOWN).map(show).join(', ')}${items.length > SHOWN ? ` and ${items.length - SHOWN} more` : ''}`;
  const lines: string[] = [];
  lines.push(
    memory.recalled.length
      ? `- **Memory recalled** (verified${memory.recalled.some((e) => e.trial) ? ', except the one UNVERIFIED, on trial in an eval' : ''}, ${memory.recallTokens} tokens, executor only): ${list(memory.recalled, label)}`
      : '- **Memory recalled:** none',
  );
  if (memory.ignored.length)
    lines.push(
      `- **Memory ignored** (claims verified, no signed verdict that checks): ${list(memory.ignored, (e) => `${label(e)} ${inlineText(e.reason.slice(0, 120))}`)}`,
    );
  if (memory.proposed.length)
    lines.push(
      `- **Memory proposed** (unverified; a maintainer verifies one by commenting the command beside it): ${list(memory.proposed, (e) => `${label(e)} → ${commandSpan(`${trigger} memory promote ${e.id.slice(0, 12)}`)}`)}`,
    );
  return lines;
}

/**
 * The sticky comment's memory section: the lines above under a heading, or nothing when the run
 * recalled, ignored and proposed nothing (a run without memory keeps its comment unchanged).
 */
export function memorySection(report: RunReport, trigger: string = DEFAULT_TRIGGER): string | null {
  const memory = report.memory;
  if (!memory || memory.recalled.length + memory.ignored.length + memory.proposed.length === 0) return null;
  return `#### Memory\n${memoryLines(report, trigger).join('\n')}`;
}
