import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createNodeCrypto } from '../../src/core/ledger/index.js';
import {
  applyWorkdirPatch,
  captureWorkdirPatch,
  signWorkdirPatch,
  workdirPatchRefusal,
} from '../../src/github/workdir-patch.js';
import { git, makeRepo } from '../helpers/git.js';
import { keyFromByte } from '../helpers/keys.js';
import { tempDir } from '../helpers/temp-dir.js';

// "café" and "naïve" in Latin-1: not UTF-8, so a decoded patch would carry U+FFFD instead.
const LATIN1_BEFORE = Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]);
const LATIN1_AFTER = Buffer.from([0x6e, 0x61, 0xef, 0x76, 0x65, 0x0a, 0xff, 0x0a]);

describe("a suspended run's workspace patch", () => {
  it('carries the work byte for byte, a text file in another encoding included, and its statement signs those bytes', async () => {
    const work = makeRepo({ 'README.md': '# demo\n' }, 'patch-work');
    writeFileSync(join(work, 'latin1.txt'), LATIN1_BEFORE);
    git(work, 'add', '-A');
    git(work, 'commit', '-qm', 'latin-1 file');
    const base = git(work, 'rev-parse', 'HEAD');
    writeFileSync(join(work, 'latin1.txt'), LATIN1_AFTER);
    writeFileSync(join(work, 'new.txt'), Buffer.from([0x6f, 0xf6, 0x0a]));
    rmSync(join(work, 'README.md'));

    const patch = await captureWorkdirPatch(work, base);
    const fresh = tempDir('patch-fresh').dir;
    git(fresh, 'clone', '-q', work, '.');
    git(fresh, 'checkout', '-q', base);
    await applyWorkdirPatch(fresh, patch);
    expect(readFileSync(join(fresh, 'latin1.txt'))).toEqual(LATIN1_AFTER);
    expect(readFileSync(join(fresh, 'new.txt'))).toEqual(Buffer.from([0x6f, 0xf6, 0x0a]));
    expect(() => readFileSync(join(fresh, 'README.md'))).toThrow(/ENOENT/);

    const key = keyFromByte(7);
    const head = { sessionId: 's-1', seq: 4, hash: 'ab'.repeat(32) };
    const statement = signWorkdirPatch(key, head, patch);
    const check = (bytes: Uint8Array) =>
      workdirPatchRefusal({
        statement,
        patch: bytes,
        head,
        publicKeyHex: key.publicKeyHex,
        crypto: createNodeCrypto(),
      });
    expect(check(patch)).toBeNull();
    // The same patch read back as text and written again is other bytes: refused.
    const roundTripped = Buffer.from(patch.toString('utf8'), 'utf8');
    expect(roundTripped.equals(patch)).toBe(false);
    expect(check(roundTripped)).toMatch(/patch_sha256/);
  });
});
