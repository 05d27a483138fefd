import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GitRefError, readGitInfo } from '../../src/core/verify/index.js';
import { commitFiles, git, makeRepo } from '../helpers/git.js';
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

  it('takes an explicit base, and refuses one that is not a commit with what to do', async () => {
    const dir = makeRepo({ 'a.txt': 'a\n' }, 'git-info-base');
    const base = git(dir, 'rev-parse', 'HEAD');
    commitFiles(dir, { 'b.txt': 'b\n' }, 'more');
    expect(await readGitInfo(dir, base)).toMatchObject({ base_ref: base, base_sha: base });
    await expect(readGitInfo(dir, 'no-such-ref')).rejects.toThrow(GitRefError);
    await expect(readGitInfo(dir, 'no-such-ref')).rejects.toThrow(/git fetch origin no-such-ref/);
  });
});
