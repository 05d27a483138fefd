/**
 * An error's message reaches GitHub (the App's queued check a dispatched run completes) and the job's
 * log with the job's secrets redacted, as a check run a run started is failed (fail-check-run.ts):
 * docs/security.md "The secret scan". The error is a real one: git's, quoting a value of the
 * checkout's configuration it cannot parse; GitHub's API is answered by nock at the HTTP layer.
 */

import nock from 'nock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkoutPullRequestHead } from '../../src/action/checkout-pr-head.js';
import type { EventContext } from '../../src/action/event-context.js';
import { type DispatchRequest, failQueuedCheck } from '../../src/action/pr-target.js';
import { API, OWNER, REPO, testOctokit } from '../github/helpers.js';
import { ActionHarness, issueCommentPayload } from '../helpers/action-harness.js';
import { git, makeRepo } from '../helpers/git.js';

/** A provider key with no well-known shape: only the job's secret scan knows it. */
const SECRET = 'plain-provider-secret-value-0123456789';

/** A checkout whose git configuration holds the secret where git expects a number: git quotes it. */
async function gitErrorQuotingTheSecret(): Promise<Error> {
  const workdir = makeRepo();
  git(workdir, 'remote', 'add', 'origin', workdir);
  git(workdir, 'config', 'core.bigFileThreshold', SECRET);
  const error = await checkoutPullRequestHead({ workdir, prNumber: 7, headSha: 'a'.repeat(40) }).then(
    () => null,
    (e: Error) => e,
  );
  if (!error) throw new Error('git did not fail');
  return error;
}

describe('error messages the Action puts on GitHub', () => {
  beforeEach(() => nock.disableNetConnect());
  afterEach(() => {
    nock.cleanAll();
    nock.enableNetConnect();
  });

  it("the App's queued check, failed by a dispatched run, carries git's error with the job's secrets redacted", async () => {
    const error = await gitErrorQuotingTheSecret();
    expect(error.message).toContain(`bad numeric config value '${SECRET}'`);
    const bodies: unknown[] = [];
    const scope = nock(API)
      .patch(`/repos/${OWNER}/${REPO}/check-runs/9001`, (body) => {
        bodies.push(body);
        return true;
      })
      .reply(200, { id: 9001, html_url: `https://github.com/${OWNER}/${REPO}/runs/9001` });
    const warnings: string[] = [];
    await failQueuedCheck({
      octokit: testOctokit(),
      context: { owner: OWNER, repo: REPO } as EventContext,
      dispatch: { checkRunId: 9001 } as DispatchRequest,
      error,
      // The provider key as the Action's input hands it to the job.
      env: { 'INPUT_ANTHROPIC-API-KEY': SECRET },
      warn: (message) => warnings.push(message),
    });
    expect(scope.isDone()).toBe(true);
    expect(warnings).toEqual([]);
    expect(bodies).toEqual([
      expect.objectContaining({
        status: 'completed',
        conclusion: 'failure',
        output: {
          title: 'truss could not run',
          summary: expect.stringContaining("bad numeric config value '[REDACTED]'"),
        },
      }),
    ]);
    expect(JSON.stringify(bodies)).not.toContain(SECRET);
  });
});

describe('through the built entry: a /truss run that git fails', () => {
  let harness: ActionHarness;
  beforeEach(() => {
    harness = new ActionHarness();
  });
  afterEach(async () => {
    await harness.stop();
  });

  it("the reply on the pull request and the step's failure in the log carry git's error with the secret redacted", async () => {
    harness.allow('Codertocat', 'admin');
    const workspace = harness.cloneWorkspace();
    git(workspace, 'config', 'core.bigFileThreshold', SECRET);
    const run = await harness.run({
      eventName: 'issue_comment',
      payload: issueCommentPayload('/truss run greeting'),
      workspace,
      actor: 'Codertocat',
      env: { 'INPUT_ANTHROPIC-API-KEY': SECRET },
    });
    expect(run.code).toBe(1);
    const replies = harness.fake
      .calls('POST', /\/issues\/2\/comments$/)
      .map((r) => (r.body as { body: string }).body);
    expect(replies).toEqual([expect.stringContaining("bad numeric config value '[REDACTED]'")]);
    expect(JSON.stringify(replies)).not.toContain(SECRET);
    // The runner masks what the job registered (`::add-mask::`), on an Actions runner only: the
    // message is redacted before it is logged, wherever the job runs.
    const logged = (run.stdout + run.stderr).split('\n').filter((line) => !line.startsWith('::add-mask::'));
    expect(logged.join('\n')).toContain(
      '::error::git fetch --no-tags --depth=1 origin refs/pull/2/head failed',
    );
    expect(logged.filter((line) => line.includes(SECRET))).toEqual([]);
  });
});
