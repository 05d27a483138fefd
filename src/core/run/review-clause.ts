import { createHash } from 'node:crypto';
import type { ResolvedContract } from '../contract/schema.js';
import { type RedactionCounts, type Redactor, redactionField, tallyingRedactor } from '../process/redact.js';
import type { DurableSession } from '../runtime/durable.js';
import { anchorFindings } from '../verify/citations.js';
import { parseDiffHunks } from '../verify/diff-hunks.js';
import { type PreparedEvidence, prepareEvidence } from '../verify/evidence-lines.js';
import { evidenceRecordFields } from '../verify/evidence-record.js';
import type { GitInfo } from '../verify/git-info.js';
import { revealHidden } from '../verify/hidden-text.js';
import { detectInjection } from '../verify/injection-detect.js';
import { applyInjectionPolicy, injectionPolicyOf } from '../verify/injection-policy.js';
import { runPanel, type SeatVote } from '../verify/panel.js';
import { collectReviewEvidence, type ReviewEvidence } from '../verify/review-evidence.js';
import type { ClauseVerdict } from '../verify/verdict.js';
import { majority, recordedSeatVote } from '../verify/vote.js';
import { chargeReplayedUsage } from './replayed-usage.js';
import type { CommonRunOptions } from './run-types.js';

/**
 * What the reviewers of `clause` are shown of the work: the diff from the base and its
 * `reviewer_context` files, as the working copy holds them now. The run reads it before any check
 * or `[checks] setup` runs in the working copy (run-contract.ts): they run the work's own code, which
 * could rewrite the changed files, and the panel would judge what they left instead of the work the
 * verdict is signed for (docs/contracts.md, "How clauses are judged").
 */
export function gatherReviewEvidence(
  clause: Extract<ResolvedContract['done'][number], { kind: 'review' }>,
  options: CommonRunOptions,
  git: GitInfo | null,
): Promise<ReviewEvidence> {
  return collectReviewEvidence({
    workdir: options.workdir,
    git,
    contextFiles: clause.reviewer_context,
    withheld: options.ctx.isolation?.withheld,
    scratchParent: options.ctx.isolation?.tempDir,
    env: options.env,
  });
}

/**
 * One review clause: `review_evidence`, then one `review_vote` per seat in seat order, each with its
 * findings anchored to the diff's changed lines as `citations` (citations.ts). Recorded votes are
 * replayed (and their spend charged again); only missing seats are asked, in parallel.
 */
export async function verifyReview(
  session: DurableSession,
  index: number,
  clause: Extract<ResolvedContract['done'][number], { kind: 'review' }>,
  options: CommonRunOptions,
  contract: ResolvedContract,
  git: GitInfo | null,
  redact: Redactor,
  /** What {@link gatherReviewEvidence} read before the checks ran; else it is read now. */
  gathered?: Promise<ReviewEvidence>,
): Promise<{ clause: ClauseVerdict; budgetExhausted: string | null }> {
  const { ctx } = options;
  const seats = 'seats' in options.panel ? options.panel.seats : [];
  ctx.events({ type: 'review_started', clause: index, desc: clause.desc, seats: seats.length });
  if ('unavailable' in options.panel) {
    ctx.events({ type: 'review_finished', clause: index, status: 'unverifiable' });
    return {
      clause: {
        clause: index,
        kind: 'review',
        desc: clause.desc,
        status: 'unverifiable',
        reason: options.panel.unavailable,
      },
      budgetExhausted: null,
    };
  }
  let evidence: { raw: ReviewEvidence; prepared: PreparedEvidence } | undefined;
  let redactions: RedactionCounts = {};
  const collect = async () => {
    if (!evidence) {
      // The secret scan runs before anything reaches a reviewer model, not only before the journal.
      const tally = tallyingRedactor(redact);
      const raw = await (gathered ?? gatherReviewEvidence(clause, options, git));
      const redacted: ReviewEvidence = {
        ...raw,
        diff: tally.redact(raw.diff),
        files: raw.files.map((file) => ({
          ...file,
          content: file.content === null ? null : tally.redact(file.content),
        })),
        notes: raw.notes.map(tally.redact),
      };
      redactions = tally.counts();
      evidence = { raw: redacted, prepared: prepareEvidence(redacted) };
    }
    return evidence;
  };
  const policy = injectionPolicyOf(contract);
  const { entry: evidenceEntry } = await session.activity('review_evidence', `clause ${index}`, async () => {
    const { raw: collected, prepared } = await collect();
    // Told to the person running too, not only to the reviewers: a reviewer_context path with a typo
    // otherwise left the panel judging without the file, and nobody who could fix it knew.
    for (const note of collected.notes) ctx.events({ type: 'review_evidence_note', clause: index, note });
    const diffBytes = Buffer.from(collected.diff);
    const injection = detectInjection(prepared);
    return {
      payload: {
        clause: index,
        base_sha: git?.base_sha ?? null,
        head_sha: git?.head_sha ?? null,
        diff_sha256: sha256(diffBytes),
        diff_bytes: collected.diffBytes,
        diff_truncated: collected.diffTruncated,
        ...evidenceRecordFields(collected, prepared, injection, policy, redact),
        ...redactionField(redactions),
      },
      blobs: [diffBytes],
    };
  });

  let budgetExhausted: string | null = null;
  const votes: Array<SeatVote | undefined> = seats.map((_, seat) => {
    const entry = session.replayNext('review_vote', `clause ${index} seat ${seat}`);
    if (!entry) return undefined;
    const vote = recordedSeatVote(entry.payload);
    if (typeof vote.error === 'string' && vote.error.startsWith('budget exhausted'))
      budgetExhausted ??= vote.error;
    const over = chargeReplayedUsage(ctx.budget, vote.usage);
    if (over !== null) budgetExhausted ??= over;
    return vote;
  });
  const missing = new Set(votes.flatMap((vote, seat) => (vote ? [] : [seat])));
  if (missing.size > 0) {
    const panel = await runPanel({
      intent: contract.contract.intent,
      clause,
      evidence: (await collect()).prepared,
      seats,
      ctx,
      nonce: options.evidenceNonce,
      skip: (seat) => !missing.has(seat),
    });
    budgetExhausted ??= panel.budgetExhausted;
    const hunks = parseDiffHunks((await collect()).raw.diff);
    for (const { findings, ...vote } of panel.votes) {
      // A model may echo hidden characters from the evidence; record them visibly.
      const visible = (text: string) => redact(revealHidden(text).text);
      const entry = session.appendLive('review_vote', {
        payload: {
          clause: index,
          ...vote,
          reasoning: visible(vote.reasoning),
          error: vote.error === null ? null : redact(vote.error),
          // Each named problem, placed on the diff's lines only when it lies in a changed hunk.
          citations: anchorFindings(findings ?? [], hunks).map((citation) => ({
            ...citation,
            location: visible(citation.location),
            // The path a seat wrote, when it names no changed file, is model text like the location:
            // a token written there was recorded as is. Only redacted: a changed file's path comes
            // from the diff (already scanned) and must stay the one GitHub names.
            path: citation.path === null ? null : redact(citation.path),
            problem: visible(citation.problem),
            hunk: citation.hunk && {
              header: visible(citation.hunk.header),
              lines: citation.hunk.lines.map((line) => ({ n: line.n, text: visible(line.text) })),
            },
          })),
        },
      });
      votes[vote.seat] = recordedSeatVote(entry.payload);
    }
  }
  const all = votes as SeatVote[];
  for (const vote of all) {
    ctx.events({ type: 'vote', clause: index, seat: vote.seat, lens: vote.lens, vote: vote.vote });
  }
  const counts = { met: 0, not_met: 0, unverifiable: 0 };
  for (const vote of all) counts[vote.vote]++;
  const judged = applyInjectionPolicy({
    status: majority(all.map((vote) => vote.vote)),
    reason: `${counts.met} of ${all.length} seats voted met (strict majority needed)`,
    policy,
    detected: evidenceEntry.payload.injection_suspected ?? null,
    votes: all,
  });
  ctx.events({ type: 'review_finished', clause: index, status: judged.status });
  return {
    clause: {
      clause: index,
      kind: 'review',
      desc: clause.desc,
      status: judged.status,
      reason: judged.reason,
      votes: counts,
      ...(judged.injection ? { injection: judged.injection } : {}),
    },
    budgetExhausted,
  };
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
