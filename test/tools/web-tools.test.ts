/**
 * web_fetch inside a run (docs/tools.md): each call one signed, memoised web_tool_call whose result
 * is a blob, an earlier observation reused unless `revalidate`, a resume that fetches nothing again,
 * refusals journaled — against a real HTTP server this test starts on 127.0.0.1 (allowed explicitly;
 * the refusal of loopback is its own case). Also what a verifier checks of these entries.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createNodeCrypto, LedgerStore } from '../../src/core/ledger/index.js';
import { jsonSha256 } from '../../src/core/tools/journal-json.js';
import { type PositionalAgent, resumeAgent, runAgent, useAgentRun, waitFor } from '../helpers/agent-kit.js';
import { keyFromByte } from '../helpers/keys.js';
import { tempDir } from '../helpers/temp-dir.js';
import { completed, entriesOf } from '../mcp/mcp-kit.js';
import {
  callsThenFinish,
  checkedBody,
  expectVerifies,
  outsideContract,
  RecordingAgent,
} from './outside-kit.js';

let server: Server;
let origin: string;
let requests = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    requests++;
    if (req.url === '/notes') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<h1>Release notes</h1><p>fetch number ${requests}</p>`);
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('no such page');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Fetching from the loopback test server needs both the allowlist and private_addresses. */
const ALLOWED = outsideContract(
  'allow_tools = ["write_file", "web_fetch"]\nnetwork = "allowlist"\nallowlist = ["127.0.0.1"]',
  'web = true\n\n[tools.web_fetch]\nprivate_addresses = ["127.0.0.1"]',
);

describe('web_fetch in a run: signed, memoised, reused unless revalidated', () => {
  const t = useAgentRun();
  beforeEach(() => {
    requests = 0;
  });
  /** A run of `contract` (default ALLOWED) in this test's store and workdir. */
  const runWeb = (provider: PositionalAgent, extra: Partial<Parameters<typeof runAgent>[0]> = {}) =>
    runAgent({ store: t.run.store, contract: ALLOWED, workdir: t.workdir, provider, ...extra });

  it('one web_tool_call per call; the same URL again is answered from the first observation, revalidate fetches anew; refusals are journaled', async () => {
    const url = `${origin}/notes`;
    const agent = new RecordingAgent(
      callsThenFinish([
        ['web_fetch', { url }],
        ['web_fetch', { url }],
        ['web_fetch', { url, revalidate: true }],
        ['web_fetch', { url: 'file:///etc/passwd' }],
        ['web_fetch', { url: `${origin}/missing` }],
      ]),
    );
    const outcome = completed(await runWeb(agent));
    expect(outcome.verdict.overall).toBe('pass');
    const sessionId = outcome.sessionId;
    const calls = entriesOf(t.run.store, sessionId, 'web_tool_call');
    expect(calls).toHaveLength(5);
    const [first, reused, revalidated, refused, missing] = calls;

    const body = checkedBody(t.run.store, sessionId, first as never);
    expect(first?.payload).toMatchObject({
      name: 'web_fetch',
      input: { url, max_bytes: 256 * 1024 },
      final_url: url,
      status: 200,
      content_type: 'text/html; charset=utf-8',
      truncated: false,
      is_error: false,
    });
    expect(body).toMatchObject({
      content: 'Release notes\nfetch number 1',
      raw_sha256: first?.payload.raw_sha256,
    });
    // Reused: no request, the same observation, pointing at the call that made it.
    expect(reused?.payload).toMatchObject({
      reused_seq: first?.seq,
      result_sha256: first?.payload.result_sha256,
      raw_sha256: first?.payload.raw_sha256,
      input_sha256: first?.payload.input_sha256,
    });
    expect(revalidated?.payload).toMatchObject({
      revalidate: true,
      input_sha256: first?.payload.input_sha256,
    });
    expect(revalidated?.payload.reused_seq).toBeUndefined();
    expect(checkedBody(t.run.store, sessionId, revalidated as never)).toMatchObject({
      content: 'Release notes\nfetch number 2',
    });
    expect(refused?.payload).toMatchObject({ refused: true, is_error: true, result_sha256: null });
    expect(String(refused?.payload.error)).toContain('uses file:, and only http:// and https:// are fetched');
    expect(missing?.payload).toMatchObject({ status: 404, is_error: true, error: null });
    expect(requests).toBe(3);

    // What the model read.
    expect(agent.resultsAt(1)[0]?.content).toMatch(/^status: 200\nfinal_url: .*\/notes\n/);
    expect(agent.resultsAt(2)[0]?.content).toContain('fetch number 1');
    expect(agent.resultsAt(3)[0]?.content).toContain('fetch number 2');
    expect(agent.resultsAt(4)[0]).toMatchObject({ isError: true });
    expectVerifies(t.run.store, sessionId);
  });

  it('a resume answers from the memo: the page is not fetched again', async () => {
    const answers = callsThenFinish([['web_fetch', { url: `${origin}/notes` }]]);
    const controller = new AbortController();
    const first = new RecordingAgent(answers, { hangAt: 1 });
    const abandoned = runWeb(first, { signal: controller.signal });
    await waitFor(() => first.requests.includes(1));
    controller.abort();
    void abandoned.catch(() => {});
    expect(requests).toBe(1);
    const sessionId = t.run.store.sessions()[0]?.id as string;
    const second = new RecordingAgent(answers);
    const outcome = completed(
      await resumeAgent({
        store: t.run.store,
        contract: ALLOWED.contract,
        workdir: t.workdir,
        provider: second,
        sessionId,
      }),
    );
    expect(outcome.verdict.overall).toBe('pass');
    expect(requests).toBe(1);
    expect(entriesOf(t.run.store, sessionId, 'web_tool_call')).toHaveLength(1);
    expect(second.resultsAt(1)[0]?.content).toContain('fetch number 1');
  });

  it('without private_addresses the loopback server is refused, even with network = "open"; the harness sends nothing', async () => {
    const contract = outsideContract(
      'allow_tools = ["write_file", "web_fetch"]\nnetwork = "open"',
      'web = true',
    );
    const agent = new RecordingAgent(callsThenFinish([['web_fetch', { url: `${origin}/notes` }]]));
    const outcome = completed(await runWeb(agent, { contract }));
    const [call] = entriesOf(t.run.store, outcome.sessionId, 'web_tool_call');
    expect(call?.payload).toMatchObject({ refused: true, is_error: true });
    expect(String(call?.payload.error)).toContain('127.0.0.1 is a loopback address');
    expect(requests).toBe(0);
  });

  it('without [tools] web, web_fetch is not offered even when allow_tools names it', async () => {
    const contract = outsideContract('allow_tools = ["write_file", "web_fetch"]\nnetwork = "open"', '');
    const agent = new RecordingAgent(callsThenFinish([['web_fetch', { url: `${origin}/notes` }]]));
    const outcome = completed(await runWeb(agent, { contract }));
    expect(entriesOf(t.run.store, outcome.sessionId, 'executor_started')[0]?.payload.tools).toEqual([
      'write_file',
    ]);
    expect(agent.resultsAt(1)[0]?.content).toContain('unknown tool "web_fetch"');
    expect(requests).toBe(0);
  });
});

describe('what a verifier checks of web_tool_call and github_tool_call', () => {
  const signer = keyFromByte(0x71);
  const input = { url: 'https://example.com/', max_bytes: 1024 };
  const observed = {
    name: 'web_fetch',
    input,
    input_sha256: jsonSha256(input),
    result_sha256: 'a'.repeat(64),
    result_bytes: 10,
    is_error: false,
    error: null,
    memo_key: 'web_fetch#1',
  };

  function verify(payloads: { kind: string; payload: Record<string, unknown> }[]) {
    const store = LedgerStore.open(`${tempDir('tool-verify').dir}/ledger.db`);
    try {
      const session = store.createSession({ signer, codeVersion: 'test' });
      for (const { kind, payload } of payloads) store.append(session.id, kind, payload, signer);
      return store.verifySession(session.id, { crypto: createNodeCrypto(), trusted: new Map() }).failure;
    } finally {
      store.close();
    }
  }

  it('an honest observation and its reuse verify', () => {
    expect(
      verify([
        { kind: 'web_tool_call', payload: observed },
        { kind: 'web_tool_call', payload: { ...observed, memo_key: 'web_fetch#2', reused_seq: 0 } },
      ]),
    ).toBeNull();
  });

  it('a signed entry whose input does not hash to its input_sha256 fails as bad_tool_call', () => {
    const failure = verify([
      { kind: 'github_tool_call', payload: { ...observed, name: 'github_pr_view', input: { number: 3 } } },
    ]);
    expect(failure).toMatchObject({ seq: 0, code: 'bad_tool_call' });
    expect(failure?.message).toContain('input does not hash to its input_sha256');
  });

  it('a reuse that points at no earlier matching observation fails as bad_tool_call', () => {
    const other = { ...observed, result_sha256: 'b'.repeat(64), memo_key: 'web_fetch#2', reused_seq: 0 };
    expect(
      verify([
        { kind: 'web_tool_call', payload: observed },
        { kind: 'web_tool_call', payload: other },
      ]),
    ).toMatchObject({ seq: 1, code: 'bad_tool_call' });
    expect(verify([{ kind: 'web_tool_call', payload: { ...observed, reused_seq: 5 } }])).toMatchObject({
      code: 'bad_tool_call',
    });
  });

  it('a completed call without a result hash fails as bad_tool_call', () => {
    expect(verify([{ kind: 'web_tool_call', payload: { ...observed, result_sha256: null } }])).toMatchObject({
      code: 'bad_tool_call',
    });
  });
});
