import { lstatSync, mkdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { grantTreeInProcess } from '../../src/core/process/grant-tree.js';
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
