import type { VerifyReport } from '../core/ledger/index.js';
import { VERIFY_EXIT_CODES } from '../core/ledger/index.js';

const BADGE: Record<VerifyReport['status'], string> = {
  verified: '✔ VERIFIED',
  integrity_only: '⚠ INTEGRITY ONLY',
  incomplete: '⚠ INCOMPLETE',
  suspended: '⏸ SUSPENDED',
  failed: '✘ FAILED',
};

/** Human rendering of a verification report; the JSON form is the report itself. */
export function formatReport(report: VerifyReport, trustSource: string | null, indent = ''): string {
  const lines: string[] = [];
  const entries = `${report.entries} ${report.entries === 1 ? 'entry' : 'entries'}`;
  const extent = report.failure
    ? `${entries} intact before the break`
    : `${entries}, head ${report.head_hash?.slice(0, 16) ?? 'none'}…`;
  lines.push(`${indent}${BADGE[report.status]}  session ${report.session_id}  (${extent})`);
  if (!report.session_id_signed && !report.failure)
    lines.push(
      `${indent}  session id not signed (this ledger predates run_started carrying it): it is only a label`,
    );
  if (report.failure) lines.push(`${indent}  broken [${report.failure.code}]: ${report.failure.message}`);
  const pin = report.key_pinned ? `pinned${trustSource ? ` by ${trustSource}` : ''}` : 'NOT pinned';
  lines.push(`${indent}  signed by ${report.key_id} (${pin})`);
  if (report.terminal_kind && !report.failure) lines.push(`${indent}  last entry: ${report.terminal_kind}`);
  for (const review of report.reviews) {
    const actor = (review.actor as { login?: string } | null)?.login ?? 'unknown';
    const state = !review.stale
      ? 'current'
      : review.stale_reason === 'other_commit'
        ? `STALE: reviews commit ${String(review.source?.commit_sha).slice(0, 12)}, not the one the run judged`
        : 'STALE: attests an older head';
    const key = review.key_pinned ? 'key pinned' : 'key NOT pinned';
    lines.push(
      `${indent}  human review seq ${review.seq}: ${review.decision} by ${actor} (${state}; ${review.reviewer_key_id}, ${key})`,
    );
  }
  for (const anchor of report.anchors ?? []) {
    const key = anchor.log_key_pinned ? 'log key pinned' : 'log key NOT pinned';
    lines.push(
      `${indent}  anchored seq ${anchor.anchored_seq} in ${anchor.log_origin}: leaf ${anchor.leaf_index} of checkpoint ${anchor.tree_size} (receipt seq ${anchor.seq}; ${anchor.log_key_id}, ${key})`,
    );
  }
  for (const note of report.notes) lines.push(`${indent}  note: ${note}`);
  for (const child of report.children) lines.push(formatReport(child, trustSource, `${indent}  `));
  if (!indent) lines.push(`exit ${VERIFY_EXIT_CODES[report.status]} (${report.status})`);
  return lines.join('\n');
}
