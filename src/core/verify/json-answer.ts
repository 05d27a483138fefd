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
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { problem: 'not an object' };
  const record = data as Record<string, unknown>;
  const extra = Object.keys(record).filter((key) => !allowedKeys.includes(key));
  if (extra.length > 0) return { problem: `unexpected keys ${extra.join(', ')}` };
  return { record };
}
