import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActionHarness, createdCheckRuns, queryOf, webhookExample } from '../helpers/action-harness.js';

/**
 * A merge queue: a repository that requires `truss / <contract>` and turns the queue on must run the
 * workflow on `merge_group`, or the queue waits for a check that never comes. The action refused the
 * event ("does not handle the merge_group event"), and with `mode: run` read the contracts at the
 * queue's own commit, whose tree holds the queued pull requests' `.truss/` edits. It runs now, judged
 * by the base branch's contracts (docs/action.md "Merge queues").
 */
function mergeGroupPayload(headSha: string, baseSha: string): Record<string, unknown> {
  const payload = webhookExample('merge_group', 'checks_requested') as {
    merge_group: { head_sha: string; base_sha: string };
  };
  payload.merge_group.head_sha = headSha;
  payload.merge_group.base_sha = baseSha;
  return payload as unknown as Record<string, unknown>;
}

describe.each(['auto', 'run'])('a merge_group job, mode %s', (mode) => {
  let harness: ActionHarness;
  beforeAll(() => {
    harness = new ActionHarness();
  });
  afterAll(async () => {
    await harness.stop();
  });

  it('runs: the check run is on the queue commit, the contracts come from the base tip', async () => {
    const run = await harness.run({
      eventName: 'merge_group',
      payload: mergeGroupPayload(harness.headSha, harness.baseSha),
      workspace: harness.headWorkspace(),
      sha: harness.headSha,
      env: { INPUT_MODE: mode },
    });
    expect(run.code, run.stdout.slice(-3000)).toBe(0);
    expect(run.outputs.verdict).toBe('pass');
    const checks = createdCheckRuns(harness.fake, 'truss / greeting-0001');
    expect(checks).toHaveLength(1);
    expect(checks[0]?.head_sha).toBe(harness.headSha);
    expect(harness.checkRuns.find((c) => c.name === 'truss / greeting-0001')).toMatchObject({
      status: 'completed',
      conclusion: 'success',
    });
    // Every contract read is at the base the queue builds on, never at the queue's commit.
    const reads = harness.fake.calls('GET', /\/contents\/\.truss\//);
    expect(reads.length).toBeGreaterThan(0);
    for (const read of reads) expect(queryOf(read).get('ref'), read.path).toBe(harness.baseSha);
    // No pull request to comment on or sign off on.
    expect(harness.fake.calls('POST', /\/issues\/\d+\/comments$/)).toEqual([]);
    expect(createdCheckRuns(harness.fake, 'truss / human review')).toEqual([]);
    // The signed run is about the queue commit, its diff from the base tip.
    const bundle = JSON.parse(readFileSync(run.outputs['bundle-path'] ?? '', 'utf8')) as {
      ledger: { entries: { kind: string; payload: { git?: Record<string, unknown> } }[] };
    };
    const started = bundle.ledger.entries.find((e) => e.kind === 'run_started');
    expect(started?.payload.git).toMatchObject({ head_sha: harness.headSha, base_sha: harness.baseSha });
  });

  it('a payload without the queue commit is refused, saying what to do', async () => {
    const payload = mergeGroupPayload(harness.headSha, harness.baseSha) as {
      merge_group: Record<string, unknown>;
    };
    delete payload.merge_group.base_sha;
    const before = harness.checkRuns.length;
    const run = await harness.run({
      eventName: 'merge_group',
      payload,
      workspace: harness.headWorkspace(),
      sha: harness.headSha,
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/::error::the merge_group event names no head_sha and base_sha .*Re-queue/);
    expect(harness.checkRuns.length).toBe(before);
  });
});
