import { CanonicalJsonError } from './errors.js';

/**
 * The deepest nesting of arrays and objects canonical JSON accepts (the payload object itself is
 * level 1). Serialising recurses once per level, and browsers and Node overflow their stacks at
 * different depths, so without one limit a deep payload could be written by one and fail to verify in
 * another. Every writer (store append) and verifier (CLI, page) goes through this function, so all
 * enforce the same limit (docs/ledger.md "Entries").
 */
export const MAX_JSON_DEPTH = 64;

/**
 * RFC 8785 (JCS) canonical JSON. Every hash in the ledger is taken over this text, so it must be
 * byte-identical to any other conforming implementation; values that different JSON stacks could
 * read differently are refused instead of silently normalised.
 */
export function canonicalJson(value: unknown): string {
  return serialize(value, '$', 0);
}

function serialize(value: unknown, path: string, depth: number): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      return serializeNumber(value, path);
    case 'string':
      return serializeString(value, path);
    case 'object':
      if (depth >= MAX_JSON_DEPTH) {
        throw new CanonicalJsonError(
          `${path}: nested deeper than ${MAX_JSON_DEPTH} levels of arrays and objects, the most a ledger payload may have; flatten it, or store the data as a blob and record its hash`,
        );
      }
      if (Array.isArray(value)) return serializeArray(value, path, depth + 1);
      return serializeObject(value as object, path, depth + 1);
    default:
      throw new CanonicalJsonError(`${path}: ${typeof value} is not a JSON value`);
  }
}

function serializeNumber(value: number, path: string): string {
  if (!Number.isFinite(value)) {
    throw new CanonicalJsonError(`${path}: ${value} is not representable in JSON`);
  }
  // Integers past 2^53 that still print as plain digits look exact but are not: another language
  // reading them as int64 would hash a different number. Exponent forms (1e+30) stay floats everywhere.
  if (Number.isInteger(value) && !Number.isSafeInteger(value) && Math.abs(value) < 1e21) {
    throw new CanonicalJsonError(
      `${path}: integer ${value} is outside the safe range (±2^53-1); encode it as a string`,
    );
  }
  // ECMAScript Number-to-String is exactly the JCS number format; JSON.stringify(-0) is "0".
  return JSON.stringify(value);
}

function serializeString(value: string, path: string): string {
  if (!value.isWellFormed()) {
    throw new CanonicalJsonError(`${path}: string contains a lone UTF-16 surrogate`);
  }
  // Well-formed JSON.stringify escapes exactly the JCS set: \b \t \n \f \r \" \\ and \u00xx (lowercase).
  return JSON.stringify(value);
}

function serializeArray(value: unknown[], path: string, depth: number): string {
  let out = '[';
  for (let i = 0; i < value.length; i++) {
    if (i > 0) out += ',';
    if (!(i in value)) throw new CanonicalJsonError(`${path}[${i}]: sparse array hole`);
    out += serialize(value[i], `${path}[${i}]`, depth);
  }
  return `${out}]`;
}

function serializeObject(value: object, path: string, depth: number): string {
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) {
    const name = (proto?.constructor as { name?: string } | undefined)?.name ?? 'unknown';
    throw new CanonicalJsonError(`${path}: ${name} is not a plain object`);
  }
  if (Object.getOwnPropertySymbols(value).length > 0) {
    throw new CanonicalJsonError(`${path}: symbol keys are not JSON`);
  }
  // Default sort compares UTF-16 code units, which is what RFC 8785 §3.2.3 requires.
  const keys = Object.keys(value).sort();
  const record = value as Record<string, unknown>;
  let out = '{';
  let first = true;
  for (const key of keys) {
    const child = `${path}.${key}`;
    if (!key.isWellFormed()) throw new CanonicalJsonError(`${child}: key contains a lone UTF-16 surrogate`);
    if (!first) out += ',';
    first = false;
    out += `${JSON.stringify(key)}:${serialize(record[key], child, depth)}`;
  }
  return `${out}}`;
}
