/**
 * Whose comments the App reads as Truss's run state (docs/security.md "Comments and checks Truss
 * trusts as its own"): the logins in TRUSS_APP_COMMENT_AUTHORS (the dispatched workflow's poster,
 * `github-actions[bot]` by default) and the App's own `<slug>[bot]`, which a workflow posting with
 * this App's token (the one that can complete the App's queued checks) comments as. Only this App's
 * tokens post as its bot, so trusting it widens nothing.
 */
import type { Context } from 'probot';
import type { AppConfig } from './config.js';

const SLUG = /^[A-Za-z0-9-]{1,100}$/;

/**
 * A per-process lookup of the App's bot login: `GET /app` (answered with the App's JWT) once; a
 * failure is logged and leaves only the configured logins for that delivery, and is asked again
 * next time — a failed lookup never widens what is trusted.
 */
export function appCommentAuthors(config: AppConfig): (context: Context) => Promise<readonly string[]> {
  let own: Promise<string> | null = null;
  return async (context) => {
    own ??= context.octokit.request('GET /app').then(({ data }) => {
      const slug = (data as { slug?: unknown } | null)?.slug;
      if (typeof slug !== 'string' || !SLUG.test(slug)) throw new Error('GET /app named no slug');
      return `${slug}[bot]`;
    });
    try {
      const login = await own;
      return config.commentAuthors.some((a) => a.toLowerCase() === login.toLowerCase())
        ? config.commentAuthors
        : [...config.commentAuthors, login];
    } catch (error) {
      own = null;
      context.log.warn(
        `could not learn this App's bot login (GET /app: ${(error as Error).message}); only comments by ${config.commentAuthors.join(', ')} are read as Truss's`,
      );
      return config.commentAuthors;
    }
  };
}
