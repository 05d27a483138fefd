import type { GitOutput } from '../process/git-safety.js';

/**
 * What to do about a `--base` that names no commit of the workdir's repository (docs/cli.md,
 * `truss run`), as advice that works when followed: `git fetch origin main` leaves no `main` to
 * name (it updates `origin/main`, and in a single-branch clone such as a CI checkout not even that),
 * `git fetch origin origin/main` and `git fetch origin HEAD~2` are refused by git, and in a shallow
 * clone the missing commit is history to deepen, not a ref to fetch.
 */
export async function missingBaseAdvice(
  git: (args: readonly string[]) => Promise<GitOutput>,
  baseRef: string,
  hasOrigin: boolean,
): Promise<string> {
  const shallow = (await git(['rev-parse', '--is-shallow-repository'])).stdout.trim() === 'true';
  if (/^[0-9a-f]{40}$|^[0-9a-f]{64}$/i.test(baseRef)) {
    return hasOrigin
      ? `fetch it first (git fetch origin ${baseRef})`
      : 'the repository has no origin remote to fetch it from; fetch it from where it was made';
  }
  const branch = baseRef.startsWith('origin/') ? baseRef.slice('origin/'.length) : baseRef;
  // A revision expression (HEAD~2, main^, @{u}), or something no branch can be called.
  if (!isBranchName(branch)) {
    return shallow
      ? 'this clone is shallow, so older history is not in it: fetch more of it (git fetch --deepen=50, or git fetch --unshallow) and run again'
      : `no commit answers to it (git rev-parse --verify '${baseRef}^{commit}' says the same); name a branch, tag or commit`;
  }
  if (!hasOrigin)
    return 'no branch, tag or commit is called that, and the repository has no origin remote to fetch it from';
  if (branch === baseRef) {
    const remote = await git(['rev-parse', '--verify', '--quiet', `refs/remotes/origin/${branch}^{commit}`]);
    if (remote.code === 0 && remote.stdout.trim())
      return `there is no local branch ${branch}, but there is origin/${branch}: pass --base origin/${branch}`;
  }
  return `fetch it first (git fetch origin ${branch}:refs/remotes/origin/${branch}), then pass --base origin/${branch}`;
}

/** A name `git check-ref-format --branch` would accept, short of asking it: no revision syntax. */
function isBranchName(name: string): boolean {
  return (
    /^[A-Za-z0-9._/-]+$/.test(name) &&
    !/(^|\/)\.|\.\.|\/\/|\/$|\.lock$|^-|^HEAD$|^@$/.test(name) &&
    !name.endsWith('.')
  );
}
