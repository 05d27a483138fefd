import nock from 'nock';
import { describe, expect, it } from 'vitest';
import {
  AbortError,
  type AgentMessage,
  type ChatRequest,
  createProvider,
  ProviderAuthError,
  ProviderConfigError,
} from '../../src/core/providers/index.js';
import { BudgetExceededError } from '../../src/core/runtime/budget.js';
import { useNock } from '../helpers/nock-guard.js';
import { ANTHROPIC_KEY, catchError, everythingAbout, makeCtx, READ_FILE, recordingSleep } from './helpers.js';

useNock();

const API = 'https://api.anthropic.com';
const MODEL = 'claude-sonnet-5-5';

const EDITOR = { type: 'text_editor_20250728', name: 'str_replace_based_edit_tool' };
const BASH = { type: 'bash_20250124', name: 'bash' };

/** A Messages API response as documented, with arbitrary content blocks. */
function message(
  content: unknown[],
  stopReason: string,
  usage: Record<string, number> = { input_tokens: 100, output_tokens: 20 },
) {
  return {
    id: 'msg_01Aq9w938a90dw8q',
    type: 'message',
    role: 'assistant',
    content,
    model: 'claude-sonnet-5-5-20260601',
    stop_reason: stopReason,
    stop_sequence: null,
    usage,
  };
}

function provider() {
  const retry = recordingSleep();
  const p = createProvider(
    { kind: 'anthropic', model: MODEL, maxTokens: 512 },
    {
      env: { ANTHROPIC_API_KEY: ANTHROPIC_KEY },
      cwd: '/',
      retry: { sleep: retry.sleep, random: () => 0.5 },
    },
  );
  if (!p.chat) throw new Error('anthropic provider has no chat()');
  return { provider: p, chat: p.chat.bind(p), delays: retry.delays };
}

function captureBodies(replies: unknown[]): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = [];
  let scope = nock(API);
  for (const reply of replies) {
    scope = scope.post('/v1/messages').reply((_uri, body) => {
      bodies.push(body as Record<string, unknown>);
      return [200, reply as nock.Body];
    });
  }
  return bodies;
}

const firstTurn: AgentMessage = {
  role: 'user',
  content: [{ type: 'text', text: 'Fix the typo in README.md.' }],
};

describe('anthropic chat()', () => {
  it('advertises generic and typed tools and round-trips tool_use / tool_result over two turns', async () => {
    const bodies = captureBodies([
      message(
        [
          { type: 'text', text: 'Let me look at the file.' },
          { type: 'tool_use', id: 'toolu_01A', name: 'read_file', input: { path: 'README.md' } },
          {
            type: 'tool_use',
            id: 'toolu_01B',
            name: 'str_replace_based_edit_tool',
            input: { command: 'view', path: '/repo/README.md' },
          },
        ],
        'tool_use',
      ),
      message([{ type: 'text', text: 'Fixed.' }], 'end_turn', { input_tokens: 200, output_tokens: 5 }),
    ]);
    const { ctx, budget } = makeCtx();
    const { chat } = provider();
    const request: ChatRequest = {
      system: 'You are a careful engineer.',
      messages: [firstTurn],
      tools: [READ_FILE],
      anthropicTools: [EDITOR, BASH],
    };

    const one = await chat(request, ctx);

    expect(bodies[0]).toEqual({
      model: MODEL,
      max_tokens: 512,
      system: 'You are a careful engineer.',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Fix the typo in README.md.' }] }],
      tools: [
        {
          name: 'read_file',
          description: 'Read a file of the work tree.',
          input_schema: READ_FILE.inputSchema,
        },
        EDITOR,
        BASH,
      ],
      stream: false,
    });
    expect(one.content).toEqual([
      { type: 'text', text: 'Let me look at the file.' },
      { type: 'tool_use', id: 'toolu_01A', name: 'read_file', input: { path: 'README.md' } },
      {
        type: 'tool_use',
        id: 'toolu_01B',
        name: 'str_replace_based_edit_tool',
        input: { command: 'view', path: '/repo/README.md' },
      },
    ]);
    expect(one.stopReason).toBe('tool_use');
    expect(one.model).toBe('claude-sonnet-5-5-20260601');
    expect(one.usage.inputTokens).toBe(100);
    expect(one.usage.costUsd).toBeCloseTo((100 * 2 + 20 * 10) / 1e6, 12);
    expect(budget.spent.steps).toBe(1);

    const two = await chat(
      {
        ...request,
        messages: [
          firstTurn,
          { role: 'assistant', content: one.content },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Note: the editor is sandboxed.' },
              { type: 'tool_result', toolUseId: 'toolu_01A', content: '# Helo world', isError: false },
              {
                type: 'tool_result',
                toolUseId: 'toolu_01B',
                content: 'path outside the work tree',
                isError: true,
              },
            ],
          },
        ],
      },
      ctx,
    );

    expect(bodies[1]?.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Fix the typo in README.md.' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Let me look at the file.' },
          { type: 'tool_use', id: 'toolu_01A', name: 'read_file', input: { path: 'README.md' } },
          {
            type: 'tool_use',
            id: 'toolu_01B',
            name: 'str_replace_based_edit_tool',
            input: { command: 'view', path: '/repo/README.md' },
          },
        ],
      },
      {
        role: 'user',
        // tool_result blocks first, then text (the API requires results before any text).
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_01A', content: '# Helo world', is_error: false },
          {
            type: 'tool_result',
            tool_use_id: 'toolu_01B',
            content: 'path outside the work tree',
            is_error: true,
          },
          { type: 'text', text: 'Note: the editor is sandboxed.' },
        ],
      },
    ]);
    expect(bodies[1]?.tools).toEqual(bodies[0]?.tools);
    expect(two).toEqual({
      content: [{ type: 'text', text: 'Fixed.' }],
      stopReason: 'end_turn',
      model: 'claude-sonnet-5-5-20260601',
      usage: { inputTokens: 200, outputTokens: 5, costUsd: expect.closeTo((200 * 2 + 5 * 10) / 1e6, 12) },
    });
    expect(budget.spent).toEqual({ steps: 2, totalTokens: 325, costUsd: expect.any(Number) });
    expect(JSON.stringify(bodies)).not.toContain(ANTHROPIC_KEY);
  });

  it('sends no tools key without tools, omits an empty tool_result content and passes max_tokens through', async () => {
    const bodies = captureBodies([
      message([{ type: 'text', text: 'I was cut' }], 'max_tokens', { input_tokens: 5, output_tokens: 512 }),
    ]);
    const { ctx } = makeCtx();
    const result = await provider().chat(
      {
        messages: [
          firstTurn,
          {
            role: 'assistant',
            content: [{ type: 'tool_use', id: 'toolu_1', name: 'bash', input: { command: 'true' } }],
          },
          {
            role: 'user',
            content: [{ type: 'tool_result', toolUseId: 'toolu_1', content: '', isError: false }],
          },
        ],
        maxTokens: 64,
        temperature: 0,
      },
      ctx,
    );
    expect(bodies[0]).not.toHaveProperty('tools');
    expect(bodies[0]?.max_tokens).toBe(64);
    expect(bodies[0]?.temperature).toBe(0);
    expect((bodies[0]?.messages as unknown[] | undefined)?.[2]).toEqual({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_1', is_error: false }],
    });
    expect(result.stopReason).toBe('max_tokens');
    expect(result.content).toEqual([{ type: 'text', text: 'I was cut' }]);
  });

  it('drops block kinds the loop does not handle, with a warning', async () => {
    captureBodies([
      message(
        [
          { type: 'thinking', thinking: 'hmm', signature: 'sig' },
          { type: 'text', text: '' },
          { type: 'tool_use', id: 'toolu_9', name: 'read_file', input: { path: 'a' } },
        ],
        'tool_use',
      ),
    ]);
    const { ctx, events } = makeCtx();
    const result = await provider().chat({ messages: [firstTurn], tools: [READ_FILE] }, ctx);
    expect(result.content).toEqual([
      { type: 'tool_use', id: 'toolu_9', name: 'read_file', input: { path: 'a' } },
    ]);
    expect(events).toEqual([{ type: 'warning', message: expect.stringContaining('thinking') }]);
  });

  it('honours Retry-After on 429 for chat and counts the step once', async () => {
    nock(API)
      .post('/v1/messages')
      .reply(
        429,
        { type: 'error', error: { type: 'rate_limit_error', message: 'slow down' } },
        { 'retry-after': '7' },
      )
      .post('/v1/messages')
      .reply(200, message([{ type: 'text', text: 'ok' }], 'end_turn'));
    const { ctx, events, budget } = makeCtx();
    const { chat, delays } = provider();
    const result = await chat({ messages: [firstTurn], tools: [READ_FILE] }, ctx);
    expect(result.content).toEqual([{ type: 'text', text: 'ok' }]);
    expect(delays).toEqual([7000]);
    expect(events).toEqual([
      expect.objectContaining({ type: 'provider_retry', provider: 'anthropic', attempt: 1, delayMs: 7000 }),
    ]);
    expect(budget.spent.steps).toBe(1);
  });

  it('makes no request once max_steps is spent', async () => {
    captureBodies([message([{ type: 'text', text: 'step one' }], 'end_turn')]);
    const never = nock(API)
      .post('/v1/messages')
      .reply(200, message([{ type: 'text', text: 'no' }], 'end_turn'));
    const { ctx, budget } = makeCtx({ limits: { maxSteps: 1 } });
    const { chat } = provider();
    await chat({ messages: [firstTurn] }, ctx);
    const error = await catchError(chat({ messages: [firstTurn] }, ctx));
    expect(error).toBeInstanceOf(BudgetExceededError);
    expect((error as BudgetExceededError).dimension).toBe('steps');
    expect(never.isDone()).toBe(false);
    expect(budget.spent.steps).toBe(1);
    nock.cleanAll();
  });

  it('refuses a tool advertised twice or a misplaced block before any request', async () => {
    const scope = nock(API).post('/v1/messages').reply(200, message([], 'end_turn'));
    const { ctx, budget } = makeCtx();
    const { chat } = provider();
    const duplicate = await catchError(
      chat({ messages: [firstTurn], tools: [{ ...READ_FILE, name: 'bash' }], anthropicTools: [BASH] }, ctx),
    );
    expect(duplicate).toBeInstanceOf(ProviderConfigError);
    expect((duplicate as Error).message).toContain('tool "bash" is advertised twice');
    const misplaced = await catchError(
      chat(
        { messages: [{ role: 'user', content: [{ type: 'tool_use', id: 'x', name: 'bash', input: {} }] }] },
        ctx,
      ),
    );
    expect(misplaced).toBeInstanceOf(ProviderConfigError);
    expect(scope.isDone()).toBe(false);
    expect(budget.spent.steps).toBe(0);
    nock.cleanAll();
  });

  it('maps errors and redacts the key for chat too', async () => {
    nock(API)
      .post('/v1/messages')
      .reply(401, {
        type: 'error',
        error: { type: 'authentication_error', message: `bad key ${ANTHROPIC_KEY}` },
      });
    const { ctx, budget } = makeCtx();
    const error = await catchError(provider().chat({ messages: [firstTurn] }, ctx));
    expect(error).toBeInstanceOf(ProviderAuthError);
    expect(everythingAbout(error)).not.toContain(ANTHROPIC_KEY);
    expect(budget.spent.steps).toBe(0);
  });

  it('aborts an in-flight chat through ctx.signal', async () => {
    nock(API)
      .post('/v1/messages')
      .delay(30_000)
      .reply(200, message([{ type: 'text', text: 'late' }], 'end_turn'));
    const { ctx, controller } = makeCtx();
    const pending = provider().chat({ messages: [firstTurn] }, ctx);
    setTimeout(() => controller.abort(), 20);
    expect(await catchError(pending)).toBeInstanceOf(AbortError);
  });
});
