import { canonicalJson } from './canonical-json.js';
import type { DecodedEntry, FailureCode } from './chain-verifier.js';
import { bytesToHex } from './encoding.js';
import type { LedgerEntry } from './entry.js';
import { seqProblem } from './entry-seq.js';
import { findJsonStructureProblem } from './json-structure.js';
import type { JournalRow } from './store-statements.js';

/**
 * A journal row as a LedgerEntry, whatever it holds: a payload that is not JSON is kept as
 * `{unparseable_payload}` so readers and exports still show the tampered row.
 */
export function toLedgerEntry(row: JournalRow): LedgerEntry {
  let payload: Record<string, unknown>;
  try {
    payload = JSON.parse(row.payload);
  } catch {
    payload = { unparseable_payload: row.payload };
  }
  return {
    seq: row.seq,
    kind: row.kind,
    payload,
    prev_hash: storedHex(row.prev_hash),
    entry_hash: storedHex(row.entry_hash),
    signature: storedHex(row.signature),
  };
}

/**
 * A hash or signature column as hex. SQLite keeps any type a hand-edited file gives the column: a
 * value that is not a blob (the hex itself stored as text, a number) becomes text naming it, which is
 * no hex, so an export fails it as `malformed_entry` at its seq as `truss ledger verify` does; read
 * as bytes, the characters of such text once made up hex that could even have the right length
 * (docs/ledger.md "One answer on every path").
 */
function storedHex(value: unknown): string {
  return Buffer.isBuffer(value) ? bytesToHex(value) : `not a blob: ${String(value)}`;
}

/**
 * A row decodeRow refused, as an export carries it. A payload stored as a blob, or as text that is
 * not JSON, has no value a bundle can hold: carried as toLedgerEntry shows it (the blob's JSON, or
 * `{unparseable_payload}`), a blob payload verified in the bundle while `truss ledger verify` failed
 * the row. It is carried as its text in a JSON string instead, which every bundle reader fails as
 * `malformed_entry` at the row's position, as the database does (docs/ledger.md "One answer on every path").
 */
export function exportedEntry(row: JournalRow): LedgerEntry {
  const entry = toLedgerEntry(row);
  const stored: unknown = row.payload;
  if (typeof stored === 'string') {
    try {
      JSON.parse(stored);
      return entry;
    } catch {}
  }
  const text = Buffer.isBuffer(stored) ? stored.toString('utf8') : String(stored);
  return { ...entry, payload: text as unknown as Record<string, unknown> };
}

/**
 * True when a stored payload is JSON spelled otherwise than the canonical form of the value it parses
 * to (keys out of order, whitespace, a repeated key). `truss ledger verify` fails such a row as
 * `payload_not_canonical`, but a bundle holds payload values, and any spelling of one verifies there:
 * carried over, the row would read as signed (docs/ledger.md "Verification results"). Text that is
 * not JSON at all is not this: it is carried as `unparseable_payload`, which fails at its seq.
 */
export function respelledPayload(text: unknown): boolean {
  if (typeof text !== 'string') return false;
  let canonical: string;
  try {
    canonical = canonicalJson(JSON.parse(text));
  } catch {
    return false;
  }
  return canonical !== text;
}

/**
 * Why a stored payload that is JSON cannot be carried into a bundle as a value, or null: a number
 * past a double (`1e400`) parses as Infinity, which `truss ledger verify` fails as `malformed_entry`
 * (it has no canonical form) but an export would write as `null`, a different failure, and bundle
 * readers refuse the literal itself (docs/ledger.md "Verification results"). The reason is the
 * verifier's own message for the row.
 */
export function overflowingPayload(row: { seq: unknown; payload: unknown }): string | null {
  if (typeof row.payload !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(row.payload);
  } catch {
    return null;
  }
  if (
    findJsonStructureProblem(row.payload, Number.POSITIVE_INFINITY, { finiteNumbers: true })?.kind !==
    'non_finite_number'
  )
    return null;
  try {
    canonicalJson(value);
  } catch (error) {
    return `seq ${row.seq}: payload cannot be canonicalised (${(error as Error).message})`;
  }
  return null;
}

/** Hands rows over as LedgerEntry, reusing the payload the verifier already parsed. */
export function entryHandler(
  onEntry: (entry: LedgerEntry) => void,
): (row: JournalRow, decoded: DecodedEntry | undefined) => void {
  return (row, decoded) => {
    if (!decoded) {
      onEntry(toLedgerEntry(row));
      return;
    }
    onEntry({
      seq: row.seq,
      kind: row.kind,
      payload: decoded.payload,
      prev_hash: row.prev_hash.toString('hex'),
      entry_hash: row.entry_hash.toString('hex'),
      signature: row.signature.toString('hex'),
    });
  };
}

type RowDecodeError = { code: FailureCode; error: string };

const BYTE_FIELDS = [
  ['prev_hash', 32],
  ['entry_hash', 32],
  ['signature', 64],
] as const;

/**
 * Checks one stored row's shape for the chain verifier: a non-negative integer seq, text kind,
 * 32/32/64-byte hashes and signature, a JSON object payload stored in exactly its canonical form.
 * `position` is the row's place in seq order; the caller reports a failure there, as a bundle
 * verifier does for the same entry.
 * `checkCanonical` is false only for rows a signed checkpoint covers: their text is proven to be what
 * the key holder hashed once the chain reaches the checkpoint, and it wrote only canonical text.
 */
export function decodeRow(
  row: JournalRow,
  position: number,
  checkCanonical = true,
): DecodedEntry | RowDecodeError {
  // Messages are built only on failure: this runs for every row of every verify and resume.
  const malformed = (error: string): RowDecodeError => ({
    code: 'malformed_entry',
    error: `seq ${row.seq}: ${error}`,
  });
  const seqError = seqProblem(row.seq, position);
  if (seqError) return { code: 'malformed_entry', error: seqError };
  if (typeof row.kind !== 'string') return malformed('kind is not text');
  for (const [field, length] of BYTE_FIELDS) {
    const value = row[field];
    if (!Buffer.isBuffer(value) || value.length !== length)
      return malformed(`${field} is not ${length} bytes`);
  }
  if (typeof row.payload !== 'string') return malformed('payload is not text');
  let payload: unknown;
  try {
    payload = JSON.parse(row.payload);
  } catch {
    return malformed('payload is not valid JSON');
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    return malformed('payload is not a JSON object');
  if (checkCanonical) {
    let canonical: string;
    try {
      canonical = canonicalJson(payload);
    } catch (error) {
      return malformed(`payload cannot be canonicalised (${(error as Error).message})`);
    }
    // Stored text must be exactly the hashed canonical form, or an edit could hide behind an equivalent spelling.
    if (canonical !== row.payload)
      return {
        code: 'payload_not_canonical',
        error: `seq ${row.seq}: stored payload is not in canonical form`,
      };
  }
  return {
    seq: row.seq,
    kind: row.kind,
    payload: payload as Record<string, unknown>,
    canonicalPayload: row.payload,
    prevHash: row.prev_hash,
    entryHash: row.entry_hash,
    signature: row.signature,
  };
}
