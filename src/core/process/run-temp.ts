import { harnessDirectory, sweepDeadHarnesses } from './lifeline.js';
import { harnessRoot } from './private-dirs.js';
import { removeUntrustedTree } from './remove-tree.js';
import { findProgram } from './trusted-path.js';

export interface RunTempOptions {
  /** The temp dir the harness was given (os.tmpdir()). */
  scratchRoot: string;
  /** The harness's uid: its reusable directory there must be its own (private-dirs.ts). */
  harnessUid: number | undefined;
  /** A trusted PATH: where `mkfifo` and `rm` are found. */
  toolEnv: Record<string, string>;
}

/**
 * This harness process's directory for what a run makes in the temp dir when the run has no sandbox
 * user (isolation `none` or `bwrap`; `uid` makes the same directory itself): clean rooms and their
 * scratch, bwrap's per-process scratch. It is the harness directory of lifeline.ts, so a run killed
 * with SIGKILL (a cancelled CI job) leaves nothing the next run does not remove: before making its
 * own, this sweeps every directory whose harness is dead, as the harness user and never following a
 * link (what a sandbox wrote there may be anything). A live run's directory is never swept: its
 * harness holds the lifeline open. `unavailable` says why it cannot be made (no `mkfifo` in a trusted
 * directory, a temp dir without FIFOs): the caller then uses the temp dir itself and says so.
 */
export async function runTempDirectory(options: RunTempOptions): Promise<string | { unavailable: string }> {
  const mkfifo = findProgram('mkfifo', options.toolEnv.PATH ?? '');
  if (mkfifo === null) return { unavailable: 'mkfifo is not installed in a trusted directory of PATH' };
  try {
    const { keepRoot } = harnessRoot(options.scratchRoot, options.harnessUid);
    await sweepDeadHarnesses(keepRoot, (dir) => removeUntrustedTree(dir, options.toolEnv));
    return harnessDirectory(keepRoot, mkfifo).dir;
  } catch (error) {
    return { unavailable: (error as Error).message };
  }
}
