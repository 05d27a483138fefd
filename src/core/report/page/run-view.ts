import { portableCrypto } from '../../ledger/crypto-portable.js';
import { bytesToHex } from '../../ledger/encoding.js';
import type { LedgerEntry } from '../../ledger/entry.js';
import { tailsFromBundle } from '../../ledger/output-tails.js';
import { type RunReport, reportFromEntries } from '../../run/run-report.js';

type Payload = Record<string, unknown>;

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
  const contract = (entries.find((e) => e.kind === 'run_started')?.payload.contract ?? {}) as Payload;
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  if (run.contractId === '?') run.contractId = str(contract.id) ?? '?';
  run.title ??= str(contract.title) ?? null;
  if (!run.intent) run.intent = str(contract.intent) ?? '';
  const done = Array.isArray(contract.done) ? (contract.done as Payload[]) : [];
  for (const clause of run.clauses) {
    if (!clause.desc) clause.desc = str(done[clause.index]?.desc) ?? '';
    const check = entries.find(
      (e) => e.kind === 'check_result' && e.payload.clause === clause.index,
    )?.payload;
    if (clause.check && check) {
      clause.check.stdoutTail ||= str(check.stdout_tail) ?? '';
      clause.check.stderrTail ||= str(check.stderr_tail) ?? '';
    }
  }
  return run;
}
