#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);

// src/core/verify/diff-hunks.ts
var HUNK_HEADER = /^@@ -\d+(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;
function parseDiffHunks(diff) {
  const files = [];
  let file = null;
  let hunk = null;
  let next = 0;
  let left = 0;
  let oldLeft = 0;
  for (const line of diff.split("\n")) {
    if (line.startsWith("diff --git ")) {
      file = null;
      hunk = null;
      continue;
    }
    if (hunk && (left > 0 || oldLeft > 0) && /^[ +\-\\]/.test(line)) {
      if (line.startsWith("\\")) continue;
      if (line.startsWith("-")) {
        hunk.lines.push({ n: null, text: line });
        oldLeft -= 1;
      } else {
        if (line.startsWith(" ")) oldLeft -= 1;
        hunk.lines.push({ n: next, text: line });
        hunk.end = next;
        next += 1;
        left -= 1;
      }
      continue;
    }
    if (line.startsWith("+++ ")) {
      const path = newSidePath(line.slice(4));
      file = path === null ? null : { path, hunks: [] };
      if (file) files.push(file);
      hunk = null;
      continue;
    }
    if (!file) continue;
    const header = HUNK_HEADER.exec(line);
    if (header) {
      oldLeft = header[1] === void 0 ? 1 : Number(header[1]);
      next = Number(header[2]);
      left = header[3] === void 0 ? 1 : Number(header[3]);
      hunk = { header: line, start: next, end: next - 1, lines: [] };
      file.hunks.push(hunk);
      continue;
    }
    if (file.hunks.length === 0 && line.startsWith("+")) {
      next = 1;
      left = Number.POSITIVE_INFINITY;
      oldLeft = 0;
      hunk = { header: "@@ new file (untracked) @@", start: 1, end: 0, lines: [] };
      file.hunks.push(hunk);
      hunk.lines.push({ n: next, text: line });
      hunk.end = next;
      next += 1;
    }
  }
  return files;
}
function newSidePath(spec) {
  const raw = spec.startsWith('"') ? unquoteC(spec) : spec.replace(/\t.*$/, "");
  if (raw === null || raw === "/dev/null" || !raw.startsWith("b/")) return null;
  return raw.slice(2);
}
function unquoteC(quoted) {
  const close = quoted.lastIndexOf('"');
  if (close <= 0) return null;
  const body = quoted.slice(1, close);
  const bytes = [];
  const simple = { n: 10, t: 9, r: 13, '"': 34, "\\": 92, a: 7, b: 8, f: 12, v: 11 };
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c !== "\\") {
      bytes.push(...Buffer.from(c, "utf8"));
      continue;
    }
    const octal = /^[0-7]{3}/.exec(body.slice(i + 1));
    if (octal) {
      bytes.push(Number.parseInt(octal[0], 8));
      i += 3;
      continue;
    }
    const escaped = simple[body[i + 1] ?? ""];
    if (escaped === void 0) return null;
    bytes.push(escaped);
    i += 1;
  }
  return Buffer.from(bytes).toString("utf8");
}

export {
  parseDiffHunks
};
