import nock from 'nock';
import { webhookExample } from '../helpers/fake-github.js';
import { API, BASE, contents, HEAD, INSTALLATION, PR, R, TOKEN } from './app-payloads.js';

type Json = Record<string, unknown>;

export * from './app-payloads.js';

/** The installation token request Probot makes once per installation (its cache keeps it). */
export function nockToken(): nock.Scope {
  return nock(API)
    .post(`/app/installations/${INSTALLATION}/access_tokens`)
    .reply(201, {
      token: TOKEN,
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
      permissions: {},
    });
}

/*
 * The GitHub requests a handled /truss command makes, as nock interceptors. Those that record what
 * the App sent return (or fill) the array the bodies are pushed to.
 */

/** GET the collaborator permission of `login`: `level` (read, write, admin, …) or 404 (no access). */
export function nockPermission(login: string, level: string | 404): void {
  const scope = nock(API).get(`${R}/collaborators/${encodeURIComponent(login)}/permission`);
  if (level === 404) scope.reply(404, { message: 'Not Found' });
  else scope.reply(200, { permission: level, role_name: level, user: { login } });
}

/**
 * GitHub's current state of a submitted review (GET .../pulls/{n}/reviews/{id}), which a sign-off
 * reads before signing: a dismissed review is never signed (record-sign-off.ts).
 */
export function nockReviewState(state = 'APPROVED'): void {
  nock(API)
    .get(new RegExp(`^${R}/pulls/\\d+/reviews/\\d+$`))
    .reply(200, (uri) => ({ id: Number(uri.split('/').pop()), state }));
}

/** `times` reactions on comment `commentId` (👀, then 🚀 or 😕); returns their contents in order. */
export function nockReactions(commentId: number, times = 1): string[] {
  const seen: string[] = [];
  nock(API)
    .post(`${R}/issues/comments/${commentId}/reactions`, (body) => {
      seen.push(body.content);
      return true;
    })
    .times(times)
    .reply(201, { id: 1 });
  return seen;
}

/** GET pull request #PR: head HEAD on base BASE, opened by `author`. */
export function nockPullRequest(author: { login: string; id: number } = PR_AUTHOR): void {
  const pr = webhookExample('pull_request', 'opened').pull_request as {
    number: number;
    head: { sha: string };
    base: { sha: string };
    user: Json;
  };
  nock(API)
    .get(`${R}/pulls/${PR}`)
    .reply(200, {
      ...pr,
      number: PR,
      head: { ...pr.head, sha: HEAD },
      base: { ...pr.base, sha: BASE },
      user: { ...pr.user, ...author },
    });
}

/**
 * Who opened the pull request nockPullRequest answers: a contributor, not the commenting maintainer
 * (the example's Codertocat), as when a maintainer approves someone else's gated run.
 */
export const PR_AUTHOR = { login: 'octocat', id: 583231 };

/** GET the pull request's comments: `comments` (sticky comments of earlier runs, see stickyComment). */
export function nockComments(comments: Json[]): void {
  nock(API).get(`${R}/issues/${PR}/comments`).query(true).reply(200, comments);
}

/**
 * What the App reads before it answers a refused command (refusal.ts): its own bot login (GET /app,
 * once per process) and the pull request's comments, here without an earlier refusal.
 */
export function nockNoEarlierRefusal(options: { ownApp?: boolean } = {}): void {
  if (options.ownApp !== false) nock(API).get('/app').reply(200, { id: 123, slug: 'truss-app' });
  nockComments([]);
}

/** No check runs on HEAD yet (so nothing was queued for this command before). */
export function nockNoChecks(): void {
  nock(API).get(`${R}/commits/${HEAD}/check-runs`).query(true).reply(200, { total_count: 0, check_runs: [] });
}

/** POST a check run, answered with id `id`; its body is pushed to `posted` (returned). */
export function nockCreateCheck(
  id: number,
  posted: Record<string, unknown>[] = [],
): Record<string, unknown>[] {
  nock(API)
    .post(`${R}/check-runs`, (body) => {
      posted.push(body);
      return true;
    })
    .reply(201, (_uri, body) => ({ id, ...(body as object), html_url: `https://github.com/x/runs/${id}` }));
  return posted;
}

/** PATCH check run `id` (completing it); its body is pushed to `updated` (returned). */
export function nockUpdateCheck(
  id: number,
  updated: Record<string, unknown>[] = [],
): Record<string, unknown>[] {
  nock(API)
    .patch(`${R}/check-runs/${id}`, (body) => {
      updated.push(body);
      return true;
    })
    .reply(200, { id });
  return updated;
}

/** Neither `.github/truss.yml` nor `.truss/config.toml` on the default branch `ref`. */
export function nockNoWorkflowConfig(ref = 'master'): void {
  for (const file of ['.github%2Ftruss.yml', '.truss%2Fconfig.toml']) {
    nock(API).get(`${R}/contents/${file}`).query({ ref }).reply(404, { message: 'Not Found' });
  }
}

/**
 * POST a workflow_dispatch of `workflow`, answered with `status` (204 accepted; 404 no such
 * workflow; 422 inputs refused); returns the bodies sent, each also passed to `record`.
 */
export function nockDispatch(
  workflow = 'truss.yml',
  status = 204,
  record: (body: Record<string, unknown>) => void = () => {},
): Record<string, unknown>[] {
  const posted: Record<string, unknown>[] = [];
  nock(API)
    .post(`${R}/actions/workflows/${workflow}/dispatches`, (body) => {
      posted.push(body);
      record(body);
      return true;
    })
    .reply(
      status,
      status === 204 ? undefined : { message: status === 404 ? 'Not Found' : 'Unexpected inputs provided' },
    );
  return posted;
}

/** POST a comment on the pull request (the App's reply); its text is pushed to `replies` (returned). */
export function nockReply(replies: string[] = []): string[] {
  nock(API)
    .post(`${R}/issues/${PR}/comments`, (body) => {
      replies.push(body.body);
      return true;
    })
    .reply(201, { id: 9, html_url: `https://github.com/x/pull/${PR}#issuecomment-9` });
  return replies;
}

/** A minimal checks-only contract with id `id` (and `paths`, when given). */
export function contractText(id: string, paths?: string[]): string {
  const filter = paths ? `paths = ${JSON.stringify(paths)}\n` : '';
  return `[contract]\nid = "${id}"\nintent = "check ${id}"\n${filter}\n[[done]]\nkind = "check"\ndesc = "true"\nrun = "true"\n`;
}

/** GET .truss/contracts at `ref`, then each file when `texts` gives it. */
export function nockContracts(
  ref: string,
  files: Record<string, string>,
  read: string[] = Object.keys(files),
): void {
  nock(API)
    .get(`${R}/contents/.truss%2Fcontracts`)
    .query({ ref })
    .reply(
      200,
      Object.keys(files).map((name) => ({ name, type: 'file', path: `.truss/contracts/${name}` })),
    );
  for (const name of read) nockContract(ref, name, files[name] as string);
}

export function nockContract(ref: string, name: string, text: string): void {
  nock(API)
    .get(`${R}/contents/.truss%2Fcontracts%2F${name}`)
    .query({ ref })
    .reply(200, contents(`.truss/contracts/${name}`, text));
}
