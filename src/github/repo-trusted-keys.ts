import { parseTrustedKeys, type RolePin } from '../core/ledger/index.js';
import type { Octokit } from './octokit.js';
import { readRepoFile } from './repo-files.js';

/**
 * The keys a workflow pins: the `trusted-keys` input when given, else `.truss/trusted-keys` at a
 * trusted ref (the PR base, never the head a PR author controls). Empty when neither exists.
 * `warn` hears what the CLI prints for the same file: a line without `roles=` pins its key as signer
 * and reviewer, the widest pin, and a workflow's log is where its maintainers will see that.
 */
export async function trustedKeysFor(
  trustedKeys: string,
  octokit: Octokit,
  repo: { owner: string; repo: string },
  ref: string,
  warn?: (message: string) => void,
): Promise<Map<string, string | RolePin>> {
  if (trustedKeys.trim()) return parseTrustedKeys(trustedKeys, 'input trusted-keys', warn);
  const text = await readRepoFile({ octokit, ...repo, path: '.truss/trusted-keys', ref });
  return text ? parseTrustedKeys(text, '.truss/trusted-keys', warn) : new Map();
}

/**
 * `.truss/trusted-keys` on the repository's default branch: what every run there pins, so a
 * maintainer signing from their machine can be told whether runs will count their key.
 */
export async function defaultBranchTrustedKeys(
  octokit: Octokit,
  repo: { owner: string; repo: string },
): Promise<{ ref: string; keys: Map<string, string | RolePin> }> {
  const { data } = await octokit.rest.repos.get(repo);
  return { ref: data.default_branch, keys: await trustedKeysFor('', octokit, repo, data.default_branch) };
}
