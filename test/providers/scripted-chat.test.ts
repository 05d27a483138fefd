import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type AgentMessage,
  type ContentBlock,
  ProviderConfigError,
  ProviderFatalError,
  ScriptedProvider,
} from '../../src/core/providers/index.js';
import { BudgetExceededError } from '../../src/core/runtime/budget.js';
import { tempDir } from '../helpers/temp-dir.js';
import { ask, catchError, makeCtx } from './helpers.js';

function fixture(content: unknown, name = 'agent.json'): string {
  const dir = tempDir('scripted-chat').dir;
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(content));
  return path;
}

function loadError(content: unknown): Error {
  try {
    ScriptedProvider.fromFile(fixture(content));
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the fixture to be rejected');
}

const TOOLS = [
  { name: 'read_file', description: 'Read a file.', inputSchema: { type: 'object' } },
  { name: 'run_tests', description: 'Run the tests.', inputSchema: { type: 'object' } },
];

describe('scripted chat()', () => {
  it('replays a multi-step tool-use conversation with deterministic ids, defaults and step counting', async () => {
    const provider = ScriptedProvider.fromFile(
      fixture({
        responses: [
          {
            content: [
              { type: 'text', text: 'Reading first.' },
              { type: 'tool_use', name: 'read_file', input: { path: 'src/a.ts' } },
              { type: 'tool_use', id: 'toolu_fixed', name: 'run_tests', input: {} },
            ],
            usage: { input_tokens: 30, output_tokens: 7 },
          },
          // Chosen by its match on the tool result, although listed after the generic one.
          {
            match: '2 failing',
            content: [{ type: 'tool_use', name: 'read_file', input: { path: 'test/a.ts' } }],
          },
          { text: 'All tests pass now.' },
        ],
      }),
    );
    const { ctx, budget } = makeCtx();
    const messages: AgentMessage[] = [{ role: 'user', content: [{ type: 'text', text: 'Fix the build.' }] }];

    const one = await provider.chat({ messages, tools: TOOLS }, ctx);
    expect(one).toEqual({
      content: [
        { type: 'text', text: 'Reading first.' },
        { type: 'tool_use', id: 'toolu_scripted_1', name: 'read_file', input: { path: 'src/a.ts' } },
        { type: 'tool_use', id: 'toolu_fixed', name: 'run_tests', input: {} },
      ],
      stopReason: 'tool_use',
      model: expect.stringMatching(/^scripted:agent\.json$/),
      usage: { inputTokens: 30, outputTokens: 7, costUsd: 0 },
    });
    messages.push(
      { role: 'assistant', content: one.content },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            toolUseId: 'toolu_scripted_1',
            content: 'export const a = 1;',
            isError: false,
          },
          { type: 'tool_result', toolUseId: 'toolu_fixed', content: '2 failing', isError: true },
        ],
      },
    );

    const two = await provider.chat({ messages, tools: TOOLS }, ctx);
    expect(two.content).toEqual([
      { type: 'tool_use', id: 'toolu_scripted_2', name: 'read_file', input: { path: 'test/a.ts' } },
    ]);
    expect(two.stopReason).toBe('tool_use');
    messages.push(
      { role: 'assistant', content: two.content },
      {
        role: 'user',
        content: [{ type: 'tool_result', toolUseId: 'toolu_scripted_2', content: 'it()', isError: false }],
      },
    );

    const three = await provider.chat({ messages, tools: TOOLS }, ctx);
    expect(three.content).toEqual([{ type: 'text', text: 'All tests pass now.' }]);
    expect(three.stopReason).toBe('end_turn');
    expect(budget.spent).toEqual({ steps: 3, totalTokens: 37, costUsd: 0 });

    const error = await catchError(provider.chat({ messages, tools: TOOLS }, ctx));
    expect(error).toBeInstanceOf(ProviderFatalError);
    expect((error as Error).message).toContain('call #4 has no response left');
    expect(budget.spent.steps).toBe(3);
  });

  it('returns fresh copies of inputs, so a loop mutating one cannot change a later replay', async () => {
    const input = { path: 'a' };
    const provider = new ScriptedProvider(
      [{ content: [{ type: 'tool_use', id: 't1', name: 'read_file', input }] }],
      {
        name: 'inline',
      },
    );
    const result = await provider.chat({ messages: [{ role: 'user', content: [] }] }, makeCtx().ctx);
    const block = result.content[0] as Extract<ContentBlock, { type: 'tool_use' }>;
    expect(block.input).toEqual({ path: 'a' });
    block.input.path = 'changed';
    expect(input).toEqual({ path: 'a' });
  });

  it('shares one queue with complete(): a content entry answers complete() with its text', async () => {
    const provider = ScriptedProvider.fromFile(
      fixture([
        { text: 'plain' },
        {
          content: [
            { type: 'text', text: 'Part one, ' },
            { type: 'tool_use', name: 'run_tests', input: {} },
            { type: 'text', text: 'part two.' },
          ],
          stop_reason: 'end_turn',
        },
        { content: [{ type: 'tool_use', name: 'run_tests', input: {} }] },
      ]),
    );
    const { ctx, budget } = makeCtx();
    const chatted = await provider.chat(
      { messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] },
      ctx,
    );
    expect(chatted.content).toEqual([{ type: 'text', text: 'plain' }]);
    expect(chatted.stopReason).toBe('end_turn');
    const completed = await provider.complete(ask('next'), ctx);
    expect(completed.text).toBe('Part one, part two.');
    expect(completed.stopReason).toBe('end_turn');
    // Ids count per provider: the tool_use skipped by complete() did not take one.
    const last = await provider.chat(
      { messages: [{ role: 'user', content: [{ type: 'text', text: 'go' }] }] },
      ctx,
    );
    expect(last.content).toEqual([
      { type: 'tool_use', id: 'toolu_scripted_1', name: 'run_tests', input: {} },
    ]);
    expect(budget.spent.steps).toBe(2); // complete() is not a step
  });

  it('stops at max_steps before consuming a response', async () => {
    const provider = new ScriptedProvider([{ text: 'one' }, { text: 'two' }], { name: 'steps.json' });
    const { ctx } = makeCtx({ limits: { maxSteps: 1 } });
    const messages: AgentMessage[] = [{ role: 'user', content: [{ type: 'text', text: 'go' }] }];
    await provider.chat({ messages }, ctx);
    const error = await catchError(provider.chat({ messages }, ctx));
    expect(error).toBeInstanceOf(BudgetExceededError);
    expect(provider.remaining).toBe(1);
  });

  it('validates content-style entries', () => {
    expect(loadError([{ text: 'a', content: [{ type: 'text', text: 'b' }] }]).message).toContain(
      'set exactly one of "text" and "content"',
    );
    expect(loadError([{ usage: { input_tokens: 1, output_tokens: 1 } }]).message).toContain('exactly one');
    expect(loadError([{ content: [] }])).toBeInstanceOf(ProviderConfigError);
    const noName = loadError([{ content: [{ type: 'tool_use', input: {} }] }]);
    expect(noName).toBeInstanceOf(ProviderConfigError);
    expect(noName.message).toContain('at 0.content.0.name');
    expect(loadError([{ content: [{ type: 'tool_result', toolUseId: 'x', content: '' }] }])).toBeInstanceOf(
      ProviderConfigError,
    );
    expect(loadError([{ content: [{ type: 'tool_use', name: 'x', input: [1] }] }])).toBeInstanceOf(
      ProviderConfigError,
    );
  });
});
