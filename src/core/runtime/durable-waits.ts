import type { LedgerEntry } from '../ledger/entry.js';
import { HUMAN_REVIEW_KIND } from '../ledger/entry-hash.js';
import type { EntryOf, PayloadOf } from '../ledger/entry-kinds.js';
import { type HumanReview, readHumanReview } from '../ledger/human-review-payload.js';
import type { AppendOptions, LedgerStore } from '../ledger/store.js';
import { isPinned, type TrustedKeys } from '../ledger/trusted-keys.js';
import { type ApprovalAwait, type GateBlock, ResumeRefusedError, type Suspension } from './durable-errors.js';
import { plain } from './durable-replay.js';

/** The signal name an approved `human_review` releases a pending approval gate with (docs/runtime.md "Approval gates"). */
export const APPROVAL_SIGNAL = 'approval_gate';

/**
 * What one kind of wait (signal, timer, approval) decides for DurableSession's shared wait: whether
 * the run may go on now, what blocks it, and how a recorded release is checked on replay.
 */
export interface WaitPolicy<R extends ReleaseKind> {
  /** The release entry to append now, or null to (stay) suspended. */
  release: (suspended: LedgerEntry | undefined) => { payload: PayloadOf<R>; options?: AppendOptions } | null;
  blocked?: (suspended: LedgerEntry) => GateBlock | null;
  /** An approval gate with no configured approvers: reported so the output can say what to configure. */
  noApprovers?: boolean;
  /** Decisions on the gate by keys that are not configured approvers (ignored; reported). */
  unpinned?: (suspended: LedgerEntry) => NonNullable<Suspension['unpinnedReviews']>;
  validate?: (release: EntryOf<R>, suspended: LedgerEntry | undefined) => void;
  fireAt?: number;
}

/** The kinds a wait is released by. */
export type ReleaseKind = 'signal_received' | 'timer_fired';

/** A `truss signal` wait: released by the oldest pending signal of that name, which the release entry consumes. */
export function signalWait(
  store: LedgerStore,
  sessionId: string,
  name: string,
): WaitPolicy<'signal_received'> {
  return {
    release: () => {
      const pending = store.signals(sessionId).find((s) => s.status === 'pending' && s.name === name);
      if (!pending) return null;
      return {
        payload: { name, payload: pending.payload, queued_at: pending.created_at },
        options: { deliverSignal: { name, createdAt: pending.created_at } },
      };
    },
  };
}

/** A durable timer set at `timerSeq`: released by the first live check at or after `fireAt`. */
export function timerWait(clock: () => number, timerSeq: number, fireAt: number): WaitPolicy<'timer_fired'> {
  return {
    release: () => {
      const now = clock();
      return now >= fireAt ? { payload: { timer_seq: timerSeq, fire_at: fireAt, fired_at: now } } : null;
    },
    fireAt,
  };
}

/**
 * An approval gate (see DurableSession.awaitApproval): released only by the latest signed, approved
 * `human_review` after the `suspended` entry, attesting it, from a key pinned as a reviewer in
 * `approvers`; a recorded release must point at such a review or the resume is refused.
 */
export function approvalWait(
  store: LedgerStore,
  sessionId: string,
  gate: ApprovalAwait,
  approvers: TrustedKeys,
): WaitPolicy<'signal_received'> {
  // Reviews are read with the strict reader the verifier and the report use (docs/ledger.md
  // "Human sign-off"); a malformed one that would otherwise be the latest blocks the gate (fail closed).
  // The human reviews after the `suspended` entry that attest it, and whether their key is an approver.
  function* reviewsOf(
    suspended: LedgerEntry,
  ): Generator<{ entry: LedgerEntry; keyId: string; pinned: boolean }> {
    for (let seq = suspended.seq + 1; ; seq++) {
      const entry = store.entry(sessionId, seq);
      if (!entry) return;
      if (entry.kind !== HUMAN_REVIEW_KIND) continue;
      const { attested_head_hash, reviewer_public_key, reviewer_key_id } = entry.payload;
      if (attested_head_hash !== suspended.entry_hash) continue;
      yield {
        entry,
        keyId: typeof reviewer_key_id === 'string' ? reviewer_key_id : '?',
        pinned:
          typeof reviewer_public_key === 'string' && isPinned(approvers, reviewer_public_key, 'reviewer'),
      };
    }
  }
  const latestReview = (suspended: LedgerEntry) => {
    let latest: { entry: LedgerEntry; keyId: string; review: HumanReview | null } | undefined;
    for (const { entry, keyId, pinned } of reviewsOf(suspended)) {
      if (!pinned) continue;
      const read = readHumanReview(entry.payload);
      latest = { entry, keyId, review: 'review' in read ? read.review : null };
    }
    return latest;
  };
  return {
    release: (suspended) => {
      if (!suspended) return null;
      const latest = latestReview(suspended);
      if (latest?.review?.decision !== 'approved') return null;
      return {
        payload: {
          name: APPROVAL_SIGNAL,
          gate: plain(gate),
          review_seq: latest.entry.seq,
          review_entry_hash: latest.entry.entry_hash,
          reviewer_key_id: latest.review.reviewer_key_id,
        },
      };
    },
    blocked: (suspended): GateBlock | null => {
      const latest = latestReview(suspended);
      if (!latest) return null;
      return {
        decision: latest.review?.decision ?? 'malformed',
        note: latest.review?.note ?? 'the latest review is malformed and counts as no approval',
        reviewer_key_id: latest.keyId,
        seq: latest.entry.seq,
      };
    },
    noApprovers: approvers.size === 0,
    unpinned: (suspended) => {
      const found: NonNullable<Suspension['unpinnedReviews']> = [];
      if (approvers.size === 0) return found;
      for (const { entry, keyId, pinned } of reviewsOf(suspended)) {
        if (pinned) continue;
        found.push({
          seq: entry.seq,
          decision: readDecision(entry.payload) ?? 'malformed',
          reviewer_key_id: keyId,
        });
      }
      return found;
    },
    validate: (release, suspended) => {
      const { review_seq } = release.payload;
      const review = review_seq === undefined ? undefined : store.entry(sessionId, review_seq);
      const ok =
        suspended !== undefined &&
        review !== undefined &&
        review.kind === HUMAN_REVIEW_KIND &&
        review.seq > suspended.seq &&
        readDecision(review.payload) === 'approved' &&
        review.payload.attested_head_hash === suspended.entry_hash &&
        review.entry_hash === release.payload.review_entry_hash;
      if (!ok) {
        throw new ResumeRefusedError(
          `refusing to resume ${sessionId}: the approval release at seq ${release.seq} does not point at a signed approved human_review after its gate`,
        );
      }
    },
  };
}

/** The decision of a `human_review` payload under the strict reader, or null when it is malformed. */
function readDecision(payload: unknown): HumanReview['decision'] | null {
  const read = readHumanReview(payload);
  return 'review' in read ? read.review.decision : null;
}
