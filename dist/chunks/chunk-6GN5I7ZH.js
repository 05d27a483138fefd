#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);

// src/core/process/isolation-env.ts
var FORBIDDEN_EXACT = /* @__PURE__ */ new Set([
  "GITHUB_TOKEN",
  "GH_TOKEN",
  "GITHUB_PAT",
  "ACTIONS_RUNTIME_TOKEN",
  "ACTIONS_ID_TOKEN_REQUEST_TOKEN",
  "ACTIONS_ID_TOKEN_REQUEST_URL",
  "ACTIONS_RUNTIME_URL",
  "ACTIONS_RESULTS_URL",
  "ACTIONS_CACHE_URL",
  // Files the Actions runner reads back after the step: writing them would inject env/outputs later.
  "GITHUB_ENV",
  "GITHUB_OUTPUT",
  "GITHUB_PATH",
  "GITHUB_STATE",
  "GITHUB_STEP_SUMMARY"
]);
function isForbiddenEnvName(name) {
  const upper = name.toUpperCase();
  if (FORBIDDEN_EXACT.has(upper)) return true;
  if (upper.startsWith("INPUT_") || upper.startsWith("ACTIONS_")) return true;
  if (upper.startsWith("TRUSS_") && /(KEY|TOKEN|SECRET)/.test(upper)) return true;
  return false;
}
function forbiddenEnvReason(name) {
  return `${name} is never passed to checks, tools or agent CLIs: it carries the harness's own credentials (see docs/security.md). Remove it from env / check_env / executor.env; give the work a separate, narrowly scoped secret under another name instead.`;
}
var GITHUB_CONTEXT_ENV = Object.freeze([
  "GITHUB_ACTIONS",
  "GITHUB_REPOSITORY",
  "GITHUB_REPOSITORY_OWNER",
  "GITHUB_SHA",
  "GITHUB_REF",
  "GITHUB_REF_NAME",
  "GITHUB_REF_TYPE",
  "GITHUB_HEAD_REF",
  "GITHUB_BASE_REF",
  "GITHUB_EVENT_NAME",
  "GITHUB_RUN_ID",
  "GITHUB_RUN_NUMBER",
  "GITHUB_RUN_ATTEMPT",
  "GITHUB_SERVER_URL",
  "GITHUB_API_URL",
  "GITHUB_GRAPHQL_URL",
  "GITHUB_WORKFLOW",
  "GITHUB_JOB",
  "GITHUB_ACTOR",
  "RUNNER_OS",
  "RUNNER_ARCH"
]);
function dropForbiddenEnv(env) {
  const dropped = [];
  for (const name of Object.keys(env)) {
    if (isForbiddenEnvName(name)) {
      delete env[name];
      dropped.push(name);
    }
  }
  return dropped.sort();
}

export {
  isForbiddenEnvName,
  forbiddenEnvReason,
  GITHUB_CONTEXT_ENV,
  dropForbiddenEnv
};
