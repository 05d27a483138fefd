/**
 * Maps paths in a parsed TOML document (as zod reports them: `['done', 1, 'expect_exit']`) back to
 * `line:col` in the source text, so validation errors can point at what the user wrote.
 *
 * The scanner runs only on text that smol-toml has already accepted, so it can assume valid syntax
 * and skip over values instead of fully decoding them; it only has to get keys, headers and array
 * elements right. Lines and columns are 1-based and counted like smol-toml's `TomlError` (UTF-16
 * code units from the start of the line), so syntax and schema errors use the same coordinates.
 */

export type TomlPath = readonly (string | number)[];

export interface SourcePosition {
  line: number;
  col: number;
}

/** A stable map key for a path; JSON keeps `1` (index) and `"1"` (key) apart. */
export function pathKey(path: TomlPath): string {
  return JSON.stringify(path);
}

interface KeySegment {
  name: string;
  offset: number;
}

const BARE_KEY = /[A-Za-z0-9_-]/;

export class TomlPositions {
  private readonly lineStarts: number[] = [0];
  private readonly offsets = new Map<string, number>();
  /** Paths recorded only because a header or dotted key mentioned them on the way to a deeper path. */
  private readonly implicit = new Set<string>();
  /** How many `[[x]]` headers have been seen for each concrete array path. */
  private readonly arrayTables = new Map<string, number>();
  private i = 0;

  constructor(private readonly text: string) {
    for (let k = 0; k < text.length; k++) if (text.charCodeAt(k) === 10) this.lineStarts.push(k + 1);
    this.scanDocument();
  }

  /** The position recorded for exactly this path (a key, a table header or an array element). */
  exact(path: TomlPath): SourcePosition | undefined {
    const offset = this.offsets.get(pathKey(path));
    return offset === undefined ? undefined : this.toPosition(offset);
  }

  /**
   * The closest thing in the source to `path`: the path itself, else its nearest recorded ancestor
   * (the key of an array whose element could not be placed, the header of a table lacking a key),
   * else the start of the document.
   */
  locate(path: TomlPath): SourcePosition {
    for (let n = path.length; n > 0; n--) {
      const found = this.exact(path.slice(0, n));
      if (found) return found;
    }
    return { line: 1, col: 1 };
  }

  private toPosition(offset: number): SourcePosition {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.lineStarts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, col: offset - (this.lineStarts[lo] ?? 0) + 1 };
  }

  private record(path: TomlPath, offset: number, implicit: boolean): void {
    const key = pathKey(path);
    const known = this.offsets.has(key);
    if (known && !(this.implicit.has(key) && !implicit)) return;
    this.offsets.set(key, offset);
    if (implicit) this.implicit.add(key);
    else this.implicit.delete(key);
  }

  // --- document structure -------------------------------------------------------------------

  private scanDocument(): void {
    let table: (string | number)[] = [];
    const { text } = this;
    while (this.i < text.length) {
      this.skipInlineSpace();
      const c = text[this.i];
      if (c === undefined) break;
      if (c === '\n' || c === '\r') {
        this.i++;
        continue;
      }
      if (c === '#') {
        this.skipToLineEnd();
        continue;
      }
      if (c === '[') {
        table = this.scanHeader();
      } else {
        this.scanKeyValue(table);
      }
      this.skipToLineEnd();
    }
  }

  /** `[a.b]` or `[[a.b]]`; returns the concrete path (with array indices) that following keys go into. */
  private scanHeader(): (string | number)[] {
    const start = this.i;
    const isArray = this.text[this.i + 1] === '[';
    this.i += isArray ? 2 : 1;
    const segments = this.scanKey();
    this.skipInlineSpace();
    this.i += isArray ? 2 : 1;

    const concrete: (string | number)[] = [];
    segments.forEach((segment, index) => {
      concrete.push(segment.name);
      const last = index === segments.length - 1;
      const key = pathKey(concrete);
      if (last && isArray) {
        const count = this.arrayTables.get(key) ?? 0;
        this.arrayTables.set(key, count + 1);
        this.record(concrete, start, false);
        concrete.push(count);
        this.record(concrete, start, false);
        return;
      }
      if (last) {
        this.record(concrete, start, false);
        return;
      }
      this.record(concrete, segment.offset, true);
      // A header nested under an array of tables continues its most recent element.
      const count = this.arrayTables.get(key);
      if (count !== undefined) concrete.push(count - 1);
    });
    return concrete;
  }

  private scanKeyValue(table: readonly (string | number)[]): void {
    const path = this.scanDottedKeyInto(table);
    this.skipInlineSpace();
    this.i++; // '='
    this.skipInlineSpace();
    this.scanValue(path);
  }

  /** Reads `a."b".c`, recording each segment under `base`; returns the full path of the key. */
  private scanDottedKeyInto(base: readonly (string | number)[]): (string | number)[] {
    const segments = this.scanKey();
    const path = [...base];
    segments.forEach((segment, index) => {
      path.push(segment.name);
      this.record(path, segment.offset, index < segments.length - 1);
    });
    return path;
  }

  private scanKey(): KeySegment[] {
    const segments: KeySegment[] = [];
    const { text } = this;
    for (;;) {
      this.skipInlineSpace();
      const offset = this.i;
      const c = text[this.i];
      let name: string;
      if (c === '"') name = this.scanBasicString();
      else if (c === "'") name = this.scanLiteralString();
      else {
        const from = this.i;
        while (this.i < text.length && BARE_KEY.test(text[this.i] ?? '')) this.i++;
        name = text.slice(from, this.i);
      }
      segments.push({ name, offset });
      this.skipInlineSpace();
      if (text[this.i] !== '.') return segments;
      this.i++;
    }
  }

  // --- values -------------------------------------------------------------------------------

  private scanValue(path: (string | number)[]): void {
    const { text } = this;
    const c = text[this.i];
    if (c === '"') {
      if (text.startsWith('"""', this.i)) this.skipMultilineString('"""', true);
      else this.scanBasicString();
    } else if (c === "'") {
      if (text.startsWith("'''", this.i)) this.skipMultilineString("'''", false);
      else this.scanLiteralString();
    } else if (c === '[') {
      this.scanArray(path);
    } else if (c === '{') {
      this.scanInlineTable(path);
    } else {
      this.skipScalar();
    }
  }

  private scanArray(path: (string | number)[]): void {
    this.i++; // '['
    let index = 0;
    for (;;) {
      this.skipSpaceNewlinesComments();
      if (this.text[this.i] === ']' || this.i >= this.text.length) {
        this.i++;
        return;
      }
      const element = [...path, index];
      this.record(element, this.i, false);
      this.scanValue(element);
      this.skipSpaceNewlinesComments();
      if (this.text[this.i] === ',') this.i++;
      index++;
    }
  }

  private scanInlineTable(path: (string | number)[]): void {
    this.i++; // '{'
    for (;;) {
      this.skipSpaceNewlinesComments();
      if (this.text[this.i] === '}' || this.i >= this.text.length) {
        this.i++;
        return;
      }
      const keyPath = this.scanDottedKeyInto(path);
      this.skipInlineSpace();
      this.i++; // '='
      this.skipInlineSpace();
      this.scanValue(keyPath);
      this.skipSpaceNewlinesComments();
      if (this.text[this.i] === ',') this.i++;
    }
  }

  /** Numbers, booleans, dates and times; a local date may be followed by ` HH:MM` (TOML allows a space). */
  private skipScalar(): void {
    const { text } = this;
    const from = this.i;
    while (this.i < text.length && !/[\s,\]}#]/.test(text[this.i] ?? '')) this.i++;
    if (
      /^\d{4}-\d{2}-\d{2}$/.test(text.slice(from, this.i)) &&
      /^ \d{2}:/.test(text.slice(this.i, this.i + 4))
    ) {
      this.i++;
      while (this.i < text.length && !/[\s,\]}#]/.test(text[this.i] ?? '')) this.i++;
    }
  }

  private scanBasicString(): string {
    const { text } = this;
    this.i++; // opening quote
    let out = '';
    while (this.i < text.length) {
      const c = text[this.i] ?? '';
      if (c === '"') {
        this.i++;
        return out;
      }
      if (c === '\\') {
        out += this.decodeEscape();
        continue;
      }
      out += c;
      this.i++;
    }
    return out;
  }

  private decodeEscape(): string {
    const { text } = this;
    const e = text[this.i + 1] ?? '';
    this.i += 2;
    const simple: Record<string, string> = {
      b: '\b',
      t: '\t',
      n: '\n',
      f: '\f',
      r: '\r',
      e: '\x1b',
      '"': '"',
      '\\': '\\',
    };
    const known = simple[e];
    if (known !== undefined) return known;
    const width = e === 'u' ? 4 : e === 'U' ? 8 : e === 'x' ? 2 : 0;
    if (width === 0) return e;
    const code = Number.parseInt(text.slice(this.i, this.i + width), 16);
    this.i += width;
    return Number.isNaN(code) ? '' : String.fromCodePoint(code);
  }

  private scanLiteralString(): string {
    const { text } = this;
    const end = text.indexOf("'", this.i + 1);
    const stop = end === -1 ? text.length : end;
    const out = text.slice(this.i + 1, stop);
    this.i = stop + 1;
    return out;
  }

  private skipMultilineString(delimiter: string, escapes: boolean): void {
    const { text } = this;
    this.i += 3;
    while (this.i < text.length) {
      if (escapes && text[this.i] === '\\') {
        this.i += 2;
        continue;
      }
      if (text.startsWith(delimiter, this.i)) {
        this.i += 3;
        // Up to two quotes right before the closing delimiter belong to the content.
        let extra = 0;
        while (extra < 2 && text[this.i] === delimiter[0]) {
          this.i++;
          extra++;
        }
        return;
      }
      this.i++;
    }
  }

  // --- whitespace ---------------------------------------------------------------------------

  private skipInlineSpace(): void {
    while (this.text[this.i] === ' ' || this.text[this.i] === '\t') this.i++;
  }

  private skipToLineEnd(): void {
    const end = this.text.indexOf('\n', this.i);
    this.i = end === -1 ? this.text.length : end + 1;
  }

  private skipSpaceNewlinesComments(): void {
    const { text } = this;
    while (this.i < text.length) {
      const c = text[this.i];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r') this.i++;
      else if (c === '#') {
        const end = text.indexOf('\n', this.i);
        this.i = end === -1 ? text.length : end;
      } else return;
    }
  }
}

/** One-shot helper: where `path` is (or its closest located ancestor) in `text`. */
export function locateTomlPath(text: string, path: TomlPath): SourcePosition {
  return new TomlPositions(text).locate(path);
}
