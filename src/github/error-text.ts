import { secretRedactor } from '../core/process/index.js';

/**
 * An error's message as it may reach GitHub (a check run, a reply on the pull request) or the job's
 * log: the host's secrets redacted — every secret-named variable of `env` (the signing keys, the
 * tokens, the provider keys; the Action's `INPUT_*` inputs among them) in every encoding the run's
 * secret scan knows (docs/security.md "The secret scan"). An error message holds no secret by
 * construction, but it quotes what it was handed: a git error, a response, a value read.
 */
export function errorText(error: unknown, env: Readonly<Record<string, string | undefined>>): string {
  return secretRedactor(env)(error instanceof Error ? error.message : String(error));
}
