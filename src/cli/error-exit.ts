import { LogError, NoteError, ProofError } from '../core/anchor/index.js';
import { AttestationFormatError } from '../core/attest/index.js';
import { BenchInputError, ContractError } from '../core/contract/index.js';
import { BundleFormatError, CanonicalJsonError, KeyError, LedgerError } from '../core/ledger/index.js';
import { MemoryError } from '../core/memory/index.js';
import { IsolationSetupError, IsolationUnavailableError } from '../core/process/index.js';
import { ProviderError } from '../core/providers/index.js';
import { SessionBusyError } from '../core/runtime/index.js';
import { GitRefError } from '../core/verify/index.js';
import { ConfigLinkError } from './config-links.js';
import { EXIT } from './exit-codes.js';
import type { CliIo } from './io.js';
import { OutputPathError } from './output-path.js';
import { WorkdirMismatchError } from './resume-workdir.js';

/**
 * better-sqlite3 reports a corrupted page or a file that is not a database while reading, long after
 * the store opened it: that is a malformed database (exit 3, docs/cli.md), not a bug in truss.
 * Decided on SQLite's result code (extended codes start with the primary one), never on the text.
 */
function unusableDatabase(error: unknown): boolean {
  const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown };
  return name === 'SqliteError' && typeof code === 'string' && /^SQLITE_(CORRUPT|NOTADB)(_|$)/.test(code);
}

/**
 * The exit code and message of a failed command: bad input (a malformed contract, bundle or key, a
 * missing file, a refused isolation) is exit 3 with the error's own message; anything else is a bug
 * in truss and says so.
 */
export function reportError(error: unknown, io: CliIo): number {
  const inputErrors = [
    SessionBusyError,
    OutputPathError,
    ConfigLinkError,
    WorkdirMismatchError,
    BundleFormatError,
    KeyError,
    LedgerError,
    CanonicalJsonError,
    ContractError,
    ProviderError,
    GitRefError,
    AttestationFormatError,
    LogError,
    NoteError,
    ProofError,
    IsolationUnavailableError,
    IsolationSetupError,
    BenchInputError,
    MemoryError,
  ];
  if (inputErrors.some((type) => error instanceof type)) {
    io.stderr(`truss: ${(error as Error).message}\n`);
    return EXIT.input;
  }
  if (unusableDatabase(error)) {
    io.stderr(
      `truss: the ledger database is damaged or not a database (${(error as { code: string }).code}: ${(error as Error).message}); restore it from a backup or re-import an exported bundle\n`,
    );
    return EXIT.input;
  }
  io.stderr(
    `truss: unexpected error: ${(error as Error)?.message ?? String(error)}\nPlease report it with the command you ran.\n`,
  );
  return EXIT.failed;
}
