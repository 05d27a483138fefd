/**
 * A unix socket is reached through the file system, not the network, and `connect()` needs only write
 * permission on the socket file (a read-only mount does not stop it). Host daemons behind such sockets
 * act for whoever connects: systemd-resolved and the D-Bus system bus resolve names for a `network =
 * "none"` check (DNS egress), and under bubblewrap the sandbox is the harness's own user with its
 * groups, so `docker.sock`, the user's systemd (`systemd-run --user`) and gpg-agent are the harness's
 * privileges. An attack pass had a check under uid and bwrap, both with network = "none", talk to a
 * root daemon's world-connectable socket under /run. Every host socket outside the sandbox's own places
 * is now covered with /dev/null (docs/security.md, "Host sockets").
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hostSockets } from '../../src/core/process/host-sockets.js';
import { createIsolation } from '../../src/core/process/index.js';
import type { Isolation } from '../../src/core/process/isolation.js';
import { localAccount, SANDBOX_OFFLINE_USER } from '../../src/core/process/isolation-uid.js';
import { runSupervised } from '../../src/core/process/process-supervisor.js';
import { makeRepo } from '../helpers/git.js';
import { mechanismAvailable, netnsUidIsolation } from './isolation-kit.js';

const PATH = process.env.PATH ?? '/usr/bin:/bin';
/** A root-owned 0755 directory outside every world-writable one, as /run is. */
const DAEMON_PARENT = '/var/lib';
const cleanup: (() => void)[] = [];
/** Directories removed once the grace below is over. */
const removals: (() => void)[] = [];
/**
 * How long a closed daemon's path stays a plain file before its directory goes. Sandboxes other test
 * files start meanwhile list every listening host socket, this file's daemons included, and cover each
 * with /dev/null a few milliseconds later; a path gone by then made that sandbox fail to start.
 */
const SOCKET_PATH_GRACE_MS = 1_000;
afterAll(async () => {
  for (const step of cleanup.reverse()) step();
  await new Promise((resolve) => setTimeout(resolve, SOCKET_PATH_GRACE_MS));
  for (const step of removals) step();
});

/** A daemon listening on `path` (mode 0666, as a world-connectable host service); counts who connected. */
async function daemon(path: string): Promise<{ server: Server; connections: () => number }> {
  let count = 0;
  const server = createServer((socket) => {
    count++;
    // A probe that only checks reachability hangs up at once; that is not the daemon's failure.
    socket.on('error', () => {});
    socket.end('DAEMON\n');
  });
  await new Promise<void>((resolve) => server.listen(path, resolve));
  chmodSync(path, 0o666);
  cleanup.push(() => {
    // Closing unlinks the socket: the path stays, as a plain file, until the grace is over.
    server.close();
    writeFileSync(path, '');
  });
  return { server, connections: () => count };
}

/** What a process prints for each path it tries: `REACHED` or the error code. */
const PROBE = `import net from 'node:net';
for (const path of process.argv.slice(1)) {
  await new Promise((done) => {
    const s = net.connect(path, () => { console.log(path + ' REACHED'); s.destroy(); done(); });
    s.on('error', (e) => { console.log(path + ' ' + e.code); done(); });
  });
}`;

function isolationFor(level: 'uid' | 'bwrap', network: 'none' | 'open', work: string): Promise<Isolation> {
  return createIsolation({
    mode: level,
    network,
    hiddenPaths: [],
    workdirs: [work],
    scratchRoot: tmpdir(),
    path: PATH,
    isRoot: process.getuid?.() === 0,
  });
}

const setups = [
  {
    name: 'uid (held namespace), network none',
    level: 'uid' as const,
    make: (w: string) => isolationFor('uid', 'none', w),
  },
  {
    name: 'uid (held namespace), network open',
    level: 'uid' as const,
    make: (w: string) => isolationFor('uid', 'open', w),
  },
  {
    name: 'uid (mounts per process)',
    level: 'uid' as const,
    make: async (work: string) => {
      await isolationFor('uid', 'none', work);
      const account = localAccount(SANDBOX_OFFLINE_USER);
      if (!account) throw new Error(`${SANDBOX_OFFLINE_USER} is missing`);
      return netnsUidIsolation(account, { scratchRoot: tmpdir(), heldNamespace: false, keeps: [work] });
    },
  },
  {
    name: 'bwrap, network none',
    level: 'bwrap' as const,
    make: (w: string) => isolationFor('bwrap', 'none', w),
  },
  {
    name: 'bwrap, network open',
    level: 'bwrap' as const,
    make: (w: string) => isolationFor('bwrap', 'open', w),
  },
];

describe('host unix sockets', () => {
  for (const setup of setups) {
    it(`${setup.name}: a host daemon's socket is out of reach; a socket in the working copy is not`, async () => {
      const unavailable = await mechanismAvailable(setup.level);
      if (unavailable) {
        console.warn(`SKIPPED ${setup.name} host socket test: ${unavailable}`);
        return;
      }
      const dir = mkdtempSync(join(DAEMON_PARENT, 'truss-host-sock-'));
      chmodSync(dir, 0o755);
      removals.push(() => rmSync(dir, { recursive: true, force: true }));
      const host = await daemon(join(dir, 'daemon.sock'));
      const work = makeRepo({ 'README.md': 'work\n' }, 'host-sock');
      cleanup.push(() => rmSync(work, { recursive: true, force: true }));
      // The work's own socket (as Truss's tool socket in a directory the run added) stays reachable.
      const own = await daemon(join(work, 'own.sock'));
      const isolation = await setup.make(work);
      const result = await runSupervised({
        file: process.execPath,
        args: ['--input-type=module', '-e', PROBE, join(dir, 'daemon.sock'), join(work, 'own.sock')],
        cwd: work,
        env: { PATH },
        stdin: null,
        timeoutMs: 20_000,
        signal: new AbortController().signal,
        isolation,
      });
      const out = result.stdout.bytes.toString();
      expect(out, result.stderr.bytes.toString()).toContain(`${join(work, 'own.sock')} REACHED`);
      expect(out).not.toContain(`${join(dir, 'daemon.sock')} REACHED`);
      expect(host.connections()).toBe(0);
      expect(own.connections()).toBe(1);
    }, 60_000);
  }

  it('lists path sockets from the kernel table by real path, leaving out abstract names and the excluded places', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'truss-sock-table-'));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    const kept = join(dir, 'kept');
    const spaced = join(dir, 'with space.sock');
    await daemon(spaced);
    await daemon(join(dir, 'b.sock'));
    writeFileSync(join(dir, 'file'), 'not a socket');
    const table = join(dir, 'unix');
    const line = (path: string) => `0000000000000000: 00000002 00000000 00010000 0001 01 12345 ${path}`;
    writeFileSync(
      table,
      [
        'Num       RefCount Protocol Flags    Type St Inode Path',
        line(spaced),
        line(join(dir, 'b.sock')),
        line(join(dir, 'b.sock')),
        line(`${kept}/own.sock`),
        line(join(dir, 'file')),
        line(join(dir, 'gone.sock')),
        line('@abstract-name'),
        '0000000000000000: 00000003 00000000 00000000 0001 03   633',
      ].join('\n'),
    );
    expect(hostSockets([kept], table)).toEqual([join(dir, 'b.sock'), spaced]);
    expect(hostSockets([dir], table)).toEqual([]);
  });
});
