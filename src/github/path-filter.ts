/**
 * "Run only what a change touches" on GitHub (docs/contracts.md): the pull request's changed files
 * (one paginated listing, fetched only when some contract has a `[contract] paths` /
 * `paths_ignore` filter), the decision (core's `decidePathFilter`), and the `skipped` check run
 * that stands in for a contract that was not run, so a required check does not block the PR.
 */
import {
  type ChangedPath,
  CONTRACTS_DIR,
  type ContractFile,
  decidePathFilter,
  type PathFilter,
} from '../core/contract/index.js';
import { type CheckRunRef, findCheckRuns, skipCheckRun } from './check-runs.js';
import { isTrussCheckId } from './external-id.js';
import type { Octokit } from './octokit.js';
import { codeSpan } from './render/index.js';
import type { RepoRef } from './repo-contracts.js';
import { readRepoFile } from './repo-files.js';
import { parseContractToml } from './settings.js';

/** GET /pulls/{n}/files lists at most this many files; a longer change is never skipped. */
export const MAX_LISTED_FILES = 3000;

/**
 * The changed files of a change, fetched at most once, each marked when it may be a submodule
 * (core's ChangedPath); null when they cannot be known in full.
 */
export type ChangedFiles = () => Promise<readonly ChangedPath[] | null>;

/** A line of a patch that adds or removes a gitlink: how git and GitHub show a submodule's commit. */
const SUBPROJECT_LINE = /^[-+]Subproject commit /;

/**
 * Whether a listed file may be a submodule (a gitlink). GitHub lists one as the bare path of a
 * directory whose contents changed, with a patch of `Subproject commit <sha>` lines only
 * (`@@ -1 +1 @@\n-Subproject commit …\n+Subproject commit …`; the `+` line alone when added, the `-`
 * line alone when removed). Failing closed, an entry may be one when any changed line of its patch
 * has that form (a file replaced by a submodule shows both kinds; a text file that merely holds such
 * a line only runs more contracts), and when it has no patch or no changed line in it: binary, too
 * large to show, a rename without changes — unknown. Only a patch whose changed lines are all text
 * proves an ordinary file.
 */
export function mayBeGitlink(file: { patch?: string | undefined }): boolean {
  const changed = (file.patch ?? '').split('\n').filter((line) => /^[-+]/.test(line));
  return changed.length === 0 || changed.some((line) => SUBPROJECT_LINE.test(line));
}

/**
 * Every path a pull request changes at `headSha` — for a rename both the old and the new name, so
 * moving a file out of a filtered directory still counts — or null when they cannot be known in
 * full: GitHub lists no more than its limit, or the head moved while they were listed (the listing
 * names no commit, so it may be another head's; deciding a skip from it would fail open). A path
 * that may be a submodule ({@link mayBeGitlink}) is marked `mayBeDirectory`, under both names.
 */
export async function pullRequestChangedFiles(
  octokit: Octokit,
  repo: RepoRef,
  prNumber: number,
  headSha: string,
): Promise<Array<{ path: string; mayBeDirectory: boolean }> | null> {
  const files = await listPullRequestFiles(octokit, repo, prNumber);
  if (files.length >= MAX_LISTED_FILES) return null;
  // Every listed file must be the head's, and at least one must say so (listingCommits).
  const commits = files.map((file) => listingCommits(file, headSha));
  if (commits.includes('other') || !commits.includes('head')) return null;
  const { data: after } = await octokit.rest.pulls.get({ ...repo, pull_number: prNumber });
  if (after.head.sha !== headSha) return null;
  const paths = new Map<string, boolean>();
  for (const file of files) {
    const directory = mayBeGitlink(file);
    for (const name of [file.filename, file.previous_filename])
      if (name) paths.set(name, directory || paths.get(name) === true);
  }
  return [...paths].map(([path, mayBeDirectory]) => ({ path, mayBeDirectory }));
}

/**
 * Which commit a listed file says the listing was computed for: each entry links the file at the
 * commit GitHub computed the diff for (`blob_url` `/blob/<sha>/…`, `contents_url` `?ref=<sha>`).
 * Right after a push the listing can still be the previous head's while the pull request already
 * names the new one; a skip decided on it would fail open. So a listing counts only when no file
 * names another commit and at least one names the head: a removed file links the commit it was
 * removed from, and a file without links names none, so a listing of only those (or an empty one)
 * proves nothing and runs the contract (docs/contracts.md "Run only what a change touches").
 */
export function listingCommits(
  file: { status?: string; blob_url?: string; contents_url?: string },
  headSha: string,
): 'head' | 'other' | 'unknown' {
  if (file.status === 'removed') return 'unknown';
  const named = [
    /\/blob\/([0-9a-f]{40,64})\//.exec(file.blob_url ?? '')?.[1],
    /[?&]ref=([0-9a-f]{40,64})(?:&|$)/.exec(file.contents_url ?? '')?.[1],
  ].filter((sha) => sha !== undefined);
  if (named.some((sha) => sha !== headSha.toLowerCase())) return 'other';
  return named.length > 0 ? 'head' : 'unknown';
}

/** GET /pulls/{n}/files, every page: each file's name, old name (renames) and `patch` (absent for large or binary files). */
export async function listPullRequestFiles(
  octokit: Octokit,
  repo: RepoRef,
  prNumber: number,
): Promise<
  Array<{
    filename: string;
    previous_filename?: string;
    patch?: string;
    status?: string;
    blob_url?: string;
    contents_url?: string;
  }>
> {
  return octokit.paginate(octokit.rest.pulls.listFiles, { ...repo, pull_number: prNumber, per_page: 100 });
}

/** The pull request's changed files at `headSha`, listed on first use only (a run whose contracts set no filter asks nothing). */
export function lazyChangedFiles(
  octokit: Octokit,
  repo: RepoRef,
  prNumber: number,
  headSha: string,
): ChangedFiles {
  let listing: Promise<ChangedPath[] | null> | null = null;
  return () => {
    listing ??= pullRequestChangedFiles(octokit, repo, prNumber, headSha);
    return listing;
  };
}

/** Whether a contract section sets a path filter at all. */
export function hasPathFilter(section: PathFilter): boolean {
  return section.paths !== undefined || section.paths_ignore !== undefined;
}

/**
 * Why the contract is not run on this change, or null to run it. Unknown changed files (too many
 * to list) always run it: skipping is only ever decided on the full list.
 */
export async function pathSkipReason(
  section: PathFilter,
  changedFiles: ChangedFiles,
): Promise<string | null> {
  if (!hasPathFilter(section)) return null;
  const files = await changedFiles();
  if (files === null) return null;
  const decision = decidePathFilter(section, files);
  return decision.run ? null : decision.reason;
}

/**
 * Whether a `skipped` check for the contract on `headSha` would replace one Truss already put there.
 * GitHub judges a required check by the newest run of its name and counts `skipped` as passing, so a
 * skip completed after a verdict (a FAIL from an explicit `/truss run <name>`, which is never
 * skipped, or from a contract whose filter changed on the base since) would turn that head green;
 * so would a skip next to a run still queued or in progress. Such a contract is run instead. A
 * lookalike check (a fork's job of the same name) is not Truss's and does not count; `ownId` is the
 * check this very request queued. Unlike the readers that act on Truss's own checks, this one does
 * not ask which app made a check with Truss's external_id: a wrong "yes" only runs the contract
 * (a verdict, never a lost one), while a wrong "no" would let a skip replace a verdict a token of
 * another app wrote (the App's queued check, the workflow's own) and turn the head green.
 */
export async function skipWouldReplaceVerdict(
  options: SkipTarget & { contractId: string; contractName?: string | undefined },
): Promise<boolean> {
  // The App queues its check as `truss / <file name>` and the run renames it `truss / <id>` when it
  // starts: a skip created while it waits would be the newer check of that name once it is renamed.
  const names = new Set([options.contractId, options.contractName ?? options.contractId]);
  const runs: Awaited<ReturnType<typeof findCheckRuns>> = [];
  for (const name of names)
    runs.push(
      ...(await findCheckRuns({
        octokit: options.octokit,
        ...options.repo,
        ref: options.headSha,
        checkName: `truss / ${name}`,
      })),
    );
  return runs.some(
    (run) =>
      run.id !== options.ownId &&
      run.headSha === options.headSha &&
      isTrussCheckId(run.externalId) &&
      !(run.status === 'completed' && run.conclusion === 'skipped'),
  );
}

/** Where a skip would be reported: the head, and the check this very request queued (if any). */
export interface SkipTarget {
  octokit: Octokit;
  repo: RepoRef;
  headSha: string;
  ownId?: number | null;
}

/**
 * {@link pathSkipReason}, except that a skip which would replace a Truss check already on the head
 * ({@link skipWouldReplaceVerdict}) is not taken: the contract runs. Both hosts decide here; `target`
 * is null where no check runs are written, `changedFiles` undefined where nothing is filtered.
 */
export async function pathSkipOnHead(
  section: PathFilter & { id: string },
  changedFiles: ChangedFiles | undefined,
  target: (SkipTarget & { contractName?: string | undefined }) | null,
  log?: { info(line: string): void },
): Promise<string | null> {
  const reason = changedFiles ? await pathSkipReason(section, changedFiles) : null;
  if (reason === null || target === null) return reason;
  if (!(await skipWouldReplaceVerdict({ ...target, contractId: section.id }))) return reason;
  log?.info(
    `truss / ${section.id}: runs although ${reason}, because Truss already has a check of it on this head that a skip would replace`,
  );
  return null;
}

/**
 * The `truss / <id>` check run of a contract skipped by its path filter, completed `skipped`. Its
 * summary says how to run it anyway: `run <name>` with the file name, which the command reads
 * (`.truss/contracts/<name>.toml`); the id in the check's name is often another word.
 */
export async function reportSkippedContract(options: {
  octokit: Octokit;
  repo: RepoRef;
  contractId: string;
  /** The contract's file name without `.toml`: what `/truss run <name>` takes. */
  contractName: string;
  headSha: string;
  reason: string;
  trigger: string;
  existingId?: number | null;
  detailsUrl?: string | undefined;
  externalId?: string | undefined;
  dryRun: boolean;
}): Promise<CheckRunRef> {
  const { contractId } = options;
  return skipCheckRun({
    octokit: options.octokit,
    owner: options.repo.owner,
    repo: options.repo.repo,
    name: `truss / ${contractId}`,
    headSha: options.headSha,
    existingId: options.existingId ?? null,
    detailsUrl: options.detailsUrl,
    externalId: options.externalId,
    dryRun: options.dryRun,
    output: {
      title: 'Skipped: the change touches none of its paths',
      summary: [
        `**Not run:** ${codeSpan(options.reason)}.`,
        '',
        `The contract's \`[contract] paths\` / \`paths_ignore\` name the files that make it worth running; this change touches none of them, so there is no verdict and no ledger for this head. A required check counts \`skipped\` as passing. Comment \`${options.trigger} run ${options.contractName}\` to run it anyway.`,
      ].join('\n'),
    },
  });
}

/**
 * For a host that dispatches runs instead of running them (the App): reads the contract at `ref`
 * and says why the change does not run it, or null to run it (no filter, the change touches it, or
 * the file does not parse — then the dispatched run reports that error itself).
 */
export async function contractPathSkip(options: {
  octokit: Octokit;
  repo: RepoRef;
  ref: string;
  headSha: string;
  name: string;
  changedFiles: ChangedFiles;
}): Promise<{ contractId: string; reason: string } | null> {
  const path = `${CONTRACTS_DIR}/${options.name}.toml`;
  const text = await readRepoFile({ octokit: options.octokit, ...options.repo, path, ref: options.ref });
  if (text === null) return null;
  let section: ContractFile['contract'];
  try {
    section = parseContractToml(text, path).contract;
  } catch {
    return null;
  }
  const target = {
    octokit: options.octokit,
    repo: options.repo,
    headSha: options.headSha,
    contractName: options.name,
  };
  const reason = await pathSkipOnHead(section, options.changedFiles, target);
  return reason === null ? null : { contractId: section.id, reason };
}
