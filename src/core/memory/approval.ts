import { type PayloadOf, tryReadEntry } from '../ledger/entry-kinds.js';
import { isPinned, type TrustedKeys } from '../ledger/trusted-keys.js';
import { type DecisionSigner, openMemorySession } from './decision-session.js';
import { formatRef, type LedgerRef, type MemoryEntry, sha256Hex } from './entry.js';
import { MemoryError } from './errors.js';
import type { MemoryStore } from './store.js';
import type { VerdictSource } from './verdict-source.js';

/** The entry kind of a maintainer's own signed approval of one promotion (docs/memory.md "On GitHub"). */
export const MEMORY_APPROVAL_KIND = 'memory_approval';
/** `run_started.kind` of the session an approval is signed in (one approval, one session). */
export const APPROVAL_SESSION_KIND = 'memory_approval';

export type MemoryApprovalPayload = PayloadOf<'memory_approval'>;

/**
 * The decision an approval given now follows: the entry's latest decision (null for none). An
 * approval names it, so it is spent by the one promotion that follows it and cannot be replayed
 * after a later decision (an `unverifiable` panel, a revocation).
 */
export function approvalPrior(memory: MemoryStore, memoryId: string): LedgerRef | null {
  return (
    memory
      .decisions(memoryId)
      .filter((d) => d.decision !== 'superseded')
      .at(-1)?.ref ?? null
  );
}

/**
 * Signs a maintainer's approval of promoting `entry` in a session of its own
 * (`run_started {kind: "memory_approval"}`, `memory_approval`, `run_completed`) with the maintainer's
 * own key. It decides nothing by itself: a promotion that names it (a panel's, in a trusted job) counts
 * where approvals are required only when the approval checks (approvalProblem).
 */
export function signApproval(
  who: Pick<DecisionSigner, 'ledger' | 'signer' | 'codeVersion' | 'principal' | 'clock'>,
  entry: MemoryEntry,
  options: { reason: string; prior: LedgerRef | null },
): { sessionId: string; ref: LedgerRef; payload: MemoryApprovalPayload } {
  if (entry.trust !== 'unverified')
    throw new MemoryError(
      'bad_transition',
      `cannot approve promoting an entry that is ${entry.trust} (only unverified entries are promoted)`,
    );
  if (options.reason.trim() === '')
    throw new MemoryError('bad_transition', 'an approval needs a reason (--reason)');
  const { session, pinned, clock } = openMemorySession(who, APPROVAL_SESSION_KIND, entry);
  const payload: MemoryApprovalPayload = {
    memory_id: entry.id,
    action: 'promote',
    entry: pinned,
    reason: options.reason,
    prior: options.prior,
  };
  const signed = session.record(MEMORY_APPROVAL_KIND, () => ({ payload }));
  session.record('run_completed', () => ({
    payload: { overall: null, decision: 'approve', finished_at: new Date(clock()).toISOString() },
  }));
  return {
    sessionId: session.id,
    ref: { session: session.id, seq: signed.seq, entry_hash: signed.entry_hash },
    payload,
  };
}

/**
 * Why the approval at `ref` does not let a promotion of `entry` count (null: it does): it must be a
 * `memory_approval` in a completed `memory_approval` session whose chain verifies, approve promoting
 * exactly this id and body, follow exactly `prior` (the decision before the promotion; null for
 * none), and be signed by a key pinned as `reviewer` — a maintainer's key, never a key pinned only
 * as `signer` (a workflow's) or `log`.
 */
export function approvalProblem(
  verdicts: VerdictSource,
  trusted: TrustedKeys,
  ref: LedgerRef,
  entry: MemoryEntry,
  prior: LedgerRef | null,
): string | null {
  const where = `its approval ${formatRef(ref)}`;
  const resolved = verdicts.resolve(ref);
  if ('problem' in resolved) return `${where}: ${resolved.problem}`;
  if (resolved.sessionKind !== APPROVAL_SESSION_KIND) return `${where} is not in an approval session`;
  const read = tryReadEntry(resolved.entry, 'memory_approval');
  if ('error' in read) return `${where}: ${read.error}`;
  const approval = read.payload;
  if (approval.memory_id !== entry.id)
    return `${where} approves ${approval.memory_id.slice(0, 12)}, not this entry`;
  if (approval.entry.body_sha256 !== sha256Hex(entry.body)) return `${where} names another body`;
  if (!sameRef(approval.prior ?? null, prior))
    return `${where} was given after ${approval.prior ? formatRef(approval.prior) : 'no decision'}, not after ${prior ? formatRef(prior) : 'no decision'} (an approval is spent by the promotion that follows it)`;
  if (!isPinned(trusted, resolved.publicKeyHex, 'reviewer'))
    return `${where} is signed by ${resolved.publicKeyHex.slice(0, 16)}…, a key not pinned as reviewer`;
  return null;
}

function sameRef(a: LedgerRef | null, b: LedgerRef | null): boolean {
  if (a === null || b === null) return a === b;
  return a.session === b.session && a.seq === b.seq && a.entry_hash === b.entry_hash;
}
