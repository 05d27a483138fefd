import { writeFileAtomic } from '../core/atomic-write.js';
import type { LedgerStore } from '../core/ledger/index.js';
import { TRUSS_CLI } from '../core/truss-cli.js';
import type { CliIo } from './io.js';
import { makeOutputDir } from './output-path.js';
import { abortedExit, exportSessionBundle, relativeOrAbsolute, shellQuote } from './run-output.js';

/**
 * Ends the output of a command whose work is a parent session (`truss eval`, `truss bench-verdicts`):
 * the bundle — the session and every child run — is exported either way; an aborted session says
 * where its signed `run_failed` is and gives the exit code (130/143 when a signal stopped it);
 * a completed one gets its page written and returns the command that verifies it.
 */
type Ended =
  | { status: 'completed'; sessionId: string }
  | { status: 'aborted'; sessionId: string; message: string };

export function finishParentSession<R extends Ended, C = Extract<R, { status: 'completed' }>>(
  io: CliIo,
  options: {
    store: LedgerStore;
    result: R;
    workdir: string;
    publicKeyHex: string;
    signal: AbortSignal;
    pagePath: string;
    page: (result: C, verifyCommand: string) => string;
  },
): { exit: number } | { completed: C; bundlePath: string; verifyCommand: string } {
  const { result } = options;
  const bundlePath = exportSessionBundle(io, options.store, {
    workdir: options.workdir,
    sessionId: result.sessionId,
    bundle: undefined,
  });
  if (result.status === 'aborted') {
    io.stderr(`truss: ${result.message}\nbundle ${bundlePath}\n`);
    return { exit: abortedExit(options.signal) };
  }
  const verifyCommand = `${TRUSS_CLI} verify ${shellQuote(relativeOrAbsolute(io.cwd, bundlePath))} --key ${options.publicKeyHex}`;
  makeOutputDir(options.workdir, options.pagePath, 'the HTML page', '--output');
  const completed = result as unknown as C;
  writeFileAtomic(options.pagePath, options.page(completed, verifyCommand));
  return { completed, bundlePath, verifyCommand };
}
