/**
 * The `uid` sandbox hides every host socket it read from /proc/net/unix when its mounts were planned.
 * A socket can be removed before the mounts are made (another run's launcher ending: its socket lies
 * in that run's lifeline directory), and a bind onto a path that is gone fails. The clean-clone CI saw
 * a check fail to start (exit 125, "mount point does not exist") while another test's launcher ended.
 * A vanished socket has nothing left to hide; one still there must be hidden, or the sandbox fails.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bindEntry, type MountEntry, mountPlanScript } from '../../src/core/process/mount-table.js';

const isRoot = process.getuid?.() === 0;
const dir = mkdtempSync(join(tmpdir(), 'truss-vanishing-'));
const servers: Server[] = [];
afterAll(() => {
  for (const server of servers) server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function listening(path: string): Promise<void> {
  const server = createServer(() => {});
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(path, resolve));
}

/** Makes `vanishing` in a mount namespace of its own, then reports what each target is. */
function made(vanishing: MountEntry[], probe: string) {
  const tables = mkdtempSync(join(dir, 'tables-'));
  const script = mountPlanScript({ first: [], moves: [], last: [], vanishing }, tables, {
    mount: '/usr/bin/mount',
    mkdir: '/usr/bin/mkdir',
  });
  return spawnSync('unshare', ['-m', '--propagation', 'private', 'sh', '-c', `${script}\n${probe}`], {
    encoding: 'utf8',
  });
}

describe.runIf(isRoot)('host sockets that vanish before the sandbox is made', () => {
  it('a socket removed since the plan was read is skipped; the others are still hidden', async () => {
    const kept = join(dir, 'kept.sock');
    await listening(kept);
    const gone = join(dir, 'gone.sock');
    const result = made(
      [bindEntry('/dev/null', gone), bindEntry('/dev/null', kept)],
      `[ -c ${kept} ] && echo hidden`,
    );
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toBe('hidden\n');
    expect(result.stderr).toBe('');
  });

  it('a socket still there that could not be hidden fails the sandbox (exit 125), naming it', async () => {
    const stays = join(dir, 'stays.sock');
    await listening(stays);
    const result = made([bindEntry(join(dir, 'no-such-source'), stays)], 'echo started');
    expect(result.status).toBe(125);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`a host socket stayed visible: ${stays}`);
  });
});
