/**
 * Typed provider errors. The class of an error is decided by the HTTP status (or the transport
 * failure), never by the wording of a message. Every message passes through `redactSecrets` before
 * it reaches `Error.message` (and so the stack), so an API key echoed back by a server never leaves
 * this module.
 */

/** What a caller can do about a failed call. */
export type ProviderErrorKind = 'retryable' | 'auth' | 'config' | 'fatal';

export interface ProviderErrorOptions {
  /** HTTP status of the failed response; undefined for transport failures. */
  status?: number | undefined;
  /** The API's machine-readable error type or code (`rate_limit_error`, `invalid_api_key`, ...). */
  code?: string | undefined;
  /** Server-requested wait before the next attempt (`Retry-After` / `retry-after-ms`), in ms. */
  retryAfterMs?: number | undefined;
  /** Values that must never appear in the message (the API key); every occurrence is replaced. */
  secrets?: readonly (string | undefined)[] | undefined;
}

const REDACTED = '[REDACTED]';

/**
 * Well-known credential shapes, redacted even when the caller did not name the value (defence in
 * depth: a server may echo a different key than the one we sent, e.g. one from a proxy).
 */
const SECRET_PATTERNS: readonly RegExp[] = [
  /\bsk-ant-[A-Za-z0-9_-]{8,}/g,
  /\bsk-[A-Za-z0-9_-]{16,}/g,
  /\bgh[pousr]_[A-Za-z0-9]{16,}/g,
  /\bgithub_pat_[A-Za-z0-9_]{16,}/g,
  /(\bBearer\s+)[A-Za-z0-9._~+/=-]{8,}/gi,
];

/** Replace every occurrence of each secret (and of well-known credential shapes) in `text`. */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[] = []): string {
  let out = text;
  for (const secret of secrets) {
    if (!secret || secret.length < 4) continue;
    for (const variant of new Set([
      secret,
      encodeURIComponent(secret),
      JSON.stringify(secret).slice(1, -1),
    ])) {
      out = out.split(variant).join(REDACTED);
    }
  }
  for (const pattern of SECRET_PATTERNS) {
    out = out.replace(pattern, (_match, prefix?: unknown) =>
      typeof prefix === 'string' && /^Bearer/i.test(prefix) ? `${prefix}${REDACTED}` : REDACTED,
    );
  }
  return out;
}

/**
 * Server-supplied text made safe for an error message: redacted first, then clipped to `max`
 * characters (clipping first could cut a key in half and leave a fragment the redaction misses).
 */
export function safeDetail(text: string, secrets: readonly (string | undefined)[] = [], max = 500): string {
  const redacted = redactSecrets(text, secrets);
  return redacted.length > max ? `${redacted.slice(0, max)}…` : redacted;
}

/** The most characters of a server's error `type`/`code` kept (a real one is a short identifier). */
export const MAX_ERROR_CODE_CHARS = 100;

/**
 * A server's error `type`/`code` made safe to embed: redacted and clipped like any server text
 * (`safeDetail`), or undefined when absent. The message is not the only server text in an error.
 */
export function safeCode(
  code: string | undefined,
  secrets: readonly (string | undefined)[] = [],
): string | undefined {
  return code === undefined ? undefined : safeDetail(code, secrets, MAX_ERROR_CODE_CHARS);
}

/**
 * Base class of every provider failure. `provider` names the provider kind (`anthropic`,
 * `openai-compatible`, `github-models`, `scripted`); the message starts with it.
 */
export class ProviderError extends Error {
  override name = 'ProviderError';
  readonly kind: ProviderErrorKind;
  readonly provider: string;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(
    kind: ProviderErrorKind,
    provider: string,
    message: string,
    options: ProviderErrorOptions = {},
  ) {
    super(redactSecrets(`${provider}: ${message}`, options.secrets ?? []));
    this.kind = kind;
    this.provider = provider;
    this.status = options.status;
    this.code = safeCode(options.code, options.secrets ?? []);
    this.retryAfterMs = options.retryAfterMs;
  }

  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      kind: this.kind,
      provider: this.provider,
      status: this.status,
      code: this.code,
      message: this.message,
    };
  }
}

/** A transient failure (429, 5xx, 529, network, timeout): worth another attempt after a wait. */
export class ProviderRetryableError extends ProviderError {
  override name = 'ProviderRetryableError';
  constructor(provider: string, message: string, options?: ProviderErrorOptions) {
    super('retryable', provider, message, options);
  }
}

/** The credential was refused (401, 403): fix the key or its permissions; retrying will not help. */
export class ProviderAuthError extends ProviderError {
  override name = 'ProviderAuthError';
  constructor(provider: string, message: string, options?: ProviderErrorOptions) {
    super('auth', provider, message, options);
  }
}

/** The request or the settings are wrong (400, 404, 422, missing key, bad base URL or fixture). */
export class ProviderConfigError extends ProviderError {
  override name = 'ProviderConfigError';
  constructor(provider: string, message: string, options?: ProviderErrorOptions) {
    super('config', provider, message, options);
  }
}

/** Anything else that will fail the same way again (other 4xx, malformed response, script exhausted). */
export class ProviderFatalError extends ProviderError {
  override name = 'ProviderFatalError';
  constructor(provider: string, message: string, options?: ProviderErrorOptions) {
    super('fatal', provider, message, options);
  }
}

/** Thrown by `withRetry` when every attempt failed with a retryable error (or the deadline left no time). */
export class RetriesExhaustedError extends ProviderError {
  override name = 'RetriesExhaustedError';
  readonly attempts: number;
  readonly lastError: ProviderError;

  constructor(lastError: ProviderError, attempts: number, why?: string) {
    const prefix = `${lastError.provider}: `;
    const last = lastError.message.startsWith(prefix)
      ? lastError.message.slice(prefix.length)
      : lastError.message;
    super(
      lastError.kind,
      lastError.provider,
      `${why ?? `gave up after ${attempts} attempt${attempts === 1 ? '' : 's'}`}; last error: ${last}`,
      { status: lastError.status, code: lastError.code },
    );
    this.attempts = attempts;
    this.lastError = lastError;
  }
}

/** The run was cancelled through `ctx.signal`; nothing more is attempted. */
export class AbortError extends Error {
  override name = 'AbortError';
  constructor(message = 'the operation was aborted') {
    super(message);
  }
}

/** An AbortError describing why `signal` was aborted (the reason's message, when it has one). */
export function abortErrorFrom(signal: AbortSignal): AbortError {
  const reason: unknown = signal.reason;
  if (reason instanceof AbortError) return reason;
  const detail =
    reason instanceof Error && reason.name !== 'AbortError'
      ? `: ${reason.message}`
      : typeof reason === 'string' && reason
        ? `: ${reason}`
        : '';
  return new AbortError(`the operation was aborted${detail}`);
}

/**
 * The kind an HTTP status maps to. 408, 429, 529 and 5xx (except 501) are transient; 401/403 are
 * credentials; 400/404/422 mean the request or settings are wrong; every other status is fatal.
 */
export function kindForStatus(status: number): ProviderErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 400 || status === 404 || status === 422) return 'config';
  if (status === 408 || status === 429) return 'retryable';
  if (status >= 500 && status <= 599 && status !== 501) return 'retryable';
  return 'fatal';
}

/** Build the error class that matches `status` (see `kindForStatus`). */
export function providerErrorFromStatus(
  provider: string,
  status: number,
  message: string,
  options: Omit<ProviderErrorOptions, 'status'> = {},
): ProviderError {
  const full = { ...options, status };
  switch (kindForStatus(status)) {
    case 'retryable':
      return new ProviderRetryableError(provider, message, full);
    case 'auth':
      return new ProviderAuthError(provider, message, full);
    case 'config':
      return new ProviderConfigError(provider, message, full);
    case 'fatal':
      return new ProviderFatalError(provider, message, full);
  }
}
