import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ActionHarness,
  API,
  createdCheckRuns,
  issueCommentPayload,
  PR_NUMBER,
  pullRequestObject,
  pullRequestPayload,
} from '../helpers/action-harness.js';
import { contractToml } from '../helpers/contract-toml.js';
import { git } from '../helpers/git.js';
import { mechanismAvailable } from '../process/isolation-kit.js';

/**
 * A fork's code next to the repository's secrets (docs/action.md "Security model"): on
 * `pull_request_target`, a `/truss` comment or an App dispatch the job holds the signing key and a
 * write token, and the action checks out the fork's head. Without an isolation mechanism its checks
 * would run as the workflow's user and read both from the action's environment, so they are refused
 * unless `isolation: none` was set explicitly. A pull request whose fork was deleted (GitHub then
 * names no head repository) counts as a fork. The control: a fork's `pull_request` job (no secrets)
 * and a same-repository `pull_request_target` still run unisolated, with a warning.
 */
describe("a fork's checks in a job with secrets, on a runner without isolation", () => {
  let harness: ActionHarness;
  let bin: string;
  const RAN = 'fork-check-ran';

  beforeEach(() => {
    harness = new ActionHarness();
    // A runner whose PATH has no unshare, setpriv, sudo or bwrap: `auto` finds no mechanism.
    bin = join(harness.runnerTemp, 'bare-bin');
    mkdirSync(bin);
    for (const tool of ['node', 'git', 'sh', 'touch']) symlinkSync(`/usr/bin/${tool}`, join(bin, tool));
    harness.baseContract = contractToml(
      { id: 'greeting-0001', intent: 'checks only' },
      { kind: 'check', desc: 'the fork code runs', run: `touch ${RAN}` },
    );
  });
  afterEach(async () => {
    await harness.stop();
  });

  type Repo = { full_name: string; pushed_at?: string } | null;
  function prObject(headRepo: 'fork' | 'deleted' | 'same') {
    const pr = pullRequestObject(harness.headSha, harness.baseSha) as { head: { repo: Repo } };
    // Pushed to before the examples' comment was written (2019-05-15T15:20:21Z): the code the maintainer saw.
    if (headRepo === 'fork')
      pr.head.repo = {
        ...(pr.head.repo as object),
        full_name: 'mallory/Hello-World',
        pushed_at: '2019-05-15T15:19:00Z',
      };
    if (headRepo === 'deleted') pr.head.repo = null;
    return pr as unknown as Record<string, unknown>;
  }
  function targetPayload(headRepo: 'fork' | 'deleted' | 'same') {
    const payload = pullRequestPayload(harness.headSha, harness.baseSha);
    payload.pull_request = prObject(headRepo);
    return payload;
  }

  function expectRefused(run: { code: number | null; stdout: string }, workspace: string) {
    expect(run.code, run.stdout.slice(-3000)).not.toBe(0);
    expect(run.stdout).toContain(
      'refusing to run the checks of a pull request from a fork without isolation',
    );
    expect(run.stdout).toContain('isolation: none');
    expect(existsSync(join(workspace, RAN))).toBe(false);
    expect(harness.checkRuns.filter((c) => c.conclusion === 'success')).toEqual([]);
  }

  for (const headRepo of ['fork', 'deleted'] as const) {
    it(`pull_request_target from a ${headRepo === 'fork' ? 'fork' : 'deleted fork (head.repo null)'}: refused, nothing runs`, async () => {
      // actions/checkout on pull_request_target leaves the base; the action checks out the head.
      const workspace = harness.cloneWorkspace();
      const run = await harness.run({
        eventName: 'pull_request_target',
        payload: targetPayload(headRepo),
        workspace,
        env: { PATH: bin, INPUT_UPLOAD_ARTIFACT: 'false' },
      });
      expectRefused(run, workspace);
      expect(createdCheckRuns(harness.fake, 'truss / greeting-0001')).toEqual([]);
    }, 60_000);
  }

  it("`/truss run` on a fork's pull request: refused, nothing runs", async () => {
    harness.allow('maintainer', 'write');
    harness.fake.prepend('GET', new RegExp(`^${API}/pulls/${PR_NUMBER}$`), () => ({
      body: prObject('fork'),
    }));
    const workspace = harness.cloneWorkspace();
    const run = await harness.run({
      eventName: 'issue_comment',
      payload: issueCommentPayload('/truss run', { user: { login: 'maintainer', type: 'User' } }),
      workspace,
      env: { PATH: bin, INPUT_UPLOAD_ARTIFACT: 'false' },
    });
    expectRefused(run, workspace);
  }, 60_000);

  it('`/truss run` on a fork pushed to after the comment: refused on the pull request, nothing checked out or run', async () => {
    harness.allow('maintainer', 'write');
    const pr = prObject('fork') as { head: { repo: { pushed_at: string } } };
    // Eleven seconds after the examples' comment: code the commenter cannot have read.
    pr.head.repo.pushed_at = '2019-05-15T15:20:32Z';
    harness.fake.prepend('GET', new RegExp(`^${API}/pulls/${PR_NUMBER}$`), () => ({ body: pr }));
    const workspace = harness.cloneWorkspace();
    const before = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: workspace, encoding: 'utf8' });
    const run = await harness.run({
      eventName: 'issue_comment',
      payload: issueCommentPayload('/truss run', { user: { login: 'maintainer', type: 'User' } }),
      workspace,
      env: { PATH: bin, INPUT_UPLOAD_ARTIFACT: 'false', INPUT_ISOLATION: 'none' },
    });
    expect(run.code, run.stdout.slice(-3000)).not.toBe(0);
    const reply = harness.comments.map((c) => c.body).join('\n');
    expect(reply).toContain(
      'was pushed to at 2019-05-15T15:20:32.000Z, after your comment (2019-05-15T15:20:21.000Z)',
    );
    expect(reply).toContain('comment again');
    expect(existsSync(join(workspace, RAN))).toBe(false);
    expect(execFileSync('git', ['rev-parse', 'HEAD'], { cwd: workspace, encoding: 'utf8' })).toBe(before);
    expect(harness.checkRuns.filter((c) => c.conclusion === 'success')).toEqual([]);
  }, 60_000);

  it('explicit `isolation: none` runs it, and says so', async () => {
    const workspace = harness.cloneWorkspace();
    const run = await harness.run({
      eventName: 'pull_request_target',
      payload: targetPayload('fork'),
      workspace,
      env: { PATH: bin, INPUT_ISOLATION: 'none', INPUT_UPLOAD_ARTIFACT: 'false' },
    });
    expect(run.outputs.verdict, run.stdout.slice(-3000)).toBe('pass');
    expect(existsSync(join(workspace, RAN))).toBe(true);
    expect(run.summary).toContain('checks isolated: none');
  }, 60_000);

  it("the controls: a fork's pull_request job (no secrets) and a same-repository pull_request_target run, with a warning", async () => {
    const forkPr = await harness.run({
      eventName: 'pull_request',
      payload: targetPayload('fork'),
      env: { PATH: bin, INPUT_SIGNING_KEY: '', INPUT_UPLOAD_ARTIFACT: 'false' },
    });
    expect(forkPr.outputs.verdict, forkPr.stdout.slice(-3000)).toBe('pass');
    expect(forkPr.stdout).toMatch(/::warning::truss \/ greeting-0001: .*Checks run as the workflow's user/);

    const workspace = harness.cloneWorkspace();
    const same = await harness.run({
      eventName: 'pull_request_target',
      payload: targetPayload('same'),
      workspace,
      env: { PATH: bin, INPUT_UPLOAD_ARTIFACT: 'false' },
    });
    expect(same.outputs.verdict, same.stdout.slice(-3000)).toBe('pass');
    expect(existsSync(join(workspace, RAN))).toBe(true);
  }, 60_000);
});

/**
 * A token the workflow left in the working copy (`actions/checkout` without `persist-credentials:
 * false` writes it into `.git/config` as an extraheader) is readable by every check, isolated or not:
 * the isolation hides the action's environment and temp dirs, never the working copy. With a fork's
 * code in a job whose token can write, the run is refused before anything runs, naming the setting
 * and never the token; without the credential the same run goes on, isolated.
 */
const isolationUnavailable = (await mechanismAvailable('uid')) && (await mechanismAvailable('bwrap'));
describe.skipIf(Boolean(isolationUnavailable))(
  `a fork's checks in a job with secrets, with the token persisted in the working copy${isolationUnavailable ? ` (SKIPPED: ${isolationUnavailable})` : ''}`,
  () => {
    let harness: ActionHarness;
    const LEAK = 'leaked-config';
    const PERSISTED = 'ghs_persistedwritetoken0000000000000000';
    const header = `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${PERSISTED}`).toString('base64')}`;

    beforeEach(() => {
      harness = new ActionHarness();
      harness.baseContract = contractToml(
        { id: 'greeting-0001', intent: 'checks only' },
        { kind: 'check', desc: 'the fork code runs', run: `cat .git/config > ${LEAK}` },
      );
    });
    afterEach(async () => {
      await harness.stop();
    });

    function forkTarget() {
      const payload = pullRequestPayload(harness.headSha, harness.baseSha);
      const pr = pullRequestObject(harness.headSha, harness.baseSha) as { head: { repo: object } };
      pr.head.repo = { ...pr.head.repo, full_name: 'mallory/Hello-World' };
      payload.pull_request = pr;
      return payload;
    }

    it('pull_request_target from a fork, isolated, with an extraheader in .git/config: refused, the check never runs', async () => {
      const workspace = harness.cloneWorkspace();
      git(workspace, 'config', 'http.https://github.com/.extraheader', header);
      const run = await harness.run({
        eventName: 'pull_request_target',
        payload: forkTarget(),
        workspace,
        env: { INPUT_UPLOAD_ARTIFACT: 'false' },
      });
      expect(run.code, run.stdout.slice(-3000)).not.toBe(0);
      expect(run.stdout).toContain('refusing to run the checks of a pull request from a fork');
      expect(run.stdout).toContain('http.https://github.com/.extraheader (.git/config)');
      expect(run.stdout).toContain('persist-credentials: false');
      expect(run.stdout + run.stderr).not.toContain(PERSISTED);
      expect(run.stdout + run.stderr).not.toContain(header);
      expect(existsSync(join(workspace, LEAK))).toBe(false);
      expect(harness.checkRuns.filter((c) => c.conclusion === 'success')).toEqual([]);
    }, 60_000);

    it('a token in the remote URL is refused the same way', async () => {
      const workspace = harness.cloneWorkspace();
      git(
        workspace,
        'remote',
        'set-url',
        '--push',
        'origin',
        `https://x-access-token:${PERSISTED}@github.com/o/r`,
      );
      const run = await harness.run({
        eventName: 'pull_request_target',
        payload: forkTarget(),
        workspace,
        env: { INPUT_UPLOAD_ARTIFACT: 'false' },
      });
      expect(run.code, run.stdout.slice(-3000)).not.toBe(0);
      expect(run.stdout).toContain('remote.origin.pushurl (.git/config)');
      expect(run.stdout + run.stderr).not.toContain(PERSISTED);
      expect(existsSync(join(workspace, LEAK))).toBe(false);
    }, 60_000);

    it('the controls: without the credential the run goes on isolated; explicit `isolation: none` runs with a warning', async () => {
      const clean = harness.cloneWorkspace();
      const isolated = await harness.run({
        eventName: 'pull_request_target',
        payload: forkTarget(),
        workspace: clean,
        env: { INPUT_UPLOAD_ARTIFACT: 'false' },
      });
      expect(isolated.outputs.verdict, isolated.stdout.slice(-3000)).toBe('pass');
      expect(existsSync(join(clean, LEAK))).toBe(true);

      const workspace = harness.cloneWorkspace();
      git(workspace, 'config', 'http.https://github.com/.extraheader', header);
      const none = await harness.run({
        eventName: 'pull_request_target',
        payload: forkTarget(),
        workspace,
        env: { INPUT_ISOLATION: 'none', INPUT_UPLOAD_ARTIFACT: 'false' },
      });
      expect(none.outputs.verdict, none.stdout.slice(-3000)).toBe('pass');
      expect(none.stdout).toMatch(
        /::warning::truss \/ greeting-0001: the working copy's git configuration stores a credential/,
      );
      expect(none.stdout).not.toContain(PERSISTED);
      // What the warning is about: the check read the token.
      expect(readFileSync(join(workspace, LEAK), 'utf8')).toContain('extraheader');
    }, 90_000);
  },
);
