/**
 * The reviewers' evidence is read by the harness (its user, often root) from a working copy the work
 * may still be writing: fan-out attempts run side by side, and under uid every attempt's copy is the
 * sandbox user's to write. A directory swapped for a link between the realpath check and the read
 * must not be followed. The swap is made right after the check (a hook on realpathSync).
 */
import * as fs from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

const swap = vi.hoisted(() => ({ path: '', after: null as null | (() => void) }));
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  const realpathSync = ((path: fs.PathLike, options?: unknown) => {
    const result = real.realpathSync(path, options as undefined);
    if (swap.after && String(result).endsWith(swap.path)) {
      const after = swap.after;
      swap.after = null;
      after();
    }
    return result;
  }) as typeof real.realpathSync;
  return { ...real, default: { ...real, realpathSync }, realpathSync };
});

const { collectReviewEvidence } = await import('../../src/core/verify/review-evidence.js');
const { initRepo, makeSandbox } = await import('../tools/tool-helpers.js');

let box: ReturnType<typeof makeSandbox>;
beforeEach(() => {
  box = makeSandbox('evidence-swap');
  initRepo(box.work, box.root);
  fs.mkdirSync(join(box.work, 'd'));
  fs.writeFileSync(join(box.work, 'd/secret.txt'), 'an ordinary new file\n');
});
afterEach(() => box.cleanup());

it('a reviewer_context file whose directory becomes a link after the check is refused, not read through it', async () => {
  swap.path = '/d/secret.txt';
  swap.after = () => {
    fs.renameSync(join(box.work, 'd'), join(box.work, 'd.real'));
    fs.symlinkSync(box.outside, join(box.work, 'd'));
  };
  const evidence = await collectReviewEvidence({
    env: process.env,
    workdir: box.work,
    git: null,
    contextFiles: ['d/secret.txt'],
  });
  expect(swap.after).toBeNull(); // the swap happened
  const file = evidence.files.find((f) => f.path === 'd/secret.txt');
  expect(file?.content ?? '').not.toContain('top secret');
  expect(file?.problem).toMatch(/changed/);
});
