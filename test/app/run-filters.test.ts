/**
 * The App's share of "run only what a change touches" and `/truss run failed`:
 * - `/truss run` (every contract) reads each contract on the default branch; one whose
 *   `[contract] paths` the pull request misses gets a check completed `skipped` (with the request id,
 *   so "Re-run" runs it anyway) and no workflow dispatch; the others are dispatched as always.
 * - `/truss run failed` dispatches exactly the contracts whose newest check on the head says FAIL or
 *   UNVERIFIABLE: not a pass, not one whose newest verdict passed, not one still running, not one
 *   only skipped or stopped before a verdict; a skip or a stopped run after a FAIL does not hide it.
 * GitHub is nock; payloads are the real issue_comment example (app-kit.ts).
 */
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { decodeRunRequestId, TRUSS_CHECK_ID } from '../../src/github/external-id.js';
import { pullRequestFile } from '../github/helpers.js';
import { actionsApp, otherApp } from '../helpers/comment-authors.js';
import { useNock } from '../helpers/nock-guard.js';
import {
  API,
  BASE,
  contractText,
  HEAD,
  makeProbot,
  nockComments,
  nockContract,
  nockContracts,
  nockCreateCheck,
  nockDispatch,
  nockNoWorkflowConfig,
  nockPermission,
  nockPullRequest,
  nockReactions,
  nockReply,
  nockToken,
  PR,
  R,
  receiveComment,
} from './app-kit.js';

const COMMENT_ID = 555;

/** One entry of GET /pulls/{n}/files as GitHub lists it: its links name the head it was computed for. */
function listedFile(filename: string) {
  return pullRequestFile(filename, HEAD);
}

function checkRunsReply(runs: Record<string, unknown>[]) {
  return { total_count: runs.length, check_runs: runs };
}

function nockCheckRuns(runs: Record<string, unknown>[], times = 1): void {
  nock(API).get(`${R}/commits/${HEAD}/check-runs`).query(true).times(times).reply(200, checkRunsReply(runs));
}

let nextId = 1;
function checkRun(name: string, fields: Record<string, unknown>): Record<string, unknown> {
  const id = nextId++;
  return {
    id,
    name,
    head_sha: HEAD,
    status: 'completed',
    conclusion: 'failure',
    // What the Action puts on the checks it creates (a workflow job's own check cannot set it).
    external_id: TRUSS_CHECK_ID,
    // Created with the workflow's GITHUB_TOKEN, as a workflow job's own check is too.
    app: actionsApp(),
    started_at: new Date(Date.UTC(2024, 4, 1, 12, 0, id)).toISOString(),
    html_url: `https://github.com/x/runs/${id}`,
    output: { title: null, summary: null },
    ...fields,
  };
}

const appRequest = (n: string) =>
  JSON.stringify({ v: 1, d: 'delivery-old', c: 1, p: PR, n, s: HEAD, m: 'run' });
/** A check the App queued (and its dispatched run completed with the App's token): the App's own. */
const TRUSS_APP = otherApp('truss-app', 123);
/** GET /app, which the App asks once to know its own checks and comments by. */
const nockOwnApp = () => nock(API).get('/app').reply(200, TRUSS_APP);

describe('Truss App: [contract] paths on /truss run', () => {
  useNock();

  it('a contract the change misses is completed skipped and not dispatched; the others are', async () => {
    const probot = await makeProbot();
    nockToken();
    nockPermission('Codertocat', 'write');
    const reactions = nockReactions(COMMENT_ID);
    nockPullRequest();
    nockContracts(
      BASE,
      {
        'docs.toml': contractText('docs-site', ['docs/**']),
        'src.toml': contractText('src', ['src/**', '!src/**/*.md']),
        'plain.toml': contractText('plain'),
      },
      [],
    );
    const files: string[] = [];
    nock(API)
      .get(`${R}/pulls/${PR}/files`)
      .query({ per_page: 100 })
      .reply(200, () => {
        files.push('listed');
        return [listedFile('src/index.ts')];
      });
    // The head is read again after the listing: a head that moved meanwhile is never skipped.
    nockPullRequest();
    const checks: Record<string, unknown>[] = [];
    const dispatched: Record<string, unknown>[] = [];
    // docs.toml: no earlier check, read, skipped (one listing of the changed files).
    nockCheckRuns([]);
    nockContract(BASE, 'docs.toml', contractText('docs-site', ['docs/**']));
    // No check on the head that a skip would replace: neither `truss / docs-site` nor a queued
    // `truss / docs` (the App's name until the run renames it).
    nockCheckRuns([], 2);
    nockCreateCheck(8001, checks);
    // Asked again once the skip is written (skip-race.ts): no run of docs started meanwhile.
    nockCheckRuns([checkRun('truss / docs-site', { id: 8001, conclusion: 'skipped' })]);
    // plain.toml and src.toml: read, queued and dispatched (the workflow is looked up once).
    nockNoWorkflowConfig();
    for (const [id, name, text] of [
      [8002, 'plain.toml', contractText('plain')],
      [8003, 'src.toml', contractText('src', ['src/**', '!src/**/*.md'])],
    ] as const) {
      nockCheckRuns([]);
      nockContract(BASE, name, text);
      nockCreateCheck(id, checks);
      nockDispatch('truss.yml', 204, (body) => dispatched.push(body));
    }
    await receiveComment(probot, 'delivery-paths', '/truss run', { commentId: COMMENT_ID });
    expect(reactions).toEqual(['rocket']);
    expect(files).toEqual(['listed']);
    expect(checks[0]).toMatchObject({
      name: 'truss / docs-site',
      head_sha: HEAD,
      status: 'completed',
      conclusion: 'skipped',
      output: { title: 'Skipped: the change touches none of its paths' },
    });
    expect(String((checks[0]?.output as { summary?: string } | undefined)?.summary)).toContain(
      'no changed file (of 1) is selected by paths ["docs/**"]',
    );
    // The command to run it anyway names the file (`/truss run <name>` reads .truss/contracts/<name>.toml), not the id.
    expect(String((checks[0]?.output as { summary?: string } | undefined)?.summary)).toContain(
      'Comment `/truss run docs` to run it anyway',
    );
    // The request id is on the skipped check: a redelivery finds it, and "Re-run" dispatches it.
    expect(decodeRunRequestId(checks[0]?.external_id as string)).toMatchObject({ n: 'docs', m: 'run' });
    expect(checks.slice(1).map((c) => [c.name, c.status])).toEqual([
      ['truss / plain', 'queued'],
      ['truss / src', 'queued'],
    ]);
    expect(dispatched.map((d) => (d.inputs as { contract: string }).contract)).toEqual(['plain', 'src']);
  });

  it('a submodule bump (listed as its bare path) dispatches a contract whose paths reach below it', async () => {
    const probot = await makeProbot();
    nockToken();
    nockPermission('Codertocat', 'write');
    nockReactions(COMMENT_ID);
    nockPullRequest();
    const docs = contractText('docs-site', ['docs/**']);
    const vendor = contractText('vendor', ['third_party/**/*.c']);
    nockContracts(BASE, { 'docs.toml': docs, 'vendor.toml': vendor }, []);
    // GET /pulls/{n}/files for a submodule bump: the submodule's path, its commit as `sha`, and a
    // patch of `Subproject commit` lines.
    nock(API)
      .get(`${R}/pulls/${PR}/files`)
      .query({ per_page: 100 })
      .reply(200, [
        {
          sha: '9a8b7c6d5e4f30211203f4e5d6c7b8a990817263',
          filename: 'third_party/zlib',
          status: 'modified',
          additions: 1,
          deletions: 1,
          changes: 2,
          blob_url: `https://github.com${R}/blob/${HEAD}/third_party/zlib`,
          raw_url: `https://github.com${R}/raw/${HEAD}/third_party/zlib`,
          contents_url: `https://api.github.com${R}/contents/third_party%2Fzlib?ref=${HEAD}`,
          patch:
            '@@ -1 +1 @@\n-Subproject commit 1f2e3d4c5b6a79880716253443526170819a0b1c\n+Subproject commit 9a8b7c6d5e4f30211203f4e5d6c7b8a990817263',
        },
      ]);
    nockPullRequest();
    const checks: Record<string, unknown>[] = [];
    const dispatched: Record<string, unknown>[] = [];
    // docs.toml: nothing below third_party/zlib is under docs/, so it is skipped.
    nockCheckRuns([]);
    nockContract(BASE, 'docs.toml', docs);
    nockCheckRuns([], 2);
    nockCreateCheck(8201, checks);
    nockCheckRuns([]);
    // vendor.toml: third_party/zlib/*.c may have changed, so it is dispatched.
    nockNoWorkflowConfig();
    nockCheckRuns([]);
    nockContract(BASE, 'vendor.toml', vendor);
    nockCreateCheck(8202, checks);
    nockDispatch('truss.yml', 204, (body) => dispatched.push(body));
    await receiveComment(probot, 'delivery-submodule', '/truss run', { commentId: COMMENT_ID });
    expect(checks.map((c) => [c.name, c.status, c.conclusion ?? null])).toEqual([
      ['truss / docs-site', 'completed', 'skipped'],
      ['truss / vendor', 'queued', null],
    ]);
    expect(dispatched.map((d) => (d.inputs as { contract: string }).contract)).toEqual(['vendor']);
  });

  it('a `/truss run docs` that started while the skip was decided: its FAIL is not left under the newer skip', async () => {
    const probot = await makeProbot();
    nockToken();
    nockPermission('Codertocat', 'write');
    nockReactions(COMMENT_ID);
    nockPullRequest();
    const docs = contractText('docs-site', ['docs/**']);
    nockContracts(BASE, { 'docs.toml': docs }, []);
    nock(API)
      .get(`${R}/pulls/${PR}/files`)
      .query({ per_page: 100 })
      .reply(200, [listedFile('src/index.ts')]);
    nockPullRequest();
    const checks: Record<string, unknown>[] = [];
    nockCheckRuns([]);
    nockContract(BASE, 'docs.toml', docs);
    // Nothing on the head when the skip is decided ...
    nockCheckRuns([], 2);
    nockCreateCheck(8301, checks);
    // ... but by the time it is written, the named run's check (created in between) has completed FAIL.
    const named = checkRun('truss / docs-site', {
      id: 8300,
      html_url: 'https://github.com/x/runs/8300',
      output: { title: 'FAIL · 1 of 1 clause not met' },
    });
    nockCheckRuns([named, checkRun('truss / docs-site', { id: 8301, conclusion: 'skipped' })]);
    nockCreateCheck(8302, checks);
    await receiveComment(probot, 'delivery-race', '/truss run', { commentId: COMMENT_ID });
    expect(checks.map((c) => [c.name, c.status, c.conclusion])).toEqual([
      ['truss / docs-site', 'completed', 'skipped'],
      ['truss / docs-site', 'completed', 'failure'],
    ]);
    expect(checks[1]).toMatchObject({
      head_sha: HEAD,
      external_id: TRUSS_CHECK_ID,
      details_url: 'https://github.com/x/runs/8300',
      output: { title: 'failure: the verdict of check run 8300, posted again over a skip' },
    });
  });

  it('/truss run <name> runs a contract whatever its paths (no contract read, no listing)', async () => {
    const probot = await makeProbot();
    nockToken();
    nockPermission('Codertocat', 'write');
    nockReactions(COMMENT_ID);
    nockPullRequest();
    nockCheckRuns([]);
    const checks = nockCreateCheck(8101);
    nockNoWorkflowConfig();
    const dispatched = nockDispatch();
    await receiveComment(probot, 'delivery-named', '/truss run docs', { commentId: COMMENT_ID });
    expect(checks.map((c) => c.status)).toEqual(['queued']);
    expect(dispatched).toHaveLength(1);
  });
});

describe('Truss App: /truss run failed', () => {
  useNock();

  it('dispatches exactly the contracts whose last verdict on the head was FAIL or UNVERIFIABLE', async () => {
    const probot = await makeProbot();
    nockToken();
    nockOwnApp();
    nockPermission('Codertocat', 'write');
    const reactions = nockReactions(COMMENT_ID);
    nockPullRequest(); // the command reads head and base
    const runs = [
      // Queued by the App earlier: the request id names the file.
      checkRun('truss / lint', {
        output: { title: 'FAIL · 1 of 2 clauses not met' },
        external_id: appRequest('lint'),
        app: TRUSS_APP,
      }),
      // Created by the Action on a pull_request event: id greeting-0001, file greeting.toml.
      checkRun('truss / greeting-0001', { output: { title: 'UNVERIFIABLE · 1 of 1 clause unverifiable' } }),
      checkRun('truss / ok', { conclusion: 'success', output: { title: 'PASS · 2/2 clauses met' } }),
      // Failed, then passed on a re-run: the newest counts.
      checkRun('truss / flaky', { output: { title: 'FAIL · 1 of 1 clause not met' } }),
      checkRun('truss / flaky', { conclusion: 'success', output: { title: 'PASS · 1/1 clause met' } }),
      // Failed, then skipped by its paths (as releases before skips stopped replacing verdicts did):
      // a skip is no verdict, so the FAIL is the last one.
      checkRun('truss / docs', { output: { title: 'FAIL · 1 of 1 clause not met' } }),
      checkRun('truss / docs', {
        conclusion: 'skipped',
        output: { title: 'Skipped: the change touches none of its paths' },
      }),
      // Failed, and running again right now.
      checkRun('truss / busy', { output: { title: 'FAIL · 1 of 1 clause not met' } }),
      checkRun('truss / busy', { status: 'in_progress', conclusion: null, output: { title: null } }),
      // Stopped before a verdict; an UNVERIFIABLE reported neutral counts.
      checkRun('truss / crashed', { output: { title: 'truss / crashed: could not finish' } }),
      // Failed, then stopped before a verdict on a re-run: the FAIL is still the last verdict.
      checkRun('truss / relapsed', {
        output: { title: 'FAIL · 1 of 1 clause not met' },
        external_id: appRequest('relapsed'),
        app: TRUSS_APP,
      }),
      checkRun('truss / relapsed', {
        output: { title: 'truss / relapsed: could not finish' },
        external_id: appRequest('relapsed'),
        app: TRUSS_APP,
      }),
      // Queued by the App as retired.toml, which the base no longer has: named in the reply instead.
      checkRun('truss / retired', {
        output: { title: 'FAIL · 1 of 1 clause not met' },
        external_id: appRequest('retired'),
        app: TRUSS_APP,
      }),
      // Passed, then stopped: the PASS is the last verdict.
      checkRun('truss / steady', { conclusion: 'success', output: { title: 'PASS · 1/1 clause met' } }),
      checkRun('truss / steady', { output: { title: 'truss / steady: could not finish' } }),
      checkRun('truss / soft', {
        conclusion: 'neutral',
        output: { title: 'UNVERIFIABLE · 1 of 1 clause unverifiable' },
      }),
      checkRun('truss / human review', { conclusion: 'action_required', output: { title: 'FAIL · x' } }),
      checkRun('truss / gone', { output: { title: 'FAIL · 1 of 1 clause not met' } }),
      // Lookalikes: a fork's own workflow jobs named like Truss's checks, newer than the real ones.
      // One would hide lint's FAIL, the other would ask to re-run a contract that passed.
      checkRun('truss / lint', {
        conclusion: 'success',
        external_id: '8f3e2c1a-forks-own-job',
        output: { title: null },
      }),
      checkRun('truss / ok', {
        external_id: '5b1d9e07-forks-own-job',
        output: { title: 'FAIL · 1 of 1 clause not met' },
      }),
      // Another installed App can set Truss's external_id: its checks are not Truss's either.
      checkRun('truss / lint', {
        conclusion: 'success',
        output: { title: 'PASS · 2/2' },
        app: otherApp('echo-bot'),
      }),
      checkRun('truss / ok', {
        output: { title: 'FAIL · 1 of 1 clause not met' },
        app: otherApp('echo-bot'),
      }),
    ].reverse(); // GitHub lists the newest first
    nockCheckRuns(runs);
    // Ids without a request id are mapped by reading the contracts at the PR base.
    nockContracts(BASE, {
      'greeting.toml': contractText('greeting-0001'),
      'lint.toml': contractText('lint'),
      'relapsed.toml': contractText('relapsed'),
      'soft.toml': contractText('soft'),
      'broken.toml': 'not = [toml',
    });
    const replies = nockReply();
    nockPullRequest(); // the App's dispatch reads the head again
    const dispatched: Record<string, unknown>[] = [];
    nockNoWorkflowConfig();
    for (const id of [9001, 9002, 9003, 9004]) {
      nockCheckRuns(runs);
      nockCreateCheck(id);
      nockDispatch('truss.yml', 204, (body) => dispatched.push(body));
    }
    await receiveComment(probot, 'delivery-failed', '/truss run failed', { commentId: COMMENT_ID });
    expect(dispatched.map((d) => d.inputs)).toEqual([
      expect.objectContaining({ contract: 'greeting', mode: 'run' }),
      expect.objectContaining({ contract: 'lint', mode: 'run' }),
      expect.objectContaining({ contract: 'relapsed', mode: 'run' }),
      expect.objectContaining({ contract: 'soft', mode: 'run' }),
    ]);
    expect(replies).toEqual([
      `These contracts failed on ${HEAD.slice(0, 7)} but are no longer in \`.truss/contracts/\` on the base branch, so they cannot run again: \`docs\`, \`gone\`, \`retired\`.`,
    ]);
    expect(reactions).toEqual(['rocket']);
  });

  it('a verdict the App queued for another pull request on the same head is not this one’s', async () => {
    const probot = await makeProbot();
    nockToken();
    nockOwnApp();
    nockPermission('Codertocat', 'write');
    nockReactions(COMMENT_ID);
    nockPullRequest();
    // PR #99 shares this head with another base (a weaker lint.toml): its newer PASS must not hide
    // this pull request's FAIL.
    const runs = [
      checkRun('truss / lint', {
        output: { title: 'FAIL · 1 of 1 clause not met' },
        external_id: appRequest('lint'),
        app: TRUSS_APP,
      }),
      checkRun('truss / lint', {
        conclusion: 'success',
        output: { title: 'PASS · 1/1 clause met' },
        external_id: JSON.stringify({ v: 1, d: 'delivery-99', c: 2, p: 99, n: 'lint', s: HEAD, m: 'run' }),
        app: TRUSS_APP,
      }),
    ].reverse();
    nockCheckRuns(runs);
    nockContracts(BASE, { 'lint.toml': contractText('lint') }, []);
    nockPullRequest();
    nockNoWorkflowConfig();
    nockCheckRuns(runs);
    nockCreateCheck(9401);
    const dispatched: Record<string, unknown>[] = [];
    nockDispatch('truss.yml', 204, (body) => dispatched.push(body));
    await receiveComment(probot, 'delivery-other-pr', '/truss run failed', { commentId: COMMENT_ID });
    expect(dispatched.map((d) => d.inputs)).toEqual([expect.objectContaining({ contract: 'lint' })]);
  });

  it('a FAIL followed by a run that ended without a verdict (RUN FAILED) is still the last verdict', async () => {
    const probot = await makeProbot();
    nockToken();
    nockOwnApp();
    nockPermission('Codertocat', 'write');
    nockReactions(COMMENT_ID);
    nockPullRequest();
    // The re-run after the FAIL was cancelled (or its model provider was down): the run wrote its
    // report, a failed run with no verdict, as the check's title says.
    const runs = [
      checkRun('truss / lint', {
        output: { title: 'FAIL · 1 of 1 clause not met' },
        external_id: appRequest('lint'),
        app: TRUSS_APP,
      }),
      checkRun('truss / lint', {
        output: { title: 'RUN FAILED · no verdict' },
        external_id: appRequest('lint'),
        app: TRUSS_APP,
      }),
    ].reverse();
    nockCheckRuns(runs);
    nockContracts(BASE, { 'lint.toml': contractText('lint') }, []);
    nockPullRequest();
    nockNoWorkflowConfig();
    nockCheckRuns(runs);
    nockCreateCheck(9402);
    const dispatched: Record<string, unknown>[] = [];
    nockDispatch('truss.yml', 204, (body) => dispatched.push(body));
    await receiveComment(probot, 'delivery-run-failed', '/truss run failed', { commentId: COMMENT_ID });
    expect(dispatched.map((d) => d.inputs)).toEqual([
      expect.objectContaining({ contract: 'lint', mode: 'run' }),
    ]);
  });

  it('a contract that failed under /truss verify is verified again, not run with its executor', async () => {
    const probot = await makeProbot();
    nockToken();
    nockOwnApp();
    nockPermission('Codertocat', 'write');
    nockReactions(COMMENT_ID);
    nockPullRequest();
    // lint failed when a maintainer asked to verify the pull request as it is; docs failed in a run.
    const runs = [
      checkRun('truss / lint', {
        output: { title: 'FAIL · 1 of 1 clause not met' },
        external_id: JSON.stringify({
          v: 1,
          d: 'delivery-old',
          c: 1,
          p: PR,
          n: 'lint',
          s: HEAD,
          m: 'verify',
        }),
        app: TRUSS_APP,
      }),
      checkRun('truss / docs', {
        output: { title: 'FAIL · 1 of 1 clause not met' },
        external_id: appRequest('docs'),
        app: TRUSS_APP,
      }),
    ].reverse();
    nockCheckRuns(runs);
    nockContracts(BASE, { 'lint.toml': contractText('lint'), 'docs.toml': contractText('docs') }, []);
    nockPullRequest();
    nockNoWorkflowConfig();
    const dispatched: Record<string, unknown>[] = [];
    for (const id of [9403, 9404]) {
      nockCheckRuns(runs);
      nockCreateCheck(id);
      nockDispatch('truss.yml', 204, (body) => dispatched.push(body));
    }
    await receiveComment(probot, 'delivery-verify-failed', '/truss run failed', { commentId: COMMENT_ID });
    expect(dispatched.map((d) => d.inputs)).toEqual([
      expect.objectContaining({ contract: 'lint', mode: 'verify' }),
      expect.objectContaining({ contract: 'docs', mode: 'run' }),
    ]);
  });

  it('a skip never replaces a verdict on the head: a contract that failed there is dispatched instead', async () => {
    const probot = await makeProbot();
    nockToken();
    nockPermission('Codertocat', 'write');
    nockReactions(COMMENT_ID);
    nockPullRequest();
    nockContracts(BASE, { 'src.toml': contractText('src', ['src/**']) }, []);
    // Earlier a maintainer ran `/truss run src` (never skipped): FAIL on this head. This change
    // touches only package.json, which the filter does not select.
    const earlier = [
      checkRun('truss / src', {
        output: { title: 'FAIL · 1 of 1 clause not met' },
        external_id: appRequest('src'),
        app: TRUSS_APP,
      }),
    ];
    nockCheckRuns(earlier);
    nockContract(BASE, 'src.toml', contractText('src', ['src/**']));
    nock(API)
      .get(`${R}/pulls/${PR}/files`)
      .query({ per_page: 100 })
      .reply(200, [listedFile('package.json')]);
    nockPullRequest();
    nockCheckRuns(earlier);
    const checks: Record<string, unknown>[] = [];
    nockCreateCheck(9101, checks);
    nockNoWorkflowConfig();
    const dispatched: Record<string, unknown>[] = [];
    nockDispatch('truss.yml', 204, (body) => dispatched.push(body));
    await receiveComment(probot, 'delivery-no-skip', '/truss run', { commentId: COMMENT_ID });
    expect(checks.map((c) => [c.name, c.status, c.conclusion ?? null])).toEqual([
      ['truss / src', 'queued', null],
    ]);
    expect(dispatched.map((d) => d.inputs)).toEqual([expect.objectContaining({ contract: 'src' })]);
  });

  it('nothing failed: says so, runs nothing', async () => {
    const probot = await makeProbot();
    nockToken();
    nockPermission('Codertocat', 'write');
    const reactions = nockReactions(COMMENT_ID);
    nockPullRequest();
    nockCheckRuns([
      checkRun('truss / ok', { conclusion: 'success', output: { title: 'PASS · 1/1 clause met' } }),
    ]);
    const replies = nockReply();
    await receiveComment(probot, 'delivery-none', '/truss run failed', { commentId: COMMENT_ID });
    expect(replies).toEqual([
      `No contract's last verdict on ${HEAD.slice(0, 7)} was FAIL or UNVERIFIABLE: nothing to run again.`,
    ]);
    expect(reactions).toEqual(['rocket']);
  });

  it('only authorized commenters: a reader is denied before any check run is read', async () => {
    const probot = await makeProbot();
    nockToken();
    nockPermission('Codertocat', 'read');
    nockOwnApp();
    nockComments([]);
    const replies = nockReply();
    await receiveComment(probot, 'delivery-denied', '/truss run failed', { commentId: COMMENT_ID });
    expect(replies[0]).toContain('write access is required');
  });
});
