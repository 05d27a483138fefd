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
import { ResumeRefusedError } from '../../src/core/runtime/durable-errors.js';
import { runContract } from '../../src/core/verify/run-contract.js';
import { resumeAndReport } from '../../src/github/run-and-report.js';
import { contractFrom, ctxFor, makeWorkdir, openRunStore } from '../helpers/agent-kit.js';
import { FORGER_KEY, SESSION_KEY } from '../helpers/ledger-kit.js';
import { API, captureLog, OWNER, REPO, testOctokit } from './helpers.js';

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

const HEAD = 'ec26c3e57ca3a959ca5aad62de7213c562f8c821';

describe('reportedRun completes every check it started', () => {
  it('a refused resume completes the existing check as failure with the reason', async () => {
    const run = openRunStore();
    const workdir = makeWorkdir();
    const contract = contractFrom(`
[contract]
id = "tiny"
intent = "A check that passes"

[[done]]
kind = "check"
desc = "true"
run = "true"
`);
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
      codeVersion: 'test',
      outDir: mkdtempSync(join(tmpdir(), 'truss-reported-out-')),
      runUrl: 'https://github.com/o/r/actions/runs/1',
      check: true,
      comment: false,
      dryRun: false,
      publish: async () => null,
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
