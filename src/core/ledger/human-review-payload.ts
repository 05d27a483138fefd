import type { HumanReviewDecision } from './entry.js';
import { readPayload } from './entry-kinds.js';

/** A `human_review` payload that passed the catalogue's reader, with its descriptive fields filled in. */
export interface HumanReview {
  decision: HumanReviewDecision;
  attested_head_hash: string;
  reviewer_key_id: string;
  reviewer_public_key: string;
  note: string;
  actor: { login: string | null; id: number | null } | null;
  source: Record<string, unknown> | null;
}

/**
 * The reader of `human_review` payloads shared by the verifier, the report page, approval gates,
 * GitHub checks and the CLI (docs/ledger.md "Human sign-off"), so none of them can read a decision
 * another refuses: the catalogue's `human_review` schema (entry-kinds.ts), with `note`, `actor` and
 * `source` normalised for display. Returns the review, or an error naming the first bad field (what
 * to fix: re-sign the review).
 */
export function readHumanReview(payload: unknown): { review: HumanReview } | { error: string } {
  const read = readPayload('human_review', payload);
  if ('error' in read) return read;
  const p = read.payload;
  return {
    review: {
      decision: p.decision,
      attested_head_hash: p.attested_head_hash,
      reviewer_key_id: p.reviewer_key_id,
      reviewer_public_key: p.reviewer_public_key,
      note: p.note ?? '',
      actor: p.actor ? { login: p.actor.login ?? null, id: p.actor.id ?? null } : null,
      source: p.source ?? null,
    },
  };
}
