/**
 * Which lines of a comment a reader sees as plain text starting a line: only such a line can hold a
 * `/truss` command (commands.ts, docs/app.md "Which lines are commands"), so quoting, documenting or hiding a
 * command never runs it.
 *
 * GitHub renders comments as CommonMark with its own extensions. This is not a renderer but a
 * reading that fails closed: every construct that quotes text, shows it as code, hides it, collapses
 * it or makes it something other than a plain paragraph line is recognised, and where the structure
 * is ambiguous the line counts as not plain. A command that is not run can be written again; one
 * that ran unseen cannot be taken back.
 *
 * Every step looks at one line or one paragraph with linear scans, so a crafted comment costs time in
 * proportion to its length (the code-span check below has a fixed budget and fails closed past it).
 */

import { type InlineSpans, inlineSpans } from './inline-spans.js';

/**
 * Elements whose content a reader does not see (or not until they expand it), sees as code, sees
 * as quoted or struck out, or sees in shrunken type. `rp` is not displayed; `rt` is a ruby annotation
 * in small type above other text, never a line of its own; `sub`, `sup` and `small` shrink their text
 * again at each level of nesting, to a faint dot a few levels deep; `bdo` (with `dir="rtl"`) shows
 * its text reversed (docs/app.md "Which lines are commands").
 */
const HIDING = new Set([
  'details',
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'object',
  'textarea',
  'select',
  'option',
  'title',
  'rp',
  'rt',
  'head',
  'pre',
  'code',
  'kbd',
  'samp',
  'tt',
  'var',
  'xmp',
  'listing',
  'plaintext',
  'blockquote',
  'q',
  'del',
  's',
  'strike',
  'sub',
  'sup',
  'small',
  'bdo',
]);

/** CommonMark's HTML block start condition 6: these tags start a block that ends at a blank line, even inside a paragraph. */
const BLOCK_TAGS = new Set(
  (
    'address article aside base basefont blockquote body caption center col colgroup dd details dialog dir div dl dt ' +
    'fieldset figcaption figure footer form frame frameset h1 h2 h3 h4 h5 h6 head header hr html iframe legend li link ' +
    'main menu menuitem nav noframes ol optgroup option p param search section summary table tbody td tfoot th thead ' +
    'title tr track ul'
  ).split(' '),
);

const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const ATX_HEADING = /^#{1,6}(?:[ \t]|$)/;
/** Tested on the trimmed line: at any indentation, so a list item's underline counts too. */
const SETEXT_UNDERLINE = /^(?:=+|-+)$/;
const FENCE = /^(`{3,}|~{3,})/;
const FENCE_CLOSE = /^(`+|~+)[ \t]*$/;
const LIST_MARKER = /^(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)/;
/** A footnote definition: its text shows at the end of the comment, and later lines continue it like a quote. */
const FOOTNOTE = /^\[\^[^\]]+\]:/;
const TAG = /<(\/?)([A-Za-z][A-Za-z0-9-]*)(?=[\s/>]|$)/g;
/** CommonMark's condition 7: a lone complete tag starts an HTML block, but only where no paragraph is open. */
const LONE_TAG = /^<\/?[A-Za-z][A-Za-z0-9-]*(?:[\s/][^<>]*)?>[ \t]*$/;

/**
 * Characters and steps the paragraph checks may spend on one comment; past this every further
 * candidate line counts as hidden. A comment is at most 65536 characters, so honest ones never come
 * near it, and a crafted one full of trigger lines costs a bounded time.
 */
const INLINE_BUDGET = 2_000_000;

/**
 * The first line of `body` that `isCandidate` accepts and that a reader sees as a plain line of
 * text: not in a quote (nor continuing one lazily), a footnote, fenced or indented code, an HTML
 * comment or HTML block, a hiding element such as `<details>` or `<pre>` (`HIDING`), a table, a
 * heading, a list item's marker line, a code span, struck-out text or math, or an attribute value, link
 * title, image alt text or link reference definition that spans lines (inline-spans.ts). Returns
 * null when none is.
 */
export function firstVisibleLine(body: string, isCandidate: (line: string) => boolean): string | null {
  const lines = body.split(/\r\n|\r|\n/);
  // Quote and list markers blanked out, as GitHub strips them before reading a paragraph's inline text.
  const spans = inlineSpans(
    lines.map((line) => {
      const { content } = containersOf(line);
      return ' '.repeat(line.length - content.length) + content;
    }),
  );
  const reader = new BlockReader(spans);
  const budget = { left: INLINE_BUDGET };
  let offset = 0;
  for (const [at, line] of lines.entries()) {
    const plain = reader.plain(line, offset);
    offset += line.length + 1;
    if (plain && isCandidate(line) && !spans.hidesLine(at) && !inlineHidden(lines, at, budget)) return line;
  }
  return null;
}

interface Containers {
  quote: boolean;
  list: boolean;
  /** The line after its indentation, `>` markers and list markers. */
  content: string;
  /** The column where `content` starts (a tab advances to the next multiple of 4). */
  column: number;
}

/** Block structure, one line at a time; `plain` says whether the line starts as plain paragraph text. */
class BlockReader {
  #fence: { char: string; length: number; column: number } | null = null;
  #indentedCode = false;
  #comment = false;
  /** Inside an HTML block: it ends at a blank line, or at a line that matches the pattern. */
  #html: 'blank' | RegExp | null = null;
  /** A quote or footnote was seen and no blank line since: a lazy continuation line belongs to it. */
  #quoted = false;
  #table = false;
  #open = new Map<string, number>();
  /** The previous line is paragraph text, which the next line may continue. */
  #text = false;
  /** The structure became ambiguous: nothing after this counts. */
  #gaveUp = false;
  readonly #spans: InlineSpans;
  /** The current line, and where it starts in the lines joined by `\n`. */
  #line = '';
  #offset = 0;

  constructor(spans: InlineSpans) {
    this.#spans = spans;
  }

  plain(line: string, offset: number): boolean {
    this.#line = line;
    this.#offset = offset;
    if (this.#gaveUp) return false;
    const blank = line.trim() === '';
    const indent = columnsOf(line);
    if (this.#fence) {
      this.#inFence(line, indent, blank);
      return false;
    }
    if (this.#indentedCode) {
      if (blank || indent >= 4) return false;
      this.#indentedCode = false;
    }
    if (this.#comment || this.#html) {
      if (!this.#comment && this.#html === 'blank' && blank) this.#html = null;
      else {
        const end = this.#html;
        this.#scan(line, end !== null);
        if (end instanceof RegExp && end.test(line)) this.#html = null;
      }
      this.#text = false;
      return false;
    }
    if (blank) {
      this.#quoted = false;
      this.#table = false;
      this.#text = false;
      return false;
    }
    if (indent >= 4 && !this.#text) {
      this.#indentedCode = true;
      return false;
    }
    if (THEMATIC_BREAK.test(line)) {
      this.#quoted = false;
      this.#text = false;
      return false;
    }
    const at = containersOf(line);
    // A block that interrupts a paragraph ends a quote too: it cannot continue the quote lazily.
    const interrupts = at.column <= 3 && !at.list;
    if (at.quote || FOOTNOTE.test(at.content)) {
      this.#quoted = true;
      this.#text = false;
      this.#scan(at.content, false);
      return false;
    }
    const fence = FENCE.exec(at.content);
    // A backtick "fence" with a backtick in its info string is inline code, not a fence.
    if (fence?.[1] && !(fence[1][0] === '`' && at.content.slice(fence[0].length).includes('`'))) {
      this.#fence = { char: fence[1][0] as string, length: fence[1].length, column: at.column };
      if (interrupts) this.#quoted = false;
      this.#text = false;
      return false;
    }
    const html = htmlBlockStart(at.content, this.#text);
    if (html !== undefined) {
      if (interrupts && html !== 'lone') this.#quoted = false;
      this.#html = html === 'lone' ? 'blank' : html;
      this.#scan(at.content, !at.list);
      if (html instanceof RegExp && html.test(at.content.slice(1))) this.#html = null;
      this.#text = false;
      return false;
    }
    if (this.#text && isDelimiterRow(at.content)) {
      this.#table = true;
      this.#text = false;
      return false;
    }
    if (ATX_HEADING.test(at.content) || (this.#text && SETEXT_UNDERLINE.test(line.trim()))) {
      if (interrupts && ATX_HEADING.test(at.content)) this.#quoted = false;
      this.#scan(at.content, false);
      this.#text = false;
      return false;
    }
    const plain = !this.#quoted && !this.#table && !at.list && !this.#hidden();
    this.#scan(at.content, false);
    this.#text = true;
    return plain;
  }

  /**
   * A fence closes at a fence of its character, at least as long, at its own column. A line left of
   * that column may end the list item the fence is in and start anything, so it ends the reading.
   */
  #inFence(line: string, indent: number, blank: boolean): void {
    const fence = this.#fence;
    if (!fence || blank) return;
    if (indent < fence.column) {
      this.#gaveUp = true;
      return;
    }
    if (indent > fence.column) return;
    const close = FENCE_CLOSE.exec(line.trimStart());
    if (close?.[1] && close[1][0] === fence.char && close[1].length >= fence.length) {
      this.#fence = null;
      this.#text = false;
    }
  }

  #hidden(): boolean {
    if (this.#comment) return true;
    for (const depth of this.#open.values()) if (depth > 0) return true;
    return false;
  }

  /**
   * Follows HTML comments and hiding elements through `text`, the current line or its end. Every
   * opening tag counts, even one in a code span. A closing tag counts in raw HTML (`raw`), and in
   * markdown only where it is complete and nothing before it may make it mere text: a code span,
   * an attribute value, a link title or a backslash (`InlineSpans.shields`).
   */
  #scan(text: string, raw: boolean): void {
    const base = this.#offset + this.#line.length - text.length;
    let from = 0;
    while (from < text.length) {
      if (this.#comment) {
        const end = text.indexOf('-->', from);
        if (end === -1) return;
        this.#comment = false;
        from = end + 3;
        continue;
      }
      const start = text.indexOf('<!--', from);
      this.#tags(start === -1 ? text.slice(from) : text.slice(from, start), raw, base + from);
      if (start === -1) return;
      this.#comment = true;
      from = start + 4;
    }
  }

  #tags(text: string, raw: boolean, base: number): void {
    for (const tag of text.matchAll(TAG)) {
      const [, slash, name] = tag;
      const element = (name as string).toLowerCase();
      if (!HIDING.has(element)) continue;
      const depth = this.#open.get(element) ?? 0;
      const at = tag.index ?? 0;
      if (!slash) this.#open.set(element, depth + 1);
      else if (depth > 0 && (raw || (closes(text, at + tag[0].length) && !this.#spans.shields(base + at))))
        this.#open.set(element, depth - 1);
    }
  }
}

/** Whether a closing tag's name, ending at `at`, is followed by `>` (after spaces) on its line. */
function closes(text: string, at: number): boolean {
  const end = /[ \t]*>/y;
  end.lastIndex = at;
  return end.test(text);
}

/**
 * How an HTML block that starts with `content` ends (CommonMark's seven start conditions): at a
 * blank line, at a line matching the pattern, with the comment (null), or at a blank line after a
 * lone tag ('lone', the one kind that cannot interrupt a paragraph); undefined when none starts.
 */
function htmlBlockStart(content: string, inParagraph: boolean): 'blank' | 'lone' | RegExp | null | undefined {
  if (!content.startsWith('<')) return undefined;
  if (/^<(?:pre|script|style|textarea)(?=[\s>]|$)/i.test(content))
    return /<\/(?:pre|script|style|textarea)>/i;
  if (content.startsWith('<!--')) return null;
  if (content.startsWith('<?')) return /\?>/;
  if (content.startsWith('<![CDATA[')) return /\]\]>/;
  if (/^<![A-Za-z]/.test(content)) return />/;
  const tag = /^<\/?([A-Za-z][A-Za-z0-9-]*)(?=[\s>]|\/>|$)/.exec(content);
  if (tag && BLOCK_TAGS.has((tag[1] as string).toLowerCase())) return 'blank';
  if (!inParagraph && LONE_TAG.test(content)) return 'lone';
  return undefined;
}

/** A table's delimiter row (`| --- | :-: |`): the line before it is the header, the lines after it rows. */
function isDelimiterRow(content: string): boolean {
  if (!content.includes('|')) return false;
  const cells = content.trim().replace(/^\|/, '').replace(/\|$/, '').split('|');
  return cells.every((cell) => /^:?-+:?$/.test(cell.trim()));
}

/** Columns of leading whitespace (a tab advances to the next multiple of 4). */
function columnsOf(line: string): number {
  let column = 0;
  for (const ch of line) {
    if (ch === ' ') column++;
    else if (ch === '\t') column += 4 - (column % 4);
    else break;
  }
  return column;
}

/** Strips indentation, `>` quote markers and list markers, in any order and depth. */
function containersOf(line: string): Containers {
  let quote = false;
  let list = false;
  let column = 0;
  let i = 0;
  for (;;) {
    while (line[i] === ' ' || line[i] === '\t') {
      column += line[i] === '\t' ? 4 - (column % 4) : 1;
      i++;
    }
    if (line[i] === '>') {
      quote = true;
      i++;
      column++;
      continue;
    }
    const marker = LIST_MARKER.exec(line.slice(i, i + 11));
    if (!marker) break;
    list = true;
    i += marker[0].length;
    column += marker[0].length;
  }
  return { quote, list, content: line.slice(i), column };
}

/**
 * Whether the paragraph around line `at` makes it something other than a plain line: a heading
 * (a setext underline below it), a table header (a delimiter row below it), or the inside of a code
 * span, struck-out text or math that starts on an earlier line. The paragraph is taken as everything
 * between the nearest blank lines, which can only add spans, never remove one.
 */
function inlineHidden(lines: readonly string[], at: number, budget: { left: number }): boolean {
  let first = at;
  while (first > 0 && (lines[first - 1] as string).trim() !== '') first--;
  let last = at;
  while (last + 1 < lines.length && (lines[last + 1] as string).trim() !== '') last++;
  for (let i = first; i <= last; i++) budget.left -= (lines[i] as string).length + 1;
  if (budget.left <= 0) return true;
  for (let i = at + 1; i <= last; i++) {
    const line = lines[i] as string;
    if (SETEXT_UNDERLINE.test(line.trim()) || isDelimiterRow(containersOf(line).content)) return true;
  }
  if (first === at) return false;
  const before = `${lines.slice(first, at).join('\n')}\n`;
  const text = before + lines.slice(at, last + 1).join('\n');
  return (
    struckOut(text, before.length) ||
    inMath(text, before.length) ||
    inCodeSpan(lines, first, at, last, budget)
  );
}

/**
 * GitHub renders text between `$` or `$$` runs as math, where a reader sees formulas, not lines of
 * text, and `\phantom{…}` draws nothing at all. As for struck-out text only the necessary part is
 * kept (a `$` opener before the line not followed by space, a `$$` opener anywhere before it, and a
 * closer of the same length on or after it, a `$` one not preceded by space), so it may call a line
 * math that is not, never the other way round.
 */
function inMath(text: string, line: number): boolean {
  const openers = new Set<number>();
  for (const run of text.matchAll(/\$+/g)) {
    const length = run[0].length;
    const index = run.index ?? 0;
    if (length > 2) continue;
    if (index < line) {
      if (length === 2 || !/\s/.test(text[index + length] ?? ' ')) openers.add(length);
    } else if (openers.has(length) && (length === 2 || !/\s/.test(text[index - 1] ?? ' '))) return true;
  }
  return false;
}

/**
 * GitHub strikes out text between `~` or `~~` runs. Whether a run opens or closes depends on what
 * surrounds it; this keeps only the necessary part (an opener before the line not followed by
 * space, a closer of the same length on or after it not preceded by space), so it may call a line
 * struck out that is not, never the other way round.
 */
function struckOut(text: string, line: number): boolean {
  const openers = new Set<number>();
  for (const run of text.matchAll(/~+/g)) {
    const length = run[0].length;
    const index = run.index ?? 0;
    if (length > 2) continue;
    if (index < line) {
      if (!/\s/.test(text[index + length] ?? ' ')) openers.add(length);
    } else if (openers.has(length) && !/\s/.test(text[index - 1] ?? ' ')) return true;
  }
  return false;
}

interface Run {
  at: number;
  length: number;
}

/**
 * Whether line `at` starts inside a code span that opened on an earlier line of its paragraph. The
 * paragraph starts at one of the lines `first`..`at - 1` (which one depends on block structure that
 * is read only roughly), so every one is tried: the line is hidden if any reading hides it. When a
 * `<` or `]` precedes a backtick (an HTML tag, autolink or link title may swallow it), any pair of
 * runs around the line counts instead.
 */
function inCodeSpan(
  lines: readonly string[],
  first: number,
  at: number,
  last: number,
  budget: { left: number },
): boolean {
  const text = lines.slice(first, last + 1).join('\n');
  const starts: number[] = [];
  let offset = 0;
  for (let i = first; i <= at; i++) {
    starts.push(offset);
    offset += (lines[i] as string).length + 1;
  }
  const line = starts[starts.length - 1] as number;
  const runs: Run[] = [...text.matchAll(/`+/g)].map((run) => ({ at: run.index ?? 0, length: run[0].length }));
  if (!runs.some((run) => run.at < line)) return false;
  const swallower = text.slice(0, line).search(/[<\]]/);
  if (swallower !== -1 && text.slice(swallower, line).includes('`')) {
    const before = new Set(runs.filter((run) => run.at < line).map((run) => run.length));
    return runs.some((run) => run.at > line && (before.has(run.length) || before.has(run.length + 1)));
  }
  for (const start of starts.slice(0, -1)) {
    budget.left -= runs.length;
    let i = runs.findIndex((run) => run.at >= start);
    while (i !== -1 && i < runs.length) {
      const run = runs[i] as Run;
      if (run.at >= line) break;
      // A backslash before the run (itself not escaped) makes its first backtick literal.
      let slashes = 0;
      while (run.at - slashes - 1 >= start && text[run.at - slashes - 1] === '\\') slashes++;
      const length = run.length - (slashes % 2);
      let close = -1;
      if (length > 0)
        for (let j = i + 1; j < runs.length; j++) {
          if (--budget.left <= 0) return true;
          if ((runs[j] as Run).length === length) {
            close = j;
            break;
          }
        }
      if (close === -1) {
        i++;
        continue;
      }
      if ((runs[close] as Run).at > line) return true;
      i = close + 1;
    }
  }
  return false;
}
