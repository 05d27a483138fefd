/**
 * `[contract] paths` / `paths_ignore`: which changed files make a contract worth running, with the
 * glob semantics of GitHub Actions' `on.pull_request.paths` (docs/contracts.md "Run only what a
 * change touches"):
 *
 * - `*` matches any characters except `/`; `**` any characters including `/`; `**` followed by `/`
 *   also matches no directory at all (`**\/README.md` matches `README.md`).
 * - `?` makes the character (or `[class]`) before it optional; `+` repeats it one or more times.
 * - `[abc]`, `[a-z0-9]`: one letter or digit from the list or ranges (ranges within a-z, A-Z, 0-9).
 * - `\` makes the next character literal.
 * - `!` first negates the pattern. Patterns apply in order and the last one that matches a file
 *   decides: a `!` pattern after a match drops the file, a later positive pattern brings it back.
 *
 * Patterns match the whole repository-relative path, case-sensitively.
 */

import { belowSearch, type FoundBelow } from './path-below.js';

export interface PathFilter {
  paths?: readonly string[] | undefined;
  paths_ignore?: readonly string[] | undefined;
}

export interface CompiledPattern {
  source: string;
  negative: boolean;
  /** Whether the pattern matches the whole path (see {@link PathMatcher}). */
  matches: (path: string) => boolean;
  /** The same pattern as an automaton, for questions about every path below a directory (path-below.ts). */
  automaton: PathAutomaton;
}

/**
 * A compiled pattern's automaton: the states it can be in after some input, one step, and whether
 * a set of states accepts. `alphabet` holds every character a test tells apart from the others
 * (literals, class members, `/`): every character outside it takes the same edges.
 */
export interface PathAutomaton {
  start: ReadonlySet<number>;
  step: (states: ReadonlySet<number>, ch: string) => Set<number>;
  accepts: (states: ReadonlySet<number>) => boolean;
  /**
   * Whether `states` accept every continuation, known from a trailing `**` (a state that loops on
   * any character and accepts): true only when so, though not every such set is recognised.
   */
  acceptsEverything: (states: ReadonlySet<number>) => boolean;
  alphabet: ReadonlySet<string>;
}

/** A pattern that is not a valid filter pattern; the message says where and why. */
export class PathPatternError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PathPatternError';
  }
}

const CLASS_CHAR = /^[A-Za-z0-9]$/;
const RANGES = ['az', 'AZ', '09'] as const;

type CharTest = (ch: string) => boolean;
const ANY: CharTest = () => true;
const NOT_SLASH: CharTest = (ch) => ch !== '/';
const SLASH: CharTest = (ch) => ch === '/';

/**
 * A pattern as a small automaton, run over the path one character at a time with the set of states
 * it can be in: time grows with path length × pattern length and never more, whatever the path.
 * (The paths are chosen by whoever opens the pull request; a backtracking RegExp with several `**`
 * took seconds on one crafted path, and a pull request lists thousands.)
 */
class PathMatcher {
  readonly #edges: Array<Array<{ test: CharTest; to: number }>> = [[]];
  readonly #epsilon: number[][] = [[]];
  #closures: number[][] = [];
  #current = 0;

  #state(): number {
    this.#edges.push([]);
    this.#epsilon.push([]);
    return this.#edges.length - 1;
  }

  /** One character that passes `test`. */
  one(test: CharTest): void {
    const next = this.#state();
    this.#edges[this.#current]?.push({ test, to: next });
    this.#current = next;
  }

  /** One character that passes `test`, or none. */
  optional(test: CharTest): void {
    const from = this.#current;
    this.one(test);
    this.#epsilon[from]?.push(this.#current);
  }

  /** Any number of characters that pass `test` (its own state, so two loops never merge). */
  loop(test: CharTest): void {
    const next = this.#state();
    this.#epsilon[this.#current]?.push(next);
    this.#edges[next]?.push({ test, to: next });
    this.#current = next;
  }

  /** `**` followed by `/`: nothing, or at least one character and then a `/`. */
  directories(): void {
    const from = this.#current;
    this.one(ANY);
    this.#edges[this.#current]?.push({ test: ANY, to: this.#current });
    this.one(SLASH);
    this.#epsilon[from]?.push(this.#current);
  }

  /** Freezes the automaton: the state after the last token accepts. */
  finish(alphabet: ReadonlySet<string>): PathAutomaton {
    const accept = this.#current;
    this.#closures = this.#edges.map((_, state) => this.#closure(state));
    // A state that takes any character back to itself and accepts on its own stays accepting.
    const everything = new Set(
      this.#edges.flatMap((edges, state) =>
        edges.some((edge) => edge.test === ANY && edge.to === state) &&
        this.#closures[state]?.includes(accept)
          ? [state]
          : [],
      ),
    );
    return {
      start: new Set(this.#closures[0]),
      step: (states, ch) => {
        const next = new Set<number>();
        for (const state of states)
          for (const edge of this.#edges[state] ?? []) if (edge.test(ch)) this.#enter(edge.to, next);
        return next;
      },
      accepts: (states) => states.has(accept),
      acceptsEverything: (states) => [...states].some((state) => everything.has(state)),
      alphabet,
    };
  }

  /**
   * Adds `state` and every state its empty moves reach to `into`, entering each state once: a state
   * already in `into` has had its whole closure added. Adding each target's precomputed closure
   * instead cost the square of the pattern's length per character (`a?` repeated a thousand times
   * took 0.85 s for one 1,000-character name); this is linear in the pattern's size.
   */
  #enter(state: number, into: Set<number>): void {
    const stack = [state];
    for (let at = stack.pop(); at !== undefined; at = stack.pop()) {
      if (into.has(at)) continue;
      into.add(at);
      for (const to of this.#epsilon[at] ?? []) if (!into.has(to)) stack.push(to);
    }
  }

  #closure(state: number): number[] {
    const seen = new Set([state]);
    const stack = [state];
    for (let at = stack.pop(); at !== undefined; at = stack.pop())
      for (const to of this.#epsilon[at] ?? [])
        if (!seen.has(to)) {
          seen.add(to);
          stack.push(to);
        }
    return [...seen];
  }
}

/** Compiles one pattern (see the module comment); throws PathPatternError naming the offending position. */
export function compilePathPattern(pattern: string): CompiledPattern {
  if (pattern === '' || pattern === '!') throw new PathPatternError('is empty');
  const negative = pattern.startsWith('!');
  const body = negative ? pattern.slice(1) : pattern;
  if (body.startsWith('/') || body.startsWith('./'))
    throw new PathPatternError(
      `starts with "${body.startsWith('/') ? '/' : './'}", but changed files are named relative to the repository root (e.g. "src/**"), so it would match none`,
    );
  const matcher = new PathMatcher();
  const alphabet = new Set<string>(['/']);
  // The last character or class, not yet added: a following `?` or `+` says how it repeats.
  let pending: CharTest | null = null;
  const flush = () => {
    if (pending) matcher.one(pending);
    pending = null;
  };
  const at = (i: number) => `at character ${i + 1 + (negative ? 1 : 0)}`;
  for (let i = 0; i < body.length; ) {
    const c = body[i] as string;
    if (c === '*') {
      flush();
      if (body[i + 1] === '*') {
        if (body[i + 2] === '/') {
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
    } else if (c === '?' || c === '+') {
      const repeated: CharTest | null = pending;
      if (!repeated)
        throw new PathPatternError(
          `${at(i)}: "${c}" repeats the character before it, and there is none (escape it as "\\${c}" to match it literally)`,
        );
      if (c === '?') matcher.optional(repeated);
      else {
        matcher.one(repeated);
        matcher.loop(repeated);
      }
      pending = null;
      i += 1;
    } else if (c === '[') {
      flush();
      const close = body.indexOf(']', i + 1);
      if (close === -1) throw new PathPatternError(`${at(i)}: "[" has no closing "]"`);
      pending = classTest(body.slice(i + 1, close), at(i), alphabet);
      i = close + 1;
    } else if (c === '\\') {
      flush();
      const next = body[i + 1];
      if (next === undefined) throw new PathPatternError(`${at(i)}: "\\" at the end escapes nothing`);
      pending = literal(next, alphabet);
      i += 2;
    } else {
      flush();
      const ch = String.fromCodePoint(body.codePointAt(i) as number);
      pending = literal(ch, alphabet);
      i += ch.length;
    }
  }
  flush();
  const automaton = matcher.finish(alphabet);
  return { source: pattern, negative, matches: (path) => accepts(automaton, path), automaton };
}

/** Runs `path` through the automaton; stops at the first character no state takes. */
function accepts(automaton: PathAutomaton, path: string): boolean {
  let states: ReadonlySet<number> = automaton.start;
  for (const ch of path) {
    states = automaton.step(states, ch);
    if (states.size === 0) return false;
  }
  return automaton.accepts(states);
}

function literal(expected: string, alphabet: Set<string>): CharTest {
  alphabet.add(expected);
  return (ch) => ch === expected;
}

function classTest(inner: string, where: string, alphabet: Set<string>): CharTest {
  if (inner === '') throw new PathPatternError(`${where}: "[]" is empty`);
  const singles = new Set<string>();
  const ranges: Array<[string, string]> = [];
  for (let j = 0; j < inner.length; j++) {
    const c = inner[j] as string;
    if (inner[j + 1] === '-' && j + 2 < inner.length) {
      const to = inner[j + 2] as string;
      const ok = RANGES.some(([lo, hi]) => c >= (lo as string) && to <= (hi as string) && c <= to);
      if (!ok)
        throw new PathPatternError(
          `${where}: range "${c}-${to}" must lie within a-z, A-Z or 0-9, low to high`,
        );
      ranges.push([c, to]);
      for (let code = c.charCodeAt(0); code <= to.charCodeAt(0); code++)
        alphabet.add(String.fromCharCode(code));
      j += 2;
      continue;
    }
    if (!CLASS_CHAR.test(c))
      throw new PathPatternError(`${where}: "[…]" may list only letters, digits and ranges, not "${c}"`);
    singles.add(c);
    alphabet.add(c);
  }
  return (ch) => singles.has(ch) || ranges.some(([lo, hi]) => ch.length === 1 && ch >= lo && ch <= hi);
}

/**
 * Why `pattern` is not a valid filter pattern, or null (the contract schema reports it at file:line:col).
 * A pattern that no changed file can match is refused too: GitHub lists files, whose paths never end
 * with `/` nor hold `//`, so `docs/` in `paths` would skip the contract on every change.
 */
export function pathPatternProblem(pattern: string): string | null {
  try {
    if (!matchesSomePath(compilePathPattern(pattern).automaton))
      return 'can match no changed file: a changed file\'s path never starts or ends with "/" nor holds "//" (for every file under a directory, end the pattern with "/**", e.g. "docs/**")';
    return null;
  } catch (error) {
    if (error instanceof PathPatternError) return error.message;
    throw error;
  }
}

/** Combinations of states {@link matchesSomePath} looks at before it answers "yes" unchecked. */
const SOME_PATH_BUDGET = 10_000;

/**
 * Whether the automaton accepts some path git can hold: no empty component, no trailing `/` (the
 * leading `/` is refused on its own). Breadth-first over the state sets, one character of each class
 * the pattern tells apart; past the budget it answers yes, which refuses nothing.
 */
function matchesSomePath(automaton: PathAutomaton): boolean {
  let other = 0xe000;
  while (automaton.alphabet.has(String.fromCodePoint(other))) other++;
  const alphabet = [...automaton.alphabet, String.fromCodePoint(other)];
  const keyOf = (states: ReadonlySet<number>, afterSlash: boolean) =>
    `${afterSlash ? '/' : ''}${[...states].sort((a, b) => a - b).join(',')}`;
  const seen = new Set([keyOf(automaton.start, true)]);
  const queue: Array<{ states: ReadonlySet<number>; afterSlash: boolean }> = [
    { states: automaton.start, afterSlash: true },
  ];
  for (let at = 0; at < queue.length; at++) {
    if (at >= SOME_PATH_BUDGET) return true;
    const from = queue[at] as { states: ReadonlySet<number>; afterSlash: boolean };
    for (const ch of alphabet) {
      if (ch === '/' && from.afterSlash) continue;
      const states = automaton.step(from.states, ch);
      if (states.size === 0) continue;
      const afterSlash = ch === '/';
      if (!afterSlash && automaton.accepts(states)) return true;
      const key = keyOf(states, afterSlash);
      if (seen.has(key)) continue;
      seen.add(key);
      queue.push({ states, afterSlash });
    }
  }
  return false;
}

/** Whether the ordered `patterns` select `file`: the last pattern that matches decides. */
export function selects(patterns: readonly CompiledPattern[], file: string): CompiledPattern | null {
  let decided: CompiledPattern | null = null;
  for (const pattern of patterns) if (pattern.matches(file)) decided = pattern;
  return decided && !decided.negative ? decided : null;
}

export type PathDecision =
  | { run: true; reason: string }
  | { run: false; reason: string /** How many changed files were looked at. */; files: number };

/**
 * One changed path. A string is a file. `mayBeDirectory` marks a path that may stand for a whole
 * directory whose contents changed: GitHub lists a submodule bump (a gitlink) as the submodule's bare
 * path, `third_party/zlib`. The host decides which paths may be one (src/github/path-filter.ts).
 */
export type ChangedPath = string | { readonly path: string; readonly mayBeDirectory: boolean };

/**
 * Whether a change touching `changedFiles` runs a contract with this filter. A file counts when
 * `paths` (if set) selects it and `paths_ignore` (if set) does not; the contract runs when any file
 * counts. Without either key every change runs it.
 *
 * A path that may be a directory counts when it counts as a file, or when some path below it would
 * count (path-below.ts): `third_party/zlib` counts for `paths = ["third_party/**\/*.c"]`, and is not
 * ignored by `paths_ignore = ["third_party/zlib/*.md"]`. Failing closed, it never counts less than a
 * file of that name would.
 */
export function decidePathFilter(filter: PathFilter, changedFiles: readonly ChangedPath[]): PathDecision {
  const include = filter.paths?.map(compilePathPattern);
  const ignore = filter.paths_ignore?.map(compilePathPattern);
  if (!include && !ignore) return { run: true, reason: 'the contract sets no paths filter' };
  let countsBelow: ((path: string) => FoundBelow | null) | undefined;
  for (const changed of changedFiles) {
    const file = typeof changed === 'string' ? changed : changed.path;
    const by = include ? selects(include, file) : null;
    if ((!include || by) && !(ignore && selects(ignore, file)))
      return {
        run: true,
        reason: by ? `${file} matches paths pattern "${by.source}"` : `${file} is not in paths_ignore`,
      };
    if (typeof changed === 'string' || !changed.mayBeDirectory) continue;
    // One search (and one budget) for every directory of this change: a path below counts when the
    // last matching `paths` pattern (if any) is positive and no positive `paths_ignore` one is last.
    countsBelow ??= belowSearch(
      [include ?? [], ignore ?? []],
      ([selected, ignored]) =>
        (!include || (selected != null && !selected.negative)) && !(ignored != null && !ignored.negative),
    );
    const below = countsBelow(file);
    if (below) return { run: true, reason: directoryReason(file, below, filter) };
  }
  const parts = [
    include ? `paths ${JSON.stringify(filter.paths)}` : null,
    ignore ? `paths_ignore ${JSON.stringify(filter.paths_ignore)}` : null,
  ].filter(Boolean);
  return {
    run: false,
    reason: `no changed file (of ${changedFiles.length}) is selected by ${parts.join(' and ')}`,
    files: changedFiles.length,
  };
}

/** Why a path that may be a directory runs the contract although, as a file, it would not. */
function directoryReason(file: string, below: FoundBelow, filter: PathFilter): string {
  const prefix = `${file} may be a directory (GitHub lists a submodule bump as its bare path)`;
  if (below.exhausted) return `${prefix}, and the paths below it are too many to rule out`;
  const selected = below.decided[0];
  if (!selected) return `${prefix}, and not every path below it is in paths_ignore`;
  const kept = filter.paths_ignore ? ' that paths_ignore does not ignore' : '';
  return `${prefix}, and paths pattern "${selected.source}" selects a path below it${kept}`;
}
