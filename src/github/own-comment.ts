/**
 * Which comments Truss wrote: the one rule every host uses both to find the comment it UPDATES
 * (sticky comment, inline findings) and to READ session metadata back (sign-off, gate decisions,
 * memory proposals). A comment is ours when its author is one of the logins Truss posts as — never
 * "any Bot": every installed App and every bot posts as a Bot — and its body *starts* with Truss's
 * hidden marker. Starting matters: other bots quote pull-request text (a linter's suggestion, an AI
 * reviewer), and a marker the pull request planted in its code would otherwise make Truss edit,
 * resolve or trust another bot's comment. See docs/security.md "Comments and checks Truss trusts as
 * its own".
 */
import { isBot } from './permissions.js';

export interface CommentLike {
  body?: string | null | undefined;
  user?: { login: string; type: string } | null | undefined;
  /** The app that made the comment, as GitHub reports it (null for a user's own token). */
  performed_via_github_app?: { slug?: string | null | undefined } | null | undefined;
}

/**
 * The logins Truss's comments are posted as, from the host's configuration: `github-actions[bot]`
 * for a workflow's GITHUB_TOKEN, `<app-slug>[bot]` for a GitHub App's token, the user for a PAT.
 */
export type TrussAuthors = readonly string[];

/** The logins, or how to learn them when first needed (the App looks its own bot login up). */
export type TrussAuthorsSource = TrussAuthors | (() => Promise<TrussAuthors>);

/** The logins of a source: a host that must ask GitHub asks only when a flow reads them. */
export async function resolveAuthors(source: TrussAuthorsSource): Promise<TrussAuthors> {
  return typeof source === 'function' ? source() : source;
}

/** The login GitHub gives comments made with a workflow's GITHUB_TOKEN. */
export const ACTIONS_BOT = 'github-actions[bot]';

/** A GitHub user login, or an App's bot login (`<slug>[bot]`). */
const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,98})(?:\[bot\])?$/;

/** Raised when a configured comment author is not a login; the message names the value. */
export class CommentAuthorError extends Error {
  override name = 'CommentAuthorError';
}

/**
 * The comment authors a host was configured with (comma- or space-separated logins). Configuration
 * that names none trusts no comment at all, so it is refused here rather than failing silently later.
 */
export function parseTrussAuthors(text: string, setting: string): string[] {
  const logins = text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (logins.length === 0)
    throw new CommentAuthorError(
      `${setting} is empty: name the login Truss's comments are posted as (${ACTIONS_BOT} for the workflow's token, <app-slug>[bot] for a GitHub App's token)`,
    );
  for (const login of logins)
    if (!LOGIN.test(login))
      throw new CommentAuthorError(
        `${setting}: "${login.slice(0, 60)}" is not a GitHub login (a user, or an App's <app-slug>[bot])`,
      );
  return logins;
}

/**
 * Whether `comment` was posted by one of `authors`. A `[bot]` login must be a Bot account, and when
 * GitHub names the app that performed the comment it must be that login's own app: a bot login is
 * unique to its app, so nothing else can post as `github-actions[bot]` or `<slug>[bot]`. A user's
 * login (a PAT) counts only for comments no app made on that user's behalf.
 */
export function isOwnAuthor(comment: CommentLike, authors: TrussAuthors): boolean {
  const user = comment.user;
  if (!user) return false;
  const login = user.login.toLowerCase();
  if (!authors.some((a) => a.toLowerCase() === login)) return false;
  const bot = /\[bot\]$/.test(login);
  if (bot !== (user.type === 'Bot')) return false;
  const app = comment.performed_via_github_app;
  if (!bot) return !app;
  return !app?.slug || `${app.slug.toLowerCase()}[bot]` === login;
}

/**
 * Whether a commenter is one of the bots Truss posts as: what it wrote is never a command to Truss,
 * whatever the allow-lists say (docs/app.md "Which lines are commands"), or Truss answers itself.
 */
export function isTrussPoster(user: { login: string; type?: string }, authors: TrussAuthors): boolean {
  return isBot(user) && authors.some((a) => a.toLowerCase() === user.login.toLowerCase());
}

/**
 * The check run a run creates shows who its token really posts as (`<slug>[bot]` of the app owning
 * it). When that login is not among `authors`, Truss would not recognise its own comments (a new
 * sticky comment each run, sign-offs finding no run): say which setting to change.
 */
export function warnUnlistedPoster(
  poster: string | undefined,
  authors: TrussAuthors,
  log: { warning: (message: string) => void },
): void {
  if (!poster || authors.some((a) => a.toLowerCase() === poster.toLowerCase())) return;
  log.warning(
    `this token posts as ${poster}, which is not among the comment authors (${authors.join(', ')}): Truss will not recognise its own comments. Add ${poster} to comment-authors (the Action) or TRUSS_APP_COMMENT_AUTHORS (the App).`,
  );
}

/**
 * Whether a check run's app (its `<slug>[bot]`) is one Truss posts as: the token that creates
 * Truss's checks is the one that comments, so the same configured logins decide. A check whose app
 * GitHub does not name is not ours.
 */
export function isOwnApp(appLogin: string | null, authors: TrussAuthors): boolean {
  return appLogin !== null && authors.some((a) => a.toLowerCase() === appLogin.toLowerCase());
}

/** Ours and this marker's: what may be edited, resolved or read back as Truss's own state. */
export function isTrussComment(comment: CommentLike, markerStart: string, authors: TrussAuthors): boolean {
  return isOwnAuthor(comment, authors) && (comment.body ?? '').startsWith(markerStart);
}

/** How every sticky comment's body starts. */
export const STICKY_MARKER_START = '<!-- truss:sticky ';

/** The hidden marker that makes a contract's PR comment sticky; the comment's body starts with it. */
export function stickyMarker(contractId: string): string {
  return `${STICKY_MARKER_START}contract=${contractId} -->`;
}
