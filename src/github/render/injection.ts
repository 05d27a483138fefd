import type { ReportClause, RunReport } from '../../core/run/index.js';
import { spanLines } from '../../core/verify/index.js';
import type { Detail } from './budget.js';
import { unplaceableReason } from './citations.js';
import { clipHead, codeSpan, inlineText, neutralizeMentions, normalizeText } from './escape.js';
import type { Annotation } from './types.js';

/**
 * Suspected prompt injection, shown on every GitHub surface with the same spans the signed
 * `review_evidence` entry records: the matched text is quoted as the model read it (hidden
 * characters as ⟦…⟧ marks), so a maintainer sees what the panel saw and can accept it with a signed
 * approving pull request review at this head.
 */

const MAX_SPANS_SHOWN = 8;

function where(span: NonNullable<ReportClause['injection']>['spans'][number]): string {
  if (span.source === 'note') return 'evidence notes';
  if (span.source === 'commits') return `commit messages, line ${span.line === null ? '?' : spanLines(span)}`;
  const path = span.path || '(diff)';
  return span.line === null ? `${path} (diff header)` : `${path}:${spanLines(span)}`;
}

function clauseBlock(clause: ReportClause, detail: Detail): string | null {
  const injection = clause.injection;
  const hidden = clause.hiddenText ?? [];
  if (!injection && hidden.length === 0) return null;
  const lines: string[] = [];
  if (injection) {
    const outcome = injection.withheldMet
      ? `**UNVERIFIABLE, not met:** policy ${codeSpan(injection.policy)} — model votes alone cannot make this clause met. A maintainer who has read these spans accepts them by approving the pull request in a review at this head (a signed ${codeSpan('human_review')}, shown by ${codeSpan('truss / human review')}); the machine verdict stays as signed.`
      : injection.policy === 'annotate'
        ? `Policy ${codeSpan('annotate')}: marked only; the votes decide the clause.`
        : `Policy ${codeSpan(injection.policy)}: the votes did not make the clause met anyway.`;
    lines.push(
      `🕵️ **Suspected prompt injection in the evidence of clause ${clause.index + 1}** (${injection.total} span${injection.total === 1 ? '' : 's'}). ${outcome}`,
    );
    const cellChars = Math.max(60, Math.min(detail.cellChars, 200));
    for (const span of injection.spans.slice(0, MAX_SPANS_SHOWN)) {
      lines.push(
        `- ${codeSpan(where(span))} ${codeSpan(span.rule)}: ${codeSpan(clipHead(span.match, cellChars))}`,
      );
    }
    if (injection.spans.length > MAX_SPANS_SHOWN || injection.total > injection.spans.length) {
      lines.push(
        `- _… ${injection.total - Math.min(injection.spans.length, MAX_SPANS_SHOWN)} more in the signed ledger._`,
      );
    }
    if (injection.reportedBySeats.length > 0) {
      lines.push(
        `- Reviewer seat ${injection.reportedBySeats.join(', ')} (shortcuts lens) reported text aimed at automated reviewers.`,
      );
    }
  }
  if (hidden.length > 0) {
    const files = hidden
      .slice(0, MAX_SPANS_SHOWN)
      .map((h) => {
        const kinds = Object.entries(h.counts)
          .filter(([, n]) => Number(n) > 0)
          .map(([k, n]) => `${k} ${n}`)
          .join(', ');
        return `${codeSpan(h.path || h.source)} ${h.total} (${inlineText(kinds, 120)})`;
      })
      .join(' · ');
    lines.push(
      `Hidden characters made visible to the panel as ⟦…⟧ marks: ${files}${hidden.length > MAX_SPANS_SHOWN ? ' · …' : ''}`,
    );
  }
  const callout = injection?.withheldMet ? '[!CAUTION]' : '[!WARNING]';
  return [`> ${callout}`, ...lines.map((l) => `> ${l}`)].join('\n');
}

/** One callout per review clause whose evidence was flagged or had hidden characters; null when none. */
export function injectionSection(report: RunReport, detail: Detail): string | null {
  const blocks = report.clauses.map((c) => clauseBlock(c, detail)).filter((b): b is string => b !== null);
  return blocks.length > 0 ? blocks.join('\n\n') : null;
}

/**
 * Warning annotations at each flagged span that has a file and line (plain text, mentions defused).
 * None unless the lines the panel was shown are those of `headSha`, the commit the check run is on
 * (citations.ts unplaceableReason): after an executor they are the tree it left.
 */
export function injectionAnnotations(report: RunReport, headSha: string | undefined): Annotation[] {
  if (headSha === undefined || unplaceableReason(report, headSha) !== null) return [];
  return report.clauses.flatMap((clause) =>
    (clause.injection?.spans ?? [])
      .filter((span) => (span.source === 'diff' || span.source === 'file') && span.path && span.line !== null)
      .map((span) => ({
        path: span.path,
        start_line: span.line as number,
        // A span split over several lines covers them all; a removed line's number is the old side's.
        end_line: Math.max(span.line as number, span.end_line ?? (span.line as number)),
        annotation_level: 'warning' as const,
        title: `Suspected prompt injection (${span.rule})`,
        message: clipHead(
          neutralizeMentions(
            normalizeText(
              `Clause ${clause.index + 1}: this text seems to address the reviewer panel: ${span.match}\n` +
                (clause.injection?.withheldMet
                  ? 'Model votes alone cannot make the clause met. A maintainer accepts this evidence by approving the pull request in a review at this head (signed human_review).'
                  : 'Annotated only.'),
            ),
          ),
          2000,
        ),
      })),
  );
}
