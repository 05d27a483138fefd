import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AbortError, createProvider, RetriesExhaustedError } from '../../src/core/providers/index.js';
import { DeadlineReachedError, deadlineReached } from '../../src/core/runtime/run-deadline.js';
import {
  ANTHROPIC_KEY,
  ask,
  catchError,
  everythingAbout,
  makeCtx,
  OPENAI_KEY,
  READ_FILE,
} from './helpers.js';

/**
 * A model server that answers with headers and the start of a body, then sends nothing more (a
 * proxy that hangs, a stream cut without a close). The request timeout covers the whole response,
 * body included (docs/providers.md: a timeout is a transient failure, retried within the deadline),
 * so the call ends instead of holding the run. A real HTTP server on loopback: the stall is in the
 * socket, where nock cannot put it.
 */

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
  server = undefined;
});

async function stallingServer(): Promise<string> {
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"id":"msg_01","type":"message","content":[');
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const HANG = Symbol('still waiting');

describe('a response body that never completes', () => {
  for (const kind of ['anthropic', 'openai-compatible'] as const) {
    for (const call of ['complete', 'chat'] as const) {
      it(`${kind} ${call}: ends at the request timeout with a retryable timeout, not never`, async () => {
        const base = await stallingServer();
        const provider = createProvider(
          { kind, model: 'm', baseUrl: kind === 'anthropic' ? base : `${base}/v1`, maxTokens: 10 },
          {
            env: { ANTHROPIC_API_KEY: ANTHROPIC_KEY, OPENAI_API_KEY: OPENAI_KEY },
            cwd: '/',
            retry: { maxAttempts: 1 },
          },
        );
        // The deadline bounds the request timeout (at least 1 s, and a second's grace).
        const { ctx, budget } = makeCtx({ deadline: Date.now() + 1200 });
        const pending =
          call === 'complete'
            ? provider.complete(ask(), ctx)
            : (provider.chat?.(
                { messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], tools: [READ_FILE] },
                ctx,
              ) as Promise<unknown>);
        const started = Date.now();
        const outcome = await Promise.race([
          catchError(pending),
          new Promise((resolve) => setTimeout(() => resolve(HANG), 8000)),
        ]);
        expect(outcome).not.toBe(HANG);
        expect(Date.now() - started).toBeLessThan(5000);
        expect(outcome).toBeInstanceOf(RetriesExhaustedError);
        expect(String((outcome as Error).message)).toMatch(/timed out/);
        expect(everythingAbout(outcome)).not.toContain(ANTHROPIC_KEY);
        expect(budget.spent.totalTokens).toBe(0);
      }, 15_000);
    }
  }

  for (const kind of ['anthropic', 'openai-compatible'] as const) {
    it(`${kind}: the run's deadline, not a request timeout racing it, is what stops the call`, async () => {
      const base = await stallingServer();
      const provider = createProvider(
        { kind, model: 'm', baseUrl: kind === 'anthropic' ? base : `${base}/v1`, maxTokens: 10 },
        { env: { ANTHROPIC_API_KEY: ANTHROPIC_KEY, OPENAI_API_KEY: OPENAI_KEY }, cwd: '/' },
      );
      const at = Date.now() + 1200;
      const { ctx, controller } = makeCtx({ deadline: at });
      // The deadline's timer firing 100 ms late, as on a loaded machine (the race a CI run lost).
      const limit = { at, limit: '1.2s', source: '[budget] max_duration' };
      const late = setTimeout(() => controller.abort(new DeadlineReachedError(limit)), at - Date.now() + 100);
      try {
        const outcome = await catchError(provider.complete(ask(), ctx));
        expect(outcome).toBeInstanceOf(AbortError);
        expect(String((outcome as Error).message)).toContain('wall-clock deadline of 1.2s reached');
        expect(deadlineReached(ctx.signal)?.deadline).toEqual(limit);
      } finally {
        clearTimeout(late);
      }
    }, 15_000);
  }
});
