import { CanonicalJsonError } from './errors.js';

/**
 * RFC 8785 (JCS) canonical JSON. Every hash in the ledger is taken over this text, so it must be
 * byte-identical to any other conforming implementation; values that different JSON stacks could
 * read differently are refused instead of silently normalised.
 */
export function canonicalJson(value: unknown): string {
  return serialize(value, '$');
}

function serialize(value: unknown, path: string): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      return serializeNumber(value, path);
    case 'string':
      return serializeString(value, path);
    case 'object':
      if (Array.isArray(value)) return serializeArray(value, path);
      return serializeObject(value as object, path);
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

function serializeArray(value: unknown[], path: string): string {
  let out = '[';
  for (let i = 0; i < value.length; i++) {
    if (i > 0) out += ',';
    if (!(i in value)) throw new CanonicalJsonError(`${path}[${i}]: sparse array hole`);
    out += serialize(value[i], `${path}[${i}]`);
  }
  return `${out}]`;
}

function serializeObject(value: object, path: string): string {
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
    out += `${JSON.stringify(key)}:${serialize(record[key], child)}`;
  }
  return `${out}}`;
}
