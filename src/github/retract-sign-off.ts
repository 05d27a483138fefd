import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { appendHumanReviewToBundle, HUMAN_REVIEW_KIND, readEntries, rolePin } from '../core/ledger/index.js';
import { saveBundleToLedgerBranch } from './ledger-store-branch.js';
import { ledgerBundleFileName } from './names.js';
import { resolveAuthors } from './own-comment.js';
import type { RecordSignOffOptions, SignOffResult } from './record-sign-off.js';
import { codeSpan, inlineText } from './render/escape.js';
import { trustedKeysFor } from './repo-trusted-keys.js';
import { latestSessionsFor, type SessionMeta } from './session-meta.js';
import {
  type EvidenceFailure,
  readStoredEvidence,
  type StoredEvidence,
  verifyEvidence,
} from './sign-off-evidence.js';

/** What a retraction's `source` carries: the dismissed review and the approval entry it withdraws. */
export interface RetractionSource {
  dismissed_review_id: number;
  retracts: { seq: number; entry_hash: string };
  url: string | null;
}

type PostCheck = (
  conclusion: 'success' | 'failure' | 'action_required' | 'neutral',
  title: string,
  summary: string,
) => Promise<string | null>;

/** The check a dismissal leaves: the approval no longer counts, a new one is needed. */
export const DISMISSED_TITLE = 'Review dismissed: awaiting a new approval';

/**
 * Whether the bundle already holds the signed retraction of review `reviewId`: a submission of that
 * review read again later (a redelivered webhook, a re-run `mode: review` job) must not turn the
 * check green on an approval GitHub has dismissed.
 */
export function retractionOf(
  entries: StoredEvidence['bundle']['ledger']['entries'],
  reviewId: number,
): { seq: number } | null {
  const found = readEntries(entries, HUMAN_REVIEW_KIND).find(
    (e) => (e.payload.source as Partial<RetractionSource> | undefined)?.dismissed_review_id === reviewId,
  );
  return found ? { seq: found.seq } : null;
}

/**
 * A dismissed review withdraws the approval it gave: GitHub no longer counts it, so neither may the
 * ledger. The ledger is append-only (docs/ledger.md "Human sign-off"), so the approval entry stays
 * and a later `human_review` — decision `needs_changes`, signed with the review key, its source
 * naming the dismissed review and the entry it retracts — makes the latest decision on the session
 * "not approved". Every session on the head that holds the dismissed approval is retracted, or none
 * (one unreadable or broken bundle signs nothing), stored in one ledger-branch commit, and
 * `truss / human review` is set to action_required once they are stored (failure, naming the
 * session, when a bundle cannot be read or does not verify): the approval never counts again.
 */
export async function retractSignOff(
  options: RecordSignOffOptions,
  check: PostCheck,
): Promise<SignOffResult[]> {
  const { octokit, repo, pr, review, log } = options;
  const dismissedBy = options.dismissedBy ?? null;
  const authors = await resolveAuthors(options.authors);
  const metas = await latestSessionsFor(octokit, repo, pr.number, pr.head.sha, authors);
  const stored: StoredEvidence[] = [];
  const unreadable: { meta: SessionMeta; failure: EvidenceFailure }[] = [];
  for (const meta of metas) {
    const read = await readStoredEvidence(options, meta);
    if ('bundle' in read) stored.push(read);
    else unreadable.push({ meta, failure: read });
  }
  // Only a bundle the dismissed review approved needs a retraction, and only once.
  const approving = stored.flatMap((evidence) => {
    const entries = evidence.bundle.ledger.entries;
    const approval = readEntries(entries, HUMAN_REVIEW_KIND).find(
      (e) => e.payload.source?.review_id === review.id && e.payload.decision === 'approved',
    );
    return approval && !retractionOf(entries, review.id) ? [{ evidence, approval }] : [];
  });
  const who = dismissedBy ? ` by @${dismissedBy.login}` : '';
  if (unreadable.length > 0) {
    await check(
      'failure',
      'Dismissal not recorded: the evidence could not be read',
      `The review by @${review.user.login} was dismissed${who}, but the signed approval it gave could not be retracted: ${unreadable
        .map(
          ({ meta, failure }) => `${codeSpan(String(meta.session_id))}: ${inlineText(failure.message, 500)}`,
        )
        .join('; ')}. The approval no longer counts; fix the stored evidence and approve again.`,
    );
    return [];
  }
  if (approving.length === 0) {
    await check(
      'action_required',
      DISMISSED_TITLE,
      `The review by @${review.user.login} was dismissed${who}.`,
    );
    return [];
  }
  const trusted = await trustedKeysFor(options.trustedKeys, octokit, repo, pr.base.sha, log.warning);
  const reviewer = options.reviewSigner();
  if (trusted.size > 0 && !trusted.has(reviewer.publicKeyHex))
    trusted.set(reviewer.publicKeyHex, rolePin('review-signing-key', ['reviewer']));
  const broken = approving.flatMap(({ evidence }) => {
    const outcome = verifyEvidence(evidence, trusted);
    return 'pinned' in outcome ? [] : [{ meta: evidence.meta, failure: outcome }];
  });
  if (broken.length > 0) {
    await check(
      'failure',
      'Dismissal not recorded: the evidence did not verify',
      `The review by @${review.user.login} was dismissed${who}, but nothing was retracted: ${broken
        .map(
          ({ meta, failure }) => `${codeSpan(String(meta.session_id))}: ${inlineText(failure.message, 500)}`,
        )
        .join('; ')}. The approval no longer counts.`,
    );
    return [];
  }
  const retracted = approving.map(({ evidence, approval }) => {
    const source: RetractionSource = {
      dismissed_review_id: review.id,
      retracts: { seq: approval.seq, entry_hash: approval.entry_hash },
      url: review.html_url ?? null,
    };
    const { bundle, entry } = appendHumanReviewToBundle(evidence.bundle, reviewer, {
      decision: 'needs_changes',
      note: `Review ${review.id} by @${review.user.login} was dismissed${who}: its approval (seq ${approval.seq}) no longer stands.`,
      actor: dismissedBy ?? { login: review.user.login, id: review.user.id },
      source,
    });
    const sessionId = evidence.meta.session_id;
    const out = join(options.outDir, ledgerBundleFileName(sessionId));
    writeFileSync(out, `${JSON.stringify(bundle)}\n`);
    return {
      sessionId,
      headHash: entry.entry_hash,
      bundlePath: out,
      seq: entry.seq,
      approvalSeq: approval.seq,
    };
  });
  if (options.ledgerBranch)
    await saveBundleToLedgerBranch({
      octokit,
      ...repo,
      branch: options.ledgerBranch,
      bundles: retracted,
      message: `truss: retracted review ${review.id} by ${review.user.login} (dismissed) on ${retracted.map((one) => one.sessionId).join(', ')}`,
      dryRun: options.dryRun,
    });
  log.info(`retracted dismissed review ${review.id} in ${retracted.map((one) => one.sessionId).join(', ')}`);
  await check(
    'action_required',
    DISMISSED_TITLE,
    [
      `The review by @${review.user.login} was dismissed${who}.`,
      ...retracted.map(
        (one) =>
          `Session ${codeSpan(one.sessionId)}: the approval at seq ${one.approvalSeq} is retracted by a signed \`human_review\` (needs_changes) at seq ${one.seq}.`,
      ),
    ].join('\n\n'),
  );
  return retracted.map(({ sessionId, headHash, bundlePath }) => ({ sessionId, headHash, bundlePath }));
}
