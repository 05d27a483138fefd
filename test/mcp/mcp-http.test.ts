import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHttpServer } from '../fixtures/mcp/server.mjs';
import {
  type AgentRun,
  kindsOf,
  makeWorkdir,
  openRunStore,
  PositionalAgent,
  say,
  scripted,
  text,
  use,
  waitFor,
} from '../helpers/agent-kit.js';
import {
  BASE_ENV,
  callThenFinish,
  completed,
  mcpContract,
  resumeMcp,
  runMcp,
  serverCalls,
  tomlString,
} from './mcp-kit.js';

const AUTH = 'Bearer mcp-fixture-credential-0a1b2c3d4e';

function httpServer(url: string): string {
  return `
allowlist = ["127.0.0.1"]
network = "allowlist"

[[mcp.servers]]
name = "remote"
transport = "http"
url = ${tomlString(url)}
allow_tools = ["echo"]

[mcp.servers.headers]
"x-client" = "truss-test"

[mcp.servers.env_headers]
authorization = "FIXTURE_MCP_AUTH"
`;
}

/** Every byte of the ledger database, its WAL included. */
function ledgerBytes(run: AgentRun): string {
  return ['', '-wal']
    .map((suffix) => {
      try {
        return readFileSync(`${run.dbPath}${suffix}`).toString('latin1');
      } catch {
        return '';
      }
    })
    .join('');
}

describe('MCP client: streamable HTTP against a local SDK server', () => {
  let run: AgentRun;
  let workdir: string;
  let calls: string;
  let server: Awaited<ReturnType<typeof startHttpServer>>;
  beforeEach(async () => {
    run = openRunStore();
    workdir = makeWorkdir();
    calls = join(workdir, 'calls.log');
    server = await startHttpServer({ calls, requireAuth: AUTH });
  });
  afterEach(async () => {
    run.close();
    await server.close();
  });

  it('sends the env_headers value and static headers, journals the call, and never journals the header value', async () => {
    const contract = mcpContract(httpServer(server.url));
    const provider = scripted([
      use('mcp__remote__echo', { text: 'over http' }),
      use('write_file', { path: 'out.txt', content: 'done\n' }),
      say('done'),
    ]);
    const env = { ...BASE_ENV, FIXTURE_MCP_AUTH: AUTH };
    const outcome = completed(await runMcp({ store: run.store, contract, workdir, provider, env }));
    expect(outcome.verdict.overall).toBe('pass');
    expect(serverCalls(calls)).toEqual(['echo {"text":"over http"}']);
    const posts = server.seen.filter((r) => r.method === 'POST');
    expect(posts.length).toBeGreaterThan(0);
    for (const request of posts) {
      expect(request.headers.authorization).toBe(AUTH);
      expect(request.headers['x-client']).toBe('truss-test');
    }
    const entries = [...run.store.entries(outcome.sessionId)];
    const listed = entries.find((e) => e.kind === 'mcp_tools_listed');
    expect(listed?.payload).toMatchObject({ server: 'remote', transport: 'http', listed: 7 });
    expect(((listed?.payload.tools ?? []) as Array<{ name: string }>).map((t) => t.name)).toEqual([
      'mcp__remote__echo',
    ]);
    const call = entries.find((e) => e.kind === 'mcp_tool_call');
    expect(call?.payload).toMatchObject({
      transport: 'http',
      server: 'remote',
      tool: 'echo',
      is_error: false,
    });
    // Neither the credential nor the URL is in any MCP entry; the credential is nowhere in the database.
    for (const entry of entries.filter((e) => e.kind.startsWith('mcp_'))) {
      expect(JSON.stringify(entry.payload)).not.toContain(server.url);
      expect(JSON.stringify(entry.payload)).not.toContain('127.0.0.1');
    }
    expect(ledgerBytes(run)).not.toContain('mcp-fixture-credential');
  });

  it('a missing env_headers variable makes the run UNVERIFIABLE with a clear message; nothing reaches the server or the model', async () => {
    const contract = mcpContract(httpServer(server.url));
    const agent = new PositionalAgent([{ content: [text('never asked')] }]);
    const outcome = completed(await runMcp({ store: run.store, contract, workdir, provider: agent }));
    expect(outcome.verdict.overall).toBe('unverifiable');
    expect(agent.requests).toEqual([]);
    expect(server.seen).toEqual([]);
    for (const clause of outcome.verdict.clauses) {
      expect(clause.status).toBe('unverifiable');
      expect(clause.reason).toContain('FIXTURE_MCP_AUTH');
      expect(clause.reason).toContain('not set');
    }
    expect(kindsOf(run.store, outcome.sessionId)).toEqual([
      'run_started',
      'mcp_tools_listed',
      'executor_result',
      'verdict',
      'run_completed',
    ]);
    const result = [...run.store.entries(outcome.sessionId)].find((e) => e.kind === 'executor_result');
    expect(result?.payload).toMatchObject({ status: 'unverifiable', failure: null });
  });

  it('network = "none" refuses an http server before connecting: the executor fails (FAIL) and says what to set', async () => {
    const contract = mcpContract(httpServer(server.url).replace('network = "allowlist"', 'network = "none"'));
    const agent = new PositionalAgent([{ content: [text('never asked')] }]);
    const env = { ...BASE_ENV, FIXTURE_MCP_AUTH: AUTH };
    const outcome = completed(await runMcp({ store: run.store, contract, workdir, provider: agent, env }));
    expect(outcome.verdict.overall).toBe('fail');
    expect(agent.requests).toEqual([]);
    expect(server.seen).toEqual([]);
    expect(outcome.executor?.failure).toContain('[constraints] network = "none"');
    expect(outcome.verdict.forced.join(' ')).toContain('MCP server "remote" (http) refused');
  });

  it('a server that refuses the credential fails the executor; the error names no URL and no header value', async () => {
    const contract = mcpContract(httpServer(server.url));
    const env = { ...BASE_ENV, FIXTURE_MCP_AUTH: 'Bearer wrong-credential-value-99' };
    const agent = new PositionalAgent([{ content: [text('never asked')] }]);
    const outcome = completed(await runMcp({ store: run.store, contract, workdir, provider: agent, env }));
    expect(outcome.verdict.overall).toBe('fail');
    const listed = [...run.store.entries(outcome.sessionId)].find((e) => e.kind === 'mcp_tools_listed');
    expect(String(listed?.payload.error)).toContain('MCP server "remote": connecting failed');
    expect(JSON.stringify(listed?.payload)).not.toContain('wrong-credential');
    expect(JSON.stringify(listed?.payload)).not.toContain(server.url);
  });

  it('a response past 10 MiB is refused as it streams in: the executor fails saying so, the harness holds none of it', async () => {
    // Not an MCP server: whatever is asked, 12 MiB of a JSON string, sent in 64 KiB chunks.
    const huge = createServer((request, response) => {
      request.resume();
      response.writeHead(200, { 'content-type': 'application/json' });
      const chunk = 'x'.repeat(64 * 1024);
      Readable.from(
        (function* () {
          yield '{"jsonrpc":"2.0","id":0,"result":"';
          for (let i = 0; i < 192; i++) yield chunk;
          yield '"}';
        })(),
      )
        .pipe(response)
        .on('error', () => {});
    });
    await new Promise<void>((done) => huge.listen(0, '127.0.0.1', done));
    try {
      const { port } = huge.address() as AddressInfo;
      const contract = mcpContract(httpServer(`http://127.0.0.1:${port}/mcp`));
      const env = { ...BASE_ENV, FIXTURE_MCP_AUTH: AUTH };
      const agent = new PositionalAgent([{ content: [text('never asked')] }]);
      const outcome = completed(await runMcp({ store: run.store, contract, workdir, provider: agent, env }));
      expect(outcome.verdict.overall).toBe('fail');
      const listed = [...run.store.entries(outcome.sessionId)].find((e) => e.kind === 'mcp_tools_listed');
      expect(String(listed?.payload.error)).toContain('the response is larger than 10 MiB');
    } finally {
      huge.closeAllConnections();
      await new Promise((done) => huge.close(done));
    }
  });

  it('resume after the process stopped answers from the memo: no second request reaches the server', async () => {
    const contract = mcpContract(httpServer(server.url));
    const env = { ...BASE_ENV, FIXTURE_MCP_AUTH: AUTH };
    const answers = callThenFinish('mcp__remote__echo', { text: 'once' });
    const controller = new AbortController();
    const first = new PositionalAgent(answers, { hangAt: 1 });
    void runMcp({
      store: run.store,
      contract,
      workdir,
      provider: first,
      env,
      signal: controller.signal,
    }).catch(() => {});
    await waitFor(() => first.requests.includes(1));
    controller.abort();
    const sessionId = run.store.sessions()[0]?.id as string;
    const requestsBefore = server.seen.length;
    expect(serverCalls(calls)).toEqual(['echo {"text":"once"}']);

    const second = new PositionalAgent(answers);
    const outcome = completed(
      await resumeMcp({ store: run.store, sessionId, workdir, provider: second, contract, env }),
    );
    expect(outcome.verdict.overall).toBe('pass');
    expect(
      server.seen.slice(requestsBefore).map((r) => `${r.method} ${(r as { rpc?: string }).rpc}`),
    ).toEqual([]);
    expect(serverCalls(calls)).toEqual(['echo {"text":"once"}']);
  });
});
