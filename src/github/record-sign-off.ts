import {
  HUMAN_REVIEW_KIND,
  type HumanReviewDecision,
  readEntries,
  rolePin,
  type SigningKey,
} from '../core/ledger/index.js';
import { HUMAN_REVIEW_CHECK, postHumanReviewCheck } from './human-review-check.js';
import { saveBundleToLedgerBranch } from './ledger-store-branch.js';
import type { Logger } from './logger.js';
import { MissingPermissionError, type Octokit, toMissingPermission } from './octokit.js';
import { resolveAuthors, type TrussAuthorsSource } from './own-comment.js';
import { authorizeActor } from './permissions.js';
import { codeSpan, inlineText } from './render/escape.js';
import { trustedKeysFor } from './repo-trusted-keys.js';
import { isRequestError, statusOf } from './request-errors.js';
import { DISMISSED_TITLE, retractSignOff } from './retract-sign-off.js';
import { latestSessionsFor, type SessionMeta } from './session-meta.js';
import {
  type EvidenceFailure,
  readStoredEvidence,
  type SignedEvidence,
  type StoredEvidence,
  signEvidence,
  verifyEvidence,
} from './sign-off-evidence.js';
import { type SuspendedMeta, SuspendedMetaSchema } from './suspended-session.js';

/** The `pull_request_review` fields a sign-off reads. */
export interface SignOffReview {
  id: number;
  state?: string;
  body?: string | null;
  commit_id?: string | null;
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
  /**
   * The review event's action: `submitted` records a decision, `dismissed` retracts the approval the
   * review gave (retract-sign-off.ts) and resets the check.
   */
  action: string | undefined;
  /** Who dismissed the review (the event's `sender`): the actor of the signed retraction. */
  dismissedBy?: { login: string; id: number } | null;
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
 * session of every contract run on the PR head, verify each bundle against pinned keys, append the
 * reviewer's decision signed with the review key to each, store the extended bundles, and set
 * `truss / human review` once for all of them. The reviewer saw every contract's verdict, so the
 * sign-off covers all of them or none: one session whose evidence does not verify signs nothing.
 * Returns the stored sign-offs (one per contract), or an empty list when none was recorded.
 */
export async function recordSignOff(options: RecordSignOffOptions): Promise<SignOffResult[]> {
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
    try {
      return await retractSignOff(options, check);
    } catch (error) {
      // Whatever kept the retraction from being stored (GitHub, a missing review key), the dismissed
      // approval must not keep the check green: failure, naming only the status or the permission.
      const cause =
        error instanceof MissingPermissionError
          ? error.message
          : isRequestError(error)
            ? `GitHub answered ${statusOf(error)}`
            : `${(error as Error).name ?? 'an error'} (see the ${options.detailsUrl ? 'run' : 'job'} log)`;
      try {
        await check(
          'failure',
          'Dismissal not recorded: the approval was not retracted',
          `The review by @${review.user.login} was dismissed, but its signed approval could not be retracted: ${cause}. The approval no longer counts; once that is fixed, re-run this job (or redeliver the dismissal) to sign the retraction.`,
        );
      } catch (postError) {
        log.warning(`could not mark ${HUMAN_REVIEW_CHECK} failed: ${(postError as Error).name}`);
      }
      throw error;
    }
  }
  const decision = DECISION[String(review.state).toLowerCase()];
  if (options.action !== 'submitted' || !decision) {
    log.info(`review state ${review.state} records no decision; nothing to sign`);
    return [];
  }
  try {
    return await signOff(options, decision, check);
  } catch (error) {
    // The review was a decision and it was not recorded: a check an earlier approval turned green must
    // not keep saying so (a change request lost to a 5xx would leave it green). The check says what
    // failed by status (or the permission to grant) only, never GitHub's error text, and the error still
    // fails the job or delivery.
    // Only GitHub's failures: a host's own misconfiguration (no review key) fails the step with how to
    // fix it and leaves the check to the review that follows the fix.
    if (!isRequestError(error) && !(error instanceof MissingPermissionError)) throw error;
    const cause =
      error instanceof MissingPermissionError ? error.message : `GitHub answered ${statusOf(error)}`;
    try {
      await check(
        'failure',
        'Sign-off not recorded: the review could not be processed',
        `The ${decision === 'approved' ? 'approval' : 'change request'} by @${review.user.login} was not recorded: ${cause} (see the ${options.detailsUrl ? 'run' : 'job'} log). Once that is fixed, submit the review again.`,
      );
    } catch (postError) {
      log.warning(`could not mark ${HUMAN_REVIEW_CHECK} failed: ${(postError as Error).name}`);
    }
    throw error;
  }
}

type PostCheck = (
  conclusion: 'success' | 'failure' | 'action_required' | 'neutral',
  title: string,
  summary: string,
) => Promise<string | null>;

async function signOff(
  options: RecordSignOffOptions,
  decision: HumanReviewDecision,
  check: PostCheck,
): Promise<SignOffResult[]> {
  const { octokit, repo, pr, review, log } = options;
  const auth = await authorizeActor({
    octokit,
    ...repo,
    actor: { login: review.user.login, id: review.user.id ?? null, type: review.user.type ?? 'User' },
  });
  if (!auth.allowed) {
    log.info(
      `${review.user.login} has no write permission (${auth.reason}); the review is not recorded as a sign-off`,
    );
    return [];
  }
  // The event says what the review was when it was submitted; GitHub says what it is now. A review
  // dismissed before this job read it (the dismissal's job ran first, or this job is a re-run) found
  // no signed approval to retract, so signing it now would count an approval GitHub no longer counts
  // (docs/action.md "Human sign-off").
  if (await dismissedNow(octokit, repo, pr.number, review.id)) {
    log.info(`review ${review.id} has been dismissed since it was submitted; nothing to sign`);
    await check(
      'action_required',
      DISMISSED_TITLE,
      `The review by @${review.user.login} was dismissed before it was recorded, so it is not signed off; a new review is needed.`,
    );
    return [];
  }
  const authors = await resolveAuthors(options.authors);
  const metas = await latestSessionsFor(octokit, repo, pr.number, pr.head.sha, authors);
  if (metas.length === 0) {
    await check(
      'action_required',
      'No truss verdict for this commit yet',
      `There is no truss run for ${pr.head.sha.slice(0, 7)}; run the contracts first, then review.`,
    );
    return [];
  }
  const gates = metas.flatMap((meta) => {
    const gate = SuspendedMetaSchema.safeParse(meta);
    return gate.success ? [gate.data] : [];
  });
  // A run waiting at an approval gate has no verdict yet: the review is that gate's decision, and
  // the finished contracts are signed off by a review of the finished whole.
  if (gates.length > 0) {
    if (!options.releaseGate || review.commit_id !== pr.head.sha) {
      log.info(
        `${gates.map((gate) => `session ${gate.session_id}`).join(', ')} ${gates.length === 1 ? 'waits' : 'wait'} on an approval gate; this review does not release it`,
      );
      return [];
    }
    for (const gate of gates) await options.releaseGate(gate, decision);
    return [];
  }
  const several = metas.length > 1;
  const failed = (failures: { meta: SessionMeta; failure: EvidenceFailure }[]) =>
    check(
      'failure',
      (failures[0] as { failure: EvidenceFailure }).failure.title,
      failures
        // A failure message quotes what the stored bundle says (its session id, a verifier's finding):
        // text the bundle's writer chose, shown inert so it cannot pose as Truss's own verdict.
        .map(({ meta, failure }) =>
          several
            ? `Contract ${codeSpan(meta.contract ?? '?')} (session ${codeSpan(String(meta.session_id))}): ${inlineText(failure.message, 2000)}`
            : inlineText(failure.message, 2000),
        )
        .join('\n\n') +
        (several ? '\n\nNothing was signed: a sign-off covers every contract run on this commit.' : ''),
    );
  const stored: StoredEvidence[] = [];
  const unreadable: { meta: SessionMeta; failure: EvidenceFailure }[] = [];
  for (const meta of metas) {
    const read = await readStoredEvidence(options, { ...meta, session_id: meta.session_id as string });
    if ('bundle' in read) stored.push(read);
    else unreadable.push({ meta, failure: read });
  }
  if (unreadable.length > 0) {
    await failed(unreadable);
    return [];
  }
  const reviewer = options.reviewSigner();
  const trusted = await trustedKeysFor(options.trustedKeys, octokit, repo, pr.base.sha, log.warning);
  // Sign-offs this job signed earlier (a stored bundle that already holds a human_review) are ours:
  // trust the review key too, or every review after the first would find the evidence unpinned.
  // Pinned as reviewer only (docs/ledger.md "Trusted keys and roles"): it must never pass as the
  // ledger's signer.
  if (trusted.size > 0 && !trusted.has(reviewer.publicKeyHex))
    trusted.set(reviewer.publicKeyHex, rolePin('review-signing-key', ['reviewer']));
  const verified: (StoredEvidence & { pinned: boolean })[] = [];
  const unverified: { meta: SessionMeta; failure: EvidenceFailure }[] = [];
  for (const evidence of stored) {
    const outcome = verifyEvidence(evidence, trusted);
    if ('pinned' in outcome) verified.push({ ...evidence, pinned: outcome.pinned });
    else unverified.push({ meta: evidence.meta, failure: outcome });
  }
  if (unverified.length > 0) {
    await failed(unverified);
    return [];
  }
  // A review older than one already signed into this evidence (a re-run of its job, or its job
  // running after a later review's) is no longer the latest decision: signing it, or posting its
  // conclusion, would put an approval back over a later change request. GitHub's review ids grow with
  // every review, so the latest decision signed stands (docs/action.md "Human sign-off").
  const later = laterReviewId(verified, review.id);
  if (later !== null) {
    log.info(`review ${review.id} is older than review ${later}, already signed off here; nothing to sign`);
    return [];
  }
  const signed: SignedEvidence[] = [];
  for (const evidence of verified) signed.push(signEvidence(options, evidence, decision, reviewer));
  const fresh = signed.filter((one) => one.fresh);
  if (options.ledgerBranch && fresh.length > 0) {
    await saveBundleToLedgerBranch({
      octokit,
      ...repo,
      branch: options.ledgerBranch,
      bundles: fresh,
      message: `truss: ${decision} by ${review.user.login} on ${fresh.map((one) => one.sessionId).join(', ')}`,
      dryRun: options.dryRun,
    });
  }
  const summary = signed
    .map((one, i) =>
      several ? `### Contract ${codeSpan(verified[i]?.meta.contract ?? '?')}\n\n${one.summary}` : one.summary,
    )
    .join('\n\n');
  if (decision === 'approved' && signed.some((one) => one.retracted))
    await check(
      'action_required',
      DISMISSED_TITLE,
      `${summary}\n\nThis review was dismissed and its approval retracted in the ledger; a new approval is needed.`,
    );
  else if (decision === 'approved' && signed.every((one) => one.atVerdictHead && one.pinned))
    await check('success', `Approved by ${review.user.login}`, summary);
  else if (decision === 'approved')
    await check('action_required', 'Approval does not cover the verified evidence', summary);
  else await check('failure', `Changes requested by ${review.user.login}`, summary);
  return signed.map(({ sessionId, headHash, bundlePath }) => ({ sessionId, headHash, bundlePath }));
}

/**
 * Whether GitHub now reports the review as dismissed (GET .../pulls/{n}/reviews/{id}, `pull-requests:
 * read`). Any failure propagates: a state that could not be read never counts as "still standing".
 */
async function dismissedNow(
  octokit: Octokit,
  repo: { owner: string; repo: string },
  pullNumber: number,
  reviewId: number,
): Promise<boolean> {
  try {
    const { data } = await octokit.rest.pulls.getReview({
      ...repo,
      pull_number: pullNumber,
      review_id: reviewId,
    });
    return String(data.state).toUpperCase() === 'DISMISSED';
  } catch (error) {
    throw toMissingPermission(error, 'pull-requests: read', 'read the review');
  }
}

/** The newest pull-request review signed into any of the evidence after review `reviewId`, or null. */
function laterReviewId(evidence: readonly StoredEvidence[], reviewId: number): number | null {
  let later: number | null = null;
  for (const { bundle } of evidence)
    for (const entry of readEntries(bundle.ledger.entries, HUMAN_REVIEW_KIND)) {
      const id = (entry.payload.source as { review_id?: unknown } | undefined)?.review_id;
      if (typeof id === 'number' && id > reviewId && (later === null || id > later)) later = id;
    }
  return later;
}
