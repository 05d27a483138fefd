/**
 * One check run per contract (`truss / <contract id>`): started in_progress, completed with the
 * verdict, findable again later by name (the App keeps its state in check runs). GitHub's limits —
 * 50 annotations per request, 65535 characters per summary/text — are handled here, once.
 */
import type { Octokit } from './octokit.js';
import { toMissingPermission } from './octokit.js';
import { isRateLimitError, statusOf } from './request-errors.js';

export type CheckConclusion =
  | 'success'
  | 'failure'
  | 'neutral'
  | 'cancelled'
  | 'skipped'
  | 'timed_out'
  | 'action_required';

export interface CheckAnnotation {
  path: string;
  start_line: number;
  end_line: number;
  annotation_level: 'notice' | 'warning' | 'failure';
  message: string;
  title?: string;
  raw_details?: string;
  start_column?: number;
  end_column?: number;
}

export interface CheckRunOutput {
  title: string;
  summary: string;
  text?: string;
  annotations?: readonly CheckAnnotation[];
}

export interface CheckRunRef {
  id: number | null;
  /** The check run's html_url. */
  url: string | null;
  /**
   * The login this token posts as, learned from the check run's owning app (`<slug>[bot]`:
   * `github-actions[bot]` for GITHUB_TOKEN): checked against the configured comment authors
   * (own-comment.ts warnUnlistedPoster), which alone decide which comments are Truss's own.
   */
  botLogin?: string | undefined;
}

export interface FoundCheckRun {
  id: number;
  name: string;
  headSha: string;
  status: string;
  conclusion: string | null;
  externalId: string | null;
  detailsUrl: string | null;
  url: string | null;
  startedAt: string | null;
  completedAt: string | null;
  outputTitle: string | null;
  outputSummary: string | null;
  /** The bot login of the app that created it (`<slug>[bot]`), when GitHub names the app. */
  app: string | null;
  /** The id of the app that created it, when GitHub names the app. */
  appId: number | null;
}

/** The Checks API takes at most this many annotations per request; the rest go in further updates. */
export const MAX_ANNOTATIONS_PER_REQUEST = 50;
/** Maximum length of a check run's `summary` and of its `text`. */
export const MAX_CHECK_TEXT = 65_535;
const TRUNCATED_NOTE = '\n\n… (truncated)';

const PERMISSION = 'checks: write';

/**
 * Create the contract's check run as in_progress on `headSha`, so the PR shows Truss is working.
 * With `existingId` (a queued check the App created before dispatching this run) that check is
 * moved to in_progress instead, so the PR shows one check per request rather than two — only when
 * it is on `headSha` (HeadMismatchError otherwise: GitHub never moves a check to another commit).
 * With `dryRun`, no request is made and `{ id: null, url: null }` is returned.
 */
export async function startCheckRun(options: {
  octokit: Octokit;
  owner: string;
  repo: string;
  name: string;
  headSha: string;
  externalId?: string;
  detailsUrl?: string;
  existingId?: number | null;
  dryRun: boolean;
  now?: () => Date;
}): Promise<CheckRunRef> {
  const { octokit, owner, repo, name, headSha, dryRun } = options;
  if (dryRun) {
    octokit.log.info(`dry run: would start check run "${name}" on ${headSha}`);
    return { id: null, url: null };
  }
  if (options.existingId) {
    const madeBy = await requireCheckOnHead(octokit, owner, repo, options.existingId, headSha);
    try {
      const { data } = await octokit.rest.checks.update({
        owner,
        repo,
        check_run_id: options.existingId,
        name,
        status: 'in_progress',
        started_at: (options.now?.() ?? new Date()).toISOString(),
        ...(options.detailsUrl !== undefined ? { details_url: options.detailsUrl } : {}),
      });
      return { id: data.id, url: data.html_url, botLogin: botLoginOf(data.app) };
    } catch (error) {
      throw takeOverError(
        error,
        options.existingId,
        madeBy,
        `update the queued check run ${options.existingId}`,
      );
    }
  }
  try {
    const { data } = await octokit.rest.checks.create({
      owner,
      repo,
      name,
      head_sha: headSha,
      status: 'in_progress',
      started_at: (options.now?.() ?? new Date()).toISOString(),
      ...(options.externalId !== undefined ? { external_id: options.externalId } : {}),
      ...(options.detailsUrl !== undefined ? { details_url: options.detailsUrl } : {}),
    });
    return { id: data.id, url: data.html_url, botLogin: botLoginOf(data.app) };
  } catch (error) {
    throw toMissingPermission(error, PERMISSION, `create the check run "${name}"`);
  }
}

/**
 * Complete the check run with `conclusion` and `output`. The conclusion and the first 50
 * annotations go in one update, so the verdict lands even if a later batch fails; the remaining
 * annotations follow in further updates (GitHub appends them). Summary and text are clipped to
 * 65535 characters with a visible "(truncated)" note. With `dryRun`, no request is made.
 */
export async function completeCheckRun(options: {
  octokit: Octokit;
  owner: string;
  repo: string;
  checkRunId: number;
  conclusion: CheckConclusion;
  output: CheckRunOutput;
  dryRun: boolean;
  now?: () => Date;
}): Promise<{ requests: number }> {
  const { octokit, owner, repo, checkRunId, conclusion, output, dryRun } = options;
  const annotations = [...(output.annotations ?? [])];
  const batches: CheckAnnotation[][] = [];
  for (let i = 0; i < annotations.length; i += MAX_ANNOTATIONS_PER_REQUEST) {
    batches.push(annotations.slice(i, i + MAX_ANNOTATIONS_PER_REQUEST));
  }
  if (dryRun) {
    octokit.log.info(
      `dry run: would complete check run ${checkRunId} as ${conclusion} (${annotations.length} annotations)`,
    );
    return { requests: 0 };
  }
  const base = {
    title: output.title,
    summary: clipCheckText(output.summary),
    ...(output.text !== undefined ? { text: clipCheckText(output.text) } : {}),
  };
  try {
    await octokit.rest.checks.update({
      owner,
      repo,
      check_run_id: checkRunId,
      status: 'completed',
      conclusion,
      completed_at: (options.now?.() ?? new Date()).toISOString(),
      output: { ...base, ...(batches[0] ? { annotations: batches[0] } : {}) },
    });
    for (const batch of batches.slice(1)) {
      await octokit.rest.checks.update({
        owner,
        repo,
        check_run_id: checkRunId,
        output: { ...base, annotations: batch },
      });
    }
  } catch (error) {
    throw toMissingPermission(error, PERMISSION, `update check run ${checkRunId}`);
  }
  return { requests: Math.max(1, batches.length) };
}

/**
 * Report a contract that was not run as a check run completed `skipped` (a required check counts it
 * as passing), with the reason in its output. Takes over `existingId` (a check the App queued) when
 * given, only on `headSha` (HeadMismatchError otherwise). With `dryRun`, no request is made.
 */
export async function skipCheckRun(options: {
  octokit: Octokit;
  owner: string;
  repo: string;
  name: string;
  headSha: string;
  output: { title: string; summary: string };
  existingId?: number | null;
  detailsUrl?: string | undefined;
  /** For a new check run: the App's request id, so a redelivered request finds it. */
  externalId?: string | undefined;
  dryRun: boolean;
  now?: () => Date;
}): Promise<CheckRunRef> {
  const { octokit, owner, repo, name, headSha, dryRun } = options;
  if (dryRun) {
    octokit.log.info(`dry run: would complete check run "${name}" on ${headSha} as skipped`);
    return { id: null, url: null };
  }
  const completed = {
    status: 'completed' as const,
    conclusion: 'skipped' as const,
    completed_at: (options.now?.() ?? new Date()).toISOString(),
    output: { title: options.output.title, summary: clipCheckText(options.output.summary) },
    ...(options.detailsUrl !== undefined ? { details_url: options.detailsUrl } : {}),
  };
  // As when starting one: the skip was decided on headSha's changes, so it goes on no other commit.
  const madeBy = options.existingId
    ? await requireCheckOnHead(octokit, owner, repo, options.existingId, headSha)
    : undefined;
  try {
    const { data } = options.existingId
      ? await octokit.rest.checks.update({
          owner,
          repo,
          check_run_id: options.existingId,
          name,
          ...completed,
        })
      : await octokit.rest.checks.create({
          owner,
          repo,
          name,
          head_sha: headSha,
          ...completed,
          ...(options.externalId !== undefined ? { external_id: options.externalId } : {}),
        });
    return { id: data.id, url: data.html_url };
  } catch (error) {
    const action = `complete the check run "${name}" as skipped`;
    throw options.existingId
      ? takeOverError(error, options.existingId, madeBy, action)
      : toMissingPermission(error, PERMISSION, action);
  }
}

/** Clip to the Checks API limit, ending with a visible note and never splitting a surrogate pair. */
export function clipCheckText(text: string): string {
  if (text.length <= MAX_CHECK_TEXT) return text;
  let kept = text.slice(0, MAX_CHECK_TEXT - TRUNCATED_NOTE.length);
  if (/[\uD800-\uDBFF]$/.test(kept)) kept = kept.slice(0, -1);
  return `${kept}${TRUNCATED_NOTE}`;
}

/**
 * The check runs named `checkName` (every check run when it is omitted) on `ref` (a SHA, branch or
 * tag), newest first as GitHub returns them (GET /repos/{owner}/{repo}/commits/{ref}/check-runs), across
 * all pages. With `appId`, only those that app created: any token with `checks: write` (another
 * installed App, a workflow's GITHUB_TOKEN) can create a check of any name and external_id, so a
 * caller reading its own state back asks for its own app's. GitHub filters by `app_id`, and each
 * run's `app.id` is checked again here, so a check GitHub did not filter out is not taken either.
 */
export async function findCheckRuns(options: {
  octokit: Octokit;
  owner: string;
  repo: string;
  ref: string;
  checkName?: string;
  appId?: number;
}): Promise<FoundCheckRun[]> {
  const { octokit, owner, repo, ref, checkName, appId } = options;
  // `all`: GitHub's default (`latest`) lists only the newest run of each name, which would hide the
  // earlier verdicts the callers look for (a FAIL under a newer skip or another pull request's run).
  const runs = await octokit.paginate(octokit.rest.checks.listForRef, {
    owner,
    repo,
    ref,
    ...(checkName !== undefined ? { check_name: checkName } : {}),
    ...(appId !== undefined ? { app_id: appId } : {}),
    filter: 'all',
    per_page: 100,
  });
  const made = appId === undefined ? runs : runs.filter((run) => run.app?.id === appId);
  return made.map((run) => ({
    id: run.id,
    name: run.name,
    headSha: run.head_sha,
    status: run.status,
    conclusion: run.conclusion ?? null,
    externalId: run.external_id || null,
    detailsUrl: run.details_url ?? null,
    url: run.html_url ?? null,
    startedAt: run.started_at ?? null,
    completedAt: run.completed_at ?? null,
    outputTitle: run.output?.title ?? null,
    outputSummary: run.output?.summary ?? null,
    app: botLoginOf(run.app) ?? null,
    appId: typeof run.app?.id === 'number' ? run.app.id : null,
  }));
}

/** A queued check that belongs to another commit than the one this run evaluates. */
export class HeadMismatchError extends Error {
  override name = 'HeadMismatchError';
}

/**
 * Refuses to take over a check run that is not on `headSha`. The App queues its check on the head
 * it saw; if the pull request moved before the job started (or a maintainer re-ran an outdated
 * check), completing that check with this run's verdict would put one commit's verdict on another.
 */
async function requireCheckOnHead(
  octokit: Octokit,
  owner: string,
  repo: string,
  checkRunId: number,
  headSha: string,
): Promise<string | undefined> {
  let onSha: string;
  let madeBy: string | undefined;
  try {
    const { data } = await octokit.rest.checks.get({ owner, repo, check_run_id: checkRunId });
    onSha = data.head_sha;
    madeBy = botLoginOf(data.app);
  } catch (error) {
    throw toMissingPermission(error, PERMISSION, `read the queued check run ${checkRunId}`);
  }
  if (onSha !== headSha)
    throw new HeadMismatchError(
      `the queued check ${checkRunId} is on ${onSha.slice(0, 12)}, but the pull request head is now ${headSha.slice(0, 12)}: the change moved after the run was requested, and one commit's verdict never goes on another's check. Comment the run command again to run on the new head.`,
    );
  return madeBy;
}

/**
 * Why changing a queued check `madeBy` another app failed: a refusal (403) is GitHub's ownership rule
 * when the check names its app, a missing permission otherwise.
 */
function takeOverError(
  error: unknown,
  checkRunId: number,
  madeBy: string | undefined,
  action: string,
): unknown {
  if (statusOf(error) === 403 && !isRateLimitError(error) && madeBy !== undefined)
    return new QueuedCheckOwnerError(checkRunId, madeBy, { cause: error });
  return toMissingPermission(error, PERMISSION, action);
}

/**
 * GitHub lets only the app that created a check run change it: the App's queued check cannot be
 * taken over with the workflow's own token (the github-actions app's). The dispatched job needs the
 * App's installation token (docs/app.md, "Add the workflow").
 */
export class QueuedCheckOwnerError extends Error {
  override name = 'QueuedCheckOwnerError';
  constructor(checkRunId: number, madeBy: string, options?: { cause?: unknown }) {
    const remedy =
      madeBy === 'github-actions[bot]'
        ? "Run this job with the workflow's own token (`github-token: ${{ github.token }}`)."
        : `Give this job ${madeBy}'s installation token (actions/create-github-app-token, then \`github-token:\` and \`comment-authors: ${madeBy}\`), as examples/workflows/truss-app-dispatch.yml does.`;
    super(
      `Truss could not take over the queued check run ${checkRunId}: ${madeBy} created it, and GitHub lets only the app that created a check run change it. ${remedy}`,
      options,
    );
  }
}

/** `<slug>[bot]` for the app that owns a check run, when GitHub names it. */
function botLoginOf(app: { slug?: string } | null | undefined): string | undefined {
  return app?.slug && /^[A-Za-z0-9-]{1,100}$/.test(app.slug) ? `${app.slug}[bot]` : undefined;
}
