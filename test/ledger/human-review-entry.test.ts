import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type Bundle,
  checkDetachedHumanReview,
  createNodeCrypto,
  type LedgerEntry,
  parseBundle,
  signDetachedHumanReview,
  verifyBundle,
} from '../../src/core/ledger/index.js';
import {
  describeReport,
  exportText,
  FORGER_KEY,
  type LedgerFixture,
  openFixture,
  REVIEWER_KEY,
  SESSION_KEY,
  trustedOf,
} from '../helpers/ledger-kit.js';
import { appendSampleRun } from '../helpers/sample-run.js';

const crypto = createNodeCrypto();
/** An approval's own fields, for tests where only the head matters. */
const PLAIN_APPROVAL = {
  decision: 'approved',
  note: '',
  actor: { login: 'a', id: 1 },
  source: { comment_id: 1, url: null },
} as const;

/** A real suspended run: the head an approval gate leaves behind. */
function suspendedBundle(fixture: LedgerFixture): Bundle {
  const id = appendSampleRun(fixture.store, SESSION_KEY, { terminal: false });
  fixture.store.append(id, 'suspended', { reason: 'approval', await: { gate: 'deploy' } }, SESSION_KEY);
  return parseBundle(exportText(fixture, id, crypto), 'bundle');
}

function approve(bundle: Bundle, signer = REVIEWER_KEY): LedgerEntry {
  const last = bundle.ledger.entries.at(-1) as LedgerEntry;
  return signDetachedHumanReview({
    headHash: bundle.ledger.head_hash as string,
    headSeq: last.seq,
    attestedHeadHash: bundle.ledger.head_hash as string,
    reviewer: signer,
    review: {
      decision: 'approved',
      note: 'ship it',
      actor: { login: 'octocat', id: 1 },
      source: { comment_id: 42, url: 'https://github.com/o/r/pull/2#issuecomment-42' },
    },
  });
}

describe('signDetachedHumanReview / checkDetachedHumanReview', () => {
  let fixture: LedgerFixture;
  beforeEach(() => {
    fixture = openFixture();
  });
  afterEach(() => fixture.close());

  it('signs an entry that chains onto the head and verifies inside the bundle with the reviewer pinned', () => {
    const bundle = suspendedBundle(fixture);
    const entry = approve(bundle);
    const head = { hash: bundle.ledger.head_hash as string, seq: bundle.ledger.entries.length - 1 };
    expect(entry.seq).toBe(head.seq + 1);
    expect(entry.prev_hash).toBe(head.hash);
    expect(entry.payload).toMatchObject({
      reviewer_public_key: REVIEWER_KEY.publicKeyHex,
      reviewer_key_id: REVIEWER_KEY.keyId,
      attested_head_hash: head.hash,
    });
    expect(checkDetachedHumanReview(entry, head, { crypto, trusted: trustedOf(REVIEWER_KEY) })).toBeNull();
    const extended: Bundle = {
      ...bundle,
      ledger: { ...bundle.ledger, entries: [...bundle.ledger.entries, entry], head_hash: entry.entry_hash },
    };
    const report = verifyBundle(extended, { crypto, trusted: trustedOf(SESSION_KEY, REVIEWER_KEY) });
    // Intact and pinned, but still waiting at its gate: `suspended`, never `verified`.
    expect(report.status, describeReport(report)).toBe('suspended');
    expect(report.reviews).toHaveLength(1);
    expect(report.reviews[0]).toMatchObject({ stale: false, key_pinned: true });
  });

  it('rejects a tampered, replayed, misplaced or unpinned decision', () => {
    const bundle = suspendedBundle(fixture);
    const head = { hash: bundle.ledger.head_hash as string, seq: bundle.ledger.entries.length - 1 };
    const trusted = trustedOf(REVIEWER_KEY);
    const entry = approve(bundle);
    const check = (e: LedgerEntry, h = head) => checkDetachedHumanReview(e, h, { crypto, trusted });

    expect(check({ ...entry, payload: { ...entry.payload, decision: 'rejected' } })).toBe(
      'entry_hash does not match the entry',
    );
    expect(check({ ...entry, signature: `${entry.signature.slice(0, -2)}00` })).toBe(
      'the signature is not valid for reviewer_public_key',
    );
    // Replayed onto another head (an older suspension) or at another position.
    expect(check(entry, { hash: 'ab'.repeat(32), seq: head.seq })).toBe(
      'prev_hash does not point at the ledger head',
    );
    expect(check(entry, { ...head, seq: head.seq + 1 })).toMatch(/does not follow the head/);
    // A forger signs a well-formed entry with their own key: intact, but the key is not pinned.
    expect(check(approve(bundle, FORGER_KEY))).toMatch(/is not pinned/);
    // …or names the pinned reviewer key while signing with their own.
    const forged = approve(bundle, FORGER_KEY);
    expect(
      check({ ...forged, payload: { ...forged.payload, reviewer_public_key: REVIEWER_KEY.publicKeyHex } }),
    ).toBe('entry_hash does not match the entry');
    expect(check({ ...entry, kind: 'verdict' })).toMatch(/expected a human_review/);
  });

  it('refuses malformed heads instead of signing something unverifiable', () => {
    expect(() =>
      signDetachedHumanReview({
        headHash: 'nothex',
        headSeq: 3,
        attestedHeadHash: 'ab'.repeat(32),
        reviewer: REVIEWER_KEY,
        review: PLAIN_APPROVAL,
      }),
    ).toThrow(/64-character hex/);
    expect(() =>
      signDetachedHumanReview({
        headHash: 'ab'.repeat(32),
        headSeq: -1,
        attestedHeadHash: 'ab'.repeat(32),
        reviewer: REVIEWER_KEY,
        review: PLAIN_APPROVAL,
      }),
    ).toThrow(/non-negative integer/);
  });
});
