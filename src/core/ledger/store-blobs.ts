import { createHash } from 'node:crypto';
import { hexToBytes } from './encoding.js';
import { LedgerError } from './errors.js';
import { type StoreContext, writable } from './store-statements.js';

/**
 * Stores bytes under their SHA-256 (a blob already there is kept); returns the hash. Used by
 * putBlob and inside the append transaction, so an entry and the outputs it names commit together.
 */
export function insertBlob(ctx: StoreContext, bytes: Uint8Array, now: number): Buffer {
  const hash = createHash('sha256').update(bytes).digest();
  writable(ctx, ctx.stmts.insertBlob).run(hash, bytes, bytes.length, now);
  return hash;
}

/**
 * A blob by hex hash: `bytes` is null once it was shredded; `undefined` means no such blob. The
 * bytes must hash to the key: entries sign only the hash, and the row is anyone's to edit who holds
 * the file (a suspended run's artifact), so a blob whose bytes were swapped — a tool output the
 * resumed model reads, a diff the clean room applies — is refused, never handed on.
 */
export function readBlob(
  ctx: StoreContext,
  hashHex: string,
): { bytes: Buffer | null; size: number } | undefined {
  const hash = hexToBytes(hashHex, 32);
  if (!hash) return undefined;
  const row = ctx.stmts.blob.get(Buffer.from(hash));
  const actual = row?.bytes ? createHash('sha256').update(row.bytes).digest() : null;
  if (actual && !actual.equals(hash))
    throw new LedgerError(
      'blob_tampered',
      `blob ${hashHex} in ${ctx.path} does not hash to its name: its bytes were changed after it was stored`,
    );
  return row;
}

/**
 * Crypto-shred (docs/ledger.md "Store"): deletes a blob's bytes but keeps its hash and size, then
 * empties the WAL so the old bytes leave the disk too. Returns whether there were bytes to erase.
 */
export function shredBlob(ctx: StoreContext, hashHex: string): boolean {
  const hash = hexToBytes(hashHex, 32);
  if (!hash) throw new LedgerError('bad_hash', `blob hash must be 64 lowercase hex characters`);
  const shredded = writable(ctx, ctx.stmts.shred).run(Buffer.from(hash)).changes > 0;
  // Move the zeroed page into the main file and empty the WAL, which still holds the old bytes.
  if (shredded) ctx.db.pragma('wal_checkpoint(TRUNCATE)');
  return shredded;
}
