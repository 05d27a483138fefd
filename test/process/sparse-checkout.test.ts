/**
 * A sparse checkout leaves the paths outside its cone out of the working tree, marked skip-worktree
 * in `.git/index`. The private indexes the snapshots and the reviewers' evidence use trust no flag of
 * that index (the work may write it), yet must not read those paths as deleted: the flag is honoured
 * exactly while the file is absent (src/core/process/sparse-entries.ts). Real git repositories.
 */
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffSnapshots, snapshotWorktree } from '../../src/core/process/worktree-snapshot.js';
import { readGitInfo } from '../../src/core/verify/git-info.js';
import { collectReviewEvidence } from '../../src/core/verify/review-evidence.js';
import { commitFiles, git, makeRepo } from '../helpers/git.js';
import { tempDir } from '../helpers/temp-dir.js';

const env = { PATH: process.env.PATH, HOME: process.env.HOME };

/** A repository on `feature` (a change to `app/main.ts`), checked out sparse: only `app/` is on disk. */
function sparseRepo(): string {
  const dir = makeRepo({
    'app/main.ts': 'export const a = 1;\n',
    'lib/util.ts': 'export const u = 1;\n',
    'lib/more.ts': 'export const m = 1;\n',
    'README.md': '# r\n',
  });
  git(dir, 'checkout', '-q', '-b', 'feature');
  commitFiles(dir, { 'app/main.ts': 'export const a = 2;\n' }, 'feature');
  git(dir, 'sparse-checkout', 'set', 'app');
  return dir;
}

function skipWorktree(dir: string, path: string): void {
  execFileSync('git', ['update-index', '--skip-worktree', path], { cwd: dir });
}

describe('a sparse checkout', () => {
  it('reviewers see the change, not every path outside the cone deleted', async () => {
    const dir = sparseRepo();
    const evidence = await collectReviewEvidence({
      env: process.env,
      workdir: dir,
      git: await readGitInfo(dir, 'main'),
      contextFiles: [],
      scratchParent: tempDir('sparse-evidence').dir,
    });
    expect(evidence.diff).toContain('+export const a = 2;');
    expect(evidence.diff).not.toContain('lib/util.ts');
    expect(evidence.diff).not.toContain('deleted file');
  });

  it("an agent's recorded diff holds its change, and deletes nothing outside the cone", async () => {
    const dir = sparseRepo();
    const scratch = tempDir('sparse-snapshot').dir;
    const before = await snapshotWorktree(dir, env, scratch, { keep: true });
    writeFileSync(join(dir, 'app/main.ts'), 'export const a = 3;\n');
    for (const after of [
      await snapshotWorktree(dir, env, scratch, { since: before }),
      await snapshotWorktree(dir, env),
    ]) {
      const changes = await diffSnapshots(before, after, env, 1_000_000);
      expect(changes.changedFiles).toEqual(['app/main.ts']);
      // The tree a fan-out attempt's copy is made from still holds the paths outside the cone.
      expect(git(dir, 'ls-tree', '-r', '--name-only', after.tree).split('\n')).toContain('lib/util.ts');
    }
  });

  it('the flag hides nothing the work writes: a file put or changed at a flagged path is read', async () => {
    const dir = sparseRepo();
    const scratch = tempDir('sparse-attack').dir;
    const before = await snapshotWorktree(dir, env, scratch, { keep: true });
    // A change in the cone marked skip-worktree, and a file written where the cone left a path out.
    writeFileSync(join(dir, 'app/main.ts'), 'export const a = 4;\n');
    skipWorktree(dir, 'app/main.ts');
    writeFileSync(join(dir, 'README.md'), '# planted\n');
    const after = await snapshotWorktree(dir, env, scratch, { since: before });
    const changes = await diffSnapshots(before, after, env, 1_000_000);
    expect(changes.changedFiles.sort()).toEqual(['README.md', 'app/main.ts']);
    const evidence = await collectReviewEvidence({
      env: process.env,
      workdir: dir,
      git: await readGitInfo(dir, 'main'),
      contextFiles: [],
      scratchParent: scratch,
    });
    expect(evidence.diff).toContain('+export const a = 4;');
    expect(evidence.diff).toContain('+# planted');
  });

  it('a file the work deleted and flagged is kept in what ships, and shown unchanged', async () => {
    const dir = sparseRepo();
    const scratch = tempDir('sparse-delete').dir;
    const before = await snapshotWorktree(dir, env, scratch, { keep: true });
    rmSync(join(dir, 'app/main.ts'));
    skipWorktree(dir, 'app/main.ts');
    const after = await snapshotWorktree(dir, env, scratch, { since: before });
    expect((await diffSnapshots(before, after, env, 1_000_000)).changedFiles).toEqual([]);
  });
});
