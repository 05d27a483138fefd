import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { delimiter, resolve } from 'node:path';
import type { z } from 'zod';
import type { executorSchema } from '../contract/schema.js';
import type { CapturedStream } from '../process/bounded-capture.js';
import { scrubEnv } from '../process/env-scrub.js';
import { runSupervised } from '../process/process-supervisor.js';
import {
  type DiffStat,
  diffSnapshots,
  EMPTY_DIFF,
  findRepoRoot,
  snapshotWorktree,
  type WorktreeDiff,
  type WorktreeSnapshot,
} from '../process/worktree-snapshot.js';
import type { Ctx } from '../runtime/ctx.js';
import { buildDelegatedPrompt, promptSha256 } from './delegated-prompt.js';
import { DelegatedCliConfigError, DelegatedCommandNotFoundError, DelegatedSpawnError } from './errors.js';

export type { DiffStat } from '../process/worktree-snapshot.js';
export { buildDelegatedPrompt, promptSha256 } from './delegated-prompt.js';
export {
  DelegatedCliConfigError,
  DelegatedCliError,
  DelegatedCommandNotFoundError,
  DelegatedSpawnError,
} from './errors.js';

/** The `[executor]` block after parsing (`executorSchema`'s output). */
export type ExecutorSettings = z.infer<ReturnType<typeof executorSchema>>;

/** Applied when `executor.timeout_sec` is absent: 30 minutes. */
export const DEFAULT_DELEGATED_TIMEOUT_SEC = 1800;
/** Removed from a delegated CLI's environment whatever `clear_env` says: Truss's own signing keys. */
export const ALWAYS_CLEARED_ENV: readonly string[] = Object.freeze([
  'TRUSS_SIGNING_KEY',
  'TRUSS_REVIEW_SIGNING_KEY',
]);
/** Default cap on the diff text kept in the result; the stat and file list are never cut. */
export const DEFAULT_MAX_DIFF_BYTES = 16 * 1024 * 1024;

export interface RunDelegatedCliOptions {
  /** `kind` must be `delegated-cli` and `command` set. */
  executor: ExecutorSettings;
  intent: string;
  contractTitle?: string | null;
  /** The definition-of-done descriptions (each clause's `desc`), quoted in the prompt. */
  done: readonly string[];
  /** Recalled memory, shown after the definition of done (docs/memory.md "Recall"). */
  memory?: string | undefined;
  /** The working tree the CLI runs in (its cwd) and whose changes are captured. */
  workdir: string;
  /** The host environment; the CLI gets all of it minus `clear_env` and {@link ALWAYS_CLEARED_ENV}. */
  env: Readonly<Record<string, string | undefined>>;
  /** Cancellation (`signal`) and `deadline` both kill the CLI's whole process group. */
  ctx: Ctx;
  /** Capture the working-tree diff (default true; skipped anyway when workdir is not in a git repo). */
  git?: boolean;
  /** Between SIGTERM and SIGKILL on timeout or cancellation (default 3000 ms). */
  killGraceMs?: number;
  /** Bytes of each output stream kept in memory (default 16 MiB); the rest is counted only. */
  maxCaptureBytes?: number;
  /** Bytes of each stream's end kept as text in `tail` (default 4096). */
  tailBytes?: number;
  /** Bytes of diff text kept (default {@link DEFAULT_MAX_DIFF_BYTES}). */
  maxDiffBytes?: number;
  /** Under uid/bwrap isolation: more names the CLI may see (the repo-wide `check_env`). */
  extraEnvNames?: readonly string[];
  /** Set in the CLI's environment after it is built (never a secret: e.g. `TRUSS_MCP_CONFIG`). */
  addEnv?: Readonly<Record<string, string>>;
  /**
   * The working tree to diff against instead of a snapshot taken now: a CLI started again after a
   * suspension reports its work since the first start (`delegated_started` records it).
   */
  before?: WorktreeSnapshot | undefined;
  /** Absolute paths left out of the work diff: the run's ledger, when it is written during the run. */
  excludeFromDiff?: readonly string[];
  /**
   * Awaited once the CLI's process group is gone, before the diff is taken: a tool server the CLI
   * called stops here, so a call it left running cannot change the work after the diff.
   */
  afterExit?: () => Promise<void>;
}

export interface DelegatedResult {
  /** The CLI's exit code; null when it was killed by a signal or never started (cancelled early). */
  exitCode: number | null;
  signal: string | null;
  /** `timeout_sec` or the ctx deadline expired; the group was killed. */
  timedOut: boolean;
  /** `ctx.signal` aborted; the group was killed (or the CLI never started). */
  cancelled: boolean;
  durationMs: number;
  stdout: CapturedStream;
  stderr: CapturedStream;
  /**
   * `git diff --binary` of the working tree after the run against the working tree before it
   * (tracked and untracked, ignored files excluded). Changes the CLI commits are included, and
   * uncommitted changes that predate the run are not. Empty when nothing changed or no git repo.
   */
  diff: string;
  diffTruncated: boolean;
  diffStat: DiffStat;
  /** Repository-relative paths the run added, modified or deleted. */
  changedFiles: string[];
  /** HEAD before and after the run (null: no repository or unborn branch). */
  headBefore: string | null;
  headAfter: string | null;
  /** Why the diff could not be captured (e.g. "not a git repository"); null when it was. */
  gitError: string | null;
  /**
   * Set when the working tree was snapshotted before the run but its diff could not be taken after
   * it (`gitError` says why): the empty `diff` is then not "no change", and the clean room must not
   * rebuild the work from it (docs/contracts.md, "Where checks run").
   */
  diffError?: string | null;
  /** The exact text the CLI received. */
  prompt: string;
  /** sha256 hex of the prompt's UTF-8 bytes. */
  promptSha256: string;
  promptVia: 'stdin' | 'arg';
  /** `executor.command` as written, and the executable it resolved to. */
  command: string;
  resolvedCommand: string;
  /** `executor.args` as configured; with `promptVia: 'arg'` the prompt followed them as one more argument. */
  args: string[];
  timeoutSec: number;
  /** Names removed from the CLI's environment that were actually set in the host environment. */
  clearedEnv: string[];
}

/**
 * Runs a delegated agent CLI (docs/runtime.md): the vendor CLI owns the inner loop; Truss hands it
 * the task, captures its output and the change it made to the working tree, and leaves the verdict
 * to verification at the contract boundary.
 *
 * The CLI is spawned directly from argv (never through a shell) in `workdir` as the leader of its
 * own process group, with the host environment minus `clear_env` (so e.g. `claude` falls back to its
 * own subscription login) and minus Truss's signing keys. The prompt goes to stdin, which is then
 * closed, or becomes the last argument (`prompt_via = "arg"`). `timeout_sec` (default 1800), the
 * ctx deadline and `ctx.signal` kill the whole group: SIGTERM, then SIGKILL.
 *
 * A non-zero exit, a timeout or a cancellation is a result. Throws only when the CLI cannot be
 * started at all: {@link DelegatedCliConfigError}, {@link DelegatedCommandNotFoundError},
 * {@link DelegatedSpawnError}.
 */
export async function runDelegatedCli(options: RunDelegatedCliOptions): Promise<DelegatedResult> {
  const { executor, ctx, workdir } = options;
  if (executor.kind !== 'delegated-cli') {
    throw new DelegatedCliConfigError(
      `executor.kind is "${executor.kind}"; runDelegatedCli needs kind = "delegated-cli"`,
    );
  }
  const command = executor.command?.trim();
  if (!command) {
    throw new DelegatedCliConfigError(
      'executor.command is required for kind = "delegated-cli" (e.g. command = "claude")',
    );
  }

  const prompt = buildDelegatedPrompt({
    intent: options.intent,
    contractTitle: options.contractTitle,
    done: options.done,
    memory: options.memory,
  });
  const isolated = (ctx.isolation?.report.level ?? 'none') !== 'none';
  const { env, cleared } = isolated
    ? buildIsolatedDelegatedEnv(options.env, executor.clear_env, [
        ...(executor.env ?? []),
        ...(options.extraEnvNames ?? []),
      ])
    : buildDelegatedEnv(options.env, executor.clear_env);
  Object.assign(env, options.addEnv ?? {});
  const resolvedCommand = await resolveCommand(command, workdir, env.PATH);
  const timeoutSec = executor.timeout_sec ?? DEFAULT_DELEGATED_TIMEOUT_SEC;
  const args = [...executor.args];

  let timeoutMs = timeoutSec * 1000;
  if (ctx.deadline !== null) timeoutMs = Math.min(timeoutMs, Math.max(0, ctx.deadline - ctx.now()));

  const abortedEarly = ctx.signal.aborted;
  const useGit = options.git !== false && !abortedEarly;
  let gitError: string | null =
    options.git === false
      ? 'diff capture disabled'
      : abortedEarly
        ? 'cancelled before the run started'
        : null;
  let before: WorktreeSnapshot | null = null;
  if (useGit && options.before) before = options.before;
  else if (useGit) {
    try {
      const root = await findRepoRoot(workdir, env);
      if (root === null) gitError = 'not a git repository';
      else before = await snapshotWorktree(root, env, ctx.isolation?.tempDir, { keep: true });
    } catch (error) {
      gitError = `could not snapshot the working tree before the run: ${message(error)}`;
    }
  }

  const outcome = await runSupervised({
    file: resolvedCommand,
    argv0: command,
    args: executor.prompt_via === 'arg' ? [...args, prompt] : args,
    cwd: workdir,
    env,
    stdin: executor.prompt_via === 'stdin' ? prompt : null,
    timeoutMs,
    signal: ctx.signal,
    ...(options.killGraceMs === undefined ? {} : { killGraceMs: options.killGraceMs }),
    ...(options.maxCaptureBytes === undefined ? {} : { maxCaptureBytes: options.maxCaptureBytes }),
    ...(options.tailBytes === undefined ? {} : { tailBytes: options.tailBytes }),
    isolation: ctx.isolation,
  });
  await options.afterExit?.();
  if (outcome.spawnError) {
    const { code, message: why } = outcome.spawnError;
    if (code === 'ENOENT') throw new DelegatedCommandNotFoundError(command, `resolved to ${resolvedCommand}`);
    const hint =
      code === 'E2BIG' && executor.prompt_via === 'arg'
        ? '; the prompt is too long for an argument, use prompt_via = "stdin"'
        : '';
    throw new DelegatedSpawnError(command, `${why}${hint}`, code);
  }

  let changes: WorktreeDiff = EMPTY_DIFF;
  let diffError: string | null = null;
  let headAfter: string | null = null;
  if (before) {
    try {
      // From the snapshot before the CLI ran, never the work's own index (docs/security.md, "Git metadata").
      const after = await snapshotWorktree(before.root, env, ctx.isolation?.tempDir, { since: before });
      headAfter = after.head;
      changes = await diffSnapshots(
        before,
        after,
        env,
        options.maxDiffBytes ?? DEFAULT_MAX_DIFF_BYTES,
        options.excludeFromDiff,
      );
    } catch (error) {
      gitError = `could not capture the working-tree diff after the run: ${message(error)}`;
      diffError = gitError;
    }
  }
  if (gitError !== null && useGit) ctx.events({ type: 'warning', message: `delegated-cli: ${gitError}` });

  return {
    exitCode: outcome.exitCode,
    signal: outcome.signal,
    timedOut: outcome.timedOut,
    cancelled: outcome.cancelled,
    durationMs: outcome.durationMs,
    stdout: outcome.stdout,
    stderr: outcome.stderr,
    diff: changes.diff,
    diffTruncated: changes.diffTruncated,
    diffStat: { ...changes.diffStat },
    changedFiles: [...changes.changedFiles],
    headBefore: before?.head ?? null,
    headAfter,
    gitError,
    diffError,
    prompt,
    promptSha256: promptSha256(prompt),
    promptVia: executor.prompt_via,
    command,
    resolvedCommand,
    args,
    timeoutSec,
    clearedEnv: cleared,
  };
}

/**
 * The delegated CLI's environment: every host variable (an agent CLI needs HOME, PATH, its config
 * dirs, proxies…) except the names in `clearEnv` and {@link ALWAYS_CLEARED_ENV}. Unlike a check's
 * allowlist, this is a denylist: the point is to remove the credentials that would otherwise
 * override the CLI's own login. `cleared` lists the removed names that were actually set.
 */
export function buildDelegatedEnv(
  host: Readonly<Record<string, string | undefined>>,
  clearEnv: readonly string[],
): { env: Record<string, string>; cleared: string[] } {
  const drop = new Set([...clearEnv, ...ALWAYS_CLEARED_ENV]);
  const env: Record<string, string> = {};
  const cleared: string[] = [];
  for (const [name, value] of Object.entries(host)) {
    if (value === undefined) continue;
    if (drop.has(name)) cleared.push(name);
    else env[name] = value;
  }
  return { env, cleared: cleared.sort() };
}

/**
 * The delegated CLI's environment under uid/bwrap isolation (docs/security.md, "Environment"): an
 * allowlist — the check base set, plus `executor.env` (e.g. the CLI's own API key) and `check_env` —
 * minus `clear_env`. Names never passed on are dropped again by the isolation layer.
 */
export function buildIsolatedDelegatedEnv(
  host: Readonly<Record<string, string | undefined>>,
  clearEnv: readonly string[],
  grant: readonly string[],
): { env: Record<string, string>; cleared: string[] } {
  const drop = new Set([...clearEnv, ...ALWAYS_CLEARED_ENV]);
  const env = scrubEnv(host, grant);
  const cleared: string[] = [];
  for (const name of Object.keys(env)) {
    if (drop.has(name)) {
      delete env[name];
      cleared.push(name);
    }
  }
  return { env, cleared: cleared.sort() };
}

/**
 * Finds the executable `command` names, the way the spawn will: a name containing "/" is a path
 * (relative to `workdir`), anything else is looked up on `path` (the child's PATH).
 */
export async function resolveCommand(
  command: string,
  workdir: string,
  path: string | undefined,
): Promise<string> {
  if (command.includes('/')) {
    const candidate = resolve(workdir, command);
    const found = await executableFile(candidate);
    if (found === 'yes') return candidate;
    throw new DelegatedCommandNotFoundError(
      command,
      found === 'not-executable' ? `${candidate} is not executable` : `no file at ${candidate}`,
    );
  }
  let sawNonExecutable: string | null = null;
  for (const dir of (path ?? '').split(delimiter)) {
    // An empty PATH entry means the current directory, which for the child is `workdir`.
    const candidate = resolve(workdir, dir || '.', command);
    const found = await executableFile(candidate);
    if (found === 'yes') return candidate;
    if (found === 'not-executable') sawNonExecutable ??= candidate;
  }
  throw new DelegatedCommandNotFoundError(
    command,
    sawNonExecutable ? `${sawNonExecutable} exists but is not executable` : undefined,
  );
}

async function executableFile(candidate: string): Promise<'yes' | 'not-executable' | 'missing'> {
  try {
    if (!(await stat(candidate)).isFile()) return 'missing';
  } catch {
    return 'missing';
  }
  try {
    await access(candidate, constants.X_OK);
    return 'yes';
  } catch {
    return 'not-executable';
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
