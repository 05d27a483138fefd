import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tempDir } from './temp-dir.js';

/** The fixed identity every test commit is made with. */
export const GIT_IDENTITY: Readonly<Record<string, string>> = Object.freeze({
  GIT_AUTHOR_NAME: 't',
  GIT_AUTHOR_EMAIL: 't@t',
  GIT_COMMITTER_NAME: 't',
  GIT_COMMITTER_EMAIL: 't@t',
});

/**
 * Settings every test git gets from its environment: no `git maintenance run --auto` after each
 * commit. That check is a second git start per commit, and the suite commits hundreds of times
 * from its workers, where every start costs a fork of a large process. `--local` listings do not
 * show them.
 */
const NO_HOUSEKEEPING: Readonly<Record<string, string>> = Object.freeze({
  GIT_CONFIG_COUNT: '2',
  GIT_CONFIG_KEY_0: 'maintenance.auto',
  GIT_CONFIG_VALUE_0: 'false',
  GIT_CONFIG_KEY_1: 'gc.auto',
  GIT_CONFIG_VALUE_1: '0',
});

/**
 * Runs real git in `cwd` as the test identity and returns its stdout without the trailing newline. Inherited `GIT_*`
 * variables are dropped first: a suite started from a git hook would otherwise aim every call at the
 * outer repository (GIT_DIR, GIT_INDEX_FILE).
 */
export function git(cwd: string, ...args: string[]): string {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !name.startsWith('GIT_')) env[name] = value;
  }
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...env, ...GIT_IDENTITY, ...NO_HOUSEKEEPING },
  }).trimEnd();
}

/** The README every test repository starts with unless it names its own files. */
export const README = { 'README.md': '# demo\n' };

/**
 * Writes `files` (path → content, parent folders created) into the work tree at `dir` and commits
 * everything there (`git add -A`) as one commit; returns the new HEAD.
 */
export function commitFiles(dir: string, files: Record<string, string>, message: string): string {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', message);
  return git(dir, 'rev-parse', 'HEAD');
}

/** `git init` on `main` in `dir` (created if missing), then one commit of `files` and whatever `dir` already holds. */
export function initRepo(dir: string, files: Record<string, string> = README, message = 'base'): string {
  mkdirSync(dir, { recursive: true });
  git(dir, 'init', '-q', '-b', 'main');
  commitFiles(dir, files, message);
  return dir;
}

/** A fresh repository in a new temp directory (`truss-<prefix>-…`) on `main` with one commit of `files`. */
export function makeRepo(files: Record<string, string> = README, prefix = 'repo'): string {
  return initRepo(tempDir(prefix).dir, files);
}

/** A repository `root/main` with one commit and its linked worktree `root/wt` (branch `side`). */
export interface LinkedWorktree {
  main: string;
  wt: string;
  /** The main repository's `.git`: the worktree's common dir. */
  common: string;
  /** `.git/worktrees/wt`: the worktree's own admin dir. */
  admin: string;
}

/**
 * Makes a {@link LinkedWorktree} under `root` with `run` (each test file's own git, with the
 * environment it needs): what every linked-worktree test starts from.
 */
export function makeLinkedWorktree(
  root: string,
  run: (cwd: string, ...args: string[]) => unknown,
): LinkedWorktree {
  const main = join(root, 'main');
  const wt = join(root, 'wt');
  mkdirSync(main);
  run(main, 'init', '-q', '-b', 'main');
  writeFileSync(join(main, 'a.txt'), 'a\n');
  run(main, 'add', '.');
  run(main, '-c', 'user.email=t@example.invalid', '-c', 'user.name=t', 'commit', '-qm', 'init');
  run(main, 'worktree', 'add', '-q', '-b', 'side', wt);
  const common = join(main, '.git');
  return { main, wt, common, admin: join(common, 'worktrees', 'wt') };
}
