/**
 * Machine-readable metadata hidden in a comment as `<!-- truss:meta {json} -->`. The JSON is
 * written so that nothing inside it can end the HTML comment: `<`, `>` and `&` become \u escapes
 * (so no `-->` or `--!>`), and `--` (which only ever occurs inside JSON strings) becomes
 * `\u002d\u002d`. `@` and `#` are escaped too, so no mention or reference hides in it either.
 * JSON.parse restores the original values exactly.
 */
export const META_PREFIX = '<!-- truss:meta ';
export const META_SUFFIX = ' -->';

export function commentSafeJson(value: unknown): string {
  const json = JSON.stringify(value) ?? 'null';
  return json
    .replace(/[<>&@#]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/--/g, '\\u002d\\u002d');
}

export function embedMeta(metadata: Record<string, unknown>): string {
  return `${META_PREFIX}${commentSafeJson(metadata)}${META_SUFFIX}`;
}

/** Reads the metadata back from a comment body; null when absent or unreadable. */
export function readMeta(body: string): Record<string, unknown> | null {
  const start = body.indexOf(META_PREFIX);
  if (start === -1) return null;
  const end = body.indexOf(META_SUFFIX, start + META_PREFIX.length);
  if (end === -1) return null;
  try {
    const value: unknown = JSON.parse(body.slice(start + META_PREFIX.length, end));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
