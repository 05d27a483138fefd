/**
 * A nested repository staged as a gitlink (a submodule) is a repository of the work's own making:
 * its `.git/config` is not the guarded one, and git asks a populated submodule for its status by
 * running `git status` inside it — with that repository's config and `.gitattributes`, so its
 * `filter.X.clean` command. Under uid an agent's `bash` made one (`git init sub`, a filter, `git add
 * sub`) and the snapshot the harness takes after the agent ran the filter as root. Every git the
 * harness runs in a working copy must leave submodules unasked. Real git, real repositories.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { snapshotWorktree } from '../../src/core/process/worktree-snapshot.js';
import { createGitTools } from '../../src/core/tools/git-tools.js';
import { readGitInfo } from '../../src/core/verify/git-info.js';
import { collectReviewEvidence } from '../../src/core/verify/review-evidence.js';
import { captureWorkdirPatch } from '../../src/github/workdir-patch.js';
import { gitEnv, initRepo, makeSandbox, toolContext } from '../tools/tool-helpers.js';

let box: ReturnType<typeof makeSandbox>;
let marker: string;
let env: Record<string, string>;
const run = (cwd: string, args: string[]) =>
  execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.com', ...args], {
    cwd,
    env: { ...env, GIT_CONFIG_NOSYSTEM: '1' },
    encoding: 'utf8',
  }).trim();

beforeEach(() => {
  box = makeSandbox('submodule');
  marker = join(box.outside, 'FILTER-RAN');
  env = gitEnv(box.root);
  initRepo(box.work, box.root);
  const sub = join(box.work, 'sub');
  run(box.work, ['init', '-q', 'sub']);
  writeFileSync(join(sub, 'f'), 'hi\n');
  writeFileSync(join(sub, '.gitattributes'), '* filter=evil\n');
  run(sub, ['add', '.']);
  run(sub, ['commit', '-q', '-m', 'nested']);
  run(sub, ['config', 'filter.evil.clean', `sh -c 'echo ran >> "${marker}"; cat'`]);
  run(box.work, ['add', 'sub']);
  run(box.work, ['commit', '-q', '-m', 'submodule']);
});
afterEach(() => box.cleanup());

/** The nested file's stat no longer matches its index, so a status inside it hashes it (filter). */
function dirty(): void {
  rmSync(marker, { force: true });
  const file = join(box.work, 'sub/f');
  writeFileSync(file, 'hi\n');
  const later = new Date(Date.now() + 60_000);
  utimesSync(file, later, later);
}

/** The agent's status, diff and commit tools, each after the nested repository was dirtied again. */
async function gitToolsRunNoFilter(): Promise<void> {
  const tools = new Map(createGitTools({ env }).map((tool) => [tool.name, tool]));
  const context = toolContext(box.work);
  for (const [name, input] of [
    ['git_status', {}],
    ['git_diff', {}],
    ['git_commit', { message: 'agent commit' }],
  ] as const) {
    dirty();
    writeFileSync(join(box.work, `${name}.txt`), 'a change to commit\n');
    const outcome = await tools.get(name)?.run(input, context);
    expect(outcome?.isError, `${name}: ${outcome?.content}`).toBe(false);
    expect(existsSync(marker), name).toBe(false);
  }
}

describe("a nested repository's filter never runs in the harness's git", () => {
  it('the setup really runs the filter when git asks the submodule (plain git status)', () => {
    dirty();
    run(box.work, ['status', '--porcelain']);
    expect(existsSync(marker)).toBe(true);
  });

  it('the worktree snapshot after an agent', async () => {
    dirty();
    await snapshotWorktree(box.work, env);
    expect(existsSync(marker)).toBe(false);
  });

  it('the snapshot still records a submodule the work moved to another commit', async () => {
    run(join(box.work, 'sub'), ['commit', '-q', '--allow-empty', '-m', 'bump']);
    const snapshot = await snapshotWorktree(box.work, env);
    const subHead = run(join(box.work, 'sub'), ['rev-parse', 'HEAD']);
    expect(run(box.work, ['ls-tree', snapshot.tree, 'sub'])).toContain(`160000 commit ${subHead}`);
  });

  it("the run's git facts and the reviewers' diff", async () => {
    dirty();
    const info = await readGitInfo(box.work);
    await collectReviewEvidence({ env: process.env, workdir: box.work, git: info, contextFiles: [] });
    expect(existsSync(marker)).toBe(false);
  });

  it("the agent's git tools", async () => {
    await gitToolsRunNoFilter();
  });

  it("the Action's patch of the work for a later job", async () => {
    dirty();
    await captureWorkdirPatch(box.work, run(box.work, ['rev-parse', 'HEAD']));
    expect(existsSync(marker)).toBe(false);
  });
});

describe("the work's own .gitmodules cannot undo diff.ignoreSubmodules (submodule.sub.ignore = none)", () => {
  beforeEach(() => {
    writeFileSync(
      join(box.work, '.gitmodules'),
      '[submodule "sub"]\n\tpath = sub\n\turl = ./sub\n\tignore = none\n',
    );
  });

  it('the setup really runs the filter under the harness setting alone', () => {
    dirty();
    run(box.work, ['-c', 'diff.ignoreSubmodules=dirty', 'status', '--porcelain']);
    expect(existsSync(marker)).toBe(true);
  });

  it("the run's git facts, the reviewers' diff, the snapshot and the Action's patch", async () => {
    dirty();
    const info = await readGitInfo(box.work);
    await collectReviewEvidence({ env: process.env, workdir: box.work, git: info, contextFiles: [] });
    await snapshotWorktree(box.work, env);
    await captureWorkdirPatch(box.work, run(box.work, ['rev-parse', 'HEAD']));
    expect(existsSync(marker)).toBe(false);
  });

  it("the agent's git tools", async () => {
    await gitToolsRunNoFilter();
  });

  it("the agent's git_branch switching to another branch", async () => {
    run(box.work, ['branch', 'other']);
    writeFileSync(join(box.work, 'later.txt'), 'a commit the other branch lacks\n');
    run(box.work, ['add', 'later.txt']);
    run(box.work, ['commit', '-q', '-m', 'later']);
    const tools = new Map(createGitTools({ env }).map((tool) => [tool.name, tool]));
    dirty();
    const outcome = await tools.get('git_branch')?.run({ name: 'other' }, toolContext(box.work));
    expect(outcome?.isError, outcome?.content).toBe(false);
    expect(existsSync(marker)).toBe(false);
  });
});
