/**
 * Reactions on command comments (👀 seen, 🚀 started, 😕 refused). A reaction is a courtesy, so a
 * failure to add one is logged and swallowed: it must never fail a run.
 */
import type { Logger } from './logger.js';
import type { Octokit } from './octokit.js';
import { statusOf } from './octokit.js';

export type ReactionContent = '+1' | '-1' | 'laugh' | 'confused' | 'heart' | 'hooray' | 'rocket' | 'eyes';

/**
 * Add `content` to an issue / PR comment (POST /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions).
 * Returns true when GitHub accepted it (201 new, 200 already there), false on any failure or dry run.
 */
export async function react(
  octokit: Octokit,
  options: {
    owner: string;
    repo: string;
    commentId: number;
    content: ReactionContent;
    dryRun: boolean;
    /** Where the swallowed failure is reported; defaults to `octokit.log`. */
    log?: Logger;
  },
): Promise<boolean> {
  const { owner, repo, commentId, content, dryRun } = options;
  const log = options.log;
  const warn = (message: string) => (log ? log.warning(message) : octokit.log.warn(message));
  if (dryRun) {
    const message = `dry run: would react ${content} to comment ${commentId}`;
    if (log) log.info(message);
    else octokit.log.info(message);
    return false;
  }
  try {
    await octokit.rest.reactions.createForIssueComment({ owner, repo, comment_id: commentId, content });
    return true;
  } catch (error) {
    const status = statusOf(error);
    const detail =
      status === undefined ? (error instanceof Error ? error.message : String(error)) : `HTTP ${status}`;
    warn(`could not add the ${content} reaction to comment ${commentId} (${detail}); continuing`);
    return false;
  }
}
