import type { RunReport } from '../../core/run/index.js';

/** GitHub's size limits. Measured in UTF-8 bytes, which is never less than the character count. */
export const CHECK_OUTPUT_LIMIT = 65_535;
export const COMMENT_LIMIT = 65_536;
/** $GITHUB_STEP_SUMMARY accepts up to 1 MiB per step. */
export const STEP_SUMMARY_LIMIT = 1024 * 1024;

export function sizeOf(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/**
 * How much of the optional evidence a rendering includes. Renderers start at the most detailed
 * level and step down until the output fits: panel reasoning and output tails go first, then clause
 * cells are clipped, then rows are dropped (failing rows last). The table frame, the verify command
 * and the hidden metadata are always kept.
 */
export interface Detail {
  /** Characters of reasoning per seat; 0 drops the reasoning column. */
  reasoningChars: number;
  showVotes: boolean;
  /** Characters of each stdout/stderr tail; 0 drops the tails. */
  tailChars: number;
  /** Characters of each clause description / reason / note. */
  cellChars: number;
  /** Clause rows shown in the table (failing rows are kept first). */
  maxRows: number;
}

const LEVELS: readonly Detail[] = [
  {
    reasoningChars: 4000,
    showVotes: true,
    tailChars: 4000,
    cellChars: 1000,
    maxRows: Number.POSITIVE_INFINITY,
  },
  {
    reasoningChars: 1000,
    showVotes: true,
    tailChars: 1500,
    cellChars: 1000,
    maxRows: Number.POSITIVE_INFINITY,
  },
  { reasoningChars: 300, showVotes: true, tailChars: 500, cellChars: 500, maxRows: Number.POSITIVE_INFINITY },
  { reasoningChars: 120, showVotes: true, tailChars: 200, cellChars: 300, maxRows: Number.POSITIVE_INFINITY },
  { reasoningChars: 0, showVotes: true, tailChars: 0, cellChars: 300, maxRows: Number.POSITIVE_INFINITY },
  { reasoningChars: 0, showVotes: false, tailChars: 0, cellChars: 200, maxRows: Number.POSITIVE_INFINITY },
  { reasoningChars: 0, showVotes: false, tailChars: 0, cellChars: 80, maxRows: Number.POSITIVE_INFINITY },
];

/**
 * What a detail level left out compared with the full rendering, in words, or null if nothing.
 * `shows` says which optional parts the rendering has at all (a comment has no output tails).
 */
export function truncationNote(
  detail: Detail,
  limitLabel: string,
  report: RunReport,
  shows: { votes: boolean; tails: boolean },
): string | null {
  const longest = (texts: string[]) => texts.reduce((n, t) => Math.max(n, t.length), 0);
  const votes = report.clauses.flatMap((c) => c.votes);
  const checks = report.clauses.flatMap((c) => (c.check ? [c.check] : []));
  const reasoning = longest(votes.map((v) => v.reasoning));
  const tail = longest(checks.flatMap((c) => [c.stdoutTail, c.stderrTail]));
  const cell = longest(report.clauses.flatMap((c) => [c.desc, c.reason, ...c.evidenceNotes]));
  const parts: string[] = [];
  if (shows.votes && votes.length > 0) {
    if (!detail.showVotes) parts.push('panel votes omitted');
    else if (detail.reasoningChars === 0 && reasoning > 0) parts.push('panel reasoning omitted');
    else if (reasoning > detail.reasoningChars)
      parts.push(`panel reasoning cut to ${detail.reasoningChars} characters per seat`);
  }
  if (shows.tails && tail > 0) {
    if (detail.tailChars === 0) parts.push('check output tails omitted');
    else if (tail > detail.tailChars)
      parts.push(`check output tails cut to the last ${detail.tailChars} characters`);
  }
  if (cell > detail.cellChars)
    parts.push(`clause descriptions and reasons cut to ${detail.cellChars} characters`);
  const clauseCount = report.clauses.length;
  if (detail.maxRows < clauseCount) parts.push(`only ${detail.maxRows} of ${clauseCount} clause rows shown`);
  if (parts.length === 0) return null;
  return `✂️ **Truncated to fit ${limitLabel}:** ${parts.join('; ')}. The signed ledger bundle has everything.`;
}

/**
 * Renders at the richest detail level that fits `limit`. Returns null when even the leanest
 * rendering (no votes, no tails, no rows) does not fit, so the caller can fall back further.
 */
export function renderWithin(
  limit: number,
  clauseCount: number,
  render: (detail: Detail) => string,
): { text: string; detail: Detail } | null {
  for (const detail of LEVELS) {
    const text = render(detail);
    if (sizeOf(text) <= limit) return { text, detail };
  }
  const lean = LEVELS[LEVELS.length - 1] as Detail;
  let rows = clauseCount;
  while (rows > 0) {
    rows = Math.floor(rows / 2);
    const detail = { ...lean, maxRows: rows };
    const text = render(detail);
    if (sizeOf(text) <= limit) return { text, detail };
  }
  return null;
}
