/**
 * How a refused `/truss` command is answered. Anyone who can comment on a pull request can type a
 * command, so a reply per refused comment let one account make the bot post without end (and
 * notify everyone watching). The first refusal of an account on a pull request is a reply saying
 * why; later ones only react 😕. The reply starts with a hidden marker naming the account, found
 * again only in Truss's own comments (own-comment.ts), so a comment someone else writes cannot
 * silence the explanation for another account.
 */
import type { Octokit } from './octokit.js';
import { isTrussComment, type TrussAuthors } from './own-comment.js';
import { politeDenial } from './permissions.js';

/** The hidden first line of the reply that told `login` why its command was refused. */
export function refusalMarker(login: string): string {
  return `<!-- truss:refused login=${login.toLowerCase()} -->`;
}

/** The reply body for `login`'s first refused command on a pull request. */
export function refusalReply(login: string, reason: string, trigger: string): string {
  return `${refusalMarker(login)}\n${politeDenial(login, reason, trigger)}`;
}

/** Whether Truss has already told `login` on this issue or pull request why its commands are refused. */
export async function alreadyRefused(options: {
  octokit: Octokit;
  repo: { owner: string; repo: string };
  issueNumber: number;
  login: string;
  authors: TrussAuthors;
}): Promise<boolean> {
  const marker = refusalMarker(options.login);
  const comments = await options.octokit.paginate(options.octokit.rest.issues.listComments, {
    ...options.repo,
    issue_number: options.issueNumber,
    per_page: 100,
  });
  return comments.some((comment) => isTrussComment(comment, marker, options.authors));
}
