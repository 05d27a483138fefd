/**
 * The signed append taken apart: sides that each do one more of the append's steps than the one
 * before, in the store's own transaction shape (one IMMEDIATE transaction per entry, WAL +
 * synchronous=FULL, the store's statements), ending with every step an append cannot skip written
 * inline with plain better-sqlite3, and then LedgerStore.append itself. What a step costs is a side's
 * time minus the side before it, measured in the same round on the same payloads.
 *
 * bench/ledger.ts uses the full inline side as its bound (`append_ratio_bound`) and this breakdown
 * on tmpfs, where an fsync costs next to nothing, so the CPU each step adds shows without the wait.
 * bench/lib/ledger-steps-main.ts runs it alone, or one side alone for an instruction count.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { canonicalJson, entryPreimageParts, LedgerStore, SigningKey } from '../../src/core/ledger/index.js';
import { openLedgerDatabase } from '../../src/core/ledger/store-open.js';
import type { BenchPayload } from './payloads.js';
import { median } from './stats.js';

/** The bench's signing key: a fixed seed, so every run signs the same bytes. */
export const BENCH_KEY = SigningKey.fromSeed(new Uint8Array(32).fill(0x42));

/** A side of an append comparison: writes entries [from, to) and returns the seconds and CPU µs it took. */
export interface AppendSide {
  write(from: number, to: number): { seconds: number; cpuUs: number };
  close(): void;
}

/**
 * The steps in the order an append does them, each side doing all the steps up to its own. `raw` is
 * the bare INSERT of precomputed rows (bench/ledger.ts's baseline); `signature` is the full inline
 * append; `store` is LedgerStore.append.
 */
export const STEPS = [
  'raw',
  'head_update',
  'head_read',
  'canonical_json',
  'sha256',
  'signature',
  'store',
] as const;
export type Step = (typeof STEPS)[number];

const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/** Times `run(i)` for i in [from, to): wall seconds and process CPU µs (user + system). */
function timed(run: (i: number) => void, from: number, to: number) {
  const cpu = cpuNow();
  const start = process.hrtime.bigint();
  for (let i = from; i < to; i++) run(i);
  return { seconds: Number(process.hrtime.bigint() - start) / 1e9, cpuUs: cpuNow() - cpu };
}

/**
 * A plain better-sqlite3 connection opened exactly as LedgerStore.open opens its file (the store's
 * own opener: WAL, synchronous=FULL, busy_timeout, secure_delete, the schema; docs/ledger.md
 * "Store"), so the baseline and the step sides cannot drift from the store's durability settings.
 */
export function openLikeStore(path: string): Database.Database {
  return openLedgerDatabase(path, {});
}

/** LedgerStore.append on a fresh file, with the session made before timing starts. */
export function storeSide(path: string, payloads: BenchPayload[]): AppendSide & { sessionId: string } {
  const store = LedgerStore.open(path);
  const { id } = store.createSession({ signer: BENCH_KEY, codeVersion: 'bench' });
  const one = (i: number) => {
    const { kind, payload } = payloads[i] as BenchPayload;
    store.append(id, kind, payload, BENCH_KEY);
  };
  return { sessionId: id, write: (from, to) => timed(one, from, to), close: () => store.close() };
}

/**
 * A side that does the append's steps up to `last`, inline with plain better-sqlite3. Below
 * `canonical_json` it stores the precomputed canonical text; below `sha256` a fixed hash; below
 * `signature` a fixed signature (the same sizes, so every side writes rows of the same length).
 */
export function stepSide(path: string, payloads: BenchPayload[], sessionId: string, last: Step): AppendSide {
  if (last === 'store') throw new Error('the store step is storeSide');
  const upTo = STEPS.indexOf(last);
  const does = (step: Step) => STEPS.indexOf(step) <= upTo;
  const db = openLikeStore(path);
  db.prepare(
    `INSERT INTO sessions (id, status, code_version, model, tenant, user, head_hash, pubkey_id, public_key, created_at, updated_at)
     VALUES (?, 'running', 'bench', NULL, 'local', 'local', NULL, ?, ?, 0, 0)`,
  ).run(sessionId, BENCH_KEY.keyId, Buffer.from(BENCH_KEY.publicKey));
  // The store's own statements (src/core/ledger/store-statements.ts).
  const head = db.prepare<[string], { head_hash: Buffer | null; tip: number | null }>(
    `SELECT s.status, s.head_hash, s.public_key, s.pubkey_id,
         (SELECT max(j.seq) FROM journal j WHERE j.session_id = s.id) AS tip
       FROM sessions s WHERE s.id = ?`,
  );
  const insert = db.prepare(
    `INSERT INTO journal (session_id, seq, kind, payload, prev_hash, entry_hash, signature, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const moveHead = db.prepare('UPDATE sessions SET head_hash = ?, status = ?, updated_at = ? WHERE id = ?');
  const texts = does('canonical_json') ? [] : payloads.map(({ payload }) => canonicalJson(payload));
  const fixedHash = Buffer.alloc(32, 0x17);
  const fixedSignature = Buffer.alloc(64, 0x29);
  let nextSeq = 0;
  const one = db.transaction((i: number) => {
    const { kind, payload } = payloads[i] as BenchPayload;
    let seq = nextSeq;
    let prev: Buffer = fixedHash;
    if (does('head_read')) {
      const row = head.get(sessionId) as { head_hash: Buffer | null; tip: number | null };
      seq = row.tip === null ? 0 : row.tip + 1;
      prev = row.head_hash ?? Buffer.alloc(32);
    }
    const text = does('canonical_json') ? canonicalJson(payload) : (texts[i] as string);
    let entryHash = fixedHash;
    if (does('sha256')) {
      const hash = createHash('sha256');
      for (const part of entryPreimageParts(prev, kind, text, seq)) hash.update(part);
      entryHash = hash.digest();
    }
    const signature = does('signature') ? BENCH_KEY.sign(entryHash) : fixedSignature;
    const now = Date.now();
    insert.run(sessionId, seq, kind, text, prev, entryHash, signature, now);
    if (does('head_update')) moveHead.run(entryHash, 'running', now, sessionId);
    nextSeq = seq + 1;
  });
  const write = (i: number) => {
    one.immediate(i);
  };
  return { write: (from, to) => timed(write, from, to), close: () => db.close() };
}

/** Interleaving block: small enough that every side sees the same disk moment, large enough to time. */
export const BLOCK = 25;

/**
 * Writes every side's entries in interleaved blocks of BLOCK (the order rotating per block), so a
 * swing in fsync latency or CPU contention lands on all sides alike. Returns each side's totals.
 */
export function interleave(sides: AppendSide[], count: number): { seconds: number; cpuUs: number }[] {
  const totals = sides.map(() => ({ seconds: 0, cpuUs: 0 }));
  for (let from = 0, block = 0; from < count; from += BLOCK, block++) {
    const to = Math.min(from + BLOCK, count);
    for (let k = 0; k < sides.length; k++) {
      const index = (block + k) % sides.length;
      const spent = (sides[index] as AppendSide).write(from, to);
      const total = totals[index] as { seconds: number; cpuUs: number };
      total.seconds += spent.seconds;
      total.cpuUs += spent.cpuUs;
    }
  }
  for (const side of sides) side.close();
  return totals;
}

/** One step's cost: its side's µs per append, and what it adds to the side before it (medians of the rounds). */
export interface StepCost {
  step: Step;
  wall_us: number;
  cpu_us: number;
  adds_wall_us: number;
  adds_cpu_us: number;
}

/** Every step side and the store, `rounds` rounds of `payloads.length` entries each in `dir`. */
export function measureSteps(dir: string, payloads: BenchPayload[], rounds: number): StepCost[] {
  const wall: number[][] = STEPS.map(() => []);
  const cpu: number[][] = STEPS.map(() => []);
  for (let r = -1; r < rounds; r++) {
    // Round -1 warms up (JIT, page cache, SQLite code paths) on a few entries and is not counted.
    const count = r < 0 ? Math.min(200, payloads.length) : payloads.length;
    const sides = STEPS.map((step) => {
      const path = join(dir, `steps-${r + 1}-${step}.db`);
      return step === 'store' ? storeSide(path, payloads) : stepSide(path, payloads, 'bench', step);
    });
    const totals = interleave(sides, count);
    if (r < 0) continue;
    totals.forEach(({ seconds, cpuUs }, s) => {
      (wall[s] as number[]).push((seconds * 1e6) / count);
      (cpu[s] as number[]).push(cpuUs / count);
    });
  }
  return STEPS.map((step, s) => {
    const wallUs = median(wall[s] as number[]);
    const cpuUs = median(cpu[s] as number[]);
    const before =
      s === 0
        ? { wall: 0, cpu: 0 }
        : { wall: median(wall[s - 1] as number[]), cpu: median(cpu[s - 1] as number[]) };
    return {
      step,
      wall_us: wallUs,
      cpu_us: cpuUs,
      adds_wall_us: wallUs - before.wall,
      adds_cpu_us: cpuUs - before.cpu,
    };
  });
}
