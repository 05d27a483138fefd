import { type PayloadOf, readPayload } from '../ledger/entry-kinds.js';

/** The entry kind of a signed decision about a memory entry. */
export const MEMORY_VERDICT_KIND = 'memory_verdict';
/** `run_started.kind` of the session a decision is signed in (each decision has a session of its own). */
export const MEMORY_SESSION_KIND = 'memory';

/** How a decision was reached. */
export type DecisionMethod = MemoryVerdictPayload['method'];

/**
 * Payload of `memory_verdict` (docs/memory.md "Decisions"), as the entry-kind catalogue defines it
 * (src/core/ledger/entry-kinds-memory.ts): `memory_id`, `decision`, `method`, the `entry` decided
 * about pinned by kind, key, body hash and producer, the `reason`, the verified entries a promotion
 * `supersedes`, the promotion a revocation `revokes`, and the panel's `votes`.
 */
export type MemoryVerdictPayload = PayloadOf<'memory_verdict'>;

/** Reads a signed `memory_verdict` payload through the catalogue, or says which field is wrong. */
export function readMemoryVerdict(payload: unknown): MemoryVerdictPayload | { error: string } {
  const read = readPayload('memory_verdict', payload);
  return 'error' in read ? read : read.payload;
}
