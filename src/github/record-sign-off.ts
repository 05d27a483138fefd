import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkReceipt } from '../core/anchor/index.js';
import {
  appendHumanReviewToBundle,
  type Bundle,
  createNodeCrypto,
  HUMAN_REVIEW_KIND,
  type HumanReviewDecision,
  parseBundle,
  readEntries,
  readPayload,
  rolePin,
  type SigningKey,
  verifyBundle,
} from '../core/ledger/index.js';
import { postHumanReviewCheck } from './human-review-check.js';
import { loadBundleFromLedgerBranch, saveBundleToLedgerBranch } from './ledger-store-branch.js';
import type { Logger } from './logger.js';
import { ledgerBundleFileName } from './names.js';
import type { Octokit } from './octokit.js';
import { resolveAuthors, type TrussAuthorsSource } from './own-comment.js';
import { authorizeActor } from './permissions.js';
import { trustedKeysFor } from './repo-trusted-keys.js';
import { latestSessionFor, type SessionMeta } from './session-meta.js';
import { type SuspendedMeta, SuspendedMetaSchema } from './suspended-session.js';

/** The `pull_request_review` fields a sign-off reads. */
export interface SignOffReview {
  id: number;
  state?: string;
  body?: string | null;
  commit_id?: string;
  html_url?: string;
  user: { login: string; id: number; type?: string };
}

export interface SignOffPullRequest {
  number: number;
  head: { sha: string };
  base: { sha: string };
}

export interface RecordSignOffOptions {
  octokit: Octokit;
  repo: { owner: string; repo: string };
  pr: SignOffPullRequest;
  review: SignOffReview;
  /** The review event's action: `submitted` records a decision, `dismissed` resets the check. */
  action: string | undefined;
  /** The key human sign-offs are signed with; called only once a sign-off is about to be signed. */
  reviewSigner: () => SigningKey;
  /** Pinned keys as text (`trusted-keys` input); empty reads `.truss/trusted-keys` at the PR base. */
  trustedKeys: string;
  ledgerBranch: string | null;
  /**
   * The logins Truss's sticky comments are posted as: the session to sign off is read only from
   * theirs, never from another bot's lookalike pointing at an older session (own-comment.ts). A
   * function is asked only when a sign-off reads them (the App looks its own bot login up).
   */
  authors: TrussAuthorsSource;
  dryRun: boolean;
  detailsUrl: string | null;
  log: Logger;
  outDir: string;
  /**
   * Host-specific: when the latest session for the head is suspended on an approval gate, the
   * review is that gate's decision (by an authorized reviewer) instead of a sign-off on a verdict.
   * Without it such a review is not recorded.
   */
  releaseGate?: (gate: SuspendedMeta, decision: HumanReviewDecision) => Promise<void>;
  /** Host-specific fallback when the ledger branch holds no bundle (the Action downloads the run artifact). */
  loadArtifactBundle: (meta: SessionMeta & { session_id: string; artifact_id: number }) => Promise<string>;
}

export type { SessionMeta };

export interface SignOffResult {
  sessionId: string;
  headHash: string;
  bundlePath: string;
}

const DECISION: Record<string, HumanReviewDecision> = {
  approved: 'approved',
  changes_requested: 'needs_changes',
};

/**
 * A PR review becomes a signed `human_review` pinned to the evidence it saw: find the latest truss
 * session for the PR head, verify its bundle against pinned keys, append the reviewer's decision
 * signed with the review key, store the extended bundle, and set `truss / human review`.
 * Returns the stored sign-off, or null when none was recorded.
 */
export async function recordSignOff(options: RecordSignOffOptions): Promise<SignOffResult | null> {
  const { octokit, repo, pr, review, log } = options;
  const check = (
    conclusion: 'success' | 'failure' | 'action_required' | 'neutral',
    title: string,
    summary: string,
  ) =>
    postHumanReviewCheck({
      octokit,
      ...repo,
      headSha: pr.head.sha,
      conclusion,
      title,
      summary,
      detailsUrl: options.detailsUrl,
      dryRun: options.dryRun,
    });

  if (options.action === 'dismissed') {
    await check(
      'action_required',
      'Review dismissed: awaiting a new approval',
      `The review by @${review.user.login} was dismissed.`,
    );
    return null;
  }
  const decision = DECISION[String(review.state).toLowerCase()];
  if (options.action !== 'submitted' || !decision) {
    log.info(`review state ${review.state} records no decision; nothing to sign`);
    return null;
  }
  const auth = await authorizeActor({
    octokit,
    ...repo,
    actor: { login: review.user.login, type: review.user.type ?? 'User' },
  });
  if (!auth.allowed) {
    log.info(
      `${review.user.login} has no write permission (${auth.reason}); the review is not recorded as a sign-off`,
    );
    return null;
  }
  const authors = await resolveAuthors(options.authors);
  const meta = await latestSessionFor(octokit, repo, pr.number, pr.head.sha, authors);
  if (!meta?.session_id) {
    await check(
      'action_required',
      'No truss verdict for this commit yet',
      `There is no truss run for ${pr.head.sha.slice(0, 7)}; run the contracts first, then review.`,
    );
    return null;
  }
  const gate = SuspendedMetaSchema.safeParse(meta);
  if (gate.success) {
    if (!options.releaseGate || review.commit_id !== pr.head.sha) {
      log.info(`session ${gate.data.session_id} waits on an approval gate; this review does not release it`);
      return null;
    }
    await options.releaseGate(gate.data, decision);
    return null;
  }
  const sessionId = meta.session_id;
  const text = await fetchBundleText(options, { ...meta, session_id: sessionId });
  let bundle: Bundle;
  try {
    bundle = parseBundle(text, `bundle of session ${sessionId}`);
  } catch (error) {
    // A stored bundle that is not even a bundle is evidence that does not verify, not a crash.
    await check('failure', 'Evidence did not verify (unreadable bundle)', (error as Error).message);
    return null;
  }
  // The bundle is found by the session's name (a ledger-branch path, an artifact file), which binds
  // nothing: another session's bundle put there (another pull request's run on the same head, a
  // weaker contract) would verify as well, and the sign-off would vouch for evidence of something else.
  if (bundle.ledger.session_id !== sessionId) {
    await check(
      'failure',
      'Evidence did not verify (another session)',
      `The bundle stored for session ${sessionId} is the ledger of session ${String(bundle.ledger.session_id).slice(0, 80)}; nothing was signed.`,
    );
    return null;
  }
  const reviewer = options.reviewSigner();
  const trusted = await trustedKeysFor(options.trustedKeys, octokit, repo, pr.base.sha);
  // Sign-offs this job signed earlier (a stored bundle that already holds a human_review) are ours:
  // trust the review key too, or every review after the first would find the evidence unpinned.
  // Pinned as reviewer only (docs/ledger.md "Trusted keys and roles"): it must never pass as the
  // ledger's signer.
  if (trusted.size > 0 && !trusted.has(reviewer.publicKeyHex))
    trusted.set(reviewer.publicKeyHex, rolePin('review-signing-key', ['reviewer']));
  const report = verifyBundle(bundle, { crypto: createNodeCrypto(), trusted, receipts: checkReceipt });
  if (report.status === 'failed' || report.status === 'incomplete' || report.status === 'suspended') {
    await check(
      'failure',
      `Evidence did not verify (${report.status})`,
      report.failure?.message ??
        (report.status === 'suspended'
          ? 'the run is suspended: its decision and verdict are not in this bundle, so there is no finished run to sign off'
          : 'the run did not finish'),
    );
    return null;
  }
  // A redelivered review (or a second host handling the same event) must not sign twice: the
  // stored bundle already holds this review's decision, so report that entry instead.
  // The chain verified, so every review in it reads as one (the verifier fails a malformed review).
  const recorded = readEntries(bundle.ledger.entries, HUMAN_REVIEW_KIND).find(
    (e) => e.payload.source?.review_id === review.id && e.payload.decision === decision,
  );
  // The verdict view, which the bundle verification above compared with the signed verdict entry.
  const signedVerdict = readPayload('verdict', bundle.verdict);
  const verdictHead =
    ('payload' in signedVerdict ? signedVerdict.payload.git?.head_sha : null) ?? meta.head_sha;
  const reviewedSha = review.commit_id ?? pr.head.sha;
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
  if (options.ledgerBranch && !recorded) {
    await saveBundleToLedgerBranch({
      octokit,
      ...repo,
      branch: options.ledgerBranch,
      sessionId,
      bundlePath: out,
      message: `truss: ${decision} by ${review.user.login} on ${sessionId}`,
      dryRun: options.dryRun,
    });
  }
  const result: SignOffResult = { sessionId, headHash: entry.entry_hash, bundlePath: out };
  const pinned = report.status === 'verified';
  const atVerdictHead = reviewedSha === verdictHead && verdictHead === pr.head.sha;
  const summary = [
    `**${decision}** by @${review.user.login} — signed \`human_review\` at seq ${entry.seq}, attesting head \`${entry.payload.attested_head_hash.slice(0, 16)}…\` of session \`${sessionId}\`.`,
    `Evidence: ${pinned ? 'verified against pinned keys' : 'intact, but its signer is not pinned (set trusted-keys or .truss/trusted-keys)'}.`,
    atVerdictHead
      ? ''
      : `The review is for ${reviewedSha.slice(0, 7)}, but the verdict covers ${String(verdictHead).slice(0, 7)}: stale.`,
  ].join('\n\n');
  if (decision === 'approved' && atVerdictHead && pinned)
    await check('success', `Approved by ${review.user.login}`, summary);
  else if (decision === 'approved')
    await check('action_required', 'Approval does not cover the verified evidence', summary);
  else await check('failure', `Changes requested by ${review.user.login}`, summary);
  return result;
}

async function fetchBundleText(
  options: RecordSignOffOptions,
  meta: SessionMeta & { session_id: string },
): Promise<string> {
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
  if (!meta.artifact_id)
    throw new Error(
      `no stored bundle for session ${sessionId}: enable upload-artifact or ledger-branch on the run workflow`,
    );
  return options.loadArtifactBundle({ ...meta, artifact_id: meta.artifact_id });
}
