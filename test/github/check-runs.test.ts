import nock from 'nock';
import { describe, expect, it } from 'vitest';
import {
  type CheckAnnotation,
  clipCheckText,
  completeCheckRun,
  findCheckRuns,
  MAX_CHECK_TEXT,
  startCheckRun,
} from '../../src/github/check-runs.js';
import { MissingPermissionError } from '../../src/github/octokit.js';
import { actionsApp, otherApp } from '../helpers/comment-authors.js';
import { useNock } from '../helpers/nock-guard.js';
import { API, captureLog, OWNER, REPO, recordingOctokit, testOctokit } from './helpers.js';

useNock();

/** The real client (no backoff) on Codertocat/Hello-World. */
const onRepo = () => ({ octokit: testOctokit(), owner: OWNER, repo: REPO });

const HEAD = 'ec26c3e57ca3a959ca5aad62de7213c562f8c821';
const NAME = 'truss / greeting-0001';
const STARTED = new Date('2024-05-01T12:00:00.000Z');
const COMPLETED = new Date('2024-05-01T12:03:00.000Z');

/** The documented check-run response, trimmed to the fields that matter. */
function checkRun(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    head_sha: HEAD,
    node_id: 'MDg6Q2hlY2tSdW40',
    external_id: '',
    url: `${API}/repos/${OWNER}/${REPO}/check-runs/${id}`,
    html_url: `https://github.com/${OWNER}/${REPO}/runs/${id}`,
    details_url: 'https://example.com',
    status: 'in_progress',
    conclusion: null,
    started_at: STARTED.toISOString(),
    completed_at: null,
    output: { title: null, summary: null, text: null, annotations_count: 0, annotations_url: '' },
    name: NAME,
    check_suite: { id: 5 },
    app: actionsApp(),
    pull_requests: [],
    ...overrides,
  };
}

function annotations(count: number): CheckAnnotation[] {
  return Array.from({ length: count }, (_, i) => ({
    path: '.truss/contracts/greeting-0001.toml',
    start_line: i + 1,
    end_line: i + 1,
    annotation_level: 'failure' as const,
    title: `clause ${i + 1}`,
    message: `check ${i + 1} failed`,
  }));
}

const FORBIDDEN = {
  message: 'Resource not accessible by integration',
  documentation_url: 'https://docs.github.com/rest/checks/runs#create-a-check-run',
  status: '403',
};

describe('startCheckRun', () => {
  it('creates an in_progress check run on the head SHA', async () => {
    nock(API)
      .post(`/repos/${OWNER}/${REPO}/check-runs`, {
        name: NAME,
        head_sha: HEAD,
        status: 'in_progress',
        started_at: STARTED.toISOString(),
        external_id: 'session-1',
        details_url: 'https://github.com/o/r/actions/runs/1',
      })
      .reply(201, checkRun(4));
    const result = await startCheckRun({
      ...onRepo(),
      name: NAME,
      headSha: HEAD,
      externalId: 'session-1',
      detailsUrl: 'https://github.com/o/r/actions/runs/1',
      dryRun: false,
      now: () => STARTED,
    });
    expect(result).toEqual({
      id: 4,
      url: `https://github.com/${OWNER}/${REPO}/runs/4`,
      // The app that owns the check names the login Truss posts as (its own comments).
      botLogin: 'github-actions[bot]',
    });
    expect(nock.isDone()).toBe(true);
  });

  it('maps 403 "Resource not accessible by integration" to MissingPermissionError with the fix', async () => {
    nock(API).post(`/repos/${OWNER}/${REPO}/check-runs`).reply(403, FORBIDDEN);
    const error = await startCheckRun({
      ...onRepo(),
      name: NAME,
      headSha: HEAD,
      dryRun: false,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MissingPermissionError);
    const message = (error as MissingPermissionError).message;
    expect(message).toContain('`checks: write`');
    expect(message).toContain("workflow's `permissions:` block");
    expect((error as MissingPermissionError).permission).toBe('checks: write');
    expect(nock.isDone()).toBe(true);
  });

  it('lets other errors through unchanged', async () => {
    nock(API).post(`/repos/${OWNER}/${REPO}/check-runs`).reply(422, { message: 'No commit found for SHA' });
    await expect(
      startCheckRun({
        ...onRepo(),
        name: NAME,
        headSha: HEAD,
        dryRun: false,
      }),
    ).rejects.toMatchObject({ status: 422 });
    expect(nock.isDone()).toBe(true);
  });

  it('makes no request on a dry run', async () => {
    const log = captureLog();
    const { octokit, calls } = recordingOctokit(log);
    const result = await startCheckRun({
      octokit,
      owner: OWNER,
      repo: REPO,
      name: NAME,
      headSha: HEAD,
      dryRun: true,
    });
    expect(result).toEqual({ id: null, url: null });
    expect(log.text()).toMatch(/dry run: would start check run/);
    expect(calls).toEqual([]);
    expect(nock.pendingMocks()).toEqual([]);
  });
});

describe('completeCheckRun', () => {
  it('sends the conclusion with the first 50 annotations, then the rest in batches of 50', async () => {
    const all = annotations(120);
    const output = { title: 'greeting-0001: fail', summary: '## 2 of 3 clauses met', text: 'details' };
    const bodies: unknown[] = [];
    const record = (body: unknown) => {
      bodies.push(body);
      return true;
    };
    nock(API)
      .patch(`/repos/${OWNER}/${REPO}/check-runs/4`, record)
      .times(3)
      .reply(200, checkRun(4, { status: 'completed' }));
    const result = await completeCheckRun({
      ...onRepo(),
      checkRunId: 4,
      conclusion: 'failure',
      output: { ...output, annotations: all },
      dryRun: false,
      now: () => COMPLETED,
    });
    expect(result).toEqual({ requests: 3 });
    expect(bodies).toEqual([
      {
        status: 'completed',
        conclusion: 'failure',
        completed_at: COMPLETED.toISOString(),
        output: { ...output, annotations: all.slice(0, 50) },
      },
      { output: { ...output, annotations: all.slice(50, 100) } },
      { output: { ...output, annotations: all.slice(100) } },
    ]);
    expect(nock.isDone()).toBe(true);
  });

  it('sends one update without an annotations key when there are none', async () => {
    nock(API)
      .patch(`/repos/${OWNER}/${REPO}/check-runs/4`, {
        status: 'completed',
        conclusion: 'success',
        completed_at: COMPLETED.toISOString(),
        output: { title: 'pass', summary: 'all met' },
      })
      .reply(200, checkRun(4, { status: 'completed', conclusion: 'success' }));
    const result = await completeCheckRun({
      ...onRepo(),
      checkRunId: 4,
      conclusion: 'success',
      output: { title: 'pass', summary: 'all met', annotations: [] },
      dryRun: false,
      now: () => COMPLETED,
    });
    expect(result).toEqual({ requests: 1 });
    expect(nock.isDone()).toBe(true);
  });

  it('truncates summary and text to 65535 characters with a visible note', async () => {
    let sent: { output: { summary: string; text: string } } | undefined;
    nock(API)
      .patch(`/repos/${OWNER}/${REPO}/check-runs/4`, (body) => {
        sent = body;
        return true;
      })
      .reply(200, checkRun(4));
    await completeCheckRun({
      ...onRepo(),
      checkRunId: 4,
      conclusion: 'neutral',
      output: { title: 't', summary: 's'.repeat(70_000), text: 'x'.repeat(MAX_CHECK_TEXT) },
      dryRun: false,
    });
    expect(sent?.output.summary).toHaveLength(MAX_CHECK_TEXT);
    expect(sent?.output.summary.endsWith('(truncated)')).toBe(true);
    expect(sent?.output.text).toBe('x'.repeat(MAX_CHECK_TEXT));
    expect(nock.isDone()).toBe(true);
  });

  it('maps a 403 on update to MissingPermissionError', async () => {
    nock(API).patch(`/repos/${OWNER}/${REPO}/check-runs/4`).reply(403, FORBIDDEN);
    await expect(
      completeCheckRun({
        ...onRepo(),
        checkRunId: 4,
        conclusion: 'success',
        output: { title: 't', summary: 's' },
        dryRun: false,
      }),
    ).rejects.toBeInstanceOf(MissingPermissionError);
    expect(nock.isDone()).toBe(true);
  });

  it('makes no request on a dry run', async () => {
    const { octokit, calls } = recordingOctokit();
    const result = await completeCheckRun({
      octokit,
      owner: OWNER,
      repo: REPO,
      checkRunId: 4,
      conclusion: 'failure',
      output: { title: 't', summary: 's', annotations: annotations(60) },
      dryRun: true,
    });
    expect(result).toEqual({ requests: 0 });
    expect(calls).toEqual([]);
    expect(nock.pendingMocks()).toEqual([]);
  });
});

describe('clipCheckText', () => {
  it('never splits a surrogate pair', () => {
    const text = `${'a'.repeat(MAX_CHECK_TEXT - '\n\n… (truncated)'.length - 1)}😀${'b'.repeat(10)}`;
    const clipped = clipCheckText(text);
    expect(clipped.length).toBeLessThanOrEqual(MAX_CHECK_TEXT);
    expect(clipped).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(clipCheckText('short')).toBe('short');
  });
});

describe('findCheckRuns', () => {
  it('lists the named check runs on a ref', async () => {
    nock(API)
      .get(`/repos/${OWNER}/${REPO}/commits/${HEAD}/check-runs`)
      .query({ check_name: NAME, filter: 'all', per_page: '100' })
      .reply(200, {
        total_count: 2,
        check_runs: [
          checkRun(9, {
            status: 'completed',
            conclusion: 'failure',
            external_id: 'session-2',
            completed_at: COMPLETED.toISOString(),
            output: { title: 'fail', summary: 'sum', text: null, annotations_count: 1, annotations_url: '' },
          }),
          checkRun(4),
        ],
      });
    const runs = await findCheckRuns({
      ...onRepo(),
      ref: HEAD,
      checkName: NAME,
    });
    expect(runs).toEqual([
      {
        id: 9,
        name: NAME,
        headSha: HEAD,
        status: 'completed',
        conclusion: 'failure',
        externalId: 'session-2',
        detailsUrl: 'https://example.com',
        url: `https://github.com/${OWNER}/${REPO}/runs/9`,
        startedAt: STARTED.toISOString(),
        completedAt: COMPLETED.toISOString(),
        outputTitle: 'fail',
        outputSummary: 'sum',
        // Which app made it: how Truss tells its own checks from another App's (own-comment.ts).
        app: 'github-actions[bot]',
        appId: 15368,
      },
      expect.objectContaining({ id: 4, status: 'in_progress', conclusion: null, externalId: null }),
    ]);
    expect(nock.isDone()).toBe(true);
  });

  it("with appId: asks GitHub for that app's check runs only, and drops any other app's it answers with anyway", async () => {
    nock(API)
      .get(`/repos/${OWNER}/${REPO}/commits/${HEAD}/check-runs`)
      .query({ app_id: '123', filter: 'all', per_page: '100' })
      .reply(200, {
        total_count: 4,
        check_runs: [
          checkRun(31, { app: otherApp('lookalike', 424242), external_id: 'copied' }),
          checkRun(32, { app: otherApp('truss-app', 123) }),
          checkRun(33, { app: actionsApp() }),
          checkRun(34, { app: null }),
        ],
      });
    const runs = await findCheckRuns({ ...onRepo(), ref: HEAD, appId: 123 });
    expect(runs.map((r) => [r.id, r.appId, r.app])).toEqual([[32, 123, 'truss-app[bot]']]);
    expect(nock.isDone()).toBe(true);
  });
});
