import {
  checkDraft,
  isMemoryKind,
  type LedgerRef,
  type MemoryDraft,
  type MemoryEntry,
  memoryId,
  readRef,
} from './entry.js';
import { MemoryError } from './errors.js';
import {
  type AppliedDecision,
  type DecisionRecord,
  type MemoryDecision,
  type MemoryDelta,
  type MemoryFilter,
  type MemoryStore,
  nextTrust,
} from './store.js';

/** One line of the append-only log: a proposal (the entry's content) or a decision (a signed verdict's ref). */
export type LogLine =
  | {
      seq: number;
      op: 'propose';
      entry: Pick<MemoryEntry, 'id' | 'kind' | 'key' | 'body' | 'salience' | 'created_at'> & {
        produced_by: LedgerRef;
        sources: LedgerRef[];
      };
    }
  | {
      seq: number;
      op: 'decide';
      memory_id: string;
      decision: MemoryDecision;
      ref: LedgerRef;
      supersedes: string[];
      /** Sessions whose bundles back the decision besides its own (an eval-gated promotion's eval). */
      evidence?: string[];
    }
  | {
      seq: number;
      /** A maintainer's own signed approval of promoting the entry; changes no tier. */
      op: 'approve';
      memory_id: string;
      ref: LedgerRef;
    };

/**
 * Memory as an append-only log of JSON lines — the shape a `memory/` tree on the ledger branch holds
 * (docs/memory.md "Stores"): every proposal and every decision is one line, and the entries are the
 * log replayed. The same interface as the SQLite store, over text a host reads from and writes to
 * wherever it keeps it (a branch commit through the Git Data API). Like any store it is trusted for
 * availability only: a forged line can make the store *claim* an entry is verified, and MemoryView
 * then checks that claim against the signed verdict it names and reports the entry as ignored.
 *
 * Lines that cannot be read (not JSON, a bad shape, an id that does not match its content, a
 * transition the tier does not allow) are skipped and listed in `problems`, never half-applied.
 */
export class LogMemoryStore implements MemoryStore {
  readonly #entries = new Map<string, MemoryEntry>();
  readonly #decisions: DecisionRecord[] = [];
  readonly #approvals: Array<{ memory_id: string; ref: LedgerRef }> = [];
  readonly #evidence = new Set<string>();
  readonly #lines: string[] = [];
  readonly #appended: string[] = [];
  readonly #clock: () => number;
  #seq = 0;
  /** Lines of the log this store could not apply, with why. */
  readonly problems: Array<{ line: number; reason: string }> = [];

  constructor(log: string, options: { clock?: () => number } = {}) {
    this.#clock = options.clock ?? Date.now;
    log.split('\n').forEach((text, index) => {
      if (text.trim() === '') return;
      this.#lines.push(text);
      const problem = this.#replay(text);
      if (problem) this.problems.push({ line: index + 1, reason: problem });
    });
  }

  /** The whole log, old lines then the ones this store appended. */
  text(): string {
    const lines = [...this.#lines, ...this.#appended];
    return lines.length ? `${lines.join('\n')}\n` : '';
  }

  /** Whether this store appended anything since it was read. */
  get changed(): boolean {
    return this.#appended.length > 0;
  }

  /** Ids of entries proposed or decided by the appended lines (what a host writes snapshots of). */
  changedIds(): string[] {
    const ids = new Set<string>();
    for (const text of this.#appended) {
      const line = JSON.parse(text) as LogLine;
      if (line.op === 'propose') ids.add(line.entry.id);
      else if (line.op === 'approve') ids.add(line.memory_id);
      else for (const id of [line.memory_id, ...line.supersedes]) ids.add(id);
    }
    return [...ids];
  }

  /**
   * The sessions the decisions, approvals and their evidence name (a host fetches their bundles to
   * check them).
   */
  decisionSessions(): string[] {
    return [
      ...new Set([
        ...this.#decisions.map((d) => d.ref.session),
        ...this.#approvals.map((a) => a.ref.session),
        ...this.#evidence,
      ]),
    ];
  }

  /** The signed approvals recorded for an entry, oldest first (each checked where it is used). */
  approvals(memoryId: string): LedgerRef[] {
    return this.#approvals.filter((a) => a.memory_id === memoryId).map((a) => a.ref);
  }

  /** Records a maintainer's signed approval of promoting `memoryId` (already signed, at `ref`). */
  approve(memoryId: string, ref: LedgerRef): void {
    if (!this.#entries.has(memoryId)) throw new MemoryError('no_entry', `no memory entry ${memoryId}`);
    this.#append({ seq: this.#seq + 1, op: 'approve', memory_id: memoryId, ref });
  }

  close(): void {}

  propose(draft: MemoryDraft): { entry: MemoryEntry; created: boolean } {
    checkDraft(draft);
    const id = memoryId(draft.kind, draft.key, draft.body);
    const existing = this.#entries.get(id);
    if (existing) return { entry: existing, created: false };
    const line: LogLine = {
      seq: this.#seq + 1,
      op: 'propose',
      entry: {
        id,
        kind: draft.kind,
        key: draft.key,
        body: draft.body,
        salience: draft.salience ?? 0,
        created_at: this.#clock(),
        produced_by: draft.produced_by,
        sources: draft.sources ?? [],
      },
    };
    this.#append(line);
    return { entry: this.#entries.get(id) as MemoryEntry, created: true };
  }

  get(id: string): MemoryEntry | undefined {
    return this.#entries.get(id);
  }

  list(filter: MemoryFilter = {}): MemoryEntry[] {
    const needle = filter.contains?.toLowerCase();
    const rows = [...this.#entries.values()]
      .filter(
        (e) =>
          (!filter.kind || e.kind === filter.kind) &&
          (filter.key === undefined || e.key === filter.key) &&
          (!filter.trust || filter.trust.includes(e.trust)) &&
          (!filter.idPrefix || e.id.startsWith(filter.idPrefix)) &&
          (!needle || e.body.toLowerCase().includes(needle) || e.key.toLowerCase().includes(needle)) &&
          (filter.includeSuperseded || e.superseded_by === null),
      )
      .sort((a, b) => b.write_seq - a.write_seq);
    return filter.limit ? rows.slice(0, filter.limit) : rows;
  }

  applyDecision(decision: AppliedDecision): MemoryEntry {
    const entry = this.#entries.get(decision.memory_id);
    if (!entry) throw new MemoryError('no_entry', `no memory entry ${decision.memory_id}`);
    nextTrust(entry.trust, decision.decision);
    this.#append({
      seq: this.#seq + 1,
      op: 'decide',
      memory_id: decision.memory_id,
      decision: decision.decision,
      ref: decision.ref,
      supersedes: [...(decision.supersedes ?? [])],
      ...(decision.evidence?.length ? { evidence: [...decision.evidence] } : {}),
    });
    return this.#entries.get(decision.memory_id) as MemoryEntry;
  }

  decisions(memoryId: string): DecisionRecord[] {
    return this.#decisions.filter((d) => d.memory_id === memoryId);
  }

  deltaSince(cursor: number): MemoryDelta {
    const entries = [...this.#entries.values()]
      .filter((e) => e.write_seq > cursor)
      .sort((a, b) => a.write_seq - b.write_seq);
    return { entries, cursor: Math.max(cursor, this.#seq) };
  }

  #append(line: LogLine): void {
    const text = JSON.stringify(line);
    const problem = this.#replay(text);
    if (problem) throw new MemoryError('bad_entry', problem);
    this.#appended.push(text);
  }

  /** Applies one line; returns why it cannot be (nothing is applied then). */
  #replay(text: string): string | null {
    let line: LogLine;
    try {
      line = JSON.parse(text) as LogLine;
    } catch {
      return 'not a JSON line';
    }
    if (typeof line !== 'object' || line === null || !Number.isSafeInteger(line.seq) || line.seq <= this.#seq)
      return `seq ${JSON.stringify((line as { seq?: unknown })?.seq)} does not follow ${this.#seq}`;
    if (line.op === 'propose') return this.#replayProposal(line);
    if (line.op === 'decide') return this.#replayDecision(line);
    if (line.op === 'approve') return this.#replayApproval(line);
    return `unknown op ${JSON.stringify((line as { op?: unknown }).op)}`;
  }

  #replayProposal(line: Extract<LogLine, { op: 'propose' }>): string | null {
    const e = line.entry ?? ({} as never);
    const producedBy = readRef(e.produced_by);
    if (!isMemoryKind(e.kind) || typeof e.key !== 'string' || typeof e.body !== 'string' || !producedBy)
      return 'a proposal without kind, key, body and produced_by';
    if (memoryId(e.kind, e.key, e.body) !== e.id)
      return `proposal ${String(e.id).slice(0, 12)}: its id does not match its content`;
    if (this.#entries.has(e.id)) return `proposal ${e.id.slice(0, 12)} is already in the log`;
    this.#seq = line.seq;
    this.#entries.set(e.id, {
      id: e.id,
      kind: e.kind,
      key: e.key,
      body: e.body,
      trust: 'unverified',
      provenance: {
        produced_by: producedBy,
        verified_by: null,
        sources: Array.isArray(e.sources)
          ? e.sources.map(readRef).filter((r): r is LedgerRef => r !== null)
          : [],
      },
      decided_by: null,
      salience: typeof e.salience === 'number' ? e.salience : 0,
      superseded_by: null,
      write_seq: line.seq,
      created_at: typeof e.created_at === 'number' ? e.created_at : 0,
    });
    return null;
  }

  #replayApproval(line: Extract<LogLine, { op: 'approve' }>): string | null {
    const ref = readRef(line.ref);
    if (!this.#entries.has(line.memory_id) || !ref)
      return `an approval of ${String(line.memory_id).slice(0, 12)} that names no entry or no ref`;
    this.#seq = line.seq;
    this.#approvals.push({ memory_id: line.memory_id, ref });
    return null;
  }

  #replayDecision(line: Extract<LogLine, { op: 'decide' }>): string | null {
    const entry = this.#entries.get(line.memory_id);
    const ref = readRef(line.ref);
    if (!entry || !ref)
      return `a decision about ${String(line.memory_id).slice(0, 12)} that names no entry or no ref`;
    let trust: MemoryEntry['trust'];
    try {
      trust = nextTrust(entry.trust, line.decision);
    } catch (error) {
      return (error as Error).message;
    }
    this.#seq = line.seq;
    this.#decisions.push({ memory_id: entry.id, decision: line.decision, ref, write_seq: line.seq });
    for (const session of Array.isArray(line.evidence) ? line.evidence : [])
      if (typeof session === 'string' && /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(session))
        this.#evidence.add(session);
    if (line.decision === 'unverifiable') return null;
    Object.assign(entry, {
      trust,
      decided_by: ref,
      write_seq: line.seq,
      provenance: { ...entry.provenance, ...(line.decision === 'promote' ? { verified_by: ref } : {}) },
    });
    for (const old of Array.isArray(line.supersedes) ? line.supersedes : []) {
      const prior = this.#entries.get(old);
      if (prior?.trust !== 'verified' || prior.kind !== entry.kind || prior.key !== entry.key) continue;
      Object.assign(prior, { trust: 'stale', decided_by: ref, superseded_by: entry.id, write_seq: line.seq });
      this.#decisions.push({ memory_id: old, decision: 'superseded', ref, write_seq: line.seq });
    }
    return null;
  }
}
