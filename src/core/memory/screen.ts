import { prepareEvidence } from '../verify/evidence-lines.js';
import { detectInjection, type InjectionSpan } from '../verify/injection-detect.js';
import type { MemoryEntry } from './entry.js';

/**
 * What the prompt-injection detector flags in an entry (null: nothing), as the promotion panel's
 * evidence is screened (review-entry.ts): its body, and its key read as words (the key is shown in a
 * recalled item's label). The description names where and which rule, never the matched text (it is
 * the untrusted party's).
 */
export function injectionFlags(entry: MemoryEntry): string | null {
  const path = `memory/${entry.kind}/${entry.key}`;
  const file = (at: string, content: string) => ({
    path: at,
    content,
    bytes: Buffer.byteLength(content),
    truncated: false,
    problem: null,
  });
  const report = detectInjection(
    prepareEvidence({
      diff: '',
      diffBytes: 0,
      diffTruncated: false,
      files: [file(path, entry.body), file(`${path} (key)`, entry.key.replace(/[_\-./:]+/g, ' '))],
      notes: [],
    }),
  );
  if (!report.suspected) return null;
  const first = report.spans.slice(0, 3).map(where).join('; ');
  return `the injection detector flagged ${report.total} span${report.total === 1 ? '' : 's'} in the entry (${first}${report.total > 3 ? '; …' : ''})`;
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
