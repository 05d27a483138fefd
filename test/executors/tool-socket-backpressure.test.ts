import { mkdtempSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DelegatedToolBridge } from '../../src/core/executors/delegated-tools.js';
import { openToolSocket } from '../../src/core/executors/delegated-tools-socket.js';

/**
 * The tools = "truss" socket and a CLI that sends a flood of calls while one runs: the bridge runs
 * calls one at a time, and every call read and waiting held its arguments in the harness's memory,
 * without bound (a thousand 9 MiB writes behind one slow command). Past MAX_WAITING_CALLS (16)
 * waiting calls the socket is no longer read until calls finish (docs/mcp.md). A real Unix socket,
 * the real handshake, the SDK's Server; the bridge is a stand-in that holds every call until released.
 */
const WAITING_CAP = 16;
const CALLS = 200;

describe('the tools = "truss" socket under a flood of calls', () => {
  it('stops reading past the cap of waiting calls, and reads on as they finish', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered = 0;
    const bridge = {
      served: [{ name: 'write_file', description: 'Write.', inputSchema: { type: 'object' } }],
      call: async () => {
        entered++;
        await held;
        return { text: 'ok', isError: false };
      },
    } as unknown as DelegatedToolBridge;
    const socket = await openToolSocket({
      bridge,
      sessionId: 'S1',
      version: 'test',
      parent: mkdtempSync(join(tmpdir(), 'truss-flood-')),
      toolEnv: { PATH: process.env.PATH ?? '' },
    });
    const client = connect(join(socket.dir, 'tools.sock'));
    try {
      await new Promise<void>((resolve) => client.once('connect', resolve));
      const token = readFileSync(join(socket.dir, 'token'), 'utf8').trim();
      const content = 'x'.repeat(256 * 1024);
      const lines = [
        { truss_tools: 1, session: 'S1', token },
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
          params: { name: 'write_file', arguments: { path: `f${i}.txt`, content } },
        })),
      ];
      client.write(`${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
      let answers = 0;
      let text = '';
      client.on('data', (chunk) => {
        text += chunk.toString('utf8');
        answers = text.split('\n').filter((line) => line.includes('"content"')).length;
      });
      await new Promise((resolve) => setTimeout(resolve, 2000));
      // One 64 KiB read may hold a call beyond the cap; no more.
      expect(entered).toBeGreaterThanOrEqual(WAITING_CAP);
      expect(entered).toBeLessThanOrEqual(WAITING_CAP + 1);
      release();
      for (let waited = 0; answers < CALLS && waited < 30_000; waited += 100) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(answers).toBe(CALLS);
      expect(entered).toBe(CALLS);
    } finally {
      client.destroy();
      await socket.close();
    }
  }, 60_000);
});
