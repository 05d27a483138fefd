/**
 * Resolving review threads. GitHub's REST API edits and deletes review comments but cannot resolve
 * or reopen a conversation: that is GraphQL only (`resolveReviewThread`, `unresolveReviewThread`,
 * on the thread's node id, found through `pullRequest.reviewThreads`). review-comments.ts marks a
 * finding resolved in its body first (REST, always visible) and then collapses its thread here.
 */
import type { Octokit } from './octokit.js';

const THREADS = `query($owner: String!, $repo: String!, $number: Int!, $cursor: String) {
  repository(owner: $owner, name: $repo) {
    pullRequest(number: $number) {
      reviewThreads(first: 100, after: $cursor) {
        pageInfo { hasNextPage endCursor }
        nodes { id isResolved comments(first: 1) { nodes { databaseId } } }
      }
    }
  }
}`;

const RESOLVE = `mutation($thread: ID!) { resolveReviewThread(input: { threadId: $thread }) { thread { id isResolved } } }`;
const UNRESOLVE = `mutation($thread: ID!) { unresolveReviewThread(input: { threadId: $thread }) { thread { id isResolved } } }`;

interface ThreadsPage {
  repository: {
    pullRequest: {
      reviewThreads: {
        pageInfo: { hasNextPage: boolean; endCursor: string | null };
        nodes: Array<{
          id: string;
          isResolved: boolean;
          comments: { nodes: Array<{ databaseId: number | null }> };
        }>;
      };
    } | null;
  } | null;
}

/** A review thread, by the REST id of the comment that started it. */
export interface ReviewThread {
  id: string;
  isResolved: boolean;
}

/** Every review thread of the pull request, keyed by the database id of its first comment. */
export async function reviewThreadsByComment(
  octokit: Octokit,
  repo: { owner: string; repo: string },
  prNumber: number,
): Promise<Map<number, ReviewThread>> {
  const threads = new Map<number, ReviewThread>();
  let cursor: string | null = null;
  for (let page = 0; page < 50; page++) {
    const data: ThreadsPage = await octokit.graphql<ThreadsPage>(THREADS, {
      ...repo,
      number: prNumber,
      cursor,
    });
    const list = data.repository?.pullRequest?.reviewThreads;
    if (!list) break;
    for (const node of list.nodes) {
      const first = node.comments.nodes[0]?.databaseId;
      if (typeof first === 'number') threads.set(first, { id: node.id, isResolved: node.isResolved });
    }
    if (!list.pageInfo.hasNextPage) break;
    cursor = list.pageInfo.endCursor;
  }
  return threads;
}

/** Resolves (or reopens) one thread; a thread already in that state is left alone. */
export async function setThreadResolved(
  octokit: Octokit,
  thread: ReviewThread,
  resolved: boolean,
): Promise<void> {
  if (thread.isResolved === resolved) return;
  await octokit.graphql(resolved ? RESOLVE : UNRESOLVE, { thread: thread.id });
}
