/**
 * Inline constructs that can span lines inside a paragraph, for visible-lines.ts: raw HTML (a tag
 * with its attribute values, a comment, a processing instruction, CDATA, a declaration), a link's
 * destination and title after `](`, link and image text between `[` / `![` and `]`, and link
 * reference definitions. A line that starts inside one is not a plain line of text: an attribute
 * value, a title, a destination, a definition and an image's alt text are not shown at all.
 *
 * Which `<` or `](` really starts a construct depends on everything before it (a code span or an
 * attribute value may swallow it) and on where the paragraph starts, which is read only roughly. So
 * this does not decide: every `<` followed by a letter, `/`, `?` or `!` and every `](` counts as a
 * start, each read by its own grammar, loosely, until it ends or, where that grammar fails, through
 * the failing character. A real construct is always one of these readings and ends no earlier, so a
 * line inside a real one is always found; a line inside a reading that is not real is hidden too,
 * which fails closed. The same readings, with every code span that may open at a backtick run,
 * tell where a `]` or a closing tag may be mere text: such a one closes nothing.
 *
 * The text is read between blank lines (no inline construct crosses one), with quote and list
 * markers blanked out as GitHub strips them. Each scan is linear or charged to a budget, past which
 * every line counts as hidden and no closing tag as real.
 */

/** Steps the readings may take over one comment (a comment is at most 65536 characters). */
const BUDGET = 2_000_000;
/** CommonMark caps a link label at 999 characters. */
const MAX_LABEL = 999;
const WHITESPACE = /[ \t\n\r\f\v]/;

export interface InlineSpans {
  /** Whether line `index` starts inside a construct that began on an earlier line of its paragraph. */
  hidesLine(index: number): boolean;
  /** Whether the character at `offset` (in the lines joined by `\n`) may be inside a code span or another construct. */
  shields(offset: number): boolean;
}

/**
 * Reads `lines` (with container markers already replaced by spaces, so offsets match the original
 * lines joined by `\n`).
 */
export function inlineSpans(lines: readonly string[]): InlineSpans {
  const text = lines.join('\n');
  const starts: number[] = [];
  let offset = 0;
  for (const line of lines) {
    starts.push(offset);
    offset += line.length + 1;
  }
  const hidden = new Uint8Array(lines.length);
  const shield = new Uint8Array(text.length + 1);
  const budget = { left: BUDGET };
  let first = 0;
  for (let i = 0; i <= lines.length && budget.left > 0; i++) {
    if (i < lines.length && (lines[i] as string).trim() !== '') continue;
    if (i > first) {
      const from = starts[first] as number;
      const region = new Region(
        text.slice(from, (starts[i - 1] as number) + (lines[i - 1] as string).length),
        budget,
      );
      region.read();
      for (let line = first + 1; line < i; line++)
        if (region.hides((starts[line] as number) - from)) hidden[line] = 1;
      const definition = region.definition(starts.slice(first, i).map((start) => start - from));
      for (let line = first + definition + 1; line < i; line++) hidden[line] = 1;
      region.shielded(shield, from);
    }
    first = i + 1;
  }
  if (budget.left <= 0) return { hidesLine: () => true, shields: () => true };
  return {
    hidesLine: (index) => hidden[index] === 1,
    shields: (at) => shield[at] === 1 || escaped(text, at),
  };
}

/** Whether the character at `at` is backslash-escaped (an odd run of backslashes before it). */
function escaped(text: string, at: number): boolean {
  let slashes = 0;
  while (at - slashes - 1 >= 0 && text[at - slashes - 1] === '\\') slashes++;
  return slashes % 2 === 1;
}

interface Run {
  at: number;
  length: number;
}

/** One stretch of text between blank lines; offsets are relative to its start. */
class Region {
  readonly #text: string;
  readonly #budget: { left: number };
  /** Running counts of the readings covering each offset, for hiding lines and for shielding. */
  readonly #hide: Int32Array;
  readonly #shield: Int32Array;
  /** Bracket depth at each line start. */
  readonly #depth = new Map<number, number>();
  /** The first occurrence at or after the last search of each terminator, -1 for none. */
  readonly #found = new Map<string, number>();

  constructor(text: string, budget: { left: number }) {
    this.#text = text;
    this.#budget = budget;
    this.#hide = new Int32Array(text.length + 1);
    this.#shield = new Int32Array(text.length + 1);
  }

  /** Reads every raw HTML, autolink, link tail and code span reading, then the brackets. */
  read(): void {
    const text = this.#text;
    for (let at = text.indexOf('<'); at !== -1 && this.#budget.left > 0; at = text.indexOf('<', at + 1)) {
      const end = this.#html(at);
      if (end !== null) this.#mark(true, at, end);
      const link = this.#autolink(at);
      if (link !== null) this.#mark(false, at, link);
    }
    for (let at = text.indexOf(']('); at !== -1 && this.#budget.left > 0; at = text.indexOf('](', at + 1)) {
      const end = this.#linkTail(at + 1);
      if (end !== null) this.#mark(true, at, end);
    }
    this.#codeSpans();
    for (const array of [this.#hide, this.#shield])
      for (let at = 1; at < array.length; at++) array[at] = (array[at] as number) + (array[at - 1] as number);
    this.#brackets();
  }

  /** Whether the line starting at `at` is inside a reading or an open `[`. */
  hides(at: number): boolean {
    return this.#hide[at] !== 0 || (this.#depth.get(at) ?? 0) > 0;
  }

  /** Copies the shielded offsets into `shield`, which holds the whole comment, this region at `from`. */
  shielded(shield: Uint8Array, from: number): void {
    for (let at = 0; at < this.#text.length; at++) if (this.#shield[at] !== 0) shield[from + at] = 1;
  }

  /**
   * The index of the first line (of those starting at `starts`) that starts a link reference
   * definition (`[label]:`), Infinity when none does. A definition is not shown, nor is what follows
   * it in its paragraph (a title, more definitions), so every later line is hidden; a line inside
   * the label is hidden by its open `[`.
   */
  definition(starts: readonly number[]): number {
    const text = this.#text;
    for (const [line, start] of starts.entries()) {
      let open = start;
      while (text[open] === ' ' || text[open] === '\t') open++;
      if (text[open] !== '[') continue;
      let at = open + 1;
      while (at < text.length && at - open <= MAX_LABEL && text[at] !== '[' && text[at] !== ']')
        at += text[at] === '\\' ? 2 : 1;
      if (text[at] === ']' && text[at + 1] === ':') return line;
    }
    return Number.POSITIVE_INFINITY;
  }

  /** Covers `at + 1` .. `end - 1`: a line or character at the reading's own start is not inside it. */
  #mark(hides: boolean, at: number, end: number): void {
    const last = Math.min(end, this.#text.length);
    if (last <= at + 1) return;
    for (const array of hides ? [this.#hide, this.#shield] : [this.#shield]) {
      array[at + 1] = (array[at + 1] as number) + 1;
      array[last] = (array[last] as number) - 1;
    }
  }

  #spend(steps: number): void {
    this.#budget.left -= steps;
  }

  /** The end (exclusive) of the raw HTML reading at the `<` at `at`, or null when none starts there. */
  #html(at: number): number | null {
    const text = this.#text;
    const next = text[at + 1] ?? '';
    if (text.startsWith('<!--', at)) return this.#until('-->', at + 4);
    if (text.startsWith('<![CDATA[', at)) return this.#until(']]>', at + 9);
    if (next === '!') return this.#until('>', at + 2);
    if (next === '?') return this.#until('?>', at + 2);
    if (next === '/') return /[A-Za-z]/.test(text[at + 2] ?? '') ? this.#closingTag(at + 2) : null;
    return /[A-Za-z]/.test(next) ? this.#openTag(at + 1) : null;
  }

  /**
   * Just past the first `terminator` at or after `from`; the region's end when there is none. Each
   * terminator is looked for with rising `from`, so a found one is reused until passed.
   */
  #until(terminator: string, from: number): number {
    let end = this.#found.get(terminator);
    if (end === undefined || (end !== -1 && end < from)) {
      end = this.#text.indexOf(terminator, from);
      this.#spend((end === -1 ? this.#text.length : end) - from);
      this.#found.set(terminator, end);
    }
    return end === -1 ? this.#text.length : end + terminator.length;
  }

  /** `</name`, whitespace, `>`; a failing character is covered too. */
  #closingTag(from: number): number {
    const text = this.#text;
    let at = from;
    while (at < text.length && /[A-Za-z0-9-]/.test(text[at] as string)) at++;
    while (at < text.length && WHITESPACE.test(text[at] as string)) at++;
    this.#spend(at - from);
    return at + 1;
  }

  /**
   * `<name`, then attributes (a quoted value only right after `=`) up to `>` or `/>`. A quote that
   * is not a value, a `<`, or a `/` not before `>` ends the reading, covering that character: no
   * real tag holds one there. An unclosed value runs to the region's end.
   */
  #openTag(from: number): number {
    const end = this.#openTagEnd(from);
    this.#spend(end - from);
    return end;
  }

  #openTagEnd(from: number): number {
    const text = this.#text;
    let value = false;
    for (let at = from; at < text.length; at++) {
      const c = text[at] as string;
      if (c === '>' || c === '<') return at + 1;
      if (c === '/') return text[at + 1] === '>' ? at + 2 : at + 1;
      if (c === '"' || c === "'") {
        if (!value) return at + 1;
        const close = text.indexOf(c, at + 1);
        if (close === -1) return text.length;
        at = close;
        value = false;
      } else if (c === '=') value = true;
      else if (!WHITESPACE.test(c)) value = false;
    }
    return text.length;
  }

  /** `<` then no whitespace, `<` or `>` up to a `>`: an autolink, which may hold a `]`. Null when none. */
  #autolink(at: number): number | null {
    const text = this.#text;
    let end = at + 1;
    while (end < text.length && !/[\s<>]/.test(text[end] as string)) end++;
    return text[end] === '>' ? end + 1 : null;
  }

  /**
   * The end (exclusive) of a link's destination and title after the `(` at `open`, covering a
   * failing character. An unclosed title or `<…>` destination runs to the region's end.
   */
  #linkTail(open: number): number {
    const text = this.#text;
    let at = this.#space(open + 1);
    if (text[at] === '<') {
      at++;
      while (at < text.length && !'>\n<'.includes(text[at] as string)) at += text[at] === '\\' ? 2 : 1;
      if (text[at] !== '>') return at + 1;
      at++;
    } else {
      for (let depth = 0; at < text.length && !WHITESPACE.test(text[at] as string); at++) {
        const c = text[at];
        if (c === '\\') at++;
        else if (c === '(') depth++;
        else if (c === ')' && depth-- === 0) break;
      }
    }
    at = this.#space(at);
    const quote = text[at] as string;
    if (quote === '"' || quote === "'" || quote === '(') {
      const close = quote === '(' ? ')' : quote;
      for (at++; at < text.length && text[at] !== close; at++) if (text[at] === '\\') at++;
      at = this.#space(at + 1);
    }
    this.#spend(at - open);
    return at + 1;
  }

  #space(from: number): number {
    let at = from;
    while (at < this.#text.length && WHITESPACE.test(this.#text[at] as string)) at++;
    return at;
  }

  /**
   * Every code span a backtick run may open: up to the next run of the same length (after a
   * backslash, a run may open one a backtick shorter too).
   */
  #codeSpans(): void {
    const text = this.#text;
    const runs: Run[] = [...text.matchAll(/`+/g)].map((run) => ({
      at: run.index ?? 0,
      length: run[0].length,
    }));
    const next = new Map<number, number>();
    for (let i = runs.length - 1; i >= 0; i--) {
      const run = runs[i] as Run;
      const close = next.get(run.length);
      if (close !== undefined) this.#mark(false, run.at, close);
      if (run.length > 1 && escaped(text, run.at)) {
        const shorter = next.get(run.length - 1);
        if (shorter !== undefined) this.#mark(false, run.at, shorter);
      }
      next.set(run.length, run.at);
    }
  }

  /**
   * Link and image text: every `[` not escaped opens, every `]` not escaped and outside every
   * reading and possible code span closes the innermost (as cmark's delimiter stack does), so the
   * depth kept here is never below the real one. Records the depth at each line start.
   */
  #brackets(): void {
    const text = this.#text;
    let depth = 0;
    for (let at = 0; at < text.length; at++) {
      const c = text[at];
      if (c === '\n') this.#depth.set(at + 1, depth);
      else if (c === '[' && !escaped(text, at)) depth++;
      else if (c === ']' && depth > 0 && this.#shield[at] === 0 && !escaped(text, at)) depth--;
    }
  }
}
