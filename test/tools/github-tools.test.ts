/**
 * The GitHub tools of the in-loop agent (docs/tools.md): read-only calls through the host's Octokit
 * (the production reader, src/github/github-reader.ts), GitHub faked at the HTTP layer with nock on
 * real payload shapes (@octokit/webhooks-examples; the REST objects they embed are the ones the REST
 * API returns). Each call must be one signed, memoised github_tool_call with its result in a blob, a
 * resume must not ask GitHub again (nock refuses any request it was not told about), and the token
 * must never reach the ledger.
 */
import Database from 'better-sqlite3';
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { MemoTamperError } from '../../src/core/runtime/durable.js';
import { createGitHubTools, logTail } from '../../src/core/tools/github-tools.js';
import { octokitGitHubReader } from '../../src/github/github-reader.js';
import { createOctokit } from '../../src/github/octokit.js';
import {
  kindsOf,
  type PositionalAgent,
  resumeAgent,
  runAgent,
  useAgentRun,
  waitFor,
} from '../helpers/agent-kit.js';
import { webhookExamples } from '../helpers/fake-github.js';
import { useNock } from '../helpers/nock-guard.js';
import { completed, entriesOf } from '../mcp/mcp-kit.js';
import {
  BASE_ENV,
  callsThenFinish,
  checkedBody,
  expectVerifies,
  ledgerText,
  outsideContract,
  RecordingAgent,
} from './outside-kit.js';

useNock();

const API = 'https://api.github.com';
const OWNER = 'Codertocat';
const REPO = 'Hello-World';
const PATH = `/repos/${OWNER}/${REPO}`;
const TOKEN = `ghs_${'T0k3n'.repeat(7)}x`;
const ENV = { ...BASE_ENV, GITHUB_TOKEN: TOKEN };
const LOG_HOST = 'https://pipelinesghubeus22.actions.githubusercontent.com';
const LOG_PATH = '/abc/_apis/pipelines/1/runs/7/signedlogcontent/3';
const JOB_LOG = [
  '2024-05-01T10:00:00.0000000Z ##[group]Run npm test',
  '2024-05-01T10:00:01.1234567Z > vitest run',
  '2024-05-01T10:00:02.0000000Z FAIL test/add.test.ts > adds',
  '2024-05-01T10:00:02.1000000Z AssertionError: expected 3 to be 4',
  '2024-05-01T10:00:03.0000000Z ##[error]Process completed with exit code 1.',
  '',
].join('\n');
const DIFF =
  'diff --git a/README.md b/README.md\n--- a/README.md\n+++ b/README.md\n@@ -1 +1 @@\n-old\n+new\n';

const CONTRACT = outsideContract('allow_tools = ["write_file", "github_*"]', 'github = true');

type Json = Record<string, unknown>;

/** The first webhook example of `event` for which `pick` finds something, deep-copied. */
function example<T = Json>(event: string, pick: (payload: Json) => unknown): T {
  for (const payload of webhookExamples(event)) {
    const found = pick(payload);
    if (found) return structuredClone(found) as T;
  }
  throw new Error(`no ${event} example`);
}

const PULL = example<Json & { head: { sha: string } }>('pull_request', (p) =>
  p.action === 'opened' ? p.pull_request : null,
);
const FAILED_RUN = example('check_run', (p) => {
  const run = p.check_run as { conclusion: string; app?: { slug?: string } };
  return run.conclusion === 'failure' && run.app?.slug === 'github-actions' ? run : null;
});
const PASSED_RUN = example('check_run', (p) => {
  const run = p.check_run as { conclusion: string };
  return run.conclusion === 'success' ? { ...run, id: 5, name: 'build', app: { slug: 'ci-bot' } } : null;
});
const ISSUE = example('issues', (p) => (p.action === 'opened' ? p.issue : null));
const COMMENT = example('issue_comment', (p) => p.comment);
const STATUS = example('status', (p) => p);

/** A GET /repos/… interceptor that insists on the host's token (the reader sends it, nobody else). */
function api() {
  return nock(API, { reqheaders: { authorization: `token ${TOKEN}` } });
}

function reader() {
  return octokitGitHubReader(createOctokit({ token: TOKEN, retryBaseMs: 1, throttle: false }), {
    owner: OWNER,
    repo: REPO,
  });
}

/** GitHub answering the six tools once each (pull request 2, issue 1, ref main). */
function mockGitHub(issueBody = ISSUE.body): void {
  const headSha = PULL.head.sha;
  api().get(`${PATH}/pulls/2`).matchHeader('accept', /json/).times(2).reply(200, PULL);
  api()
    .get(`${PATH}/pulls/2/files`)
    .query({ per_page: 100 })
    .reply(200, [
      {
        sha: 'a'.repeat(40),
        filename: 'README.md',
        status: 'modified',
        additions: 1,
        deletions: 1,
        changes: 2,
      },
    ]);
  api()
    .get(`${PATH}/pulls/2`)
    .matchHeader('accept', /diff/)
    .reply(200, DIFF, { 'content-type': 'text/plain' });
  api()
    .get(`${PATH}/commits/${headSha}/check-runs`)
    .query({ per_page: 100 })
    .reply(200, { total_count: 2, check_runs: [FAILED_RUN, PASSED_RUN] });
  api()
    .get(`${PATH}/actions/jobs/${String(FAILED_RUN.id)}/logs`)
    .reply(302, '', { location: `${LOG_HOST}${LOG_PATH}?urlExpires=2024&sig=s1gn3d` });
  // Log storage is not GitHub's API: the token must not follow the redirect there.
  nock(LOG_HOST, { badheaders: ['authorization'] })
    .get(LOG_PATH)
    .query(true)
    .reply(200, JOB_LOG, { 'content-type': 'text/plain' });
  api()
    .get(`${PATH}/issues/1`)
    .reply(200, { ...ISSUE, comments: 1, body: issueBody });
  api().get(`${PATH}/issues/1/comments`).query({ per_page: 20 }).reply(200, [COMMENT]);
  api()
    .get(`${PATH}/issues`)
    .query({ state: 'open', labels: 'bug', sort: 'created', direction: 'desc', per_page: 20 })
    .reply(200, [ISSUE]);
  api()
    .get(`${PATH}/commits/main/check-runs`)
    .query({ per_page: 100 })
    .reply(200, { total_count: 1, check_runs: [PASSED_RUN] });
  api()
    .get(`${PATH}/commits/main/status`)
    .query({ per_page: 100 })
    .reply(200, {
      state: 'success',
      sha: STATUS.sha,
      total_count: 1,
      statuses: [
        {
          url: `${API}${PATH}/statuses/${String(STATUS.sha)}`,
          id: STATUS.id,
          node_id: 'MDY6U3RhdHVzMQ==',
          state: STATUS.state,
          description: STATUS.description,
          target_url: STATUS.target_url,
          context: STATUS.context,
          created_at: STATUS.created_at,
          updated_at: STATUS.updated_at,
        },
      ],
      repository: { full_name: `${OWNER}/${REPO}` },
      commit_url: `${API}${PATH}/commits/${String(STATUS.sha)}`,
      url: `${API}${PATH}/commits/main/status`,
    });
}

const SIX_CALLS: [string, Record<string, unknown>][] = [
  ['github_pr_view', { number: 2 }],
  ['github_pr_diff', { number: 2 }],
  ['github_pr_checks', { number: 2, log_lines: 3 }],
  ['github_issue_view', { number: 1 }],
  ['github_issue_list', { labels: ['bug'] }],
  ['github_check_status', { ref: 'main' }],
];

describe('GitHub tools: read-only, through the host’s Octokit, signed and memoised', () => {
  const t = useAgentRun();
  /** A run of CONTRACT with the production reader and the token in the host's environment. */
  const runGh = (provider: PositionalAgent, extra: Partial<Parameters<typeof runAgent>[0]> = {}) =>
    runAgent({
      store: t.run.store,
      contract: CONTRACT,
      workdir: t.workdir,
      provider,
      github: reader(),
      env: ENV,
      ...extra,
    });
  const resumeGh = (provider: PositionalAgent, sessionId: string) =>
    resumeAgent({
      store: t.run.store,
      sessionId,
      contract: CONTRACT.contract,
      workdir: t.workdir,
      provider,
      github: reader(),
      env: ENV,
    });

  it('each tool is one signed github_tool_call with its result in a blob, and the model reads that result', async () => {
    mockGitHub();
    const agent = new RecordingAgent(callsThenFinish(SIX_CALLS));
    const outcome = completed(await runGh(agent));
    expect(outcome.verdict.overall).toBe('pass');
    const sessionId = outcome.sessionId;
    const started = entriesOf(t.run.store, sessionId, 'executor_started')[0];
    expect(started?.payload.tools).toEqual(['write_file', ...SIX_CALLS.map(([name]) => name)]);

    const calls = entriesOf(t.run.store, sessionId, 'github_tool_call');
    expect(calls.map((e) => e.payload.name)).toEqual(SIX_CALLS.map(([name]) => name));
    // No tool_result besides write_file's: the provenance entry is the call's only record.
    expect(entriesOf(t.run.store, sessionId, 'tool_result').map((e) => e.payload.name)).toEqual([
      'write_file',
    ]);
    const bodies = calls.map((entry) => checkedBody(t.run.store, sessionId, entry));
    expect(calls[0]?.payload).toMatchObject({
      input: { repository: `${OWNER}/${REPO}`, number: 2 },
      repository: `${OWNER}/${REPO}`,
      head_sha: PULL.head.sha,
      is_error: false,
    });
    expect(bodies[0]).toMatchObject({
      pull_request: { number: 2, title: PULL.title, head: { sha: PULL.head.sha }, base: { ref: 'master' } },
      files: [{ filename: 'README.md', status: 'modified' }],
    });
    expect(bodies[1]).toMatchObject({ diff: DIFF, truncated: false });
    expect(bodies[2]).toMatchObject({
      head_sha: PULL.head.sha,
      summary: { failure: 1, success: 1 },
      failing: [
        {
          id: FAILED_RUN.id,
          conclusion: 'failure',
          log_tail:
            'FAIL test/add.test.ts > adds\nAssertionError: expected 3 to be 4\n##[error]Process completed with exit code 1.',
        },
      ],
    });
    expect(bodies[3]).toMatchObject({
      issue: { number: 1, labels: ['bug'] },
      comments: [{ body: COMMENT.body }],
    });
    expect(bodies[4]).toMatchObject({ state: 'open', labels: ['bug'], issues: [{ number: 1 }] });
    expect(bodies[5]).toMatchObject({ ref: 'main', combined_status: { state: 'success', sha: STATUS.sha } });

    // The model read each result, rendered from the blob.
    expect(agent.resultsAt(1)[0]?.content).toContain(`"title": ${JSON.stringify(PULL.title)}`);
    expect(agent.resultsAt(2)[0]?.content).toBe(DIFF);
    expect(agent.resultsAt(3)[0]?.content).toContain('AssertionError: expected 3 to be 4');
    // The signed log URL never reaches the ledger: fetch followed it inside the reader.
    expect(ledgerText(t.run.store, sessionId)).not.toContain('s1gn3d');
    expectVerifies(t.run.store, sessionId);
  });

  it('the token never reaches the ledger: a response echoing it is redacted before it is kept or shown', async () => {
    mockGitHub(`to reproduce, run with GITHUB_TOKEN=${TOKEN}`);
    const agent = new RecordingAgent(callsThenFinish(SIX_CALLS));
    const outcome = completed(await runGh(agent));
    const all = ledgerText(t.run.store, outcome.sessionId);
    expect(all).not.toContain(TOKEN);
    const issue = entriesOf(t.run.store, outcome.sessionId, 'github_tool_call')[3];
    expect(issue?.payload.redactions).toBeDefined();
    expect(checkedBody(t.run.store, outcome.sessionId, issue as never)).toMatchObject({
      issue: { body: expect.stringContaining('[REDACTED') },
    });
    expect(agent.resultsAt(4)[0]?.content).not.toContain(TOKEN);
  });

  it('a resume answers from the memo and never asks GitHub again', async () => {
    api().get(`${PATH}/pulls/2`).reply(200, PULL);
    api().get(`${PATH}/pulls/2/files`).query({ per_page: 100 }).reply(200, []);
    const answers = callsThenFinish([['github_pr_view', { number: 2 }]]);
    const controller = new AbortController();
    const first = new RecordingAgent(answers, { hangAt: 1 });
    const abandoned = runGh(first, { signal: controller.signal });
    await waitFor(() => first.requests.includes(1));
    controller.abort();
    void abandoned.catch(() => {});
    expect(nock.isDone()).toBe(true);
    const sessionId = t.run.store.sessions()[0]?.id as string;

    // No interceptor is left: any request to GitHub now fails, and would be journaled as an error.
    const second = new RecordingAgent(answers);
    const outcome = completed(await resumeGh(second, sessionId));
    expect(outcome.verdict.overall).toBe('pass');
    const calls = entriesOf(t.run.store, sessionId, 'github_tool_call');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.payload.error).toBeNull();
    // The resumed model call (position 1) was shown the recorded result.
    expect(second.resultsAt(1)[0]?.content).toContain(String(PULL.title));
    expectVerifies(t.run.store, sessionId);
  });

  it('a memo without matching signed provenance is refused, and nothing is appended', async () => {
    api().get(`${PATH}/pulls/2`).reply(200, PULL);
    api().get(`${PATH}/pulls/2/files`).query({ per_page: 100 }).reply(200, []);
    const answers = callsThenFinish([['github_pr_view', { number: 2 }]]);
    const outcome = completed(await runGh(new RecordingAgent(answers)));
    const [call] = entriesOf(t.run.store, outcome.sessionId, 'github_tool_call');
    const raw = new Database(t.run.dbPath);
    raw
      .prepare('UPDATE tool_memo SET result = ? WHERE memo_key = ?')
      .run(
        JSON.stringify({ result_sha256: 'f'.repeat(64), is_error: false, error: null }),
        String(call?.payload.memo_key),
      );
    raw.close();
    const count = kindsOf(t.run.store, outcome.sessionId).length;
    const refused = await resumeGh(new RecordingAgent(answers), outcome.sessionId).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(MemoTamperError);
    expect(kindsOf(t.run.store, outcome.sessionId)).toHaveLength(count);
  });

  it('GitHub’s 404 is a journaled error naming what was missing; the run goes on', async () => {
    api().get(`${PATH}/pulls/99`).reply(404, {
      message: 'Not Found',
      documentation_url: 'https://docs.github.com/rest/pulls/pulls#get-a-pull-request',
    });
    api().get(`${PATH}/pulls/99/files`).query({ per_page: 100 }).reply(404, { message: 'Not Found' });
    const agent = new RecordingAgent(callsThenFinish([['github_pr_view', { number: 99 }]]));
    const outcome = completed(await runGh(agent));
    const [call] = entriesOf(t.run.store, outcome.sessionId, 'github_tool_call');
    expect(call?.payload).toMatchObject({ is_error: true, result_sha256: null });
    expect(String(call?.payload.error)).toMatch(/not found in Codertocat\/Hello-World \(HTTP 404\)/);
    expect(agent.resultsAt(1)[0]).toMatchObject({ isError: true });
    expectVerifies(t.run.store, outcome.sessionId);
  });

  it('without a reader from the host every call is refused, saying how to give access, and nothing is sent', async () => {
    const agent = new RecordingAgent(callsThenFinish([['github_issue_list', {}]]));
    const outcome = completed(await runGh(agent, { github: undefined }));
    const [call] = entriesOf(t.run.store, outcome.sessionId, 'github_tool_call');
    expect(call?.payload).toMatchObject({ refused: true, is_error: true, input: { repository: null } });
    expect(String(call?.payload.error)).toContain('set GITHUB_TOKEN');
    expect(agent.resultsAt(1)[0]?.content).toContain('this host gave the run no GitHub access');
  });

  it('without [tools] github the tools are not registered: not offered, and a call is an unknown tool', async () => {
    const contract = outsideContract('allow_tools = ["write_file", "github_*"]', '');
    const agent = new RecordingAgent(callsThenFinish([['github_pr_view', { number: 2 }]]));
    const outcome = completed(await runGh(agent, { contract }));
    const started = entriesOf(t.run.store, outcome.sessionId, 'executor_started')[0];
    expect(started?.payload.tools).toEqual(['write_file']);
    expect(entriesOf(t.run.store, outcome.sessionId, 'github_tool_call')).toHaveLength(0);
    expect(agent.resultsAt(1)[0]?.content).toContain('unknown tool "github_pr_view"');
  });

  it('an invalid input is refused and journaled without a request', async () => {
    const agent = new RecordingAgent(callsThenFinish([['github_check_status', { ref: '--upload-pack=x' }]]));
    const outcome = completed(await runGh(agent));
    const [call] = entriesOf(t.run.store, outcome.sessionId, 'github_tool_call');
    expect(call?.payload).toMatchObject({ refused: true, is_error: true });
    expect(String(call?.payload.error)).toContain('ref: must be a commit SHA, branch or tag name');
  });
});

describe('GitHub tool pieces', () => {
  it('logTail keeps the last lines without timestamps, at most 16 KiB', () => {
    expect(logTail(JOB_LOG, 2)).toBe(
      'AssertionError: expected 3 to be 4\n##[error]Process completed with exit code 1.',
    );
    const long = `${'x'.repeat(40_000)}\nend`;
    const tail = logTail(long, 5);
    expect(Buffer.byteLength(tail)).toBeLessThanOrEqual(16 * 1024);
    expect(tail.endsWith('\nend')).toBe(true);
  });

  it('no tool writes: every GitHub tool is read-only and runs only as a journaled call', async () => {
    const tools = createGitHubTools({ reader: undefined });
    expect(tools.every((tool) => tool.readOnly === true && tool.sideEffect === false)).toBe(true);
    expect(tools.map((tool) => tool.name).some((name) => /create|merge|comment|push|close/.test(name))).toBe(
      false,
    );
    const outcome = await tools[0]?.run({ number: 1 }, {} as never);
    expect(outcome).toMatchObject({ isError: true, content: expect.stringContaining('journaled call') });
  });
});
