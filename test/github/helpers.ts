import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nock from 'nock';
import type { Logger } from '../../src/github/logger.js';
import { createOctokit, type Octokit } from '../../src/github/octokit.js';
import type { RunAndReportOptions } from '../../src/github/run-and-report.js';
import { pullRequestObject } from '../helpers/action-harness.js';
import { webhookExample, webhookExamples } from '../helpers/fake-github.js';
import { SESSION_KEY } from '../helpers/ledger-kit.js';

export const API = 'https://api.github.com';
export const OWNER = 'Codertocat';
export const REPO = 'Hello-World';

export interface CapturedLog extends Logger {
  lines: { level: 'info' | 'warning' | 'error'; message: string }[];
  text(): string;
}

/** A Logger that records every line, for asserting on what was logged. */
export function captureLog(): CapturedLog {
  const lines: CapturedLog['lines'] = [];
  return {
    lines,
    info: (message) => lines.push({ level: 'info', message }),
    warning: (message) => lines.push({ level: 'warning', message }),
    error: (message) => lines.push({ level: 'error', message }),
    group: (_name, fn) => fn(),
    text: () => lines.map((line) => `${line.level}: ${line.message}`).join('\n'),
  };
}

/**
 * The production factory with instant backoff and without the one-second pacing of writes, so
 * tests exercise the real retry wiring without waiting.
 */
export function testOctokit(log: Logger = captureLog(), overrides: { throttle?: boolean } = {}): Octokit {
  return createOctokit({
    token: 'ghs_test_token',
    log,
    retryBaseMs: 1,
    throttle: overrides.throttle ?? false,
  });
}

/**
 * An Octokit whose fetch records every call and fails it: for proving a dry run sends nothing, even
 * through code that swallows errors (reactions).
 */
export function recordingOctokit(log: Logger = captureLog()): { octokit: Octokit; calls: string[] } {
  const calls: string[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    calls.push(`${init?.method ?? 'GET'} ${String(input)}`);
    throw new Error('no request may be made here');
  };
  return { octokit: createOctokit({ token: 't', log, fetch, retryBaseMs: 1, throttle: false }), calls };
}

export interface ExampleComment {
  id: number;
  body: string;
  html_url: string;
  user: { login: string; type: string; id: number };
  [key: string]: unknown;
}

/** A real `issue_comment.created` comment object, with `overrides` applied. */
export function exampleComment(overrides: Partial<ExampleComment> = {}): ExampleComment {
  const payload = webhookExamples('issue_comment').find((e) => e.action === 'created');
  if (!payload) throw new Error('no issue_comment.created example');
  const comment = payload.comment as ExampleComment;
  return { ...comment, ...overrides, user: { ...comment.user, ...overrides.user } };
}

/** A real Bot user object (the `renovate[bot]` sender of a workflow_job example). */
export function exampleBotUser(): { login: string; type: string; id: number } {
  for (const payload of webhookExamples('workflow_job')) {
    const sender = payload.sender as { login: string; type: string; id: number };
    if (sender.type === 'Bot') return sender;
  }
  throw new Error('no Bot sender in the workflow_job examples');
}

/**
 * runAndReport's options for one test run on Codertocat/Hello-World: a check run, no comment, no
 * publish steps, a fresh out dir; the store, the workdir, the contracts and anything else the test
 * cares about come from `options`.
 */
export function runAndReportOptions(
  options: Pick<RunAndReportOptions, 'store' | 'workdir' | 'contracts' | 'headSha' | 'prNumber'> &
    Partial<RunAndReportOptions>,
): RunAndReportOptions {
  const log = options.log ?? captureLog();
  return {
    octokit: testOctokit(log),
    repo: { owner: OWNER, repo: REPO },
    config: undefined,
    overrides: {},
    signer: SESSION_KEY,
    env: {},
    codeVersion: 'test',
    principal: { login: 'test' },
    outDir: mkdtempSync(join(tmpdir(), 'truss-report-out-')),
    runUrl: 'https://github.com/o/r/actions/runs/1',
    check: true,
    comment: false,
    commentAuthors: ['github-actions[bot]'],
    dryRun: false,
    publishSteps: [],
    log,
    ...options,
  };
}

/**
 * GET /check-runs/{id} answered with the real `check_run` example payload, moved to `id` on
 * `headSha`: what a run reads before it takes over a check the App queued.
 */
export function nockQueuedCheck(id: number, headSha: string): void {
  const example = webhookExample('check_run', 'created').check_run as Record<string, unknown>;
  nock(API)
    .get(`/repos/${OWNER}/${REPO}/check-runs/${id}`)
    .reply(200, { ...example, id, head_sha: headSha, status: 'queued', conclusion: null });
}

/** GET /pulls/{prNumber} on Codertocat/Hello-World: the pull request (real payload shape) with its head at `headSha`. */
export function nockPullHead(prNumber: number, headSha: string): void {
  nock(API)
    .get(`/repos/${OWNER}/${REPO}/pulls/${prNumber}`)
    .reply(200, pullRequestObject(headSha, 'f95f852bd8fca8fcc58a9a2d6c842781e32a215e'));
}

/** One entry of GET /repos/{owner}/{repo}/pulls/{n}/files, as documented: `filename` modified at `headSha`. */
export function pullRequestFile(filename: string, headSha: string, extra: Record<string, unknown> = {}) {
  return {
    sha: 'bbcd538c8e72b8c175046e27cc8f907076331401',
    filename,
    status: 'modified',
    additions: 1,
    deletions: 0,
    changes: 1,
    blob_url: `https://github.com/${OWNER}/${REPO}/blob/${headSha}/${filename}`,
    raw_url: `https://github.com/${OWNER}/${REPO}/raw/${headSha}/${filename}`,
    contents_url: `${API}/repos/${OWNER}/${REPO}/contents/${filename}?ref=${headSha}`,
    patch: '@@ -1 +1,2 @@\n a\n+b',
    ...extra,
  };
}

export interface CheckRunWrite {
  method: 'POST' | 'PATCH';
  body: Record<string, unknown>;
}

/**
 * Check-run writes on Codertocat/Hello-World, creates (POST) and updates (PATCH), in order: up to
 * ten of each, none required; created checks get ids from `next` on.
 */
export function recordCheckRunWrites(next = 100): CheckRunWrite[] {
  const requests: CheckRunWrite[] = [];
  const answer = (id: number) => ({ id, html_url: `https://github.com/${OWNER}/${REPO}/runs/${id}` });
  nock(API)
    .post(`/repos/${OWNER}/${REPO}/check-runs`)
    .times(10)
    .optionally()
    .reply(201, (_uri, body) => {
      requests.push({ method: 'POST', body: body as Record<string, unknown> });
      return answer(next++);
    })
    .patch(/\/check-runs\/\d+$/)
    .times(10)
    .optionally()
    .reply(200, (uri, body) => {
      requests.push({ method: 'PATCH', body: body as Record<string, unknown> });
      return answer(Number(uri.split('/').pop()));
    });
  return requests;
}
