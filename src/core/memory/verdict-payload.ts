import { isMemoryKind, type LedgerRef, type MemoryKind, readRef } from './entry.js';
import { MEMORY_DECISIONS, type MemoryDecision } from './store.js';

/** The entry kind of a signed decision about a memory entry. */
export const MEMORY_VERDICT_KIND = 'memory_verdict';
/** `run_started.kind` of the session a decision is signed in (each decision has a session of its own). */
export const MEMORY_SESSION_KIND = 'memory';

/** How a decision was reached. */
export const DECISION_METHODS = ['panel', 'maintainer', 'eval'] as const;
export type DecisionMethod = (typeof DECISION_METHODS)[number];

/** Payload of `memory_verdict` (docs/memory.md "Decisions"). */
export interface MemoryVerdictPayload {
  memory_id: string;
  decision: MemoryDecision;
  method: DecisionMethod;
  /** What was decided about, pinned: the id already commits to kind, key and body. */
  entry: { kind: MemoryKind; key: string; body_sha256: string; produced_by: LedgerRef };
  reason: string;
  /** promote: verified entries of the same kind and key this one replaces (they become stale). */
  supersedes: string[];
  /** revoke: the promoting verdict withdrawn. */
  revokes: LedgerRef | null;
  /** panel: the seats' votes. */
  votes: { met: number; not_met: number; unverifiable: number } | null;
}

/** Reads a signed `memory_verdict` payload, or says which field is wrong. */
export function readMemoryVerdict(
  payload: Record<string, unknown>,
): MemoryVerdictPayload | { error: string } {
  const p = payload;
  if (typeof p.memory_id !== 'string' || !/^[0-9a-f]{64}$/.test(p.memory_id))
    return { error: 'memory_id is not a sha256 hex id' };
  if (!(MEMORY_DECISIONS as readonly unknown[]).includes(p.decision))
    return { error: `decision ${JSON.stringify(p.decision)} is not one of ${MEMORY_DECISIONS.join(', ')}` };
  if (!(DECISION_METHODS as readonly unknown[]).includes(p.method))
    return { error: `method ${JSON.stringify(p.method)} is not one of ${DECISION_METHODS.join(', ')}` };
  const entry = (p.entry ?? {}) as Record<string, unknown>;
  const producedBy = readRef(entry.produced_by);
  if (
    !isMemoryKind(entry.kind) ||
    typeof entry.key !== 'string' ||
    typeof entry.body_sha256 !== 'string' ||
    !producedBy
  )
    return { error: 'entry is not {kind, key, body_sha256, produced_by}' };
  const supersedes = Array.isArray(p.supersedes) ? p.supersedes : [];
  if (!supersedes.every((id) => typeof id === 'string')) return { error: 'supersedes is not a list of ids' };
  const revokes = p.revokes === null || p.revokes === undefined ? null : readRef(p.revokes);
  if (p.revokes && !revokes) return { error: 'revokes is not a ledger reference' };
  const votes = p.votes as MemoryVerdictPayload['votes'] | undefined;
  return {
    memory_id: p.memory_id,
    decision: p.decision as MemoryDecision,
    method: p.method as DecisionMethod,
    entry: { kind: entry.kind, key: entry.key, body_sha256: entry.body_sha256, produced_by: producedBy },
    reason: typeof p.reason === 'string' ? p.reason : '',
    supersedes: supersedes as string[],
    revokes,
    votes: votes && typeof votes === 'object' ? votes : null,
  };
}
