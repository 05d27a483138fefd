/**
 * Governed memory kept on the ledger branch (docs/memory.md "Stores"): a `memory/` tree holding the
 * append-only log (`memory/log.jsonl`, the source of truth), the signed sessions its proposals and
 * decisions came from (`memory/sessions/<id>.json` bundles) and a readable snapshot of each entry
 * (`memory/entries/<id>.json`, for people browsing the branch; never read back). Written through the
 * Git Data API with the parent pinned: if another job moved the branch, the tree is read again and
 * the same signed decision applied to it, so concurrent promotions all land and none is lost.
 * Memory is read from the ledger branch only, never from a pull request's head.
 */
import { checkReceipt } from '../core/anchor/index.js';
import {
  createNodeCrypto,
  exportBundle,
  type LedgerCrypto,
  type LedgerEntry,
  type LedgerStore,
  NO_TRUSTED_KEYS,
  parseBundle,
  type Signer,
  type TrustedKeys,
  verifyBundle,
} from '../core/ledger/index.js';
import {
  approvalPrior,
  bundleVerdictSource,
  type DecisionSigner,
  evidenceSessions,
  findEntry,
  type IngestResult,
  ingestProposals,
  LogMemoryStore,
  type MemoryEntry,
  MemoryError,
  MemoryView,
  type MemoryViewOptions,
  type SignedDecisionResult,
  signApproval,
} from '../core/memory/index.js';
import {
  BranchMovedError,
  branchHead,
  commitFilesToBranch,
  type LedgerCommit,
  type LedgerFile,
} from './ledger-branch.js';
import type { Octokit } from './octokit.js';
import { readRepoFile } from './repo-files.js';

export const MEMORY_LOG_PATH = 'memory/log.jsonl';
const ATTEMPTS = 4;

export function memorySessionPath(sessionId: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(sessionId))
    throw new Error(`invalid session id ${JSON.stringify(sessionId)}`);
  return `memory/sessions/${sessionId}.json`;
}

interface BranchPlace {
  octokit: Octokit;
  owner: string;
  repo: string;
  branch: string;
}

/** The memory on the branch at one commit: the replayed log, the decision bundles it names, a view. */
export interface MemorySnapshot {
  head: { commitSha: string; treeSha: string } | null;
  store: LogMemoryStore;
  bundles: Map<string, string>;
  /** The verified view, trusting decisions signed by `trusted` signer keys (approvals: reviewer keys). */
  view(trusted: TrustedKeys, options?: MemoryViewOptions): MemoryView;
}

/** Reads `memory/` at the branch head (or at `commitSha`): the log and every decision session it names. */
export async function readMemoryBranch(place: BranchPlace): Promise<MemorySnapshot> {
  const head = await branchHead(place.octokit, place.owner, place.repo, place.branch);
  const read = (path: string) => (head ? readAt(place, head.commitSha, path) : Promise.resolve(null));
  const store = new LogMemoryStore((await read(MEMORY_LOG_PATH)) ?? '');
  const bundles = new Map<string, string>();
  for (const session of store.decisionSessions()) {
    const text = await read(memorySessionPath(session));
    if (text !== null) bundles.set(session, text);
  }
  return {
    head,
    store,
    bundles,
    view: (trusted, options = {}) =>
      new MemoryView(store, bundleVerdictSource(bundles, createNodeCrypto()), trusted, options),
  };
}

/**
 * Proposals from a run's bundle (a pull-request run's `memory_proposed` entries) become unverified
 * entries on the branch, with the bundle kept beside them as their provenance. The bundle must
 * verify as an intact chain (its signer need not be trusted: nothing it brings is trusted — a fork's
 * job signs with a one-time key nobody pins). It may not replace another bundle already kept under
 * its session id (a decision's above all: a crafted bundle naming a decision session would otherwise
 * hide that decision). With `expect`, the entry (id or prefix) must be among what it proposes, else
 * nothing is committed; with `onlyExpected` too, nothing else is taken from the bundle. Idempotent.
 */
export async function proposeOnMemoryBranch(
  options: BranchPlace & {
    bundleText: string;
    crypto?: LedgerCrypto;
    message?: string;
    expect?: string;
    /** Take only the `expect` entry from the bundle (an untrusted bundle: a fork's artifact). */
    onlyExpected?: boolean;
  },
): Promise<{
  ingest: IngestResult;
  commit: LedgerCommit | null;
  signer: { keyId: string; pinned: boolean };
}> {
  const bundle = parseBundle(options.bundleText, 'the run bundle');
  const report = verifyBundle(bundle, {
    crypto: options.crypto ?? createNodeCrypto(),
    trusted: NO_TRUSTED_KEYS,
    // A run on a ledger branch carries the anchor receipt of the log there (docs/ledger.md).
    receipts: checkReceipt,
  });
  if (report.failure)
    throw new MemoryError(
      'bad_entry',
      `the run bundle does not verify (seq ${report.failure.seq}: ${report.failure.message}); nothing proposed`,
    );
  const sessionId = bundle.ledger.session_id;
  const path = memorySessionPath(sessionId);
  const { value, commit } = await commitWithRetry(options, async (snapshot) => {
    const expect = options.expect;
    const only =
      options.onlyExpected && expect !== undefined ? (id: string) => id.startsWith(expect) : undefined;
    const ingest = ingestProposals(snapshot.store, sessionId, bundle.ledger.entries as LedgerEntry[], only);
    const matching = new Set(
      expect === undefined ? [] : ingest.proposed.filter((id) => id.startsWith(expect)),
    );
    if (matching.size > 1)
      throw new MemoryError(
        'ambiguous',
        `${expect} is the prefix of ${matching.size} entries session ${sessionId} proposes; give more of the id; nothing proposed`,
      );
    if (expect !== undefined && matching.size === 0) {
      const skipped = ingest.skipped.map((s) => `seq ${s.seq} item ${s.index}: ${s.reason}`).join('; ');
      throw new MemoryError(
        'no_entry',
        `session ${sessionId}'s bundle proposes no valid entry ${expect}${skipped ? ` (skipped: ${skipped})` : ''}; nothing proposed`,
      );
    }
    if (!snapshot.store.changed) return { value: ingest, files: null, message: '' };
    const kept = snapshot.head ? await readAt(options, snapshot.head.commitSha, path) : null;
    if (kept !== null && kept !== options.bundleText)
      throw new MemoryError(
        'bad_entry',
        `${path} on ${options.branch} already holds another bundle of session ${sessionId}${snapshot.bundles.has(sessionId) ? ' (a signed decision)' : ''}; a bundle never replaces another, so nothing proposed`,
      );
    return {
      value: ingest,
      files: [{ path, content: options.bundleText }],
      message: options.message ?? `truss: memory proposals from ${sessionId}`,
    };
  });
  return { ingest: value, commit, signer: { keyId: report.key_id, pinned: report.key_pinned } };
}

function readAt(place: BranchPlace, commitSha: string, path: string): Promise<string | null> {
  return readRepoFile({ octokit: place.octokit, owner: place.owner, repo: place.repo, path, ref: commitSha });
}

/**
 * Signs one decision about one entry (`decide`: promoteEntry or revokeEntry, with the panel or a
 * maintainer's reason) in the local `ledger`, then commits it to the branch: the log line, the
 * decision session's bundle and the entry snapshots. On a moved branch the tree is read again and
 * the same signed decision re-applied (never signed twice); if the entry was decided meanwhile so the
 * transition no longer applies, nothing is committed and the error says so.
 */
export async function decideOnMemoryBranch(
  options: BranchPlace & {
    /** The entry: id, id prefix or key. */
    entry: string;
    ledger: LedgerStore;
    signer: Signer;
    codeVersion: string;
    principal: Record<string, unknown>;
    decide: (who: DecisionSigner, entry: MemoryEntry) => Promise<SignedDecisionResult>;
    crypto?: LedgerCrypto;
    message?: string;
  },
): Promise<{ result: SignedDecisionResult; commit: LedgerCommit }> {
  let signed: { result: SignedDecisionResult; files: LedgerFile[] } | null = null;
  const { value, commit } = await commitWithRetry(options, async (snapshot) => {
    const entry = findEntry(snapshot.store, options.entry);
    if (!signed) {
      const who = { ...options, memory: snapshot.store };
      const result = await options.decide(who, entry);
      const crypto = options.crypto ?? createNodeCrypto();
      // The decision's bundle, and beside it those of the sessions it rests on (an eval's), so the
      // branch's view re-checks the evidence too.
      const files = [result.sessionId, ...evidenceSessions(result.payload)].map((id) => ({
        path: memorySessionPath(id),
        content: JSON.stringify(exportBundle(options.ledger, id, crypto)),
      }));
      signed = { result, files };
    } else {
      const { result } = signed;
      try {
        snapshot.store.applyDecision({
          memory_id: result.payload.memory_id,
          decision: result.payload.decision,
          ref: result.ref,
          supersedes: result.payload.supersedes,
          evidence: evidenceSessions(result.payload),
        });
      } catch (error) {
        if (!(error instanceof MemoryError)) throw error;
        throw new MemoryError(
          'bad_transition',
          `${entry.kind} ${entry.key} was decided by another job meanwhile (${error.message}); the signed decision ${result.ref.session} was not published`,
        );
      }
    }
    const { result, files } = signed;
    return {
      value: result,
      files,
      message:
        options.message ??
        `truss: memory ${result.payload.decision} ${entry.kind} ${entry.key} (${entry.id.slice(0, 12)})`,
    };
  });
  if (!commit) throw new Error('a decision always changes the memory log');
  return { result: value, commit };
}

/**
 * A maintainer's own signed approval of promoting one entry (docs/memory.md "On GitHub"), committed
 * to the branch: signed once in the local `ledger` with the maintainer's key, naming the entry's
 * latest decision (`prior`); on a moved branch where that decision changed, nothing is committed.
 * It decides nothing: a trusted job's promotion names it, and the view checks it against the keys
 * pinned as `reviewer`.
 */
export async function approveOnMemoryBranch(
  options: BranchPlace & {
    entry: string;
    reason: string;
    ledger: LedgerStore;
    signer: Signer;
    codeVersion: string;
    principal: Record<string, unknown>;
    crypto?: LedgerCrypto;
  },
): Promise<{ sessionId: string; ref: LedgerEntryRef; memoryId: string; commit: LedgerCommit }> {
  let signed: {
    sessionId: string;
    ref: LedgerEntryRef;
    prior: LedgerEntryRef | null;
    bundle: string;
  } | null = null;
  const { value, commit } = await commitWithRetry(options, async (snapshot) => {
    const entry = findEntry(snapshot.store, options.entry);
    const prior = approvalPrior(snapshot.store, entry.id);
    if (!signed) {
      const approval = signApproval(options, entry, { reason: options.reason, prior });
      const bundle = JSON.stringify(
        exportBundle(options.ledger, approval.sessionId, options.crypto ?? createNodeCrypto()),
      );
      signed = { sessionId: approval.sessionId, ref: approval.ref, prior, bundle };
    } else if (JSON.stringify(prior) !== JSON.stringify(signed.prior))
      throw new MemoryError(
        'bad_transition',
        `${entry.kind} ${entry.key} was decided by another job meanwhile; the signed approval ${signed.sessionId} was not published`,
      );
    snapshot.store.approve(entry.id, signed.ref);
    return {
      value: { sessionId: signed.sessionId, ref: signed.ref, memoryId: entry.id },
      files: [{ path: memorySessionPath(signed.sessionId), content: signed.bundle }],
      message: `truss: memory approval of ${entry.kind} ${entry.key} (${entry.id.slice(0, 12)})`,
    };
  });
  if (!commit) throw new Error('an approval always changes the memory log');
  return { ...value, commit };
}

type LedgerEntryRef = SignedDecisionResult['ref'];

/**
 * Reads the branch, lets `change` modify the snapshot's store, and commits the log, the entry
 * snapshots and `files` with the read commit as parent; on a moved branch, again from the top.
 * `files: null` means nothing to commit.
 */
async function commitWithRetry<T>(
  place: BranchPlace,
  change: (snapshot: MemorySnapshot) => Promise<{ value: T; files: LedgerFile[] | null; message: string }>,
): Promise<{ value: T; commit: LedgerCommit | null }> {
  for (let attempt = 1; ; attempt++) {
    const snapshot = await readMemoryBranch(place);
    const { value, files, message } = await change(snapshot);
    if (files === null || !snapshot.store.changed) return { value, commit: null };
    const entries = snapshot.store
      .changedIds()
      .map((id) => snapshot.store.get(id))
      .filter((e): e is MemoryEntry => e !== undefined)
      .map((e) => ({ path: `memory/entries/${e.id}.json`, content: `${JSON.stringify(e, null, 2)}\n` }));
    try {
      const commit = await commitFilesToBranch({
        ...place,
        files: [{ path: MEMORY_LOG_PATH, content: snapshot.store.text() }, ...files, ...entries],
        message,
        dryRun: false,
        parent: snapshot.head?.commitSha ?? null,
      });
      return { value, commit };
    } catch (error) {
      if (!(error instanceof BranchMovedError) || attempt >= ATTEMPTS) throw error;
      place.octokit.log.warn(
        `${place.branch} moved while writing memory (attempt ${attempt}); reading it again`,
      );
    }
  }
}
