import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { bundledScript } from '../helpers/bundled-script.js';
import { REPO_ROOT } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';
import { gitEnv } from './tool-context.js';

export { ALL_TOOLS, constraints, gitEnv, toolContext } from './tool-context.js';

/** A sandbox root holding `work/` (the workdir) and `outside/` (a sibling the tools must not reach). */
export function makeSandbox(prefix: string): {
  root: string;
  work: string;
  outside: string;
  cleanup: () => void;
} {
  const root = realpathSync(tempDir(`tools-${prefix}`).dir);
  const work = join(root, 'work');
  const outside = join(root, 'outside');
  mkdirSync(work);
  mkdirSync(outside);
  writeFileSync(join(outside, 'secret.txt'), 'top secret\n');
  return { root, work, outside, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

export function put(dir: string, path: string, content: string): string {
  const full = join(dir, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, content);
  return full;
}

/** Runs real git in `cwd` with the isolated environment; returns trimmed stdout. */
export function git(cwd: string, home: string, args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    env: { ...gitEnv(home), GIT_CONFIG_NOSYSTEM: '1' },
    encoding: 'utf8',
  }).trim();
}

/** A real repository with one commit (README.md) on `main`, authored by a fixed test identity. */
export function initRepo(dir: string, home: string): void {
  git(dir, home, ['init', '-q', '-b', 'main']);
  put(dir, 'README.md', '# demo\n');
  git(dir, home, ['add', 'README.md']);
  git(dir, home, [
    '-c',
    'user.name=Setup',
    '-c',
    'user.email=setup@example.com',
    'commit',
    '-q',
    '-m',
    'initial',
  ]);
}

/** What a tool call in a child process returned (test/helpers/tool-under-heap.ts). */
export interface ChildToolOutcome {
  isError: boolean;
  content: string;
  data: Record<string, unknown>;
  ms: number;
}

/** test/helpers/tool-under-heap.ts as plain JavaScript (bundledScript), for `node [flags] SCRIPT …`. */
export function toolUnderHeapScript(): string {
  return bundledScript(join(REPO_ROOT, 'test/helpers/tool-under-heap.ts'));
}

/**
 * One tool call made once in a child Node process (test/helpers/tool-under-heap.ts), with `nodeArgs`
 * (a small heap) and `env` on top of this process's (HOME, a secret the harness would hold); the
 * whole content comes back. Fails the test when the child itself fails.
 */
export function toolInChild(
  workdir: string,
  name: string,
  input: Record<string, unknown>,
  options: { nodeArgs?: readonly string[]; env: Record<string, string> },
): ChildToolOutcome {
  const child = spawnSync(
    process.execPath,
    [...(options.nodeArgs ?? []), toolUnderHeapScript(), workdir, name, JSON.stringify(input), 'full'],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, ...options.env },
      encoding: 'utf8',
      timeout: 60_000,
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (child.status !== 0) throw new Error(`${name} in a child process failed: ${child.stderr.slice(-2000)}`);
  return JSON.parse(child.stdout) as ChildToolOutcome;
}
