import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/core/ledger/canonical-json.js';
import { createProvider } from '../../src/core/providers/index.js';
import { useNock } from '../helpers/nock-guard.js';
import { ANTHROPIC_KEY, makeCtx, READ_FILE } from './helpers.js';

useNock();

/**
 * A Messages API answer is JSON, and JSON can spell a lone UTF-16 surrogate (`"\ud800"`) or an
 * integer past 2^53. The answer is journaled (signed), and canonical JSON refuses both, which aborted
 * the run: the provider hands back a journal-safe answer instead (docs/providers.md).
 */
describe('a model answer canonical JSON cannot hold', () => {
  it('anthropic chat: lone surrogates become U+FFFD, an integer past 2^53 its decimal string', async () => {
    const body = `{"id":"msg_odd","type":"message","role":"assistant","model":"claude-sonnet-5-5-20260601",
      "content":[{"type":"text","text":"ok \\ud800"},
        {"type":"tool_use","id":"toolu_1","name":"read_file","input":{"path":"a\\udc00","n":18014398509481982}}],
      "stop_reason":"tool_use","stop_sequence":null,"usage":{"input_tokens":10,"output_tokens":5}}`;
    nock('https://api.anthropic.com')
      .post('/v1/messages')
      .reply(200, body, { 'content-type': 'application/json' });
    const provider = createProvider(
      { kind: 'anthropic', model: 'claude-sonnet-5-5', maxTokens: 64 },
      { env: { ANTHROPIC_API_KEY: ANTHROPIC_KEY }, cwd: '/' },
    );
    const result = await provider.chat?.(
      { messages: [{ role: 'user', content: [{ type: 'text', text: 'go' }] }], tools: [READ_FILE] },
      makeCtx().ctx,
    );
    expect(() => canonicalJson(result?.content)).not.toThrow();
    expect(result?.content).toEqual([
      { type: 'text', text: 'ok \ufffd' },
      {
        type: 'tool_use',
        id: 'toolu_1',
        name: 'read_file',
        input: { path: 'a\ufffd', n: '18014398509481982' },
      },
    ]);
  });
});
