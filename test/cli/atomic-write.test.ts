/**
 * writeFileAtomic, the one way truss writes an output file whole: a new file beside the target,
 * created exclusively, renamed over it. Real files and links in a temp directory.
 */
import {
  chmodSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../src/core/atomic-write.js';
import { createNodeCrypto, exportBundleToFile } from '../../src/core/ledger/index.js';
import { openFixture, SESSION_KEY } from '../helpers/ledger-kit.js';
import { appendSampleRun } from '../helpers/sample-run.js';
import { tempDir } from '../helpers/temp-dir.js';

describe('writeFileAtomic', () => {
  it('replaces a symbolic link at the path; its target keeps its bytes', () => {
    const dir = tempDir('atomic');
    const target = dir.write('victim/keys', 'precious\n');
    const path = dir.path('out.html');
    symlinkSync(target, path);
    writeFileAtomic(path, '<!doctype html>');
    expect(lstatSync(path).isFile()).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe('<!doctype html>');
    expect(readFileSync(target, 'utf8')).toBe('precious\n');
  });

  it('exportBundleToFile uses no temp name a planted link could wait at', () => {
    const fx = openFixture('atomic-export');
    try {
      const session = appendSampleRun(fx.store, SESSION_KEY);
      const target = join(fx.dir, 'victim');
      writeFileSync(target, 'precious\n');
      const out = join(fx.dir, 'b.json');
      // The name the exporter used to write to first (the pid is this process's: it exports here).
      symlinkSync(target, `${out}.tmp-${process.pid}`);
      exportBundleToFile(fx.store, session, createNodeCrypto(), out);
      expect(readFileSync(target, 'utf8')).toBe('precious\n');
      expect(lstatSync(out).isFile()).toBe(true);
      expect(JSON.parse(readFileSync(out, 'utf8')).ledger.session_id).toBe(session);
    } finally {
      fx.close();
    }
  });

  it('replaces a hard link at the path; the other name keeps its bytes', () => {
    const dir = tempDir('atomic');
    const target = dir.write('keys', 'precious\n');
    const path = dir.path('out.json');
    linkSync(target, path);
    writeFileAtomic(path, new Uint8Array([0x7b, 0x7d]));
    expect(readFileSync(path, 'utf8')).toBe('{}');
    expect(readFileSync(target, 'utf8')).toBe('precious\n');
  });

  it('gives the new file its mode even when it replaces a more open one', () => {
    const dir = tempDir('atomic');
    const path = dir.write('secret.json', 'old');
    chmodSync(path, 0o644);
    writeFileAtomic(path, 'new', { mode: 0o600 });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, 'utf8')).toBe('new');
  });

  it('writes chunks a function hands it, in order', () => {
    const dir = tempDir('atomic');
    const path = dir.path('big.json');
    const chunk = 'x'.repeat(1 << 16);
    writeFileAtomic(path, (write) => {
      for (let i = 0; i < 40; i++) write(chunk);
      write(Buffer.from('!'));
    });
    const text = readFileSync(path, 'utf8');
    expect(text.length).toBe(40 * chunk.length + 1);
    expect(text.endsWith('x!')).toBe(true);
  });

  it('on failure leaves the path as it was and no temp file behind', () => {
    const dir = tempDir('atomic');
    mkdirSync(dir.path('adir'));
    writeFileSync(dir.path('adir/inside'), 'kept');
    expect(() => writeFileAtomic(dir.path('adir'), 'page')).toThrow();
    expect(readFileSync(dir.path('adir/inside'), 'utf8')).toBe('kept');
    expect(() =>
      writeFileAtomic(dir.path('out.json'), () => {
        throw new Error('the writer failed');
      }),
    ).toThrow('the writer failed');
    expect(readdirSync(dir.dir).sort()).toEqual(['adir']);
  });
});
