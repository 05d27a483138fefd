import type { LedgerEntry } from '../ledger/entry.js';
import { tryReadEntry } from '../ledger/entry-kinds.js';
import {
  checkDraft,
  isMemoryKind,
  type LedgerRef,
  type MemoryDraft,
  type MemoryKind,
  memoryId,
} from './entry.js';
import { MemoryError } from './errors.js';
import type { MemoryStore } from './store.js';

/** A signed proposal of one or more memory entries (docs/memory.md "Proposals"). */
export const MEMORY_PROPOSED_KIND = 'memory_proposed';
/** A signed import of playbook files as unverified `playbook` entries (docs/memory.md "Playbooks"). */
export const PLAYBOOK_IMPORTED_KIND = 'playbook_imported';

/** Where a proposal came from. */
export type ProposalVia = 'memory_propose' | 'lesson_extraction' | 'cli' | 'playbook_import';

/** One proposed entry as the signed payload holds it: the content itself, and its id to check. */
export interface ProposedItem {
  memory_id: string;
  kind: MemoryKind;
  key: string;
  body: string;
  salience: number;
  /** An earlier entry of the same session the item came from (a lesson's verdict); else the proposal itself. */
  produced_by?: { seq: number; entry_hash: string } | undefined;
  /** Playbooks: the file imported and its sha256. */
  path?: string | undefined;
  file_sha256?: string | undefined;
}

/** Builds a proposed item, checking it as a store would (so nothing unstorable is signed). */
export function proposedItem(
  fields: Omit<ProposedItem, 'memory_id'> & { produced_by?: ProposedItem['produced_by'] },
): ProposedItem {
  checkDraft({
    kind: fields.kind,
    key: fields.key,
    body: fields.body,
    salience: fields.salience,
    produced_by: { session: 'check', seq: 0, entry_hash: '0'.repeat(64) },
  });
  return { memory_id: memoryId(fields.kind, fields.key, fields.body), ...fields };
}

export interface IngestResult {
  /** Every id proposed in the session, in order. */
  proposed: string[];
  /** Ids the store did not hold before. */
  created: string[];
  /** Items that could not be stored, with why (never silently dropped). */
  skipped: Array<{ seq: number; index: number; reason: string }>;
}

/**
 * Stores the proposals a signed session carries (`memory_proposed`, `playbook_imported`) as
 * unverified entries. The ledger is the source: a run journals what it proposes, and the store takes
 * it from the journal, each entry's `produced_by` the signed entry it came from. Idempotent (a resumed
 * run ingests again and changes nothing). An item whose id does not match its content is skipped.
 * With `only`, items whose id it refuses are left out (not skipped: a trusted job bringing one named
 * proposal from an untrusted bundle takes nothing else from it).
 */
export function ingestProposals(
  memory: MemoryStore,
  sessionId: string,
  entries: Iterable<LedgerEntry>,
  only?: (memoryId: string) => boolean,
): IngestResult {
  const result: IngestResult = { proposed: [], created: [], skipped: [] };
  for (const entry of entries) {
    if (entry.kind !== MEMORY_PROPOSED_KIND && entry.kind !== PLAYBOOK_IMPORTED_KIND) continue;
    const self: LedgerRef = { session: sessionId, seq: entry.seq, entry_hash: entry.entry_hash };
    const read = tryReadEntry(entry, entry.kind);
    if ('error' in read) {
      result.skipped.push({ seq: entry.seq, index: -1, reason: read.error });
      continue;
    }
    const items: unknown[] = read.payload.entries;
    items.forEach((raw, index) => {
      const named = (raw as { memory_id?: unknown } | null)?.memory_id;
      if (only && !(typeof named === 'string' && only(named))) return;
      const draft = draftOf(raw, sessionId, self);
      if (typeof draft === 'string') {
        result.skipped.push({ seq: entry.seq, index, reason: draft });
        return;
      }
      try {
        const { entry: stored, created } = memory.propose(draft);
        result.proposed.push(stored.id);
        if (created) result.created.push(stored.id);
      } catch (error) {
        if (!(error instanceof MemoryError)) throw error;
        result.skipped.push({ seq: entry.seq, index, reason: error.message });
      }
    });
  }
  return result;
}

function draftOf(raw: unknown, sessionId: string, self: LedgerRef): MemoryDraft | string {
  if (typeof raw !== 'object' || raw === null) return 'not an object';
  const item = raw as Record<string, unknown>;
  if (!isMemoryKind(item.kind) || typeof item.key !== 'string' || typeof item.body !== 'string')
    return 'not {kind, key, body}';
  if (item.memory_id !== memoryId(item.kind, item.key, item.body))
    return 'its memory_id does not match its kind, key and body';
  const from = item.produced_by as { seq?: unknown; entry_hash?: unknown } | undefined;
  const producedBy: LedgerRef =
    from && typeof from.seq === 'number' && typeof from.entry_hash === 'string'
      ? { session: sessionId, seq: from.seq, entry_hash: from.entry_hash }
      : self;
  return {
    kind: item.kind,
    key: item.key,
    body: item.body,
    salience: typeof item.salience === 'number' ? item.salience : 0,
    produced_by: producedBy,
    sources: producedBy === self ? [] : [self],
  };
}
