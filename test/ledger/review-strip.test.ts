import { afterEach, beforeEach, expect, it } from 'vitest';
import { type Bundle, createNodeCrypto, verifyBundle } from '../../src/core/ledger/index.js';
import {
  exportText,
  type LedgerFixture,
  openFixture,
  REVIEW_FIELDS,
  REVIEWER_KEY,
  SESSION_KEY,
  trustedOf,
} from '../helpers/ledger-kit.js';
import { appendSampleRun } from '../helpers/sample-run.js';

/**
 * The documented limit of a bundle (docs/ledger.md "What a bundle cannot show: a later sign-off"):
 * nothing commits to what follows a copy's last entry, so a bundle cut back before a later
 * rejection is, byte for byte in its ledger, the bundle as it stood before the rejection was signed,
 * and verifies the same. This pins that behaviour so a change to it is a deliberate one.
 */
const crypto = createNodeCrypto();
const options = { crypto, trusted: trustedOf(SESSION_KEY, REVIEWER_KEY) };
let fx: LedgerFixture;
beforeEach(() => {
  fx = openFixture('review-strip');
});
afterEach(() => fx.close());

it('a bundle cut back before a later rejection is the earlier bundle, and verifies as it did', () => {
  const id = appendSampleRun(fx.store, SESSION_KEY);
  fx.store.appendHumanReview(id, REVIEWER_KEY, REVIEW_FIELDS);
  const before = JSON.parse(exportText(fx, id, crypto)) as Bundle;
  fx.store.appendHumanReview(id, REVIEWER_KEY, {
    ...REVIEW_FIELDS,
    decision: 'rejected',
    note: 'found a backdoor',
  });
  const cut = JSON.parse(exportText(fx, id, crypto)) as Bundle;
  cut.ledger.entries.pop();
  cut.ledger.head_hash = cut.ledger.entries.at(-1)?.entry_hash ?? null;

  expect(cut.ledger).toEqual(before.ledger);
  const report = verifyBundle(cut, options);
  expect(report).toEqual(verifyBundle(before, options));
  expect(report.status).toBe('verified');
  expect(report.reviews.map((r) => [r.decision, r.stale])).toEqual([['approved', false]]);
  // The database the reviews were appended to still says what happened last.
  const db = fx.store.verifySession(id, options);
  expect(db.reviews.map((r) => [r.decision, r.stale])).toEqual([
    ['approved', false],
    ['rejected', false],
  ]);
});
