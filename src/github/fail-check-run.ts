import { completeCheckRun } from './check-runs.js';
import { errorText } from './error-text.js';
import type { Logger } from './logger.js';
import type { Octokit } from './octokit.js';
import type { RepoRef } from './repo-contracts.js';

/** What completing a check run as failed needs of a run's reporting options. */
export interface FailingRunOptions {
  octokit: Octokit;
  repo: RepoRef;
  env: Record<string, string | undefined>;
  runUrl: string | null;
  dryRun: boolean;
  log: Logger;
}

/**
 * Completes a started check as `failure` saying why the run could not finish. The reason is an
 * error message (no secrets by construction) with the host's secrets redacted anyway; a failure to
 * complete it is logged, never allowed to hide the original error.
 */
export async function failCheckRun(
  options: FailingRunOptions,
  checkRunId: number,
  checkName: string,
  error: unknown,
): Promise<void> {
  const reason = errorText(error, options.env);
  try {
    await completeCheckRun({
      octokit: options.octokit,
      owner: options.repo.owner,
      repo: options.repo.repo,
      checkRunId,
      conclusion: 'failure',
      output: {
        title: `${checkName}: could not finish`,
        summary: `Truss stopped before a verdict: ${reason}${options.runUrl ? `\n\nSee the [workflow run](${options.runUrl}).` : ''}`,
      },
      dryRun: options.dryRun,
    });
  } catch (failure) {
    options.log.warning(`could not complete the check run ${checkRunId}: ${(failure as Error).message}`);
  }
}
