import { journalSafe } from '../ledger/journal-safe.js';
import type { Ctx } from '../runtime/ctx.js';
import { abortErrorFrom } from './errors.js';
import type { PriceBook } from './pricing.js';
import type { ChatResult, CompletionResult, ContentBlock, Usage } from './provider.js';

/** What a provider's transport returns before pricing and budget accounting. */
export interface RawCompletion {
  text: string;
  model: string;
  stopReason: string | null;
  inputTokens: number;
  outputTokens: number;
  /** Of `inputTokens`, read from the prompt cache (set when the API reports it). */
  cacheReadTokens?: number | undefined;
  /** Of `inputTokens`, written to the prompt cache (set when the API reports it). */
  cacheWriteTokens?: number | undefined;
  /**
   * Model ids to price this usage by, first match wins. Default: the configured id, then the one
   * the API reported. An empty list means "not billable" (cost 0, no warning).
   */
  priceAs?: readonly string[] | undefined;
  /** Tool inputs answering a forced `answerSchema` (see CompletionResult.structured). */
  structured?: unknown[] | undefined;
}

/** What a provider's transport returns for one `chat` step, before pricing and budget accounting. */
export interface RawChat extends Omit<RawCompletion, 'text'> {
  content: ContentBlock[];
}

type RawUsage = Pick<
  RawCompletion,
  'model' | 'inputTokens' | 'outputTokens' | 'cacheReadTokens' | 'cacheWriteTokens' | 'priceAs'
>;

/**
 * The budget/pricing frame every provider call goes through: refuse to start when aborted or when
 * the budget is spent (`assertCanSpend`, before any request is made), run `call`, price the usage
 * (configured model id first, then the one the API reported) and `record` it — which throws
 * BudgetExceededError when this call crossed a ceiling.
 */
export async function meteredCall(
  ctx: Ctx,
  pricing: PriceBook,
  configuredModel: string,
  call: () => Promise<RawCompletion>,
): Promise<CompletionResult> {
  const { raw, usage } = await metered(ctx, pricing, configuredModel, call, 0);
  return {
    text: raw.text,
    usage,
    model: raw.model,
    stopReason: raw.stopReason,
    ...(raw.structured !== undefined ? { structured: raw.structured } : {}),
  };
}

/**
 * `meteredCall` for one step of an agent conversation (`Provider.chat`): the same abort and budget
 * checks before the call and pricing after it, and the step is recorded as one `steps` unit
 * alongside its tokens and cost (so `max_steps` stops a loop before its next request).
 */
export async function meteredChat(
  ctx: Ctx,
  pricing: PriceBook,
  configuredModel: string,
  call: () => Promise<RawChat>,
): Promise<ChatResult> {
  const { raw, usage } = await metered(ctx, pricing, configuredModel, call, 1);
  return { content: raw.content, usage, model: raw.model, stopReason: raw.stopReason };
}

async function metered<R extends RawUsage>(
  ctx: Ctx,
  pricing: PriceBook,
  configuredModel: string,
  call: () => Promise<R>,
  steps: number,
): Promise<{ raw: R; usage: Usage }> {
  if (ctx.signal.aborted) throw abortErrorFrom(ctx.signal);
  ctx.budget.assertCanSpend();
  // A model's answer is journaled (signed); a JSON `\ud800` escape in it, or an integer past 2^53
  // in a tool input, made canonical JSON refuse it and the whole run abort (docs/providers.md).
  const raw = safeAnswer(await call());
  const tokens = {
    inputTokens: chargeable(raw.inputTokens),
    outputTokens: chargeable(raw.outputTokens),
    ...(raw.cacheReadTokens !== undefined ? { cacheReadTokens: chargeable(raw.cacheReadTokens) } : {}),
    ...(raw.cacheWriteTokens !== undefined ? { cacheWriteTokens: chargeable(raw.cacheWriteTokens) } : {}),
  };
  const priceAs = raw.priceAs ?? [configuredModel, raw.model];
  const costUsd =
    priceAs.length === 0
      ? 0
      : pricing.cost(priceAs, tokens, (message) => ctx.events({ type: 'warning', message }));
  const usage: Usage = { ...tokens, costUsd };
  const charge = { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens, costUsd };
  ctx.budget.record(steps > 0 ? { ...charge, steps } : charge);
  return { raw, usage };
}

/**
 * The most tokens one call is charged for: a billion, a hundred times any model's context window. A
 * server can report any number (`1.7e308`); priced, or summed into a run's totals, such a count
 * overflowed to Infinity or past 2^53, which no signed ledger payload holds, and the run aborted
 * instead of ending in a FAIL verdict for its exhausted budget (docs/providers.md). Capped, it
 * still crosses every real ceiling (fail closed), and millions of calls add up to a safe integer.
 */
export const MAX_CHARGED_TOKENS = 1_000_000_000;

/** A provider's token count as charged: finite, non-negative, at most MAX_CHARGED_TOKENS. */
function chargeable(count: number): number {
  if (Number.isNaN(count)) return MAX_CHARGED_TOKENS;
  return Math.min(Math.max(0, count), MAX_CHARGED_TOKENS);
}

/** The answer's text, content blocks and structured answers made safe to journal (`journalSafe`). */
function safeAnswer<R extends RawUsage>(raw: R): R {
  const answer = raw as R & { text?: unknown; content?: unknown; structured?: unknown };
  return {
    ...raw,
    ...(answer.text !== undefined ? { text: journalSafe(answer.text) } : {}),
    ...(answer.content !== undefined ? { content: journalSafe(answer.content) } : {}),
    ...(answer.structured !== undefined ? { structured: journalSafe(answer.structured) } : {}),
  };
}

/** Non-negative integer token count from an API field that may be missing or null. */
export function tokenCount(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/**
 * A token count the server reported as a finite, non-negative number; undefined otherwise (missing,
 * null, negative, a string), so the caller charges the byte estimate for it instead of nothing
 * (docs/providers.md: a call is never free).
 */
export function reportedTokenCount(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.ceil(value) : undefined;
}

/**
 * Bytes counted as one token when a server reports no usage: fewer than the ~4 characters a token
 * usually holds, and the JSON around the text counts too, so the estimate errs high (fail closed).
 */
export const BYTES_PER_ESTIMATED_TOKEN = 3;

/** The tokens charged for `text` (or a byte count) when the server reported none. */
export function estimatedTokens(text: string | number): number {
  const bytes = typeof text === 'number' ? text : Buffer.byteLength(text);
  return Math.ceil(bytes / BYTES_PER_ESTIMATED_TOKEN);
}

/**
 * The warning a provider gives, once, the first time its server reports no token usage: each
 * provider instance keeps the returned function and calls it on every such response.
 */
export function noUsageWarner(provider: string): (ctx: Ctx) => void {
  let warned = false;
  return (ctx) => {
    if (warned) return;
    warned = true;
    ctx.events({
      type: 'warning',
      message: `${provider}: the server reported no token usage; tokens are estimated from the bytes sent and received (${BYTES_PER_ESTIMATED_TOKEN} bytes a token) so the [budget] still binds`,
    });
  };
}

/**
 * How long past the run's deadline a model request's own timeout ends. The run's deadline aborts
 * `ctx.signal` when it comes; a request timer ending at the same moment raced that abort, and when it
 * won (its timer fired first, as on a loaded machine) the call failed as a plain timeout, the review
 * came out UNVERIFIABLE, and the run did not say its deadline had stopped it.
 */
const DEADLINE_GRACE_MS = 1000;

/**
 * The request timeout: the time left before `ctx.deadline` (at least 1 s) plus a grace, so the
 * deadline's own abort is what stops a call still waiting then; at most `fallback`; `fallback` when
 * there is no deadline.
 */
export function requestTimeoutMs(ctx: Ctx, fallbackMs: number): number {
  if (ctx.deadline === null) return fallbackMs;
  return Math.min(fallbackMs, Math.max(1000, ctx.deadline - ctx.now()) + DEADLINE_GRACE_MS);
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 10 * 60 * 1000;
