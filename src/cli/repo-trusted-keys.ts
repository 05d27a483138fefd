import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { readInputBytes } from '../core/input-file.js';
import { resolveTrustedKeys } from '../core/ledger/index.js';
import { runHarnessGitSync } from '../core/process/index.js';
import { cannotRead } from '../core/read-failure.js';
import type { CliIo } from './io.js';

const vetted = new Map<string, string | null>();

/**
 * Why the working copy's `.truss/trusted-keys` must not pin keys, or null when it may. The file is
 * trusted as the branch the change goes into has it: in a pull-request job on Actions
 * (`baseRef`, from GITHUB_BASE_REF) it must equal the copy at `origin/<base>`; elsewhere the copy at
 * `origin/HEAD` (the remote's default branch), or, in a repository without one, the committed copy
 * at `HEAD`. A pull-request checkout whose branch added its author's key, an untracked file or an
 * uncommitted edit is refused. Outside a git repository nothing can be compared, and the file is
 * used as before. One `git cat-file --batch` per file and process.
 */
export function repoTrustedKeysProblem(path: string, baseRef?: string): string | null {
  const key = `${path}\0${baseRef ?? ''}`;
  const known = vetted.get(key);
  if (known !== undefined) return known;
  const problem = compareWithBaseline(path, baseRef);
  vetted.set(key, problem);
  return problem;
}

function compareWithBaseline(path: string, baseRef: string | undefined): string | null {
  const cwd = dirname(dirname(path));
  // Outside any git repository there is nothing to compare with; inside one, every git failure
  // (a checkout owned by another user, no git at all) is a reason to pin nothing, never a pass.
  if (!insideGitRepository(cwd)) return null;
  if (baseRef !== undefined && !(/^[A-Za-z0-9._/-]{1,200}$/.test(baseRef) && !baseRef.includes('..')))
    return `GITHUB_BASE_REF ${JSON.stringify(baseRef.slice(0, 60))} is not a branch name to compare with`;
  const baseline = baseRef ? `refs/remotes/origin/${baseRef}` : 'refs/remotes/origin/HEAD';
  const requests = [baseline, `${baseline}:./.truss/trusted-keys`, 'HEAD:./.truss/trusted-keys'];
  // The safe path (src/core/process/git-safety.ts): the working copy may be one judged work changed.
  // A git it refuses (a FIFO in .git) or stops at its deadline pins nothing, saying why.
  let refusal: string | null = null;
  const git = (args: string[], input?: string) => {
    try {
      return runHarnessGitSync(cwd, args, input === undefined ? {} : { input });
    } catch (error) {
      refusal ??= (error as Error).message;
      return null;
    }
  };
  const result = git(['cat-file', '--batch'], `${requests.join('\n')}\n`);
  if (result?.code !== 0 || result.stdout.length === 0)
    return `git could not read the repository to compare it${refusal ? ` (${refusal})` : ''}`;
  const [baseCommit, atBase, atHead] = batchObjects(result.stdout, requests.length);
  // A branch can commit the file as a link to /dev/zero or a FIFO: refused at once, never waited on
  // (docs/cli.md "Input files").
  let local: Buffer;
  try {
    local = readInputBytes(path);
  } catch (error) {
    return cannotRead(path, error);
  }
  const where = baseRef ? `origin/${baseRef}` : 'origin/HEAD';
  if (baseCommit) {
    if (!atBase) return `the base branch (${where}) has no such file`;
    return local.equals(atBase) ? null : `it differs from the base branch's copy (${where})`;
  }
  if (baseRef)
    return `this is a pull-request job into ${baseRef}, and ${where} is not fetched to compare with (fetch it, or pass --trusted-keys / --key from a trusted source)`;
  // A clone whose default branch is unknown (actions/checkout sets no origin/HEAD) may be any
  // branch's checkout: its own commit is no baseline. Only a repository with no remote is its own.
  const remotes = git(['remote']);
  if (!remotes) return `git could not list the remotes (${refusal})`;
  if (remotes.code !== 0 || remotes.stdout.toString().trim() !== '')
    return 'origin/HEAD is not set, so the default branch is unknown (run `git remote set-head origin --auto`, or pass --trusted-keys / --key)';
  if (!atHead) return 'it is not committed';
  return local.equals(atHead) ? null : 'it has uncommitted changes';
}

/** Whether `dir` or a parent holds a `.git` (a directory, or the file of a linked worktree). */
function insideGitRepository(dir: string): boolean {
  for (let at = resolve(dir); ; at = dirname(at)) {
    if (existsSync(join(at, '.git'))) return true;
    if (dirname(at) === at) return false;
  }
}

/** The objects `git cat-file --batch` printed, in order; null for each one it reported missing. */
function batchObjects(out: Buffer, count: number): Array<Buffer | null> {
  const objects: Array<Buffer | null> = [];
  let at = 0;
  while (objects.length < count && at < out.length) {
    const end = out.indexOf(0x0a, at);
    if (end === -1) break;
    const header = out.subarray(at, end).toString('utf8');
    const match = /^[0-9a-f]{40,64} \S+ (\d+)$/.exec(header);
    if (!match) {
      objects.push(null);
      at = end + 1;
      continue;
    }
    const size = Number(match[1]);
    objects.push(out.subarray(end + 1, end + 1 + size));
    at = end + 1 + size + 1;
  }
  return objects;
}

/**
 * The CLI's trusted keys: resolveTrustedKeys with the repository file vetted against the base or
 * default branch ({@link repoTrustedKeysProblem}; GITHUB_BASE_REF names the base in a pull-request
 * job) and warnings on stderr.
 */
export function cliTrustedKeys(
  io: CliIo,
  options: { keys?: string[]; file?: string | undefined; cwd: string },
): ReturnType<typeof resolveTrustedKeys> {
  const baseRef = io.env.GITHUB_BASE_REF || undefined;
  return resolveTrustedKeys({
    ...options,
    onWarning: (message) => io.stderr(`warning: ${message}\n`),
    vetRepoFile: (path) => repoTrustedKeysProblem(path, baseRef),
  });
}
