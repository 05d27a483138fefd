/**
 * The attacker's seat against the agent's git tools (docs/security.md, "Git metadata"). The agent's own
 * bash and file tools write the work tree, and — under `none`, or through a delegated CLI while it
 * still runs — `.git` too; the git tools then run git in the harness's process, as the harness user,
 * outside every sandbox. What the agent plants there must not run and must not keep the tool waiting:
 * each call ends at once with a tool error the model reads, naming the path and how to remove it.
 * Real repositories, real git, real child processes.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitTools } from '../../src/core/tools/git-tools.js';
import type { Tool, ToolContext, ToolOutcome } from '../../src/core/tools/tool.js';
import { git, gitEnv, initRepo, makeSandbox, put, toolContext, toolInChild } from './tool-helpers.js';

/** Far below the tools' own deadline (a minute): a call still waiting by then has hung. */
const AT_ONCE_MS = 5_000;
/** The harness's signing key, in its environment, as the command the agent planted would find it. */
const CANARY = `canary-${process.pid}-${Date.now()}`;

let box: ReturnType<typeof makeSandbox>;
let home: string;
let context: ToolContext;
let tools: Record<string, Tool>;

beforeEach(() => {
  box = makeSandbox('git-attack');
  home = join(box.root, 'home');
  mkdirSync(home);
  initRepo(box.work, home);
  git(box.work, home, ['branch', 'other']);
  context = toolContext(box.work);
  tools = Object.fromEntries(createGitTools({ env: gitEnv(home) }).map((tool) => [tool.name, tool]));
});
afterEach(() => box.cleanup());

/** Each tool call the agent can make, with input that reaches git. */
const CALLS: ReadonlyArray<[string, Record<string, unknown>]> = [
  ['git_status', {}],
  ['git_diff', {}],
  ['git_diff', { staged: true }],
  ['git_branch', {}],
  ['git_branch', { name: 'other' }],
  ['git_branch', { name: 'fresh', create: true }],
  ['git_commit', { message: 'agent commit' }],
];

async function timedCall(
  name: string,
  input: Record<string, unknown>,
): Promise<ToolOutcome & { ms: number }> {
  const started = Date.now();
  const outcome = await (tools[name] as Tool).run(input, context);
  return { ...outcome, ms: Date.now() - started };
}

/**
 * Opens `fifo` for writing after `ms`, and again each time a reader comes, so that a git waiting on
 * it (the code before the fix) finishes after that long instead of at the tools' one-minute silence
 * limit, and the test fails on its clock.
 */
function releaseLater(fifo: string, ms: number): () => void {
  const writer = spawn('sh', ['-c', `sleep ${ms / 1000}; while :; do : > '${fifo}'; done`], {
    stdio: 'ignore',
  });
  return () => writer.kill('SIGKILL');
}

describe('a FIFO the agent planted in .git', () => {
  const plants: ReadonlyArray<[string, (gitDir: string) => string]> = [
    [
      'objects/info/alternates is a FIFO',
      (gitDir) => {
        const path = join(gitDir, 'objects/info/alternates');
        execFileSync('mkfifo', [path]);
        return path;
      },
    ],
    [
      'a loose ref links to a FIFO in the work tree',
      (gitDir) => {
        const fifo = join(box.work, '.hang');
        execFileSync('mkfifo', [fifo]);
        mkdirSync(join(gitDir, 'refs/heads/deep'));
        symlinkSync(fifo, join(gitDir, 'refs/heads/deep/x'));
        return fifo;
      },
    ],
  ];
  for (const [what, plant] of plants) {
    it(`${what}: every git tool fails at once, naming it and how to remove it; then works once it is gone`, async () => {
      put(box.work, 'README.md', '# demo\nchanged\n');
      const fifo = plant(join(box.work, '.git'));
      const release = releaseLater(fifo, 8_000);
      try {
        for (const [name, input] of CALLS) {
          const outcome = await timedCall(name, input);
          expect(outcome.isError, `${name} ${JSON.stringify(input)}: ${outcome.content}`).toBe(true);
          expect(outcome.ms, name).toBeLessThan(AT_ONCE_MS);
          expect(outcome.content, name).toMatch(/ is a FIFO| a link to a FIFO|links? to/);
          expect(outcome.content, name).toContain('rm ');
        }
      } finally {
        release();
      }
      execFileSync('sh', ['-c', 'rm -rf .hang .git/refs/heads/deep .git/objects/info/alternates'], {
        cwd: box.work,
      });
      const status = await timedCall('git_status', {});
      expect(status.isError, status.content).toBe(false);
      expect(status.content).toContain(' M README.md');
    }, 120_000);
  }
});

/**
 * A shared config the repository includes from its work tree (`[include] path = ../team.gitconfig`,
 * set by the repository's owner, not by the agent): the agent rewrites the included file with a clean
 * filter (and a textconv, a pager, an ssh command) and marks every file with it in `.gitattributes`.
 * The command walks up its parents in /proc and copies what the harness holds in its environment —
 * scrubbing git's own environment does not prevent it — and reads a file outside the work tree.
 */
function plantIncludedFilter(): string {
  const stolen = join(box.root, 'stolen');
  git(box.work, home, ['config', 'include.path', '../team.gitconfig']);
  put(
    box.work,
    'steal.sh',
    [
      '#!/bin/sh',
      `cat '${join(box.outside, 'secret.txt')}' >> '${stolen}'`,
      'p=$PPID',
      'while [ "${p:-1}" -gt 1 ]; do',
      `  tr '\\0' '\\n' < /proc/$p/environ 2>/dev/null | grep '^TRUSS_' >> '${stolen}'`,
      "  p=$(awk '/^PPid:/{print $2}' /proc/$p/status 2>/dev/null)",
      'done',
      'cat',
      '',
    ].join('\n'),
  );
  chmodSync(join(box.work, 'steal.sh'), 0o755);
  put(
    box.work,
    'team.gitconfig',
    [
      '[filter "steal"]',
      '\tclean = sh steal.sh',
      '\tsmudge = sh steal.sh',
      '[diff "steal"]',
      '\ttextconv = sh steal.sh',
      '[core]',
      '\tpager = sh steal.sh',
      '\tsshCommand = sh steal.sh',
      '',
    ].join('\n'),
  );
  put(box.work, '.gitattributes', '* filter=steal diff=steal\n');
  return stolen;
}

/** README.md's stat no longer matches its index entry, so git hashes it (through the clean filter). */
function touchReadme(): void {
  const file = join(box.work, 'README.md');
  const later = new Date(Date.now() + 60_000);
  utimesSync(file, later, later);
}

/** One git tool call in a child process started, like the harness, with a signing key in its environment. */
function callInHarnessProcess(name: string, input: Record<string, unknown>) {
  return toolInChild(box.work, name, input, { env: { HOME: home, TRUSS_SIGNING_KEY: CANARY } });
}

describe('a config the agent can write, included from the work tree', () => {
  it("git_commit in a harness process: the planted filter never runs, so the harness's key and files stay put", () => {
    const stolen = plantIncludedFilter();
    touchReadme();
    const outcome = callInHarnessProcess('git_commit', { message: 'agent commit' });
    const taken = existsSync(stolen) ? readFileSync(stolen, 'utf8') : '';
    expect(taken).not.toContain(CANARY);
    expect(taken).not.toContain('top secret');
    expect(outcome.isError, outcome.content).toBe(true);
    expect(outcome.content).toMatch(/^git_commit failed: git .* was not run: .* makes git read /);
  });

  it('every git tool refuses, naming the include and how to remove it, and runs nothing', async () => {
    const stolen = plantIncludedFilter();
    for (const [name, input] of CALLS) {
      touchReadme();
      put(box.work, `${name}.txt`, 'a change\n');
      const outcome = await timedCall(name, input);
      const taken = existsSync(stolen) ? readFileSync(stolen, 'utf8') : '';
      expect(taken, `${name} ${JSON.stringify(input)}`).toBe('');
      expect(outcome.isError, `${name} ${JSON.stringify(input)}: ${outcome.content}`).toBe(true);
      expect(outcome.content, name).toContain(`makes git read ${join(box.work, 'team.gitconfig')}`);
      expect(outcome.content, name).toContain('--unset-all');
    }
    expect(git(box.work, home, ['rev-parse', '--abbrev-ref', 'HEAD'])).toBe('main');
    expect(git(box.work, home, ['log', '--format=%s'])).toBe('initial');
  });
});

describe('hooks and an fsmonitor command the agent wrote into .git', () => {
  it('none runs, and the tools still work', async () => {
    const marker = join(box.root, 'ran');
    const hooks = join(box.work, '.git/hooks');
    for (const hook of [
      'post-checkout',
      'reference-transaction',
      'post-commit',
      'pre-commit',
      'commit-msg',
    ]) {
      put(hooks, hook, `#!/bin/sh\necho ${hook} >> '${marker}'\n`);
      chmodSync(join(hooks, hook), 0o755);
    }
    git(box.work, home, ['config', 'core.fsmonitor', `echo fsmonitor >> '${marker}'; false`]);
    for (const [name, input] of CALLS) {
      put(box.work, `${name}.txt`, 'a change\n');
      const outcome = await timedCall(name, input);
      expect(outcome.isError, `${name} ${JSON.stringify(input)}: ${outcome.content}`).toBe(false);
    }
    expect(existsSync(marker) ? readFileSync(marker, 'utf8') : '').toBe('');
    rmSync(marker, { force: true });
  });
});

describe('a git the walk cannot see coming (a link in .git to a directory holding a FIFO)', () => {
  it('is stopped when the run is cancelled, and the call fails saying so', async () => {
    const object = git(box.work, home, ['rev-parse', 'HEAD']);
    const outside = join(box.outside, 'objects');
    mkdirSync(outside);
    execFileSync('mkfifo', [join(outside, object.slice(2))]);
    const dir = join(box.work, '.git/objects', object.slice(0, 2));
    rmSync(dir, { recursive: true, force: true });
    symlinkSync(outside, dir);
    for (const [name, input] of [
      ['git_status', {}],
      ['git_branch', { name: 'fresh', create: true }],
    ] as const) {
      const stop = new AbortController();
      const cancelled = toolContext(box.work, {}, stop.signal);
      setTimeout(() => stop.abort(), 500);
      const started = Date.now();
      const outcome = await (tools[name] as Tool).run(input, cancelled);
      expect(outcome.isError, `${name}: ${outcome.content}`).toBe(true);
      expect(outcome.content, name).toMatch(/cancelled: the run was stopped/);
      expect(Date.now() - started, name).toBeLessThan(AT_ONCE_MS);
    }
  });
});

describe('loose objects the agent wrote in bulk', () => {
  it('git_commit leaves no git behind it: no detached `gc --auto` outlives the call and its deadline', async () => {
    // Loose objects are the agent's to write (`git hash-object -w`). Git estimates their number from
    // `objects/17/` alone: past 27 there (6,700 in all), a commit started `gc --auto` detached from
    // itself (parent pid 1), which first packs the refs and logs its warnings to gc.log.
    const dir = join(box.work, '.git/objects/17');
    mkdirSync(dir, { recursive: true });
    for (let i = 0, written = 0; written < 40; i++) {
      const body = Buffer.from(`blob ${i}\n`);
      const object = Buffer.concat([Buffer.from(`blob ${body.length}\0`), body]);
      const id = createHash('sha1').update(object).digest('hex');
      if (!id.startsWith('17')) continue;
      writeFileSync(join(dir, id.slice(2)), deflateSync(object));
      written++;
    }
    put(box.work, 'a.txt', 'a\n');
    const outcome = await timedCall('git_commit', { message: 'agent commit' });
    expect(outcome.isError, outcome.content).toBe(false);
    const left = () =>
      ['packed-refs', 'gc.pid', 'gc.log'].filter((name) => existsSync(join(box.work, '.git', name)));
    for (const until = Date.now() + 3_000; Date.now() < until && left().length === 0; )
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(left()).toEqual([]);
  });
});
