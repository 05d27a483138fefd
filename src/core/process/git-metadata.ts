import { closeSync, constants, existsSync, fchmodSync, lstatSync, mkdirSync, openSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { worktreeConfigOn } from './git-config-trust.js';
import { linkedCommonDir } from './git-linked-dirs.js';
import { linksUnder, removeSpecialFiles } from './git-special-files.js';
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
  /**
   * Made read-only: `config`, `config.worktree`, `hooks/`, `info/` (attributes), `modules/`,
   * `worktrees/`, and a `.git` file.
   */
  readOnly: string[];
  /**
   * Files git writes by opening the name, following a link in it (`COMMIT_EDITMSG`): bound onto
   * themselves, still writable, so no untrusted process can swap them for a link the harness's
   * `git commit` — or the user's — would write through.
   */
  pinnedFiles: string[];
  /**
   * Directories whose files git appends to by name (`logs/`, the reflogs): a private empty tmpfs in
   * the sandbox, so untrusted processes never touch the real ones, nor plant links in them.
   */
  privateDirs: string[];
  /**
   * Per git directory, the links anywhere in it when the guard was read (the user's own), by path
   * relative to it, with where each pointed: never swept while it still points there.
   */
  linksBefore: Record<string, Record<string, string>>;
  /**
   * The repositories of linked worktrees among the working copies, when they lie elsewhere
   * (git-linked-dirs.ts): shown read-only, so git works there and writes nothing git runs.
   */
  linked?: string[];
}

/**
 * `worktrees/` holds each linked worktree's admin directory: its `commondir` names the repository
 * (and so the config) git reads there, its `config.worktree` is read as config; the user's git in
 * that worktree reads both.
 */
const GUARDED_ENTRIES = ['config', 'config.worktree', 'hooks', 'info', 'modules', 'worktrees'];
/**
 * Git reads it beside `config` when `extensions.worktreeConfig` is on (`git sparse-checkout` turns it
 * on): made empty when missing then, so the sandbox cannot create it (git-config-trust.ts).
 */
const WORKTREE_CONFIG = 'config.worktree';
/** Created when missing, so an untrusted process cannot create them (git itself makes them on use). */
const CREATED_ENTRIES = ['hooks', 'info', 'logs'];
/** Written by every `git commit` with `fopen(…, "w")`: a link there is followed. */
const PINNED_FILE = 'COMMIT_EDITMSG';
/** Appended to by every ref update (`open(…, O_APPEND)`): a link anywhere inside is followed. */
const PRIVATE_DIR = 'logs';

function emptyGuard(): GitMetadataGuard {
  return { pinned: [], readOnly: [], pinnedFiles: [], privateDirs: [], linksBefore: {}, linked: [] };
}

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
export function gitMetadataGuard(
  workdirs: readonly string[],
  env: Record<string, string> = { PATH: '/usr/bin:/bin' },
): GitMetadataGuard {
  const guard = emptyGuard();
  for (const workdir of workdirs) {
    const gitPath = join(workdir, '.git');
    const kind = kindOf(gitPath);
    if (kind === 'file') {
      // A linked worktree or submodule: the pointer to its git directory is what must not change.
      guard.readOnly.push(gitPath);
      const common = linkedCommonDir(workdir);
      if (common !== null) guard.linked?.push(common);
      continue;
    }
    if (kind !== 'dir') continue;
    for (const entry of CREATED_ENTRIES) {
      try {
        mkdirSync(join(gitPath, entry));
      } catch {}
    }
    if (worktreeConfigOn(join(gitPath, 'config'))) {
      try {
        closeSync(
          openSync(
            join(gitPath, WORKTREE_CONFIG),
            constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL,
            0o644,
          ),
        );
      } catch {}
    }
    guard.pinned.push(gitPath);
    guard.pinnedFiles.push(freshEditMessage(gitPath, env));
    if (kindOf(join(gitPath, PRIVATE_DIR)) === 'dir') guard.privateDirs.push(join(gitPath, PRIVATE_DIR));
    guard.linksBefore[gitPath] = linksUnder(gitPath);
    for (const entry of GUARDED_ENTRIES) {
      const path = join(gitPath, entry);
      // A symlinked config (a dotfiles manager's) is bound by its target, read-only all the same.
      if (existsSync(path)) guard.readOnly.push(path);
    }
  }
  return guard;
}

/**
 * `COMMIT_EDITMSG` as an empty regular file of the harness's, group-writable (the grant's setgid
 * keeps the sandbox's group on it): what was there is git's scratch (the last message), and it may be
 * a link an earlier run's check planted. Made exclusively, never through a link.
 */
function freshEditMessage(gitPath: string, env: Record<string, string>): string {
  const path = join(gitPath, PINNED_FILE);
  removeUntrustedEntrySync(path, env);
  const fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o664);
  try {
    fchmodSync(fd, 0o664);
  } finally {
    closeSync(fd);
  }
  return path;
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
 * Removes what an untrusted process left in a pinned git directory, after each of its processes
 * ends: a `commondir` (the harness's git ignores it, {@link pinnedGitEnv}, but the user's own git
 * would follow it to a repository — and a config — the sandbox wrote), every symbolic link anywhere
 * in it that was not there when the guard was read (or now points elsewhere), and every FIFO, socket
 * and device node (git-special-files.ts). Git writes `FETCH_HEAD`, `MERGE_MSG`, `MERGE_HEAD`, `SQUASH_MSG`,
 * `TAG_EDITMSG` and more by opening the name: a planted `FETCH_HEAD -> ~/.bashrc` would have the
 * user's next `git pull` overwrite that file. And git reads `objects/info/alternates`, loose refs and
 * objects by opening them, following a link: one to a FIFO in the work tree, or to `/dev/stdin`, kept
 * the next git waiting for ever.
 */
export function sweepPlantedGitFiles(guard: GitMetadataGuard | undefined, env: Record<string, string>): void {
  for (const gitDir of guard?.pinned ?? []) {
    removeUntrustedEntrySync(join(gitDir, 'commondir'), env);
    removeSpecialFiles(gitDir, guard?.linksBefore?.[gitDir] ?? {});
  }
}

/**
 * The guards of the working copies a run added after its isolation was made (a clean room, a
 * fan-out attempt's copy), each read when it is added and dropped when it is removed.
 */
export class AddedGitGuards {
  readonly #byDir = new Map<string, GitMetadataGuard>();
  readonly #env: Record<string, string>;

  /** `env`: the trusted PATH `rm` is found in when a planted directory must go. */
  constructor(env: Record<string, string>) {
    this.#env = env;
  }

  add(dir: string): void {
    this.#byDir.set(dir, gitMetadataGuard([dir], this.#env));
  }

  remove(dir: string): void {
    this.#byDir.delete(dir);
  }

  /** Every guard in force: the isolation's own, then those of the added working copies. */
  with(base: GitMetadataGuard | undefined): GitMetadataGuard {
    const guards = [...(base ? [base] : []), ...this.#byDir.values()];
    return {
      pinned: guards.flatMap((g) => g.pinned),
      readOnly: guards.flatMap((g) => g.readOnly),
      pinnedFiles: guards.flatMap((g) => g.pinnedFiles ?? []),
      privateDirs: guards.flatMap((g) => g.privateDirs ?? []),
      linksBefore: Object.assign({}, ...guards.map((g) => g.linksBefore ?? {})),
      linked: guards.flatMap((g) => g.linked ?? []),
    };
  }

  /** Only the added ones. */
  get added(): GitMetadataGuard {
    return this.with(undefined);
  }

  /** The guard of one added working copy (empty when it was not added). */
  only(dir: string): GitMetadataGuard {
    return this.#byDir.get(dir) ?? emptyGuard();
  }
}
