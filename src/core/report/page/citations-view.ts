/// <reference lib="dom" />
import type { ReportClause } from '../../run/run-report.js';
import type { Citation } from '../../verify/citations.js';
import { h } from './dom.js';

/**
 * The findings of a review clause's seats, each with where it is: an anchored one shows the diff
 * hunk around the cited lines (as the signed vote recorded it, cited lines marked), an unanchored one
 * says why it was kept as prose. Everything is model output or diff text: text nodes only.
 */
export function citationsBlock(clause: ReportClause): HTMLElement | null {
  const items = clause.votes.flatMap((vote) =>
    vote.citations.map((citation) =>
      h(
        'li',
        { class: 'citation', 'data-anchored': String(citation.anchored) },
        h('code', { class: 'cited-at' }, where(citation)),
        ` · seat ${vote.seat + 1} (${vote.lens}) · `,
        h('span', { class: 'problem' }, citation.problem || '(no description)'),
        citation.anchored && citation.hunk
          ? hunkView(citation)
          : h(
              'p',
              { class: 'small muted' },
              `Not on a changed line: ${citation.unanchored ?? 'not anchored'}.`,
            ),
      ),
    ),
  );
  if (items.length === 0) return null;
  return h(
    'div',
    { class: 'citations' },
    h('p', { class: 'small muted' }, 'Findings on the lines they are about'),
    h('ul', { class: 'citation-list' }, ...items),
  );
}

function where(citation: Citation): string {
  if (!citation.anchored || citation.path === null || citation.start_line === null) return citation.location;
  const range =
    citation.end_line !== null && citation.end_line !== citation.start_line
      ? `${citation.start_line}-${citation.end_line}`
      : String(citation.start_line);
  return `${citation.path}:${range}`;
}

/** The hunk lines with their new-side numbers; the cited ones marked. */
function hunkView(citation: Citation): HTMLElement {
  const start = citation.start_line ?? 0;
  const end = citation.end_line ?? start;
  const pre = h(
    'pre',
    { class: 'hunk' },
    h('span', { class: 'hunk-header' }, `${citation.hunk?.header ?? ''}\n`),
  );
  for (const line of citation.hunk?.lines ?? []) {
    const cited = line.n !== null && line.n >= start && line.n <= end;
    pre.append(
      h(
        'span',
        { class: cited ? 'hunk-line cited' : 'hunk-line' },
        `${line.n === null ? '' : String(line.n)}`.padStart(5),
        ' ',
        `${line.text}\n`,
      ),
    );
  }
  return pre;
}
