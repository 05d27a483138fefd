import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  anchorInLog,
  anchorSession,
  checkReceipt,
  nodeTreeHasher,
  noopAnchor,
  TransparencyLog,
  TransparencyLogAnchor,
} from '../../src/core/anchor/index.js';
import { portableCrypto } from '../../src/core/ledger/crypto-portable.js';
import {
  type Bundle,
  createNodeCrypto,
  exportBundle,
  exportBundleToFile,
  type LedgerEntry,
  parseBundle,
  verifyBundle,
  verifyBundleFile,
} from '../../src/core/ledger/index.js';
import { LedgerStore } from '../../src/core/ledger/store.js';
import { bundleVerdictSource, ledgerVerdictSource } from '../../src/core/memory/index.js';
import {
  FORGER_KEY,
  keyFromByte,
  type LedgerFixture,
  openFixture,
  REVIEWER_KEY,
  relinkEntries,
  SESSION_KEY,
  trustedOf,
} from '../helpers/ledger-kit.js';
import { appendSampleRun } from '../helpers/sample-run.js';
import { tempDir } from '../helpers/temp-dir.js';

const crypto = createNodeCrypto();
const hasher = nodeTreeHasher();
const LOG_KEY = keyFromByte(0x44);
const trusted = trustedOf(SESSION_KEY);

let fixture: LedgerFixture;
let logDir: string;
afterEach(() => {
  fixture?.close();
  rmSync(logDir, { recursive: true, force: true });
});

/** A fresh ledger fixture, and a fresh transparency log (LOG_KEY) with the anchor that writes to it. */
function freshLedgerAndLog(): TransparencyLogAnchor {
  fixture = openFixture('anchor-ledger');
  logDir = tempDir('anchor-log').dir;
  TransparencyLog.create(
    logDir,
    { origin: 'example.com/truss-log', publicKey: LOG_KEY.publicKey },
    { crypto, hasher },
  ).close();
  return new TransparencyLogAnchor({ dir: logDir, signer: LOG_KEY, crypto, hasher });
}

function setup(): { sessionId: string; anchor: TransparencyLogAnchor } {
  const anchor = freshLedgerAndLog();
  return { sessionId: appendSampleRun(fixture.store, SESSION_KEY), anchor };
}

function bundleOf(sessionId: string): Bundle {
  return exportBundle(fixture.store, sessionId, crypto);
}

describe('anchor_receipt entries in the ledger', () => {
  it('a receipt after run_completed keeps the run complete and verified in the DB, bundle and streaming verifiers', async () => {
    const { sessionId, anchor } = setup();
    const before = fixture.store.reviewableHeadEntry(sessionId);
    const result = await anchorSession({ store: fixture.store, sessionId, signer: SESSION_KEY, anchor });
    expect(result?.receipt).toMatchObject({
      anchored_seq: before?.seq,
      anchored_head_hash: before?.entry_hash,
    });
    expect(fixture.store.session(sessionId)?.status).toBe('completed');
    expect(fixture.store.reviewableHead(sessionId)).toBe(before?.entry_hash);

    const db = fixture.store.verifySession(sessionId, { crypto, trusted });
    expect(db).toMatchObject({ status: 'verified', terminal_kind: 'run_completed' });
    expect(db.anchors).toEqual([
      expect.objectContaining({
        seq: result?.entry.seq,
        anchored_seq: before?.seq,
        leaf_index: 0,
        tree_size: 1,
        log_origin: 'example.com/truss-log',
        log_key_pinned: false,
      }),
    ]);
    const bundle = bundleOf(sessionId);
    expect(verifyBundle(bundle, { crypto, trusted, receipts: checkReceipt })).toMatchObject({
      status: 'verified',
      anchors: db.anchors,
    });
    expect(verifyBundle(bundle, { crypto: portableCrypto, trusted, receipts: checkReceipt }).status).toBe(
      'verified',
    );
    const file = path.join(fixture.dir, 'bundle.json');
    exportBundleToFile(fixture.store, sessionId, crypto, file);
    expect(verifyBundleFile(file, { crypto, trusted, receipts: checkReceipt })).toMatchObject({
      status: 'verified',
      anchors: db.anchors,
    });
    // A verifier given no receipt checker cannot vouch for the receipt: it fails, never passes.
    expect(verifyBundle(bundle, { crypto, trusted }).failure).toMatchObject({
      code: 'bad_anchor_receipt',
      message: expect.stringContaining('no receipt checker'),
    });
    const unchecked = LedgerStore.open(fixture.dbPath, { readonly: true });
    try {
      expect(unchecked.verifySession(sessionId, { crypto, trusted }).failure?.code).toBe(
        'bad_anchor_receipt',
      );
    } finally {
      unchecked.close();
    }
    // Pinning the log key is reported per receipt.
    expect(
      fixture.store.verifySession(sessionId, { crypto, trusted: trustedOf(SESSION_KEY, LOG_KEY) }).anchors[0]
        ?.log_key_pinned,
    ).toBe(true);
  });

  it('memory decisions resolve in an anchored session alike from the database and from its bundle on a branch', async () => {
    // docs/memory.md "What is checked": the same signed entry, whether the view reads the ledger
    // database or the session's bundle kept beside a branch-backed memory log.
    const { sessionId, anchor } = setup();
    await anchorSession({ store: fixture.store, sessionId, signer: SESSION_KEY, anchor });
    const verdict = fixture.store.entry(sessionId, 5) as LedgerEntry;
    const ref = { session: sessionId, seq: 5, entry_hash: verdict.entry_hash };
    const fromDb = ledgerVerdictSource(fixture.store, crypto).resolve(ref);
    const bundles = new Map([[sessionId, JSON.stringify(bundleOf(sessionId))]]);
    const fromBranch = bundleVerdictSource(bundles, crypto).resolve(ref);
    expect(fromDb).toMatchObject({ entry: { seq: 5, kind: 'verdict' } });
    expect(fromBranch).toEqual(fromDb);
  });

  it('the noop anchor records nothing', async () => {
    const { sessionId } = setup();
    expect(
      await anchorSession({ store: fixture.store, sessionId, signer: SESSION_KEY, anchor: noopAnchor }),
    ).toBeNull();
    expect(fixture.store.session(sessionId)?.entries).toBe(7);
  });

  it('a later human review attests run_completed, not the receipt, and is not stale', async () => {
    const { sessionId, anchor } = setup();
    const completed = fixture.store.reviewableHead(sessionId);
    await anchorSession({ store: fixture.store, sessionId, signer: SESSION_KEY, anchor });
    fixture.store.appendHumanReview(sessionId, REVIEWER_KEY, {
      decision: 'approved',
      note: '',
      actor: { login: 'octocat', id: 1 },
      source: { review_id: 1, commit_sha: null, url: null },
    });
    const report = fixture.store.verifySession(sessionId, {
      crypto,
      trusted: trustedOf(SESSION_KEY, REVIEWER_KEY),
    });
    expect(report.status).toBe('verified');
    expect(report.reviews[0]).toMatchObject({ attested_head_hash: completed, stale: false });
  });

  it('a receipt does not make an unfinished run complete (truncated tail stays incomplete)', async () => {
    const anchor = freshLedgerAndLog();
    const sessionId = appendSampleRun(fixture.store, SESSION_KEY, { terminal: false });
    await anchorSession({ store: fixture.store, sessionId, signer: SESSION_KEY, anchor });
    const report = fixture.store.verifySession(sessionId, { crypto, trusted });
    expect(report).toMatchObject({ status: 'incomplete', terminal_kind: 'verdict' });
    expect(verifyBundle(bundleOf(sessionId), { crypto, trusted, receipts: checkReceipt }).status).toBe(
      'incomplete',
    );
  });
});

describe('anchor_receipt tampering (each fails verification in every verifier)', () => {
  async function anchoredBundle(): Promise<{ bundle: Bundle; receiptIndex: number; sessionId: string }> {
    const { sessionId, anchor } = setup();
    await anchorSession({ store: fixture.store, sessionId, signer: SESSION_KEY, anchor });
    const bundle = bundleOf(sessionId);
    return { bundle, receiptIndex: bundle.ledger.entries.length - 1, sessionId };
  }

  /** Edits the receipt payload, then re-hashes and re-signs with the session key (the strongest forger). */
  function forge(bundle: Bundle, index: number, edit: (payload: Record<string, unknown>) => void): Bundle {
    const copy = JSON.parse(JSON.stringify(bundle)) as Bundle;
    const entry = copy.ledger.entries[index] as LedgerEntry;
    edit(entry.payload);
    copy.ledger.head_hash = relinkEntries(copy.ledger.entries, index, SESSION_KEY);
    return copy;
  }

  function expectFailure(bundle: Bundle, seq: number, pattern: RegExp): void {
    for (const c of [crypto, portableCrypto]) {
      const report = verifyBundle(bundle, { crypto: c, trusted, receipts: checkReceipt });
      expect(report.status).toBe('failed');
      expect(report.failure).toMatchObject({
        seq,
        code: 'bad_anchor_receipt',
        message: expect.stringMatching(pattern),
      });
    }
    // The streaming file verifier agrees.
    const file = path.join(fixture.dir, 'tampered.json');
    writeFileSync(file, JSON.stringify(bundle));
    expect(verifyBundleFile(file, { crypto, trusted, receipts: checkReceipt }).failure?.code).toBe(
      'bad_anchor_receipt',
    );
  }

  it('a receipt for a different head of this ledger (right proof, wrong seq)', async () => {
    const { bundle, receiptIndex } = await anchoredBundle();
    const earlier = bundle.ledger.entries[2] as LedgerEntry;
    // Anchor seq 2's hash in the log for real, then claim it is the run_completed seq.
    const receipt = anchorInLog(
      { dir: logDir, signer: LOG_KEY, crypto, hasher },
      { headHash: earlier.entry_hash, seq: 6 },
    );
    const forged = forge(bundle, receiptIndex, (p) => Object.assign(p, receipt));
    expectFailure(forged, receiptIndex, /not that entry of this ledger/);
  });

  it('a receipt for a head of another ledger', async () => {
    const { bundle, receiptIndex } = await anchoredBundle();
    const receipt = anchorInLog(
      { dir: logDir, signer: LOG_KEY, crypto, hasher },
      { headHash: 'ee'.repeat(32), seq: 6 },
    );
    const forged = forge(bundle, receiptIndex, (p) => Object.assign(p, receipt));
    expectFailure(forged, receiptIndex, /not that entry of this ledger/);
  });

  it('a flipped inclusion-proof byte, a moved leaf index, a swapped root', async () => {
    const { bundle, receiptIndex } = await anchoredBundle();
    // Grow the log so the receipt has a proof to tamper with.
    for (let i = 0; i < 4; i++)
      anchorInLog({ dir: logDir, signer: LOG_KEY, crypto, hasher }, { headHash: `${i}`.repeat(64), seq: i });
    const seq6 = bundle.ledger.entries[6] as LedgerEntry;
    const log = TransparencyLog.open(logDir, { crypto, hasher });
    const fresh = {
      inclusion_proof: log.inclusionProof(0).map((h) => Buffer.from(h).toString('hex')),
      checkpoint: log.latestCheckpoint()?.note,
    };
    log.close();
    expect(seq6.kind).toBe('run_completed');
    const good = forge(bundle, receiptIndex, (p) => Object.assign(p, fresh));
    expect(verifyBundle(good, { crypto, trusted, receipts: checkReceipt }).status).toBe('verified');

    expectFailure(
      forge(good, receiptIndex, (p) => {
        const proof = p.inclusion_proof as string[];
        proof[1] = `${(proof[1] as string).slice(0, 63)}${(proof[1] as string).endsWith('0') ? '1' : '0'}`;
      }),
      receiptIndex,
      /inclusion proof/,
    );
    expectFailure(
      forge(good, receiptIndex, (p) => Object.assign(p, { leaf_index: 1 })),
      receiptIndex,
      /inclusion proof/,
    );
    expectFailure(
      forge(good, receiptIndex, (p) => {
        const note = p.checkpoint as string;
        const lines = note.split('\n');
        lines[2] = Buffer.alloc(32, 1).toString('base64');
        p.checkpoint = lines.join('\n');
      }),
      receiptIndex,
      /checkpoint: .*does not verify/,
    );
  });

  it('a checkpoint signed by a different log key than the one the receipt names', async () => {
    const { bundle, receiptIndex } = await anchoredBundle();
    const otherDir = tempDir('anchor-other').dir;
    try {
      TransparencyLog.create(
        otherDir,
        { origin: 'example.com/truss-log', publicKey: FORGER_KEY.publicKey },
        { crypto, hasher },
      ).close();
      const seq6 = bundle.ledger.entries[6] as LedgerEntry;
      const receipt = anchorInLog(
        { dir: otherDir, signer: FORGER_KEY, crypto, hasher },
        { headHash: seq6.entry_hash, seq: 6 },
      );
      const forged = forge(bundle, receiptIndex, (p) => {
        p.checkpoint = receipt.checkpoint; // keep the original log_public_key
      });
      expectFailure(forged, receiptIndex, /checkpoint: the note carries no signature/);
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it('the receipt entry itself, unsigned by the session key, fails like any entry', async () => {
    const { bundle, receiptIndex } = await anchoredBundle();
    const copy = parseBundle(JSON.stringify(bundle), 'copy');
    const entry = copy.ledger.entries[receiptIndex] as LedgerEntry;
    (entry.payload as Record<string, unknown>).anchored_seq = 5;
    copy.ledger.head_hash = relinkEntries(copy.ledger.entries, receiptIndex); // old signature kept
    expect(verifyBundle(copy, { crypto, trusted, receipts: checkReceipt }).failure?.code).toBe(
      'bad_signature',
    );
  });
});
