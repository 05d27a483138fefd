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

export interface PathFilter {
  paths?: readonly string[] | undefined;
  paths_ignore?: readonly string[] | undefined;
}

interface CompiledPattern {
  source: string;
  negative: boolean;
  regex: RegExp;
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

/** Compiles one pattern (see the module comment); throws PathPatternError naming the offending position. */
export function compilePathPattern(pattern: string): CompiledPattern {
  if (pattern === '' || pattern === '!') throw new PathPatternError('is empty');
  const negative = pattern.startsWith('!');
  const body = negative ? pattern.slice(1) : pattern;
  let out = '';
  // Whether the last token can take a `?` or `+` (a character or a class, not a wildcard).
  let repeatable = false;
  const at = (i: number) => `at character ${i + 1 + (negative ? 1 : 0)}`;
  for (let i = 0; i < body.length; ) {
    const c = body[i] as string;
    if (c === '*') {
      if (body[i + 1] === '*') {
        if (body[i + 2] === '/') {
          out += '(?:.+/)?';
          i += 3;
        } else {
          out += '.*';
          i += 2;
        }
      } else {
        out += '[^/]*';
        i += 1;
      }
      repeatable = false;
    } else if (c === '?' || c === '+') {
      if (!repeatable)
        throw new PathPatternError(
          `${at(i)}: "${c}" repeats the character before it, and there is none (escape it as "\\${c}" to match it literally)`,
        );
      out += c;
      repeatable = false;
      i += 1;
    } else if (c === '[') {
      const close = body.indexOf(']', i + 1);
      if (close === -1) throw new PathPatternError(`${at(i)}: "[" has no closing "]"`);
      out += `[${classBody(body.slice(i + 1, close), at(i))}]`;
      repeatable = true;
      i = close + 1;
    } else if (c === '\\') {
      const next = body[i + 1];
      if (next === undefined) throw new PathPatternError(`${at(i)}: "\\" at the end escapes nothing`);
      out += escapeRegExp(next);
      repeatable = true;
      i += 2;
    } else {
      out += escapeRegExp(c);
      repeatable = true;
      i += 1;
    }
  }
  return { source: pattern, negative, regex: new RegExp(`^${out}$`, 'su') };
}

function classBody(inner: string, where: string): string {
  if (inner === '') throw new PathPatternError(`${where}: "[]" is empty`);
  let out = '';
  for (let j = 0; j < inner.length; j++) {
    const c = inner[j] as string;
    if (inner[j + 1] === '-' && j + 2 < inner.length) {
      const to = inner[j + 2] as string;
      const ok = RANGES.some(([lo, hi]) => c >= (lo as string) && to <= (hi as string) && c <= to);
      if (!ok)
        throw new PathPatternError(
          `${where}: range "${c}-${to}" must lie within a-z, A-Z or 0-9, low to high`,
        );
      out += `${c}-${to}`;
      j += 2;
      continue;
    }
    if (!CLASS_CHAR.test(c))
      throw new PathPatternError(`${where}: "[…]" may list only letters, digits and ranges, not "${c}"`);
    out += c;
  }
  return out;
}

/** Why `pattern` is not a valid filter pattern, or null (the contract schema reports it at file:line:col). */
export function pathPatternProblem(pattern: string): string | null {
  try {
    compilePathPattern(pattern);
    return null;
  } catch (error) {
    if (error instanceof PathPatternError) return error.message;
    throw error;
  }
}

/** Whether the ordered `patterns` select `file`: the last pattern that matches decides. */
export function selects(patterns: readonly CompiledPattern[], file: string): CompiledPattern | null {
  let decided: CompiledPattern | null = null;
  for (const pattern of patterns) if (pattern.regex.test(file)) decided = pattern;
  return decided && !decided.negative ? decided : null;
}

export type PathDecision =
  | { run: true; reason: string }
  | { run: false; reason: string /** How many changed files were looked at. */; files: number };

/**
 * Whether a change touching `changedFiles` runs a contract with this filter. A file counts when
 * `paths` (if set) selects it and `paths_ignore` (if set) does not; the contract runs when any file
 * counts. Without either key every change runs it.
 */
export function decidePathFilter(filter: PathFilter, changedFiles: readonly string[]): PathDecision {
  const include = filter.paths?.map(compilePathPattern);
  const ignore = filter.paths_ignore?.map(compilePathPattern);
  if (!include && !ignore) return { run: true, reason: 'the contract sets no paths filter' };
  for (const file of changedFiles) {
    const by = include ? selects(include, file) : null;
    if (include && !by) continue;
    if (ignore && selects(ignore, file)) continue;
    return {
      run: true,
      reason: by ? `${file} matches paths pattern "${by.source}"` : `${file} is not in paths_ignore`,
    };
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

function escapeRegExp(c: string): string {
  return c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
