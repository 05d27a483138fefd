import { createHash } from 'node:crypto';
import { MemoryError } from './errors.js';

/**
 * What a memory entry is about (docs/memory.md "Entries"). `context_summary` is reserved for the
 * summaries compaction will write; `playbook` entries come from `truss playbook import`.
 */
export const MEMORY_KINDS = [
  'goal',
  'decision',
  'fact',
  'lesson',
  'artifact',
  'scratch',
  'playbook',
  'context_summary',
] as const;
export type MemoryKind = (typeof MEMORY_KINDS)[number];

/**
 * The trust tier. Every write enters `unverified`; only a signed `memory_verdict` moves an entry to
 * `verified` (promote), `rejected` (a panel said no) or `stale` (revoked, or superseded by a newer
 * verified entry with the same key).
 */
export const TRUST_TIERS = ['unverified', 'verified', 'rejected', 'stale'] as const;
export type Trust = (typeof TRUST_TIERS)[number];

/** A signed ledger entry: which session, which position, and the hash that pins its content. */
export interface LedgerRef {
  session: string;
  seq: number;
  entry_hash: string;
}

export interface Provenance {
  /** The signed entry that produced the entry (a `memory_proposed`, or the verdict a lesson came from). */
  produced_by: LedgerRef;
  /** The signed `memory_verdict` that promoted it; null until then (kept after a revocation). */
  verified_by: LedgerRef | null;
  /** Further signed entries the entry rests on (the proposal entry of a lesson, …). */
  sources: LedgerRef[];
}

export interface MemoryEntry {
  /** sha256 hex of `kind ‖ 0x00 ‖ key ‖ 0x00 ‖ body` ({@link memoryId}). */
  id: string;
  kind: MemoryKind;
  /** A later verified entry of the same kind and key supersedes this one. */
  key: string;
  body: string;
  trust: Trust;
  provenance: Provenance;
  /** The signed decision behind the current tier (null while unverified). */
  decided_by: LedgerRef | null;
  /** 0..1: how much the entry matters when ranking recall. */
  salience: number;
  superseded_by: string | null;
  /** Position in the store's write order: bumped by every change (a proposal, a decision). */
  write_seq: number;
  created_at: number;
}

/** What a writer supplies; the store assigns the id, trust (`unverified`), order and time. */
export interface MemoryDraft {
  kind: MemoryKind;
  key: string;
  body: string;
  salience?: number | undefined;
  produced_by: LedgerRef;
  sources?: LedgerRef[] | undefined;
}

/** Keys are short slugs: what a person types after `truss memory show`. */
export const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:/-]{0,127}$/;
/** A body is read by models and people; larger notes belong in a file the entry names. */
export const MAX_BODY_CHARS = 8_000;

/**
 * The content address. The NUL separators keep `("ab", "c")` and `("a", "bc")` apart: kinds and keys
 * cannot contain NUL ({@link checkDraft}).
 */
export function memoryId(kind: string, key: string, body: string): string {
  return createHash('sha256').update(`${kind}\0${key}\0${body}`, 'utf8').digest('hex');
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Rough token count (4 characters a token) used for recall budgets; the same on every host. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export function isMemoryKind(value: unknown): value is MemoryKind {
  return typeof value === 'string' && (MEMORY_KINDS as readonly string[]).includes(value);
}

export function isTrust(value: unknown): value is Trust {
  return typeof value === 'string' && (TRUST_TIERS as readonly string[]).includes(value);
}

/** Refuses a draft a store must not hold, naming the field and what to do. */
export function checkDraft(draft: MemoryDraft): void {
  if (!isMemoryKind(draft.kind))
    throw new MemoryError(
      'bad_entry',
      `kind ${JSON.stringify(draft.kind)} is not one of ${MEMORY_KINDS.join(', ')}`,
    );
  if (!KEY_PATTERN.test(draft.key))
    throw new MemoryError(
      'bad_entry',
      `key ${JSON.stringify(draft.key.slice(0, 140))} must be 1-128 letters, digits or . _ : / - (starting with a letter or digit)`,
    );
  if (draft.body.trim() === '') throw new MemoryError('bad_entry', 'body must not be empty');
  if (draft.body.length > MAX_BODY_CHARS)
    throw new MemoryError(
      'bad_entry',
      `body is ${draft.body.length} characters; at most ${MAX_BODY_CHARS} (keep one lesson per entry)`,
    );
  if (draft.body.includes('\0')) throw new MemoryError('bad_entry', 'body must not contain NUL characters');
  const salience = draft.salience ?? 0;
  if (!(Number.isFinite(salience) && salience >= 0 && salience <= 1))
    throw new MemoryError('bad_entry', `salience ${salience} must be a number from 0 to 1`);
  checkRef(draft.produced_by, 'produced_by');
  for (const [index, ref] of (draft.sources ?? []).entries()) checkRef(ref, `sources[${index}]`);
}

/** A well-formed ledger reference, or null with what is wrong. */
export function readRef(value: unknown): LedgerRef | null {
  if (typeof value !== 'object' || value === null) return null;
  const ref = value as Record<string, unknown>;
  if (typeof ref.session !== 'string' || ref.session === '') return null;
  if (typeof ref.seq !== 'number' || !Number.isSafeInteger(ref.seq) || ref.seq < 0) return null;
  if (typeof ref.entry_hash !== 'string' || !/^[0-9a-f]{64}$/.test(ref.entry_hash)) return null;
  return { session: ref.session, seq: ref.seq, entry_hash: ref.entry_hash };
}

function checkRef(ref: LedgerRef, field: string): void {
  if (!readRef(ref))
    throw new MemoryError('bad_entry', `${field} must be a ledger reference {session, seq, entry_hash}`);
}

export function sameRef(a: LedgerRef | null | undefined, b: LedgerRef | null | undefined): boolean {
  return Boolean(a && b && a.session === b.session && a.seq === b.seq && a.entry_hash === b.entry_hash);
}

/** `session#seq` — how refs are printed. */
export function formatRef(ref: LedgerRef | null): string {
  return ref ? `${ref.session}#${ref.seq}` : '—';
}

/**
 * An entry's body as recall shows it to an executor (docs/memory.md "Recall"): a playbook keeps its
 * markdown, indented under its item; any other entry is one line (runs of whitespace around line
 * breaks become one space).
 */
export function recalledBody(entry: Pick<MemoryEntry, 'kind' | 'body'>): string {
  return entry.kind === 'playbook'
    ? entry.body.trim().replace(/^/gm, '  ')
    : entry.body.trim().replace(/\s*\n\s*/g, ' ');
}
