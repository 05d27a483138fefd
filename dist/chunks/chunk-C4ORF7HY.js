#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  canonicalJson
} from "./chunk-CE73N2QF.js";
import {
  external_exports
} from "./chunk-HASXX6FY.js";

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
  const result = schema.safeParse(data, { error: (raw) => describeIssue(raw, allowedKeys) });
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

// src/core/process/isolation-env.ts
var FORBIDDEN_EXACT = /* @__PURE__ */ new Set([
  "GITHUB_TOKEN",
  "GH_TOKEN",
  "GITHUB_PAT",
  "ACTIONS_RUNTIME_TOKEN",
  "ACTIONS_ID_TOKEN_REQUEST_TOKEN",
  "ACTIONS_ID_TOKEN_REQUEST_URL",
  "ACTIONS_RUNTIME_URL",
  "ACTIONS_RESULTS_URL",
  "ACTIONS_CACHE_URL",
  // Files the Actions runner reads back after the step: writing them would inject env/outputs later.
  "GITHUB_ENV",
  "GITHUB_OUTPUT",
  "GITHUB_PATH",
  "GITHUB_STATE",
  "GITHUB_STEP_SUMMARY"
]);
function isForbiddenEnvName(name) {
  const upper = name.toUpperCase();
  if (FORBIDDEN_EXACT.has(upper)) return true;
  if (upper.startsWith("INPUT_") || upper.startsWith("ACTIONS_")) return true;
  if (upper.startsWith("TRUSS_") && /(KEY|TOKEN|SECRET)/.test(upper)) return true;
  return false;
}
function forbiddenEnvReason(name) {
  return `${name} is never passed to checks, tools or agent CLIs: it carries the harness's own credentials (see docs/security.md). Remove it from env / check_env / executor.env; give the work a separate, narrowly scoped secret under another name instead.`;
}
var GITHUB_CONTEXT_ENV = Object.freeze([
  "GITHUB_ACTIONS",
  "GITHUB_REPOSITORY",
  "GITHUB_REPOSITORY_OWNER",
  "GITHUB_SHA",
  "GITHUB_REF",
  "GITHUB_REF_NAME",
  "GITHUB_REF_TYPE",
  "GITHUB_HEAD_REF",
  "GITHUB_BASE_REF",
  "GITHUB_EVENT_NAME",
  "GITHUB_RUN_ID",
  "GITHUB_RUN_NUMBER",
  "GITHUB_RUN_ATTEMPT",
  "GITHUB_SERVER_URL",
  "GITHUB_API_URL",
  "GITHUB_GRAPHQL_URL",
  "GITHUB_WORKFLOW",
  "GITHUB_JOB",
  "GITHUB_ACTOR",
  "RUNNER_OS",
  "RUNNER_ARCH"
]);
function dropForbiddenEnv(env) {
  const dropped = [];
  for (const name of Object.keys(env)) {
    if (isForbiddenEnvName(name)) {
      delete env[name];
      dropped.push(name);
    }
  }
  return dropped.sort();
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
  url: external_exports.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
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
  if (server.url !== void 0) {
    const url = new URL(server.url);
    if (url.username || url.password) {
      ctx.addIssue({
        code: "custom",
        path: ["url"],
        message: "must not carry credentials (user:password@); the contract is signed into the ledger \u2014 send them in a header from [mcp.servers.env_headers] instead (the value is not shown)"
      });
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
  base_url: external_exports.url().optional(),
  api_key_env: envName2.optional(),
  script: nonEmpty.optional(),
  max_tokens: external_exports.number().int().positive().optional(),
  temperature: external_exports.number().min(0).max(2).optional()
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
  timeout_sec: external_exports.number().positive().max(86400).optional()
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
  external_exports.strictObject({ input_per_mtok: external_exports.number().nonnegative(), output_per_mtok: external_exports.number().nonnegative() })
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
  mcp: McpSchema.optional()
};
var contractSection = external_exports.strictObject({
  id: external_exports.string().regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/,
    'must start with a letter or digit and use only letters, digits, ".", "_" or "-" (at most 128 characters)'
  ),
  title: nonEmpty.optional(),
  intent: nonEmpty
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

// src/core/contract/eval-arm.ts
var ARM = /^(?:([A-Za-z0-9][A-Za-z0-9._-]{0,63}):)?([a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)*)=(.*)$/s;
var FIXED = /* @__PURE__ */ new Set(["contract", "done", "fanout"]);
function parseArms(text) {
  const specs = splitArms(text);
  const arms = specs.map((spec) => {
    const match = ARM.exec(spec);
    if (!match) {
      throw new ContractError([
        {
          file: "--arms",
          line: 0,
          col: 0,
          path: "",
          message: `arm ${JSON.stringify(spec)} is not [NAME:]PATH=VALUE (e.g. executor.model=gpt-4.1)`
        }
      ]);
    }
    const [, name, dotted, raw] = match;
    const path = dotted.split(".");
    if (FIXED.has(path[0])) {
      throw new ContractError([
        {
          file: "--arms",
          line: 0,
          col: 0,
          path: dotted,
          message: `an arm may not change [${path[0]}]: every arm runs the same task and definition of done`
        }
      ]);
    }
    return { name: name ?? `${dotted}=${raw}`, path, value: parseValue(raw), change: `${dotted}=${raw}` };
  });
  if (arms.length < 2) {
    throw new ContractError([
      {
        file: "--arms",
        line: 0,
        col: 0,
        path: "",
        message: "an eval needs at least two arms, e.g. --arms executor.model=a,executor.model=b"
      }
    ]);
  }
  const names = /* @__PURE__ */ new Set();
  for (const arm of arms) {
    if (names.has(arm.name))
      throw new ContractError([
        {
          file: "--arms",
          line: 0,
          col: 0,
          path: "",
          message: `two arms are named ${JSON.stringify(arm.name)}; name them (NAME:PATH=VALUE)`
        }
      ]);
    names.add(arm.name);
  }
  return arms;
}
function splitArms(text) {
  const parts = [];
  let depth = 0;
  let quoted = false;
  let current = "";
  for (const char of text) {
    if (char === '"' && !current.endsWith("\\")) quoted = !quoted;
    else if (!quoted && (char === "[" || char === "{")) depth++;
    else if (!quoted && (char === "]" || char === "}")) depth--;
    if (char === "," && depth === 0 && !quoted) {
      parts.push(current.trim());
      current = "";
    } else current += char;
  }
  if (current.trim()) parts.push(current.trim());
  return parts.filter(Boolean);
}
function parseValue(raw) {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}
function applyArm(contract, arm) {
  const { fanout: _fanout, ...base } = structuredClone(contract);
  const data = base;
  let table = data;
  for (const key of arm.path.slice(0, -1)) {
    const next = table[key];
    if (next === void 0) table[key] = {};
    else if (!isTable(next)) {
      throw new ContractError([
        {
          file: `--arms ${arm.name}`,
          line: 0,
          col: 0,
          path: arm.path.join("."),
          message: `${key} is not a table`
        }
      ]);
    }
    table = table[key];
  }
  table[arm.path[arm.path.length - 1]] = arm.value;
  const result = validate(ResolvedContractSchema, data);
  if (!result.ok) {
    throw new ContractError(
      result.issues.map((issue) => ({
        file: `--arms ${arm.name}`,
        line: 0,
        col: 0,
        path: formatPath(issue.path),
        message: issue.message
      }))
    );
  }
  return { contract: result.value, hash: contractHash(result.value) };
}

export {
  ContractError,
  TomlPositions,
  GITHUB_CONTEXT_ENV,
  dropForbiddenEnv,
  defineContractFormat,
  CORE_CONTRACT_FORMAT,
  readTomlSource,
  parseTomlDocument,
  parseConfigToml,
  resolveContract,
  resolveContractSources,
  contractHash,
  parseArms,
  applyArm
};
