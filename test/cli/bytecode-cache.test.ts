/**
 * The installed CLI (dist/cli.cjs) runs its CommonJS bundle with V8's bytecode kept between runs.
 * V8 runs whatever bytecode it is handed once the source's length matches, so bytecode someone else
 * could write is code execution in the next `truss` — root, or the runner holding the signing key.
 * These tests plant real, working bytecode (a payload compiled against a source of the bundle's exact
 * length) and show the CLI runs it from its own private directory (so the planting works) but never
 * from a directory another account can write, nor from a file another account owns.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, cpSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { builtEntry } from '../helpers/built-dist.js';
import { plantableBytecode as plantBytecode } from '../helpers/planted-bytecode.js';
import { type TempDir, tempDir } from '../helpers/temp-dir.js';

const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;
const CLI = builtEntry('cli.cjs');
const BUNDLE = join(CLI, '..', 'cli-main.cjs');

function truss(args: string[], env: Record<string, string>) {
  const run = spawnSync(process.execPath, [CLI, ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

function cacheDir(xdg: string): string {
  return join(xdg, 'truss', 'cli-bytecode');
}

function plantableBytecode(out: string): void {
  plantBytecode(BUNDLE, out);
}

describe('the bytecode cache of the built CLI', () => {
  let temp: TempDir;
  afterEach(() => temp?.cleanup());

  function home(): { xdg: string; env: Record<string, string> } {
    temp = tempDir('bytecode');
    chmodSync(temp.dir, 0o755);
    const xdg = temp.path('cache');
    return { xdg, env: { HOME: temp.path('home'), XDG_CACHE_HOME: xdg } };
  }

  it('is not written for a mistyped command line: a usage error leaves no file behind', () => {
    const { xdg, env } = home();
    for (const args of [['frobnicate'], ['frobnicatf'], ['verify', '--frobnicate']]) {
      const typo = truss(args, env);
      expect(typo.code, typo.stderr).toBe(64);
    }
    expect(readdirSync(cacheDir(xdg))).toEqual([]);
  });

  it('is written once per command, owner-only, and reused unchanged by the next run', () => {
    const { xdg, env } = home();
    const first = truss(['--version'], env);
    expect(first.code, first.stderr).toBe(0);
    const [file, ...others] = readdirSync(cacheDir(xdg));
    expect(others).toEqual([]);
    expect(file).toMatch(/^cli-other-.*\.v8$/);
    const path = join(cacheDir(xdg), file as string);
    const made = statSync(path);
    expect(made.mode & 0o777).toBe(0o600);
    expect(statSync(cacheDir(xdg)).mode & 0o777).toBe(0o700);
    const again = truss(['--version'], env);
    expect(again).toEqual(first);
    expect(statSync(path).ino).toBe(made.ino);
    expect(statSync(path).mtimeMs).toBe(made.mtimeMs);
    // Another command keeps its own.
    expect(truss(['verify', '--help'], env).code).toBe(0);
    expect(readdirSync(cacheDir(xdg)).sort()).toEqual([file, expect.stringMatching(/^cli-verify-.*\.v8$/)]);
  });

  it('two installs used in turn each keep their bytecode; the oldest beyond three is dropped', () => {
    const { xdg, env } = home();
    const installs = ['a', 'b', 'c', 'd'].map((name) => {
      const dist = temp.path('installs', name, 'dist');
      cpSync(join(CLI, '..'), dist, { recursive: true });
      return join(dist, 'cli.cjs');
    });
    const version = (cli: string) => {
      const run = spawnSync(process.execPath, [cli, '--version'], {
        encoding: 'utf8',
        env: { PATH: '', ...env },
      });
      expect(run.status, run.stderr).toBe(0);
    };
    const [a, b, c, d] = installs as [string, string, string, string];
    version(a);
    version(b);
    const files = () => readdirSync(cacheDir(xdg)).sort();
    const kept = files();
    expect(kept).toHaveLength(2);
    const written = kept.map((file) => statSync(join(cacheDir(xdg), file)).mtimeMs);
    version(a);
    version(b);
    expect(files()).toEqual(kept);
    expect(kept.map((file) => statSync(join(cacheDir(xdg), file)).mtimeMs)).toEqual(written);
    version(c);
    version(d);
    const now = files();
    expect(now).toHaveLength(3);
    expect(now).not.toContain(kept[written.indexOf(Math.min(...written))]);
  });

  it('bytecode V8 rejects is replaced, and the command runs as without it', () => {
    const { xdg, env } = home();
    const clean = truss(['--version'], env);
    const [file] = readdirSync(cacheDir(xdg));
    const path = join(cacheDir(xdg), file as string);
    writeFileSync(path, Buffer.alloc(4096, 7), { mode: 0o600 });
    expect(truss(['--version'], env)).toEqual(clean);
    expect(readFileSync(path).equals(Buffer.alloc(4096, 7))).toBe(false);
  });

  it('runs bytecode from its own private directory: planted there, the payload runs (the attack works)', () => {
    const { xdg, env } = home();
    truss(['--version'], env);
    const [file] = readdirSync(cacheDir(xdg));
    plantableBytecode(join(cacheDir(xdg), file as string));
    chmodSync(join(cacheDir(xdg), file as string), 0o600);
    expect(truss(['--version'], env).stdout).toBe('PWNED\n');
  });

  it('never reads bytecode from a directory other accounts can write', () => {
    const { xdg, env } = home();
    truss(['--version'], env);
    const [file] = readdirSync(cacheDir(xdg));
    // Another account got there first: the directory is open to all.
    chmodSync(cacheDir(xdg), 0o777);
    plantableBytecode(join(cacheDir(xdg), file as string));
    chmodSync(join(cacheDir(xdg), file as string), 0o600);
    const run = truss(['--version'], env);
    expect(run.stdout).toBe('0.1.0\n');
    expect(run.code).toBe(0);
  });

  it.runIf(asRoot)('never runs a bytecode file another account owns, or one open to others', () => {
    const { xdg, env } = home();
    truss(['--version'], env);
    const [file] = readdirSync(cacheDir(xdg));
    const path = join(cacheDir(xdg), file as string);
    plantableBytecode(path);
    chmodSync(path, 0o600);
    chownSync(path, NOBODY, NOBODY);
    expect(truss(['--version'], env).stdout).toBe('0.1.0\n');
    // The harness replaced it with its own; now open it to others.
    plantableBytecode(path);
    chownSync(path, 0, 0);
    chmodSync(path, 0o666);
    expect(truss(['--version'], env).stdout).toBe('0.1.0\n');
  });

  it('NODE_DISABLE_COMPILE_CACHE keeps no bytecode', () => {
    const { xdg, env } = home();
    expect(truss(['--version'], { ...env, NODE_DISABLE_COMPILE_CACHE: '1' }).stdout).toBe('0.1.0\n');
    expect(() => readdirSync(cacheDir(xdg))).toThrow();
  });
});
