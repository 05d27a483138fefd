import { saveBundleToLedgerBranch } from '../github/ledger-store-branch.js';
import type { Octokit } from '../github/octokit.js';
import type { PublishedArtifact, PublishFiles } from '../github/run-and-report.js';

type Publish = (files: PublishFiles) => Promise<PublishedArtifact | null>;

/**
 * With `ledger-branch` set, every bundle is also committed to that branch (`sessions/<id>.json`,
 * Git Data API) before the sticky comment points at it: that is where mode review finds the evidence
 * to sign off on. A failed commit is a warning, like a failed artifact upload; the review job then
 * says the bundle is missing.
 */
export function withLedgerBranch(
  publish: Publish,
  options: {
    octokit: Octokit;
    owner: string;
    repo: string;
    branch: string;
    dryRun: boolean;
    warn: (message: string) => void;
  },
): Publish {
  if (!options.branch) return publish;
  return async (files) => {
    try {
      await saveBundleToLedgerBranch({
        octokit: options.octokit,
        owner: options.owner,
        repo: options.repo,
        branch: options.branch,
        sessionId: files.sessionId,
        bundlePath: files.bundlePath,
        message: `truss: evidence of session ${files.sessionId}`,
        dryRun: options.dryRun,
      });
    } catch (error) {
      options.warn(
        `could not commit the bundle to the ${options.branch} branch: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    return publish(files);
  };
}
