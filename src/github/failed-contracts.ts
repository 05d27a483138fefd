/**
 * `/truss run failed`: which contracts' last verdict on a head was FAIL or UNVERIFIABLE. Check runs
 * are the state: for each `truss / <contract id>` check on the head that Truss made for this pull
 * request (its external_id says so: external-id.ts), only the newest with a verdict counts (one
 * still queued or running is not re-run again), and its verdict is read from the title the run
 * wrote (`verdictInTitle`). A `skipped` check and a run that stopped before a verdict are no verdict
 * and are passed over: a crash after a FAIL left the FAIL as the last verdict, and hid it. A
 * contract only ever skipped or stopped, or a passing contract, is not re-run. Check runs
 * name contract ids; runs are asked for by file name, so each id is mapped back: from the App's
 * request id on the check when it has one, else by reading the contracts at the trusted ref.
 */
import { type FoundCheckRun, findCheckRuns } from './check-runs.js';
import { decodeRunRequestId, trussCheckFor } from './external-id.js';
import { HUMAN_REVIEW_CHECK } from './human-review-check.js';
import type { Octokit } from './octokit.js';
import { isOwnApp, type TrussAuthors } from './own-comment.js';
import { verdictInTitle } from './render/index.js';
import { contractFilesById, listContractNames, type RepoRef } from './repo-contracts.js';

const CHECK_PREFIX = 'truss / ';
const RERUN: ReadonlySet<string> = new Set(['fail', 'unverifiable']);
/** What a completed check's title says when the run gave no verdict (verdictInTitle). */
const NO_VERDICT: ReadonlySet<string | null> = new Set([null, 'failed_run']);

export interface FailedContracts {
  /** Contract file names (`.truss/contracts/<name>.toml`) to run again, sorted. */
  names: string[];
  /**
   * Those of `names` whose failed check the App queued for `/truss verify` (its request id says so):
   * run again as a verify, never with the contract's executor. The Action's checks name no mode.
   */
  verify: string[];
  /** Failed contract ids whose file was not found at the trusted ref (renamed or removed since). */
  missing: string[];
}

/** The contracts to re-run for `/truss run failed` on `headSha` (see the module comment). */
export async function failedContracts(options: {
  octokit: Octokit;
  repo: RepoRef;
  headSha: string;
  /** The pull request asking: checks the App queued for another one on the same head do not count. */
  prNumber: number;
  /** The logins Truss posts as: only checks their apps created count (own-comment.ts isOwnApp). */
  authors: TrussAuthors;
  /** Where contracts are read to map ids to files (the PR base, or the default branch). */
  ref: string;
}): Promise<FailedContracts> {
  const { octokit, repo } = options;
  // A skip or a stopped run is no verdict: one completed over a FAIL must not hide it. A run that
  // ended without one (`RUN FAILED`: cancelled, crashed after it started) is stopped as surely as
  // one whose check says it could not finish.
  const newest = await newestTrussChecks(
    { octokit, repo, headSha: options.headSha, prNumber: options.prNumber, authors: options.authors },
    (run) =>
      run.name !== HUMAN_REVIEW_CHECK &&
      (run.status !== 'completed' ||
        (run.conclusion !== 'skipped' && !NO_VERDICT.has(verdictInTitle(run.outputTitle)))),
  );
  const names = new Set<string>();
  const verify = new Set<string>();
  const unmapped = new Set<string>();
  for (const [checkName, run] of newest) {
    const verdict = run.status === 'completed' ? verdictInTitle(run.outputTitle) : null;
    if (verdict === null || !RERUN.has(verdict)) continue;
    const requested = decodeRunRequestId(run.externalId);
    if (requested) {
      names.add(requested.n);
      if (requested.m === 'verify') verify.add(requested.n);
    } else unmapped.add(checkName.slice(CHECK_PREFIX.length));
  }
  const missing: string[] = [];
  if (names.size === 0 && unmapped.size === 0) return { names: [], verify: [], missing };
  // A contract named by a request id may have been renamed or removed on the base since: dispatched,
  // its run would only fail there, so it is named in the reply like an id no file has any more.
  const available = await listContractNames({ octokit, repo, ref: options.ref });
  for (const name of names)
    if (!available.includes(name)) {
      names.delete(name);
      missing.push(name);
    }
  if (unmapped.size > 0) {
    const byId = await contractFilesById(octokit, repo, options.ref, available);
    for (const id of unmapped) {
      const file = byId.get(id);
      if (file) names.add(file);
      else missing.push(id);
    }
  }
  // A name also mapped from an Action check (no mode) runs as a run: only a verify request is kept as one.
  const sorted = [...names].sort();
  return { names: sorted, verify: sorted.filter((name) => verify.has(name)), missing: missing.sort() };
}

/**
 * The newest `truss / …` check of each name on a head that Truss made for pull request `prNumber`
 * and `keep` accepts. A lookalike (a fork's own job named `truss / lint`, another installed App's
 * check carrying Truss's external_id) must not hide or fake a verdict, nor may a check queued for
 * another pull request that shares this head (trussCheckFor).
 */
export async function newestTrussChecks(
  head: { octokit: Octokit; repo: RepoRef; headSha: string; prNumber: number; authors: TrussAuthors },
  keep: (run: FoundCheckRun) => boolean = () => true,
): Promise<Map<string, FoundCheckRun>> {
  const runs = await findCheckRuns({ octokit: head.octokit, ...head.repo, ref: head.headSha });
  const newest = new Map<string, FoundCheckRun>();
  for (const run of runs) {
    if (
      !run.name.startsWith(CHECK_PREFIX) ||
      !trussCheckFor(run.externalId, head.prNumber) ||
      !isOwnApp(run.app, head.authors) ||
      !keep(run)
    )
      continue;
    const seen = newest.get(run.name);
    if (!seen || newerThan(run, seen)) newest.set(run.name, run);
  }
  return newest;
}

/** Check runs are listed newest first, but a re-created run can tie: compare start times, then ids. */
function newerThan(a: { id: number; startedAt: string | null }, b: { id: number; startedAt: string | null }) {
  const at = Date.parse(a.startedAt ?? '') || 0;
  const bt = Date.parse(b.startedAt ?? '') || 0;
  return at !== bt ? at > bt : a.id > b.id;
}
