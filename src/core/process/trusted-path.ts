import { accessSync, constants, lstatSync, realpathSync, statSync } from 'node:fs';
import { delimiter, dirname, isAbsolute, join } from 'node:path';
import { within } from './mount-table.js';

export interface TrustedPathOptions {
  /**
   * Directories the judged work can write (the working copies): nothing in them is run by the
   * harness, whoever owns it (under bwrap and `none` the sandbox writes as the harness's own uid).
   */
  untrusted: readonly string[];
  /** The harness's uid: besides root, the only owner a trusted directory may have. */
  uid: number | undefined;
}

/**
 * The entries of a search path from which the harness may run its own programs (git, unshare, sudo,
 * mount…) as itself or as root: absolute, existing directories outside every working copy, each of
 * them and every directory above them owned by root or the harness user and writable by nobody else
 * (a sticky directory such as /tmp may sit above them). Everything else is dropped: `npm run` and
 * `npx` put the repository's `node_modules/.bin` first in PATH, and a check can create that
 * directory and a `git` or `nsenter` in it (docs/security.md, "Programs the harness runs").
 */
export function trustedSearchPath(path: string, options: TrustedPathOptions): string {
  const key = JSON.stringify([path, options.untrusted, options.uid ?? null]);
  const known = searchPaths.get(key);
  if (known !== undefined) return known;
  const found = scanSearchPath(path, options);
  if (searchPaths.size >= SEARCH_PATHS_KEPT) searchPaths.delete(searchPaths.keys().next().value as string);
  searchPaths.set(key, found);
  return found;
}

/**
 * {@link trustedSearchPath}'s answers in this process, by search path, working copies and uid: every
 * harness git asked it again (realpath, stat and a walk up to `/` for each entry), a few
 * milliseconds a run. Kept answers never trust more than a scan now would: a directory can only
 * enter the answer by being scanned, and what is kept is its real path, so an entry created after
 * the scan (the work making `~/.local/bin` under `none`), or a link on the way re-pointed, is not
 * followed. Making a kept directory writable to others takes its owner (root or the harness user),
 * who could as well change the programs in it: a scan would not see that either.
 */
const searchPaths = new Map<string, string>();
const SEARCH_PATHS_KEPT = 32;

function scanSearchPath(path: string, options: TrustedPathOptions): string {
  const kept: string[] = [];
  for (const entry of path.split(delimiter)) {
    if (!entry || !isAbsolute(entry)) continue;
    let real: string;
    try {
      real = realpathSync(entry);
      if (!statSync(real).isDirectory()) continue;
    } catch {
      continue;
    }
    if (options.untrusted.some((dir) => within(real, dir) || within(entry, dir))) continue;
    if (!safeChain(real, options.uid)) continue;
    // The real path, never the entry: a link on the way (`node_modules/.bin` -> /usr/bin) would be
    // followed again at each start, after a check had pointed it elsewhere.
    if (!kept.includes(real)) kept.push(real);
  }
  return kept.join(delimiter);
}

/**
 * Whether `dir` and every directory above it are owned by root or `uid` and writable by nobody else
 * (a sticky directory above it may be): what no other account can change, or swap for its own.
 */
export function safeChain(dir: string, uid: number | undefined): boolean {
  for (let current = dir, first = true; ; current = dirname(current), first = false) {
    let info: ReturnType<typeof lstatSync>;
    try {
      info = lstatSync(current);
    } catch {
      return false;
    }
    if (info.uid !== 0 && info.uid !== uid) return false;
    const othersWrite = (info.mode & 0o022) !== 0;
    // Above the entry a sticky directory (/tmp) is fine: nobody else can rename what is in it.
    if (othersWrite && (first || (info.mode & 0o1000) === 0)) return false;
    if (dirname(current) === current) return true;
  }
}

/** The absolute path of `name` found in `path` (already trusted), or null. */
export function findProgram(name: string, path: string): string | null {
  for (const dir of path.split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {}
  }
  return null;
}

/** The programs `uid` isolation runs as root, by absolute path: never looked up in a PATH a check could write. */
export interface SandboxTools {
  unshare: string;
  nsenter: string;
  setpriv: string;
  mount: string;
  mkdir: string;
  mkfifo: string;
  chown: string;
  env: string;
  /** Absent: a network namespace keeps its loopback down (nothing reachable at all). */
  ip: string | null;
}

/** {@link SandboxTools} found in `path` (a {@link trustedSearchPath}); throws naming the first one missing. */
export function sandboxTools(path: string): SandboxTools {
  const need = (name: string) => {
    const found = findProgram(name, path);
    if (found === null)
      throw new Error(`${name} is not installed in a trusted directory of PATH (${path || 'empty'})`);
    return found;
  };
  return {
    unshare: need('unshare'),
    nsenter: need('nsenter'),
    setpriv: need('setpriv'),
    mount: need('mount'),
    mkdir: need('mkdir'),
    mkfifo: need('mkfifo'),
    chown: need('chown'),
    env: need('env'),
    ip: findProgram('ip', path),
  };
}

/** The working copy `cwd` lies in: the nearest directory holding `.git`, else `cwd` itself. */
function workingCopyOf(cwd: string): string {
  for (let dir = cwd; ; dir = dirname(dir)) {
    try {
      lstatSync(join(dir, '.git'));
      return dir;
    } catch {}
    if (dirname(dir) === dir) return cwd;
  }
}

/**
 * `env` for a program the harness runs itself (git) in `cwd`, a working copy the judged work may
 * have changed: its PATH cut to {@link trustedSearchPath}, so a `git` planted in the repository's
 * `node_modules/.bin` is never the one that runs.
 */
export function harnessProgramEnv<T extends Readonly<Record<string, string | undefined>>>(
  env: T,
  cwd: string,
): T & { PATH: string } {
  const untrusted = [workingCopyOf(cwd)];
  return { ...env, PATH: trustedSearchPath(env.PATH ?? '', { untrusted, uid: process.getuid?.() }) };
}
