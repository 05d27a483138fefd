import { once } from 'node:events';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createNodeCrypto,
  exportBundle,
  LedgerStore,
  parseBundle,
  verifyBundle,
} from '../../src/core/ledger/index.js';
import { seededKey, trustedOf } from '../helpers/keys.js';
import { helperScript, journalStats, openRaw, prng, spawnTsx, waitForLine } from '../helpers/ledger-env.js';
import type { JournalRow } from '../helpers/ledger-kit.js';
import { type TempDir, tempDir } from '../helpers/temp-dir.js';

/**
 * Kills a real writer process (SIGKILL: no handlers, no cleanup, possibly mid-commit) at random
 * moments and checks docs/ledger.md "Store": a crash before commit means the step did not happen, after commit it
 * is recorded — so the journal is always a whole, verifiable prefix that can be finished.
 */

const crypto = createNodeCrypto();
const { key, seedBase64 } = seededKey(9);
const trusted = trustedOf(key);
const ITERATIONS = 8;
const seed = Number(process.env.TRUSS_CRASH_SEED ?? Date.now() % 1_000_000);
const random = prng(seed);

let temp: TempDir;
let dbPath: string;

beforeAll(() => {
  temp = tempDir('crash');
  dbPath = join(temp.dir, 'ledger.db');
});
afterAll(() => temp.cleanup());

/** Checks, straight from SQLite, that every row and every side table is whole. */
function checkWhole(sessionId: string): { entries: number } {
  const db = openRaw(dbPath);
  try {
    const stats = journalStats(db, sessionId);
    expect(stats.count, 'at least the entry announced as committed').toBeGreaterThanOrEqual(1);
    expect(stats.count, 'seq is contiguous from 0').toBe((stats.maxSeq ?? -1) + 1);
    expect(stats.headHash?.toString('hex'), 'head_hash is the last entry').toBe(
      stats.lastHash?.toString('hex'),
    );

    const rows = db
      .prepare(
        'SELECT seq, kind, payload, prev_hash, entry_hash, signature FROM journal WHERE session_id = ?',
      )
      .all(sessionId) as JournalRow[];
    const blobExists = db.prepare('SELECT size FROM blobs WHERE hash = ? AND bytes IS NOT NULL');
    const memoFor = db.prepare('SELECT seq FROM tool_memo WHERE session_id = ? AND memo_key = ?');
    for (const row of rows) {
      expect(row.entry_hash.length).toBe(32);
      expect(row.prev_hash.length).toBe(32);
      expect(row.signature.length).toBe(64);
      const payload = JSON.parse(row.payload) as { blob_sha256?: string; memo_key?: string };
      // A blob or memo is committed with its entry: an entry never points at something missing.
      if (payload.blob_sha256)
        expect(
          blobExists.get(Buffer.from(payload.blob_sha256, 'hex')),
          `blob of seq ${row.seq}`,
        ).toBeDefined();
      if (payload.memo_key)
        expect(memoFor.get(sessionId, payload.memo_key), `memo of seq ${row.seq}`).toEqual({ seq: row.seq });
    }
    // …and nothing committed without its entry: every memo belongs to an entry of this session.
    const orphanMemos = db
      .prepare(
        'SELECT count(*) AS n FROM tool_memo m WHERE m.session_id = ? AND NOT EXISTS (SELECT 1 FROM journal j WHERE j.session_id = m.session_id AND j.seq = m.seq)',
      )
      .get(sessionId) as { n: number };
    expect(orphanMemos.n).toBe(0);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    return { entries: stats.count };
  } finally {
    db.close();
  }
}

describe('crash safety (SIGKILL of a real writer)', () => {
  it(`a killed writer always leaves a whole, finishable chain (${ITERATIONS} random kills)`, async () => {
    // Replay a failure with TRUSS_CRASH_SEED=<seed>.
    console.info(`crash test seed ${seed}`);
    const finished: string[] = [];
    for (let i = 0; i < ITERATIONS; i++) {
      const sessionId = `crash-${i}`;
      const child = spawnTsx(helperScript('append-forever.ts'), [dbPath, sessionId, '', String(seed + i)], {
        TRUSS_SIGNING_KEY: seedBase64,
      });
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const exited = once(child, 'exit');
      await waitForLine(child, 'ready');
      await sleep(20 + Math.floor(random() * 280));
      child.kill('SIGKILL');
      const [code, signal] = await exited;
      expect({ code, signal, stderr }, 'the writer was still appending when killed').toEqual({
        code: null,
        signal: 'SIGKILL',
        stderr: '',
      });

      // Opening for writing recovers the WAL; the stored chain must be intact (never `failed`).
      const store = LedgerStore.open(dbPath);
      try {
        const report = store.verifySession(sessionId, { crypto, trusted });
        expect(report.failure, `seed ${seed} iteration ${i}: ${report.failure?.message}`).toBeNull();
        // Never `verified`: the writer never finishes. `suspended` when the kill landed right after a
        // `suspended` entry (docs/ledger.md "Verification results"), else `incomplete`.
        expect(['incomplete', 'suspended']).toContain(report.status);
        if (report.status === 'suspended') expect(report.terminal_kind).toBe('suspended');
        const { entries } = checkWhole(sessionId);
        expect(report.entries).toBe(entries);

        // The run can be finished with the same key from where the crash left it.
        const last = store.append(sessionId, 'run_completed', { recovered_after_crash: true }, key);
        expect(last.seq).toBe(entries);
        expect(last.prev_hash).toBe(report.head_hash);
        expect(store.verifySession(sessionId, { crypto, trusted }).status).toBe('verified');
        expect(store.requireSession(sessionId).status).toBe('completed');
        finished.push(sessionId);
        // Earlier crashed-and-finished sessions in the same file are untouched by later crashes.
        for (const earlier of finished)
          expect(store.verifySession(earlier, { crypto, trusted }).status, earlier).toBe('verified');
      } finally {
        store.close();
      }
    }

    // The recovered sessions export and verify offline like any other.
    const store = LedgerStore.open(dbPath, { readonly: true });
    try {
      const bundle = parseBundle(JSON.stringify(exportBundle(store, 'crash-0', crypto)), 'crash-0.json');
      expect(verifyBundle(bundle, { crypto, trusted }).status).toBe('verified');
      expect(store.sessions().map((s) => s.status)).toEqual(Array(ITERATIONS).fill('completed'));
    } finally {
      store.close();
    }
  });
});
