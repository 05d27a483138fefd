/**
 * A skip and a verdict of one contract written on one head at the same moment (skip-race.ts,
 * docs/contracts.md "Run only what a change touches"): the skip is decided on the checks listed
 * before a named `/truss run <contract>` created its check, and written after it, so it is the newer
 * check of the name; GitHub counts the newest, and `skipped` passes a required check. Whoever writes
 * last looks again and posts a hidden non-passing verdict again as the newest check. GitHub is nock
 * (documented shapes; every check-run write's body asserted); the runs are real.
 */
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { lazyChangedFiles } from '../../src/github/path-filter.js';
import { runAndReport } from '../../src/github/run-and-report.js';
import { verdictUnderSkip } from '../../src/github/skip-race.js';
import { makeWorkdir, openRunStore } from '../helpers/agent-kit.js';
import { contractToml, TRUE_CHECK } from '../helpers/contract-toml.js';
import { useNock } from '../helpers/nock-guard.js';
import {
  API,
  captureLog,
  nockPullHead,
  OWNER,
  pullRequestFile,
  REPO,
  recordCheckRunWrites,
  runAndReportOptions,
  testOctokit,
} from './helpers.js';

useNock();

const HEAD = 'ec26c3e57ca3a959ca5aad62de7213c562f8c821';
const R = `/repos/${OWNER}/${REPO}`;
const PR = 7;
const NAME = 'truss / src-only';
const FALSE_CHECK = { kind: 'check', desc: 'the build passes', run: 'false' } as const;

function contract(check: typeof TRUE_CHECK | typeof FALSE_CHECK = TRUE_CHECK) {
  const text = contractToml({ id: 'src-only', intent: 'run src-only', paths: ['src/**'] }, check);
  return {
    name: 'src-only',
    path: '.truss/contracts/src-only.toml',
    source: { file: 'src-only.toml', text },
  };
}

/** runAndReport on the contract for PR #7: `filter` as a pull request event does, else as a named run. */
async function report(c: ReturnType<typeof contract>, filter: boolean) {
  const run = openRunStore();
  const log = captureLog();
  const octokit = testOctokit(log);
  try {
    const results = await runAndReport(
      runAndReportOptions({
        octokit,
        headSha: HEAD,
        prNumber: PR,
        workdir: makeWorkdir(),
        contracts: [c],
        store: run.store,
        changedFiles: filter ? lazyChangedFiles(octokit, { owner: OWNER, repo: REPO }, PR, HEAD) : undefined,
        log,
      }),
    );
    return { results, log };
  } finally {
    run.close();
  }
}

/** The pull request changes only README.md (no path under src/), its head staying put. */
function listsReadmeOnly() {
  nock(API)
    .get(`${R}/pulls/${PR}/files`)
    .query({ per_page: 100 })
    .reply(200, [pullRequestFile('README.md', HEAD)]);
  nockPullHead(PR, HEAD);
}

/** A check run as GET /commits/{ref}/check-runs lists it. */
function listedCheck(id: number, fields: Record<string, unknown>) {
  return {
    id,
    name: NAME,
    head_sha: HEAD,
    status: 'completed',
    conclusion: 'failure',
    external_id: 'truss/v1',
    html_url: `https://github.com/${OWNER}/${REPO}/runs/${id}`,
    details_url: `https://github.com/${OWNER}/${REPO}/actions/runs/55/job/${id}`,
    started_at: '2026-12-01T10:00:00Z',
    output: { title: 'FAIL · 0/1 clauses met', summary: '' },
    app: { id: 15368, slug: 'github-actions', owner: { login: 'github' }, name: 'GitHub Actions' },
    ...fields,
  };
}

/** One GET of the contract's checks on the head, answering `runs`. */
function checksOnHead(runs: Array<ReturnType<typeof listedCheck>>) {
  nock(API)
    .get(`${R}/commits/${HEAD}/check-runs`)
    .query({ check_name: NAME, filter: 'all', per_page: 100 })
    .reply(200, { total_count: runs.length, check_runs: runs });
}

describe('a skip written while a named run of the contract went', () => {
  it("the named run's FAIL, hidden by a newer skip, is posted again as the newest check when it completes", async () => {
    const checks = recordCheckRunWrites();
    // The named run's check is 100; a pull request job that listed no check before it wrote skip 101.
    checksOnHead([listedCheck(100, {}), listedCheck(101, { conclusion: 'skipped' })]);
    const { results, log } = await report(contract(FALSE_CHECK), false);
    expect(results.map((r) => [r.contractId, r.overall])).toEqual([['src-only', 'fail']]);
    expect(checks.map((c) => [c.method, c.body.status, c.body.conclusion ?? null])).toEqual([
      ['POST', 'in_progress', null],
      ['PATCH', 'completed', 'failure'],
      ['POST', 'completed', 'failure'],
    ]);
    expect(checks[2]?.body).toMatchObject({
      name: NAME,
      head_sha: HEAD,
      external_id: 'truss/v1',
      details_url: `https://github.com/${OWNER}/${REPO}/actions/runs/55/job/100`,
      output: { title: 'failure: the verdict of check run 100, posted again over a skip' },
    });
    expect(String((checks[2]?.body.output as { summary?: string } | undefined)?.summary)).toContain(
      `This head's verdict is in [check run 100](https://github.com/${OWNER}/${REPO}/runs/100) (\`failure\`).`,
    );
    expect(log.text()).toContain(
      `${NAME}: a skip was written while check run 100 reached its verdict (failure); posted that verdict again`,
    );
  });

  it('a named run with no skip over it (or a PASS under one) writes nothing more', async () => {
    for (const listed of [
      [listedCheck(100, { conclusion: 'success' })],
      [listedCheck(100, { conclusion: 'success' }), listedCheck(101, { conclusion: 'skipped' })],
    ]) {
      const checks = recordCheckRunWrites();
      checksOnHead(listed);
      const { results } = await report(contract(), false);
      expect(results.map((r) => r.overall)).toEqual(['pass']);
      expect(checks.map((c) => c.body.conclusion ?? c.body.status)).toEqual(['in_progress', 'success']);
      expect(nock.pendingMocks().filter((m) => m.startsWith('GET'))).toEqual([]);
      nock.cleanAll();
    }
  });

  it('a skip that lands after the named run already completed FAIL posts that verdict again itself', async () => {
    listsReadmeOnly();
    // Listed before the named run created its check (99): the skip is taken and written as 100.
    checksOnHead([]);
    const checks = recordCheckRunWrites();
    checksOnHead([listedCheck(99, {}), listedCheck(100, { conclusion: 'skipped' })]);
    const { results } = await report(contract(), true);
    expect(results).toEqual([]);
    expect(checks.map((c) => [c.method, c.body.conclusion])).toEqual([
      ['POST', 'skipped'],
      ['POST', 'failure'],
    ]);
    expect(checks[1]?.body).toMatchObject({
      name: NAME,
      head_sha: HEAD,
      status: 'completed',
      external_id: 'truss/v1',
      output: { title: 'failure: the verdict of check run 99, posted again over a skip' },
    });
  });

  it('a named run still going under the skip is left to post its own verdict when it completes', async () => {
    listsReadmeOnly();
    checksOnHead([]);
    const checks = recordCheckRunWrites();
    checksOnHead([
      listedCheck(99, { status: 'in_progress', conclusion: null }),
      listedCheck(100, { conclusion: 'skipped' }),
    ]);
    await report(contract(), true);
    expect(checks.map((c) => c.body.conclusion)).toEqual(['skipped']);
  });
});

describe('verdictUnderSkip', () => {
  const found = (
    id: number,
    fields: Partial<{
      status: string;
      conclusion: string | null;
      externalId: string | null;
      headSha: string;
      name: string;
    }> = {},
  ) => ({
    id,
    name: NAME,
    headSha: HEAD,
    status: 'completed',
    conclusion: 'failure' as string | null,
    externalId: 'truss/v1' as string | null,
    detailsUrl: null,
    url: null,
    startedAt: null,
    completedAt: null,
    outputTitle: null,
    outputSummary: null,
    app: null,
    appId: null,
    ...fields,
  });

  it('only a skip that is the newest Truss check of the name, over a newest verdict that does not pass', () => {
    const skip = found(9, { conclusion: 'skipped' });
    expect(verdictUnderSkip([found(5), skip], NAME, HEAD)?.id).toBe(5);
    for (const conclusion of ['action_required', 'cancelled', 'timed_out'])
      expect(verdictUnderSkip([found(5, { conclusion }), skip], NAME, HEAD)?.id).toBe(5);
    // The newest verdict passes: the skip changes nothing a required check sees.
    expect(verdictUnderSkip([found(5), found(7, { conclusion: 'success' }), skip], NAME, HEAD)).toBeNull();
    // A verdict newer than the skip is what GitHub counts.
    expect(verdictUnderSkip([skip, found(12)], NAME, HEAD)).toBeNull();
    // A lookalike (no Truss external_id), another head's or another name's check is not a Truss verdict here.
    expect(verdictUnderSkip([found(5, { externalId: null }), skip], NAME, HEAD)).toBeNull();
    expect(verdictUnderSkip([found(5, { headSha: 'f'.repeat(40) }), skip], NAME, HEAD)).toBeNull();
    expect(verdictUnderSkip([found(5, { name: 'truss / other' }), skip], NAME, HEAD)).toBeNull();
  });
});
