/**
 * The one Octokit factory shared by the Action and the App, plus the error helpers every GitHub
 * call site uses. Errors are classified by `RequestError.status` (and rate-limit headers), never by
 * the wording of a message.
 */
import { Octokit as OctokitCore } from '@octokit/core';
import { paginateRest } from '@octokit/plugin-paginate-rest';
import { restEndpointMethods } from '@octokit/plugin-rest-endpoint-methods';
import { createHttpFetch, type ProxyEnv } from './http-fetch.js';
import type { Logger } from './logger.js';
import { pacing, type RateLimitNotice } from './octokit-pacing.js';
import { isRateLimitError, statusOf } from './request-errors.js';

export { isRateLimitError, isRequestError, statusOf } from './request-errors.js';

/**
 * Octokit with the REST methods and pagination `@actions/github` adds, built from `@octokit/core`
 * directly: `@actions/github` evaluates its proxy agent and bundled undici (about 1 MB) when loaded,
 * and every client here brings its own fetch anyway.
 */
const TrussOctokit = OctokitCore.plugin(restEndpointMethods, paginateRest, pacing);

/** A fully configured client: REST methods (`octokit.rest.*`), `paginate`, `request`, `log`. */
export type Octokit = InstanceType<typeof TrussOctokit>;

export interface CreateOctokitOptions {
  /** `GITHUB_TOKEN`, an installation token or a PAT. */
  token: string;
  /** REST root; the host passes `GITHUB_API_URL` on GHES. Default https://api.github.com. */
  baseUrl?: string;
  /**
   * The fetch implementation. Defaults to `httpFetch` (node:http, see `http-fetch.ts`), which
   * interceptors (nock) reach and which spares a short-lived process the start of Node's undici.
   */
  fetch?: typeof globalThis.fetch;
  /**
   * Where the default fetch finds its proxy (`HTTPS_PROXY`, `HTTP_PROXY`, `NO_PROXY`); hosts pass
   * their environment, as self-hosted runners behind a proxy set it. Default: no proxy.
   */
  proxyEnv?: ProxyEnv;
  /**
   * Receives Octokit's own warnings and the retry/rate-limit notices; it also becomes `octokit.log`,
   * which the GitHub modules log through. Octokit's debug chatter is dropped.
   */
  log?: Logger;
  /** Milliseconds per unit of backoff and per second of a rate limit's wait (default 1000). Tests pass 1. */
  retryBaseMs?: number;
  /**
   * Pacing (see `octokit-pacing.ts`): at most 10 requests in flight, notifying writes 3 s apart, and
   * rate limits waited out. Default true; tests that exercise many writes turn it off. Server errors
   * are retried either way.
   */
  throttle?: boolean;
  /**
   * Which pacing budget the client draws on. Clients with the same id share it; the App passes one
   * id per installation (each has its own token and rate limits), so one busy organisation does not
   * queue every other one. Default: one shared budget.
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
  const onRateLimit = (notice: RateLimitNotice): boolean => {
    const warn = (message: string) => (log ? log.warning(message) : octokit.log.warn(message));
    const what = `GitHub ${notice.kind} rate limit on ${notice.method} ${notice.url}`;
    if (notice.retryCount < RATE_LIMIT_RETRIES && notice.retryAfter <= MAX_RATE_LIMIT_WAIT_SECONDS) {
      warn(
        `${what}; retrying in ${notice.retryAfter}s (retry ${notice.retryCount + 1} of ${RATE_LIMIT_RETRIES})`,
      );
      return true;
    }
    warn(`${what}; giving up after ${notice.retryCount} retries (reset in ${notice.retryAfter}s)`);
    return false;
  };
  const octokit: Octokit = new TrussOctokit({
    auth: options.token,
    baseUrl: (options.baseUrl ?? DEFAULT_GITHUB_API_URL).replace(/\/+$/, ''),
    request: {
      fetch: options.fetch ?? (createHttpFetch(options.proxyEnv) as unknown as typeof globalThis.fetch),
    },
    ...(log ? { log: octokitLog(log) } : {}),
    pacing: {
      retryBaseMs: options.retryBaseMs ?? 1000,
      throttle: options.throttle !== false,
      budgetId: options.throttleId ?? 'shared',
      onRateLimit,
    },
  });
  return octokit;
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
