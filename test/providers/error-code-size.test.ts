import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { createProvider, ProviderConfigError } from '../../src/core/providers/index.js';
import { useNock } from '../helpers/nock-guard.js';
import { ANTHROPIC_KEY, ask, catchError, makeCtx, OPENAI_KEY } from './helpers.js';

useNock();

/**
 * Server-supplied text in an error is clipped (docs/providers.md): the error `type`/`code` too, not
 * only its `message`. A hostile or broken server (or proxy) put a megabyte into `error.code`, and
 * the whole of it went into the error message, every `provider_retry` event and the vote's error.
 */

const HUGE = `invalid_request_${'x'.repeat(1_000_000)}`;

describe('an error body whose type or code is enormous', () => {
  it('openai-compatible: the message and code stay short', async () => {
    nock('https://api.openai.com')
      .post('/v1/chat/completions')
      .reply(400, { error: { message: 'bad request', type: HUGE, param: null, code: HUGE } });
    const provider = createProvider(
      { kind: 'openai-compatible', model: 'gpt-4.1-mini' },
      { env: { OPENAI_API_KEY: OPENAI_KEY }, cwd: '/' },
    );
    const error = await catchError(provider.complete(ask(), makeCtx().ctx));
    expect(error).toBeInstanceOf(ProviderConfigError);
    expect((error as Error).message).toContain('bad request');
    expect((error as Error).message.length).toBeLessThan(2000);
    expect(String((error as ProviderConfigError).code).length).toBeLessThan(200);
  });

  it('anthropic: the message and code stay short', async () => {
    nock('https://api.anthropic.com')
      .post('/v1/messages')
      .reply(400, { type: 'error', error: { type: HUGE, message: 'bad request' } });
    const provider = createProvider(
      { kind: 'anthropic', model: 'claude-sonnet-5-5', maxTokens: 64 },
      { env: { ANTHROPIC_API_KEY: ANTHROPIC_KEY }, cwd: '/' },
    );
    const error = await catchError(provider.complete(ask(), makeCtx().ctx));
    expect(error).toBeInstanceOf(ProviderConfigError);
    expect((error as Error).message).toContain('bad request');
    expect((error as Error).message.length).toBeLessThan(2000);
    expect(String((error as ProviderConfigError).code).length).toBeLessThan(200);
  });
});
