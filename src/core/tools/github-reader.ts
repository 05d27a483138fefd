/**
 * What the GitHub tools need from a host (docs/tools.md): read-only calls against one repository,
 * made with the host's own client and token. Core defines the shape; the Action passes its
 * Octokit-backed reader (`src/github/github-reader.ts`), the CLI one built on `GITHUB_TOKEN`. The
 * token stays inside the host's client: no tool input, result, entry or process ever sees it.
 */
export interface GitHubReader {
  /** The repository every call reads, `owner/name`: the run's own. */
  readonly repository: string;
  pullRequest(number: number): Promise<GitHubPullRequest>;
  /** The files a pull request changes (at most `limit`). */
  pullRequestFiles(number: number, limit: number): Promise<GitHubPullFile[]>;
  /** The pull request's unified diff, as GitHub renders it. */
  pullRequestDiff(number: number): Promise<string>;
  /** The check runs of a commit (SHA, branch or tag). */
  checkRuns(ref: string): Promise<GitHubCheckRun[]>;
  /** The combined commit status of a ref (the older statuses API). */
  combinedStatus(ref: string): Promise<GitHubCombinedStatus>;
  /** The plain-text log of a GitHub Actions job. */
  jobLog(jobId: number): Promise<string>;
  issue(number: number): Promise<GitHubIssue>;
  /** The first `limit` comments of an issue or pull request. */
  issueComments(number: number, limit: number): Promise<GitHubComment[]>;
  listIssues(query: GitHubIssueQuery): Promise<GitHubIssue[]>;
}

export interface GitHubPullRequest {
  number: number;
  title: string;
  state: string;
  draft: boolean;
  merged: boolean;
  mergeable: boolean | null;
  user: string | null;
  body: string | null;
  labels: string[];
  head: { ref: string; sha: string; repo: string | null };
  base: { ref: string; sha: string };
  html_url: string;
  additions: number | null;
  deletions: number | null;
  changed_files: number | null;
  commits: number | null;
  comments: number | null;
  created_at: string;
  updated_at: string;
}

export interface GitHubPullFile {
  filename: string;
  status: string;
  additions: number;
  deletions: number;
}

export interface GitHubCheckRun {
  id: number;
  name: string;
  status: string;
  conclusion: string | null;
  /** The app that made it (`github-actions` for a workflow job, whose check run id is its job id). */
  app: string | null;
  html_url: string | null;
  started_at: string | null;
  completed_at: string | null;
  title: string | null;
  summary: string | null;
}

export interface GitHubCombinedStatus {
  state: string;
  sha: string;
  statuses: { context: string; state: string; description: string | null; target_url: string | null }[];
}

export interface GitHubIssue {
  number: number;
  title: string;
  state: string;
  user: string | null;
  labels: string[];
  body: string | null;
  comments: number;
  is_pull_request: boolean;
  html_url: string;
  created_at: string;
  updated_at: string;
}

export interface GitHubComment {
  user: string | null;
  body: string | null;
  created_at: string;
  html_url: string;
}

export interface GitHubIssueQuery {
  state: 'open' | 'closed' | 'all';
  labels: string[];
  limit: number;
}

/** A GitHub read the host could not make: the status when GitHub answered, the reason in words. */
export class GitHubReadError extends Error {
  override readonly name = 'GitHubReadError';
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}
