import type { RecordedInjection } from '../ledger/entry-kinds.js';
import type { EvidenceLine, EvidenceSource, PreparedEvidence } from './evidence-lines.js';
import { spanLines } from './injection-span.js';

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
  /**
   * The last line the match covers: `line` for a match on one line, a later line for an instruction
   * split over several (docs/security.md, "Suspected injection is evidence, and fails closed").
   */
  end_line: number | null;
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

/** Each rule's bit in the per-line masks detectInjection keeps (which rules a line was flagged for). */
const BIT = new Map<InjectionRule, number>(
  ([...RULES.map((r) => r.rule), 'hidden-characters', 'mixed-script-word'] as InjectionRule[]).map(
    (rule, i) => [rule, 1 << i],
  ),
);

/** The patterns that can match inside a sentence (not those anchored at a line start), global, for the joined scan. */
const JOINED: ReadonlyArray<{ rule: InjectionRule; patterns: RegExp[] }> = RULES.map(
  ({ rule, patterns }) => ({
    rule,
    patterns: patterns
      .filter((p) => !p.source.startsWith('^'))
      .map((p) => new RegExp(p.source, `${p.flags}g`)),
  }),
);

/**
 * Scans prepared evidence line by line, then each file's lines joined as a model reads them, so an
 * instruction split over any number of lines (one word a line, behind diff markers and comment
 * leaders) is found. Hidden characters that hide text (tag characters, bidi controls, zero-width
 * characters) are always a span of their own. Diff header lines are scanned too, so an instruction
 * in a file name is found. Spans come in the order of the lines they start on.
 */
export function detectInjection(evidence: PreparedEvidence): InjectionReport {
  const spans: InjectionSpan[] = [];
  let total = 0;
  for (const section of evidence.sections) {
    const found: Array<{ at: number; span: InjectionSpan }> = [];
    const rulesAt = new Uint16Array(section.lines.length);
    section.lines.forEach((line, i) => {
      rulesAt[i] = scanLine(line, (span) => found.push({ at: i, span }));
    });
    scanJoined(section.lines, rulesAt, (at, span) => found.push({ at, span }));
    found.sort((a, b) => a.at - b.at); // stable: a line's own spans first, as found
    for (const { span } of found) {
      total++;
      if (spans.length < MAX_SPANS) spans.push(span);
    }
  }
  return { suspected: total > 0, spans, total };
}

/**
 * A diff line's +/-/space prefix and a comment's leader (`//`, `#`, ` * `, `<!--` with the mark a
 * Markdown file's comment gets, hidden-text.ts; `--`, `;`, `>`, `%`) or a lone closer (`*\/`).
 */
const LEAD = /^[+\- ]?\s*(?:\u27E6html-comment\u27E7)?(?:\*+\/|\/\/+|#+|\*+|\/\*+|<!--|--|;+|>|%+)?\s*/;

/** A line's text after LEAD, without trailing space and a comment's closer (`*\/`, `-->`); by hand, as a `\s*$` pattern is quadratic in a run of spaces. */
function bodyOf(text: string, lead: number): string {
  let body = text.slice(lead).trimEnd();
  let end = body.length;
  if (body.endsWith('-->')) end -= 3;
  else if (body.endsWith('*/')) for (end -= 1; body[end - 1] === '*'; ) end--;
  if (end < body.length) body = body.slice(0, end).trimEnd();
  return body;
}

/**
 * The lines of a section as one text, as a model reads them: each line without its diff marker,
 * comment leader and closer (LEAD, bodyOf), joined by one space; lines left empty add nothing. A
 * diff is read as each side of it reads: its added lines with the context around them, and its
 * removed lines with that context, so a removed line put between the words of an added instruction
 * does not hide it, and the lines a span covers are all on one side. A diff header (a new file or
 * hunk) starts new texts, so nothing is joined across files. Every pattern runs once over each text
 * (linear in its size: each match attempt reads a bounded window), and only matches that cross a
 * line break are kept; one already flagged, for the same rule, on a line it covers (by scanLine or
 * an earlier match) is not reported again.
 */
function scanJoined(
  lines: readonly EvidenceLine[],
  rulesAt: Uint16Array,
  push: (at: number, span: InjectionSpan) => void,
): void {
  const fresh = (): Joined => ({ lines, text: '', starts: [], indexes: [], leads: [], rulesAt });
  let added = fresh();
  let removed = fresh();
  const flush = () => {
    for (const joined of [added, removed]) if (joined.indexes.length > 1) scanText(joined, push);
    added = fresh();
    removed = fresh();
  };
  for (const [i, line] of lines.entries()) {
    const diff = line.source === 'diff';
    if (diff && line.line === null) {
      flush();
      continue;
    }
    const lead = (LEAD.exec(line.text)?.[0] ?? '').length;
    const body = bodyOf(line.text, lead);
    if (!body) continue;
    if (!diff || line.text[0] !== '-') append(added, i, lead, body);
    if (diff && line.text[0] !== '+') append(removed, i, lead, body);
  }
  flush();
}

function append(joined: Joined, index: number, lead: number, body: string): void {
  if (joined.text) joined.text += ' ';
  joined.starts.push(joined.text.length);
  joined.indexes.push(index);
  joined.leads.push(lead);
  joined.text += body;
}

interface Joined {
  lines: readonly EvidenceLine[];
  text: string;
  /** Where each joined line starts in `text`. */
  starts: number[];
  /** Its index in `lines`. */
  indexes: number[];
  /** How many characters of the line (LEAD) were dropped before it. */
  leads: number[];
  rulesAt: Uint16Array;
}

function scanText(at: Joined, push: (at: number, span: InjectionSpan) => void): void {
  const text = at.text;
  for (const { rule, patterns } of JOINED) {
    const bit = BIT.get(rule) as number;
    for (const pattern of patterns) {
      pattern.lastIndex = 0;
      for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
        const first = joinedLineAt(at.starts, m.index);
        const last = joinedLineAt(at.starts, m.index + m[0].length - 1);
        const covered = at.indexes.slice(first, last + 1);
        if (first === last || covered.some((i) => (at.rulesAt[i] as number) & bit)) {
          pattern.lastIndex = m.index + 1; // a later match may start inside this one
          continue;
        }
        for (const i of covered) at.rulesAt[i] = (at.rulesAt[i] as number) | bit;
        const line = at.lines[covered[0] as number] as EvidenceLine;
        const end = at.lines[covered[covered.length - 1] as number] as EvidenceLine;
        push(covered[0] as number, {
          rule,
          source: line.source,
          path: line.path,
          line: line.line,
          end_line: end.line,
          column: (at.leads[first] as number) + m.index - (at.starts[first] as number) + 1,
          match: clip(m[0]),
        });
      }
    }
  }
}

/** Which joined line (an index into `starts`) holds the character at `offset`: binary search. */
function joinedLineAt(starts: number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] as number) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Scans one line; returns the rules it was flagged for (BIT). Diff headers (file names) are also read with
 * `_`, `-`, `.` and `/` as spaces, so `IGNORE_PREVIOUS_INSTRUCTIONS.md` reads as words.
 */
function scanLine(line: EvidenceLine, push: (span: InjectionSpan) => void): number {
  const at = { source: line.source, path: line.path, line: line.line, end_line: line.line };
  let found = 0;
  if (line.suspiciousHidden > 0) {
    const column = line.text.indexOf('⟦') + 1;
    const end = line.text.indexOf('⟧', column) + 1;
    push({
      rule: 'hidden-characters',
      ...at,
      column: Math.max(1, column),
      match: clip(line.text.slice(column - 1, end || undefined)),
    });
    found |= BIT.get('hidden-characters') as number;
  }
  const mixed = mixedScript().exec(line.text);
  if (mixed) {
    push({ rule: 'mixed-script-word', ...at, column: mixed.index + 1, match: clip(mixed[0]) });
    found |= BIT.get('mixed-script-word') as number;
  }
  const header = line.source === 'diff' && line.line === null;
  const texts = header ? [line.text, line.text.replace(/[_\-./]+/g, ' ')] : [line.text];
  for (const { rule, patterns } of RULES) {
    search: for (const text of texts) {
      for (const pattern of patterns) {
        const m = pattern.exec(text);
        if (!m) continue;
        push({ rule, ...at, column: m.index + 1, match: clip(m[0]) });
        found |= BIT.get(rule) as number;
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
        ? `commit messages line ${span.line === null ? '?' : spanLines(span)}`
        : `${span.path || '(diff)'}${span.line !== null ? `:${spanLines(span)}` : ' (diff header)'}`;
  return `${where} [${span.rule}] ${JSON.stringify(span.match)}`;
}
