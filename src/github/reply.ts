import type { Octokit } from './octokit.js';

/** Posts a plain reply on an issue or pull request; a dry run posts nothing and returns null. */
export async function postReply(options: {
  octokit: Octokit;
  owner: string;
  repo: string;
  issueNumber: number;
  body: string;
  dryRun: boolean;
}): Promise<string | null> {
  if (options.dryRun) return null;
  const { data } = await options.octokit.rest.issues.createComment({
    owner: options.owner,
    repo: options.repo,
    issue_number: options.issueNumber,
    body: options.body,
  });
  return data.html_url;
}
