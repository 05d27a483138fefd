import type { RecordedInjection } from '../ledger/entry-kinds.js';
import type { EvidenceLine, EvidenceSource, PreparedEvidence } from './evidence-lines.js';

/**
 * Flags evidence that addresses the reviewers or the grading instead of being the work: the panel
 * judges text written by the party it judges, so a line that tells "the reviewer" how to vote is
 * itself a finding. The rules are deliberately about *addressing the judge* (instructions, role
 * markers, vote objects, our own prompt headings and delimiter name, hidden characters), not about
 * topics: a diff that describes prompt injection is not flagged, one that quotes an attack phrase
 * is (measured by `npm run bench:injection`; docs/security.md, "What reaches models"). Matches are
 * recorded with file and line in the signed evidence; what happens next is the contract's
 * `[panel] on_suspected_injection` policy (docs/contracts.md).
 */

export type InjectionRule =
  | 'ignore-instructions'
  | 'addresses-reviewer'
  | 'vote-directive'
  | 'vote-object'
  | 'role-marker'
  | 'fake-heading'
  | 'evidence-delimiter'
  | 'hidden-characters'
  | 'mixed-script-word';

export interface InjectionSpan {
  rule: InjectionRule;
  source: EvidenceSource;
  path: string;
  line: number | null;
  /** 1-based column of the match in the line as the model read it (hidden characters revealed; after a diff line's number column, evidence-envelope.ts). */
  column: number;
  /** The matched text, clipped. */
  match: string;
}

export interface InjectionReport {
  suspected: boolean;
  /** At most MAX_SPANS spans; `total` counts all of them. */
  spans: InjectionSpan[];
  total: number;
}

export const MAX_SPANS = 50;
const MATCH_CHARS = 160;

const WHO =
  '(?:reviewers?|review(?:ing)? (?:panel|bots?|models?|agents?)|panel|graders?|judges?|evaluators?|ai|llms?|language models?|models?|assistants?|bots?|agents?|gpt|claude|copilot)';

/** Each rule: a name and patterns tried on every line of evidence. */
const RULES: ReadonlyArray<{ rule: InjectionRule; patterns: RegExp[] }> = [
  {
    rule: 'ignore-instructions',
    patterns: [
      /\b(?:ignore|disregard|forget|override|bypass)\b[^\n]{0,40}?\b(?:previous|prior|above|earlier|preceding|all|any|your|system|original)\b[^\n]{0,30}?\b(?:instructions?|prompts?|rules|directions|guidelines|directives|lens)\b/i,
      /\bnew (?:system )?instructions?\s*(?::|follow)/i,
    ],
  },
  {
    rule: 'addresses-reviewer',
    patterns: [
      new RegExp(
        String.raw`\byou are (?:now |no longer |actually )?(?:a|an|the|my)\b[^\n]{0,40}?\b${WHO}\b`,
        'i',
      ),
      new RegExp(
        String.raw`\b(?:dear|attention|hey|hello|hi|note to|message to|instructions? (?:to|for)|to the|for (?:the|any))\s+(?:automated |ai |llm |code )?${WHO}\b[^\n]{0,3}[,:!]`,
        'i',
      ),
      new RegExp(
        String.raw`\b(?:automated|ai|llm|code|model|robot)[- ]${WHO}\b[^\n]{0,60}?\b(?:should|must|shall|need to|please|are (?:instructed|required|told))\b`,
        'i',
      ),
      new RegExp(String.raw`\bif you are (?:an? )?${WHO}\b`, 'i'),
      new RegExp(
        String.raw`\bimportant(?: note)? (?:for|to) (?:the |all |any )?(?:automated |ai |llm )?${WHO}\b`,
        'i',
      ),
      /\byour lens\b|\bseat \d+ of \d+\b/i,
    ],
  },
  {
    rule: 'vote-directive',
    patterns: [
      // An imperative "vote met" (after a sentence break or a directive word), not "seats vote met".
      /(?:^|[.:;,!*/#>-]\s*|\b(?:please|must|should|always|just|now|then|simply|and|to)\s+)vote\b\W{0,4}(?:as\W{0,3}|is\W{0,3}|with\W{0,3}|for\W{0,3})?["'`]?(?:met|not[_ ]met|unverifiable)\b/i,
      /\b(?:mark|judge|rate|grade|score|consider|treat|report|declare)\b[^\n]{0,30}?\b(?:clause|contract|criteri(?:on|a)|requirements?|this change|this pr|the change)\b[^\n]{0,30}?\b(?:as )?(?:met|satisfied|passing|passed|approved)\b/i,
      /\b(?:respond|reply|answer|output)\b[^\n]{0,40}?\b(?:vote|verdict)\b/i,
    ],
  },
  {
    rule: 'vote-object',
    patterns: [/[{,]\s*\\?["']?vote\\?["']?\s*:\s*\\?["']?(?:met|not_met|unverifiable)/i, /\bsubmit_vote\b/],
  },
  {
    rule: 'role-marker',
    patterns: [
      /<\|(?:im_start|im_end|system|user|assistant|endoftext|eot_id|start_header_id|end_header_id)\|>/i,
      /\[\/?INST\]|<<\/?SYS>>/,
      /^[\s+\-#/*>]*#{1,6}\s*(?:system|assistant|user|human|developer|instruction|response)\s*:?\s*$/i,
      /^[\s+\-/*>#]*(?:System|Assistant|Human|Developer)\s*:\s+\S/,
      /<\/?(?:system|assistant|instructions|system[-_]prompt|admin)>/i,
    ],
  },
  {
    rule: 'fake-heading',
    patterns: [
      /^[\s+\-/*>]*#{1,6}\s*(?:clause to judge|limits of this evidence|reviewer instructions|review instructions|instructions for (?:the )?reviewers?|updated clause|new clause)\b/i,
      // Our own prompt's headings standing alone ("## Intent"), not a heading that starts with the word.
      /^[\s+\-/*>]*#{1,6}\s*(?:intent|verdict|diff|diff \(base[^)]*\)|file \S+)\s*:?\s*$/i,
      /\bend of (?:the )?evidence\b/i,
    ],
  },
  {
    rule: 'evidence-delimiter',
    patterns: [/<\/?\s*evidence[-_][0-9a-z]*/i, /\bevidence-[0-9a-f]{8,}\b/i],
  },
];

/**
 * A word mixing Latin with Cyrillic or Greek letters (`vоte` with a Cyrillic о): homoglyphs that read
 * as one thing to a human and another to a pattern. Real words in one language do not mix scripts;
 * a unit like `μs` (one Latin letter) is left alone.
 */
function mixedScript(): RegExp {
  // Made on first use: V8 builds the Unicode script classes when the expression is created, about a
  // millisecond every `truss` start paid, also the runs that scan nothing (docs/performance.md).
  mixedScriptPattern ??=
    /(?<![\p{L}\p{M}])(?=(?:[\p{L}\p{M}]*?\p{Script=Latin}){2})(?=[\p{L}\p{M}]*[\p{Script=Cyrillic}\p{Script=Greek}])[\p{L}\p{M}]{3,}/u;
  return mixedScriptPattern;
}
let mixedScriptPattern: RegExp | undefined;

/**
 * Scans prepared evidence line by line. Hidden characters that hide text (tag characters, bidi
 * controls, zero-width characters) are always a span of their own. Diff header lines are scanned
 * too, so an instruction in a file name is found.
 */
export function detectInjection(evidence: PreparedEvidence): InjectionReport {
  const spans: InjectionSpan[] = [];
  let total = 0;
  const push = (span: InjectionSpan) => {
    total++;
    if (spans.length < MAX_SPANS) spans.push(span);
  };
  for (const section of evidence.sections) {
    section.lines.forEach((line, i) => {
      const found = scanLine(line, push);
      const next = section.lines[i + 1];
      // An instruction split over two lines: scan the pair, keep only matches that cross the break.
      if (!found && next) scanAcross(line, next, push);
    });
  }
  return { suspected: total > 0, spans, total };
}

/** Drops a diff line's +/-/space prefix and comment leaders, so two lines join as prose. */
function prose(text: string): string {
  return text.replace(/^[+\- ]?\s*(?:\/\/+|#+|\*+|\/\*+|<!--|--|;+|>)?\s*/, '');
}

function scanAcross(line: EvidenceLine, next: EvidenceLine, push: (span: InjectionSpan) => void): void {
  const first = line.text;
  const joined = `${first} ${prose(next.text)}`;
  for (const { rule, patterns } of RULES) {
    for (const pattern of patterns) {
      if (pattern.source.startsWith('^')) continue;
      const m = pattern.exec(joined);
      if (!m || m.index >= first.length || m.index + m[0].length <= first.length) continue;
      push({
        rule,
        source: line.source,
        path: line.path,
        line: line.line,
        column: m.index + 1,
        match: clip(m[0]),
      });
      return;
    }
  }
}

/**
 * Scans one line; returns whether anything was flagged. Diff headers (file names) are also read with
 * `_`, `-`, `.` and `/` as spaces, so `IGNORE_PREVIOUS_INSTRUCTIONS.md` reads as words.
 */
function scanLine(line: EvidenceLine, push: (span: InjectionSpan) => void): boolean {
  const at = { source: line.source, path: line.path, line: line.line };
  let found = false;
  if (line.suspiciousHidden > 0) {
    const column = line.text.indexOf('⟦') + 1;
    const end = line.text.indexOf('⟧', column) + 1;
    push({
      rule: 'hidden-characters',
      ...at,
      column: Math.max(1, column),
      match: clip(line.text.slice(column - 1, end || undefined)),
    });
    found = true;
  }
  const mixed = mixedScript().exec(line.text);
  if (mixed) {
    push({ rule: 'mixed-script-word', ...at, column: mixed.index + 1, match: clip(mixed[0]) });
    found = true;
  }
  const header = line.source === 'diff' && line.line === null;
  const texts = header ? [line.text, line.text.replace(/[_\-./]+/g, ' ')] : [line.text];
  for (const { rule, patterns } of RULES) {
    search: for (const text of texts) {
      for (const pattern of patterns) {
        const m = pattern.exec(text);
        if (!m) continue;
        push({ rule, ...at, column: m.index + 1, match: clip(m[0]) });
        found = true;
        break search;
      }
    }
  }
  return found;
}

function clip(text: string): string {
  return text.length > MATCH_CHARS ? `${text.slice(0, MATCH_CHARS)}…` : text;
}

/** "src/a.ts:12 (vote-object) `{"vote": "met"`" — one line per span, for reasons and notes. */
export function describeSpan(span: RecordedInjection['spans'][number]): string {
  const where =
    span.source === 'note'
      ? 'evidence notes'
      : span.source === 'commits'
        ? `commit messages line ${span.line ?? '?'}`
        : `${span.path || '(diff)'}${span.line !== null ? `:${span.line}` : ' (diff header)'}`;
  return `${where} [${span.rule}] ${JSON.stringify(span.match)}`;
}
