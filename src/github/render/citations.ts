/**
 * Reviewer findings on GitHub (docs/contracts.md "Findings on the lines"): anchored citations become
 * check-run annotations on the changed lines (and inline review comments, review-comments.ts);
 * every citation is also listed as prose under its clause's votes, the unanchored ones saying why.
 * All text here was written by a model reading the change: rendered inert (no markdown, HTML,
 * mentions or comment delimiters).
 */
import type { ReportClause, ReportVote, RunReport } from '../../core/run/index.js';
import type { Citation } from '../../core/verify/index.js';
import { clipHead, codeSpan, inlineText, neutralizeMentions, normalizeText } from './escape.js';
import type { Annotation } from './types.js';

/** Citation annotations per check run at most (failures first); the prose lists them all. */
export const MAX_CITATION_ANNOTATIONS = 150;
const MESSAGE_CHARS = 2000;
const TITLE_CHARS = 255;

const LEVEL: Record<string, Annotation['annotation_level']> = {
  not_met: 'failure',
  unverifiable: 'warning',
  met: 'notice',
};
const LEVEL_ORDER: Annotation['annotation_level'][] = ['failure', 'warning', 'notice'];

/** One anchored citation with the vote and clause it belongs to. */
export interface PlacedFinding {
  clause: ReportClause;
  vote: ReportVote;
  citation: Citation & { anchored: true; path: string; start_line: number; end_line: number };
}

/** Every anchored citation of the report, in clause, seat and citation order. */
export function placedFindings(report: RunReport): PlacedFinding[] {
  return report.clauses.flatMap((clause) =>
    clause.votes.flatMap((vote) =>
      vote.citations
        .filter((c): c is PlacedFinding['citation'] => c.anchored && c.path !== null)
        .map((citation) => ({ clause, vote, citation })),
    ),
  );
}

/**
 * Why the report's anchored citations cannot go on the lines of `headSha`, the commit its check run
 * and review are on, or null when they can. A citation's lines are those of the tree the panel was
 * shown: after an executor, the working tree it left (its edits shift lines, and are on no commit of
 * the pull request); on a checkout of another commit (GitHub's merge commit), that commit's. Placed
 * on `headSha` they would mark other lines than the ones cited, so they stay in the check run's text
 * (docs/action.md "Findings on the changed lines").
 */
export function unplaceableReason(report: RunReport, headSha: string): string | null {
  // A fan-out's attempts are executor runs too (docs/fanout.md), each in a tree of its own.
  if (report.executorRan === true || report.fanout)
    return "an executor ran, so the panel reviewed the tree it left, whose lines are not the commit's";
  if (report.executorRan !== false)
    return 'the report does not say whether an executor changed the lines the panel reviewed';
  const reviewed = report.git?.head_sha ?? null;
  if (reviewed !== headSha.toLowerCase())
    return `the panel reviewed ${reviewed ? `commit ${reviewed.slice(0, 12)}` : 'no commit'}, not ${headSha.slice(0, 12)} the check is on`;
  return null;
}

/** {@link placedFindings} when they can go on `headSha`'s lines ({@link unplaceableReason}), else none. */
export function placeableFindings(report: RunReport, headSha: string): PlacedFinding[] {
  return unplaceableReason(report, headSha) === null ? placedFindings(report) : [];
}

/** `Seat 2 · correctness lens · not met`: who said it (plain text). */
export function seatLabel(vote: ReportVote): string {
  return `Seat ${vote.seat + 1} · ${plain(vote.lens, 40)} lens · ${vote.vote.replace('_', ' ')}`;
}

/** Plain text for annotations and titles: normalized, mentions defused, clipped. */
function plain(text: string, max: number): string {
  return clipHead(neutralizeMentions(normalizeText(text)), max);
}

/** The plain-text body of one placed finding: the problem, then seat, lens, model and clause. */
export function findingText(found: PlacedFinding): string {
  const { clause, vote, citation } = found;
  return plain(
    `${citation.problem || '(no description)'}\n\n${seatLabel(vote)} (${vote.provider}/${vote.model}) on clause ${clause.index + 1}: ${clause.desc}`,
    MESSAGE_CHARS,
  );
}

/**
 * Check-run annotations for the anchored citations: failure for a seat that voted not met, warning
 * for unverifiable, notice for met; at most MAX_CITATION_ANNOTATIONS, the most severe kept. The
 * Checks API takes 50 per request; completeCheckRun batches. None unless they can go on the lines of
 * `headSha`, the commit the check run is on ({@link unplaceableReason}).
 */
export function citationAnnotations(report: RunReport, headSha: string | undefined): Annotation[] {
  if (headSha === undefined) return [];
  const all = placeableFindings(report, headSha).map((found) => ({
    path: found.citation.path,
    start_line: found.citation.start_line,
    end_line: found.citation.end_line,
    annotation_level: LEVEL[found.vote.vote] ?? 'warning',
    title: plain(`${seatLabel(found.vote)} · clause ${found.clause.index + 1}`, TITLE_CHARS),
    message: findingText(found),
  }));
  return all
    .map((annotation, order) => ({ annotation, order }))
    .sort(
      (a, b) =>
        LEVEL_ORDER.indexOf(a.annotation.annotation_level) -
          LEVEL_ORDER.indexOf(b.annotation.annotation_level) || a.order - b.order,
    )
    .slice(0, MAX_CITATION_ANNOTATIONS)
    .sort((a, b) => a.order - b.order)
    .map(({ annotation }) => annotation);
}

/** `src/a.ts:10` or `src/a.ts:10-12`. */
export function citedLines(citation: Citation): string {
  if (citation.path === null || citation.start_line === null) return citation.location;
  const end =
    citation.end_line !== null && citation.end_line !== citation.start_line ? `-${citation.end_line}` : '';
  return `${citation.path}:${citation.start_line}${end}`;
}

/**
 * The clause's findings as a markdown list under its votes: each seat's problems with where they
 * are; the ones not placed on a line say why. Null when no seat named one.
 */
export function findingsList(clause: ReportClause, problemChars: number): string | null {
  const items = clause.votes.flatMap((vote) =>
    vote.citations.map((citation) => {
      const where = codeSpan(citation.anchored ? citedLines(citation) : citation.location || '(no location)');
      const why = citation.anchored
        ? ''
        : ` _(not on a changed line: ${inlineText(citation.unanchored ?? 'not anchored', 120)})_`;
      return `- Seat ${vote.seat + 1} (${inlineText(vote.lens, 40)}) · ${where}${why} — ${inlineText(citation.problem, problemChars) || '_(no description)_'}`;
    }),
  );
  return items.length > 0 ? `Findings:\n\n${items.join('\n')}` : null;
}
