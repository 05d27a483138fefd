/**
 * The providers' bounded fetch over a real loopback socket, where a body arrives in many chunks (a
 * mocked body arrives in one): a successful JSON answer is held whole before it is handed on, and a
 * pull that only held a chunk never asked for the next, so every answer of more than one chunk hung
 * its run to the deadline. Also the cap, hit while the body streams.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { boundedFetch } from '../../src/core/providers/bounded-fetch.js';

let server: Server | null = null;

/** Serves `parts` of one JSON body as separate writes, a moment apart. */
async function serve(parts: readonly string[]): Promise<string> {
  server = createServer(async (request, response) => {
    request.resume();
    response.writeHead(200, { 'content-type': 'application/json' });
    for (const part of parts) {
      response.write(part);
      await new Promise((done) => setTimeout(done, 5));
    }
    response.end();
  });
  await new Promise<void>((done) => server?.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/messages`;
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((done) => server?.close(done));
  server = null;
});

describe('boundedFetch over a socket', () => {
  it('hands on a JSON answer that arrives in several chunks, whole', async () => {
    const text = 'y'.repeat(64 * 1024);
    const url = await serve(['{"type":"message","content":[{"type":"text","text":"', text, text, '"}]}']);
    const response = await boundedFetch(undefined, 'anthropic')(url, { method: 'POST', body: '{}' });
    const answer = (await response.json()) as { content: Array<{ text: string }> };
    expect(answer.content[0]?.text).toHaveLength(2 * 64 * 1024);
  });

  it('refuses an answer past the cap while it streams, naming the cap', async () => {
    const chunk = 'z'.repeat(64 * 1024);
    const url = await serve(['{"a":"', ...Array.from({ length: 20 }, () => chunk), '"}']);
    const response = await boundedFetch(undefined, 'anthropic', 1024 * 1024)(url, { method: 'POST' });
    await expect(response.json()).rejects.toThrow('the response is larger than 1 MiB');
  });
});
