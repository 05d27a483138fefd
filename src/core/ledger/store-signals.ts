import { canonicalJson } from './canonical-json.js';
import { requireSession } from './store-sessions.js';
import { type StoreContext, writable } from './store-statements.js';

/** A row of the `signals` queue: an external wake-up waiting for (or delivered to) a session. */
export interface QueuedSignal {
  name: string;
  payload: unknown;
  status: 'pending' | 'delivered';
  created_at: number;
}

/**
 * Queues a signal with a `created_at` strictly after the session's last one (it is part of the
 * key). It reaches the journal only when the run consumes it (an append with `deliverSignal`).
 */
export function queueSignal(
  ctx: StoreContext,
  sessionId: string,
  name: string,
  payload: unknown,
): QueuedSignal {
  requireSession(ctx, sessionId);
  const text = payload === undefined ? null : canonicalJson(payload);
  return ctx.db
    .transaction((): QueuedSignal => {
      const last = ctx.stmts.lastSignalTime.get(sessionId)?.t ?? null;
      // created_at is part of the key: keep it strictly increasing per session.
      const createdAt = Math.max(ctx.clock(), last === null ? 0 : last + 1);
      writable(ctx, ctx.stmts.insertSignal).run(sessionId, name, text, createdAt);
      return { name, payload: payload ?? null, status: 'pending', created_at: createdAt };
    })
    .immediate();
}

/** The session's signal queue, oldest first. */
export function listSignals(ctx: StoreContext, sessionId: string): QueuedSignal[] {
  return ctx.stmts.signals.all(sessionId).map((row) => ({
    name: row.name,
    payload: row.payload === null ? null : JSON.parse(row.payload),
    status: row.status === 'delivered' ? 'delivered' : 'pending',
    created_at: row.created_at,
  }));
}
