import type { RunReport } from '../../core/run/index.js';
import { type Detail, renderWithin, STEP_SUMMARY_LIMIT, truncationNote } from './budget.js';
import { fanoutSection } from './fanout.js';
import { injectionSection } from './injection.js';
import {
  banners,
  checkDetails,
  checksProvenance,
  clauseTable,
  evidenceNotes,
  factsList,
  headline,
  intentQuote,
  verifySection,
  votesSection,
} from './parts.js';
import type { ReportLinks } from './types.js';

const LIMIT_LABEL = "GitHub's 1 MiB job summary limit";

function join(parts: Array<string | null>): string {
  return parts.filter((p): p is string => p !== null && p !== '').join('\n\n');
}

/** Markdown for $GITHUB_STEP_SUMMARY: headline, clause table, votes, failing checks, cost, verify command. */
export function renderJobSummary(report: RunReport, links: ReportLinks): string {
  const body = (detail: Detail) =>
    join([
      headline(report),
      ...banners(report, detail),
      injectionSection(report, detail),
      intentQuote(report, Math.min(detail.cellChars, 500)),
      truncationNote(detail, LIMIT_LABEL, report, { votes: true, tails: true }),
      clauseTable(report, detail),
      fanoutSection(report, detail),
      checksProvenance(report, detail),
      evidenceNotes(report, detail),
      votesSection(report, detail),
      checkDetails(report, detail, true),
      factsList(report, links),
      verifySection(links),
    ]);
  return (
    renderWithin(STEP_SUMMARY_LIMIT, report.clauses.length, body)?.text ??
    join([
      headline(report),
      '✂️ **Report too large for the job summary.** The signed ledger bundle has everything.',
      verifySection(links),
    ])
  );
}
