/**
 * docs/fanout.md "Fan-out across runners", through the action entry (this test run's build of
 * src/action) with the real @actions/artifact client against the local fake results service (the
 * Twirp artifact service and its blob storage) and the local fake GitHub API: four leg jobs
 * (`fanout-leg: n`) each run one attempt and upload `truss-leg-<n>`; one was signed with a key
 * nobody pinned and one is tampered with after its upload; the `mode: reduce` job downloads all
 * four, excludes and names those two, writes the parent, reports ONE check run listing every leg,
 * and pushes only the winner's change (`on-pass-changes: push`).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SigningKey } from '../../src/core/ledger/index.js';
import {
  ActionHarness,
  type ActionRun,
  API,
  git,
  OWNER,
  PR_NUMBER,
  pullRequestObject,
  REPO,
  webhookExample,
} from '../helpers/action-harness.js';
import { runCli } from '../helpers/cli.js';
import { contractToml } from '../helpers/contract-toml.js';
import {
  type FakeResults,
  runtimeToken,
  startFakeArtifacts,
  stopFakeResults,
} from '../helpers/fake-results.js';
import { unzip, zipOf } from '../helpers/zip.js';

type Json = Record<string, unknown>;

/** The write-done contract whose "agent" writes what its runner's checkout holds in .git/truss-answer. */
function answerContract(
  tables: Parameters<typeof contractToml>[2] = {},
  filter: { paths?: string[] } = {},
): string {
  return contractToml(
    {
      id: 'write-done',
      title: 'Write done.txt',
      intent: 'Create done.txt containing the word done',
      ...filter,
    },
    { kind: 'check', desc: 'done.txt says done', run: 'grep -qx done done.txt' },
    {
      executor: {
        kind: 'delegated-cli',
        command: 'sh',
        args: ['-c', 'cat > /dev/null; cat .git/truss-answer > done.txt'],
        prompt_via: 'stdin',
        timeout_sec: 30,
      },
      ...tables,
    },
  );
}

const CONTRACT = answerContract({
  budget: { max_cost_usd: 2 },
  fanout: { attempts: 4, reducer: 'best_score' },
});

const HEAD_BRANCH = 'changes'; // head.ref of the real pull_request.opened example

describe('fan-out across runners: fanout-leg jobs and a mode: reduce job', () => {
  let harness: ActionHarness;
  let results: FakeResults;

  beforeEach(async () => {
    harness = new ActionHarness();
    harness.baseContract = CONTRACT;
    results = await startFakeArtifacts(harness.fake, API);
  });

  afterEach(async () => {
    await harness.stop();
    await stopFakeResults(results);
  });

  // Every job is a fresh runner: its own RUNNER_TEMP, so its own ledger database.
  const runnerEnv = () => ({
    RUNNER_TEMP: mkdtempSync(join(harness.root, 'runner-')),
    ACTIONS_RUNTIME_TOKEN: runtimeToken(),
    ACTIONS_RESULTS_URL: `${results.origin}/`,
    INPUT_CONTRACT: 'greeting',
    INPUT_ISOLATION: 'none',
  });

  async function leg(n: number, answer: string, env: Record<string, string> = {}): Promise<ActionRun> {
    const workspace = harness.headWorkspace();
    writeFileSync(join(workspace, '.git', 'truss-answer'), `${answer}\n`);
    return harness.runPullRequest({ ...runnerEnv(), 'INPUT_FANOUT-LEG': String(n), ...env }, workspace);
  }

  function artifact(name: string): Map<string, Buffer> {
    const zip = results.committed.get(`/blob/${encodeURIComponent(name)}`);
    if (!zip) throw new Error(`no artifact ${name}`);
    return unzip(zip);
  }

  it('reduces four legs: two admitted, an unpinned one and a tampered one excluded and named; one check run; only the winner pushed', async () => {
    const foreign = SigningKey.generate();
    const legs = [
      await leg(1, 'not done'),
      await leg(2, 'done'),
      await leg(3, 'done', { INPUT_SIGNING_KEY: foreign.seedBase64 }),
      await leg(4, 'done'),
    ];
    for (const run of legs) {
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).not.toContain('::error');
    }
    // A FAILing leg is not a failed step: its verdict is the reducer's to weigh.
    expect(legs.map((run) => run.outputs.verdict)).toEqual(['fail', 'pass', 'pass', 'pass']);
    // Legs report nothing on the pull request, and each uploads its bundle, report and patch.
    expect(harness.checkRuns).toEqual([]);
    expect(harness.comments).toEqual([]);
    expect([...results.ids.keys()]).toEqual(['truss-leg-1', 'truss-leg-2', 'truss-leg-3', 'truss-leg-4']);
    const sessionOf = (run: ActionRun) => run.outputs['session-id'] as string;
    const files = artifact('truss-leg-2');
    expect([...files.keys()].sort()).toEqual(
      [`truss-ledger-${sessionOf(legs[1] as ActionRun)}.json`, 'leg.patch', 'report.html'].sort(),
    );
    expect(files.get('leg.patch')?.toString()).toContain('+done');

    // After its upload, leg 4's bundle is edited: its check now claims exit 0 on other output.
    const tampered = artifact('truss-leg-4');
    const bundleName = `truss-ledger-${sessionOf(legs[3] as ActionRun)}.json`;
    const bundle = JSON.parse(tampered.get(bundleName)?.toString() ?? '') as {
      ledger: { entries: { kind: string; payload: Json }[] };
    };
    const check = bundle.ledger.entries.find((e) => e.kind === 'check_result') as { payload: Json };
    check.payload.duration_ms = 1;
    tampered.set(bundleName, Buffer.from(JSON.stringify(bundle)));
    results.committed.set(`/blob/${encodeURIComponent('truss-leg-4')}`, zipOf(tampered));

    const reducer = await harness.runPullRequest(
      {
        ...runnerEnv(),
        INPUT_MODE: 'reduce',
        'INPUT_TRUSTED-KEYS': harness.key.publicKeyHex,
        'INPUT_ON-PASS-CHANGES': 'push',
      },
      harness.headWorkspace(),
    );
    expect(reducer.code, reducer.stdout + reducer.stderr).toBe(0);
    expect(reducer.outputs.verdict).toBe('pass');
    const excluded = (reducer.outputs['excluded-legs'] ?? '').split('\n');
    expect(excluded).toHaveLength(2);
    expect(excluded[0]).toMatch(
      /^truss-leg-3 \(attempt 3\): its ledger does not verify against the pinned keys \(failed: the ledger is signed by SHA256:\S+, which is not a trusted key/,
    );
    expect(excluded[1]).toMatch(
      /^truss-leg-4 \(attempt 4\): its ledger does not verify against the pinned keys \(failed: seq \d+: entry_hash does not match/,
    );

    // ONE check run for the contract, listing every leg: the admitted ones, the excluded ones and why.
    const checks = harness.checkRuns.filter((c) => c.name === 'truss / write-done');
    expect(checks).toHaveLength(1);
    expect(checks[0]?.conclusion).toBe('success');
    const summary = checks[0]?.output?.summary ?? '';
    expect(summary).toContain('### Attempts · 4 · reducer `best_score`, one Actions job each');
    const [, second] = legs as [ActionRun, ActionRun];
    expect(summary).toMatch(/\| {2}\| 1 \| ❌ FAIL \| 0\/1 \|/);
    expect(summary).toContain(
      `| ★ | 2 | ✅ PASS | 1/1 | $0.0000 | 0 | \`${sessionOf(second).slice(0, 8)}\` |`,
    );
    // (Markdown-escaped: the reasons are text, never markup.)
    expect(summary).toMatch(
      /\| ✘ \| 3 \| 🚫 excluded \(`truss-leg-3`\): its ledger does not verify against the pinned keys \\\(failed: the ledger is signed by SHA256:\S+, which is not a trusted key/,
    );
    expect(summary).toMatch(
      /\| ✘ \| 4 \| 🚫 excluded \(`truss-leg-4`\): its ledger does not verify .*entry\\_hash does not match/,
    );
    expect(summary).toMatch(/\*\*Winner: attempt 2\*\* — best score/);
    expect(summary).toContain("The winner's changes were applied to the workspace");
    expect(summary).toContain('Changes (push): pushed');

    // Only the winner's diff was published: the PR branch gained one commit with its done.txt.
    const pushed = git(harness.origin, 'rev-parse', `refs/heads/${HEAD_BRANCH}`);
    expect(git(harness.origin, 'rev-parse', `${pushed}^`)).toBe(harness.headSha);
    expect(git(harness.origin, 'show', `${pushed}:done.txt`)).toBe('done');

    // The parent verifies with its two admitted children, under the one pinned key.
    const bundlePath = reducer.outputs['bundle-path'] as string;
    const parent = JSON.parse(readFileSync(bundlePath, 'utf8')) as {
      ledger: { entries: { kind: string; payload: Json }[]; child_sessions: { session_id: string }[] };
    };
    expect(parent.ledger.child_sessions.map((c) => c.session_id)).toEqual([
      sessionOf(legs[0] as ActionRun),
      sessionOf(second),
    ]);
    const kinds = parent.ledger.entries.map((e) => e.kind);
    expect(kinds).toEqual([
      'run_started',
      'child_anchor',
      'child_anchor',
      'fanout_reduction',
      'fanout_applied',
      'verdict',
      'changes_published',
      'run_completed',
    ]);
    const verified = await runCli(['verify', bundlePath, '--key', harness.key.publicKeyHex]);
    expect(verified.code, verified.stdout + verified.stderr).toBe(0);
    // Each leg signed the parent session the reducer wrote: the same id, derived from the run.
    const legBundle = JSON.parse(
      artifact('truss-leg-1')
        .get(`truss-ledger-${sessionOf(legs[0] as ActionRun)}.json`)
        ?.toString() ?? '',
    );
    expect(legBundle.ledger.entries[0].payload.parent).toMatchObject({
      session_id: reducer.outputs['session-id'],
      attempt: 1,
      budget_slice: { max_cost_usd: 0.5 },
    });
  });

  it('a leg outside the contract attempts fails its step with what to do; a reducer without legs fails closed', async () => {
    const bad = await leg(5, 'done');
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain(
      "fanout-leg 5 is outside the contract's 4 attempts ([fanout] attempts = 4); the matrix should list 1…4",
    );
    const reducer = await harness.runPullRequest(
      { ...runnerEnv(), INPUT_MODE: 'reduce', 'INPUT_TRUSTED-KEYS': harness.key.publicKeyHex },
      harness.headWorkspace(),
    );
    expect(reducer.outputs.verdict).toBe('fail');
    expect(reducer.code).toBe(1);
    const summary = harness.checkRuns.find((c) => c.name === 'truss / write-done')?.output?.summary ?? '';
    expect(summary).toContain('| | 1 | ⛔ no leg artifact | | | | |');
    expect(summary).toContain('**No winner:** no attempt reached a verdict');
  });

  /** The fan-out contract with `paths = ["src/**"]`, on a pull request that changes no file under src/. */
  function pathsMiss(): void {
    harness.baseContract = answerContract(
      { budget: { max_cost_usd: 2 }, fanout: { attempts: 2, reducer: 'best_score' } },
      { paths: ['src/**'] },
    );
    // GET /pulls/{n}/files, as documented: the pull request adds greeting.txt and the contract.
    const listed = (filename: string) => ({
      sha: 'bbcd538c8e72b8c175046e27cc8f907076331401',
      filename,
      status: 'added',
      additions: 1,
      deletions: 0,
      changes: 1,
      blob_url: `https://github.com/${OWNER}/${REPO}/blob/${harness.headSha}/${filename}`,
      raw_url: `https://github.com/${OWNER}/${REPO}/raw/${harness.headSha}/${filename}`,
      contents_url: `https://api.github.com${API}/contents/${filename}?ref=${harness.headSha}`,
      patch: '@@ -0,0 +1 @@\n+hello',
    });
    harness.fake.on('GET', new RegExp(`^${API}/pulls/${PR_NUMBER}/files$`), () => ({
      body: [listed('greeting.txt'), listed('.truss/contracts/greeting.toml')],
    }));
  }

  async function skippedLegsThenReducer(): Promise<ActionRun> {
    const legs = [await leg(1, 'done'), await leg(2, 'done')];
    for (const run of legs) {
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toContain('truss / write-done: skipped, no changed file (of 2)');
    }
    expect([...results.ids.keys()]).toEqual([]);
    return harness.runPullRequest(
      { ...runnerEnv(), INPUT_MODE: 'reduce', 'INPUT_TRUSTED-KEYS': harness.key.publicKeyHex },
      harness.headWorkspace(),
    );
  }

  it('a change its paths miss: the legs skip, and a reducer that may not skip (a Truss check is on the head) leaves that check standing instead of failing', async () => {
    pathsMiss();
    // `/truss run greeting` already passed on this head: a skip must not replace that verdict.
    const earlier = {
      id: 4000,
      name: 'truss / write-done',
      head_sha: harness.headSha,
      status: 'completed',
      conclusion: 'success',
      html_url: `https://github.com/${OWNER}/${REPO}/runs/4000`,
      external_id: 'truss/v1',
      output: { title: 'PASS · 1/1 clauses met', summary: 'the named run' },
    };
    harness.checkRuns.push({ ...earlier });
    const reducer = await skippedLegsThenReducer();
    // No reduction of legs that never ran (a FAIL, "no leg artifact", as the newest check of its
    // name), and no skip over the earlier verdict: that check is left as it was.
    expect(reducer.code, reducer.stdout + reducer.stderr).toBe(0);
    expect(harness.checkRuns).toEqual([earlier]);
    expect(reducer.stdout).toContain('truss / write-done: not run (its legs skipped: no changed file (of 2)');
  });

  it('a change its paths miss, nothing of Truss on the head: the legs skip and the reducer completes the check skipped', async () => {
    pathsMiss();
    const reducer = await skippedLegsThenReducer();
    expect(reducer.code, reducer.stdout + reducer.stderr).toBe(0);
    expect(harness.checkRuns.map((c) => [c.name, c.status, c.conclusion])).toEqual([
      ['truss / write-done', 'completed', 'skipped'],
    ]);
  });

  it('a change its paths miss, and the head moves before the reducer lists the files: no FAIL on the head it did not judge', async () => {
    pathsMiss();
    const legs = [await leg(1, 'done'), await leg(2, 'done')];
    for (const run of legs)
      expect(run.stdout).toContain('truss / write-done: skipped, no changed file (of 2)');
    // A push after the legs listed the files: GitHub now lists (and names) the new head's files.
    const moved = 'f'.repeat(40);
    harness.fake
      .prepend('GET', new RegExp(`^${API}/pulls/${PR_NUMBER}/files$`), () => ({
        body: [
          {
            filename: 'src/app.ts',
            status: 'added',
            blob_url: `https://github.com/${OWNER}/${REPO}/blob/${moved}/src/app.ts`,
            contents_url: `https://api.github.com${API}/contents/src/app.ts?ref=${moved}`,
            patch: '@@ -0,0 +1 @@\n+x',
          },
        ],
      }))
      .prepend('GET', new RegExp(`^${API}/pulls/${PR_NUMBER}$`), () => ({
        body: pullRequestObject(moved, harness.baseSha),
      }));
    const reducer = await harness.runPullRequest(
      { ...runnerEnv(), INPUT_MODE: 'reduce', 'INPUT_TRUSTED-KEYS': harness.key.publicKeyHex },
      harness.headWorkspace(),
    );
    // Not a FAIL of legs that skipped ("no leg artifact") on the old head, nor a skip decided on no list.
    expect(reducer.code, reducer.stdout + reducer.stderr).toBe(0);
    expect(harness.checkRuns).toEqual([]);
    expect(reducer.stdout).toContain(
      `truss / write-done: not reduced: pull request #${PR_NUMBER} moved from ${harness.headSha.slice(0, 12)} to ${moved.slice(0, 12)}`,
    );
    expect(harness.fake.calls('GET', new RegExp(`^${API}/actions/runs/\\d+/artifacts$`))).toEqual([]);
  });

  it('a change too large to list (the head did not move): no leg could skip, so a reducer without legs still fails closed', async () => {
    pathsMiss();
    const many = Array.from({ length: 3000 }, (_, i) => ({
      filename: `docs/page-${i}.md`,
      status: 'added',
      blob_url: `https://github.com/${OWNER}/${REPO}/blob/${harness.headSha}/docs/page-${i}.md`,
      patch: '@@ -0,0 +1 @@\n+x',
    }));
    harness.fake.prepend('GET', new RegExp(`^${API}/pulls/${PR_NUMBER}/files$`), () => ({ body: many }));
    const reducer = await harness.runPullRequest(
      { ...runnerEnv(), INPUT_MODE: 'reduce', 'INPUT_TRUSTED-KEYS': harness.key.publicKeyHex },
      harness.headWorkspace(),
    );
    expect(reducer.outputs.verdict).toBe('fail');
    const summary = harness.checkRuns.find((c) => c.name === 'truss / write-done')?.output?.summary ?? '';
    expect(summary).toContain('| | 1 | ⛔ no leg artifact | | | | |');
    expect(reducer.stdout).not.toContain('not reduced');
  });

  it('eval over runners: a workflow_dispatch matrix of arm × repeat legs and a reducer that signs the eval report', async () => {
    harness.baseContract = answerContract();
    const ARMS = 'fast:executor.timeout_sec=20,slow:executor.timeout_sec=40';
    const dispatch = webhookExample('workflow_dispatch');
    const evalLeg = async (arm: string, repeat: number, answer: string, env: Record<string, string> = {}) => {
      // workflow_dispatch on main: the contract comes from the dispatched commit.
      const workspace = harness.cloneWorkspace();
      writeFileSync(join(workspace, '.git', 'truss-answer'), `${answer}\n`);
      return harness.run({
        eventName: 'workflow_dispatch',
        payload: dispatch,
        workspace,
        env: { ...runnerEnv(), INPUT_ARMS: ARMS, INPUT_ARM: arm, 'INPUT_FANOUT-LEG': String(repeat), ...env },
      });
    };
    const foreign = SigningKey.generate();
    const legs = [
      await evalLeg('fast', 1, 'done'),
      await evalLeg('fast', 2, 'done'),
      await evalLeg('slow', 1, 'nope'),
      await evalLeg('slow', 2, 'done', { INPUT_SIGNING_KEY: foreign.seedBase64 }),
    ];
    for (const run of legs) expect(run.code, run.stdout + run.stderr).toBe(0);
    expect([...results.ids.keys()]).toEqual([
      'truss-leg-fast-1',
      'truss-leg-fast-2',
      'truss-leg-slow-1',
      'truss-leg-slow-2',
    ]);
    const reducer = await harness.run({
      eventName: 'workflow_dispatch',
      payload: dispatch,
      workspace: harness.cloneWorkspace(),
      env: {
        ...runnerEnv(),
        INPUT_MODE: 'reduce',
        INPUT_ARMS: ARMS,
        INPUT_REPEATS: '2',
        'INPUT_TRUSTED-KEYS': harness.key.publicKeyHex,
      },
    });
    expect(reducer.code, reducer.stdout + reducer.stderr).toBe(0);
    expect(reducer.outputs['excluded-legs']).toMatch(
      /^truss-leg-slow-2 \(attempt 2\): its ledger does not verify against the pinned keys \(failed: the ledger is signed by SHA256:\S+, which is not a trusted key/,
    );
    const bundlePath = reducer.outputs['bundle-path'] as string;
    const bundle = JSON.parse(readFileSync(bundlePath, 'utf8')) as {
      ledger: { session_id: string; entries: { kind: string; payload: Json }[]; child_sessions: unknown[] };
    };
    expect(bundle.ledger.session_id).toBe(reducer.outputs['session-id']);
    const report = bundle.ledger.entries.find((e) => e.kind === 'eval_report')?.payload as {
      arms: { name: string; passes: number; runs: number }[];
      missing: unknown[];
      excluded: { artifact: string }[];
    };
    expect(report.arms.map((arm) => [arm.name, arm.passes, arm.runs])).toEqual([
      ['fast', 2, 2],
      ['slow', 0, 1],
    ]);
    expect(report.missing).toEqual([]);
    expect(report.excluded.map((x) => x.artifact)).toEqual(['truss-leg-slow-2']);
    expect(bundle.ledger.child_sessions).toHaveLength(3);
    const verified = await runCli(['verify', bundlePath, '--key', harness.key.publicKeyHex]);
    expect(verified.code, verified.stdout + verified.stderr).toBe(0);
    // The job summary has the table; the artifact ships the comparison page as report.html.
    expect(reducer.summary).toContain('| fast | `executor.timeout_sec=20` | 2/2 | 100% |');
    expect(reducer.summary).toContain('| slow | `executor.timeout_sec=40` | 0/1 | 0% |');
    expect(reducer.summary).toMatch(/🚫 `truss-leg-slow-2` excluded: its ledger does not verify/);
    const page = artifact(`truss-ledger-${bundle.ledger.session_id}`).get('report.html')?.toString() ?? '';
    expect(page).toContain('<h1>Paired eval: write-done</h1>');
    // An eval reports no check run: it is not a verdict on the commit.
    expect(harness.checkRuns).toEqual([]);
  });
});
