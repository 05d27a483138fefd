import { prepareEvidence } from '../verify/evidence-lines.js';
import {
  detectInjection,
  type InjectionReport,
  type InjectionSpan,
  MAX_SPANS,
} from '../verify/injection-detect.js';
import { spanLines } from '../verify/injection-span.js';
import type { ContextFile, ReviewEvidence } from '../verify/review-evidence.js';
import { type MemoryEntry, recalledBody } from './entry.js';

/** A file of evidence the detector and the panel read (review-evidence.ts `ContextFile`). */
export function evidenceFile(path: string, content: string): ContextFile {
  return { path, content, bytes: Buffer.byteLength(content), truncated: false, problem: null };
}

/**
 * The entry as recall shows it to an executor, where that differs from its body as written: its key
 * read as words (`_ - . / :` as spaces, as the detector reads a file name), since the key is in the
 * item's label; and a lesson's body on the one line recall joins it into, exactly as the executor
 * reads it (the detector also reads an instruction split over lines whole in any body; docs/security.md).
 */
export function asRecalled(entry: MemoryEntry): ContextFile[] {
  const at = `memory/${entry.kind}/${entry.key}`;
  const shown = recalledBody(entry);
  return [
    evidenceFile(`${at} (key)`, entry.key.replace(/[_\-./:]+/g, ' ')),
    // A playbook's lines are recalled as written (indented): only a joined lesson reads otherwise.
    ...(entry.kind !== 'playbook' && shown !== entry.body.trim()
      ? [evidenceFile(`${at} (as recalled)`, shown)]
      : []),
  ];
}

/** The detector's report on the entry as recall shows it (asRecalled). */
export function screenAsRecalled(entry: MemoryEntry): InjectionReport {
  return detectInjection(prepareEvidence(evidenceOf(asRecalled(entry))));
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
 * evidence is screened (review-entry.ts): its body as written, and as recall shows it (asRecalled).
 * The description names where and which rule, never the matched text (it is the untrusted party's).
 */
export function injectionFlags(entry: MemoryEntry): string | null {
  const written = evidenceFile(`memory/${entry.kind}/${entry.key}`, entry.body);
  const report = detectInjection(prepareEvidence(evidenceOf([written, ...asRecalled(entry)])));
  if (!report.suspected) return null;
  const first = report.spans.slice(0, 3).map(where).join('; ');
  return `the injection detector flagged ${report.total} span${report.total === 1 ? '' : 's'} in the entry (${first}${report.total > 3 ? '; …' : ''})`;
}

function evidenceOf(files: ContextFile[]): ReviewEvidence {
  return { diff: '', diffBytes: 0, diffTruncated: false, files, notes: [] };
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
        "Read it (truss memory|playbook show ID; on GitHub, in the ledger branch's memory/log.jsonl): a maintainer who trusts it can still promote it with --maintainer --reason TEXT (and --ledger-branch on GitHub), or the panel can review it"
    : null;
}

/** `memory/lesson/KEY:3 [rule]`; a line only where the file has several (the body as written). */
function where(span: InjectionSpan): string {
  const line = span.line !== null && !span.path.endsWith(')') ? `:${spanLines(span)}` : '';
  return `${span.path}${line} [${span.rule}]`;
}

/**
 * What a maintainer promoting `entry` by hand should read first, or null: a maintainer's decision
 * is the human override of the panel and of the detector, so it is signed as asked, but not
 * blindly (docs/memory.md, "Promote as a maintainer").
 */
export function maintainerPromotionWarning(entry: MemoryEntry): string | null {
  const flags = injectionFlags(entry);
  if (!flags) return null;
  return `warning: ${flags}; a maintainer promotion signs it anyway, and every later run's agent is told it. Read it with \`truss ${entry.kind === 'playbook' ? 'playbook' : 'memory'} show ${entry.id.slice(0, 12)}\` (hidden characters are marked there) before you rely on it`;
}
