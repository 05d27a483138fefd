#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  MAX_JSON_DEPTH,
  findJsonStructureProblem
} from "./chunk-OX27M5K4.js";

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
function diffGitHeaderPath(line) {
  const sides = line.slice("diff --git ".length);
  let b;
  if (sides.startsWith('"')) {
    const end = quotedEnd(sides);
    if (end < 0) return null;
    b = sides.slice(end + 2);
  } else if (sides.endsWith('"')) {
    const at = sides.lastIndexOf(' "b/');
    if (at < 0) return null;
    b = sides.slice(at + 1);
  } else {
    const at = sides.lastIndexOf(" b/");
    if (at < 0) return null;
    b = sides.slice(at + 1);
  }
  return newSidePath(b);
}
function quotedEnd(text) {
  for (let i = 1; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === '"') return i;
  }
  return -1;
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

// src/core/runtime/budget.ts
var BudgetExceededError = class extends Error {
  constructor(dimension, spent, limits, charged) {
    super(`budget exhausted: ${describe(dimension, spent, limits)}`);
    this.dimension = dimension;
    this.spent = spent;
    this.limits = limits;
    this.charged = charged;
  }
  dimension;
  spent;
  limits;
  charged;
  name = "BudgetExceededError";
};
function describe(dimension, spent, limits) {
  switch (dimension) {
    case "cost":
      return `spent $${spent.costUsd.toFixed(4)} of max_cost_usd $${limits.maxCostUsd}`;
    case "tokens":
      return `used ${spent.totalTokens} of max_total_tokens ${limits.maxTotalTokens}`;
    case "steps":
      return `took ${spent.steps} of max_steps ${limits.maxSteps}`;
  }
}
var BudgetMeter = class {
  constructor(limits, onWarning = () => {
  }) {
    this.limits = limits;
    this.onWarning = onWarning;
  }
  limits;
  onWarning;
  spent = { costUsd: 0, totalTokens: 0, steps: 0 };
  #warned = false;
  assertCanSpend() {
    const over = this.#exceeded(true);
    if (over) throw new BudgetExceededError(over, { ...this.spent }, this.limits);
  }
  record(usage) {
    this.spent.totalTokens += usage.inputTokens + usage.outputTokens;
    this.spent.costUsd += usage.costUsd;
    this.spent.steps += usage.steps ?? 0;
    const over = this.#exceeded(false);
    if (over) throw new BudgetExceededError(over, { ...this.spent }, this.limits, { ...usage });
    if (!this.#warned && this.fraction() >= 0.8) {
      this.#warned = true;
      this.onWarning(`80% of the budget is spent (${Math.round(this.fraction() * 100)}%)`);
    }
  }
  /** The largest used fraction across the limited dimensions (0 when nothing is limited). */
  fraction() {
    const { maxCostUsd, maxTotalTokens, maxSteps } = this.limits;
    return Math.max(
      maxCostUsd ? this.spent.costUsd / maxCostUsd : 0,
      maxTotalTokens ? this.spent.totalTokens / maxTotalTokens : 0,
      maxSteps ? this.spent.steps / maxSteps : 0
    );
  }
  #exceeded(beforeCall) {
    const { maxCostUsd, maxTotalTokens, maxSteps } = this.limits;
    const past = (spent, limit) => limit !== void 0 && (beforeCall ? spent >= limit : spent > limit);
    if (past(this.spent.costUsd, maxCostUsd)) return "cost";
    if (past(this.spent.totalTokens, maxTotalTokens)) return "tokens";
    if (past(this.spent.steps, maxSteps)) return "steps";
    return null;
  }
};
function budgetMeterFor(budget, onWarning) {
  return new BudgetMeter(
    { maxCostUsd: budget.max_cost_usd, maxTotalTokens: budget.max_total_tokens, maxSteps: budget.max_steps },
    onWarning
  );
}

// src/core/process/redact.ts
var SECRET_NAME_PATTERN = /(KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|PRIVATE)/i;
var MIN_SECRET_LENGTH = 8;
var MIN_FRAGMENT_LENGTH = 8;
var MIN_EDGE_LENGTH = 4;
var KNOWN_PREFIXES_AT_END = [
  { kind: "github_token", pattern: /\bgithub_pat_[A-Za-z0-9_]*$/ },
  { kind: "github_token", pattern: /\bgh[pousr]_[A-Za-z0-9]*$/ },
  { kind: "aws_access_key", pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{0,15}$/ }
];
var KNOWN_FORMATS = [
  { kind: "private_key_block", pattern: privateKeyBlock() },
  { kind: "github_token", pattern: /\bgithub_pat_[A-Za-z0-9_]{22,}/g },
  { kind: "github_token", pattern: /\bgh[pousr]_[A-Za-z0-9]{36,}/g },
  { kind: "aws_access_key", pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g },
  // A Truss signing seed: base64 of 32 bytes after a TRUSS_*KEY name, or alone on its line (a key file).
  // The name is matched forwards and kept (group `keep`), not a lookbehind: a lookbehind is tried at
  // every position and scanned its `\s*` back over a run of blanks each time, so output of spaces took
  // quadratic time on the harness's thread (400 KB: a minute).
  {
    kind: "truss_seed",
    pattern: /(?<keep>\bTRUSS_[A-Z_]*KEY["']?\s*[=:]\s*["']?)[A-Za-z0-9+/]{43}=/g
  },
  { kind: "truss_seed", pattern: /^[+\- \t]*[A-Za-z0-9+/]{43}=[ \t]*\r?$/gm }
];
function holdsRedactionMark(text) {
  return /\[REDACTED(?::[a-z_]+)?\]/.test(text);
}
function isRunSecretKind(kind) {
  return kind === "run_secret" || kind.startsWith("run_secret_");
}
function holdsRunSecretMark(text) {
  return /\[REDACTED(?::run_secret_[a-z]+)?\]/.test(text);
}
function privateKeyBlock() {
  const label = "-----(?:BEGIN|END) (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----";
  const begin = label.replace("(?:BEGIN|END)", "BEGIN");
  const end = label.replace("(?:BEGIN|END)", "END");
  const br = String.raw`(?:\r?\n-?[ \t]*|\\r\\n|\\n)`;
  const line = String.raw`(?:(?:[A-Za-z0-9+/=]+|\+?(?:Proc-Type|DEK-Info):[ \t]*[A-Za-z0-9,-]+)[ \t]*)`;
  return new RegExp(String.raw`${begin}[ \t]*(?:${br}${line}?)*?(?:${br}\+?${end}|$)`, "g");
}
function secretRedactor(env, extraSecrets = []) {
  const secrets = /* @__PURE__ */ new Set();
  for (const [name, value] of Object.entries(env)) {
    if (SECRET_NAME_PATTERN.test(name) && typeof value === "string" && value.length >= MIN_SECRET_LENGTH)
      secrets.add(value);
  }
  for (const value of extraSecrets) if (value.length >= MIN_SECRET_LENGTH) secrets.add(value);
  const needles = [...secrets].flatMap(encodings);
  needles.sort((a, b) => b.value.length - a.value.length);
  const scan = (text, cut = {}) => {
    const counts = {};
    let out = text;
    const mark = (kind) => kind === "run_secret" ? "[REDACTED]" : `[REDACTED:${kind}]`;
    const tally = (kind) => {
      counts[kind] = (counts[kind] ?? 0) + 1;
    };
    for (const needle of needles) {
      if (!out.includes(needle.value)) continue;
      const parts = out.split(needle.value);
      counts[needle.kind] = (counts[needle.kind] ?? 0) + parts.length - 1;
      out = parts.join(mark(needle.kind));
    }
    const replace = (kind) => {
      tally(kind);
      return mark(kind);
    };
    out = splitSecrets(out, needles, replace);
    if (cut.start) out = cutEdge(out, needles, "start", replace);
    if (cut.end) out = cutEdge(out, needles, "end", replace);
    for (const { kind, pattern } of KNOWN_FORMATS) {
      pattern.lastIndex = 0;
      if (!pattern.test(out)) continue;
      pattern.lastIndex = 0;
      out = out.replace(pattern, (...match) => {
        const groups = match.at(-1);
        return `${typeof groups === "object" ? groups.keep ?? "" : ""}${replace(kind)}`;
      });
    }
    out = orphanKeyBlocks(out, () => replace("private_key_block"));
    if (cut.end)
      for (const { kind, pattern } of KNOWN_PREFIXES_AT_END)
        out = out.replace(pattern, (found) => found.length >= MIN_EDGE_LENGTH ? replace(kind) : found);
    return { text: out, counts };
  };
  const redact = ((text) => scan(text).text);
  redact.scan = scan;
  return redact;
}
var SPLITTERS = /[\u0000-\u0008\u000A-\u001F\u007F-\u009F\u00AD\u200B-\u200D\u2060\uFEFF]/g;
function splitSecrets(text, needles, replace) {
  if (needles.length === 0) return text;
  const removed = [];
  const parts = [];
  let last = 0;
  for (const match of text.matchAll(SPLITTERS)) {
    parts.push(text.slice(last, match.index));
    removed.push(match.index);
    last = match.index + 1;
  }
  if (removed.length === 0) return text;
  parts.push(text.slice(last));
  const joined = parts.join("");
  const original = (at) => {
    let lo = 0;
    let hi = removed.length;
    while (lo < hi) {
      const mid = lo + hi >> 1;
      if (removed[mid] - mid <= at) lo = mid + 1;
      else hi = mid;
    }
    return at + lo;
  };
  const ranges = [];
  for (const needle of needles) {
    for (let at = joined.indexOf(needle.value); at !== -1; at = joined.indexOf(needle.value, at + 1)) {
      const start = original(at);
      const end = original(at + needle.value.length - 1) + 1;
      if (ranges.some((r) => start < r.end && r.start < end)) continue;
      ranges.push({ start, end, kind: needle.kind });
    }
  }
  if (ranges.length === 0) return text;
  ranges.sort((a, b) => a.start - b.start);
  let out = "";
  let from = 0;
  for (const range of ranges) {
    out += text.slice(from, range.start) + replace(range.kind);
    from = range.end;
  }
  return out + text.slice(from);
}
var KEY_BLOCK_END = /-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/g;
var BASE64_LINE = /^[ \t]*[A-Za-z0-9+/=]+[ \t]*\r?$/;
function orphanKeyBlocks(text, replace) {
  if (!text.includes("-----END ")) return text;
  let out = "";
  let from = 0;
  let lineStart = 0;
  let nextBreak = text.indexOf("\n");
  let lastLine = -1;
  KEY_BLOCK_END.lastIndex = 0;
  for (let match = KEY_BLOCK_END.exec(text); match; match = KEY_BLOCK_END.exec(text)) {
    while (nextBreak !== -1 && nextBreak < match.index) {
      lineStart = nextBreak + 1;
      nextBreak = text.indexOf("\n", lineStart);
    }
    if (lineStart === lastLine) continue;
    lastLine = lineStart;
    if (lineStart < from || !/^[ \t]*[A-Za-z0-9+/=]*$/.test(text.slice(lineStart, match.index))) continue;
    let start = lineStart;
    while (start > from) {
      const above = text.lastIndexOf("\n", start - 2) + 1;
      if (above < from || !BASE64_LINE.test(text.slice(above, start - 1))) break;
      start = above;
    }
    if (start === lineStart && lineStart === match.index && lineStart > 0) continue;
    out += text.slice(from, start) + replace();
    from = match.index + match[0].length;
  }
  return out + text.slice(from);
}
function cutEdge(text, needles, edge, replace) {
  let best = null;
  for (const needle of needles) {
    for (let n = Math.min(needle.value.length - 1, text.length); n >= MIN_EDGE_LENGTH; n--) {
      if (best !== null && n <= best.length) break;
      const part = edge === "start" ? needle.value.slice(-n) : needle.value.slice(0, n);
      if (edge === "start" ? text.startsWith(part) : text.endsWith(part)) {
        best = { kind: needle.kind, length: n };
        break;
      }
    }
  }
  if (best === null) return text;
  return edge === "start" ? `${replace(best.kind)}${text.slice(best.length)}` : `${text.slice(0, text.length - best.length)}${replace(best.kind)}`;
}
function encodings(secret) {
  const out = [{ kind: "run_secret", value: secret }];
  const add = (kind, value) => {
    if (value.length >= MIN_FRAGMENT_LENGTH && value !== secret) out.push({ kind, value });
  };
  const bytes = Buffer.from(secret, "utf8");
  for (let skip = 0; skip < 3; skip++) {
    const slice = bytes.subarray(skip);
    const whole = Math.floor(slice.length / 3) * 3;
    const encoded = slice.subarray(0, whole).toString("base64");
    add("run_secret_base64", encoded);
    add("run_secret_base64", encoded.replace(/\+/g, "-").replace(/\//g, "_"));
  }
  const hex = bytes.toString("hex");
  add("run_secret_hex", hex);
  add("run_secret_hex", hex.toUpperCase());
  add("run_secret_url", encodeURIComponent(secret));
  add("run_secret_url", encodeURIComponent(secret).replace(/%20/g, "+"));
  add("run_secret_reversed", [...secret].reverse().join(""));
  return out;
}
function tallyingRedactor(redact) {
  let counts = {};
  const scan = (text, cut) => {
    if (!redact.scan) return { text: redact(text), counts: {} };
    const result = redact.scan(text, cut);
    for (const [kind, n] of Object.entries(result.counts)) counts[kind] = (counts[kind] ?? 0) + n;
    return result;
  };
  const wrapped = ((text) => scan(text).text);
  wrapped.scan = scan;
  return {
    redact: wrapped,
    counts() {
      const taken = counts;
      counts = {};
      return taken;
    }
  };
}
function redactionField(counts) {
  return Object.keys(counts).length > 0 ? { redactions: counts } : {};
}
function redactWindow(redact, text, cut) {
  return redact.scan ? redact.scan(text, cut).text : redact(text);
}
function redactBytes(bytes, redact, cut = {}) {
  const text = bytes.toString("latin1");
  const redacted = redactWindow(redact, text, cut);
  return redacted === text ? bytes : Buffer.from(redacted, "latin1");
}

// src/core/process/git-safety.ts
import { execFile as execFile2, spawnSync as spawnSync2 } from "node:child_process";
import { isAbsolute as isAbsolute3, relative, resolve as resolvePath } from "node:path";

// src/core/process/git-config-trust.ts
import { closeSync, existsSync, fstatSync, lstatSync as lstatSync2, openSync, readFileSync, realpathSync as realpathSync2 } from "node:fs";
import { basename, dirname as dirname2, isAbsolute as isAbsolute2, join as join3, resolve } from "node:path";

// src/core/process/git-config-parse.ts
var BOM = "\xEF\xBB\xBF";
var isSpace = (c) => c === " " || c === "	" || c === "\n" || c === "\r";
var isAlpha = (c) => c >= "a" && c <= "z" || c >= "A" && c <= "Z";
var isKeyChar = (c) => isAlpha(c) || c >= "0" && c <= "9" || c === "-";
function parseGitConfig(text, options = {}) {
  const entries = [];
  let at = 0;
  let eof = false;
  const next = () => {
    if (at >= text.length) {
      eof = true;
      return "\n";
    }
    const c = text[at++];
    if (c === "\r" && text[at] === "\n") {
      at++;
      return "\n";
    }
    return c;
  };
  const value = () => {
    let out = "";
    let quote = false;
    let comment2 = false;
    let trimTo = 0;
    for (; ; ) {
      let c = next();
      if (c === "\n") {
        if (quote) return null;
        return trimTo ? out.slice(0, trimTo) : out;
      }
      if (comment2) continue;
      if (isSpace(c) && !quote) {
        if (!trimTo) trimTo = out.length;
        if (out.length) out += options.spacesAsBlanks ? " " : c;
        continue;
      }
      if (!quote && (c === ";" || c === "#")) {
        comment2 = true;
        continue;
      }
      trimTo = 0;
      if (c === "\\") {
        c = next();
        if (c === "\n") continue;
        if (c === "t") c = "	";
        else if (c === "b") c = "\b";
        else if (c === "n") c = "\n";
        else if (c !== "\\" && c !== '"') return null;
        out += c;
        continue;
      }
      if (c === '"') {
        quote = !quote;
        continue;
      }
      out += c;
    }
  };
  const section = () => {
    let name = "";
    for (; ; ) {
      let c = next();
      if (eof) return null;
      if (c === "]") return name;
      if (isSpace(c)) {
        while (isSpace(c)) {
          if (c === "\n") return null;
          c = next();
        }
        if (c !== '"') return null;
        name += ".";
        for (; ; ) {
          c = next();
          if (c === "\n") return null;
          if (c === '"') break;
          if (c === "\\") {
            c = next();
            if (c === "\n") return null;
          }
          name += c;
        }
        return next() === "]" ? name : null;
      }
      if (!isKeyChar(c) && c !== ".") return null;
      name += c.toLowerCase();
    }
  };
  if (text.startsWith(BOM)) at = BOM.length;
  let stem = "";
  let comment = false;
  for (; ; ) {
    let c = next();
    if (c === "\n") {
      if (eof) return { entries, malformed: false };
      comment = false;
      continue;
    }
    if (comment || isSpace(c)) continue;
    if (c === "#" || c === ";") {
      comment = true;
      continue;
    }
    if (c === "[") {
      const name2 = section();
      if (name2 === null || name2.length === 0) return { entries, malformed: true };
      stem = `${name2}.`;
      continue;
    }
    if (!isAlpha(c)) return { entries, malformed: true };
    let name = stem + c.toLowerCase();
    for (; ; ) {
      c = next();
      if (eof || !isKeyChar(c)) break;
      name += c.toLowerCase();
    }
    while (c === " " || c === "	") c = next();
    if (c === "\n") {
      entries.push({ name, value: null });
      if (eof) return { entries, malformed: false };
      continue;
    }
    if (c !== "=") return { entries, malformed: true };
    const read = value();
    if (read === null) return { entries, malformed: true };
    entries.push({ name, value: read });
    if (eof) return { entries, malformed: false };
  }
}
function isIncludeName(name) {
  if (name === "include.path") return true;
  const first = name.indexOf(".");
  const last = name.lastIndexOf(".");
  return name.slice(0, first) === "includeif" && last > first && name.slice(last + 1) === "path";
}

// src/core/process/mount-table.ts
import { randomBytes } from "node:crypto";
import { statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

// src/core/process/sandbox-commands.ts
import { execFile } from "node:child_process";
var PID_NAMESPACE_FLAGS = Object.freeze([
  "--pid",
  "--ipc",
  "--fork",
  "--kill-child",
  "--mount-proc"
]);
function shellQuote(word) {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}
function runCommand(file, args, env, timeoutMs = 3e4) {
  return new Promise((resolve2) => {
    execFile(
      file,
      [...args],
      { env, timeout: timeoutMs, encoding: "utf8", maxBuffer: 4 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? typeof error.code === "number" ? error.code : null : 0;
        resolve2({ ok: !error, code, stdout: String(stdout), stderr: String(stderr || error?.message || "") });
      }
    );
  });
}
function asRoot(privilege, file, args, env, timeoutMs) {
  return privilege === "root" ? runCommand(file, args, env, timeoutMs) : runCommand("sudo", ["-n", "--", file, ...args], env, timeoutMs);
}

// src/core/process/mount-table.ts
var HIDING_TMPFS = "size=64k,mode=0755";
var PLAIN = /^[A-Za-z0-9/._+@:=,-]$/;
function tableField(value) {
  let out = "";
  for (const byte of Buffer.from(value, "utf8")) {
    const char = String.fromCharCode(byte);
    out += PLAIN.test(char) ? char : `\\${byte.toString(8).padStart(3, "0")}`;
  }
  return out;
}
function renderMountTable(entries) {
  return entries.map(
    ({ source, target, type, options }) => [tableField(source), tableField(target), tableField(type), tableField(options), "0", "0"].join(" ")
  ).join("\n").concat(entries.length > 0 ? "\n" : "");
}
function tmpfsNames() {
  const tag = randomBytes(6).toString("hex");
  return { hidden: `truss-hidden-${tag}`, private: `truss-private-${tag}` };
}
function tmpfsEntry(name, target, options) {
  return { source: name, target, type: "tmpfs", options };
}
function bindEntry(source, target, options = {}) {
  const flags = [options.recursive ? "rbind" : "bind", ...options.mkdir ? ["X-mount.mkdir"] : []];
  return { source, target, type: "none", options: flags.join(",") };
}
function within(path, dir) {
  return path === dir || path.startsWith(dir.endsWith("/") ? dir : `${dir}/`);
}
function reachable(path, covers) {
  return covers.every(({ dir, keeps }) => !within(path, dir) || keeps.some((keep) => within(path, keep)));
}
function hideEntries(paths, name, covers) {
  const covered = [...covers];
  return paths.flatMap((path) => {
    if (!reachable(path, covered)) return [];
    try {
      if (!statSync(path).isDirectory()) return [bindEntry("/dev/null", path)];
    } catch {
      return [];
    }
    covered.push({ dir: path, keeps: [] });
    return [tmpfsEntry(name, path, HIDING_TMPFS)];
  });
}
function coverEntries(covers, stage, name) {
  let n = 0;
  const entries = [];
  const moves = [];
  for (const { dir, keep } of covers) {
    const staged = keep.map((work) => ({ from: join(stage, String(n++)), to: work }));
    entries.push(
      ...staged.map(({ from, to }) => bindEntry(to, from, { recursive: true, mkdir: true })),
      tmpfsEntry(name, dir, HIDING_TMPFS)
    );
    moves.push(...staged);
  }
  return { entries, moves };
}
function guardEntries(guard, name) {
  if (!guard) return [];
  return [
    ...guard.pinned.map((path) => bindEntry(path, path)),
    ...guard.readOnly.map((path) => ({ ...bindEntry(path, path), options: "bind,ro" })),
    ...guard.pinnedFiles.map((path) => bindEntry(path, path)),
    ...guard.privateDirs.map((path) => tmpfsEntry(name, path, "mode=1777"))
  ];
}
function mountTableCommand(mount, file) {
  return `${shellQuote(mount)} --all --fstab ${shellQuote(file)} || { echo "truss: the sandbox's mounts could not be made" >&2; exit 125; }`;
}
function writeMountTable(path, entries) {
  writeFileSync(path, renderMountTable(entries), { mode: 384 });
  return path;
}
function mountPlanScript(plan, dir, tools) {
  const lines = [];
  const table = (entries, file) => {
    if (entries.length === 0) return;
    lines.push(mountTableCommand(tools.mount, writeMountTable(file, entries)));
  };
  table(plan.first, join(dir, "mounts-1"));
  for (const { from, to } of plan.moves) {
    lines.push(
      `{ ${shellQuote(tools.mkdir)} -p -- ${shellQuote(to)} && ${shellQuote(tools.mount)} --move ${shellQuote(from)} ${shellQuote(to)}; } || exit 125`
    );
  }
  table(plan.last, join(dir, "mounts-2"));
  lines.push(...plan.after ?? []);
  return lines.join("\n");
}

// src/core/process/trusted-path.ts
import { accessSync, constants, lstatSync, realpathSync, statSync as statSync2 } from "node:fs";
import { delimiter, dirname, isAbsolute, join as join2 } from "node:path";
function trustedSearchPath(path, options) {
  const kept = [];
  for (const entry of path.split(delimiter)) {
    if (!entry || !isAbsolute(entry)) continue;
    let real;
    try {
      real = realpathSync(entry);
      if (!statSync2(real).isDirectory()) continue;
    } catch {
      continue;
    }
    if (options.untrusted.some((dir) => within(real, dir) || within(entry, dir))) continue;
    if (!safeChain(real, options.uid)) continue;
    if (!kept.includes(real)) kept.push(real);
  }
  return kept.join(delimiter);
}
function safeChain(dir, uid) {
  for (let current = dir, first = true; ; current = dirname(current), first = false) {
    let info;
    try {
      info = lstatSync(current);
    } catch {
      return false;
    }
    if (info.uid !== 0 && info.uid !== uid) return false;
    const othersWrite = (info.mode & 18) !== 0;
    if (othersWrite && (first || (info.mode & 512) === 0)) return false;
    if (dirname(current) === current) return true;
  }
}
function findProgram(name, path) {
  for (const dir of path.split(delimiter)) {
    if (!dir) continue;
    const candidate = join2(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync2(candidate).isFile()) return candidate;
    } catch {
    }
  }
  return null;
}
function sandboxTools(path) {
  const need = (name) => {
    const found = findProgram(name, path);
    if (found === null)
      throw new Error(`${name} is not installed in a trusted directory of PATH (${path || "empty"})`);
    return found;
  };
  return {
    unshare: need("unshare"),
    nsenter: need("nsenter"),
    setpriv: need("setpriv"),
    mount: need("mount"),
    mkdir: need("mkdir"),
    mkfifo: need("mkfifo"),
    chown: need("chown"),
    env: need("env"),
    ip: findProgram("ip", path)
  };
}
function workingCopyOf(cwd) {
  for (let dir = cwd; ; dir = dirname(dir)) {
    try {
      lstatSync(join2(dir, ".git"));
      return dir;
    } catch {
    }
    if (dirname(dir) === dir) return cwd;
  }
}
function harnessProgramEnv(env, cwd) {
  const untrusted = [workingCopyOf(cwd)];
  return { ...env, PATH: trustedSearchPath(env.PATH ?? "", { untrusted, uid: process.getuid?.() }) };
}

// src/core/process/git-config-trust.ts
var INCLUDE_DEPTH = 10;
var CONFIG_LIMIT = 1024 * 1024;
var O_PATH = 2097152;
var GUARDED = ["config", "config.worktree", "info", "hooks"];
var VIRTUAL = ["/proc", "/dev", "/sys"];
var SCRATCH_PREFIXES = ["truss-sandbox-", "truss-sbx-"];
function configFileText(path) {
  let held;
  try {
    held = openSync(path, O_PATH);
  } catch {
    return "";
  }
  try {
    const stat = fstatSync(held);
    if (!stat.isFile()) return "";
    if (stat.size > CONFIG_LIMIT) return null;
    return readFileSync(`/proc/self/fd/${held}`).toString("latin1");
  } catch {
    return "";
  } finally {
    closeSync(held);
  }
}
function pathOfBytes(bytes) {
  const buffer = Buffer.from(bytes, "latin1");
  const text = buffer.toString("utf8");
  return Buffer.from(text, "utf8").equals(buffer) ? text : null;
}
function includedPath(value, from, env) {
  if (value === "~" || value.startsWith("~/")) {
    if (!env.HOME) return { unknown: "it starts with ~ and HOME is not set" };
    return { path: value.length > 2 ? `${env.HOME}/${value.slice(2)}` : env.HOME };
  }
  if (value.startsWith("~"))
    return { unknown: "it names another user's home (~user/), which is not checked" };
  if (value.startsWith("%(prefix)/"))
    return { unknown: "it names git's install prefix (%(prefix)/), which is not checked" };
  if (isAbsolute2(value)) return { path: value };
  if (from === null) return { unknown: "it is relative and does not come from a file (git refuses it too)" };
  return { path: `${dirname2(from)}/${value}` };
}
function realOrNearest(path) {
  let rest = "";
  for (let at = path; ; at = dirname2(at)) {
    try {
      const real = realpathSync2.native(at);
      return rest ? join3(real, rest) : real;
    } catch {
    }
    if (dirname2(at) === at) return path;
    rest = rest ? join3(basename(at), rest) : basename(at);
  }
}
function nearestExisting(path) {
  for (let at = path; ; at = dirname2(at)) {
    try {
      lstatSync2(at);
      return at;
    } catch {
    }
    if (dirname2(at) === at) return at;
  }
}
function zonesOf(places) {
  const dirs = [places.gitDir, places.commonDir].filter((dir) => dir !== null);
  const trees = [places.workTree, ...dirs.filter((dir) => basename(dir) === ".git").map(dirname2)].filter(
    (tree) => tree !== null
  );
  const temps = [places.env.TMPDIR, "/tmp", "/var/tmp", "/dev/shm"].filter(Boolean);
  const both = (paths) => [.../* @__PURE__ */ new Set([...paths, ...paths.map(realOrNearest)])];
  const common = places.commonDir === null ? [] : [places.commonDir];
  return { dirs: both(dirs), common: both(common), trees: both(trees), temps: both(temps) };
}
function untrustedBecause(path, zones, uid, included) {
  for (const candidate of /* @__PURE__ */ new Set([resolve(path), realOrNearest(path)])) {
    if (VIRTUAL.some((dir) => within(candidate, dir)))
      return "in /proc, /dev or /sys, whose files depend on the process that reads them";
    if (zones.common.some((dir) => GUARDED.some((entry) => within(candidate, join3(dir, entry))))) continue;
    if (zones.dirs.some((dir) => within(candidate, dir)))
      return "inside the git directory, where the judged work writes objects and refs (only its config, config.worktree, info/ and hooks/ are kept read-only)";
    if (zones.trees.some((tree) => within(candidate, tree)))
      return "inside the working tree, which the judged work writes";
    const scratch = (temp) => SCRATCH_PREFIXES.some((prefix) => candidate.startsWith(join3(temp, prefix)));
    if (included && zones.temps.some(scratch))
      return "in the run's scratch directory, which sandboxed processes write";
    const existing = nearestExisting(candidate);
    if (!safeChain(existing, uid))
      return existing === candidate ? "owned by another user, or writable by others (or a directory above it is)" : `missing, and ${existing} (where it could be made) is owned by another user or writable by others`;
  }
  if (isLink(path) && !safeChain(dirname2(resolve(path)), uid))
    return "a link in a directory owned by another user or writable by others";
  return null;
}
function isLink(path) {
  try {
    return lstatSync2(path).isSymbolicLink();
  } catch {
    return false;
  }
}
function worktreeConfigOn(config) {
  return worktreeConfigIn(configFileText(config) ?? "");
}
function worktreeConfigIn(text) {
  if (!/worktreeconfig/i.test(text)) return false;
  return parseGitConfig(text).entries.some(
    ({ name, value }) => name === "extensions.worktreeconfig" && gitTrue(value)
  );
}
function includeEntries(text) {
  const all = [...parseGitConfig(text).entries, ...parseGitConfig(text, { spacesAsBlanks: true }).entries];
  const seen = /* @__PURE__ */ new Set();
  return all.filter(({ name, value }) => {
    const id = `${name}\0${value}`;
    if (!isIncludeName(name) || seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
function includedConfigFiles(config) {
  const text = configFileText(config) ?? "";
  if (!/include/i.test(text)) return [];
  const files = [];
  for (const { value } of includeEntries(text)) {
    const path = value ? pathOfBytes(value) : null;
    if (path === null || path === "" || path.startsWith("~") || path.startsWith("%(prefix)/")) continue;
    const file = isAbsolute2(path) ? path : `${dirname2(config)}/${path}`;
    if (!files.includes(file)) files.push(file);
  }
  return files;
}
function gitTrue(value) {
  return value === null || ["true", "yes", "on", "1"].includes(value.trim().toLowerCase());
}
function environmentConfig(env) {
  const pairs = [];
  const count = Number(env.GIT_CONFIG_COUNT ?? 0);
  if (!Number.isInteger(count) || count < 0) return null;
  for (let i = 0; i < count; i++)
    pairs.push(["GIT_CONFIG_COUNT", env[`GIT_CONFIG_KEY_${i}`] ?? "", env[`GIT_CONFIG_VALUE_${i}`] ?? ""]);
  const text = env.GIT_CONFIG_PARAMETERS ?? "";
  let at = 0;
  const word = () => {
    if (text[at] !== "'") return null;
    let out = "";
    at++;
    for (; ; ) {
      const end = text.indexOf("'", at);
      if (end < 0) return null;
      out += text.slice(at, end);
      at = end + 1;
      const escaped = text[at + 1];
      if (text[at] !== "\\" || escaped !== "'" && escaped !== "!" || text[at + 2] !== "'") return out;
      out += escaped;
      at += 3;
    }
  };
  for (; ; ) {
    while (at < text.length && /\s/.test(text[at])) at++;
    if (at >= text.length) return pairs;
    const key = word();
    if (key === null) return null;
    if (text[at] === "=") {
      at++;
      const value = word();
      if (value === null) return null;
      pairs.push(["GIT_CONFIG_PARAMETERS", key, value]);
    } else {
      const eq = key.indexOf("=");
      pairs.push(["GIT_CONFIG_PARAMETERS", eq < 0 ? key : key.slice(0, eq), eq < 0 ? "" : key.slice(eq + 1)]);
    }
  }
}
function canonicalName(name) {
  const first = name.indexOf(".");
  const last = name.lastIndexOf(".");
  if (first < 0) return name.toLowerCase();
  return `${name.slice(0, first).toLowerCase()}${name.slice(first, last)}${name.slice(last).toLowerCase()}`;
}
function untrustedGitConfig(places) {
  const found = [];
  const seen = /* @__PURE__ */ new Set();
  const env = places.env;
  let known;
  const zones = () => {
    known ??= zonesOf(places);
    return known;
  };
  const follow = (from, label, key, value, depth) => {
    const where = includedPath(value, from, env);
    if ("unknown" in where) {
      found.push({ from: label, key, path: value, why: `it cannot be checked: ${where.unknown}` });
      return;
    }
    const why = untrustedBecause(where.path, zones(), places.uid, true);
    if (why) found.push({ from: label, key, path: resolve(where.path), why });
    else read(where.path, depth + 1);
  };
  const read = (file, depth, known2) => {
    if (depth > INCLUDE_DEPTH || seen.has(file)) return;
    seen.add(file);
    const text2 = known2 === void 0 ? configFileText(file) : known2;
    if (text2 === null) {
      found.push({
        from: file,
        key: "",
        path: file,
        why: `larger than ${CONFIG_LIMIT} bytes, too large to check`
      });
      return;
    }
    if (!/include/i.test(text2)) return;
    for (const { name, value } of includeEntries(text2)) {
      if (!isIncludeName(name) || value === null || value === "") continue;
      const path = pathOfBytes(value);
      if (path === null) {
        found.push({ from: file, key: name, path: value, why: "it cannot be checked: the path is no UTF-8" });
        continue;
      }
      follow(file, file, name, path, depth);
    }
  };
  const roots = [];
  if (!gitTrue(env.GIT_CONFIG_NOSYSTEM ?? "false"))
    roots.push([env.GIT_CONFIG_SYSTEM ?? "/etc/gitconfig", env.GIT_CONFIG_SYSTEM ? "GIT_CONFIG_SYSTEM" : ""]);
  if (env.GIT_CONFIG_GLOBAL !== void 0) roots.push([env.GIT_CONFIG_GLOBAL, "GIT_CONFIG_GLOBAL"]);
  else if (env.HOME) {
    const xdg = env.XDG_CONFIG_HOME || join3(env.HOME, ".config");
    roots.push([join3(xdg, "git", "config"), ""], [join3(env.HOME, ".gitconfig"), ""]);
  }
  for (const [file, variable] of roots) {
    if (file === "" || file === "/dev/null") continue;
    const path = resolve(file);
    const why = untrustedBecause(path, zones(), places.uid, false);
    if (why) found.push({ from: variable || path, key: "", path, why });
    else read(path, 0);
  }
  const config = places.commonDir === null ? null : join3(places.commonDir, "config");
  const text = config === null ? null : configFileText(config);
  if (config !== null) read(config, 0, text);
  if (config !== null && places.gitDir !== null && worktreeConfigIn(text ?? "")) {
    const worktreeConfig = join3(places.gitDir, "config.worktree");
    const why = untrustedBecause(worktreeConfig, zones(), places.uid, false);
    if (why) found.push({ from: config, key: "extensions.worktreeconfig", path: worktreeConfig, why });
    else read(worktreeConfig, 0);
  }
  const pairs = environmentConfig(env);
  if (pairs === null)
    found.push({
      from: "GIT_CONFIG_PARAMETERS",
      key: "",
      path: "(the environment)",
      why: "it cannot be read to check its includes"
    });
  for (const [variable, name, value] of pairs ?? []) {
    const canonical = canonicalName(name);
    if (isIncludeName(canonical) && value !== "") follow(null, variable, canonical, value, 0);
  }
  return found;
}
function gitFileTarget(file) {
  const text = configFileText(file);
  const pointer = text ? /^gitdir: (.*?)\r?\n?$/.exec(text) : null;
  const target = pointer ? pathOfBytes(pointer[1]) : null;
  return target === null ? null : resolve(dirname2(file), target);
}
function gitConfigPlaces(cwd, env, uid) {
  const commonOf = (gitDir) => {
    if (env.GIT_COMMON_DIR) return resolve(cwd, env.GIT_COMMON_DIR);
    const named = configFileText(join3(gitDir, "commondir"))?.replace(/\r?\n$/, "");
    const path = named ? pathOfBytes(named) : null;
    return path ? resolve(gitDir, path) : gitDir;
  };
  if (env.GIT_DIR) {
    const gitDir = resolve(cwd, env.GIT_DIR);
    const workTree = env.GIT_WORK_TREE ? resolve(cwd, env.GIT_WORK_TREE) : dirname2(gitDir);
    return { gitDir, commonDir: commonOf(gitDir), workTree, env, uid };
  }
  for (let dir = resolve(cwd); ; dir = dirname2(dir)) {
    const dotGit = join3(dir, ".git");
    let kind = null;
    try {
      const stat = lstatSync2(dotGit);
      kind = stat.isDirectory() ? "dir" : stat.isFile() ? "file" : null;
    } catch {
    }
    const gitDir = kind === "dir" ? dotGit : kind === "file" ? gitFileTarget(dotGit) : null;
    if (gitDir !== null) return { gitDir, commonDir: commonOf(gitDir), workTree: dir, env, uid };
    if (dirname2(dir) === dir) return { gitDir: null, commonDir: null, workTree: null, env, uid };
  }
}
function shellWord(path) {
  return `'${path.replace(/[\u0000-\u001f\u007f]/g, "?").replaceAll("'", "'\\''")}'`;
}
function fixFor({ from, key, path }) {
  if (key === "extensions.worktreeconfig")
    return `make ${shellWord(path)} a file only you can write, or turn the extension off (\`git config --file ${shellWord(from)} --unset extensions.worktreeConfig\`)`;
  if (!isAbsolute2(from)) return `unset ${from}`;
  if (key === "" && from === path && !existsSync(path))
    return `set HOME to a directory outside the working tree that only you can write, or set GIT_CONFIG_GLOBAL to a config only you can write (GIT_CONFIG_GLOBAL=/dev/null reads none)`;
  if (key === "") return `move ${shellWord(from)} where only you can write it`;
  return `remove the include (\`git config --file ${shellWord(from)} --unset-all ${shellWord(key)}\`)`;
}
function untrustedConfigAdvice(found) {
  const first = found.slice(0, 5);
  const shown = first.map(
    (item) => `${item.from}${item.key ? ` (${item.key})` : ""} makes git read ${item.path}, which is ${item.why}; ${fixFor(item)}`
  );
  const more = found.length > first.length ? ` (and ${found.length - first.length} more)` : "";
  return `${shown.join("; ")}${more}. A config the judged work can write can make git run any command as the harness user (a filter, a textconv, a pager), so no harness git runs with it (docs/security.md, "Git metadata"). Keep a shared config in .git/info/ and include it from there, then run again`;
}

// src/core/process/git-metadata.ts
import { closeSync as closeSync3, constants as constants3, existsSync as existsSync2, fchmodSync, lstatSync as lstatSync5, mkdirSync, openSync as openSync3 } from "node:fs";
import { dirname as dirname3, join as join5 } from "node:path";

// src/core/process/git-special-files.ts
import {
  closeSync as closeSync2,
  constants as constants2,
  fstatSync as fstatSync2,
  lstatSync as lstatSync3,
  openSync as openSync2,
  readdirSync,
  readlinkSync,
  realpathSync as realpathSync3,
  statSync as statSync3,
  unlinkSync
} from "node:fs";
import { join as join4 } from "node:path";

// src/core/process/git-walk-memory.ts
var SETTLED_NS = 2000000000n;
var LIMITS = { total: 6e4, perGitDir: 2e4 };
var unitsOf = (listing) => 1 + listing.subdirs.length + listing.others.length;
var byGitDir = /* @__PURE__ */ new Map();
var unitsHeld = 0;
var GitWalkMemory = class {
  #gitDir;
  #limits;
  #before;
  #now = /* @__PURE__ */ new Map();
  #units = 0;
  constructor(gitDir, limits = LIMITS) {
    this.#gitDir = gitDir;
    this.#limits = limits;
    const before = byGitDir.get(gitDir);
    this.#before = before?.listings ?? /* @__PURE__ */ new Map();
  }
  /** What `dir` held when it was read, if it is still that directory, unchanged (`stat` is its lstat or fstat). */
  recall(dir, stat) {
    const known = this.#before.get(dir);
    if (known === void 0 || known.dev !== stat.dev || known.ino !== stat.ino || known.ctimeNs !== stat.ctimeNs)
      return void 0;
    this.#keep(dir, known);
    return known;
  }
  /** Whether `dir` was read before with nothing in it to visit: then one lstat tells whether it is unchanged. */
  isKnownLeaf(dir) {
    const known = this.#before.get(dir);
    return known !== void 0 && known.subdirs.length === 0 && known.others.length === 0;
  }
  /**
   * Keeps what a whole read of `dir` found, when the directory had settled before `readAtNs` (wall
   * clock, taken before the read): a change made since has a later change time than `stat`'s.
   */
  remember(dir, stat, readAtNs, subdirs, others) {
    if (stat.ctimeNs >= readAtNs - SETTLED_NS) return;
    this.#keep(dir, { dev: stat.dev, ino: stat.ino, ctimeNs: stat.ctimeNs, subdirs, others });
  }
  #keep(dir, listing) {
    const units = unitsOf(listing);
    if (this.#units + units > this.#limits.perGitDir) return;
    this.#now.set(dir, listing);
    this.#units += units;
  }
  /** Makes this walk's listings what the next walk of the same git directory starts from. */
  close() {
    const before = byGitDir.get(this.#gitDir);
    if (before) {
      unitsHeld -= before.units;
      byGitDir.delete(this.#gitDir);
    }
    byGitDir.set(this.#gitDir, { listings: this.#now, units: this.#units });
    unitsHeld += this.#units;
    for (const [gitDir, remembered] of byGitDir) {
      if (unitsHeld <= this.#limits.total) break;
      byGitDir.delete(gitDir);
      unitsHeld -= remembered.units;
    }
  }
};
function wallClockNs() {
  return BigInt(Date.now()) * 1000000n;
}

// src/core/process/git-special-files.ts
var SWEEP_LIMIT = 2e5;
function kindOfStats(stat) {
  if (stat.isDirectory()) return "dir";
  if (stat.isFile()) return "file";
  return stat.isSymbolicLink() ? "link" : "special";
}
function kindOfEntry(entry, at) {
  if (entry.isDirectory()) return "dir";
  if (entry.isFile()) return "file";
  if (entry.isSymbolicLink()) return "link";
  if (entry.isFIFO() || entry.isSocket() || entry.isCharacterDevice() || entry.isBlockDevice())
    return "special";
  try {
    return kindOfStats(lstatSync3(`${at}/${entry.name}`));
  } catch {
    return null;
  }
}
function walkGitDir(gitDir, visit) {
  const memory = new GitWalkMemory(gitDir);
  let looked = 0;
  let rootDev;
  const enter = (at, name, dir) => {
    if (memory.isKnownLeaf(dir)) {
      try {
        const stat = lstatSync3(`${at}/${name}`, { bigint: true });
        if (stat.isDirectory() && memory.recall(dir, stat)) return;
      } catch {
        return;
      }
    }
    let fd;
    try {
      fd = openSync2(`${at}/${name}`, constants2.O_RDONLY | constants2.O_DIRECTORY | constants2.O_NOFOLLOW);
    } catch {
      return;
    }
    try {
      walk(fd, dir);
    } finally {
      closeSync2(fd);
    }
  };
  const walk = (held, dir) => {
    const at = `/proc/self/fd/${held}`;
    const stat = fstatSync2(held, { bigint: true });
    rootDev ??= stat.dev;
    const known = memory.recall(dir, stat);
    if (known) {
      for (const [name, kind] of known.others) {
        if (++looked > SWEEP_LIMIT) return;
        visit(kind, at, name, () => `${dir}${name}`);
      }
      for (const name of known.subdirs) {
        if (++looked > SWEEP_LIMIT) return;
        enter(at, name, `${dir}${name}/`);
      }
      return;
    }
    const readAt = wallClockNs();
    let entries;
    try {
      entries = readdirSync(at, { withFileTypes: true });
    } catch {
      return;
    }
    const subdirs = [];
    const others = [];
    let whole = true;
    for (const entry of entries) {
      if (++looked > SWEEP_LIMIT) return;
      if (entry.isFile()) continue;
      const kind = kindOfEntry(entry, at);
      if (kind === "file") continue;
      if (kind === null) {
        whole = false;
        continue;
      }
      if (kind !== "dir") {
        others.push([entry.name, kind]);
        visit(kind, at, entry.name, () => `${dir}${entry.name}`);
        continue;
      }
      subdirs.push(entry.name);
      enter(at, entry.name, `${dir}${entry.name}/`);
    }
    if (whole && stat.dev === rootDev) memory.remember(dir, stat, readAt, subdirs, others);
  };
  let root;
  try {
    root = openSync2(gitDir, constants2.O_RDONLY | constants2.O_DIRECTORY | constants2.O_NOFOLLOW);
  } catch {
    return;
  }
  try {
    walk(root, "");
  } finally {
    closeSync2(root);
    memory.close();
  }
}
function linkTarget(path) {
  try {
    return readlinkSync(path);
  } catch {
    return null;
  }
}
function linksUnder(gitDir) {
  const links = {};
  walkGitDir(gitDir, (kind, at, name, rel) => {
    const target = kind === "link" ? linkTarget(`${at}/${name}`) : null;
    if (target !== null) links[rel()] = target;
  });
  return links;
}
function removeSpecialFiles(gitDir, linksBefore = {}) {
  const removed = [];
  walkGitDir(gitDir, (kind, at, name, rel) => {
    if (kind === "link") {
      const path = rel();
      if (Object.hasOwn(linksBefore, path) && linkTarget(`${at}/${name}`) === linksBefore[path]) return;
    }
    try {
      unlinkSync(`${at}/${name}`);
      removed.push(join4(gitDir, rel()));
    } catch {
    }
  });
  return removed;
}
function gitHazardAt(path) {
  let kind;
  try {
    kind = kindOfStats(lstatSync3(path));
  } catch {
    return null;
  }
  if (kind === "special") return "a FIFO, socket or device";
  if (kind !== "link") return null;
  const shown = linkTarget(path) ?? "?";
  try {
    if (kindOfStats(statSync3(path)) === "special") return `a link to a FIFO, socket or device (${shown})`;
    const target = realpathSync3(path);
    if (/^\/(?:proc|dev|sys)(?:\/|$)/.test(target)) return `a link into ${target} (${shown})`;
  } catch {
  }
  return null;
}
var INCLUDE_DEPTH2 = 10;
function findGitHazards(gitDir) {
  const found = [];
  walkGitDir(gitDir, (_kind, at, name, rel) => {
    const what = gitHazardAt(`${at}/${name}`);
    if (what) found.push({ path: join4(gitDir, rel()), what });
  });
  const seen = /* @__PURE__ */ new Set();
  const includes = (config, depth) => {
    if (depth > INCLUDE_DEPTH2 || seen.has(config)) return;
    seen.add(config);
    for (const path of includedConfigFiles(config)) {
      const what = gitHazardAt(path);
      if (what) found.push({ path, what });
      else includes(path, depth + 1);
    }
  };
  includes(join4(gitDir, "config"), 0);
  return found;
}

// src/core/process/remove-tree.ts
import { spawnSync } from "node:child_process";
import { lstatSync as lstatSync4, unlinkSync as unlinkSync2 } from "node:fs";
var RM_ARGS = ["-rf", "--one-file-system", "--"];
async function removeUntrustedTree(path, env) {
  await runCommand("rm", [...RM_ARGS, path], env);
}
function removeUntrustedEntrySync(path, env) {
  let isDirectory;
  try {
    isDirectory = lstatSync4(path).isDirectory();
  } catch {
    return;
  }
  if (!isDirectory) {
    try {
      unlinkSync2(path);
    } catch {
    }
    return;
  }
  spawnSync("rm", [...RM_ARGS, path], { env, stdio: "ignore" });
}
function removeTreeArgs(path) {
  return [...RM_ARGS, path];
}

// src/core/process/git-metadata.ts
var GUARDED_ENTRIES = ["config", "config.worktree", "hooks", "info", "modules"];
var WORKTREE_CONFIG = "config.worktree";
var CREATED_ENTRIES = ["hooks", "info", "logs"];
var PINNED_FILE = "COMMIT_EDITMSG";
var PRIVATE_DIR = "logs";
function emptyGuard() {
  return { pinned: [], readOnly: [], pinnedFiles: [], privateDirs: [], linksBefore: {} };
}
function kindOf(path) {
  try {
    const stat = lstatSync5(path);
    if (stat.isDirectory()) return "dir";
    return stat.isFile() ? "file" : null;
  } catch {
    return null;
  }
}
function gitMetadataGuard(workdirs, env = { PATH: "/usr/bin:/bin" }) {
  const guard = emptyGuard();
  for (const workdir of workdirs) {
    const gitPath = join5(workdir, ".git");
    const kind = kindOf(gitPath);
    if (kind === "file") {
      guard.readOnly.push(gitPath);
      continue;
    }
    if (kind !== "dir") continue;
    for (const entry of CREATED_ENTRIES) {
      try {
        mkdirSync(join5(gitPath, entry));
      } catch {
      }
    }
    if (worktreeConfigOn(join5(gitPath, "config"))) {
      try {
        closeSync3(
          openSync3(
            join5(gitPath, WORKTREE_CONFIG),
            constants3.O_WRONLY | constants3.O_CREAT | constants3.O_EXCL,
            420
          )
        );
      } catch {
      }
    }
    guard.pinned.push(gitPath);
    guard.pinnedFiles.push(freshEditMessage(gitPath, env));
    if (kindOf(join5(gitPath, PRIVATE_DIR)) === "dir") guard.privateDirs.push(join5(gitPath, PRIVATE_DIR));
    guard.linksBefore[gitPath] = linksUnder(gitPath);
    for (const entry of GUARDED_ENTRIES) {
      const path = join5(gitPath, entry);
      if (existsSync2(path)) guard.readOnly.push(path);
    }
  }
  return guard;
}
function freshEditMessage(gitPath, env) {
  const path = join5(gitPath, PINNED_FILE);
  removeUntrustedEntrySync(path, env);
  const fd = openSync3(path, constants3.O_WRONLY | constants3.O_CREAT | constants3.O_EXCL, 436);
  try {
    fchmodSync(fd, 436);
  } finally {
    closeSync3(fd);
  }
  return path;
}
function pinnedGitEnv(cwd, uid = process.getuid?.()) {
  for (let dir = cwd; ; dir = dirname3(dir)) {
    const gitPath = join5(dir, ".git");
    const kind = kindOf(gitPath);
    if (kind === "dir") {
      if (cwd === gitPath || cwd.startsWith(`${gitPath}/`)) return {};
      if (uid !== void 0 && lstatSync5(gitPath).uid !== uid) return {};
      return { GIT_DIR: gitPath, GIT_COMMON_DIR: gitPath, GIT_WORK_TREE: dir };
    }
    if (kind === "file" || dirname3(dir) === dir) return {};
  }
}
function sweepPlantedGitFiles(guard, env) {
  for (const gitDir of guard?.pinned ?? []) {
    removeUntrustedEntrySync(join5(gitDir, "commondir"), env);
    removeSpecialFiles(gitDir, guard?.linksBefore?.[gitDir] ?? {});
  }
}
var AddedGitGuards = class {
  #byDir = /* @__PURE__ */ new Map();
  #env;
  /** `env`: the trusted PATH `rm` is found in when a planted directory must go. */
  constructor(env) {
    this.#env = env;
  }
  add(dir) {
    this.#byDir.set(dir, gitMetadataGuard([dir], this.#env));
  }
  remove(dir) {
    this.#byDir.delete(dir);
  }
  /** Every guard in force: the isolation's own, then those of the added working copies. */
  with(base) {
    const guards = [...base ? [base] : [], ...this.#byDir.values()];
    return {
      pinned: guards.flatMap((g) => g.pinned),
      readOnly: guards.flatMap((g) => g.readOnly),
      pinnedFiles: guards.flatMap((g) => g.pinnedFiles ?? []),
      privateDirs: guards.flatMap((g) => g.privateDirs ?? []),
      linksBefore: Object.assign({}, ...guards.map((g) => g.linksBefore ?? {}))
    };
  }
  /** Only the added ones. */
  get added() {
    return this.with(void 0);
  }
  /** The guard of one added working copy (empty when it was not added). */
  only(dir) {
    return this.#byDir.get(dir) ?? emptyGuard();
  }
};

// src/core/process/git-safety.ts
var HARNESS_GIT_CONFIG = Object.freeze([
  "core.hooksPath=/dev/null",
  "core.fsmonitor=false",
  // A populated submodule is asked for its own status (`git status` run in it, with that
  // repository's config and attributes, so its clean filters) by status and diff; never from here.
  // `dirty` still shows a changed submodule commit (`all` would hide it from every diff). `git add`
  // ignores this setting: see stageAll. A `submodule.<name>.ignore` in the work's own `.gitmodules`
  // overrides it, so every status and diff also gets the flag itself (withSubmodulesUnasked).
  "diff.ignoreSubmodules=dirty",
  // `refs/replace/<id>` makes git read another object in place of `<id>`, and refs are the work's to
  // write: a check replaced the base's blob with the changed one, and the reviewers' diff came out
  // empty. The harness reads objects by their own names.
  "core.useReplaceRefs=false"
]);
var HARNESS_GIT_ARGS = Object.freeze(
  HARNESS_GIT_CONFIG.flatMap((setting) => ["-c", setting])
);
var SUBMODULE_ASKING = /* @__PURE__ */ new Set(["status", "diff", "diff-files", "diff-index"]);
function withSubmodulesUnasked(args) {
  const [command, ...rest] = args;
  if (command === void 0 || !SUBMODULE_ASKING.has(command)) return [...args];
  return [command, "--ignore-submodules=dirty", ...rest];
}
function excludedPathspecs(root, paths) {
  const inside = paths.map((path) => relative(root, path)).filter((rel) => rel !== "" && !rel.startsWith("..") && !isAbsolute3(rel));
  return inside.length > 0 ? ["--", ".", ...inside.map((rel) => `:(exclude,literal)${rel}`)] : [];
}
async function stageAll(git, specs) {
  const tracked = (await git.raw([
    "diff-files",
    "-z",
    "--name-status",
    "--no-renames",
    "--ignore-submodules=dirty",
    "--",
    ...specs
  ])).split("\0");
  const up = tracked.length > 1 ? (await git.raw(["rev-parse", "--show-cdup"])).trim() : "";
  const gone = [];
  const changed = [];
  for (let at = 0; at + 1 < tracked.length; at += 2) {
    const path = tracked[at + 1];
    if (path.length === 0) continue;
    (tracked[at] === "D" ? gone : changed).push(`${up}${path}`);
  }
  const others = await git.raw(["ls-files", "-z", "--others", "--exclude-standard", "--", ...specs]);
  const added = others.split("\0").filter((path) => path.length > 0).map((path) => path.endsWith("/") ? path.slice(0, -1) : path);
  await updateIndex(git, ["--force-remove"], [...new Set(gone)]);
  await updateIndex(git, ["--add", "--remove", "--replace"], [.../* @__PURE__ */ new Set([...changed, ...added])]);
}
async function updateIndex(git, flags, paths) {
  for (let start = 0, size = 0, end = 0; start < paths.length; start = end, size = 0) {
    while (end < paths.length && (end === start || size + paths[end].length < 64 * 1024))
      size += paths[end++].length + 1;
    await git.raw(["update-index", ...flags, "--", ...paths.slice(start, end)]);
  }
}
var HARNESS_GIT_TIMEOUT_MS = 3e5;
function printable(path) {
  return path.replace(/[\u0000-\u001f\u007f]/g, "?");
}
function hazardAdvice(hazards) {
  const first = hazards.slice(0, 5);
  const shown = first.map(({ path, what }) => `${printable(path)} is ${printable(what)}`);
  const more = hazards.length > first.length ? ` (and ${hazards.length - first.length} more)` : "";
  const paths = first.map(({ path }) => `'${printable(path).replaceAll("'", "'\\''")}'`);
  return `${shown.join("; ")}${more}. Git itself never makes one there: something the judged work ran (a check, an agent) may have planted it (docs/security.md, "Git metadata"). Remove it (\`rm ${paths.join(" ")}\`) and run again`;
}
function timedOut(cwd, args, timeoutMs, gitDir) {
  const hazards = gitDir ? findGitHazards(gitDir) : [];
  return new GitCommandError(
    `git ${args[0] ?? ""} in ${cwd} did not finish within ${Math.round(timeoutMs / 1e3)} s and was stopped; ` + (hazards.length > 0 ? hazardAdvice(hazards) : "something in the working copy may keep git waiting (a FIFO in .git, or a link to one or to a directory holding one: `find .git ! -type f ! -type d` lists them)"),
    -1
  );
}
function refusedGit(cwd, args, env) {
  const gitDir = gitDirOf(cwd, env);
  const hazards = gitDir ? findGitHazards(gitDir) : [];
  if (hazards.length > 0)
    return new GitCommandError(`git ${args[0] ?? ""} in ${cwd} was not run: ${hazardAdvice(hazards)}`, -1);
  const untrusted = untrustedGitConfig(gitConfigPlaces(cwd, env, process.getuid?.()));
  if (untrusted.length === 0) return null;
  return new UntrustedGitConfigError(
    `git ${args[0] ?? ""} in ${cwd} was not run: ${untrustedConfigAdvice(untrusted)}`,
    -1
  );
}
function gitDirOf(cwd, env) {
  return env.GIT_DIR ? resolvePath(cwd, env.GIT_DIR) : void 0;
}
var GitCommandError = class extends Error {
  constructor(message, exitCode) {
    super(message);
    this.exitCode = exitCode;
  }
  exitCode;
  name = "GitCommandError";
};
var UntrustedGitConfigError = class extends GitCommandError {
  name = "UntrustedGitConfigError";
};
function runHarnessGit(cwd, args, options = {}) {
  return new Promise((resolve2, reject) => {
    const env = harnessGitEnv(cwd, options);
    const refused = refusedGit(cwd, args, env);
    if (refused) return reject(refused);
    const child = execFile2(
      "git",
      harnessGitArgv(args, options),
      {
        cwd,
        encoding: "utf8",
        // Whole: its callers need all of it (a status to parse, a tree to name); the diffs the
        // judged code decides the size of are read with runHarnessGitCapped.
        maxBuffer: Number.POSITIVE_INFINITY,
        env,
        timeout: options.timeoutMs ?? HARNESS_GIT_TIMEOUT_MS,
        killSignal: "SIGKILL"
      },
      (error, stdout, stderr) => {
        if (error?.killed)
          reject(timedOut(cwd, args, options.timeoutMs ?? HARNESS_GIT_TIMEOUT_MS, gitDirOf(cwd, env)));
        else if (error && typeof error.code !== "number")
          reject(error);
        else resolve2({ code: error ? error.code : 0, stdout, stderr });
      }
    );
    child.stdin?.on("error", () => {
    });
    child.stdin?.end(options.input);
  });
}
function runHarnessGitCapped(cwd, args, maxBytes, options = {}) {
  return new Promise((resolve2, reject) => {
    const env = harnessGitEnv(cwd, options);
    const refused = refusedGit(cwd, args, env);
    if (refused) return reject(refused);
    const child = execFile2(
      "git",
      harnessGitArgv(args, options),
      {
        cwd,
        encoding: "buffer",
        maxBuffer: maxBytes,
        env,
        timeout: options.timeoutMs ?? HARNESS_GIT_TIMEOUT_MS,
        killSignal: "SIGKILL"
      },
      (error, stdout, stderr) => {
        const overflow = error?.code === "ERR_CHILD_PROCESS_STDIO_MAXBUFFER";
        const text = stderr.toString("utf8");
        if (error?.killed && !overflow) {
          reject(timedOut(cwd, args, options.timeoutMs ?? HARNESS_GIT_TIMEOUT_MS, gitDirOf(cwd, env)));
        } else if (overflow && stdout.length >= maxBytes) {
          resolve2({ code: 0, stdout, stderr: text, truncated: true });
        } else if (overflow) {
          reject(new GitCommandError(`git printed more than ${maxBytes} bytes of errors`, -1));
        } else if (error && typeof error.code !== "number") {
          reject(error);
        } else {
          resolve2({ code: error ? error.code : 0, stdout, stderr: text, truncated: false });
        }
      }
    );
    child.stdin?.on("error", () => {
    });
    child.stdin?.end();
  });
}
async function checkedHarnessGit(cwd, args, options = {}) {
  const { code, stdout, stderr } = await runHarnessGit(cwd, args, options);
  if (code !== 0)
    throw new GitCommandError(stderr.trim() || `git ${args[0] ?? ""} exited with ${code}`, code);
  return stdout;
}
function harnessGitArgv(args, options) {
  const config = [...HARNESS_GIT_ARGS, ...(options.config ?? []).flatMap((setting) => ["-c", setting])];
  return [...config, ...withSubmodulesUnasked(args)];
}
function harnessGitEnv(cwd, options) {
  return {
    ...harnessProgramEnv(options.env ?? process.env, resolvePath(cwd)),
    // Never a commondir an untrusted process planted in the repository's .git (git-metadata.ts).
    ...options.env?.GIT_DIR ? {} : pinnedGitEnv(resolvePath(cwd))
  };
}
function harnessGit(baseDir, options = {}) {
  return {
    async raw(args) {
      const { code, stdout, stderr } = await runHarnessGit(baseDir, args, options);
      if (code !== 0 && stderr.trim() !== "") throw new GitCommandError(stderr.trim(), code);
      return stdout;
    }
  };
}

// src/core/verify/json-answer.ts
function readJsonAnswer(text, structured, allowedKeys, options) {
  let data;
  if (structured !== void 0) {
    if (structured.length !== 1)
      return { problem: `${structured.length} structured answers, expected exactly one` };
    if (options.proseBesideStructured === "refuse" && text.trim() !== "")
      return { problem: "prose next to the structured answer" };
    data = structured[0];
  } else {
    const trimmed = text.trim();
    if (!trimmed.startsWith("{") || !trimmed.endsWith("}")) return { problem: "not exactly one JSON object" };
    try {
      data = JSON.parse(trimmed);
    } catch {
      return { problem: "not exactly one JSON object" };
    }
    const structure = findJsonStructureProblem(trimmed, MAX_JSON_DEPTH);
    if (structure?.kind === "duplicate_key")
      return { problem: `key ${JSON.stringify(structure.key)} appears twice in one object` };
    if (structure) return { problem: `nested deeper than ${MAX_JSON_DEPTH} levels` };
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) return { problem: "not an object" };
  const record = data;
  const extra = Object.keys(record).filter((key) => !allowedKeys.includes(key));
  if (extra.length > 0) return { problem: `unexpected keys ${extra.join(", ")}` };
  return { record };
}

export {
  parseDiffHunks,
  diffGitHeaderPath,
  newSidePath,
  PID_NAMESPACE_FLAGS,
  shellQuote,
  runCommand,
  asRoot,
  tmpfsNames,
  tmpfsEntry,
  bindEntry,
  within,
  reachable,
  hideEntries,
  coverEntries,
  guardEntries,
  mountPlanScript,
  trustedSearchPath,
  findProgram,
  sandboxTools,
  harnessProgramEnv,
  removeUntrustedTree,
  removeTreeArgs,
  gitMetadataGuard,
  pinnedGitEnv,
  sweepPlantedGitFiles,
  AddedGitGuards,
  withSubmodulesUnasked,
  excludedPathspecs,
  stageAll,
  HARNESS_GIT_TIMEOUT_MS,
  GitCommandError,
  runHarnessGit,
  runHarnessGitCapped,
  checkedHarnessGit,
  harnessGit,
  BudgetExceededError,
  BudgetMeter,
  budgetMeterFor,
  holdsRedactionMark,
  isRunSecretKind,
  holdsRunSecretMark,
  secretRedactor,
  tallyingRedactor,
  redactionField,
  redactWindow,
  redactBytes,
  readJsonAnswer
};
