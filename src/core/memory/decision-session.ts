import type { Signer } from '../ledger/keys.js';
import type { LedgerStore } from '../ledger/store.js';
import { DurableSession } from '../runtime/durable.js';
import { type LedgerRef, type MemoryEntry, sha256Hex } from './entry.js';
import type { MemoryDecision, MemoryStore } from './store.js';
import {
  type DecisionMethod,
  MEMORY_SESSION_KIND,
  MEMORY_VERDICT_KIND,
  type MemoryVerdictPayload,
} from './verdict-payload.js';

/** Who signs a memory decision and where it lands. */
export interface DecisionSigner {
  ledger: LedgerStore;
  memory: MemoryStore;
  signer: Signer;
  codeVersion: string;
  /** Who asked for the decision (CLI user, workflow actor); signed into `run_started`. */
  principal: Record<string, unknown>;
  /** Epoch ms for `started_at` (tests). */
  clock?: (() => number) | undefined;
}

export interface Decision {
  decision: MemoryDecision;
  method: DecisionMethod;
  reason: string;
  supersedes?: string[] | undefined;
  revokes?: LedgerRef | null | undefined;
  votes?: MemoryVerdictPayload['votes'] | undefined;
  /** method `eval`: the signed eval report the decision rests on. */
  eval?: MemoryVerdictPayload['eval'] | undefined;
  /** A maintainer's own signed approval the promotion rests on (docs/memory.md "On GitHub"). */
  approval?: LedgerRef | undefined;
}

export interface SignedDecisionResult {
  sessionId: string;
  /** The signed `memory_verdict`. */
  ref: LedgerRef;
  payload: MemoryVerdictPayload;
  /** The entry after the decision was applied to the store. */
  entry: MemoryEntry;
}

/**
 * Signs one decision about one memory entry in a session of its own (docs/memory.md "Decisions"):
 * `run_started {kind: "memory", action, memory_id, entry}`, whatever `evidence` records (a panel's
 * `review_evidence` and `review_vote` entries), the `memory_verdict`, `run_completed`; then applies
 * it to the store (a decision that throws ends the session with `run_failed` and changes nothing).
 * The ledger is written first: if applying fails, the signed decision stands and
 * the store still claims the old tier, which is the safe side (nothing becomes verified unsigned).
 */
export async function signDecision(
  who: DecisionSigner,
  entry: MemoryEntry,
  decide: (session: DurableSession) => Promise<Decision>,
): Promise<SignedDecisionResult> {
  const { session, pinned, clock } = openMemorySession(who, MEMORY_SESSION_KIND, entry, {
    trust: entry.trust,
  });
  let decision: Decision;
  try {
    decision = await decide(session);
  } catch (error) {
    // The session ends signed either way: a decision that could not be reached decided nothing.
    session.record('run_failed', () => ({
      payload: {
        error: String((error as Error).message ?? error),
        failed_at: new Date(clock()).toISOString(),
      },
    }));
    throw error;
  }
  const payload: MemoryVerdictPayload = {
    memory_id: entry.id,
    decision: decision.decision,
    method: decision.method,
    entry: pinned,
    reason: decision.reason,
    supersedes: decision.supersedes ?? [],
    revokes: decision.revokes ?? null,
    votes: decision.votes ?? null,
    ...(decision.eval ? { eval: decision.eval } : {}),
    ...(decision.approval ? { approval: decision.approval } : {}),
  };
  const verdict = session.record(MEMORY_VERDICT_KIND, () => ({
    payload,
  }));
  session.record('run_completed', () => ({
    payload: { overall: null, decision: decision.decision, finished_at: new Date(clock()).toISOString() },
  }));
  const ref = { session: session.id, seq: verdict.seq, entry_hash: verdict.entry_hash };
  const applied = who.memory.applyDecision({
    memory_id: entry.id,
    decision: decision.decision,
    ref,
    supersedes: payload.supersedes,
    evidence: evidenceSessions(payload),
  });
  return { sessionId: session.id, ref, payload, entry: applied };
}

/**
 * Starts a signed session about one memory entry (a decision, an approval): `run_started {kind,
 * memory_id, entry: {kind, key, body_sha256, produced_by, …, body}, code_version, principal}`. Returns
 * the session, the entry as its signed entries pin it, and the clock.
 */
export function openMemorySession(
  who: Pick<DecisionSigner, 'ledger' | 'signer' | 'codeVersion' | 'principal' | 'clock'>,
  kind: string,
  entry: MemoryEntry,
  extra: Record<string, unknown> = {},
): { session: DurableSession; pinned: MemoryVerdictPayload['entry']; clock: () => number } {
  const clock = who.clock ?? Date.now;
  const session = DurableSession.start({
    store: who.ledger,
    signer: who.signer,
    codeVersion: who.codeVersion,
  });
  const pinned = {
    kind: entry.kind,
    key: entry.key,
    body_sha256: sha256Hex(entry.body),
    produced_by: entry.provenance.produced_by,
  };
  session.record('run_started', () => ({
    payload: {
      session_id: session.id,
      kind,
      memory_id: entry.id,
      entry: { ...pinned, ...extra, body: entry.body },
      code_version: who.codeVersion,
      principal: who.principal,
      started_at: new Date(clock()).toISOString(),
    },
  }));
  return { session, pinned, clock };
}

/** Sessions besides its own whose signed entries a verdict rests on: an eval-gated promotion's eval. */
export function evidenceSessions(payload: MemoryVerdictPayload): string[] {
  return payload.eval ? [payload.eval.report.session] : [];
}

/** Verified entries of the same kind and key a promotion of `entry` replaces. */
export function supersededBy(memory: MemoryStore, entry: MemoryEntry): string[] {
  return memory
    .list({ kind: entry.kind, key: entry.key, trust: ['verified'] })
    .filter((other) => other.id !== entry.id)
    .map((other) => other.id);
}
