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

// src/core/verify/citations.ts
var MAX_FINDINGS = 20;
var MAX_LOCATION_CHARS = 300;
var MAX_PROBLEM_CHARS = 1e3;
var CONTEXT_LINES = 2;
var MAX_SHOWN_LINES = 8;
var MAX_LINE_CHARS = 240;
var LOCATION = /^(.+?):L?(\d{1,9})(?:\s*[-–]\s*L?(\d{1,9}))?$/;
function anchorFindings(findings, files) {
  const byPath = new Map(files.map((file) => [file.path, file]));
  return findings.slice(0, MAX_FINDINGS).map((finding) => anchorOne(finding, byPath));
}
function anchorOne(finding, byPath) {
  const location = clip(finding.location.trim(), MAX_LOCATION_CHARS);
  const base = { location, problem: clip(finding.problem.trim(), MAX_PROBLEM_CHARS) };
  const prose = (unanchored, at2 = {
    path: null,
    start: null,
    end: null
  }) => ({
    ...base,
    path: at2.path,
    start_line: at2.start,
    end_line: at2.end,
    anchored: false,
    unanchored,
    hunk: null
  });
  const match = LOCATION.exec(location.replace(/^[`'"]+|[`'"]+$/g, "").trim());
  if (!match) return prose("not a location: write path:line or path:start-end");
  const start = Number(match[2]);
  const end = match[3] === void 0 ? start : Number(match[3]);
  const written = match[1].trim();
  const normalized = normalizeCitedPath(written);
  if ("refused" in normalized) return prose(normalized.refused);
  const path = resolveInDiff(normalized.path, byPath);
  const at = { path: path ?? normalized.path, start, end };
  if (start < 1 || end < start) return prose("the line range is empty or starts before line 1", at);
  const file = path === null ? void 0 : byPath.get(path);
  if (!file) return prose("not a file this change touches", at);
  const hunk = file.hunks.find((h) => h.start <= start && end <= h.end);
  if (!hunk) return prose("outside the changed hunks of this file", at);
  return {
    ...base,
    path: file.path,
    start_line: start,
    end_line: end,
    anchored: true,
    unanchored: null,
    hunk: excerpt(hunk, start, end)
  };
}
function normalizeCitedPath(written) {
  if (written.startsWith("/") || /^[A-Za-z]:/.test(written) || written.startsWith("~"))
    return { refused: "an absolute path is never anchored; name files relative to the repository" };
  if (/[\u0000-\u001f\u007f\\]/.test(written)) return { refused: "not a repository path" };
  if (hasBidi(written))
    return { refused: "a path with bidi control characters is never anchored (it can display as another)" };
  const segments = written.split("/").filter((s) => s !== "" && s !== ".");
  if (segments.includes("..")) return { refused: 'a path with ".." is never anchored' };
  if (segments.length === 0) return { refused: "not a repository path" };
  return { path: segments.join("/") };
}
function resolveInDiff(path, byPath) {
  if (byPath.has(path)) return path;
  const stripped = /^[ab]\/(.+)$/.exec(path)?.[1];
  return stripped !== void 0 && byPath.has(stripped) ? stripped : null;
}
function excerpt(hunk, start, end) {
  const last = Math.min(end, start + MAX_SHOWN_LINES - 1);
  const from = hunk.lines.findIndex((line) => line.n !== null && line.n >= start - CONTEXT_LINES);
  let to = hunk.lines.findIndex((line) => line.n !== null && line.n > last + CONTEXT_LINES);
  if (to === -1) to = hunk.lines.length;
  return {
    header: clip(hunk.header, MAX_LINE_CHARS),
    lines: hunk.lines.slice(Math.max(0, from), to).map((line) => ({
      n: line.n,
      text: clip(line.text, MAX_LINE_CHARS)
    }))
  };
}
function clip(text, max) {
  return text.length > max ? `${text.slice(0, max - 1)}\u2026` : text;
}
function citationsOf(payload) {
  const list = payload.citations;
  if (!Array.isArray(list)) return [];
  const str = (v) => typeof v === "string" ? v : null;
  const num = (v) => typeof v === "number" && Number.isSafeInteger(v) ? v : null;
  return list.flatMap((item) => {
    if (!item || typeof item !== "object") return [];
    const c = item;
    const rawHunk = c.hunk;
    const hunk = rawHunk && typeof rawHunk === "object" && Array.isArray(rawHunk.lines) ? {
      header: str(rawHunk.header) ?? "",
      lines: rawHunk.lines.flatMap(
        (line) => line && typeof line === "object" && typeof line.text === "string" ? [{ n: num(line.n), text: line.text }] : []
      )
    } : null;
    const start = num(c.start_line);
    const end = num(c.end_line);
    const anchored = c.anchored === true && str(c.path) !== null && start !== null && end !== null;
    return [
      {
        location: str(c.location) ?? "",
        problem: str(c.problem) ?? "",
        path: str(c.path),
        start_line: start,
        end_line: end,
        anchored,
        unanchored: anchored ? null : str(c.unanchored) ?? "not anchored",
        hunk: anchored ? hunk : null
      }
    ];
  });
}

export {
  MARK_OPEN,
  MARK_CLOSE,
  emptyCounts,
  addCounts,
  totalOf,
  markBidi,
  revealHidden,
  isMarkdownPath,
  MAX_FINDINGS,
  anchorFindings,
  citationsOf
};
