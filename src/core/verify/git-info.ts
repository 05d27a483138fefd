import type { PayloadOf } from '../ledger/entry-kinds.js';
import { type GitQuestion, runHarnessGits } from '../process/git-batch.js';
import { damagedObjectMessage, objectDamage } from '../process/git-object-damage.js';
import {
  checkHarnessGit,
  type GitOutput,
  type HarnessGitOptions,
  runHarnessGit,
} from '../process/git-safety.js';
import { missingBaseAdvice } from './base-advice.js';
import { GitRefError } from './errors.js';

export interface GitInfo {
  repo: string | null;
  base_ref: string | null;
  base_sha: string | null;
  head_sha: string | null;
  /** True when the working tree differs from HEAD (tracked changes or untracked files). */
  dirty: boolean;
}

/** The git facts `run_started` signed, as GitInfo (fields a ledger does not carry read as null). */
export function recordedGitInfo(git: PayloadOf<'run_started'>['git']): GitInfo | null {
  if (!git) return null;
  return {
    repo: git.repo ?? null,
    base_ref: git.base_ref ?? null,
    base_sha: git.base_sha ?? null,
    head_sha: git.head_sha ?? null,
    dirty: git.dirty ?? false,
  };
}

/** The branches whose merge base with HEAD is the diff's base when no `--base` is given, first found first. */
export const DEFAULT_BRANCH_CANDIDATES: readonly string[] = Object.freeze([
  'origin/HEAD',
  'origin/main',
  'origin/master',
  'main',
  'master',
]);

/**
 * What a host already asked git for the same workdir, with nothing run since that could have changed
 * it (docs/performance.md, "What the action adds"): those questions are not asked again.
 */
export interface KnownGitFacts {
  /** `baseRef` is known to name this commit (the Action fetched or found it by its SHA). */
  baseSha?: string;
  /** {@link askCommits} of {@link DEFAULT_BRANCH_CANDIDATES}, in that order, when no `baseRef` is given. */
  branchTips?: readonly (string | null)[];
  /**
   * The host's own git in `workdir` passed the safe path's refusals (checkHarnessGit) and nothing of
   * the judged work has run since: the walk of `.git` and the config check are not made again.
   */
  checkedBefore?: boolean;
}

/**
 * The commits `refs` name (`<ref>^{commit}`), in one git start: null for a ref that names none, and
 * every answer null when git could not answer (outside a repository). A ref is one line of git's
 * input, so none may hold a newline; the callers pass SHAs they checked or names of their own.
 */
export async function askCommits(
  workdir: string,
  refs: readonly string[],
  options: Pick<HarnessGitOptions, 'checkedBefore'> = {},
): Promise<(string | null)[]> {
  const { args, input } = commitsQuestion(refs);
  return commitsAnswer(refs, await runHarnessGit(workdir, args, { ...options, input }));
}

/** {@link askCommits}'s git, for a batch. */
function commitsQuestion(refs: readonly string[]): GitQuestion {
  return {
    args: ['cat-file', '--batch-check=%(objectname)'],
    input: refs.map((ref) => `${ref}^{commit}\n`).join(''),
  };
}

/** What {@link commitsQuestion}'s git printed, one answer per ref. */
function commitsAnswer(refs: readonly string[], { stdout }: GitOutput): (string | null)[] {
  // One line per question: the commit's name, or "<question> missing".
  const lines = stdout.split('\n');
  return refs.map((_, i) => {
    const line = lines[i]?.trim() ?? '';
    return /^[0-9a-f]{40,64}$/.test(line) ? line : null;
  });
}

/**
 * What the verdict is about: the repository, the base the diff starts from (`--base`, else the merge
 * base with the default branch) and the head commit. Null when the workdir is not a git repository.
 */
export async function readGitInfo(
  workdir: string,
  baseRef?: string,
  known: KnownGitFacts = {},
): Promise<GitInfo | null> {
  const git = (args: readonly string[]) =>
    runHarnessGit(workdir, args, { checkedBefore: known.checkedBefore === true });
  // Asked side by side, in one batch (git-batch.ts: one start of a small shell instead of three of
  // this process): whether this is a work tree, its HEAD and whether it is dirty (one status), the
  // remote, and the base: the explicit one, or which of the default branch candidates exist (one
  // cat-file for all five). Fewer when the host already knows the base. `--no-ahead-behind`: the
  // branch header without walking history to count commits to upstream. One scan of the safe path
  // (the walk of `.git`, the config check) right before serves them all: nothing can run between it
  // and their start. The merge-base below, started once they answered, is scanned on its own.
  if (!known.checkedBefore) checkHarnessGit(workdir, ['status']);
  const explicitBase: GitQuestion | null =
    baseRef && !known.baseSha ? { args: ['rev-parse', '--verify', '--quiet', `${baseRef}^{commit}`] } : null;
  const tips = baseRef || known.branchTips ? null : commitsQuestion(DEFAULT_BRANCH_CANDIDATES);
  const questions: GitQuestion[] = [
    { args: ['status', '--porcelain=v2', '--branch', '--no-ahead-behind', '-u'] },
    { args: ['remote', 'get-url', 'origin'] },
  ];
  const baseAt = explicitBase ? questions.push(explicitBase) - 1 : -1;
  const tipsAt = tips ? questions.push(tips) - 1 : -1;
  const answers = await runHarnessGits(workdir, questions, { checkedBefore: true });
  const [status, remote] = answers as [GitOutput, GitOutput];
  const baseSha = baseAt >= 0 ? revParsed(answers[baseAt] as GitOutput) : (known.baseSha ?? null);
  const tipShas =
    tipsAt >= 0
      ? commitsAnswer(DEFAULT_BRANCH_CANDIDATES, answers[tipsAt] as GitOutput)
      : (known.branchTips ?? null);
  // A damaged object is present, not missing: said as such, never read as "no repository" or "no
  // such base" (fetching does not replace it), nor passed over for another base.
  refuseDamaged(workdir, 'HEAD (a commit or file git status read)', status);
  if (baseAt >= 0) refuseDamaged(workdir, `--base ${baseRef}`, answers[baseAt] as GitOutput);
  if (tipsAt >= 0)
    refuseDamaged(
      workdir,
      `the default branch (one of ${DEFAULT_BRANCH_CANDIDATES.join(', ')})`,
      answers[tipsAt] as GitOutput,
    );
  // Outside a work tree (no repository, a bare one, inside .git) status fails.
  if (status.code !== 0) return null;
  const head = statusHead(status.stdout);
  let base: { ref: string; sha: string } | null = null;
  if (baseRef) {
    if (!baseSha) {
      const hasOrigin = remote.code === 0 && remote.stdout.trim() !== '';
      const advice = await missingBaseAdvice(git, baseRef, hasOrigin);
      throw new GitRefError(`--base ${baseRef} is not a commit in ${workdir}; ${advice}`);
    }
    base = { ref: baseRef, sha: baseSha };
  } else if (tipShas && head) {
    for (const [i, candidate] of DEFAULT_BRANCH_CANDIDATES.entries()) {
      const tip = tipShas[i];
      if (!tip) continue;
      const mergeBase = await git(['merge-base', 'HEAD', tip]);
      refuseDamaged(workdir, `the history of HEAD and the default branch ${candidate}`, mergeBase);
      if (mergeBase.code === 0 && mergeBase.stdout.trim()) {
        base = { ref: candidate, sha: mergeBase.stdout.trim() };
        break;
      }
    }
  }
  return {
    repo: remote.code === 0 && remote.stdout.trim() ? redactUrl(remote.stdout.trim()) : null,
    base_ref: base?.ref ?? null,
    base_sha: base?.sha ?? null,
    head_sha: head,
    dirty: status.stdout.split('\n').some((line) => line !== '' && !line.startsWith('# ')),
  };
}

/** Throws GitRefError saying what is damaged and what to do when `output`'s errors report a damaged object. */
function refuseDamaged(workdir: string, what: string, output: GitOutput): void {
  const damage = objectDamage(output.stderr);
  if (damage) throw new GitRefError(damagedObjectMessage(what, workdir, damage));
}

/** HEAD's commit from `status --porcelain=v2 --branch` (`# branch.oid (initial)` before the first commit). */
function statusHead(porcelain: string): string | null {
  const oid = /^# branch\.oid ([0-9a-f]{40,64})$/m.exec(porcelain);
  return oid ? (oid[1] as string) : null;
}

/** The commit `rev-parse --verify --quiet` printed, or null. */
function revParsed(output: GitOutput): string | null {
  return output.code === 0 && output.stdout.trim() ? output.stdout.trim() : null;
}

/** Remote URLs can embed tokens (https://x-access-token:…@github.com/…); they never reach the journal. */
export function redactUrl(url: string): string {
  return url.replace(/^(\w+:\/\/)[^/@]+@/, '$1');
}
