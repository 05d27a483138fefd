import { createHash } from 'node:crypto';
import { chmod, copyFile, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scrubEnv } from './env-scrub.js';
import { objectDamage, unverifiedObjects } from './git-object-damage.js';
import {
  excludedPathspecs,
  GitCommandError,
  type HarnessGit,
  type HarnessGitOptions,
  harnessGit,
  runHarnessGitCapped,
  stageAll,
} from './git-safety.js';
import { markSparseAbsent } from './sparse-entries.js';

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
    config: ['core.quotePath=false', ...(indexFile ? STAT_CHECK_CONFIG : [])],
    env: { ...base, LC_ALL: 'C', ...(indexFile ? { GIT_INDEX_FILE: indexFile } : {}) },
  };
}

/**
 * How the private index's gits decide that a file is unchanged, pinned whatever the repository's
 * config says (the config is the work's to write where the sandbox is `none`, and the user's own may
 * weaken it): every stat field is compared, ctime included, so a file written after its entry was
 * made is hashed again (the work cannot set a ctime back); `core.ignoreStat` would mark every entry
 * git adds assume-unchanged, and a split index or an untracked cache would be read from files in
 * `.git` (docs/security.md, "Git metadata").
 */
const STAT_CHECK_CONFIG: readonly string[] = [
  'core.trustctime=true',
  'core.checkStat=default',
  'core.ignoreStat=false',
  'core.splitIndex=false',
  'core.untrackedCache=false',
];

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
 * Records the working tree under `root` as a tree object, in a private index; the working copy's own
 * `.git/index` is never written, nor trusted. The index is the work's to write (docs/security.md, "Git
 * metadata"): an entry marked assume-unchanged or skip-worktree, or one whose stat data matches the
 * changed file but names the old blob, makes git take the old content without reading the file, and
 * an agent's change was left out of its recorded diff (the one the clean room applies) while the
 * reviewers' evidence showed it.
 *
 * So the private index starts from a tree (HEAD's, or `since.tree`) with no stat data and no flags,
 * every file is hashed from the working tree, and only which further paths are tracked (a file staged
 * with `git add -f`) comes from the working copy's index, again without stat data or flags. Asked to
 * `keep` it, with `scratchParent` a run's isolation `tempDir` (which no sandboxed process can reach),
 * the index is kept there, and a later snapshot `since` this one starts from it instead: its stat data is
 * git's own, taken before the work ran, so only files changed since are hashed again. Ignored files
 * are left out, as git would; the scratch index lives under `scratchParent` (default the OS temp dir).
 */
export async function snapshotWorktree(
  root: string,
  env: Readonly<Record<string, string | undefined>>,
  scratchParent?: string,
  options: {
    /** The snapshot taken before the work ran, in the same repository: what this one starts from. */
    since?: WorktreeSnapshot | undefined;
    /** Keep the private index in `scratchParent` for a later snapshot `since` this one. */
    keep?: boolean;
  } = {},
): Promise<WorktreeSnapshot> {
  const { since } = options;
  const plain = git(root, env);
  const head = await headCommit(plain);
  const scratch = await mkdtemp(join(scratchParent ?? tmpdir(), 'truss-snapshot-'));
  const indexFile = join(scratch, 'index');
  try {
    const scoped = git(root, env, indexFile);
    const fromTree = async (tree: string | null) => {
      await rm(indexFile, { force: true });
      await scoped.raw(tree ? ['read-tree', tree] : ['read-tree', '--empty']);
    };
    const record = async () => {
      await trackStagedPaths(root, plain, env, indexFile);
      await markSparseAbsent(root, gitOptions(env), gitOptions(env, indexFile));
      await stageAll({ raw: (args) => scoped.raw(args) }, [':/']);
      return (await scoped.raw(['write-tree'])).trim();
    };
    const kept = scratchParent !== undefined && since ? keptIndex(scratchParent, since) : null;
    let tree: string | null = null;
    if (
      kept &&
      (await copyFile(kept, indexFile).then(
        () => true,
        () => false,
      ))
    ) {
      // A kept index git cannot read (cut short by a killed run) is only a lost shortcut.
      tree = await record().catch(() => null);
    }
    if (tree === null) {
      if (since) await fromTree(since.tree).catch(() => fromTree(head));
      else await fromTree(head);
      tree = await record();
    }
    // The diff from `since` reads both trees' objects, which the work could write (after the
    // snapshot before it, or planted under a name git then did not write again): hashed as read.
    if (since) await verifySnapshotObjects(root, env, [since.tree, tree]);
    const snapshot = { root, head, tree };
    if (options.keep && scratchParent !== undefined && (await forgetRecentStat(root, env, indexFile))) {
      await chmod(indexFile, 0o600);
      await rename(indexFile, keptIndex(scratchParent, snapshot));
    }
    return snapshot;
  } catch (error) {
    // A tree git could not read because its object is damaged (read-tree checks the hash) says so.
    if (error instanceof GitCommandError && !error.message.startsWith(DAMAGED)) {
      const damage = objectDamage(error.message);
      if (damage) throw damagedSnapshotError(damage, error.exitCode);
    }
    throw error;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Fails unless every object of the snapshot trees (each tree, its subtrees, its files) holds what its
 * name says (git-object-damage.ts `unverifiedObjects`): an agent that overwrote the loose object of a
 * file's content before its change with the changed content, planted the old content under the name
 * the changed file hashes to (git does not write an object it finds already there), or overwrote the
 * before snapshot's tree with the after one, had its change left out of the recorded diff.
 */
export async function verifySnapshotObjects(
  root: string,
  env: Readonly<Record<string, string | undefined>>,
  trees: readonly string[],
): Promise<void> {
  const bad = await unverifiedObjects(root, [...new Set(trees)], gitOptions(env));
  if (!bad) return;
  if (bad.damage) throw damagedSnapshotError(bad.damage, bad.code);
  throw new GitCommandError(
    `the objects of the working tree's snapshots could not be read (git: ${bad.problem})`,
    bad.code,
  );
}

const DAMAGED = "the repository's objects do not match their names";

/** A snapshot's objects are damaged (git's `line` says which): what is true, and what to do. */
function damagedSnapshotError(line: string, exitCode: number): GitCommandError {
  return new GitCommandError(
    `${DAMAGED} (git: ${line}): an object of the working tree's snapshots was changed after git wrote it, and the work that ran can write .git/objects, so its diff cannot be read from them; run again from a fresh checkout`,
    exitCode,
  );
}

/**
 * Clears the stat data of every entry of the private index whose file changed (ctime) in the last
 * two seconds, so a later snapshot hashes that file again; false when the index could not be read
 * (then it is not kept). Git compares ctime to the second: a file the work rewrote within the second
 * its entry was taken in, its mtime set back, would have matched.
 */
async function forgetRecentStat(
  root: string,
  env: Readonly<Record<string, string | undefined>>,
  indexFile: string,
): Promise<boolean> {
  const recent = Math.floor(Date.now() / 1000) - 1;
  try {
    const listed = await git(root, env, indexFile).raw([
      'ls-files',
      '--stage',
      '--debug',
      '-z',
      '--full-name',
      '--',
      ':/',
    ]);
    // `<mode> <object> <stage>\t<path>\0` and five lines of stat data, the first `  ctime: <s>:<ns>`.
    const entry = /([^\0]*)\0 {2}ctime: (\d+):\d+\n(?: {2}[^\n]*\n){4}/y;
    const input: string[] = [];
    for (let at = 0; at < listed.length; at = entry.lastIndex) {
      entry.lastIndex = at;
      const match = entry.exec(listed);
      if (!match) return false;
      if (Number(match[2]) >= recent) input.push((match[1] as string).replace(/^(\S+ \S+) \d+\t/, '$1 0\t'));
    }
    if (input.length > 0)
      await harnessGit(root, { ...gitOptions(env, indexFile), input: `${input.join('\0')}\0` }).raw([
        'update-index',
        '-z',
        '--index-info',
      ]);
    return true;
  } catch {
    return false;
  }
}

/**
 * Where a snapshot's private index is kept under `scratchParent`: named by the repository and the
 * tree, so a later snapshot since it finds it (attempts of a fan-out share a tree, not a directory).
 */
function keptIndex(scratchParent: string, snapshot: Pick<WorktreeSnapshot, 'root' | 'tree'>): string {
  const key = createHash('sha256').update(`${snapshot.root}\0${snapshot.tree}`).digest('hex');
  return join(scratchParent, `truss-snapshot-${key.slice(0, 32)}.index`);
}

/**
 * Adds to the private index, with no stat data and no flags, the paths the working copy's index
 * tracks that it lacks: a file the work staged with `git add -f` is still recorded, as `git add -A`
 * would. A path that would clash with one already there (a file where the index has a directory, or
 * the reverse) is left out: the tracked one stays tracked. An index git cannot read adds nothing.
 */
async function trackStagedPaths(
  root: string,
  plain: HarnessGit,
  env: Readonly<Record<string, string | undefined>>,
  indexFile: string,
): Promise<void> {
  const listed = await plain.raw(['ls-files', '--stage', '-z', '--full-name', '--', ':/']).catch(() => '');
  if (listed === '') return;
  const known = new Set(
    (await git(root, env, indexFile).raw(['ls-files', '-z', '--full-name', '--', ':/'])).split('\0'),
  );
  const dirs = new Set<string>();
  for (const path of known)
    for (let at = path.indexOf('/'); at > 0; at = path.indexOf('/', at + 1)) dirs.add(path.slice(0, at));
  const clashes = (path: string) => {
    if (known.has(path) || dirs.has(path)) return true;
    for (let at = path.indexOf('/'); at > 0; at = path.indexOf('/', at + 1))
      if (known.has(path.slice(0, at))) return true;
    return false;
  };
  const input: string[] = [];
  for (const record of listed.split('\0')) {
    // `<mode> <object> <stage>\t<path>`: taken at stage 0, so a conflict's stages make one entry.
    const match = /^(\S+ \S+) \d+\t(.+)$/s.exec(record);
    if (!match || clashes(match[2] as string)) continue;
    known.add(match[2] as string);
    input.push(`${match[1]} 0\t${match[2]}`);
  }
  if (input.length === 0) return;
  await harnessGit(root, { ...gitOptions(env, indexFile), input: `${input.join('\0')}\0` }).raw([
    'update-index',
    '-z',
    '--index-info',
  ]);
}

/** HEAD's commit, or null when HEAD is unborn or not a commit (the snapshot then starts empty). */
async function headCommit(plain: HarnessGit): Promise<string | null> {
  const answer = await plain.raw(['rev-parse', '--verify', '--quiet', 'HEAD^{commit}']).catch(() => '');
  return answer.trim() || null;
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
