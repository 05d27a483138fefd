import type {
  AnchorReceiptFinding,
  ChainFailure,
  ChainResult,
  ChildAnchorFinding,
  ReviewFinding,
} from './chain-verifier.js';
import { childAnchorMismatch, type VerdictRef } from './child-anchor.js';
import { hasRole, isPinned, pinnedRoles, type TrustedKeys } from './trusted-keys.js';

/** Verification outcomes (docs/ledger.md "Verification results"), most severe first. */
export type VerifyStatus = 'failed' | 'incomplete' | 'integrity_only' | 'suspended' | 'verified';

export interface VerifyReport {
  status: VerifyStatus;
  session_id: string;
  /**
   * True when `session_id` is the one the signed `run_started` names (any other id fails as
   * `session_mismatch`); false for ledgers written before run_started carried it, whose session id
   * is only a label.
   */
  session_id_signed: boolean;
  entries: number;
  head_hash: string | null;
  public_key: string;
  key_id: string;
  key_pinned: boolean;
  terminal_kind: string | null;
  /** Hash of seq 0 and the `verdict` entry: what a parent's child_anchor commits to (docs/fanout.md). */
  root_hash: string | null;
  verdict_ref: VerdictRef | null;
  failure: ChainFailure | null;
  /** Why a chain that is intact is still not `verified`. */
  notes: string[];
  reviews: Array<ReviewFinding & { key_pinned: boolean }>;
  /**
   * Transparency-log receipts whose proofs and checkpoint signatures verified. A log key that is not
   * pinned does not change the status (the chain's own signatures decide that); it is shown as such.
   */
  anchors: Array<AnchorReceiptFinding & { log_key_pinned: boolean }>;
  children: VerifyReport[];
}

/** Exit codes of `truss verify` / `truss ledger verify` (documented in docs/cli.md). */
export const VERIFY_EXIT_CODES: Record<VerifyStatus, number> = {
  verified: 0,
  failed: 1,
  integrity_only: 4,
  incomplete: 5,
  /** Same code as `truss run` for a suspended run (src/cli/exit-codes.ts). */
  suspended: 6,
};

export interface ReportInput {
  sessionId: string;
  publicKeyHex: string;
  keyId: string;
  chain: ChainResult;
  /** The head the container claims (bundle `head_hash` or `sessions.head_hash`); null when it claims none. */
  declaredHead: string | null | undefined;
  trusted: TrustedKeys;
  /** Verifies the child an anchor points to; null when the container does not hold it. */
  resolveChild: (anchor: ChildAnchorFinding) => VerifyReport | null;
  /**
   * The session ids of the tree being verified so far (the root and every child already reached),
   * one set shared by the whole recursion. A session stands for one run, so it appears once in a
   * tree: an anchor naming one already in it (the same child twice, two parents of one child, a
   * cycle) fails as `duplicate_child`, the same for a database and every bundle reader
   * (docs/ledger.md "Bundle").
   */
  seen: Set<string>;
  /** How many anchors down from the root this session is (the root is 0; MAX_CHILD_DEPTH). */
  depth?: number;
}

/**
 * The deepest a child session may sit below its root. A bundle nests at most 128 levels
 * (MAX_BUNDLE_DEPTH): a child k anchors down puts its payloads 5 + 2k levels in, and a payload may
 * itself nest 64, so 29 is the deepest tree every database can export as a bundle every reader
 * reads. Deeper anchors fail as `child_failed` on every path, and the recursion stays far from any
 * stack's end (a database can hold thousands of nested children; docs/ledger.md "Bundle").
 */
export const MAX_CHILD_DEPTH = 29;

/**
 * Turns a chain result into the user-facing verdict on trust: the chain checks plus the decisions
 * that depend on the container and the pinned keys (head, children, key trust, completeness).
 */
export function buildReport(input: ReportInput): VerifyReport {
  const { chain, trusted } = input;
  const report: VerifyReport = {
    status: 'verified',
    session_id: input.sessionId,
    session_id_signed: chain.signedSessionId !== null,
    entries: chain.entryCount,
    head_hash: chain.headHash,
    public_key: input.publicKeyHex,
    key_id: input.keyId,
    key_pinned: isPinned(trusted, input.publicKeyHex, 'signer'),
    terminal_kind: chain.lastKind,
    root_hash: chain.rootHash,
    verdict_ref: chain.verdictRef,
    failure: chain.failure,
    notes: [],
    reviews: chain.reviews.map((review) => ({
      ...review,
      key_pinned: isPinned(trusted, review.reviewer_public_key, 'reviewer'),
    })),
    anchors: chain.anchorReceipts.map((anchor) => ({
      ...anchor,
      log_key_pinned: isPinned(trusted, anchor.log_public_key, 'log'),
    })),
    children: [],
  };
  const fail = (failure: ChainFailure): VerifyReport => {
    report.failure ??= failure;
    report.status = 'failed';
    return report;
  };
  input.seen.add(input.sessionId);
  if (report.failure) return fail(report.failure);

  if (input.declaredHead !== chain.headHash) {
    const seq = chain.entryCount - 1;
    return fail({
      seq,
      code: 'head_mismatch',
      message: `head_hash ${short(input.declaredHead)} is not the hash of the last entry (seq ${seq}, ${short(chain.headHash)}): the head was dropped or replaced`,
    });
  }
  if (chain.signedSessionId !== null && chain.signedSessionId !== input.sessionId) {
    return fail({
      seq: 0,
      code: 'session_mismatch',
      message: `seq 0: the ledger is labelled session ${JSON.stringify(input.sessionId)}, but its signed run_started names session ${JSON.stringify(chain.signedSessionId)} (renamed session)`,
    });
  }
  if (trusted.size > 0 && !report.key_pinned) {
    // Pinned, but for another role (e.g. the review-signing key): never a ledger signer.
    const roles = pinnedRoles(trusted, input.publicKeyHex);
    return fail({
      seq: null,
      code: 'untrusted_key',
      message:
        roles.length > 0
          ? `the ledger is signed by ${input.keyId}, which is pinned only as ${roles.join(', ')}, not as a signer (roles=signer in trusted-keys)`
          : `the ledger is signed by ${input.keyId}, which is not a trusted key (re-signed or forged ledger)`,
    });
  }
  for (const anchor of chain.childAnchors) {
    if (input.seen.has(anchor.child_session_id)) {
      return fail({
        seq: anchor.seq,
        code: 'duplicate_child',
        message: `seq ${anchor.seq}: child session ${anchor.child_session_id} is already part of this ledger (anchored before, or the session itself); a session is anchored once`,
      });
    }
    if ((input.depth ?? 0) >= MAX_CHILD_DEPTH) {
      return fail({
        seq: anchor.seq,
        code: 'child_failed',
        message: `seq ${anchor.seq}: child session ${anchor.child_session_id} would sit ${(input.depth ?? 0) + 1} levels below the root; child sessions nest at most ${MAX_CHILD_DEPTH} levels, and Truss never writes a deeper tree`,
      });
    }
    const child = input.resolveChild(anchor);
    if (!child) {
      return fail({
        seq: anchor.seq,
        code: 'child_missing',
        message: `seq ${anchor.seq}: child session ${anchor.child_session_id} is not included`,
      });
    }
    report.children.push(child);
    if (child.status === 'failed') {
      return fail({
        seq: anchor.seq,
        code: 'child_failed',
        message: `seq ${anchor.seq}: child session ${anchor.child_session_id} failed verification: ${child.failure?.message ?? 'unknown reason'}`,
      });
    }
    if (child.head_hash !== anchor.child_head_hash) {
      return fail({
        seq: anchor.seq,
        code: 'child_anchor_mismatch',
        message: `seq ${anchor.seq}: child anchor commits to head ${short(anchor.child_head_hash)} but child session ${anchor.child_session_id} ends at ${short(child.head_hash)}`,
      });
    }
    const mismatch = childAnchorMismatch(anchor, child);
    if (mismatch) return fail({ seq: anchor.seq, code: 'child_anchor_mismatch', message: mismatch });
  }

  if (!chain.terminal) {
    report.status = 'incomplete';
    report.notes.push(
      `the last entry is ${chain.lastKind ?? 'missing'}, not run_completed, run_failed or suspended: the run is unfinished or its tail was cut off`,
    );
    return report;
  }
  if (!hasRole(trusted, 'signer'))
    report.notes.push(
      // Not "no keys given": a trusted-keys file that is empty, or pins keys for other roles only, was given.
      `no key is pinned as signer: the chain is intact, but anyone could have signed it with ${input.keyId}`,
    );
  for (const review of report.reviews) {
    if (!review.key_pinned)
      report.notes.push(
        `human review at seq ${review.seq} is signed by ${review.reviewer_key_id}, which is not a trusted key`,
      );
  }
  for (const child of report.children) {
    if (child.status !== 'verified')
      report.notes.push(`child session ${child.session_id} is ${child.status}`);
  }
  report.status = report.notes.length > 0 ? 'integrity_only' : 'verified';
  if (chain.suspended) {
    // Intact and (when pinned) trusted, but not a finished run: its decision and verdict are not in
    // this ledger, either yet or because the tail was cut off at the suspension. Never `verified`.
    report.notes.push(
      'the run is suspended (approval gate, signal or timer): its decision and verdict are not in this ledger, so it is not a finished run',
    );
    if (report.status === 'verified') report.status = 'suspended';
  }
  return report;
}

function short(hash: string | null | undefined): string {
  return typeof hash === 'string' ? `${hash.slice(0, 12)}…` : String(hash);
}
