import type { Logger } from './logger.js';
import { MissingPermissionError } from './octokit.js';

/**
 * A write to the pull request (check run, sticky comment) on a job whose token GitHub made
 * read-only — a fork's `pull_request` run. There a refusal is expected: it becomes a warning and
 * `null`, the verdict staying in the job summary, the outputs and the ledger artifact (and the job's
 * exit status). Anywhere else a missing permission is a misconfiguration and still fails the job.
 */
export function unlessReadOnly<T>(
  readOnlyToken: boolean | undefined,
  log: Logger,
  what: string,
  write: Promise<T>,
): Promise<T | null> {
  if (!readOnlyToken) return write;
  return write.catch((error: unknown) => {
    if (!(error instanceof MissingPermissionError)) throw error;
    log.warning(
      `${what}: skipped — this pull request comes from a fork, and GitHub gives its workflow a read-only token (no \`${error.permission}\`). The verdict is in the job summary and the ledger artifact; to report on the pull request too, dispatch Truss from the Truss App (docs/app.md).`,
    );
    return null;
  });
}
