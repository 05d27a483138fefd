import { lstatSync, mkdirSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';

/** Node's `module.enableCompileCache` (22.1+); absent on older Node. */
export type EnableCompileCache = (directory: string) => unknown;

/** Why the compile cache was left off, or where it was turned on. */
export type CompileCacheOutcome = { enabled: true; directory: string } | { enabled: false; reason: string };

/**
 * Turns on Node's compile cache (V8 bytecode kept between runs, Node 22.1+) only in a directory that
 * no other account can write: `$XDG_CACHE_HOME/truss/node-compile-cache`, else
 * `~/.cache/truss/node-compile-cache`.
 *
 * Node's default, `os.tmpdir()/node-compile-cache`, is a fixed name in a directory everyone can write,
 * and Node runs whatever bytecode it finds there: its checks are CRC32s anyone can recompute, and V8
 * compares only the source's length. Whoever creates that directory first — another local user, or
 * a check running as the sandbox user — could plant bytecode that a later `truss` (root, or the
 * runner with the signing key) would execute. So the default is never used; a directory that is not
 * private (another owner, writable by group or others, a symbolic link on the way, an ancestor others
 * can write without the sticky bit) leaves the cache off. `NODE_COMPILE_CACHE` set by the operator is
 * left as it is (Node itself enabled it before this runs); `NODE_DISABLE_COMPILE_CACHE` turns it off.
 * See docs/security.md.
 */
export function enablePrivateCompileCache(options: {
  enable: EnableCompileCache | undefined;
  env: Record<string, string | undefined>;
  uid: number;
  home: string | undefined;
}): CompileCacheOutcome {
  const { enable, env } = options;
  if (!enable) return { enabled: false, reason: 'this Node has no compile cache' };
  if (env.NODE_DISABLE_COMPILE_CACHE) return { enabled: false, reason: 'NODE_DISABLE_COMPILE_CACHE is set' };
  if (env.NODE_COMPILE_CACHE) return { enabled: false, reason: 'NODE_COMPILE_CACHE is set by the operator' };
  const place = privateCacheDirectory({ ...options, name: 'node-compile-cache' });
  if (!place.enabled) return place;
  const { directory } = place;
  enable(directory);
  return { enabled: true, directory };
}

/** XDG_CACHE_HOME when absolute, else `~/.cache`; `truss/` inside it holds the bytecode caches. */
export function trussCacheHome(
  env: Record<string, string | undefined>,
  home: string | undefined,
): string | undefined {
  if (env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME)) return env.XDG_CACHE_HOME;
  return home && isAbsolute(home) ? join(home, '.cache') : undefined;
}

/**
 * `$XDG_CACHE_HOME/truss/<name>` (else `~/.cache/truss/<name>`), made owner-only, when no other
 * account can write it or rename anything on the way to it: the one place Truss keeps bytecode it
 * will run (this file's Node cache, the CLI's and the Action's own in src/core/bytecode-cache.ts). Off when it is not.
 */
export function privateCacheDirectory(options: {
  env: Record<string, string | undefined>;
  uid: number;
  home: string | undefined;
  name: string;
}): CompileCacheOutcome {
  const { env } = options;
  const base = trussCacheHome(env, options.home);
  if (!base) return { enabled: false, reason: 'no cache directory (neither XDG_CACHE_HOME nor HOME is set)' };
  const directory = join(base, 'truss', options.name);
  try {
    mkdirSync(directory, { recursive: true, mode: 0o700 });
  } catch (error) {
    return { enabled: false, reason: `cannot make ${directory}: ${(error as NodeJS.ErrnoException).code}` };
  }
  const problem = notPrivate(directory, join(base, 'truss'), options.uid);
  if (problem) return { enabled: false, reason: problem };
  return { enabled: true, directory };
}

/**
 * Why `directory` is not private to `uid`, or null: the directories Truss owns (`truss/` and the
 * cache itself) must be this user's, not links, and closed to group and others; every ancestor must
 * be this user's or root's, not a link, and not writable by others unless it has the sticky bit (as
 * /tmp does: then only the owner of a child can rename it, and that child is checked in turn).
 */
function notPrivate(directory: string, ownedFrom: string, uid: number): string | null {
  for (let path = directory; ; path = dirname(path)) {
    let info: ReturnType<typeof lstatSync>;
    try {
      info = lstatSync(path);
    } catch (error) {
      return `cannot inspect ${path}: ${(error as NodeJS.ErrnoException).code}`;
    }
    if (info.isSymbolicLink()) return `${path} is a symbolic link`;
    if (!info.isDirectory()) return `${path} is not a directory`;
    const owned = path === directory || path === ownedFrom;
    if (owned) {
      if (info.uid !== uid) return `${path} belongs to uid ${info.uid}, not to this user (${uid})`;
      if ((info.mode & 0o077) !== 0) return `${path} is open to group or others (mode ${modeOf(info.mode)})`;
    } else {
      if (info.uid !== uid && info.uid !== 0) return `${path} belongs to uid ${info.uid}`;
      const sticky = (info.mode & 0o1000) !== 0;
      if ((info.mode & 0o022) !== 0 && !sticky)
        return `${path} is writable by group or others (mode ${modeOf(info.mode)})`;
    }
    if (path === dirname(path)) return null;
  }
}

function modeOf(mode: number): string {
  return (mode & 0o7777).toString(8).padStart(4, '0');
}
