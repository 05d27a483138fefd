/** One journal entry as it is authenticated: exactly the six fields docs/ledger.md "Entries" signs over. */
export interface LedgerEntry {
  seq: number;
  kind: string;
  payload: Record<string, unknown>;
  prev_hash: string;
  entry_hash: string;
  signature: string;
}

/** Payload of a `human_review` entry (docs/ledger.md "Entries"). */
export interface HumanReviewPayload {
  decision: HumanReviewDecision;
  note: string;
  attested_head_hash: string;
  reviewer_key_id: string;
  reviewer_public_key: string;
  actor: { login: string; id: number | null };
  /** A PR review (review id, reviewed commit), or a `/truss approve|reject` comment on an approval gate. */
  source:
    | { review_id: number | string | null; commit_sha: string | null; url: string | null }
    | { comment_id: number; url: string | null };
}

export const HUMAN_REVIEW_DECISIONS = ['approved', 'rejected', 'needs_changes'] as const;
export type HumanReviewDecision = (typeof HUMAN_REVIEW_DECISIONS)[number];

/**
 * Payload of a `child_anchor` entry: the parent commits to the child's final head and, since child
 * runs (docs/fanout.md), to its first entry, its verdict entry and what it was asked to do. The
 * later fields are optional for readers: anchors written before them still verify.
 */
export interface ChildAnchorPayload {
  child_session_id: string;
  child_head_hash: string;
  child_root_hash?: string;
  task?: string;
  scope?: unknown;
  budget_slice?: unknown;
  status?: string;
  verdict_ref?: { seq: number; entry_hash: string } | null;
}
