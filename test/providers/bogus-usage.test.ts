import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { createProvider } from '../../src/core/providers/index.js';
import { useNock } from '../helpers/nock-guard.js';
import { ANTHROPIC_KEY, ask, makeCtx, OPENAI_KEY } from './helpers.js';

useNock();

/**
 * A server that reports `usage` with a field that is negative, not a number, or missing must not make
 * that part of the call free (docs/providers.md: a call is never free and the budget still binds):
 * each count the server did not report as a non-negative number is charged the byte estimate.
 */

const LONG = 'hello '.repeat(300);

function openaiCompletion(usage: unknown) {
  return {
    id: 'chatcmpl-bogus',
    object: 'chat.completion',
    created: 1741569952,
    model: 'gpt-4.1-mini-2025-04-14',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: LONG, refusal: null, annotations: [] },
        logprobs: null,
        finish_reason: 'stop',
      },
    ],
    usage,
  };
}

function anthropicMessage(usage: unknown) {
  return {
    id: 'msg_bogus',
    type: 'message',
    role: 'assistant',
    content: [{ type: 'text', text: LONG }],
    model: 'claude-sonnet-5-5-20260601',
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage,
  };
}

type Unreported = { input: boolean; output: boolean };
const BOGUS: [string, Record<string, unknown>, Record<string, unknown>, Unreported][] = [
  [
    'negative counts',
    { prompt_tokens: -1_000_000, completion_tokens: -1_000_000 },
    { input_tokens: -1_000_000, output_tokens: -1_000_000 },
    { input: true, output: true },
  ],
  ['output count missing', { prompt_tokens: 1 }, { input_tokens: 1 }, { input: false, output: true }],
  ['input count missing', { completion_tokens: 1 }, { output_tokens: 1 }, { input: true, output: false }],
  [
    'input count a string',
    { prompt_tokens: '9', completion_tokens: 1 },
    { input_tokens: '9', output_tokens: 1 },
    { input: true, output: false },
  ],
];

/** Estimated counts are large here (the prompt and answer run to hundreds of bytes); reported ones are 1. */
function expectCharged(usage: { inputTokens: number; outputTokens: number }, unreported: Unreported) {
  if (unreported.input) expect(usage.inputTokens).toBeGreaterThan(20);
  else expect(usage.inputTokens).toBe(1);
  if (unreported.output) expect(usage.outputTokens).toBeGreaterThanOrEqual(600);
  else expect(usage.outputTokens).toBe(1);
}

describe('a response whose usage is negative, missing a field, or not a number', () => {
  for (const [label, openaiUsage, anthropicUsage, unreported] of BOGUS) {
    it(`openai-compatible (${label}): each unreported count is charged the estimate, with a warning`, async () => {
      nock('https://api.openai.com').post('/v1/chat/completions').reply(200, openaiCompletion(openaiUsage));
      const provider = createProvider(
        { kind: 'openai-compatible', model: 'gpt-4.1-mini' },
        { env: { OPENAI_API_KEY: OPENAI_KEY }, cwd: '/' },
      );
      const { ctx, budget, events } = makeCtx();
      const result = await provider.complete(ask('Say hello.'), ctx);
      expectCharged(result.usage, unreported);
      expect(result.usage.costUsd).toBeGreaterThan(0);
      expect(budget.spent.totalTokens).toBe(result.usage.inputTokens + result.usage.outputTokens);
      expect(events.some((e) => e.type === 'warning' && e.message.includes('no token usage'))).toBe(true);
    });

    it(`anthropic (${label}): each unreported count is charged the estimate, with a warning`, async () => {
      nock('https://api.anthropic.com').post('/v1/messages').reply(200, anthropicMessage(anthropicUsage));
      const provider = createProvider(
        { kind: 'anthropic', model: 'claude-sonnet-5-5', maxTokens: 64 },
        { env: { ANTHROPIC_API_KEY: ANTHROPIC_KEY }, cwd: '/' },
      );
      const { ctx, budget, events } = makeCtx();
      const result = await provider.complete(ask('Say hello.'), ctx);
      expectCharged(result.usage, unreported);
      expect(result.usage.costUsd).toBeGreaterThan(0);
      expect(budget.spent.totalTokens).toBe(result.usage.inputTokens + result.usage.outputTokens);
      expect(events.some((e) => e.type === 'warning' && e.message.includes('no token usage'))).toBe(true);
    });
  }
});
