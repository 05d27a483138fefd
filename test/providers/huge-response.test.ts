import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { MAX_RESPONSE_BYTES } from '../../src/core/providers/bounded-fetch.js';
import { createProvider, ProviderFatalError } from '../../src/core/providers/index.js';
import { useNock } from '../helpers/nock-guard.js';
import { ANTHROPIC_KEY, ask, catchError, everythingAbout, makeCtx, OPENAI_KEY } from './helpers.js';

useNock();

/**
 * A model API answering with a body larger than any model answer (docs/providers.md: at most 16 MiB
 * of a response is read). Without a cap the whole body was read into memory, and a well-formed one
 * was even returned as the answer.
 */

const HUGE = 'x'.repeat(MAX_RESPONSE_BYTES + 1024);

function openAiCompletion(text: string) {
  return {
    id: 'chatcmpl-huge',
    object: 'chat.completion',
    created: 1741569952,
    model: 'gpt-4.1-mini-2025-04-14',
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

function anthropicMessage(text: string) {
  return {
    id: 'msg_huge',
    type: 'message',
    role: 'assistant',
    content: [{ type: 'text', text }],
    model: 'claude-sonnet-5-5-20260601',
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 12, output_tokens: 6 },
  };
}

const env = { ANTHROPIC_API_KEY: ANTHROPIC_KEY, OPENAI_API_KEY: OPENAI_KEY };

describe('a response larger than any model answer', () => {
  it('openai-compatible: refused as a fatal error (not retried), nothing charged', async () => {
    nock('https://api.openai.com').post('/v1/chat/completions').reply(200, openAiCompletion(HUGE));
    const provider = createProvider({ kind: 'openai-compatible', model: 'gpt-4.1-mini' }, { env, cwd: '/' });
    const { ctx, budget } = makeCtx();
    const error = await catchError(provider.complete(ask(), ctx));
    expect(error).toBeInstanceOf(ProviderFatalError);
    expect((error as Error).message).toContain('larger than 16 MiB');
    expect(everythingAbout(error)).not.toContain(OPENAI_KEY);
    expect(budget.spent.totalTokens).toBe(0);
  });

  it('anthropic: refused as a fatal error (not retried), nothing charged', async () => {
    nock('https://api.anthropic.com').post('/v1/messages').reply(200, anthropicMessage(HUGE));
    const provider = createProvider(
      { kind: 'anthropic', model: 'claude-sonnet-5-5', maxTokens: 64 },
      { env, cwd: '/' },
    );
    const { ctx, budget } = makeCtx();
    const error = await catchError(provider.complete(ask(), ctx));
    expect(error).toBeInstanceOf(ProviderFatalError);
    expect((error as Error).message).toContain('larger than 16 MiB');
    expect(everythingAbout(error)).not.toContain(ANTHROPIC_KEY);
    expect(budget.spent.totalTokens).toBe(0);
  });

  it('a declared content-length over the cap is refused before the body is read', async () => {
    nock('https://api.openai.com')
      .post('/v1/chat/completions')
      .reply(200, JSON.stringify(openAiCompletion('ok')), {
        'content-type': 'application/json',
        'content-length': String(MAX_RESPONSE_BYTES + 1),
      });
    const provider = createProvider({ kind: 'openai-compatible', model: 'gpt-4.1-mini' }, { env, cwd: '/' });
    const error = await catchError(provider.complete(ask(), makeCtx().ctx));
    expect(error).toBeInstanceOf(ProviderFatalError);
  });

  it('an ordinary answer still reads', async () => {
    nock('https://api.openai.com').post('/v1/chat/completions').reply(200, openAiCompletion('fine'));
    const provider = createProvider({ kind: 'openai-compatible', model: 'gpt-4.1-mini' }, { env, cwd: '/' });
    expect((await provider.complete(ask(), makeCtx().ctx)).text).toBe('fine');
  });
});
