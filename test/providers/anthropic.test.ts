import nock from 'nock';
import { describe, expect, it } from 'vitest';
import {
  AbortError,
  AnthropicProvider,
  createProvider,
  PriceBook,
  ProviderAuthError,
  ProviderConfigError,
  RetriesExhaustedError,
} from '../../src/core/providers/index.js';
import { BudgetExceededError } from '../../src/core/runtime/budget.js';
import { useNock } from '../helpers/nock-guard.js';
import { ANTHROPIC_KEY, ask, catchError, everythingAbout, makeCtx, recordingSleep } from './helpers.js';

useNock();

const API = 'https://api.anthropic.com';
const MODEL = 'claude-sonnet-5-5';

/** A Messages API response as documented. */
function message(text: string, usage = { input_tokens: 12, output_tokens: 6 }) {
  return {
    id: 'msg_01XFDUDYJgAACzvnptvVoYEL',
    type: 'message',
    role: 'assistant',
    content: [{ type: 'text', text }],
    model: 'claude-sonnet-5-5-20260601',
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage,
  };
}

/** A Messages API error body as documented. */
function apiError(type: string, text: string) {
  return { type: 'error', error: { type, message: text } };
}

function provider(retry = recordingSleep(), pricing?: PriceBook) {
  const p = createProvider(
    { kind: 'anthropic', model: MODEL, maxTokens: 256 },
    {
      env: { ANTHROPIC_API_KEY: ANTHROPIC_KEY },
      cwd: '/',
      pricing,
      retry: { sleep: retry.sleep, random: () => 0.5 },
    },
  );
  return { provider: p, delays: retry.delays };
}

describe('anthropic provider', () => {
  it('sends a Messages request with the key only in the auth header and returns text, usage and cost', async () => {
    let seenHeaders: Record<string, unknown> = {};
    let seenBody: unknown;
    nock(API)
      .post('/v1/messages')
      .reply(function (_uri, body) {
        seenHeaders = { ...this.req.headers };
        seenBody = body;
        return [200, message('Hello from Claude.')];
      });
    const { ctx, budget, events } = makeCtx();
    const { provider: p } = provider();
    expect(p.kind).toBe('anthropic');
    expect(p.model).toBe(MODEL);

    const result = await p.complete(ask('Say hello.', { system: 'Be brief.', temperature: 0 }), ctx);

    expect(seenBody).toEqual({
      model: MODEL,
      max_tokens: 256,
      messages: [{ role: 'user', content: 'Say hello.' }],
      system: 'Be brief.',
      temperature: 0,
      stream: false,
    });
    // The installed SDK (1.14.0) authenticates an API key with `Authorization: Bearer`; the docs'
    // `x-api-key` is not sent. Either way the key must appear in exactly one header.
    expect(seenHeaders.authorization).toBe(`Bearer ${ANTHROPIC_KEY}`);
    expect(seenHeaders['x-api-key']).toBeUndefined();
    expect(String(seenHeaders['anthropic-version'])).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(seenHeaders['x-stainless-retry-count']).toBe('0');
    const carrying = Object.entries(seenHeaders).filter(([, v]) => String(v).includes(ANTHROPIC_KEY));
    expect(carrying.map(([k]) => k)).toEqual(['authorization']);
    expect(JSON.stringify(seenBody)).not.toContain(ANTHROPIC_KEY);

    expect(result.text).toBe('Hello from Claude.');
    expect(result.model).toBe('claude-sonnet-5-5-20260601');
    expect(result.stopReason).toBe('end_turn');
    // claude-sonnet-5-5 default price: $2 in / $10 out per MTok.
    expect(result.usage.inputTokens).toBe(12);
    expect(result.usage.outputTokens).toBe(6);
    expect(result.usage.costUsd).toBeCloseTo((12 * 2 + 6 * 10) / 1e6, 12);
    expect(budget.spent.totalTokens).toBe(18);
    expect(budget.spent.costUsd).toBeCloseTo(result.usage.costUsd, 12);
    expect(JSON.stringify(result)).not.toContain(ANTHROPIC_KEY);
    expect(events).toEqual([]);
  });

  it('honours Retry-After on 429 and then succeeds', async () => {
    nock(API)
      .post('/v1/messages')
      .reply(
        429,
        apiError('rate_limit_error', 'Number of request tokens has exceeded your per-minute rate limit'),
        {
          'retry-after': '7',
        },
      )
      .post('/v1/messages')
      .reply(200, message('after the wait'));
    const { ctx, events } = makeCtx();
    const { provider: p, delays } = provider();
    const result = await p.complete(ask(), ctx);
    expect(result.text).toBe('after the wait');
    expect(delays).toEqual([7000]);
    expect(events).toEqual([
      expect.objectContaining({ type: 'provider_retry', provider: 'anthropic', attempt: 1, delayMs: 7000 }),
    ]);
    expect((events[0] as { reason: string }).reason).toContain('HTTP 429 rate_limit_error');
  });

  it('retries 529 overloaded with backoff and then succeeds', async () => {
    nock(API)
      .post('/v1/messages')
      .reply(529, apiError('overloaded_error', 'Overloaded'))
      .post('/v1/messages')
      .reply(200, message('ok'));
    const { ctx } = makeCtx();
    const { provider: p, delays } = provider();
    expect((await p.complete(ask(), ctx)).text).toBe('ok');
    expect(delays).toEqual([250]); // random 0.5 × base 500 × 2^0
  });

  it('401 is an auth error, not retried, naming the variable to check', async () => {
    nock(API).post('/v1/messages').reply(401, apiError('authentication_error', 'invalid x-api-key'));
    const { ctx, events, budget } = makeCtx();
    const { provider: p, delays } = provider();
    const error = await catchError(p.complete(ask(), ctx));
    expect(error).toBeInstanceOf(ProviderAuthError);
    expect((error as ProviderAuthError).kind).toBe('auth');
    expect((error as ProviderAuthError).status).toBe(401);
    expect((error as Error).message).toContain('ANTHROPIC_API_KEY');
    expect(delays).toEqual([]);
    expect(events).toEqual([]);
    expect(budget.spent.totalTokens).toBe(0);
  });

  it('400 is a config error', async () => {
    nock(API)
      .post('/v1/messages')
      .reply(400, apiError('invalid_request_error', 'max_tokens: 99999999 > 64000, the maximum allowed'));
    const { ctx } = makeCtx();
    const error = await catchError(provider().provider.complete(ask(), ctx));
    expect(error).toBeInstanceOf(ProviderConfigError);
    expect((error as ProviderConfigError).code).toBe('invalid_request_error');
    expect((error as Error).message).toContain('max_tokens');
  });

  it('gives up after 4 attempts of 503', async () => {
    nock(API).post('/v1/messages').times(4).reply(503, apiError('api_error', 'Service Unavailable'));
    const { ctx, events } = makeCtx();
    const { provider: p, delays } = provider();
    const error = await catchError(p.complete(ask(), ctx));
    expect(error).toBeInstanceOf(RetriesExhaustedError);
    expect((error as RetriesExhaustedError).attempts).toBe(4);
    expect(delays).toHaveLength(3);
    expect(events.filter((e) => e.type === 'provider_retry')).toHaveLength(3);
  });

  it('never puts the key into errors, even when the server echoes it', async () => {
    nock(API)
      .post('/v1/messages')
      .reply(401, apiError('authentication_error', `invalid x-api-key: ${ANTHROPIC_KEY}`), {
        'request-id': `req_${ANTHROPIC_KEY}`,
      });
    const { ctx } = makeCtx();
    const error = await catchError(provider().provider.complete(ask(), ctx));
    expect(error).toBeInstanceOf(ProviderAuthError);
    expect(everythingAbout(error)).not.toContain(ANTHROPIC_KEY);
    expect((error as Error).message).toContain('[REDACTED]');
  });

  it('aborts an in-flight request through ctx.signal', async () => {
    nock(API).post('/v1/messages').delay(30_000).reply(200, message('too late'));
    const { ctx, controller } = makeCtx();
    const pending = provider().provider.complete(ask(), ctx);
    setTimeout(() => controller.abort(), 20);
    const error = await catchError(pending);
    expect(error).toBeInstanceOf(AbortError);
  });

  it('makes no request when the budget is already spent', async () => {
    const scope = nock(API).post('/v1/messages').reply(200, message('should not be sent'));
    const { ctx, budget } = makeCtx({ limits: { maxTotalTokens: 10 } });
    budget.record({ inputTokens: 10, outputTokens: 0, costUsd: 0 });
    const error = await catchError(provider().provider.complete(ask(), ctx));
    expect(error).toBeInstanceOf(BudgetExceededError);
    expect(scope.isDone()).toBe(false);
    nock.cleanAll();
  });

  it('records usage that crosses the cost ceiling and then reports it', async () => {
    nock(API)
      .post('/v1/messages')
      .reply(200, message('expensive', { input_tokens: 100_000, output_tokens: 10_000 }));
    const { ctx, budget } = makeCtx({ limits: { maxCostUsd: 0.1 } });
    const error = await catchError(provider().provider.complete(ask(), ctx));
    expect(error).toBeInstanceOf(BudgetExceededError);
    expect(budget.spent.costUsd).toBeCloseTo(0.2 + 0.1, 10);
  });

  it('loads the SDK lazily, once', async () => {
    nock(API).post('/v1/messages').times(2).reply(200, message('hi'));
    let loads = 0;
    const p = new AnthropicProvider({
      model: MODEL,
      apiKey: ANTHROPIC_KEY,
      pricing: new PriceBook(),
      loadSdk: () => {
        loads++;
        return import('@anthropic-ai/sdk');
      },
    });
    expect(loads).toBe(0);
    const { ctx } = makeCtx();
    await p.complete(ask(), ctx);
    await p.complete(ask(), ctx);
    expect(loads).toBe(1);
  });

  it('uses a configured base_url', async () => {
    nock('http://proxy.internal:8080').post('/anthropic/v1/messages').reply(200, message('via proxy'));
    const p = createProvider(
      { kind: 'anthropic', model: MODEL, baseUrl: 'http://proxy.internal:8080/anthropic' },
      { env: { ANTHROPIC_API_KEY: ANTHROPIC_KEY }, cwd: '/' },
    );
    const { ctx } = makeCtx();
    expect((await p.complete(ask(), ctx)).text).toBe('via proxy');
  });
});
