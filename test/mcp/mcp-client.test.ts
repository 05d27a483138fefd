import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/core/ledger/canonical-json.js';
import { createNodeCrypto, type LedgerEntry } from '../../src/core/ledger/index.js';
import { SECRET_ARG } from '../../src/core/mcp/index.js';
import { MemoTamperError } from '../../src/core/runtime/durable.js';
import {
  kindsOf,
  PositionalAgent,
  say,
  scripted,
  text,
  toolUse,
  use,
  waitFor,
} from '../helpers/agent-kit.js';
import {
  callThenFinish,
  completed,
  entriesOf,
  mcpContract,
  resumeMcp,
  runMcp,
  serverCalls,
  serverStarts,
  stdioServer,
  useMcpRun,
} from './mcp-kit.js';

const WRITE_DONE = use('write_file', { path: 'out.txt', content: 'done\n' });

describe('MCP client: a stdio server built with the SDK', () => {
  const t = useMcpRun();

  it('mounts the advertised tools as mcp__<server>__<tool>, journals each call as a signed mcp_tool_call with the result in a blob', async () => {
    const contract = mcpContract(stdioServer(t.calls));
    const provider = scripted([
      use('mcp__fx__add', { a: 2, b: 3 }, 'adding'),
      use('mcp__fx__echo', { text: 'hi' }),
      WRITE_DONE,
      say('done'),
    ]);
    const outcome = completed(await runMcp({ store: t.run.store, contract, workdir: t.workdir, provider }));
    expect(outcome.verdict.overall).toBe('pass');
    expect(serverCalls(t.calls)).toEqual(['add {"a":2,"b":3}', 'echo {"text":"hi"}']);

    const kinds = kindsOf(t.run.store, outcome.sessionId);
    expect(kinds.slice(0, 5)).toEqual([
      'run_started',
      'mcp_tools_listed',
      'executor_started',
      'context_layers',
      'model_result',
    ]);
    const [listed] = entriesOf(t.run.store, outcome.sessionId, 'mcp_tools_listed');
    expect(listed?.payload).toMatchObject({ server: 'fx', transport: 'stdio', listed: 7 });
    const mounted = ((listed?.payload.tools ?? []) as Array<{ name: string }>).map((t) => t.name);
    expect(mounted).toEqual([
      'mcp__fx__echo',
      'mcp__fx__add',
      'mcp__fx__login',
      'mcp__fx__env',
      'mcp__fx__sleep',
      'mcp__fx__job',
      'mcp__fx__boom',
    ]);
    // The model was offered exactly what the contract allows.
    const started = entriesOf(t.run.store, outcome.sessionId, 'executor_started')[0];
    expect(started?.payload.tools).toEqual(['write_file', ...mounted]);

    const mcpCalls = entriesOf(t.run.store, outcome.sessionId, 'mcp_tool_call');
    expect(mcpCalls).toHaveLength(2);
    const add = mcpCalls[0] as LedgerEntry;
    expect(add.payload).toMatchObject({
      name: 'mcp__fx__add',
      transport: 'stdio',
      server: 'fx',
      tool: 'add',
      is_error: false,
      error: null,
      args_sha256: createHash('sha256')
        .update(canonicalJson({ a: 2, b: 3 }))
        .digest('hex'),
    });
    // The result body is a blob addressed by the signed hash; the memo row is written with the entry.
    const blob = t.run.store.blob(String(add.payload.result_sha256));
    expect(JSON.parse(String(blob?.bytes))).toEqual({
      content: [{ type: 'text', text: '5' }],
      structuredContent: { sum: 5 },
    });
    expect(t.run.store.memo(outcome.sessionId, String(add.payload.memo_key))).toMatchObject({
      seq: add.seq,
      result: { result_sha256: add.payload.result_sha256, is_error: false, error: null },
    });
    // The model read the result as a tool_result block of the next request.
    const report = t.run.store.verifySession(outcome.sessionId, {
      crypto: createNodeCrypto(),
      trusted: new Map(),
    });
    expect(report.failure).toBeNull();
    // No tool_result entry duplicates an MCP call: one entry per call.
    expect(entriesOf(t.run.store, outcome.sessionId, 'tool_result').map((e) => e.payload.name)).toEqual([
      'write_file',
    ]);
  });

  it('a tool the server allow_tools or the contract allow_tools leaves out is never advertised, and a call to it is refused', async () => {
    const contract = mcpContract(
      stdioServer(t.calls, 'allow_tools = ["echo", "add", "log*"]'),
      '["write_file", "mcp__fx__echo", "mcp__fx__login"]',
    );
    const agent = new PositionalAgent([
      { content: [toolUse('a', 'mcp__fx__add', { a: 1, b: 1 })] },
      { content: [toolUse('b', 'mcp__fx__boom', {})] },
      { content: [toolUse('c', 'mcp__fx__echo', { text: 'ok' })] },
      { content: [toolUse('d', 'write_file', { path: 'out.txt', content: 'done\n' })] },
      { content: [text('done')] },
    ]);
    const requests: string[][] = [];
    const spy = {
      ...agent,
      kind: agent.kind,
      model: agent.model,
      complete: agent.complete.bind(agent),
    } as typeof agent;
    spy.chat = async (request, ctx) => {
      requests.push((request.tools ?? []).map((t) => t.name));
      return agent.chat(request, ctx);
    };
    const outcome = completed(
      await runMcp({ store: t.run.store, contract, workdir: t.workdir, provider: spy }),
    );
    expect(outcome.verdict.overall).toBe('pass');
    expect(requests[0]).toEqual(['write_file', 'mcp__fx__echo', 'mcp__fx__login']);
    const [listed] = entriesOf(t.run.store, outcome.sessionId, 'mcp_tools_listed');
    expect(listed?.payload.not_mounted).toEqual([
      { name: 'env', reason: 'not in the server allow_tools' },
      { name: 'sleep', reason: 'not in the server allow_tools' },
      { name: 'job', reason: 'not in the server allow_tools' },
      { name: 'boom', reason: 'not in the server allow_tools' },
    ]);
    // add is mounted but not allowed by the contract; boom is not mounted at all: both refused, never sent.
    const refused = entriesOf(t.run.store, outcome.sessionId, 'tool_result').filter(
      (e) => e.payload.refused === true,
    );
    expect(refused.map((e) => e.payload.name)).toEqual(['mcp__fx__add', 'mcp__fx__boom']);
    expect(String(refused[0]?.payload.content)).toContain("not in the contract's allow_tools");
    expect(String(refused[1]?.payload.content)).toContain('unknown tool');
    expect(serverCalls(t.calls)).toEqual(['echo {"text":"ok"}']);
  });

  it('declared secret arguments are redacted before the arguments are hashed and the server still gets them; a run secret never leaves the harness', async () => {
    const token = 'tok_live_9f8e7d6c5b4a39281706';
    const contract = mcpContract(stdioServer(t.calls, 'secret_args = ["token"]'));
    const provider = scripted([
      use('mcp__fx__login', { user: 'ada', token: 'plain-password-123' }),
      use('mcp__fx__echo', { text: `key is ${token}` }),
      WRITE_DONE,
      say('done'),
    ]);
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, SERVICE_API_TOKEN: token };
    const outcome = completed(
      await runMcp({ store: t.run.store, contract, workdir: t.workdir, provider, env }),
    );
    expect(outcome.verdict.overall).toBe('pass');
    // The server received the declared secret argument as sent. The call holding a run secret was
    // refused, not sent with the scan's mark in its place (docs/security.md "The secret scan").
    expect(serverCalls(t.calls)).toEqual(['login {"user":"ada","token":"plain-password-123"}']);
    const [login, echo] = entriesOf(t.run.store, outcome.sessionId, 'mcp_tool_call');
    expect(echo).toBeUndefined();
    const hash = (value: unknown) => createHash('sha256').update(canonicalJson(value)).digest('hex');
    expect(login?.payload.args_sha256).toBe(hash({ user: 'ada', token: SECRET_ARG }));
    expect(login?.payload.args_redactions).toEqual({ secret_arg: 1 });
    const refused = entriesOf(t.run.store, outcome.sessionId, 'tool_result').find(
      (e) => e.payload.name === 'mcp__fx__echo',
    );
    expect(refused?.payload).toMatchObject({
      refused: true,
      is_error: true,
      input: { text: 'key is [REDACTED]' },
    });
    expect(String(refused?.payload.content)).toContain('holds a secret this run holds');
    // The scan removed it from the model_result that asked for the call, and says so there.
    const asked = entriesOf(t.run.store, outcome.sessionId, 'model_result')[1];
    expect(asked?.payload.redactions).toEqual({ run_secret: 1 });
    // Neither secret appears in the call entries; the run secret in no entry at all.
    for (const entry of [login, refused]) {
      expect(JSON.stringify(entry?.payload)).not.toContain('plain-password-123');
      expect(JSON.stringify(entry?.payload)).not.toContain(token);
    }
    expect(JSON.stringify([...t.run.store.entries(outcome.sessionId)])).not.toContain(token);
  });

  it('a server error result is journaled as is_error; budget_calls refuses calls past the cap without reaching the server', async () => {
    const contract = mcpContract(stdioServer(t.calls, 'budget_calls = 2'));
    const provider = scripted([
      use('mcp__fx__boom', {}),
      use('mcp__fx__echo', { text: 'one' }),
      use('mcp__fx__echo', { text: 'two' }),
      WRITE_DONE,
      say('done'),
    ]);
    const outcome = completed(await runMcp({ store: t.run.store, contract, workdir: t.workdir, provider }));
    expect(outcome.verdict.overall).toBe('pass');
    expect(serverCalls(t.calls)).toEqual(['boom {}', 'echo {"text":"one"}']);
    const [boom, one, two] = entriesOf(t.run.store, outcome.sessionId, 'mcp_tool_call');
    expect(boom?.payload).toMatchObject({ is_error: true, error: null });
    expect(one?.payload).toMatchObject({ is_error: false });
    expect(two?.payload).toMatchObject({ is_error: true, refused: true, result_sha256: null });
    expect(String(two?.payload.error)).toContain('budget_calls');
  });

  it('a call past timeout_sec is recorded as an error and its server stopped; the next call gets a fresh server', async () => {
    // timeout_sec also bounds each server's start-up (docs/mcp.md): 3 s leaves a loaded machine room
    // to start the fresh server, and is still far below the call's sleep.
    const contract = mcpContract(stdioServer(t.calls, 'timeout_sec = 3'));
    const provider = scripted([
      use('mcp__fx__sleep', { ms: 30_000 }),
      use('mcp__fx__echo', { text: 'after' }),
      WRITE_DONE,
      say('done'),
    ]);
    const started = Date.now();
    const outcome = completed(await runMcp({ store: t.run.store, contract, workdir: t.workdir, provider }));
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(outcome.verdict.overall).toBe('pass');
    const [slow, after] = entriesOf(t.run.store, outcome.sessionId, 'mcp_tool_call');
    expect(slow?.payload).toMatchObject({ is_error: true, result_sha256: null });
    expect(String(slow?.payload.error)).toMatch(/MCP server "fx": tools\/call sleep failed: .*timed out/i);
    expect(after?.payload).toMatchObject({ is_error: false, error: null });
    expect(serverStarts(t.calls)).toBe(2);
  });

  it('the stdio server gets a scrubbed environment: only the base allowlist and its granted names', async () => {
    const contract = mcpContract(stdioServer(t.calls, 'env = ["GRANTED_VALUE"]'));
    const provider = scripted([
      use('mcp__fx__env', { names: ['GRANTED_VALUE', 'OTHER_API_KEY', 'PATH'] }),
      WRITE_DONE,
      say('done'),
    ]);
    const env = { ...process.env, GRANTED_VALUE: 'yes', OTHER_API_KEY: 'sk-should-not-pass-1234' };
    const outcome = completed(
      await runMcp({ store: t.run.store, contract, workdir: t.workdir, provider, env }),
    );
    const [call] = entriesOf(t.run.store, outcome.sessionId, 'mcp_tool_call');
    const body = JSON.parse(String(t.run.store.blob(String(call?.payload.result_sha256))?.bytes));
    expect(JSON.parse(body.content[0].text)).toEqual({
      GRANTED_VALUE: true,
      OTHER_API_KEY: false,
      PATH: true,
    });
  });

  it('resume answers from the memo: the server is not called again, and the tool list comes from the ledger', async () => {
    const contract = mcpContract(stdioServer(t.calls));
    const answers = callThenFinish('mcp__fx__echo', { text: 'once' });
    const controller = new AbortController();
    const first = new PositionalAgent(answers, { hangAt: 1 });
    const abandoned = runMcp({
      store: t.run.store,
      contract,
      workdir: t.workdir,
      provider: first,
      signal: controller.signal,
    });
    await waitFor(() => first.requests.includes(1));
    const sessionId = t.run.store.sessions()[0]?.id as string;
    expect(serverCalls(t.calls)).toEqual(['echo {"text":"once"}']);
    // The abandoned run is stopped (its server with it) without journaling anything more.
    controller.abort();
    void abandoned.catch(() => {});

    const second = new PositionalAgent(answers);
    const outcome = completed(
      await resumeMcp({ store: t.run.store, sessionId, workdir: t.workdir, provider: second, contract }),
    );
    expect(outcome.verdict.overall).toBe('pass');
    expect(second.requests).toEqual([1, 2]);
    expect(serverCalls(t.calls)).toEqual(['echo {"text":"once"}']);
    expect(entriesOf(t.run.store, sessionId, 'mcp_tool_call')).toHaveLength(1);
    expect(entriesOf(t.run.store, sessionId, 'mcp_tools_listed')).toHaveLength(1);
    // The resume never started the server: everything it needed came from the ledger.
    expect(serverStarts(t.calls)).toBe(1);
  });

  it('a pending result records mcp_tool_pending and suspends the run; the delivered signal completes the call without calling the server again', async () => {
    const contract = mcpContract(stdioServer(t.calls));
    const answers = callThenFinish('mcp__fx__job', { id: '7' });
    const first = await runMcp({
      store: t.run.store,
      contract,
      workdir: t.workdir,
      provider: new PositionalAgent(answers),
    });
    expect(first.status).toBe('suspended');
    if (first.status !== 'suspended') return;
    expect(first.suspension).toMatchObject({ await: { signal: 'job-7' } });
    // The server's reason is quoted as its own words, never as Truss's instruction.
    expect(first.suspension.reason).toContain(
      'MCP tool mcp__fx__job is pending (its server says: "job 7 is running")',
    );
    const sessionId = first.sessionId;
    const [pending] = entriesOf(t.run.store, sessionId, 'mcp_tool_pending');
    expect(pending?.payload).toMatchObject({
      name: 'mcp__fx__job',
      server: 'fx',
      tool: 'job',
      signal: 'job-7',
    });
    expect(String(t.run.store.blob(String(pending?.payload.result_sha256))?.bytes)).toContain('job 7 queued');
    expect(entriesOf(t.run.store, sessionId, 'mcp_tool_call')).toEqual([]);
    expect(serverCalls(t.calls)).toEqual(['job {"id":"7"}']);

    // Resuming without the signal stays suspended and calls nothing.
    const again = await resumeMcp({
      store: t.run.store,
      sessionId,
      workdir: t.workdir,
      provider: new PositionalAgent(answers),
      contract,
    });
    expect(again.status).toBe('suspended');

    t.run.store.queueSignal(sessionId, 'job-7', { artifact: 'build-7.tar', ok: true });
    const second = new PositionalAgent(answers);
    const outcome = completed(
      await resumeMcp({ store: t.run.store, sessionId, workdir: t.workdir, provider: second, contract }),
    );
    expect(outcome.verdict.overall).toBe('pass');
    expect(second.requests).toEqual([1, 2]);
    const [call] = entriesOf(t.run.store, sessionId, 'mcp_tool_call');
    expect(call?.payload).toMatchObject({
      name: 'mcp__fx__job',
      pending_seq: pending?.seq,
      is_error: false,
      error: null,
    });
    const body = JSON.parse(String(t.run.store.blob(String(call?.payload.result_sha256))?.bytes));
    expect(body).toEqual({ content: [{ type: 'text', text: '{"artifact":"build-7.tar","ok":true}' }] });
    // The model got the delivered payload as the tool result.
    const model = entriesOf(t.run.store, sessionId, 'model_result');
    expect(model).toHaveLength(3);
    expect(serverCalls(t.calls)).toEqual(['job {"id":"7"}']);
    expect(serverStarts(t.calls)).toBe(1);
  });

  it('a memo without matching signed provenance (changed or missing) is refused, and nothing is appended', async () => {
    const contract = mcpContract(stdioServer(t.calls));
    const answers = callThenFinish('mcp__fx__echo', { text: 'once' });
    const outcome = completed(
      await runMcp({
        store: t.run.store,
        contract,
        workdir: t.workdir,
        provider: new PositionalAgent(answers),
      }),
    );
    const sessionId = outcome.sessionId;
    const [call] = entriesOf(t.run.store, sessionId, 'mcp_tool_call');
    const memoKey = String(call?.payload.memo_key);
    const Database = (await import('better-sqlite3')).default;
    const raw = new Database(t.run.dbPath);
    const original = raw.prepare('SELECT result FROM tool_memo WHERE memo_key = ?').get(memoKey) as {
      result: string;
    };
    raw
      .prepare('UPDATE tool_memo SET result = ? WHERE memo_key = ?')
      .run(JSON.stringify({ result_sha256: 'f'.repeat(64), is_error: false, error: null }), memoKey);
    const count = kindsOf(t.run.store, sessionId).length;
    const tampered = await resumeMcp({
      store: t.run.store,
      sessionId,
      workdir: t.workdir,
      provider: new PositionalAgent(answers),
      contract,
    }).catch((e: unknown) => e);
    expect(tampered).toBeInstanceOf(MemoTamperError);
    raw.prepare('DELETE FROM tool_memo WHERE memo_key = ?').run(memoKey);
    const missing = await resumeMcp({
      store: t.run.store,
      sessionId,
      workdir: t.workdir,
      provider: new PositionalAgent(answers),
      contract,
    }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(MemoTamperError);
    expect(String((missing as Error).message)).toContain('missing');
    raw
      .prepare('INSERT INTO tool_memo (session_id, memo_key, seq, result, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(sessionId, memoKey, call?.seq, original.result, new Date().toISOString());
    raw.close();

    expect(kindsOf(t.run.store, sessionId)).toHaveLength(count);
    expect(serverCalls(t.calls)).toEqual(['echo {"text":"once"}']);
  });
});
