import { createSocket } from 'node:dgram';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureEgressBlock } from '../../src/core/process/egress-block.js';
import { createIsolation } from '../../src/core/process/index.js';
import { runSupervised } from '../../src/core/process/process-supervisor.js';
import { makeRepo } from '../helpers/git.js';
import { mechanismAvailable } from './isolation-kit.js';

const PATH = process.env.PATH ?? '/usr/bin:/bin';
const emptyBin = mkdtempSync(join(tmpdir(), 'truss-egress-bin-'));
const cleanup: (() => void)[] = [() => rmSync(emptyBin, { recursive: true, force: true })];
afterAll(() => {
  for (const step of cleanup.reverse()) step();
});

describe('ensureEgressBlock', () => {
  it('reports a missing iptables by name, as root, without trying to start it', async () => {
    const account = { name: 'truss-sandbox-offline', uid: 4242, gid: 4242 };
    const failed = await ensureEgressBlock(account, 'root', { PATH: emptyBin });
    expect(failed).toBe('iptables: not installed');
  });
});

/** What a sandboxed process sends to port 53 on loopback, over UDP and TCP, IPv4 and IPv6. */
const ASK = `import dgram from 'node:dgram';
import net from 'node:net';
for (const [type, host] of [['udp4', '127.0.0.1'], ['udp6', '::1']]) {
  const s = dgram.createSocket(type);
  await new Promise((done) => s.send('exfil-udp', 53, host, (e) => { console.log(type, e ? e.code : 'sent'); done(); }));
  s.close();
}
for (const host of ['127.0.0.1', '::1']) {
  await new Promise((done) => {
    const s = net.connect(53, host, () => { s.end('exfil-tcp'); console.log(host, 'tcp connected'); done(); });
    s.on('error', (e) => { console.log(host, 'tcp', e.code); done(); });
  });
}
await new Promise((done) => setTimeout(done, 300));`;

/**
 * Listeners on port 53 of both loopback addresses, as a local stub resolver (systemd-resolved) has:
 * made once for the file, emptied for each test. Null when the port is taken here.
 */
let stub: Promise<string[] | null> | null = null;
async function resolverStub(): Promise<string[] | null> {
  stub ??= listen();
  const heard = await stub;
  heard?.splice(0);
  return heard;
}

async function listen(): Promise<string[] | null> {
  const heard: string[] = [];
  try {
    for (const [type, host] of [
      ['udp4', '127.0.0.1'],
      ['udp6', '::1'],
    ] as const) {
      const udp = createSocket(type);
      udp.on('message', (message) => heard.push(`${type} ${message}`));
      await new Promise<void>((resolve, reject) => {
        udp.once('error', reject);
        udp.bind(53, host, resolve);
      });
      cleanup.push(() => udp.close());
      const tcp = createServer((socket) => socket.on('data', (data) => heard.push(`tcp ${host} ${data}`)));
      await new Promise<void>((resolve, reject) => {
        tcp.once('error', reject);
        tcp.listen(53, host, resolve);
      });
      cleanup.push(() => tcp.close());
    }
  } catch (error) {
    console.warn(`SKIPPED loopback DNS test: cannot listen on port 53 (${(error as Error).message})`);
    return null;
  }
  return heard;
}

describe('network = "none" and a resolver on loopback', () => {
  // Port 53 on loopback is a resolver that forwards names to the internet: `getent hosts
  // <data>.example.com` from a check reached it when the iptables owner rule left loopback open. Every
  // other host service on loopback is covered by loopback-none.test.ts.
  for (const level of ['uid', 'bwrap'] as const) {
    it(`${level}: nothing a check sends to port 53 on loopback arrives`, async () => {
      const unavailable = await mechanismAvailable(level);
      if (unavailable) {
        console.warn(`SKIPPED ${level} loopback DNS test: ${unavailable}`);
        return;
      }
      const heard = await resolverStub();
      if (heard === null) return;
      const work = makeRepo({ 'README.md': 'work\n' }, 'egress-dns');
      cleanup.push(() => rmSync(work, { recursive: true, force: true }));
      const isolation = await createIsolation({
        mode: level,
        network: 'none',
        hiddenPaths: [],
        workdirs: [work],
        scratchRoot: tmpdir(),
        path: PATH,
        isRoot: process.getuid?.() === 0,
      });
      const result = await runSupervised({
        file: process.execPath,
        args: ['--input-type=module', '-e', ASK],
        cwd: work,
        env: { PATH },
        stdin: null,
        timeoutMs: 20_000,
        signal: new AbortController().signal,
        isolation,
      });
      // The probe ran to its end (four lines), whatever each attempt answered.
      expect(result.stdout.bytes.toString().trim().split('\n'), result.stderr.bytes.toString()).toHaveLength(
        4,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard).toEqual([]);
    }, 60_000);
  }
});
