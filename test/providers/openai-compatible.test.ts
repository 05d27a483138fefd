import nock from 'nock';
import { describe, expect, it } from 'vitest';
import {
  AbortError,
  createProvider,
  PriceBook,
  ProviderAuthError,
  ProviderConfigError,
  ProviderFatalError,
  RetriesExhaustedError,
} from '../../src/core/providers/index.js';
import type { ProviderConfig } from '../../src/core/providers/provider.js';
import { BudgetExceededError } from '../../src/core/runtime/budget.js';
import { useNock } from '../helpers/nock-guard.js';
import {
  ask,
  catchError,
  everythingAbout,
  GITHUB_TOKEN,
  makeCtx,
  OPENAI_KEY,
  recordingSleep,
} from './helpers.js';

useNock();

const OPENAI = 'https://api.openai.com';
const GITHUB = 'https://models.github.ai';
const OLLAMA = 'http://127.0.0.1:11434';

/** A chat.completion as OpenAI documents it. */
function completion(text: string, model = 'gpt-4.1-mini-2025-04-14', usage = { prompt: 20, completion: 5 }) {
  return {
    id: 'chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT',
    object: 'chat.completion',
    created: 1741569952,
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: text, refusal: null, annotations: [] },
        logprobs: null,
        finish_reason: 'stop',
      },
    ],
    usage: {
      prompt_tokens: usage.prompt,
      completion_tokens: usage.completion,
      total_tokens: usage.prompt + usage.completion,
    },
  };
}

/** An OpenAI error body as documented. */
function apiError(message: string, type: string, code: string | null) {
  return { error: { message, type, param: null, code } };
}

function make(
  config: Partial<ProviderConfig> & Pick<ProviderConfig, 'kind'>,
  env: Record<string, string | undefined> = { OPENAI_API_KEY: OPENAI_KEY, GITHUB_TOKEN },
  pricing?: PriceBook,
) {
  const retry = recordingSleep();
  const provider = createProvider(
    { model: 'gpt-4.1-mini', ...config },
    { env, cwd: '/', pricing, retry: { sleep: retry.sleep, random: () => 0.5 } },
  );
  return { provider, delays: retry.delays };
}

interface Seen {
  headers: Record<string, unknown>;
  body: Record<string, unknown>;
}

function capture(scope: nock.Interceptor, reply: unknown, status = 200): Seen {
  const seen: Seen = { headers: {}, body: {} };
  scope.reply(function (_uri, body) {
    seen.headers = { ...this.req.headers };
    seen.body = body as Record<string, unknown>;
    return [status, reply as nock.Body];
  });
  return seen;
}

function headersCarrying(headers: Record<string, unknown>, secret: string): string[] {
  return Object.entries(headers)
    .filter(([, v]) => String(v).includes(secret))
    .map(([k]) => k);
}

describe('openai-compatible provider (OpenAI)', () => {
  it('posts chat/completions with Bearer auth, JSON mode and max_completion_tokens', async () => {
    const seen = capture(nock(OPENAI).post('/v1/chat/completions'), completion('{"vote":"met"}'));
    const { ctx, budget, events } = makeCtx();
    const { provider } = make({ kind: 'openai-compatible', maxTokens: 300, temperature: 0.2 });
    expect(provider.kind).toBe('openai-compatible');

    const result = await provider.complete(
      ask('Judge this.', { system: 'You are a reviewer.', json: true }),
      ctx,
    );

    expect(seen.body).toEqual({
      model: 'gpt-4.1-mini',
      messages: [
        { role: 'system', content: 'You are a reviewer.' },
        { role: 'user', content: 'Judge this.' },
      ],
      max_completion_tokens: 300,
      temperature: 0.2,
      response_format: { type: 'json_object' },
    });
    expect(seen.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
    expect(seen.headers['content-type']).toBe('application/json');
    expect(headersCarrying(seen.headers, OPENAI_KEY)).toEqual(['authorization']);
    expect(JSON.stringify(seen.body)).not.toContain(OPENAI_KEY);

    expect(result).toEqual({
      text: '{"vote":"met"}',
      model: 'gpt-4.1-mini-2025-04-14',
      stopReason: 'stop',
      usage: { inputTokens: 20, outputTokens: 5, costUsd: expect.any(Number) },
    });
    // gpt-4.1-mini default price: $0.40 in / $1.60 out per MTok.
    expect(result.usage.costUsd).toBeCloseTo((20 * 0.4 + 5 * 1.6) / 1e6, 12);
    expect(budget.spent).toMatchObject({ totalTokens: 25 });
    expect(events).toEqual([]);
  });

  it('honours Retry-After given as an HTTP date on 429, then succeeds', async () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    nock(OPENAI)
      .post('/v1/chat/completions')
      .reply(429, apiError('Rate limit reached for gpt-4.1-mini', 'requests', 'rate_limit_exceeded'), {
        'retry-after': 'Sun, 01 Mar 2026 12:00:12 GMT',
      })
      .post('/v1/chat/completions')
      .reply(200, completion('ok'));
    const { ctx, events } = makeCtx({ now: () => now });
    const { provider, delays } = make({ kind: 'openai-compatible' });
    expect((await provider.complete(ask(), ctx)).text).toBe('ok');
    expect(delays).toEqual([12_000]);
    expect(events).toEqual([
      {
        type: 'provider_retry',
        provider: 'openai-compatible',
        attempt: 1,
        delayMs: 12_000,
        reason: 'openai-compatible: HTTP 429 rate_limit_exceeded: Rate limit reached for gpt-4.1-mini',
      },
    ]);
  });

  it('retries 503 with backoff, then succeeds', async () => {
    nock(OPENAI)
      .post('/v1/chat/completions')
      .reply(503, apiError('The engine is currently overloaded', 'server_error', null))
      .post('/v1/chat/completions')
      .reply(200, completion('ok'));
    const { ctx } = makeCtx();
    const { provider, delays } = make({ kind: 'openai-compatible' });
    expect((await provider.complete(ask(), ctx)).text).toBe('ok');
    expect(delays).toEqual([250]);
  });

  it('retries a network failure', async () => {
    nock(OPENAI)
      .post('/v1/chat/completions')
      .replyWithError({ code: 'ECONNRESET', message: 'socket hang up' })
      .post('/v1/chat/completions')
      .reply(200, completion('ok'));
    const { ctx, events } = makeCtx();
    const { provider } = make({ kind: 'openai-compatible' });
    expect((await provider.complete(ask(), ctx)).text).toBe('ok');
    expect((events[0] as { reason: string }).reason).toContain('network error');
  });

  it('401 is an auth error, not retried, and the echoed key is redacted', async () => {
    const partial = `${OPENAI_KEY.slice(0, 8)}****${OPENAI_KEY.slice(-4)}`;
    nock(OPENAI)
      .post('/v1/chat/completions')
      .reply(
        401,
        apiError(
          `Incorrect API key provided: ${OPENAI_KEY} (${partial})`,
          'invalid_request_error',
          'invalid_api_key',
        ),
      );
    const { ctx, events } = makeCtx();
    const { provider, delays } = make({ kind: 'openai-compatible' });
    const error = await catchError(provider.complete(ask(), ctx));
    expect(error).toBeInstanceOf(ProviderAuthError);
    expect((error as ProviderAuthError).code).toBe('invalid_api_key');
    expect(everythingAbout(error)).not.toContain(OPENAI_KEY);
    expect((error as Error).message).toContain('[REDACTED]');
    expect((error as Error).message).toContain('OPENAI_API_KEY');
    expect(delays).toEqual([]);
    expect(events).toEqual([]);
  });

  it('400 and 404 are config errors', async () => {
    nock(OPENAI)
      .post('/v1/chat/completions')
      .reply(400, apiError("Invalid value for 'temperature'", 'invalid_request_error', 'invalid_value'))
      .post('/v1/chat/completions')
      .reply(
        404,
        apiError('The model `gpt-nope` does not exist', 'invalid_request_error', 'model_not_found'),
      );
    const { ctx } = makeCtx();
    const { provider } = make({ kind: 'openai-compatible' });
    const bad = await catchError(provider.complete(ask(), ctx));
    expect(bad).toBeInstanceOf(ProviderConfigError);
    expect((bad as ProviderConfigError).status).toBe(400);
    const missing = await catchError(provider.complete(ask(), ctx));
    expect(missing).toBeInstanceOf(ProviderConfigError);
    expect((missing as Error).message).toContain('model_not_found');
  });

  it('gives up after maxAttempts of 500', async () => {
    nock(OPENAI)
      .post('/v1/chat/completions')
      .times(4)
      .reply(500, apiError('The server had an error', 'server_error', null));
    const { ctx, events } = makeCtx();
    const { provider, delays } = make({ kind: 'openai-compatible' });
    const error = await catchError(provider.complete(ask(), ctx));
    expect(error).toBeInstanceOf(RetriesExhaustedError);
    expect((error as Error).message).toContain('gave up after 4 attempts');
    expect(delays).toEqual([250, 500, 1000]);
    expect(events.map((e) => (e as { attempt: number }).attempt)).toEqual([1, 2, 3]);
  });

  it('abort during the retry wait stops at once, without a second request', async () => {
    nock(OPENAI)
      .post('/v1/chat/completions')
      .reply(429, apiError('slow down', 'requests', 'rate_limit_exceeded'), { 'retry-after': '30' });
    const { ctx, controller } = makeCtx();
    let waited!: () => void;
    const waiting = new Promise<void>((resolve) => {
      waited = resolve;
    });
    const provider = createProvider(
      { kind: 'openai-compatible', model: 'gpt-4.1-mini' },
      {
        env: { OPENAI_API_KEY: OPENAI_KEY },
        cwd: '/',
        retry: {
          sleep: () => {
            waited();
            return new Promise<void>(() => {});
          },
        },
      },
    );
    const pending = provider.complete(ask(), ctx);
    await waiting;
    controller.abort();
    expect(await catchError(pending)).toBeInstanceOf(AbortError);
  });

  it('aborts an in-flight request', async () => {
    nock(OPENAI).post('/v1/chat/completions').delay(30_000).reply(200, completion('too late'));
    const { ctx, controller } = makeCtx();
    const { provider } = make({ kind: 'openai-compatible' });
    const pending = provider.complete(ask(), ctx);
    setTimeout(() => controller.abort(), 20);
    expect(await catchError(pending)).toBeInstanceOf(AbortError);
  });

  it('makes no request when the budget is spent', async () => {
    const scope = nock(OPENAI).post('/v1/chat/completions').reply(200, completion('no'));
    const { ctx, budget } = makeCtx({ limits: { maxCostUsd: 0.01 } });
    budget.record({ inputTokens: 0, outputTokens: 0, costUsd: 0.01 });
    expect(
      await catchError(make({ kind: 'openai-compatible' }).provider.complete(ask(), ctx)),
    ).toBeInstanceOf(BudgetExceededError);
    expect(scope.isDone()).toBe(false);
    nock.cleanAll();
  });

  it('a 200 without choices is a fatal error', async () => {
    nock(OPENAI).post('/v1/chat/completions').reply(200, { object: 'list', data: [] });
    const { ctx } = makeCtx();
    expect(
      await catchError(make({ kind: 'openai-compatible' }).provider.complete(ask(), ctx)),
    ).toBeInstanceOf(ProviderFatalError);
  });
});

describe('github-models provider', () => {
  it('posts to models.github.ai with the GITHUB_TOKEN and GitHub headers', async () => {
    const seen = capture(
      nock(GITHUB).post('/inference/chat/completions'),
      completion('hi from GitHub Models', 'openai/gpt-4.1-mini', { prompt: 1000, completion: 100 }),
    );
    const { ctx, events } = makeCtx();
    const { provider } = make({ kind: 'github-models', model: 'openai/gpt-4.1-mini', maxTokens: 64 });
    expect(provider.kind).toBe('github-models');
    const result = await provider.complete(ask('hi'), ctx);

    expect(seen.body).toEqual({
      model: 'openai/gpt-4.1-mini',
      messages: [{ role: 'user', content: 'hi' }],
      max_tokens: 64,
    });
    expect(seen.headers.authorization).toBe(`Bearer ${GITHUB_TOKEN}`);
    expect(seen.headers.accept).toBe('application/vnd.github+json');
    expect(seen.headers['x-github-api-version']).toBe('2022-11-28');
    expect(headersCarrying(seen.headers, GITHUB_TOKEN)).toEqual(['authorization']);
    expect(headersCarrying(seen.headers, OPENAI_KEY)).toEqual([]);

    expect(result.text).toBe('hi from GitHub Models');
    expect(result.model).toBe('openai/gpt-4.1-mini');
    expect(result.usage.costUsd).toBeCloseTo((1000 * 0.4 + 100 * 1.6) / 1e6, 12);
    expect(events).toEqual([]);
  });

  it('403 names the models: read permission', async () => {
    nock(GITHUB)
      .post('/inference/chat/completions')
      .reply(403, { error: { code: 'no_access', message: `No access to model for token ${GITHUB_TOKEN}` } });
    const { ctx } = makeCtx();
    const error = await catchError(
      make({ kind: 'github-models', model: 'openai/gpt-4.1-mini' }).provider.complete(ask(), ctx),
    );
    expect(error).toBeInstanceOf(ProviderAuthError);
    expect((error as Error).message).toContain('models: read');
    expect(everythingAbout(error)).not.toContain(GITHUB_TOKEN);
  });
});

describe('openai-compatible provider (Ollama)', () => {
  it('needs no key on localhost, sends none, and warns once about the unpriced model', async () => {
    const seen = capture(
      nock(OLLAMA).post('/v1/chat/completions').times(2),
      completion('local answer', 'llama3.2', { prompt: 10, completion: 3 }),
    );
    const { ctx, events, budget } = makeCtx();
    const pricing = new PriceBook();
    const { provider } = make(
      { kind: 'openai-compatible', model: 'llama3.2', baseUrl: 'http://127.0.0.1:11434/v1', maxTokens: 50 },
      { OPENAI_API_KEY: OPENAI_KEY },
      pricing,
    );
    await provider.complete(ask(), ctx);
    const second = await provider.complete(ask(), ctx);
    expect(second.text).toBe('local answer');
    expect(second.usage).toEqual({ inputTokens: 10, outputTokens: 3, costUsd: 0 });
    expect(seen.headers.authorization).toBeUndefined();
    expect(headersCarrying(seen.headers, OPENAI_KEY)).toEqual([]);
    expect(seen.body.max_tokens).toBe(50);
    expect(budget.spent.totalTokens).toBe(26);
    expect(events).toEqual([
      {
        type: 'warning',
        message: expect.stringContaining(
          'no price for model llama3.2; cost not counted — add [pricing."llama3.2"]',
        ),
      },
    ]);
  });
});
