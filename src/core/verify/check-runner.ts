import type { CheckClause } from '../contract/schema.js';
import type { CapturedStream } from '../process/bounded-capture.js';
import { scrubEnv } from '../process/env-scrub.js';
import { runShell } from '../process/shell-runner.js';
import { SubstringScanner } from '../process/stream-scan.js';
import type { Ctx } from '../runtime/ctx.js';
import { matchWithDeadline } from './regex-match.js';

export {
  type CapturedStream,
  DEFAULT_MAX_CAPTURE_BYTES,
  DEFAULT_TAIL_BYTES,
} from '../process/bounded-capture.js';
export { CHECK_ENV_ALLOWLIST, scrubEnv } from '../process/env-scrub.js';
export { DRAIN_BOUND_MS, KILL_GRACE_MS, ORPHAN_TERM_GRACE_MS } from '../process/shell-runner.js';

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
 * Runs a check clause (docs/contracts.md "How clauses are judged"): `/bin/sh -c <run>` in `workdir` as its own process group, with a
 * scrubbed environment plus `TRUSS_CHECK=1`, stdin closed, both streams captured with bounded memory
 * and a timeout (see {@link runShell}). On timeout or `ctx.signal` abort the whole group gets
 * SIGTERM, then SIGKILL after `KILL_GRACE_MS`. When the shell exits, anything it left running in its
 * group is killed too, and the run finishes within `DRAIN_BOUND_MS` even if leftovers hold its pipes
 * open.
 *
 * `run` is the only contract text that reaches a shell, and only as the single argument of `sh -c`;
 * expectations are matched as plain strings and regular expressions, never evaluated.
 */
export async function runCheck(clause: CheckClause, options: RunCheckOptions): Promise<CheckOutcome> {
  const contains = new SubstringScanner(clause.expect_contains);
  const forbidden = new SubstringScanner(clause.expect_not_contains);

  const env = scrubEnv(options.env, [...clause.env, ...(options.extraEnvNames ?? [])]);
  env.TRUSS_CHECK = '1';

  const outcome = await runShell(clause.run, {
    workdir: options.workdir,
    env,
    ctx: options.ctx,
    timeoutMs: clause.timeout_sec * 1000,
    ...(options.tailBytes !== undefined ? { tailBytes: options.tailBytes } : {}),
    ...(options.maxCaptureBytes !== undefined ? { maxCaptureBytes: options.maxCaptureBytes } : {}),
    onStdout: (chunk) => {
      contains.push(chunk);
      forbidden.push(chunk);
    },
  });

  const reasons = explain(clause, outcome, contains, forbidden);
  // Regular expressions run in a worker bounded by what is left of the check's deadline, and their
  // time counts in the recorded duration (docs/contracts.md, expect_matches).
  let matchMs = 0;
  if (shouldMatch(clause, outcome)) {
    const started = performance.now();
    reasons.push(
      ...(await matchReasons(
        clause,
        outcome.stdout,
        // What is left of the check's deadline; a little grace so a worker can start at all.
        Math.max(clause.timeout_sec * 1000 - outcome.durationMs, MATCH_GRACE_MS),
        options.ctx.signal,
      )),
    );
    matchMs = performance.now() - started;
  }
  return {
    met: reasons.length === 0,
    exitCode: outcome.exitCode,
    signal: outcome.signal,
    timedOut: outcome.timedOut,
    cancelled: outcome.cancelled,
    durationMs: outcome.durationMs + matchMs,
    stdout: outcome.stdout,
    stderr: outcome.stderr,
    reasons,
  };
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

  return reasons;
}

/** The least time matching gets even when the command used up the check's timeout. */
export const MATCH_GRACE_MS = 250;

/** Patterns are matched when there are any and the shell ran to an exit (not timed out, cancelled or unstartable). */
function shouldMatch(clause: CheckClause, outcome: Termination): boolean {
  return (
    clause.expect_matches.length > 0 && outcome.spawnError === null && !outcome.cancelled && !outcome.timedOut
  );
}

async function matchReasons(
  clause: CheckClause,
  stdout: CapturedStream,
  remainingMs: number,
  signal: AbortSignal,
): Promise<string[]> {
  const text = stdout.bytes.toString('utf8');
  const note = stdout.truncated
    ? ` (only the first ${stdout.bytes.length} of ${stdout.totalBytes} bytes were searched)`
    : '';
  const results = await matchWithDeadline(clause.expect_matches, text, remainingMs, signal);
  const reasons: string[] = [];
  clause.expect_matches.forEach((source, i) => {
    const result = results[i];
    if (result === 'invalid') reasons.push(`invalid regular expression /${source}/`);
    else if (result === 'no_match') reasons.push(`stdout does not match /${source}/${note}`);
    else if (result === 'timeout')
      reasons.push(
        `matching /${source}/ did not finish within the check's timeout of ${clause.timeout_sec}s (a pattern with catastrophic backtracking?); not met`,
      );
  });
  return reasons;
}
