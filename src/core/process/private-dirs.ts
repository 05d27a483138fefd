import { chmodSync, lstatSync, mkdirSync, mkdtempSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bindEntry, type Covering, type MountEntry, tmpfsEntry, within } from './mount-table.js';

/**
 * Directories every local account can write and nobody owns: what a sandboxed process leaves there
 * outlives the run and is found by whatever runs next on the machine under a fixed name (Node's
 * default compile cache, `/tmp/node-compile-cache`, ran bytecode planted that way as root). `uid`
 * isolation gives each of them a private tmpfs inside the sandbox instead (docs/security.md).
 */
export const SHARED_DIR_CANDIDATES: readonly string[] = Object.freeze([
  '/tmp',
  '/var/tmp',
  '/dev/shm',
  '/run/lock',
]);

/**
 * Truss's own installation (the nearest directory above this file holding a package.json): kept
 * visible through the private directories, as it was before, so the sandbox still reaches what the
 * harness starts from there (Truss's own tool server, an MCP server script beside the package) when
 * Truss itself runs from a checkout under /tmp. Null when no package.json is found.
 */
export function installRoot(from: string = fileURLToPath(import.meta.url)): string | null {
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    try {
      if (statSync(join(dir, 'package.json')).isFile()) return realpathSync(dir);
    } catch {}
    if (dirname(dir) === dir) return null;
  }
}

/** One shared directory made private, and the empty host directory its tmpfs is staged on. */
export interface PrivateDir {
  dir: string;
  stage: string;
}

/** The real path of `path`, or `path` resolved when it cannot be read (it may not exist yet). */
export function realOrResolved(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

/**
 * The shared directories among `candidates` that exist here: real paths of world-writable directories,
 * each once, leaving out one that is or lies inside a working copy (the working copy is the sandbox's
 * anyway) and one inside another chosen directory (its tmpfs already covers it).
 */
export function sharedWritableDirs(candidates: readonly string[], workdirs: readonly string[]): string[] {
  const found: string[] = [];
  for (const candidate of candidates) {
    let path: string;
    try {
      path = realpathSync(candidate);
      const info = statSync(path);
      if (!info.isDirectory() || (info.mode & 0o002) === 0) continue;
    } catch {
      continue;
    }
    if (found.includes(path) || workdirs.some((dir) => within(path, dir))) continue;
    found.push(path);
  }
  return found.filter((dir) => !found.some((other) => other !== dir && within(dir, other)));
}

/**
 * The harness's own directory in the scratch root, reused by later runs: `keep/` holds one directory
 * per harness process (lifeline.ts), where everything a run makes in the temp dir lives (sandbox
 * HOME and TMPDIR, the mount holder's stage, clean rooms and their scratch), so that what a killed
 * run left is found and swept by the next. `truss-sandbox-<uid>` is used only when it is this user's
 * own directory and not a link (the sandbox user could have made that name first); otherwise a fresh
 * `mkdtemp` one is made, once per process. Both are 0711: the sandbox user reaches what it was given
 * inside, and lists nothing.
 */
export function harnessRoot(
  scratchRoot: string,
  harnessUid: number | undefined,
): { base: string; keepRoot: string } {
  const root =
    harnessUid === undefined
      ? null
      : ownDirectory(join(scratchRoot, `truss-sandbox-${harnessUid}`), harnessUid);
  const key = `${scratchRoot}\0${harnessUid ?? ''}`;
  let base = root ?? fallbackRoots.get(key);
  if (base === undefined || (root === null && !isDirectory(base))) {
    base = mkdtempSync(join(scratchRoot, 'truss-sandbox-'));
    fallbackRoots.set(key, base);
  }
  chmodSync(base, 0o711);
  const keepRoot = join(base, 'keep');
  mkdirSync(keepRoot, { recursive: true });
  chmodSync(keepRoot, 0o711);
  return { base, keepRoot };
}

const fallbackRoots = new Map<string, string>();

/**
 * The harness's root ({@link harnessRoot}) with `stage-N/`, the empty directories each private tmpfs
 * is staged on, made before any sandbox exists.
 */
export function preparePrivateDirs(
  scratchRoot: string,
  dirs: readonly string[],
  harnessUid: number | undefined,
): { keepRoot: string; privateDirs: PrivateDir[] } {
  const { base, keepRoot } = harnessRoot(scratchRoot, harnessUid);
  // The stages live in the scratch root, itself usually in a shared directory: that one is made
  // private last, while the stages of the others are still reachable.
  const ordered = [...dirs.filter((dir) => !within(base, dir)), ...dirs.filter((dir) => within(base, dir))];
  const privateDirs = ordered.map((dir, i) => {
    const stage = join(base, `stage-${i}`);
    mkdirSync(stage, { recursive: true, mode: 0o700 });
    return { dir, stage };
  });
  return { keepRoot, privateDirs };
}

/** `path` when it is (or could be made as) a directory of `uid` that is not a link; else null. */
function ownDirectory(path: string, uid: number): string | null {
  try {
    mkdirSync(path, { mode: 0o711 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return null;
  }
  try {
    const info = lstatSync(path);
    return info.isDirectory() && !info.isSymbolicLink() && info.uid === uid ? path : null;
  } catch {
    return null;
  }
}

/**
 * The mounts (made as root in a private mount namespace, before the hiding mounts) that give each
 * shared directory a fresh tmpfs (mode 1777, like /tmp) with the paths in `keeps` that lie inside it
 * bound back on top, so the sandbox reaches its working copies and scratch but writes nothing the host
 * keeps. The tmpfs is staged on an empty host directory outside the kept paths, the kept paths are
 * bound into it, then it is bound over the shared directory in one step. Any failure stops the
 * sandbox (exit 125): a shared directory left visible would be the hole this closes. `covers`: what
 * each tmpfs puts out of reach, and what it keeps.
 */
export function privateDirEntries(
  dirs: readonly PrivateDir[],
  keeps: readonly string[],
  name: string,
): { entries: MountEntry[]; covers: Covering[] } {
  const entries: MountEntry[] = [];
  const covers: Covering[] = [];
  // A directory that is itself kept (a process asked to work in /tmp itself) stays as it is.
  for (const { dir, stage } of dirs.filter((shared) => !keeps.includes(shared.dir))) {
    const inside = keeps.filter((keep) => within(keep, dir));
    covers.push({ dir, keeps: inside });
    // A kept path removed meanwhile (a finished clean room) has nothing to show.
    const outermost = [
      ...new Set(inside.filter((keep) => !inside.some((other) => other !== keep && within(keep, other)))),
    ].filter(isDirectory);
    // Nothing to keep: the tmpfs goes straight on top (no stage).
    if (outermost.length === 0) {
      entries.push(tmpfsEntry(name, dir, 'mode=1777'));
      continue;
    }
    entries.push(
      tmpfsEntry(name, stage, 'mode=1777'),
      ...outermost.map((keep) =>
        bindEntry(keep, join(stage, relative(dir, keep)), { recursive: true, mkdir: true }),
      ),
      bindEntry(stage, dir, { recursive: true }),
    );
  }
  return { entries, covers };
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
