/**
 * `on-pass-changes` through the BUILT action against the local fake GitHub and a real bare origin:
 * a PASS whose executor changed code is committed and pushed to the PR branch (`push`) or to a
 * `truss/…` branch with a pull request (`pull-request`); the publish is recorded in the signed
 * ledger as `changes_published`; a FAIL publishes nothing; a fork is never pushed to.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ActionHarness, API, git, OWNER, pullRequestPayload, REPO } from '../helpers/action-harness.js';
import { runCli } from '../helpers/cli.js';

const HEAD_BRANCH = 'changes'; // head.ref of the real pull_request.opened example

function delegatedContract(check: string): string {
  return `[contract]
id = "write-done"
title = "Write done.txt"
intent = "Create done.txt containing the word done"

[[done]]
kind = "check"
desc = "done.txt says done"
run = "${check}"

[executor]
kind = "delegated-cli"
command = "sh"
args = ["-c", "cat > /dev/null; printf 'done\\\\n' > done.txt"]
prompt_via = "stdin"
timeout_sec = 30
`;
}

type Json = Record<string, unknown>;

describe('on-pass-changes', () => {
  let harness: ActionHarness;
  const pulls: Json[] = [];

  beforeEach(() => {
    harness = new ActionHarness();
    pulls.length = 0;
    harness.fake
      .on('GET', new RegExp(`^${API}/pulls$`), () => ({ body: pulls }))
      .on('POST', new RegExp(`^${API}/pulls$`), (req) => {
        const body = req.body as Json;
        const pr = {
          ...body,
          number: 100 + pulls.length,
          html_url: `https://github.com/${OWNER}/${REPO}/pull/${100 + pulls.length}`,
        };
        pulls.push(pr);
        return { status: 201, body: pr };
      });
  });

  afterEach(async () => {
    await harness.stop();
  });

  async function runWith(mode: string, options: { check?: string; fork?: boolean } = {}) {
    harness.baseContract = delegatedContract(options.check ?? 'grep -qx done done.txt');
    const workspace = harness.headWorkspace();
    const payload = pullRequestPayload(harness.headSha, harness.baseSha) as {
      pull_request: { head: { repo: { full_name: string } } };
    };
    if (options.fork) payload.pull_request.head.repo.full_name = 'someone/Hello-World';
    const run = await harness.run({
      eventName: 'pull_request',
      payload: payload as unknown as Json,
      workspace,
      env: { 'INPUT_ON-PASS-CHANGES': mode },
    });
    return { run, workspace };
  }

  function bundleOf(run: { outputs: Record<string, string> }): {
    ledger: { entries: { kind: string; payload: Json }[] };
  } {
    return JSON.parse(readFileSync(run.outputs['bundle-path'] as string, 'utf8'));
  }

  it('push: commits the change on PASS, pushes it to the PR branch and signs the commit into the ledger', async () => {
    const { run } = await runWith('push');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.outputs.verdict).toBe('pass');
    const pushed = git(harness.origin, 'rev-parse', `refs/heads/${HEAD_BRANCH}`);
    expect(git(harness.origin, 'rev-parse', `${pushed}^`)).toBe(harness.headSha);
    expect(git(harness.origin, 'show', `${pushed}:done.txt`)).toBe('done');
    // The ledger DB and bundles under .truss/ never travel with the change.
    expect(git(harness.origin, 'ls-tree', '-r', '--name-only', pushed)).not.toMatch(/\.truss\/(?!contracts)/);
    expect(git(harness.origin, 'log', '-1', '--format=%an <%ae>', pushed)).toBe(
      'github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>',
    );
    const entries = bundleOf(run).ledger.entries;
    const kinds = entries.map((e) => e.kind);
    expect(kinds.slice(-3)).toEqual(['verdict', 'changes_published', 'run_completed']);
    const published = entries.find((e) => e.kind === 'changes_published')?.payload as Json;
    expect(published).toMatchObject({
      name: 'publish_changes',
      input: { mode: 'push' },
      result: { status: 'pushed', commit: pushed, branch: HEAD_BRANCH },
    });
    const verified = await runCli([
      'verify',
      run.outputs['bundle-path'] as string,
      '--key',
      harness.key.publicKeyHex,
    ]);
    expect(verified.code).toBe(0);
    const summary = harness.checkRuns.find((r) => r.name === 'truss / write-done')?.output?.summary ?? '';
    expect(summary).toContain('Changes (push): pushed');
    expect(summary).toContain(pushed.slice(0, 12));
  });

  it("push: publishes the judged tree as one bot commit, never the agent's commits (their messages, authors or files it removed again)", async () => {
    // A delegated CLI given a token commits it (in a file it deletes again, in a message, as its
    // author) and leaves a clean tree: the scanned work diff holds no secret and the checks PASS.
    // Before, HEAD was pushed with the agent's commits below it, and the token reached the origin.
    const token = 'dpl_live_7fQ2xN9rT4kW8mZ3vB6yH1cJ5';
    const agent = 'git -c user.name="$DEPLOY_TOKEN" -c user.email=agent@example.com';
    harness.baseContract = `${delegatedContract('grep -qx done done.txt').replace(/^args = .*\n/m, '')}env = ["DEPLOY_TOKEN"]
args = ["-c", '''
cat > /dev/null
printf '%s\\n' "$DEPLOY_TOKEN" > leak.txt
git add leak.txt
${agent} commit -q -m "deploy with $DEPLOY_TOKEN"
git rm -q leak.txt
${agent} commit -q -m cleanup
printf 'done\\n' > done.txt
''']
`;
    const run = await harness.run({
      eventName: 'pull_request',
      payload: pullRequestPayload(harness.headSha, harness.baseSha),
      workspace: harness.headWorkspace(),
      env: { 'INPUT_ON-PASS-CHANGES': 'push', DEPLOY_TOKEN: token },
    });
    expect(run.outputs.verdict, run.stdout).toBe('pass');
    const history = git(harness.origin, 'log', '--all', '-p', '--format=%an %ae %cn %ce%n%B');
    expect(history).toContain('done');
    expect(history.includes(token), 'the token reached the origin').toBe(false);
    const pushed = git(harness.origin, 'rev-parse', `refs/heads/${HEAD_BRANCH}`);
    expect(git(harness.origin, 'rev-parse', `${pushed}^`)).toBe(harness.headSha);
    expect(git(harness.origin, 'show', `${pushed}:done.txt`)).toBe('done');
    expect(git(harness.origin, 'log', '-1', '--format=%an', pushed)).toBe('github-actions[bot]');
  });

  it('pull-request: pushes a truss/ branch and opens a pull request into the PR branch', async () => {
    const { run } = await runWith('pull-request');
    expect(run.stdout).not.toContain('::error');
    expect(run.code).toBe(0);
    const entries = bundleOf(run).ledger.entries;
    const sessionId = run.outputs['session-id'] as string;
    const branch = `truss/write-done-${sessionId.slice(0, 8)}`;
    const pushed = git(harness.origin, 'rev-parse', `refs/heads/${branch}`);
    expect(git(harness.origin, 'show', `${pushed}:done.txt`)).toBe('done');
    expect(() =>
      git(harness.origin, 'rev-parse', '--verify', '--quiet', `refs/heads/${HEAD_BRANCH}`),
    ).toThrow();
    const created = harness.fake.calls('POST', new RegExp(`^${API}/pulls$`)).map((r) => r.body as Json);
    expect(created).toEqual([
      expect.objectContaining({ head: branch, base: HEAD_BRANCH, title: 'truss: Write done.txt' }),
    ]);
    expect(String(created[0]?.body)).toContain(sessionId);
    expect(harness.fake.calls('GET', new RegExp(`^${API}/pulls$`)).map((r) => r.path)).toEqual([
      `${API}/pulls?head=${OWNER}:${branch}&state=open`,
    ]);
    const published = entries.find((e) => e.kind === 'changes_published')?.payload as Json;
    expect(published.result).toMatchObject({
      status: 'pull_request_opened',
      commit: pushed,
      branch,
      pull_request_url: `https://github.com/${OWNER}/${REPO}/pull/100`,
    });
  });

  it('never publishes a FAIL: nothing pushed, no pull request, no changes_published entry', async () => {
    const { run } = await runWith('push', { check: 'grep -qx something-else done.txt' });
    expect(run.outputs.verdict).toBe('fail');
    expect(run.code).toBe(1);
    expect(() =>
      git(harness.origin, 'rev-parse', '--verify', '--quiet', `refs/heads/${HEAD_BRANCH}`),
    ).toThrow();
    expect(bundleOf(run).ledger.entries.map((e) => e.kind)).not.toContain('changes_published');
    expect(harness.fake.calls('POST', new RegExp(`^${API}/pulls$`))).toEqual([]);
  });

  it('push on a fork PR is skipped (recorded), not attempted', async () => {
    const { run } = await runWith('push', { fork: true });
    expect(run.outputs.verdict).toBe('pass');
    expect(() =>
      git(harness.origin, 'rev-parse', '--verify', '--quiet', `refs/heads/${HEAD_BRANCH}`),
    ).toThrow();
    const published = bundleOf(run).ledger.entries.find((e) => e.kind === 'changes_published')
      ?.payload as Json;
    expect(published.result).toMatchObject({ status: 'skipped' });
    expect(String((published.result as Json).detail)).toContain('fork');
  });

  it('a branch that moved meanwhile is not force-pushed: the step fails and the ledger says why', async () => {
    // Someone pushes to the PR branch while truss works: origin's branch is not an ancestor.
    const other = harness.cloneWorkspace();
    git(other, 'commit', '-q', '--allow-empty', '-m', 'someone else');
    git(other, 'push', '-q', 'origin', `HEAD:refs/heads/${HEAD_BRANCH}`);
    const theirs = git(harness.origin, 'rev-parse', `refs/heads/${HEAD_BRANCH}`);
    const { run } = await runWith('push');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('passed, but its changes were not published');
    expect(git(harness.origin, 'rev-parse', `refs/heads/${HEAD_BRANCH}`)).toBe(theirs);
    const published = bundleOf(run).ledger.entries.find((e) => e.kind === 'changes_published')
      ?.payload as Json;
    expect(published.result).toMatchObject({ status: 'failed' });
    expect(String((published.result as Json).detail)).toContain('moved while truss worked');
  });

  it('dry-run pushes nothing and records what it would have done', async () => {
    harness.baseContract = delegatedContract('grep -qx done done.txt');
    const run = await harness.run({
      eventName: 'pull_request',
      payload: pullRequestPayload(harness.headSha, harness.baseSha),
      workspace: harness.headWorkspace(),
      env: { 'INPUT_ON-PASS-CHANGES': 'push', 'INPUT_DRY-RUN': 'true' },
    });
    expect(run.code).toBe(0);
    expect(() =>
      git(harness.origin, 'rev-parse', '--verify', '--quiet', `refs/heads/${HEAD_BRANCH}`),
    ).toThrow();
    const published = bundleOf(run).ledger.entries.find((e) => e.kind === 'changes_published')
      ?.payload as Json;
    expect(published.result).toMatchObject({ status: 'dry_run', branch: HEAD_BRANCH });
  });
});
