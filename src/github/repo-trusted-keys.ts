import { parseTrustedKeys, type RolePin } from '../core/ledger/index.js';
import type { Octokit } from './octokit.js';
import { readRepoFile } from './repo-files.js';

/**
 * The keys a workflow pins: the `trusted-keys` input when given, else `.truss/trusted-keys` at a
 * trusted ref (the PR base, never the head a PR author controls). Empty when neither exists.
 */
export async function trustedKeysFor(
  trustedKeys: string,
  octokit: Octokit,
  repo: { owner: string; repo: string },
  ref: string,
): Promise<Map<string, string | RolePin>> {
  if (trustedKeys.trim()) return parseTrustedKeys(trustedKeys, 'input trusted-keys');
  const text = await readRepoFile({ octokit, ...repo, path: '.truss/trusted-keys', ref });
  return text ? parseTrustedKeys(text, '.truss/trusted-keys') : new Map();
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
