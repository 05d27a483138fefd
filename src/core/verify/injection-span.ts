/**
 * The lines a detector span covers, as every surface names them (docs/security.md, "Suspected
 * injection is evidence, and fails closed"): `12`, or `12-15` for an instruction split over several
 * lines. `end_line` is absent in entries recorded before spans carried it. Kept apart from the
 * detector so the report page can name lines without bundling its patterns.
 */
export function spanLines(span: { line: number | null; end_line?: number | null | undefined }): string {
  const end = span.end_line ?? span.line;
  return end !== null && end !== span.line ? `${span.line}-${end}` : `${span.line}`;
}
