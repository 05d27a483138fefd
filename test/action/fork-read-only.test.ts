import { existsSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ActionHarness, pullRequestPayload } from '../helpers/action-harness.js';
import { git } from '../helpers/git.js';

/**
 * A fork's `pull_request` workflow gets a read-only GITHUB_TOKEN: GitHub refuses its check runs and
 * comments with 403 "Resource not accessible by integration". The verdict must still stand — in the
 * job's exit status, outputs, summary and ledger artifact — with a warning saying why nothing was
 * posted; the same refusal on a same-repository pull request is a misconfiguration and fails the job.
 */
describe("the action on a fork's pull request (read-only token)", () => {
  let harness: ActionHarness;
  beforeEach(() => {
    harness = new ActionHarness();
    const refused = () => ({ status: 403, body: { message: 'Resource not accessible by integration' } });
    harness.fake
      .prepend('POST', /\/check-runs$/, refused)
      .prepend('POST', /\/issues\/\d+\/comments$/, refused);
  });
  afterEach(async () => {
    await harness.stop();
  });

  function payload(fork: boolean) {
    const headSha = git(harness.source, 'rev-parse', 'HEAD');
    const event = pullRequestPayload(headSha, harness.baseSha) as {
      pull_request: { head: { repo: { full_name: string } } };
    };
    if (fork) event.pull_request.head.repo.full_name = 'someone/Hello-World';
    return event as unknown as Record<string, unknown>;
  }

  it('reports the verdict with warnings instead of failing at the first refused write', async () => {
    const run = await harness.run({ eventName: 'pull_request', payload: payload(true) });
    const output = run.stdout + run.stderr;
    expect(run.code, output).toBe(0);
    expect(run.outputs.verdict).toBe('pass');
    expect(output).toMatch(
      /::warning::truss \/ greeting-0001 check run: skipped — this pull request comes from a fork/,
    );
    expect(output).toMatch(/::warning::sticky comment: skipped — this pull request comes from a fork/);
    expect(output).toMatch(/::warning::truss \/ human review check run: skipped/);
    expect(output).not.toMatch(/::error::/);
    expect(output).not.toMatch(/\n\s+at /);
    expect(run.summary).toContain('greeting-0001');
    expect(existsSync(run.outputs['bundle-path'] as string)).toBe(true);
    // It asked, was refused, and wrote nothing else to the pull request.
    expect(harness.fake.calls('POST', /\/check-runs$/).length).toBeGreaterThan(0);
    expect(harness.fake.calls('PATCH', /\/check-runs\/\d+$/)).toEqual([]);
  });

  it('the same refusal on a same-repository pull request fails the job, naming the permission', async () => {
    const run = await harness.run({ eventName: 'pull_request', payload: payload(false) });
    const output = run.stdout + run.stderr;
    expect(run.code, output).not.toBe(0);
    expect(output).toMatch(/::error::.*missing the `checks: write` permission/);
  });
});
