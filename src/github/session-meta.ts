/**
 * The sessions truss reported on a pull request, read back from the hidden `truss:meta` JSON of its
 * sticky comments. GitHub is the state store: the Action writes these, the review flow and the App
 * read them, so no host needs a database.
 */
import type { Octokit } from './octokit.js';
import { isTrussComment, STICKY_MARKER_START, type TrussAuthors } from './own-comment.js';
import { readStickyMetadata } from './sticky-comment.js';

/** What truss wrote into its sticky comment for one session (fields are optional: older comments lack some). */
export interface SessionMeta {
  contract?: string;
  session_id?: string;
  head_sha?: string;
  head_hash?: string;
  artifact_id?: number | null;
  run_url?: string | null;
  /** `suspended` while the run waits at an approval gate (set by mode resume's runs). */
  status?: string;
  head_seq?: number;
  workflow_run_id?: number | string | null;
  /**
   * When GitHub says the sticky was last written (ms): never read from the comment body, which
   * its writer chooses, but from the comment's `updated_at`. An approval of a suspension reported
   * after the approving comment was not seen by its author (approval-gate.ts).
   */
  written_at?: number;
}

/**
 * Every session meta on PR `prNumber`, in the order the stickies were last written (GitHub's
 * `updated_at`; comments written in the same second keep their order), so the last one names the
 * run reported last: a sticky is edited in place for each run, and the Action's workflow token and
 * the App's dispatched job can each keep one for the same contract, so the sticky made last need not
 * hold the latest run. Only Truss's sticky comments count (own-comment.ts: posted by one of
 * `authors`, the logins this host posts as, and starting with the sticky marker): any other bot
 * installed on the repository can post a lookalike pointing the sign-off at an older session on the
 * same head, and other bots quote pull-request text.
 */
export async function listSessionMetas(
  octokit: Octokit,
  repo: { owner: string; repo: string },
  prNumber: number,
  authors: TrussAuthors,
): Promise<SessionMeta[]> {
  const comments = await octokit.paginate(octokit.rest.issues.listComments, {
    ...repo,
    issue_number: prNumber,
    per_page: 100,
  });
  return comments
    .filter((c) => isTrussComment(c, STICKY_MARKER_START, authors))
    .map((c, i) => ({ c, i, written: writtenAt(c) }))
    .sort((a, b) => a.written - b.written || a.i - b.i)
    .map(({ c, written }): SessionMeta | null => {
      const meta = readStickyMetadata(c.body ?? '') as SessionMeta | null;
      return meta === null ? null : { ...meta, written_at: written };
    })
    .filter((m): m is SessionMeta => m !== null && sessionIdUsable(m.session_id));
}

/**
 * What the PR last reported about `sessionId` (the sticky written last that names it), or null when
 * no sticky does: where a resume must continue from, and whether it still waits (docs/action.md
 * "Approval gates across jobs").
 */
export async function latestReportOf(
  octokit: Octokit,
  repo: { owner: string; repo: string },
  prNumber: number,
  authors: TrussAuthors,
  sessionId: string,
): Promise<SessionMeta | null> {
  const metas = await listSessionMetas(octokit, repo, prNumber, authors);
  return metas.filter((meta) => meta.session_id === sessionId).at(-1) ?? null;
}

/**
 * The latest session of each contract reported for `headSha` on the PR, in comment order (one sticky
 * per contract, edited in place; metadata without a contract name, from older comments, counts as
 * its own). A sign-off covers all of them: the reviewer saw every contract's verdict. A session is
 * one run however many stickies name it (metadata is editable by writers, docs/security.md "Comments
 * and checks Truss trusts as its own"): it is listed once, where it was last named, so it is signed
 * once and stored once.
 */
export async function latestSessionsFor(
  octokit: Octokit,
  repo: { owner: string; repo: string },
  prNumber: number,
  headSha: string,
  authors: TrussAuthors,
): Promise<(SessionMeta & { session_id: string })[]> {
  const latest = new Map<string, SessionMeta & { session_id: string }>();
  for (const meta of await listSessionMetas(octokit, repo, prNumber, authors)) {
    if (meta.head_sha !== headSha || meta.session_id === undefined) continue;
    const key =
      typeof meta.contract === 'string' ? `contract:${meta.contract}` : `session:${meta.session_id}`;
    latest.delete(key);
    latest.set(key, { ...meta, session_id: meta.session_id });
  }
  const bySession = new Map<string, SessionMeta & { session_id: string }>();
  for (const meta of latest.values()) {
    bySession.delete(meta.session_id);
    bySession.set(meta.session_id, meta);
  }
  return [...bySession.values()];
}

/** When a comment was last written, in ms; one without a readable time counts as written first. */
function writtenAt(comment: { updated_at?: string; created_at?: string }): number {
  const time = Date.parse(comment.updated_at ?? comment.created_at ?? '');
  return Number.isNaN(time) ? 0 : time;
}

/** A session id as Truss makes them (a UUID-like word): it is used in file and artifact names. */
export const SESSION_ID = /^[A-Za-z0-9_-]{1,128}$/;

function sessionIdUsable(id: unknown): boolean {
  return id === undefined || (typeof id === 'string' && SESSION_ID.test(id));
}
