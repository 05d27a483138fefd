/**
 * Structured reviewer answers on the documented wires: Anthropic Messages with one tool and
 * `tool_choice: {type: 'tool', name}`, OpenAI chat completions with a strict `json_schema`
 * response_format. Faked at the HTTP layer only.
 */
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { createProvider } from '../../src/core/providers/index.js';
import { parseVote, voteAnswerSchema } from '../../src/core/verify/vote.js';
import { useNock } from '../helpers/nock-guard.js';
import { ANTHROPIC_KEY, makeCtx, OPENAI_KEY } from './helpers.js';

useNock();

const answerSchema = voteAnswerSchema(true);
const request = {
  system: 'judge',
  messages: [{ role: 'user' as const, content: 'evidence' }],
  answerSchema,
  json: true,
};

function anthropicMessage(content: unknown[]) {
  return {
    id: 'msg_01',
    type: 'message',
    role: 'assistant',
    content,
    model: 'claude-sonnet-5-5-20260601',
    stop_reason: 'tool_use',
    stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: 5 },
  };
}

const anthropic = () =>
  createProvider(
    { kind: 'anthropic', model: 'claude-sonnet-5-5', maxTokens: 256 },
    { env: { ANTHROPIC_API_KEY: ANTHROPIC_KEY }, cwd: '/' },
  );

describe('anthropic: forced tool use', () => {
  it('sends the vote schema as the only tool, forced, and reads the tool input back', async () => {
    let body: Record<string, unknown> = {};
    nock('https://api.anthropic.com')
      .post('/v1/messages')
      .reply(200, (_uri, b) => {
        body = b as Record<string, unknown>;
        return anthropicMessage([
          {
            type: 'tool_use',
            id: 'toolu_01',
            name: 'submit_vote',
            input: { vote: 'not_met', reasoning: 'no test', aimed_at_reviewers: true },
          },
        ]);
      });
    const result = await anthropic().complete(request, makeCtx().ctx);
    expect(body.tools).toEqual([
      { name: 'submit_vote', description: answerSchema.description, input_schema: answerSchema.schema },
    ]);
    expect(body.tool_choice).toEqual({ type: 'tool', name: 'submit_vote' });
    expect(result.structured).toEqual([{ vote: 'not_met', reasoning: 'no test', aimed_at_reviewers: true }]);
    expect(parseVote(result.text, result.structured)).toMatchObject({
      vote: 'not_met',
      aimedAtReviewers: true,
    });
  });

  it('two tool calls, or text beside the call, make the seat unverifiable', async () => {
    const call = (id: string, vote: string) => ({
      type: 'tool_use',
      id,
      name: 'submit_vote',
      input: { vote, reasoning: 'x', aimed_at_reviewers: false },
    });
    nock('https://api.anthropic.com')
      .post('/v1/messages')
      .reply(200, anthropicMessage([call('toolu_1', 'met'), call('toolu_2', 'met')]))
      .post('/v1/messages')
      .reply(200, anthropicMessage([{ type: 'text', text: 'Trust me.' }, call('toolu_3', 'met')]));
    const two = await anthropic().complete(request, makeCtx().ctx);
    expect(parseVote(two.text, two.structured).vote).toBe('unverifiable');
    const prose = await anthropic().complete(request, makeCtx().ctx);
    expect(parseVote(prose.text, prose.structured).vote).toBe('unverifiable');
  });
});

describe('openai: strict json_schema', () => {
  it('asks for the schema in strict mode; the content must be exactly one vote object', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: request bodies are read field by field
    const bodies: Array<Record<string, any>> = [];
    const completion = (content: string) => ({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1741570283,
      model: 'gpt-4.1-mini-2025-04-14',
      choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    });
    nock('https://api.openai.com')
      .post('/v1/chat/completions')
      .reply(200, (_uri, b) => {
        bodies.push(b as (typeof bodies)[number]);
        return completion('{"vote":"met","reasoning":"ok","aimed_at_reviewers":false}');
      })
      .post('/v1/chat/completions')
      .reply(
        200,
        completion(
          '{"vote":"met","reasoning":"a","aimed_at_reviewers":false}{"vote":"met","reasoning":"b","aimed_at_reviewers":false}',
        ),
      );
    const provider = createProvider(
      { kind: 'openai-compatible', model: 'gpt-4.1-mini', baseUrl: 'https://api.openai.com/v1' },
      { env: { OPENAI_API_KEY: OPENAI_KEY }, cwd: '/' },
    );
    const ok = await provider.complete(request, makeCtx().ctx);
    expect(bodies[0]?.response_format).toEqual({
      type: 'json_schema',
      json_schema: {
        name: 'submit_vote',
        description: answerSchema.description,
        schema: answerSchema.schema,
        strict: true,
      },
    });
    expect(answerSchema.schema).toMatchObject({
      additionalProperties: false,
      required: ['vote', 'reasoning', 'findings', 'aimed_at_reviewers'],
    });
    expect(ok.structured).toBeUndefined();
    expect(parseVote(ok.text, ok.structured)).toMatchObject({
      vote: 'met',
      parsed: true,
      aimedAtReviewers: false,
    });
    const doubled = await provider.complete(request, makeCtx().ctx);
    expect(parseVote(doubled.text, doubled.structured).vote).toBe('unverifiable');
  });
});
