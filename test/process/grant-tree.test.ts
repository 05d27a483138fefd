import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, linkSync, lstatSync, mkdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { arch } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { grantTreeInProcess, grantTreeScript, treeNeedsGrant } from '../../src/core/process/grant-tree.js';
import { localAccount } from '../../src/core/process/isolation-uid.js';
import { type TempDir, tempDir } from '../helpers/temp-dir.js';

const dirs: TempDir[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) dir.cleanup();
});
const isRoot = process.getuid?.() === 0;

describe('grantTreeInProcess (uid isolation as root: the grant without find/chgrp/chmod processes)', () => {
  it.runIf(isRoot)(
    'gives the group rw (x and setgid on directories), keeps kept paths and owner-only files, follows no link',
    () => {
      const tree = tempDir('grant-tree');
      const outside = tempDir('grant-tree-outside');
      dirs.push(tree, outside);
      const gid = 4242;
      const plain = tree.write('src/a.txt', 'a', 0o644);
      const script = tree.write('src/run.sh', '#!/bin/sh\n', 0o744);
      const owner = tree.write('token.txt', 'secret', 0o600);
      const kept = tree.write('keys/signing.key', 'seed', 0o640);
      const victim = outside.write('victim.txt', 'not yours', 0o600);
      symlinkSync(victim, tree.path('src/link'));
      mkdirSync(tree.path('empty'), { mode: 0o700 });

      grantTreeInProcess(tree.dir, gid, new Set([tree.path('keys')]));

      const of = (path: string) => {
        const info = lstatSync(path);
        return { gid: info.gid, mode: info.mode & 0o7777 };
      };
      expect(of(tree.dir).gid).toBe(gid);
      expect(of(tree.dir).mode & 0o2070).toBe(0o2070);
      expect(of(tree.path('empty'))).toEqual({ gid, mode: 0o2770 });
      expect(of(plain)).toEqual({ gid, mode: 0o664 });
      expect(of(script)).toEqual({ gid, mode: 0o774 });
      expect(of(owner).gid).not.toBe(gid);
      expect(of(owner).mode).toBe(0o600);
      // The kept directory is not entered: its file keeps group and mode.
      expect(of(kept).gid).not.toBe(gid);
      expect(of(kept).mode).toBe(0o640);
      expect(of(tree.path('keys')).gid).not.toBe(gid);
      // The link itself gets the group; its target keeps everything.
      expect(lstatSync(tree.path('src/link')).gid).toBe(gid);
      expect(of(victim).gid).not.toBe(gid);
      expect(of(victim).mode).toBe(0o600);
    },
  );

  it.runIf(isRoot)(
    'treeNeedsGrant says whether the grant would change anything, and changes nothing itself',
    () => {
      const tree = tempDir('grant-tree-dry');
      dirs.push(tree);
      const gid = 4243;
      const file = tree.write('src/a.txt', 'a', 0o644);
      tree.write('token.txt', 'secret', 0o600);
      symlinkSync('/etc/passwd', tree.path('src/link'));
      const snapshot = () =>
        [tree.dir, tree.path('src'), file, tree.path('src/link')].map((path) => {
          const info = lstatSync(path);
          return [info.gid, info.mode];
        });
      const before = snapshot();
      expect(treeNeedsGrant(tree.dir, gid, new Set())).toBe(true);
      expect(snapshot()).toEqual(before);
      grantTreeInProcess(tree.dir, gid, new Set());
      // Granted: a later run (or the next contract of a job) needs no sudo.
      expect(treeNeedsGrant(tree.dir, gid, new Set())).toBe(false);
      // One file that lost group write, or a new file, needs the grant again.
      chmodSync(file, 0o644);
      expect(treeNeedsGrant(tree.dir, gid, new Set())).toBe(true);
      grantTreeInProcess(tree.dir, gid, new Set());
      tree.write('src/deeper/new.txt', 'n', 0o644);
      expect(treeNeedsGrant(tree.dir, gid, new Set())).toBe(true);
      // A kept path is never granted, so it never asks for the grant.
      expect(treeNeedsGrant(tree.dir, gid, new Set([tree.path('src/deeper')]))).toBe(false);
      // A tree larger than it may look at in the harness's thread goes to the grant's own process.
      for (let i = 0; i < 100; i++) tree.write(`many/f${i}`, '', 0o664);
      grantTreeInProcess(tree.dir, gid, new Set());
      expect(treeNeedsGrant(tree.dir, gid, new Set(), 1000)).toBe(false);
      expect(treeNeedsGrant(tree.dir, gid, new Set(), 100)).toBe(true);
    },
  );

  it.runIf(isRoot)('the same function runs as a script (what a sudo harness starts as root)', () => {
    const tree = tempDir('grant-tree-script');
    const outside = tempDir('grant-tree-script-outside');
    dirs.push(tree, outside);
    const plain = tree.write('src/a.txt', 'a', 0o644);
    const kept = tree.write('keys/signing.key', 'seed', 0o640);
    const victim = outside.write('victim.txt', 'not yours', 0o640);
    symlinkSync(victim, tree.path('src/link'));
    execFileSync(process.execPath, [
      '-e',
      grantTreeScript(),
      tree.dir,
      '4343',
      JSON.stringify([tree.path('keys')]),
    ]);
    expect(lstatSync(plain).gid).toBe(4343);
    expect(lstatSync(plain).mode & 0o7777).toBe(0o664);
    expect(lstatSync(tree.path('src')).mode & 0o7777).toBe(0o2775);
    expect(lstatSync(kept).gid).not.toBe(4343);
    expect(lstatSync(tree.path('src/link')).gid).toBe(4343);
    expect(lstatSync(victim).gid).not.toBe(4343);
    expect(lstatSync(victim).mode & 0o7777).toBe(0o640);
  });

  it.runIf(isRoot)('gives nothing away through a hard link to a file outside the tree', () => {
    const tree = tempDir('grant-tree-hardlink');
    const outside = tempDir('grant-tree-hardlink-outside');
    dirs.push(tree, outside);
    // A file the sandbox may read and write (so protected_hardlinks lets it link it), owned by root.
    const victim = outside.write('shared.txt', 'x');
    chmodSync(victim, 0o606);
    linkSync(victim, tree.path('link-to-shared'));
    const plain = tree.write('plain.txt', 'p', 0o644);
    grantTreeInProcess(tree.dir, 4444, new Set());
    expect(lstatSync(victim).gid).toBe(0);
    expect(lstatSync(victim).mode & 0o7777).toBe(0o606);
    expect(lstatSync(plain).gid).toBe(4444);
  });

  it.runIf(isRoot)('writes nothing on a tree that is already granted (every run after the first)', () => {
    const tree = tempDir('grant-tree-again');
    dirs.push(tree);
    const file = tree.write('a/b/c.txt', 'c', 0o644);
    grantTreeInProcess(tree.dir, 4242, new Set());
    const first = statSync(file).ctimeMs;
    const firstDir = statSync(tree.path('a')).ctimeMs;
    grantTreeInProcess(tree.dir, 4242, new Set());
    expect(statSync(file).ctimeMs).toBe(first);
    expect(statSync(tree.path('a')).ctimeMs).toBe(firstDir);
  });
});

/** Exchanges `fN` (a file) with `lN` (a link), and `d` (a directory) with `dl` (a link), as fast as it can. */
const SWAPPER =
  'while (1) { for $i (0..49) { syscall(316, -100, "$ARGV[0]/f$i", -100, "$ARGV[0]/l$i", 2) } syscall(316, -100, "$ARGV[0]/d", -100, "$ARGV[0]/dl", 2) }';
const NOBODY = 65534;

describe.runIf(isRoot && arch() === 'x64')(
  'granting a tree a sandboxed process is changing meanwhile',
  () => {
    it('changes no file a link swapped in points at (root chmod/chgrp of host files)', async () => {
      const tree = tempDir('grant-race');
      const victim = tempDir('grant-race-victim');
      dirs.push(tree, victim);
      const race = tree.path('race');
      mkdirSync(join(race, 'd'), { recursive: true });
      for (let i = 0; i < 50; i++) {
        // Group-readable, as /etc/shadow is: not owner-only, so the grant would take it if it got there.
        writeFileSync(victim.path(`v${i}`), 'root only', { mode: 0o640 });
        // The sandbox's own file, open to all (0707): its mode is what a followed chmod would copy.
        writeFileSync(join(race, `f${i}`), '', { mode: 0o707 });
        symlinkSync(victim.path(`v${i}`), join(race, `l${i}`));
        writeFileSync(join(race, 'd', `g${i}`), '', { mode: 0o707 });
      }
      symlinkSync(victim.dir, join(race, 'dl'));
      execFileSync('chown', ['-R', '-h', `${NOBODY}:${NOBODY}`, race]);
      chmodSync(tree.dir, 0o755);
      const racer = spawn(
        'setpriv',
        [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', '/usr/bin/perl', '-e', SWAPPER, race],
        { stdio: 'ignore', cwd: '/' },
      );
      try {
        await new Promise((resolve) => setTimeout(resolve, 100));
        // A fresh group each round, so every entry needs a change each time.
        for (let round = 0; round < 400; round++) {
          // A grant that stops on a swapped entry fails the run closed; what it changed before counts.
          try {
            grantTreeInProcess(tree.dir, 5000 + round, new Set());
          } catch {}
        }
        expect(racer.exitCode, 'the racer was still swapping').toBeNull();
      } finally {
        racer.kill('SIGKILL');
      }
      for (let i = 0; i < 50; i++) {
        const info = lstatSync(victim.path(`v${i}`));
        expect({ file: `v${i}`, mode: info.mode & 0o7777, gid: info.gid }).toEqual({
          file: `v${i}`,
          mode: 0o640,
          gid: 0,
        });
      }
    }, 60_000);
  },
);

describe.runIf(isRoot)('granting a tree whose files come and go (git writing index.lock meanwhile)', () => {
  it('an entry removed between the listing and its look is skipped, not an error that stops the run', async () => {
    const tree = tempDir('grant-churn');
    dirs.push(tree);
    const churn = tree.path('churn');
    mkdirSync(churn);
    for (let i = 0; i < 200; i++) writeFileSync(join(tree.path('churn'), `keep${i}`), '');
    // Creates and removes lock files as fast as it can, as concurrent git commands do.
    const churner = spawn(
      '/usr/bin/perl',
      [
        '-e',
        'while (1) { for $i (0..99) { open(my $f, ">", "$ARGV[0]/f$i.lock"); close($f) } unlink glob("$ARGV[0]/f*.lock") }',
        churn,
      ],
      { stdio: 'ignore' },
    );
    const failures: string[] = [];
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      for (let round = 0; round < 300; round++) {
        try {
          grantTreeInProcess(tree.dir, 6000 + round, new Set());
        } catch (error) {
          failures.push((error as Error).message);
        }
      }
      expect(churner.exitCode, 'the churner was still running').toBeNull();
    } finally {
      churner.kill('SIGKILL');
    }
    expect(failures.slice(0, 3)).toEqual([]);
  }, 60_000);
});

describe('localAccount: the sandbox user read from /etc/passwd without starting `id`', () => {
  it('reads uid and gid of the named account, and null for an absent or malformed one', () => {
    const dir = tempDir('passwd');
    dirs.push(dir);
    const passwd = join(dir.dir, 'passwd');
    writeFileSync(
      passwd,
      [
        'root:x:0:0:root:/root:/bin/bash',
        'truss-sandbox-offline:x:999:995::/nonexistent:/usr/sbin/nologin',
        'truss-sandbox-broken:x::995::/nonexistent:/usr/sbin/nologin',
        'truss-sandbox:x:998:994::/nonexistent:/usr/sbin/nologin',
        '',
      ].join('\n'),
    );
    expect(localAccount('truss-sandbox-offline', passwd)).toEqual({
      name: 'truss-sandbox-offline',
      uid: 999,
      gid: 995,
    });
    expect(localAccount('truss-sandbox', passwd)).toEqual({ name: 'truss-sandbox', uid: 998, gid: 994 });
    expect(localAccount('truss-sandbox-broken', passwd)).toBeNull();
    expect(localAccount('truss-sandbox-absent', passwd)).toBeNull();
    expect(localAccount('truss-sandbox', join(dir.dir, 'missing'))).toBeNull();
  });
});
