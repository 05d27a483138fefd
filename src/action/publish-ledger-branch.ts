import { anchorSession } from '../core/anchor/anchor-session.js';
import { nodeTreeHasher } from '../core/anchor/node-hasher.js';
import {
  createNodeCrypto,
  exportBundleToFile,
  type LedgerStore,
  type SigningKey,
} from '../core/ledger/index.js';
import { LedgerBranchAnchor } from '../github/ledger-branch-anchor.js';
import { saveBundleToLedgerBranch } from '../github/ledger-store-branch.js';
import type { Octokit } from '../github/octokit.js';
import type { PublishEvidence as Publish } from '../github/run-and-report.js';

/**
 * With `ledger-branch` set, every bundle is also committed to that branch (`sessions/<id>.json`,
 * Git Data API) before the sticky comment points at it: that is where mode review finds the evidence
 * to sign off on. A failed commit is a warning, like a failed artifact upload; the review job then
 * says the bundle is missing.
 *
 * With `anchor` (a persistent signing key), the run's head is first anchored in the transparency log
 * kept on the same branch (`anchor/`, signed with that key), the `anchor_receipt` entry is appended
 * and the bundle re-exported, so the published bundle carries its receipt. Anchoring failure is a
 * warning and leaves the bundle without a receipt — never with a receipt that was not published.
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
    info?: (message: string) => void;
    anchor?: { store: LedgerStore; signer: SigningKey } | undefined;
  },
): Publish {
  if (!options.branch) return publish;
  return async (files) => {
    if (options.anchor && !options.dryRun) await anchorOnBranch(files, options, options.anchor);
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

async function anchorOnBranch(
  files: { bundlePath: string; sessionId: string },
  options: Parameters<typeof withLedgerBranch>[1],
  keys: { store: LedgerStore; signer: SigningKey },
): Promise<void> {
  const crypto = createNodeCrypto();
  const anchor = new LedgerBranchAnchor({
    octokit: options.octokit,
    owner: options.owner,
    repo: options.repo,
    branch: options.branch,
    logKey: keys.signer,
    crypto,
    hasher: nodeTreeHasher(),
  });
  try {
    const result = await anchorSession({
      store: keys.store,
      sessionId: files.sessionId,
      signer: keys.signer,
      anchor,
    });
    if (!result) return;
    exportBundleToFile(keys.store, files.sessionId, crypto, files.bundlePath);
    options.info?.(
      `anchored seq ${result.receipt.anchored_seq} of ${files.sessionId} as leaf ${result.receipt.leaf_index} of ${result.receipt.log_origin} (${options.branch}:anchor/, ${anchor.lastCommit?.url ?? ''})`,
    );
  } catch (error) {
    options.warn(
      `could not anchor session ${files.sessionId} in the log on ${options.branch}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
