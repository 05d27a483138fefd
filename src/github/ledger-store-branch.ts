import { readFileSync } from 'node:fs';
import { commitFilesToBranch } from './ledger-branch.js';
import type { Octokit } from './octokit.js';
import { readRepoFile } from './repo-files.js';

/** Where a session's bundle lives on the ledger branch. */
export function ledgerBranchPath(sessionId: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(sessionId))
    throw new Error(`invalid session id ${JSON.stringify(sessionId)}`);
  return `sessions/${sessionId}.json`;
}

/**
 * Stores bundles on the ledger branch in one commit (Git Data API; the workspace checkout is
 * untouched): a sign-off of several contracts lands whole or not at all.
 */
export async function saveBundleToLedgerBranch(options: {
  octokit: Octokit;
  owner: string;
  repo: string;
  branch: string;
  bundles: readonly { sessionId: string; bundlePath: string }[];
  message: string;
  dryRun: boolean;
}): Promise<{ commitSha: string; url: string } | null> {
  if (options.dryRun || options.bundles.length === 0) return null;
  return commitFilesToBranch({
    octokit: options.octokit,
    owner: options.owner,
    repo: options.repo,
    branch: options.branch,
    files: options.bundles.map((bundle) => ({
      path: ledgerBranchPath(bundle.sessionId),
      content: readFileSync(bundle.bundlePath),
    })),
    message: options.message,
    dryRun: false,
  });
}

export async function loadBundleFromLedgerBranch(options: {
  octokit: Octokit;
  owner: string;
  repo: string;
  branch: string;
  sessionId: string;
}): Promise<string | null> {
  return readRepoFile({
    octokit: options.octokit,
    owner: options.owner,
    repo: options.repo,
    path: ledgerBranchPath(options.sessionId),
    ref: options.branch,
  });
}
