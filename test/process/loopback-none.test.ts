/**
 * From the attacker's seat: a `network = "none"` check must not reach a service on the host's
 * loopback (a database, a metadata or forwarding proxy on 127.0.0.1 run by another user), on any path
 * `uid` may take, while a server the check starts itself on 127.0.0.1 keeps working. An attack pass
 * had a check under `uid` with the iptables owner rule (then the default wherever iptables worked)
 * connect to a listener of the harness user on 127.0.0.1 and send it data; port 53 alone was refused.
 * docs/security.md, "Egress".
 */
import { createSocket } from 'node:dgram';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureEgressBlock } from '../../src/core/process/egress-block.js';
import { createIsolation, type Isolation, IsolationUnavailableError } from '../../src/core/process/index.js';
import {
  ensureSandboxAccount,
  localAccount,
  SANDBOX_OFFLINE_USER,
  uidIsolation,
} from '../../src/core/process/isolation-uid.js';
import { runSupervised } from '../../src/core/process/process-supervisor.js';
import { makeRepo } from '../helpers/git.js';
import { mechanismAvailable, secret } from './isolation-kit.js';

const PATH = process.env.PATH ?? '/usr/bin:/bin';
const cleanup: (() => void)[] = [];
afterAll(() => {
  for (const step of cleanup.reverse()) step();
});

/** What the harness user's services on loopback heard: one line per connection or datagram. */
interface HostListeners {
  tcp4: number;
  tcp6: number | null;
  udp4: number;
  heard: string[];
}

let listeners: Promise<HostListeners> | null = null;
/** TCP on 127.0.0.1 and ::1 (where this machine has IPv6) and UDP on 127.0.0.1, made once, emptied per test. */
async function hostListeners(): Promise<HostListeners> {
  listeners ??= (async () => {
    const heard: string[] = [];
    const tcp = async (host: string): Promise<number | null> => {
      const server = createServer((socket) => {
        heard.push(`tcp ${host} connected`);
        socket.on('data', (data) => heard.push(`tcp ${host} ${data}`));
        socket.on('error', () => {});
      });
      try {
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen(0, host, resolve);
        });
      } catch {
        return null;
      }
      cleanup.push(() => server.close());
      return (server.address() as AddressInfo).port;
    };
    const udp = createSocket('udp4');
    udp.on('message', (message) => heard.push(`udp ${message}`));
    await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
    cleanup.push(() => udp.close());
    const tcp4 = await tcp('127.0.0.1');
    if (tcp4 === null) throw new Error('cannot listen on 127.0.0.1');
    return { tcp4, tcp6: await tcp('::1'), udp4: udp.address().port, heard };
  })();
  const made = await listeners;
  made.heard.splice(0);
  return made;
}

/** The attacker: connects to each host listener and sends the secret, prints what each attempt answered. */
const EXFILTRATE = `import net from 'node:net';
import dgram from 'node:dgram';
const [loot, tcp4, tcp6, udp4] = process.argv.slice(1);
const targets = [['127.0.0.1', tcp4], ...(tcp6 === '-' ? [] : [['::1', tcp6]])];
for (const [host, port] of targets) {
  await new Promise((done) => {
    const s = net.connect(Number(port), host, () => { s.end(loot); console.log(host, 'tcp connected'); done(); });
    s.on('error', (e) => { console.log(host, 'tcp', e.code); done(); });
    s.setTimeout(5000, () => { console.log(host, 'tcp timeout'); s.destroy(); done(); });
  });
}
const u = dgram.createSocket('udp4');
await new Promise((done) => u.send(loot, Number(udp4), '127.0.0.1', (e) => { console.log('udp', e ? e.code : 'sent'); done(); }));
u.close();
await new Promise((done) => setTimeout(done, 300));`;

/** A check's own servers on 127.0.0.1, TCP and UDP, and the same check talking to them. */
const OWN_SERVER = `import net from 'node:net';
import dgram from 'node:dgram';
setTimeout(() => { console.log('timeout'); process.exit(3); }, 8000).unref();
const server = net.createServer((s) => s.pipe(s));
await new Promise((done, fail) => { server.once('error', fail); server.listen(0, '127.0.0.1', done); });
const echoed = await new Promise((done) => {
  const c = net.connect(server.address().port, '127.0.0.1', () => c.write('ping'));
  c.on('data', (d) => { done(String(d)); c.destroy(); });
  c.on('error', (e) => done(e.code));
});
console.log('tcp', echoed);
server.close();
const receiver = dgram.createSocket('udp4');
await new Promise((done) => receiver.bind(0, '127.0.0.1', done));
const got = new Promise((done) => receiver.once('message', (m) => done(String(m))));
const sender = dgram.createSocket('udp4');
sender.send('pong', receiver.address().port, '127.0.0.1', (e) => { if (e) console.log('udp', e.code); });
console.log('udp', await Promise.race([got, new Promise((done) => setTimeout(() => done('lost'), 2000).unref())]));
sender.close();
receiver.close();`;

/** A working copy for one sandbox (bwrap gives the sandbox a fresh /tmp: it must be bound in). */
function workCopy(): string {
  const work = makeRepo({ 'README.md': 'work\n' }, 'loopback-none');
  cleanup.push(() => rmSync(work, { recursive: true, force: true }));
  return work;
}

async function run(isolation: Isolation, work: string, script: string, args: string[]): Promise<string> {
  const result = await runSupervised({
    file: process.execPath,
    args: ['--input-type=module', '-e', script, ...args],
    cwd: work,
    env: { PATH },
    stdin: null,
    timeoutMs: 30_000,
    signal: new AbortController().signal,
    isolation,
  });
  return `${result.stdout.bytes.toString()}${result.stderr.bytes.toString()}`;
}

/** What `createIsolation` chooses on this machine for `level` with network "none"; null when unavailable. */
async function chosen(level: 'uid' | 'bwrap', work: string): Promise<Isolation | null> {
  const unavailable = await mechanismAvailable(level);
  if (unavailable) {
    console.warn(`SKIPPED ${level} loopback test: ${unavailable}`);
    return null;
  }
  return createIsolation({
    mode: level,
    network: 'none',
    hiddenPaths: [],
    workdirs: [work],
    scratchRoot: tmpdir(),
    path: PATH,
    isRoot: process.getuid?.() === 0,
  });
}

/**
 * `uid` with egress blocked by the iptables owner rule alone (the path taken where no network
 * namespace can be made), built directly; null, with the reason printed, where that needs what this
 * machine lacks (root, iptables with the owner match).
 */
async function ownerRuleIsolation(): Promise<Isolation | null> {
  if (process.getuid?.() !== 0) {
    console.warn('SKIPPED iptables owner-rule loopback test: needs a root harness');
    return null;
  }
  const env = { PATH };
  const account =
    localAccount(SANDBOX_OFFLINE_USER) ?? (await ensureSandboxAccount(SANDBOX_OFFLINE_USER, 'root', env));
  const failed = await ensureEgressBlock(account, 'root', env);
  if (failed !== null) {
    console.warn(`SKIPPED iptables owner-rule loopback test: ${failed}`);
    return null;
  }
  return uidIsolation({
    report: {
      level: 'uid',
      requested: 'uid',
      network: 'none',
      network_enforced: true,
      egress: 'iptables-owner',
      notes: [],
    },
    privilege: 'root',
    account,
    hiddenPaths: [],
    coverPaths: [],
    scratchRoot: tmpdir(),
    netns: false,
    toolEnv: env,
  });
}

async function attack(
  isolation: Isolation,
  work: string,
): Promise<{ out: string; heard: string[]; loot: string }> {
  const host = await hostListeners();
  const loot = secret('LOOPBACK_LOOT');
  const out = await run(isolation, work, EXFILTRATE, [
    loot,
    String(host.tcp4),
    host.tcp6 === null ? '-' : String(host.tcp6),
    String(host.udp4),
  ]);
  await new Promise((resolve) => setTimeout(resolve, 200));
  return { out, heard: [...host.heard], loot };
}

describe('network = "none": services on the host loopback', () => {
  it('the harness can reach its own listeners (the attack below would be heard)', async () => {
    const none = await createIsolation({
      mode: 'none',
      network: 'none',
      hiddenPaths: [],
      workdirs: [],
      scratchRoot: tmpdir(),
      path: PATH,
      isRoot: process.getuid?.() === 0,
    });
    const { heard, loot } = await attack(none, workCopy());
    expect(heard).toContain(`tcp 127.0.0.1 ${loot}`);
    expect(heard).toContain(`udp ${loot}`);
  }, 60_000);

  for (const level of ['uid', 'bwrap'] as const) {
    it(`${level} as chosen here: a check reaches no host listener on loopback, TCP or UDP`, async () => {
      const work = workCopy();
      const isolation = await chosen(level, work);
      if (isolation === null) return;
      const { out, heard } = await attack(isolation, work);
      // The probe ran to its end: one line per attempt.
      expect(out).toMatch(/^udp /m);
      expect(heard, out).toEqual([]);
    }, 60_000);

    it(`${level} as chosen here: a check's own server on 127.0.0.1 still works`, async () => {
      const work = workCopy();
      const isolation = await chosen(level, work);
      if (isolation === null) return;
      if (isolation.report.egress !== 'netns') {
        // The owner rule refuses the check's own servers too (the last tests below).
        console.warn(`SKIPPED ${level} own loopback server test: no network namespace here`);
        return;
      }
      const out = await run(isolation, work, OWN_SERVER, []);
      expect(out).toContain('tcp ping');
      expect(out).toContain('udp pong');
    }, 60_000);
  }

  it('uid with the iptables owner rule (no network namespace): a check reaches no host listener on loopback', async () => {
    const isolation = await ownerRuleIsolation();
    if (isolation === null) return;
    const { out, heard } = await attack(isolation, workCopy());
    expect(out).toMatch(/^udp /m);
    expect(heard, out).toEqual([]);
  }, 60_000);

  it("uid with the iptables owner rule: the check's own loopback server is refused too (the documented cost)", async () => {
    const isolation = await ownerRuleIsolation();
    if (isolation === null) return;
    const out = await run(isolation, workCopy(), OWN_SERVER, []);
    expect(out).not.toContain('tcp ping');
    expect(out).not.toContain('udp pong');
  }, 60_000);

  /**
   * A directory holding an `unshare` that refuses `--net` (as a seccomp or LSM policy may) and runs
   * the real one otherwise; under /var/lib, as set-up only takes tools from directories nobody else
   * may write. Null where the real one is not in /usr/bin.
   */
  function netnsRefused(): string | null {
    const real = '/usr/bin/unshare';
    if (!existsSync(real)) return null;
    const bin = mkdtempSync('/var/lib/truss-no-netns-');
    cleanup.push(() => rmSync(bin, { recursive: true, force: true }));
    chmodSync(bin, 0o755);
    writeFileSync(
      join(bin, 'unshare'),
      `#!/bin/sh\nfor a in "$@"; do [ "$a" = --net ] && { echo 'unshare: unshare failed: Operation not permitted' >&2; exit 1; }; done\nexec ${real} "$@"\n`,
      { mode: 0o755 },
    );
    return bin;
  }

  it('uid where no network namespace can be made: the owner rule blocks loopback too, and the run says so', async () => {
    if ((await ownerRuleIsolation()) === null) return;
    const bin = netnsRefused();
    if (bin === null) {
      console.warn('SKIPPED netns-refused loopback test: unshare is not /usr/bin/unshare');
      return;
    }
    const work = workCopy();
    const isolation = await createIsolation({
      mode: 'uid',
      network: 'none',
      hiddenPaths: [],
      workdirs: [work],
      scratchRoot: tmpdir(),
      path: `${bin}:${PATH}`,
      isRoot: true,
    });
    expect(isolation.report.egress).toBe('iptables-owner');
    expect(isolation.report.network_enforced).toBe(true);
    expect(isolation.report.notes.join('\n')).toMatch(
      /no network namespace could be made \(unshare: unshare failed/,
    );
    const { out, heard } = await attack(isolation, work);
    expect(out).toMatch(/^udp /m);
    expect(heard, out).toEqual([]);
  }, 60_000);

  it('uid with neither a network namespace nor iptables is unavailable for network = "none" (fail closed)', async () => {
    if (process.getuid?.() !== 0) {
      console.warn('SKIPPED netns-and-iptables-missing test: needs a root harness');
      return;
    }
    const bin = netnsRefused();
    if (bin === null) {
      console.warn('SKIPPED netns-and-iptables-missing test: unshare is not /usr/bin/unshare');
      return;
    }
    // Made first: without sbin there is no useradd either, and no iptables.
    if (localAccount(SANDBOX_OFFLINE_USER) === null)
      await ensureSandboxAccount(SANDBOX_OFFLINE_USER, 'root', { PATH });
    const path = `${bin}:${PATH.split(':')
      .filter((dir) => !dir.endsWith('sbin'))
      .join(':')}`;
    const failure: unknown = await createIsolation({
      mode: 'uid',
      network: 'none',
      hiddenPaths: [],
      workdirs: [workCopy()],
      scratchRoot: tmpdir(),
      path,
      isRoot: true,
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(IsolationUnavailableError);
    expect((failure as Error).message).toMatch(
      /network = "none" cannot be enforced: no network namespace \(unshare: .*\) and no iptables owner rule \(iptables: not installed\)/,
    );
  }, 60_000);
});
