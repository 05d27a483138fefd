/**
 * Commit ledger files to a dedicated branch through the Git Data API (blobs → tree → commit → ref),
 * so evidence can be kept in the repository without touching the workspace checkout or the PR
 * branch. A branch that does not exist yet starts as an orphan commit with no parents.
 */
import type { Octokit } from './octokit.js';
import { statusOf, toMissingPermission } from './octokit.js';

export interface LedgerFile {
  /** Repository-relative path on the ledger branch. */
  path: string;
  content: string | Buffer;
}

export interface LedgerCommit {
  commitSha: string;
  /** The commit's html_url. */
  url: string;
}

/** The branch moved away from the commit a caller pinned as parent: re-read it and redo the work. */
export class BranchMovedError extends Error {
  override name = 'BranchMovedError';
}

export interface CommitFilesOptions {
  octokit: Octokit;
  owner: string;
  repo: string;
  /** `name` or `refs/heads/name`. */
  branch: string;
  files: readonly LedgerFile[];
  message: string;
  dryRun: boolean;
  /**
   * Commit exactly on top of this commit (null: the branch must not exist yet), for files computed
   * from that commit's content. If the branch moved meanwhile, BranchMovedError is thrown instead of
   * rebuilding the commit on the new head, which would overwrite another job's changes.
   */
  parent?: string | null;
}

/**
 * Write `files` to `branch` as one commit on top of its current head (or as an orphan commit that
 * creates the branch). If another job moves the branch between our read and our write, GitHub
 * answers 422 (not a fast-forward / ref exists): the ref is re-read and the commit rebuilt once.
 * Returns the new commit's SHA and html_url; with `dryRun`, no request is made and null is returned.
 */
export function commitFilesToBranch(options: CommitFilesOptions & { dryRun: false }): Promise<LedgerCommit>;
export function commitFilesToBranch(options: CommitFilesOptions): Promise<LedgerCommit | null>;
export async function commitFilesToBranch(options: CommitFilesOptions): Promise<LedgerCommit | null> {
  const { octokit, owner, repo, message, dryRun } = options;
  const branch = normalizeBranch(options.branch);
  if (options.files.length === 0) throw new Error('commitFilesToBranch needs at least one file');
  const paths = options.files.map((file) => normalizePath(file.path));
  if (new Set(paths).size !== paths.length)
    throw new Error('commitFilesToBranch was given the same path twice');
  if (dryRun) {
    octokit.log.info(`dry run: would commit ${paths.join(', ')} to ${branch}`);
    return null;
  }
  try {
    const blobs: string[] = [];
    for (const file of options.files) {
      const content = (
        typeof file.content === 'string' ? Buffer.from(file.content, 'utf8') : file.content
      ).toString('base64');
      const { data } = await octokit.rest.git.createBlob({ owner, repo, content, encoding: 'base64' });
      blobs.push(data.sha);
    }
    const entries = paths.map((path, i) => ({
      path,
      mode: '100644' as const,
      type: 'blob' as const,
      sha: blobs[i],
    }));
    const pinned = options.parent;
    const attempt = async (): Promise<LedgerCommit> => {
      const parent =
        pinned === undefined
          ? await branchHead(octokit, owner, repo, branch)
          : pinned === null
            ? null
            : { commitSha: pinned, treeSha: await treeOf(octokit, owner, repo, pinned) };
      const { data: tree } = await octokit.rest.git.createTree({
        owner,
        repo,
        tree: entries,
        ...(parent ? { base_tree: parent.treeSha } : {}),
      });
      const { data: commit } = await octokit.rest.git.createCommit({
        owner,
        repo,
        message,
        tree: tree.sha,
        parents: parent ? [parent.commitSha] : [],
      });
      if (parent) {
        await octokit.rest.git.updateRef({
          owner,
          repo,
          ref: `heads/${branch}`,
          sha: commit.sha,
          force: false,
        });
      } else {
        await octokit.rest.git.createRef({ owner, repo, ref: `refs/heads/${branch}`, sha: commit.sha });
      }
      return { commitSha: commit.sha, url: commit.html_url };
    };
    try {
      return await attempt();
    } catch (error) {
      if (statusOf(error) !== 422) throw error;
      if (pinned !== undefined)
        throw new BranchMovedError(`${branch} moved away from ${pinned ?? 'nothing'} while committing`);
      octokit.log.warn(
        `${branch} moved while committing the ledger (HTTP 422); retrying once on the new head`,
      );
      return await attempt();
    }
  } catch (error) {
    throw toMissingPermission(error, 'contents: write', `commit to the ${branch} branch`);
  }
}

/** The branch head commit and its tree, or null when the branch does not exist. */
export async function branchHead(
  octokit: Octokit,
  owner: string,
  repo: string,
  branch: string,
): Promise<{ commitSha: string; treeSha: string } | null> {
  let commitSha: string;
  try {
    const { data } = await octokit.rest.git.getRef({ owner, repo, ref: `heads/${branch}` });
    commitSha = data.object.sha;
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw error;
  }
  return { commitSha, treeSha: await treeOf(octokit, owner, repo, commitSha) };
}

async function treeOf(octokit: Octokit, owner: string, repo: string, commitSha: string): Promise<string> {
  const { data: commit } = await octokit.rest.git.getCommit({ owner, repo, commit_sha: commitSha });
  return commit.tree.sha;
}

function normalizeBranch(branch: string): string {
  const name = branch.replace(/^refs\/heads\//, '');
  if (
    name === '' ||
    name.includes('..') ||
    /[\s~^:?*[\\]/.test(name) ||
    name.startsWith('/') ||
    name.endsWith('/')
  ) {
    throw new Error(`not a valid branch name: ${JSON.stringify(branch)}`);
  }
  return name;
}

function normalizePath(path: string): string {
  const trimmed = path.replace(/^\/+/, '');
  if (
    trimmed === '' ||
    trimmed.endsWith('/') ||
    trimmed.split('/').some((s) => s === '' || s === '.' || s === '..')
  ) {
    throw new Error(`not a valid file path for the ledger branch: ${JSON.stringify(path)}`);
  }
  return trimmed;
}
