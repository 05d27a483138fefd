import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { scrubEnv } from './env-scrub.js';
import {
  excludedPathspecs,
  GitCommandError,
  type HarnessGit,
  type HarnessGitOptions,
  harnessGit,
  runHarnessGitCapped,
  stageAll,
} from './git-safety.js';

/** The state of a working tree at one moment, as git objects; the user's index is never touched. */
export interface WorktreeSnapshot {
  /** Top level of the repository the workdir belongs to. */
  root: string;
  /** HEAD's commit, or null on an unborn branch. */
  head: string | null;
  /** A tree object holding every tracked and untracked (not ignored) file as it was on disk. */
  tree: string;
}

export interface DiffStat {
  filesChanged: number;
  insertions: number;
  deletions: number;
  /** Files whose change git reports as binary (counted in filesChanged, not in the line counts). */
  binaryFiles: number;
}

export interface WorktreeDiff {
  /** `git diff --binary` from the earlier snapshot to the later one; applies with `git apply`. */
  diff: string;
  /** True when `diff` was cut at `maxBytes` (the stat and file list are still complete). */
  diffTruncated: boolean;
  diffStat: DiffStat;
  /** Repository-relative paths that were added, modified, deleted or changed mode. */
  changedFiles: string[];
}

const EMPTY_STAT: DiffStat = { filesChanged: 0, insertions: 0, deletions: 0, binaryFiles: 0 };

/** The diff of a snapshot against itself: nothing changed. */
export const EMPTY_DIFF: WorktreeDiff = Object.freeze({
  diff: '',
  diffTruncated: false,
  diffStat: EMPTY_STAT,
  changedFiles: [],
}) as WorktreeDiff;

/**
 * Git for Truss's own bookkeeping, in the check environment's allowlist (PATH, HOME, … — so the
 * user's global config such as safe.directory still applies) plus XDG_CONFIG_HOME. Editor, pager and
 * GIT_* variables from the host stay out (GIT_INDEX_FILE is set only for the scratch index).
 */
function git(
  baseDir: string,
  env: Readonly<Record<string, string | undefined>>,
  indexFile?: string,
): HarnessGit {
  return harnessGit(baseDir, gitOptions(env, indexFile));
}

function gitOptions(
  env: Readonly<Record<string, string | undefined>>,
  indexFile?: string,
): HarnessGitOptions {
  const base = scrubEnv(env, ['XDG_CONFIG_HOME']);
  return {
    config: ['core.quotePath=false'],
    env: { ...base, LC_ALL: 'C', ...(indexFile ? { GIT_INDEX_FILE: indexFile } : {}) },
  };
}

/**
 * The repository top level for `workdir`, or null when it is not inside a git work tree. Other git
 * failures (git missing, "dubious ownership", a corrupt repository) throw.
 */
export async function findRepoRoot(
  workdir: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<string | null> {
  try {
    const top = (await git(workdir, env).raw(['rev-parse', '--show-toplevel'])).trim();
    return top || null;
  } catch (error) {
    if (error instanceof Error && /not a git repository/i.test(error.message)) return null;
    throw error;
  }
}

/**
 * Records the working tree under `root` as a tree object: a private copy of the index (so unchanged
 * files are not re-hashed) is brought up to date with `git add -A` and written with `write-tree`.
 * Ignored files are left out, as git would. The index copy lives in a fresh directory under
 * `scratchParent`: a run passes its isolation's `tempDir`, swept by the next run if this one is killed.
 */
export async function snapshotWorktree(
  root: string,
  env: Readonly<Record<string, string | undefined>>,
  scratchParent: string = tmpdir(),
): Promise<WorktreeSnapshot> {
  const plain = git(root, env);
  const { head, cdup, realIndex } = await whereAndHead(plain);
  const scratch = await mkdtemp(join(scratchParent, 'truss-snapshot-'));
  const indexFile = join(scratch, 'index');
  try {
    const realIndexPath = isAbsolute(realIndex) ? realIndex : resolve(root, realIndex);
    const seeded = await copyFile(realIndexPath, indexFile).then(
      () => true,
      () => false,
    );
    const scoped = git(root, env, indexFile);
    const fresh = () => scoped.raw(head ? ['read-tree', head] : ['read-tree', '--empty']);
    const addAll = () => stageAll({ raw: (args) => scoped.raw(args) }, [':/'], cdup);
    if (!seeded) await fresh();
    try {
      await addAll();
    } catch (error) {
      if (!seeded) throw error;
      // A copied index git cannot use here (e.g. split or sparse index): start from HEAD instead.
      await fresh();
      await addAll();
    }
    const tree = (await scoped.raw(['write-tree'])).trim();
    return { root, head, tree };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * How far `root` is below the top (for stageAll), where its index is, and its HEAD commit (null when
 * unborn or not a commit), in one rev-parse. When git cannot answer for HEAD, the snapshot starts
 * from the empty tree, as before: the first two are asked again without it.
 */
async function whereAndHead(
  plain: HarnessGit,
): Promise<{ head: string | null; cdup: string; realIndex: string }> {
  const where = ['rev-parse', '--show-cdup', '--git-path', 'index'];
  const answer = await plain.raw([...where, '--verify', '--quiet', 'HEAD^{commit}']).catch(() => null);
  const [cdup = '', realIndex = '', head = ''] = (answer ?? (await plain.raw(where))).split('\n');
  return { head: head.trim() || null, cdup, realIndex };
}

/** What changed between two snapshots of the same repository. */
export async function diffSnapshots(
  before: WorktreeSnapshot,
  after: WorktreeSnapshot,
  env: Readonly<Record<string, string | undefined>>,
  maxBytes: number,
  /** Absolute paths left out of the diff (the run's own ledger files when they lie in the tree). */
  exclude: readonly string[] = [],
): Promise<WorktreeDiff> {
  if (before.tree === after.tree) return { ...EMPTY_DIFF, diffStat: { ...EMPTY_STAT }, changedFiles: [] };
  const g = git(before.root, env);
  const range = [before.tree, after.tree];
  const common = ['--no-color', '--no-ext-diff', '--no-textconv', '--no-renames'];
  const scope = excludedPathspecs(before.root, exclude);
  // The patch is read up to one byte past the cap and git stopped there: its size is the judged
  // code's to choose (docs/security.md, "Bounded tool output").
  const [read, numstat] = await Promise.all([
    runHarnessGitCapped(
      before.root,
      ['diff', ...common, '--binary', ...range, ...scope],
      maxBytes + 1,
      gitOptions(env),
    ),
    g.raw(['diff', ...common, '--numstat', '-z', ...range, ...scope]),
  ]);
  if (!read.truncated && read.code !== 0 && read.stderr.trim() !== '') {
    throw new GitCommandError(read.stderr.trim(), read.code);
  }

  const stat: DiffStat = { ...EMPTY_STAT };
  const changedFiles: string[] = [];
  // -z numstat without renames: "<added>\t<deleted>\t<path>\0" per file; "-" counts mean binary.
  for (const record of numstat.split('\0')) {
    if (!record) continue;
    const first = record.indexOf('\t');
    const second = record.indexOf('\t', first + 1);
    if (first < 0 || second < 0) continue;
    const added = record.slice(0, first);
    const deleted = record.slice(first + 1, second);
    changedFiles.push(record.slice(second + 1));
    stat.filesChanged++;
    if (added === '-' || deleted === '-') {
      stat.binaryFiles++;
    } else {
      stat.insertions += Number(added);
      stat.deletions += Number(deleted);
    }
  }

  const truncated = read.stdout.length > maxBytes;
  return {
    diff: truncated ? truncateUtf8(read.stdout, maxBytes) : read.stdout.toString('utf8'),
    diffTruncated: truncated,
    diffStat: stat,
    changedFiles,
  };
}

function truncateUtf8(read: Buffer, maxBytes: number): string {
  const bytes = read.subarray(0, maxBytes);
  // Drop a trailing partial character rather than emitting U+FFFD.
  let end = bytes.length;
  let back = 0;
  while (back < 4 && end - back - 1 >= 0 && ((bytes[end - back - 1] ?? 0) & 0xc0) === 0x80) back++;
  const lead = bytes[end - back - 1];
  if (lead !== undefined && lead >= 0xc0) {
    const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2;
    if (back + 1 < need) end -= back + 1;
  }
  return bytes.subarray(0, end).toString('utf8');
}
