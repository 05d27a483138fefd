import type { PayloadOf } from './entry-kinds.js';

/** One journal entry as it is authenticated: exactly the six fields docs/ledger.md "Entries" signs over. */
export interface LedgerEntry {
  seq: number;
  kind: string;
  payload: Record<string, unknown>;
  prev_hash: string;
  entry_hash: string;
  signature: string;
}

/**
 * A `human_review` payload as Truss writes it (docs/ledger.md "Entries"): stricter than what the
 * catalogue reads (entry-kinds.ts `PayloadOf<'human_review'>`), which writers annotate their payload
 * with, so the two cannot drift.
 */
export interface HumanReviewPayload {
  decision: HumanReviewDecision;
  note: string;
  attested_head_hash: string;
  reviewer_key_id: string;
  reviewer_public_key: string;
  actor: { login: string; id: number | null };
  /**
   * A PR review (review id, reviewed commit), a `/truss approve|reject` comment on an approval gate,
   * or the dismissal of a PR review, which retracts the approval entry it names (docs/ledger.md
   * "Retracting a sign-off").
   */
  source:
    | { review_id: number | string | null; commit_sha: string | null; url: string | null }
    | { comment_id: number; url: string | null }
    | { dismissed_review_id: number; retracts: { seq: number; entry_hash: string }; url: string | null };
}

export const HUMAN_REVIEW_DECISIONS = ['approved', 'rejected', 'needs_changes'] as const;
export type HumanReviewDecision = (typeof HUMAN_REVIEW_DECISIONS)[number];

/** Payload of a `child_anchor` entry: the parent commits to the child's final head (entry-kinds.ts). */
export type ChildAnchorPayload = PayloadOf<'child_anchor'>;
