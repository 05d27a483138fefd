import type { MEMORY_DECISIONS } from '../ledger/entry-kinds-memory.js';
import type { LedgerRef, MemoryDraft, MemoryEntry, MemoryKind, Trust } from './entry.js';
import { MemoryError } from './errors.js';

/** What a signed `memory_verdict` decided (docs/memory.md "Decisions"); the catalogue's list. */
export type MemoryDecision = (typeof MEMORY_DECISIONS)[number];

/** A decision already signed into the ledger, applied to the store. */
export interface AppliedDecision {
  memory_id: string;
  decision: MemoryDecision;
  /** The signed `memory_verdict` entry. */
  ref: LedgerRef;
  /** promote: verified entries of the same kind and key that become stale, superseded by this one. */
  supersedes?: readonly string[] | undefined;
  /** Sessions besides the verdict's whose signed entries back it (an eval's), for stores that keep bundles. */
  evidence?: readonly string[] | undefined;
}

/**
 * One decision as the store indexes it (newest last). `superseded`: another entry's promotion made
 * this one stale (its verdict lists this id in `supersedes`).
 */
export interface DecisionRecord {
  memory_id: string;
  decision: MemoryDecision | 'superseded';
  ref: LedgerRef;
  write_seq: number;
}

export interface MemoryFilter {
  kind?: MemoryKind | undefined;
  key?: string | undefined;
  /** Only these tiers (default: every tier). This is the store's claim; check it with MemoryView. */
  trust?: readonly Trust[] | undefined;
  /** Case-insensitive substring of key or body. */
  contains?: string | undefined;
  idPrefix?: string | undefined;
  /** Also superseded entries (default: only entries nothing superseded). */
  includeSuperseded?: boolean | undefined;
  limit?: number | undefined;
}

/** Entries changed after a cursor, in write order, and the cursor to pass next time. */
export interface MemoryDelta {
  entries: MemoryEntry[];
  cursor: number;
}

/**
 * Where memory entries live, substrate-agnostic (docs/memory.md "Stores"): SQLite tables beside the
 * ledger for the CLI; a `memory/` tree on the ledger branch is the same interface over files. A store
 * is trusted for availability only: its `trust` column is a claim. What is verified is decided by
 * MemoryView, which checks every verified entry against the signed verdict it names.
 */
export interface MemoryStore {
  /** Lands `unverified`. The same content again (same id) returns the existing entry, unchanged. */
  propose(draft: MemoryDraft): { entry: MemoryEntry; created: boolean };
  get(id: string): MemoryEntry | undefined;
  /** Newest change first. */
  list(filter?: MemoryFilter): MemoryEntry[];
  /** Applies a decision already signed into the ledger; refuses a transition the tier does not allow. */
  applyDecision(decision: AppliedDecision): MemoryEntry;
  /** Every decision recorded for an entry, oldest first. */
  decisions(memoryId: string): DecisionRecord[];
  /** Entries written or changed after `cursor` (a `write_seq`), oldest first. */
  deltaSince(cursor: number): MemoryDelta;
  close(): void;
}

/**
 * The tier a decision moves an entry to, or why it may not: promote and reject decide an unverified
 * entry, revoke a verified one; an unverifiable decision changes nothing.
 */
export function nextTrust(current: Trust, decision: MemoryDecision): Trust {
  const allowed: Record<MemoryDecision, Trust[]> = {
    promote: ['unverified'],
    reject: ['unverified'],
    revoke: ['verified'],
    unverifiable: ['unverified', 'verified', 'rejected', 'stale'],
  };
  if (!allowed[decision].includes(current)) {
    throw new MemoryError(
      'bad_transition',
      `cannot ${decision} an entry that is ${current}` +
        (decision === 'revoke'
          ? ' (only verified entries are revoked)'
          : ' (only unverified entries are decided)'),
    );
  }
  const to: Record<MemoryDecision, Trust | null> = {
    promote: 'verified',
    reject: 'rejected',
    revoke: 'stale',
    unverifiable: null,
  };
  return to[decision] ?? current;
}

/**
 * An entry named by its id, an id prefix (8+ hex characters) or its key (the newest entry with that
 * key, when `kind` narrows it or the key is unique); MemoryError `no_entry` / `ambiguous` otherwise.
 */
export function findEntry(store: MemoryStore, text: string, kind?: MemoryKind): MemoryEntry {
  const exact = store.get(text);
  if (exact && (!kind || exact.kind === kind)) return exact;
  const byPrefix = /^[0-9a-f]{8,64}$/.test(text)
    ? store.list({ idPrefix: text, includeSuperseded: true, kind })
    : [];
  if (byPrefix.length === 1) return byPrefix[0] as MemoryEntry;
  if (byPrefix.length > 1)
    throw new MemoryError(
      'ambiguous',
      `${text} is the prefix of ${byPrefix.length} entries; give more of the id`,
    );
  const byKey = store.list({ key: text, kind, includeSuperseded: false });
  const live = byKey.filter((entry) => entry.trust === 'verified' || entry.trust === 'unverified');
  const candidates = live.length > 0 ? live : byKey;
  if (candidates.length === 1) return candidates[0] as MemoryEntry;
  if (candidates.length > 1)
    throw new MemoryError(
      'ambiguous',
      `key ${text} names ${candidates.length} entries (${candidates.map((e) => `${e.id.slice(0, 12)} ${e.trust}`).join(', ')}); give the id`,
    );
  throw new MemoryError(
    'no_entry',
    `no memory entry ${text}${kind ? ` of kind ${kind}` : ''}; list them with truss memory list`,
  );
}
