import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = import.meta.resolve('tsx');
const CLI_SOURCE = fileURLToPath(new URL('../../src/cli/index.ts', import.meta.url));

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the real `truss` CLI from source in a child process, as a user's shell would. */
export function runCli(
  args: string[],
  options: { cwd?: string; env?: Record<string, string | undefined> } = {},
): CliResult {
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, ...options.env };
  const result = spawnSync(process.execPath, ['--import', TSX, CLI_SOURCE, ...args], {
    cwd: options.cwd ?? ROOT,
    env: env as NodeJS.ProcessEnv,
    encoding: 'utf8',
  });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

export const REPO_ROOT = ROOT;
