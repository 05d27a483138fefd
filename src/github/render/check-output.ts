import type { RunReport } from '../../core/run/index.js';
import { CHECK_OUTPUT_LIMIT, type Detail, renderWithin, sizeOf, truncationNote } from './budget.js';
import { citationAnnotations } from './citations.js';
import { clipHead, clipTail, neutralizeMentions, normalizeText } from './escape.js';
import { fanoutSection } from './fanout.js';
import { injectionAnnotations, injectionSection } from './injection.js';
import {
  banners,
  checkDetails,
  checksProvenance,
  clauseTable,
  evidenceNotes,
  factsList,
  headline,
  intentQuote,
  linksLine,
  reportLine,
  titleFor,
  verifySection,
  votesSection,
} from './parts.js';
import type { Annotation, CheckOutput, CheckOutputOptions, ReportLinks } from './types.js';

const LIMIT_LABEL = "GitHub's 65,535-character check run limit";
const ANNOTATION_MESSAGE_CHARS = 2000;
const ANNOTATION_TITLE_CHARS = 255;

function join(parts: Array<string | null>): string {
  return parts.filter((p): p is string => p !== null && p !== '').join('\n\n');
}

function summaryAt(report: RunReport, links: ReportLinks, detail: Detail): string {
  return join([
    headline(report),
    ...banners(report, detail),
    injectionSection(report, detail),
    intentQuote(report, Math.min(detail.cellChars, 500)),
    truncationNote(detail, LIMIT_LABEL, report, { votes: true, tails: false }),
    clauseTable(report, detail),
    fanoutSection(report, detail),
    checksProvenance(report, detail),
    evidenceNotes(report, detail),
    votesSection(report, detail),
    '### Run',
    factsList(report, links),
    reportLine(links),
    verifySection(links),
  ]);
}

function textAt(report: RunReport, detail: Detail): string {
  const details = checkDetails(report, detail, false);
  const hasChecks = report.clauses.some((c) => c.kind === 'check' && c.check !== null);
  return join([
    intentQuote(report, detail.cellChars * 4),
    truncationNote(
      { ...detail, cellChars: Number.POSITIVE_INFINITY, maxRows: Number.POSITIVE_INFINITY },
      LIMIT_LABEL,
      report,
      { votes: false, tails: true },
    ),
    hasChecks ? '### Check clauses' : null,
    details ?? (hasChecks ? null : '_No check clause ran._'),
  ]);
}

/** Minimal rendering when even the leanest detail level does not fit (pathological inputs). */
function minimal(report: RunReport, links: ReportLinks): string {
  const lean: Detail = { reasoningChars: 0, showVotes: false, tailChars: 0, cellChars: 80, maxRows: 0 };
  const note = `✂️ **Truncated to fit ${LIMIT_LABEL}:** the clause table, votes and run facts are omitted. The signed ledger bundle has everything.`;
  const full = join([
    headline(report),
    ...banners(report, lean),
    note,
    linksLine(links, false),
    reportLine(links),
    verifySection(links),
  ]);
  return sizeOf(full) <= CHECK_OUTPUT_LIMIT ? full : join([headline(report), note, verifySection(links)]);
}

/**
 * Annotations on the contract file for each check clause that was not met: the reason and the end
 * of its output. The Checks API takes at most 50 per request; callers batch.
 */
export function checkAnnotations(report: RunReport, options: CheckOutputOptions): Annotation[] {
  const path = options.contractPath;
  if (!path) return [];
  return report.clauses
    .filter((c) => c.kind === 'check' && c.status === 'not_met')
    .map((c) => {
      // Annotations are plain text (no markdown, no notifications); mentions are still defused.
      const given = Number(options.clauseLines?.[c.index]);
      const line = Number.isFinite(given) && given >= 1 ? Math.floor(given) : 1;
      const output = [c.check?.stderrTail ?? '', c.check?.stdoutTail ?? '']
        .map((t) => neutralizeMentions(normalizeText(t)).trimEnd())
        .filter(Boolean)
        .join('\n');
      const reason = clipHead(neutralizeMentions(normalizeText(c.reason)), 500);
      const room = Math.max(0, ANNOTATION_MESSAGE_CHARS - reason.length - 2);
      const message = output && room > 100 ? `${reason}\n\n${clipTail(output, room - 40)}` : reason;
      return {
        path,
        start_line: line,
        end_line: line,
        annotation_level: 'failure' as const,
        title:
          clipHead(
            neutralizeMentions(normalizeText(c.desc)).replace(/\s+/g, ' ').trim(),
            ANNOTATION_TITLE_CHARS - 30,
          ) || `Clause ${c.index + 1}`,
        message: message || 'check not met',
      };
    });
}

/** The completed check run's output: title, summary, text and annotations, each within GitHub's limits. */
export function renderCheckOutput(
  report: RunReport,
  links: ReportLinks,
  options: CheckOutputOptions = {},
): CheckOutput {
  const summary =
    renderWithin(CHECK_OUTPUT_LIMIT, report.clauses.length, (d) => summaryAt(report, links, d))?.text ??
    minimal(report, links);
  const text =
    renderWithin(CHECK_OUTPUT_LIMIT, report.clauses.length, (d) => textAt(report, d))?.text ??
    `✂️ Details omitted to fit ${LIMIT_LABEL}. The signed ledger bundle has everything.`;
  return {
    title: titleFor(report),
    summary,
    text,
    annotations: [
      ...checkAnnotations(report, options),
      ...injectionAnnotations(report, options.headSha),
      ...citationAnnotations(report, options.headSha),
    ],
  };
}
