import { findRepoRoot, snapshotWorktree, type WorktreeSnapshot } from '../process/worktree-snapshot.js';
import type { ChangesPublisher } from './publish-changes.js';

/**
 * The working copy as it was judged, for `on-pass-changes` (docs/action.md, "Changes on PASS"): the
 * publisher commits the working copy, and where checks or `[checks] setup` run in it (a checks-only
 * run, `[sandbox] checkout = "in-place"`) they run the work's own code, which may write files no
 * reviewer saw (the panel reads the work before the checks run) and no check judged. Taken just
 * before they run; a snapshot that cannot be taken is an error the publish reports.
 */
export type JudgedTree = { snapshot: WorktreeSnapshot } | { error: string };

export async function judgedTree(
  workdir: string,
  env: Readonly<Record<string, string | undefined>>,
  scratchParent: string | undefined,
): Promise<JudgedTree> {
  try {
    const root = await findRepoRoot(workdir, env);
    if (root === null) return { error: 'the working copy is not a git repository' };
    return { snapshot: await snapshotWorktree(root, env, scratchParent) };
  } catch (error) {
    return { error: (error as Error).message.split('\n')[0] ?? 'git failed' };
  }
}

/**
 * `publisher`, asked only when the working copy still holds exactly what was judged (every tracked
 * and not ignored file, hashed again); otherwise nothing is published and the signed
 * `changes_published` says why (`failed`), so what a check wrote is never pushed as a verified PASS.
 */
export function judgedPublisher(
  publisher: ChangesPublisher,
  judged: Promise<JudgedTree>,
  workdir: string,
  env: Readonly<Record<string, string | undefined>>,
  scratchParent: string | undefined,
): ChangesPublisher {
  const refuse = (detail: string) => ({ status: 'failed', commit: null, branch: null, detail });
  return {
    mode: publisher.mode,
    publish: async (run) => {
      const before = await judged;
      if ('error' in before)
        return refuse(`nothing was published: the judged working copy could not be read (${before.error})`);
      const now = await judgedTree(workdir, env, scratchParent);
      if ('error' in now)
        return refuse(`nothing was published: the working copy could not be read again (${now.error})`);
      if (now.snapshot.tree !== before.snapshot.tree || now.snapshot.head !== before.snapshot.head)
        return refuse(
          'nothing was published: the working copy changed after it was judged (a check or [checks] setup wrote it), so the commit would hold what no check or reviewer judged; make the checks leave tracked and not ignored files as they found them (.gitignore what they write)',
        );
      return publisher.publish(run);
    },
  };
}
