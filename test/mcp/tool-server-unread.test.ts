import { mkdtempSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serveMcpTools } from '../../src/core/mcp/tool-server.js';

/**
 * Truss's own MCP tool server (the tools = "truss" socket, `truss mcp serve`) and a client that
 * sends calls and never reads the answers: every answer waited in the harness's memory, without
 * bound. Past MAX_UNREAD_ANSWER_BYTES (32 MiB) unread the connection is closed (docs/mcp.md). A
 * real Unix socket, the SDK's Server on one end, raw JSON-RPC lines from a client that stops reading.
 */
/** MAX_UNREAD_ANSWER_BYTES as docs/mcp.md states it. */
const CAP = 32 * 1024 * 1024;
const ANSWER = 'a'.repeat(256 * 1024);
const CALLS = Math.ceil((2 * CAP) / ANSWER.length);

describe("a client of Truss's tool server that does not read its answers", () => {
  let listener: Server | undefined;
  afterEach(() => listener?.close());

  it('has its connection closed once the unread answers pass the cap', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'truss-unread-')), 'tools.sock');
    const accepted = new Promise<Socket>((resolve) => {
      listener = createServer(resolve);
      listener.listen(path);
    });
    await new Promise<void>((resolve) => listener?.once('listening', resolve));
    const client = connect(path);
    const socket = await accepted;
    const connection = await serveMcpTools({
      name: 'truss',
      version: 'test',
      tools: [{ name: 'big', description: 'A big answer.', inputSchema: { type: 'object' } }],
      call: async () => ({ text: ANSWER, isError: false }),
      input: socket,
      output: socket,
    });
    const lines = [
      {
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'raw', version: '1' },
        },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      ...Array.from({ length: CALLS }, (_, i) => ({
        jsonrpc: '2.0',
        id: i + 1,
        method: 'tools/call',
        params: { name: 'big', arguments: {} },
      })),
    ];
    // The client writes and never reads (its socket is paused from the start).
    client.pause();
    client.write(`${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
    const closed = await Promise.race([
      connection.closed.then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), 20_000)),
    ]);
    expect(closed).toBe(true);
    expect(socket.writableLength).toBeLessThanOrEqual(CAP + 2 * ANSWER.length);
    client.destroy();
    socket.destroy();
  }, 60_000);
});
