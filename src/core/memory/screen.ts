import { prepareEvidence } from '../verify/evidence-lines.js';
import {
  detectInjection,
  type InjectionReport,
  type InjectionSpan,
  MAX_SPANS,
} from '../verify/injection-detect.js';
import type { ContextFile, ReviewEvidence } from '../verify/review-evidence.js';
import type { MemoryEntry } from './entry.js';

/** A file of evidence the detector and the panel read (review-evidence.ts `ContextFile`). */
export function evidenceFile(path: string, content: string): ContextFile {
  return { path, content, bytes: Buffer.byteLength(content), truncated: false, problem: null };
}

/**
 * The entry's key read as words (`_ - . / :` as spaces), as the detector reads a file name: the key
 * is shown in a recalled item's label, and `ignore_previous_instructions` must read as the phrase.
 */
export function keyAsWords(entry: MemoryEntry): ContextFile {
  return evidenceFile(`memory/${entry.kind}/${entry.key} (key)`, entry.key.replace(/[_\-./:]+/g, ' '));
}

/** The detector's report on the entry's key read as words (keyAsWords). */
export function screenKey(entry: MemoryEntry): InjectionReport {
  return detectInjection(prepareEvidence(only(keyAsWords(entry))));
}

/** Two reports as one: every span (at most MAX_SPANS kept), every count. */
export function mergeReports(a: InjectionReport, b: InjectionReport): InjectionReport {
  return {
    suspected: a.suspected || b.suspected,
    spans: [...a.spans, ...b.spans].slice(0, MAX_SPANS),
    total: a.total + b.total,
  };
}

/**
 * What the prompt-injection detector flags in an entry (null: nothing), as the promotion panel's
 * evidence is screened (review-entry.ts): its body, and its key read as words. The description
 * names where and which rule, never the matched text (it is the untrusted party's).
 */
export function injectionFlags(entry: MemoryEntry): string | null {
  const body = detectInjection(
    prepareEvidence(only(evidenceFile(`memory/${entry.kind}/${entry.key}`, entry.body))),
  );
  const report = mergeReports(body, screenKey(entry));
  if (!report.suspected) return null;
  const first = report.spans.slice(0, 3).map(where).join('; ');
  return `the injection detector flagged ${report.total} span${report.total === 1 ? '' : 's'} in the entry (${first}${report.total > 3 ? '; …' : ''})`;
}

function only(file: ContextFile): ReviewEvidence {
  return { diff: '', diffBytes: 0, diffTruncated: false, files: [file], notes: [] };
}

/**
 * Why an unverified entry may not be put on trial (docs/memory.md "Eval-gated promotion"), or null
 * when it may. An entry on trial is told to an executor although no signed decision checked it, so
 * any span the detector flags is a refusal (fail closed).
 */
export function trialRefusal(entry: MemoryEntry): string | null {
  const flags = injectionFlags(entry);
  return flags
    ? `suspected prompt injection: ${flags}, so it is not put on trial and no model is told it; it stays unverified. ` +
        'Read it (truss memory show or truss playbook show): a maintainer can still promote it with --maintainer --reason TEXT, or the panel can review it'
    : null;
}

function where(span: InjectionSpan): string {
  return `${span.path}${span.line !== null && !span.path.endsWith('(key)') ? `:${span.line}` : ''} [${span.rule}]`;
}
