#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);

// src/core/process/isolation.ts
var ISOLATION_MODES = Object.freeze(["auto", "uid", "bwrap", "none"]);
var IsolationUnavailableError = class extends Error {
  name = "IsolationUnavailableError";
};
var IsolationSetupError = class extends Error {
  name = "IsolationSetupError";
};
function parseIsolationMode(value, where) {
  const mode = value.trim().toLowerCase();
  if (ISOLATION_MODES.includes(mode)) return mode;
  throw new IsolationUnavailableError(
    `${where}: isolation must be one of ${ISOLATION_MODES.join(", ")} (got ${JSON.stringify(value)})`
  );
}
function describeIsolation(report) {
  if (report.level === "none") {
    return "checks isolated: none \u2014 checks, agent tools and delegated CLIs ran as the harness user and could read its secrets";
  }
  const egress = report.network_enforced ? "egress blocked" : report.network === "open" ? "network open" : `network "${report.network}" not enforced (best-effort filter only)`;
  return `checks isolated: ${report.level} (${egress})`;
}

export {
  IsolationUnavailableError,
  IsolationSetupError,
  parseIsolationMode,
  describeIsolation
};
