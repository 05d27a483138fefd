import { existsSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { disposeScratch, makeScratch } from '../../src/core/process/process-scratch.js';
import { type TempDir, tempDir } from '../helpers/temp-dir.js';

const dirs: TempDir[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) dir.cleanup();
});

// What a sandboxed process may leave in its scratch, done here by root in its place.
const leftovers: [string, (home: string, tmp: string, victim: string) => void, 'in-process' | 'rm'][] = [
  ['nothing', () => {}, 'in-process'],
  ['its .gitconfig removed', (home) => rmSync(join(home, '.gitconfig')), 'in-process'],
  [
    'a link to a file elsewhere as its .gitconfig',
    (home, _tmp, victim) => {
      rmSync(join(home, '.gitconfig'));
      symlinkSync(victim, join(home, '.gitconfig'));
    },
    'in-process',
  ],
  ['a file in TMPDIR', (_home, tmp) => writeFileSync(join(tmp, 'left'), 'x'), 'rm'],
  [
    'a directory as its .gitconfig',
    (home) => {
      rmSync(join(home, '.gitconfig'));
      mkdirSync(join(home, '.gitconfig', 'inner'), { recursive: true });
    },
    'rm',
  ],
  ['a second entry in HOME', (home) => writeFileSync(join(home, '.bashrc'), 'x'), 'rm'],
  [
    'a link to a directory elsewhere in TMPDIR',
    (_home, tmp, victim) => symlinkSync(join(victim, '..'), join(tmp, 'up')),
    'rm',
  ],
];

describe('a process’s scratch (root harness)', () => {
  it.each(leftovers)(
    'holding %s is closed at once and removed without following links',
    async (_name, leave, how) => {
      if (process.getuid?.() !== 0) return void console.warn('SKIPPED process scratch test: not root');
      const root = tempDir('process-scratch');
      const outside = tempDir('process-scratch-victim');
      dirs.push(root, outside);
      const victim = outside.write('target', 'keep me\n');
      const scratch = makeScratch(root.dir, 'root', { uid: 65534, gid: 65534 });
      expect(statSync(scratch.home).uid).toBe(65534);
      expect(statSync(join(scratch.gate, 's')).uid).toBe(0);
      leave(scratch.home, scratch.tmp, victim);
      const removal = disposeScratch(scratch, 'root', { PATH: process.env.PATH ?? '' });
      expect(statSync(scratch.gate).mode & 0o777).toBe(0o700);
      expect(await removal).toBe(how);
      expect(existsSync(scratch.gate)).toBe(false);
      expect(readFileSync(victim, 'utf8')).toBe('keep me\n');
    },
  );
});
