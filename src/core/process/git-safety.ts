import { execFile } from 'node:child_process';
import { resolve as resolvePath } from 'node:path';
import { pinnedGitEnv } from './git-metadata.js';
import { harnessProgramEnv } from './trusted-path.js';

/**
 * `-c` settings for every git the harness itself runs on a working tree the judged work may have
 * changed (docs/security.md, "Git metadata"): hooks and the fsmonitor command are code from the
 * repository and must never run in the process that holds the keys — also where the sandbox could
 * not keep `.git/hooks` and `.git/config` read-only (`none`).
 */
export const HARNESS_GIT_CONFIG: readonly string[] = Object.freeze([
  'core.hooksPath=/dev/null',
  'core.fsmonitor=false',
]);

/** What one harness git call printed, and how it exited (never thrown: callers decide what a failure means). */
export interface GitOutput {
  code: number;
  stdout: string;
  stderr: string;
}

export interface HarnessGitOptions {
  /** The whole environment git runs with; default: this process's. */
  env?: Readonly<Record<string, string | undefined>>;
  /** `-c` settings after {@link HARNESS_GIT_CONFIG}. */
  config?: readonly string[];
  /** Written to git's stdin, which is then closed (`cat-file --batch-check` questions). */
  input?: string;
}

/** A harness git command failed: git's own message (its stderr), for the caller to report or match. */
export class GitCommandError extends Error {
  override name = 'GitCommandError';
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

/**
 * Runs one git command for harness bookkeeping on an untrusted tree, with {@link HARNESS_GIT_CONFIG}.
 * A plain child process rather than a git library: a run asks git several questions before its first
 * check, and the library's scheduling and completion detection cost more than git itself (up to 50 ms
 * for a command that exits non-zero without output).
 */
export function runHarnessGit(
  cwd: string,
  args: readonly string[],
  options: HarnessGitOptions = {},
): Promise<GitOutput> {
  const config = [...HARNESS_GIT_CONFIG, ...(options.config ?? [])].flatMap((setting) => ['-c', setting]);
  return new Promise((resolve, reject) => {
    const child = execFile(
      'git',
      [...config, ...args],
      {
        cwd,
        encoding: 'utf8',
        // Diffs are capped by their callers after reading; git's output is never cut here.
        maxBuffer: Number.POSITIVE_INFINITY,
        // Never a commondir an untrusted process planted in the repository's .git (git-metadata.ts).
        env: {
          ...harnessProgramEnv(options.env ?? process.env, resolvePath(cwd)),
          ...(options.env?.GIT_DIR ? {} : pinnedGitEnv(resolvePath(cwd))),
        },
      },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number')
          reject(error); // git missing, cwd gone
        else resolve({ code: error ? (error.code as number) : 0, stdout, stderr });
      },
    );
    if (options.input !== undefined) {
      child.stdin?.on('error', () => {}); // git may exit before reading everything
      child.stdin?.end(options.input);
    }
  });
}

/** Harness git bound to one directory; `raw` resolves with stdout. */
export interface HarnessGit {
  /**
   * Fails (GitCommandError) when git exits non-zero and printed an error; a non-zero exit without
   * one (`rev-parse --verify --quiet` of a missing ref) resolves with what it printed, usually ''.
   */
  raw(args: readonly string[]): Promise<string>;
}

/** Git for harness bookkeeping in `baseDir`, with {@link HARNESS_GIT_CONFIG}. */
export function harnessGit(baseDir: string, options: HarnessGitOptions = {}): HarnessGit {
  return {
    async raw(args) {
      const { code, stdout, stderr } = await runHarnessGit(baseDir, args, options);
      if (code !== 0 && stderr.trim() !== '') throw new GitCommandError(stderr.trim(), code);
      return stdout;
    },
  };
}
