import type { PayloadOf } from '../ledger/entry-kinds.js';
import type { Redactor } from '../process/redact.js';
import type { PreparedEvidence } from './evidence-lines.js';
import { revealHidden } from './hidden-text.js';
import type { InjectionReport } from './injection-detect.js';
import type { InjectionPolicy } from './injection-policy.js';
import type { SeatVote } from './panel.js';
import type { ReviewEvidence } from './review-evidence.js';

/**
 * The fields a `review_evidence` entry records about what the seats saw, for a review clause and a
 * memory promotion alike: the files (sizes, not contents), the notes, hidden text counted per file,
 * and suspected injection with its spans. Paths and matches are author-chosen: redacted.
 */
export function evidenceRecordFields(
  evidence: ReviewEvidence,
  prepared: PreparedEvidence,
  injection: InjectionReport,
  policy: InjectionPolicy,
  redact: Redactor,
): Record<string, unknown> {
  return {
    files: evidence.files.map((f) => ({
      path: f.path,
      bytes: f.bytes,
      truncated: f.truncated,
      problem: f.problem,
    })),
    // Notes name files (author-chosen paths): recorded as models and humans read them.
    notes: evidence.notes.map((note) => revealHidden(note).text),
    // What models were shown differs from the raw bytes where text was hidden: counted per file.
    hidden_text: prepared.hidden.map((h) => ({
      source: h.source,
      path: redact(h.path),
      counts: h.counts,
      total: h.total,
    })),
    injection_suspected: injection.suspected
      ? {
          policy,
          total: injection.total,
          spans: injection.spans.map((span) => ({
            ...span,
            path: redact(span.path),
            match: redact(span.match),
          })),
        }
      : null,
  };
}

/** A `review_vote` payload: the seat's vote with its reasoning and error made visible and redacted. */
export function votePayload(clause: number, vote: SeatVote, redact: Redactor): PayloadOf<'review_vote'> {
  return {
    clause,
    ...vote,
    // A model may echo hidden characters from the evidence; record them visibly.
    reasoning: redact(revealHidden(vote.reasoning).text),
    error: vote.error === null ? null : redact(vote.error),
  };
}
