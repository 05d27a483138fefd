import { randomUUID } from 'node:crypto';
import type { EntryKind, LedgerStore, PayloadOf, Signer } from '../ledger/index.js';
import { type Redactor, secretRedactor } from '../process/redact.js';
import { BudgetMeter } from '../runtime/budget.js';
import { type Ctx, createCtx } from '../runtime/ctx.js';
import { DurableSession } from '../runtime/durable.js';
import { CancelledError } from '../runtime/durable-errors.js';
import type { RunHost } from './run-service.js';

/** A session whose work is child runs — an eval, a benchmark — with what its children share. */
export interface ParentSession {
  ctx: Ctx;
  session: DurableSession;
  redact: Redactor;
  /** The host's options every child run takes as they are (env, secrets, clean-room parent, …). */
  passThrough: Omit<RunHost, 'events' | 'signal' | 'isolation' | 'contractDir'>;
}

/** Who signs a parent session, for whom, and the host it runs under. */
export interface ParentSessionOptions {
  store: LedgerStore;
  signer: Signer;
  codeVersion: string;
  principal: Record<string, unknown>;
  sessionId?: string | undefined;
  host: RunHost;
}

export type ParentSessionResult<R> =
  | { status: 'completed'; sessionId: string; headHash: string; report: R }
  | { status: 'aborted'; sessionId: string; message: string; cancelled: boolean };

/**
 * Opens the signed session of an eval or a benchmark (docs/eval.md, docs/bench-verdicts.md), built
 * as run-service.ts builds a run's: the context (cancelled by the host's signal, confined by its
 * isolation) with a meter of no ceiling of its own — each child is held to its own `[budget]` and
 * all of it is counted here — and the redactor of the host's secrets. The caller records
 * `run_started`, then drives its children with {@link driveParentSession}.
 */
export function openParentSession(options: ParentSessionOptions): ParentSession {
  const { host } = options;
  const { events, signal, isolation, contractDir: _contractDir, ...passThrough } = host;
  const ctx = createCtx({
    ...(signal ? { signal } : {}),
    events,
    budget: new BudgetMeter({}),
    ...(isolation ? { isolation } : {}),
  });
  const session = DurableSession.start({
    store: options.store,
    signer: options.signer,
    codeVersion: options.codeVersion,
    id: options.sessionId ?? randomUUID(),
  });
  return { ctx, session, redact: secretRedactor(host.env, host.secrets ?? []), passThrough };
}

/**
 * Runs `body` and ends the session: its report signed as one entry of `kind`, then
 * `run_completed` — or, when it throws or is cancelled, a signed `run_failed` with the redacted
 * reason, so the ledger is terminal and verifiable either way.
 */
export async function driveParentSession<K extends EntryKind, R extends PayloadOf<K>>(
  parent: ParentSession,
  label: string,
  kind: K,
  body: () => Promise<R>,
): Promise<ParentSessionResult<R>> {
  const { ctx, session } = parent;
  try {
    const report = await body();
    session.record(kind, () => ({ payload: report }));
    session.record('run_completed', () => ({
      payload: { overall: null, finished_at: new Date(ctx.now()).toISOString() },
    }));
    return {
      status: 'completed',
      sessionId: session.id,
      headHash: session.store.requireSession(session.id).head_hash ?? '',
      report,
    };
  } catch (error) {
    const cancelled = ctx.signal.aborted || error instanceof CancelledError;
    const message = parent.redact(cancelled ? 'cancelled' : ((error as Error).message ?? String(error)));
    session.record('run_failed', () => ({
      payload: { error: message, failed_at: new Date(ctx.now()).toISOString() },
    }));
    return {
      status: 'aborted',
      sessionId: session.id,
      message: `${label} ${session.id} failed: ${message}`,
      cancelled,
    };
  }
}
