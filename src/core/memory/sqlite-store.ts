import Database from 'better-sqlite3';
import { checkSchemaVersion } from '../ledger/schema.js';
import { openError } from '../ledger/store-open.js';
import {
  checkDraft,
  type LedgerRef,
  type MemoryDraft,
  type MemoryEntry,
  type MemoryKind,
  memoryId,
  readRef,
  type Trust,
} from './entry.js';
import { MemoryError } from './errors.js';
import { memorySchemaVersion, migrateMemory } from './sqlite-schema.js';
import {
  type AppliedDecision,
  type DecisionRecord,
  type MemoryDecision,
  type MemoryDelta,
  type MemoryFilter,
  type MemoryStore,
  nextTrust,
} from './store.js';

interface EntryRow {
  id: string;
  kind: string;
  mem_key: string;
  body: string;
  trust: string;
  produced_by: string;
  verified_by: string | null;
  decided_by: string | null;
  sources: string;
  salience: number;
  superseded_by: string | null;
  write_seq: number;
  created_at: number;
}

const COLUMNS =
  'id, kind, mem_key, body, trust, produced_by, verified_by, decided_by, sources, salience, superseded_by, write_seq, created_at';

/**
 * Memory entries in SQLite tables beside the ledger, in the same database file (docs/memory.md
 * "Stores"). Opened after the ledger (the file must already be a truss ledger: a foreign database is
 * refused), on a connection of its own. Every change is one IMMEDIATE transaction that also bumps the
 * store-wide `write_seq`, so `deltaSince` sees proposals and tier changes alike.
 */
export class SqliteMemoryStore implements MemoryStore {
  readonly path: string;
  readonly #db: Database.Database;
  readonly #clock: () => number;
  /** A read-only open of a ledger that never held memory: every read is empty. */
  readonly #empty: boolean;

  private constructor(path: string, db: Database.Database, clock: () => number, empty: boolean) {
    this.path = path;
    this.#db = db;
    this.#clock = clock;
    this.#empty = empty;
  }

  /** Opens the memory tables of the ledger database at `path`, creating them when writable. */
  static open(path: string, options: { readonly?: boolean; clock?: () => number } = {}): SqliteMemoryStore {
    let db: Database.Database;
    try {
      db = new Database(path, { readonly: options.readonly ?? false, fileMustExist: true });
    } catch (error) {
      throw openError(path, error);
    }
    try {
      checkSchemaVersion(db, path);
      let empty = false;
      if (options.readonly) empty = memorySchemaVersion(db) === 0;
      else {
        db.pragma('busy_timeout = 5000');
        db.pragma('synchronous = FULL');
        migrateMemory(db, path);
      }
      return new SqliteMemoryStore(path, db, options.clock ?? Date.now, empty);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  close(): void {
    this.#db.close();
  }

  propose(draft: MemoryDraft): { entry: MemoryEntry; created: boolean } {
    checkDraft(draft);
    const id = memoryId(draft.kind, draft.key, draft.body);
    return this.#db
      .transaction(() => {
        const existing = this.get(id);
        if (existing) return { entry: existing, created: false };
        const seq = this.#nextSeq();
        this.#db
          .prepare(
            `INSERT INTO memory_entries (${COLUMNS}) VALUES (?, ?, ?, ?, 'unverified', ?, NULL, NULL, ?, ?, NULL, ?, ?)`,
          )
          .run(
            id,
            draft.kind,
            draft.key,
            draft.body,
            JSON.stringify(draft.produced_by),
            JSON.stringify(draft.sources ?? []),
            draft.salience ?? 0,
            seq,
            this.#clock(),
          );
        return { entry: this.get(id) as MemoryEntry, created: true };
      })
      .immediate();
  }

  get(id: string): MemoryEntry | undefined {
    if (this.#empty) return undefined;
    const row = this.#db
      .prepare<[string], EntryRow>(`SELECT ${COLUMNS} FROM memory_entries WHERE id = ?`)
      .get(id);
    return row ? toEntry(row) : undefined;
  }

  list(filter: MemoryFilter = {}): MemoryEntry[] {
    if (this.#empty) return [];
    const where: string[] = [];
    const params: Array<string | number> = [];
    if (filter.kind) {
      where.push('kind = ?');
      params.push(filter.kind);
    }
    if (filter.key !== undefined) {
      where.push('mem_key = ?');
      params.push(filter.key);
    }
    if (filter.trust) {
      where.push(`trust IN (${filter.trust.map(() => '?').join(', ') || "''"})`);
      params.push(...filter.trust);
    }
    if (filter.idPrefix) {
      where.push('substr(id, 1, ?) = ?');
      params.push(filter.idPrefix.length, filter.idPrefix);
    }
    if (filter.contains) {
      where.push('(instr(lower(body), ?) > 0 OR instr(lower(mem_key), ?) > 0)');
      params.push(filter.contains.toLowerCase(), filter.contains.toLowerCase());
    }
    if (!filter.includeSuperseded) where.push('superseded_by IS NULL');
    const sql = `SELECT ${COLUMNS} FROM memory_entries${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY write_seq DESC${filter.limit ? ' LIMIT ?' : ''}`;
    if (filter.limit) params.push(filter.limit);
    return this.#db
      .prepare<unknown[], EntryRow>(sql)
      .all(...params)
      .map(toEntry);
  }

  applyDecision(decision: AppliedDecision): MemoryEntry {
    return this.#db
      .transaction(() => {
        const entry = this.get(decision.memory_id);
        if (!entry) throw new MemoryError('no_entry', `no memory entry ${decision.memory_id}`);
        const trust = nextTrust(entry.trust, decision.decision);
        const seq = this.#nextSeq();
        this.#db
          .prepare(
            'INSERT OR IGNORE INTO memory_decisions (memory_id, decision, session_id, seq, entry_hash, write_seq) VALUES (?, ?, ?, ?, ?, ?)',
          )
          .run(
            entry.id,
            decision.decision,
            decision.ref.session,
            decision.ref.seq,
            decision.ref.entry_hash,
            seq,
          );
        if (decision.decision === 'unverifiable') return entry;
        const ref = JSON.stringify(decision.ref);
        this.#db
          .prepare(
            `UPDATE memory_entries SET trust = ?, decided_by = ?, verified_by = ${decision.decision === 'promote' ? '?' : 'verified_by'}, write_seq = ? WHERE id = ?`,
          )
          .run(
            ...(decision.decision === 'promote'
              ? [trust, ref, ref, seq, entry.id]
              : [trust, ref, seq, entry.id]),
          );
        for (const old of decision.supersedes ?? []) {
          const prior = this.get(old);
          if (prior?.trust !== 'verified' || prior.kind !== entry.kind || prior.key !== entry.key) continue;
          const at = this.#nextSeq();
          this.#db
            .prepare(
              "UPDATE memory_entries SET trust = 'stale', decided_by = ?, superseded_by = ?, write_seq = ? WHERE id = ?",
            )
            .run(ref, entry.id, at, old);
          this.#db
            .prepare(
              "INSERT OR IGNORE INTO memory_decisions (memory_id, decision, session_id, seq, entry_hash, write_seq) VALUES (?, 'superseded', ?, ?, ?, ?)",
            )
            .run(old, decision.ref.session, decision.ref.seq, decision.ref.entry_hash, at);
        }
        return this.get(entry.id) as MemoryEntry;
      })
      .immediate();
  }

  decisions(memoryId: string): DecisionRecord[] {
    if (this.#empty) return [];
    return this.#db
      .prepare<
        [string],
        {
          memory_id: string;
          decision: string;
          session_id: string;
          seq: number;
          entry_hash: string;
          write_seq: number;
        }
      >('SELECT * FROM memory_decisions WHERE memory_id = ? ORDER BY write_seq')
      .all(memoryId)
      .map((row) => ({
        memory_id: row.memory_id,
        decision: row.decision as MemoryDecision | 'superseded',
        ref: { session: row.session_id, seq: row.seq, entry_hash: row.entry_hash },
        write_seq: row.write_seq,
      }));
  }

  deltaSince(cursor: number): MemoryDelta {
    if (this.#empty) return { entries: [], cursor };
    const entries = this.#db
      .prepare<[number], EntryRow>(
        `SELECT ${COLUMNS} FROM memory_entries WHERE write_seq > ? ORDER BY write_seq`,
      )
      .all(cursor)
      .map(toEntry);
    return { entries, cursor: Math.max(cursor, this.#currentSeq()) };
  }

  #currentSeq(): number {
    return this.#db
      .prepare<[], { value: number }>("SELECT value FROM memory_meta WHERE name = 'write_seq'")
      .get()?.value as number;
  }

  #nextSeq(): number {
    const next = this.#currentSeq() + 1;
    this.#db.prepare("UPDATE memory_meta SET value = ? WHERE name = 'write_seq'").run(next);
    return next;
  }
}

/**
 * A row as an entry, as the row claims it. A reference a hand edit broke reads as null (or an empty
 * `produced_by`); MemoryView trusts no verified claim it cannot check against a signed verdict.
 */
function toEntry(row: EntryRow): MemoryEntry {
  const ref = (text: string | null): LedgerRef | null => {
    if (text === null) return null;
    try {
      return readRef(JSON.parse(text));
    } catch {
      return null;
    }
  };
  let sources: LedgerRef[] = [];
  try {
    const parsed = JSON.parse(row.sources) as unknown;
    if (Array.isArray(parsed)) sources = parsed.map(readRef).filter((r): r is LedgerRef => r !== null);
  } catch {
    sources = [];
  }
  return {
    id: row.id,
    kind: row.kind as MemoryKind,
    key: row.mem_key,
    body: row.body,
    trust: row.trust as Trust,
    provenance: {
      produced_by: ref(row.produced_by) ?? { session: '', seq: -1, entry_hash: '' },
      verified_by: ref(row.verified_by),
      sources,
    },
    decided_by: ref(row.decided_by),
    salience: row.salience,
    superseded_by: row.superseded_by,
    write_seq: row.write_seq,
    created_at: row.created_at,
  };
}
