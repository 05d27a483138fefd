import type { Redactor } from '../process/redact.js';
import type { Provider } from '../providers/provider.js';
import { type Ctx, createCtx } from '../runtime/ctx.js';
import type { NonceSource } from '../verify/evidence-envelope.js';
import {
  type DecisionSigner,
  type SignedDecisionResult,
  signDecision,
  supersededBy,
} from './decision-session.js';
import type { LedgerRef, MemoryEntry } from './entry.js';
import { MemoryError } from './errors.js';
import { reviewEntry } from './review-entry.js';
import { nextTrust } from './store.js';

/** How a promotion is decided: the reviewer panel, or a maintainer's own signed decision. */
export type PromotionMethod =
  | {
      method: 'panel';
      seats: readonly Provider[];
      redact: Redactor;
      /** Budget and cancellation for the seats' calls (default: unlimited, never cancelled). */
      ctx?: Ctx | undefined;
      nonce?: NonceSource | undefined;
      /** A maintainer's own signed `memory_approval` of this promotion, named by the verdict. */
      approval?: LedgerRef | undefined;
    }
  | { method: 'maintainer'; reason: string };

/**
 * Promotes an unverified entry (docs/memory.md "Decisions"), in a decision session of its own: the
 * panel reviews the entry against its provenance (a met majority promotes, a not_met majority
 * rejects, otherwise nothing changes), or a maintainer's key signs the promotion with a reason. A promotion supersedes verified
 * entries of the same kind and key; the verdict lists them.
 */
export async function promoteEntry(
  who: DecisionSigner,
  entry: MemoryEntry,
  how: PromotionMethod,
): Promise<SignedDecisionResult> {
  nextTrust(entry.trust, 'promote');
  if (how.method === 'maintainer' && how.reason.trim() === '')
    throw new MemoryError('bad_transition', 'a maintainer promotion needs a reason (--reason)');
  const supersedes = supersededBy(who.memory, entry);
  return signDecision(who, entry, async (session) => {
    if (how.method === 'maintainer')
      return { decision: 'promote', method: 'maintainer', reason: how.reason, supersedes };
    const decision = await reviewEntry(session, {
      entry,
      ledger: who.ledger,
      seats: how.seats,
      ctx: how.ctx ?? createCtx({}),
      redact: how.redact,
      nonce: how.nonce,
    });
    const approval = how.approval ? { approval: how.approval } : {};
    return decision.decision === 'promote' ? { ...decision, supersedes, ...approval } : decision;
  });
}

/** Revokes a verified entry: it becomes stale, with the signed reason and the promotion it withdraws. */
export async function revokeEntry(
  who: DecisionSigner,
  entry: MemoryEntry,
  reason: string,
): Promise<SignedDecisionResult> {
  nextTrust(entry.trust, 'revoke');
  if (reason.trim() === '') throw new MemoryError('bad_transition', 'a revocation needs a reason (--reason)');
  return signDecision(who, entry, async () => ({
    decision: 'revoke',
    method: 'maintainer',
    reason,
    revokes: entry.provenance.verified_by,
  }));
}
