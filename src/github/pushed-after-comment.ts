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
export function refusePushAfterComment(pr: PullRequestPushTimes, commentCreatedAt: string | undefined): void {
  if (!isForkHead(pr.head.repo, pr.base.repo)) return;
  const commented = Date.parse(commentCreatedAt ?? '');
  const pushed = Date.parse(pr.head.repo?.pushed_at ?? '');
  const again = 'review the pull request as it is now and comment again to run it';
  if (Number.isNaN(commented) || Number.isNaN(pushed))
    throw new PushedAfterCommentError(
      `GitHub did not say when the fork was last pushed to, so Truss cannot tell whether head ${pr.head.sha.slice(0, 12)} is what you saw; ${again}`,
    );
  if (pushed > commented)
    throw new PushedAfterCommentError(
      `the fork ${pr.head.repo?.full_name ?? ''} was pushed to at ${new Date(pushed).toISOString()}, after your comment (${new Date(commented).toISOString()}), so head ${pr.head.sha.slice(0, 12)} may not be the code you read; ${again}`,
    );
}
