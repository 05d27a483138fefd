import { execFile } from 'node:child_process';

/**
 * `unshare` making the fresh pid namespace (with its own /proc) every sandboxed process of `uid`
 * isolation starts in; `--kill-child` ends the namespace when `unshare` is killed. `--ipc`: SysV
 * shared memory, semaphores and message queues (and POSIX queues) made inside end with it, instead
 * of outliving the run on the host as a channel to later processes.
 */
export const PID_NAMESPACE_FLAGS: readonly string[] = Object.freeze([
  '--pid',
  '--ipc',
  '--fork',
  '--kill-child',
  '--mount-proc',
]);

/** Quotes one word for a POSIX shell script (single quotes; embedded quotes closed and escaped). */
export function shellQuote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

export interface CommandResult {
  ok: boolean;
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a short setup command (useradd, iptables, chgrp …) with the given environment, never through a
 * shell, with a timeout. Used only for the sandbox's own set-up, never for work the run judges.
 */
export function runCommand(
  file: string,
  args: readonly string[],
  env: Record<string, string>,
  timeoutMs = 30_000,
): Promise<CommandResult> {
  return new Promise((resolve) => {
    execFile(
      file,
      [...args],
      { env, timeout: timeoutMs, encoding: 'utf8', maxBuffer: 4 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ ok: !error, code, stdout: String(stdout), stderr: String(stderr || error?.message || '') });
      },
    );
  });
}

/** How the harness gains root for set-up: it is root, or `sudo -n` works without a password. */
export type Privilege = 'root' | 'sudo';

/** Runs a set-up command as root: directly when the harness is root, else through `sudo -n`. */
export function asRoot(
  privilege: Privilege,
  file: string,
  args: readonly string[],
  env: Record<string, string>,
  timeoutMs?: number,
): Promise<CommandResult> {
  return privilege === 'root'
    ? runCommand(file, args, env, timeoutMs)
    : runCommand('sudo', ['-n', '--', file, ...args], env, timeoutMs);
}
