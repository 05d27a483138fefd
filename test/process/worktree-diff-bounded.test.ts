/**
 * The diff of the judged work (delegated-cli's recorded diff) is as large as the work makes it: a
 * tracked file grown to 300 MB (sparse: no disk) that its own .gitattributes calls text. Reading git's
 * whole output and cutting it at `maxBytes` afterwards held all of it (docs/security.md, "Bounded tool
 * output"). Real git, real repositories; the diff is made once, in a process with a 32 MiB heap
 * (where holding git's whole output dies), and everything it returned is checked.
 */
import { spawnSync } from 'node:child_process';
import { truncateSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { snapshotWorktree } from '../../src/core/process/worktree-snapshot.js';
import { bundledScript } from '../helpers/bundled-script.js';
import { REPO_ROOT } from '../helpers/cli.js';
import { git, gitEnv, initRepo, makeSandbox, put } from '../tools/tool-helpers.js';

let box: ReturnType<typeof makeSandbox>;
let env: Record<string, string>;

beforeEach(() => {
  box = makeSandbox('worktree-diff');
  env = { ...gitEnv(box.root), GIT_CONFIG_NOSYSTEM: '1' };
  initRepo(box.work, box.root);
  put(box.work, '.gitattributes', 'big.bin diff\n');
  put(box.work, 'big.bin', '');
  git(box.work, box.root, ['add', '.']);
  git(box.work, box.root, ['-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'big']);
});
afterEach(() => box.cleanup());

describe('diffSnapshots of a huge change', () => {
  it('holds at most maxBytes of the patch and stops git there; the stat stays complete', async () => {
    const before = await snapshotWorktree(box.work, env);
    truncateSync(join(box.work, 'big.bin'), 300 * 1024 * 1024);
    const after = await snapshotWorktree(box.work, env);

    // The diff in a process whose V8 heap is 32 MiB; it prints what the checks below read.
    const child = spawnSync(
      process.execPath,
      [
        '--max-old-space-size=32',
        bundledScript(join(REPO_ROOT, 'test/helpers/diff-under-heap.ts')),
        JSON.stringify([before, after, env]),
        String(1024 * 1024),
      ],
      { cwd: REPO_ROOT, encoding: 'utf8', timeout: 60_000 },
    );
    expect(child.status, child.stderr.slice(-2000)).toBe(0);
    const changes = JSON.parse(child.stdout);
    expect(changes.diffTruncated).toBe(true);
    expect(changes.bytes).toBe(1024 * 1024);
    expect(changes.head.startsWith('diff --git a/big.bin b/big.bin\n')).toBe(true);
    expect(changes.changedFiles).toEqual(['big.bin']);
    expect(changes.diffStat).toMatchObject({ filesChanged: 1, insertions: 1, binaryFiles: 0 });
  }, 90_000);
});
