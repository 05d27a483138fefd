/**
 * Makes one diff of two worktree snapshots in this process and prints what it returned as JSON (the
 * patch as its size and first 100 characters): started by test/process/worktree-diff-bounded.test.ts
 * under a small `--max-old-space-size`, where holding git's whole output dies.
 *
 *   node --max-old-space-size=MB --import tsx test/helpers/diff-under-heap.ts '[BEFORE, AFTER, ENV]' MAX_BYTES
 */
import { diffSnapshots } from '../../src/core/process/worktree-snapshot.js';

const [snapshots, maxBytes] = process.argv.slice(2);
const [before, after, env] = JSON.parse(snapshots as string);
const { diff, ...rest } = await diffSnapshots(before, after, env, Number(maxBytes));
process.stdout.write(
  `${JSON.stringify({ ...rest, bytes: Buffer.byteLength(diff), head: diff.slice(0, 100) })}\n`,
);
