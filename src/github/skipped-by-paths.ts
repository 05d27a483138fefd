import type { PathFilter } from '../core/contract/index.js';
import { DEFAULT_TRIGGER } from './commands.js';
import { TRUSS_CHECK_ID } from './external-id.js';
import { pathSkipOnHead, reportSkippedContract } from './path-filter.js';
import { unlessReadOnly } from './read-only-token.js';
import type { RunAndReportOptions } from './run-and-report.js';

/**
 * Whether a contract of a run is skipped by its `[contract] paths` / `paths_ignore` on this head
 * (path-filter.ts decides), with its check completed `skipped` and saying why when the run writes
 * checks: a required check must not wait for a contract the change does not touch
 * (docs/contracts.md "Run only what a change touches").
 */
export async function skippedByPaths(
  contractName: string,
  section: PathFilter & { id: string },
  options: RunAndReportOptions,
  existingCheckId: number | null,
): Promise<boolean> {
  const target = options.check ? { ...options, ownId: existingCheckId, contractName } : null;
  const skip = await pathSkipOnHead(section, options.changedFiles, target, options.log);
  if (skip === null) return false;
  options.log.info(`truss / ${section.id}: skipped, ${skip}`);
  if (options.check)
    await unlessReadOnly(
      options.readOnlyToken,
      options.log,
      `truss / ${section.id} check run`,
      reportSkippedContract({
        octokit: options.octokit,
        repo: options.repo,
        contractId: section.id,
        contractName,
        headSha: options.headSha,
        reason: skip,
        trigger: options.trigger ?? DEFAULT_TRIGGER,
        existingId: existingCheckId,
        detailsUrl: options.runUrl ?? undefined,
        externalId: TRUSS_CHECK_ID,
        dryRun: options.dryRun,
      }),
    );
  return true;
}
