import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SigningKey } from '../../src/core/ledger/index.js';
import { HARNESS_GIT_ARGS } from '../../src/core/process/index.js';
import { TRUSS_CLI } from '../../src/core/truss-cli.js';
import { TRUSS_CHECK_ID } from '../../src/github/external-id.js';
import {
  ActionHarness,
  createdCheckRuns,
  expectRequestSequence,
  git,
  HUMAN_REVIEW,
  OWNER,
  REPO,
  RUN_URL,
  requestLines,
  TOKEN,
  webhookExample,
} from '../helpers/action-harness.js';
import { runCli } from '../helpers/cli.js';
import { gitSpy, withoutSettings } from '../helpers/git-spy.js';
import { snapshotHarness } from '../helpers/harness-snapshot.js';

/**
 * A run on a pull request makes any earlier sign-off stale: `truss / human review` is created once,
 * already completed as action_required, on the PR head, linked to the run.
 */
function expectAwaitingSignOff(harness: ActionHarness, headSha: string, verdicts: string) {
  const reviews = createdCheckRuns(harness.fake, HUMAN_REVIEW);
  expect(reviews).toHaveLength(1);
  expect(reviews[0]).toEqual({
    name: HUMAN_REVIEW,
    head_sha: headSha,
    external_id: TRUSS_CHECK_ID,
    status: 'completed',
    conclusion: 'action_required',
    completed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
    details_url: RUN_URL,
    output: {
      title: 'Awaiting sign-off on the new verdict',
      summary: `A new truss run (${verdicts}) replaced the evidence; approve the pull request to sign off on it.`,
    },
  });
  // Created completed: never left in progress, never updated afterwards.
  const created = harness.checkRuns.find((r) => r.name === HUMAN_REVIEW);
  expect(created).toMatchObject({ status: 'completed', conclusion: 'action_required' });
  expect(harness.fake.calls('PATCH', new RegExp(`/check-runs/${created?.id}$`))).toEqual([]);
}

// The first pull_request run on a fresh repository runs once: the second test continues from the
// state it left (test/helpers/harness-snapshot.ts), as if it had just run it.
describe('the action entry: a first pull_request run', () => {
  let harness: ActionHarness;
  let key: SigningKey;
  let seed: string;
  let first: Awaited<ReturnType<ActionHarness['runPullRequest']>>;
  let restore: () => void;

  beforeAll(async () => {
    harness = new ActionHarness();
    key = harness.key;
    seed = harness.seed;
    first = await harness.runPullRequest();
    restore = snapshotHarness(harness);
  });

  beforeEach(() => restore());

  afterAll(async () => {
    await harness.stop();
  });

  it('runs the base-branch contract on a real pull_request payload: check run, sticky comment, summary, outputs, verifiable bundle', () => {
    const run = first;
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs.verdict).toBe('pass');
    expect(run.outputs['public-key']).toBe(key.publicKeyHex);
    expect(run.outputs['check-run-url']).toBe(`https://github.com/${OWNER}/${REPO}/runs/4242`);
    expect(run.outputs['comment-url']).toContain('issuecomment-7001');

    const [created, ...more] = createdCheckRuns(harness.fake, 'truss / greeting-0001');
    expect(more).toEqual([]);
    expect(created).toMatchObject({
      name: 'truss / greeting-0001',
      head_sha: run.headSha,
      status: 'in_progress',
      details_url: RUN_URL,
    });
    const completes = harness.fake.calls('PATCH', /\/check-runs\/4242$/);
    expect(completes[0]?.body).toMatchObject({ status: 'completed', conclusion: 'success' });
    const summary = (completes[0]?.body as { output: { summary: string } } | undefined)?.output.summary;
    expect(summary).toContain('greeting.txt has the exact line');
    expect(summary).toContain(
      `${TRUSS_CLI} verify truss-ledger-${run.outputs['session-id']}.json --key ${key.publicKeyHex}`,
    );

    const [comment] = harness.fake.calls('POST', /\/issues\/2\/comments$/);
    expect((comment?.body as { body: string } | undefined)?.body).toMatch(
      /^<!-- truss:sticky contract=greeting-0001 -->/,
    );
    expect(run.summary).toContain('greeting-0001');

    // The contract's check (id 4242) first, then — after the sticky comment — the human review check,
    // reset to action_required: the new evidence has no sign-off yet.
    // The check run is completed while the sticky comment is looked up and written.
    expectRequestSequence(
      requestLines(harness.fake).filter((l) => /check-runs|\/issues\//.test(l)),
      [
        'POST /check-runs',
        ['PATCH /check-runs/4242', 'GET /issues/2/comments?per_page=100', 'POST /issues/2/comments'],
        'POST /check-runs',
      ],
    );
    expect(requestLines(harness.fake).at(-1)).toBe('POST /check-runs');
    expectAwaitingSignOff(harness, run.headSha, 'greeting-0001: PASS');
    expect(harness.checkRuns.map((r) => [r.id, r.name])).toEqual([
      [4242, 'truss / greeting-0001'],
      [4243, HUMAN_REVIEW],
    ]);

    // The base contract ran, not the always-passing one on the PR head.
    const bundle = JSON.parse(readFileSync(run.outputs['bundle-path'] as string, 'utf8'));
    expect(bundle.contract.done[0].desc).toBe('greeting.txt has the exact line');
    const verify = runCli(['verify', run.outputs['bundle-path'] as string, '--key', key.publicKeyHex]);
    expect(verify.code, verify.stdout).toBe(0);
    // The self-verifying HTML report is written beside the bundle (the artifact carries it as report.html).
    const reportPath = (run.outputs['bundle-path'] as string).replace(
      /truss-ledger-([^/]+)\.json$/,
      'truss-report-$1.html',
    );
    const reportHtml = readFileSync(reportPath, 'utf8');
    expect(reportHtml).toMatch(/^<!doctype html>/);
    expect(reportHtml).toContain(`"session_id":"${run.outputs['session-id']}"`);
    // attest is off by default: no attestation beside the bundle, and nothing said about one.
    expect(existsSync((run.outputs['bundle-path'] as string).replace(/\.json$/, '.intoto.json'))).toBe(false);
    expect(run.stdout).not.toContain('attest:');

    // Secrets never reach the outputs, summary, bundle or logs (`::add-mask::` lines are how the
    // runner learns what to hide; it never prints them).
    const logs = run.stdout
      .split('\n')
      .filter((line) => !line.startsWith('::add-mask::'))
      .join('\n');
    expect(run.stdout).toContain(`::add-mask::${seed}`);
    for (const text of [
      logs,
      run.stderr,
      run.summary,
      JSON.stringify(run.outputs),
      readFileSync(run.outputs['bundle-path'] as string, 'utf8'),
      reportHtml,
    ]) {
      expect(text).not.toContain(seed);
      expect(text).not.toContain('ghs_faketoken');
    }
  });

  it('a second run updates the sticky comment in place instead of posting a new one', async () => {
    expect(first.code, first.stderr).toBe(0);
    const second = await harness.runPullRequest();
    expect(second.code, second.stderr).toBe(0);
    expect(harness.fake.calls('POST', /\/issues\/2\/comments$/)).toHaveLength(1);
    expect(harness.fake.calls('PATCH', /\/issues\/comments\/7001$/)).toHaveLength(1);
    // Each run resets the human review check on the head.
    expect(createdCheckRuns(harness.fake, HUMAN_REVIEW).map((b) => [b.head_sha, b.conclusion])).toEqual([
      [first.headSha, 'action_required'],
      [second.headSha, 'action_required'],
    ]);
  });
});

describe('the action entry, run the way a runner runs it', () => {
  let harness: ActionHarness;
  let key: SigningKey;

  beforeEach(() => {
    harness = new ActionHarness();
    key = harness.key;
  });

  afterEach(async () => {
    await harness.stop();
  });

  const runAction = (extraEnv: Record<string, string> = {}) => harness.runPullRequest(extraEnv);

  it('a failing verdict completes the check as failure and fails the step with the reason', async () => {
    writeFileSync(join(harness.source, 'greeting.txt'), 'goodbye\n');
    git(harness.source, 'commit', '-qam', 'break it');
    const run = await runAction();
    expect(run.code).toBe(1);
    expect(run.outputs.verdict).toBe('fail');
    expect(harness.fake.calls('PATCH', /\/check-runs\/4242$/)[0]?.body).toMatchObject({
      conclusion: 'failure',
    });
    expect(run.stdout).toContain('greeting-0001 FAIL');
    // A failing verdict is new evidence too: no earlier sign-off covers it.
    expectAwaitingSignOff(harness, run.headSha, 'greeting-0001: FAIL');
  });

  it('with check: false or dry-run no check is posted, human review included', async () => {
    const noCheck = await runAction({ INPUT_CHECK: 'false' });
    expect(noCheck.code, noCheck.stdout + noCheck.stderr).toBe(0);
    expect(noCheck.outputs.verdict).toBe('pass');
    expect(harness.fake.calls('POST', /\/check-runs$/)).toEqual([]);
    expect(harness.fake.calls('POST', /\/issues\/2\/comments$/)).toHaveLength(1);

    harness.fake.requests.length = 0;
    const dryRun = await runAction({ 'INPUT_DRY-RUN': 'true' });
    expect(dryRun.code, dryRun.stdout + dryRun.stderr).toBe(0);
    expect(harness.fake.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('a push (no pull request) posts the contract check but no human review check', async () => {
    // A push to main: its contracts are read at the pushed commit (the base, in the fake).
    const payload = webhookExample('push');
    payload.before = '0'.repeat(40);
    const run = await harness.run({
      eventName: 'push',
      payload,
      workspace: harness.cloneWorkspace(),
      sha: harness.baseSha,
      env: { 'INPUT_FAIL-ON': 'never' },
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs.verdict).toBe('fail');
    expect(createdCheckRuns(harness.fake, 'truss / greeting-0001')).toHaveLength(1);
    expect(createdCheckRuns(harness.fake, HUMAN_REVIEW)).toEqual([]);
  });

  it('without a signing key (fork PRs) it signs with a one-time key and says so, instead of crashing', async () => {
    const run = await runAction({ INPUT_SIGNING_KEY: '' });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('no signing-key');
    expect(run.outputs['public-key']).not.toBe(key.publicKeyHex);
  });

  it('workflow_dispatch with pr_number (the default branch checked out) runs on the PR head, not on main', async () => {
    const workspace = harness.cloneWorkspace();
    const payload = webhookExample('workflow_dispatch');
    payload.inputs = { pr_number: '2' };
    const run = await harness.run({ eventName: 'workflow_dispatch', payload, workspace });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(git(workspace, 'rev-parse', 'HEAD')).toBe(harness.headSha);
    expect(run.outputs.verdict).toBe('pass');
    const bundle = JSON.parse(readFileSync(run.outputs['bundle-path'] as string, 'utf8'));
    expect(bundle.verdict.git.head_sha).toBe(harness.headSha);
    expect(createdCheckRuns(harness.fake, 'truss / greeting-0001')[0]).toMatchObject({
      head_sha: harness.headSha,
    });
    expectAwaitingSignOff(harness, harness.headSha, 'greeting-0001: PASS');
    for (const read of harness.fake.calls('GET', /\/contents\//))
      expect(read.path).toContain(`?ref=${harness.baseSha}`);
  });

  it('workflow_dispatch fetches the PR head with the token in GIT_CONFIG_* variables, never in argv', async () => {
    const workspace = harness.cloneWorkspace();
    const spy = gitSpy(harness.runnerTemp);
    const payload = webhookExample('workflow_dispatch');
    payload.inputs = { pr_number: '2' };
    const run = await harness.run({ eventName: 'workflow_dispatch', payload, workspace, env: spy.env });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(git(workspace, 'rev-parse', 'HEAD')).toBe(harness.headSha);
    // The Action's own git runs the harness's safe path: its -c settings come first.
    const all = spy.invocations();
    const fetch = all.find((c) => withoutSettings(c.argv)[0] === 'fetch');
    expect(fetch?.argv.slice(0, HARNESS_GIT_ARGS.length)).toEqual(HARNESS_GIT_ARGS);
    const calls = all.map((c) => ({ ...c, argv: withoutSettings(c.argv) }));
    const fetches = calls.filter((c) => c.argv[0] === 'fetch');
    expect(fetches).toEqual([
      {
        argv: ['fetch', '--no-tags', '--depth=1', 'origin', '+refs/pull/2/head:refs/remotes/truss/pr-2'],
        env: {
          count: '1',
          key: 'http.https://github.com/.extraheader',
          value: `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${TOKEN}`).toString('base64')}`,
          prompt: '0',
        },
      },
    ]);
    // Only the fetch is given the credentials, and no git process ever sees the token in argv.
    for (const call of calls.filter((c) => c.argv[0] !== 'fetch')) expect(call.env.count).toBe('');
    for (const call of calls) {
      expect(call.argv.join(' ')).not.toContain(TOKEN);
      expect(call.argv.join(' ')).not.toContain(Buffer.from(`x-access-token:${TOKEN}`).toString('base64'));
    }
    expect(git(workspace, 'config', '--list', '--local')).not.toContain('extraheader');
  });

  it('bad inputs fail the step with an actionable message', async () => {
    const run = await runAction({ INPUT_FAIL_ON: 'sometimes' });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('input fail-on: got "sometimes", expected one of fail, unverifiable, never');
    expect(harness.fake.requests).toHaveLength(0);
  });
});
