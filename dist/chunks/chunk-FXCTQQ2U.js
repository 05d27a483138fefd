#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);

// package.json
var package_default = {
  name: "truss-for-github",
  version: "0.1.0",
  description: "Run agent and PR work as contracts, verify it independently, and sign the verdict into a hash-chained ed25519 ledger.",
  type: "module",
  license: "Apache-2.0",
  private: true,
  engines: {
    node: ">=20.19"
  },
  bin: {
    truss: "dist/cli.js"
  },
  scripts: {
    build: "node scripts/build.mjs",
    test: "vitest run",
    lint: "biome check .",
    format: "biome check --write .",
    typecheck: "tsc --noEmit",
    bench: "node --import tsx bench/index.ts",
    "bench:ledger": "node --import tsx bench/ledger.ts",
    "check-dist": "node scripts/check-dist.mjs",
    all: "npm run lint && npm run typecheck && npm test && npm run build",
    "bench:run": "node --import tsx bench/run.ts",
    "bench:action": "node --import tsx bench/action.ts"
  },
  dependencies: {
    "@actions/artifact": "6.2.1",
    "@actions/core": "3.0.1",
    "@actions/github": "9.1.1",
    "@anthropic-ai/sdk": "1.14.0",
    "@noble/ed25519": "3.2.0",
    "@noble/hashes": "2.4.0",
    "@octokit/plugin-retry": "8.1.1",
    "@octokit/plugin-throttling": "11.0.5",
    "better-sqlite3": "12.6.2",
    bottleneck: "2.19.5",
    "simple-git": "4.0.2",
    "smol-toml": "1.9.1",
    zod: "4.6.7"
  },
  devDependencies: {
    "@biomejs/biome": "2.6.8",
    "@octokit/webhooks-examples": "7.6.1",
    "@types/better-sqlite3": "7.6.13",
    "@types/node": "20.19.25",
    esbuild: "0.28.2",
    "fast-check": "4.11.0",
    nock: "14.0.9",
    tsx: "4.23.15",
    typescript: "5.9.3",
    vite: "8.3.8",
    vitest: "4.1.12"
  },
  allowScripts: {
    "better-sqlite3": true,
    esbuild: true
  }
};

// src/core/contract/errors.ts
function formatIssue(issue) {
  const where = issue.line > 0 ? `${issue.file}:${issue.line}:${issue.col}` : issue.file;
  return issue.path ? `${where}: ${issue.path}: ${issue.message}` : `${where}: ${issue.message}`;
}
var ContractError = class extends Error {
  name = "ContractError";
  file;
  line;
  col;
  issues;
  code;
  constructor(issues, code = "invalid") {
    if (issues.length === 0) throw new TypeError("ContractError needs at least one issue");
    super(issues.map(formatIssue).join("\n"));
    const first = issues[0];
    this.file = first.file;
    this.line = first.line;
    this.col = first.col;
    this.issues = issues;
    this.code = code;
  }
};

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
  package_default,
  ContractError,
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
