/**
 * The checkout's HEAD and the pull request's base, asked of git once (src/action/workspace-commits.ts),
 * and the base fetch that follows. Real repositories, real git; a `git` on PATH that records each start.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkoutPullRequestHead, ensurePullRequestHead } from '../../src/action/checkout-pr-head.js';
import { ensureBaseCommit } from '../../src/action/ensure-base-commit.js';
import { workspaceCommits } from '../../src/action/workspace-commits.js';
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

describe('workspaceCommits', () => {
  it('names HEAD and says whether the base is there', async () => {
    const { upstream, work, base, head } = shallowCheckout();
    expect(await workspaceCommits(work, base)).toEqual({ head, hasBase: false });
    expect(await workspaceCommits(upstream, base)).toEqual({ head, hasBase: true });
    expect(await workspaceCommits(work, null)).toEqual({ head, hasBase: false });
  });

  it('has no HEAD before the first commit, nor outside a repository', async () => {
    const empty = tempDir('empty').dir;
    git(empty, 'init', '-q');
    expect(await workspaceCommits(empty, 'b'.repeat(40))).toEqual({ head: null, hasBase: false });
    const plain = join(tempDir('plain').dir, 'not-a-repo');
    mkdirSync(plain);
    expect(await workspaceCommits(plain, 'b'.repeat(40))).toEqual({ head: null, hasBase: false });
  });

  it('passes git no question but a full SHA from the payload', async () => {
    const { upstream, base, head } = shallowCheckout();
    // A second line would be a question of the payload's own; a short name is not a SHA.
    expect(await workspaceCommits(upstream, `${base}\nHEAD`)).toEqual({ head, hasBase: false });
    expect(await workspaceCommits(upstream, base.slice(0, 12))).toEqual({ head, hasBase: false });
    expect(await workspaceCommits(upstream, 'HEAD')).toEqual({ head, hasBase: false });
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
  const checkout = () => {
    const made = shallowCheckout();
    setUp = currentSpy().invocations().length;
    return made;
  };
  const warn = () => {};

  /** What run mode does: one question, then the head check and the base fetch with its answers. */
  async function startRun(work: string, base: string, head: string): Promise<string | null> {
    const commits = await workspaceCommits(work, base);
    await ensurePullRequestHead({ workdir: work, prNumber: 1, headSha: head, warn, head: commits.head });
    return ensureBaseCommit(work, base, warn, commits.hasBase);
  }

  it('at the head with the base present: one git start', async () => {
    const { upstream, base, head } = checkout();
    expect(await startRun(upstream, base, head)).toBe(base);
    expect(started()).toEqual(['cat-file']);
  });

  it('at the head without the base: the question, the fetch, and a look at what it brought', async () => {
    const { work, base, head } = checkout();
    expect(await startRun(work, base, head)).toBe(base);
    expect(started()).toEqual(['cat-file', 'config', 'fetch', 'cat-file']);
    expect(git(work, 'cat-file', '-t', base)).toBe('commit');
  });

  it('a fetch that fails is not followed by another look, and the run goes on without a base', async () => {
    const { work, head } = checkout();
    const warnings: string[] = [];
    const commits = await workspaceCommits(work, 'b'.repeat(40));
    expect(await ensureBaseCommit(work, 'b'.repeat(40), (m) => warnings.push(m), commits.hasBase)).toBeNull();
    expect(commits.head).toBe(head);
    expect(started()).toEqual(['cat-file', 'config', 'fetch']);
    expect(warnings.join('\n')).toContain('could not be fetched');
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
    expect(await ensureBaseCommit(work, base, (m) => warnings.push(m))).toBeNull();
    expect(warnings.join('\n')).toContain('could not be fetched');
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
