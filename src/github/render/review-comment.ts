/**
 * The bodies of Truss's inline review comments (review-comments.ts): one per cited line range of a
 * contract, listing every seat that cited it. A hidden marker names the contract and whether the
 * comment is open or resolved, so the next run finds, edits or resolves it instead of posting again.
 * Finding text is model output about the change: rendered inert.
 */
import { type PlacedFinding, seatLabel } from './citations.js';
import { clipHead, codeSpan, inlineText, safeUrl } from './escape.js';

export type FindingState = 'open' | 'resolved';

const MARKER = /<!-- truss:finding contract=([A-Za-z0-9._-]{1,128}) state=(open|resolved) -->/;
const PROBLEM_CHARS = 1500;
/** GitHub refuses comment bodies longer than this. */
const MAX_COMMENT_LENGTH = 65_536;

/** The hidden marker of a finding comment. */
export function findingMarker(contractId: string, state: FindingState): string {
  return `<!-- truss:finding contract=${contractId} state=${state} -->`;
}

/** The contract and state a comment body's marker names, or null when it carries none. */
export function readFindingMarker(
  body: string | undefined,
): { contractId: string; state: FindingState } | null {
  const match = MARKER.exec(body ?? '');
  return match ? { contractId: match[1] as string, state: match[2] as FindingState } : null;
}

const FOOTER_START = '<sub>Truss review panel · ';

/**
 * What a reader of a finding comment needs: its body without the footer, which names the run (head
 * and check run) that wrote it. Review-comments.ts edits a comment only when this changes: a body
 * rewritten on every run for its footer alone was one PATCH per open finding per run, the secondary
 * rate limit's kind of traffic (docs/action.md "Review comments").
 */
export function findingText(body: string): string {
  const at = body.lastIndexOf(`\n${FOOTER_START}`);
  return at === -1 ? body : body.slice(0, at);
}

/** An open finding comment: every seat's problem at these lines, with clause and verdict context. */
export function findingCommentBody(
  contractId: string,
  found: readonly PlacedFinding[],
  context: { headSha: string; checkRunUrl: string | null },
): string {
  const clauses = [...new Map(found.map((f) => [f.clause.index, f.clause])).values()];
  const heading = clauses.map((c) => `clause ${c.index + 1} (${inlineText(c.desc, 160)})`).join(', ');
  const items = found.map(
    (f) =>
      `- **${inlineText(seatLabel(f.vote), 80)}** · ${inlineText(`${f.vote.provider}/${f.vote.model}`, 100)}: ${inlineText(f.citation.problem, PROBLEM_CHARS) || '_(no description)_'}`,
  );
  const link = safeUrl(context.checkRunUrl);
  const footer = `${FOOTER_START}${codeSpan(contractId)} · written by the run at ${context.headSha.slice(0, 7)}, whose verdict is in ${link ? `[its check run](${link})` : 'its check run'} · one seat's finding each. Rewritten when a later run's findings here change, resolved when no run cites these lines any more.</sub>`;
  return fitBody(
    [findingMarker(contractId, 'open'), `**Truss** · ${heading}`, '', ...items, '', footer].join('\n'),
  );
}

/** The same comment once a later run no longer cites these lines: marked resolved, what was said kept. */
export function resolvedCommentBody(contractId: string, previous: string, headSha: string): string {
  const said = previous
    .replace(MARKER, '')
    // \u2705 is the check mark written below (an escape keeps the bundle ASCII: scripts/build.mjs).
    .replace(/^\s*\u2705 \*\*No longer cited\*\*[^\n]*\n/, '')
    .trim();
  return fitBody(
    [
      findingMarker(contractId, 'resolved'),
      `✅ **No longer cited** by the Truss run at ${headSha.slice(0, 7)}: resolved.`,
      '',
      '<details><summary>What was cited here</summary>',
      '',
      said,
      '',
      '</details>',
    ].join('\n'),
  );
}

/** The body of the review that carries a run's new inline comments. */
export function findingsReviewBody(
  contractId: string,
  counts: { posted: number; total: number },
  checkRunUrl: string | null,
): string {
  const link = safeUrl(checkRunUrl);
  const more =
    counts.total > counts.posted
      ? ` (${counts.total - counts.posted} more are annotations on ${link ? `[the check run](${link})` : 'the check run'})`
      : '';
  return `<!-- truss:review contract=${contractId} -->\n**Truss review panel** · ${codeSpan(contractId)}: ${counts.posted} new finding${counts.posted === 1 ? '' : 's'} on the changed lines${more}. Earlier findings are updated in place and resolved when no longer cited.`;
}

function fitBody(body: string): string {
  return body.length <= MAX_COMMENT_LENGTH ? body : clipHead(body, MAX_COMMENT_LENGTH - 100);
}
