import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  AnthropicProvider,
  createProvider,
  DEFAULT_API_KEY_ENV,
  isLoopback,
  OpenAICompatibleProvider,
  ProviderConfigError,
  type ProviderError,
  ProviderFatalError,
  ScriptedProvider,
} from '../../src/core/providers/index.js';
import { BudgetExceededError } from '../../src/core/runtime/budget.js';
import { tempDir } from '../helpers/temp-dir.js';
import {
  ANTHROPIC_KEY,
  ask,
  catchError,
  everythingAbout,
  GITHUB_TOKEN,
  makeCtx,
  OPENAI_KEY,
} from './helpers.js';

function fixture(content: unknown, name = 'responses.json'): { dir: string; path: string } {
  const dir = tempDir('scripted').dir;
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return { dir, path };
}

describe('scripted provider', () => {
  it('replays responses in order, reports kind scripted and model scripted:<basename>, then fails when exhausted', async () => {
    const { dir } = fixture(
      [
        { text: 'first', usage: { input_tokens: 10, output_tokens: 2 } },
        { text: 'second', usage: { input_tokens: 20, output_tokens: 4 } },
      ],
      'panel.json',
    );
    const provider = createProvider(
      { kind: 'scripted', model: 'ignored', script: 'panel.json' },
      { env: {}, cwd: dir },
    );
    expect(provider.kind).toBe('scripted');
    expect(provider.model).toBe('scripted:panel.json');
    const { ctx, budget, events } = makeCtx();

    const one = await provider.complete(ask('a'), ctx);
    const two = await provider.complete(ask('b'), ctx);
    expect([one.text, two.text]).toEqual(['first', 'second']);
    expect(one.model).toBe('scripted:panel.json');
    expect(two.usage).toEqual({ inputTokens: 20, outputTokens: 4, costUsd: 0 });
    expect(budget.spent.totalTokens).toBe(36);
    expect(events).toEqual([]); // scripted usage is not billable: no "no price" warning

    const error = await catchError(provider.complete(ask('c'), ctx));
    expect(error).toBeInstanceOf(ProviderFatalError);
    expect((error as ProviderError).kind).toBe('fatal');
    expect((error as Error).message).toBe(
      'scripted: fixture panel.json is exhausted: call #3 has no response left (all 2 used); add entries to the fixture',
    );
  });

  it('accepts {responses: [...]} and prefers a response whose match occurs in the prompt', async () => {
    const { path } = fixture({
      responses: [
        { text: 'generic one' },
        { text: 'about greeting.txt', match: 'greeting.txt' },
        { text: 'generic two' },
        { text: 'system-matched', match: 'strict reviewer' },
      ],
    });
    const provider = ScriptedProvider.fromFile(path);
    const { ctx } = makeCtx();
    expect((await provider.complete(ask('review README.md'), ctx)).text).toBe('generic one');
    expect((await provider.complete(ask('check greeting.txt please'), ctx)).text).toBe('about greeting.txt');
    expect((await provider.complete(ask('x', { system: 'You are a strict reviewer.' }), ctx)).text).toBe(
      'system-matched',
    );
    expect((await provider.complete(ask('check greeting.txt again'), ctx)).text).toBe('generic two');
    expect(provider.remaining).toBe(0);
  });

  it('says so when only keyed responses are left and none matches', async () => {
    const { path } = fixture([{ text: 'only for foo', match: 'foo' }], 'keyed.json');
    const error = await catchError(ScriptedProvider.fromFile(path).complete(ask('bar'), makeCtx().ctx));
    expect(error).toBeInstanceOf(ProviderFatalError);
    expect((error as Error).message).toContain('matches none of the 1 unused responses');
  });

  it('prices a response that names a model, and honours the budget', async () => {
    const { path } = fixture([
      { text: 'priced', model: 'gpt-4.1-mini', usage: { input_tokens: 1_000_000, output_tokens: 0 } },
      { text: 'never reached' },
    ]);
    const provider = ScriptedProvider.fromFile(path);
    const { ctx, budget } = makeCtx({ limits: { maxCostUsd: 0.4 } });
    const first = await provider.complete(ask(), ctx);
    expect(first.usage.costUsd).toBeCloseTo(0.4, 10);
    expect(first.model).toBe(`scripted:${path.split('/').pop()}`);
    expect(await catchError(provider.complete(ask(), ctx))).toBeInstanceOf(BudgetExceededError);
    expect(provider.remaining).toBe(1); // refused before a response was consumed
    expect(budget.spent.costUsd).toBeCloseTo(0.4, 10);
  });

  it('rejects a malformed or missing fixture with a config error', () => {
    const bad = fixture([{ txt: 'typo' }]);
    const badError = (() => {
      try {
        ScriptedProvider.fromFile(bad.path);
      } catch (error) {
        return error;
      }
    })();
    expect(badError).toBeInstanceOf(ProviderConfigError);
    expect((badError as Error).message).toContain('at 0');
    expect(() => ScriptedProvider.fromFile(fixture('{not json').path)).toThrow(/not valid JSON/);
    expect(() =>
      createProvider({ kind: 'scripted', model: 'x', script: 'nope.json' }, { env: {}, cwd: bad.dir }),
    ).toThrow(/cannot read fixture .*nope\.json: no such file \(ENOENT\); set \[provider\] script/);
    expect(() => createProvider({ kind: 'scripted', model: 'x' }, { env: {}, cwd: '/' })).toThrow(
      ProviderConfigError,
    );
  });
});

describe('createProvider', () => {
  const env = { ANTHROPIC_API_KEY: ANTHROPIC_KEY, OPENAI_API_KEY: OPENAI_KEY, GITHUB_TOKEN };

  it('builds each kind from its default key variable', () => {
    expect(DEFAULT_API_KEY_ENV).toEqual({
      anthropic: 'ANTHROPIC_API_KEY',
      'openai-compatible': 'OPENAI_API_KEY',
      'github-models': 'GITHUB_TOKEN',
    });
    expect(createProvider({ kind: 'anthropic', model: 'claude-opus-5-5' }, { env, cwd: '/' })).toBeInstanceOf(
      AnthropicProvider,
    );
    const openai = createProvider({ kind: 'openai-compatible', model: 'gpt-4.1' }, { env, cwd: '/' });
    expect(openai).toBeInstanceOf(OpenAICompatibleProvider);
    const gh = createProvider({ kind: 'github-models', model: 'openai/gpt-4.1' }, { env, cwd: '/' });
    expect(gh.kind).toBe('github-models');
  });

  it('a missing key is a config error that names the variable and how to set it, never a value', () => {
    const cases = [
      [{ kind: 'anthropic', model: 'claude-opus-5-5' }, 'ANTHROPIC_API_KEY'],
      [{ kind: 'openai-compatible', model: 'gpt-4.1' }, 'OPENAI_API_KEY'],
      [{ kind: 'github-models', model: 'openai/gpt-4.1' }, 'GITHUB_TOKEN'],
      [{ kind: 'anthropic', model: 'claude-opus-5-5', apiKeyEnv: 'TEAM_CLAUDE_KEY' }, 'TEAM_CLAUDE_KEY'],
    ] as const;
    for (const [config, variable] of cases) {
      // Keys for *other* variables are present and must not leak into the message.
      const error = (() => {
        try {
          createProvider(config, { env: { ...env, [variable]: '  ' }, cwd: '/' });
        } catch (e) {
          return e;
        }
      })();
      expect(error, variable).toBeInstanceOf(ProviderConfigError);
      const message = (error as Error).message;
      expect(message).toContain(`environment variable ${variable} is not set`);
      expect(message).toContain(`env: ${variable}:`);
      expect(message).toContain('api_key_env');
      for (const secret of [ANTHROPIC_KEY, OPENAI_KEY, GITHUB_TOKEN])
        expect(everythingAbout(error)).not.toContain(secret);
    }
  });

  it('refuses a key pasted into api_key_env without echoing it', () => {
    for (const pasted of [ANTHROPIC_KEY, GITHUB_TOKEN, 'not a name']) {
      const error = (() => {
        try {
          createProvider({ kind: 'anthropic', model: 'm', apiKeyEnv: pasted }, { env, cwd: '/' });
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(ProviderConfigError);
      expect((error as Error).message).toContain('must be the NAME of an environment variable');
      expect(everythingAbout(error)).not.toContain(pasted);
    }
  });

  it('makes the key optional only for a loopback base_url without api_key_env', () => {
    const local = {
      kind: 'openai-compatible',
      model: 'llama3.2',
      baseUrl: 'http://localhost:11434/v1',
    } as const;
    expect(() => createProvider(local, { env: {}, cwd: '/' })).not.toThrow();
    expect(() => createProvider({ ...local, apiKeyEnv: 'VLLM_KEY' }, { env: {}, cwd: '/' })).toThrow(
      /VLLM_KEY/,
    );
    expect(() =>
      createProvider({ ...local, baseUrl: 'https://llm.example.com/v1' }, { env: {}, cwd: '/' }),
    ).toThrow(/OPENAI_API_KEY/);
    expect(isLoopback('http://127.0.0.1:11434/v1')).toBe(true);
    expect(isLoopback('http://[::1]:8000/v1')).toBe(true);
    expect(isLoopback('http://127.example.com/v1')).toBe(false);
  });

  it('validates model and base_url', () => {
    expect(() => createProvider({ kind: 'anthropic', model: ' ' }, { env, cwd: '/' })).toThrow(/no model/);
    expect(() =>
      createProvider({ kind: 'openai-compatible', model: 'm', baseUrl: 'not a url' }, { env, cwd: '/' }),
    ).toThrow(/base_url is not a valid URL/);
    const withCreds = (() => {
      try {
        createProvider(
          { kind: 'openai-compatible', model: 'm', baseUrl: `https://user:${OPENAI_KEY}@example.com/v1` },
          { env, cwd: '/' },
        );
      } catch (e) {
        return e;
      }
    })();
    expect(withCreds).toBeInstanceOf(ProviderConfigError);
    expect(everythingAbout(withCreds)).not.toContain(OPENAI_KEY);
  });
});
