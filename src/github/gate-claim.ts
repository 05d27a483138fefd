/**
 * One job releases a suspension, however many are started for it (docs/action.md "Approval gates
 * across jobs"). A `/truss approve` comment and an approving review at the same moment start two
 * jobs in two workflows; both download the same suspended ledger artifact, and both would run the
 * gated step. Reading the sticky comment first is not enough: both read it while it still says
 * suspended.
 *
 * So each suspension is announced in a comment of its own, `<!-- truss:gate session=S seq=N -->`
 * (N: the seq of the `suspended` entry), and a resuming job CLAIMS it before anything runs by adding
 * a 🚀 reaction to it. GitHub keeps one reaction per user and content: the first request creates it
 * (201), any later one by the same account answers 200 ("you already added the reaction"). Jobs of
 * different accounts (a workflow's `github-actions[bot]`, the App's `<slug>[bot]`) each get a 201;
 * then the earliest bot 🚀 (the lowest reaction id) holds the gate and the later one withdraws its
 * own. A human's 🚀 does not count. Needs `pull-requests: write` (or `issues: write`).
 *
 * The claim is never released once the run went past the gate (the gated step may have run); it is
 * released when the job ends before that (a rejection, a refusal, an error), so a later approval can
 * claim it again.
 */
import type { Logger } from './logger.js';
import type { Octokit } from './octokit.js';
import { MissingPermissionError } from './octokit.js';
import { isTrussComment, type TrussAuthors } from './own-comment.js';
import { statusOf } from './request-errors.js';
import { findComment, upsertStickyComment } from './sticky-comment.js';

/** How every gate comment's body starts. */
export const GATE_MARKER_START = '<!-- truss:gate ';

/** The reaction that claims a gate. */
export const CLAIM_REACTION = 'rocket';

/** The hidden marker of the comment that announces one suspension of one session. */
export function gateMarker(sessionId: string, suspendedSeq: number): string {
  return `${GATE_MARKER_START}session=${sessionId} seq=${suspendedSeq} -->`;
}

/** Another job claimed the gate (or did and died): this job must not run the gated step. */
export class GateHeldError extends Error {
  override name = 'GateHeldError';
  /** The contract and head of the run, for a queued check this job completes as skipped (skip-race.ts). */
  contractId: string | null = null;
  headSha: string | null = null;
}

/** The gate cannot be claimed (no gate comment, a missing permission): nothing may run. */
export class GateClaimError extends Error {
  override name = 'GateClaimError';
}

interface GateRef {
  octokit: Octokit;
  owner: string;
  repo: string;
  prNumber: number;
  sessionId: string;
  /** The seq of the session's `suspended` entry: a later suspension of the session is a new gate. */
  suspendedSeq: number;
  /** The logins Truss's comments are posted as (own-comment.ts): only their gate comment counts. */
  authors: TrussAuthors;
}

/**
 * Posts the gate comment of a suspension, once: a rejected run that stays suspended at the same
 * entry finds its comment and leaves it as it is.
 */
export async function announceGate(
  options: GateRef & { contract: string; dryRun: boolean },
): Promise<{ id: number | null; url: string | null }> {
  const marker = gateMarker(options.sessionId, options.suspendedSeq);
  const written = await upsertStickyComment({
    octokit: options.octokit,
    owner: options.owner,
    repo: options.repo,
    issueNumber: options.prNumber,
    marker,
    authors: options.authors,
    body: (previous) =>
      previous ??
      `${marker}\n⏸️ \`${options.contract}\` (session \`${options.sessionId}\`) waits at an approval gate; its comment above says how to release it. The job that resumes it marks this comment 🚀 before it runs anything, so the gated step runs once.`,
    dryRun: options.dryRun,
  });
  return { id: written.id, url: written.url };
}

/** A held gate: `release` gives it back (only while the run has not gone past it). */
export interface GateClaim {
  commentId: number;
  reactionId: number;
  url: string | null;
  release(): Promise<void>;
}

/**
 * Claims the gate of `suspendedSeq` for this job (see the module comment). Throws GateHeldError when
 * another job holds it, GateClaimError when it cannot be claimed; nothing has run either way.
 */
export async function claimGate(options: GateRef & { log: Logger }): Promise<GateClaim> {
  const { octokit, owner, repo, prNumber, sessionId, suspendedSeq, log } = options;
  const marker = gateMarker(sessionId, suspendedSeq);
  const gate = await findComment(octokit, owner, repo, prNumber, (c) =>
    isTrussComment(c, marker, options.authors),
  );
  if (!gate)
    throw new GateClaimError(
      `refusing to resume ${sessionId}: pull request #${prNumber} has no gate comment (${marker}) from ${options.authors.join(', ')} for its suspension at seq ${suspendedSeq}, so this job cannot make sure it is the only one resuming it (the run suspended before Truss announced gates, or the comment was deleted). Nothing was recorded; start a new run of the contract.`,
    );
  const url = gate.html_url ?? null;
  const where = url ?? `comment ${gate.id}`;
  let created: { status: number; data: { id: number } };
  try {
    created = await octokit.rest.reactions.createForIssueComment({
      owner,
      repo,
      comment_id: gate.id,
      content: CLAIM_REACTION,
    });
  } catch (error) {
    if (statusOf(error) === 403 || statusOf(error) === 404)
      throw new MissingPermissionError(
        'pull-requests: write',
        `claim the approval gate of ${sessionId} (a ${CLAIM_REACTION} reaction on ${where}), which makes sure one job resumes it; nothing was run`,
        { cause: error },
      );
    throw error;
  }
  const held = (login: string | null, reactionId: number) =>
    new GateHeldError(
      `another truss job${login ? ` (as ${login})` : ''} is resuming ${sessionId} from its approval gate, or already has: it marked ${where} 🚀 first (reaction ${reactionId}). This job ran nothing and recorded nothing. If no job is resuming it (the one that claimed it died before the gated step), start a new run of the contract, or remove that 🚀 with the token that added it (the GitHub UI removes only your own reactions) and approve again.`,
    );
  // 200: this account reacted already, so another job of this account claimed it.
  if (created.status !== 201) throw held(null, created.data.id);
  const own = created.data.id;
  const claims = await octokit.paginate(octokit.rest.reactions.listForIssueComment, {
    owner,
    repo,
    comment_id: gate.id,
    content: CLAIM_REACTION,
    per_page: 100,
  });
  const first = claims
    .filter((r) => r.user?.type === 'Bot' || r.id === own)
    .reduce<(typeof claims)[number] | null>((a, b) => (a === null || b.id < a.id ? b : a), null);
  const release = async () => {
    try {
      await octokit.rest.reactions.deleteForIssueComment({
        owner,
        repo,
        comment_id: gate.id,
        reaction_id: own,
      });
      log.info(`released the approval gate of ${sessionId} (removed the ${CLAIM_REACTION} on ${where})`);
    } catch (error) {
      const status = statusOf(error);
      log.warning(
        `could not release the approval gate of ${sessionId} (${status === undefined ? (error as Error).message : `HTTP ${status}`}): approvals of it are refused while the ${CLAIM_REACTION} reaction ${own} on ${where} stands; remove it with this workflow's token, or start a new run of the contract`,
      );
    }
  };
  if (first && first.id !== own) {
    await release();
    throw held(first.user?.login ?? null, first.id);
  }
  log.info(
    `claimed the approval gate of ${sessionId} at seq ${suspendedSeq} (${CLAIM_REACTION} reaction ${own} on ${where})`,
  );
  return { commentId: gate.id, reactionId: own, url, release };
}
