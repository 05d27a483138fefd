/**
 * Retries and rate-limit pacing for the one Octokit factory (`octokit.ts`), as an Octokit plugin
 * with no scheduler library. `@octokit/plugin-retry` and `@octokit/plugin-throttling` put every
 * request through two to four Bottleneck jobs, each a chain of `setTimeout` hops: about 15 ms of
 * waiting per request on an idle event loop, which capped the App's deliveries per second and
 * lengthened every Action run. Here a request that needs no waiting starts at once.
 *
 * What it does, per budget (one per App installation, one for the Action's token):
 * - at most 10 requests in flight, and one token request (`/app/installations/…/access_tokens`) at a time;
 * - writes that notify people (issue and PR comments, reviews, …) start at least 3 s apart, and
 *   searches 2 s apart, as GitHub asks of integrations;
 * - a rate-limited response (decided on status and headers, see `isRateLimitError`) is reported to
 *   `onRateLimit`, which decides whether to wait it out and retry;
 * - a server error or an unreachable GitHub (status ≥ 400 except 400, 401, 403, 404, 410, 422, 451 and
 *   rate limits) is retried three times, after 1, 4 and 9 units of `retryBaseMs`, or after its
 *   `retry-after` when that is longer; one whose `retry-after` is past 60 s is not retried at all
 *   (a warning names the wait): a retry before the time the server named meets the same answer.
 *   The model providers follow the same rule (docs/providers.md).
 */
import type { Octokit as OctokitCore, OctokitOptions } from '@octokit/core';
import { parseRetryAfter } from '../core/providers/index.js';
import { isRateLimitError, isRequestError } from './request-errors.js';

/** What `onRateLimit` is told. `retryAfter` is in seconds, as GitHub states it. */
export interface RateLimitNotice {
  kind: 'primary' | 'secondary';
  retryAfter: number;
  method: string;
  /** The route template (`/repos/{owner}/{repo}`), never a URL with a token or query in it. */
  url: string;
  /** How many times this request was already retried for a rate limit. */
  retryCount: number;
}

export interface PacingOptions {
  /** Milliseconds per unit of backoff and per second of a rate limit's wait (tests pass 1). */
  retryBaseMs: number;
  /** False: server errors are still retried, but requests are not paced and rate limits not waited out. */
  throttle: boolean;
  /** Which budget this client draws on; clients with the same id share it. */
  budgetId: string;
  /** True: wait `retryAfter` and retry. Only consulted when `throttle` is on. */
  onRateLimit: (notice: RateLimitNotice) => boolean;
}

const SERVER_RETRIES = 3;
const DO_NOT_RETRY = new Set([400, 401, 403, 404, 410, 422, 451]);
const MAX_IN_FLIGHT = 10;
const NOTIFYING_WRITE_GAP_MS = 3000;
const SEARCH_GAP_MS = 2000;
/** GitHub's advice when a secondary limit names no `retry-after`: wait at least a minute. */
const SECONDARY_FALLBACK_SECONDS = 60;
/** The longest `retry-after` of a server error that a retry waits for; a longer one is not retried. */
const MAX_SERVER_RETRY_AFTER_SECONDS = 60;

/** Routes whose writes notify people; GitHub's content-creation limits apply to them first. */
const NOTIFYING_ROUTES = [
  '/orgs/{org}/invitations',
  '/orgs/{org}/invitations/{invitation_id}',
  '/orgs/{org}/teams/{team_slug}/discussions',
  '/orgs/{org}/teams/{team_slug}/discussions/{discussion_number}/comments',
  '/repos/{owner}/{repo}/collaborators/{username}',
  '/repos/{owner}/{repo}/commits/{commit_sha}/comments',
  '/repos/{owner}/{repo}/issues',
  '/repos/{owner}/{repo}/issues/{issue_number}/comments',
  '/repos/{owner}/{repo}/pulls',
  '/repos/{owner}/{repo}/pulls/{pull_number}/comments',
  '/repos/{owner}/{repo}/pulls/{pull_number}/comments/{comment_id}/replies',
  '/repos/{owner}/{repo}/pulls/{pull_number}/merge',
  '/repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers',
  '/repos/{owner}/{repo}/pulls/{pull_number}/reviews',
  '/repos/{owner}/{repo}/releases',
];
const NOTIFYING = new RegExp(
  `^(?:${NOTIFYING_ROUTES.map((route) => route.replace(/\{[^}]+\}/g, '[^/]+')).join('|')})$`,
  'i',
);
const TOKEN_REQUEST = /^\/app\/installations\/[^/]+\/access_tokens$/;

/** A counting semaphore whose uncontended acquire costs no timer and no extra tick. */
class Slots {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(private readonly limit: number) {}

  acquire(): Promise<void> | undefined {
    if (this.active < this.limit && this.waiting.length === 0) {
      this.active++;
      return undefined;
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }
}

/** Spaces the starts of one kind of request: each start reserves the next allowed moment. */
class StartGap {
  private nextStart = 0;
  constructor(private readonly gapMs: number) {}

  reserve(now: number): number {
    const at = Math.max(now, this.nextStart);
    this.nextStart = at + this.gapMs;
    return at - now;
  }
}

interface Budget {
  inFlight: Slots;
  tokenRequests: Slots;
  notifyingWrites: StartGap;
  searches: StartGap;
}

const budgets = new Map<string, Budget>();

function budgetFor(id: string): Budget {
  let budget = budgets.get(id);
  if (!budget) {
    budget = {
      inFlight: new Slots(MAX_IN_FLIGHT),
      tokenRequests: new Slots(1),
      notifyingWrites: new StartGap(NOTIFYING_WRITE_GAP_MS),
      searches: new StartGap(SEARCH_GAP_MS),
    };
    budgets.set(id, budget);
  }
  return budget;
}

declare module '@octokit/core' {
  interface OctokitOptions {
    pacing?: PacingOptions;
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface RequestOptions {
  method: string;
  url: string;
  baseUrl?: string;
}
type SendRequest = (options: RequestOptions) => Promise<{ data: unknown; headers: Record<string, unknown> }>;

/**
 * The plugin: `OctokitCore.plugin(pacing)` with `new Octokit({ pacing: { … } })`.
 */
export function pacing(octokit: OctokitCore, octokitOptions: OctokitOptions): Record<string, never> {
  const options = octokitOptions.pacing;
  if (!options) return {};
  const budget = options.throttle ? budgetFor(options.budgetId) : undefined;

  octokit.hook.wrap('request', async (send, requestOptions) => {
    const request = requestOptions as unknown as RequestOptions;
    const sendRequest = send as unknown as SendRequest;
    let serverRetries = 0;
    let limitRetries = 0;
    for (;;) {
      let waitMs: number | undefined;
      try {
        const response = budget ? await paced(budget, request, sendRequest) : await sendRequest(request);
        const limit = budget ? graphqlRateLimit(request, response) : undefined;
        if (limit === undefined) return response as never;
        waitMs = rateLimitWait(options, request, limit, limitRetries);
        if (waitMs === undefined) return response as never;
        limitRetries++;
      } catch (error) {
        if (budget && isRateLimitError(error)) {
          waitMs = rateLimitWait(options, request, rateLimitOf(error), limitRetries);
          if (waitMs === undefined) throw error;
          limitRetries++;
        } else if (isServerRetryable(error) && serverRetries < SERVER_RETRIES) {
          const asked = retryAfterSeconds(error);
          if (asked !== undefined && asked > MAX_SERVER_RETRY_AFTER_SECONDS) {
            octokit.log.warn(
              `GitHub answered ${(error as { status: number }).status} on ${request.method} ${request.url} and asked to wait ${asked < 1e9 ? asked : 'more than 1000000000'}s (retry-after), more than the ${MAX_SERVER_RETRY_AFTER_SECONDS}s a retry waits; not retried: run again after that`,
            );
            throw error;
          }
          serverRetries++;
          waitMs = Math.max(serverRetries ** 2, asked ?? 0) * options.retryBaseMs;
        } else {
          throw error;
        }
      }
      await sleep(waitMs);
    }
  });
  return {};
}

async function paced(budget: Budget, request: RequestOptions, send: SendRequest) {
  const path = pathOf(request.url);
  const method = request.method.toUpperCase();
  const isToken = method === 'POST' && TOKEN_REQUEST.test(path);
  const isWrite = !isToken && method !== 'GET' && method !== 'HEAD';
  let gapMs = 0;
  if (isWrite && NOTIFYING.test(path)) gapMs = budget.notifyingWrites.reserve(Date.now());
  else if (method === 'GET' && path.startsWith('/search/')) gapMs = budget.searches.reserve(Date.now());
  if (gapMs > 0) await sleep(gapMs);
  const slots = isToken ? budget.tokenRequests : budget.inFlight;
  const waiting = slots.acquire();
  if (waiting) await waiting;
  try {
    return await send(request);
  } finally {
    slots.release();
  }
}

/** The route's path without base URL or query (`url` is a template or a full URL). */
function pathOf(url: string): string {
  const path = new URL(url, 'http://github.invalid').pathname;
  return path.replace(/^\/api\/v3(?=\/)/, '');
}

interface Limit {
  kind: 'primary' | 'secondary';
  retryAfter: number;
}

function rateLimitOf(error: unknown): Limit {
  const headers = (error as { response?: { headers?: Record<string, unknown> } }).response?.headers ?? {};
  if (headers['retry-after'] !== undefined) {
    // Seconds, or an HTTP date: a date an hour away is an hour, not the one-minute fallback.
    return { kind: 'secondary', retryAfter: retryAfterSeconds(error) ?? SECONDARY_FALLBACK_SECONDS };
  }
  if (headers['x-ratelimit-remaining'] === '0') return { kind: 'primary', retryAfter: untilReset(headers) };
  return { kind: 'secondary', retryAfter: SECONDARY_FALLBACK_SECONDS };
}

/**
 * A failed response's `retry-after` in whole seconds, rounded up (delay-seconds or an HTTP date, read
 * as the model providers read it: providers/retry.ts `parseRetryAfter`), or undefined when it names none.
 */
function retryAfterSeconds(error: unknown): number | undefined {
  const value = (error as { response?: { headers?: Record<string, unknown> } }).response?.headers?.[
    'retry-after'
  ];
  const ms = typeof value === 'string' ? parseRetryAfter(value, Date.now()) : undefined;
  return ms === undefined ? undefined : Math.ceil(ms / 1000);
}

/** Seconds until `x-ratelimit-reset`, plus one so the retry lands after it. */
function untilReset(headers: Record<string, unknown>): number {
  const resetMs = Number(headers['x-ratelimit-reset']) * 1000;
  if (!Number.isFinite(resetMs)) return SECONDARY_FALLBACK_SECONDS;
  return Math.max(Math.ceil((resetMs - Date.now()) / 1000) + 1, 0);
}

/** GraphQL reports its rate limit as a 200 whose `errors` carry `type: RATE_LIMITED`. */
function graphqlRateLimit(
  request: RequestOptions,
  response: { data: unknown; headers: Record<string, unknown> },
): Limit | undefined {
  if (!pathOf(request.url).startsWith('/graphql')) return undefined;
  const errors = (response.data as { errors?: Array<{ type?: string }> } | undefined)?.errors;
  if (!Array.isArray(errors) || !errors.some((e) => e?.type === 'RATE_LIMITED')) return undefined;
  return { kind: 'primary', retryAfter: untilReset(response.headers) };
}

function rateLimitWait(
  options: PacingOptions,
  request: RequestOptions,
  limit: Limit,
  retryCount: number,
): number | undefined {
  const retry = options.onRateLimit({
    kind: limit.kind,
    retryAfter: limit.retryAfter,
    method: request.method,
    url: request.url,
    retryCount,
  });
  return retry ? limit.retryAfter * options.retryBaseMs : undefined;
}

/** Rate limits are never retried as server errors: only `onRateLimit` may decide to wait them out. */
function isServerRetryable(error: unknown): boolean {
  return (
    isRequestError(error) &&
    error.status >= 400 &&
    !DO_NOT_RETRY.has(error.status) &&
    !isRateLimitError(error)
  );
}
