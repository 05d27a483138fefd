import type { Ctx } from '../runtime/ctx.js';
import { AbortError, abortErrorFrom, ProviderError, RetriesExhaustedError } from './errors.js';

/** Waits `ms`; should reject early when `signal` aborts (withRetry also stops waiting on abort itself). */
export type SleepFn = (ms: number, signal: AbortSignal) => Promise<void>;

/** Retry tuning; every field has a default. Hosts and tests pass it through `createProvider`. */
export interface RetrySettings {
  /** Total attempts including the first; default 4. */
  maxAttempts?: number | undefined;
  /** Backoff base: attempt n waits up to baseDelayMs * 2^(n-1) (full jitter); default 500. */
  baseDelayMs?: number | undefined;
  /**
   * Ceiling for any single wait; default 60 000. A server's `Retry-After` above it ends the call at
   * once (RetriesExhaustedError saying what the server asked) instead of a shorter wait and a retry.
   */
  maxDelayMs?: number | undefined;
  sleep?: SleepFn | undefined;
  /** Uniform [0, 1) source for the jitter; default Math.random. */
  random?: (() => number) | undefined;
}

export interface RetryOptions extends RetrySettings {
  ctx: Ctx;
  /** Name reported in `provider_retry` events; defaults to the failing error's provider. */
  provider?: string | undefined;
}

export const RETRY_DEFAULTS = { maxAttempts: 4, baseDelayMs: 500, maxDelayMs: 60_000 } as const;

/** setTimeout-based sleep that rejects with AbortError as soon as `signal` aborts. */
export const defaultSleep: SleepFn = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) {
      reject(abortErrorFrom(signal));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortErrorFrom(signal));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });

/** Settles like `promise`, or rejects with AbortError the moment `signal` aborts, whichever is first. */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => {});
    return Promise.reject(abortErrorFrom(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortErrorFrom(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * Parse a `Retry-After` value: delay-seconds (`"7"`, `"1.5"`) or an HTTP date. Returns ms from
 * `now` (never negative), or undefined when the value is absent or unparseable.
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  // An HTTP date names its day and month; Date.parse reads junk such as `-5` as a date long past.
  if (!/[A-Za-z]/.test(trimmed)) return undefined;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

/**
 * The server's requested wait from response headers: `retry-after-ms` (sent by OpenAI and
 * Anthropic) wins over `Retry-After`.
 */
export function retryAfterFromHeaders(
  get: (name: string) => string | null | undefined,
  now: number,
): number | undefined {
  const ms = get('retry-after-ms');
  if (ms && /^\d+(\.\d+)?$/.test(ms.trim())) return Math.round(Number(ms.trim()));
  return parseRetryAfter(get('retry-after'), now);
}

/** Full-jitter exponential backoff for the wait after failed attempt `attempt` (1-based). */
export function backoffDelay(
  attempt: number,
  settings: { baseDelayMs: number; maxDelayMs: number; random: () => number },
): number {
  const ceiling = Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** (attempt - 1));
  return Math.floor(settings.random() * ceiling);
}

/**
 * Run `fn` until it succeeds, retrying ProviderErrors of kind `retryable`:
 * - the wait is the server's `Retry-After` when the error carries one, else full-jitter backoff
 *   (at most `maxDelayMs`);
 * - a `Retry-After` longer than `maxDelayMs` ends it at once in RetriesExhaustedError naming the
 *   wait (docs/providers.md): retrying sooner than the server asked only meets the same refusal,
 *   and waiting that long would hold the run;
 * - each wait is announced as a `provider_retry` event (`attempt` = the attempt that failed);
 * - any other error (auth, config, fatal, non-provider) is thrown at once;
 * - `ctx.signal` aborting stops everything immediately with an AbortError, also mid-wait;
 * - a wait that would run past `ctx.deadline`, or the last attempt failing, ends in
 *   RetriesExhaustedError (which carries the last error).
 */
export async function withRetry<T>(fn: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const { ctx } = options;
  const maxAttempts = Math.max(1, Math.floor(options.maxAttempts ?? RETRY_DEFAULTS.maxAttempts));
  const baseDelayMs = options.baseDelayMs ?? RETRY_DEFAULTS.baseDelayMs;
  const maxDelayMs = options.maxDelayMs ?? RETRY_DEFAULTS.maxDelayMs;
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;

  for (let attempt = 1; ; attempt++) {
    if (ctx.signal.aborted) throw abortErrorFrom(ctx.signal);
    try {
      return await fn(attempt);
    } catch (error) {
      if (ctx.signal.aborted) throw error instanceof AbortError ? error : abortErrorFrom(ctx.signal);
      if (!(error instanceof ProviderError) || error.kind !== 'retryable') throw error;
      if (error.retryAfterMs !== undefined && error.retryAfterMs > maxDelayMs) {
        throw new RetriesExhaustedError(
          error,
          attempt,
          tooLongToWait(error.retryAfterMs, maxDelayMs, ctx.now()),
        );
      }
      if (attempt >= maxAttempts) throw new RetriesExhaustedError(error, attempt);

      const delayMs =
        error.retryAfterMs !== undefined
          ? Math.max(0, error.retryAfterMs)
          : backoffDelay(attempt, { baseDelayMs, maxDelayMs, random });
      if (ctx.deadline !== null && ctx.now() + delayMs >= ctx.deadline) {
        throw new RetriesExhaustedError(
          error,
          attempt,
          `the run deadline leaves no time to retry after ${attempt} attempt${attempt === 1 ? '' : 's'}`,
        );
      }
      ctx.events({
        type: 'provider_retry',
        provider: options.provider ?? error.provider,
        attempt,
        delayMs,
        reason: error.message,
      });
      await raceAbort(sleep(delayMs, ctx.signal), ctx.signal);
    }
  }
}

/** Why a call stops at a `Retry-After` past the ceiling: the wait asked, when it ends, what to do. */
function tooLongToWait(retryAfterMs: number, maxDelayMs: number, now: number): string {
  const at = new Date(now + retryAfterMs);
  // A Retry-After of 400 digits is a number, but no date: say so rather than fail to print it.
  const wait = Number.isNaN(at.getTime())
    ? 'an unbounded time (Retry-After)'
    : `${Math.ceil(retryAfterMs / 1000)} s before another attempt (Retry-After) (until ${at.toISOString().replace(/\.\d{3}Z$/, 'Z')})`;
  return `the server asked to wait ${wait}, more than the ${Math.round(maxDelayMs / 1000)} s truss waits between attempts; run again after that, or check the account's rate limit or quota with the provider`;
}
