import { LogError, NoteError, ProofError } from '../core/anchor/index.js';
import { AttestationFormatError } from '../core/attest/index.js';
import { BenchInputError, ContractError } from '../core/contract/index.js';
import { BundleFormatError, CanonicalJsonError, KeyError, LedgerError } from '../core/ledger/index.js';
import { MemoryError } from '../core/memory/index.js';
import {
  IsolationSetupError,
  IsolationUnavailableError,
  UntrustedGitConfigError,
} from '../core/process/index.js';
import { ProviderError } from '../core/providers/index.js';
import { SessionBusyError } from '../core/runtime/index.js';
import { GitRefError } from '../core/verify/index.js';
import { ConfigDirError, ConfigLinkError } from './config-links.js';
import { EXIT } from './exit-codes.js';
import type { CliIo } from './io.js';
import { OutputPathError } from './output-path.js';
import { WorkdirMismatchError } from './resume-workdir.js';
import { WorkdirError } from './workdir-flag.js';

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
 * A ledger database the user cannot write (a read-only file, a read-only mount): SQLite refuses the
 * first write. The user's setup, so exit 3 with what to change, never "report it" (docs/cli.md).
 */
function readOnlyDatabase(error: unknown): boolean {
  const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown };
  return name === 'SqliteError' && typeof code === 'string' && /^SQLITE_READONLY(_|$)/.test(code);
}

/**
 * A full disk or quota (the file system's or SQLite's own report of it). A judged check can fill the
 * disk the ledger lives on before it exits 0: the run stops unfinished, and says why, never that
 * Truss has a bug (docs/security.md).
 */
function diskFull(error: unknown): boolean {
  const { code } = (error ?? {}) as { code?: unknown };
  return code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL';
}

/**
 * The message of a contract error whose every issue is placed at a command-line flag (`--base-url`,
 * `--model`, `--arms …`) and none in a file, else undefined: the command line is what to fix, so
 * it is a usage error (exit 64, docs/cli.md); the same value written in a contract stays exit 3.
 */
export function commandLineContractError(error: unknown): string | undefined {
  if (!(error instanceof ContractError)) return undefined;
  return error.issues.every((issue) => issue.file.startsWith('--')) ? error.message : undefined;
}

/** What a failed command reports: its exit code and the message a person reads on stderr. */
export interface FailedCommand {
  exit: number;
  message: string;
}

/**
 * The exit code and message of a failed command: bad input (a malformed contract, bundle or key, a
 * missing file, a refused isolation) is exit 3 with the error's own message; anything else is a bug
 * in truss and says so.
 */
export function describeError(error: unknown): FailedCommand {
  const inputErrors = [
    SessionBusyError,
    OutputPathError,
    ConfigLinkError,
    ConfigDirError,
    WorkdirMismatchError,
    WorkdirError,
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
    UntrustedGitConfigError,
    BenchInputError,
    MemoryError,
  ];
  if (inputErrors.some((type) => error instanceof type))
    return { exit: EXIT.input, message: (error as Error).message };
  if (unusableDatabase(error))
    return {
      exit: EXIT.input,
      message: `the ledger database is damaged or not a database (${(error as { code: string }).code}: ${(error as Error).message}); restore it from a backup or re-import an exported bundle`,
    };
  if (readOnlyDatabase(error))
    return {
      exit: EXIT.input,
      message: `the ledger database is read-only (${(error as { code: string }).code}: ${(error as Error).message}); make the database file and its directory writable by the user running truss, or pass --db with another path`,
    };
  if (diskFull(error))
    return {
      exit: EXIT.failed,
      message: `the disk is full (${(error as { code: string }).code}: ${(error as Error).message}); the run did not finish and has no verdict. A check or the agent may have filled it: free space, keep the ledger (--db) on another file system than the working copy, and run again`,
    };
  return {
    exit: EXIT.failed,
    message: `unexpected error: ${(error as Error)?.message ?? String(error)}\nPlease report it with the command you ran.`,
  };
}

/**
 * Reports a failed command on stderr and returns its exit code. With `--json` the same failure is
 * also the one JSON document on stdout (`{"error": {"exit", "message"}}`), so a script that parses
 * stdout reads why instead of finding nothing (docs/cli.md "Machine-readable output").
 */
export function reportFailure(failed: FailedCommand, io: CliIo, json: boolean): number {
  io.stderr(`truss: ${failed.message}\n`);
  if (json) io.stdout(`${JSON.stringify({ error: { exit: failed.exit, message: failed.message } })}\n`);
  return failed.exit;
}
