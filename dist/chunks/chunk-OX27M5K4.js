#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);

// src/core/ledger/errors.ts
var CanonicalJsonError = class extends Error {
  name = "CanonicalJsonError";
};
var KeyError = class extends Error {
  name = "KeyError";
};
var LedgerError = class extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
  code;
  name = "LedgerError";
};
var BundleFormatError = class extends Error {
  name = "BundleFormatError";
};

// src/core/ledger/canonical-json.ts
var MAX_JSON_DEPTH = 64;
function canonicalJson(value) {
  return serialize(value, "$", 0);
}
function serialize(value, path, depth) {
  if (value === null) return "null";
  switch (typeof value) {
    case "boolean":
      return value ? "true" : "false";
    case "number":
      return serializeNumber(value, path);
    case "string":
      return serializeString(value, path);
    case "object":
      if (depth >= MAX_JSON_DEPTH) {
        throw new CanonicalJsonError(
          `${path}: nested deeper than ${MAX_JSON_DEPTH} levels of arrays and objects, the most a ledger payload may have; flatten it, or store the data as a blob and record its hash`
        );
      }
      if (Array.isArray(value)) return serializeArray(value, path, depth + 1);
      return serializeObject(value, path, depth + 1);
    default:
      throw new CanonicalJsonError(`${path}: ${typeof value} is not a JSON value`);
  }
}
function serializeNumber(value, path) {
  if (!Number.isFinite(value)) {
    throw new CanonicalJsonError(`${path}: ${value} is not representable in JSON`);
  }
  if (Number.isInteger(value) && !Number.isSafeInteger(value) && Math.abs(value) < 1e21) {
    throw new CanonicalJsonError(
      `${path}: integer ${value} is outside the safe range (\xB12^53-1); encode it as a string`
    );
  }
  return JSON.stringify(value);
}
function serializeString(value, path) {
  if (!value.isWellFormed()) {
    throw new CanonicalJsonError(`${path}: string contains a lone UTF-16 surrogate`);
  }
  return JSON.stringify(value);
}
function serializeArray(value, path, depth) {
  let out = "[";
  for (let i = 0; i < value.length; i++) {
    if (i > 0) out += ",";
    if (!(i in value)) throw new CanonicalJsonError(`${path}[${i}]: sparse array hole`);
    out += serialize(value[i], `${path}[${i}]`, depth);
  }
  return `${out}]`;
}
function serializeObject(value, path, depth) {
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) {
    const name = proto?.constructor?.name ?? "unknown";
    throw new CanonicalJsonError(`${path}: ${name} is not a plain object`);
  }
  if (Object.getOwnPropertySymbols(value).length > 0) {
    throw new CanonicalJsonError(`${path}: symbol keys are not JSON`);
  }
  const keys = Object.keys(value).sort();
  const record = value;
  let out = "{";
  let first = true;
  for (const key of keys) {
    const child = `${path}.${key}`;
    if (!key.isWellFormed()) throw new CanonicalJsonError(`${child}: key contains a lone UTF-16 surrogate`);
    if (!first) out += ",";
    first = false;
    out += `${JSON.stringify(key)}:${serialize(record[key], child, depth)}`;
  }
  return `${out}}`;
}

// src/core/ledger/json-structure.ts
var MAX_BUNDLE_DEPTH = 2 * MAX_JSON_DEPTH;
function findJsonStructureProblem(text, maxDepth) {
  const stack = [];
  let expectKey = false;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      const start = i;
      let escaped = false;
      for (i++; i < length; i++) {
        const d = text.charCodeAt(i);
        if (d === 92) {
          escaped = true;
          i++;
        } else if (d === 34) {
          break;
        }
      }
      if (!expectKey) continue;
      const keys = stack[stack.length - 1];
      if (!keys) continue;
      const key = escaped ? JSON.parse(text.slice(start, i + 1)) : text.slice(start + 1, i);
      if (keys.has(key)) return { kind: "duplicate_key", key, position: start };
      keys.add(key);
      expectKey = false;
      continue;
    }
    switch (c) {
      case 123:
      case 91:
        if (stack.length >= maxDepth) return { kind: "too_deep", limit: maxDepth, position: i };
        stack.push(c === 123 ? /* @__PURE__ */ new Set() : null);
        expectKey = c === 123;
        break;
      case 125:
      case 93:
        stack.pop();
        expectKey = false;
        break;
      case 44:
        expectKey = Boolean(stack[stack.length - 1]);
        break;
    }
  }
  return null;
}
function lineColumn(text, position) {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < position; i = text.indexOf("\n", i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return `${line}:${position - lineStart + 1}`;
}
function jsonStructureMessage(source, text, problem) {
  const at = lineColumn(text, problem.position);
  if (problem.kind === "duplicate_key") {
    return `${source}: key ${JSON.stringify(problem.key)} appears twice in one object (the second at ${at}); JSON readers disagree on which value wins, so a bundle with a repeated key is refused \u2014 export it again with \`truss ledger export\``;
  }
  return `${source}: nested deeper than ${problem.limit} levels of arrays and objects at ${at}; ledger payloads nest at most ${MAX_JSON_DEPTH} levels, so this is not a bundle Truss wrote \u2014 export it again with \`truss ledger export\``;
}

export {
  KeyError,
  LedgerError,
  BundleFormatError,
  MAX_JSON_DEPTH,
  canonicalJson,
  MAX_BUNDLE_DEPTH,
  findJsonStructureProblem,
  jsonStructureMessage
};
