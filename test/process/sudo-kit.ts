import { execFileSync, spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { localAccount } from '../../src/core/process/isolation-uid.js';
import { findProgram } from '../../src/core/process/trusted-path.js';
import { mechanismAvailable } from './isolation-kit.js';

// GitHub-hosted runners run the harness as a user with passwordless sudo, not as root. The sudo
// suites make such a user and run a real harness as it, through `uid` isolation under sudo.
export const RUNNER = 'truss-test-sudoer';
/** One sudoers file per suite (test files run side by side): one suite's end leaves the other's. */
const SUDOERS = `/etc/sudoers.d/${RUNNER}-${process.pid}`;
export const ROOT = join(import.meta.dirname, '../..');
export const SOURCE = join(ROOT, 'src/core/process');

/** Why this machine cannot run the sudo suites, or null. */
export async function sudoUnavailable(): Promise<string | null> {
  if (process.getuid?.() !== 0) return 'not root (the suite makes a sudo user)';
  if (spawnSync('sudo', ['-V']).error) return 'sudo is not installed (apt-get install sudo)';
  return mechanismAvailable('uid');
}

/** The runner account, with passwordless sudo as on a hosted runner. */
export function sudoRunner(): { uid: number; gid: number } {
  if (localAccount(RUNNER) === null)
    execFileSync('useradd', ['--system', '--user-group', '--shell', '/bin/sh', RUNNER]);
  writeFileSync(SUDOERS, `${RUNNER} ALL=(ALL) NOPASSWD:ALL\n`, { mode: 0o440 });
  const account = localAccount(RUNNER);
  if (account === null) throw new Error(`${RUNNER} was not made`);
  return account;
}

/** Takes the runner's sudo away again (after the suite). */
export function removeSudoRunner(): void {
  rmSync(SUDOERS, { force: true });
}

/** `node --import tsx script args…` as the runner account: argv and options for spawn/spawnSync. */
export function asRunner(runner: { uid: number; gid: number }, script: string, args: readonly string[]) {
  // The test's own setpriv by absolute path: the PATH it hands the harness may have fakes first.
  const setpriv = findProgram('setpriv', process.env.PATH ?? '') ?? '/usr/bin/setpriv';
  const argv = [
    `--reuid=${runner.uid}`,
    `--regid=${runner.gid}`,
    '--init-groups',
    '--',
    process.execPath,
    '--import',
    'tsx',
    script,
    ...args,
  ];
  return [setpriv, argv] as const;
}
