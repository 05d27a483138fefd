/**
 * The isolation layer every untrusted process starts through (docs/security.md): check commands,
 * the agent's `bash` tool and delegated agent CLIs. The harness holds the signing keys and writes
 * the ledger; what it starts for the work must not reach either. One {@link Isolation} is chosen per
 * run by {@link createIsolation} (strongest available mechanism first) and handed to the single spawn
 * path (`runSupervised`), which asks it to {@link Isolation.prepare} every spawn.
 */

import { closestName } from '../closest-name.js';

/** What a run asks for: `auto` picks the strongest mechanism this machine has. */
export type IsolationMode = 'auto' | 'uid' | 'bwrap' | 'none';
/** What actually ran. */
export type IsolationLevel = 'uid' | 'bwrap' | 'none';
export const ISOLATION_MODES: readonly IsolationMode[] = Object.freeze(['auto', 'uid', 'bwrap', 'none']);

/** `[constraints] network`, as the layer sees it. */
export type NetworkMode = 'none' | 'allowlist' | 'open';

/**
 * The record that goes into the signed `run_started` payload and onto every surface. Field names are
 * snake_case because they are journaled as they are.
 */
export interface IsolationReport {
  /** The mechanism that ran. */
  level: IsolationLevel;
  /** What was asked for (`[sandbox] isolation`, `--isolation`, the `isolation` input). */
  requested: IsolationMode;
  /** `[constraints] network` of the contract. */
  network: NetworkMode;
  /** True only when `network = "none"` is a real block (not a best-effort tool filter). */
  network_enforced: boolean;
  /** How egress is blocked when enforced: `iptables-owner` or `netns`; null otherwise. */
  egress: 'iptables-owner' | 'netns' | null;
  /** One sentence per notable fact: why a weaker mechanism ran, what is not enforced. */
  notes: string[];
}

/** One spawn as the caller wants it, before isolation. */
export interface SpawnRequest {
  file: string;
  args: readonly string[];
  argv0?: string | undefined;
  cwd: string;
  /** The complete environment the caller built (already allowlisted). */
  env: Record<string, string>;
}

/** The spawn the supervisor actually performs, and what to do once it is over. */
export interface PreparedSpawn {
  file: string;
  args: string[];
  argv0?: string | undefined;
  cwd: string;
  env: Record<string, string>;
  /** Names dropped from the caller's env because they are never passed on (docs/security.md). */
  droppedEnv: string[];
  /**
   * Starts the process without a program start of its own (uid isolation's launcher, launcher.ts),
   * for a process whose stdin is closed: it behaves as the `ChildProcess` `file` and `args` would
   * have made, is stopped through its `kill` (SIGTERM, SIGKILL) and leaves nothing behind once it
   * has reported its end. Unset: the supervisor spawns `file`.
   */
  launch?: (() => import('node:child_process').ChildProcess) | undefined;
  /**
   * Called once the supervisor has finished with the process (exit, timeout or cancellation), with the
   * pid it spawned (the group leader): kills whatever of the sandbox is left and removes its scratch
   * HOME and TMPDIR. Never throws.
   */
  dispose(pid: number | undefined): Promise<void>;
}

/** A run's isolation: its report and how to wrap one spawn. */
export interface Isolation {
  readonly report: IsolationReport;
  prepare(request: SpawnRequest): Promise<PreparedSpawn>;
  /**
   * Makes one more working copy readable and writable by sandboxed processes (e.g. a clean room
   * materialized after the executor): uid grants it to the sandbox group, bwrap binds it
   * read-write. Must not lie inside a hidden path.
   */
  addWorkdir(dir: string): Promise<void>;
  /**
   * Stops binding a directory {@link addWorkdir} added, before it is removed (bwrap would refuse to
   * bind a missing path). uid and none have nothing to undo.
   */
  removeWorkdir?(dir: string): Promise<void>;
  /**
   * Starts, in the background, what the first confined process will need (uid as root: the mount
   * namespace holder), so that it is ready when a check runs. Call it once the paths it hides exist
   * (the ledger is open); if nothing uses it, it ends by itself.
   */
  warm?(): void;
  /**
   * The hidden paths that hold no working copy (realpaths): the key files, the per-install key
   * directory, the ledger's directory, the harness temp dirs. Untrusted processes do not see them, and
   * the harness's own tools, which run as the harness for the work, refuse them too (a ledger kept in
   * the working copy, `.truss/ledger.db`, would otherwise be the agent's to overwrite through
   * `write_file`). Set whatever the mechanism, `none` included.
   */
  readonly withheld?: readonly string[];
  /**
   * Where the run makes its temp dirs (clean rooms and their scratch, worktree snapshots): this
   * harness process's directory (lifeline.ts), which the next run sweeps once this process is dead,
   * so a killed run leaves nothing behind. The sandbox may traverse it (0711) and reaches only what it
   * is given inside; it holds no key. Unset: the OS temp dir (docs/runtime.md "Temporary directories").
   */
  readonly tempDir?: string | undefined;
  /**
   * A view of this isolation for one fan-out attempt (docs/fanout.md "Where attempts work"): the
   * same hidden paths and network, but its processes run as an account of their own per `slot` (uid;
   * bwrap started as the sandbox user), and the working copies added through the view (the
   * attempt's copy, its clean rooms, its tool socket) are granted to that account alone and, under
   * bwrap, bound only into the view's processes. Slots run one attempt at a time each. Unset (none):
   * attempts cannot be kept apart.
   */
  forAttempt?(slot: number): Promise<Isolation>;
}

/** The requested mechanism is not available here; says what to do instead. */
export class IsolationUnavailableError extends Error {
  override name = 'IsolationUnavailableError';
}

/** Setting up the sandbox (user, permissions, egress rules) failed. */
export class IsolationSetupError extends Error {
  override name = 'IsolationSetupError';
}

/** Reads a mode from a flag, input or config value; throws a message that lists the valid ones. */
export function parseIsolationMode(value: string, where: string): IsolationMode {
  const mode = value.trim().toLowerCase();
  if ((ISOLATION_MODES as readonly string[]).includes(mode)) return mode as IsolationMode;
  const meant = mode.length <= 64 ? closestName(mode, ISOLATION_MODES) : undefined;
  throw new IsolationUnavailableError(
    `${where}: isolation must be one of ${ISOLATION_MODES.join(', ')} (got ${JSON.stringify(value)})${meant ? ` (did you mean "${meant}"?)` : ''}`,
  );
}

/**
 * One line for every surface (CLI, check run, comment, summary, HTML report): "checks isolated: uid
 * (egress blocked)". This file imports only closest-name.ts, which imports nothing, so the report
 * page bundles it too.
 */
export function describeIsolation(
  report: Pick<IsolationReport, 'level' | 'network' | 'network_enforced'>,
): string {
  if (report.level === 'none') {
    return 'checks isolated: none — checks, agent tools and delegated CLIs ran as the harness user and could read its secrets';
  }
  const egress = report.network_enforced
    ? 'egress blocked'
    : report.network === 'open'
      ? 'network open'
      : `network "${report.network}" not enforced (best-effort filter only)`;
  return `checks isolated: ${report.level} (${egress})`;
}
