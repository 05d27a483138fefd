import * as z from 'zod/mini';
import { HUMAN_REVIEW_DECISIONS, type HumanReviewDecision } from './entry.js';

const hex32 = z.string().check(z.regex(/^[0-9a-f]{64}$/, 'expected 64 lowercase hex characters'));

/**
 * The `human_review` payload as every consumer must read it (docs/ledger.md "Human sign-off"): the
 * decision is one of the three strings, never something that merely prints like one (`["approved"]`,
 * `true`). Fields a decision depends on are strict; `note`, `actor` and `source` are descriptive and
 * only type-checked when present, so reviews written by earlier versions keep reading. Extra fields
 * are allowed (entry kinds are extended, never repurposed). zod/mini keeps the report page small.
 */
const HumanReviewPayloadSchema = z.looseObject({
  decision: z.enum(HUMAN_REVIEW_DECISIONS),
  attested_head_hash: hex32,
  reviewer_key_id: z.string(),
  reviewer_public_key: hex32,
  note: z.optional(z.nullable(z.string())),
  actor: z.optional(
    z.nullable(
      z.looseObject({ login: z.optional(z.nullable(z.string())), id: z.optional(z.nullable(z.number())) }),
    ),
  ),
  source: z.optional(z.nullable(z.looseObject({}))),
});

/** A `human_review` payload that passed the strict reader. */
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
 * The one reader of `human_review` payloads, shared by the verifier, the report page, approval
 * gates, GitHub checks and the CLI, so none of them can read a decision another refuses. Returns
 * the typed review, or an error naming the first bad field (what to fix: re-sign the review).
 */
export function readHumanReview(payload: unknown): { review: HumanReview } | { error: string } {
  const parsed = HumanReviewPayloadSchema.safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || '(payload)';
    const value = field === 'decision' ? ` ${describe((payload as { decision?: unknown })?.decision)}` : '';
    const want = field === 'decision' ? ' (must be the string approved, rejected or needs_changes)' : '';
    return { error: `human_review ${field}${value} is malformed${want}: ${issue?.message ?? 'invalid'}` };
  }
  const p = parsed.data;
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

function describe(value: unknown): string {
  if (value === undefined) return 'missing';
  try {
    return (JSON.stringify(value) ?? String(value)).slice(0, 80);
  } catch {
    return typeof value;
  }
}
