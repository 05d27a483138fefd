/**
 * The in-loop agent's git tools check `.git` and the configs once per tool call, before its first
 * git (docs/security.md, "Git metadata"): what the agent planted before the call is refused at once
 * all the same, naming it, and the call runs no git. Real repository, real git.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitTools } from '../../src/core/tools/git-tools.js';
import type { Tool, ToolContext } from '../../src/core/tools/tool.js';
import { git, gitEnv, initRepo, makeSandbox, put, toolContext } from './tool-helpers.js';

let box: ReturnType<typeof makeSandbox>;
let home: string;
let context: ToolContext;
let tools: Record<string, Tool>;

beforeEach(() => {
  box = makeSandbox('git-once');
  home = join(box.root, 'home');
  mkdirSync(home);
  initRepo(box.work, home);
  context = { ...toolContext(box.work), workIdle: true };
  tools = Object.fromEntries(createGitTools({ env: gitEnv(home) }).map((tool) => [tool.name, tool]));
});
afterEach(() => box.cleanup());

describe('one check per git tool call (no work running meanwhile)', () => {
  it('a FIFO planted before the call: every tool is refused at once, naming it; nothing is committed', async () => {
    put(box.work, 'README.md', '# demo\nchanged\n');
    const fifo = join(box.work, '.git', 'objects', 'info', 'alternates');
    execFileSync('mkfifo', [fifo]);
    for (const [name, input] of [
      ['git_status', {}],
      ['git_diff', {}],
      ['git_branch', {}],
      ['git_commit', { message: 'agent commit' }],
    ] as const) {
      const started = Date.now();
      const outcome = await (tools[name] as Tool).run(input, context);
      expect(outcome.isError, name).toBe(true);
      expect(outcome.content, name).toContain(`${fifo} is a FIFO`);
      expect(Date.now() - started, name).toBeLessThan(3_000);
    }
    execFileSync('rm', [fifo]);
    expect(git(box.work, home, ['log', '--format=%s'])).toBe('initial');
    const status = await (tools.git_status as Tool).run({}, context);
    expect(status.isError, status.content).toBe(false);
    expect(status.content).toContain(' M README.md');
  }, 60_000);
});

describe('a linked worktree the agent works in', () => {
  for (const workIdle of [true, false]) {
    it(`${workIdle ? 'one check per call' : 'a check before each git'}: a FIFO at its own index (in the repository's admin directory) refuses git_status at once`, async () => {
      const wt = join(box.root, 'wt');
      git(box.work, home, ['worktree', 'add', '-q', '-b', 'side', wt]);
      const index = join(box.work, '.git', 'worktrees', 'wt', 'index');
      execFileSync('rm', [index]);
      execFileSync('mkfifo', [index]);
      const started = Date.now();
      const outcome = await (tools.git_status as Tool).run({}, { ...toolContext(wt), workIdle });
      expect(outcome.isError).toBe(true);
      expect(outcome.content).toContain(`${index} is a FIFO`);
      expect(Date.now() - started).toBeLessThan(3_000);
    }, 90_000);
  }
});
