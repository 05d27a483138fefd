import { readFileSync } from 'node:fs';
import type { LedgerStore } from '../ledger/store.js';
import { ResumeRefusedError } from './durable-errors.js';

/** The head a bundle file recorded for a session: its last entry's seq and hash. */
export interface ExportedHead {
  /** Where the head was recorded, for the refusal: a bundle path, "the pull request's sticky comment". */
  where: string;
  seq: number;
  entryHash: string;
}

/**
 * The head of `sessionId` as last exported to `bundlePath`, or null when there is no such bundle (or
 * it is for another session, or unreadable: it is evidence for this check only when it is plainly
 * this session's export).
 */
export function readExportedHead(bundlePath: string, sessionId: string): ExportedHead | null {
  let bundle: { ledger?: { session_id?: unknown; entries?: Array<{ seq?: unknown; entry_hash?: unknown }> } };
  try {
    bundle = JSON.parse(readFileSync(bundlePath, 'utf8'));
  } catch {
    return null;
  }
  const ledger = bundle?.ledger;
  const last = ledger?.entries?.at(-1);
  if (ledger?.session_id !== sessionId || !last) return null;
  if (typeof last.seq !== 'number' || typeof last.entry_hash !== 'string') return null;
  return { where: bundlePath, seq: last.seq, entryHash: last.entry_hash };
}

/**
 * Refuses to resume a session whose journal does not extend the head last exported for it. Whoever
 * can write the database can cut its tail, move `sessions.head_hash` back and delete the
 * verified_through checkpoint (or restore an older genuine one): the shorter chain still verifies,
 * and the resume would sign a second, different tail after it. The exported bundle lives outside
 * the database, so a journal that no longer holds the exported head at its seq is refused. This
 * only helps where such an export exists and was not cut too (docs/runtime.md states the limit).
 */
export function requireExtendsExport(
  store: LedgerStore,
  sessionId: string,
  exported: ExportedHead | null,
): void {
  if (!exported) return;
  const entry = store.entry(sessionId, exported.seq);
  if (entry?.entry_hash === exported.entryHash) return;
  throw new ResumeRefusedError(
    `refusing to resume ${sessionId}: its journal does not extend the head recorded in ${exported.where} (seq ${exported.seq}, ${exported.entryHash.slice(0, 16)}…): ${entry ? 'that entry was replaced' : 'entries were removed'} since. Verify the export (truss verify) and restore the database from a backup; the shorter chain is not resumed`,
  );
}
