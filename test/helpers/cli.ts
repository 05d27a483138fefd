import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { trussArgv } from './built-dist.js';
import { writeKeyFile } from './keys.js';
import { tempDir } from './temp-dir.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

function splitArgv(args: string[]): [string, string[]] {
  const [command, ...prefix] = trussArgv();
  return [command, [...prefix, ...args]];
}

/**
 * What every CLI child gets before the test's own variables: PATH, HOME and the suite's TMPDIR
 * (global-setup.ts), so whatever a run leaves in the temp dir (a killed run's clean room, its
 * harness directory) lies in the suite's directory, removed at the end, never in /tmp for good; and
 * the suite's one XDG_CACHE_HOME, so a child given a fresh HOME still finds the CLI's bytecode.
 */
function childEnv(): Record<string, string | undefined> {
  const { PATH, HOME, TMPDIR, XDG_CACHE_HOME } = process.env;
  return { PATH, HOME, TMPDIR, XDG_CACHE_HOME };
}

/** Runs the real `truss` CLI (this run's build of src/) in a child process, as a user's shell would. */
export function runCli(
  args: string[],
  options: {
    cwd?: string;
    env?: Record<string, string | undefined>;
    /** An open descriptor the CLI inherits as fd `as` (what a leaky parent process hands on). */
    inheritFd?: { fd: number; as: number };
    /** Milliseconds before the CLI is killed (SIGKILL; code -1), for a command that could wait for ever. */
    timeout?: number;
  } = {},
): CliResult {
  const env = { ...childEnv(), ...options.env };
  const stdio: Array<'pipe' | 'ignore' | number> = ['pipe', 'pipe', 'pipe'];
  if (options.inheritFd) {
    while (stdio.length < options.inheritFd.as) stdio.push('ignore');
    stdio.push(options.inheritFd.fd);
  }
  const result = spawnSync(...splitArgv(args), {
    cwd: options.cwd ?? ROOT,
    env: env as NodeJS.ProcessEnv,
    encoding: 'utf8',
    stdio,
    ...(options.timeout ? { timeout: options.timeout, killSignal: 'SIGKILL' as const } : {}),
  });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

export const REPO_ROOT = ROOT;

/**
 * Runs the CLI's own entry function (src/cli/run.ts, what the built `truss` calls) in this process,
 * its output captured: the same parse, dispatch, usage errors and exit codes without a node start
 * per call, for tests of what a command line means (help texts, usage errors) that start the CLI
 * dozens of times. The command sees the environment a child of runCli gets, never the worker's.
 * Commands resolve relative paths against the process's directory, not `cwd`: pass absolute paths.
 */
export async function runCliInProcess(
  args: string[],
  options: { cwd?: string; env?: Record<string, string | undefined> } = {},
): Promise<CliResult> {
  const { run } = await import('../../src/cli/run.js');
  let stdout = '';
  let stderr = '';
  const code = await run(args, {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    env: { ...childEnv(), ...options.env },
    cwd: options.cwd ?? ROOT,
    interactive: false,
  });
  return { code, stdout, stderr };
}

/**
 * Starts the real `truss` CLI in a child process without waiting for it (for races with a second
 * command); `done` settles with its exit code and output.
 */
export function startCli(
  args: string[],
  options: { cwd?: string; env?: Record<string, string | undefined> } = {},
): { child: ChildProcess; done: Promise<CliResult> } {
  const env = { ...childEnv(), ...options.env };
  const child = spawn(...splitArgv(args), {
    cwd: options.cwd ?? ROOT,
    env: env as NodeJS.ProcessEnv,
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const done = new Promise<CliResult>((resolve) => {
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : -1), stdout, stderr }));
  });
  return { child, done };
}

/**
 * What `truss run` through the real CLI needs: a HOME (so no host config is read) holding the
 * session key and the ledger database, and a separate, empty work directory unless `workdir` is
 * given. The key is the one of `keyFromByte(keyByte)` (default 0x61, the agent kit's AGENT_KEY).
 */
export interface CliHome {
  home: string;
  workdir: string;
  db: string;
  keyFile: string;
  env: { HOME: string };
  /** `--workdir W --db D --key K`: what every run and resume against this home passes. */
  runFlags: string[];
  /** Writes `name` (a contract, a script) under HOME; returns its path. */
  write(name: string, text: string): string;
}

export function cliHome(prefix: string, options: { workdir?: string; keyByte?: number } = {}): CliHome {
  const home = tempDir(prefix);
  const workdir = options.workdir ?? tempDir(`${prefix}-wd`).dir;
  const keyFile = writeKeyFile(home.path('session.key'), options.keyByte ?? 0x61);
  const db = home.path('ledger.db');
  return {
    home: home.dir,
    workdir,
    db,
    keyFile,
    env: { HOME: home.dir },
    runFlags: ['--workdir', workdir, '--db', db, '--key', keyFile],
    write: (name, text) => home.write(name, text),
  };
}
