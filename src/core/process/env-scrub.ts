import { GITHUB_CONTEXT_ENV } from './isolation-env.js';

/**
 * The environment a check runs in: only these names are inherited from the host, plus the
 * names a contract lists in a clause's `env` or the repo-wide `check_env`. Everything else — API keys,
 * tokens, the signing key, cloud credentials — is dropped unless explicitly named.
 */
export const CHECK_ENV_ALLOWLIST: readonly string[] = Object.freeze([
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'LANG',
  'LC_ALL',
  'LC_CTYPE',
  'TZ',
  'TERM',
  'TMPDIR',
  'CI',
  // Run context that carries no token (docs/security.md, "Environment").
  ...GITHUB_CONTEXT_ENV,
]);

/**
 * Copies the allowlisted names, then every name in `extraNames`, from `source` into a fresh object.
 * Names absent from `source` (or set to undefined) are simply not set; nothing is ever invented.
 */
export function scrubEnv(
  source: Readonly<Record<string, string | undefined>>,
  extraNames: readonly string[] = [],
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of [...CHECK_ENV_ALLOWLIST, ...extraNames]) {
    if (!Object.hasOwn(source, name)) continue;
    const value = source[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}
