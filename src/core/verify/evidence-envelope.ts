import { randomBytes } from 'node:crypto';
import type { EvidenceLine, EvidenceSection } from './evidence-lines.js';

/**
 * The container that keeps evidence data. A fixed fence (```) can be closed by the evidence itself,
 * after which the judged party writes its own headings or answer. Instead every reviewer request
 * wraps the evidence in `<evidence-NONCE>` … `</evidence-NONCE>` with a fresh random nonce that the
 * evidence is checked not to contain, so nothing inside can close the region or forge a section
 * marker. The nonce is not journaled: replay matches recorded votes by position, never by prompt
 * bytes (runtime/durable.ts), so a resumed run needs no identical prompt.
 */

/** Returns a nonce of 8–64 characters [0-9a-z]; injectable for deterministic tests. */
export type NonceSource = () => string;

export const randomNonce: NonceSource = () => randomBytes(8).toString('hex');

/** No usable delimiter: the nonce source keeps returning a nonce the evidence contains, or a bad one. */
export class EvidenceDelimiterError extends Error {
  override name = 'EvidenceDelimiterError';
}

export interface EvidenceDelimiter {
  nonce: string;
  /** `evidence-<nonce>`: the element name. */
  tag: string;
  open: string;
  close: string;
}

const MAX_ATTEMPTS = 16;

/**
 * A delimiter whose tag occurs in none of `texts` (case-insensitive). A colliding nonce is drawn
 * again; a source that cannot produce a clean one fails closed with EvidenceDelimiterError.
 */
export function chooseDelimiter(
  texts: readonly string[],
  nonce: NonceSource = randomNonce,
): EvidenceDelimiter {
  const haystack = texts.map((t) => t.toLowerCase());
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const value = nonce();
    if (!/^[0-9a-z]{8,64}$/.test(value)) {
      throw new EvidenceDelimiterError(
        `evidence nonce must be 8-64 characters of [0-9a-z], got ${JSON.stringify(value)}`,
      );
    }
    const tag = `evidence-${value}`;
    if (haystack.some((t) => t.includes(tag))) continue;
    return { nonce: value, tag, open: `<${tag}>`, close: `</${tag}>` };
  }
  throw new EvidenceDelimiterError(
    `no evidence delimiter absent from the evidence after ${MAX_ATTEMPTS} nonces`,
  );
}

/**
 * The evidence message body: one region, one nonce-tagged marker line per section. With
 * `lineNumbers`, each diff line of the new side starts with its new-side line number (a removed line
 * with blanks of the same width), so a reviewer cites the lines it reads instead of counting from
 * the hunk header: counted, citations landed a few lines off and, inside a hunk, were placed on the
 * wrong line (docs/contracts.md "Findings on the lines they are about"). The numbers are those
 * evidence-lines.ts located each line at, read from the same diff the citations are anchored against;
 * the column is the prompt's, not the diff's (the recorded diff and its hash stay git's bytes).
 */
export function wrapEvidence(
  sections: readonly EvidenceSection[],
  delimiter: EvidenceDelimiter,
  options: { lineNumbers?: boolean } = {},
): string {
  const parts = [delimiter.open];
  if (sections.length === 0) parts.push(`[${delimiter.tag}: no diff and no files were collected]`);
  for (const section of sections) {
    parts.push(`[${delimiter.tag}: ${section.label}${section.truncated ? ' (truncated)' : ''}]`);
    const show = options.lineNumbers && section.source === 'diff' ? numbered(section.lines) : null;
    for (const line of section.lines) parts.push(show ? show(line) : line.text);
  }
  parts.push(delimiter.close);
  return parts.join('\n');
}

/** A diff line with its new-side number in front, right-aligned; headers as they are. */
function numbered(lines: readonly EvidenceLine[]): (line: EvidenceLine) => string {
  const removed = (line: EvidenceLine) => line.text.startsWith('-');
  let max = 0;
  for (const line of lines) if (line.line !== null && !removed(line)) max = Math.max(max, line.line);
  const width = String(max).length;
  const blank = ' '.repeat(width);
  return (line) => {
    if (line.line === null) return line.text;
    return `${removed(line) ? blank : String(line.line).padStart(width)} ${line.text}`;
  };
}
