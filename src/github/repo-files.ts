/**
 * Read files from a repository at a ref through the Contents API, without a checkout. For PR events
 * the caller passes the BASE ref, so contracts and `.truss/config.toml` come from trusted history and
 * a pull request cannot rewrite what it is judged by.
 */
import type { Octokit } from './octokit.js';
import { statusOf } from './octokit.js';

/** The path names a directory where a file was expected, or the reverse (or a submodule/symlink). */
export class RepoContentTypeError extends Error {
  readonly path: string;
  readonly expected: 'file' | 'dir';
  readonly actual: string;

  constructor(path: string, expected: 'file' | 'dir', actual: string) {
    super(
      `expected ${path} to be a ${expected === 'dir' ? 'directory' : 'file'} in the repository, but it is a ${actual}`,
    );
    this.name = 'RepoContentTypeError';
    this.path = path;
    this.expected = expected;
    this.actual = actual;
  }
}

/**
 * The UTF-8 text of `path` at `ref` (GET /repos/{owner}/{repo}/contents/{path}?ref=), or null when
 * it does not exist there. A directory (or submodule) at that path is an error, not "missing".
 * Files over 1 MB (for which the API sends no inline content) are fetched as a blob.
 */
export async function readRepoFile(options: {
  octokit: Octokit;
  owner: string;
  repo: string;
  path: string;
  ref: string;
}): Promise<string | null> {
  const { octokit, owner, repo, ref } = options;
  const path = normalizePath(options.path);
  let data: Awaited<ReturnType<Octokit['rest']['repos']['getContent']>>['data'];
  try {
    ({ data } = await octokit.rest.repos.getContent({ owner, repo, path, ref }));
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw error;
  }
  if (Array.isArray(data)) throw new RepoContentTypeError(path, 'file', 'directory');
  if (data.type !== 'file') throw new RepoContentTypeError(path, 'file', data.type);
  if ('encoding' in data && data.encoding === 'base64' && typeof data.content === 'string') {
    return Buffer.from(data.content, 'base64').toString('utf8');
  }
  // Files of 1–100 MB come back with `encoding: "none"` and empty content: read the blob instead.
  const blob = await octokit.rest.git.getBlob({ owner, repo, file_sha: data.sha });
  return Buffer.from(blob.data.content, blob.data.encoding === 'base64' ? 'base64' : 'utf8').toString('utf8');
}

/**
 * Names of the entries of directory `path` at `ref`, sorted; [] when the directory does not exist.
 * `type` keeps only files or only directories. A file at that path is an error.
 */
export async function listRepoDir(options: {
  octokit: Octokit;
  owner: string;
  repo: string;
  path: string;
  ref: string;
  type?: 'file' | 'dir';
}): Promise<string[]> {
  const { octokit, owner, repo, ref } = options;
  const path = normalizePath(options.path);
  let data: Awaited<ReturnType<Octokit['rest']['repos']['getContent']>>['data'];
  try {
    ({ data } = await octokit.rest.repos.getContent({ owner, repo, path, ref }));
  } catch (error) {
    if (statusOf(error) === 404) return [];
    throw error;
  }
  if (!Array.isArray(data)) throw new RepoContentTypeError(path, 'dir', data.type);
  return data
    .filter((entry) => options.type === undefined || entry.type === options.type)
    .map((entry) => entry.name)
    .sort();
}

/** Repository-relative, no leading or trailing slash, no `.`/`..` segments (they would escape or alias). */
function normalizePath(path: string): string {
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  if (trimmed.split('/').some((segment) => segment === '..' || segment === '.')) {
    throw new Error(`repository path must not contain "." or ".." segments: ${JSON.stringify(path)}`);
  }
  return trimmed;
}
