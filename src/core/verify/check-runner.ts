import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { CheckClause } from '../contract/schema.js';
import type { Ctx } from '../runtime/ctx.js';
import { BoundedCapture, type CapturedStream } from './bounded-capture.js';
import { scrubEnv } from './env-scrub.js';
import { groupHasLiveMembers, signalGroup } from './process-group.js';
import { SubstringScanner } from './stream-scan.js';

export { type CapturedStream, DEFAULT_MAX_CAPTURE_BYTES, DEFAULT_TAIL_BYTES } from './bounded-capture.js';
export { CHECK_ENV_ALLOWLIST, scrubEnv } from './env-scrub.js';

/** After SIGTERM on timeout or cancellation, how long the group gets before SIGKILL. */
export const KILL_GRACE_MS = 1000;
/** After the shell exits, how long leftover group members get between SIGTERM and SIGKILL. */
export const ORPHAN_TERM_GRACE_MS = 150;
/** After the shell exits, the longest the run waits for its pipes (held by leftovers) to close. */
export const DRAIN_BOUND_MS = 500;
const ORPHAN_POLL_MS = 20;

export interface RunCheckOptions {
  /** Directory the check runs in. */
  workdir: string;
  /** The host environment; only the allowlist and explicitly named variables are passed on. */
  env: Readonly<Record<string, string | undefined>>;
  /** More variable names to pass through, e.g. the repo-wide `check_env`. */
  extraEnvNames?: readonly string[];
  ctx: Ctx;
  /** Bytes of each stream's end kept as text in `tail` (default 4096). */
  tailBytes?: number;
  /** Bytes of each stream kept in memory (default 16 MiB); the rest is counted only. */
  maxCaptureBytes?: number;
}

export interface CheckOutcome {
  met: boolean;
  /** The shell's exit code; null when it was killed by a signal or never started. */
  exitCode: number | null;
  /** The signal that killed the shell, e.g. "SIGTERM". */
  signal: string | null;
  timedOut: boolean;
  cancelled: boolean;
  durationMs: number;
  stdout: CapturedStream;
  stderr: CapturedStream;
  /** Why the clause is not met, one human sentence each; empty when met. */
  reasons: string[];
}

interface Termination {
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  cancelled: boolean;
  spawnError: string | null;
}

/**
 * Runs a check clause (SPEC §5): `/bin/sh -c <run>` in `workdir` as its own process group, with a
 * scrubbed environment plus `TRUSS_CHECK=1`, stdin closed, both streams captured with bounded memory
 * and a timeout. On timeout or `ctx.signal` abort the whole group gets SIGTERM, then SIGKILL after
 * {@link KILL_GRACE_MS}. When the shell exits, anything it left running in its group is killed too,
 * and the run finishes within {@link DRAIN_BOUND_MS} even if leftovers hold its pipes open.
 *
 * `run` is the only contract text that reaches a shell, and only as the single argument of `sh -c`;
 * expectations are matched as plain strings and regular expressions, never evaluated.
 */
export async function runCheck(clause: CheckClause, options: RunCheckOptions): Promise<CheckOutcome> {
  const started = performance.now();
  const stdout = new BoundedCapture(options.maxCaptureBytes, options.tailBytes);
  const stderr = new BoundedCapture(options.maxCaptureBytes, options.tailBytes);
  const contains = new SubstringScanner(clause.expect_contains);
  const forbidden = new SubstringScanner(clause.expect_not_contains);

  const env = scrubEnv(options.env, [...clause.env, ...(options.extraEnvNames ?? [])]);
  env.TRUSS_CHECK = '1';

  const termination: Termination = options.ctx.signal.aborted
    ? { exitCode: null, signal: null, timedOut: false, cancelled: true, spawnError: null }
    : await supervise(
        clause,
        options,
        env,
        (chunk) => {
          stdout.push(chunk);
          contains.push(chunk);
          forbidden.push(chunk);
        },
        (chunk) => stderr.push(chunk),
      );

  const outcome = {
    ...termination,
    stdout: stdout.result(),
    stderr: stderr.result(),
  };
  const reasons = explain(clause, outcome, contains, forbidden);
  return {
    met: reasons.length === 0,
    exitCode: outcome.exitCode,
    signal: outcome.signal,
    timedOut: outcome.timedOut,
    cancelled: outcome.cancelled,
    durationMs: performance.now() - started,
    stdout: outcome.stdout,
    stderr: outcome.stderr,
    reasons,
  };
}

function supervise(
  clause: CheckClause,
  options: RunCheckOptions,
  env: Record<string, string>,
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
      child = spawn('/bin/sh', ['-c', clause.run], {
        cwd: options.workdir,
        env,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        windowsHide: true,
      });
    } catch (error) {
      // Invalid arguments (e.g. a NUL byte in `run`) throw synchronously.
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

    const timeoutMs = Math.min(Math.max(0, clause.timeout_sec * 1000), 2 ** 31 - 1);
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

function explain(
  clause: CheckClause,
  outcome: Termination & { stdout: CapturedStream },
  contains: SubstringScanner,
  forbidden: SubstringScanner,
): string[] {
  if (outcome.spawnError !== null) return [`could not start the check: ${outcome.spawnError}`];
  if (outcome.cancelled) return ['cancelled'];
  if (outcome.timedOut) return [`timed out after ${clause.timeout_sec}s; process group killed`];

  const reasons: string[] = [];
  if (outcome.exitCode === null) {
    reasons.push(`killed by signal ${outcome.signal ?? 'unknown'}, expected exit code ${clause.expect_exit}`);
  } else if (outcome.exitCode !== clause.expect_exit) {
    reasons.push(`exit code ${outcome.exitCode}, expected ${clause.expect_exit}`);
  }

  // Fixed strings are searched in the whole stream, past the capture cap too.
  clause.expect_contains.forEach((needle, i) => {
    if (!contains.found(i)) reasons.push(`stdout does not contain ${JSON.stringify(needle)}`);
  });
  clause.expect_not_contains.forEach((needle, i) => {
    if (forbidden.found(i)) reasons.push(`stdout contains forbidden ${JSON.stringify(needle)}`);
  });

  if (clause.expect_matches.length > 0) {
    const text = outcome.stdout.bytes.toString('utf8');
    const note = outcome.stdout.truncated
      ? ` (only the first ${outcome.stdout.bytes.length} of ${outcome.stdout.totalBytes} bytes were searched)`
      : '';
    for (const source of clause.expect_matches) {
      let pattern: RegExp;
      try {
        pattern = new RegExp(source);
      } catch {
        reasons.push(`invalid regular expression /${source}/`);
        continue;
      }
      if (!pattern.test(text)) reasons.push(`stdout does not match /${source}/${note}`);
    }
  }
  return reasons;
}
