import { randomUUID } from 'node:crypto';
import { LedgerError } from './errors.js';
import type { Signer } from './keys.js';
import { type SessionRow, type SessionStatus, type StoreContext, writable } from './store-statements.js';

/** A session as callers see it: hashes and keys as lowercase hex, with its entry count. */
export interface SessionInfo {
  id: string;
  status: SessionStatus;
  code_version: string;
  model: string | null;
  tenant: string;
  user: string;
  head_hash: string | null;
  pubkey_id: string;
  public_key: string;
  created_at: number;
  updated_at: number;
  entries: number;
}

/** What a new session records: the one key that may sign its non-review entries, and who runs it. */
export interface NewSession {
  signer: Signer;
  codeVersion: string;
  id?: string;
  model?: string | null;
  tenant?: string;
  user?: string;
}

/** Inserts a `running` session with no entries; an id that is taken is a `session_exists` LedgerError. */
export function createSession(ctx: StoreContext, options: NewSession): SessionInfo {
  const id = options.id ?? randomUUID();
  try {
    writable(ctx, ctx.stmts.insertSession).run({
      id,
      code_version: options.codeVersion,
      model: options.model ?? null,
      tenant: options.tenant ?? 'local',
      user: options.user ?? 'local',
      pubkey_id: options.signer.keyId,
      public_key: Buffer.from(options.signer.publicKey),
      now: ctx.clock(),
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY')
      throw new LedgerError('session_exists', `session ${id} already exists`);
    throw error;
  }
  return requireSession(ctx, id);
}

/** The session with this id, or undefined. */
export function findSession(ctx: StoreContext, id: string): SessionInfo | undefined {
  const row = ctx.stmts.session.get(id);
  return row ? toSessionInfo(row) : undefined;
}

/** The session with this id, or a `no_session` LedgerError that says how to list the sessions there are. */
export function requireSession(ctx: StoreContext, id: string): SessionInfo {
  const session = findSession(ctx, id);
  if (!session)
    throw new LedgerError(
      'no_session',
      `no session ${id} in ${ctx.path}; list sessions with \`truss ledger list --db ${ctx.path}\``,
    );
  return session;
}

/** Every session, oldest first. */
export function listSessions(ctx: StoreContext): SessionInfo[] {
  return ctx.stmts.sessions.all().map(toSessionInfo);
}

/**
 * SQLite keeps whatever type a hand-edited file gives a column, so the session's head, key and key
 * fingerprint are read as what they are: a head that is not a blob becomes text naming it (it is the
 * hash of no entry, so `truss ledger verify`, a resume and the export's bundle all fail it as
 * `head_mismatch`, where `5.toString('hex')` threw a RangeError), and a fingerprint that is not text
 * becomes '' (`key_mismatch` on every path, where the export wrote a bundle no reader could read).
 * docs/ledger.md "One answer on every path".
 */
function toSessionInfo(row: SessionRow): SessionInfo {
  const head: unknown = row.head_hash;
  return {
    ...row,
    head_hash:
      head === null ? null : Buffer.isBuffer(head) ? head.toString('hex') : `not a blob: ${String(head)}`,
    pubkey_id: typeof row.pubkey_id === 'string' ? row.pubkey_id : '',
    public_key: Buffer.isBuffer(row.public_key) ? row.public_key.toString('hex') : '',
  };
}
