/**
 * Which environment variables an untrusted process may receive (docs/security.md, "Environment").
 * The harness holds keys and tokens in its own environment; everything it starts for the work gets a
 * small allowlist plus the names a contract grants, and never a name matched here.
 */

/** Names no untrusted process ever receives, whatever a contract lists (see {@link isForbiddenEnvName}). */
const FORBIDDEN_EXACT: ReadonlySet<string> = new Set([
  'GITHUB_TOKEN',
  'GH_TOKEN',
  'GITHUB_PAT',
  'ACTIONS_RUNTIME_TOKEN',
  'ACTIONS_ID_TOKEN_REQUEST_TOKEN',
  'ACTIONS_ID_TOKEN_REQUEST_URL',
  'ACTIONS_RUNTIME_URL',
  'ACTIONS_RESULTS_URL',
  'ACTIONS_CACHE_URL',
  // Files the Actions runner reads back after the step: writing them would inject env/outputs later.
  'GITHUB_ENV',
  'GITHUB_OUTPUT',
  'GITHUB_PATH',
  'GITHUB_STATE',
  'GITHUB_STEP_SUMMARY',
]);

/**
 * True for names that carry the harness's own credentials or control channels: every `INPUT_*`
 * (action inputs, including `signing-key` and `github-token`), every `ACTIONS_*`, GitHub tokens, the
 * runner's file-command paths, and every `TRUSS_*` name holding a key or token. A contract that grants
 * one is refused before anything runs (the contract schema uses this predicate); the isolation layer
 * drops them again at spawn time in case a caller passed one anyway.
 */
export function isForbiddenEnvName(name: string): boolean {
  const upper = name.toUpperCase();
  if (FORBIDDEN_EXACT.has(upper)) return true;
  if (upper.startsWith('INPUT_') || upper.startsWith('ACTIONS_')) return true;
  if (upper.startsWith('TRUSS_') && /(KEY|TOKEN|SECRET)/.test(upper)) return true;
  return false;
}

/** The sentence an error or warning uses when a forbidden name was asked for. */
export function forbiddenEnvReason(name: string): string {
  return (
    `${name} is never passed to checks, tools or agent CLIs: it carries the harness's own credentials ` +
    '(see docs/security.md). Remove it from env / check_env / executor.env; give the work a separate, ' +
    'narrowly scoped secret under another name instead.'
  );
}

/**
 * GitHub Actions context that carries no token: what a check may want to know about the run
 * (repository, ref, sha, event) without any credential or writable runner file.
 */
export const GITHUB_CONTEXT_ENV: readonly string[] = Object.freeze([
  'GITHUB_ACTIONS',
  'GITHUB_REPOSITORY',
  'GITHUB_REPOSITORY_OWNER',
  'GITHUB_SHA',
  'GITHUB_REF',
  'GITHUB_REF_NAME',
  'GITHUB_REF_TYPE',
  'GITHUB_HEAD_REF',
  'GITHUB_BASE_REF',
  'GITHUB_EVENT_NAME',
  'GITHUB_RUN_ID',
  'GITHUB_RUN_NUMBER',
  'GITHUB_RUN_ATTEMPT',
  'GITHUB_SERVER_URL',
  'GITHUB_API_URL',
  'GITHUB_GRAPHQL_URL',
  'GITHUB_WORKFLOW',
  'GITHUB_JOB',
  'GITHUB_ACTOR',
  'RUNNER_OS',
  'RUNNER_ARCH',
]);

/** Removes every forbidden name from `env` in place; returns the names removed (sorted). */
export function dropForbiddenEnv(env: Record<string, string>): string[] {
  const dropped: string[] = [];
  for (const name of Object.keys(env)) {
    if (isForbiddenEnvName(name)) {
      delete env[name];
      dropped.push(name);
    }
  }
  return dropped.sort();
}
