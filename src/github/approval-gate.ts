/**
 * `/truss approve|reject [note]` on a run suspended at an approval gate. The run's sticky comment
 * metadata says where it stopped (head hash and seq, workflow run, artifact); the decision is signed
 * as a `human_review` chained onto that head with the host's reviewer key, and a `mode: resume` run is
 * requested with the signed entry as its `approval` input. The resuming Action checks the entry
 * (checkDetachedHumanReview) before appending it, so the dispatch input cannot be forged.
 */
import { type Signer, signDetachedHumanReview } from '../core/ledger/index.js';
import type { Octokit } from './octokit.js';
import type { TrussAuthors } from './own-comment.js';
import { type RunRequestOutcome, requestRun } from './request-run.js';
import { findSuspendedSessions, type SuspendedMeta, suspendedAfterComment } from './suspended-session.js';
import type { CachedWorkflowSlot } from './workflow-cache.js';

export type SuspendedSession = SuspendedMeta;

export interface ApprovalDecision {
  octokit: Octokit;
  /** The requesting app's id: whose queued checks say a resume was requested before (request-run.ts). */
  appId: number;
  owner: string;
  repo: string;
  prNumber: number;
  /** Whose sticky comments say which runs are suspended (own-comment.ts). */
  authors: TrussAuthors;
  headSha: string;
  defaultBranch: string;
  decision: 'approved' | 'rejected';
  note: string | null;
  actor: { login: string; id: number };
  /** The deciding comment; `created_at` (GitHub's clock) says which suspensions its author could see. */
  comment: { id: number; url: string | null; created_at?: string };
  delivery: string;
  reviewer: Signer;
  fallbackWorkflow?: string;
  workflowSlot?: CachedWorkflowSlot;
}

export type ApprovalOutcome =
  | { status: 'none' }
  /**
   * The suspended run was for another head (or its metadata names none): approving it would attest
   * evidence the PR does not show.
   */
  | { status: 'moved'; session: SuspendedSession }
  /**
   * An approval of a suspension reported after the comment was written (its sticky's `updated_at`):
   * the approver cannot have seen what it would release.
   */
  | { status: 'unseen'; session: SuspendedSession }
  | { status: 'requested'; results: { session: SuspendedSession; outcome: RunRequestOutcome }[] };

/** Sign the decision for every suspended session of the PR and request their resumes. */
export async function decideApprovalGate(options: ApprovalDecision): Promise<ApprovalOutcome> {
  const sessions = await findSuspendedSessions(options.octokit, options, options.prNumber, options.authors);
  if (sessions.length === 0) return { status: 'none' };
  // A suspension whose metadata names no commit is not shown to be on this head: refused like one
  // on an older head, never taken as the current one (docs/security.md "Comments and checks Truss
  // trusts as its own": comment metadata says where to look).
  const moved = sessions.find((s) => s.head_sha !== options.headSha);
  if (moved) return { status: 'moved', session: moved };
  // Rejecting is always safe; approving releases only what the approver could have read.
  const unseen =
    options.decision === 'approved' ? suspendedAfterComment(sessions, options.comment.created_at) : null;
  if (unseen) return { status: 'unseen', session: unseen };
  const results: { session: SuspendedSession; outcome: RunRequestOutcome }[] = [];
  for (const session of sessions) {
    const entry = signDetachedHumanReview({
      headHash: session.head_hash,
      headSeq: session.head_seq,
      attestedHeadHash: session.head_hash,
      reviewer: options.reviewer,
      review: {
        decision: options.decision,
        note: options.note ?? '',
        actor: options.actor,
        source: { comment_id: options.comment.id, url: options.comment.url },
      },
    });
    const outcome = await requestRun({
      octokit: options.octokit,
      appId: options.appId,
      owner: options.owner,
      repo: options.repo,
      prNumber: options.prNumber,
      headSha: options.headSha,
      defaultBranch: options.defaultBranch,
      contract: session.contract,
      mode: 'resume',
      requester: options.actor.login,
      delivery: options.delivery,
      commentId: options.comment.id,
      resume: { runId: String(session.workflow_run_id), approval: JSON.stringify(entry) },
      ...(options.fallbackWorkflow ? { fallbackWorkflow: options.fallbackWorkflow } : {}),
      ...(options.workflowSlot ? { workflowSlot: options.workflowSlot } : {}),
    });
    results.push({ session, outcome });
  }
  return { status: 'requested', results };
}
