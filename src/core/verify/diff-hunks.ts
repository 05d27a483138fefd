/**
 * The new side of a unified diff (`git diff` output, and the untracked-file sections
 * review-evidence.ts appends): for each file its path after the change and its hunks, each with
 * the lines it shows numbered on the new side. Reviewer citations are anchored only inside these
 * hunks (citations.ts). Total over any input: text that is not a diff yields no files, a diff cut
 * short (the evidence limit) yields its hunks up to the cut.
 */

/** One line of a hunk: its new-side number (null for a removed line) and its text with the +/-/space mark. */
export interface HunkLine {
  n: number | null;
  text: string;
}

export interface Hunk {
  /** The `@@ -a,b +c,d @@ …` line (or a made-up one for an untracked file). */
  header: string;
  /** First and last new-side line the hunk shows (end < start for a hunk that only removes). */
  start: number;
  end: number;
  lines: HunkLine[];
}

export interface DiffFile {
  /** Repository-relative path on the new side. */
  path: string;
  hunks: Hunk[];
}

const HUNK_HEADER = /^@@ -\d+(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/** Parses the files and hunks of `diff` (see the module comment). A deleted file has no new side and is left out. */
export function parseDiffHunks(diff: string): DiffFile[] {
  const files: DiffFile[] = [];
  let file: DiffFile | null = null;
  let hunk: Hunk | null = null;
  let next = 0;
  // Lines the hunk header promises on each side and not seen yet.
  let left = 0;
  let oldLeft = 0;
  for (const line of diff.split('\n')) {
    if (line.startsWith('diff --git ')) {
      file = null;
      hunk = null;
      continue;
    }
    if (hunk && (left > 0 || oldLeft > 0) && /^[ +\-\\]/.test(line)) {
      if (line.startsWith('\\')) continue;
      if (line.startsWith('-')) {
        hunk.lines.push({ n: null, text: line });
        oldLeft -= 1;
      } else {
        if (line.startsWith(' ')) oldLeft -= 1;
        hunk.lines.push({ n: next, text: line });
        hunk.end = next;
        next += 1;
        left -= 1;
      }
      continue;
    }
    if (line.startsWith('+++ ')) {
      const path = newSidePath(line.slice(4));
      file = path === null ? null : { path, hunks: [] };
      if (file) files.push(file);
      hunk = null;
      continue;
    }
    if (!file) continue;
    const header = HUNK_HEADER.exec(line);
    if (header) {
      oldLeft = header[1] === undefined ? 1 : Number(header[1]);
      next = Number(header[2]);
      left = header[3] === undefined ? 1 : Number(header[3]);
      hunk = { header: line, start: next, end: next - 1, lines: [] };
      file.hunks.push(hunk);
      continue;
    }
    // An untracked file's section (review-evidence.ts) lists its lines with no hunk header.
    if (file.hunks.length === 0 && line.startsWith('+')) {
      next = 1;
      left = Number.POSITIVE_INFINITY;
      oldLeft = 0;
      hunk = { header: '@@ new file (untracked) @@', start: 1, end: 0, lines: [] };
      file.hunks.push(hunk);
      hunk.lines.push({ n: next, text: line });
      hunk.end = next;
      next += 1;
    }
  }
  return files;
}

/**
 * The new-side path a `diff --git <a> <b>` line names: each side bare or C-quoted by git; a bare
 * pair is split at the last " b/" as git itself does for names with spaces. Null when unreadable.
 */
export function diffGitHeaderPath(line: string): string | null {
  const sides = line.slice('diff --git '.length);
  let b: string;
  if (sides.startsWith('"')) {
    const end = quotedEnd(sides);
    if (end < 0) return null;
    b = sides.slice(end + 2);
  } else if (sides.endsWith('"')) {
    const at = sides.lastIndexOf(' "b/');
    if (at < 0) return null;
    b = sides.slice(at + 1);
  } else {
    const at = sides.lastIndexOf(' b/');
    if (at < 0) return null;
    b = sides.slice(at + 1);
  }
  return newSidePath(b);
}

/** Index of the quote closing the C-quoted string that starts `text`, or -1. */
function quotedEnd(text: string): number {
  for (let i = 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i;
  }
  return -1;
}

/** The path of a `+++ ` line's spec: `b/<path>`, possibly C-quoted by git; null for /dev/null or anything else. */
export function newSidePath(spec: string): string | null {
  const raw = spec.startsWith('"') ? unquoteC(spec) : spec.replace(/\t.*$/, '');
  if (raw === null || raw === '/dev/null' || !raw.startsWith('b/')) return null;
  return raw.slice(2);
}

/** Git's C-style quoting of unusual paths ("b/caf\303\251"): escapes and octal bytes, decoded as UTF-8. */
function unquoteC(quoted: string): string | null {
  const close = quoted.lastIndexOf('"');
  if (close <= 0) return null;
  const body = quoted.slice(1, close);
  const bytes: number[] = [];
  const simple: Record<string, number> = { n: 10, t: 9, r: 13, '"': 34, '\\': 92, a: 7, b: 8, f: 12, v: 11 };
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (c !== '\\') {
      bytes.push(...Buffer.from(c, 'utf8'));
      continue;
    }
    const octal = /^[0-7]{3}/.exec(body.slice(i + 1));
    if (octal) {
      bytes.push(Number.parseInt(octal[0], 8));
      i += 3;
      continue;
    }
    const escaped = simple[body[i + 1] ?? ''];
    if (escaped === undefined) return null;
    bytes.push(escaped);
    i += 1;
  }
  return Buffer.from(bytes).toString('utf8');
}
