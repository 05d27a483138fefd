import type { LedgerEntry } from '../ledger/entry.js';
import { tryReadEntry } from '../ledger/entry-kinds.js';
import { type LedgerRef, sha256Hex } from './entry.js';
import { MemoryError } from './errors.js';
import type { IngestResult } from './proposals.js';
import type { MemoryStore } from './store.js';

/** How much a context summary weighs against lessons when ranked (it is never recalled today). */
const SUMMARY_SALIENCE = 0.3;

/** The entry kind whose summaries {@link ingestContextSummaries} stores. */
export const SUMMARY_SOURCE_KIND = 'compaction_performed';

/**
 * Stores each summary a governed compaction wrote (docs/context.md "Compaction") as an unverified
 * `context_summary` memory entry, in addition to the signed `compaction_performed` that names it by
 * hash: `produced_by` is that `compaction_performed` entry, `sources` the `model_result` that wrote
 * it, the key `context/<session>/step-<n>`. The text comes from the blob the entry names and must
 * hash to its `summary_sha256` (a shredded or changed blob is skipped and reported). Nothing is
 * added to the run's ledger, so a replay stays byte-identical; idempotent like ingestProposals.
 * `evict` compactions replace turns with a fixed notice, not a summary: nothing to store.
 */
export function ingestContextSummaries(
  memory: MemoryStore,
  sessionId: string,
  entries: readonly LedgerEntry[],
  blobOf: (sha256: string) => Buffer | null | undefined,
): IngestResult {
  const result: IngestResult = { proposed: [], created: [], skipped: [] };
  for (const entry of entries) {
    if (entry.kind !== SUMMARY_SOURCE_KIND) continue;
    const read = tryReadEntry(entry, SUMMARY_SOURCE_KIND);
    if ('error' in read) {
      result.skipped.push({ seq: entry.seq, index: -1, reason: read.error });
      continue;
    }
    const record = read.payload;
    if (record.policy.mode !== 'summarize') continue;
    const bytes = blobOf(record.summary_sha256);
    if (!bytes) {
      result.skipped.push({
        seq: entry.seq,
        index: 0,
        reason: 'its summary blob is gone (shredded or missing)',
      });
      continue;
    }
    const body = bytes.toString('utf8');
    if (sha256Hex(body) !== record.summary_sha256) {
      result.skipped.push({
        seq: entry.seq,
        index: 0,
        reason: 'its summary blob does not hash to summary_sha256',
      });
      continue;
    }
    const writer =
      record.summary_seq === undefined ? undefined : entries.find((e) => e.seq === record.summary_seq);
    const sources: LedgerRef[] = writer
      ? [{ session: sessionId, seq: writer.seq, entry_hash: writer.entry_hash }]
      : [];
    try {
      const { entry: stored, created } = memory.propose({
        kind: 'context_summary',
        key: `context/${sessionId}/step-${record.step}`,
        body,
        salience: SUMMARY_SALIENCE,
        produced_by: { session: sessionId, seq: entry.seq, entry_hash: entry.entry_hash },
        sources,
      });
      result.proposed.push(stored.id);
      if (created) result.created.push(stored.id);
    } catch (error) {
      if (!(error instanceof MemoryError)) throw error;
      result.skipped.push({ seq: entry.seq, index: 0, reason: error.message });
    }
  }
  return result;
}
