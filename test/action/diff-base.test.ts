/**
 * The commit the reviewers' diff starts from (src/action/ensure-base-commit.ts): the event's base when
 * HEAD stands on it, else where the head left the base branch, as GitHub's "Files changed" shows.
 * Real repositories and real git; GitHub's compare API answered by nock at the HTTP layer.
 */
import { join } from 'node:path';
import nock from 'nock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DiffBaseOptions, ensureBaseCommit } from '../../src/action/ensure-base-commit.js';
import { mergeBaseOnGitHub } from '../../src/github/merge-base.js';
import { WorkspaceGitFacts } from '../../src/github/workspace-git-facts.js';
import { API, OWNER, REPO, testOctokit } from '../github/helpers.js';
import { commitFiles, git, makeRepo } from '../helpers/git.js';
import { tempDir } from '../helpers/temp-dir.js';

/**
 * main: fork → tip (the tip changes b.txt); pr: fork → head (changes a.txt). The pull request's
 * change is a.txt alone; a diff from the tip also shows b.txt's newer line, reversed.
 */
function behindItsBase(): { upstream: string; fork: string; tip: string; head: string } {
  const upstream = makeRepo({ 'a.txt': 'a\n', 'b.txt': 'b\n' }, 'upstream');
  const fork = git(upstream, 'rev-parse', 'HEAD');
  git(upstream, 'checkout', '-q', '-b', 'pr');
  const head = commitFiles(upstream, { 'a.txt': 'changed by the pull request\n' }, 'head');
  git(upstream, 'checkout', '-q', 'main');
  const tip = commitFiles(upstream, { 'b.txt': 'a later commit of the base\n' }, 'base moved');
  git(upstream, 'config', 'uploadpack.allowAnySHA1InWant', 'true');
  return { upstream, fork, tip, head };
}

function clone(upstream: string, ref: string, depth?: number): string {
  const work = join(tempDir('work').dir, 'repo');
  git(upstream, 'clone', '-q', ...(depth ? [`--depth=${depth}`] : []), '-b', ref, `file://${upstream}`, work);
  return work;
}

/** The files the diff from `base` to HEAD names: what the reviewers are shown as the change. */
const changedFrom = (work: string, base: string) =>
  git(work, 'diff', '--name-only', base, 'HEAD').split('\n');

async function diffBase(work: string, eventBase: string, options: DiffBaseOptions = {}) {
  const warnings: string[] = [];
  const facts = await WorkspaceGitFacts.ask(work, eventBase);
  const base = await ensureBaseCommit(facts, (message) => warnings.push(message), options);
  return { base, warnings };
}

describe('the diff base of a head behind its base branch', () => {
  it('is where the head left the base branch, not the newer tip the event names', async () => {
    const { upstream, fork, tip, head } = behindItsBase();
    const work = clone(upstream, 'pr');
    expect(changedFrom(work, tip)).toEqual(['a.txt', 'b.txt']); // what reviewers were shown before
    const { base, warnings } = await diffBase(work, tip, { prHead: head });
    expect(base).toBe(fork);
    expect(changedFrom(work, base as string)).toEqual(['a.txt']);
    expect(warnings).toEqual([]);
  });

  it('in a one-commit checkout, asks GitHub where the head left the base and fetches that commit', async () => {
    const { upstream, fork, tip, head } = behindItsBase();
    const work = clone(upstream, 'pr', 1);
    const asked: string[][] = [];
    const mergeBaseOf = async (base: string, of: string) => {
      asked.push([base, of]);
      return git(upstream, 'merge-base', base, of);
    };
    const { base, warnings } = await diffBase(work, tip, { prHead: head, mergeBaseOf });
    expect(asked).toEqual([[tip, head]]);
    expect(base).toBe(fork);
    expect(git(work, 'cat-file', '-t', fork)).toBe('commit');
    expect(changedFrom(work, fork)).toEqual(['a.txt']);
    expect(warnings).toEqual([]);
  });

  it('with no merge base to be had, runs without a diff and says why, rather than diff from the tip', async () => {
    const { upstream, tip, head } = behindItsBase();
    const work = clone(upstream, 'pr', 1);
    const { base, warnings } = await diffBase(work, tip, { prHead: head, mergeBaseOf: async () => null });
    expect(base).toBeNull();
    expect(warnings.join('\n')).toMatch(/is not on the base commit .*reviewers get no diff.*fetch-depth: 0/);
  });
});

describe("GitHub's merge commit", () => {
  /** GitHub's merge of the head onto `onto`: first parent `onto`, second the head. */
  function mergeOnto(upstream: string, onto: string, head: string): string {
    git(upstream, 'checkout', '-q', '-b', `merge-${onto.slice(0, 7)}`, onto);
    git(upstream, 'merge', '-q', '--no-ff', '-m', 'Merge', head);
    return git(upstream, 'rev-parse', 'HEAD');
  }

  it('onto the base the event names starts from that base', async () => {
    const { upstream, tip, head } = behindItsBase();
    mergeOnto(upstream, tip, head);
    const work = clone(upstream, `merge-${tip.slice(0, 7)}`, 1);
    const { base } = await diffBase(work, tip, { prHead: head });
    expect(base).toBe(tip);
    expect(changedFrom(work, tip)).toEqual(['a.txt']);
  });

  it('onto a newer tip than the event names starts from its own first parent', async () => {
    // The event was sent when main was at `fork`; GitHub's merge ref was made after main moved to `tip`.
    const { upstream, fork, tip, head } = behindItsBase();
    mergeOnto(upstream, tip, head);
    const work = clone(upstream, `merge-${tip.slice(0, 7)}`);
    expect(changedFrom(work, fork)).toEqual(['a.txt', 'b.txt']);
    const { base, warnings } = await diffBase(work, fork, { prHead: head });
    expect(base).toBe(tip);
    expect(changedFrom(work, tip)).toEqual(['a.txt']);
    expect(warnings).toEqual([]);
  });
});

describe('mergeBaseOnGitHub', () => {
  beforeEach(() => nock.disableNetConnect());
  afterEach(() => {
    nock.cleanAll();
    nock.enableNetConnect();
  });
  const base = 'b'.repeat(40);
  const head = 'c'.repeat(40);

  it("reads the compare API's merge_base_commit", async () => {
    const scope = nock(API)
      .get(`/repos/${OWNER}/${REPO}/compare/${base}...${head}`)
      .query({ per_page: '1' })
      .reply(200, { status: 'diverged', merge_base_commit: { sha: 'd'.repeat(40) }, files: [] });
    expect(await mergeBaseOnGitHub(testOctokit(), { owner: OWNER, repo: REPO }, base, head)).toBe(
      'd'.repeat(40),
    );
    expect(scope.isDone()).toBe(true);
  });

  it('is null when GitHub cannot compare them', async () => {
    const scope = nock(API)
      .get(`/repos/${OWNER}/${REPO}/compare/${base}...${head}`)
      .query({ per_page: '1' })
      .reply(404, { message: 'Not Found' });
    expect(await mergeBaseOnGitHub(testOctokit(), { owner: OWNER, repo: REPO }, base, head)).toBeNull();
    expect(scope.isDone()).toBe(true);
  });
});
