import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { holdStdout } from '../../src/cli/stdout-hold.js';
import { tempDir } from '../helpers/temp-dir.js';

/** The held stdout of a CLI command (stdout-hold.ts): real temp files, real multi-byte text. */
describe('holdStdout', () => {
  const parent = () => {
    const dir = join(tempDir('stdout-hold').dir, 'tmp');
    mkdirSync(dir);
    return dir;
  };

  it('prints nothing until released, then everything in order', () => {
    const seen: string[] = [];
    const hold = holdStdout((text) => seen.push(text));
    hold.write('one\n');
    hold.write('two\n');
    expect(seen).toEqual([]);
    hold.release();
    expect(seen.join('')).toBe('one\ntwo\n');
    // Past the release the command's writes go straight through.
    hold.write('three\n');
    expect(seen.join('')).toBe('one\ntwo\nthree\n');
  });

  it('spills past the memory cap to a private file, reads it back whole (multi-byte text cut across reads), and removes it', () => {
    const tmp = parent();
    const seen: string[] = [];
    const hold = holdStdout((text) => seen.push(text), { memoryBytes: 16, tempParent: tmp });
    const pieces = Array.from({ length: 200_000 }, (_, i) => `«${i}» ✓ `);
    for (const piece of pieces) hold.write(piece);
    const [spill] = readdirSync(tmp);
    expect(spill).toMatch(/^truss-stdout-/);
    expect(seen).toEqual([]);
    hold.release();
    expect(seen.join('')).toBe(pieces.join(''));
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('discard drops the held output and its spill file', () => {
    const tmp = parent();
    const seen: string[] = [];
    const hold = holdStdout((text) => seen.push(text), { memoryBytes: 4, tempParent: tmp });
    hold.write('{"schema_version":"truss.ledger.v1",');
    expect(readdirSync(tmp)).toHaveLength(1);
    hold.discard();
    hold.release();
    expect(seen).toEqual([]);
    expect(readdirSync(tmp)).toEqual([]);
    expect(existsSync(tmp)).toBe(true);
  });
});
