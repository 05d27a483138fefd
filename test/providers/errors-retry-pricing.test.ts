import { describe, expect, it } from 'vitest';
import {
  AbortError,
  backoffDelay,
  DEFAULT_PRICING,
  kindForStatus,
  PriceBook,
  ProviderAuthError,
  ProviderConfigError,
  ProviderError,
  ProviderFatalError,
  ProviderRetryableError,
  parseRetryAfter,
  providerErrorFromStatus,
  RetriesExhaustedError,
  redactSecrets,
  retryAfterFromHeaders,
  safeDetail,
  withRetry,
} from '../../src/core/providers/index.js';
import { ANTHROPIC_KEY, catchError, everythingAbout, makeCtx, recordingSleep } from './helpers.js';

describe('error classification', () => {
  it('decides by HTTP status only', () => {
    for (const status of [408, 429, 500, 502, 503, 504, 529])
      expect(kindForStatus(status), `${status}`).toBe('retryable');
    for (const status of [401, 403]) expect(kindForStatus(status), `${status}`).toBe('auth');
    for (const status of [400, 404, 422]) expect(kindForStatus(status), `${status}`).toBe('config');
    for (const status of [402, 409, 413, 418, 501]) expect(kindForStatus(status), `${status}`).toBe('fatal');
  });

  it('builds the matching class, named, with status and provider; the message text does not matter', () => {
    const cases = [
      [429, ProviderRetryableError, 'ProviderRetryableError'],
      [401, ProviderAuthError, 'ProviderAuthError'],
      [422, ProviderConfigError, 'ProviderConfigError'],
      [418, ProviderFatalError, 'ProviderFatalError'],
    ] as const;
    for (const [status, cls, name] of cases) {
      // A message that "sounds" retryable must not change the class.
      const error = providerErrorFromStatus('openai-compatible', status, 'rate limit, please retry later');
      expect(error).toBeInstanceOf(cls);
      expect(error).toBeInstanceOf(ProviderError);
      expect(error).toBeInstanceOf(Error);
      expect(error.name).toBe(name);
      expect(error.status).toBe(status);
      expect(error.provider).toBe('openai-compatible');
      expect(error.message.startsWith('openai-compatible: ')).toBe(true);
    }
  });

  it('redacts planted secrets from message, stack, code and JSON, also when clipped', () => {
    const error = new ProviderAuthError(
      'anthropic',
      `bad key ${ANTHROPIC_KEY} (${encodeURIComponent(ANTHROPIC_KEY)})`,
      {
        status: 401,
        code: `code-${ANTHROPIC_KEY}`,
        secrets: [ANTHROPIC_KEY],
      },
    );
    expect(everythingAbout(error)).not.toContain(ANTHROPIC_KEY);
    expect(everythingAbout(error)).not.toContain('PLANTED');
    expect(error.message).toContain('[REDACTED]');
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({
      kind: 'auth',
      status: 401,
      provider: 'anthropic',
    });
    // Clipping must not leave a fragment of a key that straddles the cut.
    const long = `${'x'.repeat(490)}${ANTHROPIC_KEY}`;
    expect(safeDetail(long, [ANTHROPIC_KEY], 500)).not.toContain('PLANTED');
  });

  it('redacts well-known credential shapes even when the value was not named', () => {
    const text = redactSecrets(
      'got ghp_abcdefghijklmnopqrstuvwxyz0123 and Authorization: Bearer abc.def.ghi-123456',
    );
    expect(text).not.toContain('ghp_abcdef');
    expect(text).not.toContain('abc.def.ghi');
    expect(text).toContain('Bearer [REDACTED]');
  });
});

describe('Retry-After parsing', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it('reads delay-seconds and HTTP dates, ignores junk', () => {
    expect(parseRetryAfter('7', now)).toBe(7000);
    expect(parseRetryAfter('1.5', now)).toBe(1500);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
    // Junk Date.parse still reads as a date long past (`-5` is a day in 2001): no wait at all, so
    // three retries at once. An HTTP date names its day and month; anything else is junk.
    for (const junk of ['-5', '1.5.7', '-1.5']) expect(parseRetryAfter(junk, now), junk).toBeUndefined();
  });
  it('prefers retry-after-ms', () => {
    const headers = new Headers({ 'retry-after': '9', 'retry-after-ms': '250' });
    expect(retryAfterFromHeaders((n) => headers.get(n), now)).toBe(250);
  });
});

describe('withRetry', () => {
  const transient = (retryAfterMs?: number) =>
    new ProviderRetryableError('test', 'HTTP 503 overloaded', { status: 503, retryAfterMs });

  it('uses full-jitter exponential backoff, emits provider_retry events and returns the success', async () => {
    const { ctx, events } = makeCtx();
    const { sleep, delays } = recordingSleep();
    let calls = 0;
    const result = await withRetry(
      async (attempt) => {
        calls++;
        if (attempt < 4) throw transient();
        return 'ok';
      },
      { ctx, provider: 'test', sleep, random: () => 0.5, baseDelayMs: 100, maxDelayMs: 60_000 },
    );
    expect(result).toBe('ok');
    expect(calls).toBe(4);
    expect(delays).toEqual([50, 100, 200]);
    expect(events).toEqual([
      {
        type: 'provider_retry',
        provider: 'test',
        attempt: 1,
        delayMs: 50,
        reason: 'test: HTTP 503 overloaded',
      },
      {
        type: 'provider_retry',
        provider: 'test',
        attempt: 2,
        delayMs: 100,
        reason: 'test: HTTP 503 overloaded',
      },
      {
        type: 'provider_retry',
        provider: 'test',
        attempt: 3,
        delayMs: 200,
        reason: 'test: HTTP 503 overloaded',
      },
    ]);
  });

  it('caps backoff at maxDelayMs', () => {
    expect(backoffDelay(30, { baseDelayMs: 500, maxDelayMs: 60_000, random: () => 0.999 })).toBeLessThan(
      60_000,
    );
    expect(backoffDelay(1, { baseDelayMs: 500, maxDelayMs: 60_000, random: () => 0 })).toBe(0);
  });

  it('uses Retry-After instead of backoff, up to maxDelayMs; a longer one ends the call at once', async () => {
    const { ctx, events } = makeCtx();
    const { sleep, delays } = recordingSleep();
    const errors = [transient(7000), transient(60_000), transient(3_600_000)];
    let calls = 0;
    const error = await catchError(
      withRetry(
        async () => {
          calls++;
          const next = errors.shift();
          if (next) throw next;
          return 1;
        },
        { ctx, sleep, random: () => 0.5, maxDelayMs: 60_000 },
      ),
    );
    expect(delays).toEqual([7000, 60_000]);
    expect(calls).toBe(3);
    expect(events.map((event) => (event as { delayMs: number }).delayMs)).toEqual([7000, 60_000]);
    expect(error).toBeInstanceOf(RetriesExhaustedError);
    expect((error as RetriesExhaustedError).attempts).toBe(3);
    expect((error as Error).message).toMatch(
      /^test: the server asked to wait 3600 s before another attempt \(Retry-After\) \(until \S+Z\), more than the 60 s truss waits between attempts; run again after that, .*; last error: HTTP 503 overloaded$/,
    );
  });

  it('throws non-retryable errors at once', async () => {
    const { ctx, events } = makeCtx();
    const { sleep, delays } = recordingSleep();
    for (const error of [
      new ProviderAuthError('t', 'no'),
      new ProviderConfigError('t', 'no'),
      new ProviderFatalError('t', 'no'),
      new TypeError('bug'),
    ]) {
      let calls = 0;
      const thrown = await catchError(
        withRetry(
          async () => {
            calls++;
            throw error;
          },
          { ctx, sleep },
        ),
      );
      expect(thrown).toBe(error);
      expect(calls).toBe(1);
    }
    expect(delays).toEqual([]);
    expect(events).toEqual([]);
  });

  it('gives up after maxAttempts with RetriesExhaustedError carrying the last error', async () => {
    const { ctx, events } = makeCtx();
    const { sleep } = recordingSleep();
    let calls = 0;
    const error = await catchError(
      withRetry(
        async () => {
          calls++;
          throw transient();
        },
        { ctx, sleep, maxAttempts: 3 },
      ),
    );
    expect(calls).toBe(3);
    expect(events.filter((e) => e.type === 'provider_retry')).toHaveLength(2);
    expect(error).toBeInstanceOf(RetriesExhaustedError);
    const exhausted = error as RetriesExhaustedError;
    expect(exhausted.attempts).toBe(3);
    expect(exhausted.status).toBe(503);
    expect(exhausted.lastError).toBeInstanceOf(ProviderRetryableError);
    expect(exhausted.message).toBe('test: gave up after 3 attempts; last error: HTTP 503 overloaded');
  });

  it('stops waiting the moment ctx.signal aborts, even with a sleep that ignores the signal', async () => {
    const { ctx, controller } = makeCtx();
    let calls = 0;
    let sleeping!: () => void;
    const asleep = new Promise<void>((resolve) => {
      sleeping = resolve;
    });
    const run = withRetry(
      async () => {
        calls++;
        throw transient();
      },
      {
        ctx,
        // Never resolves: only the abort can end the wait.
        sleep: () => {
          sleeping();
          return new Promise<void>(() => {});
        },
      },
    );
    await asleep;
    controller.abort();
    const error = await catchError(run);
    expect(error).toBeInstanceOf(AbortError);
    expect((error as Error).name).toBe('AbortError');
    expect(calls).toBe(1);
  });

  it('does not start when already aborted', async () => {
    const { ctx, controller } = makeCtx();
    controller.abort(new Error('user pressed ctrl-c'));
    let calls = 0;
    const error = await catchError(withRetry(async () => calls++, { ctx }));
    expect(error).toBeInstanceOf(AbortError);
    expect((error as Error).message).toContain('user pressed ctrl-c');
    expect(calls).toBe(0);
  });

  it('does not wait past the run deadline', async () => {
    let now = 1_000_000;
    const { ctx } = makeCtx({ now: () => now, deadline: 1_005_000 });
    const { sleep, delays } = recordingSleep();
    const error = await catchError(
      withRetry(
        async () => {
          now += 1000;
          throw transient(10_000);
        },
        { ctx, sleep },
      ),
    );
    expect(error).toBeInstanceOf(RetriesExhaustedError);
    expect((error as Error).message).toContain('deadline');
    expect(delays).toEqual([]);
  });
});

describe('pricing', () => {
  it('prices from built-in defaults, normalising dated and publisher-prefixed ids', () => {
    const book = new PriceBook();
    const usage = { inputTokens: 1_000_000, outputTokens: 1_000_000 };
    expect(book.cost('claude-sonnet-4-5', usage)).toBe(18);
    expect(book.cost('claude-sonnet-4-5-20250929', usage)).toBe(18);
    expect(book.cost('openai/gpt-4.1-mini', usage)).toBeCloseTo(2.0, 10);
    expect(book.lookup('gpt-4.1-mini-2025-04-14')?.key).toBe('gpt-4.1-mini');
    expect(Object.isFrozen(DEFAULT_PRICING)).toBe(true);
  });

  it('lets config override a default and add a model', () => {
    const book = new PriceBook({
      'claude-sonnet-4-5': { input_per_mtok: 1, output_per_mtok: 2 },
      'llama3.2': { input_per_mtok: 0, output_per_mtok: 0 },
    });
    expect(book.lookup('claude-sonnet-4-5')).toMatchObject({ source: 'config' });
    expect(book.cost('claude-sonnet-4-5', { inputTokens: 500_000, outputTokens: 250_000 })).toBe(1);
    const warnings: string[] = [];
    expect(book.cost('llama3.2', { inputTokens: 10, outputTokens: 10 }, (m) => warnings.push(m))).toBe(0);
    expect(warnings).toEqual([]);
  });

  it('counts an unknown model as 0 and warns once per model', () => {
    const book = new PriceBook();
    const warnings: string[] = [];
    const usage = { inputTokens: 100, outputTokens: 100 };
    expect(book.cost('mystery-1', usage, (m) => warnings.push(m))).toBe(0);
    expect(book.cost('mystery-1', usage, (m) => warnings.push(m))).toBe(0);
    expect(book.cost('mystery-2', usage, (m) => warnings.push(m))).toBe(0);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain(
      'no price for model mystery-1; cost not counted — add [pricing."mystery-1"]',
    );
  });

  it('tries the configured id, then the reported one', () => {
    const book = new PriceBook();
    expect(book.cost(['my-alias', 'gpt-4o-mini'], { inputTokens: 1_000_000, outputTokens: 0 })).toBeCloseTo(
      0.15,
      10,
    );
  });
});
