import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type NonceSource, randomNonce } from '../../src/core/verify/evidence-envelope.js';
import { prepareEvidence } from '../../src/core/verify/evidence-lines.js';
import { detectInjection, type InjectionReport } from '../../src/core/verify/injection-detect.js';
import type { ReviewEvidence } from '../../src/core/verify/review-evidence.js';
import { buildReviewPrompt, LENSES, type ReviewPrompt } from '../../src/core/verify/review-prompt.js';

/**
 * The prompt-injection corpus (test/fixtures/injection): red-team cases that must be neutralised and
 * flagged, and ordinary changes that measure the false-flag rate. Shared by the test and
 * `npm run bench:injection`, so both run the real prompt builder and detector.
 */
export interface CorpusCase {
  id: string;
  category: string;
  /** new-file: shown as an added file in the diff; context: a reviewer_context file; commits: commit messages; diff: raw diff text. */
  where: 'new-file' | 'context' | 'commits' | 'diff';
  path: string;
  text: string;
}

export const CORPUS_DIR = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'injection');

export function loadCorpus(name: 'attacks' | 'ordinary'): CorpusCase[] {
  return (JSON.parse(readFileSync(join(CORPUS_DIR, `${name}.json`), 'utf8')) as { cases: CorpusCase[] })
    .cases;
}

/** The evidence a case becomes, shaped as review-evidence.ts collects it. */
export function evidenceOf(c: CorpusCase): { evidence: ReviewEvidence; commits?: string } {
  const base: ReviewEvidence = { diff: '', diffBytes: 0, diffTruncated: false, files: [], notes: [] };
  switch (c.where) {
    case 'new-file': {
      const body = c.text
        .replace(/\n$/, '')
        .split('\n')
        .map((l) => `+${l}`)
        .join('\n');
      const diff = `diff --git a/${c.path} b/${c.path}\nnew file (untracked)\n--- /dev/null\n+++ b/${c.path}\n${body}\n`;
      return { evidence: { ...base, diff, diffBytes: Buffer.byteLength(diff) } };
    }
    case 'diff':
      return { evidence: { ...base, diff: c.text, diffBytes: Buffer.byteLength(c.text) } };
    case 'context':
      return {
        evidence: {
          ...base,
          files: [
            {
              path: c.path,
              content: c.text,
              bytes: Buffer.byteLength(c.text),
              truncated: false,
              problem: null,
            },
          ],
        },
      };
    case 'commits':
      return { evidence: base, commits: c.text };
  }
}

/** Code points no model message may carry raw (they must arrive as ⟦…⟧ marks). */
const RAW_HIDDEN =
  /[\u{E0000}-\u{E007F}\u202A-\u202E\u2066-\u2069\u200B\u2060\u200E\u200F\u061C]|(?<=[\x20-\x7E])(?:\u200C|\u200D|\uFEFF)|(?:\u200C|\u200D|\uFEFF)(?=[\x20-\x7E])/u;

export interface CaseResult {
  id: string;
  category: string;
  flagged: boolean;
  /** Problems with the container: an empty list means the evidence stayed data. */
  containment: string[];
  report: InjectionReport;
  prompt: ReviewPrompt;
}

/** Builds the real reviewer prompt for a case and checks containment and detection. */
export function runCase(c: CorpusCase, nonce: NonceSource = randomNonce): CaseResult {
  const { evidence, commits } = evidenceOf(c);
  const prepared = prepareEvidence(evidence, commits !== undefined ? { commits } : {});
  const prompt = buildReviewPrompt({
    seat: 3,
    seats: 4,
    lens: LENSES[3] as (typeof LENSES)[number],
    intent: 'Create greeting.txt containing exactly: hello from the harness',
    clause: 'the greeting reads naturally and matches the intent',
    evidence: prepared,
    nonce,
  });
  const report = detectInjection(prepared);
  return {
    id: c.id,
    category: c.category,
    flagged: report.suspected,
    containment: containment(prompt),
    report,
    prompt,
  };
}

/** Parses a built prompt: exactly one evidence region, in its own message, and no raw hidden characters. */
export function containment(prompt: ReviewPrompt): string[] {
  const problems: string[] = [];
  const { open, close, tag } = prompt.delimiter;
  const count = (text: string, needle: string) => text.split(needle).length - 1;
  const [task, evidence, reminder] = prompt.messages.map((m) => m.content);
  if (
    prompt.messages.length !== 3 ||
    task === undefined ||
    evidence === undefined ||
    reminder === undefined
  ) {
    return ['expected three messages: task, evidence, reminder'];
  }
  if (!evidence.startsWith(`${open}\n`) || !evidence.endsWith(`\n${close}`))
    problems.push('evidence message is not exactly one region');
  if (count(evidence, open) !== 1) problems.push(`opening tag occurs ${count(evidence, open)} times`);
  if (count(evidence, close) !== 1) problems.push(`closing tag occurs ${count(evidence, close)} times`);
  for (const [name, text] of [
    ['system', prompt.system],
    ['task', task],
    ['reminder', reminder],
  ] as const) {
    if (text.includes(`<${tag}`) && name !== 'system')
      problems.push(`${name} message opens an evidence region`);
  }
  if (count(prompt.system, open) !== 1 || count(prompt.system, close) !== 2)
    problems.push('system prompt does not name the delimiter as expected');
  for (const [name, text] of [
    ['system', prompt.system],
    ...prompt.messages.map((m, i) => [`message ${i}`, m.content] as const),
  ]) {
    if (RAW_HIDDEN.test(text)) problems.push(`${name} carries a raw hidden character`);
  }
  return problems;
}

export interface CorpusScore {
  attacks: {
    total: number;
    flagged: number;
    contained: number;
    detection_rate: number;
    missed: string[];
    leaked: string[];
  };
  ordinary: {
    total: number;
    flagged: number;
    contained: number;
    false_flag_rate: number;
    false_flags: string[];
    leaked: string[];
  };
}

export function scoreCorpus(nonce?: NonceSource): CorpusScore {
  const attacks = loadCorpus('attacks').map((c) => runCase(c, nonce));
  const ordinary = loadCorpus('ordinary').map((c) => runCase(c, nonce));
  const rate = (n: number, d: number) => (d === 0 ? 0 : Math.round((n / d) * 10_000) / 10_000);
  const aFlagged = attacks.filter((r) => r.flagged).length;
  const oFlagged = ordinary.filter((r) => r.flagged).length;
  return {
    attacks: {
      total: attacks.length,
      flagged: aFlagged,
      contained: attacks.filter((r) => r.containment.length === 0).length,
      detection_rate: rate(aFlagged, attacks.length),
      missed: attacks.filter((r) => !r.flagged).map((r) => r.id),
      leaked: attacks
        .filter((r) => r.containment.length > 0)
        .map((r) => `${r.id}: ${r.containment.join('; ')}`),
    },
    ordinary: {
      total: ordinary.length,
      flagged: oFlagged,
      contained: ordinary.filter((r) => r.containment.length === 0).length,
      false_flag_rate: rate(oFlagged, ordinary.length),
      false_flags: ordinary
        .filter((r) => r.flagged)
        .map(
          (r) =>
            `${r.id}: ${r.report.spans
              .slice(0, 2)
              .map((s) => `${s.rule} ${JSON.stringify(s.match)}`)
              .join(', ')}`,
        ),
      leaked: ordinary
        .filter((r) => r.containment.length > 0)
        .map((r) => `${r.id}: ${r.containment.join('; ')}`),
    },
  };
}
