/**
 * The CLI's bundle is read as Latin-1 when it is all ASCII, as UTF-8 otherwise (src/core/bytecode-cache.ts,
 * docs/performance.md): the build keeps it ASCII so V8 gets a one-byte string, and a bundle that is
 * not must still run with its text intact.
 */
import { isAscii } from 'node:buffer';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUNDLE_WRAPPER_START, runBundleWithBytecodeCache } from '../../src/core/bytecode-cache.js';
import { builtEntry } from '../helpers/built-dist.js';
import { type TempDir, tempDir } from '../helpers/temp-dir.js';

const seen = globalThis as { __trussBundleText?: string };

describe('the CLI bundle text', () => {
  let temp: TempDir;
  afterEach(() => {
    temp?.cleanup();
    delete seen.__trussBundleText;
  });

  it.each(['cli-main.cjs', 'action-main.cjs'])(
    '%s is built all ASCII, so it is read without a UTF-8 decode',
    (name) => {
      const bundle = readFileSync(join(builtEntry('cli.cjs'), '..', name));
      expect(isAscii(bundle)).toBe(true);
    },
  );

  it.each(['cli-main.cjs', 'action-main.cjs'])(
    '%s is built as the function the launcher compiles, so no wrapped copy of it is made',
    (name) => {
      const text = readFileSync(join(builtEntry('cli.cjs'), '..', name), 'latin1');
      expect(text.startsWith(BUNDLE_WRAPPER_START)).toBe(true);
      expect(text.endsWith('\n})\n')).toBe(true);
    },
  );

  it.each(['cli-main.cjs', 'action-main.cjs'])(
    '%s makes no dynamic import(): its vm.Script has none on Node 20, so one would fail the run',
    (name) => {
      const text = readFileSync(join(builtEntry('cli.cjs'), '..', name), 'latin1');
      expect(text.match(/(?:^|[^\w$.])import\(.{0,60}/gm) ?? []).toEqual([]);
    },
  );

  it('runs a bundle written as that function, and one written as a plain CommonJS file, alike', () => {
    temp = tempDir('bundle-source');
    const wrapped = temp.path('wrapped.cjs');
    writeFileSync(
      wrapped,
      `${BUNDLE_WRAPPER_START}globalThis.__trussBundleText = typeof module.exports + __filename;\n})\n`,
    );
    runBundleWithBytecodeCache({
      bundle: wrapped,
      cacheDir: null,
      program: 'test',
      command: 'test',
      uid: process.getuid?.() ?? 0,
    });
    expect(seen.__trussBundleText).toBe(`object${wrapped}`);
    const plain = temp.path('plain.cjs');
    writeFileSync(plain, 'globalThis.__trussBundleText = typeof module.exports + __filename;\n');
    runBundleWithBytecodeCache({
      bundle: plain,
      cacheDir: null,
      program: 'test',
      command: 'test',
      uid: process.getuid?.() ?? 0,
    });
    expect(seen.__trussBundleText).toBe(`object${plain}`);
  });

  it('runs a bundle holding non-ASCII text with that text intact (read as UTF-8)', () => {
    temp = tempDir('bundle-source');
    const bundle = temp.path('bundle.cjs');
    writeFileSync(bundle, 'globalThis.__trussBundleText = "range 3\u20139, caf\u00e9, \u2714";\n', 'utf8');
    runBundleWithBytecodeCache({
      bundle,
      cacheDir: null,
      program: 'test',
      command: 'test',
      uid: process.getuid?.() ?? 0,
    });
    expect(seen.__trussBundleText).toBe('range 3\u20139, caf\u00e9, \u2714');
  });

  it('runs an ASCII bundle as the same text', () => {
    temp = tempDir('bundle-source');
    const bundle = temp.path('bundle.cjs');
    writeFileSync(bundle, 'globalThis.__trussBundleText = "range 3\\u20139, " + require("node:path").sep;\n');
    runBundleWithBytecodeCache({
      bundle,
      cacheDir: null,
      program: 'test',
      command: 'test',
      uid: process.getuid?.() ?? 0,
    });
    expect(seen.__trussBundleText).toBe('range 3\u20139, /');
  });
});
