import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { unverifiedObjects } from '../process/git-object-damage.js';
import {
  checkedHarnessGit,
  GitCommandError,
  type HarnessGitOptions,
  harnessGit,
} from '../process/git-safety.js';
import { markSparseAbsent } from '../process/sparse-entries.js';

/** The index the evidence's gits read, and why none could be made (then nothing is read through it). */
export interface EvidenceIndex {
  options: HarnessGitOptions;
  problem: string | null;
  dispose(): Promise<void>;
}

/**
 * A private index for the evidence's gits, never the working copy's own. The index is the work's to
 * write (docs/security.md, "Git metadata"), and git's diff of the base against the working tree reads
 * a tracked file through it: an entry marked assume-unchanged or skip-worktree, or one whose stat data
 * matches the file, is taken as the file's content without reading the file, and a path dropped from
 * the index and ignored by a `.gitignore` that ignores itself is shown deleted. An attack pass had a
 * check put the base's blob in the index and mark it so: the reviewers' diff showed no change.
 *
 * So the private index lists the paths of the head commit the run recorded when it started (signed in
 * `run_started`, before anything of the work ran) together with those of the working copy's index (a
 * file an agent staged), with no stat data and no flags: git reads every tracked file from the working
 * tree. Only which paths are tracked comes from the work's index, and a path it leaves out is still
 * tracked when the recorded head has it.
 */
export async function evidenceIndex(
  workdir: string,
  head: string | null,
  base: string | null,
  scratchParent: string,
  /** The host's environment, which every git here runs with (the private index's gits plus GIT_INDEX_FILE). */
  env: Readonly<Record<string, string | undefined>>,
): Promise<EvidenceIndex> {
  const scratch = await mkdtemp(join(scratchParent, 'truss-evidence-'));
  const dispose = () => rm(scratch, { recursive: true, force: true });
  const options: HarnessGitOptions = { env: { ...env, GIT_INDEX_FILE: join(scratch, 'index') } };
  try {
    const recorded = [base, head].filter(
      (commit): commit is string => typeof commit === 'string' && commit !== '',
    );
    if (recorded.length > 0) await verifyObjects(workdir, recorded, env);
    const listed = await harnessGit(workdir, { env }).raw(['ls-files', '--stage', '-z']);
    const scoped = harnessGit(workdir, options);
    await scoped.raw(head ? ['read-tree', head] : ['read-tree', '--empty']);
    // `<mode> <object> <stage>\t<path>`: every entry at stage 0, so a conflict's stages make one entry.
    const input = listed
      .split('\0')
      .filter(Boolean)
      .map((record) => record.replace(/^(\S+ \S+) \d+\t/, '$1 0\t'))
      .join('\0');
    if (input !== '')
      await checkedHarnessGit(workdir, ['update-index', '-z', '--index-info'], {
        ...options,
        input: `${input}\0`,
      });
    const top = (await harnessGit(workdir, { env }).raw(['rev-parse', '--show-toplevel'])).trim();
    await markSparseAbsent(top, { env }, options);
    return { options, problem: null, dispose };
  } catch (error) {
    return { options, problem: (error as Error).message.split('\n')[0] ?? '', dispose };
  }
}

/**
 * Fails unless every object of the commits' snapshots (the commit, its trees, its files) holds what
 * its name says (git-object-damage.ts `unverifiedObjects`): an attack pass had a check overwrite the
 * base's blob of a file the pull request changed with the changed content, and the reviewers' diff
 * showed no change (docs/security.md, "Git metadata").
 */
async function verifyObjects(
  workdir: string,
  commits: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): Promise<void> {
  const bad = await unverifiedObjects(workdir, commits, { env });
  if (bad)
    throw new GitCommandError(
      `the repository's objects do not match their names (${bad.problem}): an object of the base or head commit was changed after git wrote it`,
      bad.code,
    );
}
