import type { RunReport } from '../../core/run/index.js';
import { COMMENT_LIMIT, type Detail, renderWithin, sizeOf, truncationNote } from './budget.js';
import { codeSpan } from './escape.js';
import { fanoutSection } from './fanout.js';
import { injectionSection } from './injection.js';
import { memorySection } from './memory.js';
import { embedMeta } from './meta.js';
import {
  banners,
  checksProvenance,
  clauseTable,
  formatTokens,
  formatUsd,
  headline,
  linksLine,
  verifySection,
  votesSection,
} from './parts.js';
import type { ReportLinks } from './types.js';

const LIMIT_LABEL = "GitHub's 65,536-character comment limit";

function join(parts: Array<string | null>): string {
  return parts.filter((p): p is string => p !== null && p !== '').join('\n\n');
}

function footer(report: RunReport): string {
  const head = report.headHash ? codeSpan(report.headHash.slice(0, 16)) : '_none_';
  return `<sub>Cost ${formatUsd(report.costUsd)} · ${formatTokens(report.totalTokens)} tokens · session ${codeSpan(report.sessionId)} · ledger head ${head}</sub>`;
}

/**
 * The sticky PR comment for one contract: updated in place, found again by `marker` (a hidden HTML
 * comment chosen by the caller, which must come first) and carrying `metadata` as hidden JSON
 * (read it back with `readMeta`). Always within GitHub's comment limit: votes go first, then cells
 * are clipped, then passing rows are dropped, and the comment says what was left out.
 * @throws RangeError when the marker and metadata alone do not fit.
 */
export function renderStickyComment(
  report: RunReport,
  links: ReportLinks,
  marker: string,
  metadata: Record<string, unknown>,
): string {
  const top = `${marker}\n${embedMeta(metadata)}`;
  const body = (detail: Detail) =>
    join([
      top,
      headline(report, '###'),
      ...banners(report, detail),
      injectionSection(report, detail),
      truncationNote(detail, LIMIT_LABEL, report, { votes: true, tails: false }),
      clauseTable(report, detail),
      fanoutSection(report, detail),
      memorySection(report, links.trigger),
      checksProvenance(report, detail),
      votesSection(report, detail),
      linksLine(links, true),
      verifySection(links, '####'),
      footer(report),
    ]);
  const fitted = renderWithin(COMMENT_LIMIT, report.clauses.length, body);
  if (fitted) return fitted.text;
  const lean = join([
    top,
    headline(report, '###'),
    `✂️ **Truncated to fit ${LIMIT_LABEL}:** the clause table and votes are omitted. The signed ledger bundle has everything.`,
    linksLine(links, true),
    verifySection(links, '####'),
  ]);
  if (sizeOf(lean) > COMMENT_LIMIT) {
    throw new RangeError('sticky comment marker and metadata alone exceed the GitHub comment size limit');
  }
  return lean;
}
