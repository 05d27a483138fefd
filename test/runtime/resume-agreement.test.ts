import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkReceipt } from '../../src/core/anchor/index.js';
import {
  type Bundle,
  createNodeCrypto,
  exportBundleToFile,
  keyIdOf,
  type LedgerEntry,
  SignaturesDigest,
  verifyBundle,
  verifyBundleFile,
} from '../../src/core/ledger/index.js';
import { DurableSession, ResumeRefusedError } from '../../src/core/runtime/durable.js';
import { bundleTamperCases, outcomeOf, type TamperCase } from '../helpers/bundle-tamper-cases.js';
import { insertRow, type LedgerFixture, openFixture, SESSION_KEY } from '../helpers/ledger-kit.js';

/**
 * The shared bundle tamper cases (test/helpers/bundle-tamper-cases.ts) written into a database, as
 * whoever hands over a ledger database (a suspended run's artifact) can write any rows: `truss
 * ledger verify` must reach the bundle verifiers' result on the same rows, and `truss resume` must
 * refuse exactly what it fails — with no key pinned, so a child signed by another key of a fan-out
 * across runners is not refused for its key — and anything the resuming key did not sign
 * (docs/ledger.md "Verification results", docs/cli.md `truss resume`).
 */
const crypto = createNodeCrypto();

type Ledger = Bundle['ledger'];

/**
 * Writes a bundle's ledger and its child sessions into the database verbatim, as rows; `payloads`
 * replaces the stored payload text of the top-level entries at those indexes.
 */
function writeRows(raw: Database.Database, ledger: Ledger, payloads: Record<number, string> = {}): void {
  raw
    .prepare(
      `INSERT INTO sessions (id, status, code_version, head_hash, pubkey_id, public_key, created_at, updated_at)
       VALUES (?, 'completed', 'test', ?, ?, ?, 0, 0)`,
    )
    .run(
      ledger.session_id,
      ledger.head_hash === null ? null : Buffer.from(ledger.head_hash, 'hex'),
      ledger.pubkey_id,
      Buffer.from(ledger.public_key, 'hex'),
    );
  ledger.entries.forEach((entry: LedgerEntry, i) => {
    insertRow(raw, ledger.session_id, entry);
    const text = payloads[i];
    if (text !== undefined) {
      raw
        .prepare('UPDATE journal SET payload = ? WHERE session_id = ? AND seq = ?')
        .run(text, ledger.session_id, entry.seq);
    }
  });
  for (const child of ledger.child_sessions) writeRows(raw, child);
}

/**
 * Writes `signed` (the session's rows when its key checkpointed them, verified_through over all of
 * them, as a resume records it), then cuts the journal to `ledger`'s entries and moves
 * sessions.head_hash back to its head: what someone with write access to the file can do.
 */
function writeCutBelowCheckpoint(fx: LedgerFixture, ledger: Ledger, signed: LedgerEntry[]): void {
  writeRows(fx.raw, { ...ledger, entries: signed, child_sessions: [] });
  const signatures = new SignaturesDigest();
  for (const entry of signed) signatures.update(Buffer.from(entry.signature, 'hex'));
  const last = signed.at(-1) as LedgerEntry;
  const entryHash = Buffer.from(last.entry_hash, 'hex');
  fx.store.writeCheckpoint(
    ledger.session_id,
    { seq: last.seq, entryHash, signaturesDigest: signatures.digest() },
    SESSION_KEY,
  );
  fx.raw
    .prepare('DELETE FROM journal WHERE session_id = ? AND seq >= ?')
    .run(ledger.session_id, ledger.entries.length);
  fx.raw
    .prepare('UPDATE sessions SET head_hash = ? WHERE id = ?')
    .run(ledger.head_hash === null ? null : Buffer.from(ledger.head_hash, 'hex'), ledger.session_id);
}

/** The fingerprint of the key a ledger's entries are signed with. */
const signerId = (ledger: Ledger): string => keyIdOf(Buffer.from(ledger.public_key, 'hex'));

const outcome = outcomeOf;

describe('truss ledger verify and truss resume on the shared tamper cases', () => {
  let source: LedgerFixture;
  let cases: TamperCase[];
  beforeAll(() => {
    source = openFixture('resume-agree-src');
    cases = bundleTamperCases(source);
  });
  afterAll(() => source.close());

  it('covers the cases a database can hold', () => {
    const inDb = cases.filter((c) => !c.notInDatabase);
    expect(inDb.length).toBeGreaterThanOrEqual(25);
    expect(inDb.map((c) => c.name)).toEqual(
      expect.arrayContaining([
        'child signature flipped',
        'session relabelled',
        'truncated tail, head recomputed',
        'tail cut below a signed checkpoint, head moved back (database)',
        'session head stored as a number',
        'session key fingerprint NULL',
        'payload repeats a key (stored row)',
        'last payload spelled non-canonically (stored row)',
        'seq 3.5',
        'child anchor naming its own session',
        'unicode session id renormalized (NFD label, NFC signed)',
      ]),
    );
  });

  it('each case: the database verifies as the bundle does, and resume refuses exactly the failed ones', () => {
    const seen = new Set<string>();
    for (const c of cases) {
      if (c.notInDatabase) continue;
      const fx = openFixture('resume-agree');
      try {
        const id = c.bundle.ledger.session_id;
        if (c.checkpointOver) writeCutBelowCheckpoint(fx, c.bundle.ledger, c.checkpointOver);
        else writeRows(fx.raw, c.bundle.ledger, c.storedPayloads);
        if (c.storedEdit) fx.raw.prepare(c.storedEdit).run(id);
        const { contract: _c, evidence: _e, verdict: _v, ...bare } = c.bundle;
        const trusted = new Map(c.pinned.map((key) => [key, 'pinned']));
        const fromDb = fx.store.verifySession(id, { crypto, trusted });
        if (c.expected) expect.soft(outcome(fromDb), c.name).toEqual(c.expected);
        // A stored spelling, column or checkpoint has no bundle of its own: the bundle holds what the rows
        // were made from.
        if (!c.storedPayloads && !c.checkpointOver && !c.storedEdit) {
          const fromBundle = verifyBundle(bare as Bundle, { crypto, trusted, receipts: checkReceipt });
          expect.soft(outcome(fromDb), c.name).toEqual(outcome(fromBundle));
        }
        // `truss ledger export` then `truss verify`: the same conclusion as `truss ledger verify`, or no
        // bundle at all when the rows cannot be carried as they are stored.
        const file = join(fx.dir, 'exported.json');
        let exported: ReturnType<typeof outcome> | 'export refused';
        try {
          exportBundleToFile(fx.store, id, crypto, file);
          exported = outcome(verifyBundleFile(file, { crypto, trusted, receipts: checkReceipt }));
        } catch (error) {
          if (c.exportRefused) expect((error as Error).message, c.name).toMatch(/^refusing to export/);
          else expect((error as Error).message, c.name).toContain(fromDb.failure?.message);
          exported = 'export refused';
        }
        expect
          .soft(exported, c.name)
          .toEqual(c.storedPayloads || c.exportRefused ? 'export refused' : outcome(fromDb));

        const unpinned = fx.store.verifySession(id, { crypto, trusted: new Map() });
        const otherSigner = c.bundle.ledger.public_key !== SESSION_KEY.publicKeyHex;
        const mustRefuse = unpinned.status === 'failed' || otherSigner;
        let refusal: unknown = null;
        try {
          DurableSession.open({ store: fx.store, signer: SESSION_KEY, sessionId: id, crypto });
        } catch (error) {
          refusal = error;
        }
        expect(refusal === null ? 'resumed' : 'refused', c.name).toBe(mustRefuse ? 'refused' : 'resumed');
        if (refusal) {
          expect(refusal, c.name).toBeInstanceOf(ResumeRefusedError);
          // The refusal names what `truss ledger verify` names, or the key the session is really
          // signed with (the fingerprint of its public key, whatever its pubkey_id label says).
          if (!otherSigner) expect((refusal as Error).message, c.name).toContain(unpinned.failure?.message);
          else
            expect((refusal as Error).message, c.name).toContain(`signed by ${signerId(c.bundle.ledger)};`);
        }
        seen.add(`${unpinned.status}:${unpinned.failure?.code ?? ''}`);
      } finally {
        fx.close();
      }
    }
    // The cases reach the failures a resume used to miss, next to the ones it always refused.
    for (const outcome of [
      'failed:child_failed',
      'failed:session_mismatch',
      'failed:duplicate_child',
      'failed:child_missing',
      'failed:head_mismatch',
      'failed:bad_signature',
      'failed:payload_not_canonical',
      'failed:malformed_entry',
      'integrity_only:',
    ]) {
      expect(seen, outcome).toContain(outcome);
    }
  });
});
