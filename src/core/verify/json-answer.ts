import { MAX_JSON_DEPTH } from '../ledger/canonical-json.js';
import { findJsonStructureProblem } from '../ledger/json-structure.js';

/**
 * Reads a model's answer as exactly one JSON object with only `allowedKeys`: with structured output
 * (`structured` = the tool inputs the model returned) exactly one object; as text the whole reply
 * parsed as one object (surrounding whitespace allowed; fences, prose or a second object are not).
 * Reviewer votes and fan-out judges share it, so neither fishes an answer out of prose.
 */
export function readJsonAnswer(
  text: string,
  structured: readonly unknown[] | undefined,
  allowedKeys: readonly string[],
  options: { proseBesideStructured: 'refuse' | 'ignore' },
): { record: Record<string, unknown> } | { problem: string } {
  let data: unknown;
  if (structured !== undefined) {
    if (structured.length !== 1)
      return { problem: `${structured.length} structured answers, expected exactly one` };
    if (options.proseBesideStructured === 'refuse' && text.trim() !== '')
      return { problem: 'prose next to the structured answer' };
    data = structured[0];
  } else {
    const trimmed = text.trim();
    if (!trimmed.startsWith('{') || !trimmed.endsWith('}')) return { problem: 'not exactly one JSON object' };
    try {
      data = JSON.parse(trimmed);
    } catch {
      return { problem: 'not exactly one JSON object' };
    }
    // A key twice in one object says two things: JSON.parse keeps the last, other readers the first.
    // Not exactly one answer, so unverifiable (docs/security.md "Strict answers").
    const structure = findJsonStructureProblem(trimmed, MAX_JSON_DEPTH);
    if (structure?.kind === 'duplicate_key')
      return { problem: `key ${JSON.stringify(structure.key)} appears twice in one object` };
    if (structure) return { problem: `nested deeper than ${MAX_JSON_DEPTH} levels` };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { problem: 'not an object' };
  const record = data as Record<string, unknown>;
  const extra = Object.keys(record).filter((key) => !allowedKeys.includes(key));
  if (extra.length > 0) return { problem: `unexpected keys ${extra.join(', ')}` };
  return { record };
}
