import { preparedHarnessGit } from '../process/git-safety.js';
import { runSupervised } from '../process/process-supervisor.js';

/** Between SIGTERM and SIGKILL when git is stopped at the cap, by silence or by cancellation. */
const GIT_KILL_GRACE_MS = 200;
/** Bytes of git's stderr kept for an error message. */
const GIT_STDERR_BYTES = 4096;

export interface CappedGitOptions {
  cwd: string;
  /** The environment to start from; git-safety.ts pins the git directory and trims PATH. */
  env: Readonly<Record<string, string | undefined>>;
  /** `-c name=value` settings after the harness's own (git-safety.ts). */
  config: readonly string[];
  args: readonly string[];
  /** The most stdout bytes kept; git is stopped once it prints more. */
  maxBytes: number;
  /** Git printing nothing for this long is stopped. */
  silenceMs: number;
  signal: AbortSignal;
  /** The walk and config check were made for this tool call already (git-safety.ts, `checkedBefore`). */
  checkedBefore?: boolean;
}

export interface CappedGitOutput {
  /** At most `maxBytes` of stdout, as git printed them. */
  stdout: Buffer;
  /** Git printed more than `maxBytes` and was stopped: how much more is not known. */
  truncated: boolean;
}

/** Git failed, fell silent, or the run was cancelled; the message says which. */
export class CappedGitError extends Error {
  override readonly name = 'CappedGitError';
}

/**
 * Runs one git command whose output the judged code decides (a diff of a file it staged, the status of
 * a tree it filled) with memory and time bounded while it reads: at most `maxBytes` of stdout are kept
 * and git is stopped as soon as it prints more, instead of buffering everything and cutting afterwards
 * (docs/security.md, "Bounded tool output"). Started as every harness git is (git-safety.ts): refused
 * at once, with a GitCommandError naming what to remove, when `.git` holds something git could wait on
 * or a config it would read is the work's to write.
 */
export async function runCappedGit(options: CappedGitOptions): Promise<CappedGitOutput> {
  const { argv, env } = preparedHarnessGit(options.cwd, options.args, options);
  const stop = new AbortController();
  let overflowed = false;
  let silent = false;
  let timer: NodeJS.Timeout | undefined;
  const quiet = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      silent = true;
      stop.abort();
    }, options.silenceMs);
  };
  let seen = 0;
  quiet();
  const outcome = await runSupervised({
    file: 'git',
    args: argv,
    cwd: options.cwd,
    env: definedEnv(env),
    stdin: null,
    timeoutMs: 2 ** 31 - 1,
    signal: AbortSignal.any([options.signal, stop.signal]),
    killGraceMs: GIT_KILL_GRACE_MS,
    maxCaptureBytes: options.maxBytes,
    tailBytes: GIT_STDERR_BYTES,
    onStdout: (chunk) => {
      quiet();
      seen += chunk.length;
      if (seen > options.maxBytes && !overflowed) {
        overflowed = true;
        stop.abort();
      }
    },
    onStderr: quiet,
  }).finally(() => clearTimeout(timer));

  if (outcome.spawnError) throw new CappedGitError(`git could not start: ${outcome.spawnError.message}`);
  if (overflowed) return { stdout: outcome.stdout.bytes, truncated: true };
  if (options.signal.aborted) throw new CappedGitError('cancelled: the run was stopped');
  if (silent) {
    throw new CappedGitError(`git printed nothing for ${options.silenceMs / 1000}s and was stopped`);
  }
  if (outcome.exitCode !== 0) {
    const stderr = outcome.stderr.tail.trim();
    const how =
      outcome.exitCode === null ? `was killed by ${outcome.signal}` : `exited with ${outcome.exitCode}`;
    throw new CappedGitError(stderr.length > 0 ? stderr : `git ${how}`);
  }
  return { stdout: outcome.stdout.bytes, truncated: false };
}

function definedEnv(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (value !== undefined) out[name] = value;
  return out;
}
