#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);

// src/core/providers/errors.ts
var REDACTED = "[REDACTED]";
var SECRET_PATTERNS = [
  /\bsk-ant-[A-Za-z0-9_-]{8,}/g,
  /\bsk-[A-Za-z0-9_-]{16,}/g,
  /\bgh[pousr]_[A-Za-z0-9]{16,}/g,
  /\bgithub_pat_[A-Za-z0-9_]{16,}/g,
  /(\bBearer\s+)[A-Za-z0-9._~+/=-]{8,}/gi
];
function redactSecrets(text, secrets = []) {
  let out = text;
  for (const secret of secrets) {
    if (!secret || secret.length < 4) continue;
    for (const variant of /* @__PURE__ */ new Set([
      secret,
      encodeURIComponent(secret),
      JSON.stringify(secret).slice(1, -1)
    ])) {
      out = out.split(variant).join(REDACTED);
    }
  }
  for (const pattern of SECRET_PATTERNS) {
    out = out.replace(
      pattern,
      (_match, prefix) => typeof prefix === "string" && /^Bearer/i.test(prefix) ? `${prefix}${REDACTED}` : REDACTED
    );
  }
  return out;
}
function safeDetail(text, secrets = [], max = 500) {
  const redacted = redactSecrets(text, secrets);
  return redacted.length > max ? `${redacted.slice(0, max)}\u2026` : redacted;
}
var ProviderError = class extends Error {
  name = "ProviderError";
  kind;
  provider;
  status;
  code;
  retryAfterMs;
  constructor(kind, provider, message, options = {}) {
    super(redactSecrets(`${provider}: ${message}`, options.secrets ?? []));
    this.kind = kind;
    this.provider = provider;
    this.status = options.status;
    this.code = options.code === void 0 ? void 0 : redactSecrets(options.code, options.secrets ?? []);
    this.retryAfterMs = options.retryAfterMs;
  }
  toJSON() {
    return {
      name: this.name,
      kind: this.kind,
      provider: this.provider,
      status: this.status,
      code: this.code,
      message: this.message
    };
  }
};
var ProviderRetryableError = class extends ProviderError {
  name = "ProviderRetryableError";
  constructor(provider, message, options) {
    super("retryable", provider, message, options);
  }
};
var ProviderAuthError = class extends ProviderError {
  name = "ProviderAuthError";
  constructor(provider, message, options) {
    super("auth", provider, message, options);
  }
};
var ProviderConfigError = class extends ProviderError {
  name = "ProviderConfigError";
  constructor(provider, message, options) {
    super("config", provider, message, options);
  }
};
var ProviderFatalError = class extends ProviderError {
  name = "ProviderFatalError";
  constructor(provider, message, options) {
    super("fatal", provider, message, options);
  }
};
var RetriesExhaustedError = class extends ProviderError {
  name = "RetriesExhaustedError";
  attempts;
  lastError;
  constructor(lastError, attempts, why) {
    const prefix = `${lastError.provider}: `;
    const last = lastError.message.startsWith(prefix) ? lastError.message.slice(prefix.length) : lastError.message;
    super(
      lastError.kind,
      lastError.provider,
      `${why ?? `gave up after ${attempts} attempt${attempts === 1 ? "" : "s"}`}; last error: ${last}`,
      { status: lastError.status, code: lastError.code }
    );
    this.attempts = attempts;
    this.lastError = lastError;
  }
};
var AbortError = class extends Error {
  name = "AbortError";
  constructor(message = "the operation was aborted") {
    super(message);
  }
};
function abortErrorFrom(signal) {
  const reason = signal.reason;
  if (reason instanceof AbortError) return reason;
  const detail = reason instanceof Error && reason.name !== "AbortError" ? `: ${reason.message}` : typeof reason === "string" && reason ? `: ${reason}` : "";
  return new AbortError(`the operation was aborted${detail}`);
}
function kindForStatus(status) {
  if (status === 401 || status === 403) return "auth";
  if (status === 400 || status === 404 || status === 422) return "config";
  if (status === 408 || status === 429) return "retryable";
  if (status >= 500 && status <= 599 && status !== 501) return "retryable";
  return "fatal";
}
function providerErrorFromStatus(provider, status, message, options = {}) {
  const full = { ...options, status };
  switch (kindForStatus(status)) {
    case "retryable":
      return new ProviderRetryableError(provider, message, full);
    case "auth":
      return new ProviderAuthError(provider, message, full);
    case "config":
      return new ProviderConfigError(provider, message, full);
    case "fatal":
      return new ProviderFatalError(provider, message, full);
  }
}

// src/core/verify/errors.ts
var GitRefError = class extends Error {
  name = "GitRefError";
};

export {
  safeDetail,
  ProviderError,
  ProviderRetryableError,
  ProviderConfigError,
  ProviderFatalError,
  RetriesExhaustedError,
  AbortError,
  abortErrorFrom,
  providerErrorFromStatus,
  GitRefError
};
