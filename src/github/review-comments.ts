/**
 * `review-comments: true`: a contract's anchored findings as inline pull-request review comments,
 * kept in step with the latest run instead of piling up (docs/action.md "Review comments").
 *
 * One comment per cited line range, listing every seat that cited it. On each run:
 * - a range cited again finds its comment (ours: a Bot author and the contract's hidden marker, at
 *   the same current lines) and edits it when its findings changed (findingText) — never a second comment;
 * - a newly cited range becomes an inline comment of ONE new review (event COMMENT) for the run;
 * - a comment whose range is no longer cited (or whose lines GitHub marked outdated) is edited to
 *   say so and its thread resolved. REST cannot resolve a conversation; that is GraphQL only
 *   (review-threads.ts); the body edit is what every reader sees even when the token may not use
 *   GraphQL (the thread then stays open, with a warning). A thread GitHub fails to resolve or reopen
 *   for another reason keeps its body as it was, so the next run finds it and tries again.
 * Inline comments go only on lines GitHub's own diff of the pull request shows (its files' patches,
 * which can differ from the diff the panel saw); the rest stay annotations on the check run.
 * The new review goes first and nothing is marked resolved before it, so a failed post loses nothing;
 * a thread is resolved (or reopened) before its body says so, so a run that stops in between leaves
 * work the next run finds and finishes; a pull request whose head moved during the run gets no
 * write at all (its positions are another commit's).
 */

import type { RunReport } from '../core/run/index.js';
import { parseDiffHunks } from '../core/verify/index.js';
import type { Logger } from './logger.js';
import type { Octokit } from './octokit.js';
import { toMissingPermission } from './octokit.js';
import { isTrussComment, type TrussAuthors } from './own-comment.js';
import { listingCommits, listPullRequestFiles } from './path-filter.js';
import { type PlacedFinding, placedFindings, unplaceableReason } from './render/index.js';
import {
  findingCommentBody,
  findingMarker,
  findingsReviewBody,
  findingText,
  readFindingMarker,
  resolvedCommentBody,
} from './render/review-comment.js';
import type { RepoRef } from './repo-contracts.js';
import { isRateLimitError, statusOf } from './request-errors.js';
import { reviewThreadsByComment, setThreadResolved } from './review-threads.js';

/** New inline comments per run at most (the most severe first); the rest stay check-run annotations. */
export const MAX_NEW_REVIEW_COMMENTS = 50;

export interface ReviewCommentsResult {
  created: number;
  updated: number;
  resolved: number;
  reopened: number;
  /** Anchored findings GitHub's diff does not show (annotations only). */
  offDiff: number;
  reviewId: number | null;
  /** The head the pull request moved to during the run (nothing was written), else null. */
  headMoved: string | null;
}

interface Range {
  path: string;
  start: number;
  end: number;
}

interface OurComment {
  id: number;
  body: string;
  state: 'open' | 'resolved';
  /** Where the comment is now on the pull request's diff; null when GitHub marked it outdated. */
  at: Range | null;
}

const SEVERITY: Record<string, number> = { not_met: 0, unverifiable: 1, met: 2 };

/** Brings the contract's inline review comments in line with `report` (see the module comment). */
export async function syncReviewComments(options: {
  octokit: Octokit;
  repo: RepoRef;
  prNumber: number;
  headSha: string;
  contractId: string;
  report: RunReport;
  checkRunUrl: string | null;
  /** The logins this host posts as (own-comment.ts): only their comments are ours. */
  authors: TrussAuthors;
  dryRun: boolean;
  log: Pick<Logger, 'info' | 'warning'>;
}): Promise<ReviewCommentsResult> {
  const { octokit, repo, prNumber, contractId, log } = options;
  const result: ReviewCommentsResult = {
    created: 0,
    updated: 0,
    resolved: 0,
    reopened: 0,
    offDiff: 0,
    reviewId: null,
    headMoved: null,
  };
  // A run without a verdict (it stopped, or waits on an approval gate) reviewed nothing to the end:
  // its missing findings say nothing about the earlier ones, which stay as they are, not "no longer cited".
  if (options.report.overall === 'failed_run' || options.report.overall === 'suspended') {
    log.info(
      `${contractId}: inline review comments not updated: the run has no verdict (${options.report.overall === 'suspended' ? 'suspended' : 'it did not finish'}), so the earlier findings stand until a run that finishes`,
    );
    return result;
  }
  // Findings cite the lines the panel was shown; when those are not the head's (an executor's work,
  // a merge-commit checkout), placed here they would mark other lines: earlier comments stay as they are.
  const unplaceable = unplaceableReason(options.report, options.headSha);
  if (unplaceable !== null) {
    log.info(
      `${contractId}: inline review comments not updated: ${unplaceable} (the findings are in the check run)`,
    );
    return result;
  }
  const wanted = groupByRange(placedFindings(options.report));
  if (options.dryRun) {
    log.info(`dry run: would sync ${wanted.size} inline review comment(s) of ${contractId} on #${prNumber}`);
    return result;
  }
  try {
    // Listed first, then the head checked (path-filter.ts does the same): GitHub places existing
    // comments and computes its diff on the pull request's current head, which moves with a push.
    const ours = await listOurComments(octokit, repo, prNumber, contractId, options.authors);
    if (wanted.size === 0 && ours.length === 0) return logged(result, contractId, log);
    const files = wanted.size > 0 ? await listPullRequestFiles(octokit, repo, prNumber) : [];
    const { data: pull } = await octokit.rest.pulls.get({ ...repo, pull_number: prNumber });
    const movedTo =
      pull.head.sha !== options.headSha
        ? pull.head.sha
        : files.some((file) => listingCommits(file, options.headSha) === 'other')
          ? 'a newer commit'
          : null;
    if (movedTo !== null) {
      // Placing this run's findings (on its head) by positions GitHub computed for another head
      // made createReview fail whole (422) or edited the wrong comments: leave them to the run on
      // the new head, and say so (docs/action.md "Review comments").
      result.headMoved = movedTo;
      log.warning(
        `${contractId}: inline review comments not updated: the pull request's head moved from ${options.headSha.slice(0, 7)} to ${movedTo === pull.head.sha ? movedTo.slice(0, 7) : movedTo} during the run; the run on the new head updates them (the findings are in the check run)`,
      );
      return result;
    }
    const onDiff = diffRanges(files);
    const context = { headSha: options.headSha, checkRunUrl: options.checkRunUrl };
    const fresh: Array<{ range: Range; found: PlacedFinding[] }> = [];
    const edits: Array<{ id: number; body: string }> = [];
    const reopen: number[] = [];
    const used = new Set<number>();
    for (const [key, { range, found }] of wanted) {
      if (!(onDiff.get(range.path) ?? []).some((h) => h.start <= range.start && range.end <= h.end)) {
        result.offDiff += found.length;
        continue;
      }
      const body = findingCommentBody(contractId, found, context);
      const existing = ours.find((c) => !used.has(c.id) && c.at !== null && rangeKey(c.at) === key);
      if (!existing) {
        fresh.push({ range, found });
        continue;
      }
      used.add(existing.id);
      // Only what a reader needs: the footer naming the run and its check run changes every run, and
      // editing every open comment on every run for it was one PATCH per finding per run.
      if (findingText(existing.body) !== findingText(body)) edits.push({ id: existing.id, body });
      if (existing.state === 'resolved') reopen.push(existing.id);
    }
    const stale = ours.filter((c) => !used.has(c.id) && c.state === 'open');
    // The new review first: it is the step that can fail whole (422). Nothing is marked resolved
    // before it, so a failure leaves every comment as it was and the next run does all of it.
    if (fresh.length > 0) {
      fresh.sort((a, b) => severity(a.found) - severity(b.found));
      const posted = fresh.slice(0, MAX_NEW_REVIEW_COMMENTS);
      const { data } = await octokit.rest.pulls.createReview({
        ...repo,
        pull_number: prNumber,
        commit_id: options.headSha,
        event: 'COMMENT',
        body: findingsReviewBody(
          contractId,
          { posted: posted.length, total: fresh.length },
          options.checkRunUrl,
        ),
        comments: posted.map(({ range, found }) => ({
          path: range.path,
          line: range.end,
          side: 'RIGHT' as const,
          ...(range.start < range.end ? { start_line: range.start, start_side: 'RIGHT' as const } : {}),
          body: findingCommentBody(contractId, found, context),
        })),
      });
      result.reviewId = data.id;
      result.created = posted.length;
    }
    // Threads before bodies: a body reads resolved (or open again) only once its thread is, so a run
    // that stops in between leaves the body as it was and the next run, finding it stale (or cited)
    // again, finishes it. The other order left a body that read resolved on a thread never resolved,
    // and no later run looked at it again.
    const threadChanges = [
      ...stale.map((c) => ({ id: c.id, resolved: true })),
      ...reopen.map((id) => ({ id, resolved: false })),
    ];
    // A thread GitHub did not resolve (or reopen) keeps its body's state too, so the next run finds
    // the same work and tries again: a body reading open on a thread left resolved was never looked at
    // again, its finding collapsed out of sight.
    const unsettled =
      threadChanges.length > 0
        ? await resolveThreads(octokit, repo, prNumber, threadChanges, log, result)
        : new Set<number>();
    for (const edit of edits) {
      if (unsettled.has(edit.id)) continue;
      await octokit.rest.pulls.updateReviewComment({ ...repo, comment_id: edit.id, body: edit.body });
      result.updated += 1;
    }
    for (const comment of stale) {
      if (unsettled.has(comment.id)) continue;
      await octokit.rest.pulls.updateReviewComment({
        ...repo,
        comment_id: comment.id,
        body: resolvedCommentBody(contractId, comment.body, options.headSha),
      });
      result.resolved += 1;
    }
  } catch (error) {
    throw toMissingPermission(error, 'pull-requests: write', `review #${prNumber} with inline comments`);
  }
  return logged(result, contractId, log);
}

function logged(
  result: ReviewCommentsResult,
  contractId: string,
  log: Pick<Logger, 'info'>,
): ReviewCommentsResult {
  log.info(
    `${contractId}: inline review comments ${result.created} new, ${result.updated} updated, ${result.resolved} resolved${result.offDiff ? `, ${result.offDiff} not on GitHub's diff (annotations only)` : ''}`,
  );
  return result;
}

function rangeKey(range: Range): string {
  return `${range.path}\0${range.start}\0${range.end}`;
}

function severity(found: readonly PlacedFinding[]): number {
  return Math.min(...found.map((f) => SEVERITY[f.vote.vote] ?? 1));
}

/** Anchored findings grouped by the line range they cite, in report order. */
function groupByRange(
  found: readonly PlacedFinding[],
): Map<string, { range: Range; found: PlacedFinding[] }> {
  const groups = new Map<string, { range: Range; found: PlacedFinding[] }>();
  for (const f of found) {
    const range = { path: f.citation.path, start: f.citation.start_line, end: f.citation.end_line };
    const key = rangeKey(range);
    const group = groups.get(key) ?? { range, found: [] };
    group.found.push(f);
    groups.set(key, group);
  }
  return groups;
}

/** The new-side hunk ranges of GitHub's own diff of the pull request (its files' patches), by path. */
function diffRanges(
  files: ReadonlyArray<{ filename: string; patch?: string | undefined }>,
): Map<string, Range[]> {
  const byPath = new Map<string, Range[]>();
  for (const file of files) {
    if (!file.patch) continue;
    const [parsed] = parseDiffHunks(`+++ b/${file.filename}\n${file.patch}`);
    byPath.set(
      file.filename,
      (parsed?.hunks ?? []).map((h) => ({ path: file.filename, start: h.start, end: h.end })),
    );
  }
  return byPath;
}

/** Our finding comments for this contract: posted by one of `authors`, starting with the contract's marker (own-comment.ts). */
async function listOurComments(
  octokit: Octokit,
  repo: RepoRef,
  prNumber: number,
  contractId: string,
  authors: TrussAuthors,
): Promise<OurComment[]> {
  const comments = await octokit.paginate(octokit.rest.pulls.listReviewComments, {
    ...repo,
    pull_number: prNumber,
    per_page: 100,
  });
  return comments.flatMap((c): OurComment[] => {
    const marker = readFindingMarker(c.body);
    if (!marker || marker.contractId !== contractId) return [];
    if (!isTrussComment(c, findingMarker(contractId, marker.state), authors)) return [];
    const end = typeof c.line === 'number' ? c.line : null;
    const start = typeof c.start_line === 'number' ? c.start_line : end;
    return [
      {
        id: c.id,
        body: c.body,
        state: marker.state,
        at: end === null || start === null ? null : { path: c.path, start, end },
      },
    ];
  });
}

/**
 * Resolves or reopens the threads these comments started; returns the comments whose thread is not
 * known to have reached its state, whose bodies are left as they are for the next run to finish.
 * A token refused GraphQL can never change a thread: then every body says it anyway (docs/action.md
 * "Review comments"), with a warning.
 */
async function resolveThreads(
  octokit: Octokit,
  repo: RepoRef,
  prNumber: number,
  changes: ReadonlyArray<{ id: number; resolved: boolean }>,
  log: Pick<Logger, 'warning'>,
  result: ReviewCommentsResult,
): Promise<Set<number>> {
  const unsettled = new Set(changes.map((change) => change.id));
  try {
    const threads = await reviewThreadsByComment(octokit, repo, prNumber);
    for (const change of changes) {
      const thread = threads.get(change.id);
      if (thread) {
        await setThreadResolved(octokit, thread, change.resolved);
        if (!change.resolved) result.reopened += 1;
      }
      unsettled.delete(change.id);
    }
  } catch (error) {
    const refused = isGraphqlRefusal(error);
    log.warning(
      `could not resolve or reopen review threads on #${prNumber} (GraphQL): ${(error as Error).message}; ${refused ? 'the comments say it in their text' : `${unsettled.size} comment(s) left as they were, the next run tries again`}`,
    );
    if (refused) unsettled.clear();
  }
  return unsettled;
}

/** A permission refusal (HTTP 403 that is not a rate limit, or a GraphQL FORBIDDEN error), as opposed to a failure that may pass. */
function isGraphqlRefusal(error: unknown): boolean {
  if (statusOf(error) === 403 && !isRateLimitError(error)) return true;
  const errors = (error as { errors?: unknown }).errors;
  return (
    Array.isArray(errors) &&
    errors.length > 0 &&
    errors.every((e) => (e as { type?: unknown } | null)?.type === 'FORBIDDEN')
  );
}
