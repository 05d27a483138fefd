import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Ctx } from '../runtime/ctx.js';
import { BoundedCapture, type CapturedStream } from './bounded-capture.js';
import { groupHasLiveMembers, signalGroup } from './process-group.js';

/** After SIGTERM on timeout or cancellation, how long the group gets before SIGKILL. */
export const KILL_GRACE_MS = 1000;
/** After the shell exits, how long leftover group members get between SIGTERM and SIGKILL. */
export const ORPHAN_TERM_GRACE_MS = 150;
/** After the shell exits, the longest the run waits for its pipes (held by leftovers) to close. */
export const DRAIN_BOUND_MS = 500;
const ORPHAN_POLL_MS = 20;
/** setTimeout's ceiling; longer delays would fire immediately. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface RunShellOptions {
  /** Directory the command runs in. */
  workdir: string;
  /** The child's complete environment (already scrubbed by the caller, e.g. with `scrubEnv`). */
  env: Record<string, string>;
  /** `ctx.signal` aborting kills the whole group and sets `cancelled`. */
  ctx: Ctx;
  /** Wall-clock limit; on expiry the whole group is killed and `timedOut` is set. */
  timeoutMs: number;
  /** The shell binary run as `<shell> -c <command>` (default `/bin/sh`). */
  shell?: string;
  /** Bytes of each stream's end kept as text in `tail` (default 4096). */
  tailBytes?: number;
  /** Bytes of each stream's head kept in memory (default 16 MiB); the rest is counted only. */
  maxCaptureBytes?: number;
  /** Sees every stdout chunk, past the capture cap too (e.g. for substring scanning). */
  onStdout?: (chunk: Buffer) => void;
  /** Sees every stderr chunk, past the capture cap too. */
  onStderr?: (chunk: Buffer) => void;
}

export interface ShellOutcome {
  /** The shell's exit code; null when it was killed by a signal or never started. */
  exitCode: number | null;
  /** The signal that killed the shell, e.g. "SIGTERM". */
  signal: string | null;
  timedOut: boolean;
  cancelled: boolean;
  /** Set when the shell could not be started at all (ENOENT, a NUL byte in the command, ...). */
  spawnError: string | null;
  durationMs: number;
  stdout: CapturedStream;
  stderr: CapturedStream;
}

type Termination = Omit<ShellOutcome, 'durationMs' | 'stdout' | 'stderr'>;

/**
 * Runs `<shell> -c <command>` in `workdir` as the leader of its own process group, with exactly
 * `env`, stdin closed, both streams captured with bounded memory, and a timeout. On timeout or
 * `ctx.signal` abort the whole group gets SIGTERM, then SIGKILL after {@link KILL_GRACE_MS}. When
 * the shell exits, anything it left running in its group is killed too, and the call finishes
 * within {@link DRAIN_BOUND_MS} even if leftovers hold its pipes open. Never throws.
 *
 * Shared by the check runner (SPEC §5) and the agent's `bash` tool (SPEC §6).
 */
export async function runShell(command: string, options: RunShellOptions): Promise<ShellOutcome> {
  const started = performance.now();
  const stdout = new BoundedCapture(options.maxCaptureBytes, options.tailBytes);
  const stderr = new BoundedCapture(options.maxCaptureBytes, options.tailBytes);
  const termination: Termination = options.ctx.signal.aborted
    ? { exitCode: null, signal: null, timedOut: false, cancelled: true, spawnError: null }
    : await supervise(
        command,
        options,
        (chunk) => {
          stdout.push(chunk);
          options.onStdout?.(chunk);
        },
        (chunk) => {
          stderr.push(chunk);
          options.onStderr?.(chunk);
        },
      );
  return {
    ...termination,
    durationMs: performance.now() - started,
    stdout: stdout.result(),
    stderr: stderr.result(),
  };
}

function supervise(
  command: string,
  options: RunShellOptions,
  onStdout: (chunk: Buffer) => void,
  onStderr: (chunk: Buffer) => void,
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
      const timer = setTimeout(() => {
        timers.delete(timer);
        fn();
      }, ms);
      timers.add(timer);
    };

    let exited = false;
    let reaped = false;
    let settled = false;
    let openStreams = 2;

    let child: ChildProcessByStdio<null, Readable, Readable>;
    try {
      child = spawn(options.shell ?? '/bin/sh', ['-c', command], {
        cwd: options.workdir,
        env: options.env,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        windowsHide: true,
      });
    } catch (error) {
      // Invalid arguments (e.g. a NUL byte in the command) throw synchronously.
      resolve({ ...result, spawnError: error instanceof Error ? error.message : String(error) });
      return;
    }
    const pgid = child.pid;
    const streams: Readable[] = [child.stdout, child.stderr];

    const settle = (): void => {
      if (settled || !exited || !reaped || openStreams > 0) return;
      settled = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      options.ctx.signal.removeEventListener('abort', onAbort);
      resolve(result);
    };

    const stop = (why: 'timeout' | 'cancel'): void => {
      if (exited || result.timedOut || result.cancelled || pgid === undefined) return;
      if (why === 'timeout') result.timedOut = true;
      else result.cancelled = true;
      signalGroup(pgid, 'SIGTERM');
      later(KILL_GRACE_MS, () => {
        if (!exited) signalGroup(pgid, 'SIGKILL');
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
      void reapGroup(pgid).then(() => {
        reaped = true;
        settle();
      });
    };

    child.stdout.on('data', onStdout);
    child.stderr.on('data', onStderr);
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
    child.on('error', (error) => {
      // Only spawn failures reach here (signals are sent with process.kill, not child.kill).
      if (exited) return;
      result.spawnError = error.message;
      finishExit();
    });

    const timeoutMs = Math.min(Math.max(0, options.timeoutMs), MAX_TIMER_MS);
    later(timeoutMs, () => stop('timeout'));
    options.ctx.signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Kills whatever the shell left behind in its group: SIGTERM, then SIGKILL after
 * {@link ORPHAN_TERM_GRACE_MS}; gives up waiting shortly before {@link DRAIN_BOUND_MS}.
 */
async function reapGroup(pgid: number): Promise<void> {
  if (!signalGroup(pgid, 'SIGTERM')) return; // nothing left
  const start = performance.now();
  let killed = false;
  for (;;) {
    await sleep(ORPHAN_POLL_MS);
    if (!(await groupHasLiveMembers(pgid))) return;
    const elapsed = performance.now() - start;
    if (!killed && elapsed >= ORPHAN_TERM_GRACE_MS) {
      signalGroup(pgid, 'SIGKILL');
      killed = true;
    } else if (elapsed >= DRAIN_BOUND_MS - ORPHAN_POLL_MS) {
      return;
    }
  }
}
