import type { PayloadOf } from '../ledger/entry-kinds.js';
import { runHarnessGit } from '../process/git-safety.js';
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

const DEFAULT_BRANCH_CANDIDATES = ['origin/HEAD', 'origin/main', 'origin/master', 'main', 'master'];

/**
 * What the verdict is about: the repository, the base the diff starts from (`--base`, else the merge
 * base with the default branch) and the head commit. Null when the workdir is not a git repository.
 */
export async function readGitInfo(workdir: string, baseRef?: string): Promise<GitInfo | null> {
  const git = (args: readonly string[], input?: string) =>
    runHarnessGit(workdir, args, input === undefined ? {} : { input });
  // Asked side by side, in three git starts: whether this is a work tree, its HEAD and whether it
  // is dirty (one status), the remote, and the base: the explicit one, or which of the default
  // branch candidates exist (one cat-file for all five; a branch name never holds a newline).
  // `--no-ahead-behind`: the branch header without walking history to count commits to upstream.
  const [status, remote, explicitBase, tips] = await Promise.all([
    git(['status', '--porcelain=v2', '--branch', '--no-ahead-behind', '-u']),
    git(['remote', 'get-url', 'origin']),
    baseRef ? revParse(workdir, `${baseRef}^{commit}`) : null,
    baseRef
      ? null
      : git(
          ['cat-file', '--batch-check=%(objectname)'],
          DEFAULT_BRANCH_CANDIDATES.map((ref) => `${ref}^{commit}\n`).join(''),
        ),
  ]);
  // Outside a work tree (no repository, a bare one, inside .git) status fails.
  if (status.code !== 0) return null;
  const head = statusHead(status.stdout);
  let base: { ref: string; sha: string } | null = null;
  if (baseRef) {
    if (!explicitBase)
      throw new GitRefError(
        `--base ${baseRef} is not a commit in ${workdir}; fetch it first (git fetch origin ${baseRef})`,
      );
    base = { ref: baseRef, sha: explicitBase };
  } else if (tips && head) {
    const answers = tips.stdout.split('\n');
    for (const [i, candidate] of DEFAULT_BRANCH_CANDIDATES.entries()) {
      const tip = answers[i]?.trim() ?? '';
      if (!/^[0-9a-f]{40,64}$/.test(tip)) continue; // "<name> missing"
      const mergeBase = await git(['merge-base', 'HEAD', tip]);
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

/** HEAD's commit from `status --porcelain=v2 --branch` (`# branch.oid (initial)` before the first commit). */
function statusHead(porcelain: string): string | null {
  const oid = /^# branch\.oid ([0-9a-f]{40,64})$/m.exec(porcelain);
  return oid ? (oid[1] as string) : null;
}

async function revParse(workdir: string, ref: string): Promise<string | null> {
  const { code, stdout } = await runHarnessGit(workdir, ['rev-parse', '--verify', '--quiet', ref]);
  return code === 0 && stdout.trim() ? stdout.trim() : null;
}

/** Remote URLs can embed tokens (https://x-access-token:…@github.com/…); they never reach the journal. */
export function redactUrl(url: string): string {
  return url.replace(/^(\w+:\/\/)[^/@]+@/, '$1');
}
