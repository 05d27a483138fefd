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
  const git = (args: readonly string[]) => runHarnessGit(workdir, args);
  // The four questions are independent: asked side by side, they cost one git start, not four in turn.
  const [isRepo, head, status, remote] = await Promise.all([
    git(['rev-parse', '--is-inside-work-tree']),
    revParse(workdir, 'HEAD'),
    git(['status', '--porcelain', '-u']),
    git(['remote', 'get-url', 'origin']),
  ]);
  if (isRepo.code !== 0 || isRepo.stdout.trim() !== 'true') return null;
  let base: { ref: string; sha: string } | null = null;
  if (baseRef) {
    const sha = await revParse(workdir, `${baseRef}^{commit}`);
    if (!sha)
      throw new GitRefError(
        `--base ${baseRef} is not a commit in ${workdir}; fetch it first (git fetch origin ${baseRef})`,
      );
    base = { ref: baseRef, sha };
  } else if (head) {
    for (const candidate of DEFAULT_BRANCH_CANDIDATES) {
      const tip = await revParse(workdir, `${candidate}^{commit}`);
      if (!tip) continue;
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
    dirty: status.code === 0 ? status.stdout.trim() !== '' : false,
  };
}

async function revParse(workdir: string, ref: string): Promise<string | null> {
  const { code, stdout } = await runHarnessGit(workdir, ['rev-parse', '--verify', '--quiet', ref]);
  return code === 0 && stdout.trim() ? stdout.trim() : null;
}

/** Remote URLs can embed tokens (https://x-access-token:…@github.com/…); they never reach the journal. */
export function redactUrl(url: string): string {
  return url.replace(/^(\w+:\/\/)[^/@]+@/, '$1');
}
