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

interface LedgerBranchOptions {
  octokit: Octokit;
  owner: string;
  repo: string;
  branch: string;
  dryRun: boolean;
  warn: (message: string) => void;
  info?: (message: string) => void;
}

/**
 * With `ledger-branch` set and a persistent signing key, the run's head is anchored in the
 * transparency log kept on that branch (`anchor/`, signed with that key), the `anchor_receipt`
 * entry is appended and the bundle (and its HTML report) re-exported — FIRST, before anything reads
 * the bundle (attestations, the branch copy, the artifact), so everything published is about the
 * same final bundle. Anchoring failure is a warning and leaves the bundle without a receipt — never
 * with a receipt that was not published.
 */
export function withLedgerBranchAnchor(
  publish: Publish,
  options: LedgerBranchOptions & {
    anchor: { store: LedgerStore; signer: SigningKey } | undefined;
    /** Writes the HTML report again from the re-exported bundle. */
    rewriteReport?: (bundlePath: string, reportPath: string) => void;
  },
): Publish {
  if (!options.branch || !options.anchor || options.dryRun) return publish;
  const anchor = options.anchor;
  return async (files) => {
    if (await anchorOnBranch(files, options, anchor)) {
      if (files.reportPath) options.rewriteReport?.(files.bundlePath, files.reportPath);
    }
    return publish(files);
  };
}

/**
 * With `ledger-branch` set, every bundle is also committed to that branch (`sessions/<id>.json`,
 * Git Data API) before the sticky comment points at it: that is where mode review finds the evidence
 * to sign off on. A failed commit is a warning, like a failed artifact upload; the review job then
 * says the bundle is missing.
 */
export function withLedgerBranch(publish: Publish, options: LedgerBranchOptions): Publish {
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

/** True when the bundle was re-exported with its receipt. */
async function anchorOnBranch(
  files: { bundlePath: string; sessionId: string },
  options: LedgerBranchOptions,
  keys: { store: LedgerStore; signer: SigningKey },
): Promise<boolean> {
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
    if (!result) return false;
    exportBundleToFile(keys.store, files.sessionId, crypto, files.bundlePath);
    options.info?.(
      `anchored seq ${result.receipt.anchored_seq} of ${files.sessionId} as leaf ${result.receipt.leaf_index} of ${result.receipt.log_origin} (${options.branch}:anchor/, ${anchor.lastCommit?.url ?? ''})`,
    );
    return true;
  } catch (error) {
    options.warn(
      `could not anchor session ${files.sessionId} in the log on ${options.branch}: ${error instanceof Error ? error.message : String(error)}`,
    );
    return false;
  }
}
