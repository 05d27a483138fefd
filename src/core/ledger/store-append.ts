import { canonicalJson } from './canonical-json.js';
import { nodeEntryHash } from './crypto-node.js';
import { bytesEqual, hexToBytes } from './encoding.js';
import type { LedgerEntry } from './entry.js';
import {
  ANNOTATION_KINDS,
  HUMAN_REVIEW_KIND,
  KIND_PATTERN,
  TERMINAL_KINDS,
  ZERO_HASH,
} from './entry-hash.js';
import { LedgerError } from './errors.js';
import type { Signer } from './keys.js';
import { insertBlob } from './store-blobs.js';
import { type SessionStatus, type StoreContext, writable } from './store-statements.js';

/** Payloads above this belong in a blob (the entry keeps the hash); keeps every entry cheap to verify. */
export const MAX_PAYLOAD_BYTES = 4 * 1024 * 1024;

/** What an append writes besides the entry, in the same transaction. */
export interface AppendOptions {
  /** Memoised tool result written in the same transaction as its provenance entry. */
  memo?: { key: string; result: unknown };
  /** Large outputs stored by sha256 in the same transaction; the payload should carry their hashes. */
  blobs?: Uint8Array[];
  /** A queued signal this entry consumes: marked `delivered` in the same transaction. */
  deliverSignal?: { name: string; createdAt: number };
  /**
   * Commit without waiting for the disk (WAL with synchronous=NORMAL for this one transaction):
   * the entry survives a crash or SIGKILL of the process like any other, but a power loss may take
   * it (never a part of it) until the next ordinary commit, whose fsync makes everything before it
   * durable too. Only for an entry whose loss just means repeating harmless work (a read-only tool's
   * result). Refused with a memo, a delivered signal, human reviews and terminal entries, which must
   * be on disk before anything acts on them.
   */
  deferSync?: boolean;
}

/** Appends one signed, chained entry (see LedgerStore.append). */
export type AppendEntry = (
  sessionId: string,
  kind: string,
  payload: Record<string, unknown>,
  signer: Signer,
  options?: AppendOptions,
) => LedgerEntry;

interface PendingAppend {
  sessionId: string;
  kind: string;
  payload: Record<string, unknown>;
  canonicalPayload: string;
  signer: Signer;
  options: AppendOptions;
  memoText: string | undefined;
}

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
 * The store's append, with its IMMEDIATE transaction built once (wrapping a function per call costs
 * more than its statements). Everything that can be checked without the database is checked before
 * the transaction starts; seq, head and key are read inside it, from the committed state.
 */
export function createAppend(ctx: StoreContext): AppendEntry {
  const appendTx = ctx.db.transaction((pending: PendingAppend) => appendInTransaction(ctx, pending));
  return (sessionId, kind, payload, signer, options = {}) => {
    if (!KIND_PATTERN.test(kind))
      throw new LedgerError('bad_kind', `entry kind ${JSON.stringify(kind)} must match ${KIND_PATTERN}`);
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
      throw new LedgerError('bad_payload', `the payload of a ${kind} entry must be a JSON object`);
    }
    // A run_started that names a session binds that id to the chain; it must be this session's.
    if (kind === 'run_started' && payload.session_id !== undefined && payload.session_id !== sessionId) {
      throw new LedgerError(
        'session_mismatch',
        `run_started names session ${JSON.stringify(payload.session_id)}, but it is being appended to session ${sessionId}`,
      );
    }
    const canonicalPayload = canonicalJson(payload);
    const payloadBytes = Buffer.byteLength(canonicalPayload, 'utf8');
    if (payloadBytes > MAX_PAYLOAD_BYTES) {
      throw new LedgerError(
        'payload_too_large',
        `the ${kind} payload is ${payloadBytes} bytes (limit ${MAX_PAYLOAD_BYTES}); store large content as a blob and journal its hash`,
      );
    }
    const memoText = options.memo ? canonicalJson(options.memo.result) : undefined;
    const pending = { sessionId, kind, payload, canonicalPayload, signer, options, memoText };
    if (!options.deferSync) return appendTx.immediate(pending);
    if (options.memo || options.deliverSignal || kind === HUMAN_REVIEW_KIND || TERMINAL_KINDS.has(kind)) {
      throw new LedgerError(
        'defer_sync_refused',
        `a ${kind} entry${options.memo ? ' with a memo' : options.deliverSignal ? ' that consumes a signal' : ''} must be committed durably (deferSync refused)`,
      );
    }
    writable(ctx, ctx.stmts.syncNormal).run();
    try {
      return appendTx.immediate(pending);
    } finally {
      writable(ctx, ctx.stmts.syncFull).run();
    }
  };
}

/** The append itself; runs inside one IMMEDIATE transaction, so seq and head come from the committed state. */
function appendInTransaction(ctx: StoreContext, pending: PendingAppend): LedgerEntry {
  const { sessionId, kind, payload, canonicalPayload, signer, options, memoText } = pending;
  const session = ctx.stmts.head.get(sessionId);
  if (!session) throw new LedgerError('no_session', `no session ${sessionId} in ${ctx.path}`);
  const expectedKey =
    kind === HUMAN_REVIEW_KIND ? hexToBytes(payload.reviewer_public_key, 32) : session.public_key;
  if (kind === HUMAN_REVIEW_KIND && expectedKey && bytesEqual(expectedKey, session.public_key)) {
    throw new LedgerError(
      'wrong_signer',
      `refusing to append human_review to ${sessionId}: it is signed by the session key; sign off with your own key (truss keygen)`,
    );
  }
  if (!expectedKey || !bytesEqual(signer.publicKey, expectedKey)) {
    const whose =
      kind === HUMAN_REVIEW_KIND
        ? 'the reviewer_public_key in its payload'
        : `the session key ${session.pubkey_id}`;
    throw new LedgerError(
      'wrong_signer',
      `refusing to append ${kind} to ${sessionId}: signer ${signer.keyId} is not ${whose}`,
    );
  }
  const seq = session.tip === null ? 0 : session.tip + 1;
  const prevHash = session.head_hash ?? ZERO_HASH;
  const entryHash = nodeEntryHash(prevHash, kind, canonicalPayload, seq);
  const signature = signer.sign(entryHash);
  const now = ctx.clock();
  writable(ctx, ctx.stmts.insertEntry).run(
    sessionId,
    seq,
    kind,
    canonicalPayload,
    prevHash,
    entryHash,
    signature,
    now,
  );
  const status = ANNOTATION_KINDS.has(kind) ? session.status : (STATUS_AFTER.get(kind) ?? 'running');
  writable(ctx, ctx.stmts.moveHead).run(entryHash, status, now, sessionId);
  if (options.memo) {
    try {
      writable(ctx, ctx.stmts.insertMemo).run(sessionId, options.memo.key, seq, memoText, now);
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
        throw new LedgerError(
          'memo_exists',
          `memo ${JSON.stringify(options.memo.key)} is already recorded for session ${sessionId}`,
        );
      }
      throw error;
    }
  }
  if (options.deliverSignal) {
    const { name, createdAt } = options.deliverSignal;
    if (writable(ctx, ctx.stmts.deliverSignal).run(sessionId, name, createdAt).changes !== 1) {
      throw new LedgerError(
        'signal_not_pending',
        `signal ${JSON.stringify(name)} of ${sessionId} is not pending (delivered twice?)`,
      );
    }
  }
  for (const bytes of options.blobs ?? []) insertBlob(ctx, bytes, now);
  return {
    seq,
    kind,
    payload,
    prev_hash: Buffer.from(prevHash.buffer, prevHash.byteOffset, prevHash.byteLength).toString('hex'),
    entry_hash: entryHash.toString('hex'),
    signature: Buffer.from(signature.buffer, signature.byteOffset, signature.byteLength).toString('hex'),
  };
}
