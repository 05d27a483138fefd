/**
 * stageAll stages what `git add --all` would, without asking a submodule anything: real git, a
 * working copy changed in every way a check or an agent can (a directory made a link, a file made a
 * directory, a mode, a link made a file, a rename, an ignored file), compared with `git add -A` on
 * an identical copy. `update-index --remove` refuses a tracked path beyond a symbolic link, so one
 * directory replaced by a link made every snapshot, patch and commit of the work fail. A sparse
 * checkout (actions/checkout's `sparse-checkout`) must keep the paths it left out: staging them as
 * deleted would make the publisher commit their removal.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { harnessGit, stageAll } from '../../src/core/process/git-safety.js';
import { snapshotWorktree } from '../../src/core/process/worktree-snapshot.js';

let root: string;
const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };
const git = (cwd: string, args: string[]) =>
  execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.com', ...args], {
    cwd,
    env,
    encoding: 'utf8',
  });

/** A committed repository, then changed as the work might change it. */
function changedRepo(name: string): string {
  const repo = join(root, name);
  mkdirSync(repo);
  git(repo, ['init', '-q']);
  for (const dir of ['dir', 'moved', 'keep', 'sub/deep']) mkdirSync(join(repo, dir), { recursive: true });
  writeFileSync(join(repo, 'dir/passwd'), 'tracked\n');
  writeFileSync(join(repo, 'moved/f'), 'moved\n');
  writeFileSync(join(repo, 'keep/k'), 'k\n');
  writeFileSync(join(repo, 'file'), 'a\n');
  writeFileSync(join(repo, 'modef'), 'm\n');
  writeFileSync(join(repo, 'sub/deep/x'), 'x\n');
  symlinkSync('file', join(repo, 'lnk'));
  git(repo, ['add', '-A']);
  git(repo, ['commit', '-q', '-m', 'base']);
  rmSync(join(repo, 'dir'), { recursive: true });
  symlinkSync(join(root, 'outside'), join(repo, 'dir'));
  rmSync(join(repo, 'file'));
  mkdirSync(join(repo, 'file'));
  writeFileSync(join(repo, 'file/inner'), 'y\n');
  chmodSync(join(repo, 'modef'), 0o755);
  rmSync(join(repo, 'lnk'));
  writeFileSync(join(repo, 'lnk'), 'not a link\n');
  execFileSync('mv', [join(repo, 'moved'), join(repo, 'renamed')]);
  rmSync(join(repo, 'keep'), { recursive: true });
  writeFileSync(join(repo, 'keep'), 'now a file\n');
  writeFileSync(join(repo, '.gitignore'), 'ignored.txt\n');
  writeFileSync(join(repo, 'ignored.txt'), 'ignored\n');
  rmSync(join(repo, 'sub/deep/x'));
  writeFileSync(join(repo, 'sub/deep/new'), 'new\n');
  return repo;
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'truss-stage-all-'));
  mkdirSync(join(root, 'outside'));
  writeFileSync(join(root, 'outside/passwd'), 'outside the working copy\n');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('stageAll', () => {
  it('stages what git add -A stages, a directory made a link included', async () => {
    const expected = changedRepo('expected');
    git(expected, ['add', '-A']);
    const actual = changedRepo('actual');
    await stageAll(harnessGit(actual, { env }), [':/']);
    expect(git(actual, ['ls-files', '-s'])).toBe(git(expected, ['ls-files', '-s']));
    expect(git(actual, ['ls-files', '-s', 'dir'])).toMatch(/^120000 /);
  });

  it('run from a subdirectory, with specs from the top', async () => {
    const expected = changedRepo('expected');
    git(expected, ['add', '-A']);
    const actual = changedRepo('actual');
    await stageAll(harnessGit(join(actual, 'sub'), { env }), [':/']);
    expect(git(actual, ['ls-files', '-s'])).toBe(git(expected, ['ls-files', '-s']));
  });

  it("snapshotWorktree of a subdirectory records the whole work tree, as git add -A's tree", async () => {
    const expected = changedRepo('expected');
    git(expected, ['add', '-A']);
    const tree = git(expected, ['write-tree']).trim();
    const actual = changedRepo('actual');
    for (const from of [join(actual, 'sub/deep'), actual]) {
      const snapshot = await snapshotWorktree(from, env, root);
      expect(snapshot.tree).toBe(tree);
      expect(snapshot.head).toBe(git(actual, ['rev-parse', 'HEAD']).trim());
    }
    // Before the first commit: no HEAD, and the tree of what is there.
    const unborn = join(root, 'unborn');
    mkdirSync(unborn);
    git(unborn, ['init', '-q']);
    writeFileSync(join(unborn, 'first'), 'first\n');
    const snapshot = await snapshotWorktree(unborn, env, root);
    expect(snapshot.head).toBeNull();
    git(unborn, ['add', '-A']);
    expect(snapshot.tree).toBe(git(unborn, ['write-tree']).trim());
  });

  it('keeps what a sparse checkout left out, and stages a left-out path the work wrote', async () => {
    const repo = join(root, 'sparse');
    mkdirSync(join(repo, 'in'), { recursive: true });
    mkdirSync(join(repo, 'out'));
    git(repo, ['init', '-q']);
    writeFileSync(join(repo, 'in/x'), 'x\n');
    writeFileSync(join(repo, 'out/y'), 'y\n');
    writeFileSync(join(repo, 'out/z'), 'z\n');
    git(repo, ['add', '-A']);
    git(repo, ['commit', '-q', '-m', 'base']);
    git(repo, ['sparse-checkout', 'set', 'in']);
    writeFileSync(join(repo, 'in/x'), 'changed\n');
    mkdirSync(join(repo, 'out'));
    writeFileSync(join(repo, 'out/y'), 'planted\n');
    await stageAll(harnessGit(repo, { env }), [':/']);
    // out/z stays as committed and left out: not staged as deleted, which the publisher would commit.
    expect(git(repo, ['ls-files', '-t', 'out/z'])).toBe('S out/z\n');
    expect(git(repo, ['diff', '--cached', '--name-status'])).toBe('M\tin/x\nM\tout/y\n');
    // `git add -A` would keep the committed out/y; the checks ran against the planted one, so the
    // snapshot the reviewers and the publisher see holds it.
    expect(git(repo, ['show', ':out/y'])).toBe('planted\n');
  });
});
