import type { BundleLedger } from './bundle.js';
import { canonicalJson } from './canonical-json.js';
import { nodeEntryHash } from './crypto-node.js';
import { hexToBytes } from './encoding.js';
import { ANNOTATION_KINDS, ZERO_HASH } from './entry-hash.js';
import { LedgerError } from './errors.js';
import { type SessionStatus, type StoreContext, writable } from './store-statements.js';

/**
 * The session status an entry kind leaves. A Map, not an object literal: a kind is any name matching
 * the kind pattern, and `constructor` is one, which an object would answer with Object itself.
 */
const STATUS_AFTER: ReadonlyMap<string, SessionStatus> = new Map([
  ['run_completed', 'completed'],
  ['run_failed', 'failed'],
  ['suspended', 'suspended'],
]);

/**
 * Copies a bundle's ledger — the session and every child session it carries — into the store as it
 * is: the same ids, keys, payloads, hashes and signatures, so the copy verifies exactly as the
 * bundle did and a parent written in this store can anchor it (docs/fanout.md "Fan-out across
 * runners"). One transaction: a session that already exists, a payload that cannot be canonicalised,
 * an entry whose hash or link does not recompute, or a child session no `child_anchor` of its parent
 * names refuses the whole import. Signatures are the
 * caller's to have checked (verifyBundle against pinned keys) — and the store's verifySession
 * checks them again on the copy.
 */
export function importLedger(ctx: StoreContext, ledger: BundleLedger): string[] {
  const imported: string[] = [];
  const tx = ctx.db.transaction(() => insertLedger(ctx, ledger, imported));
  tx.immediate();
  return imported;
}

function insertLedger(ctx: StoreContext, ledger: BundleLedger, imported: string[]): void {
  const id = ledger.session_id;
  if (ctx.stmts.session.get(id))
    throw new LedgerError('session_exists', `cannot import session ${id}: it is already in ${ctx.path}`);
  const publicKey = hexToBytes(ledger.public_key, 32);
  if (!publicKey)
    throw new LedgerError(
      'bad_payload',
      `cannot import session ${id}: its public_key is not 64 hex characters`,
    );
  const first = ledger.entries[0]?.payload;
  const now = ctx.clock();
  writable(ctx, ctx.stmts.insertSession).run({
    id,
    code_version: typeof first?.code_version === 'string' ? first.code_version : '',
    model: null,
    tenant: 'local',
    user: 'local',
    pubkey_id: ledger.pubkey_id,
    public_key: Buffer.from(publicKey),
    now,
  });
  let prev: Uint8Array = ZERO_HASH;
  let status: SessionStatus = 'running';
  for (const [index, entry] of ledger.entries.entries()) {
    const where = `cannot import session ${id}: entry ${index}`;
    const canonical = canonicalJson(entry.payload);
    const hash = nodeEntryHash(prev, entry.kind, canonical, entry.seq);
    const signature = hexToBytes(entry.signature, 64);
    if (entry.seq !== index || entry.prev_hash !== Buffer.from(prev).toString('hex'))
      throw new LedgerError('bad_head', `${where} does not follow the one before it`);
    if (hash.toString('hex') !== entry.entry_hash || !signature)
      throw new LedgerError('bad_hash', `${where}: its hash or signature is not what its fields give`);
    writable(ctx, ctx.stmts.insertEntry).run(
      id,
      entry.seq,
      entry.kind,
      canonical,
      Buffer.from(prev),
      hash,
      Buffer.from(signature),
      now,
    );
    if (!ANNOTATION_KINDS.has(entry.kind)) status = STATUS_AFTER.get(entry.kind) ?? 'running';
    prev = hash;
  }
  if (ledger.entries.length > 0) writable(ctx, ctx.stmts.moveHead).run(Buffer.from(prev), status, now, id);
  imported.push(id);
  // Only children this ledger's signed entries commit to: verifyBundle checks those and ignores any
  // other session a bundle carries, so copying one would put unverified rows in a trusted store.
  const anchored = new Set(
    ledger.entries.flatMap((entry) =>
      entry.kind === 'child_anchor' && typeof entry.payload.child_session_id === 'string'
        ? [entry.payload.child_session_id]
        : [],
    ),
  );
  for (const child of ledger.child_sessions ?? []) {
    if (!anchored.delete(child.session_id))
      throw new LedgerError(
        'unanchored_child',
        `cannot import session ${id}: it carries child session ${child.session_id}, which none of its child_anchor entries names (or it is carried twice); a bundle truss exports carries only the children it anchors`,
      );
    insertLedger(ctx, child, imported);
  }
}
