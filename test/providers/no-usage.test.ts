import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { createProvider } from '../../src/core/providers/index.js';
import { BudgetExceededError } from '../../src/core/runtime/budget.js';
import { useNock } from '../helpers/nock-guard.js';
import { ANTHROPIC_KEY, ask, catchError, makeCtx, READ_FILE } from './helpers.js';

useNock();

/**
 * A Messages API look-alike (a proxy, a gateway) that answers without `usage` (docs/providers.md:
 * such a call is charged an over-estimate, never nothing, so the [budget] binds). The OpenAI-
 * compatible case runs end to end in test/verify/panel-budget.test.ts.
 */

function message(content: unknown[], stop: string) {
  return {
    id: 'msg_nousage',
    type: 'message',
    role: 'assistant',
    content,
    model: 'claude-sonnet-5-5-20260601',
    stop_reason: stop,
    stop_sequence: null,
  };
}

const provider = () =>
  createProvider(
    { kind: 'anthropic', model: 'claude-sonnet-5-5', maxTokens: 64 },
    { env: { ANTHROPIC_API_KEY: ANTHROPIC_KEY }, cwd: '/' },
  );

describe('anthropic: a response without usage', () => {
  it('complete: charged an estimate from the bytes exchanged, with one warning', async () => {
    nock('https://api.anthropic.com')
      .post('/v1/messages')
      .times(2)
      .reply(200, message([{ type: 'text', text: 'hello '.repeat(200) }], 'end_turn'));
    const p = provider();
    const { ctx, budget, events } = makeCtx();
    const result = await p.complete(ask('Say hello.'), ctx);
    expect(result.usage.inputTokens).toBeGreaterThan(0);
    expect(result.usage.outputTokens).toBeGreaterThanOrEqual(400);
    expect(result.usage.costUsd).toBeGreaterThan(0);
    expect(budget.spent.totalTokens).toBe(result.usage.inputTokens + result.usage.outputTokens);
    await p.complete(ask('Again.'), ctx);
    const warnings = events.filter((e) => e.type === 'warning' && e.message.includes('no token usage'));
    expect(warnings).toHaveLength(1);
  });

  it('chat: the budget binds, the step that crosses it throws BudgetExceededError', async () => {
    nock('https://api.anthropic.com')
      .post('/v1/messages')
      .reply(
        200,
        message(
          [{ type: 'tool_use', id: 'toolu_1', name: 'read_file', input: { path: 'a'.repeat(3000) } }],
          'tool_use',
        ),
      );
    const { ctx } = makeCtx({ limits: { maxTotalTokens: 500 } });
    const error = await catchError(
      provider().chat?.(
        { messages: [{ role: 'user', content: [{ type: 'text', text: 'go' }] }], tools: [READ_FILE] },
        ctx,
      ) as Promise<unknown>,
    );
    expect(error).toBeInstanceOf(BudgetExceededError);
    expect((error as BudgetExceededError).dimension).toBe('tokens');
  });
});
