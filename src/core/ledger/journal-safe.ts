import { MAX_JSON_DEPTH } from './canonical-json.js';

/**
 * Levels of arrays and objects a value keeps as it is, counted from the value given (a tool input, a
 * server's result): {@link MAX_JSON_DEPTH} less room for the payload around it, which wraps it in a
 * few levels at most (a model answer's input sits at `content[i].input`).
 */
export const JOURNAL_SAFE_DEPTH = MAX_JSON_DEPTH - 16;

/**
 * `value` (JSON-shaped) with what canonical JSON refuses made safe, so one odd value from a model or
 * a tool server cannot abort a run when it is journaled (docs/ledger.md "Entries"): a string with a
 * lone UTF-16 surrogate (a JSON `\ud800` escape parses to one) gets U+FFFD in its place, in keys as
 * well as values, an integer past 2^53 (a 64-bit id) becomes its decimal string, and an array or
 * object nested {@link JOURNAL_SAFE_DEPTH} levels down becomes its JSON text (a string), since a
 * signed payload nests at most {@link MAX_JSON_DEPTH} levels. Returns a copy; anything else is kept
 * as it is.
 */
export function journalSafe(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.toWellFormed();
  if (typeof value === 'number') {
    return Number.isInteger(value) && !Number.isSafeInteger(value) && Math.abs(value) < 1e21
      ? String(value)
      : value;
  }
  if (value !== null && typeof value === 'object' && depth >= JOURNAL_SAFE_DEPTH) return jsonText(value);
  if (Array.isArray(value)) return value.map((item) => journalSafe(item, depth + 1));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key.toWellFormed()] = journalSafe(item, depth + 1);
    return out;
  }
  return value;
}

/** A too-deep value as its JSON text; one nested past what JSON.stringify can walk, as a note. */
function jsonText(value: object): string {
  try {
    return (JSON.stringify(value) ?? 'null').toWellFormed();
  } catch {
    return `[a value nested too deeply to be kept]`;
  }
}
