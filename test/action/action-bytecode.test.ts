/**
 * The built Action (dist/action.cjs) runs its CommonJS bundle with V8's bytecode kept between jobs in
 * a private cache directory (src/core/bytecode-cache.ts), one file per event: what a self-hosted
 * runner's next job starts from. A GitHub-hosted job keeps none (a fresh machine reads nothing back).
 * The Action started without inputs fails at its first input check, with its whole bundle loaded and
 * its bytecode kept at exit, like any job. The bytecode is real code execution in the next job, which
 * holds the signing key: planted bytecode runs from the Action's own directory (so the planting works)
 * and never from one other accounts can write.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { builtEntry } from '../helpers/built-dist.js';
import { plantableBytecode } from '../helpers/planted-bytecode.js';
import { type TempDir, tempDir } from '../helpers/temp-dir.js';

const ACTION = builtEntry('action.cjs');
const BUNDLE = join(ACTION, '..', 'action-main.cjs');
const NO_TOKEN = /input github-token: github-token is empty/;

function action(env: Record<string, string>, entry = ACTION) {
  const run = spawnSync(process.execPath, [entry], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', GITHUB_EVENT_NAME: 'pull_request', ...env },
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('the bytecode cache of the built Action', () => {
  let temp: TempDir;
  afterEach(() => temp?.cleanup());

  function home(): { dir: string; env: Record<string, string> } {
    temp = tempDir('action-bytecode');
    chmodSync(temp.dir, 0o755);
    const xdg = temp.path('cache');
    return {
      dir: join(xdg, 'truss', 'action-bytecode'),
      env: { HOME: temp.path('home'), XDG_CACHE_HOME: xdg },
    };
  }

  it('is written once per event, owner-only, and reused unchanged by the next job', () => {
    const { dir, env } = home();
    const first = action(env);
    expect(first.code).toBe(1);
    expect(first.stdout).toMatch(NO_TOKEN);
    const [file, ...others] = readdirSync(dir);
    expect(others).toEqual([]);
    expect(file).toMatch(/^action-pull-request-.*\.v8$/);
    const path = join(dir, file as string);
    const made = statSync(path);
    expect(made.mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(action(env)).toEqual(first);
    expect(statSync(path).ino).toBe(made.ino);
    expect(statSync(path).mtimeMs).toBe(made.mtimeMs);
    expect(action({ ...env, GITHUB_EVENT_NAME: 'issue_comment' }).stdout).toMatch(NO_TOKEN);
    expect(readdirSync(dir).sort()).toEqual([expect.stringMatching(/^action-issue-comment-.*\.v8$/), file]);
  });

  it('runs bytecode from its own private directory: planted there, the payload runs (the attack works)', () => {
    const { dir, env } = home();
    action(env);
    const [file] = readdirSync(dir);
    plantableBytecode(BUNDLE, join(dir, file as string));
    chmodSync(join(dir, file as string), 0o600);
    expect(action(env).stdout).toBe('PWNED\n');
  });

  it('never reads bytecode from a directory other accounts can write', () => {
    const { dir, env } = home();
    action(env);
    const [file] = readdirSync(dir);
    chmodSync(dir, 0o777);
    plantableBytecode(BUNDLE, join(dir, file as string));
    chmodSync(join(dir, file as string), 0o600);
    const run = action(env);
    expect(run.stdout).toMatch(NO_TOKEN);
    expect(run.code).toBe(1);
  });

  it('keeps none on a GitHub-hosted runner, nor with NODE_DISABLE_COMPILE_CACHE', () => {
    const { dir, env } = home();
    const offs: Record<string, string>[] = [
      { RUNNER_ENVIRONMENT: 'github-hosted' },
      { NODE_DISABLE_COMPILE_CACHE: '1' },
    ];
    for (const off of offs) {
      const run = action({ ...env, ...off });
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(NO_TOKEN);
      expect(() => readdirSync(dir)).toThrow();
    }
    // A self-hosted runner says so (RUNNER_ENVIRONMENT=self-hosted) and keeps it.
    expect(action({ ...env, RUNNER_ENVIRONMENT: 'self-hosted' }).code).toBe(1);
    expect(readdirSync(dir)).toHaveLength(1);
  });

  /**
   * A side file (a package the bundle loads only for some jobs, scripts/build.mjs SIDE_FILES) is run
   * through the same cache: the built launcher, beside a small bundle that requires one.
   */
  function withSideFile(): { dir: string; env: Record<string, string>; entry: string; side: string } {
    const { dir, env } = home();
    const dist = temp.path('dist');
    cpSync(join(ACTION, '..', 'chunks'), join(dist, 'chunks'), { recursive: true });
    cpSync(ACTION, join(dist, 'action.cjs'));
    const start = '(function (exports, require, module, __filename, __dirname) {';
    writeFileSync(
      join(dist, 'action-main.cjs'),
      `${start}process.stdout.write(require('./action-artifact.cjs').greeting);\n})\n`,
    );
    const side = join(dist, 'action-artifact.cjs');
    // Long enough for the planted payload (a source of the same length).
    writeFileSync(side, `${start}exports.greeting = 'side file ran\\n';${' '.repeat(200)}\n})\n`);
    return { dir, env, entry: join(dist, 'action.cjs'), side };
  }

  it('keeps the bytecode of a side file the bundle requires, and reads it back from its own directory only', () => {
    const { dir, env, entry, side } = withSideFile();
    expect(action(env, entry).stdout).toBe('side file ran\n');
    const sideCache = readdirSync(dir).filter((name) =>
      name.startsWith('action.action-artifact-pull-request-'),
    );
    expect(sideCache).toHaveLength(1);
    const path = join(dir, sideCache[0] as string);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    plantableBytecode(side, path);
    chmodSync(path, 0o600);
    expect(action(env, entry).stdout).toBe('PWNED\n');
    chmodSync(dir, 0o777);
    expect(action(env, entry).stdout).toBe('side file ran\n');
  });
});
