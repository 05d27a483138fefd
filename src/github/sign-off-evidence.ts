import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkReceipt } from '../core/anchor/index.js';
import {
  appendHumanReviewToBundle,
  type Bundle,
  createNodeCrypto,
  HUMAN_REVIEW_KIND,
  type HumanReviewDecision,
  judgedCommitOf,
  parseBundle,
  readEntries,
  type SigningKey,
  type TrustedKeys,
  verifyBundle,
} from '../core/ledger/index.js';
import { loadBundleFromLedgerBranch } from './ledger-store-branch.js';
import { ledgerBundleFileName } from './names.js';
import type { RecordSignOffOptions, SignOffResult } from './record-sign-off.js';
import { codeSpan } from './render/escape.js';
import { retractionOf } from './retract-sign-off.js';
import type { SessionMeta } from './session-meta.js';

/** Why one session's evidence cannot be signed off: the `truss / human review` check's title and text. */
export interface EvidenceFailure {
  title: string;
  message: string;
}

/** One session's stored bundle, read and checked to be that session's ledger. */
export interface StoredEvidence {
  meta: SessionMeta & { session_id: string };
  bundle: Bundle;
}

/**
 * Reads a session's stored bundle (the ledger branch, else the run's artifact) and checks it is that
 * session's ledger. The bundle is found by the session's name (a ledger-branch path, an artifact
 * file), which binds nothing: another session's bundle put there (another pull request's run on the
 * same head, a weaker contract) would verify as well, and the sign-off would vouch for evidence of
 * something else.
 */
export async function readStoredEvidence(
  options: RecordSignOffOptions,
  meta: SessionMeta & { session_id: string },
): Promise<StoredEvidence | EvidenceFailure> {
  const sessionId = meta.session_id;
  const text = await fetchBundleText(options, meta);
  // Evidence stored nowhere is evidence that cannot be signed off: the check says which contract and
  // what to change, rather than the review failing with nothing shown on the pull request.
  if (text === null)
    return {
      title: 'Evidence not found',
      message: `No stored bundle for session ${sessionId}: it is not on the ledger branch and its sticky comment names no artifact. Enable upload-artifact or ledger-branch on the run workflow, run the contract again, then review.`,
    };
  let bundle: Bundle;
  try {
    bundle = parseBundle(text, `bundle of session ${sessionId}`);
  } catch (error) {
    // A stored bundle that is not even a bundle is evidence that does not verify, not a crash.
    return { title: 'Evidence did not verify (unreadable bundle)', message: (error as Error).message };
  }
  if (bundle.ledger.session_id !== sessionId)
    return {
      title: 'Evidence did not verify (another session)',
      message: `The bundle stored for session ${sessionId} is the ledger of session ${String(bundle.ledger.session_id).slice(0, 80)}; nothing was signed.`,
    };
  return { meta, bundle };
}

/** Whether the evidence verifies against the pinned keys; null when it does, else why not. */
export function verifyEvidence(
  evidence: StoredEvidence,
  trusted: TrustedKeys,
): { pinned: boolean } | EvidenceFailure {
  const report = verifyBundle(evidence.bundle, {
    crypto: createNodeCrypto(),
    trusted,
    receipts: checkReceipt,
  });
  if (report.status === 'failed' || report.status === 'incomplete' || report.status === 'suspended')
    return {
      title: `Evidence did not verify (${report.status})`,
      message:
        report.failure?.message ??
        (report.status === 'suspended'
          ? 'the run is suspended: its decision and verdict are not in this bundle, so there is no finished run to sign off'
          : 'the run did not finish'),
    };
  return { pinned: report.status === 'verified' };
}

/** One session signed off: where it is stored and what the check says about it. */
export interface SignedEvidence extends SignOffResult {
  pinned: boolean;
  /** The review, the verdict and the PR head name the same commit. */
  atVerdictHead: boolean;
  /** Signed now; false when the stored bundle already held this review's decision (a redelivery). */
  fresh: boolean;
  /** The bundle holds a signed retraction of this review: it was dismissed (retract-sign-off.ts). */
  retracted: boolean;
  summary: string;
}

/**
 * Appends the reviewer's decision to verified evidence and writes the extended bundle to the output
 * directory (the caller stores every sign-off on the ledger branch in one commit). A redelivered
 * review (or a second host handling the same event) finds its decision already in the stored bundle
 * and reports that entry instead of signing twice.
 */
export function signEvidence(
  options: RecordSignOffOptions,
  evidence: StoredEvidence & { pinned: boolean },
  decision: HumanReviewDecision,
  reviewer: SigningKey,
): SignedEvidence {
  const { review, pr, log } = options;
  const { bundle, meta } = evidence;
  const sessionId = meta.session_id;
  // The chain verified, so every review in it reads as one (the verifier fails a malformed review).
  const recorded = readEntries(bundle.ledger.entries, HUMAN_REVIEW_KIND).find(
    (e) => e.payload.source?.review_id === review.id && e.payload.decision === decision,
  );
  const verdictHead = judgedCommit(bundle);
  // The commit GitHub says the reviewer looked at. A review that names none is not taken as a review of
  // the head: the head may have moved while it was written, and the sign-off attests only what was seen.
  const reviewedSha = review.commit_id || null;
  const { bundle: extended, entry } = recorded
    ? { bundle, entry: recorded }
    : appendHumanReviewToBundle(bundle, reviewer, {
        decision,
        note: review.body ?? '',
        actor: { login: review.user.login, id: review.user.id },
        source: { review_id: review.id, commit_sha: reviewedSha, url: review.html_url ?? null },
      });
  if (recorded)
    log.info(`review ${review.id} is already signed into session ${sessionId} (seq ${entry.seq})`);
  const out = join(options.outDir, ledgerBundleFileName(sessionId));
  writeFileSync(out, `${JSON.stringify(extended)}\n`);
  const atVerdictHead =
    verdictHead !== null &&
    reviewedSha !== null &&
    reviewedSha === verdictHead &&
    verdictHead === pr.head.sha;
  const reviewed = reviewedSha === null ? 'names no commit' : `is for ${reviewedSha.slice(0, 7)}`;
  const summary = [
    `**${decision}** by @${review.user.login} — signed \`human_review\` at seq ${entry.seq}, attesting head \`${entry.payload.attested_head_hash.slice(0, 16)}…\` of session ${codeSpan(sessionId)}.`,
    `Evidence: ${evidence.pinned ? 'verified against pinned keys' : 'intact, but its signer is not pinned (set trusted-keys or .truss/trusted-keys)'}.`,
    atVerdictHead
      ? ''
      : verdictHead === null
        ? `The review ${reviewed}, but the run of session ${codeSpan(sessionId)} names no commit: its evidence cannot be shown to cover ${pr.head.sha.slice(0, 7)}. Run the contract on the pull request's checkout, then review.`
        : reviewedSha === null
          ? `The review names no commit, so it cannot be shown to have seen ${verdictHead.slice(0, 7)}, which the verdict covers. Approve the pull request again.`
          : `The review is for ${reviewedSha.slice(0, 7)}, but the verdict covers ${verdictHead.slice(0, 7)}: stale.`,
  ].join('\n\n');
  return {
    sessionId,
    headHash: entry.entry_hash,
    bundlePath: out,
    pinned: evidence.pinned,
    atVerdictHead,
    fresh: !recorded,
    retracted: retractionOf(bundle.ledger.entries, review.id) !== null,
    summary,
  };
}

/**
 * The commit the signed run judged: the verdict's (the head after the executor's work), else the one
 * run_started recorded; null when the run names none (judgedCommitOf, the definition the verifiers
 * and the report page share). Never the sticky comment's head_sha: comment metadata only says where to
 * look (docs/security.md "Comments and checks Truss trusts as its own"), so a run of another commit,
 * or of none, under a sticky for this head is not this head's evidence. The signed entries, never the
 * `verdict` view (docs/ledger.md "Bundle": the views are unsigned conveniences).
 */
function judgedCommit(bundle: Bundle): string | null {
  return judgedCommitOf(bundle.ledger.entries);
}

async function fetchBundleText(
  options: RecordSignOffOptions,
  meta: SessionMeta & { session_id: string },
): Promise<string | null> {
  const sessionId = meta.session_id;
  if (options.ledgerBranch) {
    const text = await loadBundleFromLedgerBranch({
      octokit: options.octokit,
      ...options.repo,
      branch: options.ledgerBranch,
      sessionId,
    });
    if (text) return text;
  }
  if (!meta.artifact_id) return null;
  return options.loadArtifactBundle({ ...meta, artifact_id: meta.artifact_id });
}
