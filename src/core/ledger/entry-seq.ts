/**
 * Why an entry's `seq` cannot be read, or null. Both containers check it here first — a bundle's
 * `ledger.entries` (decode-entry.ts) and a database's journal rows (store-rows.ts) — and report the
 * failure at the entry's position, the seq it should have: a row stored at seq 3.5 or -1 fails as
 * `malformed_entry` at its position in `truss ledger verify`, a resume, and `truss verify` and the
 * report page on its export alike (docs/ledger.md "Verification results").
 */
export function seqProblem(seq: unknown, position: number): string | null {
  if (typeof seq === 'number' && Number.isSafeInteger(seq) && seq >= 0) return null;
  return `entry ${position}: seq is not a non-negative integer`;
}
