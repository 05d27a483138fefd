/**
 * One PR comment per contract, edited in place on every push instead of piling up. A hidden HTML
 * marker finds it again; a hidden JSON block carries what later jobs need (session id, head sha,
 * artifact id) so GitHub itself is the state store.
 */
import type { z } from 'zod';
import type { Octokit } from './octokit.js';
import { toMissingPermission } from './octokit.js';
import { isTrussComment, type TrussAuthors } from './own-comment.js';
import { readMeta } from './render/meta.js';

export interface StickyCommentResult {
  id: number | null;
  /** The comment's html_url. */
  url: string | null;
  created: boolean;
  updated: boolean;
}

/** GitHub rejects issue comment bodies longer than this. */
export const MAX_COMMENT_LENGTH = 65_536;

const META_BLOCK = /<!-- truss:meta ([\s\S]*?) -->/;
const TRUNCATED_NOTE = '\n\n… (truncated: the full report is in the check run and the ledger artifact)\n';

/**
 * Create or update the comment on issue/PR `issueNumber` that starts with `marker`. Only a comment
 * we authored counts (own-comment.ts: posted by one of `authors` and starting with the marker — the
 * same rule the readers of its metadata use), so a human's or another bot's lookalike is never
 * edited. The
 * body always starts with the marker. With `dryRun`, no request is made at all.
 */
export async function upsertStickyComment(options: {
  octokit: Octokit;
  owner: string;
  repo: string;
  issueNumber: number;
  marker: string;
  /** The body, or how to build it from the comment it replaces (null when there is none). */
  body: string | ((previous: string | null) => string);
  dryRun: boolean;
  /** The logins this host posts as (own-comment.ts). */
  authors: TrussAuthors;
}): Promise<StickyCommentResult> {
  const { octokit, owner, repo, issueNumber, marker, dryRun } = options;
  if (!/^<!--[\s\S]+-->$/.test(marker) || marker.slice(4, -3).includes('-->')) {
    throw new Error(
      `sticky comment marker must be one hidden HTML comment like "<!-- truss:sticky ... -->", got ${JSON.stringify(marker)}`,
    );
  }
  const bodyOf = (previous: string | null) => {
    const text = typeof options.body === 'string' ? options.body : options.body(previous);
    return fitComment(text.startsWith(marker) ? text : `${marker}\n${text}`);
  };
  if (dryRun) {
    octokit.log.info(`dry run: would create or update the ${marker} comment on #${issueNumber}`);
    return { id: null, url: null, created: false, updated: false };
  }
  try {
    const existing = await findComment(octokit, owner, repo, issueNumber, (c) =>
      isTrussComment(c, marker, options.authors),
    );
    if (existing) {
      const body = bodyOf(existing.body ?? null);
      const { data } = await octokit.rest.issues.updateComment({
        owner,
        repo,
        comment_id: existing.id,
        body,
      });
      return { id: data.id, url: data.html_url, created: false, updated: true };
    }
    const { data } = await octokit.rest.issues.createComment({
      owner,
      repo,
      issue_number: issueNumber,
      body: bodyOf(null),
    });
    return { id: data.id, url: data.html_url, created: true, updated: false };
  } catch (error) {
    throw toMissingPermission(error, 'pull-requests: write', `comment on #${issueNumber}`);
  }
}

export interface ListedComment {
  id: number;
  body?: string;
  html_url?: string;
  user: { login: string; type: string } | null;
  performed_via_github_app?: { slug?: string | null } | null;
}

/** Page through the issue's comments (100 a page) and stop at the first match. */
export async function findComment(
  octokit: Octokit,
  owner: string,
  repo: string,
  issueNumber: number,
  matches: (comment: ListedComment) => boolean,
): Promise<ListedComment | null> {
  const pages = octokit.paginate.iterator(octokit.rest.issues.listComments, {
    owner,
    repo,
    issue_number: issueNumber,
    per_page: 100,
  });
  for await (const page of pages) {
    const found = page.data.find((comment) => matches(comment));
    if (found) return found;
  }
  return null;
}

/**
 * Keep a body under GitHub's limit: clip the visible text with a note, but keep the metadata blocks
 * (appended after the clip) so later jobs can still read them.
 */
function fitComment(body: string): string {
  if (body.length <= MAX_COMMENT_LENGTH) return body;
  const metas = body.match(new RegExp(META_BLOCK.source, 'g')) ?? [];
  const rest = body.replace(new RegExp(META_BLOCK.source, 'g'), '');
  const tail = metas.length > 0 ? `\n${metas.join('\n')}\n` : '';
  let visible = rest.slice(0, Math.max(0, MAX_COMMENT_LENGTH - TRUNCATED_NOTE.length - tail.length));
  if (/[\uD800-\uDBFF]$/.test(visible)) visible = visible.slice(0, -1);
  return `${visible}${TRUNCATED_NOTE}${tail}`;
}

/**
 * The metadata a previous job embedded in a comment body (first block), or null when there is none
 * or it is not a JSON object. With a zod schema, the parsed value is validated too (null if invalid):
 * comment bodies are editable by anyone with write access, so the content is checked, not trusted.
 */
export function readStickyMetadata(body: string): Record<string, unknown> | null;
export function readStickyMetadata<T>(body: string, schema: z.ZodType<T>): T | null;
export function readStickyMetadata<T>(
  body: string,
  schema?: z.ZodType<T>,
): T | Record<string, unknown> | null {
  const value = readMeta(body);
  if (value === null || !schema) return value;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
