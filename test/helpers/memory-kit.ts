import Database from 'better-sqlite3';
import { createNodeCrypto, LedgerStore, type Signer } from '../../src/core/ledger/index.js';
import {
  type LedgerRef,
  ledgerVerdictSource,
  type MemoryDraft,
  type MemoryEntry,
  MemoryView,
  SqliteMemoryStore,
  signDecision,
  supersededBy,
} from '../../src/core/memory/index.js';
import { keyFromByte, trustedOf } from './keys.js';
import { tempDir } from './temp-dir.js';

/** The key memory decisions are signed with in these tests, and one nobody trusts. */
export const MAINTAINER_KEY = keyFromByte(0x71);
export const STRANGER_KEY = keyFromByte(0x72);

/** A real ledger database file with its memory tables, and a view that trusts MAINTAINER_KEY. */
export interface MemoryFixture {
  dir: string;
  dbPath: string;
  ledger: LedgerStore;
  memory: SqliteMemoryStore;
  /** A fresh view (no memoised checks) trusting `trusted` (default: MAINTAINER_KEY). */
  view(trusted?: Signer[]): MemoryView;
  /** A signed `memory_proposed` entry in a session of its own: a real `produced_by`. */
  producer(signer?: Signer): LedgerRef;
  propose(draft: Partial<MemoryDraft> & Pick<MemoryDraft, 'body'>): MemoryEntry;
  /** A maintainer decision signed in a session of its own and applied. */
  decide(
    entry: MemoryEntry,
    decision: 'promote' | 'reject' | 'revoke',
    signer?: Signer,
  ): Promise<MemoryEntry>;
  /** A raw connection to the same file, for forging rows. */
  raw(): Database.Database;
  close(): void;
}

export function openMemoryFixture(prefix = 'memory'): MemoryFixture {
  const temp = tempDir(prefix);
  const dbPath = temp.path('ledger.db');
  const ledger = LedgerStore.open(dbPath);
  const memory = SqliteMemoryStore.open(dbPath);
  const raws: Database.Database[] = [];
  const crypto = createNodeCrypto();
  const producer = (signer: Signer = MAINTAINER_KEY): LedgerRef => {
    const session = ledger.createSession({ signer, codeVersion: 'test' });
    ledger.append(session.id, 'run_started', { session_id: session.id, kind: 'test' }, signer);
    const entry = ledger.append(session.id, 'memory_proposed', { via: 'test' }, signer);
    return { session: session.id, seq: entry.seq, entry_hash: entry.entry_hash };
  };
  return {
    dir: temp.dir,
    dbPath,
    ledger,
    memory,
    view: (trusted = [MAINTAINER_KEY]) =>
      new MemoryView(memory, ledgerVerdictSource(ledger, crypto), trustedOf(...trusted)),
    producer,
    propose: (draft) =>
      memory.propose({ kind: 'lesson', key: 'a-lesson', produced_by: producer(), ...draft }).entry,
    async decide(entry, decision, signer = MAINTAINER_KEY) {
      const current = memory.get(entry.id) as MemoryEntry;
      const result = await signDecision(
        { ledger, memory, signer, codeVersion: 'test', principal: { login: 'test' } },
        current,
        async () => ({
          decision,
          method: 'maintainer',
          reason: `test ${decision}`,
          ...(decision === 'promote' ? { supersedes: supersededBy(memory, current) } : {}),
          ...(decision === 'revoke' ? { revokes: current.provenance.verified_by } : {}),
        }),
      );
      return result.entry;
    },
    raw() {
      const db = new Database(dbPath);
      raws.push(db);
      return db;
    },
    close() {
      for (const db of raws) db.close();
      memory.close();
      ledger.close();
      temp.cleanup();
    },
  };
}
