/**
 * A server that asks for a longer wait than the retry ceiling (60 s) ends the call at once, with an
 * error that says how long the server asked to wait and what to do (docs/providers.md). Before, the
 * wait was cut to 60 s and the request sent again, three more times: each retry came well before the
 * time the server named, so it hammered a rate-limited account and spent four minutes of the run's
 * deadline on answers it had already been given. A wait up to the ceiling is still honoured in full.
 * The provider APIs are faked at the HTTP layer (nock) with their documented error bodies.
 */
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { createProvider, RetriesExhaustedError } from '../../src/core/providers/index.js';
import type { ProviderConfig } from '../../src/core/providers/provider.js';
import { useNock } from '../helpers/nock-guard.js';
import {
  ANTHROPIC_KEY,
  ask,
  catchError,
  everythingAbout,
  GITHUB_TOKEN,
  makeCtx,
  OPENAI_KEY,
  recordingSleep,
} from './helpers.js';

useNock();

const ANTHROPIC = 'https://api.anthropic.com';
const OPENAI = 'https://api.openai.com';
const GITHUB = 'https://models.github.ai';

function make(config: Pick<ProviderConfig, 'kind'> & Partial<ProviderConfig>) {
  const retry = recordingSleep();
  const provider = createProvider(
    { model: config.kind === 'anthropic' ? 'claude-sonnet-5-5' : 'gpt-4.1-mini', maxTokens: 256, ...config },
    {
      env: { ANTHROPIC_API_KEY: ANTHROPIC_KEY, OPENAI_API_KEY: OPENAI_KEY, GITHUB_TOKEN },
      cwd: '/',
      retry: { sleep: retry.sleep, random: () => 0.5 },
    },
  );
  return { provider, delays: retry.delays };
}

/** A Messages API error body as Anthropic documents it. */
const anthropicError = (type: string, message: string) => ({ type: 'error', error: { type, message } });
/** An error body as OpenAI documents it. */
const openaiError = (message: string, type: string, code: string) => ({
  error: { message, type, param: null, code },
});

describe('a Retry-After past the retry ceiling', () => {
  it('anthropic: 429 with retry-after: 3600 fails after one request, naming the wait and what to do', async () => {
    const scope = nock(ANTHROPIC)
      .post('/v1/messages')
      .reply(
        429,
        anthropicError('rate_limit_error', 'Number of request tokens has exceeded your daily rate limit'),
        {
          'retry-after': '3600',
        },
      );
    const { ctx, events } = makeCtx();
    const { provider, delays } = make({ kind: 'anthropic' });
    const error = await catchError(provider.complete(ask(), ctx));
    expect(scope.isDone()).toBe(true);
    expect(error).toBeInstanceOf(RetriesExhaustedError);
    const message = (error as Error).message;
    expect(message).toContain('the server asked to wait 3600 s before another attempt (Retry-After)');
    expect(message).toContain('more than the 60 s truss waits');
    expect(message).toContain('run again after that');
    expect(message).toContain('HTTP 429 rate_limit_error');
    expect((error as RetriesExhaustedError).attempts).toBe(1);
    expect((error as RetriesExhaustedError).status).toBe(429);
    expect(delays).toEqual([]);
    expect(events).toEqual([]);
    expect(everythingAbout(error)).not.toContain(ANTHROPIC_KEY);
  });

  it('anthropic: retry-after-ms, which wins over retry-after, counts the same', async () => {
    nock(ANTHROPIC).post('/v1/messages').reply(529, anthropicError('overloaded_error', 'Overloaded'), {
      'retry-after': '5',
      'retry-after-ms': '90000',
    });
    const { ctx } = makeCtx();
    const { provider, delays } = make({ kind: 'anthropic' });
    const error = await catchError(provider.complete(ask(), ctx));
    expect((error as Error).message).toContain('the server asked to wait 90 s');
    expect(delays).toEqual([]);
  });

  it('openai-compatible: a Retry-After HTTP date an hour away fails at once; the whole chat path too', async () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    nock(OPENAI)
      .post('/v1/chat/completions')
      .times(2)
      .reply(
        429,
        openaiError('You exceeded your current quota', 'insufficient_quota', 'insufficient_quota'),
        {
          'retry-after': 'Sun, 01 Mar 2026 13:00:00 GMT',
        },
      );
    const { ctx, events } = makeCtx({ now: () => now });
    const { provider, delays } = make({ kind: 'openai-compatible' });
    const error = await catchError(provider.complete(ask(), ctx));
    expect((error as Error).message).toContain(
      'the server asked to wait 3600 s before another attempt (Retry-After)',
    );
    expect((error as Error).message).toContain('(until 2026-03-01T13:00:00Z)');
    expect((error as Error).message).toContain('You exceeded your current quota');
    if (!provider.chat) throw new Error('openai-compatible has a chat path');
    const chat = await catchError(
      provider.chat(
        { messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], tools: [] },
        ctx,
      ),
    );
    expect(chat).toBeInstanceOf(RetriesExhaustedError);
    expect((chat as Error).message).toContain('3600 s');
    expect(delays).toEqual([]);
    expect(events).toEqual([]);
  });

  it('a Retry-After too large for any date still ends the call with its message', async () => {
    nock(ANTHROPIC)
      .post('/v1/messages')
      .reply(429, anthropicError('rate_limit_error', 'slow down'), { 'retry-after': '9'.repeat(400) });
    const { ctx, events } = makeCtx();
    const { provider, delays } = make({ kind: 'anthropic' });
    const error = await catchError(provider.complete(ask(), ctx));
    expect(error).toBeInstanceOf(RetriesExhaustedError);
    expect((error as Error).message).toContain(
      'the server asked to wait an unbounded time (Retry-After), more than the 60 s',
    );
    expect(delays).toEqual([]);
    expect(events).toEqual([]);
  });

  it('github-models: a wait up to the ceiling is honoured in full; one past it is not retried', async () => {
    nock(GITHUB)
      .post('/inference/chat/completions')
      .reply(429, openaiError('Rate limit of 10 per 60s exceeded', 'rate_limit', 'RateLimitReached'), {
        'retry-after': '60',
      })
      .post('/inference/chat/completions')
      .reply(429, openaiError('Rate limit of 150 per 86400s exceeded', 'rate_limit', 'RateLimitReached'), {
        'retry-after': '61',
      });
    const { ctx, events } = makeCtx();
    const { provider, delays } = make({ kind: 'github-models', model: 'openai/gpt-4.1-mini' });
    const error = await catchError(provider.complete(ask(), ctx));
    expect(delays).toEqual([60_000]);
    expect(events).toEqual([
      expect.objectContaining({ type: 'provider_retry', attempt: 1, delayMs: 60_000 }),
    ]);
    expect((error as Error).message).toContain('the server asked to wait 61 s');
    expect((error as RetriesExhaustedError).attempts).toBe(2);
  });
});
