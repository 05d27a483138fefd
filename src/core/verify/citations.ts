/**
 * Reviewer findings anchored to the lines they are about (docs/contracts.md "Findings on the
 * lines"). A seat names each problem with a location, `path:line` or `path:start-end`; the location
 * is anchored only when it names a file the change touches, by its repository path, and lines that
 * lie inside one of that file's hunks on the new side. Everything else — a line outside the
 * changed hunks, a file the change does not touch, `../` or an absolute path, a location that is
 * not one — is kept with the reason, as prose, and never placed on a line. Each anchored citation
 * carries the hunk lines around it, so a reader of the signed vote sees what was cited.
 */
import type { DiffFile, Hunk, HunkLine } from './diff-hunks.js';
import { hasBidi } from './hidden-text.js';

/** What a seat answered: where, and what is wrong there. */
export interface Finding {
  location: string;
  problem: string;
}

/** A finding as the signed `review_vote` records it. */
export interface Citation {
  /** The location as the seat wrote it (clipped). */
  location: string;
  problem: string;
  /** The repository path it names, normalized; null when the location could not be read. */
  path: string | null;
  start_line: number | null;
  end_line: number | null;
  /** True when the lines lie in a changed hunk of `path`: then hosts place it on those lines. */
  anchored: boolean;
  /** Why it is not anchored (null when it is). */
  unanchored: string | null;
  /** The cited lines with a little context, from the hunk (null when not anchored). */
  hunk: { header: string; lines: HunkLine[] } | null;
}

/** At most this many findings per vote are kept; the rest are dropped (the reasoning stays). */
export const MAX_FINDINGS = 20;
export const MAX_LOCATION_CHARS = 300;
/**
 * A location is read as `path:line` up to this length, before it is clipped for the record: a deep
 * repository path is longer than MAX_LOCATION_CHARS, and reading the clipped text turned it into
 * "not a location" (docs/contracts.md "Findings on the lines they are about").
 */
export const MAX_READ_LOCATION_CHARS = 1100;
export const MAX_PROBLEM_CHARS = 1000;
/** Context lines shown before and after the cited ones, and the most cited lines shown. */
const CONTEXT_LINES = 2;
const MAX_SHOWN_LINES = 8;
const MAX_LINE_CHARS = 240;

// A range is `a-b` or `a–b`; the en dash is written as an escape so the CLI bundle stays ASCII (docs/performance.md).
const LOCATION = /^(.+?):L?(\d{1,9})(?:\s*[-\u2013]\s*L?(\d{1,9}))?$/;

/** Anchors each finding against the change's hunks (see the module comment). */
export function anchorFindings(findings: readonly Finding[], files: readonly DiffFile[]): Citation[] {
  const byPath = new Map(files.map((file) => [file.path, file]));
  return findings.slice(0, MAX_FINDINGS).map((finding) => anchorOne(finding, byPath));
}

function anchorOne(finding: Finding, byPath: ReadonlyMap<string, DiffFile>): Citation {
  const written = finding.location.trim();
  const location = clip(written, MAX_LOCATION_CHARS);
  const base = { location, problem: clip(finding.problem.trim(), MAX_PROBLEM_CHARS) };
  const prose = (
    unanchored: string,
    at: { path: string | null; start: number | null; end: number | null } = {
      path: null,
      start: null,
      end: null,
    },
  ): Citation => ({
    ...base,
    path: at.path,
    start_line: at.start,
    end_line: at.end,
    anchored: false,
    unanchored,
    hunk: null,
  });
  if (written.length > MAX_READ_LOCATION_CHARS)
    return prose(
      `the location is ${written.length} characters long; a path:line is read up to ${MAX_READ_LOCATION_CHARS} characters`,
    );
  const match = LOCATION.exec(written.replace(/^[`'"]+|[`'"]+$/g, '').trim());
  if (!match) return prose('not a location: write path:line or path:start-end');
  const start = Number(match[2]);
  const end = match[3] === undefined ? start : Number(match[3]);
  const normalized = normalizeCitedPath((match[1] as string).trim());
  if ('refused' in normalized) return prose(normalized.refused);
  const path = resolveInDiff(normalized.path, byPath);
  const at = { path: path ?? normalized.path, start, end };
  if (start < 1 || end < start) return prose('the line range is empty or starts before line 1', at);
  const file = path === null ? undefined : byPath.get(path);
  if (!file) return prose('not a file this change touches', at);
  const hunk = file.hunks.find((h) => h.start <= start && end <= h.end);
  if (!hunk) return prose('outside the changed hunks of this file', at);
  return {
    ...base,
    path: file.path,
    start_line: start,
    end_line: end,
    anchored: true,
    unanchored: null,
    hunk: excerpt(hunk, start, end),
  };
}

/**
 * A repository-relative path from what a seat wrote: `./` and empty segments dropped; absolute
 * paths, `..`, backslashes, control characters and bidi controls or marks refused (never anchored,
 * whatever the diff holds): a path that displays as another (`src/\u202Egnp.exe` as `src/exe.png`)
 * must not be shown as the place a finding is about.
 */
export function normalizeCitedPath(written: string): { path: string } | { refused: string } {
  if (written.startsWith('/') || /^[A-Za-z]:/.test(written) || written.startsWith('~'))
    return { refused: 'an absolute path is never anchored; name files relative to the repository' };
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(written)) return { refused: 'not a repository path' };
  if (hasBidi(written))
    return { refused: 'a path with bidi control characters is never anchored (it can display as another)' };
  const segments = written.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.includes('..')) return { refused: 'a path with ".." is never anchored' };
  if (segments.length === 0) return { refused: 'not a repository path' };
  return { path: segments.join('/') };
}

/** The diff's own path for `path`, allowing the `a/` or `b/` prefix of diff headers. */
function resolveInDiff(path: string, byPath: ReadonlyMap<string, DiffFile>): string | null {
  if (byPath.has(path)) return path;
  const stripped = /^[ab]\/(.+)$/.exec(path)?.[1];
  return stripped !== undefined && byPath.has(stripped) ? stripped : null;
}

/** The hunk lines from a little before `start` to a little after `end` (at most MAX_SHOWN_LINES cited). */
function excerpt(hunk: Hunk, start: number, end: number): { header: string; lines: HunkLine[] } {
  const last = Math.min(end, start + MAX_SHOWN_LINES - 1);
  const from = hunk.lines.findIndex((line) => line.n !== null && line.n >= start - CONTEXT_LINES);
  let to = hunk.lines.findIndex((line) => line.n !== null && line.n > last + CONTEXT_LINES);
  if (to === -1) to = hunk.lines.length;
  return {
    header: clip(hunk.header, MAX_LINE_CHARS),
    lines: hunk.lines.slice(Math.max(0, from), to).map((line) => ({
      n: line.n,
      text: clip(line.text, MAX_LINE_CHARS),
    })),
  };
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * The citations a `review_vote` payload records, read defensively: votes signed before citations
 * existed have none, and a malformed entry yields only what is well formed.
 */
export function citationsOf(payload: { citations?: unknown }): Citation[] {
  const list = payload.citations;
  if (!Array.isArray(list)) return [];
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  const num = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) ? v : null);
  return list.flatMap((item): Citation[] => {
    if (!item || typeof item !== 'object') return [];
    const c = item as Record<string, unknown>;
    const rawHunk = c.hunk as { header?: unknown; lines?: unknown } | null | undefined;
    const hunk =
      rawHunk && typeof rawHunk === 'object' && Array.isArray(rawHunk.lines)
        ? {
            header: str(rawHunk.header) ?? '',
            lines: (rawHunk.lines as unknown[]).flatMap((line) =>
              line && typeof line === 'object' && typeof (line as HunkLine).text === 'string'
                ? [{ n: num((line as HunkLine).n), text: (line as HunkLine).text }]
                : [],
            ),
          }
        : null;
    const start = num(c.start_line);
    const end = num(c.end_line);
    const anchored = c.anchored === true && str(c.path) !== null && start !== null && end !== null;
    return [
      {
        location: str(c.location) ?? '',
        problem: str(c.problem) ?? '',
        path: str(c.path),
        start_line: start,
        end_line: end,
        anchored,
        unanchored: anchored ? null : (str(c.unanchored) ?? 'not anchored'),
        hunk: anchored ? hunk : null,
      },
    ];
  });
}
