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
