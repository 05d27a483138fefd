/**
 * How a refused `/truss` command is answered. Anyone who can comment on a pull request can type a
 * command, so a reply per refused comment let one account make the bot post without end (and
 * notify everyone watching). The first refusal of an account on a pull request is a reply saying
 * why; later ones only react 😕. The reply starts with a hidden marker naming the account, found
 * again only in Truss's own comments (own-comment.ts), so a comment someone else writes cannot
 * silence the explanation for another account.
 */
import { helpText } from './commands.js';
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

/**
 * The hidden first line of the note that told `login` Truss commands work on pull requests only.
 * Anyone who can comment on an issue can type a command there, and nothing is authorized first (no
 * command runs on an issue), so the note follows the refusal's rule: once per account and issue.
 */
export function issueNoteMarker(login: string): string {
  return `<!-- truss:not-a-pull-request login=${login.toLowerCase()} -->`;
}

/** The note for `login`'s first command on an issue: where commands work, and the list of them. */
export function issueNoteReply(login: string, trigger: string): string {
  return `${issueNoteMarker(login)}\nTruss commands work on pull requests: comment \`${trigger} run\` on the pull request you want checked.\n\n${helpText(trigger)}`;
}

/** Whether Truss has already told `login` on this issue or pull request why its commands are refused. */
export function alreadyRefused(options: {
  octokit: Octokit;
  repo: { owner: string; repo: string };
  issueNumber: number;
  login: string;
  authors: TrussAuthors;
}): Promise<boolean> {
  return alreadyAnswered({ ...options, marker: refusalMarker(options.login) });
}

/**
 * Whether one of Truss's own comments on this issue or pull request starts with `marker`: a comment
 * someone else writes with the marker never counts (own-comment.ts).
 */
export async function alreadyAnswered(options: {
  octokit: Octokit;
  repo: { owner: string; repo: string };
  issueNumber: number;
  marker: string;
  authors: TrussAuthors;
}): Promise<boolean> {
  const { marker } = options;
  const comments = await options.octokit.paginate(options.octokit.rest.issues.listComments, {
    ...options.repo,
    issue_number: options.issueNumber,
    per_page: 100,
  });
  return comments.some((comment) => isTrussComment(comment, marker, options.authors));
}
