import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  checkpointMessage,
  createNodeCrypto,
  LedgerStore,
  SignaturesDigest,
} from '../../src/core/ledger/index.js';
import {
  CHECKPOINT_INTERVAL,
  DurableSession,
  ResumeRefusedError,
  type ResumeVerification,
  SuspendedError,
} from '../../src/core/runtime/durable.js';
import {
  FORGER_KEY,
  flipByte,
  JOURNAL_FIELDS,
  journalRow,
  journalRows,
  type LedgerFixture,
  openFixture,
  REVIEWER_KEY,
  relinkRows,
  SESSION_KEY,
  setHead,
  storedFieldEdit,
} from '../helpers/ledger-kit.js';

/**
 * The verified_through checkpoint (src/core/ledger/checkpoint.ts): a resume that trusts it must
 * refuse exactly what a resume that verifies every signature refuses. Every attack edits the SQLite
 * file through a second connection, as someone with file access but without the session key would.
 */

const crypto = createNodeCrypto();

interface CheckpointRow {
  seq: number;
  entry_hash: Buffer;
  signatures_digest: Buffer;
  signature: Buffer;
}

describe('verified_through checkpoints', () => {
  let fixture: LedgerFixture;
  beforeEach(() => {
    fixture = openFixture('checkpoint');
  });
  afterEach(() => fixture.close());

  const checkpointRow = (id: string): CheckpointRow | undefined =>
    fixture.raw
      .prepare<[string], CheckpointRow>(
        'SELECT seq, entry_hash, signatures_digest, signature FROM verified_through WHERE session_id = ?',
      )
      .get(id);

  const open = (id: string, verify: ResumeVerification, store: LedgerStore = fixture.store) =>
    DurableSession.open({ store, signer: SESSION_KEY, sessionId: id, crypto, verify });

  /** A run of `activities` tool calls that then suspends on a signal (seq activities+1). */
  async function suspendedRun(activities: number): Promise<string> {
    const live = DurableSession.start({ store: fixture.store, signer: SESSION_KEY, codeVersion: 'test' });
    live.record('run_started', () => ({ payload: { contract: 'checkpoint test' } }));
    for (let i = 0; i < activities; i++) {
      await live.activity('tool_result', 'read_file', async () => ({
        payload: { name: 'read_file', input: { path: `f${i}` }, content: `line ${i} ✓`, is_error: false },
      }));
    }
    await expect(live.awaitSignal('go', 'waiting')).rejects.toBeInstanceOf(SuspendedError);
    return live.id;
  }

  it('a suspended run leaves a checkpoint at its head; a checkpoint resume uses it and loads what a full one loads', async () => {
    const id = await suspendedRun(4);
    const head = fixture.store.session(id);
    const row = checkpointRow(id);
    expect(row?.seq).toBe(5);
    expect(row?.entry_hash.toString('hex')).toBe(head?.head_hash);
    // The row is the session key's signature over the domain-separated statement.
    const message = checkpointMessage(id, {
      seq: 5,
      entryHash: row?.entry_hash as Buffer,
      signaturesDigest: row?.signatures_digest as Buffer,
    });
    expect(message.length).not.toBe(32);
    expect(crypto.verify(row?.signature as Buffer, message, SESSION_KEY.publicKey)).toBe(true);
    const digest = new SignaturesDigest();
    for (const stored of journalRows(fixture.raw, id)) digest.update(stored.signature);
    expect(Buffer.from(digest.digest()).equals(row?.signatures_digest as Buffer)).toBe(true);

    const fast = open(id, 'checkpoint');
    const full = open(id, 'all');
    expect(fast.checkpointUse).toBe('used');
    expect(full.checkpointUse).toBe('not_used');
    expect(fast.recorded).toEqual(full.recorded);
    expect(fast.recorded.map((e) => e.kind)).toEqual([
      'run_started',
      'tool_result',
      'tool_result',
      'tool_result',
      'tool_result',
      'suspended',
    ]);
  });

  it(`a live session checkpoints every ${CHECKPOINT_INTERVAL} own appends, so a crash leaves at most that many signatures to verify`, async () => {
    const live = DurableSession.start({ store: fixture.store, signer: SESSION_KEY, codeVersion: 'test' });
    live.record('run_started', () => ({ payload: {} }));
    for (let i = 1; i < CHECKPOINT_INTERVAL + 10; i++)
      live.record('clock_read', () => ({ payload: { now: i } }));
    // "Killed" here: no terminal entry.
    expect(checkpointRow(live.id)?.seq).toBe(CHECKPOINT_INTERVAL - 1);
    const resumed = open(live.id, 'checkpoint');
    expect(resumed.checkpointUse).toBe('used');
    expect(resumed.recorded).toHaveLength(CHECKPOINT_INTERVAL + 10);
    // The resume verified the rest and moved the checkpoint to the head.
    expect(checkpointRow(live.id)?.seq).toBe(CHECKPOINT_INTERVAL + 9);
  });

  it('a flipped signature byte before the checkpoint is refused, naming the seq: checkpoint resume, full resume, imported copy', async () => {
    const id = await suspendedRun(4);
    const before = checkpointRow(id);
    const row = journalRow(fixture.raw, id, 2);
    fixture.raw
      .prepare('UPDATE journal SET signature = ? WHERE session_id = ? AND seq = 2')
      .run(flipByte(row.signature, 17), id);
    for (const verify of ['checkpoint', 'all'] as const) {
      expect(() => open(id, verify)).toThrow(ResumeRefusedError);
      expect(() => open(id, verify)).toThrow(
        /chain does not verify at seq 2 \(seq 2: signature is not valid/,
      );
    }
    // The Action's `mode: resume` opens a downloaded copy with every signature verified.
    const imported = join(fixture.dir, 'downloaded.db');
    await fixture.store.backupTo(imported);
    const copy = LedgerStore.open(imported, { mustExist: true });
    try {
      expect(() => open(id, 'all', copy)).toThrow(/chain does not verify at seq 2 \(seq 2: signature/);
    } finally {
      copy.close();
    }
    // A refused resume writes no checkpoint.
    expect(checkpointRow(id)).toEqual(before);
  });

  it('any single-byte mutation of any stored field of an entry the checkpoint covers is refused at that seq', async () => {
    const id = await suspendedRun(6);
    const count = journalRows(fixture.raw, id).length;
    expect(checkpointRow(id)?.seq).toBe(count - 1);
    const seqs = new Set(Array.from({ length: count }, (_, i) => i));
    fc.assert(
      fc.property(
        fc.nat({ max: count - 1 }),
        fc.constantFrom(...JOURNAL_FIELDS),
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        (seq, field, position, mask) => {
          const edit = storedFieldEdit(fixture.raw, id, seq, field, position, mask, seqs);
          fc.pre(edit !== null); // moving onto an existing seq is two edits, not one
          edit.apply();
          try {
            expect(() => open(id, 'checkpoint'), `${field}@${seq}`).toThrow(
              new RegExp(`chain does not verify at seq ${seq} `),
            );
          } finally {
            edit.restore();
          }
        },
      ),
      { numRuns: 150 },
    );
    expect(open(id, 'checkpoint').checkpointUse).toBe('used');
  });

  it('an edited payload with recomputed hashes and a checkpoint re-pointed at them is refused: the forger cannot sign it', async () => {
    const id = await suspendedRun(4);
    const row = journalRow(fixture.raw, id, 2);
    fixture.raw
      .prepare('UPDATE journal SET payload = ? WHERE session_id = ? AND seq = 2')
      .run(row.payload.replace('line 1', 'line X'), id);
    const head = relinkRows(fixture.raw, id, 2) as Buffer;
    const digest = new SignaturesDigest();
    for (const stored of journalRows(fixture.raw, id)) digest.update(stored.signature);
    const forged = { seq: 5, entryHash: head, signaturesDigest: digest.digest() };
    for (const signature of [
      FORGER_KEY.sign(checkpointMessage(id, forged)), // right statement, wrong key
      checkpointRow(id)?.signature as Buffer, // the old genuine signature, new contents
      Buffer.alloc(64), // garbage
    ]) {
      fixture.raw
        .prepare(
          'UPDATE verified_through SET entry_hash = ?, signatures_digest = ?, signature = ? WHERE session_id = ?',
        )
        .run(head, Buffer.from(forged.signaturesDigest), Buffer.from(signature), id);
      expect(() => open(id, 'checkpoint')).toThrow(
        /chain does not verify at seq 2 \(seq 2: signature is not valid/,
      );
    }
  });

  it('a forged checkpoint over an intact chain is ignored (every signature verified) and replaced', async () => {
    const id = await suspendedRun(3);
    fixture.raw
      .prepare('UPDATE verified_through SET signature = ? WHERE session_id = ?')
      .run(Buffer.alloc(64, 7), id);
    const resumed = open(id, 'checkpoint');
    expect(resumed.checkpointUse).toBe('rejected');
    expect(open(id, 'checkpoint').checkpointUse).toBe('used');
  });

  it('an older genuine checkpoint replayed over the current one still leaves every later signature verified', async () => {
    const live = DurableSession.start({ store: fixture.store, signer: SESSION_KEY, codeVersion: 'test' });
    live.record('run_started', () => ({ payload: {} }));
    live.record('clock_read', () => ({ payload: { now: 1 } }));
    await expect(live.awaitSignal('a', 'first wait')).rejects.toBeInstanceOf(SuspendedError);
    const old = checkpointRow(live.id) as CheckpointRow;
    expect(old.seq).toBe(2);
    fixture.store.queueSignal(live.id, 'a', null);
    const resumed = open(live.id, 'checkpoint');
    resumed.record('run_started', () => ({ payload: {} }));
    resumed.record('clock_read', () => ({ payload: { now: 1 } }));
    await resumed.awaitSignal('a', 'first wait');
    resumed.record('clock_read', () => ({ payload: { now: 2 } }));
    await expect(resumed.awaitSignal('b', 'second wait')).rejects.toBeInstanceOf(SuspendedError);
    expect(checkpointRow(live.id)?.seq).toBe(5);

    fixture.raw
      .prepare(
        'UPDATE verified_through SET seq = ?, entry_hash = ?, signatures_digest = ?, signature = ? WHERE session_id = ?',
      )
      .run(old.seq, old.entry_hash, old.signatures_digest, old.signature, live.id);
    const row = journalRow(fixture.raw, live.id, 4);
    fixture.raw
      .prepare('UPDATE journal SET signature = ? WHERE session_id = ? AND seq = 4')
      .run(flipByte(row.signature, 0), live.id);
    expect(() => open(live.id, 'checkpoint')).toThrow(/chain does not verify at seq 4 \(seq 4: signature/);
  });

  it('a journal cut below its checkpoint (tail deleted, head moved back) is refused in both modes', async () => {
    const id = await suspendedRun(4);
    fixture.raw.prepare('DELETE FROM journal WHERE session_id = ? AND seq >= 4').run(id);
    setHead(fixture.raw, id, journalRow(fixture.raw, id, 3).entry_hash);
    for (const verify of ['checkpoint', 'all'] as const) {
      expect(() => open(id, verify)).toThrow(
        /at seq 4 \(the journal ends at seq 3, but a checkpoint signed by the session key covers seq 5/,
      );
    }
  });

  it('a review appended by another key is verified by the next resume, which then checkpoints the head', async () => {
    const id = await suspendedRun(2);
    expect(checkpointRow(id)?.seq).toBe(3);
    fixture.store.appendHumanReview(id, REVIEWER_KEY, {
      decision: 'approved',
      note: 'ok',
      actor: { login: 'maintainer', id: 1 },
      source: { review_id: 1, commit_sha: null, url: null },
    });
    // A forged reviewer signature after the checkpoint is caught.
    const review = journalRow(fixture.raw, id, 4);
    fixture.raw
      .prepare('UPDATE journal SET signature = ? WHERE session_id = ? AND seq = 4')
      .run(flipByte(review.signature, 5), id);
    expect(() => open(id, 'checkpoint')).toThrow(
      /at seq 4 \(seq 4: signature is not valid for the reviewer key/,
    );
    fixture.raw
      .prepare('UPDATE journal SET signature = ? WHERE session_id = ? AND seq = 4')
      .run(review.signature, id);
    expect(open(id, 'checkpoint').checkpointUse).toBe('used');
    expect(checkpointRow(id)?.seq).toBe(4);
  });

  it('a live session that sees an entry it did not write stops checkpointing', async () => {
    const live = DurableSession.start({ store: fixture.store, signer: SESSION_KEY, codeVersion: 'test' });
    live.record('run_started', () => ({ payload: {} }));
    // Another writer holding the same key appends behind the session's back.
    fixture.store.append(live.id, 'clock_read', { now: 1 }, SESSION_KEY);
    live.record('clock_read', () => ({ payload: { now: 2 } }));
    await expect(live.awaitSignal('go', 'waiting')).rejects.toBeInstanceOf(SuspendedError);
    expect(checkpointRow(live.id)).toBeUndefined();
    expect(open(live.id, 'checkpoint').checkpointUse).toBe('none');
    expect(checkpointRow(live.id)?.seq).toBe(3);
  });

  it('writeCheckpoint refuses another signer and a hash that is not the stored entry', async () => {
    const id = await suspendedRun(1);
    const row = journalRow(fixture.raw, id, 1);
    const checkpoint = { seq: 1, entryHash: row.entry_hash, signaturesDigest: Buffer.alloc(32) };
    expect(() => fixture.store.writeCheckpoint(id, checkpoint, FORGER_KEY)).toThrow(/is not the session key/);
    expect(() =>
      fixture.store.writeCheckpoint(
        id,
        { ...checkpoint, entryHash: flipByte(row.entry_hash, 0) },
        SESSION_KEY,
      ),
    ).toThrow(/the stored entry has another hash/);
    expect(() => fixture.store.writeCheckpoint(id, { ...checkpoint, seq: 99 }, SESSION_KEY)).toThrow(
      /the stored entry has another hash/,
    );
  });
});
