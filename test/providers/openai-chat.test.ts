import nock from 'nock';
import { describe, expect, it } from 'vitest';
import {
  type AgentMessage,
  type ChatRequest,
  createProvider,
  type OpenAICompatibleProvider,
  ProviderConfigError,
  RetriesExhaustedError,
  type ToolSpec,
} from '../../src/core/providers/index.js';
import type { ProviderConfig } from '../../src/core/providers/provider.js';
import { BudgetExceededError } from '../../src/core/runtime/budget.js';
import { useNock } from '../helpers/nock-guard.js';
import {
  catchError,
  everythingAbout,
  GITHUB_TOKEN,
  makeCtx,
  OPENAI_KEY,
  READ_FILE,
  recordingSleep,
} from './helpers.js';

useNock();

const OPENAI = 'https://api.openai.com';
const GITHUB = 'https://models.github.ai';

const RUN_TESTS: ToolSpec = {
  name: 'run_tests',
  description: 'Run the test suite.',
  inputSchema: { type: 'object', properties: {} },
};

/** A chat.completion as OpenAI documents it, with an arbitrary assistant message. */
function completion(
  message: Record<string, unknown>,
  finishReason: string | null,
  usage = { prompt: 50, completion: 10 },
) {
  return {
    id: 'chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT',
    object: 'chat.completion',
    created: 1741569952,
    model: 'gpt-4.1-mini-2025-04-14',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: null, refusal: null, annotations: [], ...message },
        logprobs: null,
        finish_reason: finishReason,
      },
    ],
    usage: {
      prompt_tokens: usage.prompt,
      completion_tokens: usage.completion,
      total_tokens: usage.prompt + usage.completion,
    },
  };
}

function call(id: string | undefined, name: string, args: unknown) {
  return { ...(id !== undefined ? { id } : {}), type: 'function', function: { name, arguments: args } };
}

function make(config: Partial<ProviderConfig> & Pick<ProviderConfig, 'kind'>) {
  const retry = recordingSleep();
  const provider = createProvider(
    { model: 'gpt-4.1-mini', ...config },
    {
      env: { OPENAI_API_KEY: OPENAI_KEY, GITHUB_TOKEN },
      cwd: '/',
      retry: { sleep: retry.sleep, random: () => 0.5 },
    },
  ) as OpenAICompatibleProvider;
  return { provider, chat: provider.chat.bind(provider), delays: retry.delays };
}

function captureBodies(base: string, path: string, replies: unknown[]): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = [];
  let scope = nock(base);
  for (const reply of replies) {
    scope = scope.post(path).reply((_uri, body) => {
      bodies.push(body as Record<string, unknown>);
      return [200, reply as nock.Body];
    });
  }
  return bodies;
}

const firstTurn: AgentMessage = { role: 'user', content: [{ type: 'text', text: 'Make the tests pass.' }] };

describe('openai-compatible chat()', () => {
  it('sends function tools and round-trips tool_calls and tool results over two turns', async () => {
    const bodies = captureBodies(OPENAI, '/v1/chat/completions', [
      completion(
        {
          content: 'Looking first.',
          tool_calls: [
            call('call_abc', 'read_file', '{"path":"src/a.ts"}'),
            call('call_def', 'run_tests', '{}'),
          ],
        },
        'tool_calls',
      ),
      completion({ content: 'All green.' }, 'stop', { prompt: 80, completion: 4 }),
    ]);
    const { ctx, budget } = makeCtx();
    const { chat } = make({ kind: 'openai-compatible', maxTokens: 300 });
    const request: ChatRequest = {
      system: 'You are a careful engineer.',
      messages: [firstTurn],
      tools: [READ_FILE, RUN_TESTS],
      anthropicTools: [{ type: 'bash_20250124', name: 'bash' }], // ignored here
    };

    const one = await chat(request, ctx);

    expect(bodies[0]).toEqual({
      model: 'gpt-4.1-mini',
      messages: [
        { role: 'system', content: 'You are a careful engineer.' },
        { role: 'user', content: 'Make the tests pass.' },
      ],
      tools: [
        {
          type: 'function',
          function: {
            name: 'read_file',
            description: 'Read a file of the work tree.',
            parameters: READ_FILE.inputSchema,
          },
        },
        {
          type: 'function',
          function: {
            name: 'run_tests',
            description: 'Run the test suite.',
            parameters: RUN_TESTS.inputSchema,
          },
        },
      ],
      max_completion_tokens: 300,
    });
    expect(one.content).toEqual([
      { type: 'text', text: 'Looking first.' },
      { type: 'tool_use', id: 'call_abc', name: 'read_file', input: { path: 'src/a.ts' } },
      { type: 'tool_use', id: 'call_def', name: 'run_tests', input: {} },
    ]);
    expect(one.stopReason).toBe('tool_use');
    expect(one.model).toBe('gpt-4.1-mini-2025-04-14');
    expect(one.usage.inputTokens).toBe(50);
    expect(budget.spent.steps).toBe(1);

    const two = await chat(
      {
        ...request,
        messages: [
          firstTurn,
          { role: 'assistant', content: one.content.filter((block) => block.type === 'tool_use') },
          {
            role: 'user',
            content: [
              { type: 'tool_result', toolUseId: 'call_abc', content: 'export const a = 1;', isError: false },
              { type: 'tool_result', toolUseId: 'call_def', content: '1 failing', isError: true },
              { type: 'text', text: 'Keep going.' },
            ],
          },
        ],
      },
      ctx,
    );

    expect(bodies[1]?.messages).toEqual([
      { role: 'system', content: 'You are a careful engineer.' },
      { role: 'user', content: 'Make the tests pass.' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_abc',
            type: 'function',
            function: { name: 'read_file', arguments: '{"path":"src/a.ts"}' },
          },
          { id: 'call_def', type: 'function', function: { name: 'run_tests', arguments: '{}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_abc', content: 'export const a = 1;' },
      { role: 'tool', tool_call_id: 'call_def', content: 'Error: 1 failing' },
      { role: 'user', content: 'Keep going.' },
    ]);
    expect(two.content).toEqual([{ type: 'text', text: 'All green.' }]);
    expect(two.stopReason).toBe('end_turn');
    expect(budget.spent.steps).toBe(2);
    expect(budget.spent.totalTokens).toBe(144);
  });

  it('keeps assistant text next to its tool_calls and sends a user turn of only results as tool messages', () => {
    const { provider } = make({ kind: 'openai-compatible' });
    const body = provider.chatBody({
      messages: [
        firstTurn,
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Reading.' },
            { type: 'tool_use', id: 'c1', name: 'read_file', input: { path: 'x' } },
          ],
        },
        { role: 'user', content: [{ type: 'tool_result', toolUseId: 'c1', content: 'x', isError: false }] },
        { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
      ],
    });
    expect(body).toEqual({
      model: 'gpt-4.1-mini',
      messages: [
        { role: 'user', content: 'Make the tests pass.' },
        {
          role: 'assistant',
          content: 'Reading.',
          tool_calls: [
            { id: 'c1', type: 'function', function: { name: 'read_file', arguments: '{"path":"x"}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'c1', content: 'x' },
        { role: 'assistant', content: 'Done.' },
      ],
    });
  });

  it('turns unusable arguments into tool_use blocks with input {} and an inputError instead of failing', async () => {
    captureBodies(OPENAI, '/v1/chat/completions', [
      completion(
        {
          tool_calls: [
            call('call_bad', 'read_file', '{"path": "src/a.ts"'), // truncated JSON
            call('call_arr', 'read_file', '["src/a.ts"]'), // JSON, not an object
            call('call_empty', 'run_tests', ''), // some servers send "" for no arguments
            call(undefined, 'read_file', { path: 'b.ts' }), // Ollama-style: object arguments, no id
            { id: 'call_noname', type: 'function', function: { arguments: '{}' } },
          ],
        },
        'stop', // some servers say "stop" although they called tools
      ),
    ]);
    const { ctx, budget } = makeCtx();
    const result = await make({ kind: 'openai-compatible' }).chat(
      { messages: [firstTurn], tools: [READ_FILE] },
      ctx,
    );

    expect(result.stopReason).toBe('tool_use');
    expect(result.content).toEqual([
      {
        type: 'tool_use',
        id: 'call_bad',
        name: 'read_file',
        input: {},
        inputError: expect.stringMatching(
          /^the arguments of tool call "read_file" are not valid JSON \(.+\): \{"path"/,
        ),
      },
      {
        type: 'tool_use',
        id: 'call_arr',
        name: 'read_file',
        input: {},
        inputError: expect.stringContaining('are JSON but not an object: ["src/a.ts"]'),
      },
      { type: 'tool_use', id: 'call_empty', name: 'run_tests', input: {} },
      { type: 'tool_use', id: 'call_truss_1', name: 'read_file', input: { path: 'b.ts' } },
      {
        type: 'tool_use',
        id: 'call_noname',
        name: '',
        input: {},
        inputError: 'the tool call names no function',
      },
    ]);
    expect(budget.spent.steps).toBe(1); // a malformed call is still a (billed) step
  });

  it('normalises length to max_tokens and passes unknown finish reasons through', async () => {
    captureBodies(OPENAI, '/v1/chat/completions', [
      completion({ content: 'cut o' }, 'length'),
      completion({ content: '' }, 'content_filter'),
    ]);
    const { ctx } = makeCtx();
    const { chat } = make({ kind: 'openai-compatible' });
    const cut = await chat({ messages: [firstTurn] }, ctx);
    expect(cut).toMatchObject({ stopReason: 'max_tokens', content: [{ type: 'text', text: 'cut o' }] });
    const filtered = await chat({ messages: [firstTurn] }, ctx);
    expect(filtered).toMatchObject({ stopReason: 'content_filter', content: [] });
  });

  it('honours Retry-After on 429 for chat (GitHub Models) and counts the step once', async () => {
    nock(GITHUB)
      .post('/inference/chat/completions')
      .reply(
        429,
        { error: { code: 'RateLimitReached', message: 'Rate limit of 10 per 60s exceeded' } },
        {
          'retry-after': '3',
        },
      )
      .post('/inference/chat/completions')
      .reply(200, completion({ tool_calls: [call('call_1', 'run_tests', '{}')] }, 'tool_calls'));
    const { ctx, events, budget } = makeCtx();
    const { chat, delays } = make({ kind: 'github-models', model: 'openai/gpt-4.1-mini' });
    const result = await chat({ messages: [firstTurn], tools: [RUN_TESTS] }, ctx);
    expect(result.content).toEqual([{ type: 'tool_use', id: 'call_1', name: 'run_tests', input: {} }]);
    expect(delays).toEqual([3000]);
    expect(events).toEqual([
      expect.objectContaining({
        type: 'provider_retry',
        provider: 'github-models',
        attempt: 1,
        delayMs: 3000,
      }),
    ]);
    expect(budget.spent.steps).toBe(1);
  });

  it('gives up on persistent 503s with the key redacted', async () => {
    nock(OPENAI)
      .post('/v1/chat/completions')
      .times(4)
      .reply(503, { error: { message: `overloaded for ${OPENAI_KEY}`, type: 'server_error', code: null } });
    const { ctx, budget } = makeCtx();
    const error = await catchError(make({ kind: 'openai-compatible' }).chat({ messages: [firstTurn] }, ctx));
    expect(error).toBeInstanceOf(RetriesExhaustedError);
    expect(everythingAbout(error)).not.toContain(OPENAI_KEY);
    expect(budget.spent.steps).toBe(0);
  });

  it('makes no request once the budget is spent', async () => {
    captureBodies(OPENAI, '/v1/chat/completions', [completion({ content: 'one' }, 'stop')]);
    const never = nock(OPENAI)
      .post('/v1/chat/completions')
      .reply(200, completion({ content: 'two' }, 'stop'));
    const { ctx, budget } = makeCtx({ limits: { maxSteps: 1 } });
    const { chat } = make({ kind: 'openai-compatible' });
    await chat({ messages: [firstTurn] }, ctx);
    const error = await catchError(chat({ messages: [firstTurn] }, ctx));
    expect(error).toBeInstanceOf(BudgetExceededError);
    expect((error as BudgetExceededError).dimension).toBe('steps');
    expect(never.isDone()).toBe(false);
    expect(budget.spent.steps).toBe(1);
    nock.cleanAll();
  });

  it('refuses a tool_result in an assistant turn before any request', async () => {
    const scope = nock(OPENAI)
      .post('/v1/chat/completions')
      .reply(200, completion({ content: 'x' }, 'stop'));
    const { ctx } = makeCtx();
    const error = await catchError(
      make({ kind: 'openai-compatible' }).chat(
        {
          messages: [
            firstTurn,
            {
              role: 'assistant',
              content: [{ type: 'tool_result', toolUseId: 'c', content: '', isError: false }],
            },
          ],
        },
        ctx,
      ),
    );
    expect(error).toBeInstanceOf(ProviderConfigError);
    expect(scope.isDone()).toBe(false);
    nock.cleanAll();
  });
});
