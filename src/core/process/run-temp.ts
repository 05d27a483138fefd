import { existsSync } from 'node:fs';
import { harnessDirectory, sweepDeadHarnesses } from './lifeline.js';
import { harnessRoot } from './private-dirs.js';
import { removeScratch } from './process-scratch.js';
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
    await sweepDeadHarnesses(keepRoot, (dir) => removeDeadHarness(dir, options));
    return harnessDirectory(keepRoot, mkfifo).dir;
  } catch (error) {
    return { unavailable: (error as Error).message };
  }
}

/**
 * Removes a dead harness's directory as the harness, never following a link. The same directory
 * serves the harness's `uid` runs, whose checks' scratch is the sandbox user's: a non-root harness
 * cannot remove that, so what is left goes through `sudo -n rm` (it never follows a link either, and
 * the directory lies in the harness's own 0711 root, where nobody else can put a path in its place),
 * as the `uid` set-up's own sweep does. Without passwordless sudo it stays, and a later `uid` run
 * removes it.
 */
async function removeDeadHarness(dir: string, options: RunTempOptions): Promise<void> {
  await removeUntrustedTree(dir, options.toolEnv);
  if (!existsSync(dir) || options.harnessUid === 0) return;
  if (findProgram('sudo', options.toolEnv.PATH ?? '') === null) return;
  await removeScratch('sudo', dir, options.toolEnv);
}
