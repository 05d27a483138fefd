/**
 * web_search (docs/tools.md): only behind a configured provider key. Unconfigured, each call is a
 * signed tool error with the documented text; configured, the provider (Brave Search's API, faked
 * with nock on its documented response shape) is called by the harness under the network policy,
 * the key is sent as its header and never reaches the ledger.
 */
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { ContractError } from '../../src/core/contract/index.js';
import { type PositionalAgent, runAgent, useAgentRun } from '../helpers/agent-kit.js';
import { useNock } from '../helpers/nock-guard.js';
import { completed, entriesOf } from '../mcp/mcp-kit.js';
import {
  BASE_ENV,
  callsThenFinish,
  checkedBody,
  expectVerifies,
  ledgerText,
  outsideContract,
  RecordingAgent,
} from './outside-kit.js';

useNock();

const KEY = 'BSAkey-0123456789abcdefghij';
const BRAVE = 'https://api.search.brave.com';
const ALLOWED = outsideContract(
  'allow_tools = ["write_file", "web_search"]\nnetwork = "allowlist"\nallowlist = ["api.search.brave.com"]',
  'web = true',
);

/** Brave's WebSearchApiResponse, trimmed to what the tool reads plus a few neighbours. */
const BRAVE_ANSWER = {
  type: 'search',
  query: { original: 'truss ledger', more_results_available: true },
  web: {
    type: 'search',
    family_friendly: true,
    results: [
      {
        type: 'search_result',
        title: 'Truss: signed verdicts',
        url: 'https://example.org/truss',
        description: 'A <strong>ledger</strong> of signed steps.',
        is_source_local: false,
        meta_url: { scheme: 'https', netloc: 'example.org', hostname: 'example.org', path: '› truss' },
      },
      {
        type: 'search_result',
        title: 'Hash chains',
        url: 'https://example.org/chains',
        description: 'Why a chain.',
        is_source_local: false,
      },
    ],
  },
};

describe('web_search', () => {
  const t = useAgentRun();
  /** A run of `contract` (default ALLOWED) in this test's store and workdir. */
  const runSearch = (provider: PositionalAgent, extra: Partial<Parameters<typeof runAgent>[0]> = {}) =>
    runAgent({ store: t.run.store, contract: ALLOWED, workdir: t.workdir, provider, ...extra });

  it('without its key, each call is a signed tool error naming the variable, and nothing is sent', async () => {
    const agent = new RecordingAgent(callsThenFinish([['web_search', { query: 'truss ledger' }]]));
    const outcome = completed(await runSearch(agent));
    const [call] = entriesOf(t.run.store, outcome.sessionId, 'web_tool_call');
    expect(call?.payload).toMatchObject({
      name: 'web_search',
      refused: true,
      is_error: true,
      error: 'web_search unconfigured: missing env var TRUSS_WEB_SEARCH_API_KEY',
    });
    expect(agent.resultsAt(1)[0]).toEqual({
      content: 'web_search unconfigured: missing env var TRUSS_WEB_SEARCH_API_KEY',
      isError: true,
    });
  });

  it('with its key: the provider is asked by the harness, results are ranked and signed, the key never journaled', async () => {
    nock(BRAVE, { reqheaders: { 'x-subscription-token': KEY, accept: 'application/json' } })
      .get('/res/v1/web/search')
      .query({ q: 'truss ledger', count: '2' })
      .reply(200, BRAVE_ANSWER);
    const agent = new RecordingAgent(
      callsThenFinish([
        ['web_search', { query: 'truss ledger', count: 2 }],
        ['web_search', { query: 'truss ledger', count: 2 }],
      ]),
    );
    const env = { ...BASE_ENV, TRUSS_WEB_SEARCH_API_KEY: KEY };
    const outcome = completed(await runSearch(agent, { env }));
    const [call, again] = entriesOf(t.run.store, outcome.sessionId, 'web_tool_call');
    expect(call?.payload).toMatchObject({ provider: 'api.search.brave.com', results: 2, error: null });
    expect(checkedBody(t.run.store, outcome.sessionId, call as never)).toEqual({
      query: 'truss ledger',
      provider: 'api.search.brave.com',
      results: [
        {
          rank: 1,
          title: 'Truss: signed verdicts',
          url: 'https://example.org/truss',
          snippet: 'A ledger of signed steps.',
        },
        { rank: 2, title: 'Hash chains', url: 'https://example.org/chains', snippet: 'Why a chain.' },
      ],
    });
    // The same query again is the same observation (one request; nock would refuse a second).
    expect(again?.payload).toMatchObject({
      reused_seq: call?.seq,
      result_sha256: call?.payload.result_sha256,
    });
    expect(agent.resultsAt(1)[0]?.content).toBe(
      '1. Truss: signed verdicts\n   https://example.org/truss\n   A ledger of signed steps.\n2. Hash chains\n   https://example.org/chains\n   Why a chain.',
    );
    expect(ledgerText(t.run.store, outcome.sessionId)).not.toContain(KEY);
    expectVerifies(t.run.store, outcome.sessionId);
  });

  it('the endpoint must pass the network policy; [tools.web_search] names another endpoint and key variable', async () => {
    const contract = outsideContract(
      'allow_tools = ["write_file", "web_search"]\nnetwork = "allowlist"\nallowlist = ["api.search.brave.com"]',
      'web = true\n\n[tools.web_search]\nendpoint = "https://search.internal.example/api"\napi_key_env = "SEARCH_KEY"',
    );
    const agent = new RecordingAgent(callsThenFinish([['web_search', { query: 'x' }]]));
    const env = { ...BASE_ENV, SEARCH_KEY: KEY };
    const outcome = completed(await runSearch(agent, { contract, env }));
    const [call] = entriesOf(t.run.store, outcome.sessionId, 'web_tool_call');
    expect(call?.payload).toMatchObject({ refused: true });
    expect(String(call?.payload.error)).toBe(
      'web_search refused: the search endpoint goes to search.internal.example, which is not in [constraints] allowlist (api.search.brave.com)',
    );
  });

  it('api_key_env may not name the harness’s own credentials', () => {
    const error = (() => {
      try {
        outsideContract(
          'allow_tools = ["web_search"]',
          'web = true\n\n[tools.web_search]\napi_key_env = "GITHUB_TOKEN"',
        );
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ContractError);
    expect((error as Error).message).toMatch(
      /contract\.toml:\d+:\d+: tools\.web_search\.api_key_env: GITHUB_TOKEN is never passed/,
    );
  });
});
