import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { resolveTrustedKeys } from '../core/ledger/index.js';
import type { CliIo } from './io.js';

const vetted = new Map<string, string | null>();

/**
 * Why the working copy's `.truss/trusted-keys` must not pin keys, or null when it may. The file is
 * trusted as the default branch has it: it must equal the copy at `origin/HEAD` (the remote's
 * default branch), or, in a repository without one, the committed copy at `HEAD`. A pull-request
 * checkout whose branch added its author's key, an untracked file or an uncommitted edit is refused.
 * Outside a git repository nothing can be compared, and the file is used as before. One
 * `git cat-file --batch` per file and process.
 */
export function repoTrustedKeysProblem(path: string): string | null {
  const known = vetted.get(path);
  if (known !== undefined) return known;
  const problem = compareWithDefaultBranch(path);
  vetted.set(path, problem);
  return problem;
}

function compareWithDefaultBranch(path: string): string | null {
  const cwd = dirname(dirname(path));
  const requests = [
    'refs/remotes/origin/HEAD',
    'refs/remotes/origin/HEAD:./.truss/trusted-keys',
    'HEAD:./.truss/trusted-keys',
  ];
  const result = spawnSync('git', ['cat-file', '--batch'], {
    cwd,
    input: `${requests.join('\n')}\n`,
    maxBuffer: 16 * 1024 * 1024,
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  if (result.status !== 0 || !result.stdout) return null;
  const [originHead, atOrigin, atHead] = batchObjects(result.stdout, requests.length);
  const local = readFileSync(path);
  if (originHead !== undefined && originHead !== null) {
    if (atOrigin === null || atOrigin === undefined)
      return 'the default branch (origin/HEAD) has no such file';
    return local.equals(atOrigin) ? null : "it differs from the default branch's copy (origin/HEAD)";
  }
  if (atHead === null || atHead === undefined) return 'it is not committed';
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
 * The CLI's trusted keys: resolveTrustedKeys with the repository file vetted against the default
 * branch ({@link repoTrustedKeysProblem}) and warnings on stderr.
 */
export function cliTrustedKeys(
  io: CliIo,
  options: { keys?: string[]; file?: string | undefined; cwd: string },
): ReturnType<typeof resolveTrustedKeys> {
  return resolveTrustedKeys({
    ...options,
    onWarning: (message) => io.stderr(`warning: ${message}\n`),
    vetRepoFile: repoTrustedKeysProblem,
  });
}
