import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LedgerStore } from '../../src/core/ledger/index.js';
import { startHttpServer } from '../fixtures/mcp/server.mjs';
import { AGENT_KEY, makeWorkdir, waitFor } from '../helpers/agent-kit.js';
import { runCli, startCli } from '../helpers/cli.js';
import { survivors } from '../process/isolation-kit.js';
import { serverCalls, serverStarts, stdioServer, tomlString } from './mcp-kit.js';

const UNPINNED = `
[[mcp.servers]]
name = "gh"
command = "npx"
args = ["-y", "@modelcontextprotocol/server-github"]
`;

/**
 * An OpenAI-compatible chat endpoint that answers by position (assistant turns so far) and counts
 * requests; `hold` makes a position never answer (the process is killed while it waits).
 */
class Model {
  readonly server: Server;
  requests: number[] = [];
  hold: number | null = null;
  constructor(private readonly script: Array<{ tool?: [string, Record<string, unknown>]; text?: string }>) {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        const position = (JSON.parse(body) as { messages: Array<{ role: string }> }).messages.filter(
          (m) => m.role === 'assistant',
        ).length;
        this.requests.push(position);
        if (position === this.hold) return;
        const step = this.script[position];
        const message = step?.tool
          ? {
              role: 'assistant',
              content: null,
              tool_calls: [
                {
                  id: `call_${position}`,
                  type: 'function',
                  function: { name: step.tool[0], arguments: JSON.stringify(step.tool[1]) },
                },
              ],
            }
          : { role: 'assistant', content: step?.text ?? 'done' };
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: `c${position}`,
            object: 'chat.completion',
            model: 'm',
            choices: [{ index: 0, message, finish_reason: step?.tool ? 'tool_calls' : 'stop' }],
            usage: { prompt_tokens: 10, completion_tokens: 1 },
          }),
        );
      });
    });
  }
  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }
}

describe('truss mcp list | probe', () => {
  let workdir: string;
  let calls: string;
  beforeEach(() => {
    workdir = makeWorkdir();
    calls = join(workdir, 'calls.log');
    mkdirSync(join(workdir, '.truss'), { recursive: true });
    writeFileSync(
      join(workdir, '.truss/config.toml'),
      `[constraints]\nallow_tools = ["mcp__fx__echo"]\n${stdioServer(calls, 'allow_tools = ["echo", "add"]')}
[[mcp.servers]]
name = "remote"
transport = "http"
url = "https://mcp.example.com/rpc"

[mcp.servers.env_headers]
authorization = "REMOTE_MCP_TOKEN"
${UNPINNED}`,
    );
  });

  it('list names a tool the server allow_tools repeats once, as a run mounts it once', () => {
    writeFileSync(
      join(workdir, '.truss/config.toml'),
      `[constraints]\nallow_tools = ["mcp__fx__echo", "mcp__fx__echo"]\n${stdioServer(calls, 'allow_tools = ["echo", "add", "echo"]')}`,
    );
    const human = runCli(['mcp', 'list', '--workdir', workdir]);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout.match(/mcp__fx__echo/g)).toEqual(['mcp__fx__echo']);
    expect(human.stdout).toContain('mcp__fx__echo  (offered to the agent)');
    expect(human.stdout).toContain('mcp__fx__add  (not in [constraints] allow_tools)');
    const json = runCli(['mcp', 'list', '--workdir', workdir, '--json']);
    expect(JSON.parse(json.stdout).servers[0].tools).toEqual([
      { tool: 'echo', name: 'mcp__fx__echo', mounted: true, allowed: true },
      { tool: 'add', name: 'mcp__fx__add', mounted: true, allowed: false },
    ]);
    expect(serverStarts(calls)).toBe(0);
  });

  it('list shows the declared servers and what the agent would be offered, launching nothing', () => {
    const human = runCli(['mcp', 'list', '--workdir', workdir]);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toContain('fx  stdio');
    expect(human.stdout).toContain('mcp__fx__echo  (offered to the agent)');
    expect(human.stdout).toContain('mcp__fx__add  (not in [constraints] allow_tools)');
    expect(human.stdout).toContain('header authorization from $REMOTE_MCP_TOKEN  (NOT SET');
    expect(human.stdout).toContain('warning: MCP server "gh"');
    const json = runCli(['mcp', 'list', '--workdir', workdir, '--json'], {
      env: { REMOTE_MCP_TOKEN: 'Bearer never-printed-value' },
    });
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.stdout);
    expect(parsed.servers.map((s: { name: string }) => s.name)).toEqual(['fx', 'remote', 'gh']);
    expect(parsed.servers[0].tools).toEqual([
      { tool: 'echo', name: 'mcp__fx__echo', mounted: true, allowed: true },
      { tool: 'add', name: 'mcp__fx__add', mounted: true, allowed: false },
    ]);
    expect(parsed.servers[1].env_headers).toEqual([
      { header: 'authorization', env: 'REMOTE_MCP_TOKEN', set: true },
    ]);
    expect(json.stdout).not.toContain('never-printed-value');
    expect(parsed.servers[2].unpinned).toContain('without an exact version');
    expect(serverStarts(calls)).toBe(0);
  });

  it('probe starts the server through the isolation layer, lists its tools and stops it', () => {
    const result = runCli(['mcp', 'probe', 'fx', '--workdir', workdir, '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/checks isolated: /);
    const parsed = JSON.parse(result.stdout);
    expect(
      parsed.tools.map((t: { name: string; mounted: boolean; allowed: boolean }) => [
        t.name,
        t.mounted,
        t.allowed,
      ]),
    ).toEqual([
      ['mcp__fx__echo', true, true],
      ['mcp__fx__add', true, false],
      ['mcp__fx__login', false, false],
      ['mcp__fx__env', false, false],
      ['mcp__fx__sleep', false, false],
      ['mcp__fx__job', false, false],
      ['mcp__fx__boom', false, false],
    ]);
    expect(serverStarts(calls)).toBe(1);
    expect(serverCalls(calls)).toEqual([]);
    expect(survivors(calls)).toEqual([]);
  });

  it('probe says what is wrong: the network policy (exit 1), an unset env_headers variable (exit 3), an unknown server (exit 3)', () => {
    // network = "none" (the default) refuses the http server before anything else.
    const refused = runCli(['mcp', 'probe', 'remote', '--workdir', workdir]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('[constraints] network = "none"');
    mkdirSync(join(workdir, '.truss/contracts'), { recursive: true });
    writeFileSync(
      join(workdir, '.truss/contracts/remote.toml'),
      `[contract]\nid = "r"\nintent = "x"\n\n[[done]]\nkind = "review"\ndesc = "x"\n\n[constraints]\nnetwork = "open"\n`,
    );
    const unset = runCli(['mcp', 'probe', 'remote', '--workdir', workdir, '--contract', 'remote']);
    expect(unset.code).toBe(3);
    expect(unset.stderr).toContain(
      'needs the environment variable REMOTE_MCP_TOKEN (for header authorization), which is not set',
    );
    const unknown = runCli(['mcp', 'probe', 'nope', '--workdir', workdir]);
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toContain('no MCP server named "nope"');
    expect(unknown.stderr).toContain('(declared: fx, remote, gh)');
  });

  it('truss run warns about an unpinned server locally (the Action refuses it)', () => {
    const contract = join(workdir, 'c.toml');
    writeFileSync(
      contract,
      `[contract]\nid = "c"\nintent = "x"\n\n[[done]]\nkind = "check"\ndesc = "true"\nrun = "true"\n${UNPINNED}`,
    );
    const key = join(mkdtempSync(join(tmpdir(), 'truss-mcp-key-')), 'k.key');
    writeFileSync(key, `${Buffer.alloc(32, 0x61).toString('base64')}\n`, { mode: 0o600 });
    const db = join(mkdtempSync(join(tmpdir(), 'truss-mcp-db-')), 'ledger.db');
    const result = runCli([
      'run',
      contract,
      '--workdir',
      workdir,
      '--db',
      db,
      '--key',
      key,
      '--isolation',
      'none',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(
      'truss: warning: MCP server "gh" (`npx -y @modelcontextprotocol/server-github`)',
    );
    expect(result.stderr).toContain('(the Action refuses it)');
  });
});

const HTTP_AUTH = 'Bearer mcp-kill-credential-5e6f7a8b9c';

for (const transport of ['stdio', 'http'] as const) {
  describe(`truss run with a ${transport} MCP server, SIGKILLed mid-run, then truss resume`, () => {
    const model = new Model([
      { tool: ['mcp__fx__echo', { text: 'exactly once' }] },
      { tool: ['write_file', { path: 'out.txt', content: 'done\n' }] },
      { text: 'done' },
    ]);
    let baseUrl: string;
    beforeAll(async () => {
      baseUrl = await model.listen();
    });
    afterAll(() => model.server.close());

    it('the journaled call is not made again: one call reaches the server in all', async () => {
      const workdir = makeWorkdir({ git: true });
      const calls = join(workdir, 'calls.log');
      const http = transport === 'http' ? await startHttpServer({ calls, requireAuth: HTTP_AUTH }) : null;
      try {
        const home = mkdtempSync(join(tmpdir(), 'truss-mcp-kill-'));
        const key = join(home, 'k.key');
        writeFileSync(key, `${Buffer.alloc(32, 0x61).toString('base64')}\n`, { mode: 0o600 });
        const db = join(home, 'ledger.db');
        const contract = join(home, 'mcp.toml');
        const server = http
          ? `
[[mcp.servers]]
name = "fx"
transport = "http"
url = ${tomlString(http.url)}

[mcp.servers.env_headers]
authorization = "FIXTURE_MCP_AUTH"
`
          : stdioServer(calls);
        writeFileSync(
          contract,
          `[contract]
id = "mcp-kill"
intent = "Echo once through MCP, then write out.txt"

[[done]]
kind = "check"
desc = "out.txt says done"
run = "grep -qx done out.txt"
timeout_sec = 20

[executor]
kind = "in-loop"

[constraints]
allow_tools = ["write_file", "mcp__fx__*"]
${http ? 'network = "allowlist"\nallowlist = ["127.0.0.1"]' : ''}

[provider]
kind = "openai-compatible"
model = "m"
base_url = "${baseUrl}"
${server}`,
        );
        const common = ['--workdir', workdir, '--db', db, '--key', key, '--json'];
        const env = {
          HOME: home,
          OPENAI_API_KEY: 'sk-test-unused-0000',
          ...(http ? { FIXTURE_MCP_AUTH: HTTP_AUTH } : {}),
        };
        model.requests = [];
        model.hold = 1;
        const first = startCli(['run', contract, ...common], { env });
        // Position 1 is asked only after the MCP call's signed entry was committed.
        await waitFor(() => model.requests.includes(1), 30_000);
        const exited = new Promise((resolve) => first.child.once('exit', resolve));
        first.child.kill('SIGKILL');
        // 'exit', not 'close': helpers of the killed process (tsx's esbuild) may hold its pipes open.
        await exited;
        expect(serverCalls(calls)).toEqual(['echo {"text":"exactly once"}']);
        // The killed harness's stdio server does not outlive it.
        if (!http) await waitFor(() => survivors(calls).length === 0, 10_000);
        const seenBefore = http?.seen.length ?? 0;
        if (http)
          expect(http.seen.filter((r) => (r as { rpc?: string }).rpc === 'tools/call')).toHaveLength(1);

        const store = LedgerStore.open(db, { readonly: true });
        const sessionId = store.sessions()[0]?.id as string;
        const kinds = [...store.entries(sessionId)].map((e) => e.kind);
        store.close();
        expect(kinds).toContain('mcp_tool_call');

        model.hold = null;
        // Asynchronously: a synchronous child would block this process, which serves the model.
        const resumed = await startCli(['resume', sessionId, ...common], { env }).done;
        expect(resumed.code, resumed.stderr).toBe(0);
        expect(JSON.parse(resumed.stdout).verdict).toBe('pass');
        expect(serverCalls(calls)).toEqual(['echo {"text":"exactly once"}']);
        if (http) {
          // Counted at the server: the resume sent it no request at all (the memo answered).
          expect(http.seen.length).toBe(seenBefore);
          expect(http.seen.filter((r) => (r as { rpc?: string }).rpc === 'tools/call')).toHaveLength(1);
        } else {
          expect(serverStarts(calls)).toBe(1);
        }
        const verify = runCli([
          'ledger',
          'verify',
          sessionId,
          '--db',
          db,
          '--key',
          AGENT_KEY.publicKeyHex,
          '--json',
        ]);
        expect(JSON.parse(verify.stdout).status).toBe('verified');
      } finally {
        await http?.close();
      }
    }, 120_000);
  });
}
