/**
 * The checkout's HEAD, the pull request's base and the configuration, asked of git once
 * (src/github/workspace-git-facts.ts), and the base fetch and the run's git facts that follow.
 * Real repositories, real git; a `git` on PATH that records each start.
 */
import { chmodSync, copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkoutPullRequestHead, ensurePullRequestHead } from '../../src/action/checkout-pr-head.js';
import { ensureBaseCommit } from '../../src/action/ensure-base-commit.js';
import { UntrustedGitConfigError } from '../../src/core/process/index.js';
import { readGitInfo } from '../../src/core/verify/index.js';
import { persistedCredentials } from '../../src/github/persisted-credentials.js';
import { WorkspaceGitFacts } from '../../src/github/workspace-git-facts.js';
import { commitFiles, git, makeRepo } from '../helpers/git.js';
import { gitSpyOnProcessPath, withoutSettings } from '../helpers/git-spy.js';
import { tempDir } from '../helpers/temp-dir.js';

/** An upstream with a base and a head commit, and a one-commit clone of the head (actions/checkout's default). */
function shallowCheckout(): { upstream: string; work: string; base: string; head: string } {
  const upstream = makeRepo({ 'a.txt': 'a\n' }, 'upstream');
  const base = git(upstream, 'rev-parse', 'HEAD');
  const head = commitFiles(upstream, { 'a.txt': 'b\n' }, 'head');
  git(upstream, 'config', 'uploadpack.allowAnySHA1InWant', 'true');
  const work = join(tempDir('work').dir, 'repo');
  git(upstream, 'clone', '-q', '--depth=1', `file://${upstream}`, work);
  return { upstream, work, base, head };
}

/** What {@link WorkspaceGitFacts.ask} found of the commits. */
async function commitsOf(workdir: string, baseSha: string | null) {
  const { head, hasBase } = await WorkspaceGitFacts.ask(workdir, baseSha);
  return { head, hasBase };
}

describe('WorkspaceGitFacts: the commits', () => {
  it('names HEAD and says whether the base is there', async () => {
    const { upstream, work, base, head } = shallowCheckout();
    expect(await commitsOf(work, base)).toEqual({ head, hasBase: false });
    expect(await commitsOf(upstream, base)).toEqual({ head, hasBase: true });
    expect(await commitsOf(work, null)).toEqual({ head, hasBase: false });
  });

  it('has no HEAD before the first commit, nor outside a repository', async () => {
    const empty = tempDir('empty').dir;
    git(empty, 'init', '-q');
    expect(await commitsOf(empty, 'b'.repeat(40))).toEqual({ head: null, hasBase: false });
    const plain = join(tempDir('plain').dir, 'not-a-repo');
    mkdirSync(plain);
    expect(await commitsOf(plain, 'b'.repeat(40))).toEqual({ head: null, hasBase: false });
  });

  it('passes git no question but a full SHA from the payload', async () => {
    const { upstream, base, head } = shallowCheckout();
    // A second line would be a question of the payload's own; a short name is not a SHA.
    expect(await commitsOf(upstream, `${base}\nHEAD`)).toEqual({ head, hasBase: false });
    expect(await commitsOf(upstream, base.slice(0, 12))).toEqual({ head, hasBase: false });
    expect(await commitsOf(upstream, 'HEAD')).toEqual({ head, hasBase: false });
  });
});

describe('the git a pull request run starts before its contracts', () => {
  const currentSpy = gitSpyOnProcessPath();
  let setUp = 0;
  /** The git the code under test started (the set-up's own git goes through the spy too). */
  const started = () =>
    currentSpy()
      .invocations()
      .slice(setUp)
      .map((c) => withoutSettings(c.argv)[0]);
  /** From here on, what git starts is the code's under test. */
  const mark = () => {
    setUp = currentSpy().invocations().length;
  };
  const checkout = () => {
    const made = shallowCheckout();
    mark();
    return made;
  };
  const warn = () => {};

  /** What run mode does: one question, then the head check and the base fetch with its answers. */
  async function startRun(work: string, base: string, head: string): Promise<string | null> {
    return ensureBaseCommit(await startFacts(work, base, head), warn);
  }

  async function startRunWarning(
    work: string,
    base: string,
    head: string,
    warnings: string[],
  ): Promise<string | null> {
    return ensureBaseCommit(await startFacts(work, base, head), (m) => warnings.push(m));
  }

  async function startFacts(work: string, base: string, head: string): Promise<WorkspaceGitFacts> {
    const facts = await WorkspaceGitFacts.ask(work, base);
    if (await ensurePullRequestHead({ workdir: work, prNumber: 1, headSha: head, warn, head: facts.head }))
      facts.checkedOut(head);
    return facts;
  }

  it('at the head with the base present: one git start', async () => {
    const { upstream, base, head } = checkout();
    expect(await startRun(upstream, base, head)).toBe(base);
    expect(started()).toEqual(['cat-file']);
  });

  it("at the head without the base: the question, the fetch, a look at what it brought and at HEAD's recorded parents", async () => {
    const { work, base, head } = checkout();
    expect(await startRun(work, base, head)).toBe(base);
    // A one-commit checkout's history shows HEAD no parents; the commit itself names the base.
    expect(started()).toEqual(['cat-file', 'config', 'fetch', 'cat-file', 'cat-file']);
    expect(git(work, 'cat-file', '-t', base)).toBe('commit');
  });

  it('a fetch that fails is not followed by another look, and the run goes on without a base', async () => {
    const { work, head } = checkout();
    const warnings: string[] = [];
    const facts = await WorkspaceGitFacts.ask(work, 'b'.repeat(40));
    expect(await ensureBaseCommit(facts, (m) => warnings.push(m))).toBeNull();
    expect(facts.head).toBe(head);
    expect(started()).toEqual(['cat-file', 'config', 'fetch']);
    expect(warnings.join('\n')).toContain('could not be fetched');
  });

  it('a base whose loose object was altered (fetching does not replace it) is said to be damaged, not to need fetch-depth', async () => {
    const { work, base, head } = checkout();
    // The base fetched by its SHA arrives as loose objects; its commit is then replaced by another.
    git(work, 'fetch', '-q', '--depth=1', 'origin', base);
    const other = git(work, 'commit-tree', `${head}^{tree}`, '-m', 'other');
    const object = (sha: string) => join(work, '.git/objects', sha.slice(0, 2), sha.slice(2));
    chmodSync(object(base), 0o644);
    copyFileSync(object(other), object(base));
    const warnings: string[] = [];
    expect(await startRunWarning(work, base, head, warnings)).toBeNull();
    expect(warnings.join('\n')).toMatch(
      new RegExp(
        `the base commit ${base.slice(0, 12)} in .* is damaged: .*\\(git: hash mismatch ${base}\\).*run again from a fresh checkout`,
      ),
    );
    expect(warnings.join('\n')).not.toMatch(/fetch-depth|could not be fetched/);
  });

  it("the run's signed git facts and the stored-credentials check ask nothing asked before, and read as if asked afresh", async () => {
    const { work, base, head } = checkout();
    git(work, 'config', 'http.https://github.com/.extraheader', 'AUTHORIZATION: basic c2VjcmV0');
    mark();
    const facts = await startFacts(work, base, head);
    expect(await ensureBaseCommit(facts, warn)).toBe(base);
    const [info, stored] = await Promise.all([facts.gitInfo(base), facts.persistedCredentials()]);
    // The base was found by its SHA (no rev-parse); the configuration listed for the remote check.
    expect(started().slice(0, 5)).toEqual(['cat-file', 'config', 'fetch', 'cat-file', 'cat-file']);
    expect(started().slice(5).sort()).toEqual(['remote', 'status']); // side by side: either order
    expect(info).toEqual(await readGitInfo(work, base));
    expect(stored).toEqual(await persistedCredentials(work));
    expect(stored).toEqual(['http.https://github.com/.extraheader (.git/config)']);
  });

  it('without a base, the default branch is found from the first question', async () => {
    const { upstream } = checkout();
    git(upstream, 'checkout', '-q', '-b', 'other', 'HEAD~1');
    commitFiles(upstream, { 'b.txt': 'b\n' }, 'side');
    mark();
    const facts = await WorkspaceGitFacts.ask(upstream, null);
    const info = await facts.gitInfo();
    expect(started().sort()).toEqual(['cat-file', 'merge-base', 'remote', 'status']);
    expect(info).toEqual(await readGitInfo(upstream));
    expect(info?.base_ref).toBe('main');
    expect(info?.base_sha).toBe(git(upstream, 'rev-parse', 'HEAD~1'));
  });

  it('after a checkout of the head, the commits and the configuration are asked again', async () => {
    const { upstream, work, base, head } = checkout();
    git(upstream, 'update-ref', 'refs/pull/1/head', head);
    commitFiles(work, { 'c.txt': 'c\n' }, 'elsewhere');
    mark();
    const facts = await startFacts(work, base, head);
    const [info] = await Promise.all([
      facts.gitInfo(),
      facts.persistedCredentials(),
      facts.hasOriginRemote(),
    ]);
    expect(info?.head_sha).toBe(head);
    expect(started().slice(0, 6)).toEqual([
      'cat-file',
      'cat-file',
      'config',
      'fetch',
      'rev-parse',
      'checkout',
    ]);
    // Side by side, so in any order: the facts after the checkout, none of them from before it.
    expect(started().slice(6).sort()).toEqual(['cat-file', 'config', 'merge-base', 'remote', 'status']);
  });
});

describe('the safe path over the questions of one start', () => {
  it('after a checkout of the head, the next question is scanned again: a config the work can write is refused', async () => {
    const { work, base, head } = shallowCheckout();
    const facts = await WorkspaceGitFacts.ask(work, base);
    // What no harness step makes, standing for anything a checkout could: an include from the work tree.
    writeFileSync(join(work, 'evil.cfg'), '[core]\n\tpager = touch pwned\n');
    git(work, 'config', 'include.path', '../evil.cfg');
    facts.checkedOut(head);
    await expect(facts.gitInfo(base)).rejects.toBeInstanceOf(UntrustedGitConfigError);
    await expect(facts.hasOriginRemote()).rejects.toBeInstanceOf(UntrustedGitConfigError);
  });
});

describe('a checkout without an origin remote', () => {
  /**
   * The pull request commits a bare repository under `origin/` holding the commits asked for, and the
   * checkout names no `origin` remote: `git fetch origin` would read the work tree's directory.
   */
  function plantedOrigin(): { work: string; base: string; head: string } {
    const { upstream, work, base, head } = shallowCheckout();
    git(upstream, 'update-ref', 'refs/pull/7/head', head);
    git(work, 'remote', 'remove', 'origin');
    git(work, 'clone', '-q', '--bare', upstream, join(work, 'origin'));
    return { work, base, head };
  }

  it('fetches no base from a path in the work tree and says why there is no diff', async () => {
    const { work, base } = plantedOrigin();
    const warnings: string[] = [];
    expect(
      await ensureBaseCommit(await WorkspaceGitFacts.ask(work, base), (m) => warnings.push(m)),
    ).toBeNull();
    expect(warnings.join('\n')).toContain('could not be fetched');
    expect(() => git(work, 'cat-file', '-t', base)).toThrow();
  });

  it('a remote named origin without a URL is none: no fetch from the work tree, though `git remote get-url` names one', async () => {
    const { work, base } = plantedOrigin();
    git(work, 'config', 'remote.origin.fetch', '+refs/heads/*:refs/remotes/origin/*');
    // The merged question must stay `remote.origin.url`: get-url answers the work tree's path.
    expect(git(work, 'remote', 'get-url', 'origin')).toBe('origin');
    const facts = await WorkspaceGitFacts.ask(work, base);
    expect(await facts.hasOriginRemote()).toBe(false);
    expect(await ensureBaseCommit(facts, () => {})).toBeNull();
    expect(() => git(work, 'cat-file', '-t', base)).toThrow();
  });

  it('refuses to fetch the pull request head from a path in the work tree', async () => {
    const { work, head } = plantedOrigin();
    await expect(checkoutPullRequestHead({ workdir: work, prNumber: 7, headSha: head })).rejects.toThrow(
      /has no origin remote to fetch pull request #7 from; check the repository out with actions\/checkout/,
    );
    expect(() => git(work, 'rev-parse', '--verify', 'refs/remotes/truss/pr-7')).toThrow();
  });
});
