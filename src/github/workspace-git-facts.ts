import { askCommits, DEFAULT_BRANCH_CANDIDATES, type GitInfo, readGitInfo } from '../core/verify/index.js';
import { type GitConfigSetting, listGitConfig } from './git-config-listing.js';
import { hasOriginRemote } from './origin-remote.js';
import { persistedCredentials } from './persisted-credentials.js';
import { recordedParents } from './recorded-parents.js';

const COMMIT = /^[0-9a-f]{40}$/;

/**
 * What a run on GitHub asks git about its checkout before the first check, each question asked once
 * and shared by every step that needs the answer (docs/performance.md, "What the action adds"): the
 * commits (HEAD, the pull request's base, the default branch candidates: one `cat-file`) and the
 * configuration (one listing: the `origin` remote, stored credentials). Each git start costs
 * milliseconds, and the steps asked the same things: the head check and the base fetch, the run's
 * signed git facts; the fetch's remote check and the credentials check.
 *
 * The answers stand only while nothing but the harness has touched the checkout: a check (the code
 * being judged) can rewrite `.git/config` or move refs, so whoever runs one stops using these
 * (run-and-report.ts gives them to the first contract that runs, never to the next). The harness's
 * own steps say what they change: a checkout ({@link checkedOut}) and a fetch ({@link fetched}).
 */
export class WorkspaceGitFacts {
  private tips: readonly (string | null)[] | undefined;
  private listed: Promise<GitConfigSetting[]> | undefined;
  private recorded: Promise<string[]> | undefined;
  /**
   * The first question's git passed the safe path's refusals (a hazard in `.git`, a config the work
   * can write), and only the harness has touched the checkout since: the questions after it skip
   * that scan (HarnessGitOptions.checkedBefore). A fetch from the configured remote writes objects
   * and refs, never a FIFO or a config; a checkout writes the pull request's files, so it is
   * scanned again after one, conservatively (the work tree is never in `.git`, and an include from
   * the work tree is refused whatever it holds).
   */
  private checked = true;

  private constructor(
    readonly workdir: string,
    /** HEAD's commit; null outside a repository or before its first commit. */
    public head: string | null,
    /** The base commit asked about: the payload's, when it is a full SHA. */
    readonly base: string | null,
    /** Whether {@link base} is a commit in the checkout (found at first, or fetched and found). */
    public hasBase: boolean,
    tips: readonly (string | null)[],
    /**
     * HEAD's first and second parents as the checkout's history shows them; empty when it shows
     * none (a one-commit checkout's history ends at HEAD, and a root commit has none) or when HEAD
     * moved since they were asked.
     */
    public headParents: readonly string[],
  ) {
    this.tips = tips;
  }

  /**
   * HEAD, the base and the default branch candidates in one git start. Through the safe path like
   * every harness git (src/core/process/git-safety.ts): a refused git fails the run rather than
   * reading as "no commit".
   */
  static async ask(workdir: string, baseSha: string | null): Promise<WorkspaceGitFacts> {
    // Only a full SHA reaches git's input: a line of the payload's own could ask for another object.
    const base = baseSha !== null && COMMIT.test(baseSha) ? baseSha : null;
    const [head = null, first = null, second = null, ...rest] = await askCommits(workdir, [
      'HEAD',
      'HEAD^1',
      'HEAD^2',
      ...(base ? [base] : []),
      ...DEFAULT_BRANCH_CANDIDATES,
    ]);
    const found = base ? rest.shift() : null;
    return new WorkspaceGitFacts(
      workdir,
      head !== null && COMMIT.test(head) ? head : null,
      base,
      base !== null && found === base,
      rest,
      [first, second].filter((parent): parent is string => parent !== null && COMMIT.test(parent)),
    );
  }

  /**
   * HEAD's parents: as the batch found them, else as its commit names them (a one-commit checkout
   * shows git none), read once until HEAD moves.
   */
  parentsOfHead(): Promise<readonly string[]> {
    if (this.headParents.length > 0 || !this.head) return Promise.resolve(this.headParents);
    this.recorded ??= recordedParents(this.workdir, this.head);
    return this.recorded;
  }

  /** The configuration, listed once (until a checkout). */
  config(): Promise<GitConfigSetting[]> {
    this.listed ??= listGitConfig(this.workdir, undefined, this.checked);
    return this.listed;
  }

  /** origin-remote.ts's question, answered from {@link config}. */
  hasOriginRemote(): Promise<boolean> {
    return hasOriginRemote(this.workdir, this.config());
  }

  /** persisted-credentials.ts's question, answered from {@link config}. */
  persistedCredentials(): Promise<string[]> {
    const listed = this.config();
    return persistedCredentials(this.workdir, undefined, listed);
  }

  /** The git facts the run signs (readGitInfo), without asking again what is known. */
  gitInfo(baseRef?: string): Promise<GitInfo | null> {
    return readGitInfo(this.workdir, baseRef, {
      ...(baseRef !== undefined && baseRef === this.base && this.hasBase ? { baseSha: baseRef } : {}),
      ...(this.tips ? { branchTips: this.tips } : {}),
      checkedBefore: this.checked,
    });
  }

  /**
   * A fetch ran: refs may have moved (`origin/HEAD` among them), so the candidates are asked again;
   * commits already there stay, and the configuration is not a fetch's to change.
   */
  fetched(): void {
    this.tips = undefined;
  }

  /**
   * HEAD was checked out at `head`: besides what a fetch changes, a configuration included on a
   * condition of the branch (`includeIf "onbranch:…"`) may read differently, and HEAD's parents are
   * no longer known.
   */
  checkedOut(head: string): void {
    this.head = head;
    this.headParents = [];
    this.recorded = undefined;
    this.tips = undefined;
    this.listed = undefined;
    this.checked = false;
  }
}
