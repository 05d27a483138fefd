import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'vitest';
import { checkReceipt } from '../../src/core/anchor/index.js';
import {
  bytesToHex,
  canonicalJson,
  createNodeCrypto,
  entryPreimage,
  exportBundle,
  exportBundleToFile,
  type LedgerCrypto,
  type LedgerEntry,
  LedgerStore,
  type Signer,
  type VerifyReport,
  verifyBundle,
} from '../../src/core/ledger/index.js';
import { keyFromByte, trustedOf } from './keys.js';
import { tempDir } from './temp-dir.js';

/**
 * Shared parts of the ledger verification suites: real SQLite files in temp dirs, real ed25519 keys
 * from fixed seeds, and tamper helpers that edit the database with a second connection or edit the
 * exported bundle JSON, exactly as an attacker with file access would.
 */

export { keyFromByte, trustedOf };

/** The run's session key, a forger's key and a human reviewer's key. */
export const SESSION_KEY = keyFromByte(0x11);
export const FORGER_KEY = keyFromByte(0x22);
export const REVIEWER_KEY = keyFromByte(0x33);

/** A human review's own fields, as a maintainer's approval on a pull request carries them. */
export const REVIEW_FIELDS = {
  decision: 'approved',
  note: 'looks right',
  actor: { login: 'maintainer', id: 42 },
  source: { review_id: 7, commit_sha: '2'.repeat(40), url: 'https://github.com/octo/hello/pull/1' },
} as const;

/** A well-formed human_review payload by REVIEWER_KEY attesting `head`, with `fields` overriding. */
export function reviewPayload(head: string, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...REVIEW_FIELDS,
    attested_head_hash: head,
    reviewer_key_id: REVIEWER_KEY.keyId,
    reviewer_public_key: REVIEWER_KEY.publicKeyHex,
    ...fields,
  };
}

export interface LedgerFixture {
  dir: string;
  dbPath: string;
  store: LedgerStore;
  /** A second, independent connection to the same file: the attacker's handle. */
  raw: Database.Database;
  close(): void;
}

export function openFixture(prefix = 'ledger-verify'): LedgerFixture {
  const { dir, cleanup } = tempDir(prefix);
  const dbPath = path.join(dir, 'ledger.db');
  // Opened as every host opens it: anchor receipts checked by the anchor layer.
  const store = LedgerStore.open(dbPath, { receipts: checkReceipt });
  const raw = new Database(dbPath);
  raw.pragma('busy_timeout = 5000');
  return {
    dir,
    dbPath,
    store,
    raw,
    close() {
      raw.close();
      store.close();
      cleanup();
    },
  };
}

export interface JournalRow {
  seq: number;
  kind: string;
  payload: string;
  prev_hash: Buffer;
  entry_hash: Buffer;
  signature: Buffer;
}

export function journalRows(raw: Database.Database, sessionId: string): JournalRow[] {
  return raw
    .prepare<[string], JournalRow>(
      'SELECT seq, kind, payload, prev_hash, entry_hash, signature FROM journal WHERE session_id = ? ORDER BY seq',
    )
    .all(sessionId);
}

export function journalRow(raw: Database.Database, sessionId: string, seq: number): JournalRow {
  const row = raw
    .prepare<[string, number], JournalRow>(
      'SELECT seq, kind, payload, prev_hash, entry_hash, signature FROM journal WHERE session_id = ? AND seq = ?',
    )
    .get(sessionId, seq);
  if (!row) throw new Error(`test setup: no journal row ${sessionId}/${seq}`);
  return row;
}

/** docs/ledger.md "Entries" entry hash, via the shared preimage builder and node's SHA-256. */
export function entryHash(prev: Uint8Array, kind: string, canonicalPayload: string, seq: number): Buffer {
  return createHash('sha256')
    .update(entryPreimage(prev, kind, canonicalPayload, seq))
    .digest();
}

/** A complete, correctly hashed and signed entry (what a forger holding `signer` can produce). */
export function signEntry(
  prevHex: string,
  seq: number,
  kind: string,
  payload: Record<string, unknown>,
  signer: Signer,
): LedgerEntry {
  const prev = Buffer.from(prevHex, 'hex');
  const hash = entryHash(prev, kind, canonicalJson(payload), seq);
  return {
    seq,
    kind,
    payload,
    prev_hash: prevHex,
    entry_hash: hash.toString('hex'),
    signature: bytesToHex(signer.sign(hash)),
  };
}

export function insertRow(raw: Database.Database, sessionId: string, entry: LedgerEntry): void {
  raw
    .prepare(
      `INSERT INTO journal (session_id, seq, kind, payload, prev_hash, entry_hash, signature, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 0)`,
    )
    .run(
      sessionId,
      entry.seq,
      entry.kind,
      canonicalJson(entry.payload),
      Buffer.from(entry.prev_hash, 'hex'),
      Buffer.from(entry.entry_hash, 'hex'),
      Buffer.from(entry.signature, 'hex'),
    );
}

/** The stored fields of a journal row. */
export const JOURNAL_FIELDS = ['seq', 'kind', 'payload', 'prev_hash', 'entry_hash', 'signature'] as const;
export type JournalField = (typeof JOURNAL_FIELDS)[number];

/**
 * A one-byte edit of `field` of row `seq`, made in the file through `raw`: byte `position` (modulo the
 * field's length) XOR `mask`; seq is edited as its u64le bytes 0-5 (so it stays a safe integer). Null
 * when the edited seq is one of `taken`: moving onto an existing row is two edits, not one.
 */
export function storedFieldEdit(
  raw: Database.Database,
  sessionId: string,
  seq: number,
  field: JournalField,
  position: number,
  mask: number,
  taken: ReadonlySet<number>,
): { apply(): void; restore(): void } | null {
  const row = journalRow(raw, sessionId, seq);
  const run = (sql: string, ...params: unknown[]) => {
    expect(raw.prepare(sql).run(...params).changes).toBe(1);
  };
  if (field === 'seq') {
    const bytes = Buffer.alloc(8);
    bytes.writeBigUInt64LE(BigInt(seq));
    bytes[position % 6] = (bytes[position % 6] as number) ^ mask;
    const mutated = Number(bytes.readBigUInt64LE());
    if (taken.has(mutated)) return null;
    const setSeq = (from: number, to: number) =>
      run('UPDATE journal SET seq = ? WHERE session_id = ? AND seq = ?', to, sessionId, from);
    return { apply: () => setSeq(seq, mutated), restore: () => setSeq(mutated, seq) };
  }
  const set = (value: unknown, cast = false) =>
    run(
      `UPDATE journal SET ${field} = ${cast ? 'CAST(? AS TEXT)' : '?'} WHERE session_id = ? AND seq = ?`,
      value,
      sessionId,
      seq,
    );
  if (field === 'kind' || field === 'payload') {
    const text = row[field];
    const bytes = flipByte(Buffer.from(text, 'utf8'), position % Buffer.byteLength(text), mask);
    // CAST keeps the raw bytes as TEXT, even when they are no longer valid UTF-8.
    return { apply: () => set(bytes, true), restore: () => set(text) };
  }
  const original = row[field];
  const bytes = flipByte(original, position % original.length, mask);
  return { apply: () => set(bytes), restore: () => set(original) };
}

export function setHead(raw: Database.Database, sessionId: string, head: Uint8Array | null): void {
  raw
    .prepare('UPDATE sessions SET head_hash = ? WHERE id = ?')
    .run(head ? Buffer.from(head) : null, sessionId);
}

/**
 * Recomputes entry hashes and prev links of every row from `fromSeq` on (after a payload edit) and
 * moves `sessions.head_hash` to the new last hash. Signatures are kept as they were unless `signer`
 * is given, in which case each rehashed entry is re-signed with it.
 */
export function relinkRows(
  raw: Database.Database,
  sessionId: string,
  fromSeq: number,
  signer?: Signer,
): Buffer | null {
  const rows = journalRows(raw, sessionId);
  const update = raw.prepare(
    'UPDATE journal SET prev_hash = ?, entry_hash = ?, signature = ? WHERE session_id = ? AND seq = ?',
  );
  let prev: Buffer = Buffer.alloc(32);
  let head: Buffer | null = null;
  for (const row of rows) {
    if (row.seq < fromSeq) {
      prev = row.entry_hash;
      head = row.entry_hash;
      continue;
    }
    const hash = entryHash(prev, row.kind, row.payload, row.seq);
    const signature = signer ? Buffer.from(signer.sign(hash)) : row.signature;
    update.run(prev, hash, signature, sessionId, row.seq);
    prev = hash;
    head = hash;
  }
  setHead(raw, sessionId, head);
  return head;
}

/** Same as relinkRows for bundle entries (mutates `entries`); returns the new head hash. */
export function relinkEntries(entries: LedgerEntry[], fromIndex: number, signer?: Signer): string {
  let prev = fromIndex === 0 ? '00'.repeat(32) : (entries[fromIndex - 1] as LedgerEntry).entry_hash;
  for (let i = fromIndex; i < entries.length; i++) {
    const entry = entries[i] as LedgerEntry;
    const hash = entryHash(Buffer.from(prev, 'hex'), entry.kind, canonicalJson(entry.payload), entry.seq);
    entry.prev_hash = prev;
    entry.entry_hash = hash.toString('hex');
    if (signer) entry.signature = bytesToHex(signer.sign(hash));
    prev = entry.entry_hash;
  }
  return prev;
}

/** XOR one byte of a copy of `bytes`. */
export function flipByte(bytes: Uint8Array, index: number, mask = 0x01): Buffer {
  const out = Buffer.from(bytes);
  out[index] = (out[index] as number) ^ mask;
  return out;
}

/** Flips the low bit of byte `index` of a lowercase-hex string, keeping it lowercase hex. */
export function flipHexByte(hex: string, index: number): string {
  return flipByte(Buffer.from(hex, 'hex'), index).toString('hex');
}

/** Exports a session to a real bundle file with the library's streaming exporter and returns its text. */
export function exportText(fixture: LedgerFixture, sessionId: string, crypto: LedgerCrypto): string {
  const file = path.join(fixture.dir, `bundle-${sessionId}-${Math.random().toString(36).slice(2)}.json`);
  exportBundleToFile(fixture.store, sessionId, crypto, file);
  return readFileSync(file, 'utf8');
}

/** Compact summary of a report for assertion messages. */
export function describeReport(report: VerifyReport): string {
  return JSON.stringify({ status: report.status, failure: report.failure, notes: report.notes });
}

/**
 * Verifies a session in the database and as an exported bundle, and asserts that both verifiers
 * reach the same status and failure; returns the database's report.
 */
export function verifyDbAndBundle(
  store: LedgerStore,
  sessionId: string,
  trusted: ReadonlyMap<string, string>,
): VerifyReport {
  const crypto = createNodeCrypto();
  const db = store.verifySession(sessionId, { crypto, trusted });
  const bundle = verifyBundle(exportBundle(store, sessionId, crypto), { crypto, trusted });
  expect(bundle.status).toBe(db.status);
  expect(bundle.failure).toEqual(db.failure);
  return db;
}
