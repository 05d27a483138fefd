import { MAX_JSON_DEPTH } from './canonical-json.js';

/**
 * The deepest nesting a bundle document may have: a payload may nest MAX_JSON_DEPTH levels, and the
 * bundle wraps it in a few levels per ledger (bundle, ledger, entries, entry; two more per child
 * session). Checked on the text before anything walks the parsed value recursively (JSON.stringify
 * overflows at engine-dependent depths), so every reader refuses the same documents
 * (docs/ledger.md "Bundle").
 */
export const MAX_BUNDLE_DEPTH = 2 * MAX_JSON_DEPTH;

/** What is wrong with a JSON text's structure, with the UTF-16 offset where it shows. */
export type JsonStructureProblem =
  | { kind: 'duplicate_key'; key: string; position: number }
  | { kind: 'too_deep'; limit: number; position: number }
  | { kind: 'non_finite_number'; literal: string; position: number };

/**
 * The first object key that occurs twice in one object of `text`, or the first place it nests deeper
 * than `maxDepth`; null when neither. `JSON.parse` keeps the last of two equal keys silently while
 * other JSON readers keep the first or refuse, so `"met":false,"met":true` would mean different
 * things to different verifiers: bundle readers refuse it. Keys are compared decoded (`"m\u0065t"`
 * repeats `"met"`).
 *
 * With `finiteNumbers`, also the first number literal too large for a double (`1e400`, 400 digits):
 * `JSON.parse` reads it as Infinity, which canonical JSON refuses and `JSON.stringify` writes as
 * `null`, so such a bundle read directly and the same bundle embedded in a report page (re-serialised)
 * would fail in different ways; bundle readers refuse it as unreadable instead (docs/ledger.md "Bundle").
 *
 * `text` must already be valid JSON (call it after `JSON.parse` succeeded); this only tracks
 * structure. Iterative, so it never overflows a stack whatever the input.
 */
export function findJsonStructureProblem(
  text: string,
  maxDepth: number,
  options: { finiteNumbers?: boolean } = {},
): JsonStructureProblem | null {
  const finiteNumbers = options.finiteNumbers === true;
  // One entry per open container: the keys seen so far for an object, null for an array.
  const stack: Array<Set<string> | null> = [];
  let expectKey = false;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      const start = i;
      i = closingQuote(text, i);
      if (!expectKey) continue;
      const keys = stack[stack.length - 1];
      if (!keys) continue;
      const raw = text.slice(start + 1, i);
      const key = raw.includes('\\') ? (JSON.parse(text.slice(start, i + 1)) as string) : raw;
      if (keys.has(key)) return { kind: 'duplicate_key', key, position: start };
      keys.add(key);
      expectKey = false;
      continue;
    }
    if (finiteNumbers && (c === 0x2d /* - */ || (c >= 0x30 && c <= 0x39))) {
      // Outside strings, a number literal: [-0-9][0-9.eE+-]*. Only a long one or one with an
      // exponent can overflow, so short plain numbers are not converted.
      let end = i + 1;
      let exponent = false;
      for (; end < length; end++) {
        const d = text.charCodeAt(end);
        if (d === 0x65 || d === 0x45) exponent = true;
        else if (!((d >= 0x30 && d <= 0x39) || d === 0x2e || d === 0x2b || d === 0x2d)) break;
      }
      if ((exponent || end - i > 300) && !Number.isFinite(Number(text.slice(i, end)))) {
        return { kind: 'non_finite_number', literal: text.slice(i, end), position: i };
      }
      i = end - 1;
      continue;
    }
    switch (c) {
      case 0x7b /* { */:
      case 0x5b /* [ */:
        if (stack.length >= maxDepth) return { kind: 'too_deep', limit: maxDepth, position: i };
        stack.push(c === 0x7b ? new Set() : null);
        expectKey = c === 0x7b;
        break;
      case 0x7d /* } */:
      case 0x5d /* ] */:
        stack.pop();
        expectKey = false;
        break;
      case 0x2c /* , */:
        expectKey = Boolean(stack[stack.length - 1]);
        break;
    }
  }
  return null;
}

/**
 * Where the string that opens at `open` closes: the next quote not escaped by an odd run of
 * backslashes (the text is valid JSON), or the end of the text. `indexOf` skips a string's contents
 * several times faster than a loop over its characters, and strings are most of a bundle.
 */
function closingQuote(text: string, open: number): number {
  for (let end = text.indexOf('"', open + 1); end !== -1; end = text.indexOf('"', end + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === 0x5c /* \ */) backslashes++;
    if (backslashes % 2 === 0) return end;
  }
  return text.length;
}

/** 1-based line and column of UTF-16 offset `position` in `text`, for error messages. */
export function lineColumn(text: string, position: number): string {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < position; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return `${line}:${position - lineStart + 1}`;
}

/** The message every bundle reader gives for a structure problem, so the CLI, the App and the page say the same. */
export function jsonStructureMessage(source: string, text: string, problem: JsonStructureProblem): string {
  const at = lineColumn(text, problem.position);
  if (problem.kind === 'non_finite_number') {
    const literal = problem.literal.length > 24 ? `${problem.literal.slice(0, 20)}…` : problem.literal;
    return `${source}: the number ${literal} at ${at} is too large for a JSON number (it reads as Infinity, which no ledger payload holds and JSON cannot write back), so this is not a bundle Truss wrote — export it again with \`truss ledger export\``;
  }
  if (problem.kind === 'duplicate_key') {
    return `${source}: key ${JSON.stringify(problem.key)} appears twice in one object (the second at ${at}); JSON readers disagree on which value wins, so a bundle with a repeated key is refused — export it again with \`truss ledger export\``;
  }
  return `${source}: nested deeper than ${problem.limit} levels of arrays and objects at ${at}; ledger payloads nest at most ${MAX_JSON_DEPTH} levels, so this is not a bundle Truss wrote — export it again with \`truss ledger export\``;
}
