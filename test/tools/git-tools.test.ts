import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileTool } from '../../src/core/tools/fs-tools.js';
import { createGitTools, DEFAULT_GIT_AUTHOR } from '../../src/core/tools/git-tools.js';
import type { Tool, ToolContext } from '../../src/core/tools/tool.js';
import { git, gitEnv, initRepo, makeSandbox, put, toolContext } from './tool-helpers.js';

/** Real repositories and the real git binary; HOME points at an empty directory. */

let box: ReturnType<typeof makeSandbox>;
let home: string;
let context: ToolContext;
let tools: Record<string, Tool>;

beforeEach(() => {
  box = makeSandbox('git');
  home = join(box.root, 'home');
  mkdirSync(home);
  initRepo(box.work, home);
  context = toolContext(box.work);
  tools = Object.fromEntries(createGitTools({ env: gitEnv(home) }).map((tool) => [tool.name, tool]));
});
afterEach(() => box.cleanup());

const call = (name: string, input: Record<string, unknown> = {}, ctx: ToolContext = context) =>
  (tools[name] as Tool).run(input, ctx);

describe('git_status', () => {
  it('is clean on a fresh repo and shows a file written by write_file', async () => {
    const clean = await call('git_status');
    expect(clean.isError).toBe(false);
    expect(clean.content).toBe('## main\n(clean: nothing to commit)');
    expect(clean.data).toMatchObject({ branch: 'main', clean: true });

    await writeFileTool.run({ path: 'src/greeting.txt', content: 'hello\n' }, context);
    put(box.work, 'README.md', '# demo\nmore\n');
    const dirty = await call('git_status');
    expect(dirty.content).toBe('## main\n M README.md\n?? src/greeting.txt');
    expect(dirty.data).toMatchObject({ clean: false, changes: 2 });
  });

  it('shows only the readable scope', async () => {
    put(box.work, 'src/a.txt', 'a');
    put(box.work, 'docs/b.txt', 'b');
    const narrow = toolContext(box.work, { read_scope: ['src'] });
    expect((await call('git_status', {}, narrow)).content).toBe('## main\n?? src/a.txt');
  });

  it('fails clearly outside a repository', async () => {
    const outside = toolContext(box.outside);
    const outcome = await call('git_status', {}, outside);
    expect(outcome.isError).toBe(true);
    expect(outcome.content).toMatch(/is not inside a git repository/);
  });
});

describe('git_diff', () => {
  it('shows unstaged and staged changes, optionally for one path', async () => {
    put(box.work, 'README.md', '# demo\nchanged\n');
    put(box.work, 'other.md', 'x\n');
    git(box.work, home, ['add', 'other.md']);

    const unstaged = await call('git_diff');
    expect(unstaged.isError).toBe(false);
    expect(unstaged.content).toContain('diff --git a/README.md b/README.md');
    expect(unstaged.content).toContain('+changed');
    expect(unstaged.content).not.toContain('other.md');

    const staged = await call('git_diff', { staged: true });
    expect(staged.content).toContain('diff --git a/other.md b/other.md');
    expect(staged.content).not.toContain('README.md');

    expect((await call('git_diff', { path: 'other.md' })).content).toBe(
      '(no unstaged changes to tracked files)',
    );
    expect((await call('git_diff', { path: 'README.md' })).content).toContain('+changed');
  });

  it('refuses a path outside the read scope', async () => {
    symlinkSync('/etc', join(box.work, 'etc'));
    const outcome = await call('git_diff', { path: 'etc/passwd' });
    expect(outcome.isError).toBe(true);
    expect(outcome.content).toMatch(/^read refused/);
  });
});

describe('git_branch', () => {
  it('lists, creates and switches branches', async () => {
    expect((await call('git_branch')).content).toBe('* main');

    const created = await call('git_branch', { name: 'truss/feature-1', create: true });
    expect(created.isError).toBe(false);
    expect(created.data).toMatchObject({ branch: 'truss/feature-1', created: true });
    expect(git(box.work, home, ['branch', '--show-current'])).toBe('truss/feature-1');
    expect((await call('git_branch')).content).toBe('  main\n* truss/feature-1');

    const again = await call('git_branch', { name: 'truss/feature-1', create: true });
    expect(again.isError).toBe(true);
    expect(again.content).toMatch(/already exists/);

    expect((await call('git_branch', { name: 'main' })).content).toBe('switched to branch main');
    expect(git(box.work, home, ['branch', '--show-current'])).toBe('main');
  });

  it('lists each branch by its name, as `git branch` does, even where a tag of that name makes it ambiguous', async () => {
    git(box.work, home, ['branch', 'v1']);
    git(box.work, home, ['tag', 'v1']);
    git(box.work, home, ['branch', 'tags/v2']);
    expect((await call('git_branch')).content).toBe('* main\n  tags/v2\n  v1');
    expect((await call('git_branch')).content).toBe(
      git(box.work, home, ['branch', '--no-color'])
        .split('\n')
        .filter((line) => line.length > 0)
        .join('\n'),
    );
  });

  it('refuses invalid branch names and option injection', async () => {
    for (const name of ['bad..name', '-D', 'has space']) {
      const outcome = await call('git_branch', { name, create: true });
      expect(outcome.isError, name).toBe(true);
      expect(outcome.content, name).toMatch(/is not a valid branch name/);
    }
  });

  it('does not switch branches when the repository is not entirely writable', async () => {
    git(box.work, home, ['branch', 'other']);
    mkdirSync(join(box.work, 'src'));
    const narrow = toolContext(box.work, { write_scope: ['src'] });
    const outcome = await call('git_branch', { name: 'other' }, narrow);
    expect(outcome.isError).toBe(true);
    expect(outcome.content).toMatch(/switching branches rewrites files across the repository/);
  });
});

describe('git_commit', () => {
  it('commits a change and returns the SHA that git rev-parse HEAD confirms', async () => {
    await writeFileTool.run({ path: 'greeting.txt', content: 'hello from the harness\n' }, context);
    const outcome = await call('git_commit', { message: 'Add greeting' });
    expect(outcome.isError).toBe(false);
    const sha = outcome.data?.sha;
    expect(sha).toMatch(/^[0-9a-f]{40}$/);
    expect(git(box.work, home, ['rev-parse', 'HEAD'])).toBe(sha);
    expect(outcome.content).toBe(`committed ${sha} on main: 1 file(s) changed`);
    expect(outcome.data).toMatchObject({ branch: 'main', files: ['greeting.txt'], fileCount: 1 });
    expect(git(box.work, home, ['log', '-1', '--format=%s'])).toBe('Add greeting');
    expect((await call('git_status')).content).toBe('## main\n(clean: nothing to commit)');
  });

  it('a commit without paths never takes truss state from .truss/', async () => {
    put(box.work, 'work.txt', 'w\n');
    put(box.work, '.truss/ledger.db', 'not for git\n');
    const outcome = await call('git_commit', { message: 'work' });
    expect(outcome.isError).toBe(false);
    expect(git(box.work, home, ['show', '--name-only', '--format=', 'HEAD'])).toBe('work.txt');
  });

  it('uses the default author per call, never writing any config', async () => {
    put(box.work, 'a.txt', 'a\n');
    const outcome = await call('git_commit', { message: 'a' });
    expect(outcome.data?.author).toBe(`${DEFAULT_GIT_AUTHOR.name} <${DEFAULT_GIT_AUTHOR.email}>`);
    expect(git(box.work, home, ['log', '-1', '--format=%an <%ae>|%cn <%ce>'])).toBe(
      'Truss Agent <truss@localhost>|Truss Agent <truss@localhost>',
    );
    expect(readFileSync(join(box.work, '.git/config'), 'utf8')).not.toContain('Truss Agent');
    expect(existsSync(join(home, '.gitconfig'))).toBe(false);
  });

  it('uses the author from the repository config when set', async () => {
    git(box.work, home, ['config', 'user.name', 'Repo Person']);
    git(box.work, home, ['config', 'user.email', 'repo@example.com']);
    put(box.work, 'a.txt', 'a\n');
    const outcome = await call('git_commit', { message: 'a' });
    expect(outcome.data?.author).toBe('Repo Person <repo@example.com>');
    expect(git(box.work, home, ['log', '-1', '--format=%an <%ae>'])).toBe('Repo Person <repo@example.com>');
  });

  it('refuses an empty commit with a clear message', async () => {
    const headBefore = git(box.work, home, ['rev-parse', 'HEAD']);
    const outcome = await call('git_commit', { message: 'nothing' });
    expect(outcome.isError).toBe(true);
    expect(outcome.content).toMatch(
      /^nothing to commit: no changes in the write scope .*empty commits are refused/,
    );
    expect(outcome.data).toMatchObject({ empty: true });
    expect(git(box.work, home, ['rev-parse', 'HEAD'])).toBe(headBefore);
  });

  it('commits only the given paths, including deletions', async () => {
    put(box.work, 'one.txt', '1\n');
    put(box.work, 'two.txt', '2\n');
    const outcome = await call('git_commit', { message: 'one only', paths: ['one.txt'] });
    expect(outcome.isError).toBe(false);
    expect(git(box.work, home, ['show', '--name-only', '--format=', 'HEAD'])).toBe('one.txt');
    expect(git(box.work, home, ['status', '--porcelain'])).toBe('?? two.txt');

    put(box.work, 'gone.txt', 'x\n');
    await call('git_commit', { message: 'add gone', paths: ['gone.txt'] });
    rmSync(join(box.work, 'gone.txt'));
    const deletion = await call('git_commit', { message: 'remove gone', paths: ['gone.txt'] });
    expect(deletion.isError).toBe(false);
    expect(git(box.work, home, ['show', '--name-status', '--format=', 'HEAD'])).toBe('D\tgone.txt');
  });

  it('never commits changes outside the write scope', async () => {
    mkdirSync(join(box.work, 'src'));
    const narrow = toolContext(box.work, { write_scope: ['src'] });
    put(box.work, 'src/in.txt', 'in\n');
    put(box.work, 'out.txt', 'out\n');
    const outcome = await call('git_commit', { message: 'scoped' }, narrow);
    expect(outcome.isError).toBe(false);
    expect(git(box.work, home, ['show', '--name-only', '--format=', 'HEAD'])).toBe('src/in.txt');
    expect(git(box.work, home, ['status', '--porcelain'])).toBe('?? out.txt');

    const refused = await call('git_commit', { message: 'x', paths: ['out.txt'] }, narrow);
    expect(refused.isError).toBe(true);
    expect(refused.content).toMatch(/^write refused: "out.txt" .*outside the write scope/);
  });

  it('does not run repository hooks', async () => {
    const marker = join(box.root, 'hook-ran');
    put(box.work, '.git/hooks/pre-commit', `#!/bin/sh\ntouch "${marker}"\nexit 1\n`);
    chmodSync(join(box.work, '.git/hooks/pre-commit'), 0o755);
    put(box.work, 'a.txt', 'a\n');
    const outcome = await call('git_commit', { message: 'no hooks' });
    expect(outcome.isError).toBe(false);
    expect(existsSync(marker)).toBe(false);
  });

  it('rejects an empty message', async () => {
    put(box.work, 'a.txt', 'a\n');
    const outcome = await call('git_commit', { message: '   ' });
    expect(outcome.isError).toBe(true);
    expect(outcome.content).toMatch(/^invalid input for git_commit: message: must not be empty/);
  });

  it('is declared side-effecting (memoised on resume); status and diff are not', () => {
    expect(tools.git_commit?.sideEffect).toBe(true);
    expect(tools.git_branch?.sideEffect).toBe(true);
    expect(tools.git_status?.sideEffect).toBe(false);
    expect(tools.git_diff?.sideEffect).toBe(false);
  });
});
