/**
 * Runs the BUILT action entry (this test run's build of src/action, see test/global-setup.ts) the way a runner does — a child process with the
 * runner's environment variables, an event payload file, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY —
 * against a local fake GitHub API (test/helpers/fake-github.ts) that serves a repository
 * Codertocat/Hello-World with pull request #2, and real git repositories on disk:
 *
 * - `source`: `main` (the PR base) and `feature` (the PR head, checked out), as actions/checkout
 *   leaves the workspace for a `pull_request` event;
 * - `origin`: a bare repository holding `main` and `refs/pull/2/head`, like GitHub;
 * - `cloneWorkspace()`: a fresh clone of `origin` at `main`, as actions/checkout leaves the
 *   workspace for `issue_comment` (the default branch).
 *
 * The fake is stateful where the action reads back what it wrote: issue comments, check runs and a
 * ledger branch kept through the Git Data API (blobs → trees → commits → refs, read back through the
 * contents API). Async child process only: spawnSync would block the fake server in this process.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { SigningKey } from '../../src/core/ledger/index.js';
import { builtEntry } from './built-dist.js';
import { actionsApp, otherApp, postedByActions, postedByApp } from './comment-authors.js';
import { contractToml, GREETING_CONTRACT } from './contract-toml.js';
import { contentsFile, FakeGitHub, type RecordedRequest, webhookExample } from './fake-github.js';
import { commitFiles, git, initRepo } from './git.js';
import { tempDir } from './temp-dir.js';

export const OWNER = 'Codertocat';
export const REPO = 'Hello-World';
export const API = `/repos/${OWNER}/${REPO}`;
export const PR_NUMBER = 2;
export const TOKEN = 'ghs_faketoken000000000000000000000000';
export const LEDGER_BRANCH = 'truss-ledger';
/** GITHUB_RUN_ID of every harness run, and the run URL the action links its checks to. */
export const RUN_ID = '987654';
export const RUN_URL = `https://github.com/${OWNER}/${REPO}/actions/runs/${RUN_ID}`;
/** The check that shows whether a human signed off on the current evidence. */
export const HUMAN_REVIEW = 'truss / human review';

/** What a PR author would love to run instead: a check that always passes (on the PR head only). */
export const HEAD_CONTRACT = contractToml(
  { id: 'greeting-0001', intent: 'anything' },
  { kind: 'check', desc: 'always passes', run: 'true' },
);

export { git };

type Json = Record<string, unknown>;

export { webhookExample };

/** The `pull_request` object of the real `pull_request.opened` example (#2), at the given SHAs. */
/** Who opened pull request #2 in these tests (issueCommentPayload's commenter is someone else). */
export const PR_AUTHOR = { login: 'octocat', id: 583231 };

export function pullRequestObject(headSha: string, baseSha: string): Json {
  const pr = webhookExample('pull_request', 'opened').pull_request as {
    head: { sha: string };
    base: { sha: string };
    user: Json;
  };
  pr.head.sha = headSha;
  pr.base.sha = baseSha;
  // Opened by a contributor: the commands in these tests come from the example's Codertocat, a
  // maintainer, and an author may not approve their own pull request's gated run.
  pr.user = { ...pr.user, ...PR_AUTHOR };
  return pr as unknown as Json;
}

/**
 * The real `workflow_dispatch` example with the inputs the Truss App dispatches: pull request #2 at
 * `headSha`, contract `greeting`, then `inputs` (mode, requester, check_run_id, …).
 */
export function appDispatchPayload(headSha: string, inputs: Record<string, string>): Json {
  const payload = webhookExample('workflow_dispatch');
  payload.inputs = { pr_number: String(PR_NUMBER), head_sha: headSha, contract: 'greeting', ...inputs };
  return payload;
}

export function pullRequestPayload(headSha: string, baseSha: string): Json {
  const payload = webhookExample('pull_request', 'opened');
  payload.pull_request = pullRequestObject(headSha, baseSha);
  return payload;
}

/**
 * The real `issue_comment.created` example (a comment on issue #1) adapted to a comment on pull
 * request #2: the issue gets `pull_request` links, the comment the given body and author.
 */
export function issueCommentPayload(
  body: string,
  options: {
    /** The commenter (and sender); `id` replaces the example's account id (21031067). */
    user?: { login: string; type: 'User' | 'Bot'; id?: number };
    onPullRequest?: boolean;
  } = {},
): Json {
  const payload = webhookExample('issue_comment', 'created') as {
    issue: Json & { number: number };
    comment: Json & { body: string; user: { login: string; type: string } };
    sender: { login: string; type: string };
  };
  if (options.onPullRequest !== false) {
    payload.issue.number = PR_NUMBER;
    payload.issue.pull_request = {
      url: `https://api.github.com${API}/pulls/${PR_NUMBER}`,
      html_url: `https://github.com/${OWNER}/${REPO}/pull/${PR_NUMBER}`,
      diff_url: `https://github.com/${OWNER}/${REPO}/pull/${PR_NUMBER}.diff`,
      patch_url: `https://github.com/${OWNER}/${REPO}/pull/${PR_NUMBER}.patch`,
    };
  }
  payload.comment.body = body;
  if (options.user) {
    payload.comment.user = { ...payload.comment.user, ...options.user };
    payload.sender = { ...payload.sender, ...options.user };
  }
  return payload as unknown as Json;
}

/**
 * A real `pull_request_review` example adapted: `submitted` with the given state (approved /
 * changes_requested) or `dismissed`, reviewing `commitId`, on PR #2 whose head is `headSha`.
 */
export function reviewPayload(options: {
  action: 'submitted' | 'dismissed';
  state: 'approved' | 'changes_requested' | 'commented' | 'dismissed';
  commitId: string;
  headSha: string;
  baseSha: string;
  user?: { login: string; type?: 'User' | 'Bot' };
  body?: string | null;
  /** The review's id (the examples' submitted and dismissed reviews have different ones). */
  reviewId?: number;
}): Json {
  const payload = webhookExample('pull_request_review', options.action) as {
    review: Json & { user: Json };
    pull_request: { head: { sha: string }; base: { sha: string } };
    sender: Json;
  };
  payload.review.state = options.state;
  payload.review.commit_id = options.commitId;
  if (options.body !== undefined) payload.review.body = options.body;
  if (options.reviewId !== undefined) payload.review.id = options.reviewId;
  if (options.user) {
    payload.review.user = { ...payload.review.user, ...options.user };
    payload.sender = { ...payload.sender, ...options.user };
  }
  payload.pull_request.head.sha = options.headSha;
  payload.pull_request.base.sha = options.baseSha;
  return payload as unknown as Json;
}

export interface FakeReaction {
  id: number;
  comment_id: number;
  content: string;
  user: { login: string; id: number; type: string };
}

export interface FakeComment {
  id: number;
  body: string;
  user: { login: string; type: string };
  performed_via_github_app?: Record<string, unknown> | null;
  html_url: string;
}

export interface FakeCheckRun {
  id: number;
  name: string;
  head_sha: string;
  status: string;
  conclusion: string | null;
  html_url: string;
  details_url?: string | null;
  external_id?: string | null;
  output: { title?: string; summary?: string } | null;
  /** The app that created it; absent = the github-actions app (GITHUB_TOKEN, a workflow job). */
  app?: Record<string, unknown>;
}

/** The body of POST /repos/{owner}/{repo}/check-runs, as the action sends it. */
export interface CheckRunCreate {
  name: string;
  head_sha: string;
  status?: string;
  conclusion?: string;
  started_at?: string;
  completed_at?: string;
  details_url?: string;
  external_id?: string;
  output?: { title: string; summary: string; text?: string };
}

/** The check runs the action created (POST /check-runs) with this name, in order. */
export function createdCheckRuns(fake: FakeGitHub, name: string): CheckRunCreate[] {
  return fake
    .calls('POST', /\/check-runs$/)
    .map((r) => r.body as CheckRunCreate)
    .filter((body) => body.name === name);
}

/** Collaborator permission as GET .../collaborators/{user}/permission answers it, or 404. */
export type Permission = { permission: string; role_name: string } | 404;

export interface ActionRun {
  code: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
}

/**
 * A branch kept through the Git Data API, faithfully enough for commitFilesToBranch: content-addressed
 * blobs, trees layered on a base tree, commits with parents, a ref that only moves fast-forward.
 */
export class FakeLedgerBranch {
  readonly blobs = new Map<string, Buffer>();
  readonly trees = new Map<string, Map<string, string>>();
  readonly commits = new Map<string, { tree: string; parents: string[]; message: string }>();
  head: string | null = null;

  constructor(readonly branch: string) {}

  /** The file at `path` on the branch head, or null. */
  file(path: string): string | null {
    return this.head ? this.fileAt(this.head, path) : null;
  }

  /** The file at `path` in commit `sha`, or null. */
  fileAt(sha: string, path: string): string | null {
    const commit = this.commits.get(sha);
    const blob = commit ? this.trees.get(commit.tree)?.get(path) : undefined;
    return blob ? (this.blobs.get(blob)?.toString('utf8') ?? null) : null;
  }

  /** Puts files on the branch as one commit, the way an earlier job would have. */
  seed(files: Record<string, string>, message = 'seed'): string {
    const tree = new Map(this.head ? this.trees.get(this.commits.get(this.head)?.tree ?? '') : []);
    for (const [path, text] of Object.entries(files)) tree.set(path, this.#blob(Buffer.from(text)));
    const treeSha = this.#store(this.trees, tree, 'tree');
    const sha = this.#store(
      this.commits,
      { tree: treeSha, parents: this.head ? [this.head] : [], message },
      'commit',
    );
    this.head = sha;
    return sha;
  }

  #blob(bytes: Buffer): string {
    const sha = createHash('sha1').update(bytes).digest('hex');
    this.blobs.set(sha, bytes);
    return sha;
  }

  #store<T>(map: Map<string, T>, value: T, kind: string): string {
    const sha = createHash('sha1')
      .update(`${kind}:${map.size}:${randomBytes(8).toString('hex')}`)
      .digest('hex');
    map.set(sha, value);
    return sha;
  }

  install(fake: FakeGitHub): void {
    const escaped = this.branch.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
    fake
      .on('POST', new RegExp(`^${API}/git/blobs$`), (req) => {
        const body = req.body as { content: string; encoding: string };
        const sha = this.#blob(Buffer.from(body.content, body.encoding === 'base64' ? 'base64' : 'utf8'));
        return { status: 201, body: { sha, url: `https://api.github.com${API}/git/blobs/${sha}` } };
      })
      .on('GET', new RegExp(`^${API}/git/ref/heads/${escaped}$`), () =>
        this.head
          ? {
              body: {
                ref: `refs/heads/${this.branch}`,
                object: { sha: this.head, type: 'commit' },
              },
            }
          : { status: 404, body: { message: 'Not Found' } },
      )
      .on('GET', new RegExp(`^${API}/git/commits/[0-9a-f]{40}$`), (req) => {
        const sha = req.path.split('?')[0]?.split('/').pop() ?? '';
        const commit = this.commits.get(sha);
        return commit
          ? { body: { sha, tree: { sha: commit.tree }, parents: commit.parents.map((p) => ({ sha: p })) } }
          : { status: 404, body: { message: 'Not Found' } };
      })
      .on('POST', new RegExp(`^${API}/git/trees$`), (req) => {
        const body = req.body as { base_tree?: string; tree: { path: string; sha: string }[] };
        const base = body.base_tree ? this.trees.get(body.base_tree) : new Map<string, string>();
        if (!base) return { status: 422, body: { message: 'base_tree is not a tree' } };
        const tree = new Map(base);
        for (const entry of body.tree) {
          if (!this.blobs.has(entry.sha)) return { status: 422, body: { message: 'unknown blob' } };
          tree.set(entry.path, entry.sha);
        }
        return { status: 201, body: { sha: this.#store(this.trees, tree, 'tree') } };
      })
      .on('POST', new RegExp(`^${API}/git/commits$`), (req) => {
        const body = req.body as { message: string; tree: string; parents: string[] };
        if (!this.trees.has(body.tree)) return { status: 422, body: { message: 'unknown tree' } };
        const sha = this.#store(this.commits, body, 'commit');
        return {
          status: 201,
          body: { sha, html_url: `https://github.com/${OWNER}/${REPO}/commit/${sha}` },
        };
      })
      .on('POST', new RegExp(`^${API}/git/refs$`), (req) => {
        const body = req.body as { ref: string; sha: string };
        if (body.ref !== `refs/heads/${this.branch}` || this.head)
          return { status: 422, body: { message: 'Reference already exists' } };
        this.head = body.sha;
        return { status: 201, body: { ref: body.ref, object: { sha: body.sha } } };
      })
      .on('PATCH', new RegExp(`^${API}/git/refs/heads/${escaped}$`), (req) => {
        const body = req.body as { sha: string; force?: boolean };
        const commit = this.commits.get(body.sha);
        if (!commit || (!body.force && !commit.parents.includes(this.head ?? '')))
          return { status: 422, body: { message: 'Update is not a fast forward' } };
        this.head = body.sha;
        return { body: { ref: `refs/heads/${this.branch}`, object: { sha: body.sha } } };
      })
      .on('GET', new RegExp(`^${API}/contents/(sessions/[^/]+\\.json|anchor/[^/]+|memory/.+)$`), (req) => {
        const path = (req.path.split('?')[0] ?? '').slice(`${API}/contents/`.length);
        const ref = queryOf(req).get('ref');
        const text = ref === this.branch ? this.file(path) : ref ? this.fileAt(ref, path) : null;
        return text === null
          ? { status: 404, body: { message: 'Not Found' } }
          : { body: contentsFile(path, text) };
      });
  }
}

/** The query parameters of a recorded request. */
export function queryOf(request: RecordedRequest): URLSearchParams {
  return new URLSearchParams(request.path.split('?')[1] ?? '');
}

/** `METHOD /path?query` for each request, for asserting exactly what the action asked GitHub. */
export function requestLines(fake: FakeGitHub): string[] {
  return fake.requests.map((r) => `${r.method} ${r.path.replace(API, '')}`);
}

export class ActionHarness {
  readonly fake = new FakeGitHub();
  readonly ledger = new FakeLedgerBranch(LEDGER_BRANCH);
  readonly comments: FakeComment[] = [];
  /** Reactions on issue comments, one per account, comment and content (as GitHub keeps them). */
  readonly reactions: FakeReaction[] = [];
  readonly checkRuns: FakeCheckRun[] = [];
  /**
   * The app the job's token belongs to: GITHUB_TOKEN's github-actions app by default, or an App
   * whose installation token the workflow passes (`useAppToken`). Like GitHub, the fake lets only
   * the app that created a check run change it, and posts comments as the token's app.
   */
  tokenApp: { slug: string; id: number } = { slug: 'github-actions', id: 15368 };
  useAppToken(slug: string, id = 424242): void {
    this.tokenApp = { slug, id };
  }
  /** Who the token posts as: GITHUB_TOKEN's github-actions[bot], or the App's bot. */
  #tokenPoster() {
    return this.tokenApp.slug === 'github-actions'
      ? postedByActions()
      : postedByApp(this.tokenApp.slug, this.tokenApp.id);
  }
  #tokenAppJson(): Record<string, unknown> {
    return this.tokenApp.slug === 'github-actions'
      ? actionsApp()
      : otherApp(this.tokenApp.slug, this.tokenApp.id);
  }
  /** Permission per login for GET .../collaborators/{login}/permission; unlisted logins get 404. */
  readonly permissions = new Map<string, Permission>();
  /**
   * GitHub's state of each review a `pull_request_review` job was run for, as GET .../reviews/{id}
   * answers it: the state it was submitted in, DISMISSED once a dismissal ran (never back again).
   */
  readonly reviews = new Map<number, string>();
  readonly root: string;
  readonly source: string;
  readonly origin: string;
  readonly runnerTemp: string;
  readonly baseSha: string;
  readonly headSha: string;
  readonly seed: string;
  readonly key: SigningKey;
  /**
   * The contract text `.truss/contracts/greeting.toml` holds at the base commit, what the PR is
   * judged by (tests may swap it).
   */
  baseContract = GREETING_CONTRACT;
  #url: string | null = null;
  #runs = 0;

  constructor() {
    const generated = SigningKey.generate();
    this.seed = generated.seedBase64;
    this.key = generated.key;
    this.root = tempDir('action').dir;
    this.runnerTemp = join(this.root, 'runner-temp');
    mkdirSync(this.runnerTemp);
    this.source = join(this.root, 'source');
    this.origin = join(this.root, 'origin.git');
    const repos = harnessRepos();
    cpSync(repos.source, this.source, { recursive: true });
    cpSync(repos.origin, this.origin, { recursive: true });
    this.headSha = repos.headSha;
    this.baseSha = repos.baseSha;
    this.#installRoutes();
  }

  /**
   * Writes a scripted-provider fixture into the PR workspace (under `.git/`, so it is in the
   * repository directory, where scripted fixtures must live, but never part of a diff or the
   * reviewers' evidence) and returns its absolute path for a contract's `script = ...`.
   */
  fixture(name: string, content: string, workspace = this.source): string {
    const dir = join(workspace, '.git', 'truss-fixtures');
    mkdirSync(dir, { recursive: true });
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  }

  /** A fresh clone of origin at main: the workspace of an issue_comment job. */
  cloneWorkspace(): string {
    const dir = join(this.root, `clone-${++this.#runs}`);
    git(this.root, 'clone', '-q', this.origin, dir);
    return dir;
  }

  /**
   * What actions/checkout leaves for a `pull_request` event by default: a shallow (depth 1) fetch of
   * GitHub's merge commit refs/pull/N/merge, detached. Returns the workspace and the merge SHA.
   */
  mergeWorkspace(): { workspace: string; mergeSha: string } {
    const scratch = this.cloneWorkspace();
    git(scratch, 'fetch', '-q', 'origin', `refs/pull/${PR_NUMBER}/head`);
    git(scratch, 'merge', '-q', '--no-ff', '-m', `Merge ${this.headSha} into ${this.baseSha}`, 'FETCH_HEAD');
    const mergeSha = git(scratch, 'rev-parse', 'HEAD');
    git(scratch, 'push', '-q', 'origin', `HEAD:refs/pull/${PR_NUMBER}/merge`);
    const dir = join(this.root, `merge-${++this.#runs}`);
    mkdirSync(dir);
    git(dir, 'init', '-q');
    git(dir, 'remote', 'add', 'origin', `file://${this.origin}`);
    git(
      dir,
      'fetch',
      '-q',
      '--no-tags',
      '--depth=1',
      'origin',
      `+refs/pull/${PR_NUMBER}/merge:refs/remotes/pull/${PR_NUMBER}/merge`,
    );
    git(dir, 'checkout', '-q', '--detach', `refs/remotes/pull/${PR_NUMBER}/merge`);
    return { workspace: dir, mergeSha };
  }

  /**
   * What actions/checkout leaves with `ref: <PR head sha>`: a clone of origin detached at the PR
   * head, with `origin` pointing at the (bare) origin, so pushes land where GitHub would keep them.
   */
  headWorkspace(): string {
    const dir = this.cloneWorkspace();
    git(dir, 'fetch', '-q', 'origin', `refs/pull/${PR_NUMBER}/head`);
    git(dir, 'checkout', '-q', '--detach', this.headSha);
    return dir;
  }

  /** An empty workspace, as a job without actions/checkout has. */
  emptyWorkspace(): string {
    const dir = join(this.root, `empty-${++this.#runs}`);
    mkdirSync(dir);
    return dir;
  }

  /** A permission answer for `login` (`role` defaults to the base permission). */
  allow(login: string, permission: string, role = permission): this {
    this.permissions.set(login, { permission, role_name: role });
    return this;
  }

  async run(options: {
    eventName: string;
    payload: Json;
    workspace?: string;
    actor?: string;
    /** GITHUB_SHA; default the workspace HEAD. */
    sha?: string;
    env?: Record<string, string>;
    /** The action entry to run; default this test run's build of action.cjs. */
    entry?: string;
  }): Promise<ActionRun> {
    this.#url ??= await this.fake.start();
    if (options.eventName === 'pull_request_review') {
      const { action, review } = options.payload as {
        action?: string;
        review?: { id: number; state?: string };
      };
      if (review && action === 'dismissed') this.reviews.set(review.id, 'DISMISSED');
      else if (review && !this.reviews.has(review.id))
        this.reviews.set(review.id, String(review.state).toUpperCase());
    }
    const n = ++this.#runs;
    const eventPath = join(this.runnerTemp, `event-${n}.json`);
    writeFileSync(eventPath, JSON.stringify(options.payload));
    const outputFile = join(this.runnerTemp, `output-${n}`);
    const summaryFile = join(this.runnerTemp, `summary-${n}`);
    writeFileSync(outputFile, '');
    writeFileSync(summaryFile, '');
    const workspace = options.workspace ?? this.source;
    const result = await runChild(process.execPath, [options.entry ?? builtEntry('action.cjs')], {
      cwd: workspace,
      env: {
        PATH: process.env.PATH,
        HOME: this.runnerTemp,
        // The suite's one bytecode cache (global-setup.ts), as a self-hosted runner keeps the Action's
        // between jobs (src/action/index.ts): each harness's fresh HOME otherwise compiled it all again.
        XDG_CACHE_HOME: process.env.XDG_CACHE_HOME,
        GITHUB_EVENT_NAME: options.eventName,
        GITHUB_EVENT_PATH: eventPath,
        GITHUB_REPOSITORY: `${OWNER}/${REPO}`,
        GITHUB_SHA: options.sha ?? headOf(workspace),
        GITHUB_ACTOR: options.actor ?? 'Codertocat',
        GITHUB_RUN_ID: RUN_ID,
        GITHUB_SERVER_URL: 'https://github.com',
        GITHUB_API_URL: this.#url,
        GITHUB_WORKSPACE: workspace,
        GITHUB_OUTPUT: outputFile,
        GITHUB_STEP_SUMMARY: summaryFile,
        RUNNER_TEMP: this.runnerTemp,
        INPUT_GITHUB_TOKEN: TOKEN,
        INPUT_SIGNING_KEY: this.seed,
        ...options.env,
      },
    });
    return {
      code: result.status,
      stdout: result.stdout,
      stderr: result.stderr,
      outputs: parseOutputs(readFileSync(outputFile, 'utf8')),
      summary: readFileSync(summaryFile, 'utf8'),
    };
  }

  /**
   * Runs the pull_request flow on PR #2. By default the workspace is `source` and the PR head is
   * whatever it has checked out (tests may commit more); with `workspace`, the head is `headSha`.
   */
  async runPullRequest(
    env: Record<string, string> = {},
    workspace?: string,
    entry?: string,
  ): Promise<ActionRun & { headSha: string }> {
    const headSha = workspace ? this.headSha : git(this.source, 'rev-parse', 'HEAD');
    const run = await this.run({
      eventName: 'pull_request',
      payload: pullRequestPayload(headSha, this.baseSha),
      env,
      ...(workspace ? { workspace } : {}),
      ...(entry ? { entry } : {}),
    });
    return { ...run, headSha };
  }

  /** Stops the fake and removes every directory the harness made (bundle paths included). */
  async stop(): Promise<void> {
    await this.fake.stop();
    rmSync(this.root, { recursive: true, force: true });
  }

  #installRoutes(): void {
    const notFound = { status: 404, body: { message: 'Not Found' } };
    // Contracts and config exist only on the base commit: a read at any other ref finds nothing.
    const atBase = (req: RecordedRequest) => queryOf(req).get('ref') === this.baseSha;
    this.fake
      .on('GET', new RegExp(`^${API}/collaborators/[^/]+/permission$`), (req) => {
        const login = (req.path.split('?')[0] ?? '').split('/').at(-2) ?? '';
        const permission = this.permissions.get(login);
        return permission === undefined || permission === 404
          ? notFound
          : { body: { ...permission, user: { login, type: 'User' } } };
      })
      .on('GET', new RegExp(`^${API}/pulls/${PR_NUMBER}/reviews/\\d+$`), (req) => {
        const id = Number(req.path.split('?')[0]?.split('/').pop());
        const state = this.reviews.get(id);
        return state === undefined ? notFound : { body: { id, state, user: { login: 'Codertocat' } } };
      })
      .on('GET', new RegExp(`^${API}/pulls/${PR_NUMBER}$`), () => ({
        body: pullRequestObject(this.headSha, this.baseSha),
      }))
      .on('GET', new RegExp(`^${API}/contents/\\.truss/config\\.toml$`), () => notFound)
      .on('GET', new RegExp(`^${API}/contents/\\.truss/contracts$`), (req) =>
        atBase(req)
          ? {
              body: [
                {
                  name: 'greeting.toml',
                  path: '.truss/contracts/greeting.toml',
                  type: 'file',
                  sha: 'a'.repeat(40),
                  size: this.baseContract.length,
                },
              ],
            }
          : notFound,
      )
      .on('GET', new RegExp(`^${API}/contents/\\.truss/contracts/greeting\\.toml$`), (req) =>
        atBase(req) ? { body: contentsFile('.truss/contracts/greeting.toml', this.baseContract) } : notFound,
      )
      .on('POST', new RegExp(`^${API}/check-runs$`), (req) => {
        const body = req.body as CheckRunCreate;
        // Like GitHub: a check created as completed needs a conclusion; a conclusion completes it.
        if (body.status === 'completed' && !body.conclusion)
          return { status: 422, body: { message: 'conclusion is required when status is completed' } };
        const id = 4242 + this.checkRuns.length;
        const run: FakeCheckRun = {
          id,
          name: body.name,
          head_sha: body.head_sha,
          status: body.conclusion ? 'completed' : (body.status ?? 'queued'),
          conclusion: body.conclusion ?? null,
          html_url: `https://github.com/${OWNER}/${REPO}/runs/${id}`,
          details_url: body.details_url ?? null,
          external_id: body.external_id ?? null,
          output: body.output ?? null,
        };
        run.app = this.#tokenAppJson();
        this.checkRuns.push(run);
        // As GitHub answers: the check belongs to the token's app (github-actions for GITHUB_TOKEN).
        return { status: 201, body: run };
      })
      .on('GET', new RegExp(`^${API}/check-runs/\\d+$`), (req) => {
        const id = Number(req.path.split('?')[0]?.split('/').pop());
        const run = this.checkRuns.find((r) => r.id === id);
        return run ? { body: { ...run, app: run.app ?? actionsApp() } } : notFound;
      })
      .on('PATCH', new RegExp(`^${API}/check-runs/\\d+$`), (req) => {
        const id = Number(req.path.split('?')[0]?.split('/').pop());
        const run = this.checkRuns.find((r) => r.id === id);
        if (!run) return notFound;
        const owner = (run.app?.slug as string | undefined) ?? 'github-actions';
        if (owner !== this.tokenApp.slug)
          return {
            status: 403,
            body: {
              message: `Invalid app_id \`${this.tokenApp.id}\` - check run can only be modified by the GitHub App that created it.`,
              documentation_url: 'https://docs.github.com/rest/checks/runs#update-a-check-run',
            },
          };
        const body = req.body as Partial<FakeCheckRun>;
        Object.assign(run, {
          status: body.status ?? run.status,
          conclusion: body.conclusion ?? run.conclusion,
          output: body.output ?? run.output,
        });
        return { body: { ...run, app: run.app ?? actionsApp() } };
      })
      .on('GET', new RegExp(`^${API}/issues/${PR_NUMBER}/comments$`), () => ({ body: this.comments }))
      .on('POST', new RegExp(`^${API}/issues/${PR_NUMBER}/comments$`), (req) => {
        const id = 7001 + this.comments.length;
        const comment: FakeComment = {
          id,
          body: (req.body as { body: string }).body,
          // As GitHub answers: the comment is the token's app's (github-actions for GITHUB_TOKEN).
          ...this.#tokenPoster(),
          html_url: `https://github.com/${OWNER}/${REPO}/pull/${PR_NUMBER}#issuecomment-${id}`,
        };
        this.comments.push(comment);
        return { status: 201, body: comment };
      })
      .on('PATCH', new RegExp(`^${API}/issues/comments/\\d+$`), (req) => {
        const id = Number(req.path.split('?')[0]?.split('/').pop());
        const comment = this.comments.find((c) => c.id === id);
        if (!comment) return notFound;
        comment.body = (req.body as { body: string }).body;
        return { body: comment };
      })
      // Like GitHub: one reaction per account and content; the same account's second request answers
      // 200 with the reaction it added before (the claim of an approval gate relies on it).
      .on('POST', new RegExp(`^${API}/issues/comments/\\d+/reactions$`), (req) => {
        const commentId = Number(req.path.split('?')[0]?.split('/').at(-2));
        const content = (req.body as { content: string }).content;
        const user = this.#tokenPoster().user;
        const existing = this.reactions.find(
          (r) => r.comment_id === commentId && r.content === content && r.user.login === user.login,
        );
        if (existing) return { status: 200, body: existing };
        const reaction = { id: 30_001 + this.reactions.length, comment_id: commentId, content, user };
        this.reactions.push(reaction);
        return { status: 201, body: reaction };
      })
      .on('GET', new RegExp(`^${API}/issues/comments/\\d+/reactions$`), (req) => {
        const commentId = Number(req.path.split('?')[0]?.split('/').at(-2));
        const content = queryOf(req).get('content');
        return {
          body: this.reactions.filter(
            (r) => r.comment_id === commentId && (!content || r.content === content),
          ),
        };
      })
      .on('DELETE', new RegExp(`^${API}/issues/comments/\\d+/reactions/\\d+$`), (req) => {
        const id = Number(req.path.split('?')[0]?.split('/').pop());
        const at = this.reactions.findIndex((r) => r.id === id);
        if (at < 0) return notFound;
        this.reactions.splice(at, 1);
        return { status: 204 };
      })
      .on('GET', new RegExp(`^${API}/commits/[0-9a-f]{40}/check-runs$`), (req) => {
        const sha = (req.path.split('?')[0] ?? '').split('/').at(-2);
        const runs = this.checkRuns
          .filter((r) => r.head_sha === sha)
          .map((r) => ({ ...r, app: r.app ?? actionsApp() }));
        return { body: { total_count: runs.length, check_runs: runs } };
      });
    this.ledger.install(this.fake);
  }
}

let built: { source: string; origin: string; headSha: string; baseSha: string } | undefined;

/**
 * The repositories every harness starts from, made with real git once per test file and copied into
 * each harness's own directory: a dozen git processes per test were a large part of the action
 * tests' cost, and every harness got the same content anyway.
 */
function harnessRepos(): { source: string; origin: string; headSha: string; baseSha: string } {
  if (built) return built;
  const root = tempDir('action-repos').dir;
  const source = initRepo(join(root, 'source'), { 'README.md': '# hello\n' });
  git(source, 'checkout', '-qb', 'feature');
  const headSha = commitFiles(
    source,
    { 'greeting.txt': 'hello from the harness\n', '.truss/contracts/greeting.toml': HEAD_CONTRACT },
    'add greeting',
  );
  const baseSha = git(source, 'rev-parse', 'main');
  const origin = join(root, 'origin.git');
  git(root, 'init', '-q', '--bare', '-b', 'main', origin);
  git(source, 'push', '-q', origin, 'main', `feature:refs/pull/${PR_NUMBER}/head`);
  built = { source, origin, headSha, baseSha };
  return built;
}

function headOf(dir: string): string {
  try {
    return git(dir, 'rev-parse', 'HEAD');
  } catch {
    return '';
  }
}

export function runChild(
  command: string,
  args: string[],
  options: { cwd: string; env: Record<string, string | undefined> },
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** The step outputs the action wrote to GITHUB_OUTPUT (`name<<delimiter` blocks). */
export function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const re = /^([\w-]+)<<(ghadelimiter_[\w-]+)\n([\s\S]*?)\n\2$/gm;
  for (const m of text.matchAll(re)) outputs[m[1] as string] = m[3] as string;
  return outputs;
}

/**
 * Asserts the requests the action sent, in order, where a nested array is a group the action sends
 * side by side (their arrival order at the server is not the action's to decide).
 */
export function expectRequestSequence(
  lines: readonly string[],
  expected: readonly (string | readonly string[])[],
) {
  const flat = expected.flatMap((item) => (typeof item === 'string' ? [item] : [...item]));
  expect(lines).toHaveLength(flat.length);
  let at = 0;
  for (const item of expected) {
    const group = typeof item === 'string' ? [item] : [...item];
    expect([...lines.slice(at, at + group.length)].sort()).toEqual([...group].sort());
    at += group.length;
  }
  // Within a group each request still follows the ones it depends on, as listed.
  for (const item of expected)
    if (typeof item !== 'string') {
      const positions = item.map((line) => lines.indexOf(line));
      const dependent = positions.filter((_, i) => (item[i] as string).startsWith('POST /issues/'));
      const lookup = positions.filter((_, i) => (item[i] as string).startsWith('GET /issues/'));
      if (dependent.length && lookup.length)
        expect(Math.min(...dependent)).toBeGreaterThan(Math.max(...lookup));
    }
}
