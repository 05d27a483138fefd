import { describe, expect, it } from 'vitest';
import { withCacheBreakpoint } from '../../src/core/providers/anthropic-cache.js';
import { contextWindowOf, FALLBACK_CONTEXT_WINDOW } from '../../src/core/providers/context-windows.js';
import { costOf, PriceBook } from '../../src/core/providers/pricing.js';

describe('context windows', () => {
  it('come from the provider setting, else the model table (prefix, publisher and date stripped), else the fallback', () => {
    expect(contextWindowOf('claude-sonnet-5', 50_000)).toEqual({ tokens: 50_000, source: 'config' });
    expect(contextWindowOf('claude-sonnet-5-20260315')).toEqual({ tokens: 200_000, source: 'default' });
    expect(contextWindowOf('openai/gpt-4.1-mini')).toEqual({ tokens: 1_047_576, source: 'default' });
    expect(contextWindowOf('gpt-4o-2024-08-06')).toEqual({ tokens: 128_000, source: 'default' });
    expect(contextWindowOf('gpt-5-nano')).toEqual({ tokens: 400_000, source: 'default' });
    expect(contextWindowOf('scripted:agent.json')).toEqual({
      tokens: FALLBACK_CONTEXT_WINDOW,
      source: 'fallback',
    });
    // The longest matching prefix wins.
    expect(contextWindowOf('gpt-4o-mini', undefined, { 'gpt-*': 1, 'gpt-4o*': 2 })).toEqual({
      tokens: 2,
      source: 'default',
    });
  });
});

describe('cached tokens in the price', () => {
  const price = {
    input_per_mtok: 2,
    output_per_mtok: 10,
    cache_read_per_mtok: 0.2,
    cache_write_per_mtok: 2.5,
  };
  it('reads and writes at their rates, the rest of the input at the input rate', () => {
    const usage = {
      inputTokens: 1_000_000,
      outputTokens: 100_000,
      cacheReadTokens: 600_000,
      cacheWriteTokens: 300_000,
    };
    expect(costOf(price, usage)).toBeCloseTo(0.1 * 2 + 0.6 * 0.2 + 0.3 * 2.5 + 0.1 * 10, 12);
  });
  it('a price without cache rates charges cached tokens as input (never below the real cost)', () => {
    const plain = { input_per_mtok: 2, output_per_mtok: 10 };
    expect(costOf(plain, { inputTokens: 1_000_000, outputTokens: 0, cacheReadTokens: 1_000_000 })).toBe(2);
  });
  it('cached counts larger than the input are capped by it', () => {
    expect(
      costOf(price, { inputTokens: 100, outputTokens: 0, cacheReadTokens: 80, cacheWriteTokens: 80 }),
    ).toBeCloseTo((80 * 0.2 + 20 * 2.5) / 1e6, 15);
  });
  it('the built-in Anthropic prices carry the documented multipliers; config wins', () => {
    const book = new PriceBook({
      'claude-sonnet-5': { input_per_mtok: 1, output_per_mtok: 1, cache_read_per_mtok: 0 },
    });
    expect(new PriceBook().lookup('claude-opus-4-7')?.price).toEqual({
      input_per_mtok: 5,
      output_per_mtok: 25,
      cache_write_per_mtok: 6.25,
      cache_read_per_mtok: 0.5,
    });
    expect(
      book.cost('claude-sonnet-5', { inputTokens: 1_000_000, outputTokens: 0, cacheReadTokens: 1_000_000 }),
    ).toBe(0);
  });
});

describe('the Anthropic cache breakpoint', () => {
  const tools = [{ name: 'read_file', description: 'r', input_schema: { type: 'object' as const } }];
  const messages = [
    { role: 'user' as const, content: [{ type: 'text' as const, text: 'goal' }] },
    { role: 'assistant' as const, content: [{ type: 'text' as const, text: 'ok' }] },
  ];
  it('marks the last block of the last stable message, and nothing else; the input is not mutated', () => {
    const parts = { system: 'sys', tools, messages };
    const marked = withCacheBreakpoint(parts, 1);
    expect(marked.messages[0]).toEqual({
      role: 'user',
      content: [{ type: 'text', text: 'goal', cache_control: { type: 'ephemeral' } }],
    });
    expect(marked.messages[1]).toBe(messages[1]);
    expect(marked.system).toBe('sys');
    expect(JSON.stringify(parts)).not.toContain('cache_control');
  });
  it('without a stable message: the system prompt as one marked block, else the last tool; 0 marks nothing', () => {
    expect(withCacheBreakpoint({ system: 'sys', tools, messages: [] }, 1).system).toEqual([
      { type: 'text', text: 'sys', cache_control: { type: 'ephemeral' } },
    ]);
    expect(withCacheBreakpoint({ system: undefined, tools, messages: [] }, 1).tools.at(-1)).toMatchObject({
      cache_control: { type: 'ephemeral' },
    });
    expect(withCacheBreakpoint({ system: 'sys', tools, messages }, 0)).toEqual({
      system: 'sys',
      tools,
      messages,
    });
  });
});
