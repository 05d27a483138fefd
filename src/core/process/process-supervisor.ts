import { type ChildProcess, spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { BoundedCapture, type CapturedStream } from './bounded-capture.js';
import { closeInheritedDescriptorsOnce } from './inherited-descriptors.js';
import type { Isolation, PreparedSpawn } from './isolation.js';
import { NO_ISOLATION } from './isolation-none.js';
import {
  groupHasLiveMembers,
  type StrayProcess,
  signalGroup,
  signalStrays,
  strayChildren,
} from './process-group.js';

/** After SIGTERM on timeout or cancellation, how long the group gets before SIGKILL. */
export const DEFAULT_KILL_GRACE_MS = 3000;
/** After the command exits, how long leftover group members get between SIGTERM and SIGKILL. */
export const ORPHAN_TERM_GRACE_MS = 150;
/** After the command exits, the longest the run waits for its pipes (held by leftovers) to close. */
export const DRAIN_BOUND_MS = 500;
const ORPHAN_POLL_MS = 20;
/** setTimeout's ceiling; longer delays would fire immediately. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Milliseconds on the monotonic clock, as `performance.now()` reads it, without loading perf_hooks. */
function monotonicMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

export interface SupervisedSpawnOptions {
  /** The executable to run: an absolute path, or a name looked up on `env.PATH`. Never a shell line. */
  file: string;
  args: readonly string[];
  /** What the child sees as argv[0] (default `file`). */
  argv0?: string;
  cwd: string;
  /** The child's complete environment. */
  env: Record<string, string>;
  /**
   * Written to the child's stdin, which is then closed; null = stdin is /dev/null. A stream is piped
   * in as it produces data (a long-lived protocol peer such as an MCP stdio server; ending it closes stdin).
   */
  stdin: string | Readable | null;
  /** Wall-clock limit; on expiry the whole group is killed and `timedOut` is set. */
  timeoutMs: number;
  /** Aborting kills the whole group and sets `cancelled`. */
  signal: AbortSignal;
  /** Between SIGTERM and SIGKILL on timeout or cancellation (default {@link DEFAULT_KILL_GRACE_MS}). */
  killGraceMs?: number;
  /** Bytes of each stream's head kept in memory (default 16 MiB); the rest is counted only. */
  maxCaptureBytes?: number;
  /** Bytes of each stream's end kept as text in `tail` (default 4096). */
  tailBytes?: number;
  /** Sees every stdout chunk, past the capture cap too (e.g. for substring scanning). */
  onStdout?: (chunk: Buffer) => void;
  /** Sees every stderr chunk, past the capture cap too. */
  onStderr?: (chunk: Buffer) => void;
  /**
   * How the process is confined (docs/security.md); default {@link NO_ISOLATION}, which still drops
   * the environment names never passed to untrusted processes.
   */
  isolation?: Isolation | undefined;
}

export interface SupervisedOutcome {
  /** Null when killed by a signal or never started. */
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  cancelled: boolean;
  durationMs: number;
  stdout: CapturedStream;
  stderr: CapturedStream;
  /** Set when the process could not be started at all (ENOENT, EACCES, E2BIG, invalid argument…). */
  spawnError: { message: string; code: string | undefined } | null;
  /** Environment names the isolation layer removed because they are never passed on. */
  droppedEnv: string[];
}

type Termination = Omit<SupervisedOutcome, 'durationMs' | 'stdout' | 'stderr' | 'droppedEnv'> & {
  pid?: number | undefined;
};

/**
 * Runs one argv (no shell) as the leader of its own process group, pipes `stdin` in, captures both
 * streams with bounded memory, and enforces a timeout and an AbortSignal by signalling the whole
 * group: SIGTERM, then SIGKILL after the grace period. When the command exits, whatever it left
 * running in its group is killed too, and the call returns within {@link DRAIN_BOUND_MS} even if
 * such leftovers hold the pipes open. Never throws; start-up failures come back as `spawnError`.
 *
 * The single process supervisor: the delegated-CLI executor calls it directly, and `runShell` (check
 * runner, `bash` tool) wraps it as `<shell> -c <command>` with stdin closed.
 */
export async function runSupervised(options: SupervisedSpawnOptions): Promise<SupervisedOutcome> {
  const started = monotonicMs();
  const stdout = new BoundedCapture(options.maxCaptureBytes, options.tailBytes);
  const stderr = new BoundedCapture(options.maxCaptureBytes, options.tailBytes);
  const notStarted = { exitCode: null, signal: null, timedOut: false, cancelled: false, spawnError: null };
  if (options.signal.aborted) {
    return finish({ ...notStarted, cancelled: true }, [], started, stdout, stderr);
  }
  // Nothing this process inherited may reach an untrusted one through the spawn (docs/security.md).
  closeInheritedDescriptorsOnce();
  // Every untrusted process goes through the isolation layer; if it cannot be prepared, nothing runs.
  let prepared: PreparedSpawn;
  try {
    prepared = await (options.isolation ?? NO_ISOLATION).prepare({
      file: options.file,
      args: options.args,
      argv0: options.argv0,
      cwd: options.cwd,
      env: options.env,
    });
  } catch (error) {
    const message = `isolation could not prepare the process: ${(error as Error).message ?? String(error)}`;
    return finish(
      { ...notStarted, spawnError: { message, code: 'EISOLATION' } },
      [],
      started,
      stdout,
      stderr,
    );
  }
  const wrapped = prepared.file !== options.file;
  const termination: Termination = await supervise(
    {
      ...options,
      file: prepared.file,
      args: prepared.args,
      argv0: wrapped ? prepared.file : options.argv0,
      cwd: prepared.cwd,
      env: prepared.env,
    },
    (chunk) => {
      stdout.push(chunk);
      options.onStdout?.(chunk);
    },
    (chunk) => {
      stderr.push(chunk);
      options.onStderr?.(chunk);
    },
    options.stdin === null ? prepared.launch : undefined,
  );
  await prepared.dispose(termination.pid);
  const { pid: _pid, ...rest } = termination;
  return finish(rest, prepared.droppedEnv, started, stdout, stderr);
}

function finish(
  termination: Omit<Termination, 'pid'>,
  droppedEnv: string[],
  started: number,
  stdout: BoundedCapture,
  stderr: BoundedCapture,
): SupervisedOutcome {
  return {
    ...termination,
    droppedEnv,
    durationMs: monotonicMs() - started,
    stdout: stdout.result(),
    stderr: stderr.result(),
  };
}

function supervise(
  options: SupervisedSpawnOptions,
  onStdout: (chunk: Buffer) => void,
  onStderr: (chunk: Buffer) => void,
  launch: (() => ChildProcess) | undefined,
): Promise<Termination> {
  return new Promise((resolve) => {
    const result: Termination = {
      exitCode: null,
      signal: null,
      timedOut: false,
      cancelled: false,
      spawnError: null,
    };
    const timers = new Set<NodeJS.Timeout>();
    const later = (ms: number, fn: () => void): void => {
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          fn();
        },
        Math.min(Math.max(0, ms), MAX_TIMER_MS),
      );
      timers.add(timer);
    };

    let exited = false;
    let reaped = false;
    let settled = false;
    let openStreams = 2;

    let child: ChildProcess;
    try {
      child = launch
        ? launch()
        : spawn(options.file, [...options.args], {
            argv0: options.argv0 ?? options.file,
            cwd: options.cwd,
            env: options.env,
            detached: true, // own process group, so the whole tree can be signalled
            shell: false,
            stdio: [options.stdin === null ? 'ignore' : 'pipe', 'pipe', 'pipe'],
            windowsHide: true,
          });
    } catch (error) {
      // Invalid arguments (e.g. a NUL byte in an argument) throw synchronously.
      const err = error as NodeJS.ErrnoException;
      resolve({ ...result, spawnError: { message: err.message ?? String(error), code: err.code } });
      return;
    }
    // A launched process has no group of the harness's: it is stopped through its launcher, and its
    // pid namespace ends with it.
    const pgid = launch ? undefined : child.pid;
    result.pid = pgid;
    // The leader's children that left its group, read when it is stopped (bwrap's pid 1 in the
    // sandbox, in a session of its own): killed by pid too, as the group's signal misses them.
    let strays: StrayProcess[] = [];
    const signal = (name: NodeJS.Signals): void => {
      if (launch) child.kill(name);
      else if (pgid !== undefined) {
        signalGroup(pgid, name);
        signalStrays(strays, name);
      }
    };
    const out = child.stdout as Readable;
    const err = child.stderr as Readable;
    const streams: Readable[] = [out, err];

    const settle = (): void => {
      if (settled || !exited || !reaped || openStreams > 0) return;
      settled = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      options.signal.removeEventListener('abort', onAbort);
      resolve(result);
    };

    const stop = (why: 'timeout' | 'cancel'): void => {
      if (exited || result.timedOut || result.cancelled || (pgid === undefined && !launch)) return;
      if (why === 'timeout') result.timedOut = true;
      else result.cancelled = true;
      if (pgid !== undefined) strays = strayChildren(pgid);
      signal('SIGTERM');
      later(options.killGraceMs ?? DEFAULT_KILL_GRACE_MS, () => {
        if (!exited) signal('SIGKILL');
      });
    };
    function onAbort(): void {
      stop('cancel');
    }

    const finishExit = (): void => {
      exited = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      // Leftovers (background jobs, orphaned grandchildren) may hold the pipes open forever.
      later(DRAIN_BOUND_MS, () => {
        for (const stream of streams) stream.destroy();
      });
      if (pgid === undefined) {
        reaped = true;
        settle();
        return;
      }
      // A stray seen when it was stopped dies now whatever the leader's end did to it.
      signalStrays(strays, 'SIGKILL');
      void reapGroup(pgid).then(() => {
        reaped = true;
        settle();
      });
    };

    out.on('data', onStdout);
    err.on('data', onStderr);
    for (const stream of streams) {
      stream.on('error', () => {}); // a destroyed or broken pipe only ends the capture
      stream.once('close', () => {
        openStreams--;
        settle();
      });
    }

    child.once('exit', (code, signal) => {
      if (exited) return;
      result.exitCode = code;
      result.signal = signal;
      finishExit();
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      // Only start-up failures reach here (signals are sent with process.kill, not child.kill).
      if (exited) return;
      result.spawnError = { message: error.message, code: error.code };
      finishExit();
    });

    if (child.stdin && options.stdin !== null) {
      // The command may exit without reading everything; EPIPE then only means it did not want more.
      child.stdin.on('error', () => {});
      if (typeof options.stdin === 'string') child.stdin.end(options.stdin, 'utf8');
      else options.stdin.pipe(child.stdin);
    }

    later(options.timeoutMs, () => stop('timeout'));
    options.signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Kills whatever the command left behind in its group: SIGTERM, then SIGKILL after
 * {@link ORPHAN_TERM_GRACE_MS}; gives up waiting shortly before {@link DRAIN_BOUND_MS}. Zombies
 * (dead but unreaped, e.g. under an init that never reaps) count as gone.
 */
async function reapGroup(pgid: number): Promise<void> {
  if (!signalGroup(pgid, 'SIGTERM')) return; // nothing left
  const start = monotonicMs();
  let killed = false;
  for (;;) {
    await sleep(ORPHAN_POLL_MS);
    if (!(await groupHasLiveMembers(pgid))) return;
    const elapsed = monotonicMs() - start;
    if (!killed && elapsed >= ORPHAN_TERM_GRACE_MS) {
      signalGroup(pgid, 'SIGKILL');
      killed = true;
    } else if (elapsed >= DRAIN_BOUND_MS - ORPHAN_POLL_MS) {
      return;
    }
  }
}
