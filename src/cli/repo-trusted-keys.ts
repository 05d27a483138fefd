import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { resolveTrustedKeys } from '../core/ledger/index.js';
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
  const base =
    baseRef && /^[A-Za-z0-9._/-]{1,200}$/.test(baseRef) && !baseRef.includes('..') ? baseRef : null;
  const baseline = base ? `refs/remotes/origin/${base}` : 'refs/remotes/origin/HEAD';
  const requests = [baseline, `${baseline}:./.truss/trusted-keys`, 'HEAD:./.truss/trusted-keys'];
  const result = spawnSync('git', ['cat-file', '--batch'], {
    cwd,
    input: `${requests.join('\n')}\n`,
    maxBuffer: 16 * 1024 * 1024,
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  if (result.status !== 0 || !result.stdout) return null;
  const [baseCommit, atBase, atHead] = batchObjects(result.stdout, requests.length);
  const local = readFileSync(path);
  const where = base ? `origin/${base}` : 'origin/HEAD';
  if (baseCommit) {
    if (!atBase) return `the base branch (${where}) has no such file`;
    return local.equals(atBase) ? null : `it differs from the base branch's copy (${where})`;
  }
  if (base)
    return `this is a pull-request job into ${base}, and ${where} is not fetched to compare with (fetch it, or pass --trusted-keys / --key from a trusted source)`;
  if (!atHead) return 'it is not committed';
  return local.equals(atHead) ? null : 'it has uncommitted changes';
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
