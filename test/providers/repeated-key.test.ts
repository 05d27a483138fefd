/**
 * A model API answer in which one object repeats a key (docs/providers.md). `JSON.parse` keeps the
 * last value silently, so a forced tool call's `{"vote":"not_met",…,"vote":"met"}` was read as met
 * (the text path already refused it; the tool input arrived parsed by the SDK).
 */
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { createProvider, ProviderFatalError } from '../../src/core/providers/index.js';
import { voteAnswerSchema } from '../../src/core/verify/vote.js';
import { useNock } from '../helpers/nock-guard.js';
import { ANTHROPIC_KEY, catchError, makeCtx, OPENAI_KEY } from './helpers.js';

useNock();

const JSON_TYPE = { 'content-type': 'application/json' };
const request = {
  system: 'judge',
  messages: [{ role: 'user' as const, content: 'evidence' }],
  answerSchema: voteAnswerSchema(true),
  json: true,
};

const toolUseBody = (input: string) =>
  `{"id":"msg_01","type":"message","role":"assistant","content":[{"type":"tool_use","id":"toolu_01","name":"submit_vote","input":${input}}],"model":"claude-sonnet-5-5-20260601","stop_reason":"tool_use","stop_sequence":null,"usage":{"input_tokens":10,"output_tokens":5}}`;

const anthropic = () =>
  createProvider(
    { kind: 'anthropic', model: 'claude-sonnet-5-5', maxTokens: 256 },
    { env: { ANTHROPIC_API_KEY: ANTHROPIC_KEY }, cwd: '/' },
  );

describe('a model answer that repeats a key in one object', () => {
  it('anthropic: a tool input with the vote twice is refused, not read as the last one', async () => {
    nock('https://api.anthropic.com')
      .post('/v1/messages')
      .reply(
        200,
        toolUseBody('{"vote":"not_met","reasoning":"no test","aimed_at_reviewers":false,"vote":"met"}'),
        JSON_TYPE,
      );
    const error = await catchError(anthropic().complete(request, makeCtx().ctx));
    expect(error).toBeInstanceOf(ProviderFatalError);
    expect((error as Error).message).toContain('repeats the key "vote"');
  });

  it('anthropic: a key written with an escape still counts as the same key', async () => {
    nock('https://api.anthropic.com')
      .post('/v1/messages')
      .reply(
        200,
        toolUseBody('{"vote":"not_met","reasoning":"x","aimed_at_reviewers":false,"v\\u006fte":"met"}'),
        JSON_TYPE,
      );
    const error = await catchError(anthropic().complete(request, makeCtx().ctx));
    expect((error as Error).message).toContain('repeats the key "vote"');
  });

  it('openai-compatible: an envelope that repeats its message is refused', async () => {
    const message = (content: string) => `{"role":"assistant","content":${JSON.stringify(content)}}`;
    nock('https://api.openai.com')
      .post('/v1/chat/completions')
      .reply(
        200,
        `{"id":"chatcmpl-1","object":"chat.completion","created":1741569952,"model":"gpt-4.1-mini","choices":[{"index":0,"message":${message('not met')},"message":${message('met')},"finish_reason":"stop"}],"usage":{"prompt_tokens":10,"completion_tokens":5,"total_tokens":15}}`,
        JSON_TYPE,
      );
    const provider = createProvider(
      { kind: 'openai-compatible', model: 'gpt-4.1-mini' },
      { env: { OPENAI_API_KEY: OPENAI_KEY }, cwd: '/' },
    );
    const error = await catchError(provider.complete(request, makeCtx().ctx));
    expect(error).toBeInstanceOf(ProviderFatalError);
    expect((error as Error).message).toContain('repeats the key "message"');
  });

  it('the same key in different objects is an ordinary answer', async () => {
    nock('https://api.anthropic.com')
      .post('/v1/messages')
      .reply(
        200,
        toolUseBody(
          '{"vote":"met","reasoning":"ok","aimed_at_reviewers":false,"findings":[{"vote":"x"},{"vote":"y"}]}',
        ),
        JSON_TYPE,
      );
    const result = await anthropic().complete(request, makeCtx().ctx);
    expect(result.structured).toMatchObject([{ vote: 'met' }]);
  });
});
