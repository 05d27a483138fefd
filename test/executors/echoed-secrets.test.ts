import { existsSync } from 'node:fs';
import { join } from 'node:path';
import nock from 'nock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProvider } from '../../src/core/providers/index.js';
import type { CompletedOutcome } from '../../src/core/run/index.js';
import { type AgentRun, contractFrom, makeWorkdir, openRunStore, runAgent } from '../helpers/agent-kit.js';
import { useNock } from '../helpers/nock-guard.js';
import { OPENAI_KEY } from '../providers/helpers.js';

useNock();

/**
 * A model API that echoes the harness's credentials back inside its answer (docs/providers.md: keys
 * never enter the ledger; docs/security.md "The secret scan"): in tool calls as much as in text.
 */

/** A run secret that has no well-known credential shape, so only the run's secret scan finds it. */
const PLAIN_SECRET = 'plain-deploy-secret-value-0123456789';

const CONTRACT_TEXT = `
[contract]
id = "echo-agent"
intent = "Create notes.txt"

[[done]]
kind = "check"
desc = "notes.txt exists"
run = "test -f notes.txt"
timeout_sec = 10

[executor]
kind = "in-loop"

[constraints]
allow_tools = ["write_file", "read_file"]

[provider]
kind = "openai-compatible"
model = "gpt-4.1-mini"
`;
const CONTRACT = contractFrom(CONTRACT_TEXT);

function answer(message: Record<string, unknown>, finish: string) {
  return {
    id: 'chatcmpl-echo',
    object: 'chat.completion',
    created: 1741569952,
    model: 'gpt-4.1-mini-2025-04-14',
    choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: finish }],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

describe('a model that echoes secrets in its tool calls', () => {
  let run: AgentRun;
  beforeEach(() => {
    run = openRunStore();
  });
  afterEach(() => run.close());

  it('neither the API key nor a run secret reaches the ledger through a tool_use input', async () => {
    const env = { OPENAI_API_KEY: OPENAI_KEY, DEPLOY_SECRET: PLAIN_SECRET, PATH: process.env.PATH };
    nock('https://api.openai.com')
      .post('/v1/chat/completions')
      .reply(
        200,
        answer(
          {
            content: null,
            tool_calls: [
              {
                id: 'call_1',
                type: 'function',
                function: {
                  name: 'write_file',
                  arguments: JSON.stringify({
                    path: 'notes.txt',
                    content: `key ${OPENAI_KEY} and ${PLAIN_SECRET}\n`,
                  }),
                },
              },
              {
                id: 'call_2',
                type: 'function',
                function: {
                  name: `read_${PLAIN_SECRET}`,
                  arguments: JSON.stringify({ path: PLAIN_SECRET, [OPENAI_KEY]: [{ deep: OPENAI_KEY }] }),
                },
              },
            ],
          },
          'tool_calls',
        ),
      )
      .post('/v1/chat/completions')
      .reply(200, answer({ content: 'done' }, 'stop'));
    const provider = createProvider({ kind: 'openai-compatible', model: 'gpt-4.1-mini' }, { env, cwd: '/' });
    const workdir = makeWorkdir();
    const outcome = (await runAgent({
      store: run.store,
      contract: CONTRACT,
      workdir,
      provider,
      env,
    })) as CompletedOutcome;
    expect(outcome.status).toBe('completed');
    const entries = [...run.store.entries(outcome.sessionId)];
    const journal = JSON.stringify(entries);
    expect(journal).not.toContain(OPENAI_KEY);
    expect(journal).not.toContain(PLAIN_SECRET);
    // A call whose input holds a secret of the run is refused, never run on the scan's marks: the
    // secret does not reach the work, and the work is not silently changed either.
    expect(existsSync(join(workdir, 'notes.txt'))).toBe(false);
    const calls = entries.filter((e) => e.kind === 'tool_result').map((e) => e.payload);
    expect(calls.map((p) => p.name)).toEqual(['write_file', 'read_[REDACTED]']);
    expect(calls.map((p) => p.refused)).toEqual([true, true]);
  });
});

describe('a provider key in a variable whose name does not say so', () => {
  let run: AgentRun;
  beforeEach(() => {
    run = openRunStore();
  });
  afterEach(() => run.close());

  it('is a run secret because api_key_env names it: an echo in the answer is not signed into the ledger', async () => {
    // `LLM_ACCESS` holds no KEY, TOKEN, SECRET… in its name: before, only the provider's own error
    // messages knew the value, and the answer echoing it was journaled in clear.
    const key = 'plain-llm-access-value-0123456789';
    const env = { LLM_ACCESS: key, PATH: process.env.PATH };
    const contract = contractFrom(
      CONTRACT_TEXT.replace('model = "gpt-4.1-mini"', 'model = "gpt-4.1-mini"\napi_key_env = "LLM_ACCESS"'),
    );
    nock('https://api.openai.com', { reqheaders: { authorization: `Bearer ${key}` } })
      .post('/v1/chat/completions')
      .reply(
        200,
        answer(
          {
            content: `your key is ${key}`,
            tool_calls: [
              {
                id: 'call_1',
                type: 'function',
                function: {
                  name: 'write_file',
                  arguments: JSON.stringify({ path: 'notes.txt', content: key }),
                },
              },
            ],
          },
          'tool_calls',
        ),
      )
      .post('/v1/chat/completions')
      .reply(200, answer({ content: 'done' }, 'stop'));
    const provider = createProvider(
      { kind: 'openai-compatible', model: 'gpt-4.1-mini', apiKeyEnv: 'LLM_ACCESS' },
      { env, cwd: '/' },
    );
    const workdir = makeWorkdir();
    const outcome = (await runAgent({
      store: run.store,
      contract,
      workdir,
      provider,
      env,
    })) as CompletedOutcome;
    expect(outcome.status).toBe('completed');
    const entries = [...run.store.entries(outcome.sessionId)];
    expect(entries.map((e) => e.kind)).toContain('model_result');
    expect(JSON.stringify(entries)).not.toContain(key);
    // Refused like any value of the run: the key does not reach the work either.
    expect(existsSync(join(workdir, 'notes.txt'))).toBe(false);
  });
});
