/**
 * The `uid` sandbox makes every host mount it can reach read-only. It did so with one
 * `mount -o remount,bind,ro PATH` each (a process start each, eight or more on a runner); now one
 * `mount --all` makes them from a table. A bind remount replaces every per-mount flag, and a table
 * entry only carries the flags written in it: a `nosuid` or `noexec` mount would have come out
 * without them. `mount --all` also ignores any entry for `/`, and skips one it finds mounted already:
 * a remount it did not make must not pass unnoticed, so each path is proven read-only afterwards.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bindEntry, mountPlanScript, tmpfsEntry } from '../../src/core/process/mount-table.js';
import { hostMounts, readOnlyProofLines, remountPlan } from '../../src/core/process/read-only-root.js';

const isRoot = process.getuid?.() === 0;
const dir = mkdtempSync(join(tmpdir(), 'truss-remounts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const TOOLS = { mount: '/usr/bin/mount', mkdir: '/usr/bin/mkdir' };

/** Runs `script` in a mount namespace of its own. */
function inNamespace(script: string) {
  return spawnSync('unshare', ['-m', '--propagation', 'private', 'sh', '-c', script], { encoding: 'utf8' });
}

describe('read-only remounts from one table', () => {
  it('keeps a mount’s own flags: read from mountinfo, written into its remount entry', () => {
    const mountinfo = join(dir, 'mountinfo');
    writeFileSync(
      mountinfo,
      [
        '45 44 254:0 / / rw,relatime - ext4 /dev/vda rw',
        '65 45 0:39 / /srv/cache\\040dir rw,nosuid,nodev,noexec,relatime - tmpfs x rw',
        '66 45 0:40 / /mnt/ro ro,nosuid - tmpfs y rw',
      ].join('\n'),
    );
    const mounts = hostMounts(mountinfo);
    expect(mounts).toEqual([
      { path: '/', readOnly: false, flags: ['relatime'] },
      { path: '/srv/cache dir', readOnly: false, flags: ['nosuid', 'nodev', 'noexec', 'relatime'] },
      { path: '/mnt/ro', readOnly: true, flags: ['nosuid'] },
    ]);
    const plan = remountPlan('truss-remount-t', '/usr/bin/mount', mounts.slice(0, 2));
    expect(plan.entries).toEqual([
      {
        source: 'truss-remount-t',
        target: '/srv/cache dir',
        type: 'none',
        options: 'remount,bind,ro,nosuid,nodev,noexec,relatime',
      },
    ]);
    // `/` is made with a command of its own: `mount --all` ignores an entry for it.
    expect(plan.lines).toHaveLength(1);
    expect(plan.lines[0]).toContain("-o remount,bind,ro -- '/'");
  });

  it('consecutive parts share one table: one `mount` process unless covered copies are moved between them', () => {
    const tables = mkdtempSync(join(dir, 'tables-'));
    const entry = tmpfsEntry('truss-hidden-t', '/nowhere', 'size=64k');
    const plain = mountPlanScript(
      { first: [entry], moves: [], last: [entry], remounts: [entry], tail: [entry] },
      tables,
      TOOLS,
    );
    expect(plain.match(/--all --fstab/g)).toHaveLength(1);
    const moved = mountPlanScript(
      { first: [entry], moves: [{ from: '/a', to: '/b' }], last: [entry], remounts: [entry] },
      tables,
      TOOLS,
    );
    expect(moved.match(/--all --fstab/g)).toHaveLength(2);
    const vanishing = mountPlanScript(
      { first: [entry], moves: [], last: [entry], vanishing: [entry], remounts: [entry] },
      tables,
      TOOLS,
    );
    expect(vanishing.match(/--all --fstab/g)).toHaveLength(3);
  });

  it.runIf(isRoot)('a nosuid, nodev, noexec mount stays so when the table makes it read-only', () => {
    const target = join(dir, 'flagged');
    mkdirSync(target);
    const flagged = { path: target, readOnly: false, flags: ['nosuid', 'nodev', 'noexec', 'relatime'] };
    const plan = remountPlan('truss-remount-t', TOOLS.mount, [flagged]);
    const tables = mkdtempSync(join(dir, 'tables-'));
    const script = mountPlanScript(
      {
        first: [],
        moves: [],
        last: [],
        remounts: plan.entries,
        after: [...plan.lines, ...readOnlyProofLines([target])],
      },
      tables,
      TOOLS,
    );
    const result = inNamespace(
      [
        `mount -t tmpfs -o nosuid,nodev,noexec truss-flagged ${target}`,
        script,
        `grep " ${target} " /proc/self/mountinfo | cut -d' ' -f6`,
      ].join('\n'),
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout.trim().split(',').sort()).toEqual(['nodev', 'noexec', 'nosuid', 'relatime', 'ro']);
  });

  it.runIf(isRoot)('a path a remount did not make read-only stops the sandbox (exit 125), naming it', () => {
    const target = join(dir, 'missed');
    mkdirSync(target);
    const tables = mkdtempSync(join(dir, 'tables-'));
    // The remount `mount --all` skipped, or never had: the bind is there, still writable.
    const script = mountPlanScript(
      { first: [], moves: [], last: [bindEntry(target, target)], after: readOnlyProofLines([target]) },
      tables,
      TOOLS,
    );
    const result = inNamespace(`${script}\necho started`);
    expect(result.status).toBe(125);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`could not be made read-only (${target})`);
  });
});
