import type { PathFilter } from '../core/contract/index.js';
import { DEFAULT_TRIGGER } from './commands.js';
import { TRUSS_CHECK_ID } from './external-id.js';
import {
  hasPathFilter,
  pathSkipOnHead,
  pathSkipReason,
  reportSkippedContract,
  type SkipTarget,
  skipWouldReplaceVerdict,
} from './path-filter.js';
import { unlessReadOnly } from './read-only-token.js';
import type { RunAndReportOptions } from './run-and-report.js';
import { keepVerdictOverSkip } from './skip-race.js';

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
  if (options.reduce) return reducerSkipped(section, options, target);
  const skip = await pathSkipOnHead(section, options.changedFiles, target, options.log);
  if (skip === null) return false;
  await reportSkip(contractName, section, options, existingCheckId, skip);
  return true;
}

/**
 * The reducer of a fan-out over runners follows its legs, which decide on the paths alone (a leg
 * writes no check, so it reads none): when they skipped there is nothing to reduce. Reducing
 * anyway, because a Truss check of the contract is on the head, made a FAIL with every leg missing
 * the newest check of its name; a skip would replace that check too. So the reducer then writes
 * nothing and that check stands (docs/fanout.md "Fan-out across runners").
 */
async function reducerSkipped(
  section: PathFilter & { id: string },
  options: RunAndReportOptions,
  target: (SkipTarget & { contractName: string }) | null,
): Promise<boolean> {
  const skip = options.changedFiles ? await pathSkipReason(section, options.changedFiles) : null;
  if (skip === null) {
    const moved = await headMovedUnlisted(section, options);
    if (moved === null) return false;
    // Its legs decided on the head's full list; this one is another head's (path-filter.ts), so
    // whether they skipped is unknown here: reduced, legs that skipped made a FAIL of a head no leg judged.
    options.log.warning(
      `truss / ${section.id}: not reduced: pull request #${options.prNumber} moved from ${options.headSha.slice(0, 12)} to ${moved.slice(0, 12)} since this workflow run started, and GitHub now lists the new head's changed files, so whether the legs skipped this contract on its paths cannot be told here. Nothing is written for ${options.headSha.slice(0, 12)}; the workflow run of ${moved.slice(0, 12)} reports that commit`,
    );
    return true;
  }
  if (target && (await skipWouldReplaceVerdict({ ...target, contractId: section.id }))) {
    options.log.info(
      `truss / ${section.id}: not run (its legs skipped: ${skip}) and not marked skipped, because Truss already has a check of it on this head; that check stands`,
    );
    return true;
  }
  await reportSkip(target?.contractName ?? section.id, section, options, target?.ownId ?? null, skip);
  return true;
}

/**
 * The pull request's head when the contract has a path filter, its changed files cannot be listed
 * for this run's head, and the head is no longer it; null otherwise (the files were listed, or too
 * many to list: then no leg skipped either, and the reducer reduces).
 */
async function headMovedUnlisted(section: PathFilter, options: RunAndReportOptions): Promise<string | null> {
  if (!hasPathFilter(section) || !options.changedFiles || options.prNumber === null) return null;
  if ((await options.changedFiles()) !== null) return null;
  const { data } = await options.octokit.rest.pulls.get({ ...options.repo, pull_number: options.prNumber });
  return data.head.sha !== options.headSha ? data.head.sha : null;
}

async function reportSkip(
  contractName: string,
  section: PathFilter & { id: string },
  options: RunAndReportOptions,
  existingCheckId: number | null,
  skip: string,
): Promise<void> {
  options.log.info(`truss / ${section.id}: skipped, ${skip}`);
  if (!options.check) return;
  const written = await unlessReadOnly(
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
  // A run of the contract may have started on this head since the skip was decided (skip-race.ts).
  if (written?.id) await keepVerdictOverSkip({ ...options, contractId: section.id });
}
