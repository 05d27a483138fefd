import { type LedgerEntry, type LedgerStore, readEntries, type SigningKey } from '../core/ledger/index.js';
import type { CompletedOutcome, SuspendedOutcome } from '../core/run/index.js';
import { reportFromEntries } from '../core/run/index.js';
import { TRUSS_CLI } from '../core/truss-cli.js';
import { fanoutJson } from './fanout-output.js';
import type { CliIo } from './io.js';

/** What the JSON forms of an outcome read: where it was written and who signed it. */
export interface OutcomeJsonContext {
  io: CliIo;
  store: LedgerStore;
  key: SigningKey;
  dbPath: string;
  workdir: string;
  /**
   * Where the commands in the output are meant to be run: paths below it are shown relative to it.
   * Default `io.cwd`; `truss mcp serve` gives `/`, so its caller (which does not know the server's
   * directory) gets absolute paths.
   */
  commandCwd?: string | undefined;
}

/** The bundle and HTML report an outcome was exported to. */
export interface ExportedFiles {
  bundlePath: string;
  reportPath: string | null;
}

/** The command that verifies an exported bundle against the key that signed it. */
export function verifyCommandFor(cwd: string, bundlePath: string, publicKeyHex: string): string {
  return `${TRUSS_CLI} verify ${shellQuote(relativeOrAbsolute(cwd, bundlePath))} --key ${publicKeyHex}`;
}

/** A completed run as `truss run --json` prints it (and `truss mcp serve` answers it). */
export function completedJson(
  outcome: CompletedOutcome,
  context: OutcomeJsonContext,
  files: ExportedFiles,
  entries: LedgerEntry[],
): Record<string, unknown> {
  return {
    session_id: outcome.sessionId,
    status: 'completed',
    verdict: outcome.verdict.overall,
    clauses: outcome.verdict.clauses,
    forced: outcome.verdict.forced,
    executor: outcome.executor
      ? {
          kind: outcome.executor.kind,
          steps: outcome.executor.steps,
          failure: outcome.executor.failure,
          budget_exhausted: outcome.executor.budgetExhausted,
          changed_files: outcome.executor.changedFiles,
          final_text: outcome.executor.finalText,
        }
      : null,
    checkout: reportFromEntries(outcome.sessionId, entries).checkout,
    self_validation: readEntries(entries, 'self_validation').map((e) => e.payload),
    ...signedFields(outcome, context, files),
    verify_command: verifyCommandFor(
      context.commandCwd ?? context.io.cwd,
      files.bundlePath,
      context.key.publicKeyHex,
    ),
    git: outcome.git,
    isolation: readEntries(entries, 'run_started')[0]?.payload.isolation ?? null,
    ...(outcome.fanout ? { fanout: fanoutJson(outcome.fanout) } : {}),
  };
}

/** The commands that continue a suspended run, for whoever releases it. */
export function releaseCommands(outcome: SuspendedOutcome, context: OutcomeJsonContext): string[] {
  const { suspension } = outcome;
  const cwd = context.commandCwd ?? context.io.cwd;
  const db = shellQuote(relativeOrAbsolute(cwd, context.dbPath));
  const workdir = context.workdir === cwd ? '' : ` --workdir ${shellQuote(context.workdir)}`;
  const resume = `truss resume ${outcome.sessionId} --db ${db}${workdir}`;
  if ('approval' in suspension.await) {
    return [
      `truss review approve ${outcome.sessionId} --db ${db} --key REVIEWER_KEY_FILE --note '...'   (a reviewer's own key, not the session key)`,
      resume,
    ];
  }
  if ('signal' in suspension.await) {
    return [`truss signal ${outcome.sessionId} ${suspension.await.signal} [PAYLOAD] --db ${db}${workdir}`];
  }
  return [
    `${resume}   (at or after ${new Date(suspension.fireAt ?? 0).toISOString()}, when the timer fires)`,
  ];
}

/** A suspended run as `truss run --json` prints it. */
export function suspendedJson(
  outcome: SuspendedOutcome,
  context: OutcomeJsonContext,
  files: ExportedFiles,
  release: string[],
): Record<string, unknown> {
  return {
    session_id: outcome.sessionId,
    status: 'suspended',
    suspension: outcome.suspension,
    ...signedFields(outcome, context, files),
    release,
  };
}

/** What every outcome's JSON says of its spend, its head, its signer and where it was written. */
function signedFields(
  outcome: CompletedOutcome | SuspendedOutcome,
  context: OutcomeJsonContext,
  files: ExportedFiles,
): Record<string, unknown> {
  return {
    replayed: outcome.replayed,
    // The wall-clock limit of this run and whether it stopped it (docs/cli.md --timeout).
    deadline: outcome.deadline
      ? {
          limit: outcome.deadline.limit,
          source: outcome.deadline.source,
          at: new Date(outcome.deadline.at).toISOString(),
          reached: outcome.deadline.reached,
        }
      : null,
    cost_usd: outcome.spent.costUsd,
    total_tokens: outcome.spent.totalTokens,
    head_hash: outcome.headHash,
    public_key: context.key.publicKeyHex,
    key_id: context.key.keyId,
    db: context.dbPath,
    bundle: files.bundlePath,
    report: files.reportPath,
  };
}

export function relativeOrAbsolute(cwd: string, path: string): string {
  return path.startsWith(`${cwd}/`) ? path.slice(cwd.length + 1) : path;
}

export function shellQuote(text: string): string {
  return /^[\w./@:+-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
