import { spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import {
  GitCommandError,
  type GitOutput,
  gitTimedOut,
  HARNESS_GIT_TIMEOUT_MS,
  type HarnessGitOptions,
  harnessGitArgv,
  preparedHarnessGit,
  runHarnessGit,
} from './git-safety.js';

/** One git of a batch: its arguments, and what is written to its stdin (then closed) if anything. */
export interface GitQuestion {
  args: readonly string[];
  input?: string;
}

/** The shell that starts a batch's gits: the same on every system Truss runs on. */
const SHELL = '/bin/sh';
/** How long the pipes may stay open once the batch was killed. */
const DRAIN_AFTER_KILL_MS = 1_000;

/**
 * Several harness gits for one working tree, started together through one small shell instead of
 * one by one from this process. Node forks its whole process on its main thread for every child it
 * starts (a millisecond or more each for a harness of 60 MB, docs/performance.md); a shell is a few
 * hundred kilobytes, and its forks run on another core. What each git gets is what
 * {@link runHarnessGit} gives it: the same arguments and environment (preparedHarnessGit, after the
 * same refusals), its input written and its stdin closed (without input it reads /dev/null, which
 * ends at once as a closed stdin does), its stdout and stderr read whole, and one deadline for all of
 * them, after which every process of the batch is killed and the call fails. A git ended by a signal fails the call as runHarnessGit's does; so does
 * an exit status above 128, which the shell reports the same way (no question a batch asks exits so).
 *
 * The shell's script is made here from fixed text and the positions of the arguments (`"${7}"`):
 * the arguments themselves reach it only as its positional parameters, never as text it reads, and
 * `command git` is the git on the harness's trusted PATH whatever functions the environment defines.
 */
export async function runHarnessGits(
  cwd: string,
  questions: readonly GitQuestion[],
  options: HarnessGitOptions = {},
): Promise<GitOutput[]> {
  const layout = descriptorLayout(questions);
  if (layout === null)
    return Promise.all(questions.map(({ args, input }) => runHarnessGit(cwd, args, { ...options, input })));
  if (questions.length === 0) return [];
  // One environment and one set of refusals for all of them: the first git's.
  const { env } = preparedHarnessGit(cwd, questions[0]?.args ?? [], options);
  const argvs = questions.map(({ args }) => harnessGitArgv(args, options));
  const timeoutMs = options.timeoutMs ?? HARNESS_GIT_TIMEOUT_MS;
  const script = batchScript(
    argvs.map((argv) => argv.length),
    layout,
  );
  return new Promise((resolve, reject) => {
    const child = spawn(SHELL, ['-c', script, 'truss-git', ...argvs.flat()], {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'ignore', ...Array.from({ length: layout.count }, () => 'pipe' as const)],
      // Its own process group: the deadline and a cancelled run kill the shell and every git with it.
      detached: true,
    });
    const read = (fd: number): Buffer[] => {
      const chunks: Buffer[] = [];
      const stream = child.stdio[fd] as Readable | null;
      stream?.on('data', (chunk: Buffer) => chunks.push(chunk));
      return chunks;
    };
    const codes = read(1);
    const outputs = layout.fds.map(({ stdout, stderr }) => ({ stdout: read(stdout), stderr: read(stderr) }));
    layout.fds.forEach(({ stdin }, i) => {
      if (stdin === null) return;
      const stream = child.stdio[stdin] as Writable | null;
      // A git may exit before reading everything.
      stream?.on('error', () => {});
      stream?.end(questions[i]?.input ?? '');
    });
    let failure: Error | undefined;
    const stop = (error: Error) => {
      failure ??= error;
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
      // A process that left the group (a session of its own) may hold the pipes open: the call ends anyway.
      setTimeout(() => {
        for (const stream of child.stdio) stream?.destroy();
      }, DRAIN_AFTER_KILL_MS).unref();
    };
    const timer = setTimeout(
      () => stop(gitTimedOut(cwd, questions[0]?.args ?? [], timeoutMs, env)),
      timeoutMs,
    );
    const aborted = () => stop(new GitCommandError('cancelled: the run was stopped', -1));
    if (options.signal?.aborted) aborted();
    options.signal?.addEventListener('abort', aborted, { once: true });
    child.on('error', (error) => {
      failure ??= error; // the shell could not start
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', aborted);
      if (failure) return reject(failure);
      const statuses = Buffer.concat(codes).toString('utf8').trim().split(' ').map(Number);
      if (code !== 0 || signal !== null || statuses.length !== questions.length)
        return reject(
          new GitCommandError(`git in ${cwd}: the batch ended without its statuses (${signal ?? code})`, -1),
        );
      const ended = statuses.findIndex((status) => !Number.isInteger(status) || status > 128);
      if (ended >= 0)
        return reject(
          new GitCommandError(`git ${questions[ended]?.args[0] ?? ''} in ${cwd} was ended by a signal`, -1),
        );
      resolve(
        outputs.map(({ stdout, stderr }, i) => ({
          code: statuses[i] as number,
          stdout: Buffer.concat(stdout).toString('utf8'),
          stderr: Buffer.concat(stderr).toString('utf8'),
        })),
      );
    });
  });
}

/** Where each git of a batch reads and writes: descriptors of the shell from 3 on. */
interface DescriptorLayout {
  fds: { stdin: number | null; stdout: number; stderr: number }[];
  /** How many descriptors from 3 on. */
  count: number;
}

/**
 * The shell's descriptors for `questions`: stdout and stderr for each, stdin only for one with
 * input (the others read /dev/null, end-of-file at once, as a closed stdin does). Null when they do
 * not fit in 3..9, the descriptors every POSIX shell can name (dash names no other).
 */
function descriptorLayout(questions: readonly GitQuestion[]): DescriptorLayout | null {
  let next = 3;
  const fds = questions.map(({ input }) => ({
    stdin: input === undefined ? null : next++,
    stdout: next++,
    stderr: next++,
  }));
  return next - 1 > 9 ? null : { fds, count: next - 3 };
}

/**
 * The shell's script for gits of `lengths` arguments each, laid out as `layout` says, every other
 * descriptor of the batch closed for each: all run at once, then their exit statuses are printed in
 * order on the shell's stdout.
 */
function batchScript(lengths: readonly number[], layout: DescriptorLayout): string {
  const closeAll = Array.from({ length: layout.count }, (_, k) => `${k + 3}>&-`).join(' ');
  let next = 1;
  const starts = lengths.map((length, i) => {
    const args = Array.from({ length }, () => `"\${${next++}}"`).join(' ');
    const fd = layout.fds[i] as DescriptorLayout['fds'][number];
    const stdin = fd.stdin === null ? '</dev/null' : `<&${fd.stdin}`;
    return `command git ${args} ${stdin} >&${fd.stdout} 2>&${fd.stderr} ${closeAll} & p${i}=$!`;
  });
  const waits = lengths.map((_, i) => `wait "$p${i}"; c${i}=$?`);
  const statuses = lengths.map((_, i) => `$c${i}`).join(' ');
  return [...starts, ...waits, `echo "${statuses}"`].join('\n');
}
