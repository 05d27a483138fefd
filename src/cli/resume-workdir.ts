import { existsSync, realpathSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { type LedgerStore, tryReadEntry } from '../core/ledger/index.js';

/** A resume asked to run in another directory than the one its session ran in (exit 3). */
export class WorkdirMismatchError extends Error {
  override name = 'WorkdirMismatchError';
}

/**
 * The directory a resume continues in: the one the session's signed `run_started` recorded
 * (`workdir`), because its recorded tool calls and files live there and its checks must run there —
 * a resume started elsewhere would run them in the wrong place and sign a FAIL. Without `--workdir`
 * that directory is used; a `--workdir` that is not the same directory is refused with the path it
 * expected. Sessions recorded before `workdir` was recorded are checked by `workdir_name` only.
 */
export function resumeWorkdir(
  store: LedgerStore,
  sessionId: string,
  requested: string | undefined,
  cwd: string,
): string {
  // A seq 0 that is no well-formed run_started records nothing here; resume itself refuses it.
  const first = store.entry(sessionId, 0);
  const read = first ? tryReadEntry(first, 'run_started') : undefined;
  const payload = read && 'payload' in read ? read.payload : {};
  const recorded = payload.workdir || null;
  if (recorded) {
    if (!existsSync(recorded)) {
      throw new WorkdirMismatchError(
        `session ${sessionId} ran in ${recorded}, which does not exist here; restore that directory (its files are part of the run) and resume again`,
      );
    }
    if (requested !== undefined && real(requested) !== real(recorded)) {
      throw new WorkdirMismatchError(
        `session ${sessionId} ran in ${recorded}, not ${requested}; its checks must run where its work is: resume with --workdir ${recorded} (or without --workdir)`,
      );
    }
    return recorded;
  }
  const workdir = requested ?? cwd;
  const name = payload.workdir_name ?? '';
  if (name && basename(workdir) !== name) {
    throw new WorkdirMismatchError(
      `session ${sessionId} ran in a directory named ${name}, not ${workdir}; resume with --workdir pointing at that directory`,
    );
  }
  return workdir;
}

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}
