/**
 * The reviewers' evidence reads only what it shows: a file the work made can be a sparse file of
 * gigabytes (free to make), and reading it whole put all of it in the harness's memory — past 2 GiB
 * the read threw and the evidence could not be collected at all.
 */
import { closeSync, ftruncateSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { collectReviewEvidence } from '../../src/core/verify/review-evidence.js';
import { initRepo, makeSandbox } from '../tools/tool-helpers.js';

const SIZE = 3 * 1024 ** 3;
let box: ReturnType<typeof makeSandbox>;
beforeEach(() => {
  box = makeSandbox('evidence-size');
  initRepo(box.work, box.root);
  const fd = openSync(join(box.work, 'big.txt'), 'w');
  writeSync(fd, 'a'.repeat(10_000));
  ftruncateSync(fd, SIZE);
  closeSync(fd);
});
afterEach(() => box.cleanup());

it('a sparse 3 GiB reviewer_context file is shown by its start, not read whole', async () => {
  const evidence = await collectReviewEvidence({
    env: process.env,
    workdir: box.work,
    git: null,
    contextFiles: ['big.txt'],
  });
  const file = evidence.files.find((f) => f.path === 'big.txt');
  expect(file?.bytes).toBe(SIZE);
  expect(file?.truncated).toBe(true);
  expect(file?.content?.startsWith('a'.repeat(10_000))).toBe(true);
});
