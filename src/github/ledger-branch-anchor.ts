/**
 * The transparency log kept on the ledger branch (under `anchor/`), so each run's head is anchored in
 * the repository itself. Only the log's text files live there (log.json, leaves.jsonl, checkpoint,
 * checkpoints.jsonl); the Merkle tree is recomputed from the leaves in a temp dir. The core log does
 * the appending and signing (and refuses to sign a fork); this module only moves the files.
 *
 * Concurrency: the log is read at one branch commit and written back with exactly that commit as
 * parent. If another job anchored in between, the branch has moved, the locally signed checkpoint is
 * thrown away unpublished, and the whole append is redone on the new head — so two jobs can never
 * publish two different checkpoints of the same size.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AnchorReceiptPayload, TreeHasher } from '../core/anchor/index.js';
import {
  type Anchor,
  type AnchoredHead,
  anchorInLog,
  LOG_FILES,
  LogError,
  TransparencyLog,
} from '../core/anchor/index.js';
import type { LedgerCrypto, Signer } from '../core/ledger/index.js';
import { BranchMovedError, branchHead, commitFilesToBranch, type LedgerCommit } from './ledger-branch.js';
import type { Octokit } from './octokit.js';
import { readRepoFile } from './repo-files.js';

/** Where the log lives on the ledger branch. */
export const ANCHOR_LOG_DIR = 'anchor';

/** The log's files that are kept on the branch (text only; the tree is derived). */
const BRANCH_FILES = [LOG_FILES.config, LOG_FILES.leaves, LOG_FILES.checkpoint, LOG_FILES.history] as const;

const ATTEMPTS = 4;

/** The default origin of a repository's log: a schema-less URL, as C2SP recommends. */
export function defaultLogOrigin(owner: string, repo: string): string {
  return `github.com/${owner}/${repo}/truss-anchor-log`;
}

/**
 * Appends `head` to the log on `branch` (creating the log, signed by `logKey`, on first use), signs a
 * checkpoint, commits the log files and returns the verified receipt with the commit. The receipt is
 * only returned once the checkpoint it embeds is published on the branch.
 */
export async function anchorOnLedgerBranch(options: {
  octokit: Octokit;
  owner: string;
  repo: string;
  branch: string;
  head: AnchoredHead;
  logKey: Signer;
  crypto: LedgerCrypto;
  hasher: TreeHasher;
  origin?: string;
  message?: string;
}): Promise<{ receipt: AnchorReceiptPayload; commit: LedgerCommit }> {
  const { octokit, owner, repo, branch } = options;
  for (let attempt = 1; ; attempt++) {
    const dir = mkdtempSync(join(tmpdir(), 'truss-anchor-branch-'));
    try {
      const head = await branchHead(octokit, owner, repo, branch);
      const before = new Map<string, string>();
      if (head) {
        for (const name of BRANCH_FILES) {
          const text = await readRepoFile({
            octokit,
            owner,
            repo,
            path: `${ANCHOR_LOG_DIR}/${name}`,
            ref: head.commitSha,
          });
          if (text !== null) before.set(name, text);
        }
      }
      if (before.size > 0 && !before.has(LOG_FILES.config))
        throw new LogError(
          `${branch}:${ANCHOR_LOG_DIR}/ has log files but no ${LOG_FILES.config}; repair the branch`,
        );
      for (const [name, text] of before) writeFileSync(join(dir, name), text);
      const deps = { crypto: options.crypto, hasher: options.hasher };
      if (!before.has(LOG_FILES.config)) {
        TransparencyLog.create(
          dir,
          { origin: options.origin ?? defaultLogOrigin(owner, repo), publicKey: options.logKey.publicKey },
          deps,
        ).close();
      }
      const receipt = anchorInLog({ dir, signer: options.logKey, ...deps }, options.head);
      const files = BRANCH_FILES.map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8') }))
        .filter(({ name, text }) => before.get(name) !== text)
        .map(({ name, text }) => ({ path: `${ANCHOR_LOG_DIR}/${name}`, content: text }));
      try {
        const commit = await commitFilesToBranch({
          octokit,
          owner,
          repo,
          branch,
          files,
          message:
            options.message ??
            `truss: anchor head ${options.head.headHash.slice(0, 12)} (leaf ${receipt.leaf_index})`,
          dryRun: false,
          parent: head?.commitSha ?? null,
        });
        return { receipt, commit };
      } catch (error) {
        if (!(error instanceof BranchMovedError) || attempt >= ATTEMPTS) throw error;
        octokit.log.warn(`${branch} moved while anchoring (attempt ${attempt}); re-reading the log`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

/** The ledger branch as an Anchor (core interface): what the Action plugs into anchorSession. */
export class LedgerBranchAnchor implements Anchor {
  readonly kind = 'ledger-branch';
  /** The commit that published the last receipt's checkpoint. */
  lastCommit: LedgerCommit | null = null;

  constructor(
    private readonly options: Omit<Parameters<typeof anchorOnLedgerBranch>[0], 'head' | 'message'>,
  ) {}

  async anchor(head: AnchoredHead): Promise<AnchorReceiptPayload> {
    const { receipt, commit } = await anchorOnLedgerBranch({ ...this.options, head });
    this.lastCommit = commit;
    return receipt;
  }
}
