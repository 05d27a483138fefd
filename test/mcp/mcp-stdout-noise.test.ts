import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { McpServerSettings } from '../../src/core/contract/index.js';
import { connectMcpServer } from '../../src/core/mcp/index.js';

/**
 * A stdio server that writes a line which is not JSON-RPC (a log line) in the same chunk as its
 * answer: the line is reported and skipped, and the answer after it is read at once (docs/mcp.md).
 * Before, the bad line ended the reading of that chunk, and the answer waited there until the
 * server wrote again — for a request, until its timeout_sec. The server is a real process
 * (test/fixtures/mcp/chatty-stdout.mjs, on the official SDK).
 */
const CHATTY = join(import.meta.dirname, '../fixtures/mcp/chatty-stdout.mjs');

describe('an MCP stdio server that logs to stdout', () => {
  it('its answers are read past the log lines sent with them', async () => {
    const server = {
      name: 'chatty',
      transport: 'stdio',
      command: process.execPath,
      args: [CHATTY],
      timeout_sec: 10,
    } as McpServerSettings;
    const abort = new AbortController();
    const started = Date.now();
    const connection = await connectMcpServer(server, {
      env: process.env,
      workdir: mkdtempSync(join(tmpdir(), 'truss-chatty-')),
      ctx: { signal: abort.signal, deadline: null },
      network: { mode: 'none', allowlist: [] },
    });
    try {
      const tools = await connection.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['echo']);
      const result = await connection.callTool('echo', { text: 'hi' });
      expect(result.content).toEqual([{ type: 'text', text: 'echo: {"text":"hi"}' }]);
      // Each answer came with its log line; none waited for a timeout.
      expect(Date.now() - started).toBeLessThan(8000);
    } finally {
      await connection.close();
    }
  }, 40_000);
});
