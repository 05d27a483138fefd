import { execFile } from 'node:child_process';
import { type SimpleGitOptions, simpleGit } from 'simple-git';

/**
 * `-c` settings for every git the harness itself runs on a working tree the judged work may have
 * changed (docs/security.md, "What each boundary stops"): repository hooks and the fsmonitor
 * command are agent-writable code (`.git/hooks`, `.git/config`) and must never run in the process
 * that holds the keys.
 */
export const HARNESS_GIT_CONFIG: readonly string[] = Object.freeze([
  'core.hooksPath=/dev/null',
  'core.fsmonitor=false',
]);

/** simple-git refuses these two settings unless told they are intended; ours are the safe values. */
const UNSAFE_ALLOWED = { allowUnsafeHooksPath: true, allowUnsafeFsMonitor: true } as const;

/** A simple-git instance for harness bookkeeping on an untrusted tree, with {@link HARNESS_GIT_CONFIG}. */
export function harnessGit(baseDir: string, options: Partial<SimpleGitOptions> = {}) {
  return simpleGit({
    ...options,
    baseDir,
    config: [...HARNESS_GIT_CONFIG, ...(options.config ?? [])],
    unsafe: { ...UNSAFE_ALLOWED, ...(options.unsafe ?? {}) },
  });
}

/** What one harness git call printed, and how it exited (never thrown: callers decide what a failure means). */
export interface GitOutput {
  code: number;
  stdout: string;
}

/**
 * Runs one git command for harness bookkeeping on an untrusted tree, with {@link HARNESS_GIT_CONFIG}.
 * A plain child process: simple-git's completion detection adds up to 50 ms to a command that exits
 * non-zero without output (`rev-parse --verify --quiet HEAD` in a repository with no commit yet), and
 * a run asks several such questions before its first check.
 */
export function runHarnessGit(cwd: string, args: readonly string[]): Promise<GitOutput> {
  const config = HARNESS_GIT_CONFIG.flatMap((setting) => ['-c', setting]);
  return new Promise((resolve) => {
    execFile(
      'git',
      [...config, ...args],
      { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
      (error, stdout) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout });
      },
    );
  });
}
