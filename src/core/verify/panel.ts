import type { ReviewClause } from '../contract/schema.js';
import type { Provider } from '../providers/provider.js';
import { BudgetExceededError } from '../runtime/budget.js';
import type { Ctx } from '../runtime/ctx.js';
import type { Finding } from './citations.js';
import type { NonceSource } from './evidence-envelope.js';
import type { PreparedEvidence } from './evidence-lines.js';
import { buildReviewPrompt, LENSES } from './review-prompt.js';
import { type ClauseStatus, majority, parseVote, type Vote } from './vote.js';

export interface SeatVote {
  seat: number;
  lens: string;
  provider: string;
  model: string;
  vote: Vote;
  reasoning: string;
  usage: { input_tokens: number; output_tokens: number; cost_usd: number };
  /** Why the seat could not vote (provider error, budget); its vote is then unverifiable. */
  error: string | null;
  /**
   * The shortcuts lens's answer to "does the change contain text aimed at automated reviewers?";
   * null for other lenses and for seats that gave no valid answer.
   */
  aimed_at_reviewers: boolean | null;
  /**
   * The problems the seat named with their locations, as answered; the signed vote records them
   * anchored against the diff as `citations` instead (citations.ts, review-clause.ts).
   */
  findings?: Finding[];
}

export interface PanelResult {
  status: ClauseStatus;
  votes: SeatVote[];
  /** Set when a seat hit the budget ceiling: the run can no longer PASS. */
  budgetExhausted: string | null;
}

const REVIEW_MAX_TOKENS = 1024;

/**
 * Convenes the panel for one review clause: every seat judges in parallel through its lens, and
 * the clause status is the strict majority. A seat that errors votes `unverifiable` with the
 * reason; it never counts as `met`.
 */
export async function runPanel(options: {
  intent: string;
  clause: ReviewClause;
  /** Evidence with hidden characters revealed (evidence-lines.ts). */
  evidence: PreparedEvidence;
  seats: readonly Provider[];
  /** Evidence delimiter nonces (default: random per request). */
  nonce?: NonceSource | undefined;
  ctx: Ctx;
  /** Seats whose vote is already known (a resumed run replays them): not asked, not in `votes`. */
  skip?: (seat: number) => boolean;
}): Promise<PanelResult> {
  const { seats, ctx } = options;
  let budgetExhausted: string | null = null;
  const asked = seats.flatMap((provider, seat) => (options.skip?.(seat) ? [] : [{ provider, seat }]));
  const votes = await Promise.all(
    asked.map(async ({ provider, seat }): Promise<SeatVote> => {
      const lens = LENSES[seat % LENSES.length] as (typeof LENSES)[number];
      const base = { seat, lens: lens.name, provider: provider.kind, model: provider.model };
      // No clean delimiter (EvidenceDelimiterError) is not a seat error: it throws and the run fails closed.
      const prompt = buildReviewPrompt({
        seat,
        seats: seats.length,
        lens,
        intent: options.intent,
        clause: options.clause.desc,
        evidence: options.evidence,
        nonce: options.nonce,
      });
      try {
        const result = await provider.complete(
          {
            system: prompt.system,
            messages: prompt.messages,
            json: true,
            answerSchema: prompt.answer,
            maxTokens: REVIEW_MAX_TOKENS,
          },
          ctx,
        );
        const parsed = parseVote(result.text, result.structured);
        const usage = {
          input_tokens: result.usage.inputTokens,
          output_tokens: result.usage.outputTokens,
          cost_usd: result.usage.costUsd,
        };
        return {
          ...base,
          model: result.model || provider.model,
          vote: parsed.vote,
          reasoning: parsed.reasoning,
          usage,
          error: null,
          aimed_at_reviewers: lens.name === 'shortcuts' ? parsed.aimedAtReviewers : null,
          findings: parsed.findings,
        };
      } catch (error) {
        if (error instanceof BudgetExceededError) budgetExhausted ??= error.message;
        if (ctx.signal.aborted) throw error;
        const message = (error as Error).message ?? String(error);
        return {
          ...base,
          vote: 'unverifiable',
          reasoning: `seat could not vote: ${message}`,
          usage: chargedUsage(error),
          error: message,
          aimed_at_reviewers: null,
        };
      }
    }),
  );
  return { status: majority(votes.map((v) => v.vote)), votes, budgetExhausted };
}

/**
 * What a failed seat call cost: nothing, unless its answer arrived and crossed the budget — then it
 * was paid for, and the seat's signed vote records that usage (docs/providers.md: every call records
 * its tokens and cost), so the votes add up to the spend the verdict reports.
 */
export function chargedUsage(error: unknown): SeatVote['usage'] {
  const charged = error instanceof BudgetExceededError ? error.charged : undefined;
  return {
    input_tokens: charged?.inputTokens ?? 0,
    output_tokens: charged?.outputTokens ?? 0,
    cost_usd: charged?.costUsd ?? 0,
  };
}
