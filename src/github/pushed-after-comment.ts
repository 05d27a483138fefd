import { isForkHead } from './fork-head.js';

/** A fork's code was pushed after the `/truss` comment that would run it. */
export class PushedAfterCommentError extends Error {
  override name = 'PushedAfterCommentError';
}

/** The parts of a pull request (`GET /pulls/{n}`) this check reads. */
export interface PullRequestPushTimes {
  head: { sha: string; repo: { full_name?: string; pushed_at?: string | null } | null };
  base: { repo: { full_name?: string } | null };
}

/**
 * Refuses to run a fork's pull request when the fork was pushed to after the `/truss` comment that
 * asks for the run. A maintainer authorizes the code they could see when they commented; the run
 * starts later (a queued job, a dispatch) and reads the head then, so the author could push other
 * code in between and have it run next to the job's write token and signing key — the "pwn request"
 * race. GitHub's commit dates are the author's to choose; the fork's `pushed_at` is GitHub's own
 * clock, moved by any push to any of its branches, so a push elsewhere in the fork also refuses (the
 * commenter only has to comment again). A same-repository branch is left alone: whoever can push
 * to it can already run workflows with the repository's secrets. Fails closed: a fork whose push
 * time GitHub does not give is refused too. See docs/security.md, "Commands on pull requests".
 */
export function refusePushAfterComment(
  pr: PullRequestPushTimes,
  commentCreatedAt: string | undefined,
  verb: 'run' | 'approve' = 'run',
): void {
  const reason = pushedAfterComment(pr, commentCreatedAt, verb);
  if (reason !== null) throw new PushedAfterCommentError(reason);
}

/**
 * Why the fork's head may not be what the commenter saw (see refusePushAfterComment), or null when
 * it is. `/truss approve` asks this too: an approval releases a gated step of a run on the head as
 * it is when the decision is carried out, so a push between the comment and then would have the
 * maintainer's approval release a step of code they never read. Rejecting needs no such check.
 */
export function pushedAfterComment(
  pr: PullRequestPushTimes,
  commentCreatedAt: string | undefined,
  verb: 'run' | 'approve' = 'run',
): string | null {
  if (!isForkHead(pr.head.repo, pr.base.repo)) return null;
  const commented = Date.parse(commentCreatedAt ?? '');
  const pushed = Date.parse(pr.head.repo?.pushed_at ?? '');
  const again = `review the pull request as it is now and comment again to ${verb} it`;
  if (Number.isNaN(commented) || Number.isNaN(pushed))
    return `GitHub did not say when the fork was last pushed to, so Truss cannot tell whether head ${pr.head.sha.slice(0, 12)} is what you saw; ${again}`;
  if (pushed > commented)
    return `the fork ${pr.head.repo?.full_name ?? ''} was pushed to at ${new Date(pushed).toISOString()}, after your comment (${new Date(commented).toISOString()}), so head ${pr.head.sha.slice(0, 12)} may not be the code you read; ${again}`;
  return null;
}
