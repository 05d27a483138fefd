import { execFile, execFileSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  constants,
  existsSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmdirSync,
  rmSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import { shellQuote } from './sandbox-commands.js';

/**
 * This harness process's own directory under a scratch root (`truss-harness-*`, mode 0711): every
 * sandbox scratch it makes lives inside, and so does its lifeline, a FIFO (in `lifeline/`, 0700, so
 * only root and the harness can open it) the process holds open for writing as long as it lives. A
 * sandboxed process's root init watches the FIFO: when the harness dies, however it dies (SIGKILL
 * included), the kernel closes its end, the watcher reads end-of-file and kills everything in the
 * process's pid namespace. Under `sudo` this is the only thing that ends a check whose harness was
 * killed: the parent-death signal does not pass through the setuid `sudo`.
 *
 * One directory per process and scratch root, held for the life of the process (one descriptor,
 * whatever the number of runs). Because each harness's sandboxes reach only its own directory, a
 * check never sees the scratch of another harness's checks, and what a killed harness left behind
 * is found by its dead lifeline and removed by the next harness ({@link deadHarnessDirectories}).
 */
export interface HarnessDirectory {
  /** Where the harness makes its sandboxes' scratch; the sandbox keeps it reachable. */
  dir: string;
  /** The lifeline FIFO. */
  fifo: string;
}

const HARNESS_PREFIX = 'truss-harness-';
/** A harness directory being set up: not yet holding its lifeline, never swept. */
const SETUP_PREFIX = '.truss-harness-setup-';
/**
 * A harness directory without a lifeline younger than this is left alone: its harness ended a moment
 * ago and is still leaving, or it is an older Truss's, which named the directory before holding it.
 */
const SWEEP_AFTER_MS = 60_000;
const harnesses = new Map<string, HarnessDirectory>();

/** This process's directory under `root` (a path the sandbox's mount namespace keeps), made on first use. */
export function harnessDirectory(root: string, mkfifo: string): HarnessDirectory {
  const known = current(root);
  if (known !== undefined) return known;
  const setup = beginHarnessDirectory(root);
  execFileSync(mkfifo, ['-m', '0600', '--', join(setup, 'lifeline', 'fifo')], { stdio: 'ignore' });
  return holdHarnessDirectory(root, setup);
}

/**
 * The same directory, made without holding up the main thread while `mkfifo` starts and ends: a run
 * starts this while its isolation probes wait on their own processes, so the first
 * {@link harnessDirectory} finds it made. Resolves null when it could not be made; the synchronous
 * call then tries again and fails as it would have. Callers await it before any synchronous call
 * for the same root, so one process never holds two directories there.
 */
export function harnessDirectoryAhead(root: string, mkfifo: string): Promise<HarnessDirectory | null> {
  const known = current(root);
  if (known !== undefined) return Promise.resolve(known);
  let setup: string;
  try {
    setup = beginHarnessDirectory(root);
  } catch {
    return Promise.resolve(null);
  }
  return new Promise((resolve) => {
    execFile(mkfifo, ['-m', '0600', '--', join(setup, 'lifeline', 'fifo')], (error) => {
      // Never throws: a callback's exception would end the process.
      try {
        // Made meanwhile by a synchronous call (a caller that did not wait): keep that one.
        const meanwhile = current(root);
        if (error || meanwhile !== undefined) {
          rmSync(setup, { recursive: true, force: true });
          resolve(error ? null : (meanwhile as HarnessDirectory));
          return;
        }
        resolve(holdHarnessDirectory(root, setup));
      } catch {
        resolve(null);
      }
    });
  });
}

/** The directory this process made under `root`, unless something removed it meanwhile (a temp cleaner, in a long-lived process). */
function current(root: string): HarnessDirectory | undefined {
  const known = harnesses.get(root);
  return known !== undefined && existsSync(known.fifo) ? known : undefined;
}

/**
 * Set up under a name the sweep never matches, and given its name only once the lifeline is held
 * ({@link holdHarnessDirectory}): a directory named `truss-harness-*` whose FIFO has no writer is
 * dead, however young. Returns the setup directory, where the FIFO is to be made.
 */
function beginHarnessDirectory(root: string): string {
  const setup = mkdtempSync(join(root, SETUP_PREFIX));
  // The sandbox user reaches its scratch through it, and lists nothing.
  chmodSync(setup, 0o711);
  mkdirSync(join(setup, 'lifeline'), { mode: 0o700 });
  return setup;
}

function holdHarnessDirectory(root: string, setup: string): HarnessDirectory {
  // Read and write: opening never blocks, and this process counts as the FIFO's writer until it ends.
  openSync(join(setup, 'lifeline', 'fifo'), 'r+');
  const dir = join(root, `${HARNESS_PREFIX}${basename(setup).slice(SETUP_PREFIX.length)}`);
  renameSync(setup, dir);
  const lifeline = join(dir, 'lifeline');
  const fifo = join(lifeline, 'fifo');
  const made = { dir, fifo };
  harnesses.set(root, made);
  process.once('exit', () => {
    // Only what the harness made itself: scratch left by a process still running is the sandbox
    // user's, removed by the next harness's sweep, never by Node's recursive rm (remove-tree.ts).
    rmSync(lifeline, { recursive: true, force: true });
    try {
      rmdirSync(dir);
    } catch {}
  });
  return made;
}

/**
 * The harness directories under `root` whose harness is gone: this user's own directories whose
 * lifeline FIFO has no writer (killed before its exit handler ran: found at once, so the very next
 * run removes what it left), or that have no lifeline and were not touched for a minute (ended with
 * scratch still in it). A FIFO with no writer reads end-of-file at once; one whose harness lives
 * would block (EAGAIN). A directory is named `truss-harness-*` only once its harness holds the FIFO,
 * so a live harness is never taken for a dead one. Any other doubt leaves a directory alone.
 */
export function deadHarnessDirectories(root: string, now = Date.now()): string[] {
  let names: string[];
  try {
    names = readdirSync(root).filter((name) => name.startsWith(HARNESS_PREFIX));
  } catch {
    return [];
  }
  const uid = process.getuid?.();
  return names
    .map((name) => join(root, name))
    .filter((dir) => {
      try {
        const info = lstatSync(dir);
        if (!info.isDirectory() || info.uid !== uid) return false;
        const lifeline = lifelineState(join(dir, 'lifeline', 'fifo'));
        if (lifeline === 'missing') return now - info.mtimeMs >= SWEEP_AFTER_MS;
        return lifeline === 'dropped';
      } catch {
        return false;
      }
    });
}

/**
 * `held` when a harness holds `fifo` open (or that cannot be told), `dropped` when nobody does (its
 * harness is gone: the kernel closed its end, even on SIGKILL), `missing` when there is no FIFO.
 */
function lifelineState(fifo: string): 'held' | 'dropped' | 'missing' {
  let fd: number;
  try {
    fd = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 'held';
  }
  try {
    if (!fstatSync(fd).isFIFO()) return 'held';
    return readSync(fd, Buffer.alloc(1)) === 0 ? 'dropped' : 'held';
  } catch {
    // EAGAIN: its harness lives.
    return 'held';
  } finally {
    closeSync(fd);
  }
}

/**
 * Removes every dead harness directory under `root`. Most are empty (a harness that ended normally
 * but whose mount holder under `sudo` was still removing its stage at exit) and go with an `rmdir`; one with
 * scratch in it goes through `remove`, which must not follow links: the sandbox user owns what is
 * inside.
 */
export async function sweepDeadHarnesses(
  root: string,
  remove: (dir: string) => Promise<void>,
): Promise<void> {
  for (const dir of deadHarnessDirectories(root)) {
    try {
      rmdirSync(dir);
    } catch {
      await remove(dir).catch(() => {});
    }
  }
}

/**
 * The init's line that starts the watcher: in the background, with no descriptor of the check's, it
 * waits for the harness's end of `fifo` to close and then kills every process of the pid namespace
 * (all but the init, which ends once its command has), again and again until the namespace ends. It
 * opens the FIFO for reading without blocking (first read and write, then read only, then drops the
 * first), so a harness already gone when the process starts ends it at once instead of leaving the
 * watcher waiting for a writer.
 */
export function lifelineWatcher(fifo: string): string {
  const path = shellQuote(fifo);
  // Killing once could come before the command has started; the loop (builtins only: no program is
  // looked up in the check's PATH) ends with the namespace, once the init's command has been killed.
  return `( exec 3<>${path} 4<${path} 3>&-; read _ <&4; while :; do kill -KILL -1; done ) </dev/null >/dev/null 2>&1 &`;
}
