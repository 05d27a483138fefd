import { generateKeyPairSync } from 'node:crypto';
import nock from 'nock';
import { Probot, ProbotOctokit } from 'probot';
import { type AppConfig, trussApp } from '../../src/app/index.js';
import { SigningKey } from '../../src/core/ledger/index.js';
import { embedMeta } from '../../src/github/render/meta.js';
import { webhookExample } from '../helpers/fake-github.js';
import { tempDir } from '../helpers/temp-dir.js';

export const API = 'https://api.github.com';
export const OWNER = 'Codertocat';
export const REPO = 'Hello-World';
export const R = `/repos/${OWNER}/${REPO}`;
export const PR = 2;
export const INSTALLATION = 2;
export const HEAD = 'a1'.repeat(20);
export const BASE = 'b2'.repeat(20);
export const TOKEN = 'ghs_app_installation_token';

/** One RSA key for the fake App (generating one per test is slow). */
const PRIVATE_KEY = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
  type: 'pkcs1',
  format: 'pem',
}) as string;

export const APP_KEY = SigningKey.generate();

export function appConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    signer: APP_KEY.key,
    allowedUsers: [],
    allowedBots: [],
    trigger: '/truss',
    workflow: 'truss.yml',
    ledgerBranch: 'truss-ledger',
    trustedKeys: '',
    throttle: false,
    retryBaseMs: 1,
    tempDir: tempDir('app-test').dir,
    ...overrides,
  };
}

/** A Probot instance with the Truss App loaded; GitHub is whatever nock (or `baseUrl`) answers. */
export async function makeProbot(
  config: AppConfig = appConfig(),
  options: { baseUrl?: string; secret?: string; load?: boolean } = {},
): Promise<Probot> {
  const probot = new Probot({
    appId: 123,
    privateKey: PRIVATE_KEY,
    secret: options.secret ?? 'webhook-secret',
    logLevel: 'fatal',
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    Octokit: ProbotOctokit.defaults({ retry: { enabled: false }, throttle: { enabled: false } }),
  });
  if (options.load !== false) await probot.load(trussApp(config));
  await probot.ready();
  return probot;
}

export const PRIVATE_KEY_PEM = PRIVATE_KEY;

type Json = Record<string, unknown>;

/** Adds the installation (the examples mostly lack it) and points the payload at Codertocat/Hello-World. */
export function asInstallation(payload: Json): Json {
  payload.installation = { id: INSTALLATION, node_id: 'MDIzOkludGVncmF0aW9uSW5zdGFsbGF0aW9uMg==' };
  const repository = payload.repository as { name: string; full_name: string; owner: { login: string } };
  repository.name = REPO;
  repository.full_name = `${OWNER}/${REPO}`;
  repository.owner.login = OWNER;
  return payload;
}

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

export function commentPayload(
  body: string,
  options: {
    user?: { login: string; type: 'User' | 'Bot' };
    onPullRequest?: boolean;
    commentId?: number;
  } = {},
): Json {
  const payload = webhookExample('issue_comment', 'created') as Json & {
    issue: Json & { number: number };
    comment: Json & { id: number; body: string; user: Json };
    sender: Json;
    repository: Json;
  };
  if (options.onPullRequest !== false) {
    payload.issue.number = PR;
    payload.issue.pull_request = {
      url: `${API}${R}/pulls/${PR}`,
      html_url: `https://github.com/${OWNER}/${REPO}/pull/${PR}`,
    };
  }
  payload.comment.body = body;
  if (options.commentId) payload.comment.id = options.commentId;
  if (options.user) {
    payload.comment.user = { ...payload.comment.user, ...options.user };
    payload.sender = { ...payload.sender, ...options.user };
  }
  return asInstallation(payload);
}

/** Delivers `/truss …` (or any) comment `body` to `probot` as issue_comment.created delivery `id`. */
export async function receiveComment(
  probot: Probot,
  id: string,
  body: string,
  options: Parameters<typeof commentPayload>[1] = {},
): Promise<void> {
  await probot.receive({ id, name: 'issue_comment', payload: commentPayload(body, options) } as never);
}

export function reviewPayloadFor(options: {
  action: 'submitted' | 'dismissed';
  state: string;
  commitId: string;
  headSha?: string;
  reviewId?: number;
  user?: { login: string; type?: string };
}): Json {
  const payload = webhookExample('pull_request_review', options.action) as Json & {
    review: Json & { user: Json };
    pull_request: Json & { number: number; head: { sha: string }; base: { sha: string } };
  };
  payload.review.state = options.state;
  payload.review.commit_id = options.commitId;
  if (options.reviewId) payload.review.id = options.reviewId;
  if (options.user) payload.review.user = { ...payload.review.user, ...options.user };
  payload.pull_request.number = PR;
  payload.pull_request.head.sha = options.headSha ?? HEAD;
  payload.pull_request.base.sha = BASE;
  return asInstallation(payload);
}

/** A Bot sticky comment carrying `meta` as the Action writes it. */
export function stickyComment(id: number, meta: Json): Json {
  return {
    id,
    body: `<!-- truss:sticky contract=${String(meta.contract)} -->\n### truss\n${embedMeta(meta)}`,
    user: { login: 'github-actions[bot]', type: 'Bot' },
    html_url: `https://github.com/${OWNER}/${REPO}/pull/${PR}#issuecomment-${id}`,
  };
}

/** GET contents reply for a text file. */
export function contents(path: string, text: string): Json {
  return {
    type: 'file',
    name: path.split('/').pop(),
    path,
    sha: 'c'.repeat(40),
    size: Buffer.byteLength(text),
    encoding: 'base64',
    content: Buffer.from(text).toString('base64'),
  };
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

/** `times` reactions on comment `commentId` (👀, then 🚀 or 😕); returns their contents in order. */
export function nockReactions(commentId: number, times = 2): string[] {
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

/** GET pull request #PR: head HEAD on base BASE. */
export function nockPullRequest(): void {
  nock(API)
    .get(`${R}/pulls/${PR}`)
    .reply(200, { number: PR, head: { sha: HEAD }, base: { sha: BASE } });
}

/** GET the pull request's comments: `comments` (sticky comments of earlier runs, see stickyComment). */
export function nockComments(comments: Json[]): void {
  nock(API).get(`${R}/issues/${PR}/comments`).query(true).reply(200, comments);
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
