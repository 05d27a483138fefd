import type { Isolation } from './isolation.js';
import { runSupervised, type SupervisedOutcome, type SupervisedSpawnOptions } from './process-supervisor.js';

export { DRAIN_BOUND_MS, ORPHAN_TERM_GRACE_MS } from './process-supervisor.js';

/** After SIGTERM on timeout or cancellation, how long the group gets before SIGKILL. */
export const KILL_GRACE_MS = 1000;

/** Timeout, capture bounds and chunk hooks mean what they mean for {@link runSupervised}. */
export interface RunShellOptions
  extends Pick<
    SupervisedSpawnOptions,
    'timeoutMs' | 'tailBytes' | 'maxCaptureBytes' | 'onStdout' | 'onStderr'
  > {
  /** Directory the command runs in. */
  workdir: string;
  /** The child's complete environment (already scrubbed by the caller, e.g. with `scrubEnv`). */
  env: Record<string, string>;
  /** The run's scope (a `Ctx` fits): `signal` aborting kills the whole group and sets `cancelled`; `isolation` starts the process. */
  ctx: { readonly signal: AbortSignal; readonly isolation?: Isolation | undefined };
  /** The shell binary run as `<shell> -c <command>` (default `/bin/sh`). */
  shell?: string;
}

/** The shell's exit code, signal, flags and captured streams, as {@link SupervisedOutcome} reports them. */
export interface ShellOutcome extends Omit<SupervisedOutcome, 'spawnError'> {
  /** Set when the shell could not be started at all (ENOENT, a NUL byte in the command, ...). */
  spawnError: string | null;
}

/**
 * Runs `<shell> -c <command>` in `workdir` as the leader of its own process group, with exactly
 * `env`, stdin closed, both streams captured with bounded memory, and a timeout. On timeout or
 * `ctx.signal` abort the whole group gets SIGTERM, then SIGKILL after {@link KILL_GRACE_MS}. When
 * the shell exits, anything it left running in its group is killed too, and the call finishes
 * within `DRAIN_BOUND_MS` even if leftovers hold its pipes open. Never throws.
 *
 * A thin wrapper over {@link runSupervised}; shared by the check runner and the agent's `bash` tool.
 * The process starts through `ctx.isolation` (docs/security.md).
 */
export async function runShell(command: string, options: RunShellOptions): Promise<ShellOutcome> {
  const outcome = await runSupervised({
    file: options.shell ?? '/bin/sh',
    args: ['-c', command],
    cwd: options.workdir,
    env: options.env,
    stdin: null,
    timeoutMs: options.timeoutMs,
    signal: options.ctx.signal,
    killGraceMs: KILL_GRACE_MS,
    maxCaptureBytes: options.maxCaptureBytes,
    tailBytes: options.tailBytes,
    onStdout: options.onStdout,
    onStderr: options.onStderr,
    isolation: options.ctx.isolation,
  });
  return { ...outcome, spawnError: outcome.spawnError?.message ?? null };
}
