/**
 * Node 22.1+ runs whatever bytecode it finds in its compile cache, and its default cache is a fixed
 * name in the shared temp directory. A uid-sandboxed check can create that directory (it can write
 * /tmp), plant bytecode for a Truss chunk there, and have the next `truss` — root, or the runner with
 * the signing key — run it (reproduced by hand with Node 22.12: "PWNED … uid 0"). Truss only turns the
 * cache on in a directory private to its user. Real directories, real owners and modes; the end-to-end
 * case runs the built CLI on a Node that has the cache (this one, or TRUSS_TEST_NODE_WITH_COMPILE_CACHE).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, statSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { enablePrivateCompileCache } from '../../src/core/private-compile-cache.js';
import { builtEntry } from '../helpers/built-dist.js';
import { type TempDir, tempDir } from '../helpers/temp-dir.js';

const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;
const uid = process.getuid?.() ?? -1;

describe('the compile cache Truss turns on', () => {
  let temp: TempDir;
  afterEach(() => temp?.cleanup());

  function attempt(env: Record<string, string | undefined>, home?: string) {
    const enabled: string[] = [];
    const outcome = enablePrivateCompileCache({ enable: (dir) => enabled.push(dir), env, uid, home });
    return { outcome, enabled };
  }

  it('lives in a new owner-only directory under XDG_CACHE_HOME, never in the temp directory', () => {
    temp = tempDir('ccache');
    chmodSync(temp.dir, 0o755);
    const { outcome, enabled } = attempt({ XDG_CACHE_HOME: temp.path('cache') });
    const expected = temp.path('cache', 'truss', 'node-compile-cache');
    expect(outcome).toEqual({ enabled: true, directory: expected });
    expect(enabled).toEqual([expected]);
    expect(statSync(expected).mode & 0o777).toBe(0o700);
    expect(statSync(temp.path('cache', 'truss')).mode & 0o777).toBe(0o700);
  });

  it('falls back to ~/.cache, and stays off without a home', () => {
    temp = tempDir('ccache');
    chmodSync(temp.dir, 0o755);
    expect(attempt({}, temp.path('home')).enabled).toEqual([
      temp.path('home', '.cache/truss/node-compile-cache'),
    ]);
    expect(attempt({}, undefined)).toMatchObject({ enabled: [], outcome: { enabled: false } });
    expect(attempt({ XDG_CACHE_HOME: 'relative/dir' }, undefined).enabled).toEqual([]);
  });

  it('stays off when its directory is open to others, a link, or on a path others can rewrite', () => {
    temp = tempDir('ccache');
    chmodSync(temp.dir, 0o755);
    mkdirSync(temp.path('open/truss/node-compile-cache'), { recursive: true });
    chmodSync(temp.path('open/truss/node-compile-cache'), 0o777);
    const open = attempt({ XDG_CACHE_HOME: temp.path('open') });
    expect(open.enabled).toEqual([]);
    expect(open.outcome).toMatchObject({ enabled: false, reason: expect.stringContaining('mode 0777') });

    mkdirSync(temp.path('elsewhere'), { mode: 0o700 });
    mkdirSync(temp.path('linked'));
    symlinkSync(temp.path('elsewhere'), temp.path('linked/truss'));
    expect(attempt({ XDG_CACHE_HOME: temp.path('linked') }).outcome).toMatchObject({
      enabled: false,
      reason: expect.stringContaining('is a symbolic link'),
    });
    expect(readdirSync(temp.path('elsewhere'))).toEqual(['node-compile-cache']);

    // An ancestor anyone can write without the sticky bit: its children can be renamed away.
    mkdirSync(temp.path('shared'));
    chmodSync(temp.path('shared'), 0o777);
    expect(attempt({ XDG_CACHE_HOME: temp.path('shared/cache') }).outcome).toMatchObject({
      enabled: false,
      reason: expect.stringContaining('writable by group or others'),
    });
    // With the sticky bit (as /tmp has) only the owner of a child can move it: allowed.
    chmodSync(temp.path('shared'), 0o1777);
    expect(attempt({ XDG_CACHE_HOME: temp.path('shared/cache') }).outcome.enabled).toBe(true);
  });

  it.runIf(asRoot)('stays off when another account made its directory first', () => {
    temp = tempDir('ccache');
    chmodSync(temp.dir, 0o755);
    mkdirSync(temp.path('planted/truss'), { recursive: true, mode: 0o700 });
    chownSync(temp.path('planted/truss'), NOBODY, NOBODY);
    expect(attempt({ XDG_CACHE_HOME: temp.path('planted') }).outcome).toMatchObject({
      enabled: false,
      reason: expect.stringContaining(`belongs to uid ${NOBODY}`),
    });
  });

  it("leaves the operator's NODE_COMPILE_CACHE and NODE_DISABLE_COMPILE_CACHE alone, and old Node", () => {
    temp = tempDir('ccache');
    expect(attempt({ NODE_COMPILE_CACHE: temp.dir, XDG_CACHE_HOME: temp.dir }).enabled).toEqual([]);
    expect(attempt({ NODE_DISABLE_COMPILE_CACHE: '1', XDG_CACHE_HOME: temp.dir }).enabled).toEqual([]);
    expect(
      enablePrivateCompileCache({
        enable: undefined,
        env: { XDG_CACHE_HOME: temp.dir },
        uid,
        home: undefined,
      }),
    ).toEqual({ enabled: false, reason: 'this Node has no compile cache' });
  });
});

/** A Node whose `module.enableCompileCache` exists: this one (22.1+) or the one the variable names. */
function nodeWithCompileCache(): string | undefined {
  for (const node of [process.env.TRUSS_TEST_NODE_WITH_COMPILE_CACHE, process.execPath]) {
    if (!node || !existsSync(node)) continue;
    const probe = spawnSync(node, ['-p', "typeof require('node:module').enableCompileCache"], {
      encoding: 'utf8',
    });
    if (probe.stdout.trim() === 'function') return node;
  }
  return undefined;
}

const cacheNode = nodeWithCompileCache();

describe.runIf(asRoot && cacheNode)('the built CLI on a Node with a compile cache', () => {
  let temp: TempDir;
  afterEach(() => temp?.cleanup());

  it.each(['cli.cjs', 'action.cjs'] as const)(
    '%s writes no bytecode into a node-compile-cache directory another account planted in the temp directory',
    (entry) => {
      temp = tempDir('ccache-e2e');
      chmodSync(temp.dir, 0o755);
      const shared = temp.path('tmp');
      mkdirSync(shared, { mode: 0o1777 });
      chmodSync(shared, 0o1777);
      const planted = join(shared, 'node-compile-cache');
      mkdirSync(planted);
      chmodSync(planted, 0o777);
      chownSync(planted, NOBODY, NOBODY);
      const home = temp.path('home');
      mkdirSync(home, { mode: 0o700 });
      // The Action without inputs fails at once (no contract); its modules are loaded by then.
      const run = spawnSync(
        cacheNode as string,
        [builtEntry(entry), ...(entry === 'cli.cjs' ? ['--version'] : [])],
        {
          env: { PATH: process.env.PATH, HOME: home, TMPDIR: shared },
          encoding: 'utf8',
        },
      );
      expect(run.status, run.stderr).toBe(entry === 'cli.cjs' ? 0 : 1);
      expect(readdirSync(planted)).toEqual([]);
      // Each keeps the bytecode of its bundle in its own directory, private to the user
      // (src/core/bytecode-cache.ts). Node's compile cache would see only the small launcher, which it
      // loads before any cache can be enabled, so it holds nothing: the Action's is made private, the
      // CLI does not enable it.
      const kept = join(home, '.cache/truss', entry === 'cli.cjs' ? 'cli-bytecode' : 'action-bytecode');
      expect(statSync(kept).mode & 0o777).toBe(0o700);
      expect(readdirSync(kept).length).toBe(1);
      const own = join(home, '.cache/truss/node-compile-cache');
      if (entry === 'cli.cjs') expect(existsSync(own)).toBe(false);
      else expect(statSync(own).mode & 0o777).toBe(0o700);
    },
  );
});
