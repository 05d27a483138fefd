// The App's test fixtures that need no HTTP interception: payloads, config, the App key. Benchmarks
// import this file, not app-kit.ts, so nock's fetch interceptor does not slow the App they measure.
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { Probot, ProbotOctokit } from 'probot';
import { type AppConfig, trussApp } from '../../src/app/index.js';
import { SigningKey } from '../../src/core/ledger/index.js';
import { parseAllowList } from '../../src/github/allow-list.js';
import { embedMeta } from '../../src/github/render/meta.js';
import { otherApp, type Poster, postedByActions } from '../helpers/comment-authors.js';
import { fakeAppKeyFile } from '../helpers/fake-app-key.js';
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
/** The fake App's id (APP_ID): what `app.id` says on the check runs it created. */
export const APP_ID = 123;

/**
 * One RSA key for the fake App: the suite's global setup makes it once (`fakeAppKeyFile`), as
 * generating one took up to a second in every test file that loads this one; a benchmark makes its own.
 */
const PRIVATE_KEY = existsSync(fakeAppKeyFile())
  ? readFileSync(fakeAppKeyFile(), 'utf8')
  : (generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs1',
      format: 'pem',
    }) as string);

export const APP_KEY = SigningKey.generate();

/** The fake App itself as a check run's `app` (id APP_ID, bot login `truss-app[bot]`, as GET /app says). */
export function ownApp(): Record<string, unknown> {
  return otherApp('truss-app', APP_ID);
}

export function appConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    // The id makeProbot's Probot authenticates as: the App's own check runs carry it (`app.id`).
    appId: APP_ID,
    signer: APP_KEY.key,
    allowedUsers: [],
    allowedBots: [],
    trigger: '/truss',
    workflow: 'truss.yml',
    ledgerBranch: 'truss-ledger',
    trustedKeys: '',
    commentAuthors: ['github-actions[bot]'],
    throttle: false,
    retryBaseMs: 1,
    tempDir: tempDir('app-test').dir,
    ...overrides,
  };
}

/** Allow-lists as the App reads them from TRUSS_APP_ALLOWED_USERS / TRUSS_APP_ALLOWED_BOTS. */
export function allowLists(users: string, bots = ''): Pick<AppConfig, 'allowedUsers' | 'allowedBots'> {
  return {
    allowedUsers: parseAllowList(users, 'TRUSS_APP_ALLOWED_USERS', { bots: false }),
    allowedBots: parseAllowList(bots, 'TRUSS_APP_ALLOWED_BOTS', { bots: true }),
  };
}

/** A Probot instance with the Truss App loaded; GitHub is whatever nock (or `baseUrl`) answers. */
export async function makeProbot(
  config: AppConfig = appConfig(),
  options: { baseUrl?: string; secret?: string; load?: boolean } = {},
): Promise<Probot> {
  const probot = new Probot({
    appId: APP_ID,
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

export function commentPayload(
  body: string,
  options: {
    /** The commenter (and sender); `id` replaces the example's account id (21031067). */
    user?: { login: string; type: 'User' | 'Bot'; id?: number };
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

/**
 * A sticky comment carrying `meta` as the Action writes it: by default with the workflow's token
 * (`github-actions[bot]`), or as `poster` (another App's bot posting a lookalike, the App's own).
 */
export function stickyComment(id: number, meta: Json, poster: Poster = postedByActions()): Json {
  return {
    id,
    body: `<!-- truss:sticky contract=${String(meta.contract)} -->\n### truss\n${embedMeta(meta)}`,
    ...poster,
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
