import { runHarnessGit } from '../core/process/index.js';

/** How long listing a working copy's configuration may take: a slower git is a failure, never "none". */
export const CONFIG_TIMEOUT_MS = 10_000;

/** One setting of a working copy's git configuration, as `git config --show-origin` names it. */
export interface GitConfigSetting {
  /** Where git read it: `file:<path>` (relative to the workdir for the repository's own), `command line:`… */
  origin: string;
  /** Section and name lowercased, a subsection as written (`remote.origin.url`). */
  key: string;
  /** '' for a name without `=`. */
  value: string;
}

/**
 * Every setting git reads in `workdir`, in git's order, in one git start: the Action asks several
 * questions of the same configuration before its first check (is there an `origin` remote, does the
 * working copy store a credential) and each git start costs milliseconds (docs/performance.md, "What
 * the action adds"). Through the safe path (src/core/process/git-safety.ts): a git it refuses (a
 * FIFO in .git, a config the work can write) rejects, for the caller to fail closed; no repository,
 * or no setting at all, lists nothing (git's non-zero exit).
 */
export async function listGitConfig(
  workdir: string,
  timeoutMs = CONFIG_TIMEOUT_MS,
  /** HarnessGitOptions.checkedBefore: the host's own git passed the refusals, nothing ran since. */
  checkedBefore = false,
): Promise<GitConfigSetting[]> {
  const { code, stdout } = await runHarnessGit(
    workdir,
    ['config', '--show-origin', '--null', '--get-regexp', '.'],
    { timeoutMs, checkedBefore },
  );
  if (code !== 0) return [];
  // --null: `origin NUL key LF value NUL`, repeated; a name without `=` has no LF.
  const fields = stdout.split('\0');
  const settings: GitConfigSetting[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const origin = fields[i] ?? '';
    const entry = fields[i + 1] ?? '';
    const newline = entry.indexOf('\n');
    settings.push({
      origin,
      key: newline === -1 ? entry : entry.slice(0, newline),
      value: newline === -1 ? '' : entry.slice(newline + 1),
    });
  }
  return settings;
}
