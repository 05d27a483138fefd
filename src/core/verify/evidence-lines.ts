import { diffGitHeaderPath, newSidePath } from './diff-hunks.js';
import {
  addCounts,
  emptyCounts,
  type HiddenCounts,
  isMarkdownPath,
  revealHidden,
  totalOf,
} from './hidden-text.js';
import type { ReviewEvidence } from './review-evidence.js';

/** Where a line of evidence came from: the diff, a `reviewer_context` file, a note, commit messages. */
export type EvidenceSource = 'diff' | 'file' | 'note' | 'commits';

/** One line of evidence as a model will read it (hidden characters already made visible). */
export interface EvidenceLine {
  source: EvidenceSource;
  /** The repository file the line belongs to ('' for notes and commit messages). */
  path: string;
  /** 1-based line in that file (new side for added/context lines, old side for removed ones); null for diff headers. */
  line: number | null;
  text: string;
  /** Hidden characters this line had that count as hiding text (see revealHidden). */
  suspiciousHidden: number;
}

/** A block of evidence shown under one label in the reviewer prompt. */
export interface EvidenceSection {
  source: EvidenceSource;
  label: string;
  lines: EvidenceLine[];
  truncated: boolean;
}

/** Hidden characters found per file, as recorded in the signed `review_evidence` entry. */
export interface HiddenTextCount {
  source: EvidenceSource;
  path: string;
  counts: HiddenCounts;
  total: number;
}

export interface PreparedEvidence {
  sections: EvidenceSection[];
  hidden: HiddenTextCount[];
  /** Every string that goes inside the evidence region (for the delimiter collision check). */
  texts: string[];
}

/**
 * Turns collected review evidence into what reviewers read: every line revealed (hidden-text.ts)
 * and located (file, line), so the injection detector can name spans and the report can count
 * hidden characters per file. `commits` is optional text (commit messages) shown as evidence.
 */
export function prepareEvidence(
  evidence: ReviewEvidence,
  extra: { commits?: string } = {},
): PreparedEvidence {
  const sections: EvidenceSection[] = [];
  const perFile = new Map<string, HiddenTextCount>();
  const count = (source: EvidenceSource, path: string, counts: HiddenCounts) => {
    if (totalOf(counts) === 0) return;
    const key = `${source}\0${path}`;
    const entry = perFile.get(key) ?? { source, path, counts: emptyCounts(), total: 0 };
    addCounts(entry.counts, counts);
    entry.total = totalOf(entry.counts);
    perFile.set(key, entry);
  };
  if (evidence.diff) {
    const lines = diffLines(evidence.diff, count);
    sections.push({
      source: 'diff',
      label: 'diff (base..working tree)',
      lines,
      truncated: evidence.diffTruncated,
    });
  }
  for (const file of evidence.files) {
    if (file.content === null) {
      sections.push({
        source: 'file',
        label: `file ${file.path} (not shown: ${file.problem ?? 'unavailable'})`,
        lines: [],
        truncated: false,
      });
      continue;
    }
    const markdown = isMarkdownPath(file.path);
    const lines = file.content.split('\n').map((raw, i): EvidenceLine => {
      const revealed = revealHidden(raw, { markdown });
      count('file', file.path, revealed.counts);
      return {
        source: 'file',
        path: file.path,
        line: i + 1,
        text: revealed.text,
        suspiciousHidden: revealed.suspicious,
      };
    });
    sections.push({ source: 'file', label: `file ${file.path}`, lines, truncated: file.truncated });
  }
  if (extra.commits) {
    const lines = extra.commits.split('\n').map((raw, i): EvidenceLine => {
      const revealed = revealHidden(raw);
      count('commits', '', revealed.counts);
      return {
        source: 'commits',
        path: '',
        line: i + 1,
        text: revealed.text,
        suspiciousHidden: revealed.suspicious,
      };
    });
    sections.push({ source: 'commits', label: 'commit messages', lines, truncated: false });
  }
  if (evidence.notes.length > 0) {
    const lines = evidence.notes.map((note, i): EvidenceLine => {
      const revealed = revealHidden(note);
      count('note', '', revealed.counts);
      return {
        source: 'note',
        path: '',
        line: i + 1,
        text: `- ${revealed.text}`,
        suspiciousHidden: revealed.suspicious,
      };
    });
    sections.push({ source: 'note', label: 'limits of this evidence', lines, truncated: false });
  }
  const texts = sections.flatMap((s) => [s.label, ...s.lines.map((l) => l.text)]);
  return { sections, hidden: [...perFile.values()], texts };
}

/** Diff lines located in their files: `diff --git` / `+++` headers name the file, `@@` hunks the line. */
function diffLines(
  diff: string,
  count: (source: EvidenceSource, path: string, counts: HiddenCounts) => void,
): EvidenceLine[] {
  let path = '';
  let newLine: number | null = null;
  let oldLine: number | null = null;
  const out: EvidenceLine[] = [];
  for (const raw of diff.replace(/\n$/, '').split('\n')) {
    let line: number | null = null;
    let header = false;
    if (raw.startsWith('diff --git ')) {
      path = diffGitHeaderPath(raw) ?? raw.slice(11);
      newLine = oldLine = null;
      header = true;
    } else if (raw.startsWith('+++ ') && newLine === null) {
      path = newSidePath(raw.slice(4)) ?? path;
      newLine = 1; // untracked files (review-evidence.ts) have no hunk header: lines start at 1
      oldLine = 1;
      header = true;
    } else if (raw.startsWith('--- ') && newLine === null) {
      header = true;
    } else if (raw.startsWith('@@')) {
      const m = /^@@ -(\d+)(?:,\d+)? \+(\d+)/.exec(raw);
      if (m) {
        oldLine = Number(m[1]);
        newLine = Number(m[2]);
      }
      header = true;
    } else if (newLine !== null && raw.startsWith('+')) {
      line = newLine++;
    } else if (oldLine !== null && raw.startsWith('-')) {
      line = oldLine++;
    } else if (newLine !== null && raw.startsWith(' ')) {
      line = newLine++;
      if (oldLine !== null) oldLine++;
    } else {
      header = true;
    }
    const revealed = revealHidden(raw, { markdown: !header && isMarkdownPath(path) });
    count('diff', path, revealed.counts);
    out.push({ source: 'diff', path, line, text: revealed.text, suspiciousHidden: revealed.suspicious });
  }
  return out;
}
