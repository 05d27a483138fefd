import { portableCrypto } from '../../ledger/crypto-portable.js';
import { bytesToHex } from '../../ledger/encoding.js';
import type { LedgerEntry } from '../../ledger/entry.js';
import { contractSummary, type PayloadOf, tryReadEntry } from '../../ledger/entry-kinds.js';
import { tailsFromBundle } from '../../ledger/output-tails.js';
import { type RunReport, reportFromEntries } from '../../run/run-report.js';

/**
 * The run as `reportFromEntries` reads it (the same view as check runs and PR comments), with gaps
 * filled from older or hand-written bundle shapes: a flat `contract` ({id,title,intent,done}) and
 * `stdout_tail`/`stderr_tail` strings instead of stream objects.
 */
export function runView(sessionId: string, entries: readonly LedgerEntry[], blobs?: unknown): RunReport {
  // Output tails come from the bundle's blobs, shown only when they hash to what the entry names.
  const run = reportFromEntries(
    sessionId,
    entries,
    tailsFromBundle(blobs, (bytes) => bytesToHex(portableCrypto.sha256(bytes))),
  );
  const contract = contractSummary(entries.find((e) => e.kind === 'run_started')?.payload.contract);
  if (run.contractId === '?') run.contractId = contract.id ?? '?';
  run.title ??= contract.title ?? null;
  if (!run.intent) run.intent = contract.intent ?? '';
  const done = contract.done ?? [];
  for (const clause of run.clauses) {
    if (!clause.desc) clause.desc = done[clause.index]?.desc ?? '';
    const check = firstCheck(entries, clause.index);
    if (clause.check && check) {
      clause.check.stdoutTail ||= check.stdout_tail ?? '';
      clause.check.stderrTail ||= check.stderr_tail ?? '';
    }
  }
  return run;
}

/** The first check_result of a clause that reads as one (a malformed one already fails the report). */
function firstCheck(entries: readonly LedgerEntry[], clause: number): PayloadOf<'check_result'> | undefined {
  for (const entry of entries) {
    if (entry.kind !== 'check_result') continue;
    const read = tryReadEntry(entry, 'check_result');
    if ('payload' in read && read.payload.clause === clause) return read.payload;
  }
  return undefined;
}
