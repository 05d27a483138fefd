/**
 * The deadline inside one process (docs/contracts.md "[budget]"): a model server that never answers
 * (faked with nock at the HTTP layer) cannot hold a run past `[budget] max_duration`. The in-flight
 * request is aborted, the run signs a verdict forced to FAIL that names the deadline, and the chain
 * verifies. A host's cancellation is still a cancellation (run_failed), not a deadline.
 */
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { createNodeCrypto, exportBundle, verifyBundle } from '../../src/core/ledger/index.js';
import { prepareRun, reportFromEntries, startRun } from '../../src/core/run/index.js';
import type { RunEvent } from '../../src/core/runtime/index.js';
import { renderCheckOutput, renderStickyComment } from '../../src/github/render/index.js';
import { AGENT_KEY, contractFrom, kindsOf, makeWorkdir, openRunStore } from '../helpers/agent-kit.js';
import { useNock } from '../helpers/nock-guard.js';
import { OPENAI_KEY } from '../providers/helpers.js';

useNock();

const OPENAI = 'https://api.openai.com';

function reviewContract(budget: string): ReturnType<typeof contractFrom> {
  return contractFrom(
    [
      'reviewers = 1',
      '[contract]',
      'id = "slow-model"',
      'intent = "Judge the change"',
      '[[done]]',
      'kind = "review"',
      'desc = "the change is sound"',
      '[budget]',
      budget,
      '[provider]',
      'kind = "openai-compatible"',
      'model = "gpt-4.1-mini"',
      'base_url = "https://api.openai.com/v1"',
      'api_key_env = "OPENAI_API_KEY"',
      '',
    ].join('\n'),
  );
}

async function runIt(contract: ReturnType<typeof contractFrom>, signal?: AbortSignal) {
  const run = openRunStore();
  const events: RunEvent[] = [];
  const host = {
    events: (event: RunEvent) => events.push(event),
    env: { PATH: process.env.PATH, OPENAI_API_KEY: OPENAI_KEY },
    ...(signal ? { signal } : {}),
  };
  const started = Date.now();
  const result = await startRun(
    await prepareRun(contract.contract, { workdir: makeWorkdir({ git: true }), host }),
    {
      store: run.store,
      signer: AGENT_KEY,
      contractHash: contract.hash,
      codeVersion: 'test',
      principal: { login: 'test' },
    },
  );
  return { run, events, result, ms: Date.now() - started };
}

describe('a run against a model that never answers', () => {
  // 2 s, not less: the deadline starts with the run, and on a loaded 2-core CI machine the set-up before
  // the model request once took more than 500 ms, so the request was never made.
  it('max_duration "2s": the request is aborted and the signed verdict is FAIL, naming the deadline', async () => {
    const scope = nock(OPENAI).post('/v1/chat/completions').delay(30_000).reply(200, {});
    const { run, events, result, ms } = await runIt(reviewContract('max_duration = "2s"'));
    try {
      expect(scope.isDone()).toBe(true);
      expect(ms).toBeLessThan(8000);
      expect(result.status).toBe('completed');
      if (result.status !== 'completed') return;
      expect(result.verdict.overall).toBe('fail');
      expect(result.verdict.forced).toEqual([
        expect.stringMatching(/^wall-clock deadline of 2s reached \(\[budget\] max_duration\)/),
      ]);
      expect(result.deadline).toMatchObject({
        limit: '2s',
        source: '[budget] max_duration',
        reached: true,
      });
      expect(events).toContainEqual(expect.objectContaining({ type: 'deadline', limit: '2s' }));
      const kinds = kindsOf(run.store, result.sessionId);
      expect(kinds.at(-2)).toBe('verdict');
      expect(kinds.at(-1)).toBe('run_completed');
      const bundle = exportBundle(run.store, result.sessionId, createNodeCrypto());
      const report = verifyBundle(bundle, {
        crypto: createNodeCrypto(),
        trusted: new Map([[AGENT_KEY.publicKeyHex, 'test']]),
      });
      expect(report.status).toBe('verified');
      // The check run and the comment on GitHub say why, like any forced verdict.
      const runReport = reportFromEntries(result.sessionId, [...run.store.entries(result.sessionId)]);
      const links = {
        bundleFileName: 'truss-ledger.json',
        reportFileName: 'truss-report.html',
        artifactName: 'truss-ledger-x',
        publicKey: AGENT_KEY.publicKeyHex,
        keyId: 'SHA256:test',
      };
      const check = renderCheckOutput(runReport, links);
      expect(check.title).toContain('FAIL');
      for (const text of [check.summary, renderStickyComment(runReport, links, '<!-- truss -->', {})]) {
        expect(text).toContain('Verdict forced to FAIL');
        expect(text).toContain('wall-clock deadline of 2s reached');
      }
    } finally {
      run.close();
    }
  });

  it("the host's cancellation before the deadline is still run_failed 'cancelled'", async () => {
    const scope = nock(OPENAI).post('/v1/chat/completions').delay(30_000).reply(200, {});
    const abort = new AbortController();
    // Ctrl-C while the model request is in flight.
    scope.on('request', () => setTimeout(() => abort.abort('SIGINT'), 20));
    const { run, result } = await runIt(reviewContract('max_duration = "1h"'), abort.signal);
    try {
      expect(result).toMatchObject({ status: 'aborted', cancelled: true });
      expect(kindsOf(run.store, result.sessionId).at(-1)).toBe('run_failed');
    } finally {
      run.close();
    }
  });
});
