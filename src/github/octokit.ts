/**
 * The one Octokit factory shared by the Action and the App, plus the error helpers every GitHub
 * call site uses. Errors are classified by `RequestError.status` (and rate-limit headers), never by
 * the wording of a message.
 */
import { Octokit as OctokitCore } from '@octokit/core';
import { paginateRest } from '@octokit/plugin-paginate-rest';
import { restEndpointMethods } from '@octokit/plugin-rest-endpoint-methods';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import type { RequestError } from '@octokit/request-error';
import Bottleneck from 'bottleneck';
import type { Logger } from './logger.js';

/** Serialised writes without the plugin's 1 s gap: a run makes a handful of writes, far below GitHub's content-creation limits. */
const WRITE_LIMITER = new Bottleneck.Group({ maxConcurrent: 1, minTime: 0 });

/**
 * Octokit with the REST methods and pagination `@actions/github` adds, built from `@octokit/core`
 * directly: `@actions/github` evaluates its proxy agent and bundled undici (about 1 MB) when loaded,
 * and every client here brings its own fetch anyway.
 */
const TrussOctokit = OctokitCore.plugin(restEndpointMethods, paginateRest, retry, throttling);

/** A fully configured client: REST methods (`octokit.rest.*`), `paginate`, `request`, `log`. */
export type Octokit = InstanceType<typeof TrussOctokit>;

export interface CreateOctokitOptions {
  /** `GITHUB_TOKEN`, an installation token or a PAT. */
  token: string;
  /** REST root; the host passes `GITHUB_API_URL` on GHES. Default https://api.github.com. */
  baseUrl?: string;
  /**
   * The fetch implementation. Defaults to `globalThis.fetch`, which interceptors (nock) and the
   * host's choice reach (a bundled undici fetch would bypass both).
   */
  fetch?: typeof globalThis.fetch;
  /**
   * Receives Octokit's own warnings and the retry/rate-limit notices; it also becomes `octokit.log`,
   * which the GitHub modules log through. Octokit's debug chatter is dropped.
   */
  log?: Logger;
  /** Milliseconds per unit of the plugins' backoff (default 1000). Tests pass 1 to keep retries instant. */
  retryBaseMs?: number;
  /**
   * Throttling: GitHub's pacing of content-creating requests (one per second) and the waits on
   * rate limits. Default true; tests that exercise many writes turn it off.
   */
  throttle?: boolean;
  /**
   * Which budget the throttling queues are keyed by. Clients with the same id share one write queue
   * and one concurrency limit; the App passes one id per installation (each has its own token and
   * rate limits), so one busy organisation does not queue every other one. Default: one shared budget.
   */
  throttleId?: string;
}

export const DEFAULT_GITHUB_API_URL = 'https://api.github.com';

/** How many times a rate-limited request is retried before the error reaches the caller. */
const RATE_LIMIT_RETRIES = 2;
/** A reset further away than this is not worth holding a runner for: fail instead. */
const MAX_RATE_LIMIT_WAIT_SECONDS = 15 * 60;

/**
 * Build the Octokit every GitHub call goes through, so retry (5xx, network), rate-limit handling
 * and the fetch wiring are decided in one place rather than per call site.
 */
export function createOctokit(options: CreateOctokitOptions): Octokit {
  const log = options.log;
  const baseMs = options.retryBaseMs ?? 1000;
  const onLimit =
    (kind: string) =>
    (
      retryAfter: number,
      request: { method: string; url: string },
      octokit: { log: { warn(message: string): void } },
      retryCount: number,
    ) => {
      const warn = (message: string) => (log ? log.warning(message) : octokit.log.warn(message));
      const what = `GitHub ${kind} rate limit on ${request.method} ${request.url}`;
      if (retryCount < RATE_LIMIT_RETRIES && retryAfter <= MAX_RATE_LIMIT_WAIT_SECONDS) {
        warn(`${what}; retrying in ${retryAfter}s (retry ${retryCount + 1} of ${RATE_LIMIT_RETRIES})`);
        return true;
      }
      warn(`${what}; giving up after ${retryCount} retries (reset in ${retryAfter}s)`);
      return false;
    };
  return new TrussOctokit({
    auth: options.token,
    baseUrl: (options.baseUrl ?? DEFAULT_GITHUB_API_URL).replace(/\/+$/, ''),
    request: { fetch: options.fetch ?? globalThis.fetch },
    ...(log ? { log: octokitLog(log) } : {}),
    retry: { retryAfterBaseValue: baseMs },
    throttle:
      options.throttle === false
        ? { enabled: false }
        : {
            ...(options.throttleId !== undefined ? { id: options.throttleId } : {}),
            retryAfterBaseValue: baseMs,
            // The plugin spaces writes 1 s apart by default, which costs a run seconds for its
            // 3–5 writes. Writes stay serialised; secondary limits are still retried above.
            write: WRITE_LIMITER,
            onRateLimit: onLimit('primary'),
            onSecondaryRateLimit: onLimit('secondary'),
          },
  });
}

/** Octokit's log shape over the project's Logger. */
function octokitLog(log: Logger) {
  return {
    debug: () => {},
    info: (message: string) => log.info(message),
    warn: (message: string) => log.warning(message),
    error: (message: string) => log.error(message),
  };
}

/**
 * True for an HTTP error from Octokit. Structural rather than `instanceof`, so it holds across
 * bundled copies of @octokit/request-error (esbuild, a host with its own Octokit).
 */
export function isRequestError(e: unknown): e is RequestError {
  if (!(e instanceof Error)) return false;
  const candidate = e as Partial<RequestError>;
  return (
    typeof candidate.status === 'number' &&
    typeof candidate.request === 'object' &&
    candidate.request !== null &&
    typeof candidate.request.method === 'string'
  );
}

/**
 * The HTTP status of a failed GitHub call, or undefined for anything that is not an Octokit HTTP
 * error. Octokit reports a failed fetch (DNS, refused connection) as status 500, so 500 also covers
 * "GitHub unreachable".
 */
export function statusOf(e: unknown): number | undefined {
  return isRequestError(e) ? e.status : undefined;
}

/**
 * A 403/429 that GitHub sent because of a rate limit (headers say so), as opposed to a 403 for a
 * missing permission. Decided on headers, not on the message.
 */
export function isRateLimitError(e: unknown): boolean {
  if (!isRequestError(e) || (e.status !== 403 && e.status !== 429)) return false;
  if (e.status === 429) return true;
  const headers = e.response?.headers ?? {};
  return headers['x-ratelimit-remaining'] === '0' || headers['retry-after'] !== undefined;
}

/**
 * The token lacks a permission the workflow (or the App installation) must grant. The message says
 * exactly what to add, because the raw 403 ("Resource not accessible by integration") does not.
 */
export class MissingPermissionError extends Error {
  /** The permission to grant, as written in a workflow `permissions:` block, e.g. `checks: write`. */
  readonly permission: string;
  readonly status: number;

  constructor(permission: string, action: string, options?: { cause?: unknown }) {
    super(
      `Truss could not ${action}: the GitHub token is missing the \`${permission}\` permission. ` +
        `Add \`${permission}\` to the workflow's \`permissions:\` block (or grant it to the GitHub App). ` +
        'Pull requests from forks get a read-only token; run Truss for them from a trusted event instead.',
      options,
    );
    this.name = 'MissingPermissionError';
    this.permission = permission;
    this.status = 403;
  }
}

/**
 * Turn a permission 403 into a MissingPermissionError naming `permission`; everything else
 * (including rate-limit 403s) is returned unchanged for the caller to rethrow.
 */
export function toMissingPermission(e: unknown, permission: string, action: string): unknown {
  if (statusOf(e) === 403 && !isRateLimitError(e)) {
    return new MissingPermissionError(permission, action, { cause: e });
  }
  return e;
}
