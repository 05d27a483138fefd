import { checkReceipt } from '../../anchor/receipt.js';
import { type Bundle, verifyBundle } from '../../ledger/bundle.js';
import { portableCrypto } from '../../ledger/crypto-portable.js';
import { bytesToHex } from '../../ledger/encoding.js';
import { HUMAN_REVIEW_KIND } from '../../ledger/entry-hash.js';
import { MAX_BUNDLE_DEPTH } from '../../ledger/json-structure.js';
import type { LedgerCrypto } from '../../ledger/ledger-crypto.js';
import type { TrustedKeys } from '../../ledger/trusted-keys.js';
import type { VerifyReport } from '../../ledger/verify-report.js';
import {
  answerJobs,
  type HexJob,
  hexJobKey,
  type SignatureAnswers,
  type SignatureJob,
} from './signature-checks.js';

const jobKey = (signature: Uint8Array, message: Uint8Array, key: Uint8Array): string =>
  hexJobKey(bytesToHex(signature), bytesToHex(message), bytesToHex(key));

/**
 * The signature checks verifying this bundle will most likely ask for, read straight off its
 * entries (each entry's signature over its entry_hash, by the ledger key or, for a review, by the key
 * the review names), children included, so they can start before the bundle has even been checked:
 * `data` is whatever the page parsed, and anything unexpected in it yields fewer guesses, never an
 * error. Only a guess: an answer is used only for exactly the inputs it was computed on, and a check
 * the guess missed is computed when the verifier asks it.
 */
export function likelySignatureJobs(data: unknown): HexJob[] {
  const jobs: HexJob[] = [];
  const walk = (ledger: unknown, depth: number) => {
    if (typeof ledger !== 'object' || ledger === null || depth > MAX_BUNDLE_DEPTH) return;
    const { entries, child_sessions: children, public_key: ledgerKey } = ledger as Record<string, unknown>;
    for (const raw of Array.isArray(entries) ? entries : []) {
      if (typeof raw !== 'object' || raw === null) continue;
      const entry = raw as Record<string, unknown>;
      const payload = entry.payload as Record<string, unknown> | null | undefined;
      const key = entry.kind === HUMAN_REVIEW_KIND ? payload?.reviewer_public_key : ledgerKey;
      const { signature, entry_hash: hash } = entry;
      if (typeof signature === 'string' && typeof hash === 'string' && typeof key === 'string')
        jobs.push([signature, hash, key]);
    }
    for (const child of Array.isArray(children) ? children : []) walk(child, depth + 1);
  };
  walk((data as { ledger?: unknown } | null)?.ledger, 0);
  return jobs;
}

/** The verifier's result with every signature taken as valid, and the checks it asked for. */
export interface RecordedRun {
  report: VerifyReport;
  asked: SignatureJob[];
}

/**
 * Runs the real verifier (the same `verifyBundle` as `truss verify`) once with a crypto whose
 * `verify` records its inputs and answers yes. Its questions depend only on the bundle and the
 * answers so far, so when every real answer is yes this run's report is the real report, and
 * {@link settleRun} needs no second pass; after a real "no" the real run stops asking, so `asked`
 * covers it either way.
 */
export function recordRun(bundle: Bundle, trusted: TrustedKeys): RecordedRun {
  const asked: SignatureJob[] = [];
  const recording: LedgerCrypto = {
    ...portableCrypto,
    verify: (signature, message, key) => {
      asked.push([signature, message, key]);
      return true;
    },
  };
  const report = verifyBundle(bundle, { crypto: recording, trusted, receipts: checkReceipt });
  return { report, asked };
}

/**
 * The real report of a recorded run: the checks the guess missed are computed here (with @noble, into
 * `answers`), and unless every asked check is valid the verifier runs again on the real answers.
 */
export function settleRun(
  bundle: Bundle,
  trusted: TrustedKeys,
  run: RecordedRun,
  answers: SignatureAnswers,
): VerifyReport {
  const keys = run.asked.map(([s, m, k]) => jobKey(s, m, k));
  const missing = run.asked.filter((_job, i) => !answers.has(keys[i] as string));
  const computed = answerJobs(missing);
  missing.forEach(([s, m, k], i) => {
    answers.set(jobKey(s, m, k), computed[i] === 1);
  });
  return keys.every((key) => answers.get(key) === true)
    ? run.report
    : verifyWithAnswers(bundle, trusted, answers);
}

/**
 * Runs the real verifier with `verify` answered from `answers` (computed ahead of time, possibly in
 * workers). `verify` is a pure function of its inputs, so reading a precomputed answer gives the same
 * result as computing it here; an input that was not precomputed is computed on the spot.
 */
export function verifyWithAnswers(
  bundle: Bundle,
  trusted: TrustedKeys,
  answers: SignatureAnswers,
): VerifyReport {
  const crypto: LedgerCrypto = {
    ...portableCrypto,
    verify: (signature, message, key) =>
      answers.get(jobKey(signature, message, key)) ?? portableCrypto.verify(signature, message, key),
  };
  return verifyBundle(bundle, { crypto, trusted, receipts: checkReceipt });
}
