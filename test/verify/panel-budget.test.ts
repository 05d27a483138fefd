/**
 * A reviewer panel whose models' answers overrun the contract's `[budget]` (docs/contracts.md:
 * crossing a ceiling forces FAIL; docs/providers.md: every call records its tokens and cost). The
 * models are faked at the HTTP layer (nock) with OpenAI's chat.completion wire format; the real
 * provider, panel, durable run and ledger run.
 */
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { runContract } from '../../src/core/run/index.js';
import type { RunEvent } from '../../src/core/runtime/ctx.js';
import { buildPanelSeats } from '../../src/core/verify/panel-seats.js';
import { AGENT_KEY, contractFrom, ctxFor, git, makeWorkdir, openRunStore } from '../helpers/agent-kit.js';
import { commitFiles } from '../helpers/git.js';
import { useNock } from '../helpers/nock-guard.js';
import { OPENAI_KEY } from '../providers/helpers.js';

useNock();

// biome-ignore lint/suspicious/noExplicitAny: payloads are read field by field in assertions
type Body = Record<string, any>;

function contractToml(maxTotalTokens = 1000): string {
  return [
    'reviewers = 3',
    '[contract]',
    'id = "greeting-budget"',
    'intent = "Add src/greet.ts exporting the greeting string"',
    '[[done]]',
    'kind = "review"',
    'desc = "src/greet.ts exports the greeting string"',
    '[budget]',
    `max_total_tokens = ${maxTotalTokens}`,
    '[provider]',
    'kind = "openai-compatible"',
    'model = "gpt-4.1-mini"',
    '',
  ].join('\n');
}

/**
 * Every seat votes met and reports 930 tokens: the second answer crosses max_total_tokens. With
 * `usage: null` the server reports none (some OpenAI-compatible servers and proxies).
 */
function fakeSeats(
  usage: Body | null = { prompt_tokens: 900, completion_tokens: 30, total_tokens: 930 },
): void {
  nock('https://api.openai.com')
    .post('/v1/chat/completions')
    .times(3)
    .reply(200, (_uri, body) => {
      const schema = (body as Body).response_format?.json_schema?.schema as Body | undefined;
      const answer: Body = { vote: 'met', reasoning: 'Looks complete.', findings: [] };
      if (schema?.required?.includes('aimed_at_reviewers')) answer.aimed_at_reviewers = false;
      return {
        id: 'chatcmpl-B9MHDbslfkBeAs8l4bebGdFOJ6PeG',
        object: 'chat.completion',
        created: 1741570283,
        model: 'gpt-4.1-mini-2025-04-14',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: JSON.stringify(answer), refusal: null },
            finish_reason: 'stop',
          },
        ],
        ...(usage ? { usage } : {}),
      };
    });
}

describe('a panel that overruns the budget', () => {
  async function judge(options: { maxTotalTokens?: number; usage?: Body | null } = {}) {
    const workdir = makeWorkdir({ git: true });
    git(workdir, 'checkout', '-q', '-b', 'feature');
    commitFiles(workdir, { 'src/greet.ts': "export const greeting = 'hello';\n" }, 'add greeting');
    const contract = contractFrom(contractToml(options.maxTotalTokens));
    const env = { OPENAI_API_KEY: OPENAI_KEY, PATH: process.env.PATH };
    const panel = buildPanelSeats(contract.contract, { env, cwd: workdir });
    fakeSeats(options.usage);
    const run = openRunStore();
    const events: RunEvent[] = [];
    try {
      const outcome = await runContract({
        contract: contract.contract,
        contractHash: contract.hash,
        workdir,
        store: run.store,
        signer: AGENT_KEY,
        ctx: ctxFor(contract.contract, { events }),
        panel,
        env,
        codeVersion: 'test',
        principal: { login: 'octocat' },
        baseRef: 'main',
      });
      expect(outcome.status).toBe('completed');
      const entries = [...run.store.entries(outcome.sessionId)];
      const verdict = entries.find((e) => e.kind === 'verdict')?.payload as Body;
      const votes = entries.filter((e) => e.kind === 'review_vote').map((e) => e.payload as Body);
      return { verdict, votes, events };
    } finally {
      run.close();
    }
  }

  it('fails closed, and the signed votes account for every token the verdict says was spent', async () => {
    const { verdict, votes } = await judge();
    expect(verdict.overall).toBe('fail');
    expect(JSON.stringify(verdict.forced)).toContain('budget exhausted');
    expect(votes).toHaveLength(3);
    // The seats whose answers crossed the ceiling were paid for: their signed votes say so.
    const signedTokens = votes.reduce((sum, v) => sum + v.usage.input_tokens + v.usage.output_tokens, 0);
    expect(signedTokens).toBe(verdict.total_tokens);
    expect(verdict.total_tokens).toBe(3 * 930);
    const signedCost = votes.reduce((sum, v) => sum + v.usage.cost_usd, 0);
    expect(signedCost).toBeCloseTo(verdict.cost_usd, 9);
    for (const vote of votes.filter((v) => v.error !== null)) {
      expect(vote.vote).toBe('unverifiable');
      expect(vote.error).toContain('budget exhausted');
    }
  });

  it('a server that reports no usage still spends the budget: tokens are estimated, never free', async () => {
    const { verdict, votes, events } = await judge({ usage: null });
    expect(verdict.overall).toBe('fail');
    expect(JSON.stringify(verdict.forced)).toContain('budget exhausted');
    expect(verdict.total_tokens).toBeGreaterThan(1000);
    for (const vote of votes) expect(vote.usage.input_tokens).toBeGreaterThan(0);
    const warnings = events.flatMap((e) => (e.type === 'warning' ? [e.message] : []));
    expect(warnings.some((m) => m.includes('reported no token usage'))).toBe(true);
  });

  it('a server reporting usage too large for a double still ends in a signed FAIL, not an aborted run', async () => {
    // 1.7e308 tokens priced at $1.60/M overflows to Infinity, which no ledger payload can hold.
    const huge = { prompt_tokens: 1.7e308, completion_tokens: 1.7e308, total_tokens: 1.7e308 };
    const { verdict, votes } = await judge({ usage: huge, maxTotalTokens: 1_000_000 });
    expect(verdict.overall).toBe('fail');
    expect(JSON.stringify(verdict.forced)).toContain('budget exhausted');
    expect(Number.isFinite(verdict.cost_usd)).toBe(true);
    expect(verdict.total_tokens).toBeGreaterThan(1_000_000);
    for (const vote of votes) expect(Number.isFinite(vote.usage.cost_usd)).toBe(true);
  });

  it('under a budget it does not reach, the estimate lets the panel decide', async () => {
    const { verdict } = await judge({ usage: null, maxTotalTokens: 1_000_000 });
    expect(verdict.overall).toBe('pass');
    expect(verdict.total_tokens).toBeGreaterThan(0);
  });
});
