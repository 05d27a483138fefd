#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  BudgetExceededError,
  BudgetMeter,
  readJsonAnswer
} from "./chunk-HUZIAC4E.js";
import {
  ANNOTATION_KINDS,
  HUMAN_REVIEW_KIND,
  LedgerError,
  SignaturesDigest,
  TERMINAL_KINDS,
  ZERO_HASH,
  canonicalJson,
  isPinned,
  readAwaitSpec,
  readHumanReview,
  readKnownEntry,
  readPayload,
  tryReadEntry
} from "./chunk-P2CFU6IE.js";
import {
  forbiddenEnvReason,
  isForbiddenEnvName
} from "./chunk-VUSAMCY7.js";
import {
  external_exports
} from "./chunk-SF6ZOAOS.js";

// src/core/contract/errors.ts
function formatIssue(issue) {
  const where = issue.line > 0 ? `${issue.file}:${issue.line}:${issue.col}` : issue.file;
  return issue.path ? `${where}: ${issue.path}: ${issue.message}` : `${where}: ${issue.message}`;
}
var ContractError = class extends Error {
  name = "ContractError";
  file;
  line;
  col;
  issues;
  code;
  constructor(issues, code = "invalid") {
    if (issues.length === 0) throw new TypeError("ContractError needs at least one issue");
    super(issues.map(formatIssue).join("\n"));
    const first = issues[0];
    this.file = first.file;
    this.line = first.line;
    this.col = first.col;
    this.issues = issues;
    this.code = code;
  }
};

// src/core/contract/load.ts
import { readFileSync, statSync } from "node:fs";

// node_modules/smol-toml/dist/error.js
function getLineColFromPtr(string, ptr) {
  let lines = string.slice(0, ptr).split(/\r?\n/);
  return [lines.length, lines.pop().length + 1];
}
function makeCodeBlock(string, line, column) {
  let lines = string.split(/\r?\n/);
  let codeblock = "";
  let numberLen = (Math.log10(line + 1) | 0) + 1;
  for (let i = line - 1; i <= line + 1; i++) {
    let l = lines[i - 1];
    if (!l)
      continue;
    codeblock += i.toString().padEnd(numberLen, " ");
    codeblock += ":  ";
    codeblock += l;
    codeblock += "\n";
    if (i === line) {
      codeblock += " ".repeat(numberLen + column + 2);
      codeblock += "^\n";
    }
  }
  return codeblock;
}
var TomlError = class _TomlError extends Error {
  line;
  column;
  codeblock;
  constructor(message, options) {
    const [line, column] = getLineColFromPtr(options.toml, options.ptr);
    const codeblock = makeCodeBlock(options.toml, line, column);
    super(`Invalid TOML document: ${message}

${codeblock}`, options);
    this.line = line;
    this.column = column;
    this.codeblock = codeblock;
  }
  /** @internal */
  static x(message, ctx, ptr) {
    throw new _TomlError(message, { toml: ctx.s, ptr: ptr ?? ctx.p });
  }
};

// node_modules/smol-toml/dist/primitive.js
function parseString(ctx) {
  let startPtr = ctx.p;
  let c = ctx.s.charCodeAt(ctx.p++);
  let first = c;
  let isLiteral = c === 39;
  let isMultiline = c === ctx.s.charCodeAt(ctx.p) && c === ctx.s.charCodeAt(ctx.p + 1);
  if (isMultiline) {
    if ((c = ctx.s.charCodeAt(ctx.p += 2)) === 10)
      ctx.p++;
    else if (c === 13 && ctx.s.charCodeAt(ctx.p + 1) === 10)
      ctx.p += 2;
  }
  let parsed = "";
  let sliceStart = ctx.p;
  let state = 0;
  for (; ctx.p < ctx.s.length; ctx.p++) {
    c = ctx.s.charCodeAt(ctx.p);
    if (isMultiline && (c === 10 || c === 13 && ctx.s.charCodeAt(ctx.p + 1) === 10)) {
      state = state && 3;
    } else if (c < 32 && c !== 9 || c === 127) {
      TomlError.x("control characters are not allowed in strings", ctx);
    } else if ((!state || state === 3) && c === first && (!isMultiline || ctx.s.charCodeAt(ctx.p + 1) === first && ctx.s.charCodeAt(ctx.p + 2) === first)) {
      if (isMultiline) {
        if (ctx.s.charCodeAt(ctx.p + 3) === first)
          ctx.p++;
        if (ctx.s.charCodeAt(ctx.p + 3) === first)
          ctx.p++;
      }
      if (!state) {
        let s = ctx.s.slice(sliceStart, ctx.p);
        parsed = parsed ? parsed + s : s;
      }
      ctx.p += isMultiline ? 3 : 1;
      return parsed;
    } else if (!state) {
      if (!isLiteral && c === 92) {
        parsed += ctx.s.slice(sliceStart, sliceStart = ctx.p);
        state = 1;
      }
    } else if (state === 1) {
      if (c === 120 || c === 117 || c === 85) {
        let errPtr = ctx.p++ - 1;
        let value = 0;
        let len = c === 120 ? 2 : c === 117 ? 4 : 8;
        for (let j = 0; j < len; j++, ctx.p++) {
          let hex = ctx.s.charCodeAt(ctx.p);
          let digit = (
            /* 0-9 */
            hex >= 48 && hex <= 57 ? hex - 48 : (
              /* A-F */
              hex >= 65 && hex <= 70 ? hex - 65 + 10 : (
                /* a-f */
                hex >= 97 && hex <= 102 ? hex - 97 + 10 : -1
              )
            )
          );
          if (digit < 0)
            TomlError.x("invalid non-hex character in unicode escape", ctx);
          value = value << 4 | digit;
        }
        if (value < 0 || value > 1114111 || value >= 55296 && value <= 57343) {
          TomlError.x("invalid unicode escape", ctx, errPtr);
        }
        parsed += String.fromCodePoint(value);
        sliceStart = ctx.p--;
        state = 0;
      } else if (isMultiline && (c === 32 || c === 9)) {
        state = 2;
      } else {
        if (c === 98)
          parsed += "\b";
        else if (c === 116)
          parsed += "	";
        else if (c === 110)
          parsed += "\n";
        else if (c === 102)
          parsed += "\f";
        else if (c === 114)
          parsed += "\r";
        else if (c === 101)
          parsed += "\x1B";
        else if (c === 34)
          parsed += '"';
        else if (c === 92)
          parsed += "\\";
        else
          TomlError.x("unrecognised escape sequence", ctx);
        sliceStart = ctx.p + 1;
        state = 0;
      }
    } else if (c !== 32 && c !== 9) {
      if (state === 2)
        TomlError.x("invalid escape: only line-ending whitespace may be escaped", ctx, sliceStart);
      state = !isLiteral && c === 92 ? 1 : 0;
      sliceStart = ctx.p;
    }
  }
  TomlError.x("unfinished string", ctx, startPtr);
}

// node_modules/smol-toml/dist/date.js
var DATE_TIME_RE = /^(\d{4}-\d{2}-\d{2})?[Tt ]?(?:(\d{2}):\d{2}(?::\d{2}(?:\.\d+)?)?)?(Z|z|[-+]\d{2}:\d{2})?$/i;
var TomlDate = class _TomlDate extends Date {
  #hasDate = false;
  #hasTime = false;
  #offset = null;
  constructor(date, fasttype, unsafeDelim) {
    let hasDate = true;
    let hasTime = true;
    let offset = "Z";
    let c;
    if (typeof date === "string") {
      if (fasttype)
        prep: {
          if (fasttype < 3) {
            if (+date.slice(11, 13) > 23) {
              date = "";
              break prep;
            }
            if (fasttype === 2) {
              offset = null;
              date += "Z";
            } else if ((c = date.charCodeAt(date.length - 1)) !== 90 && c !== 122) {
              offset = date.slice(date.length - 6);
            }
            if (unsafeDelim)
              date = date.slice(0, 10) + "T" + date.slice(11);
          } else if (fasttype === 4) {
            date = +date.slice(0, 2) > 23 ? "" : `0000-01-01T${date}Z`;
          }
          hasDate = fasttype !== 4;
          hasTime = fasttype !== 3;
        }
      else {
        let match = date.match(DATE_TIME_RE);
        if (match) {
          if (!match[1]) {
            hasDate = false;
            date = `0000-01-01T${date}`;
          }
          hasTime = !!match[2];
          hasTime && date[10] === " " && (date = date.replace(" ", "T"));
          if (match[2] && +match[2] > 23) {
            date = "";
          } else {
            offset = match[3] || null;
            if (!offset && hasTime)
              date += "Z";
          }
        } else {
          date = "";
        }
      }
    }
    super(date);
    if (!isNaN(this.getTime())) {
      this.#hasDate = hasDate;
      this.#hasTime = hasTime;
      this.#offset = offset;
    }
  }
  isDateTime() {
    return this.#hasDate && this.#hasTime;
  }
  isLocal() {
    return !this.#hasDate || !this.#hasTime || !this.#offset;
  }
  isDate() {
    return this.#hasDate && !this.#hasTime;
  }
  isTime() {
    return this.#hasTime && !this.#hasDate;
  }
  isValid() {
    return this.#hasDate || this.#hasTime;
  }
  toISOString() {
    let iso = super.toISOString();
    if (this.isDate())
      return iso.slice(0, 10);
    if (this.isTime())
      return iso.slice(11, 23);
    if (this.#offset === null)
      return iso.slice(0, -1);
    if (this.#offset === "Z" || this.#offset === "z")
      return iso;
    let offset = +this.#offset.slice(1, 3) * 60 + +this.#offset.slice(4, 6);
    offset = this.#offset[0] === "-" ? offset : -offset;
    let offsetDate = new Date(this.getTime() - offset * 6e4);
    return offsetDate.toISOString().slice(0, -1) + this.#offset;
  }
  static wrapAsOffsetDateTime(jsDate, offset = "Z") {
    let date = new _TomlDate(jsDate);
    date.#offset = offset;
    return date;
  }
  static wrapAsLocalDateTime(jsDate) {
    let date = new _TomlDate(jsDate);
    date.#offset = null;
    return date;
  }
  static wrapAsLocalDate(jsDate) {
    let date = new _TomlDate(jsDate);
    date.#hasTime = false;
    date.#offset = null;
    return date;
  }
  static wrapAsLocalTime(jsDate) {
    let date = new _TomlDate(jsDate);
    date.#hasDate = false;
    date.#offset = null;
    return date;
  }
};

// node_modules/smol-toml/dist/extract.js
function isDigit(char, base = 10) {
  return base === 16 ? char > 47 && char < 58 || char > 64 && char < 71 || char > 96 && char < 103 : char > 47 && char < 48 + base;
}
function isEndOfValue(char, delim) {
  return char === 32 || char === 9 || char === 10 || char === 13 || // Structure end or next value delimiter
  delim && (char === delim || char === 44) || // Comment
  char === 35;
}
function extractValue(ctx, end) {
  let errPtr = ctx.p;
  let c = ctx.s.charCodeAt(ctx.p);
  if (c === 91 || c === 123) {
    ctx.d-- || TomlError.x("document contains excessively nested structures. aborting.", ctx);
    let value = c === 91 ? parseArray(ctx) : parseInlineTable(ctx);
    ctx.d++;
    return value;
  }
  if (c === 34 || c === 39) {
    return parseString(ctx);
  }
  if (c === 116) {
    if (ctx.s.charCodeAt(++ctx.p) !== 114 || ctx.s.charCodeAt(++ctx.p) !== 117 || ctx.s.charCodeAt(++ctx.p) !== 101)
      TomlError.x("invalid value", ctx, errPtr);
    return ctx.p++, true;
  }
  if (c === 102) {
    if (ctx.s.charCodeAt(++ctx.p) !== 97 || ctx.s.charCodeAt(++ctx.p) !== 108 || ctx.s.charCodeAt(++ctx.p) !== 115 || ctx.s.charCodeAt(++ctx.p) !== 101)
      TomlError.x("invalid value", ctx, errPtr);
    return ctx.p++, false;
  }
  if (c === 43 || c === 45) {
    return parseNumber(ctx, ctx.p, ctx.s.charCodeAt(++ctx.p), 44 - c, end);
  }
  if (ctx.s.charCodeAt(ctx.p + 4) === 45 && ctx.s.charCodeAt(ctx.p + 7) === 45) {
    return parseDate(ctx, c, end);
  }
  if (ctx.s.charCodeAt(ctx.p + 2) === 58) {
    return parseTime(ctx, c, end);
  }
  return parseNumber(ctx, ctx.p, c, 0, end);
}
function parseNumber(ctx, startPtr, startChr, sign, endChr) {
  let c = startChr;
  let state = 0;
  let hasUnderscores = false;
  if (c === 105) {
    if (ctx.s.charCodeAt(++ctx.p) !== 110 || ctx.s.charCodeAt(++ctx.p) !== 102)
      TomlError.x("invalid value", ctx, startPtr);
    return ctx.p++, (sign || 1) / 0;
  }
  if (c === 110) {
    if (ctx.s.charCodeAt(++ctx.p) !== 97 || ctx.s.charCodeAt(++ctx.p) !== 110)
      TomlError.x("invalid value", ctx, startPtr);
    return ctx.p++, NaN;
  }
  if (c === 48) {
    if (++ctx.p >= ctx.s.length || isEndOfValue(c = ctx.s.charCodeAt(ctx.p), endChr))
      return ctx.bi === true ? 0n : 0;
    if (!sign) {
      if (c === 120)
        return parseIntegerBaseN(ctx, startPtr, 16, endChr);
      else if (c === 98)
        return parseIntegerBaseN(ctx, startPtr, 2, endChr);
      else if (c === 111)
        return parseIntegerBaseN(ctx, startPtr, 8, endChr);
    }
    if (c === 46)
      state = 2;
    else if (c === 101 || c === 69)
      state = 4;
    else
      TomlError.x("illegal leading zero", ctx, startPtr);
  } else if (!isDigit(c))
    TomlError.x("invalid value", ctx, startPtr);
  while (++ctx.p < ctx.s.length && (c = ctx.s.charCodeAt(ctx.p), !isEndOfValue(c, endChr))) {
    if (!state)
      state = 1;
    if (c === 95) {
      if (!(state & 1))
        TomlError.x("illegal underscore", ctx);
      state += 11;
      hasUnderscores = true;
    } else if (state === 1 && c === 46)
      state = 2;
    else if ((state === 1 || state === 3) && (c === 101 || c === 69))
      state = 4;
    else if (state === 4 && (c === 43 || c === 45)) {
      state = 6;
    } else if (!isDigit(c))
      TomlError.x(`illegal character in numeric literal`, ctx);
    else if (state > 9)
      state -= 11;
    else if (!(state & 1))
      state++;
  }
  if (!state) {
    let val = (startChr - 48) * (sign || 1);
    return ctx.bi === true ? BigInt(val) : val;
  }
  if (!(state & 1))
    TomlError.x("unfinished numeric value", ctx, startPtr);
  let str = ctx.s.slice(startPtr, ctx.p);
  if (hasUnderscores)
    str = str.replaceAll("_", "");
  return state > 1 ? parseFloat(str) : parseInteger(ctx, str, 10, startPtr);
}
function parseIntegerBaseN(ctx, startPtr, base, endChr) {
  let c, underscore = 1;
  while (++ctx.p < ctx.s.length && (c = ctx.s.charCodeAt(ctx.p), !isEndOfValue(c, endChr))) {
    if (c === 95) {
      if (underscore & 1)
        TomlError.x("illegal underscore", ctx);
      underscore = 3;
    } else if (!isDigit(c, base))
      TomlError.x(`illegal character in numeric literal`, ctx);
    else if (underscore & 1)
      underscore--;
  }
  if (underscore & 1)
    TomlError.x("unfinished numeric value", ctx);
  let str = ctx.s.slice(startPtr + 2, ctx.p);
  if (underscore)
    str = str.replaceAll("_", "");
  return parseInteger(ctx, str, base, startPtr);
}
function parseInteger(ctx, str, base, startPtr) {
  if (ctx.bi !== true)
    int: {
      let val = parseInt(str, base);
      if (!Number.isSafeInteger(val)) {
        if (ctx.bi)
          break int;
        TomlError.x("integer value cannot be represented losslessly", ctx, startPtr);
      }
      return val;
    }
  return base === 10 ? BigInt(str) : BigInt((base === 2 ? "0b" : base === 8 ? "0o" : "0x") + str);
}
function parseDate(ctx, c, endChr) {
  let startPtr = ctx.p++, unsafeSeparator;
  if (!isDigit(c) || !isDigit(ctx.s.charCodeAt(ctx.p++)) || !isDigit(ctx.s.charCodeAt(ctx.p++)) || !isDigit(ctx.s.charCodeAt(ctx.p++))) {
    return parseNumber(ctx, ctx.p = startPtr, c, 0, endChr);
  }
  ctx.p += 5;
  if (!isDigit(ctx.s.charCodeAt(ctx.p++)))
    TomlError.x("invalid date-time: date part is malformed", ctx, startPtr);
  if (ctx.p >= ctx.s.length || ((c = ctx.s.charCodeAt(ctx.p)) !== 32 || (unsafeSeparator = true, !isDigit(ctx.s.charCodeAt(ctx.p + 1)))) && c !== 84 && c !== 116) {
    let t2 = ctx.s.slice(startPtr, ctx.p);
    return readDate(ctx, t2, 3, false, startPtr);
  }
  if (ctx.s.charCodeAt(ctx.p += 3) !== 58)
    TomlError.x("invalid date-time: time part is malformed", ctx, startPtr);
  if (ctx.s.charCodeAt(ctx.p += 3) === 58)
    ctx.p += 3;
  if (ctx.s.charCodeAt(ctx.p) === 46)
    while (isDigit(ctx.s.charCodeAt(++ctx.p)))
      ;
  if (c = ctx.s.charCodeAt(ctx.p)) {
    if (c === 90 || c === 122) {
      let t2 = ctx.s.slice(startPtr, ++ctx.p);
      return readDate(ctx, t2, 1, unsafeSeparator, startPtr, "[+00:00]");
    }
    if (c === 43 || c === 45) {
      let t2 = ctx.s.slice(startPtr, ctx.p += 6);
      return readDate(ctx, t2, 1, unsafeSeparator, startPtr, !ctx.ld && "[" + ctx.s.slice(ctx.p - 6, ctx.p) + "]");
    }
  }
  let t = ctx.s.slice(startPtr, ctx.p);
  return readDate(ctx, t, 2, unsafeSeparator, startPtr);
}
function parseTime(ctx, c, endChr) {
  let start = ctx.p;
  if (!isDigit(c) || !isDigit(ctx.s.charCodeAt(++ctx.p))) {
    return parseNumber(ctx, --ctx.p, c, 0, endChr);
  }
  if (ctx.s.charCodeAt(ctx.p += 4) === 58)
    ctx.p += 3;
  if (ctx.s.charCodeAt(ctx.p) === 46)
    while (isDigit(ctx.s.charCodeAt(++ctx.p)))
      ;
  let t = ctx.s.slice(start, ctx.p);
  return readDate(ctx, t, 4, false, start);
}
function readDate(ctx, str, type, unsafeDelim, errPtr, temporalSuffix) {
  if (ctx.ld) {
    let date = new TomlDate(str, type, unsafeDelim);
    if (!date.isValid())
      TomlError.x("invalid date", ctx, errPtr);
    return date;
  }
  try {
    if (temporalSuffix)
      str += temporalSuffix;
    switch (type) {
      case 1:
        return Temporal.ZonedDateTime.from(str);
      case 2:
        return Temporal.PlainDateTime.from(str);
      case 3:
        return Temporal.PlainDate.from(str);
      case 4:
        return Temporal.PlainTime.from(str);
    }
  } catch (e) {
    TomlError.x(e instanceof Error ? e.message : "" + e, ctx, errPtr);
  }
}

// node_modules/smol-toml/dist/util.js
function skipComment(ctx) {
  for (; ctx.p < ctx.s.length; ctx.p++) {
    let c = ctx.s.charCodeAt(ctx.p);
    if (c === 10)
      break;
    if (c === 13 && ctx.s.charCodeAt(ctx.p + 1) === 10) {
      ctx.p++;
      break;
    }
    if (c < 32 && c !== 9 || c === 127) {
      TomlError.x("control characters are not allowed in comments", ctx);
    }
  }
}
function skipVoid(ctx, banNewLines, banComments) {
  let c;
  while (ctx.p < ctx.s.length) {
    while (ctx.p < ctx.s.length && ((c = ctx.s.charCodeAt(ctx.p)) === 32 || c === 9 || !banNewLines && (c === 10 || c === 13 && ctx.s.charCodeAt(ctx.p + 1) === 10)))
      ctx.p++;
    if (banComments || c !== 35)
      break;
    skipComment(ctx);
  }
}

// node_modules/smol-toml/dist/struct.js
function parseKey(ctx, end = 61) {
  let startPtr;
  let state = 0;
  let parsed = [];
  let sliceStart;
  let c = ctx.s.charCodeAt(startPtr = ctx.p);
  do {
    if (c === end) {
      if (!state)
        TomlError.x("unexpected end of key", ctx);
      if (state === 1)
        parsed.push(ctx.s.slice(sliceStart, ctx.p));
      return ctx.p++, parsed;
    } else if (c === 46) {
      if (!state)
        TomlError.x("illegal empty bare key", ctx);
      if (state === 1)
        parsed.push(ctx.s.slice(sliceStart, ctx.p));
      state = 0;
    } else if (!state && (c === 34 || c === 39)) {
      if (c === ctx.s.charCodeAt(ctx.p + 1) && c === ctx.s.charCodeAt(ctx.p + 2))
        TomlError.x("illegal quoted key: multiline strings are not allowed", ctx);
      parsed.push(parseString(ctx));
      state = 2;
      ctx.p--;
    } else if (c === 32 || c === 9) {
      if (state === 1) {
        parsed.push(ctx.s.slice(sliceStart, ctx.p));
        state = 2;
      }
    } else if (state === 2 || c < 48 && c !== 45 || c > 57 && c < 65 || c > 90 && c < 97 && c !== 95 || c > 122) {
      TomlError.x("illegal character in key", ctx);
    } else if (!state) {
      state = 1;
      sliceStart = ctx.p;
    }
  } while (c = ctx.s.charCodeAt(++ctx.p));
  TomlError.x("incomplete key-value: cannot find end of key", ctx, startPtr);
}
function parseInlineTable(ctx) {
  let startPtr = ctx.p++;
  let res = /* @__PURE__ */ Object.create(null);
  let seen = /* @__PURE__ */ new Set();
  let c;
  while (ctx.p < ctx.s.length) {
    skipVoid(ctx);
    if ((c = ctx.s.charCodeAt(ctx.p)) === 125) {
      ctx.p++;
      return res;
    }
    let k;
    let t = res;
    let hasOwn = false;
    let errPtr = ctx.p;
    let key = parseKey(ctx);
    for (let i = 0; i < key.length; i++) {
      if (i)
        t = hasOwn ? t[k] : t[k] = /* @__PURE__ */ Object.create(null);
      k = key[i];
      if ((hasOwn = Object.hasOwn(t, k)) && (typeof t[k] !== "object" || seen.has(t[k]))) {
        TomlError.x("trying to redefine an already defined value", ctx, errPtr);
      }
      let unsafe = k === "__proto__";
      if (ctx.uk && (unsafe || k === "constructor")) {
        t = ctx.uk !== 1 && TomlError.x("document contains an unsafe property", ctx, errPtr);
        break;
      }
      if (!hasOwn && unsafe) {
        Object.defineProperty(t, k, { enumerable: true, configurable: true, writable: true });
      }
    }
    if (hasOwn) {
      TomlError.x("trying to redefine an already defined value", ctx, errPtr);
    }
    skipVoid(ctx, true, true);
    let value = extractValue(
      ctx,
      125
      /* } */
    );
    if (t && typeof (t[k] = value) === "object")
      seen.add(value);
    skipVoid(ctx);
    if ((c = ctx.s.charCodeAt(ctx.p++)) === 125) {
      return res;
    }
    if (c !== 44)
      TomlError.x("expected comma or end of structure", ctx, ctx.p - 1);
  }
  TomlError.x("unfinished table", ctx, startPtr);
}
function parseArray(ctx) {
  let startPtr = ctx.p++;
  let res = [];
  let c;
  while (ctx.p < ctx.s.length) {
    skipVoid(ctx);
    if ((c = ctx.s.charCodeAt(ctx.p)) === 93) {
      ctx.p++;
      return res;
    }
    res.push(extractValue(
      ctx,
      93
      /* ] */
    ));
    skipVoid(ctx);
    if ((c = ctx.s.charCodeAt(ctx.p++)) === 93) {
      return res;
    }
    if (c !== 44)
      TomlError.x("expected comma or end of structure", ctx, ctx.p - 1);
  }
  TomlError.x("unfinished array", ctx, startPtr);
}

// node_modules/smol-toml/dist/parse.js
function peekTable(ctx, key, table, meta, type) {
  let t = table;
  let m = meta;
  let k;
  let hasOwn = false;
  let state;
  for (let i = 0; i < key.length; i++) {
    if (i) {
      t = hasOwn ? t[k] : t[k] = /* @__PURE__ */ Object.create(null);
      m = (state = m[k]).c;
      if (type === 0 && (state.t === 1 || state.t === 2)) {
        return null;
      }
      if (state.t === 2) {
        let l = t.length - 1;
        t = t[l];
        m = m[l].c;
      }
    }
    k = key[i];
    if ((hasOwn = Object.hasOwn(t, k)) && m[k]?.t === 0 && m[k]?.d) {
      return null;
    }
    if (!hasOwn) {
      let unsafe = k === "__proto__";
      if (ctx.uk && (unsafe || k === "constructor"))
        return false;
      if (unsafe) {
        Object.defineProperty(t, k, { enumerable: true, configurable: true, writable: true });
        Object.defineProperty(m, k, { enumerable: true, configurable: true, writable: true });
      }
      m[k] = {
        t: i < key.length - 1 && type === 2 ? 3 : type,
        d: false,
        i: 0,
        c: /* @__PURE__ */ Object.create(null)
      };
    }
  }
  state = m[k];
  if (state.t !== type && !(type === 1 && state.t === 3)) {
    return null;
  }
  if (type === 2) {
    if (!state.d) {
      state.d = true;
      t[k] = [];
    }
    t[k].push(t = /* @__PURE__ */ Object.create(null));
    state.c[state.i++] = state = { t: 1, d: false, i: 0, c: /* @__PURE__ */ Object.create(null) };
  }
  if (state.d) {
    return null;
  }
  state.d = true;
  if (type === 1) {
    t = hasOwn ? t[k] : t[k] = /* @__PURE__ */ Object.create(null);
  } else if (type === 0 && hasOwn) {
    return null;
  }
  return [k, t, state.c];
}
function validateTablePeek(ctx, peek, ptr) {
  if (peek === null || ctx.uk === 2)
    TomlError.x(peek === null ? "trying to redefine an already defined table or value" : "document contains an unsafe property", ctx, ptr);
}
function parse(toml, options = {}) {
  let ctx = {
    s: toml,
    p: 0,
    d: options.maxDepth ?? 1e3,
    bi: options.integersAsBigInt ?? false,
    ld: options.useLegacyDate ?? true,
    uk: options.unsafeKeyBehaviour === "throw" ? 2 : options.unsafeKeyBehaviour === "drop" ? 1 : 0
  };
  let res = /* @__PURE__ */ Object.create(null);
  let meta = /* @__PURE__ */ Object.create(null);
  let tmp;
  let skipping = false;
  let tbl = res;
  let m = meta;
  if (toml.charCodeAt(0) === 65279)
    ctx.p++;
  skipVoid(ctx);
  while (ctx.p < toml.length) {
    if (toml.charCodeAt(ctx.p) === 91) {
      let isTableArray = toml.charCodeAt(++ctx.p) === 91;
      tmp = ctx.p += +isTableArray;
      skipping = false;
      let k = parseKey(
        ctx,
        93
        /* ] */
      );
      if (isTableArray) {
        if (toml.charCodeAt(ctx.p) !== 93) {
          TomlError.x("expected end of table array declaration", ctx);
        }
        ctx.p++;
      }
      let p = peekTable(
        ctx,
        k,
        res,
        meta,
        isTableArray ? 2 : 1
        /* Type.EXPLICIT */
      );
      if (!p) {
        validateTablePeek(ctx, p, tmp);
        skipping = true;
      } else {
        m = p[2];
        tbl = p[1];
      }
    } else {
      tmp = ctx.p;
      let k = parseKey(ctx);
      let p = peekTable(
        ctx,
        k,
        tbl,
        m,
        0
        /* Type.DOTTED */
      );
      if (!p && !skipping)
        validateTablePeek(ctx, p, tmp);
      skipVoid(ctx, true, true);
      let v = extractValue(ctx, void 0);
      if (p && !skipping)
        p[1][p[0]] = v;
    }
    skipVoid(ctx, true);
    if (ctx.p < toml.length && (tmp = toml.charCodeAt(ctx.p)) !== 10 && (tmp !== 13 || toml.charCodeAt(ctx.p + 1) !== 10)) {
      TomlError.x("each key-value declaration must be followed by an end-of-line", ctx);
    }
    skipVoid(ctx);
  }
  return res;
}

// node_modules/smol-toml/dist/stringify.js
var HAS_WELLFORMED = !!"".isWellFormed;

// src/core/contract/toml-positions.ts
function pathKey(path) {
  return JSON.stringify(path);
}
var BARE_KEY = /[A-Za-z0-9_-]/;
var TomlPositions = class {
  constructor(text) {
    this.text = text;
    for (let k = 0; k < text.length; k++) if (text.charCodeAt(k) === 10) this.lineStarts.push(k + 1);
    this.scanDocument();
  }
  text;
  lineStarts = [0];
  offsets = /* @__PURE__ */ new Map();
  /** Paths recorded only because a header or dotted key mentioned them on the way to a deeper path. */
  implicit = /* @__PURE__ */ new Set();
  /** How many `[[x]]` headers have been seen for each concrete array path. */
  arrayTables = /* @__PURE__ */ new Map();
  i = 0;
  /** The position recorded for exactly this path (a key, a table header or an array element). */
  exact(path) {
    const offset = this.offsets.get(pathKey(path));
    return offset === void 0 ? void 0 : this.toPosition(offset);
  }
  /**
   * The closest thing in the source to `path`: the path itself, else its nearest recorded ancestor
   * (the key of an array whose element could not be placed, the header of a table lacking a key),
   * else the start of the document.
   */
  locate(path) {
    for (let n = path.length; n > 0; n--) {
      const found = this.exact(path.slice(0, n));
      if (found) return found;
    }
    return { line: 1, col: 1 };
  }
  toPosition(offset) {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = lo + hi + 1 >> 1;
      if ((this.lineStarts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, col: offset - (this.lineStarts[lo] ?? 0) + 1 };
  }
  record(path, offset, implicit) {
    const key = pathKey(path);
    const known = this.offsets.has(key);
    if (known && !(this.implicit.has(key) && !implicit)) return;
    this.offsets.set(key, offset);
    if (implicit) this.implicit.add(key);
    else this.implicit.delete(key);
  }
  // --- document structure -------------------------------------------------------------------
  scanDocument() {
    let table = [];
    const { text } = this;
    while (this.i < text.length) {
      this.skipInlineSpace();
      const c = text[this.i];
      if (c === void 0) break;
      if (c === "\n" || c === "\r") {
        this.i++;
        continue;
      }
      if (c === "#") {
        this.skipToLineEnd();
        continue;
      }
      if (c === "[") {
        table = this.scanHeader();
      } else {
        this.scanKeyValue(table);
      }
      this.skipToLineEnd();
    }
  }
  /** `[a.b]` or `[[a.b]]`; returns the concrete path (with array indices) that following keys go into. */
  scanHeader() {
    const start = this.i;
    const isArray = this.text[this.i + 1] === "[";
    this.i += isArray ? 2 : 1;
    const segments = this.scanKey();
    this.skipInlineSpace();
    this.i += isArray ? 2 : 1;
    const concrete = [];
    segments.forEach((segment, index) => {
      concrete.push(segment.name);
      const last = index === segments.length - 1;
      const key = pathKey(concrete);
      if (last && isArray) {
        const count2 = this.arrayTables.get(key) ?? 0;
        this.arrayTables.set(key, count2 + 1);
        this.record(concrete, start, false);
        concrete.push(count2);
        this.record(concrete, start, false);
        return;
      }
      if (last) {
        this.record(concrete, start, false);
        return;
      }
      this.record(concrete, segment.offset, true);
      const count = this.arrayTables.get(key);
      if (count !== void 0) concrete.push(count - 1);
    });
    return concrete;
  }
  scanKeyValue(table) {
    const path = this.scanDottedKeyInto(table);
    this.skipInlineSpace();
    this.i++;
    this.skipInlineSpace();
    this.scanValue(path);
  }
  /** Reads `a."b".c`, recording each segment under `base`; returns the full path of the key. */
  scanDottedKeyInto(base) {
    const segments = this.scanKey();
    const path = [...base];
    segments.forEach((segment, index) => {
      path.push(segment.name);
      this.record(path, segment.offset, index < segments.length - 1);
    });
    return path;
  }
  scanKey() {
    const segments = [];
    const { text } = this;
    for (; ; ) {
      this.skipInlineSpace();
      const offset = this.i;
      const c = text[this.i];
      let name;
      if (c === '"') name = this.scanBasicString();
      else if (c === "'") name = this.scanLiteralString();
      else {
        const from = this.i;
        while (this.i < text.length && BARE_KEY.test(text[this.i] ?? "")) this.i++;
        name = text.slice(from, this.i);
      }
      segments.push({ name, offset });
      this.skipInlineSpace();
      if (text[this.i] !== ".") return segments;
      this.i++;
    }
  }
  // --- values -------------------------------------------------------------------------------
  scanValue(path) {
    const { text } = this;
    const c = text[this.i];
    if (c === '"') {
      if (text.startsWith('"""', this.i)) this.skipMultilineString('"""', true);
      else this.scanBasicString();
    } else if (c === "'") {
      if (text.startsWith("'''", this.i)) this.skipMultilineString("'''", false);
      else this.scanLiteralString();
    } else if (c === "[") {
      this.scanArray(path);
    } else if (c === "{") {
      this.scanInlineTable(path);
    } else {
      this.skipScalar();
    }
  }
  scanArray(path) {
    this.i++;
    let index = 0;
    for (; ; ) {
      this.skipSpaceNewlinesComments();
      if (this.text[this.i] === "]" || this.i >= this.text.length) {
        this.i++;
        return;
      }
      const element = [...path, index];
      this.record(element, this.i, false);
      this.scanValue(element);
      this.skipSpaceNewlinesComments();
      if (this.text[this.i] === ",") this.i++;
      index++;
    }
  }
  scanInlineTable(path) {
    this.i++;
    for (; ; ) {
      this.skipSpaceNewlinesComments();
      if (this.text[this.i] === "}" || this.i >= this.text.length) {
        this.i++;
        return;
      }
      const keyPath = this.scanDottedKeyInto(path);
      this.skipInlineSpace();
      this.i++;
      this.skipInlineSpace();
      this.scanValue(keyPath);
      this.skipSpaceNewlinesComments();
      if (this.text[this.i] === ",") this.i++;
    }
  }
  /** Numbers, booleans, dates and times; a local date may be followed by ` HH:MM` (TOML allows a space). */
  skipScalar() {
    const { text } = this;
    const from = this.i;
    while (this.i < text.length && !/[\s,\]}#]/.test(text[this.i] ?? "")) this.i++;
    if (/^\d{4}-\d{2}-\d{2}$/.test(text.slice(from, this.i)) && /^ \d{2}:/.test(text.slice(this.i, this.i + 4))) {
      this.i++;
      while (this.i < text.length && !/[\s,\]}#]/.test(text[this.i] ?? "")) this.i++;
    }
  }
  scanBasicString() {
    const { text } = this;
    this.i++;
    let out = "";
    while (this.i < text.length) {
      const c = text[this.i] ?? "";
      if (c === '"') {
        this.i++;
        return out;
      }
      if (c === "\\") {
        out += this.decodeEscape();
        continue;
      }
      out += c;
      this.i++;
    }
    return out;
  }
  decodeEscape() {
    const { text } = this;
    const e = text[this.i + 1] ?? "";
    this.i += 2;
    const simple = {
      b: "\b",
      t: "	",
      n: "\n",
      f: "\f",
      r: "\r",
      e: "\x1B",
      '"': '"',
      "\\": "\\"
    };
    const known = simple[e];
    if (known !== void 0) return known;
    const width = e === "u" ? 4 : e === "U" ? 8 : e === "x" ? 2 : 0;
    if (width === 0) return e;
    const code = Number.parseInt(text.slice(this.i, this.i + width), 16);
    this.i += width;
    return Number.isNaN(code) ? "" : String.fromCodePoint(code);
  }
  scanLiteralString() {
    const { text } = this;
    const end = text.indexOf("'", this.i + 1);
    const stop = end === -1 ? text.length : end;
    const out = text.slice(this.i + 1, stop);
    this.i = stop + 1;
    return out;
  }
  skipMultilineString(delimiter, escapes) {
    const { text } = this;
    this.i += 3;
    while (this.i < text.length) {
      if (escapes && text[this.i] === "\\") {
        this.i += 2;
        continue;
      }
      if (text.startsWith(delimiter, this.i)) {
        this.i += 3;
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
  skipInlineSpace() {
    while (this.text[this.i] === " " || this.text[this.i] === "	") this.i++;
  }
  skipToLineEnd() {
    const end = this.text.indexOf("\n", this.i);
    this.i = end === -1 ? this.text.length : end + 1;
  }
  skipSpaceNewlinesComments() {
    const { text } = this;
    while (this.i < text.length) {
      const c = text[this.i];
      if (c === " " || c === "	" || c === "\n" || c === "\r") this.i++;
      else if (c === "#") {
        const end = text.indexOf("\n", this.i);
        this.i = end === -1 ? text.length : end;
      } else return;
    }
  }
};

// src/core/contract/issues.ts
function validate(schema, data) {
  const allowedKeys = /* @__PURE__ */ new Map();
  const result = schema.safeParse(data, { error: (raw) => describeIssue(raw, allowedKeys), jitless: true });
  const credentials = findCredentialIssues(data);
  if (result.success && credentials.length === 0) return { ok: true, value: result.data };
  const issues = [...credentials];
  const reported = new Set(credentials.map((issue) => pathKey(issue.path)));
  for (const issue of result.error?.issues ?? []) {
    const path = issue.path.filter((p) => typeof p !== "symbol");
    if (issue.code !== "unrecognized_keys") {
      if (reported.has(pathKey(path))) continue;
      reported.add(pathKey(path));
    }
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        issues.push({ path: [...path, key], message: unknownKeyMessage(key, path, allowedKeys, data) });
      }
    } else {
      issues.push({ path, message: issue.message });
    }
  }
  return { ok: false, issues };
}
function placeIssues(issues, file, positions) {
  return issues.map((issue) => {
    const { line, col } = positions.locate(issue.path);
    return { file, line, col, path: formatPath(issue.path), message: issue.message };
  });
}
function compareIssues(a, b) {
  return a.line - b.line || a.col - b.col;
}
var ENV_NAME = /^[A-Z_][A-Z0-9_]{0,63}$/;
function findCredentialIssues(data, base = []) {
  const out = [];
  if (Array.isArray(data)) {
    data.forEach((item, index) => {
      out.push(...findCredentialIssues(item, [...base, index]));
    });
  } else if (isTable(data)) {
    for (const [key, value] of Object.entries(data)) {
      const path = [...base, key];
      if (key === "api_key_env" && typeof value === "string" && !ENV_NAME.test(value)) {
        out.push({
          path,
          message: 'must be the NAME of an environment variable (A-Z, 0-9, _; at most 64 characters), e.g. api_key_env = "OPENAI_API_KEY", never the key itself; the value is not shown (if it is a real key, remove it from the file and rotate it)'
        });
      } else {
        out.push(...findCredentialIssues(value, path));
      }
    }
  }
  return out;
}
function describeIssue(raw, allowedKeys) {
  const path = (raw.path ?? []).filter((p) => typeof p !== "symbol");
  const inst = raw.inst;
  switch (raw.code) {
    case "invalid_type": {
      if (raw.input === void 0) return missingMessage(path, inst);
      if (typeof raw.input === "bigint") return TOO_LARGE;
      if (typeof raw.input === "number" && !Number.isFinite(raw.input)) return "must be a finite number";
      if (raw.expected === "int") return `expected integer, got ${typeOf(raw.input)}`;
      return `expected ${typeName(raw.expected)}, got ${typeOf(raw.input)}`;
    }
    case "too_small": {
      const min = Number(raw.minimum);
      if (min === Number.MIN_SAFE_INTEGER) return TOO_LARGE;
      if (raw.origin === "string")
        return min <= 1 ? "must not be empty" : `must be at least ${min} characters`;
      if (raw.origin === "array") return `must have at least ${min} item${min === 1 ? "" : "s"}`;
      return raw.inclusive ? `must be at least ${min}` : `must be greater than ${min}`;
    }
    case "too_big": {
      const max = Number(raw.maximum);
      if (max === Number.MAX_SAFE_INTEGER) return TOO_LARGE;
      if (raw.origin === "string") return `must be at most ${max} characters`;
      if (raw.origin === "array") return `must have at most ${max} items`;
      return raw.inclusive ? `must be at most ${max}` : `must be less than ${max}`;
    }
    case "invalid_value":
      if (raw.input === void 0) return missingMessage(path, inst);
      return `must be ${choices(raw.values)}`;
    case "invalid_format":
      if (raw.format === "url") return 'must be a URL, e.g. "https://api.example.com/v1"';
      return `must be a valid ${raw.format}`;
    case "invalid_union": {
      const discriminator = raw.discriminator;
      const options = raw.options;
      if (typeof discriminator === "string" && Array.isArray(options)) {
        const input = raw.input;
        const present = isTable(input) && input[discriminator] !== void 0;
        return present ? `must be ${choices(options)}` : `missing required key; add ${discriminator} = ${choices(options, " or ")}`;
      }
      return void 0;
    }
    case "unrecognized_keys": {
      const shape = inst?._zod.def.shape;
      if (shape) allowedKeys.set(pathKey(path), Object.keys(shape));
      return "unknown key";
    }
    default:
      return void 0;
  }
}
var TOO_LARGE = "integer is too large (the limit is \xB19007199254740991)";
function missingMessage(path, inst) {
  const key = path[path.length - 1];
  const parent = path.slice(0, -1);
  if (path.length === 1 && key === "done") {
    return 'a contract needs at least one [[done]] clause; add a [[done]] table with kind = "check" or "review"';
  }
  const def = inst?._zod.def;
  if (def?.type === "object" && def.shape) {
    const required = Object.entries(def.shape).filter(([, field]) => field._zod.optin !== "optional").map(([name, field]) => `${name} = ${valueHint(field)}`);
    const header = `[${tableName(path)}]`;
    return required.length > 0 ? `missing required table; add a ${header} table with ${required.join(" and ")}` : `missing required table; add a ${header} table`;
  }
  const where = describeTable(parent);
  const hint = inst ? valueHint(inst) : "...";
  const enumValues = def?.type === "enum" && def.entries ? ` (${choices(Object.values(def.entries))})` : "";
  return `missing required key; add ${String(key)} = ${hint} to ${where}${enumValues}`;
}
function unknownKeyMessage(key, parent, allowedKeys, data) {
  const allowed = allowedKeys.get(pathKey(parent)) ?? [];
  const suggestion = closest(key, allowed);
  const hint = suggestion ? ` (did you mean "${suggestion}"?)` : "";
  let where = parent.length === 0 ? "at the top level" : `in ${describeTable(parent)}`;
  const table = valueAt(data, parent);
  if (isClause(parent) && isTable(table) && typeof table.kind === "string") {
    where = `in a [[done]] clause with kind = ${JSON.stringify(table.kind)}`;
  }
  const list = allowed.length > 0 ? `; allowed keys ${where}: ${allowed.join(", ")}` : `; remove it`;
  return `unknown key "${key}"${hint}${list}`;
}
function valueHint(schema) {
  const def = schema._zod.def;
  switch (def.type) {
    case "string":
    case "enum":
    case "literal":
      return '"..."';
    case "number":
    case "int":
      return "<number>";
    case "boolean":
      return "true";
    case "array":
      return "[...]";
    case "object":
    case "record":
      return "{ ... }";
    case "optional":
    case "default":
      return "...";
    default:
      return "...";
  }
}
function choices(values, last = ", ") {
  const quoted = values.map((v) => JSON.stringify(v));
  if (quoted.length <= 1) return quoted[0] ?? "a valid value";
  if (last === ", ") return `one of ${quoted.join(", ")}`;
  return `${quoted.slice(0, -1).join(", ")}${last}${quoted[quoted.length - 1]}`;
}
function typeName(expected) {
  if (expected === "object") return "table";
  return expected;
}
function typeOf(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (value instanceof Date) return "date-time";
  if (typeof value === "number") return Number.isInteger(value) ? "number" : "fractional number";
  if (typeof value === "object") return "table";
  return typeof value;
}
var BARE = /^[A-Za-z0-9_-]+$/;
function quoteKey(key) {
  return BARE.test(key) ? key : JSON.stringify(key);
}
function formatPath(path) {
  let out = "";
  for (const segment of path) {
    if (typeof segment === "number") out += `[${segment}]`;
    else out += out === "" ? quoteKey(segment) : `.${quoteKey(segment)}`;
  }
  return out;
}
function tableName(path) {
  return path.filter((p) => typeof p === "string").map(quoteKey).join(".");
}
function describeTable(path) {
  if (path.length === 0) return "the top level of the file";
  const name = tableName(path);
  if (isClause(path)) return "this [[done]] clause";
  return typeof path[path.length - 1] === "number" ? `this [[${name}]] entry` : `[${name}]`;
}
function isClause(path) {
  return path.length === 2 && path[0] === "done" && typeof path[1] === "number";
}
function isTable(value) {
  if (value === null || typeof value !== "object" || Array.isArray(value) || value instanceof Date)
    return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
function valueAt(data, path) {
  let node = data;
  for (const segment of path) {
    if (node === null || typeof node !== "object") return void 0;
    node = node[segment];
  }
  return node;
}
function closest(key, allowed) {
  let best;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of allowed) {
    const distance = editDistance(key.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  const limit = Math.max(1, Math.floor(key.length / 3));
  return bestDistance <= Math.min(limit, 3) ? best : void 0;
}
function editDistance(a, b) {
  const d = Array.from(
    { length: a.length + 1 },
    (_, i) => Array.from({ length: b.length + 1 }, (_2, j) => i === 0 ? j : j === 0 ? i : 0)
  );
  const at = (i, j) => d[i]?.[j] ?? 0;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, at(i - 2, j - 2) + 1);
      d[i][j] = best;
    }
  }
  return at(a.length, b.length);
}

// src/core/contract/fanout.ts
var FANOUT_REDUCERS = ["first_success", "best_score", "vote", "judge_panel"];
var FanoutSchema = external_exports.strictObject({
  attempts: external_exports.number().int().min(1).max(32),
  reducer: external_exports.enum(FANOUT_REDUCERS).default("vote"),
  /** How many attempts run at the same time (default: all of them). */
  concurrency: external_exports.number().int().min(1).max(32).optional(),
  /** Each attempt's wall-clock limit, within the run's own deadline. */
  timeout_sec: external_exports.number().positive().max(86400).optional(),
  /** Each attempt's budget slice; default an even share of `[budget]`. Every attempt also counts against `[budget]`. */
  budget_slice: external_exports.strictObject({
    max_cost_usd: external_exports.number().nonnegative().optional(),
    max_total_tokens: external_exports.number().int().nonnegative().optional(),
    max_steps: external_exports.number().int().positive().optional()
  }).optional()
});

// src/core/contract/url-schema.ts
function signedUrl(options = {}) {
  const base = options.protocols ? external_exports.url({ protocol: options.protocols, error: "must be an http:// or https:// URL" }) : external_exports.url();
  return base.superRefine((value, ctx) => {
    let url;
    try {
      url = new URL(value);
    } catch {
      return;
    }
    if (url.username || url.password)
      ctx.addIssue({
        code: "custom",
        message: "must not carry credentials (user:password@); the contract is signed into the ledger and published with the bundle \u2014 " + (options.what ?? "put the key in the variable api_key_env names")
      });
    if (options.noQuery && (url.search || url.hash))
      ctx.addIssue({
        code: "custom",
        message: "must not have a query string or fragment (a key in ?\u2026 would be signed into the ledger); put the key in the variable api_key_env names"
      });
  });
}

// src/core/contract/mcp-schema.ts
var SERVER_NAME = /^[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)*$/;
var HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;
var CREDENTIAL_HEADERS = /* @__PURE__ */ new Set([
  "authorization",
  "proxy-authorization",
  "cookie",
  "x-api-key",
  "api-key"
]);
var envName = external_exports.string().regex(
  /^[A-Za-z_][A-Za-z0-9_]*$/,
  "must be an environment variable name (letters, digits and _, not starting with a digit)"
);
var headerName = external_exports.string().regex(HEADER_NAME, 'must be an HTTP header name (letters, digits and -, e.g. "x-client")');
var toolPattern = external_exports.string().regex(
  /^[A-Za-z0-9_.*-]+$/,
  'must be a tool name as the server advertises it, or a pattern using * (e.g. "search" or "list_*")'
);
var McpServerSchema = external_exports.strictObject({
  name: external_exports.string().max(32, "must be at most 32 characters").regex(
    SERVER_NAME,
    'must be letters and digits, optionally joined by single "-" or "_" (it becomes part of mcp__<server>__<tool>)'
  ),
  transport: external_exports.enum(["stdio", "http"]).default("stdio"),
  /** stdio: the program to start (through the run's isolation layer) and its arguments. */
  command: external_exports.string().trim().min(1, "must not be empty").optional(),
  args: external_exports.array(external_exports.string()).optional(),
  /** stdio: host environment variables the server may see beyond the base allowlist. */
  env: external_exports.array(
    envName.refine((name) => !isForbiddenEnvName(name), {
      error: (issue) => forbiddenEnvReason(String(issue.input))
    })
  ).optional(),
  /** http: the streamable-HTTP endpoint. */
  url: signedUrl({
    protocols: /^https?$/,
    what: "send them in a header from [mcp.servers.env_headers] instead (the value is not shown)"
  }).optional(),
  /** http: static, non-secret headers. */
  headers: external_exports.record(headerName, external_exports.string()).optional(),
  /** http: header name → the NAME of the environment variable holding its value. */
  env_headers: external_exports.record(headerName, envName).optional(),
  /** The server's tool names (or * patterns) to mount; empty or absent = every advertised tool. */
  allow_tools: external_exports.array(toolPattern).optional(),
  /** Argument names whose values are secrets: redacted (at any depth) before the arguments are hashed. */
  secret_args: external_exports.array(external_exports.string().min(1, "must not be empty")).optional(),
  /** Most calls to this server in one run (replayed calls count too); absent = no cap. */
  budget_calls: external_exports.number().int().positive().optional(),
  /** Per-request limit in seconds (start-up, listing, each call); 60 when absent. */
  timeout_sec: external_exports.number().positive().max(3600).optional()
}).superRefine((server, ctx) => {
  const misplaced = (key, why) => ctx.addIssue({ code: "custom", path: [key], message: why });
  if (server.transport === "stdio") {
    if (server.command === void 0) {
      ctx.addIssue({
        code: "custom",
        path: ["command"],
        message: 'missing required key; add command = "..." (the program that serves MCP over stdio)'
      });
    }
    for (const key of ["url", "headers", "env_headers"]) {
      if (server[key] !== void 0)
        misplaced(key, `is for transport = "http"; remove it from a stdio server`);
    }
  } else {
    if (server.url === void 0) {
      ctx.addIssue({
        code: "custom",
        path: ["url"],
        message: 'missing required key; add url = "https://..." (the streamable-HTTP endpoint)'
      });
    }
    for (const key of ["command", "args", "env"]) {
      if (server[key] !== void 0)
        misplaced(key, `is for transport = "stdio"; remove it from an http server`);
    }
  }
  for (const name of Object.keys(server.headers ?? {})) {
    if (CREDENTIAL_HEADERS.has(name.toLowerCase())) {
      ctx.addIssue({
        code: "custom",
        path: ["headers", name],
        message: `carries a credential and must not be written in a file (the contract is signed into the ledger); use [mcp.servers.env_headers] "${name}" = "ENV_VAR_NAME" instead (the value is not shown)`
      });
    }
  }
});
var McpSchema = external_exports.strictObject({
  servers: external_exports.array(McpServerSchema).default([])
}).superRefine((mcp, ctx) => {
  const seen = /* @__PURE__ */ new Set();
  mcp.servers.forEach((server, index) => {
    if (seen.has(server.name)) {
      ctx.addIssue({
        code: "custom",
        path: ["servers", index, "name"],
        message: `the server name "${server.name}" is declared twice; names must be unique`
      });
    }
    seen.add(server.name);
  });
});

// src/core/contract/memory-schema.ts
var COMPACTION_EXEMPT_LAYERS = ["goal", "memory"];
var CompactionSchema = external_exports.strictObject({
  mode: external_exports.enum(["off", "summarize", "evict"]).optional(),
  threshold: external_exports.number().gt(0, "must be above 0").max(1, "must be at most 1 (a fraction of the window)").optional(),
  min_tail: external_exports.number().int().min(2, "must keep at least the last exchange (2 messages)").max(1e3).optional(),
  exempt: external_exports.array(external_exports.enum(COMPACTION_EXEMPT_LAYERS)).refine((layers) => layers.includes("goal"), {
    message: 'must include "goal": the goal block is never compacted'
  }).optional()
});
var MEMORY_DEFAULTS = Object.freeze({
  goal_repin_every: 8,
  compaction: Object.freeze({ mode: "off", threshold: 0.7, min_tail: 6, exempt: ["goal"] })
});
var DEFAULT_LESSON_RECALL_MAX = 5;
var DEFAULT_LESSON_RECALL_TOKENS = 512;
var DEFAULT_LESSON_SALIENCE_MIN = 0.7;
var MemorySchema = external_exports.strictObject({
  /** After the verdict, ask a model for lessons (what failed and why, what fixed it): unverified entries. */
  lessons: external_exports.enum(["off", "on"]).optional(),
  /** Lessons the model scores below this are not proposed. */
  lesson_salience_min: external_exports.number().min(0).max(1).optional(),
  /** Verified lessons recalled into the executor's prompt; 0 turns recall off. */
  lesson_recall_max: external_exports.number().int().min(0).max(50).optional(),
  /** Token budget of the recalled block. */
  lesson_recall_tokens: external_exports.number().int().min(0).max(8192).optional(),
  /** Recall verified playbooks too (opt-in per contract). */
  playbooks: external_exports.boolean().optional(),
  /** Re-inject the goal (intent + definition of done) every N model steps; 0 turns it off. */
  goal_repin_every: external_exports.number().int().min(0).max(1e4).optional(),
  compaction: CompactionSchema.optional()
});
function memorySettings(settings) {
  return {
    lessons: settings?.lessons ?? "off",
    lesson_salience_min: settings?.lesson_salience_min ?? DEFAULT_LESSON_SALIENCE_MIN,
    lesson_recall_max: settings?.lesson_recall_max ?? DEFAULT_LESSON_RECALL_MAX,
    lesson_recall_tokens: settings?.lesson_recall_tokens ?? DEFAULT_LESSON_RECALL_TOKENS,
    playbooks: settings?.playbooks ?? false
  };
}

// src/core/contract/path-below.ts
var BELOW_BUDGET = 2e6;
var NONE = /* @__PURE__ */ new Set();
function belowSearch(lists, want) {
  const automata = lists.flat().map((pattern) => pattern.automaton);
  const spans = [];
  for (const list of lists) {
    const first = spans.at(-1)?.last ?? 0;
    spans.push({ first, last: first + list.length });
  }
  const decide = (states) => lists.map((list, i) => {
    let decided = null;
    list.forEach((pattern, j) => {
      if (pattern.automaton.accepts(states[(spans[i]?.first ?? 0) + j]))
        decided = pattern;
    });
    return decided;
  });
  const space = {
    automata,
    alphabet: representatives(automata),
    budget: { left: BELOW_BUDGET },
    barren: /* @__PURE__ */ new Set(),
    // A pattern followed in its list by one that accepts everything from here on never decides
    // again: its states are dropped, so combinations that differ only there are one.
    prune: (states) => {
      for (const { first, last } of spans)
        for (let at = last - 1; at > first; at--)
          if (automata[at]?.acceptsEverything(states[at])) {
            states.fill(NONE, first, at);
            break;
          }
      return states;
    },
    wanted: (states) => want(decide(states))
  };
  const answers = /* @__PURE__ */ new Map();
  return (path) => {
    const states = space.prune(automata.map((automaton) => feed(automaton, `${path}/`)));
    const start = { states, afterSlash: true };
    const key = keyOf(start);
    let answer = answers.get(key);
    if (answer === void 0) {
      const found = search(space, start);
      answer = found === null ? null : found === "exhausted" ? { decided: lists.map(() => null), exhausted: true } : { decided: decide(found), exhausted: false };
      answers.set(key, answer);
    }
    return answer;
  };
}
function search(space, start) {
  const { automata, budget } = space;
  const seen = /* @__PURE__ */ new Set([keyOf(start)]);
  const queue = [start];
  for (let at = 0; at < queue.length; at++) {
    const from = queue[at];
    for (const ch of space.alphabet) {
      if (ch === "/" && from.afterSlash) continue;
      for (const states2 of from.states) budget.left -= states2.size + 1;
      if (budget.left < 0) return "exhausted";
      const states = automata.map(
        (automaton, i) => automaton.step(from.states[i], ch)
      );
      const next = { states: space.prune(states), afterSlash: ch === "/" };
      if (!next.afterSlash && space.wanted(next.states)) return next.states;
      const key = keyOf(next);
      if (seen.has(key) || space.barren.has(key)) continue;
      seen.add(key);
      queue.push(next);
    }
  }
  for (const key of seen) space.barren.add(key);
  return null;
}
function feed(automaton, text) {
  let states = automaton.start;
  for (const ch of text) {
    if (states.size === 0) break;
    states = automaton.step(states, ch);
  }
  return states;
}
function representatives(automata) {
  const chars = /* @__PURE__ */ new Set(["/"]);
  for (const automaton of automata) for (const ch of automaton.alphabet) chars.add(ch);
  let other = 57344;
  while (chars.has(String.fromCodePoint(other))) other++;
  return [...chars, String.fromCodePoint(other)];
}
function keyOf(combination) {
  const states = combination.states.map((set) => [...set].sort((a, b) => a - b).join(","));
  return `${combination.afterSlash ? "/" : ""}${states.join("|")}`;
}

// src/core/contract/path-filter.ts
var PathPatternError = class extends Error {
  constructor(message) {
    super(message);
    this.name = "PathPatternError";
  }
};
var CLASS_CHAR = /^[A-Za-z0-9]$/;
var RANGES = ["az", "AZ", "09"];
var ANY = () => true;
var NOT_SLASH = (ch) => ch !== "/";
var SLASH = (ch) => ch === "/";
var PathMatcher = class {
  #edges = [[]];
  #epsilon = [[]];
  #closures = [];
  #current = 0;
  #state() {
    this.#edges.push([]);
    this.#epsilon.push([]);
    return this.#edges.length - 1;
  }
  /** One character that passes `test`. */
  one(test) {
    const next = this.#state();
    this.#edges[this.#current]?.push({ test, to: next });
    this.#current = next;
  }
  /** One character that passes `test`, or none. */
  optional(test) {
    const from = this.#current;
    this.one(test);
    this.#epsilon[from]?.push(this.#current);
  }
  /** Any number of characters that pass `test` (its own state, so two loops never merge). */
  loop(test) {
    const next = this.#state();
    this.#epsilon[this.#current]?.push(next);
    this.#edges[next]?.push({ test, to: next });
    this.#current = next;
  }
  /** `**` followed by `/`: nothing, or at least one character and then a `/`. */
  directories() {
    const from = this.#current;
    this.one(ANY);
    this.#edges[this.#current]?.push({ test: ANY, to: this.#current });
    this.one(SLASH);
    this.#epsilon[from]?.push(this.#current);
  }
  /** Freezes the automaton: the state after the last token accepts. */
  finish(alphabet) {
    const accept = this.#current;
    this.#closures = this.#edges.map((_, state) => this.#closure(state));
    const everything = new Set(
      this.#edges.flatMap(
        (edges, state) => edges.some((edge) => edge.test === ANY && edge.to === state) && this.#closures[state]?.includes(accept) ? [state] : []
      )
    );
    return {
      start: new Set(this.#closures[0]),
      step: (states, ch) => {
        const next = /* @__PURE__ */ new Set();
        for (const state of states)
          for (const edge of this.#edges[state] ?? [])
            if (edge.test(ch)) for (const reached of this.#closures[edge.to] ?? []) next.add(reached);
        return next;
      },
      accepts: (states) => states.has(accept),
      acceptsEverything: (states) => [...states].some((state) => everything.has(state)),
      alphabet
    };
  }
  #closure(state) {
    const seen = /* @__PURE__ */ new Set([state]);
    const stack = [state];
    for (let at = stack.pop(); at !== void 0; at = stack.pop())
      for (const to of this.#epsilon[at] ?? [])
        if (!seen.has(to)) {
          seen.add(to);
          stack.push(to);
        }
    return [...seen];
  }
};
function compilePathPattern(pattern) {
  if (pattern === "" || pattern === "!") throw new PathPatternError("is empty");
  const negative = pattern.startsWith("!");
  const body = negative ? pattern.slice(1) : pattern;
  if (body.startsWith("/") || body.startsWith("./"))
    throw new PathPatternError(
      `starts with "${body.startsWith("/") ? "/" : "./"}", but changed files are named relative to the repository root (e.g. "src/**"), so it would match none`
    );
  const matcher = new PathMatcher();
  const alphabet = /* @__PURE__ */ new Set(["/"]);
  let pending = null;
  const flush = () => {
    if (pending) matcher.one(pending);
    pending = null;
  };
  const at = (i) => `at character ${i + 1 + (negative ? 1 : 0)}`;
  for (let i = 0; i < body.length; ) {
    const c = body[i];
    if (c === "*") {
      flush();
      if (body[i + 1] === "*") {
        if (body[i + 2] === "/") {
          matcher.directories();
          i += 3;
        } else {
          matcher.loop(ANY);
          i += 2;
        }
      } else {
        matcher.loop(NOT_SLASH);
        i += 1;
      }
    } else if (c === "?" || c === "+") {
      const repeated = pending;
      if (!repeated)
        throw new PathPatternError(
          `${at(i)}: "${c}" repeats the character before it, and there is none (escape it as "\\${c}" to match it literally)`
        );
      if (c === "?") matcher.optional(repeated);
      else {
        matcher.one(repeated);
        matcher.loop(repeated);
      }
      pending = null;
      i += 1;
    } else if (c === "[") {
      flush();
      const close = body.indexOf("]", i + 1);
      if (close === -1) throw new PathPatternError(`${at(i)}: "[" has no closing "]"`);
      pending = classTest(body.slice(i + 1, close), at(i), alphabet);
      i = close + 1;
    } else if (c === "\\") {
      flush();
      const next = body[i + 1];
      if (next === void 0) throw new PathPatternError(`${at(i)}: "\\" at the end escapes nothing`);
      pending = literal(next, alphabet);
      i += 2;
    } else {
      flush();
      const ch = String.fromCodePoint(body.codePointAt(i));
      pending = literal(ch, alphabet);
      i += ch.length;
    }
  }
  flush();
  const automaton = matcher.finish(alphabet);
  return { source: pattern, negative, matches: (path) => accepts(automaton, path), automaton };
}
function accepts(automaton, path) {
  let states = automaton.start;
  for (const ch of path) {
    states = automaton.step(states, ch);
    if (states.size === 0) return false;
  }
  return automaton.accepts(states);
}
function literal(expected, alphabet) {
  alphabet.add(expected);
  return (ch) => ch === expected;
}
function classTest(inner, where, alphabet) {
  if (inner === "") throw new PathPatternError(`${where}: "[]" is empty`);
  const singles = /* @__PURE__ */ new Set();
  const ranges = [];
  for (let j = 0; j < inner.length; j++) {
    const c = inner[j];
    if (inner[j + 1] === "-" && j + 2 < inner.length) {
      const to = inner[j + 2];
      const ok = RANGES.some(([lo, hi]) => c >= lo && to <= hi && c <= to);
      if (!ok)
        throw new PathPatternError(
          `${where}: range "${c}-${to}" must lie within a-z, A-Z or 0-9, low to high`
        );
      ranges.push([c, to]);
      for (let code = c.charCodeAt(0); code <= to.charCodeAt(0); code++)
        alphabet.add(String.fromCharCode(code));
      j += 2;
      continue;
    }
    if (!CLASS_CHAR.test(c))
      throw new PathPatternError(`${where}: "[\u2026]" may list only letters, digits and ranges, not "${c}"`);
    singles.add(c);
    alphabet.add(c);
  }
  return (ch) => singles.has(ch) || ranges.some(([lo, hi]) => ch.length === 1 && ch >= lo && ch <= hi);
}
function pathPatternProblem(pattern) {
  try {
    compilePathPattern(pattern);
    return null;
  } catch (error) {
    if (error instanceof PathPatternError) return error.message;
    throw error;
  }
}
function selects(patterns, file) {
  let decided = null;
  for (const pattern of patterns) if (pattern.matches(file)) decided = pattern;
  return decided && !decided.negative ? decided : null;
}
function decidePathFilter(filter, changedFiles) {
  const include = filter.paths?.map(compilePathPattern);
  const ignore = filter.paths_ignore?.map(compilePathPattern);
  if (!include && !ignore) return { run: true, reason: "the contract sets no paths filter" };
  let countsBelow;
  for (const changed of changedFiles) {
    const file = typeof changed === "string" ? changed : changed.path;
    const by = include ? selects(include, file) : null;
    if ((!include || by) && !(ignore && selects(ignore, file)))
      return {
        run: true,
        reason: by ? `${file} matches paths pattern "${by.source}"` : `${file} is not in paths_ignore`
      };
    if (typeof changed === "string" || !changed.mayBeDirectory) continue;
    countsBelow ??= belowSearch(
      [include ?? [], ignore ?? []],
      ([selected, ignored]) => (!include || selected != null && !selected.negative) && !(ignored != null && !ignored.negative)
    );
    const below = countsBelow(file);
    if (below) return { run: true, reason: directoryReason(file, below, filter) };
  }
  const parts = [
    include ? `paths ${JSON.stringify(filter.paths)}` : null,
    ignore ? `paths_ignore ${JSON.stringify(filter.paths_ignore)}` : null
  ].filter(Boolean);
  return {
    run: false,
    reason: `no changed file (of ${changedFiles.length}) is selected by ${parts.join(" and ")}`,
    files: changedFiles.length
  };
}
function directoryReason(file, below, filter) {
  const prefix = `${file} may be a directory (GitHub lists a submodule bump as its bare path)`;
  if (below.exhausted) return `${prefix}, and the paths below it are too many to rule out`;
  const selected = below.decided[0];
  if (!selected) return `${prefix}, and not every path below it is in paths_ignore`;
  const kept = filter.paths_ignore ? " that paths_ignore does not ignore" : "";
  return `${prefix}, and paths pattern "${selected.source}" selects a path below it${kept}`;
}

// src/core/contract/tools-schema.ts
import { isIP } from "node:net";
var DEFAULT_WEB_SEARCH_KEY_ENV = "TRUSS_WEB_SEARCH_API_KEY";
var DEFAULT_WEB_SEARCH_ENDPOINT = "https://api.search.brave.com/res/v1/web/search";
var addressBlock = external_exports.string().refine(
  (text) => {
    const [address, prefix, ...rest] = text.split("/");
    const family = isIP(address ?? "");
    if (family === 0 || rest.length > 0) return false;
    if (prefix === void 0) return true;
    if (!/^\d{1,3}$/.test(prefix)) return false;
    return Number(prefix) <= (family === 4 ? 32 : 128);
  },
  { message: 'must be an IP address or a CIDR block, e.g. "127.0.0.1", "10.0.0.0/8" or "fd00::/8"' }
);
var searchKeyEnv = external_exports.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "must be an environment variable name (letters, digits and _)").refine((name) => name === DEFAULT_WEB_SEARCH_KEY_ENV || !isForbiddenEnvName(name), {
  error: (issue) => forbiddenEnvReason(String(issue.input))
});
var ToolsSchema = external_exports.strictObject({
  /** github_pr_view, github_pr_diff, github_pr_checks, github_issue_view, github_issue_list, github_check_status. */
  github: external_exports.boolean().optional(),
  /** web_fetch, and web_search when its key is set. */
  web: external_exports.boolean().optional(),
  web_fetch: external_exports.strictObject({
    /**
     * Private, loopback and link-local addresses web_fetch may connect to (all refused otherwise,
     * whatever the network policy says): addresses or CIDR blocks.
     */
    private_addresses: external_exports.array(addressBlock).optional()
  }).optional(),
  web_search: external_exports.strictObject({
    endpoint: signedUrl({ protocols: /^https?$/ }).optional(),
    api_key_env: searchKeyEnv.optional()
  }).optional()
});

// src/core/contract/schema.ts
var envName2 = external_exports.string().regex(
  /^[A-Za-z_][A-Za-z0-9_]*$/,
  "must be an environment variable name (letters, digits and _, not starting with a digit)"
);
var grantableEnvName = envName2.refine((name) => !isForbiddenEnvName(name), {
  error: (issue) => forbiddenEnvReason(String(issue.input))
});
var nonEmpty = external_exports.string().trim().min(1, "must not be empty");
var regex = external_exports.string().refine(
  (source) => {
    try {
      new RegExp(source);
      return true;
    } catch {
      return false;
    }
  },
  { message: "is not a valid regular expression (JavaScript syntax)" }
);
var toolPattern2 = external_exports.string().regex(
  /^[A-Za-z0-9_:*.-]+$/,
  'must be a tool name or a pattern using * (letters, digits, _ : . - and *), e.g. "bash" or "git_*"'
);
var CheckClauseSchema = external_exports.strictObject({
  kind: external_exports.literal("check"),
  desc: nonEmpty,
  run: nonEmpty,
  expect_exit: external_exports.number().int().min(0).max(255).default(0),
  expect_contains: external_exports.array(external_exports.string()).default([]),
  expect_not_contains: external_exports.array(external_exports.string()).default([]),
  expect_matches: external_exports.array(regex).default([]),
  timeout_sec: external_exports.number().positive().max(86400).default(300),
  /** Environment variables the check may see beyond the safe allowlist (e.g. a test token). */
  env: external_exports.array(grantableEnvName).default([])
});
var ReviewClauseSchema = external_exports.strictObject({
  kind: external_exports.literal("review"),
  desc: nonEmpty,
  reviewer_context: external_exports.array(nonEmpty).default([])
});
var ClauseSchema = external_exports.discriminatedUnion("kind", [CheckClauseSchema, ReviewClauseSchema]);
var ProviderKindSchema = external_exports.enum(["anthropic", "openai-compatible", "github-models", "scripted"]);
var ProviderSchema = external_exports.strictObject({
  kind: ProviderKindSchema,
  model: nonEmpty.optional(),
  base_url: signedUrl({ noQuery: true }).optional(),
  api_key_env: envName2.optional(),
  script: nonEmpty.optional(),
  max_tokens: external_exports.number().int().positive().optional(),
  temperature: external_exports.number().min(0).max(2).optional(),
  /** Input tokens the model's context holds; default from the model table (docs/context.md). */
  context_window: external_exports.number().int().min(1024).max(1e8).optional()
});
var PanelSchema = external_exports.strictObject({
  seats: external_exports.array(ProviderSchema).default([]),
  /**
   * Evidence that seems to address the reviewers (verify/injection-detect.ts): `unverifiable` (the
   * default) keeps model votes alone from making the clause met; `annotate` only marks it. Left
   * absent rather than defaulted, so contracts that do not set it keep their recorded hash.
   */
  on_suspected_injection: external_exports.enum(["unverifiable", "annotate"]).optional()
});
var ExecutorSchema = external_exports.strictObject({
  kind: external_exports.enum(["none", "in-loop", "delegated-cli"]).default("none"),
  provider: ProviderKindSchema.optional(),
  model: nonEmpty.optional(),
  command: nonEmpty.optional(),
  args: external_exports.array(external_exports.string()).default([]),
  clear_env: external_exports.array(envName2).default([]),
  /** Under uid/bwrap isolation: the names a delegated CLI may see beyond the base allowlist (its API key). */
  env: external_exports.array(grantableEnvName).optional(),
  prompt_via: external_exports.enum(["stdin", "arg"]).default("stdin"),
  /**
   * Wall-clock limit for a delegated CLI, in seconds; the executor applies 1800 when absent. Left
   * without a schema default so resolved contracts (and their hashes) that omit it stay unchanged.
   */
  timeout_sec: external_exports.number().positive().max(86400).optional(),
  /**
   * delegated-cli: whose tools the vendor CLI works with. `own` (the default) leaves its built-in
   * tools; `truss` disables them and mounts Truss's tool server instead, so each file write, command
   * and git operation is checked and journaled (docs/mcp.md "Journaled tools for delegated agents").
   * No schema default: contracts that omit it resolve and hash as before.
   */
  tools: external_exports.enum(["own", "truss"]).optional()
});
var BudgetSchema = external_exports.strictObject({
  max_cost_usd: external_exports.number().nonnegative().optional(),
  max_total_tokens: external_exports.number().int().nonnegative().optional(),
  max_steps: external_exports.number().int().positive().optional()
});
var ConstraintsSchema = external_exports.strictObject({
  write_scope: external_exports.array(nonEmpty).default(["."]),
  read_scope: external_exports.array(nonEmpty).default(["."]),
  network: external_exports.enum(["none", "allowlist", "open"]).default("none"),
  allowlist: external_exports.array(nonEmpty).default([]),
  allow_tools: external_exports.array(toolPattern2).default(["read_file", "write_file", "list_dir", "bash"]),
  forbidden: external_exports.array(nonEmpty).default([]),
  system: external_exports.string().optional()
});
var ApprovalGatesSchema = external_exports.strictObject({
  enabled: external_exports.boolean().default(false),
  high_risk_tools: external_exports.array(toolPattern2).default([]),
  spend_threshold_usd: external_exports.number().nonnegative().optional(),
  per_call_spend_threshold_usd: external_exports.number().nonnegative().optional(),
  /**
   * Reviewer public keys (64 hex) whose signed approval releases a gate, besides the workdir's
   * `.truss/trusted-keys`. With none configured anywhere, no approval releases a gate.
   */
  approvers: external_exports.array(external_exports.string().regex(/^[0-9a-f]{64}$/, "must be a 64-character lowercase hex Ed25519 public key")).optional()
});
var ChecksSchema = external_exports.strictObject({
  setup: nonEmpty.optional(),
  setup_timeout_sec: external_exports.number().positive().max(86400).optional()
});
var SandboxSchema = external_exports.strictObject({
  isolation: external_exports.enum(["auto", "uid", "bwrap", "none"]).optional(),
  checkout: external_exports.enum(["clean-room", "in-place"]).optional()
});
var PricingSchema = external_exports.record(
  external_exports.string(),
  external_exports.strictObject({
    input_per_mtok: external_exports.number().nonnegative(),
    output_per_mtok: external_exports.number().nonnegative(),
    /** Prompt-cache reads and writes (docs/context.md "Prompt caching"); default the input price. */
    cache_read_per_mtok: external_exports.number().nonnegative().optional(),
    cache_write_per_mtok: external_exports.number().nonnegative().optional()
  })
);
var runLayerShape = {
  reviewers: external_exports.number().int().min(1).max(15).optional(),
  executor: ExecutorSchema.partial().optional(),
  budget: BudgetSchema.optional(),
  constraints: ConstraintsSchema.partial().optional(),
  approval_gates: ApprovalGatesSchema.partial().optional(),
  provider: ProviderSchema.partial().optional(),
  panel: PanelSchema.partial().optional(),
  pricing: PricingSchema.optional(),
  /** Environment variables every check may see (repo-wide), in addition to the safe allowlist. */
  check_env: external_exports.array(grantableEnvName).optional()
};
var environmentLayerShape = {
  checks: ChecksSchema.optional(),
  /** `[sandbox]`: how untrusted processes are isolated and where checks run (docs/security.md). */
  sandbox: SandboxSchema.optional(),
  /** `[[mcp.servers]]`: external MCP servers whose tools the in-loop agent may call (docs/mcp.md). */
  mcp: McpSchema.optional(),
  /** `[tools]`: the GitHub and web tools of the in-loop agent, off unless turned on (docs/tools.md). */
  tools: ToolsSchema.optional(),
  /**
   * `[memory]`: lesson extraction, recall limits, playbook recall (docs/memory.md);
   * goal re-pin and context compaction of the in-loop agent (docs/context.md).
   */
  memory: MemorySchema.optional()
};
var pathPatterns = external_exports.array(
  external_exports.string().superRefine((pattern, ctx) => {
    const problem = pathPatternProblem(pattern);
    if (problem) ctx.addIssue({ code: "custom", message: `pattern ${JSON.stringify(pattern)} ${problem}` });
  })
).min(1, "list at least one pattern, or leave the key out to run on every change").max(256, "at most 256 patterns");
var contractSection = external_exports.strictObject({
  id: external_exports.string().regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/,
    'must start with a letter or digit and use only letters, digits, ".", "_" or "-" (at most 128 characters)'
  ),
  title: nonEmpty.optional(),
  intent: nonEmpty,
  /**
   * Run only when the change touches these paths / not only these (docs/contracts.md). Absent (not
   * defaulted), so contracts without them resolve and hash exactly as before.
   */
  paths: pathPatterns.refine((patterns) => patterns.some((pattern) => !pattern.startsWith("!")), {
    error: 'needs at least one pattern without "!": negations only remove files a pattern before them selected, so this list would never run the contract (use paths_ignore to run on everything but some files)'
  }).optional(),
  paths_ignore: pathPatterns.optional()
});
var resolvedRunShape = {
  reviewers: external_exports.number().int().min(1).max(15).default(3),
  contract: contractSection,
  done: external_exports.array(ClauseSchema).min(1),
  executor: ExecutorSchema.default({ kind: "none", args: [], clear_env: [], prompt_via: "stdin" }),
  budget: BudgetSchema.default({}),
  constraints: ConstraintsSchema.default(ConstraintsSchema.parse({})),
  approval_gates: ApprovalGatesSchema.default(ApprovalGatesSchema.parse({})),
  provider: ProviderSchema.optional(),
  panel: PanelSchema.default({ seats: [] }),
  pricing: PricingSchema.default({}),
  check_env: external_exports.array(grantableEnvName).default([])
};
var resolvedEnvironmentShape = {
  // No schema defaults: a contract that omits them resolves (and hashes) exactly as before.
  checks: ChecksSchema.optional(),
  sandbox: SandboxSchema.optional(),
  mcp: McpSchema.optional(),
  tools: ToolsSchema.optional(),
  memory: MemorySchema.optional(),
  fanout: FanoutSchema.optional()
};
function contractSchemas(host) {
  const layerShape = { ...runLayerShape, ...host.layered.written, ...environmentLayerShape };
  return {
    /** `.truss/config.toml`: repository defaults. */
    config: external_exports.strictObject({ ...layerShape, ...host.configOnly }),
    /** A contract file as written (before layering). */
    contract: external_exports.strictObject({
      ...layerShape,
      contract: contractSection,
      /** `[fanout]`: K attempts, one signed choice (docs/fanout.md); contract files only. */
      fanout: FanoutSchema.optional(),
      done: external_exports.array(ClauseSchema).min(
        1,
        'a contract needs at least one [[done]] clause; add a [[done]] table with kind = "check" or "review"'
      )
    }),
    /** The fully layered contract that is hashed and journaled in `run_started`. */
    resolved: external_exports.strictObject({ ...resolvedRunShape, ...host.layered.resolved, ...resolvedEnvironmentShape })
  };
}
var coreSchemas = contractSchemas({ layered: { written: {}, resolved: {} }, configOnly: {} });
var ConfigFileSchema = coreSchemas.config;
var ContractFileSchema = coreSchemas.contract;
var ResolvedContractSchema = coreSchemas.resolved;
function defineContractFormat(host) {
  const taken = /* @__PURE__ */ new Set([
    ...Object.keys(ContractFileSchema.shape),
    ...Object.keys(ResolvedContractSchema.shape)
  ]);
  const written = Object.keys(host.layered.written);
  const resolved = Object.keys(host.layered.resolved);
  for (const key of [...written, ...Object.keys(host.configOnly)]) {
    if (taken.has(key)) throw new Error(`contract format: host key "${key}" is already defined`);
    taken.add(key);
  }
  if (written.sort().join() !== resolved.sort().join())
    throw new Error("contract format: layered keys need both a written and a resolved schema");
  return formatOf(contractSchemas(host));
}
function formatOf(schemas) {
  return { ...schemas, layeredKeys: new Set(Object.keys(schemas.resolved.shape)) };
}
var CORE_CONTRACT_FORMAT = formatOf(coreSchemas);

// src/core/contract/load.ts
var MAX_TOML_BYTES = 1024 * 1024;
function readTomlSource(path) {
  let bytes;
  try {
    const info = statSync(path);
    if (info.isDirectory()) throw unreadable(path, "is a directory, expected a .toml file");
    if (info.size > MAX_TOML_BYTES) throw unreadable(path, `is larger than ${MAX_TOML_BYTES} bytes`);
    bytes = readFileSync(path);
  } catch (error) {
    if (error instanceof ContractError) throw error;
    const code = error.code;
    if (code === "ENOENT") throw new ContractError([issueAt(path, "file not found")], "not_found");
    throw unreadable(path, `cannot be read (${code ?? error.message})`);
  }
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw unreadable(path, "is not valid UTF-8");
  }
  return { file: path, text: text.startsWith("\uFEFF") ? text.slice(1) : text };
}
function parseTomlDocument(source) {
  let data;
  try {
    data = parse(source.text, { integersAsBigInt: "asNeeded", unsafeKeyBehaviour: "throw" });
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    const detail = (error.message.split("\n")[0] ?? "").replace(/^Invalid TOML document:\s*/, "");
    const message = `TOML syntax error: ${detail}${syntaxHint(detail, source.text, error.line, error.column)}`;
    throw new ContractError(
      [{ file: source.file, line: error.line, col: error.column, path: "", message }],
      "toml_syntax"
    );
  }
  return { ...source, data, positions: new TomlPositions(source.text) };
}
function checkTomlDocument(doc, schema, skip = []) {
  const result = validate(schema, doc.data);
  if (result.ok) return [];
  const skipped = new Set(skip.map(pathKey));
  const kept = result.issues.filter((issue) => !skipped.has(pathKey(issue.path)));
  return placeIssues(kept, doc.file, doc.positions).sort(compareIssues);
}
function parseAndValidate(source, schema) {
  const doc = parseTomlDocument(source);
  const result = validate(schema, doc.data);
  if (!result.ok)
    throw new ContractError(placeIssues(result.issues, doc.file, doc.positions).sort(compareIssues));
  return result.value;
}
function parseContractToml(text, file, format = CORE_CONTRACT_FORMAT) {
  return parseAndValidate({ file, text }, format.contract);
}
function parseConfigToml(text, file, format = CORE_CONTRACT_FORMAT) {
  return parseAndValidate({ file, text }, format.config);
}
function syntaxHint(detail, text, line, col) {
  const char = text.split("\n")[line - 1]?.[col - 1];
  if (detail.startsWith("control characters are not allowed in strings") && (char === void 0 || char === "\r")) {
    return '; the string is not closed on this line (add the closing quote, or use """ for multi-line text)';
  }
  if (detail.startsWith("unfinished string")) return "; add the closing quote";
  if (detail.startsWith("invalid value")) return '; text values must be quoted, e.g. key = "text"';
  if (detail.startsWith("document contains an unsafe property")) {
    return "; keys named __proto__ or constructor are not allowed";
  }
  if (detail.startsWith("trying to redefine")) {
    return "; each key and [table] may appear only once (use [[name]] for a repeated table)";
  }
  return "";
}
function issueAt(file, message) {
  return { file, line: 0, col: 0, path: "", message };
}
function unreadable(file, message) {
  return new ContractError([issueAt(file, message)], "unreadable");
}

// src/core/contract/resolve.ts
import { createHash } from "node:crypto";
var FLAGS = /* @__PURE__ */ new Map([
  [pathKey(["reviewers"]), "--reviewers"],
  [pathKey(["provider", "kind"]), "--provider"],
  [pathKey(["provider", "model"]), "--model"],
  [pathKey(["provider", "base_url"]), "--base-url"],
  [pathKey(["contract", "intent"]), "--intent"],
  [pathKey(["executor", "kind"]), "--verify-only"]
]);
function resolveContract(options) {
  const config = options.configPath === void 0 ? void 0 : readTomlSource(options.configPath);
  const contract = readTomlSource(options.contractPath);
  return resolveContractSources({ config, contract, overrides: options.overrides, format: options.format });
}
function resolveContractSources(input) {
  const overrides = input.overrides ?? {};
  const format = input.format ?? CORE_CONTRACT_FORMAT;
  const docs = {};
  const syntax = [];
  for (const [layer, source] of [
    ["config", input.config],
    ["contract", input.contract]
  ]) {
    if (!source) continue;
    try {
      docs[layer] = parseTomlDocument(source);
    } catch (error) {
      if (!(error instanceof ContractError)) throw error;
      syntax.push(error);
    }
  }
  const issues = syntax.flatMap((error) => [...error.issues]);
  if (docs.config) issues.push(...checkTomlDocument(docs.config, format.config));
  if (docs.contract) {
    const skip = overrides.intent === void 0 ? [] : [["contract", "intent"]];
    issues.push(...checkTomlDocument(docs.contract, format.contract, skip));
  }
  const order = [input.config?.file, input.contract.file];
  const byPosition = (a, b) => rank(order, a.file) - rank(order, b.file) || a.line - b.line || a.col - b.col;
  if (issues.length > 0) {
    throw new ContractError(issues.sort(byPosition), syntax.length > 0 ? "toml_syntax" : "invalid");
  }
  const contractDoc = docs.contract;
  const merged = {};
  const provenance = /* @__PURE__ */ new Map();
  if (docs.config) {
    mergeLayer(merged, pickLayered(docs.config.data, format), { kind: "file", doc: docs.config }, provenance);
  }
  mergeLayer(merged, pickLayered(contractDoc.data, format), { kind: "file", doc: contractDoc }, provenance);
  const flags = applyOverrides(merged, overrides, provenance);
  const result = validate(format.resolved, merged);
  if (!result.ok) {
    const placed = result.issues.map((issue) => placeMerged(issue, provenance, contractDoc));
    throw new ContractError(placed.sort(byPosition));
  }
  const contract = result.value;
  return {
    contract,
    hash: contractHash(contract),
    sources: { config: input.config?.file ?? null, contract: contractDoc.file, flags }
  };
}
function contractHash(contract) {
  return createHash("sha256").update(canonicalJson(contract), "utf8").digest("hex");
}
function pickLayered(data, format) {
  return Object.fromEntries(Object.entries(data).filter(([key]) => format.layeredKeys.has(key)));
}
function mergeLayer(target, layer, source, provenance, base = []) {
  for (const [key, value] of Object.entries(layer)) {
    const path = [...base, key];
    const existing = target[key];
    if (isTable(value) && isTable(existing)) {
      const previous = provenance.get(pathKey(path));
      if (source.kind === "file" || previous === void 0) provenance.set(pathKey(path), source);
      mergeLayer(existing, value, source, provenance, path);
    } else {
      target[key] = copy(value);
      markAll(path, value, source, provenance);
    }
  }
}
function markAll(path, value, source, provenance) {
  provenance.set(pathKey(path), source);
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      markAll([...path, index], item, source, provenance);
    });
  } else if (isTable(value)) {
    for (const [key, item] of Object.entries(value)) markAll([...path, key], item, source, provenance);
  }
}
function copy(value) {
  if (Array.isArray(value)) return value.map(copy);
  if (isTable(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v)]));
  return value;
}
function applyOverrides(merged, overrides, provenance) {
  const applied = [];
  const set = (path, value) => {
    if (value === void 0) return;
    const flag = FLAGS.get(pathKey(path)) ?? `--${path.join(".")}`;
    applied.push(flag);
    let layer = { [path[path.length - 1]]: value };
    for (let i = path.length - 2; i >= 0; i--) layer = { [path[i]]: layer };
    mergeLayer(merged, layer, { kind: "flag", flag }, provenance);
  };
  set(["reviewers"], overrides.reviewers);
  set(["provider", "kind"], overrides.provider?.kind);
  set(["provider", "model"], overrides.provider?.model);
  set(["provider", "base_url"], overrides.provider?.base_url);
  set(["contract", "intent"], overrides.intent);
  set(["executor", "kind"], overrides.verifyOnly ? "none" : void 0);
  return applied;
}
function placeMerged(issue, provenance, fallback) {
  const path = formatPath(issue.path);
  let source = { kind: "file", doc: fallback };
  for (let n = issue.path.length; n > 0; n--) {
    const found = provenance.get(pathKey(issue.path.slice(0, n)));
    if (found) {
      source = found;
      break;
    }
  }
  if (source.kind === "flag") {
    const flag = FLAGS.get(pathKey(issue.path)) ?? source.flag;
    return { file: flag, line: 0, col: 0, path, message: issue.message };
  }
  const { line, col } = source.doc.positions.locate(issue.path);
  return { file: source.doc.file, line, col, path, message: issue.message };
}
function rank(order, file) {
  const index = order.indexOf(file);
  return index === -1 ? order.length : index;
}

// src/core/runtime/durable-errors.ts
var DurableReplayError = class extends Error {
  name = "DurableReplayError";
};
var NonDeterminismError = class extends DurableReplayError {
  constructor(seq, expected, found) {
    super(
      `non-determinism at seq ${seq}: the run requested ${expected} but the journal records ${found}; the contract, fixture or truss version changed since this session was recorded (start a new run)`
    );
    this.seq = seq;
    this.expected = expected;
    this.found = found;
  }
  seq;
  expected;
  found;
  name = "NonDeterminismError";
};
var MemoTamperError = class extends DurableReplayError {
  name = "MemoTamperError";
};
var ResumeRefusedError = class extends DurableReplayError {
  name = "ResumeRefusedError";
};
var SuspendedError = class extends Error {
  constructor(suspension) {
    super(`suspended at seq ${suspension.seq}: ${suspension.reason}`);
    this.suspension = suspension;
  }
  suspension;
  name = "SuspendedError";
};
function describeAwait(spec) {
  if ("signal" in spec) return `signal ${spec.signal}`;
  if ("timer" in spec) return `timer ${spec.timer}`;
  const { gate, tool } = spec.approval;
  return `approval ${gate}${tool ? ` ${tool}` : ""}`;
}
var CancelledError = class extends Error {
  name = "CancelledError";
  constructor() {
    super("cancelled");
  }
};

// src/core/runtime/replay-name.ts
function activityName(entry) {
  const known = readKnownEntry(entry);
  if (!known || "error" in known) return "";
  switch (known.kind) {
    case "model_result":
      return `${known.payload.provider}/${known.payload.model}`;
    case "tool_result":
    case "git_tool_call":
    case "effect_tool_call":
    case "changes_published":
    case "signal_received":
    case "mcp_tool_call":
    case "mcp_tool_pending":
    case "github_tool_call":
    case "web_tool_call":
      return known.payload.name;
    case "mcp_tools_listed":
      return known.payload.server;
    case "check_result":
    case "review_evidence":
    case "self_validation":
      return `clause ${known.payload.clause}`;
    case "review_vote":
      return `clause ${known.payload.clause} seat ${known.payload.seat}`;
    case "suspended": {
      const spec = readAwaitSpec(known.payload.await);
      return spec ? describeAwait(spec) : "";
    }
    case "delegated_result":
      return known.payload.command ?? "";
    case "delegated_started":
      return known.payload.command;
    case "delegated_tool_call":
      return known.payload.name;
    case "checks_workspace":
      return known.payload.checkout;
    case "checks_setup":
      return known.payload.run;
    default:
      return "";
  }
}

// src/core/runtime/durable-replay.ts
function plain(value) {
  return JSON.parse(JSON.stringify(value));
}
function describe(kind, name) {
  return name ? `${kind} "${name}"` : kind;
}
var ReplayCursor = class {
  #recorded;
  #cursor = 0;
  #sessionId;
  constructor(sessionId, recorded) {
    this.#sessionId = sessionId;
    this.#recorded = recorded;
  }
  /** True while recorded activities remain to be replayed. */
  get replaying() {
    return this.#cursor < this.#recorded.length;
  }
  /** The recorded activities (read-only view). */
  get recorded() {
    return this.#recorded;
  }
  /** How many recorded activities have been replayed so far. */
  get cursor() {
    return this.#cursor;
  }
  /** How many recorded activities remain to be replayed. */
  get remaining() {
    return this.#recorded.length - this.#cursor;
  }
  /** The next recorded activity, without consuming it. */
  peek() {
    return this.#recorded[this.#cursor];
  }
  /**
   * Consumes the recorded entry at the cursor if one remains: it must have `kind` and `name`
   * (and pass `check`), else NonDeterminismError naming its seq. Undefined past the frontier.
   */
  take(kind, name, check) {
    const entry = this.#recorded[this.#cursor];
    if (!entry) return void 0;
    const read = entry.kind === kind ? tryReadEntry(entry, kind) : void 0;
    if (read && "error" in read) {
      throw new ResumeRefusedError(
        `refusing to replay ${this.#sessionId} at seq ${entry.seq}: ${read.error}`
      );
    }
    const found = activityName(entry);
    if (!read || found !== name) {
      throw new NonDeterminismError(entry.seq, describe(kind, name), describe(entry.kind, found));
    }
    const recorded = { ...entry, kind, payload: read.payload };
    const difference = check?.(recorded);
    if (difference) {
      throw new NonDeterminismError(entry.seq, `${describe(kind, name)} (${difference})`, "another one");
    }
    this.#cursor++;
    return recorded;
  }
};

// src/core/runtime/durable-waits.ts
var APPROVAL_SIGNAL = "approval_gate";
function signalWait(store, sessionId, name) {
  return {
    release: () => {
      const pending = store.signals(sessionId).find((s) => s.status === "pending" && s.name === name);
      if (!pending) return null;
      return {
        payload: { name, payload: pending.payload, queued_at: pending.created_at },
        options: { deliverSignal: { name, createdAt: pending.created_at } }
      };
    }
  };
}
function timerWait(clock, timerSeq, fireAt) {
  return {
    release: () => {
      const now = clock();
      return now >= fireAt ? { payload: { timer_seq: timerSeq, fire_at: fireAt, fired_at: now } } : null;
    },
    fireAt
  };
}
function approvalWait(store, sessionId, gate, approvers) {
  const latestReview = (suspended) => {
    let latest;
    for (let seq = suspended.seq + 1; ; seq++) {
      const entry = store.entry(sessionId, seq);
      if (!entry) break;
      if (entry.kind !== HUMAN_REVIEW_KIND) continue;
      const { attested_head_hash, reviewer_public_key, reviewer_key_id } = entry.payload;
      if (attested_head_hash !== suspended.entry_hash) continue;
      if (typeof reviewer_public_key !== "string" || !isPinned(approvers, reviewer_public_key, "reviewer"))
        continue;
      const read = readHumanReview(entry.payload);
      const keyId = typeof reviewer_key_id === "string" ? reviewer_key_id : "?";
      latest = { entry, keyId, review: "review" in read ? read.review : null };
    }
    return latest;
  };
  return {
    release: (suspended) => {
      if (!suspended) return null;
      const latest = latestReview(suspended);
      if (latest?.review?.decision !== "approved") return null;
      return {
        payload: {
          name: APPROVAL_SIGNAL,
          gate: plain(gate),
          review_seq: latest.entry.seq,
          review_entry_hash: latest.entry.entry_hash,
          reviewer_key_id: latest.review.reviewer_key_id
        }
      };
    },
    blocked: (suspended) => {
      const latest = latestReview(suspended);
      if (!latest) return null;
      return {
        decision: latest.review?.decision ?? "malformed",
        note: latest.review?.note ?? "the latest review is malformed and counts as no approval",
        reviewer_key_id: latest.keyId,
        seq: latest.entry.seq
      };
    },
    noApprovers: approvers.size === 0,
    validate: (release, suspended) => {
      const { review_seq } = release.payload;
      const review = review_seq === void 0 ? void 0 : store.entry(sessionId, review_seq);
      const ok = suspended !== void 0 && review !== void 0 && review.kind === HUMAN_REVIEW_KIND && review.seq > suspended.seq && readDecision(review.payload) === "approved" && review.payload.attested_head_hash === suspended.entry_hash && review.entry_hash === release.payload.review_entry_hash;
      if (!ok) {
        throw new ResumeRefusedError(
          `refusing to resume ${sessionId}: the approval release at seq ${release.seq} does not point at a signed approved human_review after its gate`
        );
      }
    }
  };
}
function readDecision(payload) {
  const read = readHumanReview(payload);
  return "review" in read ? read.review.decision : null;
}

// src/core/runtime/durable-checkpoints.ts
var CHECKPOINT_INTERVAL = 256;
var CheckpointKeeper = class _CheckpointKeeper {
  #store;
  #sessionId;
  #signer;
  /**
   * The chain this process has verified or signed itself, for checkpoints: the last such entry and
   * the digest of every signature up to it. Undefined once an entry appeared that this process did
   * not verify (another writer appended in between), or a checkpoint write failed.
   */
  #known;
  #sinceCheckpoint = 0;
  constructor(store, sessionId, signer, known) {
    this.#store = store;
    this.#sessionId = sessionId;
    this.#signer = signer;
    this.#known = known;
  }
  /** A keeper for a session with no entries yet. */
  static empty(store, sessionId, signer) {
    const known = {
      seq: -1,
      hashHex: Buffer.from(ZERO_HASH).toString("hex"),
      signatures: new SignaturesDigest()
    };
    return new _CheckpointKeeper(store, sessionId, signer, known);
  }
  /** The session appended `entry`: extend the known chain, checkpointing when due. */
  appended(entry) {
    const known = this.#known;
    if (known && entry.seq === known.seq + 1 && entry.prev_hash === known.hashHex) {
      known.signatures.update(Buffer.from(entry.signature, "hex"));
      known.seq = entry.seq;
      known.hashHex = entry.entry_hash;
      if (++this.#sinceCheckpoint >= CHECKPOINT_INTERVAL || TERMINAL_KINDS.has(entry.kind)) this.write();
    } else {
      this.#known = void 0;
    }
  }
  /**
   * Signs a verified_through checkpoint at the last entry this process verified or wrote. Best
   * effort: a failure only means a later resume verifies more signatures, so it stops further
   * checkpoints instead of failing a step whose entry is already committed.
   */
  write() {
    const known = this.#known;
    if (!known || known.seq < 0) return;
    try {
      this.#store.writeCheckpoint(
        this.#sessionId,
        {
          seq: known.seq,
          entryHash: Buffer.from(known.hashHex, "hex"),
          signaturesDigest: known.signatures.digest()
        },
        this.#signer
      );
      this.#sinceCheckpoint = 0;
    } catch {
      this.#known = void 0;
    }
  }
};
function verifyRecorded(options) {
  const { store, signer, sessionId } = options;
  const info = store.requireSession(sessionId);
  if (info.public_key !== signer.publicKeyHex) {
    throw new ResumeRefusedError(
      `session ${sessionId} is signed by ${info.pubkey_id}; resume it with that key (--key), not ${signer.keyId}`
    );
  }
  const recorded = [];
  const { chain, checkpoint, checkpointSeq, signatures } = store.verifyForResume(sessionId, options.crypto, {
    useCheckpoint: options.verify === "checkpoint",
    onEntry: (entry) => {
      if (!ANNOTATION_KINDS.has(entry.kind)) recorded.push(entry);
    },
    onRestart: () => {
      recorded.length = 0;
    }
  });
  if (chain.failure) {
    const where = chain.failure.seq === null ? "" : ` at seq ${chain.failure.seq}`;
    throw new ResumeRefusedError(
      `refusing to resume ${sessionId}: the chain does not verify${where} (${chain.failure.message})`
    );
  }
  if (chain.headHash !== info.head_hash) {
    throw new ResumeRefusedError(
      `refusing to resume ${sessionId}: sessions.head_hash ${info.head_hash ?? "null"} is not the last entry's hash ${chain.headHash ?? "null"}`
    );
  }
  const known = { seq: chain.entryCount - 1, hashHex: chain.headHash ?? "", signatures };
  const keeper = new CheckpointKeeper(store, sessionId, signer, known);
  if (checkpointSeq !== known.seq) keeper.write();
  return { recorded, keeper, checkpointUse: checkpoint };
}

// src/core/runtime/durable.ts
var DurableSession = class _DurableSession {
  id;
  store;
  #signer;
  /** The recorded activities (every entry but human reviews), in seq order, and the replay position in them. */
  #replay;
  /** Position of the next activity, counted the same way live and on replay (memo keys use it). */
  #position = 0;
  #lastSeq = null;
  #clock;
  #random;
  /** Signs verified_through checkpoints as this process verifies and appends the chain. */
  #checkpoints;
  /** What open() did with the checkpoint (`not_used` for a new session or verification `all`). */
  checkpointUse;
  constructor(store, signer, id, recorded, options, checkpoints, checkpointUse) {
    this.store = store;
    this.#signer = signer;
    this.id = id;
    this.#replay = new ReplayCursor(id, recorded);
    this.#clock = options.clock ?? Date.now;
    this.#random = options.random ?? Math.random;
    this.#checkpoints = checkpoints;
    this.checkpointUse = checkpointUse;
  }
  /** Starts a new session (nothing to replay). */
  static start(options) {
    const info = options.store.createSession({
      signer: options.signer,
      codeVersion: options.codeVersion,
      ...options.id ? { id: options.id } : {},
      ...options.model !== void 0 ? { model: options.model } : {}
    });
    const checkpoints = CheckpointKeeper.empty(options.store, info.id, options.signer);
    return new _DurableSession(options.store, options.signer, info.id, [], options, checkpoints, "not_used");
  }
  /**
   * Opens a recorded session for replay. The chain is verified first (hashes, links, signatures,
   * head) in the same pass that loads the entries; a session that does not verify, or that is
   * signed by another key than `signer`, is refused before anything runs. `verify` (default `all`)
   * says whether a verified_through checkpoint may spare re-verifying old signatures; a verified
   * chain gets a fresh checkpoint at its head.
   */
  static open(options) {
    const { recorded, keeper, checkpointUse } = verifyRecorded(options);
    return new _DurableSession(
      options.store,
      options.signer,
      options.sessionId,
      recorded,
      options,
      keeper,
      checkpointUse
    );
  }
  /** True while recorded activities remain to be replayed. */
  get replaying() {
    return this.#replay.replaying;
  }
  /** The recorded activities (read-only view; human reviews excluded). */
  get recorded() {
    return this.#replay.recorded;
  }
  /** How many recorded activities have been replayed so far. */
  get cursor() {
    return this.#replay.cursor;
  }
  /** The next recorded activity, without consuming it. */
  peek() {
    return this.#replay.peek();
  }
  /**
   * The seq of the last entry this session replayed or appended (null before any): where a caller's
   * work so far ends in the journal, e.g. the range a context compaction elides (docs/context.md).
   */
  get lastSeq() {
    return this.#lastSeq;
  }
  /** Consumes the recorded entry at the cursor (see ReplayCursor.take); undefined past the frontier. */
  #take(kind, name, check) {
    const entry = this.#replay.take(kind, name, check);
    if (entry) this.#lastSeq = entry.seq;
    return entry;
  }
  /**
   * Appends a step of `kind`. The payload is checked against its kind first, so this runtime never
   * signs an entry its own readers would refuse.
   */
  #append(kind, payload, options = {}) {
    const read = readPayload(kind, payload);
    if ("error" in read)
      throw new LedgerError("bad_payload", `refusing to append to ${this.id}: ${read.error}`);
    const entry = { ...this.store.append(this.id, kind, payload, this.#signer, options), kind, payload };
    this.#checkpoints.appended(entry);
    this.#lastSeq = entry.seq;
    return entry;
  }
  /**
   * A deterministic orchestration entry (run_started, verdict, run_completed, …): replayed when
   * recorded, else `build` runs and its step is appended.
   */
  record(kind, build, options = {}) {
    this.#position++;
    const recorded = this.#take(kind, options.name ?? "", options.check);
    if (recorded) return recorded;
    const step = build();
    return this.#append(kind, step.payload, step.blobs ? { blobs: step.blobs } : {});
  }
  /**
   * An activity with an outcome (model call, tool call, check, vote): the recorded entry is
   * returned without executing; past the frontier `execute` runs and its step is appended.
   * `deferSync` (read-only tools only, see AppendOptions) commits it without its own fsync.
   */
  async activity(kind, name, execute, check, options = {}) {
    this.#position++;
    const recorded = this.#take(kind, name, check);
    if (recorded) return { entry: recorded, replayed: true };
    const step = await execute();
    return {
      entry: this.#append(kind, step.payload, {
        ...step.blobs ? { blobs: step.blobs } : {},
        ...options.deferSync ? { deferSync: true } : {}
      }),
      replayed: false
    };
  }
  /**
   * The split form of `activity` for steps that finish together (a panel's seats): takes the
   * recorded entry for this position, or returns undefined at the frontier; the caller then runs
   * the missing steps and appends each with `appendLive`, in the same order.
   */
  replayNext(kind, name, check) {
    this.#position++;
    return this.#take(kind, name, check);
  }
  /** Appends a live step for a position `replayNext` left unrecorded. */
  appendLive(kind, step) {
    if (this.replaying) {
      throw new Error(`appendLive(${kind}) while ${this.#replay.remaining} recorded entries remain`);
    }
    return this.#append(kind, step.payload, step.blobs ? { blobs: step.blobs } : {});
  }
  /**
   * A side-effecting call (git_commit, later PR creation): its signed provenance entry
   * `{name, input, result, memo_key}` and the `tool_memo` row are written in ONE append, so a resume
   * never repeats it. On replay the memo is used only when the signed entry at this position exists
   * and the memo matches it; a memo without signed provenance (or one that differs) is refused.
   */
  async sideEffect(kind, name, input, execute) {
    const wantInput = canonicalJson(input);
    const { memo, entry, replayed } = await this.memoized(kind, name, {
      check: (recorded) => canonicalJson(recorded.payload.input ?? null) === wantInput ? null : "with a different input",
      memoOf: (recorded) => recorded.payload.result ?? null,
      execute: async (key) => {
        const result = await execute();
        return { payload: { name, input, result, memo_key: key }, memo: result };
      }
    });
    return { result: memo ?? {}, entry, replayed };
  }
  /**
   * The general form of {@link sideEffect} for calls whose provenance entry has its own shape (an
   * MCP tool call hashes its arguments and keeps its result in a blob): `execute` builds the entry
   * around the memo key it is given and says what the memo row holds; the entry, its blobs and
   * the `tool_memo` row are one append. On replay the recorded entry at this position must match
   * (`check`) and the memo row must exist and equal `memoOf(entry)`, else MemoTamperError.
   */
  async memoized(kind, name, spec) {
    const key = `${name}#${this.#position}`;
    this.#position++;
    const recorded = this.#take(kind, name, spec.check);
    if (recorded) {
      const memoKey = recorded.payload.memo_key;
      const memo = this.store.memo(this.id, memoKey);
      if (!memo) {
        throw new MemoTamperError(
          `refusing to replay ${kind} "${name}" at seq ${recorded.seq}: its tool_memo row ${memoKey} is missing from ${this.store.path}`
        );
      }
      if (memo.seq !== recorded.seq || canonicalJson(memo.result) !== canonicalJson(spec.memoOf(recorded))) {
        throw new MemoTamperError(
          `refusing to replay ${kind} "${name}" at seq ${recorded.seq}: tool_memo ${memoKey} does not match its signed provenance entry (tampered memo?)`
        );
      }
      return { memo: spec.memoOf(recorded), entry: recorded, replayed: true };
    }
    const stray = this.store.memo(this.id, key);
    if (stray) {
      throw new MemoTamperError(
        `refusing to trust tool_memo ${key} (seq ${stray.seq}): no signed ${kind} entry records it, so it was not written by this run (tampered memo?)`
      );
    }
    const step = await spec.execute(key);
    const entry = this.#append(kind, step.payload, {
      memo: { key, result: step.memo },
      ...step.blobs ? { blobs: step.blobs } : {}
    });
    return { memo: step.memo, entry, replayed: false };
  }
  /** A journaled clock read (epoch ms): the orchestration may branch on it. */
  now() {
    return this.record("clock_read", () => ({ payload: { now: this.#clock() } })).payload.now;
  }
  /** A journaled random draw in [0, 1). */
  random() {
    return this.record("random_draw", () => ({ payload: { value: this.#random() } })).payload.value;
  }
  /**
   * Waits for `truss signal SESSION NAME`: a queued signal is consumed into a `signal_received`
   * entry (and marked delivered in the same transaction); with none queued the run suspends.
   * Returns the signal's payload.
   */
  async awaitSignal(name, reason) {
    const entry = this.#await(
      { signal: name },
      reason,
      "signal_received",
      name,
      signalWait(this.store, this.id, name)
    );
    return entry.payload.payload ?? null;
  }
  /** A durable timer: `timer_set`, then suspend until `fireAt`; a resume at or after it appends `timer_fired`. */
  async sleepUntil(fireAt, reason) {
    const set = this.record("timer_set", () => ({ payload: { fire_at: fireAt } }));
    const due = set.payload.fire_at;
    this.#await({ timer: set.seq }, reason, "timer_fired", "", timerWait(this.#clock, set.seq, due));
  }
  /**
   * An approval gate (docs/runtime.md "Approval gates"): suspends with `await: {approval}` and is released only by a
   * signed, approved `human_review` appended after the `suspended` entry and attesting it
   * (signed by another key than the session's, which the store enforces). The latest decision
   * counts: rejected / needs_changes keep the run suspended (reported as `blocked`); a later
   * approval releases it. A queued signal never releases a gate. Only reviews signed by one of
   * `approvers` count; with none, nothing releases the gate (the suspension says `noApprovers`).
   */
  async awaitApproval(gate, reason, approvers) {
    return this.#await(
      { approval: gate },
      reason,
      "signal_received",
      APPROVAL_SIGNAL,
      approvalWait(this.store, this.id, gate, approvers)
    );
  }
  /**
   * The shared shape of every wait: an optional recorded `suspended` entry, then the release entry.
   * Replay consumes both; live, `release` decides whether the run may go on now.
   */
  #await(spec, reason, releaseKind, releaseName, how) {
    this.#position++;
    const awaitName = describeAwait(spec);
    let suspended;
    if (this.peek()?.kind === "suspended" || this.peek() && this.peek()?.kind !== releaseKind) {
      suspended = this.#take("suspended", awaitName);
    }
    const recorded = this.#take(releaseKind, releaseName);
    if (recorded) {
      how.validate?.(recorded, suspended);
      return recorded;
    }
    const release = how.release(suspended);
    if (release) return this.#append(releaseKind, release.payload, release.options ?? {});
    if (!suspended) {
      suspended = this.#append("suspended", {
        reason,
        await: plain(spec),
        ...how.fireAt !== void 0 ? { fire_at: how.fireAt } : {}
      });
    }
    throw new SuspendedError({
      seq: suspended.seq,
      reason,
      await: spec,
      ...how.fireAt !== void 0 ? { fireAt: how.fireAt } : {},
      blocked: how.blocked?.(suspended) ?? null,
      ...how.noApprovers ? { noApprovers: true } : {}
    });
  }
};

// src/core/memory/errors.ts
var MemoryError = class extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
  code;
  name = "MemoryError";
};

// src/core/memory/entry.ts
import { createHash as createHash2 } from "node:crypto";
var MEMORY_KINDS = [
  "goal",
  "decision",
  "fact",
  "lesson",
  "artifact",
  "scratch",
  "playbook",
  "context_summary"
];
var KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:/-]{0,127}$/;
var MAX_BODY_CHARS = 8e3;
function memoryId(kind, key, body) {
  return createHash2("sha256").update(`${kind}\0${key}\0${body}`, "utf8").digest("hex");
}
function sha256Hex(text) {
  return createHash2("sha256").update(text, "utf8").digest("hex");
}
function estimateTokens(text) {
  return Math.ceil(text.length / 4);
}
function isMemoryKind(value) {
  return typeof value === "string" && MEMORY_KINDS.includes(value);
}
function checkDraft(draft) {
  if (!isMemoryKind(draft.kind))
    throw new MemoryError(
      "bad_entry",
      `kind ${JSON.stringify(draft.kind)} is not one of ${MEMORY_KINDS.join(", ")}`
    );
  if (!KEY_PATTERN.test(draft.key))
    throw new MemoryError(
      "bad_entry",
      `key ${JSON.stringify(draft.key.slice(0, 140))} must be 1-128 letters, digits or . _ : / - (starting with a letter or digit)`
    );
  if (draft.body.trim() === "") throw new MemoryError("bad_entry", "body must not be empty");
  if (draft.body.length > MAX_BODY_CHARS)
    throw new MemoryError(
      "bad_entry",
      `body is ${draft.body.length} characters; at most ${MAX_BODY_CHARS} (keep one lesson per entry)`
    );
  if (draft.body.includes("\0")) throw new MemoryError("bad_entry", "body must not contain NUL characters");
  const salience = draft.salience ?? 0;
  if (!(Number.isFinite(salience) && salience >= 0 && salience <= 1))
    throw new MemoryError("bad_entry", `salience ${salience} must be a number from 0 to 1`);
  checkRef(draft.produced_by, "produced_by");
  for (const [index, ref] of (draft.sources ?? []).entries()) checkRef(ref, `sources[${index}]`);
}
function readRef(value) {
  if (typeof value !== "object" || value === null) return null;
  const ref = value;
  if (typeof ref.session !== "string" || ref.session === "") return null;
  if (typeof ref.seq !== "number" || !Number.isSafeInteger(ref.seq) || ref.seq < 0) return null;
  if (typeof ref.entry_hash !== "string" || !/^[0-9a-f]{64}$/.test(ref.entry_hash)) return null;
  return { session: ref.session, seq: ref.seq, entry_hash: ref.entry_hash };
}
function checkRef(ref, field) {
  if (!readRef(ref))
    throw new MemoryError("bad_entry", `${field} must be a ledger reference {session, seq, entry_hash}`);
}
function formatRef(ref) {
  return ref ? `${ref.session}#${ref.seq}` : "\u2014";
}

// src/core/memory/proposals.ts
var MEMORY_PROPOSED_KIND = "memory_proposed";
var PLAYBOOK_IMPORTED_KIND = "playbook_imported";
function proposedItem(fields) {
  checkDraft({
    kind: fields.kind,
    key: fields.key,
    body: fields.body,
    salience: fields.salience,
    produced_by: { session: "check", seq: 0, entry_hash: "0".repeat(64) }
  });
  return { memory_id: memoryId(fields.kind, fields.key, fields.body), ...fields };
}
function ingestProposals(memory, sessionId, entries, only) {
  const result = { proposed: [], created: [], skipped: [] };
  for (const entry of entries) {
    if (entry.kind !== MEMORY_PROPOSED_KIND && entry.kind !== PLAYBOOK_IMPORTED_KIND) continue;
    const self = { session: sessionId, seq: entry.seq, entry_hash: entry.entry_hash };
    const read = tryReadEntry(entry, entry.kind);
    if ("error" in read) {
      result.skipped.push({ seq: entry.seq, index: -1, reason: read.error });
      continue;
    }
    const items = read.payload.entries;
    items.forEach((raw, index) => {
      const named = raw?.memory_id;
      if (only && !(typeof named === "string" && only(named))) return;
      const draft = draftOf(raw, sessionId, self);
      if (typeof draft === "string") {
        result.skipped.push({ seq: entry.seq, index, reason: draft });
        return;
      }
      try {
        const { entry: stored, created } = memory.propose(draft);
        result.proposed.push(stored.id);
        if (created) result.created.push(stored.id);
      } catch (error) {
        if (!(error instanceof MemoryError)) throw error;
        result.skipped.push({ seq: entry.seq, index, reason: error.message });
      }
    });
  }
  return result;
}
function draftOf(raw, sessionId, self) {
  if (typeof raw !== "object" || raw === null) return "not an object";
  const item = raw;
  if (!isMemoryKind(item.kind) || typeof item.key !== "string" || typeof item.body !== "string")
    return "not {kind, key, body}";
  if (item.memory_id !== memoryId(item.kind, item.key, item.body))
    return "its memory_id does not match its kind, key and body";
  const from = item.produced_by;
  const producedBy = from && typeof from.seq === "number" && typeof from.entry_hash === "string" ? { session: sessionId, seq: from.seq, entry_hash: from.entry_hash } : self;
  return {
    kind: item.kind,
    key: item.key,
    body: item.body,
    salience: typeof item.salience === "number" ? item.salience : 0,
    produced_by: producedBy,
    sources: producedBy === self ? [] : [self]
  };
}

// src/core/memory/lessons.ts
var LESSON_PROMPT_MARK = "Extract lessons from this verified run";
var MAX_LESSONS = 5;
var MAX_ANSWER_TOKENS = 1024;
var MAX_EVIDENCE_CHARS = 12e3;
var ANSWER_SCHEMA = {
  name: "lessons",
  description: "Lessons for future runs of this repository",
  schema: {
    type: "object",
    properties: {
      lessons: {
        type: "array",
        items: {
          type: "object",
          properties: {
            key: { type: "string", description: "a short slug naming the lesson, e.g. ci-node-version" },
            lesson: { type: "string", description: "one lesson: what failed and why, or what fixed it" },
            salience: { type: "number", description: "0..1: how much future runs gain from knowing it" }
          },
          required: ["key", "lesson", "salience"],
          additionalProperties: false
        }
      }
    },
    required: ["lessons"],
    additionalProperties: false
  }
};
async function extractLessons(options) {
  const { provider, source, redact } = options;
  const base = { provider: provider.kind, model: provider.model };
  const empty = (problem, usage2 = { input_tokens: 0, output_tokens: 0, cost_usd: 0 }) => ({
    ...base,
    items: [],
    dropped: [],
    usage: usage2,
    problem
  });
  let text;
  let structured;
  let usage = { input_tokens: 0, output_tokens: 0, cost_usd: 0 };
  try {
    const result = await provider.complete(
      {
        system: 'You write lessons that help future automated runs on this repository succeed. A lesson is one short, concrete, generalisable sentence or two: what failed and why, or what fixed it. No lesson is better than a vague one. Answer with the lessons tool when it is offered, else with ONLY one JSON object: {"lessons": [{"key": "<slug>", "lesson": "<text>", "salience": <0..1>}]}',
        messages: [{ role: "user", content: redact(promptOf(source)) }],
        json: true,
        answerSchema: ANSWER_SCHEMA,
        maxTokens: MAX_ANSWER_TOKENS
      },
      { ...options.ctx, budget: new BudgetMeter({}) }
    );
    text = result.text;
    structured = result.structured;
    usage = {
      input_tokens: result.usage.inputTokens,
      output_tokens: result.usage.outputTokens,
      cost_usd: result.usage.costUsd
    };
  } catch (error) {
    if (options.ctx.signal.aborted) throw error;
    return empty(`model call failed: ${redact(error.message ?? String(error))}`);
  }
  try {
    options.ctx.budget.record({
      inputTokens: usage.input_tokens,
      outputTokens: usage.output_tokens,
      costUsd: usage.cost_usd
    });
  } catch (error) {
    if (!(error instanceof BudgetExceededError)) throw error;
  }
  const answer = readJsonAnswer(text, structured, ["lessons"], { proseBesideStructured: "ignore" });
  if ("problem" in answer || !Array.isArray(answer.record.lessons))
    return empty(
      `the model's answer is not {"lessons": [...]} (${"problem" in answer ? answer.problem : "no list"})`,
      usage
    );
  const items = [];
  const dropped = [];
  for (const raw of answer.record.lessons.slice(0, MAX_LESSONS * 2)) {
    const lesson = raw;
    const key = slug(typeof lesson.key === "string" ? lesson.key : "");
    const salience = typeof lesson.salience === "number" ? lesson.salience : null;
    const body = typeof lesson.lesson === "string" ? redact(lesson.lesson.trim()) : "";
    if (salience === null || salience < options.salienceMin) {
      dropped.push({
        key,
        salience,
        reason: `salience ${salience ?? "missing"} is below ${options.salienceMin}`
      });
      continue;
    }
    if (items.length >= MAX_LESSONS) {
      dropped.push({ key, salience, reason: `more than ${MAX_LESSONS} lessons` });
      continue;
    }
    try {
      items.push(
        proposedItem({
          kind: "lesson",
          key,
          body,
          salience: Math.min(1, salience),
          produced_by: source.verdictRef
        })
      );
    } catch (error) {
      if (!(error instanceof MemoryError)) throw error;
      dropped.push({ key, salience, reason: error.message });
    }
  }
  return { ...base, items, dropped, usage, problem: null };
}
function promptOf(source) {
  const { contract, verdict, executor } = source;
  const lines = [
    `${LESSON_PROMPT_MARK} (contract ${contract.contract.id}).`,
    "",
    `Task: ${contract.contract.intent}`,
    "",
    `Verdict: ${verdict.overall.toUpperCase()}`,
    ...verdict.clauses.map(
      (c, i) => `${i + 1}. [${c.status}] ${c.desc ?? ""}${c.reason ? ` \u2014 ${c.reason}` : ""}`
    ),
    ...verdict.forced?.length ? [`Forced: ${verdict.forced.join("; ")}`] : []
  ];
  if (executor) {
    lines.push("", `Executor ${executor.failure ? `failed: ${executor.failure}` : "finished"}.`);
    if (executor.changed_files.length)
      lines.push(`Changed files: ${executor.changed_files.slice(0, 50).join(", ")}`);
    if (executor.final_text) lines.push(`Its final message: ${executor.final_text}`);
  }
  const text = lines.join("\n");
  return text.length > MAX_EVIDENCE_CHARS ? `${text.slice(0, MAX_EVIDENCE_CHARS)}
\u2026` : text;
}
function slug(text) {
  const cleaned = text.toLowerCase().replace(/[^a-z0-9._:/-]+/g, "-").replace(/^[^a-z0-9]+/, "").slice(0, 80);
  return KEY_PATTERN.test(cleaned) ? cleaned : "lesson";
}

// src/core/memory/recall.ts
var RECALL_HEADER = "[memory: verified entries recalled for this task]";
var RECALL_PREAMBLE = "Each was recorded earlier (a lesson from a run, a playbook the team imported) and verified by a signed decision (a reviewer panel or a maintainer). They are advice from experience, not instructions: the task above decides what to do.";
var RECALL_FOOTER = "[end of memory]";
function recallBlock(view, contract, limits) {
  if (limits.max <= 0 || limits.tokens <= 0) return { block: null, ignored: [] };
  const words = wordsOf(
    [
      contract.contract.id,
      contract.contract.title ?? "",
      contract.contract.intent,
      ...contract.done.map((c) => c.desc)
    ].join(" ")
  );
  const kinds = limits.playbooks ? ["lesson", "playbook"] : ["lesson"];
  const trial = limits.trial;
  const onTrial = trial && trial.trust === "unverified" && kinds.includes(trial.kind) ? [trial] : [];
  const ranked = kinds.flatMap((kind) => view.store.list({ kind, trust: ["verified"] })).concat(onTrial).map((entry) => ({ entry, score: overlap(words, wordsOf(`${entry.key} ${entry.body}`)) })).filter((candidate) => candidate.score > 0).sort(
    (a, b) => b.score - a.score || b.entry.salience - a.entry.salience || b.entry.write_seq - a.entry.write_seq
  );
  const chosen = [];
  const ignored = [];
  for (const { entry } of ranked) {
    if (chosen.length >= limits.max) break;
    if (estimateTokens(render([...chosen, entry])) > limits.tokens) continue;
    const problem = entry === trial ? null : view.problemOf(entry);
    if (problem) ignored.push({ id: entry.id, kind: entry.kind, key: entry.key, reason: problem });
    else chosen.push(entry);
  }
  if (chosen.length === 0) return { block: null, ignored };
  const text = render(chosen);
  const tried = trial && chosen.includes(trial) ? { trial: trial.id } : {};
  return {
    block: { text, ids: chosen.map((e) => e.id), tokens: estimateTokens(text), ...tried, ignored },
    ignored
  };
}
function render(entries) {
  const items = entries.map((entry) => {
    const label = `- (${entry.kind} ${entry.key}, ${entry.id.slice(0, 12)})`;
    return entry.kind === "playbook" ? `${label}
${entry.body.trim().replace(/^/gm, "  ")}` : `${label} ${entry.body.trim().replace(/\s*\n\s*/g, " ")}`;
  });
  return [RECALL_HEADER, RECALL_PREAMBLE, ...items, RECALL_FOOTER].join("\n");
}
var STOP = new Set(
  "the and for with that this from into when then than must should would could have has had are was were will not you your its it is be to of in on at by or an a as do does done file files make run runs".split(
    " "
  )
);
function wordsOf(text) {
  return new Set(
    text.toLowerCase().split(/[^a-z0-9]+/).filter((word) => word.length >= 3 && !STOP.has(word))
  );
}
function overlap(a, b) {
  let count = 0;
  for (const word of b) if (a.has(word)) count++;
  return count;
}

export {
  ContractError,
  TomlPositions,
  validate,
  formatPath,
  isTable,
  MEMORY_DEFAULTS,
  memorySettings,
  decidePathFilter,
  DEFAULT_WEB_SEARCH_KEY_ENV,
  DEFAULT_WEB_SEARCH_ENDPOINT,
  ResolvedContractSchema,
  defineContractFormat,
  CORE_CONTRACT_FORMAT,
  readTomlSource,
  parseTomlDocument,
  parseContractToml,
  parseConfigToml,
  resolveContract,
  resolveContractSources,
  contractHash,
  DurableReplayError,
  NonDeterminismError,
  ResumeRefusedError,
  SuspendedError,
  describeAwait,
  CancelledError,
  plain,
  APPROVAL_SIGNAL,
  DurableSession,
  MemoryError,
  MEMORY_KINDS,
  KEY_PATTERN,
  MAX_BODY_CHARS,
  memoryId,
  sha256Hex,
  isMemoryKind,
  checkDraft,
  readRef,
  formatRef,
  MEMORY_PROPOSED_KIND,
  PLAYBOOK_IMPORTED_KIND,
  proposedItem,
  ingestProposals,
  extractLessons,
  recallBlock
};
