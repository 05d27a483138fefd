import { anchorSession, nodeTreeHasher } from '../core/anchor/index.js';
import { createNodeCrypto, type LedgerStore, type SigningKey } from '../core/ledger/index.js';
import { LedgerBranchAnchor } from './ledger-branch-anchor.js';
import { saveBundleToLedgerBranch } from './ledger-store-branch.js';
import type { Octokit } from './octokit.js';
import type { EvidenceStep, LedgerStep } from './publish-run.js';

export interface LedgerBranchOptions {
  octokit: Octokit;
  owner: string;
  repo: string;
  /** The ledger branch; empty = none (the steps below are then not part of publishing). */
  branch: string;
  dryRun: boolean;
  warn: (message: string) => void;
  info?: (message: string) => void;
}

/**
 * With a ledger branch and a persistent signing key, the run's head is anchored in the transparency
 * log kept on that branch (`anchor/`, signed with that key) and the `anchor_receipt` entry appended:
 * a ledger step, so the bundle, the HTML report and everything published after it already carry the
 * receipt. Anchoring failure is a warning and leaves the ledger without a receipt — never with a
 * receipt that was not published. Null (no step) without a branch or key, or on a dry run.
 */
export function anchorOnLedgerBranchStep(
  options: LedgerBranchOptions & { anchor: { store: LedgerStore; signer: SigningKey } | undefined },
): LedgerStep | null {
  if (!options.branch || !options.anchor || options.dryRun) return null;
  const keys = options.anchor;
  return {
    name: 'anchor',
    stage: 'ledger',
    async run({ sessionId }) {
      const anchor = new LedgerBranchAnchor({
        octokit: options.octokit,
        owner: options.owner,
        repo: options.repo,
        branch: options.branch,
        logKey: keys.signer,
        crypto: createNodeCrypto(),
        hasher: nodeTreeHasher(),
      });
      try {
        const result = await anchorSession({ store: keys.store, sessionId, signer: keys.signer, anchor });
        if (!result) return;
        options.info?.(
          `anchored seq ${result.receipt.anchored_seq} of ${sessionId} as leaf ${result.receipt.leaf_index} of ${result.receipt.log_origin} (${options.branch}:anchor/, ${anchor.lastCommit?.url ?? ''})`,
        );
      } catch (error) {
        options.warn(
          `could not anchor session ${sessionId} in the log on ${options.branch}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
  };
}

/**
 * With a ledger branch, every bundle is also committed to that branch (`sessions/<id>.json`, Git
 * Data API) before the sticky comment points at it: that is where mode review finds the evidence to
 * sign off on. A failed commit is a warning, like a failed artifact upload; the review job then says
 * the bundle is missing. Null (no step) without a branch.
 */
export function commitToLedgerBranchStep(options: LedgerBranchOptions): EvidenceStep | null {
  if (!options.branch) return null;
  return {
    name: 'ledger-branch',
    stage: 'evidence',
    async run(evidence) {
      try {
        await saveBundleToLedgerBranch({
          octokit: options.octokit,
          owner: options.owner,
          repo: options.repo,
          branch: options.branch,
          bundles: [{ sessionId: evidence.sessionId, bundlePath: evidence.bundlePath }],
          message: `truss: evidence of session ${evidence.sessionId}`,
          dryRun: options.dryRun,
        });
      } catch (error) {
        options.warn(
          `could not commit the bundle to the ${options.branch} branch: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
  };
}
