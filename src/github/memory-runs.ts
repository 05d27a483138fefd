/**
 * Governed memory for the GitHub hosts (docs/memory.md "On GitHub"): what a run recalls, and how a
 * trusted job decides an entry. Memory is read from the ledger branch, never from a pull request's
 * head; a run only proposes, and its proposals stay in its
 * own bundle. Decisions (promote, revoke) are signed in sessions of their own by a trusted job and
 * committed to the `memory/` tree through memory-branch.ts.
 */
import {
  type Bundle,
  type LedgerEntry,
  parseBundle,
  rolePin,
  type TrustedKeys,
  tryReadEntry,
} from '../core/ledger/index.js';
import type { DecisionSigner, LedgerRef, MemoryEntry, MemoryStore } from '../core/memory/index.js';
import {
  MemoryError,
  type PromotionMethod,
  promoteEntry,
  type RunMemory,
  revokeEntry,
  type SignedDecisionResult,
} from '../core/memory/index.js';
import type { Logger } from './logger.js';
import {
  decideOnMemoryBranch,
  type MemorySnapshot,
  proposeOnMemoryBranch,
  readMemoryBranch,
} from './memory-branch.js';
import { importProvenance } from './memory-provenance.js';
import type { Octokit } from './octokit.js';
import type { TrussAuthors } from './own-comment.js';
import type { ArtifactBundleRef, ArtifactBundleSource } from './pr-artifact-bundles.js';
import { listSessionMetas } from './session-meta.js';
import { readStickyMetadata } from './sticky-comment.js';

interface BranchPlace {
  octokit: Octokit;
  owner: string;
  repo: string;
  branch: string;
}

/**
 * The memory a run on GitHub recalls from: the `memory/` tree on `branch`, checked against the keys
 * pinned as signers (`.truss/trusted-keys` at the trusted base, or the `trusted-keys` input) plus the
 * job's own persistent key. The store is the branch's log read into this job only: proposals the run
 * makes land in it and in the run's bundle, and are never committed from here. Unreadable log lines
 * are reported; so are forged verified entries, when recall meets them (`memory_recall.ignored`).
 */
export async function runMemoryFromBranch(
  options: BranchPlace & {
    trusted: TrustedKeys;
    ownKey?: string | null;
    /** `memory-approval: key`: recall only promotions a maintainer approved with their own key. */
    requireApproval?: boolean | undefined;
    log: Logger;
  },
): Promise<RunMemory> {
  const snapshot = await readMemoryBranch(options);
  for (const problem of snapshot.store.problems)
    options.log.warning(
      `memory: line ${problem.line} of memory/log.jsonl on ${options.branch} ignored: ${problem.reason}`,
    );
  const trusted = new Map(options.trusted);
  if (options.ownKey && !trusted.has(options.ownKey))
    trusted.set(options.ownKey, rolePin('this workflow signing key', ['signer']));
  return {
    store: snapshot.store,
    view: snapshot.view(trusted, { requireApproval: options.requireApproval }),
  };
}

export interface MemoryDecisionRequest extends BranchPlace {
  action: 'promote' | 'revoke';
  /** The entry id, or a prefix of at least 8 hex characters. */
  entry: string;
  reason: string | null;
  /**
   * Sessions whose bundles on the ledger branch (`sessions/<id>.json`) may hold the proposal, for an
   * entry not yet in the memory log (a pull-request run's proposals ride in its own bundle).
   */
  sessions: readonly string[];
  /** How a promotion is reviewed: the panel's seats (a promotion always goes to the panel). */
  panel: Extract<PromotionMethod, { method: 'panel' }> | { unavailable: string };
  ledger: DecisionLedger['ledger'];
  signer: DecisionLedger['signer'];
  codeVersion: string;
  /** Who asked, signed into the decision session's `run_started` (with the maintainer approval). */
  principal: Record<string, unknown>;
  loadBundle: (sessionId: string) => Promise<string | null>;
  /**
   * Before a promotion is signed: the maintainer's own signed approval on the branch its verdict
   * names (null: none), or a throw when one is required and none checks.
   */
  approve?: ((snapshot: MemorySnapshot, memoryId: string) => LedgerRef | null) | undefined;
  /** A promotion decided otherwise than by the panel (a paired eval), naming the approval if any. */
  promote?:
    | ((who: DecisionSigner, entry: MemoryEntry, approval: LedgerRef | null) => Promise<SignedDecisionResult>)
    | undefined;
  /**
   * The pull request's workflow artifacts, searched when no bundle on the branch proposes the entry
   * (a fork's run cannot write the branch). A session with a bundle on the branch is read from there.
   */
  artifacts?: ArtifactBundleSource | undefined;
  log: Logger;
}

type DecisionLedger = Parameters<typeof decideOnMemoryBranch>[0];

export interface MemoryDecisionOutcome {
  decision: SignedDecisionResult['payload']['decision'];
  /** How it was decided: a paired eval's reply says why it did not promote (the reason is ours, not the entry's). */
  method: SignedDecisionResult['payload']['method'];
  reason: string;
  memoryId: string;
  kind: string;
  key: string;
  sessionId: string;
  commitUrl: string | null;
  /** The session whose bundle brought the proposal onto the branch, when this job moved it there. */
  proposedFrom: string | null;
  /** Set when that bundle came from a workflow artifact (a fork's run): its key, not pinned. */
  proposedFromArtifact: { artifact: string; workflowRunId: number; keyId: string; keyPinned: boolean } | null;
}

/**
 * Decides one entry in a trusted job: brings its proposal onto the branch from the proposing run's
 * bundle when the log does not hold it yet, then signs the decision (a panel review against its
 * provenance for a promotion; the maintainer's reason for a revocation) in a session of its own and
 * commits it with the parent pinned.
 */
export async function decideMemoryEntry(request: MemoryDecisionRequest): Promise<MemoryDecisionOutcome> {
  const place = {
    octokit: request.octokit,
    owner: request.owner,
    repo: request.repo,
    branch: request.branch,
  };
  const id = request.entry.toLowerCase();
  if (!/^[0-9a-f]{8,64}$/.test(id))
    throw new MemoryError('no_entry', `"${request.entry.slice(0, 70)}" is not a memory entry id (hex)`);
  if (request.action === 'promote' && !request.promote && 'unavailable' in request.panel)
    throw new MemoryError(
      'bad_transition',
      `no reviewer panel is configured (${request.panel.unavailable}): a promotion needs one (provider inputs or [provider] in .truss/config.toml)`,
    );
  let snapshot = await readMemoryBranch(place);
  const onBranch = idMatches(snapshot.store, id).length > 0;
  const brought = onBranch
    ? { proposedFrom: null, proposedFromArtifact: null, principal: {} }
    : await bringProposal(request, id);
  // Bringing the proposal committed to the branch: read what it holds now.
  if (!onBranch) snapshot = await readMemoryBranch(place);
  const fullId = uniqueId(snapshot, id);
  if (request.action === 'promote') {
    // The panel judges the entry against the signed entries it names: bring those sessions here.
    const provenance = await importProvenance(
      place,
      snapshot,
      snapshot.store.get(fullId) as MemoryEntry,
      request.ledger,
    );
    for (const missing of provenance.missing)
      request.log.warning(`memory: provenance of ${fullId.slice(0, 12)} not shown to the panel: ${missing}`);
  }
  const approval = request.action === 'promote' ? (request.approve?.(snapshot, fullId) ?? null) : null;
  const panel = { ...request.panel, ...(approval ? { approval } : {}) };
  const { result, commit } = await decideOnMemoryBranch({
    ...place,
    entry: fullId,
    ledger: request.ledger,
    signer: request.signer,
    codeVersion: request.codeVersion,
    principal: { ...request.principal, ...brought.principal },
    decide: (who, entry) =>
      request.action === 'promote'
        ? request.promote
          ? request.promote(who, entry, approval)
          : promoteEntry(who, entry, panel as Extract<PromotionMethod, { method: 'panel' }>)
        : revokeEntry(who, entry, request.reason ?? `revoked by ${String(request.principal.login)}`),
  });
  const entry = result.payload.entry as { kind: string; key: string };
  request.log.info(
    `memory: ${result.payload.decision} ${entry.kind} ${entry.key} (${result.payload.memory_id.slice(0, 12)}), session ${result.sessionId}, ${commit.url ?? commit.commitSha}`,
  );
  return {
    decision: result.payload.decision,
    method: result.payload.method,
    reason: result.payload.reason,
    memoryId: result.payload.memory_id,
    kind: entry.kind,
    key: entry.key,
    sessionId: result.sessionId,
    commitUrl: commit.url ?? null,
    proposedFrom: brought.proposedFrom,
    proposedFromArtifact: brought.proposedFromArtifact,
  };
}

/**
 * Brings the proposal of `id` onto the branch from the bundle that proposes it (findProposal). From a
 * workflow artifact (a fork's run) only that entry is taken, and where it came from — with its key,
 * which nobody pins — is returned for the decision session's principal and logged.
 */
async function bringProposal(
  request: MemoryDecisionRequest,
  id: string,
): Promise<
  Pick<MemoryDecisionOutcome, 'proposedFrom' | 'proposedFromArtifact'> & {
    principal: Record<string, unknown>;
  }
> {
  // Only a verified entry can be revoked: a proposal is never brought onto the branch for that.
  if (request.action === 'revoke')
    throw new MemoryError(
      'no_entry',
      `no memory entry ${id} on ${request.branch}: only a verified entry there can be revoked`,
    );
  const found = await findProposal(request, id);
  if ('problems' in found) {
    const looked = [
      request.sessions.length === 0 ? null : `the bundles of ${request.sessions.join(', ')} on it`,
      request.artifacts ? "the pull request's workflow artifacts" : null,
    ].filter(Boolean);
    throw new MemoryError(
      'no_entry',
      `no memory entry ${id} on ${request.branch}, and no run bundle proposes one (looked in ${looked.length ? looked.join(' and ') : 'nothing: no session named'})${found.problems.length ? `; refused: ${found.problems.join('; ')}` : ''}; check the id in the check run or job summary`,
    );
  }
  const { artifact } = found;
  const { signer } = await proposeOnMemoryBranch({
    octokit: request.octokit,
    owner: request.owner,
    repo: request.repo,
    branch: request.branch,
    bundleText: found.text,
    expect: id,
    onlyExpected: artifact !== null,
    message: `truss: memory proposals from ${found.session}${artifact ? ` (artifact of workflow run ${artifact.workflowRunId})` : ''}`,
  });
  if (!artifact) return { proposedFrom: found.session, proposedFromArtifact: null, principal: {} };
  // A fork's job signs with a one-time key: the chain is intact, but nobody vouches for the key.
  request.log.warning(
    `memory: the proposal ${id} comes from ${artifact.artifactName} (workflow run ${artifact.workflowRunId}), not the ledger branch: its bundle verifies as an intact chain signed by key ${signer.keyId}, which is ${signer.pinned ? 'pinned' : 'not pinned (a pull request job’s key; a fork’s is one-time)'}; only the signed decision below vouches for the entry`,
  );
  return {
    proposedFrom: found.session,
    proposedFromArtifact: {
      artifact: artifact.artifactName,
      workflowRunId: artifact.workflowRunId,
      keyId: signer.keyId,
      keyPinned: signer.pinned,
    },
    principal: {
      proposal: {
        session: found.session,
        source: 'workflow_artifact',
        artifact: artifact.artifactName,
        artifact_id: artifact.artifactId,
        workflow_run_id: artifact.workflowRunId,
        key_id: signer.keyId,
        key_pinned: signer.pinned,
      },
    },
  };
}

const SESSION = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const KEPT_SESSIONS = 20;

/**
 * `memory_sessions` for a sticky comment's metadata: the sessions of this pull request whose runs
 * proposed memory (the previous comment's list, validated, plus `current`), the newest 20. Empty
 * object when there are none, so comments of runs without memory are unchanged.
 */
export function proposingSessions(
  previousBody: string | null,
  current: string | null,
): { memory_sessions?: string[] } {
  const previous = previousBody ? readStickyMetadata(previousBody)?.memory_sessions : undefined;
  const kept = Array.isArray(previous)
    ? previous.filter((s): s is string => typeof s === 'string' && SESSION.test(s))
    : [];
  const all = current && !kept.includes(current) ? [...kept, current] : kept;
  return all.length ? { memory_sessions: all.slice(-KEPT_SESSIONS) } : {};
}

/**
 * Where a pull request's memory proposals are looked for: the sessions its sticky comments name —
 * those that proposed memory first (older runs of the PR, `memory_sessions`), then each contract's
 * latest — validated as session ids (comment metadata is editable by writers) and without repeats.
 */
export async function pullRequestProposers(
  octokit: Octokit,
  repo: { owner: string; repo: string },
  prNumber: number,
  authors: TrussAuthors,
): Promise<string[]> {
  const sessions: string[] = [];
  for (const meta of await listSessionMetas(octokit, repo, prNumber, authors)) {
    const proposers = (meta as { memory_sessions?: unknown }).memory_sessions;
    for (const id of [...(Array.isArray(proposers) ? proposers : []), meta.session_id])
      if (typeof id === 'string' && SESSION.test(id) && !sessions.includes(id)) sessions.push(id);
  }
  return sessions;
}

function idMatches(store: MemoryStore, id: string) {
  return store.list({ idPrefix: id, includeSuperseded: true });
}

/** The full id of the one entry `prefix` names (never a key: a command names entries by id only). */
function uniqueId(snapshot: MemorySnapshot, prefix: string): string {
  const found = idMatches(snapshot.store, prefix);
  if (found.length !== 1)
    throw new MemoryError(
      found.length === 0 ? 'no_entry' : 'ambiguous',
      found.length === 0
        ? `no memory entry ${prefix}`
        : `${prefix} is the prefix of ${found.length} entries; give more of the id`,
    );
  return (found[0] as { id: string }).id;
}

interface FoundProposal {
  session: string;
  text: string;
  /** Set when the bundle came from a workflow artifact rather than the ledger branch. */
  artifact: ArtifactBundleRef | null;
}

/**
 * The first bundle that proposes `id`: the named sessions' bundles on the branch first; then, only
 * when none does, the pull request's artifacts — a session the branch holds is read from the branch,
 * the others from their artifact. An artifact (or the listing) that cannot be read is listed in
 * `problems`; one that proposes the id but holds another session's bundle is refused outright.
 */
async function findProposal(
  request: MemoryDecisionRequest,
  id: string,
): Promise<FoundProposal | { problems: string[] }> {
  const checked = new Set<string>();
  const fromBranch = async (session: string): Promise<FoundProposal | 'held' | null> => {
    checked.add(session);
    const text = await request.loadBundle(session);
    if (text === null) {
      request.log.info(`memory: no bundle of session ${session} on ${request.branch}`);
      return null;
    }
    return proposes(parseBundle(text, `sessions/${session}.json`), id)
      ? { session, text, artifact: null }
      : 'held';
  };
  for (const session of request.sessions) {
    const found = await fromBranch(session);
    if (found !== null && found !== 'held') return found;
  }
  const source = request.artifacts;
  if (!source) return { problems: [] };
  let artifacts: ArtifactBundleRef[];
  try {
    artifacts = await source.list();
  } catch (error) {
    return { problems: [`the workflow artifacts could not be listed: ${(error as Error).message}`] };
  }
  const problems: string[] = [];
  for (const artifact of artifacts) {
    if (checked.has(artifact.sessionId)) continue;
    // The branch's copy of a session wins: an artifact never stands in for a bundle kept there.
    const kept = await fromBranch(artifact.sessionId);
    if (kept === 'held') continue;
    if (kept !== null) return kept;
    const where = `${artifact.artifactName} (workflow run ${artifact.workflowRunId})`;
    let bundle: Bundle;
    let text: string;
    try {
      text = await source.load(artifact);
      bundle = parseBundle(text, artifact.artifactName);
    } catch (error) {
      problems.push(`${where}: ${(error as Error).message}`);
      continue;
    }
    if (!proposes(bundle, id)) continue;
    if (bundle.ledger.session_id !== artifact.sessionId)
      throw new MemoryError(
        'bad_entry',
        `${where} holds the bundle of another session (${String(bundle.ledger.session_id).slice(0, 80)}): an artifact may only carry its own session's bundle; nothing proposed`,
      );
    return { session: artifact.sessionId, text, artifact };
  }
  return { problems };
}

/** Whether any `memory_proposed` item of the bundle names `id` (checked against its content later). */
function proposes(bundle: Bundle, id: string): boolean {
  return (bundle.ledger.entries as LedgerEntry[]).some((e) => {
    if (e.kind !== 'memory_proposed') return false;
    const read = tryReadEntry(e, 'memory_proposed');
    return 'payload' in read && read.payload.entries.some((item) => item.memory_id.startsWith(id));
  });
}
