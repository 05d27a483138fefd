#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  isRateLimitError,
  statusOf
} from "./chunk-BS4FZTIF.js";

// src/core/tools/github-reader.ts
var GitHubReadError = class extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
  status;
  name = "GitHubReadError";
};

// src/github/github-reader.ts
function labelNames(labels) {
  return (labels ?? []).flatMap((label) => {
    const name = typeof label === "string" ? label : label.name;
    return name ? [name] : [];
  });
}
function octokitGitHubReader(octokit, repo) {
  const where = { owner: repo.owner, repo: repo.repo };
  const repository = `${repo.owner}/${repo.repo}`;
  const read = async (what, call) => {
    try {
      return await call();
    } catch (error) {
      throw readError(error, what, repository);
    }
  };
  const issueOf = (issue) => ({
    number: issue.number,
    title: issue.title,
    state: issue.state,
    user: issue.user?.login ?? null,
    labels: labelNames(issue.labels),
    body: issue.body ?? null,
    comments: issue.comments,
    is_pull_request: issue.pull_request !== void 0 && issue.pull_request !== null,
    html_url: issue.html_url,
    created_at: issue.created_at,
    updated_at: issue.updated_at
  });
  return {
    repository,
    pullRequest: (number) => read(`pull request #${number}`, async () => {
      const { data: pr } = await octokit.rest.pulls.get({ ...where, pull_number: number });
      return {
        number: pr.number,
        title: pr.title,
        state: pr.state,
        draft: pr.draft === true,
        merged: pr.merged === true,
        mergeable: pr.mergeable ?? null,
        user: pr.user?.login ?? null,
        body: pr.body ?? null,
        labels: labelNames(pr.labels),
        head: { ref: pr.head.ref, sha: pr.head.sha, repo: pr.head.repo?.full_name ?? null },
        base: { ref: pr.base.ref, sha: pr.base.sha },
        html_url: pr.html_url,
        additions: pr.additions ?? null,
        deletions: pr.deletions ?? null,
        changed_files: pr.changed_files ?? null,
        commits: pr.commits ?? null,
        comments: pr.comments ?? null,
        created_at: pr.created_at,
        updated_at: pr.updated_at
      };
    }),
    pullRequestFiles: (number, limit) => read(`the files of pull request #${number}`, async () => {
      const { data } = await octokit.rest.pulls.listFiles({
        ...where,
        pull_number: number,
        per_page: Math.min(limit, 100)
      });
      return data.slice(0, limit).map((file) => ({
        filename: file.filename,
        status: file.status,
        additions: file.additions,
        deletions: file.deletions
      }));
    }),
    pullRequestDiff: (number) => read(`the diff of pull request #${number}`, async () => {
      const { data } = await octokit.rest.pulls.get({
        ...where,
        pull_number: number,
        mediaType: { format: "diff" }
      });
      return String(data);
    }),
    checkRuns: (ref) => read(`the check runs of ${ref}`, async () => {
      const { data } = await octokit.rest.checks.listForRef({ ...where, ref, per_page: 100 });
      return data.check_runs.map(
        (run) => ({
          id: run.id,
          name: run.name,
          status: run.status,
          conclusion: run.conclusion ?? null,
          app: run.app?.slug ?? null,
          html_url: run.html_url ?? null,
          started_at: run.started_at ?? null,
          completed_at: run.completed_at ?? null,
          title: run.output?.title ?? null,
          summary: run.output?.summary ?? null
        })
      );
    }),
    combinedStatus: (ref) => read(`the commit status of ${ref}`, async () => {
      const { data } = await octokit.rest.repos.getCombinedStatusForRef({ ...where, ref, per_page: 100 });
      return {
        state: data.state,
        sha: data.sha,
        statuses: data.statuses.map((status) => ({
          context: status.context,
          state: status.state,
          description: status.description ?? null,
          target_url: status.target_url ?? null
        }))
      };
    }),
    jobLog: (jobId) => read(`the log of job ${jobId}`, async () => {
      const { data } = await octokit.rest.actions.downloadJobLogsForWorkflowRun({
        ...where,
        job_id: jobId
      });
      return typeof data === "string" ? data : Buffer.from(data).toString("utf8");
    }),
    issue: (number) => read(`issue #${number}`, async () => {
      const { data } = await octokit.rest.issues.get({ ...where, issue_number: number });
      return issueOf(data);
    }),
    issueComments: (number, limit) => read(`the comments of issue #${number}`, async () => {
      const { data } = await octokit.rest.issues.listComments({
        ...where,
        issue_number: number,
        per_page: Math.min(limit, 100)
      });
      return data.slice(0, limit).map((comment) => ({
        user: comment.user?.login ?? null,
        body: comment.body ?? null,
        created_at: comment.created_at,
        html_url: comment.html_url
      }));
    }),
    listIssues: (query) => read("the issue list", async () => {
      const { data } = await octokit.rest.issues.listForRepo({
        ...where,
        state: query.state,
        ...query.labels.length > 0 ? { labels: query.labels.join(",") } : {},
        sort: "created",
        direction: "desc",
        per_page: query.limit
      });
      return data.slice(0, query.limit).map(issueOf);
    })
  };
}
function readError(error, what, repository) {
  const status = statusOf(error) ?? null;
  if (status === 404) return new GitHubReadError(`${what} was not found in ${repository} (HTTP 404)`, 404);
  if (status !== null && isRateLimitError(error))
    return new GitHubReadError(`GitHub's rate limit stopped reading ${what} (HTTP ${status})`, status);
  if (status === 401 || status === 403) {
    return new GitHubReadError(
      `the token may not read ${what} in ${repository} (HTTP ${status}); the workflow needs the read permission for it (contents, pull-requests, issues, checks, actions: read)`,
      status
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new GitHubReadError(
    `reading ${what} failed${status ? ` (HTTP ${status})` : ""}: ${message}`,
    status
  );
}

export {
  octokitGitHubReader
};
