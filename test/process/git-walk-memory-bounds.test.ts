import { type BigIntStats, lstatSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GitWalkMemory, rememberedUnits } from '../../src/core/process/git-walk-memory.js';

/**
 * What the .git walks remember is bounded (docs/performance.md, "The .git walk"): per git directory,
 * and for all of them together, the least recently walked forgotten first. Real directories, their
 * real lstat; each is read three seconds after its last change, so it counts as settled.
 */

const root = mkdtempSync(join(tmpdir(), 'truss-git-walk-bounds-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const limits = { total: 8, perGitDir: 5 };

function directory(name: string): { path: string; stat: BigIntStats } {
  const path = join(root, name);
  mkdirSync(path);
  return { path, stat: lstatSync(path, { bigint: true }) };
}

/** One walk of `gitDir` remembering each of `dirs` with one subdirectory (two units each). */
function walkRemembering(gitDir: string, dirs: { path: string; stat: BigIntStats }[]): void {
  const memory = new GitWalkMemory<'link'>(gitDir, limits);
  for (const { path, stat } of dirs) memory.remember(path, stat, stat.ctimeNs + 3_000_000_000n, ['sub'], []);
  memory.close();
}

/** Which of `dirs` the next walk of `gitDir` recalls (and then keeps them, as a walk does). */
function recalled(gitDir: string, dirs: { path: string; stat: BigIntStats }[]): string[] {
  const memory = new GitWalkMemory<'link'>(gitDir, limits);
  const found = dirs
    .filter(({ path, stat }) => memory.recall(path, stat) !== undefined)
    .map(({ path }) => path);
  memory.close();
  return found;
}

describe('what the .git walks remember is bounded', () => {
  it('per git directory, then for all of them, forgetting the least recently walked', () => {
    const a = ['a1', 'a2', 'a3', 'a4'].map(directory);
    walkRemembering('/git/a', a);
    // Five units for one git directory: two listings of two.
    expect(rememberedUnits()).toBe(4);
    expect(recalled('/git/a', a)).toEqual([a[0]?.path, a[1]?.path]);

    const b = ['b1', 'b2'].map(directory);
    walkRemembering('/git/b', b);
    expect(rememberedUnits()).toBe(8);
    const c = [directory('c1')];
    walkRemembering('/git/c', c);
    // Ten units are more than eight: a, walked longest ago, is forgotten.
    expect(rememberedUnits()).toBe(6);
    expect(recalled('/git/a', a)).toEqual([]);
    expect(recalled('/git/b', b)).toEqual(b.map(({ path }) => path));
    expect(recalled('/git/c', c)).toEqual(c.map(({ path }) => path));
  });

  it('a directory changed less than two seconds before its read is not remembered', () => {
    const d = directory('d1');
    const memory = new GitWalkMemory<'link'>('/git/d', limits);
    memory.remember(d.path, d.stat, d.stat.ctimeNs + 1_999_999_999n, [], []);
    memory.close();
    expect(recalled('/git/d', [d])).toEqual([]);
  });
});
