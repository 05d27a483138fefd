/**
 * The sandbox launcher's last step (launcher-script.ts): the check's process is forked raw and
 * starts the command with execve(2) itself. What must hold: the check gets exactly the arguments
 * and environment it was given and no signal disposition of Perl's, a command Perl's exec would
 * have found (a name on PATH, a script without #!) still runs, a command that cannot run says why,
 * and a check runs only in the namespaces its own request names, whatever ran before it.
 * docs/security.md, "The sandbox launcher".
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localAccount, SANDBOX_OFFLINE_USER } from '../../src/core/process/isolation-uid.js';
import { type Launcher, type LaunchRequest, startLauncher } from '../../src/core/process/launcher.js';
import { findProgram } from '../../src/core/process/trusted-path.js';

const PATH = process.env.PATH ?? '/usr/bin:/bin';
const account = localAccount(SANDBOX_OFFLINE_USER);
const usable =
  process.getuid?.() === 0 &&
  account !== null &&
  findProgram('perl', PATH) !== null &&
  findProgram('unshare', PATH) !== null;
const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

function scratchRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'truss-launch-exec-'));
  chmodSync(root, 0o755);
  roots.push(root);
  return root;
}

interface Ended {
  code: number | null;
  error: string | null;
  out: string;
  err: string;
}

function ended(child: ChildProcess): Promise<Ended> {
  return new Promise((resolve) => {
    let out = '';
    let err = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString('utf8');
    });
    child.on('exit', (code) => resolve({ code, error: null, out, err }));
    child.on('error', (error) => resolve({ code: null, error: error.message, out, err }));
  });
}

async function withLauncher(root: string, body: (launcher: Launcher) => Promise<void>): Promise<void> {
  const launcher = await startLauncher({
    perl: findProgram('perl', PATH) as string,
    socketDir: root,
    path: PATH,
  });
  if (launcher === null) throw new Error('the launcher did not start');
  try {
    await body(launcher);
  } finally {
    launcher.close();
  }
}

/** The host's own mount namespace stands in for the held one: the init finds the marker there. */
function hostRequest(root: string, file: string, args: string[], env: Record<string, string>): LaunchRequest {
  const marker = join(root, 'host-marker');
  writeFileSync(marker, '');
  return {
    uid: account?.uid ?? -1,
    gid: account?.gid ?? -1,
    umask: '022',
    mountNs: '/proc/self/ns/mnt',
    netNs: null,
    marker,
    netPin: null,
    owned: [],
    cwd: root,
    file,
    args,
    env,
  };
}

describe.skipIf(!usable)('the sandbox launcher starts each check', () => {
  it('with exactly its arguments and environment, and no signal ignored', async () => {
    const root = scratchRoot();
    await withLauncher(root, async (launcher) => {
      const env = { PATH, ONLY_THIS: 'a b\nc', EMPTY: '' };
      for (let i = 0; i < 3; i++) {
        const shown = await ended(
          launcher.launch(
            hostRequest(
              root,
              '/bin/sh',
              ['-c', 'printf "[%s]" "$0" "$@"; grep SigIgn /proc/self/status', 'zero', 'x y', ''],
              env,
            ),
          ),
        );
        expect(shown).toMatchObject({ error: null, code: 0 });
        expect(shown.out).toBe('[zero][x y][]SigIgn:\t0000000000000000\n');
        // env itself as the command: the environment it was given, nothing else.
        const printed = await ended(launcher.launch(hostRequest(root, '/usr/bin/env', ['-0'], env)));
        expect(printed).toMatchObject({ error: null, code: 0 });
        expect(printed.out.split('\0')).toEqual([`PATH=${PATH}`, 'ONLY_THIS=a b\nc', 'EMPTY=', '']);
      }
    });
  });

  it('through Perl exec when execve alone would not: a name on PATH, a script without #!', async () => {
    const root = scratchRoot();
    const script = join(root, 'no-shebang');
    writeFileSync(script, 'echo "ran by the shell: $1"\n', { mode: 0o755 });
    const notExecutable = join(root, 'not-executable');
    writeFileSync(notExecutable, '#!/bin/sh\necho never\n', { mode: 0o644 });
    await withLauncher(root, async (launcher) => {
      const onPath = await ended(
        launcher.launch(hostRequest(root, 'env', ['FROM=path', 'sh', '-c', 'echo $FROM'], { PATH })),
      );
      expect(onPath).toMatchObject({ code: 0, out: 'path\n' });
      const bare = await ended(launcher.launch(hostRequest(root, script, ['arg'], { PATH })));
      expect(bare).toMatchObject({ code: 0, out: 'ran by the shell: arg\n' });
      const missing = await ended(launcher.launch(hostRequest(root, join(root, 'missing'), [], { PATH })));
      expect(missing.code).toBe(127);
      expect(missing.err).toMatch(/cannot run .*missing/);
      const denied = await ended(launcher.launch(hostRequest(root, notExecutable, [], { PATH })));
      expect(denied.code).toBe(126);
    });
  });

  it('only in the namespaces its own request names, however requests for two alternate', async () => {
    const root = scratchRoot();
    // A second "held" namespace: a private mount namespace whose tmpfs holds its own marker, which
    // the host's namespace does not show (and the host's marker is hidden under that tmpfs there).
    const stage = join(root, 'stage');
    mkdirSync(stage, { mode: 0o755 });
    const holder = spawn(
      'unshare',
      [
        '--mount',
        '--propagation',
        'private',
        'sh',
        '-c',
        'mount -t tmpfs none "$1" && touch "$1/other-marker" && echo ready && exec cat',
        'holder',
        root,
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout.once('data', () => resolve());
        holder.once('exit', (code) => reject(new Error(`the holder ended (${code})`)));
      });
      const other = (file: string, args: string[]): LaunchRequest => ({
        ...hostRequest(stage, file, args, { PATH }),
        mountNs: `/proc/${holder.pid}/ns/mnt`,
        marker: join(root, 'other-marker'),
        cwd: '/',
      });
      await withLauncher(stage, async (launcher) => {
        const probe = ['-c', `ls "${root}"`];
        const order = ['host', 'host', 'other', 'other', 'host', 'other', 'host'];
        for (const side of order) {
          const request =
            side === 'host'
              ? { ...hostRequest(stage, '/bin/sh', probe, { PATH }), cwd: '/' }
              : other('/bin/sh', probe);
          const result = await ended(launcher.launch(request));
          expect({ side, code: result.code, err: result.err }).toEqual({ side, code: 0, err: '' });
          // Each sees its own namespace: the other's marker only in the other.
          if (side === 'other') expect(result.out).toBe('other-marker\n');
          else expect(result.out).toContain('stage\n');
        }
      });
    } finally {
      holder.kill('SIGKILL');
    }
  });
});
