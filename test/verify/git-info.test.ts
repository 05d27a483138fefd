import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UntrustedGitConfigError } from '../../src/core/process/index.js';
import { GitRefError, readGitInfo } from '../../src/core/verify/index.js';
import { commitFiles, git, makeRepo } from '../helpers/git.js';
import { gitSpyOnProcessPath } from '../helpers/git-spy.js';
import { tempDir } from '../helpers/temp-dir.js';

/** The git facts a run signs into run_started, read from real repositories. */
describe('readGitInfo', () => {
  it('is null outside a git repository', async () => {
    expect(await readGitInfo(tempDir('not-a-repo').dir)).toBeNull();
  });

  it('reads a repository with no commit yet: no head, no base, dirty when files exist', async () => {
    const dir = tempDir('no-commit').dir;
    git(dir, 'init', '-q', '-b', 'main');
    expect(await readGitInfo(dir)).toEqual({
      repo: null,
      base_ref: null,
      base_sha: null,
      head_sha: null,
      dirty: false,
    });
    writeFileSync(join(dir, 'README.md'), '# x\n');
    expect((await readGitInfo(dir))?.dirty).toBe(true);
  });

  it('finds the merge base with the default branch, and redacts a token in the remote URL', async () => {
    const dir = makeRepo({ 'a.txt': 'a\n' }, 'git-info');
    const base = git(dir, 'rev-parse', 'HEAD');
    git(dir, 'checkout', '-q', '-b', 'feature');
    const head = commitFiles(dir, { 'b.txt': 'b\n' }, 'feature work');
    git(dir, 'remote', 'add', 'origin', 'https://x-access-token:ghs_secret123@github.com/o/r.git');
    const info = await readGitInfo(dir);
    expect(info).toEqual({
      repo: 'https://github.com/o/r.git',
      base_ref: 'main',
      base_sha: base,
      head_sha: head,
      dirty: false,
    });
    writeFileSync(join(dir, 'untracked.txt'), 'u\n');
    expect((await readGitInfo(dir))?.dirty).toBe(true);
  });

  it('prefers the remote default branch, and skips a candidate that shares no history with HEAD', async () => {
    const dir = makeRepo({ 'a.txt': 'a\n' }, 'git-info-candidates');
    const first = git(dir, 'rev-parse', 'HEAD');
    const second = commitFiles(dir, { 'b.txt': 'b\n' }, 'second');
    // origin/main is behind local main: the base is where the feature left origin/main.
    git(dir, 'update-ref', 'refs/remotes/origin/main', first);
    git(dir, 'checkout', '-q', '-b', 'feature');
    const head = commitFiles(dir, { 'c.txt': 'c\n' }, 'feature');
    expect(await readGitInfo(dir)).toMatchObject({
      base_ref: 'origin/main',
      base_sha: first,
      head_sha: head,
    });
    // An unrelated origin/HEAD (no merge base) is passed over for the next candidate.
    git(dir, 'checkout', '-q', '--orphan', 'unrelated');
    const orphan = commitFiles(dir, { 'o.txt': 'o\n' }, 'orphan');
    git(dir, 'checkout', '-q', 'feature');
    git(dir, 'update-ref', 'refs/remotes/origin/HEAD', orphan);
    expect(await readGitInfo(dir)).toMatchObject({ base_ref: 'origin/main', base_sha: first });
    // Without any remote ref, the local default branch.
    git(dir, 'update-ref', '-d', 'refs/remotes/origin/HEAD');
    git(dir, 'update-ref', '-d', 'refs/remotes/origin/main');
    expect(await readGitInfo(dir)).toMatchObject({ base_ref: 'main', base_sha: second });
  });

  it('is null inside the .git directory and, with --base, outside a repository', async () => {
    const dir = makeRepo({ 'a.txt': 'a\n' }, 'git-info-dotgit');
    expect(await readGitInfo(join(dir, '.git'))).toBeNull();
    expect(await readGitInfo(tempDir('not-a-repo-base').dir, 'main')).toBeNull();
  });

  it('takes an explicit base, and refuses one that is not a commit with what to do', async () => {
    const dir = makeRepo({ 'a.txt': 'a\n' }, 'git-info-base');
    const base = git(dir, 'rev-parse', 'HEAD');
    commitFiles(dir, { 'b.txt': 'b\n' }, 'more');
    expect(await readGitInfo(dir, base)).toMatchObject({ base_ref: base, base_sha: base });
    await expect(readGitInfo(dir, 'no-such-ref')).rejects.toThrow(GitRefError);
    await expect(readGitInfo(dir, 'no-such-ref')).rejects.toThrow(/no origin remote to fetch it from/);
  });
});

/**
 * The object store is the work's to write (docs/security.md, "Git metadata"): a commit whose loose
 * object was replaced or garbled is in the repository, and fetching would not replace it.
 */
describe('readGitInfo on a repository whose objects were altered', () => {
  const object = (dir: string, sha: string) => join(dir, '.git/objects', sha.slice(0, 2), sha.slice(2));
  const damage = (dir: string, sha: string, content: Buffer | string) => {
    chmodSync(object(dir, sha), 0o644);
    writeFileSync(object(dir, sha), content);
  };
  const damaged = (what: string) =>
    new RegExp(
      `^${what}.* in .* is damaged: what is stored under its id is not what the id names \\(git: [^)]*[0-9a-f]{40}.*run again from a fresh checkout`,
    );

  it('an explicit base whose commit object was replaced by another is said to be damaged, not to be fetched', async () => {
    const dir = makeRepo({ 'a.txt': 'a\n' }, 'git-info-damaged-base');
    const base = git(dir, 'rev-parse', 'HEAD');
    const head = commitFiles(dir, { 'b.txt': 'b\n' }, 'more');
    damage(dir, base, readFileSync(object(dir, head)));
    const error = await readGitInfo(dir, base).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GitRefError);
    expect((error as Error).message).toMatch(damaged(`--base ${base}`));
    expect((error as Error).message).not.toMatch(/git fetch/);
  });

  it('a default branch whose commit object was garbled is refused, not passed over for another base', async () => {
    const dir = makeRepo({ 'a.txt': 'a\n' }, 'git-info-damaged-tip');
    commitFiles(dir, { 'b.txt': 'b\n' }, 'second');
    git(dir, 'checkout', '-q', '-b', 'feature');
    commitFiles(dir, { 'c.txt': 'c\n' }, 'feature');
    // origin/main's own commit (not main's): garbled, so without the check the base silently became main.
    git(dir, 'commit', '-q', '--allow-empty', '-m', 'origin tip');
    const tip = git(dir, 'rev-parse', 'HEAD');
    git(dir, 'reset', '-q', '--hard', 'HEAD~1');
    git(dir, 'update-ref', 'refs/remotes/origin/main', tip);
    damage(dir, tip, 'garbage');
    await expect(readGitInfo(dir)).rejects.toThrow(damaged('the default branch'));
  });

  it('a HEAD whose commit object was garbled is refused, not read as no repository at all', async () => {
    const dir = makeRepo({ 'a.txt': 'a\n' }, 'git-info-damaged-head');
    damage(dir, git(dir, 'rev-parse', 'HEAD'), 'garbage');
    await expect(readGitInfo(dir)).rejects.toThrow(damaged('HEAD'));
  });
});

describe('readGitInfo on a repository whose config the work can write', () => {
  const currentSpy = gitSpyOnProcessPath();

  it('starts no git at all: the one scan before its gits start side by side refuses, naming status', async () => {
    const dir = makeRepo({ 'a.txt': 'a\n' }, 'git-info-untrusted');
    writeFileSync(join(dir, 'evil.cfg'), '[core]\n\tpager = touch pwned\n');
    git(dir, 'config', 'include.path', '../evil.cfg');
    const before = currentSpy().invocations().length;
    for (const baseRef of [undefined, 'HEAD']) {
      const refused = await readGitInfo(dir, baseRef).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(UntrustedGitConfigError);
      expect((refused as Error).message).toMatch(/^git status in .* was not run: /);
    }
    expect(currentSpy().invocations().length).toBe(before);
  });
});
