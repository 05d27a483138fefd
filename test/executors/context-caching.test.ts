import nock from 'nock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { goalText } from '../../src/core/executors/context/layer-text.js';
import { createProvider } from '../../src/core/providers/index.js';
import type { CompletedOutcome } from '../../src/core/run/index.js';
import { type AgentRun, contractFrom, makeWorkdir, openRunStore, runAgent } from '../helpers/agent-kit.js';
import { useNock } from '../helpers/nock-guard.js';
import { ANTHROPIC_KEY, OPENAI_KEY } from '../providers/helpers.js';

useNock();

/** Prompt caching end to end: the in-loop agent's requests as the model APIs receive them (nock). */

function contract(provider: string) {
  return contractFrom(`
[contract]
id = "cached-agent"
intent = "Create greeting.txt containing exactly: hello from the harness"

[[done]]
kind = "check"
desc = "greeting.txt has the exact line"
run = "printf 'hello from the harness\\\\n' | cmp - greeting.txt"
timeout_sec = 10

[executor]
kind = "in-loop"

[constraints]
allow_tools = ["read_file", "write_file"]

[provider]
${provider}
`);
}

/** The request body fields these tests read. */
interface AnthropicBody {
  system: unknown;
  tools: Array<Record<string, unknown>>;
  messages: Array<{ role: string; content: unknown }>;
}

const WRITE = { path: 'greeting.txt', content: 'hello from the harness\n' };
const READ = { path: 'greeting.txt' };

function completed(outcome: unknown): CompletedOutcome {
  expect((outcome as CompletedOutcome).status).toBe('completed');
  return outcome as CompletedOutcome;
}

describe('prompt caching through the model APIs', () => {
  let run: AgentRun;
  beforeEach(() => {
    run = openRunStore();
  });
  afterEach(() => run.close());

  /** The greeting contract run by the in-loop agent against `kind`/`model` (served by nock); it must PASS. */
  async function agentRun(
    kind: 'anthropic' | 'openai-compatible',
    model: string,
    env: Record<string, string>,
  ) {
    const c = contract(`kind = "${kind}"\nmodel = "${model}"`);
    const provider = createProvider({ kind, model }, { env, cwd: '/' });
    const outcome = completed(
      await runAgent({ store: run.store, contract: c, workdir: makeWorkdir(), provider }),
    );
    expect(outcome.verdict.overall).toBe('pass');
    return { c, outcome };
  }

  const modelResults = (sessionId: string) =>
    [...run.store.entries(sessionId)].filter((e) => e.kind === 'model_result');

  it('Anthropic: cache_control sits on the goal block alone (tools + system + goal cached); cache reads and writes are recorded and priced', async () => {
    const usages = [
      { input_tokens: 40, cache_creation_input_tokens: 1500, cache_read_input_tokens: 0, output_tokens: 30 },
      { input_tokens: 90, cache_creation_input_tokens: 0, cache_read_input_tokens: 1500, output_tokens: 20 },
      { input_tokens: 140, cache_creation_input_tokens: 0, cache_read_input_tokens: 1500, output_tokens: 10 },
    ];
    const contents = [
      [{ type: 'tool_use', id: 'toolu_01', name: 'write_file', input: WRITE }],
      [{ type: 'tool_use', id: 'toolu_02', name: 'read_file', input: READ }],
      [{ type: 'text', text: 'greeting.txt is written.' }],
    ];
    const bodies: AnthropicBody[] = [];
    contents.forEach((content, i) => {
      nock('https://api.anthropic.com')
        .post('/v1/messages')
        .reply((_uri, body) => {
          bodies.push(body as AnthropicBody);
          return [
            200,
            {
              id: `msg_0${i}`,
              type: 'message',
              role: 'assistant',
              model: 'claude-sonnet-5-20260315',
              content,
              stop_reason: i < 2 ? 'tool_use' : 'end_turn',
              stop_sequence: null,
              usage: usages[i],
            },
          ];
        });
    });
    const { c, outcome } = await agentRun('anthropic', 'claude-sonnet-5', {
      ANTHROPIC_API_KEY: ANTHROPIC_KEY,
    });

    expect(bodies).toHaveLength(3);
    const goal = goalText(c.contract);
    for (const body of bodies) {
      // Exactly one breakpoint, on the goal (the first message's only block).
      expect(JSON.stringify(body).split('"cache_control"')).toHaveLength(2);
      expect(body.messages[0]).toEqual({
        role: 'user',
        content: [{ type: 'text', text: goal, cache_control: { type: 'ephemeral' } }],
      });
      expect(typeof body.system).toBe('string');
      expect(body.system).toContain('Principal: requested by test.');
      for (const tool of body.tools) expect(tool.cache_control).toBeUndefined();
    }
    // Tools, system and goal are byte-identical across the run: the cached prefix holds.
    const prefix = (body: AnthropicBody) => JSON.stringify([body.tools, body.system, body.messages[0]]);
    expect(new Set(bodies.map(prefix)).size).toBe(1);

    // Recorded per call: all input tokens, and the cached ones on their own, priced at their rates.
    const price = { input: 2, output: 10, write: 2.5, read: 0.2 };
    const results = modelResults(outcome.sessionId);
    let total = 0;
    results.forEach((entry, i) => {
      const u = usages[i] as (typeof usages)[number];
      const cost =
        (u.input_tokens * price.input +
          u.cache_creation_input_tokens * price.write +
          u.cache_read_input_tokens * price.read +
          u.output_tokens * price.output) /
        1e6;
      total += cost;
      expect(entry.payload.usage).toEqual({
        input_tokens: u.input_tokens + u.cache_creation_input_tokens + u.cache_read_input_tokens,
        output_tokens: u.output_tokens,
        cache_read_tokens: u.cache_read_input_tokens,
        cache_write_tokens: u.cache_creation_input_tokens,
        cost_usd: expect.closeTo(cost, 12),
      });
    });
    const verdict = [...run.store.entries(outcome.sessionId)].find((e) => e.kind === 'verdict');
    expect(verdict?.payload.cost_usd).toBeCloseTo(total, 12);
    // Priced as plain input, the same calls would have cost more.
    const uncached = usages.reduce(
      (sum, u) =>
        sum +
        ((u.input_tokens + u.cache_creation_input_tokens + u.cache_read_input_tokens) * price.input +
          u.output_tokens * price.output) /
          1e6,
      0,
    );
    expect(total).toBeLessThan(uncached * 0.75);
  });

  it('OpenAI-compatible: each request extends the one before byte for byte (automatic prefix caching); cached tokens are priced at the cached rate', async () => {
    const calls = [
      { message: { tool_calls: [call('call_1', 'write_file', WRITE)] }, finish: 'tool_calls', cached: 0 },
      { message: { tool_calls: [call('call_2', 'read_file', READ)] }, finish: 'tool_calls', cached: 1024 },
      { message: { content: 'greeting.txt is written.' }, finish: 'stop', cached: 1152 },
    ];
    const raw: string[] = [];
    calls.forEach((step, i) => {
      nock('https://api.openai.com')
        .post('/v1/chat/completions')
        .reply((_uri, body) => {
          raw.push(JSON.stringify(body));
          return [
            200,
            {
              id: `chatcmpl-${i}`,
              object: 'chat.completion',
              created: 1741569952,
              model: 'gpt-4.1-2025-04-14',
              choices: [
                {
                  index: 0,
                  message: { role: 'assistant', content: null, refusal: null, ...step.message },
                  finish_reason: step.finish,
                },
              ],
              usage: {
                prompt_tokens: 1300 + i * 100,
                completion_tokens: 25,
                total_tokens: 1325 + i * 100,
                prompt_tokens_details: { cached_tokens: step.cached, audio_tokens: 0 },
              },
            },
          ];
        });
    });
    const { outcome } = await agentRun('openai-compatible', 'gpt-4.1', { OPENAI_API_KEY: OPENAI_KEY });

    expect(raw).toHaveLength(3);
    expect(raw.join('')).not.toContain('cache_control');
    for (let i = 1; i < raw.length; i++) {
      const before = JSON.parse(raw[i - 1] as string);
      const after = JSON.parse(raw[i] as string);
      expect(JSON.stringify(after.tools)).toBe(JSON.stringify(before.tools));
      // The earlier messages are the start of the later ones, byte for byte.
      const earlier = JSON.stringify(before.messages).slice(0, -1);
      expect(JSON.stringify(after.messages).startsWith(earlier)).toBe(true);
    }

    const price = { input: 2, cached: 0.5, output: 8 };
    modelResults(outcome.sessionId).forEach((entry, i) => {
      const prompt = 1300 + i * 100;
      const cached = calls[i]?.cached ?? 0;
      expect(entry.payload.usage).toEqual({
        input_tokens: prompt,
        output_tokens: 25,
        cache_read_tokens: cached,
        cost_usd: expect.closeTo(
          ((prompt - cached) * price.input + cached * price.cached + 25 * price.output) / 1e6,
          12,
        ),
      });
    });
  });
});

function call(id: string, name: string, input: Record<string, unknown>) {
  return { id, type: 'function', function: { name, arguments: JSON.stringify(input) } };
}
