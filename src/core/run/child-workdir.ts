import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { scrubEnv } from '../process/env-scrub.js';
import { checkedHarnessGit, harnessGit } from '../process/git-safety.js';
import { findRepoRoot, snapshotWorktree, verifySnapshotObjects } from '../process/worktree-snapshot.js';
import { type CleanRoom, materializeCleanRoom } from '../verify/clean-room.js';

/** The attempts of a fan-out cannot get working copies (docs/fanout.md "Where attempts work"). */
export class FanoutWorkspaceError extends Error {
  override name = 'FanoutWorkspaceError';
}

/** Uncommitted changes larger than this are not copied into attempts' working copies. */
const MAX_UNCOMMITTED_BYTES = 64 * 1024 * 1024;

export interface ChildWorkdirs {
  /** True when every attempt works in the run's own workdir (executor "none": they judge the same work). */
  readonly shared: boolean;
  /**
   * A directory for one attempt; `release` removes its copy (its work is in the ledger by then).
   * `prepare`, when given, hands the copy to the attempt's own isolation view instead of the one
   * given to {@link childWorkdirs}.
   */
  acquire(
    prepare?: ((dir: string) => Promise<void>) | undefined,
  ): Promise<{ dir: string; release(): Promise<void> }>;
  /** Removes every copy not released yet. */
  dispose(): Promise<void>;
}

/**
 * Working copies for the attempts of a fan-out. With an executor each attempt gets its own copy —
 * the workdir's commit plus its uncommitted (not ignored) changes, made like a clean room
 * (verify/clean-room.ts: a fresh repository reading the workdir's objects, no hooks, no config) — so
 * K agents never write over each other. Without one (`none`) they all judge the workdir as it is.
 */
export async function childWorkdirs(options: {
  workdir: string;
  env: Readonly<Record<string, string | undefined>>;
  shared: boolean;
  parentDir?: string | undefined;
  prepare?: ((dir: string) => Promise<void>) | undefined;
  /** Undoes `prepare` before a copy is removed (the isolation stops binding it). */
  unprepare?: ((dir: string) => Promise<void>) | undefined;
}): Promise<ChildWorkdirs> {
  if (options.shared) {
    const place = { dir: options.workdir, release: async () => {} };
    return { shared: true, acquire: async () => place, dispose: async () => {} };
  }
  const root = await findRepoRoot(options.workdir, options.env);
  if (!root) {
    throw new FanoutWorkspaceError(
      `[fanout] with an executor needs a git work tree (each attempt works in its own copy); ${options.workdir} is not one`,
    );
  }
  const snapshot = await snapshotWorktree(root, options.env, options.parentDir);
  if (!snapshot.head) {
    throw new FanoutWorkspaceError(
      '[fanout] with an executor needs a commit to copy from (HEAD is unborn): commit first',
    );
  }
  // The copy is read from `.git/objects`, which an earlier step of the job could write: the old
  // content planted under the name an uncommitted file hashes to (git does not write an object it
  // finds there) had every attempt start from content the workdir does not hold. Hashed as read.
  await verifySnapshotObjects(root, options.env, [snapshot.head, snapshot.tree]).catch((error: Error) => {
    throw new FanoutWorkspaceError(
      `[fanout] cannot copy the workdir into the attempts' working copies: ${error.message}`,
    );
  });
  const inside = relative(root, options.workdir);
  // The harness's own files (ledger, bundles, keys under .truss/) never reach an attempt's copy,
  // as they never reach an executor's diff (executors/in-loop.ts).
  const exclude = [':(exclude).truss', ...(inside ? [`:(exclude)${inside}/.truss`] : [])];
  const patch = await harnessGit(root).raw([
    'diff',
    '--no-color',
    '--no-ext-diff',
    '--no-textconv',
    '--no-renames',
    '--binary',
    snapshot.head,
    snapshot.tree,
    '--',
    '.',
    ...exclude,
  ]);
  const diff = Buffer.from(patch, 'utf8');
  if (diff.length > MAX_UNCOMMITTED_BYTES) {
    throw new FanoutWorkspaceError(
      'the uncommitted changes are too large to copy into every attempt: commit them first',
    );
  }
  const rooms = new Set<CleanRoom>();
  // Sibling attempts may still write a released copy (it is bound into their sandboxes until its
  // removal): what a racing sibling kept `rm` from removing is removed again once all have ended.
  const leftovers = new Set<CleanRoom>();
  const remove = async (room: CleanRoom) => {
    await options.unprepare?.(room.dir).catch(() => {});
    await room.dispose();
    if (existsSync(room.dir)) leftovers.add(room);
  };
  return {
    shared: false,
    async acquire(prepare) {
      const room = await materializeCleanRoom({
        repoRoot: root,
        baseSha: snapshot.head as string,
        diff,
        env: options.env,
        parentDir: options.parentDir,
        prepare: prepare ?? options.prepare,
        prefix: 'truss-attempt-',
      });
      rooms.add(room);
      return {
        dir: join(room.dir, inside),
        release: async () => {
          if (rooms.delete(room)) await remove(room);
        },
      };
    },
    async dispose() {
      const left = [...rooms];
      rooms.clear();
      await Promise.all(left.map(remove));
      const again = [...leftovers];
      leftovers.clear();
      await Promise.all(again.map((room) => room.dispose()));
    },
  };
}

/**
 * Applies the winning attempt's recorded diff (from its start to its end, the working copy it
 * started from being this workdir's state) to the workdir with `git apply`, so a fan-out leaves
 * the same working tree a single run of the winner would have. Returns whether it applied. The patch
 * file is written under `scratchParent` (the run's isolation `tempDir`, swept if the run is killed).
 */
export async function applyChildDiff(
  workdir: string,
  env: Readonly<Record<string, string | undefined>>,
  diff: Uint8Array,
  scratchParent: string = tmpdir(),
): Promise<{ applied: boolean; error: string | null }> {
  const root = await findRepoRoot(workdir, env);
  if (!root) return { applied: false, error: `${workdir} is not a git work tree` };
  const scratch = await mkdtemp(join(scratchParent, 'truss-fanout-apply-'));
  try {
    const patch = join(scratch, 'winner.patch');
    await writeFile(patch, diff);
    // The safe path: the parent's working copy is one its own agent may have changed.
    await checkedHarnessGit(root, ['apply', '--whitespace=nowarn', patch], {
      env: { ...scrubEnv(env), GIT_CONFIG_NOSYSTEM: '1', LC_ALL: 'C' },
    });
    return { applied: true, error: null };
  } catch (error) {
    return {
      applied: false,
      error: `the winning attempt's diff does not apply to the workdir: ${(error as Error).message}`,
    };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
