#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  SESSION_ID,
  commitFilesToBranch,
  embedMeta,
  isOwnApp,
  latestSessionFor,
  listRepoDir,
  listSessionMetas,
  readRepoFile,
  resolveAuthors,
  trustedKeysFor
} from "./chunk-23665E7C.js";
import {
  isRateLimitError,
  statusOf,
  toMissingPermission
} from "./chunk-BS4FZTIF.js";
import {
  parseContractToml
} from "./chunk-KKDUZS42.js";
import {
  checkoutLine,
  contextLine,
  formatCount,
  isolationLine,
  memoryEntryLabel,
  selfValidationLine
} from "./chunk-RMNTHYXM.js";
import {
  CONFIG_FILE,
  CONTRACTS_DIR
} from "./chunk-BTXOVFDS.js";
import {
  ContractError,
  decidePathFilter
} from "./chunk-P5AJ53RB.js";
import {
  ledgerBundleFileName
} from "./chunk-BWCCY57Z.js";
import {
  checkReceipt
} from "./chunk-RDZHSOJG.js";
import {
  markBidi
} from "./chunk-ASHGVO73.js";
import {
  HUMAN_REVIEW_KIND,
  appendHumanReviewToBundle,
  createNodeCrypto,
  parseBundle,
  readEntries,
  readPayload,
  rolePin,
  verifyBundle
} from "./chunk-P2CFU6IE.js";
import {
  external_exports
} from "./chunk-SF6ZOAOS.js";

// src/github/render/escape.ts
var ZWJ = "\u200D";
var CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u0084\u0086-\u009F]/g;
function normalizeText(text) {
  return markBidi(text.replace(/\r\n?|[\u0085\u2028\u2029]/g, "\n").replace(CONTROL, ""));
}
function neutralizeMentions(text) {
  return text.replace(/@(?=[A-Za-z0-9_-])/g, `@${ZWJ}`).replace(/#(?=\d)/g, `#${ZWJ}`).replace(/(?<![A-Za-z])(GH)-(?=\d)/gi, `$1-${ZWJ}`).replace(/(?<![A-Za-z])([A-Za-z][A-Za-z0-9+.-]*):(?=\/\/)/g, `$1:${ZWJ}`).replace(/(www)\./gi, `$1${ZWJ}.`);
}
function breakCommentDelimiters(text) {
  return text.replace(/<!--/g, `<!-${ZWJ}-`).replace(/--(!?)>/g, `-${ZWJ}-$1>`);
}
function escapeHtml(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
var MARKDOWN_PUNCT = /[\\`*_{}[\]()|~!#]/g;
function inlineText(text, maxChars = Number.POSITIVE_INFINITY) {
  const clipped = clipHead(normalizeText(text).trim(), maxChars);
  const markdown = neutralizeMentions(clipped).replace(MARKDOWN_PUNCT, (c) => `\\${c}`).replace(/^([+=-])/, "\\$1").replace(/^(\d+)([.)])/, "$1\\$2");
  return escapeHtml(markdown).replace(/[ \t]*\n[ \t]*/g, "<br>");
}
function htmlText(text, maxChars = Number.POSITIVE_INFINITY) {
  return escapeHtml(neutralizeMentions(clipHead(normalizeText(text), maxChars))).replace(/[\\`*_[\]|~]/g, (c) => `&#x${c.charCodeAt(0).toString(16).toUpperCase()};`).replace(/\s+/g, " ").trim();
}
function longestRun(text, char) {
  let longest = 0;
  let current = 0;
  for (const c of text) {
    current = c === char ? current + 1 : 0;
    if (current > longest) longest = current;
  }
  return longest;
}
function fencedBlock(text, info = "") {
  const body = breakCommentDelimiters(neutralizeMentions(normalizeText(text))).replace(/\n+$/, "");
  const fence = "`".repeat(Math.max(3, longestRun(body, "`") + 1));
  return `${fence}${info.replace(/[`\s]/g, "")}
${body}
${fence}`;
}
function codeSpan(text) {
  return inlineCode(breakCommentDelimiters(neutralizeMentions(normalizeText(text))));
}
function commandSpan(command) {
  return inlineCode(breakCommentDelimiters(normalizeText(command)));
}
function inlineCode(text) {
  const body = text.replace(/\s+/g, " ").replace(/\|/g, "\\|");
  const ticks = "`".repeat(longestRun(body, "`") + 1);
  const pad = body.startsWith("`") || body.endsWith("`") ? " " : "";
  return `${ticks}${pad}${body}${pad}${ticks}`;
}
function safeUrl(url) {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return null;
    return parsed.href.replace(
      /[()<>\s"'`|]/g,
      (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`
    );
  } catch {
    return null;
  }
}
function shellQuote(text) {
  return /^[\w./@:+-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
function safeCut(text, at) {
  const code = text.charCodeAt(at);
  return at > 0 && code >= 56320 && code <= 57343 ? at - 1 : at;
}
function clipHead(text, maxChars) {
  if (text.length <= maxChars) return text;
  const cut = safeCut(text, Math.max(0, Math.floor(maxChars)));
  return `${text.slice(0, cut)}\u2026 [truncated ${text.length - cut} chars]`;
}
function clipTail(text, maxChars) {
  if (text.length <= maxChars) return text;
  let start = safeCut(text, text.length - Math.max(0, Math.floor(maxChars)));
  const newline = text.indexOf("\n", start);
  if (newline !== -1 && newline - start < 200 && newline + 1 < text.length) start = newline + 1;
  return `[\u2026 ${start} earlier chars truncated]
${text.slice(start)}`;
}

// src/github/inline-spans.ts
var BUDGET = 2e6;
var MAX_LABEL = 999;
var WHITESPACE = /[ \t\n\r\f\v]/;
function inlineSpans(lines) {
  const text = lines.join("\n");
  const starts = [];
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
    if (i < lines.length && lines[i].trim() !== "") continue;
    if (i > first) {
      const from = starts[first];
      const region = new Region(
        text.slice(from, starts[i - 1] + lines[i - 1].length),
        budget
      );
      region.read();
      for (let line = first + 1; line < i; line++)
        if (region.hides(starts[line] - from)) hidden[line] = 1;
      const definition = region.definition(starts.slice(first, i).map((start) => start - from));
      for (let line = first + definition + 1; line < i; line++) hidden[line] = 1;
      region.shielded(shield, from);
    }
    first = i + 1;
  }
  if (budget.left <= 0) return { hidesLine: () => true, shields: () => true };
  return {
    hidesLine: (index) => hidden[index] === 1,
    shields: (at) => shield[at] === 1 || escaped(text, at)
  };
}
function escaped(text, at) {
  let slashes = 0;
  while (at - slashes - 1 >= 0 && text[at - slashes - 1] === "\\") slashes++;
  return slashes % 2 === 1;
}
var Region = class {
  #text;
  #budget;
  /** Running counts of the readings covering each offset, for hiding lines and for shielding. */
  #hide;
  #shield;
  /** Bracket depth at each line start. */
  #depth = /* @__PURE__ */ new Map();
  /** The first occurrence at or after the last search of each terminator, -1 for none. */
  #found = /* @__PURE__ */ new Map();
  constructor(text, budget) {
    this.#text = text;
    this.#budget = budget;
    this.#hide = new Int32Array(text.length + 1);
    this.#shield = new Int32Array(text.length + 1);
  }
  /** Reads every raw HTML, autolink, link tail and code span reading, then the brackets. */
  read() {
    const text = this.#text;
    for (let at = text.indexOf("<"); at !== -1 && this.#budget.left > 0; at = text.indexOf("<", at + 1)) {
      const end = this.#html(at);
      if (end !== null) this.#mark(true, at, end);
      const link = this.#autolink(at);
      if (link !== null) this.#mark(false, at, link);
    }
    for (let at = text.indexOf("]("); at !== -1 && this.#budget.left > 0; at = text.indexOf("](", at + 1)) {
      const end = this.#linkTail(at + 1);
      if (end !== null) this.#mark(true, at, end);
    }
    this.#codeSpans();
    for (const array of [this.#hide, this.#shield])
      for (let at = 1; at < array.length; at++) array[at] = array[at] + array[at - 1];
    this.#brackets();
  }
  /** Whether the line starting at `at` is inside a reading or an open `[`. */
  hides(at) {
    return this.#hide[at] !== 0 || (this.#depth.get(at) ?? 0) > 0;
  }
  /** Copies the shielded offsets into `shield`, which holds the whole comment, this region at `from`. */
  shielded(shield, from) {
    for (let at = 0; at < this.#text.length; at++) if (this.#shield[at] !== 0) shield[from + at] = 1;
  }
  /**
   * The index of the first line (of those starting at `starts`) that starts a link reference
   * definition (`[label]:`), Infinity when none does. A definition is not shown, nor is what follows
   * it in its paragraph (a title, more definitions), so every later line is hidden; a line inside
   * the label is hidden by its open `[`.
   */
  definition(starts) {
    const text = this.#text;
    for (const [line, start] of starts.entries()) {
      let open = start;
      while (text[open] === " " || text[open] === "	") open++;
      if (text[open] !== "[") continue;
      let at = open + 1;
      while (at < text.length && at - open <= MAX_LABEL && text[at] !== "[" && text[at] !== "]")
        at += text[at] === "\\" ? 2 : 1;
      if (text[at] === "]" && text[at + 1] === ":") return line;
    }
    return Number.POSITIVE_INFINITY;
  }
  /** Covers `at + 1` .. `end - 1`: a line or character at the reading's own start is not inside it. */
  #mark(hides, at, end) {
    const last = Math.min(end, this.#text.length);
    if (last <= at + 1) return;
    for (const array of hides ? [this.#hide, this.#shield] : [this.#shield]) {
      array[at + 1] = array[at + 1] + 1;
      array[last] = array[last] - 1;
    }
  }
  #spend(steps) {
    this.#budget.left -= steps;
  }
  /** The end (exclusive) of the raw HTML reading at the `<` at `at`, or null when none starts there. */
  #html(at) {
    const text = this.#text;
    const next = text[at + 1] ?? "";
    if (text.startsWith("<!--", at)) return this.#until("-->", at + 4);
    if (text.startsWith("<![CDATA[", at)) return this.#until("]]>", at + 9);
    if (next === "!") return this.#until(">", at + 2);
    if (next === "?") return this.#until("?>", at + 2);
    if (next === "/") return /[A-Za-z]/.test(text[at + 2] ?? "") ? this.#closingTag(at + 2) : null;
    return /[A-Za-z]/.test(next) ? this.#openTag(at + 1) : null;
  }
  /**
   * Just past the first `terminator` at or after `from`; the region's end when there is none. Each
   * terminator is looked for with rising `from`, so a found one is reused until passed.
   */
  #until(terminator, from) {
    let end = this.#found.get(terminator);
    if (end === void 0 || end !== -1 && end < from) {
      end = this.#text.indexOf(terminator, from);
      this.#spend((end === -1 ? this.#text.length : end) - from);
      this.#found.set(terminator, end);
    }
    return end === -1 ? this.#text.length : end + terminator.length;
  }
  /** `</name`, whitespace, `>`; a failing character is covered too. */
  #closingTag(from) {
    const text = this.#text;
    let at = from;
    while (at < text.length && /[A-Za-z0-9-]/.test(text[at])) at++;
    while (at < text.length && WHITESPACE.test(text[at])) at++;
    this.#spend(at - from);
    return at + 1;
  }
  /**
   * `<name`, then attributes (a quoted value only right after `=`) up to `>` or `/>`. A quote that
   * is not a value, a `<`, or a `/` not before `>` ends the reading, covering that character: no
   * real tag holds one there. An unclosed value runs to the region's end.
   */
  #openTag(from) {
    const end = this.#openTagEnd(from);
    this.#spend(end - from);
    return end;
  }
  #openTagEnd(from) {
    const text = this.#text;
    let value = false;
    for (let at = from; at < text.length; at++) {
      const c = text[at];
      if (c === ">" || c === "<") return at + 1;
      if (c === "/") return text[at + 1] === ">" ? at + 2 : at + 1;
      if (c === '"' || c === "'") {
        if (!value) return at + 1;
        const close = text.indexOf(c, at + 1);
        if (close === -1) return text.length;
        at = close;
        value = false;
      } else if (c === "=") value = true;
      else if (!WHITESPACE.test(c)) value = false;
    }
    return text.length;
  }
  /** `<` then no whitespace, `<` or `>` up to a `>`: an autolink, which may hold a `]`. Null when none. */
  #autolink(at) {
    const text = this.#text;
    let end = at + 1;
    while (end < text.length && !/[\s<>]/.test(text[end])) end++;
    return text[end] === ">" ? end + 1 : null;
  }
  /**
   * The end (exclusive) of a link's destination and title after the `(` at `open`, covering a
   * failing character. An unclosed title or `<…>` destination runs to the region's end.
   */
  #linkTail(open) {
    const text = this.#text;
    let at = this.#space(open + 1);
    if (text[at] === "<") {
      at++;
      while (at < text.length && !">\n<".includes(text[at])) at += text[at] === "\\" ? 2 : 1;
      if (text[at] !== ">") return at + 1;
      at++;
    } else {
      for (let depth = 0; at < text.length && !WHITESPACE.test(text[at]); at++) {
        const c = text[at];
        if (c === "\\") at++;
        else if (c === "(") depth++;
        else if (c === ")" && depth-- === 0) break;
      }
    }
    at = this.#space(at);
    const quote = text[at];
    if (quote === '"' || quote === "'" || quote === "(") {
      const close = quote === "(" ? ")" : quote;
      for (at++; at < text.length && text[at] !== close; at++) if (text[at] === "\\") at++;
      at = this.#space(at + 1);
    }
    this.#spend(at - open);
    return at + 1;
  }
  #space(from) {
    let at = from;
    while (at < this.#text.length && WHITESPACE.test(this.#text[at])) at++;
    return at;
  }
  /**
   * Every code span a backtick run may open: up to the next run of the same length (after a
   * backslash, a run may open one a backtick shorter too).
   */
  #codeSpans() {
    const text = this.#text;
    const runs = [...text.matchAll(/`+/g)].map((run) => ({
      at: run.index ?? 0,
      length: run[0].length
    }));
    const next = /* @__PURE__ */ new Map();
    for (let i = runs.length - 1; i >= 0; i--) {
      const run = runs[i];
      const close = next.get(run.length);
      if (close !== void 0) this.#mark(false, run.at, close);
      if (run.length > 1 && escaped(text, run.at)) {
        const shorter = next.get(run.length - 1);
        if (shorter !== void 0) this.#mark(false, run.at, shorter);
      }
      next.set(run.length, run.at);
    }
  }
  /**
   * Link and image text: every `[` not escaped opens, every `]` not escaped and outside every
   * reading and possible code span closes the innermost (as cmark's delimiter stack does), so the
   * depth kept here is never below the real one. Records the depth at each line start.
   */
  #brackets() {
    const text = this.#text;
    let depth = 0;
    for (let at = 0; at < text.length; at++) {
      const c = text[at];
      if (c === "\n") this.#depth.set(at + 1, depth);
      else if (c === "[" && !escaped(text, at)) depth++;
      else if (c === "]" && depth > 0 && this.#shield[at] === 0 && !escaped(text, at)) depth--;
    }
  }
};

// src/github/visible-lines.ts
var HIDING = /* @__PURE__ */ new Set([
  "details",
  "script",
  "style",
  "template",
  "noscript",
  "iframe",
  "object",
  "textarea",
  "select",
  "option",
  "title",
  "rp",
  "rt",
  "head",
  "pre",
  "code",
  "kbd",
  "samp",
  "tt",
  "var",
  "xmp",
  "listing",
  "plaintext",
  "blockquote",
  "q",
  "del",
  "s",
  "strike"
]);
var BLOCK_TAGS = new Set(
  "address article aside base basefont blockquote body caption center col colgroup dd details dialog dir div dl dt fieldset figcaption figure footer form frame frameset h1 h2 h3 h4 h5 h6 head header hr html iframe legend li link main menu menuitem nav noframes ol optgroup option p param search section summary table tbody td tfoot th thead title tr track ul".split(" ")
);
var THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
var ATX_HEADING = /^#{1,6}(?:[ \t]|$)/;
var SETEXT_UNDERLINE = /^(?:=+|-+)$/;
var FENCE = /^(`{3,}|~{3,})/;
var FENCE_CLOSE = /^(`+|~+)[ \t]*$/;
var LIST_MARKER = /^(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)/;
var FOOTNOTE = /^\[\^[^\]]+\]:/;
var TAG = /<(\/?)([A-Za-z][A-Za-z0-9-]*)(?=[\s/>]|$)/g;
var LONE_TAG = /^<\/?[A-Za-z][A-Za-z0-9-]*(?:[\s/][^<>]*)?>[ \t]*$/;
var INLINE_BUDGET = 2e6;
function firstVisibleLine(body, isCandidate) {
  const lines = body.split(/\r\n|\r|\n/);
  const spans = inlineSpans(
    lines.map((line) => {
      const { content } = containersOf(line);
      return " ".repeat(line.length - content.length) + content;
    })
  );
  const reader = new BlockReader(spans);
  const budget = { left: INLINE_BUDGET };
  let offset = 0;
  for (const [at, line] of lines.entries()) {
    const plain2 = reader.plain(line, offset);
    offset += line.length + 1;
    if (plain2 && isCandidate(line) && !spans.hidesLine(at) && !inlineHidden(lines, at, budget)) return line;
  }
  return null;
}
var BlockReader = class {
  #fence = null;
  #indentedCode = false;
  #comment = false;
  /** Inside an HTML block: it ends at a blank line, or at a line that matches the pattern. */
  #html = null;
  /** A quote or footnote was seen and no blank line since: a lazy continuation line belongs to it. */
  #quoted = false;
  #table = false;
  #open = /* @__PURE__ */ new Map();
  /** The previous line is paragraph text, which the next line may continue. */
  #text = false;
  /** The structure became ambiguous: nothing after this counts. */
  #gaveUp = false;
  #spans;
  /** The current line, and where it starts in the lines joined by `\n`. */
  #line = "";
  #offset = 0;
  constructor(spans) {
    this.#spans = spans;
  }
  plain(line, offset) {
    this.#line = line;
    this.#offset = offset;
    if (this.#gaveUp) return false;
    const blank = line.trim() === "";
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
      if (!this.#comment && this.#html === "blank" && blank) this.#html = null;
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
    const interrupts = at.column <= 3 && !at.list;
    if (at.quote || FOOTNOTE.test(at.content)) {
      this.#quoted = true;
      this.#text = false;
      this.#scan(at.content, false);
      return false;
    }
    const fence = FENCE.exec(at.content);
    if (fence?.[1] && !(fence[1][0] === "`" && at.content.slice(fence[0].length).includes("`"))) {
      this.#fence = { char: fence[1][0], length: fence[1].length, column: at.column };
      if (interrupts) this.#quoted = false;
      this.#text = false;
      return false;
    }
    const html = htmlBlockStart(at.content, this.#text);
    if (html !== void 0) {
      if (interrupts && html !== "lone") this.#quoted = false;
      this.#html = html === "lone" ? "blank" : html;
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
    if (ATX_HEADING.test(at.content) || this.#text && SETEXT_UNDERLINE.test(line.trim())) {
      if (interrupts && ATX_HEADING.test(at.content)) this.#quoted = false;
      this.#scan(at.content, false);
      this.#text = false;
      return false;
    }
    const plain2 = !this.#quoted && !this.#table && !at.list && !this.#hidden();
    this.#scan(at.content, false);
    this.#text = true;
    return plain2;
  }
  /**
   * A fence closes at a fence of its character, at least as long, at its own column. A line left of
   * that column may end the list item the fence is in and start anything, so it ends the reading.
   */
  #inFence(line, indent, blank) {
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
  #hidden() {
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
  #scan(text, raw) {
    const base = this.#offset + this.#line.length - text.length;
    let from = 0;
    while (from < text.length) {
      if (this.#comment) {
        const end = text.indexOf("-->", from);
        if (end === -1) return;
        this.#comment = false;
        from = end + 3;
        continue;
      }
      const start = text.indexOf("<!--", from);
      this.#tags(start === -1 ? text.slice(from) : text.slice(from, start), raw, base + from);
      if (start === -1) return;
      this.#comment = true;
      from = start + 4;
    }
  }
  #tags(text, raw, base) {
    for (const tag of text.matchAll(TAG)) {
      const [, slash, name] = tag;
      const element = name.toLowerCase();
      if (!HIDING.has(element)) continue;
      const depth = this.#open.get(element) ?? 0;
      const at = tag.index ?? 0;
      if (!slash) this.#open.set(element, depth + 1);
      else if (depth > 0 && (raw || closes(text, at + tag[0].length) && !this.#spans.shields(base + at)))
        this.#open.set(element, depth - 1);
    }
  }
};
function closes(text, at) {
  const end = /[ \t]*>/y;
  end.lastIndex = at;
  return end.test(text);
}
function htmlBlockStart(content, inParagraph) {
  if (!content.startsWith("<")) return void 0;
  if (/^<(?:pre|script|style|textarea)(?=[\s>]|$)/i.test(content))
    return /<\/(?:pre|script|style|textarea)>/i;
  if (content.startsWith("<!--")) return null;
  if (content.startsWith("<?")) return /\?>/;
  if (content.startsWith("<![CDATA[")) return /\]\]>/;
  if (/^<![A-Za-z]/.test(content)) return />/;
  const tag = /^<\/?([A-Za-z][A-Za-z0-9-]*)(?=[\s>]|\/>|$)/.exec(content);
  if (tag && BLOCK_TAGS.has(tag[1].toLowerCase())) return "blank";
  if (!inParagraph && LONE_TAG.test(content)) return "lone";
  return void 0;
}
function isDelimiterRow(content) {
  if (!content.includes("|")) return false;
  const cells = content.trim().replace(/^\|/, "").replace(/\|$/, "").split("|");
  return cells.every((cell) => /^:?-+:?$/.test(cell.trim()));
}
function columnsOf(line) {
  let column = 0;
  for (const ch of line) {
    if (ch === " ") column++;
    else if (ch === "	") column += 4 - column % 4;
    else break;
  }
  return column;
}
function containersOf(line) {
  let quote = false;
  let list = false;
  let column = 0;
  let i = 0;
  for (; ; ) {
    while (line[i] === " " || line[i] === "	") {
      column += line[i] === "	" ? 4 - column % 4 : 1;
      i++;
    }
    if (line[i] === ">") {
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
function inlineHidden(lines, at, budget) {
  let first = at;
  while (first > 0 && lines[first - 1].trim() !== "") first--;
  let last = at;
  while (last + 1 < lines.length && lines[last + 1].trim() !== "") last++;
  for (let i = first; i <= last; i++) budget.left -= lines[i].length + 1;
  if (budget.left <= 0) return true;
  for (let i = at + 1; i <= last; i++) {
    const line = lines[i];
    if (SETEXT_UNDERLINE.test(line.trim()) || isDelimiterRow(containersOf(line).content)) return true;
  }
  if (first === at) return false;
  const before = `${lines.slice(first, at).join("\n")}
`;
  const text = before + lines.slice(at, last + 1).join("\n");
  return struckOut(text, before.length) || inCodeSpan(lines, first, at, last, budget);
}
function struckOut(text, line) {
  const openers = /* @__PURE__ */ new Set();
  for (const run of text.matchAll(/~+/g)) {
    const length = run[0].length;
    const index = run.index ?? 0;
    if (length > 2) continue;
    if (index < line) {
      if (!/\s/.test(text[index + length] ?? " ")) openers.add(length);
    } else if (openers.has(length) && !/\s/.test(text[index - 1] ?? " ")) return true;
  }
  return false;
}
function inCodeSpan(lines, first, at, last, budget) {
  const text = lines.slice(first, last + 1).join("\n");
  const starts = [];
  let offset = 0;
  for (let i = first; i <= at; i++) {
    starts.push(offset);
    offset += lines[i].length + 1;
  }
  const line = starts[starts.length - 1];
  const runs = [...text.matchAll(/`+/g)].map((run) => ({ at: run.index ?? 0, length: run[0].length }));
  if (!runs.some((run) => run.at < line)) return false;
  const swallower = text.slice(0, line).search(/[<\]]/);
  if (swallower !== -1 && text.slice(swallower, line).includes("`")) {
    const before = new Set(runs.filter((run) => run.at < line).map((run) => run.length));
    return runs.some((run) => run.at > line && (before.has(run.length) || before.has(run.length + 1)));
  }
  for (const start of starts.slice(0, -1)) {
    budget.left -= runs.length;
    let i = runs.findIndex((run) => run.at >= start);
    while (i !== -1 && i < runs.length) {
      const run = runs[i];
      if (run.at >= line) break;
      let slashes = 0;
      while (run.at - slashes - 1 >= start && text[run.at - slashes - 1] === "\\") slashes++;
      const length = run.length - slashes % 2;
      let close = -1;
      if (length > 0)
        for (let j = i + 1; j < runs.length; j++) {
          if (--budget.left <= 0) return true;
          if (runs[j].length === length) {
            close = j;
            break;
          }
        }
      if (close === -1) {
        i++;
        continue;
      }
      if (runs[close].at > line) return true;
      i = close + 1;
    }
  }
  return false;
}

// src/github/commands.ts
var DEFAULT_TRIGGER = "/truss";
var CONTRACT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
function parseCommand(body, trigger = DEFAULT_TRIGGER) {
  if (trigger.trim() === "") throw new Error("the trigger phrase must not be empty");
  const triggerAt = new RegExp(`^\\s*${escapeRegExp(trigger.trim())}(?=\\s|$)`, "i");
  const line = firstVisibleLine(body, (candidate) => triggerAt.test(candidate));
  if (line === null) return null;
  const rest = line.replace(triggerAt, "").trim();
  const command = parseCommandLine(rest);
  if (command.kind !== "invalid" && /<[A-Za-z/!?]/.test(rest))
    return {
      kind: "invalid",
      reason: "the command line holds HTML (`<` followed by a letter, `/`, `!` or `?`), which GitHub does not show as written; write the command without it"
    };
  return command;
}
function parseCommandLine(rest) {
  if (rest === "") return { kind: "help" };
  const first = rest.split(/\s/, 1)[0] ?? "";
  const word = first.toLowerCase();
  const tail = rest.slice(first.length).trim();
  switch (word) {
    case "run":
      return parseRun(tail);
    case "verify":
      return { kind: "verify" };
    case "status":
      return { kind: "status" };
    case "help":
      return { kind: "help" };
    case "approve":
      return { kind: "approve", note: tail === "" ? null : tail };
    case "reject":
      return { kind: "reject", note: tail === "" ? null : tail };
    case "memory":
      return parseMemory(tail);
    default:
      return { kind: "unknown", word: first };
  }
}
function parseRun(args) {
  const separator = /^--(?:\s+|$)/;
  if (args === "") return { kind: "run", contract: null, intent: null };
  if (/^failed(?:\s|$)/i.test(args)) {
    return args.slice("failed".length).trim() === "" ? { kind: "run-failed" } : {
      kind: "invalid",
      reason: "`run failed` takes nothing after it: it re-runs the contracts whose last verdict on this head was FAIL or UNVERIFIABLE, as they were run"
    };
  }
  if (separator.test(args))
    return { kind: "run", contract: null, intent: intentOf(args.replace(separator, "")) };
  const name = args.split(/\s/, 1)[0] ?? "";
  const after = args.slice(name.length).trim();
  if (!CONTRACT_NAME.test(name)) {
    return {
      kind: "invalid",
      reason: `"${inlineText(clip(name))}" is not a contract name: use letters, digits, ".", "_" and "-" (at most 64, starting with a letter or digit)`
    };
  }
  if (after === "") return { kind: "run", contract: name, intent: null };
  if (separator.test(after))
    return { kind: "run", contract: name, intent: intentOf(after.replace(separator, "")) };
  return {
    kind: "invalid",
    reason: `unexpected text after the contract name "${name}"; put free-text intent after \`--\`, e.g. \`run ${name} -- <intent>\``
  };
}
var MEMORY_ID = /^[0-9a-f]{8,64}$/;
function parseMemory(args) {
  const usage = "use `memory promote <id>` or `memory revoke <id> [reason]`, with the entry id (at least 8 hex characters) shown in the check run";
  const [verb = "", id = ""] = args.split(/\s+/, 2);
  const action = verb.toLowerCase();
  if (action !== "promote" && action !== "revoke") return { kind: "invalid", reason: usage };
  const entry = id.toLowerCase();
  if (!MEMORY_ID.test(entry))
    return {
      kind: "invalid",
      reason: `"${inlineText(clip(id))}" is not a memory entry id: ${usage}`
    };
  const rest = args.slice(args.indexOf(id) + id.length).trim();
  if (action === "promote" && rest !== "")
    return { kind: "invalid", reason: "`memory promote <id>` takes nothing after the id" };
  return { kind: "memory", action, entry, reason: rest === "" ? null : rest };
}
function intentOf(text) {
  return text === "" ? null : text;
}
function clip(value) {
  return value.length > 70 ? `${value.slice(0, 67)}...` : value;
}
function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}
function helpText(trigger = DEFAULT_TRIGGER) {
  const t = trigger;
  return [
    "**Truss commands** (comment on a pull request; only users with write access can trigger runs)",
    "",
    "| Command | What it does |",
    "| --- | --- |",
    `| \`${t} run\` | Run the default contract(s) against this pull request |`,
    `| \`${t} run <contract>\` | Run one contract from \`.truss/contracts/<contract>.toml\` on the base branch |`,
    `| \`${t} run [<contract>] -- <intent>\` | Run with a free-text intent (passed as data, never to a shell) |`,
    `| \`${t} run failed\` | Re-run only the contracts whose last verdict on this head was FAIL or UNVERIFIABLE |`,
    `| \`${t} verify\` | Re-verify the latest run's signed ledger |`,
    `| \`${t} status\` | Show the latest verdict for each contract |`,
    `| \`${t} approve [note]\` | Record a signed human approval of the current verdict |`,
    `| \`${t} reject [note]\` | Record a signed human rejection |`,
    `| \`${t} memory promote <id>\` | Maintainers: have the panel review a proposed memory entry for promotion (docs/memory.md) |`,
    `| \`${t} memory revoke <id> [reason]\` | Maintainers: mark a verified memory entry stale, with a signed reason |`,
    `| \`${t} help\` | Show this list |`,
    "",
    "The command must start a line of plain text; quoted, code, hidden (HTML comments) and collapsed (`<details>`) text is ignored."
  ].join("\n");
}

// src/github/external-id.ts
var RunRequestIdSchema = external_exports.strictObject({
  v: external_exports.literal(1),
  /** The webhook delivery that queued the check (`x-github-delivery`). */
  d: external_exports.string().min(1).max(64),
  /** The command comment, or null for a re-run request. */
  c: external_exports.number().int().positive().nullable(),
  /** The pull request (a check run on a fork's head lists no pull_requests). */
  p: external_exports.number().int().positive(),
  /** The contract name (a file in .truss/contracts/). */
  n: external_exports.string().regex(CONTRACT_NAME),
  s: external_exports.string().regex(/^[0-9a-f]{40,64}$/),
  m: external_exports.enum(["run", "verify", "resume"])
});
function encodeRunRequestId(id) {
  return JSON.stringify(RunRequestIdSchema.parse(id));
}
function decodeRunRequestId(externalId) {
  if (!externalId?.startsWith("{")) return null;
  try {
    const parsed = RunRequestIdSchema.safeParse(JSON.parse(externalId));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
var TRUSS_CHECK_ID = "truss/v1";
function isTrussCheckId(externalId) {
  return externalId === TRUSS_CHECK_ID || decodeRunRequestId(externalId) !== null;
}
function trussCheckFor(externalId, prNumber) {
  if (externalId === TRUSS_CHECK_ID) return true;
  const request = decodeRunRequestId(externalId);
  return request !== null && request.p === prNumber;
}

// src/github/human-review-check.ts
var HUMAN_REVIEW_CHECK = "truss / human review";
async function postHumanReviewCheck(options) {
  if (options.dryRun) return null;
  try {
    const { data } = await options.octokit.rest.checks.create({
      owner: options.owner,
      repo: options.repo,
      name: HUMAN_REVIEW_CHECK,
      head_sha: options.headSha,
      external_id: TRUSS_CHECK_ID,
      status: "completed",
      conclusion: options.conclusion,
      completed_at: (/* @__PURE__ */ new Date()).toISOString(),
      ...options.detailsUrl ? { details_url: options.detailsUrl } : {},
      output: { title: options.title, summary: options.summary }
    });
    return data.html_url ?? null;
  } catch (error) {
    throw toMissingPermission(error, "checks: write", `create the ${HUMAN_REVIEW_CHECK} check`);
  }
}
async function markHumanReviewStale(options) {
  const { octokit, owner, repo } = options;
  const { data } = await octokit.rest.checks.listForRef({
    owner,
    repo,
    ref: options.previousSha,
    check_name: HUMAN_REVIEW_CHECK,
    per_page: 1
  });
  const previous = data.check_runs[0];
  if (!previous) return false;
  await postHumanReviewCheck({
    octokit,
    owner,
    repo,
    headSha: options.headSha,
    conclusion: "action_required",
    title: "New commits: the sign-off is stale",
    summary: [
      `The pull request head moved from ${options.previousSha.slice(0, 7)} to ${options.headSha.slice(0, 7)}.`,
      `The last human review (${previous.conclusion ?? previous.status}) attested the evidence for ${options.previousSha.slice(0, 7)}, which no longer describes this head.`,
      "Run truss on the new head (`/truss run`), then approve the pull request to sign off again."
    ].join("\n\n"),
    detailsUrl: null,
    dryRun: options.dryRun
  });
  return true;
}

// src/github/check-runs.ts
var MAX_ANNOTATIONS_PER_REQUEST = 50;
var MAX_CHECK_TEXT = 65535;
var TRUNCATED_NOTE = "\n\n\u2026 (truncated)";
var PERMISSION = "checks: write";
async function startCheckRun(options) {
  const { octokit, owner, repo, name, headSha, dryRun } = options;
  if (dryRun) {
    octokit.log.info(`dry run: would start check run "${name}" on ${headSha}`);
    return { id: null, url: null };
  }
  if (options.existingId) {
    const madeBy = await requireCheckOnHead(octokit, owner, repo, options.existingId, headSha);
    try {
      const { data } = await octokit.rest.checks.update({
        owner,
        repo,
        check_run_id: options.existingId,
        name,
        status: "in_progress",
        started_at: (options.now?.() ?? /* @__PURE__ */ new Date()).toISOString(),
        ...options.detailsUrl !== void 0 ? { details_url: options.detailsUrl } : {}
      });
      return { id: data.id, url: data.html_url, botLogin: botLoginOf(data.app) };
    } catch (error) {
      throw takeOverError(
        error,
        options.existingId,
        madeBy,
        `update the queued check run ${options.existingId}`
      );
    }
  }
  try {
    const { data } = await octokit.rest.checks.create({
      owner,
      repo,
      name,
      head_sha: headSha,
      status: "in_progress",
      started_at: (options.now?.() ?? /* @__PURE__ */ new Date()).toISOString(),
      ...options.externalId !== void 0 ? { external_id: options.externalId } : {},
      ...options.detailsUrl !== void 0 ? { details_url: options.detailsUrl } : {}
    });
    return { id: data.id, url: data.html_url, botLogin: botLoginOf(data.app) };
  } catch (error) {
    throw toMissingPermission(error, PERMISSION, `create the check run "${name}"`);
  }
}
async function completeCheckRun(options) {
  const { octokit, owner, repo, checkRunId, conclusion, output, dryRun } = options;
  const annotations = [...output.annotations ?? []];
  const batches = [];
  for (let i = 0; i < annotations.length; i += MAX_ANNOTATIONS_PER_REQUEST) {
    batches.push(annotations.slice(i, i + MAX_ANNOTATIONS_PER_REQUEST));
  }
  if (dryRun) {
    octokit.log.info(
      `dry run: would complete check run ${checkRunId} as ${conclusion} (${annotations.length} annotations)`
    );
    return { requests: 0 };
  }
  const base = {
    title: output.title,
    summary: clipCheckText(output.summary),
    ...output.text !== void 0 ? { text: clipCheckText(output.text) } : {}
  };
  try {
    await octokit.rest.checks.update({
      owner,
      repo,
      check_run_id: checkRunId,
      status: "completed",
      conclusion,
      completed_at: (options.now?.() ?? /* @__PURE__ */ new Date()).toISOString(),
      output: { ...base, ...batches[0] ? { annotations: batches[0] } : {} }
    });
    for (const batch of batches.slice(1)) {
      await octokit.rest.checks.update({
        owner,
        repo,
        check_run_id: checkRunId,
        output: { ...base, annotations: batch }
      });
    }
  } catch (error) {
    throw toMissingPermission(error, PERMISSION, `update check run ${checkRunId}`);
  }
  return { requests: Math.max(1, batches.length) };
}
async function skipCheckRun(options) {
  const { octokit, owner, repo, name, headSha, dryRun } = options;
  if (dryRun) {
    octokit.log.info(`dry run: would complete check run "${name}" on ${headSha} as skipped`);
    return { id: null, url: null };
  }
  const completed = {
    status: "completed",
    conclusion: "skipped",
    completed_at: (options.now?.() ?? /* @__PURE__ */ new Date()).toISOString(),
    output: { title: options.output.title, summary: clipCheckText(options.output.summary) },
    ...options.detailsUrl !== void 0 ? { details_url: options.detailsUrl } : {}
  };
  const madeBy = options.existingId ? await requireCheckOnHead(octokit, owner, repo, options.existingId, headSha) : void 0;
  try {
    const { data } = options.existingId ? await octokit.rest.checks.update({
      owner,
      repo,
      check_run_id: options.existingId,
      name,
      ...completed
    }) : await octokit.rest.checks.create({
      owner,
      repo,
      name,
      head_sha: headSha,
      ...completed,
      ...options.externalId !== void 0 ? { external_id: options.externalId } : {}
    });
    return { id: data.id, url: data.html_url };
  } catch (error) {
    const action = `complete the check run "${name}" as skipped`;
    throw options.existingId ? takeOverError(error, options.existingId, madeBy, action) : toMissingPermission(error, PERMISSION, action);
  }
}
function clipCheckText(text) {
  if (text.length <= MAX_CHECK_TEXT) return text;
  let kept = text.slice(0, MAX_CHECK_TEXT - TRUNCATED_NOTE.length);
  if (/[\uD800-\uDBFF]$/.test(kept)) kept = kept.slice(0, -1);
  return `${kept}${TRUNCATED_NOTE}`;
}
async function findCheckRuns(options) {
  const { octokit, owner, repo, ref, checkName } = options;
  const runs = await octokit.paginate(octokit.rest.checks.listForRef, {
    owner,
    repo,
    ref,
    ...checkName !== void 0 ? { check_name: checkName } : {},
    filter: "all",
    per_page: 100
  });
  return runs.map((run) => ({
    id: run.id,
    name: run.name,
    headSha: run.head_sha,
    status: run.status,
    conclusion: run.conclusion ?? null,
    externalId: run.external_id || null,
    detailsUrl: run.details_url ?? null,
    url: run.html_url ?? null,
    startedAt: run.started_at ?? null,
    completedAt: run.completed_at ?? null,
    outputTitle: run.output?.title ?? null,
    outputSummary: run.output?.summary ?? null,
    app: botLoginOf(run.app) ?? null
  }));
}
var HeadMismatchError = class extends Error {
  name = "HeadMismatchError";
};
async function requireCheckOnHead(octokit, owner, repo, checkRunId, headSha) {
  let onSha;
  let madeBy;
  try {
    const { data } = await octokit.rest.checks.get({ owner, repo, check_run_id: checkRunId });
    onSha = data.head_sha;
    madeBy = botLoginOf(data.app);
  } catch (error) {
    throw toMissingPermission(error, PERMISSION, `read the queued check run ${checkRunId}`);
  }
  if (onSha !== headSha)
    throw new HeadMismatchError(
      `the queued check ${checkRunId} is on ${onSha.slice(0, 12)}, but the pull request head is now ${headSha.slice(0, 12)}: the change moved after the run was requested, and one commit's verdict never goes on another's check. Comment the run command again to run on the new head.`
    );
  return madeBy;
}
function takeOverError(error, checkRunId, madeBy, action) {
  if (statusOf(error) === 403 && !isRateLimitError(error) && madeBy !== void 0)
    return new QueuedCheckOwnerError(checkRunId, madeBy, { cause: error });
  return toMissingPermission(error, PERMISSION, action);
}
var QueuedCheckOwnerError = class extends Error {
  name = "QueuedCheckOwnerError";
  constructor(checkRunId, madeBy, options) {
    const remedy = madeBy === "github-actions[bot]" ? "Run this job with the workflow's own token (`github-token: ${{ github.token }}`)." : `Give this job ${madeBy}'s installation token (actions/create-github-app-token, then \`github-token:\` and \`comment-authors: ${madeBy}\`), as examples/workflows/truss-app-dispatch.yml does.`;
    super(
      `Truss could not take over the queued check run ${checkRunId}: ${madeBy} created it, and GitHub lets only the app that created a check run change it. ${remedy}`,
      options
    );
  }
};
function botLoginOf(app) {
  return app?.slug && /^[A-Za-z0-9-]{1,100}$/.test(app.slug) ? `${app.slug}[bot]` : void 0;
}

// src/github/render/budget.ts
var CHECK_OUTPUT_LIMIT = 65535;
var COMMENT_LIMIT = 65536;
var STEP_SUMMARY_LIMIT = 1024 * 1024;
function sizeOf(text) {
  return Buffer.byteLength(text, "utf8");
}
var LEVELS = [
  {
    reasoningChars: 4e3,
    showVotes: true,
    tailChars: 4e3,
    cellChars: 1e3,
    maxRows: Number.POSITIVE_INFINITY
  },
  {
    reasoningChars: 1e3,
    showVotes: true,
    tailChars: 1500,
    cellChars: 1e3,
    maxRows: Number.POSITIVE_INFINITY
  },
  { reasoningChars: 300, showVotes: true, tailChars: 500, cellChars: 500, maxRows: Number.POSITIVE_INFINITY },
  { reasoningChars: 120, showVotes: true, tailChars: 200, cellChars: 300, maxRows: Number.POSITIVE_INFINITY },
  { reasoningChars: 0, showVotes: true, tailChars: 0, cellChars: 300, maxRows: Number.POSITIVE_INFINITY },
  { reasoningChars: 0, showVotes: false, tailChars: 0, cellChars: 200, maxRows: Number.POSITIVE_INFINITY },
  { reasoningChars: 0, showVotes: false, tailChars: 0, cellChars: 80, maxRows: Number.POSITIVE_INFINITY }
];
function truncationNote(detail, limitLabel, report, shows) {
  const longest = (texts) => texts.reduce((n, t) => Math.max(n, t.length), 0);
  const votes = report.clauses.flatMap((c) => c.votes);
  const checks = report.clauses.flatMap((c) => c.check ? [c.check] : []);
  const reasoning = longest(votes.map((v) => v.reasoning));
  const tail = longest(checks.flatMap((c) => [c.stdoutTail, c.stderrTail]));
  const cell = longest(report.clauses.flatMap((c) => [c.desc, c.reason, ...c.evidenceNotes]));
  const parts = [];
  if (shows.votes && votes.length > 0) {
    if (!detail.showVotes) parts.push("panel votes omitted");
    else if (detail.reasoningChars === 0 && reasoning > 0) parts.push("panel reasoning omitted");
    else if (reasoning > detail.reasoningChars)
      parts.push(`panel reasoning cut to ${detail.reasoningChars} characters per seat`);
  }
  if (shows.tails && tail > 0) {
    if (detail.tailChars === 0) parts.push("check output tails omitted");
    else if (tail > detail.tailChars)
      parts.push(`check output tails cut to the last ${detail.tailChars} characters`);
  }
  if (cell > detail.cellChars)
    parts.push(`clause descriptions and reasons cut to ${detail.cellChars} characters`);
  const clauseCount = report.clauses.length;
  if (detail.maxRows < clauseCount) parts.push(`only ${detail.maxRows} of ${clauseCount} clause rows shown`);
  if (parts.length === 0) return null;
  return `\u2702\uFE0F **Truncated to fit ${limitLabel}:** ${parts.join("; ")}. The signed ledger bundle has everything.`;
}
function renderWithin(limit, clauseCount, render) {
  for (const detail of LEVELS) {
    const text = render(detail);
    if (sizeOf(text) <= limit) return { text, detail };
  }
  const lean = LEVELS[LEVELS.length - 1];
  let rows = clauseCount;
  while (rows > 0) {
    rows = Math.floor(rows / 2);
    const detail = { ...lean, maxRows: rows };
    const text = render(detail);
    if (sizeOf(text) <= limit) return { text, detail };
  }
  return null;
}

// src/github/render/citations.ts
var MAX_CITATION_ANNOTATIONS = 150;
var MESSAGE_CHARS = 2e3;
var TITLE_CHARS = 255;
var LEVEL = {
  not_met: "failure",
  unverifiable: "warning",
  met: "notice"
};
var LEVEL_ORDER = ["failure", "warning", "notice"];
function placedFindings(report) {
  return report.clauses.flatMap(
    (clause) => clause.votes.flatMap(
      (vote) => vote.citations.filter((c) => c.anchored && c.path !== null).map((citation) => ({ clause, vote, citation }))
    )
  );
}
function seatLabel(vote) {
  return `Seat ${vote.seat + 1} \xB7 ${plain(vote.lens, 40)} lens \xB7 ${vote.vote.replace("_", " ")}`;
}
function plain(text, max) {
  return clipHead(neutralizeMentions(normalizeText(text)), max);
}
function findingText(found) {
  const { clause, vote, citation } = found;
  return plain(
    `${citation.problem || "(no description)"}

${seatLabel(vote)} (${vote.provider}/${vote.model}) on clause ${clause.index + 1}: ${clause.desc}`,
    MESSAGE_CHARS
  );
}
function citationAnnotations(report) {
  const all = placedFindings(report).map((found) => ({
    path: found.citation.path,
    start_line: found.citation.start_line,
    end_line: found.citation.end_line,
    annotation_level: LEVEL[found.vote.vote] ?? "warning",
    title: plain(`${seatLabel(found.vote)} \xB7 clause ${found.clause.index + 1}`, TITLE_CHARS),
    message: findingText(found)
  }));
  return all.map((annotation, order) => ({ annotation, order })).sort(
    (a, b) => LEVEL_ORDER.indexOf(a.annotation.annotation_level) - LEVEL_ORDER.indexOf(b.annotation.annotation_level) || a.order - b.order
  ).slice(0, MAX_CITATION_ANNOTATIONS).sort((a, b) => a.order - b.order).map(({ annotation }) => annotation);
}
function citedLines(citation) {
  if (citation.path === null || citation.start_line === null) return citation.location;
  const end = citation.end_line !== null && citation.end_line !== citation.start_line ? `-${citation.end_line}` : "";
  return `${citation.path}:${citation.start_line}${end}`;
}
function findingsList(clause, problemChars) {
  const items = clause.votes.flatMap(
    (vote) => vote.citations.map((citation) => {
      const where2 = codeSpan(citation.anchored ? citedLines(citation) : citation.location || "(no location)");
      const why = citation.anchored ? "" : ` _(not on a changed line: ${inlineText(citation.unanchored ?? "not anchored", 120)})_`;
      return `- Seat ${vote.seat + 1} (${inlineText(vote.lens, 40)}) \xB7 ${where2}${why} \u2014 ${inlineText(citation.problem, problemChars) || "_(no description)_"}`;
    })
  );
  return items.length > 0 ? `Findings:

${items.join("\n")}` : null;
}

// src/github/render/memory.ts
var SHOWN = 10;
function memoryLines(report, trigger = DEFAULT_TRIGGER) {
  const memory = report.memory;
  if (!memory) return [];
  const label = (e) => codeSpan(memoryEntryLabel(e));
  const list = (items, show) => `${items.slice(0, SHOWN).map(show).join(", ")}${items.length > SHOWN ? ` and ${items.length - SHOWN} more` : ""}`;
  const lines = [];
  lines.push(
    memory.recalled.length ? `- **Memory recalled** (verified, ${memory.recallTokens} tokens, executor only): ${list(memory.recalled, label)}` : "- **Memory recalled:** none"
  );
  if (memory.ignored.length)
    lines.push(
      `- **Memory ignored** (claims verified, no signed verdict that checks): ${list(memory.ignored, (e) => `${label(e)} ${inlineText(e.reason.slice(0, 120))}`)}`
    );
  if (memory.proposed.length)
    lines.push(
      `- **Memory proposed** (unverified; a maintainer verifies one by commenting the command beside it): ${list(memory.proposed, (e) => `${label(e)} \u2192 ${commandSpan(`${trigger} memory promote ${e.id.slice(0, 12)}`)}`)}`
    );
  return lines;
}
function memorySection(report, trigger = DEFAULT_TRIGGER) {
  const memory = report.memory;
  if (!memory || memory.recalled.length + memory.ignored.length + memory.proposed.length === 0) return null;
  return `#### Memory
${memoryLines(report, trigger).join("\n")}`;
}

// src/github/render/parts.ts
var STATUS_EMOJI = { met: "\u2705", not_met: "\u274C", unverifiable: "\u2754" };
var STATUS_LABEL = {
  met: "met",
  not_met: "not met",
  unverifiable: "unverifiable"
};
var OVERALL_EMOJI = {
  pass: "\u2705",
  fail: "\u274C",
  unverifiable: "\u2754",
  failed_run: "\u26D4",
  suspended: "\u23F8\uFE0F"
};
var OVERALL_WORD = {
  pass: "PASS",
  fail: "FAIL",
  unverifiable: "UNVERIFIABLE",
  failed_run: "RUN FAILED",
  suspended: "SUSPENDED"
};
var SCRIPTED_BANNER = "panel is SCRIPTED \u2014 fixture answers, not a model";
function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
function count(clauses, status) {
  return clauses.filter((c) => c.status === status).length;
}
function countsPhrase(report) {
  const n = report.clauses.length;
  const noun = n === 1 ? "clause" : "clauses";
  switch (report.overall) {
    case "pass":
      return `${count(report.clauses, "met")}/${n} ${noun} met`;
    case "fail":
      return `${count(report.clauses, "not_met")} of ${n} ${noun} not met`;
    case "unverifiable":
      return `${count(report.clauses, "unverifiable")} of ${n} ${noun} unverifiable`;
    case "failed_run":
      return "no verdict";
    case "suspended":
      return "awaiting approval";
  }
}
function titleFor(report) {
  const scripted = report.scripted ? " \xB7 SCRIPTED panel" : "";
  return `${OVERALL_WORD[report.overall]} \xB7 ${countsPhrase(report)}${scripted}`;
}
function verdictInTitle(title) {
  const word = title?.split(" \xB7 ", 1)[0];
  const found = Object.entries(OVERALL_WORD).find(([, w]) => w === word);
  return found ? found[0] : null;
}
function contractLabel(report) {
  const title = report.title ? ` \u2014 ${inlineText(report.title, 200)}` : "";
  return `${codeSpan(report.contractId)}${title}`;
}
function headline(report, level = "##") {
  return `${level} ${OVERALL_EMOJI[report.overall]} ${OVERALL_WORD[report.overall]} \xB7 ${contractLabel(report)} \xB7 ${countsPhrase(report)}`;
}
function banners(report, detail) {
  const out = [];
  if (report.scripted) {
    out.push(
      `> [!WARNING]
> \u{1F9EA} **This ${SCRIPTED_BANNER}.** The review votes below replay a fixture file; they are a demo or a test, not an independent review.`
    );
  }
  if (report.runError !== null) {
    out.push(
      `> [!CAUTION]
> \u26D4 **The run failed before a verdict** (fail-closed, never a PASS): ${inlineText(report.runError, Math.max(detail.cellChars, 500))}`
    );
  }
  if (report.suspension !== null) {
    out.push(
      `> [!IMPORTANT]
> \u23F8\uFE0F **Suspended at seq ${report.suspension.seq}: ${inlineText(report.suspension.reason, 500)}**
> To release it, a maintainer with write access comments ${codeSpan("/truss approve [note]")} (or ${codeSpan("/truss reject [note]")}) on the pull request, or approves it in a review; the run then resumes from its ledger artifact, which is verified first. Nothing after the gate ran.`
    );
  }
  if (report.changes !== null) {
    const c = report.changes;
    const where2 = c.pullRequestUrl ? `opened ${safeUrl(c.pullRequestUrl) ?? inlineText(c.pullRequestUrl, 200)}` : c.branch ? `on branch ${codeSpan(c.branch)}` : "";
    const commit = c.commit ? ` commit ${codeSpan(c.commit.slice(0, 12))}` : "";
    out.push(
      `> \u{1F4E4} **Changes (${inlineText(c.mode, 20)}): ${inlineText(c.status, 40)}**${commit} ${where2}${c.detail ? ` \u2014 ${inlineText(c.detail, 300)}` : ""}`.trimEnd()
    );
  }
  if (report.isolation !== null) {
    const line = isolationLine(report.isolation);
    out.push(
      report.isolation.level === "none" ? `> [!WARNING]
> \u{1F513} **${line}.** See docs/security.md.` : `> \u{1F512} ${line}`
    );
  }
  if (report.forced.length > 0) {
    const reasons = report.forced.map((f) => `> - ${inlineText(f, Math.max(detail.cellChars, 300))}`).join("\n");
    out.push(
      `> [!CAUTION]
> \u26A0\uFE0F **Verdict forced to ${OVERALL_WORD[report.overall]}** (fail-closed):
${reasons}`
    );
  }
  return out;
}
function intentQuote(report, maxChars) {
  if (!report.intent.trim()) return null;
  return `> **Intent:** ${inlineText(report.intent, maxChars)}`;
}
function visibleClauses(report, maxRows) {
  if (report.clauses.length <= maxRows) return report.clauses;
  const rank = { not_met: 0, unverifiable: 1, met: 2 };
  const kept = new Set(
    [...report.clauses].sort((a, b) => rank[a.status] - rank[b.status] || a.index - b.index).slice(0, maxRows).map((c) => c.index)
  );
  return report.clauses.filter((c) => kept.has(c.index));
}
function clauseTable(report, detail) {
  if (report.clauses.length === 0) {
    return report.overall === "failed_run" ? "_No clause was judged: the run ended without a verdict._" : "_The contract has no clauses._";
  }
  const rows = visibleClauses(report, detail.maxRows).map(
    (c) => `| ${c.index + 1} | ${STATUS_EMOJI[c.status]} ${STATUS_LABEL[c.status]} | ${c.kind} | ${inlineText(c.desc, detail.cellChars)} | ${inlineText(c.reason, detail.cellChars)} |`
  );
  const lines = ["| # | Result | Kind | Clause | Reason |", "| ---: | --- | --- | --- | --- |", ...rows];
  const hidden = report.clauses.length - rows.length;
  if (hidden > 0) {
    const shown = new Set(visibleClauses(report, detail.maxRows).map((c) => c.index));
    const rest = report.clauses.filter((c) => !shown.has(c.index));
    const tally = ["met", "not_met", "unverifiable"].map((s) => [s, count(rest, s)]).filter(([, n]) => n > 0).map(([s, n]) => `${n} ${STATUS_LABEL[s]}`).join(", ");
    lines.push("", `_\u2026 ${plural(hidden, "more clause")} not shown (${tally})._`);
  }
  return lines.join("\n");
}
function evidenceNotes(report, detail) {
  const items = report.clauses.flatMap(
    (c) => c.evidenceNotes.map((note) => `- Clause ${c.index + 1}: ${inlineText(note, detail.cellChars)}`)
  );
  if (items.length === 0) return null;
  const shown = items.slice(0, Math.max(10, Math.min(items.length, detail.maxRows)));
  if (shown.length < items.length) shown.push(`- _\u2026 ${items.length - shown.length} more notes not shown._`);
  return `**\u26A0\uFE0F Evidence limits hit** (reviewers saw less than everything):

${shown.join("\n")}`;
}
function checksProvenance(report, detail) {
  const lines = [];
  const where2 = checkoutLine(report.checkout);
  if (where2) lines.push(`- ${inlineText(where2, Math.max(detail.cellChars, 300))}`);
  for (const clause of report.clauses) {
    const line = selfValidationLine(clause);
    if (line) lines.push(`- Clause ${clause.index + 1}: ${inlineText(line, detail.cellChars)}`);
  }
  return lines.length > 0 ? `**Checks provenance**

${lines.join("\n")}` : null;
}
function voteTally(votes) {
  return ["met", "not_met", "unverifiable"].map((s) => [s, votes.filter((v) => v.vote === s).length]).filter(([, n]) => n > 0).map(([s, n]) => `${n} ${STATUS_LABEL[s]}`).join(" \xB7 ");
}
function votesSection(report, detail) {
  const reviewed = report.clauses.filter((c) => c.votes.length > 0);
  if (reviewed.length === 0 || !detail.showVotes) return null;
  const seats = reviewed.reduce((n, c) => n + c.votes.length, 0);
  const withReasoning = detail.reasoningChars > 0;
  const blocks = reviewed.map((c) => {
    const header = withReasoning ? "| Seat | Lens | Provider / model | Vote | Reasoning |\n| ---: | --- | --- | --- | --- |" : "| Seat | Lens | Provider / model | Vote |\n| ---: | --- | --- | --- |";
    const rows = c.votes.map((v) => {
      const cells = [
        String(v.seat + 1),
        inlineText(v.lens, 40),
        `${inlineText(v.provider, 60)} / ${inlineText(v.model, 80)}`,
        `${STATUS_EMOJI[v.vote] ?? "\u2754"} ${STATUS_LABEL[v.vote] ?? inlineText(String(v.vote), 20)}`
      ];
      if (withReasoning) cells.push(inlineText(v.reasoning, detail.reasoningChars) || "_(none)_");
      return `| ${cells.join(" | ")} |`;
    });
    const title = `**Clause ${c.index + 1}** ${STATUS_EMOJI[c.status]} ${inlineText(c.desc, Math.min(detail.cellChars, 200))} \u2014 ${voteTally(c.votes)}`;
    const findings = withReasoning ? findingsList(c, detail.reasoningChars) : null;
    return `${title}

${header}
${rows.join("\n")}${findings ? `

${findings}` : ""}`;
  });
  const scripted = report.scripted ? " \xB7 \u26A0\uFE0F SCRIPTED" : "";
  return `<details>
<summary>\u{1F5F3}\uFE0F Panel votes \xB7 ${plural(reviewed.length, "review clause")} \xB7 ${plural(seats, "seat")}${scripted}</summary>

${blocks.join("\n\n")}

</details>`;
}
function seconds(ms) {
  return ms >= 1e3 ? `${(ms / 1e3).toFixed(1)} s` : `${Math.round(ms)} ms`;
}
function checkDetails(report, detail, onlyFailing) {
  const checks = report.clauses.filter(
    (c) => c.kind === "check" && c.check !== null && (!onlyFailing || c.status !== "met")
  );
  if (checks.length === 0 || detail.tailChars === 0) return null;
  const blocks = checks.map((c) => {
    const check = c.check;
    const exit = check.timedOut ? "timed out" : `exit ${check.exitCode ?? "?"}`;
    const parts = [
      `<details${c.status === "met" ? "" : " open"}>`,
      `<summary>${STATUS_EMOJI[c.status]} Clause ${c.index + 1} \xB7 ${exit} \xB7 ${seconds(check.durationMs)} \xB7 ${htmlText(c.desc, 120)}</summary>`,
      "",
      fencedBlock(clipHead(check.run, 2e3), "sh")
    ];
    for (const [name, tail] of [
      ["stdout", check.stdoutTail],
      ["stderr", check.stderrTail]
    ]) {
      if (!tail.trim()) continue;
      parts.push("", `${name} (tail):`, "", fencedBlock(clipTail(tail, detail.tailChars)));
    }
    parts.push("", "</details>");
    return parts.join("\n");
  });
  return blocks.join("\n\n");
}
function runLocator(runUrl) {
  try {
    const url = new URL(runUrl);
    const match = /^\/([^/]+)\/([^/]+)\/actions\/runs\/(\d+)/.exec(url.pathname);
    if (!match) return null;
    const host = url.hostname === "github.com" ? "" : `${url.host}/`;
    return { runId: match[3], repo: `${host}${match[1]}/${match[2]}` };
  } catch {
    return null;
  }
}
function verifySection(links, level = "###") {
  const bundle = shellQuote(links.bundleFileName);
  const commands = [];
  const prose = [];
  const located = links.runUrl ? runLocator(links.runUrl) : null;
  const artifactUrl = safeUrl(links.artifactUrl);
  if (links.artifactName && located) {
    commands.push(
      `gh run download ${located.runId} -R ${shellQuote(located.repo)} -n ${shellQuote(links.artifactName)}`
    );
  } else if (links.artifactName) {
    const where2 = artifactUrl ? `[${inlineText(links.artifactName)}](${artifactUrl})` : codeSpan(links.artifactName);
    prose.push(`Download the ${where2} artifact of this workflow run, then:`);
  } else {
    prose.push("Download the ledger bundle artifact of this workflow run, then:");
  }
  commands.push(`npx truss verify ${bundle} --key ${shellQuote(links.publicKey)}`);
  const keyNote = links.trustedKeysHint ? `Signed by key ${codeSpan(links.keyId)}. This repository pins its signing keys in ${codeSpan(".truss/trusted-keys")}: from a checkout, ${codeSpan(`npx truss verify ${bundle}`)} checks against that file instead of the key printed here.` : `Signed by key ${codeSpan(links.keyId)}. The ${codeSpan("--key")} above is the key this run reports; it proves the bundle is intact and signed by it. Pin a key you obtained independently (e.g. in ${codeSpan(".truss/trusted-keys")}) to trust the verdict itself.`;
  return [
    `${level} \u{1F50F} Verify it yourself`,
    "",
    ...prose,
    ...prose.length ? [""] : [],
    fencedBlock(commands.join("\n"), "sh"),
    "",
    keyNote
  ].join("\n");
}
function reportLine(links) {
  if (!links.reportFileName || !links.artifactName) return null;
  const artifactUrl = safeUrl(links.artifactUrl);
  const name = codeSpan(links.artifactName);
  const artifact = artifactUrl ? `[${name}](${artifactUrl})` : name;
  return `\u{1F4C4} **Readable report:** open ${codeSpan(links.reportFileName)} from the ${artifact} artifact in a browser. It shows this verdict with all its evidence and re-checks every hash and signature of the ledger itself, offline.`;
}
function linksLine(links, includeCheckRun) {
  const items = [];
  const check = safeUrl(links.checkRunUrl);
  const run = safeUrl(links.runUrl);
  const artifact = safeUrl(links.artifactUrl);
  if (includeCheckRun && check) items.push(`[Check run](${check})`);
  if (run) items.push(`[Workflow run](${run})`);
  if (links.artifactName) {
    const name = codeSpan(links.artifactName);
    items.push(artifact ? `Ledger artifact [${name}](${artifact})` : `Ledger artifact ${name}`);
  } else if (artifact) {
    items.push(`[Ledger artifact](${artifact})`);
  }
  return items.length ? items.join(" \xB7 ") : null;
}
function formatUsd(cost) {
  return `$${(Number.isFinite(cost) ? cost : 0).toFixed(4)}`;
}
function formatTokens(tokens) {
  return formatCount(tokens);
}
function factsList(report, links) {
  const items = [
    `- **Cost:** ${formatUsd(report.costUsd)} \xB7 **Tokens:** ${formatTokens(report.totalTokens)}`,
    // The agent's context (docs/context.md): peak pressure, compactions, re-pins, cache use.
    ...report.context ? [`- **Context:** ${contextLine(report.context)}`] : [],
    // Governed memory (docs/memory.md): what the executor was told, what the run proposed.
    ...memoryLines(report, links.trigger),
    `- **Session:** ${codeSpan(report.sessionId)}`,
    `- **Ledger head hash:** ${report.headHash ? codeSpan(report.headHash) : "_none_"}`,
    `- **Contract hash:** ${report.contractHash ? codeSpan(report.contractHash) : "_unknown_"}`
  ];
  if (report.git?.head_sha) {
    const base = report.git.base_sha ? ` (base ${codeSpan(report.git.base_sha)})` : "";
    items.push(`- **Commit:** ${codeSpan(report.git.head_sha)}${base}`);
  }
  items.push(`- **Signing key:** ${codeSpan(links.keyId)}`);
  const line = linksLine(links, false);
  if (line) items.push(`- ${line}`);
  return items.join("\n");
}

// src/github/render/fanout.ts
var VERDICT = { pass: "\u2705 PASS", fail: "\u274C FAIL", unverifiable: "\u2754 UNVERIFIABLE" };
function fanoutSection(report, detail) {
  const fanout = report.fanout;
  if (!fanout) return null;
  const where2 = fanout.runners ? ", one Actions job each" : "";
  const lines = [
    `### Attempts \xB7 ${fanout.attempts} \xB7 reducer ${codeSpan(fanout.reducer)}${where2}`,
    "",
    "| | Attempt | Verdict | Checks met | Cost | Tokens | Session |",
    "| --- | ---: | --- | --- | ---: | ---: | --- |"
  ];
  for (const leg of fanout.legs) {
    const verdict = leg.overall ? VERDICT[leg.overall] ?? inlineText(leg.overall, 20) : `\u26D4 no verdict (${inlineText(leg.status, 20)}${leg.error ? `: ${inlineText(leg.error, Math.min(detail.cellChars, 200))}` : ""})`;
    lines.push(
      `| ${leg.attempt === fanout.winner ? "\u2605" : ""} | ${leg.attempt} | ${verdict} | ${leg.checksMet}/${leg.checks} | ${formatUsd(leg.costUsd)} | ${formatTokens(leg.totalTokens)} | ${codeSpan(leg.sessionId.slice(0, 8))} |`
    );
  }
  for (const leg of fanout.excluded) {
    lines.push(
      `| \u2718 | ${leg.attempt ?? "?"} | \u{1F6AB} excluded (${codeSpan(leg.artifact)}): ${inlineText(leg.reason, Math.max(detail.cellChars, 300))} | | | | |`
    );
  }
  for (const attempt of fanout.missing) {
    lines.push(`| | ${attempt} | \u26D4 no leg artifact | | | | |`);
  }
  lines.push(
    "",
    fanout.winner === null ? `**No winner:** ${inlineText(fanout.why, Math.max(detail.cellChars, 500))}` : `**Winner: attempt ${fanout.winner}** \u2014 ${inlineText(fanout.why, Math.max(detail.cellChars, 500))}`
  );
  if (fanout.applied)
    lines.push(
      fanout.applied.applied ? "The winner's changes were applied to the workspace; nothing from the other attempts was." : `\u26A0\uFE0F The winner's changes did not apply: ${inlineText(fanout.applied.error ?? "unknown reason", 300)}`
    );
  return lines.join("\n");
}

// src/github/render/injection.ts
var MAX_SPANS_SHOWN = 8;
function where(span) {
  if (span.source === "note") return "evidence notes";
  if (span.source === "commits") return `commit messages, line ${span.line ?? "?"}`;
  const path = span.path || "(diff)";
  return span.line === null ? `${path} (diff header)` : `${path}:${span.line}`;
}
function clauseBlock(clause, detail) {
  const injection = clause.injection;
  const hidden = clause.hiddenText ?? [];
  if (!injection && hidden.length === 0) return null;
  const lines = [];
  if (injection) {
    const outcome = injection.withheldMet ? `**UNVERIFIABLE, not met:** policy ${codeSpan(injection.policy)} \u2014 model votes alone cannot make this clause met. A maintainer who has read these spans accepts them by approving the pull request in a review at this head (a signed ${codeSpan("human_review")}, shown by ${codeSpan("truss / human review")}); the machine verdict stays as signed.` : injection.policy === "annotate" ? `Policy ${codeSpan("annotate")}: marked only; the votes decide the clause.` : `Policy ${codeSpan(injection.policy)}: the votes did not make the clause met anyway.`;
    lines.push(
      `\u{1F575}\uFE0F **Suspected prompt injection in the evidence of clause ${clause.index + 1}** (${injection.total} span${injection.total === 1 ? "" : "s"}). ${outcome}`
    );
    const cellChars = Math.max(60, Math.min(detail.cellChars, 200));
    for (const span of injection.spans.slice(0, MAX_SPANS_SHOWN)) {
      lines.push(
        `- ${codeSpan(where(span))} ${codeSpan(span.rule)}: ${codeSpan(clipHead(span.match, cellChars))}`
      );
    }
    if (injection.spans.length > MAX_SPANS_SHOWN || injection.total > injection.spans.length) {
      lines.push(
        `- _\u2026 ${injection.total - Math.min(injection.spans.length, MAX_SPANS_SHOWN)} more in the signed ledger._`
      );
    }
    if (injection.reportedBySeats.length > 0) {
      lines.push(
        `- Reviewer seat ${injection.reportedBySeats.join(", ")} (shortcuts lens) reported text aimed at automated reviewers.`
      );
    }
  }
  if (hidden.length > 0) {
    const files = hidden.slice(0, MAX_SPANS_SHOWN).map((h) => {
      const kinds = Object.entries(h.counts).filter(([, n]) => Number(n) > 0).map(([k, n]) => `${k} ${n}`).join(", ");
      return `${codeSpan(h.path || h.source)} ${h.total} (${inlineText(kinds, 120)})`;
    }).join(" \xB7 ");
    lines.push(
      `Hidden characters made visible to the panel as \u27E6\u2026\u27E7 marks: ${files}${hidden.length > MAX_SPANS_SHOWN ? " \xB7 \u2026" : ""}`
    );
  }
  const callout = injection?.withheldMet ? "[!CAUTION]" : "[!WARNING]";
  return [`> ${callout}`, ...lines.map((l) => `> ${l}`)].join("\n");
}
function injectionSection(report, detail) {
  const blocks = report.clauses.map((c) => clauseBlock(c, detail)).filter((b) => b !== null);
  return blocks.length > 0 ? blocks.join("\n\n") : null;
}
function injectionAnnotations(report) {
  return report.clauses.flatMap(
    (clause) => (clause.injection?.spans ?? []).filter((span) => (span.source === "diff" || span.source === "file") && span.path && span.line !== null).map((span) => ({
      path: span.path,
      start_line: span.line,
      end_line: span.line,
      annotation_level: "warning",
      title: `Suspected prompt injection (${span.rule})`,
      message: clipHead(
        neutralizeMentions(
          normalizeText(
            `Clause ${clause.index + 1}: this text seems to address the reviewer panel: ${span.match}
` + (clause.injection?.withheldMet ? "Model votes alone cannot make the clause met. A maintainer accepts this evidence by approving the pull request in a review at this head (signed human_review)." : "Annotated only.")
          )
        ),
        2e3
      )
    }))
  );
}

// src/github/render/check-output.ts
var LIMIT_LABEL = "GitHub's 65,535-character check run limit";
var ANNOTATION_MESSAGE_CHARS = 2e3;
var ANNOTATION_TITLE_CHARS = 255;
function join(parts) {
  return parts.filter((p) => p !== null && p !== "").join("\n\n");
}
function summaryAt(report, links, detail) {
  return join([
    headline(report),
    ...banners(report, detail),
    injectionSection(report, detail),
    intentQuote(report, Math.min(detail.cellChars, 500)),
    truncationNote(detail, LIMIT_LABEL, report, { votes: true, tails: false }),
    clauseTable(report, detail),
    fanoutSection(report, detail),
    checksProvenance(report, detail),
    evidenceNotes(report, detail),
    votesSection(report, detail),
    "### Run",
    factsList(report, links),
    reportLine(links),
    verifySection(links)
  ]);
}
function textAt(report, detail) {
  const details = checkDetails(report, detail, false);
  const hasChecks = report.clauses.some((c) => c.kind === "check" && c.check !== null);
  return join([
    intentQuote(report, detail.cellChars * 4),
    truncationNote(
      { ...detail, cellChars: Number.POSITIVE_INFINITY, maxRows: Number.POSITIVE_INFINITY },
      LIMIT_LABEL,
      report,
      { votes: false, tails: true }
    ),
    hasChecks ? "### Check clauses" : null,
    details ?? (hasChecks ? null : "_No check clause ran._")
  ]);
}
function minimal(report, links) {
  const lean = { reasoningChars: 0, showVotes: false, tailChars: 0, cellChars: 80, maxRows: 0 };
  const note = `\u2702\uFE0F **Truncated to fit ${LIMIT_LABEL}:** the clause table, votes and run facts are omitted. The signed ledger bundle has everything.`;
  const full = join([
    headline(report),
    ...banners(report, lean),
    note,
    linksLine(links, false),
    reportLine(links),
    verifySection(links)
  ]);
  return sizeOf(full) <= CHECK_OUTPUT_LIMIT ? full : join([headline(report), note, verifySection(links)]);
}
function checkAnnotations(report, options) {
  const path = options.contractPath;
  if (!path) return [];
  return report.clauses.filter((c) => c.kind === "check" && c.status === "not_met").map((c) => {
    const given = Number(options.clauseLines?.[c.index]);
    const line = Number.isFinite(given) && given >= 1 ? Math.floor(given) : 1;
    const output = [c.check?.stderrTail ?? "", c.check?.stdoutTail ?? ""].map((t) => neutralizeMentions(normalizeText(t)).trimEnd()).filter(Boolean).join("\n");
    const reason = clipHead(neutralizeMentions(normalizeText(c.reason)), 500);
    const room = Math.max(0, ANNOTATION_MESSAGE_CHARS - reason.length - 2);
    const message = output && room > 100 ? `${reason}

${clipTail(output, room - 40)}` : reason;
    return {
      path,
      start_line: line,
      end_line: line,
      annotation_level: "failure",
      title: clipHead(
        neutralizeMentions(normalizeText(c.desc)).replace(/\s+/g, " ").trim(),
        ANNOTATION_TITLE_CHARS - 30
      ) || `Clause ${c.index + 1}`,
      message: message || "check not met"
    };
  });
}
function renderCheckOutput(report, links, options = {}) {
  const summary = renderWithin(CHECK_OUTPUT_LIMIT, report.clauses.length, (d) => summaryAt(report, links, d))?.text ?? minimal(report, links);
  const text = renderWithin(CHECK_OUTPUT_LIMIT, report.clauses.length, (d) => textAt(report, d))?.text ?? `\u2702\uFE0F Details omitted to fit ${LIMIT_LABEL}. The signed ledger bundle has everything.`;
  return {
    title: titleFor(report),
    summary,
    text,
    annotations: [
      ...checkAnnotations(report, options),
      ...injectionAnnotations(report),
      ...citationAnnotations(report)
    ]
  };
}

// src/github/render/comment.ts
var LIMIT_LABEL2 = "GitHub's 65,536-character comment limit";
function join2(parts) {
  return parts.filter((p) => p !== null && p !== "").join("\n\n");
}
function footer(report) {
  const head = report.headHash ? codeSpan(report.headHash.slice(0, 16)) : "_none_";
  return `<sub>Cost ${formatUsd(report.costUsd)} \xB7 ${formatTokens(report.totalTokens)} tokens \xB7 session ${codeSpan(report.sessionId)} \xB7 ledger head ${head}</sub>`;
}
function renderStickyComment(report, links, marker, metadata) {
  const top = `${marker}
${embedMeta(metadata)}`;
  const body = (detail) => join2([
    top,
    headline(report, "###"),
    ...banners(report, detail),
    injectionSection(report, detail),
    truncationNote(detail, LIMIT_LABEL2, report, { votes: true, tails: false }),
    clauseTable(report, detail),
    fanoutSection(report, detail),
    memorySection(report, links.trigger),
    checksProvenance(report, detail),
    votesSection(report, detail),
    linksLine(links, true),
    verifySection(links, "####"),
    footer(report)
  ]);
  const fitted = renderWithin(COMMENT_LIMIT, report.clauses.length, body);
  if (fitted) return fitted.text;
  const lean = join2([
    top,
    headline(report, "###"),
    `\u2702\uFE0F **Truncated to fit ${LIMIT_LABEL2}:** the clause table and votes are omitted. The signed ledger bundle has everything.`,
    linksLine(links, true),
    verifySection(links, "####")
  ]);
  if (sizeOf(lean) > COMMENT_LIMIT) {
    throw new RangeError("sticky comment marker and metadata alone exceed the GitHub comment size limit");
  }
  return lean;
}

// src/github/render/conclusion.ts
function conclusionFor(overall, unverifiableAs) {
  switch (overall) {
    case "pass":
      return "success";
    case "suspended":
      return "action_required";
    case "unverifiable":
      return unverifiableAs === "neutral" ? "neutral" : "failure";
    default:
      return "failure";
  }
}

// src/github/render/summary.ts
var LIMIT_LABEL3 = "GitHub's 1 MiB job summary limit";
function join3(parts) {
  return parts.filter((p) => p !== null && p !== "").join("\n\n");
}
function renderJobSummary(report, links) {
  const body = (detail) => join3([
    headline(report),
    ...banners(report, detail),
    injectionSection(report, detail),
    intentQuote(report, Math.min(detail.cellChars, 500)),
    truncationNote(detail, LIMIT_LABEL3, report, { votes: true, tails: true }),
    clauseTable(report, detail),
    fanoutSection(report, detail),
    checksProvenance(report, detail),
    evidenceNotes(report, detail),
    votesSection(report, detail),
    checkDetails(report, detail, true),
    factsList(report, links),
    verifySection(links)
  ]);
  return renderWithin(STEP_SUMMARY_LIMIT, report.clauses.length, body)?.text ?? join3([
    headline(report),
    "\u2702\uFE0F **Report too large for the job summary.** The signed ledger bundle has everything.",
    verifySection(links)
  ]);
}

// src/github/path-filter.ts
var MAX_LISTED_FILES = 3e3;
var SUBPROJECT_LINE = /^[-+]Subproject commit /;
function mayBeGitlink(file) {
  const changed = (file.patch ?? "").split("\n").filter((line) => /^[-+]/.test(line));
  return changed.length === 0 || changed.some((line) => SUBPROJECT_LINE.test(line));
}
async function pullRequestChangedFiles(octokit, repo, prNumber, headSha) {
  const files = await listPullRequestFiles(octokit, repo, prNumber);
  if (files.length >= MAX_LISTED_FILES) return null;
  if (files.some((file) => listedAtOtherCommit(file, headSha))) return null;
  const { data: after } = await octokit.rest.pulls.get({ ...repo, pull_number: prNumber });
  if (after.head.sha !== headSha) return null;
  const paths = /* @__PURE__ */ new Map();
  for (const file of files) {
    const directory = mayBeGitlink(file);
    for (const name of [file.filename, file.previous_filename])
      if (name) paths.set(name, directory || paths.get(name) === true);
  }
  return [...paths].map(([path, mayBeDirectory]) => ({ path, mayBeDirectory }));
}
function listedAtOtherCommit(file, headSha) {
  if (file.status === "removed") return false;
  const named = [
    /\/blob\/([0-9a-f]{40,64})\//.exec(file.blob_url ?? "")?.[1],
    /[?&]ref=([0-9a-f]{40,64})(?:&|$)/.exec(file.contents_url ?? "")?.[1]
  ];
  return named.some((sha) => sha !== void 0 && sha !== headSha.toLowerCase());
}
async function listPullRequestFiles(octokit, repo, prNumber) {
  return octokit.paginate(octokit.rest.pulls.listFiles, { ...repo, pull_number: prNumber, per_page: 100 });
}
function lazyChangedFiles(octokit, repo, prNumber, headSha) {
  let listing = null;
  return () => {
    listing ??= pullRequestChangedFiles(octokit, repo, prNumber, headSha);
    return listing;
  };
}
function hasPathFilter(section) {
  return section.paths !== void 0 || section.paths_ignore !== void 0;
}
async function pathSkipReason(section, changedFiles) {
  if (!hasPathFilter(section)) return null;
  const files = await changedFiles();
  if (files === null) return null;
  const decision = decidePathFilter(section, files);
  return decision.run ? null : decision.reason;
}
async function skipWouldReplaceVerdict(options) {
  const runs = await findCheckRuns({
    octokit: options.octokit,
    ...options.repo,
    ref: options.headSha,
    checkName: `truss / ${options.contractId}`
  });
  return runs.some(
    (run) => run.id !== options.ownId && run.headSha === options.headSha && isTrussCheckId(run.externalId) && !(run.status === "completed" && run.conclusion === "skipped")
  );
}
async function pathSkipOnHead(section, changedFiles, target, log) {
  const reason = changedFiles ? await pathSkipReason(section, changedFiles) : null;
  if (reason === null || target === null) return reason;
  if (!await skipWouldReplaceVerdict({ ...target, contractId: section.id })) return reason;
  log?.info(
    `truss / ${section.id}: runs although ${reason}, because Truss already has a check of it on this head that a skip would replace`
  );
  return null;
}
async function reportSkippedContract(options) {
  const { contractId } = options;
  return skipCheckRun({
    octokit: options.octokit,
    owner: options.repo.owner,
    repo: options.repo.repo,
    name: `truss / ${contractId}`,
    headSha: options.headSha,
    existingId: options.existingId ?? null,
    detailsUrl: options.detailsUrl,
    externalId: options.externalId,
    dryRun: options.dryRun,
    output: {
      title: "Skipped: the change touches none of its paths",
      summary: [
        `**Not run:** ${codeSpan(options.reason)}.`,
        "",
        `The contract's \`[contract] paths\` / \`paths_ignore\` name the files that make it worth running; this change touches none of them, so there is no verdict and no ledger for this head. A required check counts \`skipped\` as passing. Comment \`${options.trigger} run ${contractId}\` to run it anyway.`
      ].join("\n")
    }
  });
}
async function contractPathSkip(options) {
  const path = `${CONTRACTS_DIR}/${options.name}.toml`;
  const text = await readRepoFile({ octokit: options.octokit, ...options.repo, path, ref: options.ref });
  if (text === null) return null;
  let section;
  try {
    section = parseContractToml(text, path).contract;
  } catch {
    return null;
  }
  const target = { octokit: options.octokit, repo: options.repo, headSha: options.headSha };
  const reason = await pathSkipOnHead(section, options.changedFiles, target);
  return reason === null ? null : { contractId: section.id, reason };
}

// src/github/repo-contracts.ts
var NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
async function listContractNames(options) {
  const { octokit, repo, ref } = options;
  return (await listRepoDir({ octokit, owner: repo.owner, repo: repo.repo, path: CONTRACTS_DIR, ref, type: "file" })).filter((name) => name.endsWith(".toml")).map((name) => name.slice(0, -".toml".length)).sort();
}
async function loadContractsAtRef(options) {
  const { octokit, repo, ref } = options;
  const read = (path) => readRepoFile({ octokit, owner: repo.owner, repo: repo.repo, path, ref });
  const [configText, available] = await Promise.all([
    read(CONFIG_FILE),
    listContractNames({ octokit, repo, ref })
  ]);
  const names = options.names.length > 0 ? options.names : available;
  if (names.length === 0) {
    throw notFound(
      `no contracts in ${CONTRACTS_DIR}/ at ${ref.slice(0, 12)}; add one (see docs/contracts.md) or set the contract input`
    );
  }
  for (const name of names)
    if (!NAME.test(name))
      throw notFound(`"${name}" is not a contract name (letters, digits, ".", "_" and "-")`);
  const texts = await Promise.all(names.map((name) => read(`${CONTRACTS_DIR}/${name}.toml`)));
  const contracts = [];
  for (const [i, name] of names.entries()) {
    const path = `${CONTRACTS_DIR}/${name}.toml`;
    const text = texts[i] ?? null;
    if (text === null) {
      const list = available.length > 0 ? `available: ${available.join(", ")}` : `no contracts exist in ${CONTRACTS_DIR}/`;
      throw notFound(
        `contract "${name}" is not in ${CONTRACTS_DIR}/ on the base branch (${ref.slice(0, 12)}); ${list}`
      );
    }
    contracts.push({ name, path, source: { file: path, text } });
  }
  return { config: configText === null ? void 0 : { file: CONFIG_FILE, text: configText }, contracts };
}
function notFound(message) {
  return new ContractError([{ file: CONTRACTS_DIR, line: 0, col: 0, path: "", message }], "not_found");
}

// src/github/permissions.ts
var WRITE_LEVELS = /* @__PURE__ */ new Set(["admin", "maintain", "write"]);
async function authorizeActor(options) {
  const { octokit, owner, repo, actor, allowedUsers = [], allowedBots = [] } = options;
  const permission = await permissionOf(octokit, owner, repo, actor.login);
  const bot = isBot(actor);
  if (bot) {
    if (listed(allowedBots, actor.login, true)) {
      return { allowed: true, permission, reason: `${actor.login} is a bot listed in allowed-bots` };
    }
    return {
      allowed: false,
      permission,
      reason: `${actor.login} is a bot; bots may trigger Truss only when listed in allowed-bots`
    };
  }
  if (WRITE_LEVELS.has(permission)) {
    return {
      allowed: true,
      permission,
      reason: `${actor.login} has ${permission} access to ${owner}/${repo}`
    };
  }
  if (listed(allowedUsers, actor.login, false)) {
    return { allowed: true, permission, reason: `${actor.login} is listed in allowed-users` };
  }
  return {
    allowed: false,
    permission,
    reason: permission === "none" ? `${actor.login} has no access to ${owner}/${repo}; write access is required` : `${actor.login} has ${permission} access to ${owner}/${repo}; write access is required`
  };
}
async function permissionOf(octokit, owner, repo, username) {
  try {
    const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({ owner, repo, username });
    const role = (data.role_name ?? "").toLowerCase();
    const base = (data.permission ?? "none").toLowerCase();
    if (WRITE_LEVELS.has(role) || role === "triage" || role === "read") return role;
    return base;
  } catch (error) {
    if (statusOf(error) === 404) return "none";
    throw error;
  }
}
function isBot(actor) {
  return actor.type.toLowerCase() === "bot" || /\[bot\]$/i.test(actor.login);
}
function listed(list, login, bot) {
  const norm = (value) => {
    const lower = value.trim().toLowerCase();
    return bot ? lower.replace(/\[bot\]$/, "") : lower;
  };
  const target = norm(login);
  return list.some((entry) => bot && entry.trim() === "*" || norm(entry) === target);
}
function politeDenial(login, reason, trigger = "/truss") {
  return [
    `Hi @${login} \u2014 thanks for trying \`${trigger}\`, but I can't act on this comment: ${reason}.`,
    "",
    `Commands are limited to people with write access to the repository (and to users or bots a maintainer has listed in \`allowed-users\` / \`allowed-bots\`), because \`${trigger} run\` executes contracts with this repository's credentials. A maintainer can run it for you.`
  ].join("\n");
}

// src/github/reply.ts
async function postReply(options) {
  if (options.dryRun) return null;
  const { data } = await options.octokit.rest.issues.createComment({
    owner: options.owner,
    repo: options.repo,
    issue_number: options.issueNumber,
    body: options.body
  });
  return data.html_url;
}

// src/github/failed-contracts.ts
var CHECK_PREFIX = "truss / ";
var RERUN = /* @__PURE__ */ new Set(["fail", "unverifiable"]);
async function failedContracts(options) {
  const { octokit, repo } = options;
  const newest = await newestTrussChecks(
    { octokit, repo, headSha: options.headSha, prNumber: options.prNumber, authors: options.authors },
    (run) => run.name !== HUMAN_REVIEW_CHECK && !(run.status === "completed" && run.conclusion === "skipped")
  );
  const names = /* @__PURE__ */ new Set();
  const unmapped = /* @__PURE__ */ new Set();
  for (const [checkName, run] of newest) {
    const verdict = run.status === "completed" ? verdictInTitle(run.outputTitle) : null;
    if (verdict === null || !RERUN.has(verdict)) continue;
    const requested = decodeRunRequestId(run.externalId)?.n;
    if (requested) names.add(requested);
    else unmapped.add(checkName.slice(CHECK_PREFIX.length));
  }
  const missing = [];
  if (unmapped.size > 0) {
    const byId = await contractFilesById(octokit, repo, options.ref);
    for (const id of unmapped) {
      const file = byId.get(id);
      if (file) names.add(file);
      else missing.push(id);
    }
  }
  return { names: [...names].sort(), missing: missing.sort() };
}
async function newestTrussChecks(head, keep = () => true) {
  const runs = await findCheckRuns({ octokit: head.octokit, ...head.repo, ref: head.headSha });
  const newest = /* @__PURE__ */ new Map();
  for (const run of runs) {
    if (!run.name.startsWith(CHECK_PREFIX) || !trussCheckFor(run.externalId, head.prNumber) || !isOwnApp(run.app, head.authors) || !keep(run))
      continue;
    const seen = newest.get(run.name);
    if (!seen || newerThan(run, seen)) newest.set(run.name, run);
  }
  return newest;
}
function newerThan(a, b) {
  const at = Date.parse(a.startedAt ?? "") || 0;
  const bt = Date.parse(b.startedAt ?? "") || 0;
  return at !== bt ? at > bt : a.id > b.id;
}
async function contractFilesById(octokit, repo, ref) {
  const byId = /* @__PURE__ */ new Map();
  for (const name of await listContractNames({ octokit, repo, ref })) {
    const path = `${CONTRACTS_DIR}/${name}.toml`;
    const text = await readRepoFile({ octokit, ...repo, path, ref });
    if (text === null) continue;
    try {
      byId.set(parseContractToml(text, path).contract.id, name);
    } catch {
    }
  }
  return byId;
}

// src/github/reactions.ts
async function react(octokit, options) {
  const { owner, repo, commentId, content, dryRun } = options;
  const log = options.log;
  const warn = (message) => log ? log.warning(message) : octokit.log.warn(message);
  if (dryRun) {
    const message = `dry run: would react ${content} to comment ${commentId}`;
    if (log) log.info(message);
    else octokit.log.info(message);
    return false;
  }
  try {
    await octokit.rest.reactions.createForIssueComment({ owner, repo, comment_id: commentId, content });
    return true;
  } catch (error) {
    const status = statusOf(error);
    const detail = status === void 0 ? error instanceof Error ? error.message : String(error) : `HTTP ${status}`;
    warn(`could not add the ${content} reaction to comment ${commentId} (${detail}); continuing`);
    return false;
  }
}

// src/github/handle-command.ts
async function handleCommand(options) {
  const { octokit, repo, issueNumber, comment, triggerPhrase, log } = options;
  const command = parseCommand(comment.body ?? "", triggerPhrase);
  if (!command) {
    log.info(`no ${triggerPhrase} command in the comment; nothing to do`);
    return [];
  }
  const commentId = comment.id;
  const user = comment.user ?? { login: "unknown", type: "User" };
  const reply = (body) => postReply({ octokit, ...repo, issueNumber, body, dryRun: options.dryRun });
  const reaction = (content) => react(octokit, { ...repo, commentId, content, dryRun: options.dryRun });
  const auth = await authorizeActor({
    octokit,
    ...repo,
    actor: { login: user.login, type: user.type ?? "User" },
    allowedUsers: options.allowedUsers,
    allowedBots: options.allowedBots
  });
  if (!auth.allowed) {
    log.info(`${user.login} may not trigger truss (${auth.reason})`);
    await reply(politeDenial(user.login, auth.reason, triggerPhrase));
    return [];
  }
  if (options.acknowledge !== false) await reaction("eyes");
  switch (command.kind) {
    case "help":
      await reply(helpText(triggerPhrase));
      await reaction("rocket");
      return [];
    case "status":
      await reply(await statusText(octokit, repo, issueNumber, await resolveAuthors(options.authors)));
      await reaction("rocket");
      return [];
    case "approve":
    case "reject": {
      if ((user.type ?? "User").toLowerCase() === "bot" || !MAINTAINER_LEVELS.has(auth.permission)) {
        log.info(`${user.login} may not ${command.kind} a gated run (${auth.permission} access)`);
        await reply(
          `\`${triggerPhrase} ${command.kind}\` is for maintainers: it decides whether a gated step runs. @${user.login} has ${auth.permission} access; a maintainer with write access can ${command.kind} it, or approve the pull request in a review.`
        );
        await reaction("confused");
        return [];
      }
      if (!options.decide) {
        await reply(
          "Nothing on this pull request is waiting for approval (no run is suspended on an approval gate). To sign off on a verdict, approve the pull request in a review."
        );
        await reaction("confused");
        return [];
      }
      try {
        const outcome = await options.decide({
          kind: command.kind,
          decision: command.kind === "approve" ? "approved" : "rejected",
          note: command.note,
          actor: { login: user.login, id: comment.user?.id ?? null },
          source: { comment_id: commentId, url: comment.html_url ?? null }
        });
        if (outcome.reply !== null) await reply(outcome.reply);
        await reaction(outcome.ok ? "rocket" : "confused");
        return outcome.results ?? [];
      } catch (error) {
        await reaction("confused");
        await reply(`truss could not record the decision: ${error.message}`);
        throw error;
      }
    }
    case "memory":
      return memoryCommand(options, command, auth.permission, reply, reaction);
    case "run":
    case "verify":
    case "run-failed": {
      try {
        const request = command.kind === "run-failed" ? await failedRequest(octokit, repo, issueNumber, reply, log, options.authors) : {
          contracts: command.kind === "run" && command.contract ? [command.contract] : options.defaultContracts,
          intent: command.kind === "run" ? command.intent : null,
          // `/truss verify` judges the pull request as it is; `/truss run` may also execute the contract.
          verifyOnly: command.kind === "verify",
          named: command.kind === "run" && command.contract !== null
        };
        if (request === null) {
          await reaction("rocket");
          return [];
        }
        const results = await options.runContracts(request);
        const ok = options.succeeded ? options.succeeded(results) : results.every((r) => r.overall === "pass");
        await reaction(ok ? "rocket" : "confused");
        return results;
      } catch (error) {
        await reaction("confused");
        await reply(`truss could not run: ${error.message}`);
        throw error;
      }
    }
    default: {
      const reason = command.kind === "invalid" ? command.reason : `"${inlineText(command.word.slice(0, 70))}" is not a truss command`;
      await reply(`${reason}

${helpText(triggerPhrase)}`);
      await reaction("confused");
      return [];
    }
  }
}
var MAINTAINER_LEVELS = /* @__PURE__ */ new Set(["admin", "maintain", "write"]);
async function memoryCommand(options, command, permission, reply, reaction) {
  const { comment, triggerPhrase } = options;
  const user = comment.user ?? { login: "unknown", type: "User" };
  const refuse = async (why) => {
    options.log.info(`memory ${command.action} refused: ${why}`);
    await reply(why);
    await reaction("confused");
    return [];
  };
  if ((user.type ?? "User").toLowerCase() === "bot" || !MAINTAINER_LEVELS.has(permission))
    return refuse(
      `\`${triggerPhrase} memory ${command.action}\` is for maintainers: it decides what every later run is told. @${user.login} has ${permission} access; a maintainer with write access can run it.`
    );
  if (!options.memory)
    return refuse(
      "Memory decisions are not set up here: the workflow needs `ledger-branch` and a `signing-key` (docs/memory.md)."
    );
  try {
    const outcome = await options.memory({
      action: command.action,
      entry: command.entry,
      reason: command.reason,
      actor: { login: user.login, id: comment.user?.id ?? null, permission },
      source: { comment_id: comment.id, url: comment.html_url ?? null }
    });
    if (outcome.reply !== null) await reply(outcome.reply);
    await reaction(outcome.ok ? "rocket" : "confused");
    return outcome.results ?? [];
  } catch (error) {
    await reaction("confused");
    await reply(`truss could not decide the memory entry: ${inlineText(error.message, 2e3)}`);
    throw error;
  }
}
async function failedRequest(octokit, repo, issueNumber, reply, log, authors) {
  const { data: pr } = await octokit.rest.pulls.get({ ...repo, pull_number: issueNumber });
  const failed = await failedContracts({
    octokit,
    repo,
    headSha: pr.head.sha,
    prNumber: issueNumber,
    authors: await resolveAuthors(authors),
    ref: pr.base.sha
  });
  const head = pr.head.sha.slice(0, 7);
  if (failed.missing.length > 0)
    await reply(
      `These contracts failed on ${head} but are no longer in \`${CONTRACTS_DIR}/\` on the base branch, so they cannot run again: ${failed.missing.map((id) => codeSpan(id)).join(", ")}.`
    );
  if (failed.names.length === 0) {
    if (failed.missing.length === 0)
      await reply(`No contract's last verdict on ${head} was FAIL or UNVERIFIABLE: nothing to run again.`);
    return null;
  }
  log.info(`running again the contracts that failed on ${head}: ${failed.names.join(", ")}`);
  return { contracts: failed.names, intent: null, verifyOnly: false, named: true };
}
async function statusText(octokit, repo, prNumber, authors) {
  const { data: pr } = await octokit.rest.pulls.get({ ...repo, pull_number: prNumber });
  const runs = [
    ...(await newestTrussChecks({ octokit, repo, headSha: pr.head.sha, prNumber, authors })).values()
  ];
  if (runs.length === 0) return `No truss check runs on ${pr.head.sha.slice(0, 7)} yet.`;
  const rows = runs.map((run) => {
    const url = safeUrl(run.url);
    const name = url ? `[${codeSpan(run.name)}](${url})` : codeSpan(run.name);
    return `| ${name} | ${codeSpan(run.status)} | ${codeSpan(run.conclusion ?? "\u2014")} |`;
  });
  return [
    `truss status for ${pr.head.sha.slice(0, 7)}:`,
    "",
    "| check | status | conclusion |",
    "|---|---|---|",
    ...rows
  ].join("\n");
}

// src/github/suspended-session.ts
var SuspendedMetaSchema = external_exports.object({
  contract: external_exports.string().regex(CONTRACT_NAME),
  session_id: external_exports.string().regex(SESSION_ID),
  status: external_exports.literal("suspended"),
  head_sha: external_exports.string().regex(/^[0-9a-f]{40}$/).optional(),
  head_hash: external_exports.string().regex(/^[0-9a-f]{64}$/),
  head_seq: external_exports.number().int().nonnegative(),
  workflow_run_id: external_exports.union([external_exports.number().int().positive(), external_exports.string().regex(/^\d+$/)]).transform((id) => String(id)),
  artifact_id: external_exports.number().int().nullable().optional()
});
async function findSuspendedSessions(octokit, repo, prNumber, authors) {
  const latest = /* @__PURE__ */ new Map();
  for (const meta of await listSessionMetas(octokit, repo, prNumber, authors))
    if (typeof meta.contract === "string") latest.set(meta.contract, meta);
  const suspended = [];
  for (const meta of latest.values()) {
    const parsed = SuspendedMetaSchema.safeParse(meta);
    if (parsed.success) suspended.push(parsed.data);
  }
  return suspended;
}
async function findSuspendedSession(octokit, repo, prNumber, authors, contract) {
  const waiting = await findSuspendedSessions(octokit, repo, prNumber, authors);
  return waiting.filter((m) => !contract || m.contract === contract).at(-1) ?? null;
}

// src/github/artifact-zip.ts
import { inflateRawSync } from "node:zlib";
var ArtifactZipError = class extends Error {
  constructor(message) {
    super(message);
    this.name = "ArtifactZipError";
  }
};
var MAX_ARTIFACT_FILE_BYTES = 256 * 1024 * 1024;
function readZipFiles(zip, want, maxBytes = MAX_ARTIFACT_FILE_BYTES, maxFiles = Number.POSITIVE_INFINITY) {
  const u16 = (at2) => {
    if (at2 < 0 || at2 + 2 > zip.length) throw new ArtifactZipError("truncated zip");
    return zip.readUInt16LE(at2);
  };
  const u32 = (at2) => {
    if (at2 < 0 || at2 + 4 > zip.length) throw new ArtifactZipError("truncated zip");
    return zip.readUInt32LE(at2);
  };
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65535); i--) {
    if (zip.readUInt32LE(i) === 101010256) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ArtifactZipError("not a zip: no end-of-central-directory record");
  const count2 = u16(eocd + 10);
  let at = u32(eocd + 16);
  const wanted = /* @__PURE__ */ new Map();
  for (let n = 0; n < count2; n++) {
    if (u32(at) !== 33639248) throw new ArtifactZipError("bad central directory entry");
    const entry = {
      method: u16(at + 10),
      compressedSize: u32(at + 20),
      size: u32(at + 24),
      name: zip.toString("utf8", at + 46, Math.min(zip.length, at + 46 + u16(at + 28))),
      localOffset: u32(at + 42)
    };
    const { name } = entry;
    at += 46 + u16(at + 28) + u16(at + 30) + u16(at + 32);
    if (/^[/\\]|^[A-Za-z]:|\\|(^|\/)\.\.(\/|$)/.test(name) || name.includes("\0"))
      throw new ArtifactZipError(`unsafe file name ${JSON.stringify(name.slice(0, 200))} in the zip`);
    if (!want(name)) continue;
    if (wanted.has(name))
      throw new ArtifactZipError(`${JSON.stringify(name.slice(0, 200))} is listed more than once in the zip`);
    if (wanted.size >= maxFiles)
      throw new ArtifactZipError(
        `more than ${maxFiles} matching file${maxFiles === 1 ? "" : "s"} in the zip (${[...wanted.keys(), name].map((n2) => JSON.stringify(n2.slice(0, 200))).join(", ")})`
      );
    if (entry.size > maxBytes)
      throw new ArtifactZipError(`${name} is ${entry.size} bytes, over the ${maxBytes}-byte limit`);
    wanted.set(name, entry);
  }
  const files = /* @__PURE__ */ new Map();
  for (const { name, method, compressedSize, localOffset } of wanted.values()) {
    if (u32(localOffset) !== 67324752) throw new ArtifactZipError("bad local file header");
    const dataStart = localOffset + 30 + u16(localOffset + 26) + u16(localOffset + 28);
    if (dataStart + compressedSize > zip.length)
      throw new ArtifactZipError(`${name} runs past the end of the zip`);
    const data = zip.subarray(dataStart, dataStart + compressedSize);
    if (method === 0) files.set(name, Buffer.from(data));
    else if (method === 8) {
      try {
        files.set(name, inflateRawSync(data, { maxOutputLength: maxBytes }));
      } catch (error) {
        throw new ArtifactZipError(`cannot inflate ${name}: ${error.message}`);
      }
    } else throw new ArtifactZipError(`unsupported zip method ${method} for ${name}`);
  }
  return files;
}

// src/github/artifact-bundle.ts
async function downloadArtifactBundleText(options) {
  const { octokit, owner, repo, artifactId } = options;
  let zip;
  try {
    const { data } = await octokit.rest.actions.downloadArtifact({
      owner,
      repo,
      artifact_id: artifactId,
      archive_format: "zip"
    });
    zip = Buffer.from(data);
  } catch (error) {
    throw toMissingPermission(error, "actions: read", `download the ledger artifact ${artifactId}`);
  }
  const wanted = ledgerBundleFileName(options.sessionId);
  const files = readZipFiles(
    zip,
    (name) => name === wanted || name.endsWith(`/${wanted}`),
    options.maxBytes,
    1
  );
  const text = [...files.values()][0]?.toString("utf8");
  if (text === void 0) throw new ArtifactZipError(`artifact ${artifactId} holds no ${wanted}`);
  return text;
}

// src/github/record-sign-off.ts
import { writeFileSync } from "node:fs";
import { join as join4 } from "node:path";

// src/github/ledger-store-branch.ts
import { readFileSync } from "node:fs";
function ledgerBranchPath(sessionId) {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(sessionId))
    throw new Error(`invalid session id ${JSON.stringify(sessionId)}`);
  return `sessions/${sessionId}.json`;
}
async function saveBundleToLedgerBranch(options) {
  if (options.dryRun) return null;
  return commitFilesToBranch({
    octokit: options.octokit,
    owner: options.owner,
    repo: options.repo,
    branch: options.branch,
    files: [{ path: ledgerBranchPath(options.sessionId), content: readFileSync(options.bundlePath) }],
    message: options.message,
    dryRun: false
  });
}
async function loadBundleFromLedgerBranch(options) {
  return readRepoFile({
    octokit: options.octokit,
    owner: options.owner,
    repo: options.repo,
    path: ledgerBranchPath(options.sessionId),
    ref: options.branch
  });
}

// src/github/record-sign-off.ts
var DECISION = {
  approved: "approved",
  changes_requested: "needs_changes"
};
async function recordSignOff(options) {
  const { octokit, repo, pr, review, log } = options;
  const check = (conclusion, title, summary2) => postHumanReviewCheck({
    octokit,
    ...repo,
    headSha: pr.head.sha,
    conclusion,
    title,
    summary: summary2,
    detailsUrl: options.detailsUrl,
    dryRun: options.dryRun
  });
  if (options.action === "dismissed") {
    await check(
      "action_required",
      "Review dismissed: awaiting a new approval",
      `The review by @${review.user.login} was dismissed.`
    );
    return null;
  }
  const decision = DECISION[String(review.state).toLowerCase()];
  if (options.action !== "submitted" || !decision) {
    log.info(`review state ${review.state} records no decision; nothing to sign`);
    return null;
  }
  const auth = await authorizeActor({
    octokit,
    ...repo,
    actor: { login: review.user.login, type: review.user.type ?? "User" }
  });
  if (!auth.allowed) {
    log.info(
      `${review.user.login} has no write permission (${auth.reason}); the review is not recorded as a sign-off`
    );
    return null;
  }
  const authors = await resolveAuthors(options.authors);
  const meta = await latestSessionFor(octokit, repo, pr.number, pr.head.sha, authors);
  if (!meta?.session_id) {
    await check(
      "action_required",
      "No truss verdict for this commit yet",
      `There is no truss run for ${pr.head.sha.slice(0, 7)}; run the contracts first, then review.`
    );
    return null;
  }
  const gate = SuspendedMetaSchema.safeParse(meta);
  if (gate.success) {
    if (!options.releaseGate || review.commit_id !== pr.head.sha) {
      log.info(`session ${gate.data.session_id} waits on an approval gate; this review does not release it`);
      return null;
    }
    await options.releaseGate(gate.data, decision);
    return null;
  }
  const sessionId = meta.session_id;
  const text = await fetchBundleText(options, { ...meta, session_id: sessionId });
  let bundle;
  try {
    bundle = parseBundle(text, `bundle of session ${sessionId}`);
  } catch (error) {
    await check("failure", "Evidence did not verify (unreadable bundle)", error.message);
    return null;
  }
  if (bundle.ledger.session_id !== sessionId) {
    await check(
      "failure",
      "Evidence did not verify (another session)",
      `The bundle stored for session ${sessionId} is the ledger of session ${String(bundle.ledger.session_id).slice(0, 80)}; nothing was signed.`
    );
    return null;
  }
  const reviewer = options.reviewSigner();
  const trusted = await trustedKeysFor(options.trustedKeys, octokit, repo, pr.base.sha);
  if (trusted.size > 0 && !trusted.has(reviewer.publicKeyHex))
    trusted.set(reviewer.publicKeyHex, rolePin("review-signing-key", ["reviewer"]));
  const report = verifyBundle(bundle, { crypto: createNodeCrypto(), trusted, receipts: checkReceipt });
  if (report.status === "failed" || report.status === "incomplete" || report.status === "suspended") {
    await check(
      "failure",
      `Evidence did not verify (${report.status})`,
      report.failure?.message ?? (report.status === "suspended" ? "the run is suspended: its decision and verdict are not in this bundle, so there is no finished run to sign off" : "the run did not finish")
    );
    return null;
  }
  const recorded = readEntries(bundle.ledger.entries, HUMAN_REVIEW_KIND).find(
    (e) => e.payload.source?.review_id === review.id && e.payload.decision === decision
  );
  const signedVerdict = readPayload("verdict", bundle.verdict);
  const verdictHead = ("payload" in signedVerdict ? signedVerdict.payload.git?.head_sha : null) ?? meta.head_sha;
  const reviewedSha = review.commit_id ?? pr.head.sha;
  const { bundle: extended, entry } = recorded ? { bundle, entry: recorded } : appendHumanReviewToBundle(bundle, reviewer, {
    decision,
    note: review.body ?? "",
    actor: { login: review.user.login, id: review.user.id },
    source: { review_id: review.id, commit_sha: reviewedSha, url: review.html_url ?? null }
  });
  if (recorded)
    log.info(`review ${review.id} is already signed into session ${sessionId} (seq ${entry.seq})`);
  const out = join4(options.outDir, ledgerBundleFileName(sessionId));
  writeFileSync(out, `${JSON.stringify(extended)}
`);
  if (options.ledgerBranch && !recorded) {
    await saveBundleToLedgerBranch({
      octokit,
      ...repo,
      branch: options.ledgerBranch,
      sessionId,
      bundlePath: out,
      message: `truss: ${decision} by ${review.user.login} on ${sessionId}`,
      dryRun: options.dryRun
    });
  }
  const result = { sessionId, headHash: entry.entry_hash, bundlePath: out };
  const pinned = report.status === "verified";
  const atVerdictHead = reviewedSha === verdictHead && verdictHead === pr.head.sha;
  const summary = [
    `**${decision}** by @${review.user.login} \u2014 signed \`human_review\` at seq ${entry.seq}, attesting head \`${entry.payload.attested_head_hash.slice(0, 16)}\u2026\` of session \`${sessionId}\`.`,
    `Evidence: ${pinned ? "verified against pinned keys" : "intact, but its signer is not pinned (set trusted-keys or .truss/trusted-keys)"}.`,
    atVerdictHead ? "" : `The review is for ${reviewedSha.slice(0, 7)}, but the verdict covers ${String(verdictHead).slice(0, 7)}: stale.`
  ].join("\n\n");
  if (decision === "approved" && atVerdictHead && pinned)
    await check("success", `Approved by ${review.user.login}`, summary);
  else if (decision === "approved")
    await check("action_required", "Approval does not cover the verified evidence", summary);
  else await check("failure", `Changes requested by ${review.user.login}`, summary);
  return result;
}
async function fetchBundleText(options, meta) {
  const sessionId = meta.session_id;
  if (options.ledgerBranch) {
    const text = await loadBundleFromLedgerBranch({
      octokit: options.octokit,
      ...options.repo,
      branch: options.ledgerBranch,
      sessionId
    });
    if (text) return text;
  }
  if (!meta.artifact_id)
    throw new Error(
      `no stored bundle for session ${sessionId}: enable upload-artifact or ledger-branch on the run workflow`
    );
  return options.loadArtifactBundle({ ...meta, artifact_id: meta.artifact_id });
}

export {
  inlineText,
  codeSpan,
  safeUrl,
  clipHead,
  DEFAULT_TRIGGER,
  parseCommand,
  helpText,
  encodeRunRequestId,
  decodeRunRequestId,
  TRUSS_CHECK_ID,
  postHumanReviewCheck,
  markHumanReviewStale,
  startCheckRun,
  completeCheckRun,
  findCheckRuns,
  HeadMismatchError,
  placedFindings,
  seatLabel,
  verifySection,
  formatUsd,
  formatTokens,
  renderCheckOutput,
  renderStickyComment,
  conclusionFor,
  renderJobSummary,
  listPullRequestFiles,
  lazyChangedFiles,
  pathSkipOnHead,
  reportSkippedContract,
  contractPathSkip,
  listContractNames,
  loadContractsAtRef,
  authorizeActor,
  politeDenial,
  postReply,
  handleCommand,
  saveBundleToLedgerBranch,
  loadBundleFromLedgerBranch,
  findSuspendedSessions,
  findSuspendedSession,
  ArtifactZipError,
  downloadArtifactBundleText,
  recordSignOff
};
