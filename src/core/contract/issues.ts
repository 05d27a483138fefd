import type { z } from 'zod';
import { closestName } from '../closest-name.js';
import type { ContractIssue } from './errors.js';
import { pathKey, type TomlPath, type TomlPositions } from './toml-positions.js';

/** A validation problem before it is placed in a file: the data path and a message for the user. */
export interface PathIssue {
  path: (string | number)[];
  message: string;
}

type SchemaLike = {
  _zod: {
    def: {
      type: string;
      shape?: Record<string, SchemaLike>;
      entries?: Record<string, unknown>;
      innerType?: SchemaLike;
      getter?: () => SchemaLike;
      element?: SchemaLike;
      options?: SchemaLike[];
    };
    optin?: string;
  };
};

/**
 * Validates `data` against `schema` and returns every problem with a message that says what to do.
 * Values the user wrote are never echoed (a misplaced API key must not end up in a CI log), only
 * key names, types and the allowed choices.
 */
export function validate<T extends z.ZodType>(
  schema: T,
  data: unknown,
): { ok: true; value: z.output<T> } | { ok: false; issues: PathIssue[] } {
  const allowedKeys = new Map<string, Record<string, SchemaLike>>();
  // jitless: a contract is validated once per process, so compiling each object schema's fast path
  // (zod's `new Function` code generation) costs more at start-up than it could save.
  const result = schema.safeParse(data, { error: (raw) => describeIssue(raw, allowedKeys), jitless: true });
  const credentials = findCredentialIssues(data);
  if (result.success && credentials.length === 0) return { ok: true, value: result.data };

  const issues: PathIssue[] = [...credentials];
  // One problem per key is enough to act on (`expect_exit = 1e300` breaks two limits).
  const reported = new Set(credentials.map((issue) => pathKey(issue.path)));
  for (const issue of result.error?.issues ?? []) {
    const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    if (issue.code !== 'unrecognized_keys') {
      if (reported.has(pathKey(path))) continue;
      reported.add(pathKey(path));
    }
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        issues.push({ path: [...path, key], message: unknownKeyMessage(key, path, allowedKeys, data) });
      }
    } else {
      issues.push({ path, message: issue.message });
    }
  }
  return { ok: false, issues };
}

/** Places path issues in a TOML file, pointing at the key (or the nearest enclosing header). */
export function placeIssues(
  issues: readonly PathIssue[],
  file: string,
  positions: TomlPositions,
): ContractIssue[] {
  return issues.map((issue) => {
    const { line, col } = positions.locate(issue.path);
    return { file, line, col, path: formatPath(issue.path), message: issue.message };
  });
}

export function compareIssues(a: ContractIssue, b: ContractIssue): number {
  return a.line - b.line || a.col - b.col;
}

// --- credentials --------------------------------------------------------------------------------

const ENV_NAME = /^[A-Z_][A-Z0-9_]{0,63}$/;

/**
 * `api_key_env` holds the NAME of an environment variable. Anything else there (lower case, dashes,
 * `sk-...`, a long token) is treated as a pasted credential: rejected, and never repeated back.
 */
export function findCredentialIssues(data: unknown, base: (string | number)[] = []): PathIssue[] {
  const out: PathIssue[] = [];
  if (Array.isArray(data)) {
    data.forEach((item, index) => {
      out.push(...findCredentialIssues(item, [...base, index]));
    });
  } else if (isTable(data)) {
    for (const [key, value] of Object.entries(data)) {
      const path = [...base, key];
      if (key === 'api_key_env' && typeof value === 'string' && !ENV_NAME.test(value)) {
        out.push({
          path,
          message:
            'must be the NAME of an environment variable (A-Z, 0-9, _; at most 64 characters), ' +
            'e.g. api_key_env = "OPENAI_API_KEY", never the key itself; the value is not shown ' +
            '(if it is a real key, remove it from the file and rotate it)',
        });
      } else {
        out.push(...findCredentialIssues(value, path));
      }
    }
  }
  return out;
}

// --- messages -----------------------------------------------------------------------------------

function describeIssue(
  raw: z.core.$ZodRawIssue,
  allowedKeys: Map<string, Record<string, SchemaLike>>,
): string | undefined {
  const path = (raw.path ?? []).filter((p): p is string | number => typeof p !== 'symbol');
  const inst = raw.inst as SchemaLike | undefined;
  switch (raw.code) {
    case 'invalid_type': {
      if (raw.input === undefined) return missingMessage(path, inst);
      if (typeof raw.input === 'bigint') return TOO_LARGE;
      if (typeof raw.input === 'number' && !Number.isFinite(raw.input)) return 'must be a finite number';
      const fix =
        typeFix(raw.expected, raw.input, path[path.length - 1]) ||
        arrayOfTablesFix(raw.expected, raw.input, path);
      if (raw.expected === 'int') return `expected integer, got ${typeOf(raw.input)}${fix}`;
      return `expected ${typeName(raw.expected)}, got ${typeOf(raw.input)}${fix}`;
    }
    case 'too_small': {
      const min = Number(raw.minimum);
      if (min === Number.MIN_SAFE_INTEGER) return TOO_LARGE;
      if (raw.origin === 'string')
        return min <= 1 ? 'must not be empty' : `must be at least ${min} characters`;
      if (raw.origin === 'array') return `must have at least ${min} item${min === 1 ? '' : 's'}`;
      return raw.inclusive ? `must be at least ${min}` : `must be greater than ${min}`;
    }
    case 'too_big': {
      const max = Number(raw.maximum);
      if (max === Number.MAX_SAFE_INTEGER) return TOO_LARGE;
      if (raw.origin === 'string') return `must be at most ${max} characters`;
      if (raw.origin === 'array') return `must have at most ${max} items`;
      return raw.inclusive ? `must be at most ${max}` : `must be less than ${max}`;
    }
    case 'invalid_value':
      if (raw.input === undefined) return missingMessage(path, inst);
      return `must be ${choices(raw.values)}${meant(raw.input, raw.values)}`;
    case 'invalid_format':
      if (raw.format === 'url') return 'must be a URL, e.g. "https://api.example.com/v1"';
      return `must be a valid ${raw.format}`;
    case 'invalid_union': {
      const discriminator = (raw as { discriminator?: unknown }).discriminator;
      const options = (raw as { options?: unknown[] }).options;
      if (typeof discriminator === 'string' && Array.isArray(options)) {
        const input = raw.input;
        const present = isTable(input) && input[discriminator] !== undefined;
        return present
          ? `must be ${choices(options)}${meant(isTable(input) ? input[discriminator] : undefined, options)}`
          : `missing required key; add ${discriminator} = ${choices(options, ' or ')}`;
      }
      return undefined;
    }
    case 'unrecognized_keys': {
      const shape = inst?._zod.def.shape;
      if (shape) allowedKeys.set(pathKey(path), shape);
      return 'unknown key';
    }
    default:
      return undefined;
  }
}

const TOO_LARGE = 'integer is too large (the limit is ±9007199254740991)';

function missingMessage(path: (string | number)[], inst: SchemaLike | undefined): string {
  const key = path[path.length - 1];
  const parent = path.slice(0, -1);
  if (path.length === 1 && key === 'done') {
    return 'a contract needs at least one [[done]] clause; add a [[done]] table with kind = "check" or "review"';
  }
  const def = inst?._zod.def;
  if (def?.type === 'object' && def.shape) {
    const required = Object.entries(def.shape)
      .filter(([, field]) => field._zod.optin !== 'optional')
      .map(([name, field]) => `${name} = ${valueHint(field)}`);
    const header = `[${tableName(path)}]`;
    return required.length > 0
      ? `missing required table; add a ${header} table with ${required.join(' and ')}`
      : `missing required table; add a ${header} table`;
  }
  const where = describeTable(parent);
  const hint = inst ? valueHint(inst) : '...';
  const enumValues = def?.type === 'enum' && def.entries ? ` (${choices(Object.values(def.entries))})` : '';
  return `missing required key; add ${String(key)} = ${hint} to ${where}${enumValues}`;
}

function unknownKeyMessage(
  key: string,
  parent: (string | number)[],
  allowedKeys: Map<string, Record<string, SchemaLike>>,
  data: unknown,
): string {
  const shape = allowedKeys.get(pathKey(parent)) ?? {};
  const allowed = Object.keys(shape);
  const suggestion = closestName(key, allowed);
  const homes = suggestion ? [] : tablesHolding(key, shape);
  const hint = suggestion
    ? ` (did you mean "${suggestion}"?)`
    : homes.length > 0
      ? ` (it belongs in ${homes.join(' or ')}: write it below ${homes.length > 1 ? 'one of those headers' : 'that header'})`
      : '';
  let where = parent.length === 0 ? 'at the top level' : `in ${describeTable(parent)}`;
  const table = valueAt(data, parent);
  if (isClause(parent) && isTable(table) && typeof table.kind === 'string') {
    where = `in a [[done]] clause with kind = ${JSON.stringify(table.kind)}`;
  }
  const list = allowed.length > 0 ? `; allowed keys ${where}: ${allowed.join(', ')}` : `; remove it`;
  return `unknown key "${key}"${hint}${list}`;
}

/**
 * The tables of `shape` (`[contract]`, `[[done]]`, …) that take `key`: `id = "…"` written above the
 * `[contract]` header is a key of the top level, which has none, and the fix is to move it.
 */
function tablesHolding(key: string, shape: Record<string, SchemaLike>): string[] {
  const homes: string[] = [];
  for (const [name, field] of Object.entries(shape)) {
    const table = unwrap(field);
    if (!table) continue;
    const keys = table.schema._zod.def.shape ?? {};
    const variants = table.schema._zod.def.options ?? [];
    const holds =
      key in keys || variants.some((option) => key in (unwrap(option)?.schema._zod.def.shape ?? {}));
    if (holds) homes.push(table.array ? `[[${name}]]` : `[${name}]`);
  }
  return homes.slice(0, 3);
}

/** The table schema inside optional, default, lazy and array wrappers, or null for any other value. */
function unwrap(schema: SchemaLike, array = false): { schema: SchemaLike; array: boolean } | null {
  const def = schema._zod.def;
  if ((def.type === 'optional' || def.type === 'default') && def.innerType)
    return unwrap(def.innerType, array);
  if (def.type === 'lazy' && def.getter) return unwrap(def.getter(), array);
  if (def.type === 'array' && def.element && !array) return unwrap(def.element, true);
  if (def.type === 'object' || (def.type === 'union' && def.options)) return { schema, array };
  return null;
}

function valueHint(schema: SchemaLike): string {
  const def = schema._zod.def;
  switch (def.type) {
    case 'string':
    case 'enum':
    case 'literal':
      return '"..."';
    case 'number':
    case 'int':
      return '<number>';
    case 'boolean':
      return 'true';
    case 'array':
      return '[...]';
    case 'object':
    case 'record':
      return '{ ... }';
    case 'optional':
    case 'default':
      return '...';
    default:
      return '...';
  }
}

/**
 * ` (did you mean "anthropic"?)` when a mistyped choice is close to one (`opnai-compatible`,
 * `bwarp`): the suggestion is one of the choices, so nothing the user wrote is repeated.
 */
function meant(input: unknown, values: readonly unknown[]): string {
  if (typeof input !== 'string' || input.length > 64) return '';
  const suggestion = closestName(
    input,
    values.filter((value): value is string => typeof value === 'string'),
  );
  return suggestion ? ` (did you mean ${JSON.stringify(suggestion)}?)` : '';
}

function choices(values: readonly unknown[], last = ', '): string {
  const quoted = values.map((v) => JSON.stringify(v));
  if (quoted.length <= 1) return quoted[0] ?? 'a valid value';
  if (last === ', ') return `one of ${quoted.join(', ')}`;
  return `${quoted.slice(0, -1).join(', ')}${last}${quoted[quoted.length - 1]}`;
}

/**
 * How to write the value the key takes, for the usual slips (`timeout_sec = "30"`, `expect_contains =
 * "ok"`), without repeating what the user wrote.
 */
function typeFix(expected: string, input: unknown, key?: string | number): string {
  if (typeof input === 'string') {
    const bare = input.trim();
    if ((expected === 'number' || expected === 'int') && bare !== '' && Number.isFinite(Number(bare)))
      return '; write the number without quotes';
    // `timeout_sec = "5m"`: a duration where a count of seconds goes.
    if ((expected === 'number' || expected === 'int') && typeof key === 'string' && key.endsWith('_sec'))
      return '; write a number of seconds without quotes, e.g. 300 for five minutes';
    if (expected === 'boolean' && (bare === 'true' || bare === 'false'))
      return '; write true or false without quotes';
    if (expected === 'array') return '; write a list, e.g. ["..."]';
  }

  if (expected === 'string' && (typeof input === 'number' || typeof input === 'boolean'))
    return '; put the value in quotes';
  return '';
}

/** `[done]` where `[[done]]` goes (docs/contracts.md): one table where each clause is a table of an array. */
function arrayOfTablesFix(expected: string, input: unknown, path: readonly (string | number)[]): string {
  if (expected !== 'array' || !isTable(input) || !path.every((p) => typeof p === 'string')) return '';
  return `; write [[${path.join('.')}]] (two brackets) above each of its tables`;
}

function typeName(expected: string): string {
  if (expected === 'object') return 'table';
  return expected;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (value instanceof Date) return 'date-time';
  if (typeof value === 'number') return Number.isInteger(value) ? 'number' : 'fractional number';
  if (typeof value === 'object') return 'table';
  return typeof value;
}

// --- paths --------------------------------------------------------------------------------------

const BARE = /^[A-Za-z0-9_-]+$/;

function quoteKey(key: string): string {
  return BARE.test(key) ? key : JSON.stringify(key);
}

/** `done[1].expect_exit`, `pricing."gpt-4.1".input_per_mtok`. */
export function formatPath(path: TomlPath): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' ? quoteKey(segment) : `.${quoteKey(segment)}`;
  }
  return out;
}

/** The TOML header naming the table at `path`, without brackets and array indices: `panel.seats`. */
function tableName(path: TomlPath): string {
  return path
    .filter((p): p is string => typeof p === 'string')
    .map(quoteKey)
    .join('.');
}

function describeTable(path: TomlPath): string {
  if (path.length === 0) return 'the top level of the file';
  const name = tableName(path);
  if (isClause(path)) return 'this [[done]] clause';
  return typeof path[path.length - 1] === 'number' ? `this [[${name}]] entry` : `[${name}]`;
}

/** `['done', n]`: one definition-of-done clause. */
function isClause(path: TomlPath): boolean {
  return path.length === 2 && path[0] === 'done' && typeof path[1] === 'number';
}

// --- helpers ------------------------------------------------------------------------------------

export function isTable(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof Date)
    return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function valueAt(data: unknown, path: TomlPath): unknown {
  let node = data;
  for (const segment of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[segment];
  }
  return node;
}
