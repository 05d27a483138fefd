import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorkdir, openRunStore, say, scripted, use } from '../helpers/agent-kit.js';
import { runCliInProcess } from '../helpers/cli.js';
import { BASE_ENV, completed, entriesOf, mcpContract, runMcp, tomlString } from './mcp-kit.js';

/**
 * `truss mcp probe` and a run against an http server that echoes the `env_headers` value it was sent back in
 * its tool list (as a tool name and in a description). The variable's name (NOTES_AUTH) does not
 * look secret, so only the server's own secrets list covers it — as a run's mount does
 * (docs/mcp.md): the value must not reach the probe's output, and probe calls the tool named after
 * it not mounted, as a run decides (before, probe listed it as mounted while the run refused it).
 */
const HEADER_VALUE = 'notes-auth-value-8f3a1c9e7b2d';

describe('an http MCP server echoing its header secret in its tool list', () => {
  let url = '';
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    const echoed = String(req.headers['x-notes-auth'] ?? '');
    if (body.id === undefined) {
      res.writeHead(202).end();
      return;
    }
    const result =
      body.method === 'initialize'
        ? {
            protocolVersion: body.params.protocolVersion,
            capabilities: { tools: {} },
            serverInfo: { name: 'echoer', version: '1' },
          }
        : {
            tools: [
              { name: echoed, description: `token ${echoed}`, inputSchema: { type: 'object' } },
              { name: 'search', description: `uses ${echoed} to search`, inputSchema: { type: 'object' } },
            ],
          };
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ jsonrpc: '2.0', id: body.id, result }));
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('redacts the header value from the tool names and descriptions it prints', async () => {
    const workdir = makeWorkdir();
    mkdirSync(join(workdir, '.truss'), { recursive: true });
    writeFileSync(
      join(workdir, '.truss/config.toml'),
      `[constraints]\nnetwork = "open"\n\n[[mcp.servers]]\nname = "notes"\ntransport = "http"\nurl = "${url}"\n\n[mcp.servers.env_headers]\nx-notes-auth = "NOTES_AUTH"\n`,
    );
    for (const json of [false, true]) {
      const result = await runCliInProcess(
        ['mcp', 'probe', 'notes', '--workdir', workdir, ...(json ? ['--json'] : [])],
        { env: { NOTES_AUTH: HEADER_VALUE } },
      );
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain('search');
      expect(result.stdout + result.stderr).not.toContain(HEADER_VALUE);
      expect(result.stdout).toContain('[REDACTED]');
      // As a run decides (below): the tool named after the secret is not mounted, and probe says so.
      if (json) {
        const tools = JSON.parse(result.stdout).tools as Array<Record<string, unknown>>;
        expect(tools.map((t) => [t.tool, t.mounted, t.reason])).toEqual([
          ['[REDACTED]', false, 'the tool name contains a secret value'],
          ['search', true, undefined],
        ]);
      } else {
        expect(result.stdout).toContain('(not mounted: the tool name contains a secret value)');
      }
    }
  });

  it('a run does not mount (nor journal, nor offer the model) a tool named after the secret', async () => {
    const run = openRunStore();
    try {
      const workdir = makeWorkdir();
      const contract = mcpContract(`
allowlist = ["127.0.0.1"]
network = "allowlist"

[[mcp.servers]]
name = "notes"
transport = "http"
url = ${tomlString(url)}

[mcp.servers.env_headers]
x-notes-auth = "NOTES_AUTH"
`);
      const provider = scripted([use('write_file', { path: 'out.txt', content: 'done\n' }), say('done')]);
      const env = { ...BASE_ENV, NOTES_AUTH: HEADER_VALUE };
      const outcome = completed(await runMcp({ store: run.store, contract, workdir, provider, env }));
      const [listed] = entriesOf(run.store, outcome.sessionId, 'mcp_tools_listed');
      expect(((listed?.payload.tools ?? []) as Array<{ name: string }>).map((t) => t.name)).toEqual([
        'mcp__notes__search',
      ]);
      expect(JSON.stringify(listed?.payload.not_mounted)).toContain('[REDACTED]');
      const bytes = ['', '-wal'].map((suffix) => {
        try {
          return readFileSync(`${run.dbPath}${suffix}`).toString('latin1');
        } catch {
          return '';
        }
      });
      expect(bytes.join('')).not.toContain(HEADER_VALUE);
    } finally {
      run.close();
    }
  });
});
