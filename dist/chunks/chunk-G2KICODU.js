#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  VERIFY_EXIT_CODES
} from "./chunk-P2CFU6IE.js";

// src/cli/format-report.ts
var BADGE = {
  verified: "\u2714 VERIFIED",
  integrity_only: "\u26A0 INTEGRITY ONLY",
  incomplete: "\u26A0 INCOMPLETE",
  suspended: "\u23F8 SUSPENDED",
  failed: "\u2718 FAILED"
};
function formatReport(report, trustSource, indent = "") {
  const lines = [];
  const extent = report.failure ? `${report.entries} entries intact before the break` : `${report.entries} entries, head ${report.head_hash?.slice(0, 16) ?? "none"}\u2026`;
  lines.push(`${indent}${BADGE[report.status]}  session ${report.session_id}  (${extent})`);
  if (!report.session_id_signed && !report.failure)
    lines.push(
      `${indent}  session id not signed (this ledger predates run_started carrying it): it is only a label`
    );
  if (report.failure) lines.push(`${indent}  broken [${report.failure.code}]: ${report.failure.message}`);
  const pin = report.key_pinned ? `pinned${trustSource ? ` by ${trustSource}` : ""}` : "NOT pinned";
  lines.push(`${indent}  signed by ${report.key_id} (${pin})`);
  if (report.terminal_kind && !report.failure) lines.push(`${indent}  last entry: ${report.terminal_kind}`);
  for (const review of report.reviews) {
    const actor = review.actor?.login ?? "unknown";
    const state = review.stale ? "STALE: attests an older head" : "current";
    const key = review.key_pinned ? "key pinned" : "key NOT pinned";
    lines.push(
      `${indent}  human review seq ${review.seq}: ${review.decision} by ${actor} (${state}; ${review.reviewer_key_id}, ${key})`
    );
  }
  for (const anchor of report.anchors ?? []) {
    const key = anchor.log_key_pinned ? "log key pinned" : "log key NOT pinned";
    lines.push(
      `${indent}  anchored seq ${anchor.anchored_seq} in ${anchor.log_origin}: leaf ${anchor.leaf_index} of checkpoint ${anchor.tree_size} (receipt seq ${anchor.seq}; ${anchor.log_key_id}, ${key})`
    );
  }
  for (const note of report.notes) lines.push(`${indent}  note: ${note}`);
  for (const child of report.children) lines.push(formatReport(child, trustSource, `${indent}  `));
  if (!indent) lines.push(`exit ${VERIFY_EXIT_CODES[report.status]} (${report.status})`);
  return lines.join("\n");
}

export {
  formatReport
};
