/**
 * A check's output tails live in blobs (docs/ledger.md): a `check_result` stream carries
 * `tail_sha256` and `tail_bytes`, never the text, so `truss ledger shred` really erases it from the
 * database and every later export. Older entries carried the text inline as `tail`; readers still
 * show those. Browser-safe (the HTML report uses it): hashing is injected.
 */

/** The text of a tail blob; null when it was shredded; undefined when it is not available here. */
export type TailSource = (sha256: string) => string | null | undefined;

/** Shown instead of a tail whose blob was shredded. */
export const SHREDDED_TAIL = '[output shredded with truss ledger shred]';
/** Shown when the tail's blob is not available to this reader (e.g. a bundle exported without it). */
export const MISSING_TAIL = '[output tail not available here]';

/** How a bundle carries the tail blobs of its check results: text by hash, or shredded. */
export type BundleBlobs = Record<string, { utf8: string } | { shredded: true }>;

/** The tail of one stream of a check_result payload, as a person should read it. */
export function streamTail(stream: unknown, tails: TailSource | undefined): string {
  if (!stream || typeof stream !== 'object') return '';
  const s = stream as { tail?: unknown; tail_sha256?: unknown; tail_bytes?: unknown };
  if (typeof s.tail === 'string') return s.tail;
  if (typeof s.tail_sha256 !== 'string') return '';
  if (s.tail_bytes === 0) return '';
  const text = tails?.(s.tail_sha256);
  if (text === null) return SHREDDED_TAIL;
  return text ?? MISSING_TAIL;
}

/**
 * Tails from a bundle's `blobs`: only text whose SHA-256 is the hash the signed entry names is
 * shown (the blobs section is not signed), anything else reads as not available.
 */
export function tailsFromBundle(blobs: unknown, sha256Hex: (bytes: Uint8Array) => string): TailSource {
  const map = blobs && typeof blobs === 'object' ? (blobs as BundleBlobs) : {};
  return (hash) => {
    const blob = Object.hasOwn(map, hash) ? map[hash] : undefined;
    if (!blob || typeof blob !== 'object') return undefined;
    if ('shredded' in blob && blob.shredded === true) return null;
    if (!('utf8' in blob) || typeof blob.utf8 !== 'string') return undefined;
    return sha256Hex(new TextEncoder().encode(blob.utf8)) === hash ? blob.utf8 : undefined;
  };
}

/** The tail blob hashes a run's check results reference. */
export function tailHashes(checks: readonly unknown[]): string[] {
  const hashes: string[] = [];
  for (const check of checks) {
    if (!check || typeof check !== 'object') continue;
    for (const name of ['stdout', 'stderr'] as const) {
      const hash = (check as Record<string, { tail_sha256?: unknown } | undefined>)[name]?.tail_sha256;
      if (typeof hash === 'string') hashes.push(hash);
    }
  }
  return hashes;
}
