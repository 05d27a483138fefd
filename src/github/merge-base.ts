import type { Octokit } from './octokit.js';

/**
 * Where `head` left `base`'s history, as GitHub's compare API knows it: for a checkout too shallow
 * to find it itself (actions/checkout fetches one commit by default). Null when GitHub cannot say
 * (a commit it does not have, no common history, a failed request); the caller then runs without a
 * diff and says why.
 */
export async function mergeBaseOnGitHub(
  octokit: Octokit,
  repo: { owner: string; repo: string },
  base: string,
  head: string,
): Promise<string | null> {
  try {
    const { data } = await octokit.rest.repos.compareCommitsWithBasehead({
      ...repo,
      basehead: `${base}...${head}`,
      per_page: 1,
    });
    const sha = data.merge_base_commit?.sha;
    return typeof sha === 'string' ? sha : null;
  } catch {
    return null;
  }
}
