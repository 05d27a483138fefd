/**
 * A check run that Truss started is completed on every path: when a resume is refused (here: the
 * session is signed by another key, a ResumeRefusedError), the check is PATCHed to `completed` /
 * `failure` with the reason instead of being left `in_progress` forever. Real ledger, fake GitHub
 * at the HTTP layer (nock).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runContract } from '../../src/core/run/index.js';
import { ResumeRefusedError } from '../../src/core/runtime/durable-errors.js';
import type { PublishStep } from '../../src/github/publish-run.js';
import { resumeAndReport, runAndReport } from '../../src/github/run-and-report.js';
import { GITHUB_CONTRACT_FORMAT } from '../../src/github/settings.js';
import { contractFrom, ctxFor, makeWorkdir, openRunStore } from '../helpers/agent-kit.js';
import { FORGER_KEY, SESSION_KEY } from '../helpers/ledger-kit.js';
import {
  API,
  captureLog,
  nockQueuedCheck,
  OWNER,
  REPO,
  runAndReportOptions,
  testOctokit,
} from './helpers.js';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

const HEAD = 'ec26c3e57ca3a959ca5aad62de7213c562f8c821';

const TINY = `[contract]
id = "tiny"
intent = "A check that passes"

[[done]]
kind = "check"
desc = "true"
run = "true"
`;

describe('reportedRun completes every check it started', () => {
  it('a refused resume completes the existing check as failure with the reason', async () => {
    const run = openRunStore();
    const workdir = makeWorkdir();
    const contract = contractFrom(TINY, GITHUB_CONTRACT_FORMAT);
    const done = await runContract({
      contract: contract.contract,
      contractHash: contract.hash,
      workdir,
      store: run.store,
      signer: SESSION_KEY,
      ctx: ctxFor(contract.contract),
      panel: { unavailable: 'no panel' },
      env: {},
      codeVersion: 'test',
      principal: { login: 'test' },
    });
    const patches: Record<string, unknown>[] = [];
    nockQueuedCheck(77, HEAD);
    nock(API)
      .patch(`/repos/${OWNER}/${REPO}/check-runs/77`)
      .times(2)
      .reply(200, (_uri, body) => {
        patches.push(body as Record<string, unknown>);
        return { id: 77, html_url: `https://github.com/${OWNER}/${REPO}/runs/77` };
      });
    const log = captureLog();
    const error = await resumeAndReport({
      octokit: testOctokit(log),
      repo: { owner: OWNER, repo: REPO },
      headSha: HEAD,
      prNumber: null,
      workdir,
      store: run.store,
      signer: FORGER_KEY,
      env: {},
      commentAuthors: ['github-actions[bot]'],
      codeVersion: 'test',
      outDir: mkdtempSync(join(tmpdir(), 'truss-reported-out-')),
      runUrl: 'https://github.com/o/r/actions/runs/1',
      check: true,
      comment: false,
      dryRun: false,
      publishSteps: [],
      log,
      sessionId: done.sessionId,
      approvers: new Map(),
      existingCheckId: 77,
    }).catch((e: unknown) => e);
    run.close();
    expect(error).toBeInstanceOf(ResumeRefusedError);
    expect(patches).toHaveLength(2);
    expect(patches[0]).toMatchObject({ status: 'in_progress' });
    expect(patches[1]).toMatchObject({ status: 'completed', conclusion: 'failure' });
    const output = patches[1]?.output as { title: string; summary: string };
    expect(output.title).toContain('could not finish');
    expect(output.summary).toContain(`session ${done.sessionId} is signed by`);
    expect(nock.isDone()).toBe(true);
  });
});

/** runAndReport on one contract with a check run (id 78) whose requests are recorded. */
async function reportTiny(contractText: string, publishSteps: PublishStep[]) {
  const run = openRunStore();
  const requests: { method: string; body: Record<string, unknown> }[] = [];
  const checkRun = { id: 78, html_url: `https://github.com/${OWNER}/${REPO}/runs/78` };
  nock(API)
    .post(`/repos/${OWNER}/${REPO}/check-runs`)
    .reply(201, (_uri, body) => {
      requests.push({ method: 'POST', body: body as Record<string, unknown> });
      return checkRun;
    })
    .patch(`/repos/${OWNER}/${REPO}/check-runs/78`)
    .reply(200, (_uri, body) => {
      requests.push({ method: 'PATCH', body: body as Record<string, unknown> });
      return checkRun;
    });
  const options = runAndReportOptions({
    headSha: HEAD,
    prNumber: null,
    workdir: makeWorkdir(),
    contracts: [
      { name: 'tiny', path: '.truss/contracts/tiny.toml', source: { file: 'tiny.toml', text: contractText } },
    ],
    store: run.store,
    publishSteps,
  });
  try {
    const outcome = await runAndReport(options).catch((e: unknown) => e);
    return { outcome, requests };
  } finally {
    run.close();
  }
}

describe('a publish step that throws still completes the check run it started', () => {
  const boom = (stage: 'ledger' | 'evidence'): PublishStep =>
    stage === 'ledger'
      ? { name: 'anchor', stage, run: async () => Promise.reject(new Error('the log branch exploded')) }
      : { name: 'artifact', stage, run: async () => Promise.reject(new Error('the upload exploded')) };

  it.each([
    ['an evidence step', 'evidence', 'the upload exploded'],
    ['a ledger step', 'ledger', 'the log branch exploded'],
  ] as const)(
    '%s: PATCHed completed / failure with the reason, never left in_progress',
    async (_label, stage, reason) => {
      const { outcome, requests } = await reportTiny(TINY, [boom(stage)]);
      expect(outcome).toBeInstanceOf(Error);
      expect((outcome as Error).message).toBe(reason);
      expect(requests.map((r) => r.method)).toEqual(['POST', 'PATCH']);
      expect(requests[0]?.body).toMatchObject({ name: 'truss / tiny', status: 'in_progress' });
      expect(requests[1]?.body).toMatchObject({
        status: 'completed',
        conclusion: 'failure',
        output: {
          title: 'truss / tiny: could not finish',
          summary: `Truss stopped before a verdict: ${reason}\n\nSee the [workflow run](https://github.com/o/r/actions/runs/1).`,
        },
      });
      expect(nock.isDone()).toBe(true);
    },
  );

  it('a misordered step list completes the check with the reason too', async () => {
    const { outcome, requests } = await reportTiny(TINY, [boom('evidence'), boom('ledger')]);
    expect((outcome as Error).message).toContain('publish step "anchor" appends to the ledger');
    expect(requests.at(-1)?.body).toMatchObject({ status: 'completed', conclusion: 'failure' });
  });

  it("without a failing step, the check is completed once, with the verdict and the contract's GitHub setting", async () => {
    // A review clause without a panel is unverifiable; `unverifiable = "neutral"` (a GitHub key,
    // read through src/github/settings.ts) reports that as neutral instead of failure.
    const text = `unverifiable = "neutral"\n${TINY}\n[[done]]\nkind = "review"\ndesc = "it reads well"\n`;
    const { outcome, requests } = await reportTiny(text, []);
    expect(outcome).toEqual([expect.objectContaining({ overall: 'unverifiable', conclusion: 'neutral' })]);
    expect(requests.map((r) => r.method)).toEqual(['POST', 'PATCH']);
    expect(requests[1]?.body).toMatchObject({ status: 'completed', conclusion: 'neutral' });
  });
});
