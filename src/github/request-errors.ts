/**
 * How every GitHub call site reads a failed request: by `RequestError.status` and the rate-limit
 * headers, never by the wording of a message.
 */
import type { RequestError } from '@octokit/request-error';

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
