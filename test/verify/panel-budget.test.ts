/**
 * A reviewer panel whose models' answers overrun the contract's `[budget]` (docs/contracts.md:
 * crossing a ceiling forces FAIL; docs/providers.md: every call records its tokens and cost). The
 * models are faked at the HTTP layer (nock) with OpenAI's chat.completion wire format; the real
 * provider, panel, durable run and ledger run.
 */
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { runContract } from '../../src/core/run/index.js';
import { buildPanelSeats } from '../../src/core/verify/panel-seats.js';
import { AGENT_KEY, contractFrom, ctxFor, git, makeWorkdir, openRunStore } from '../helpers/agent-kit.js';
import { commitFiles } from '../helpers/git.js';
import { useNock } from '../helpers/nock-guard.js';
import { OPENAI_KEY } from '../providers/helpers.js';

useNock();

// biome-ignore lint/suspicious/noExplicitAny: payloads are read field by field in assertions
type Body = Record<string, any>;

function contractToml(): string {
  return [
    'reviewers = 3',
    '[contract]',
    'id = "greeting-budget"',
    'intent = "Add src/greet.ts exporting the greeting string"',
    '[[done]]',
    'kind = "review"',
    'desc = "src/greet.ts exports the greeting string"',
    '[budget]',
    'max_total_tokens = 1000',
    '[provider]',
    'kind = "openai-compatible"',
    'model = "gpt-4.1-mini"',
    '',
  ].join('\n');
}

/** Every seat votes met and reports 930 tokens: the second answer crosses max_total_tokens. */
function fakeSeats(): void {
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
        usage: { prompt_tokens: 900, completion_tokens: 30, total_tokens: 930 },
      };
    });
}

describe('a panel that overruns the budget', () => {
  it('fails closed, and the signed votes account for every token the verdict says was spent', async () => {
    const workdir = makeWorkdir({ git: true });
    git(workdir, 'checkout', '-q', '-b', 'feature');
    commitFiles(workdir, { 'src/greet.ts': "export const greeting = 'hello';\n" }, 'add greeting');
    const contract = contractFrom(contractToml());
    const env = { OPENAI_API_KEY: OPENAI_KEY, PATH: process.env.PATH };
    const panel = buildPanelSeats(contract.contract, { env, cwd: workdir });
    fakeSeats();
    const run = openRunStore();
    try {
      const outcome = await runContract({
        contract: contract.contract,
        contractHash: contract.hash,
        workdir,
        store: run.store,
        signer: AGENT_KEY,
        ctx: ctxFor(contract.contract),
        panel,
        env,
        codeVersion: 'test',
        principal: { login: 'octocat' },
        baseRef: 'main',
      });
      expect(outcome.status).toBe('completed');
      if (outcome.status !== 'completed') return;
      expect(outcome.verdict.overall).toBe('fail');
      const entries = [...run.store.entries(outcome.sessionId)];
      const verdict = entries.find((e) => e.kind === 'verdict')?.payload as Body;
      expect(verdict.overall).toBe('fail');
      expect(JSON.stringify(verdict.forced)).toContain('budget exhausted');
      const votes = entries.filter((e) => e.kind === 'review_vote').map((e) => e.payload as Body);
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
    } finally {
      run.close();
    }
  });
});
