/**
 * A small validator for JSON payloads, written for the entry-kind catalogue (entry-kinds.ts): schemas
 * that check a decoded value and infer its TypeScript type, in the style of zod but a few hundred
 * bytes minified, because the report page bundles the catalogue and zod would be the largest part
 * of it. A check allocates nothing when the value fits; it returns the first problem otherwise.
 * Objects accept keys their shape does not list (payloads are extended, never repurposed).
 */

export type PathKey = string | number;

/** Where a value does not fit (relative to the value checked) and what was expected there. */
export interface ShapeIssue {
  path: PathKey[];
  want: string;
}

export interface Shape<T> {
  /** Null when `value` fits, else the first problem. */
  problem(value: unknown): ShapeIssue | null;
  /** Type only: what a value that fits is. */
  readonly __type?: T;
}

/** A member an object may omit. */
export interface OptionalShape<T> extends Shape<T | undefined> {
  readonly optional: true;
}

export type Infer<S> = S extends Shape<infer T> ? T : never;

/** True when `value` fits `shape`, which then types it: a check, never a conversion. */
export function fits<T>(shape: Shape<T>, value: unknown): value is T {
  return shape.problem(value) === null;
}

type Members = { [key: string]: Shape<unknown> };
type OptionalKeys<M extends Members> = {
  [K in keyof M]: M[K] extends OptionalShape<unknown> ? K : never;
}[keyof M];
type Simplify<T> = { [K in keyof T]: T[K] } & {};
export type ObjectOf<M extends Members> = Simplify<
  { [K in Exclude<keyof M, OptionalKeys<M>>]: Infer<M[K]> } & { [K in OptionalKeys<M>]?: Infer<M[K]> }
>;

/** An object shape; `members` is kept so shapes can be combined by spreading. */
export interface ObjectShape<M extends Members, T> extends Shape<T> {
  readonly members: M;
}

function fail(want: string): ShapeIssue {
  return { path: [], want };
}

function within(key: PathKey, issue: ShapeIssue | null): ShapeIssue | null {
  return issue && { path: [key, ...issue.path], want: issue.want };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function string(
  pattern?: RegExp,
  want = `expected a string matching ${String(pattern)}`,
): Shape<string> {
  return {
    problem: (value) =>
      typeof value !== 'string'
        ? fail('expected string')
        : pattern && !pattern.test(value)
          ? fail(want)
          : null,
  };
}

export function number(): Shape<number> {
  return { problem: (value) => (Number.isFinite(value) ? null : fail('expected number')) };
}

/** A non-negative integer (a seq, a clause or seat index). */
export function index(): Shape<number> {
  return {
    problem: (value) =>
      Number.isSafeInteger(value) && (value as number) >= 0 ? null : fail('expected an integer ≥ 0'),
  };
}

export function boolean(): Shape<boolean> {
  return { problem: (value) => (typeof value === 'boolean' ? null : fail('expected boolean')) };
}

export function unknown(): Shape<unknown> {
  return { problem: () => null };
}

export function literal<const V extends string>(expected: V): Shape<V> {
  return { problem: (value) => (value === expected ? null : fail(`must be the string ${expected}`)) };
}

/** One of a few strings: the decision, a vote, a verdict. */
export function oneOf<const V extends readonly string[]>(values: V): Shape<V[number]> {
  const last = values.at(-1);
  const want = `must be the string ${values.length > 1 ? `${values.slice(0, -1).join(', ')} or ${last}` : last}`;
  return { problem: (value) => (values.includes(value as string) ? null : fail(want)) };
}

export function optional<T>(shape: Shape<T>): OptionalShape<T> {
  return { optional: true, problem: (value) => (value === undefined ? null : shape.problem(value)) };
}

export function nullable<T>(shape: Shape<T>): Shape<T | null> {
  return { problem: (value) => (value === null ? null : shape.problem(value)) };
}

/** Optional and nullable: a descriptive field earlier versions wrote as null or not at all. */
export function maybe<T>(shape: Shape<T>): OptionalShape<T | null> {
  return optional(nullable(shape));
}

export function array<T>(item: Shape<T>): Shape<T[]> {
  return {
    problem(value) {
      if (!Array.isArray(value)) return fail('expected array');
      for (let i = 0; i < value.length; i++) {
        const issue = within(i, item.problem(value[i]));
        if (issue) return issue;
      }
      return null;
    },
  };
}

/** A JSON object whose every value fits `values` (counts by name, free-form JSON). */
export function record<T>(values: Shape<T>): Shape<Record<string, T>> {
  return {
    problem(value) {
      if (!isObject(value)) return fail('expected object');
      for (const key of Object.keys(value)) {
        const issue = within(key, values.problem(value[key]));
        if (issue) return issue;
      }
      return null;
    },
  };
}

/** An object with these members; keys it does not list are allowed and not part of its type. */
export function object<M extends Members>(members: M): ObjectShape<M, ObjectOf<M>> {
  const keys = Object.keys(members);
  return {
    members,
    problem(value) {
      if (!isObject(value)) return fail('expected object');
      for (const key of keys) {
        const member = value[key];
        const issue = within(
          key,
          (members[key] as Shape<unknown>).problem(Object.hasOwn(value, key) ? member : undefined),
        );
        if (issue) return issue;
      }
      return null;
    },
  };
}

/** Like `object`, but its type admits the unlisted keys too (a payload's top level). */
export function looseObject<M extends Members>(
  members: M,
): ObjectShape<M, ObjectOf<M> & { [key: string]: unknown }> {
  return object(members);
}

/** The first of `options` that fits. */
export function union<const O extends readonly Shape<unknown>[]>(options: O): Shape<Infer<O[number]>> {
  return {
    problem: (value) =>
      options.some((option) => option.problem(value) === null)
        ? null
        : fail('none of the shapes this field may have'),
  };
}
