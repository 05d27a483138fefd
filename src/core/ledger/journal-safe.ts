/**
 * `value` (JSON-shaped) with what canonical JSON refuses made safe, so one odd value from a model or
 * a tool server cannot abort a run when it is journaled (docs/ledger.md "Entries"): a string with a
 * lone UTF-16 surrogate (a JSON `\ud800` escape parses to one) gets U+FFFD in its place, in keys as
 * well as values, and an integer past 2^53 (a 64-bit id) becomes its decimal string. Returns a copy;
 * anything else is kept as it is.
 */
export function journalSafe(value: unknown): unknown {
  if (typeof value === 'string') return value.toWellFormed();
  if (typeof value === 'number') {
    return Number.isInteger(value) && !Number.isSafeInteger(value) && Math.abs(value) < 1e21
      ? String(value)
      : value;
  }
  if (Array.isArray(value)) return value.map(journalSafe);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key.toWellFormed()] = journalSafe(item);
    return out;
  }
  return value;
}
