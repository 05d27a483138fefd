import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createIsolation } from '../../src/core/process/index.js';
import { makeRepo } from '../helpers/git.js';

const PATH = process.env.PATH ?? '/usr/bin:/bin';
const cleanup: (() => void)[] = [];
afterAll(() => {
  for (const step of cleanup.splice(0)) step();
});

/**
 * A directory holding an `unshare` that writes its arguments to a log, then runs the real one (or
 * refuses `--net`, as a seccomp or LSM policy may); under /var/lib, as set-up only takes tools from
 * directories nobody else may write. Null where the real one is not in /usr/bin.
 */
function loggingUnshare(refuseNet: boolean): { bin: string; log: string } | null {
  const real = '/usr/bin/unshare';
  if (!existsSync(real)) return null;
  const bin = mkdtempSync('/var/lib/truss-probe-log-');
  cleanup.push(() => rmSync(bin, { recursive: true, force: true }));
  chmodSync(bin, 0o755);
  const log = join(bin, 'calls');
  const refuse = refuseNet
    ? `for a in "$@"; do [ "$a" = --net ] && { echo 'unshare: unshare failed: Operation not permitted' >&2; exit 1; }; done\n`
    : '';
  writeFileSync(join(bin, 'unshare'), `#!/bin/sh\necho "$*" >> ${log}\n${refuse}exec ${real} "$@"\n`, {
    mode: 0o755,
  });
  return { bin, log };
}

function calls(log: string): string[] {
  return existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [];
}

/** `uid` isolation as root with the network off, its `unshare` the logging one in `bin`. */
function rootUidOffline(bin: string) {
  const work = makeRepo();
  cleanup.push(() => rmSync(work, { recursive: true, force: true }));
  return createIsolation({
    mode: 'uid',
    network: 'none',
    hiddenPaths: [],
    workdirs: [work],
    scratchRoot: tmpdir(),
    path: `${bin}:${PATH}`,
    isRoot: true,
  });
}

describe('the uid probes as root with the network off', () => {
  it('one sandboxed start in a network namespace answers both the uid and the network namespace probe', async () => {
    if (process.getuid?.() !== 0) return void console.warn('SKIPPED probe count test: not root');
    const wrapper = loggingUnshare(false);
    if (wrapper === null)
      return void console.warn('SKIPPED probe count test: unshare is not /usr/bin/unshare');
    const isolation = await rootUidOffline(wrapper.bin);
    expect(isolation.report.level).toBe('uid');
    expect(isolation.report.egress).toBe('netns');
    const probes = calls(wrapper.log);
    expect(probes).toHaveLength(1);
    expect(probes[0]).toMatch(/^--net --pid .*setpriv --reuid=65534/);
  }, 60_000);

  it('where no network namespace can be made, the probes are asked apart and the uid one still decides', async () => {
    if (process.getuid?.() !== 0) return void console.warn('SKIPPED probe fallback test: not root');
    const wrapper = loggingUnshare(true);
    if (wrapper === null)
      return void console.warn('SKIPPED probe fallback test: unshare is not /usr/bin/unshare');
    const isolation = await rootUidOffline(wrapper.bin).catch((error: Error) => error);
    const probes = calls(wrapper.log);
    // The joint probe, then the two apart.
    expect(probes).toHaveLength(3);
    expect(probes.filter((line) => line === '--net -- true')).toHaveLength(1);
    expect(probes.filter((line) => /^--pid .*setpriv --reuid=65534/.test(line))).toHaveLength(1);
    // Either the owner rule took over or, without iptables, uid is refused: never a netns it lacks.
    if (!(isolation instanceof Error)) expect(isolation.report.egress).toBe('iptables-owner');
  }, 60_000);
});
