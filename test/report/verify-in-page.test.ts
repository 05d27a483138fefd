/**
 * The report page's verifier in Node: the signature checks it guesses from a bundle's entries are
 * only a cache of answers. Whatever the guess holds (nothing, all of it, answers for other inputs)
 * the report equals `truss verify`'s on the same bundle, for valid and tampered ledgers alike. Real
 * signed ledgers; the real verifier with node:crypto as the reference.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkReceipt } from '../../src/core/anchor/receipt.js';
import { type Bundle, createNodeCrypto, verifyBundle } from '../../src/core/ledger/index.js';
import { hexJobKey, type SignatureAnswers } from '../../src/core/report/page/signature-checks.js';
import {
  likelySignatureJobs,
  recordRun,
  settleRun,
  verifyWithAnswers,
} from '../../src/core/report/page/verify-in-page.js';
import {
  exportText,
  type LedgerFixture,
  openFixture,
  REVIEWER_KEY,
  SESSION_KEY,
} from '../helpers/ledger-kit.js';
import { appendSampleRun } from '../helpers/sample-run.js';

const node = createNodeCrypto();
const trusted = new Map([
  [SESSION_KEY.publicKeyHex, 'session'],
  [REVIEWER_KEY.publicKeyHex, 'reviewer'],
]);
const reference = (bundle: Bundle) => verifyBundle(bundle, { crypto: node, trusted, receipts: checkReceipt });

/** The right answer to every guessed check, computed with node:crypto. */
function rightAnswers(bundle: Bundle): SignatureAnswers {
  const answers: SignatureAnswers = new Map();
  for (const [s, m, k] of likelySignatureJobs(bundle))
    answers.set(
      hexJobKey(s, m, k),
      node.verify(Buffer.from(s, 'hex'), Buffer.from(m, 'hex'), Buffer.from(k, 'hex')),
    );
  return answers;
}

describe('the report page verifier', () => {
  let fx: LedgerFixture;
  let valid: Bundle;
  beforeAll(() => {
    fx = openFixture('verify-in-page');
    const id = appendSampleRun(fx.store, SESSION_KEY, { extra: 2 });
    fx.store.appendHumanReview(id, REVIEWER_KEY, {
      decision: 'approved',
      note: 'fine',
      actor: { login: 'reviewer', id: 1 },
      source: { review_id: 1, commit_sha: null, url: null },
    });
    valid = JSON.parse(exportText(fx, id, node)) as Bundle;
  });
  afterAll(() => fx?.close());

  const tampered = (): Record<string, Bundle> => {
    const session = structuredClone(valid);
    const entries = session.ledger.entries;
    (entries[3] as { signature: string }).signature = (entries[4] as { signature: string }).signature;
    const review = structuredClone(valid);
    const last = review.ledger.entries.at(-1) as { signature: string };
    last.signature = (review.ledger.entries[0] as { signature: string }).signature;
    return { valid, 'session signature swapped': session, 'review signature swapped': review };
  };

  it('guesses one check per entry, the review by the key it names, and never throws on odd data', () => {
    const jobs = likelySignatureJobs(valid);
    expect(jobs).toHaveLength(valid.ledger.entries.length);
    expect(jobs.at(-1)?.[2]).toBe(REVIEWER_KEY.publicKeyHex);
    expect(jobs[0]?.[2]).toBe(SESSION_KEY.publicKeyHex);
    let deep: unknown = { entries: [] };
    for (let i = 0; i < 10_000; i++) deep = { entries: [], child_sessions: [deep] };
    for (const odd of [null, 5, 'x', { ledger: null }, { ledger: { entries: 'no' } }, { ledger: deep }])
      expect(() => likelySignatureJobs(odd)).not.toThrow();
  });

  it('agrees with truss verify whatever the precomputed answers hold', () => {
    for (const [name, bundle] of Object.entries(tampered())) {
      const expected = reference(bundle);
      const right = rightAnswers(bundle);
      const onlyValid: SignatureAnswers = new Map([...right].filter(([, ok]) => ok));
      const allYes: SignatureAnswers = new Map([...right].map(([key]) => [`${key}0`, true]));
      for (const answers of [new Map(), right, onlyValid, allYes]) {
        const report = settleRun(bundle, trusted, recordRun(bundle, trusted), answers);
        expect(report, `${name}, ${answers.size} answers`).toEqual(expected);
      }
      expect(verifyWithAnswers(bundle, trusted, right)).toEqual(expected);
    }
    expect(reference(valid).status).toBe('verified');
    expect(reference(tampered()['review signature swapped'] as Bundle).failure?.code).toBe('bad_signature');
  });

  it('uses the precomputed answers it is given (a wrong "no" fails the chain)', () => {
    const lying: SignatureAnswers = new Map(
      likelySignatureJobs(valid).map(([s, m, k]) => [hexJobKey(s, m, k), false]),
    );
    const report = settleRun(valid, trusted, recordRun(valid, trusted), lying);
    expect(report.status).toBe('failed');
    expect(report.failure?.code).toBe('bad_signature');
  });
});
