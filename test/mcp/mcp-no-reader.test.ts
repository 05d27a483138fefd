import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { McpServerSettings } from '../../src/core/contract/index.js';
import { connectMcpServer } from '../../src/core/mcp/index.js';

/**
 * A stdio server that stops reading its stdin and sends requests the client must answer (`ping`,
 * which the SDK answers by itself): every answer waited in the harness's memory, without bound, for a
 * reader that never came, until the call's timeout_sec. A server that leaves more than
 * MAX_UNREAD_BYTES of what it was sent unread is stopped at once (docs/mcp.md). The server is a
 * real process (test/fixtures/mcp/no-reader.mjs).
 */
const NO_READER = join(import.meta.dirname, '../fixtures/mcp/no-reader.mjs');

describe('an MCP stdio server that does not read what it is sent', () => {
  it('is stopped once what waits for it passes the cap; the call fails at once, not at its timeout', async () => {
    const server = {
      name: 'noreader',
      transport: 'stdio',
      command: process.execPath,
      args: [NO_READER],
      timeout_sec: 20,
    } as McpServerSettings;
    const connection = await connectMcpServer(server, {
      env: process.env,
      workdir: mkdtempSync(join(tmpdir(), 'truss-noreader-')),
      ctx: { signal: new AbortController().signal, deadline: null },
      network: { mode: 'none', allowlist: [] },
    });
    try {
      expect((await connection.listTools()).map((tool) => tool.name)).toEqual(['flood']);
      // Before its timeout_sec (20 s), which is what ended the call before, and says why.
      await expect(connection.callTool('flood', {})).rejects.toThrow(/does not read what it is sent/);
    } finally {
      await connection.close();
    }
  }, 90_000);
});
