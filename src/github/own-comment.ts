/**
 * Which comments Truss wrote. A comment is ours when its author is the identity Truss posts as
 * (`botLogin` when known: `github-actions[bot]`, `<app-slug>[bot]`, a PAT's user), else any Bot,
 * and its body *starts* with Truss's hidden marker. Starting matters: other bots quote pull-request
 * text (a linter's suggestion, an AI reviewer), and a marker the pull request planted in its code
 * would otherwise make Truss edit, resolve or trust another bot's comment.
 */
export interface CommentLike {
  body?: string | null | undefined;
  user?: { login: string; type: string } | null | undefined;
}

export function isTrussComment(comment: CommentLike, markerStart: string, botLogin?: string): boolean {
  const user = comment.user;
  if (!user) return false;
  const author = botLogin ? user.login.toLowerCase() === botLogin.toLowerCase() : user.type === 'Bot';
  return author && (comment.body ?? '').startsWith(markerStart);
}

/** How every sticky comment's body starts. */
export const STICKY_MARKER_START = '<!-- truss:sticky ';

/** The hidden marker that makes a contract's PR comment sticky; the comment's body starts with it. */
export function stickyMarker(contractId: string): string {
  return `${STICKY_MARKER_START}contract=${contractId} -->`;
}
