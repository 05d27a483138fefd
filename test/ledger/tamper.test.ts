import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { portableCrypto } from '../../src/core/ledger/crypto-portable.js';
import {
  type Bundle,
  canonicalJson,
  createNodeCrypto,
  type FailureCode,
  keyIdOf,
  type LedgerCrypto,
  type LedgerEntry,
  type LedgerStore,
  parseBundle,
  type Signer,
  VERIFY_EXIT_CODES,
  type VerifyReport,
  verifyBundle,
} from '../../src/core/ledger/index.js';
import {
  describeReport,
  exportText,
  FORGER_KEY,
  flipByte,
  flipHexByte,
  insertRow,
  journalRow,
  journalRows,
  type LedgerFixture,
  openFixture,
  REVIEW_FIELDS,
  REVIEWER_KEY,
  relinkEntries,
  relinkRows,
  reviewPayload,
  SESSION_KEY,
  setHead,
  signEntry,
  trustedOf,
} from '../helpers/ledger-kit.js';
import { appendSampleRun } from '../helpers/sample-run.js';
import { verifyEveryWay, verifyTextBothWays } from './bundle-file-kit.js';

/**
 * docs/ledger.md "Verification results" tamper classes, each its own test, against both verifiers: the SQLite verifier
 * (`store.verifySession`, the file edited through a second connection) and the bundle verifier
 * (`verifyBundle(parseBundle(text))`, the exported JSON edited). Both run on node:crypto and on the
 * portable @noble implementation. Every bundle case is also checked through the file verifier
 * (`verifyBundleFile`, what `truss verify` runs), streamed from the exporter's layout and read whole
 * from a pretty-printed file: both reports must be deep-equal to the in-memory one.
 *
 * The sample run (test/helpers/sample-run.ts) is:
 *   0 run_started · 1 check_result · 2-4 review_vote · 5 verdict · 6 run_completed
 */
const SEQ = { run_started: 0, check_result: 1, vote: 2, verdict: 5, run_completed: 6 } as const;
const ENTRY_COUNT = 7;

const CRYPTOS: ReadonlyArray<readonly [string, LedgerCrypto]> = [
  ['node:crypto', createNodeCrypto()],
  ['@noble portable', portableCrypto],
];

const PINNED = trustedOf(SESSION_KEY, REVIEWER_KEY);
const NONE: ReadonlyMap<string, string> = new Map();

function expectFailure(report: VerifyReport, code: FailureCode, seq: number | null): void {
  expect(report.status, describeReport(report)).toBe('failed');
  expect(report.failure, describeReport(report)).toMatchObject({ code, seq });
  expect(VERIFY_EXIT_CODES[report.status]).toBe(1);
}

function expectIncomplete(report: VerifyReport, entries: number, terminalKind: string): void {
  expect(report.status, describeReport(report)).toBe('incomplete');
  expect(VERIFY_EXIT_CODES[report.status]).toBe(5);
  expect(report.failure).toBeNull();
  expect(report.entries).toBe(entries);
  expect(report.terminal_kind).toBe(terminalKind);
}

function expectVerified(report: VerifyReport): void {
  expect(report.status, describeReport(report)).toBe('verified');
  expect(report.failure).toBeNull();
  expect(VERIFY_EXIT_CODES[report.status]).toBe(0);
}

/** A parent run that anchors `child-a`; `child-b` is a different, validly signed run by the same key. */
function appendParentWithChild(store: LedgerStore): { parent: string; child: string; other: string } {
  const child = appendSampleRun(store, SESSION_KEY, { id: 'child-a' });
  // extra: 1 makes child-b's content (and so its head) differ from child-a's.
  const other = appendSampleRun(store, SESSION_KEY, { id: 'child-b', extra: 1 });
  const parent = 'parent';
  store.createSession({ signer: SESSION_KEY, codeVersion: 'test', id: parent });
  store.append(parent, 'run_started', { contract: { id: 'fan-out' }, code_version: 'test' }, SESSION_KEY);
  store.append(
    parent,
    'child_anchor',
    { child_session_id: child, child_head_hash: store.session(child)?.head_hash },
    SESSION_KEY,
  );
  store.append(parent, 'verdict', { overall: 'pass', clauses: [] }, SESSION_KEY);
  store.append(parent, 'run_completed', { final_text: 'children done' }, SESSION_KEY);
  return { parent, child, other };
}

const ANCHOR_SEQ = 1;

/**
 * Hand-made human_review entries both verifiers must refuse: the fields that differ from a good
 * review by REVIEWER_KEY, the key that signs it, and the failure expected at its seq.
 */
const FORGED_REVIEWS: [string, Record<string, unknown>, Signer, FailureCode][] = [
  [
    'a human_review signed by the session key instead of the reviewer key it names → bad_signature',
    {},
    SESSION_KEY,
    'bad_signature',
  ],
  [
    'reviewer_key_id that is not the fingerprint of reviewer_public_key → bad_reviewer_key',
    { reviewer_key_id: FORGER_KEY.keyId },
    REVIEWER_KEY,
    'bad_reviewer_key',
  ],
  // docs/ledger.md "Entries": human reviews are signed by the reviewer key, not the session key. If the
  // session key may act as its own reviewer, whoever holds the CI signing key can mint "approved"
  // reviews that the report shows as key_pinned.
  [
    'a "human" review whose named reviewer key is the session key itself → bad_reviewer_key',
    { reviewer_key_id: SESSION_KEY.keyId, reviewer_public_key: SESSION_KEY.publicKeyHex },
    SESSION_KEY,
    'bad_reviewer_key',
  ],
];

/**
 * The hand-made review cases both verifiers run: a control that must verify, then each of
 * FORGED_REVIEWS. `add` appends a review with `fields` signed by `signer` and returns its seq.
 */
function handMadeReviewCases(
  add: (fields: Record<string, unknown>, signer: Signer) => number,
  verify: () => VerifyReport,
): void {
  it('a hand-made review by the named reviewer key is accepted (control for the cases below)', () => {
    const seq = add({}, REVIEWER_KEY);
    const report = verify();
    expectVerified(report);
    expect(report.reviews).toMatchObject([{ seq, stale: false, key_pinned: true }]);
  });

  it.each(FORGED_REVIEWS)('%s', (_name, fields, signer, code) => {
    const seq = add(fields, signer);
    expectFailure(verify(), code, seq);
  });
}

it('VERIFY_EXIT_CODES maps verified/failed/integrity_only/incomplete/suspended to 0/1/4/5/6', () => {
  expect(VERIFY_EXIT_CODES).toEqual({
    verified: 0,
    failed: 1,
    integrity_only: 4,
    incomplete: 5,
    suspended: 6,
  });
});

describe.each(CRYPTOS)('SQLite verifier (store.verifySession) on %s', (_name, crypto) => {
  let fx: LedgerFixture;
  let id: string;

  beforeEach(() => {
    fx = openFixture();
    id = appendSampleRun(fx.store, SESSION_KEY);
  });
  afterEach(() => fx.close());

  const verify = (trusted: ReadonlyMap<string, string> = PINNED, session = id): VerifyReport =>
    fx.store.verifySession(session, { crypto, trusted });
  const update = (sql: string, ...params: unknown[]): void => {
    const changes = fx.raw.prepare(sql).run(...params).changes;
    expect(changes, `tamper statement changed nothing: ${sql}`).toBeGreaterThan(0);
  };
  /** XORs byte `index` of the stored `column` of row `seq` of `session`, in the file. */
  const flipStored = (column: 'entry_hash' | 'signature', seq: number, index: number, session = id): void =>
    update(
      `UPDATE journal SET ${column} = ? WHERE session_id = ? AND seq = ?`,
      flipByte(journalRow(fx.raw, session, seq)[column], index),
      session,
      seq,
    );

  describe('baselines', () => {
    it('an untampered run is verified with a pinned key (exit 0)', () => {
      const report = verify();
      expectVerified(report);
      expect(report.entries).toBe(ENTRY_COUNT);
      expect(report.head_hash).toBe(fx.store.session(id)?.head_hash);
      expect(report.terminal_kind).toBe('run_completed');
      expect(report.key_id).toBe(SESSION_KEY.keyId);
    });

    it('an untampered run with no pinned key is integrity_only (exit 4), never verified', () => {
      const report = verify(NONE);
      expect(report.status).toBe('integrity_only');
      expect(report.failure).toBeNull();
      expect(report.key_pinned).toBe(false);
      expect(VERIFY_EXIT_CODES[report.status]).toBe(4);
    });
  });

  describe('tamper classes (docs/ledger.md "Verification results")', () => {
    it('corrupted entry hash → entry_hash_mismatch at that seq', () => {
      flipStored('entry_hash', 3, 0);
      expectFailure(verify(), 'entry_hash_mismatch', 3);
    });

    it('flipped signature byte → bad_signature at that seq', () => {
      flipStored('signature', 4, 40);
      expectFailure(verify(), 'bad_signature', 4);
    });

    it('flipped signature byte in R (first half) → bad_signature', () => {
      flipStored('signature', 0, 5);
      expectFailure(verify(), 'bad_signature', 0);
    });

    it('reordered entries (seq numbers of rows 2 and 3 swapped) → prev_hash_mismatch at 2', () => {
      update('UPDATE journal SET seq = -1 WHERE session_id = ? AND seq = 2', id);
      update('UPDATE journal SET seq = 2 WHERE session_id = ? AND seq = 3', id);
      update('UPDATE journal SET seq = 3 WHERE session_id = ? AND seq = -1', id);
      expectFailure(verify(), 'prev_hash_mismatch', 2);
    });

    it('replayed entry (row 3 copied to the end as seq 7, head moved to it) → prev_hash_mismatch at 7', () => {
      const row = journalRow(fx.raw, id, 3);
      update(
        `INSERT INTO journal (session_id, seq, kind, payload, prev_hash, entry_hash, signature, created_at)
         VALUES (?, 7, ?, ?, ?, ?, ?, 0)`,
        id,
        row.kind,
        row.payload,
        row.prev_hash,
        row.entry_hash,
        row.signature,
      );
      setHead(fx.raw, id, row.entry_hash);
      expectFailure(verify(), 'prev_hash_mismatch', 7);
    });

    it('duplicated entry (primary key dropped, row 3 inserted twice) → seq_gap at 4', () => {
      fx.raw.exec(`
        CREATE TABLE journal_nopk AS SELECT * FROM journal;
        DROP TABLE journal;
        ALTER TABLE journal_nopk RENAME TO journal;
      `);
      update(`INSERT INTO journal SELECT * FROM journal WHERE session_id = ? AND seq = 3`, id);
      const report = verify();
      expectFailure(report, 'seq_gap', 4);
      expect(report.failure?.message).toMatch(/appears again/);
    });

    it('dropped head (last entry deleted, sessions.head_hash left) → head_mismatch at the new last seq', () => {
      update('DELETE FROM journal WHERE session_id = ? AND seq = 6', id);
      expectFailure(verify(), 'head_mismatch', 5);
    });

    it('dropped head (sessions.head_hash cleared) → head_mismatch', () => {
      setHead(fx.raw, id, null);
      expectFailure(verify(), 'head_mismatch', 6);
    });

    it('truncated tail with a recomputed head → incomplete (exit 5), not verified', () => {
      update('DELETE FROM journal WHERE session_id = ? AND seq = 6', id);
      setHead(fx.raw, id, journalRow(fx.raw, id, 5).entry_hash);
      expectIncomplete(verify(), 6, 'verdict');
    });

    it('truncated tail cut before the verdict, head recomputed → incomplete, even with no pinned key', () => {
      update('DELETE FROM journal WHERE session_id = ? AND seq >= 4', id);
      setHead(fx.raw, id, journalRow(fx.raw, id, 3).entry_hash);
      const report = verify(NONE);
      expect(report.status).toBe('incomplete');
      expect(report.terminal_kind).toBe('review_vote');
    });

    it('forged verdict payload → entry_hash_mismatch at the verdict', () => {
      const forged = canonicalJson({ overall: 'pass', clauses: [{ clause: 0, status: 'met' }] });
      update('UPDATE journal SET payload = ? WHERE session_id = ? AND seq = ?', forged, id, SEQ.verdict);
      expectFailure(verify(), 'entry_hash_mismatch', SEQ.verdict);
    });

    it('edited payload with recomputed hashes (chain relinked, head moved) but old signatures → bad_signature', () => {
      const row = journalRow(fx.raw, id, SEQ.verdict);
      const payload = JSON.parse(row.payload);
      payload.overall = 'fail';
      update(
        'UPDATE journal SET payload = ? WHERE session_id = ? AND seq = ?',
        canonicalJson(payload),
        id,
        SEQ.verdict,
      );
      relinkRows(fx.raw, id, SEQ.verdict);
      expectFailure(verify(), 'bad_signature', SEQ.verdict);
    });

    it('whole chain re-signed with another key, pinned key given → failed untrusted_key', () => {
      update(
        'UPDATE journal SET payload = ? WHERE session_id = ? AND seq = ?',
        canonicalJson({ overall: 'pass', clauses: [] }),
        id,
        SEQ.verdict,
      );
      relinkRows(fx.raw, id, 0, FORGER_KEY);
      update(
        'UPDATE sessions SET public_key = ?, pubkey_id = ? WHERE id = ?',
        Buffer.from(FORGER_KEY.publicKey),
        FORGER_KEY.keyId,
        id,
      );
      const report = verify(trustedOf(SESSION_KEY));
      expectFailure(report, 'untrusted_key', null);
      expect(report.key_pinned).toBe(false);
      expect(report.key_id).toBe(FORGER_KEY.keyId);
    });

    it('whole chain re-signed with another key, no pinned key → integrity_only (exit 4), forger key shown', () => {
      relinkRows(fx.raw, id, 0, FORGER_KEY);
      update(
        'UPDATE sessions SET public_key = ?, pubkey_id = ? WHERE id = ?',
        Buffer.from(FORGER_KEY.publicKey),
        FORGER_KEY.keyId,
        id,
      );
      const report = verify(NONE);
      expect(report.status).toBe('integrity_only');
      expect(VERIFY_EXIT_CODES[report.status]).toBe(4);
      expect(report.public_key).toBe(FORGER_KEY.publicKeyHex);
      expect(report.key_id).toBe(FORGER_KEY.keyId);
    });

    it('whole chain re-signed, sessions.public_key left as the original → bad_signature at 0', () => {
      relinkRows(fx.raw, id, 0, FORGER_KEY);
      expectFailure(verify(), 'bad_signature', 0);
    });

    it('whole chain re-signed, sessions.pubkey_id left as the original fingerprint → key_mismatch', () => {
      // The report (and `truss ledger verify` output) shows key_id to the user; it must be the
      // fingerprint of the key that actually signed, never a stored label a forger can keep.
      relinkRows(fx.raw, id, 0, FORGER_KEY);
      update('UPDATE sessions SET public_key = ? WHERE id = ?', Buffer.from(FORGER_KEY.publicKey), id);
      const report = verify(NONE);
      expect(report.key_id, describeReport(report)).not.toBe(SESSION_KEY.keyId);
      expectFailure(report, 'key_mismatch', null);
    });

    it('sessions.public_key erased → failed key_mismatch (a report, not an exception)', () => {
      update('UPDATE sessions SET public_key = NULL WHERE id = ?', id);
      let report: VerifyReport | undefined;
      expect(() => {
        report = verify();
      }).not.toThrow();
      expectFailure(report as VerifyReport, 'key_mismatch', null);
    });

    it('non-canonical but equivalent payload text → payload_not_canonical', () => {
      const row = journalRow(fx.raw, id, 1);
      const pretty = JSON.stringify(JSON.parse(row.payload), null, 2);
      expect(JSON.parse(pretty)).toEqual(JSON.parse(row.payload));
      update('UPDATE journal SET payload = ? WHERE session_id = ? AND seq = 1', pretty, id);
      expectFailure(verify(), 'payload_not_canonical', 1);
    });

    it('payload with keys reordered (same JSON value) → payload_not_canonical', () => {
      const row = journalRow(fx.raw, id, 0);
      const parsed = JSON.parse(row.payload) as Record<string, unknown>;
      const reordered = `{${Object.keys(parsed)
        .reverse()
        .map((key) => `${JSON.stringify(key)}:${canonicalJson(parsed[key])}`)
        .join(',')}}`;
      update('UPDATE journal SET payload = ? WHERE session_id = ? AND seq = 0', reordered, id);
      expectFailure(verify(), 'payload_not_canonical', 0);
    });

    it('payload that is not JSON → malformed_entry', () => {
      update('UPDATE journal SET payload = ? WHERE session_id = ? AND seq = 2', '{"seat":', id);
      expectFailure(verify(), 'malformed_entry', 2);
    });
  });

  describe('child anchors', () => {
    let parent: string;
    let child: string;
    let other: string;
    beforeEach(() => {
      ({ parent, child, other } = appendParentWithChild(fx.store));
    });

    it('baseline: parent and anchored child verify', () => {
      const report = verify(PINNED, parent);
      expectVerified(report);
      expect(report.children.map((c) => [c.session_id, c.status])).toEqual([[child, 'verified']]);
    });

    it('repointed child anchor: a different validly-signed run swapped in as the child → child_anchor_mismatch', () => {
      update('DELETE FROM journal WHERE session_id = ?', child);
      update(
        `INSERT INTO journal (session_id, seq, kind, payload, prev_hash, entry_hash, signature, created_at)
         SELECT ?, seq, kind, payload, prev_hash, entry_hash, signature, created_at FROM journal WHERE session_id = ?`,
        child,
        other,
      );
      update(
        'UPDATE sessions SET head_hash = (SELECT head_hash FROM sessions WHERE id = ?) WHERE id = ?',
        other,
        child,
      );
      expectVerified(verify(PINNED, child)); // the swapped-in child is itself a valid run
      const report = verify(PINNED, parent);
      expectFailure(report, 'child_anchor_mismatch', ANCHOR_SEQ);
    });

    it('repointed child anchor: anchor payload edited to point at another child, hashes recomputed → bad_signature', () => {
      const payload = {
        child_session_id: other,
        child_head_hash: fx.store.session(other)?.head_hash,
      };
      update(
        'UPDATE journal SET payload = ? WHERE session_id = ? AND seq = ?',
        canonicalJson(payload),
        parent,
        ANCHOR_SEQ,
      );
      relinkRows(fx.raw, parent, ANCHOR_SEQ);
      expectFailure(verify(PINNED, parent), 'bad_signature', ANCHOR_SEQ);
    });

    it('tampered child (signature byte flipped) → parent fails child_failed at the anchor', () => {
      flipStored('signature', 2, 0, child);
      const report = verify(PINNED, parent);
      expectFailure(report, 'child_failed', ANCHOR_SEQ);
      expect(report.children[0]?.failure).toMatchObject({ code: 'bad_signature', seq: 2 });
    });

    it('child truncated with a recomputed head → child_anchor_mismatch (a cut child cannot pass)', () => {
      update('DELETE FROM journal WHERE session_id = ? AND seq = 6', child);
      setHead(fx.raw, child, journalRow(fx.raw, child, 5).entry_hash);
      expectFailure(verify(PINNED, parent), 'child_anchor_mismatch', ANCHOR_SEQ);
    });

    it('child session deleted → child_missing', () => {
      update('DELETE FROM journal WHERE session_id = ?', child);
      update('DELETE FROM sessions WHERE id = ?', child);
      expectFailure(verify(PINNED, parent), 'child_missing', ANCHOR_SEQ);
    });
  });

  describe('human reviews', () => {
    it('a current review by a pinned reviewer is reported, not stale', () => {
      fx.store.appendHumanReview(id, REVIEWER_KEY, REVIEW_FIELDS);
      const report = verify();
      expectVerified(report);
      expect(report.reviews).toHaveLength(1);
      expect(report.reviews[0]).toMatchObject({
        seq: ENTRY_COUNT,
        decision: 'approved',
        stale: false,
        key_pinned: true,
        reviewer_key_id: REVIEWER_KEY.keyId,
        attested_head_hash: journalRow(fx.raw, id, SEQ.run_completed).entry_hash.toString('hex'),
      });
      expect(report.terminal_kind).toBe('run_completed');
    });

    // A session ends once (docs/ledger.md, duplicate_terminal): the review comes before the run's end.
    it('stale human review: entries appended after the review → review.stale, not current', () => {
      const late = appendSampleRun(fx.store, SESSION_KEY, { id: 'late', terminal: false });
      const review = fx.store.appendHumanReview(late, REVIEWER_KEY, REVIEW_FIELDS);
      fx.store.append(
        late,
        'tool_result',
        { call_id: 'late', name: 'bash', content: 'rm -rf x' },
        SESSION_KEY,
      );
      fx.store.append(late, 'run_completed', { final_text: 'changed after review' }, SESSION_KEY);
      const report = verify(PINNED, late);
      expectVerified(report);
      expect(report.reviews).toHaveLength(1);
      expect(report.reviews[0]).toMatchObject({ seq: review.seq, stale: true });
      expect(report.reviews.filter((r) => !r.stale)).toEqual([]);
    });

    // A pull-request review signs the commit its reviewer saw; one of another commit than the run
    // judged (22…2 here) does not vouch for this run (docs/ledger.md "Human sign-off").
    it('a review naming another commit than the run judged is stale; naming the judged one or none is current', () => {
      const other = { ...REVIEW_FIELDS.source, commit_sha: '3'.repeat(40) };
      fx.store.appendHumanReview(id, REVIEWER_KEY, { ...REVIEW_FIELDS, source: other });
      fx.store.appendHumanReview(id, REVIEWER_KEY, REVIEW_FIELDS);
      fx.store.appendHumanReview(id, REVIEWER_KEY, {
        ...REVIEW_FIELDS,
        source: { ...REVIEW_FIELDS.source, commit_sha: null },
      });
      const report = verify();
      expectVerified(report);
      expect(report.reviews.map((r) => [r.stale, r.stale_reason])).toEqual([
        [true, 'other_commit'],
        [false, undefined],
        [false, undefined],
      ]);
    });

    it('a second review after new evidence is current while the first stays stale', () => {
      const late = appendSampleRun(fx.store, SESSION_KEY, { id: 'late', terminal: false });
      fx.store.appendHumanReview(late, REVIEWER_KEY, REVIEW_FIELDS);
      fx.store.append(late, 'run_completed', { final_text: 'again' }, SESSION_KEY);
      fx.store.appendHumanReview(late, REVIEWER_KEY, { ...REVIEW_FIELDS, decision: 'needs_changes' });
      const report = verify(PINNED, late);
      expect(report.reviews.map((r) => [r.decision, r.stale])).toEqual([
        ['approved', true],
        ['needs_changes', false],
      ]);
    });

    /**
     * Appends a hand-made human_review row after the run's last entry, written straight into the
     * file (bypassing any checks LedgerStore.append makes), as an attacker with file access would.
     */
    const injectReview = (fields: Record<string, unknown>, signer: Signer): number => {
      const head = journalRow(fx.raw, id, SEQ.run_completed).entry_hash.toString('hex');
      const review = signEntry(head, ENTRY_COUNT, 'human_review', reviewPayload(head, fields), signer);
      insertRow(fx.raw, id, review);
      setHead(fx.raw, id, Buffer.from(review.entry_hash, 'hex'));
      return review.seq;
    };

    handMadeReviewCases(injectReview, () => verify());

    it('a review attesting a head that is not in this chain → unknown_attestation', () => {
      const otherRun = appendSampleRun(fx.store, SESSION_KEY, { extra: 2 });
      const foreignHead = fx.store.session(otherRun)?.head_hash as string;
      const seq = injectReview({ attested_head_hash: foreignHead }, REVIEWER_KEY);
      expectFailure(verify(), 'unknown_attestation', seq);
    });
  });
});

describe.each(CRYPTOS)('bundle verifier (verifyBundle(parseBundle(text))) on %s', (_name, crypto) => {
  let fx: LedgerFixture;
  let id: string;
  let text: string;
  let bundle: Bundle;

  beforeEach(() => {
    fx = openFixture();
    id = appendSampleRun(fx.store, SESSION_KEY);
    text = exportText(fx, id, crypto);
    bundle = JSON.parse(text) as Bundle;
  });
  afterEach(() => fx.close());

  /**
   * Serialises the (edited) bundle back to text and verifies it in memory, streamed from a file and
   * read whole from a file; the three reports must be deep-equal (see bundle-file-kit.ts).
   */
  const verify = (edited: Bundle = bundle, trusted: ReadonlyMap<string, string> = PINNED): VerifyReport =>
    verifyEveryWay(fx.dir, edited, { crypto, trusted });
  const entries = (): LedgerEntry[] => bundle.ledger.entries;
  const at = (i: number): LedgerEntry => entries()[i] as LedgerEntry;

  describe('baselines', () => {
    it('the exported text verifies as is with a pinned key (exit 0)', () => {
      const report = verifyBundle(parseBundle(text, 'bundle.json'), { crypto, trusted: PINNED });
      expectVerified(report);
      expect(verifyTextBothWays(fx.dir, text, { crypto, trusted: PINNED }, 'streamed')).toEqual(report);
      expect(report.entries).toBe(ENTRY_COUNT);
      expect(report.head_hash).toBe(fx.store.session(id)?.head_hash);
      expect(bundle.offline_verification?.status).toBe('verified');
    });

    it('with no pinned key it is integrity_only (exit 4)', () => {
      const report = verify(bundle, NONE);
      expect(report.status).toBe('integrity_only');
      expect(VERIFY_EXIT_CODES[report.status]).toBe(4);
    });
  });

  describe('tamper classes (docs/ledger.md "Verification results")', () => {
    it('corrupted entry hash → entry_hash_mismatch at that seq', () => {
      at(3).entry_hash = flipHexByte(at(3).entry_hash, 31);
      expectFailure(verify(), 'entry_hash_mismatch', 3);
    });

    it('flipped signature byte → bad_signature at that seq', () => {
      at(4).signature = flipHexByte(at(4).signature, 63);
      expectFailure(verify(), 'bad_signature', 4);
    });

    it('reordered entries (array positions 2 and 3 swapped) → seq_gap at 2', () => {
      const [a, b] = [at(2), at(3)];
      entries()[2] = b;
      entries()[3] = a;
      expectFailure(verify(), 'seq_gap', 2);
    });

    it('reordered entries with seq numbers rewritten to look contiguous → prev_hash_mismatch at 2', () => {
      const [a, b] = [at(2), at(3)];
      entries()[2] = { ...b, seq: 2 };
      entries()[3] = { ...a, seq: 3 };
      expectFailure(verify(), 'prev_hash_mismatch', 2);
    });

    it('duplicated entry (entry 3 inserted twice) → seq_gap at 4', () => {
      entries().splice(4, 0, structuredClone(at(3)));
      const report = verify();
      expectFailure(report, 'seq_gap', 4);
      expect(report.failure?.message).toMatch(/appears again/);
    });

    it('replayed entry (entry 3 re-numbered as seq 7 and appended, head moved) → prev_hash_mismatch at 7', () => {
      entries().push({ ...structuredClone(at(3)), seq: 7 });
      bundle.ledger.head_hash = at(3).entry_hash;
      expectFailure(verify(), 'prev_hash_mismatch', 7);
    });

    it('dropped head (last entry removed, head_hash left) → head_mismatch at the new last seq', () => {
      entries().pop();
      expectFailure(verify(), 'head_mismatch', 5);
    });

    it('dropped head (head_hash set to null) → head_mismatch', () => {
      bundle.ledger.head_hash = null;
      expectFailure(verify(), 'head_mismatch', 6);
    });

    it('truncated tail with a recomputed head → incomplete (exit 5), not verified', () => {
      entries().pop();
      bundle.ledger.head_hash = at(5).entry_hash;
      expectIncomplete(verify(), 6, 'verdict');
    });

    it('forged verdict payload (view edited to match) → entry_hash_mismatch at the verdict', () => {
      const verdict = { overall: 'pass', clauses: [{ clause: 0, status: 'met' }] };
      at(SEQ.verdict).payload = verdict;
      bundle.verdict = verdict;
      expectFailure(verify(), 'entry_hash_mismatch', SEQ.verdict);
    });

    it('edited payload with recomputed hashes (chain relinked, head moved) but old signatures → bad_signature', () => {
      at(SEQ.verdict).payload = { ...at(SEQ.verdict).payload, overall: 'fail' };
      bundle.verdict = at(SEQ.verdict).payload;
      bundle.ledger.head_hash = relinkEntries(entries(), SEQ.verdict);
      expectFailure(verify(), 'bad_signature', SEQ.verdict);
    });

    it('whole chain re-signed with another key, pinned key given → failed untrusted_key', () => {
      at(SEQ.verdict).payload = { ...at(SEQ.verdict).payload, overall: 'pass', waived: ['everything'] };
      bundle.verdict = at(SEQ.verdict).payload;
      bundle.ledger.head_hash = relinkEntries(entries(), 0, FORGER_KEY);
      bundle.ledger.public_key = FORGER_KEY.publicKeyHex;
      bundle.ledger.pubkey_id = FORGER_KEY.keyId;
      const report = verify(bundle, trustedOf(SESSION_KEY));
      expectFailure(report, 'untrusted_key', null);
      expect(report.key_id).toBe(FORGER_KEY.keyId);
    });

    it('whole chain re-signed with another key, no pinned key → integrity_only (exit 4)', () => {
      bundle.ledger.head_hash = relinkEntries(entries(), 0, FORGER_KEY);
      bundle.ledger.public_key = FORGER_KEY.publicKeyHex;
      bundle.ledger.pubkey_id = FORGER_KEY.keyId;
      const report = verify(bundle, NONE);
      expect(report.status).toBe('integrity_only');
      expect(VERIFY_EXIT_CODES[report.status]).toBe(4);
      expect(report.key_id).toBe(FORGER_KEY.keyId);
    });

    it('whole chain re-signed, public_key left as the original → bad_signature at 0', () => {
      bundle.ledger.head_hash = relinkEntries(entries(), 0, FORGER_KEY);
      expectFailure(verify(), 'bad_signature', 0);
    });

    it('whole chain re-signed, pubkey_id left as the original fingerprint → key_mismatch', () => {
      bundle.ledger.head_hash = relinkEntries(entries(), 0, FORGER_KEY);
      bundle.ledger.public_key = FORGER_KEY.publicKeyHex;
      expectFailure(verify(bundle, NONE), 'key_mismatch', null);
    });

    it('forged ledger under a small-order public key (identity point, R = identity, S = 0) → failed', () => {
      // With A = R = the identity point and S = 0, the cofactorless equation [S]B = R + [k]A holds
      // for every message: "signatures" anyone can make for any content. RFC 8032 strict verifiers
      // (noble with zip215: false) reject small-order keys; node:crypto/OpenSSL alone does not.
      const identity = `01${'00'.repeat(31)}`;
      const universalSignature = `${identity}${'00'.repeat(32)}`;
      bundle.ledger.head_hash = relinkEntries(entries(), 0);
      for (const entry of entries()) entry.signature = universalSignature;
      bundle.ledger.public_key = identity;
      bundle.ledger.pubkey_id = keyIdOf(Buffer.from(identity, 'hex'));
      expectFailure(verify(bundle, NONE), 'bad_signature', 0);
    });

    it('mismatched convenience view: bundle.verdict edited → view_mismatch', () => {
      bundle.verdict = {
        overall: 'pass',
        clauses: [
          { clause: 0, status: 'met' },
          { clause: 1, status: 'met' },
        ],
        waived: true,
      };
      const report = verify();
      expectFailure(report, 'view_mismatch', null);
      expect(report.failure?.message).toMatch(/"verdict"/);
    });

    it('mismatched convenience view: bundle.contract edited → view_mismatch', () => {
      (bundle.contract as { intent: string }).intent = 'anything at all';
      const report = verify();
      expectFailure(report, 'view_mismatch', null);
      expect(report.failure?.message).toMatch(/"contract"/);
    });

    it('mismatched convenience view: the check result dropped from bundle.evidence → view_mismatch', () => {
      (bundle.evidence as { checks: unknown[] }).checks = [];
      const report = verify();
      expectFailure(report, 'view_mismatch', null);
      expect(report.failure?.message).toMatch(/"evidence"/);
    });

    it('offline_verification.status claims "verified" on a tampered bundle → still fails (informational only)', () => {
      at(1).signature = flipHexByte(at(1).signature, 0);
      expect(bundle.offline_verification?.status).toBe('verified');
      expectFailure(verify(), 'bad_signature', 1);
    });

    it('uppercase hex in a hash → malformed_entry (encodings are lowercase hex)', () => {
      at(2).prev_hash = at(2).prev_hash.toUpperCase();
      expectFailure(verify(), 'malformed_entry', 2);
    });
  });

  describe('child anchors', () => {
    let parent: string;
    let child: string;
    let other: string;
    let parentBundle: Bundle;
    beforeEach(() => {
      ({ parent, child, other } = appendParentWithChild(fx.store));
      parentBundle = JSON.parse(exportText(fx, parent, crypto)) as Bundle;
    });

    it('baseline: parent bundle carries and verifies its anchored child', () => {
      expect(parentBundle.ledger.child_sessions.map((c) => c.session_id)).toEqual([child]);
      const report = verify(parentBundle);
      expectVerified(report);
      expect(report.children.map((c) => [c.session_id, c.status])).toEqual([[child, 'verified']]);
    });

    it('repointed child anchor: a different validly-signed child swapped in under the same id → child_anchor_mismatch', () => {
      const otherLedger = (JSON.parse(exportText(fx, other, crypto)) as Bundle).ledger;
      parentBundle.ledger.child_sessions = [{ ...otherLedger, session_id: child }];
      const report = verify(parentBundle);
      expectFailure(report, 'child_anchor_mismatch', ANCHOR_SEQ);
      expect(report.children[0]?.status).toBe('verified');
    });

    it('repointed child anchor: anchor payload edited to point at another child, hashes recomputed → bad_signature', () => {
      const otherLedger = (JSON.parse(exportText(fx, other, crypto)) as Bundle).ledger;
      const anchors = parentBundle.ledger.entries;
      (anchors[ANCHOR_SEQ] as LedgerEntry).payload = {
        child_session_id: other,
        child_head_hash: otherLedger.head_hash,
      };
      parentBundle.ledger.head_hash = relinkEntries(anchors, ANCHOR_SEQ);
      parentBundle.ledger.child_sessions = [otherLedger];
      expectFailure(verify(parentBundle), 'bad_signature', ANCHOR_SEQ);
    });

    it('tampered child (signature byte flipped) → child_failed at the anchor', () => {
      const childEntry = parentBundle.ledger.child_sessions[0]?.entries[2] as LedgerEntry;
      childEntry.signature = flipHexByte(childEntry.signature, 10);
      const report = verify(parentBundle);
      expectFailure(report, 'child_failed', ANCHOR_SEQ);
      expect(report.children[0]?.failure).toMatchObject({ code: 'bad_signature', seq: 2 });
    });

    it('child re-signed by a key that is not pinned → child_failed (untrusted_key)', () => {
      const childLedger = parentBundle.ledger.child_sessions[0] as Bundle['ledger'];
      childLedger.head_hash = relinkEntries(childLedger.entries, 0, FORGER_KEY);
      childLedger.public_key = FORGER_KEY.publicKeyHex;
      childLedger.pubkey_id = FORGER_KEY.keyId;
      const report = verify(parentBundle);
      expectFailure(report, 'child_failed', ANCHOR_SEQ);
      expect(report.children[0]?.failure).toMatchObject({ code: 'untrusted_key' });
    });

    it('child removed from child_sessions → child_missing', () => {
      parentBundle.ledger.child_sessions = [];
      expectFailure(verify(parentBundle), 'child_missing', ANCHOR_SEQ);
    });
  });

  describe('human reviews', () => {
    /** Exports after extra appends so the bundle is the library's own output. */
    const reexport = (): Bundle => JSON.parse(exportText(fx, id, crypto)) as Bundle;

    it('stale human review: entries appended after the review → review.stale, not current', () => {
      const late = appendSampleRun(fx.store, SESSION_KEY, { id: 'late', terminal: false });
      const review = fx.store.appendHumanReview(late, REVIEWER_KEY, REVIEW_FIELDS);
      fx.store.append(late, 'tool_result', { call_id: 'late', name: 'bash', content: 'edit' }, SESSION_KEY);
      fx.store.append(late, 'run_completed', { final_text: 'changed after review' }, SESSION_KEY);
      const report = verify(JSON.parse(exportText(fx, late, crypto)) as Bundle);
      expectVerified(report);
      expect(report.reviews).toHaveLength(1);
      expect(report.reviews[0]).toMatchObject({ seq: review.seq, stale: true, key_pinned: true });
      expect(report.reviews.filter((r) => !r.stale)).toEqual([]);
    });

    it('a current review is not stale', () => {
      fx.store.appendHumanReview(id, REVIEWER_KEY, REVIEW_FIELDS);
      const report = verify(reexport());
      expectVerified(report);
      expect(report.reviews.map((r) => r.stale)).toEqual([false]);
    });

    it('a review naming another commit than the run judged is stale in every way of reading the bundle', () => {
      fx.store.appendHumanReview(id, REVIEWER_KEY, {
        ...REVIEW_FIELDS,
        source: { ...REVIEW_FIELDS.source, commit_sha: '3'.repeat(40) },
      });
      const report = verify(reexport());
      expectVerified(report);
      expect(report.reviews).toMatchObject([{ stale: true, stale_reason: 'other_commit', key_pinned: true }]);
    });

    /** Appends a hand-made human_review entry after the run's last entry and moves head_hash to it. */
    const pushReview = (fields: Record<string, unknown>, signer: Signer): number => {
      const head = at(SEQ.run_completed).entry_hash;
      const review = signEntry(head, ENTRY_COUNT, 'human_review', reviewPayload(head, fields), signer);
      entries().push(review);
      bundle.ledger.head_hash = review.entry_hash;
      return review.seq;
    };

    handMadeReviewCases(pushReview, () => verify());

    it('a review attesting a head that is not in this chain → unknown_attestation', () => {
      const seq = pushReview(
        { attested_head_hash: flipHexByte(at(SEQ.run_completed).entry_hash, 0) },
        REVIEWER_KEY,
      );
      expectFailure(verify(), 'unknown_attestation', seq);
    });

    it('review decision edited from needs_changes to approved → entry_hash_mismatch', () => {
      fx.store.appendHumanReview(id, REVIEWER_KEY, { ...REVIEW_FIELDS, decision: 'needs_changes' });
      const exported = reexport();
      const review = exported.ledger.entries[ENTRY_COUNT] as LedgerEntry;
      review.payload = { ...review.payload, decision: 'approved' };
      expectFailure(verify(exported), 'entry_hash_mismatch', ENTRY_COUNT);
    });
  });
});

describe('export fidelity', () => {
  it('every journal row in the DB matches the exported entry it becomes', () => {
    const fx = openFixture();
    try {
      const crypto = createNodeCrypto();
      const id = appendSampleRun(fx.store, SESSION_KEY, { extra: 3 });
      const bundle = JSON.parse(exportText(fx, id, crypto)) as Bundle;
      const rows = journalRows(fx.raw, id);
      expect(bundle.ledger.entries).toEqual(
        rows.map((row) => ({
          seq: row.seq,
          kind: row.kind,
          payload: JSON.parse(row.payload),
          prev_hash: row.prev_hash.toString('hex'),
          entry_hash: row.entry_hash.toString('hex'),
          signature: row.signature.toString('hex'),
        })),
      );
    } finally {
      fx.close();
    }
  });
});
