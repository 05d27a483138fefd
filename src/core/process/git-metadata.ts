import { existsSync, lstatSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { removeUntrustedEntrySync } from './remove-tree.js';

/**
 * What of a working copy's git directory the sandboxes keep untrusted processes from changing
 * (docs/security.md, "Git metadata"): the repository's config decides which commands git runs
 * (`filter.*.clean`, `diff.*.textconv`, `core.fsmonitor`, hooks), and the harness runs git on the
 * same working copy — during this run and the next. Objects, refs and the index stay writable, so an
 * agent can still commit.
 */
export interface GitMetadataGuard {
  /** Git directories bound onto themselves: a mount point cannot be renamed or replaced. */
  pinned: string[];
  /** Made read-only: `config`, `hooks/`, `info/` (attributes), `modules/`, and a `.git` file. */
  readOnly: string[];
}

const GUARDED_ENTRIES = ['config', 'hooks', 'info', 'modules'];
/** Created when missing, so an untrusted process cannot create them (git itself makes both on init). */
const CREATED_ENTRIES = ['hooks', 'info'];

function kindOf(path: string): 'dir' | 'file' | null {
  try {
    const stat = lstatSync(path);
    if (stat.isDirectory()) return 'dir';
    return stat.isFile() ? 'file' : null;
  } catch {
    return null;
  }
}

/**
 * The guard for `workdirs` (real paths), read before any untrusted process runs there. A working
 * copy that is not a git repository, or whose `.git` is a symbolic link, gets nothing.
 */
export function gitMetadataGuard(workdirs: readonly string[]): GitMetadataGuard {
  const guard: GitMetadataGuard = { pinned: [], readOnly: [] };
  for (const workdir of workdirs) {
    const gitPath = join(workdir, '.git');
    const kind = kindOf(gitPath);
    if (kind === 'file') {
      // A linked worktree or submodule: the pointer to its git directory is what must not change.
      guard.readOnly.push(gitPath);
      continue;
    }
    if (kind !== 'dir') continue;
    for (const entry of CREATED_ENTRIES) {
      try {
        mkdirSync(join(gitPath, entry));
      } catch {}
    }
    guard.pinned.push(gitPath);
    for (const entry of GUARDED_ENTRIES) {
      const path = join(gitPath, entry);
      // A symlinked config (a dotfiles manager's) is bound by its target, read-only all the same.
      if (existsSync(path)) guard.readOnly.push(path);
    }
  }
  return guard;
}

/**
 * The git directory the harness's own git must use for `cwd`: the nearest `.git` directory above it,
 * named outright (`GIT_DIR`, `GIT_COMMON_DIR`, `GIT_WORK_TREE`) so that git follows no `commondir`
 * file an untrusted process may have planted in it — git writes one only into a linked worktree's
 * admin directory, never into a repository's own `.git`. Empty where `.git` is a file (a linked
 * worktree: its pointer is read-only to the sandbox), where it belongs to another user (`uid`, the
 * harness's own by default), inside the git directory, or outside any repository.
 */
export function pinnedGitEnv(cwd: string, uid = process.getuid?.()): Record<string, string> {
  for (let dir = cwd; ; dir = dirname(dir)) {
    const gitPath = join(dir, '.git');
    const kind = kindOf(gitPath);
    if (kind === 'dir') {
      // Inside the git directory itself there is no work tree: git answers that on its own.
      if (cwd === gitPath || cwd.startsWith(`${gitPath}/`)) return {};
      // Named outright, git skips its own ownership check ("dubious ownership"): a .git another
      // user made — the uid sandbox, in a working copy that was no repository — stays refused.
      if (uid !== undefined && lstatSync(gitPath).uid !== uid) return {};
      return { GIT_DIR: gitPath, GIT_COMMON_DIR: gitPath, GIT_WORK_TREE: dir };
    }
    if (kind === 'file' || dirname(dir) === dir) return {};
  }
}

/**
 * Removes a `commondir` an untrusted process left in a pinned git directory, after each of its
 * processes ends. The harness's git ignores it ({@link pinnedGitEnv}), but the user's own git would
 * follow it to a repository — and a config — the sandbox wrote.
 */
export function sweepPlantedGitFiles(guard: GitMetadataGuard | undefined, env: Record<string, string>): void {
  for (const gitDir of guard?.pinned ?? []) removeUntrustedEntrySync(join(gitDir, 'commondir'), env);
}

/**
 * The guards of the working copies a run added after its isolation was made (a clean room, a
 * fan-out attempt's copy), each read when it is added and dropped when it is removed.
 */
export class AddedGitGuards {
  readonly #byDir = new Map<string, GitMetadataGuard>();

  add(dir: string): void {
    this.#byDir.set(dir, gitMetadataGuard([dir]));
  }

  remove(dir: string): void {
    this.#byDir.delete(dir);
  }

  /** Every guard in force: the isolation's own, then those of the added working copies. */
  with(base: GitMetadataGuard | undefined): GitMetadataGuard {
    const guards = [...(base ? [base] : []), ...this.#byDir.values()];
    return { pinned: guards.flatMap((g) => g.pinned), readOnly: guards.flatMap((g) => g.readOnly) };
  }

  /** Only the added ones. */
  get added(): GitMetadataGuard {
    return this.with(undefined);
  }

  /** The guard of one added working copy (empty when it was not added). */
  only(dir: string): GitMetadataGuard {
    return this.#byDir.get(dir) ?? { pinned: [], readOnly: [] };
  }
}
