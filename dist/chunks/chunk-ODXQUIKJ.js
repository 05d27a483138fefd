#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);

// src/core/verify/hidden-text.ts
var HIDDEN_KINDS = ["tag", "bidi", "bidi_mark", "zero_width", "html_comment"];
var MARK_OPEN = "\u27E6";
var MARK_CLOSE = "\u27E7";
var TAG_FIRST = 917504;
var TAG_LAST = 917631;
var BIDI_CONTROLS = /* @__PURE__ */ new Set([8234, 8235, 8236, 8237, 8238, 8294, 8295, 8296, 8297]);
var BIDI_MARKS = /* @__PURE__ */ new Set([8206, 8207, 1564]);
var ZERO_WIDTH = /* @__PURE__ */ new Set([8203, 8204, 8205, 8288, 65279]);
var BIDI_ANY = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;
function emptyCounts() {
  return { tag: 0, bidi: 0, bidi_mark: 0, zero_width: 0, html_comment: 0 };
}
function addCounts(into, from) {
  for (const kind of HIDDEN_KINDS) into[kind] += from[kind];
  return into;
}
function totalOf(counts) {
  return HIDDEN_KINDS.reduce((n, kind) => n + counts[kind], 0);
}
function hex(cp) {
  return `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;
}
function joinsScript(before, after) {
  const joinable = (ch) => ch !== void 0 && (/[\p{L}\p{M}\p{Extended_Pictographic}]/u.test(ch) || new RegExp("\\p{Emoji_Modifier}", "u").test(ch)) && (ch.codePointAt(0) ?? 0) > 127;
  return joinable(before) && joinable(after);
}
function hasBidi(text) {
  BIDI_ANY.lastIndex = 0;
  return BIDI_ANY.test(text);
}
function markBidi(text) {
  return text.replace(BIDI_ANY, (ch) => `${MARK_OPEN}${hex(ch.codePointAt(0))}${MARK_CLOSE}`);
}
function revealHidden(text, options = {}) {
  const counts = emptyCounts();
  const chars = Array.from(text);
  let out = "";
  let tagRun = [];
  const flushTags = () => {
    if (tagRun.length === 0) return;
    const decoded = tagRun.map((cp) => cp >= 917536 && cp <= 917630 ? String.fromCharCode(cp - TAG_FIRST) : `<${hex(cp)}>`).join("");
    out += `${MARK_OPEN}tag-text ${JSON.stringify(decoded)}${MARK_CLOSE}`;
    counts.tag += tagRun.length;
    tagRun = [];
  };
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i];
    const cp = ch.codePointAt(0);
    if (cp >= TAG_FIRST && cp <= TAG_LAST) {
      tagRun.push(cp);
      continue;
    }
    flushTags();
    if (BIDI_CONTROLS.has(cp)) {
      counts.bidi++;
      out += `${MARK_OPEN}${hex(cp)}${MARK_CLOSE}`;
    } else if (BIDI_MARKS.has(cp)) {
      counts.bidi_mark++;
      out += `${MARK_OPEN}${hex(cp)}${MARK_CLOSE}`;
    } else if (ZERO_WIDTH.has(cp)) {
      if (cp === 65279 && i === 0) continue;
      if ((cp === 8204 || cp === 8205) && joinsScript(chars[i - 1], chars[i + 1])) {
        out += ch;
        continue;
      }
      counts.zero_width++;
      out += `${MARK_OPEN}${hex(cp)}${MARK_CLOSE}`;
    } else {
      out += ch;
    }
  }
  flushTags();
  if (options.markdown) {
    out = out.replace(/<!--/g, () => {
      counts.html_comment++;
      return `${MARK_OPEN}html-comment${MARK_CLOSE}<!--`;
    });
  }
  return { text: out, counts, suspicious: totalOf(counts) - counts.bidi_mark - counts.html_comment };
}
function isMarkdownPath(path) {
  return /\.(md|markdown|mdx)$/i.test(path);
}

export {
  emptyCounts,
  addCounts,
  totalOf,
  hasBidi,
  markBidi,
  revealHidden,
  isMarkdownPath
};
