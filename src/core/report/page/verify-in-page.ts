/// <reference lib="dom" />

import { checkReceipt } from '../../anchor/receipt.js';
import { type Bundle, verifyBundle } from '../../ledger/bundle.js';
import { portableCrypto } from '../../ledger/crypto-portable.js';
import { bytesToHex } from '../../ledger/encoding.js';
import type { LedgerCrypto } from '../../ledger/ledger-crypto.js';
import type { TrustedKeys } from '../../ledger/trusted-keys.js';
import type { VerifyReport } from '../../ledger/verify-report.js';
import { webCryptoAnswerer } from './webcrypto-ed25519.js';

/** One signature check the verifier asked for: signature, message (an entry hash), public key. */
export type SignatureJob = [Uint8Array, Uint8Array, Uint8Array];

/** Answers to signature checks, keyed by the hex of all three inputs. */
export type SignatureAnswers = Map<string, boolean>;

const jobKey = (signature: Uint8Array, message: Uint8Array, key: Uint8Array): string =>
  `${bytesToHex(signature)}.${bytesToHex(message)}.${bytesToHex(key)}`;

/**
 * Every signature check `verifyBundle` can ask for on this bundle. The verifier runs once with a
 * crypto whose `verify` records its inputs and answers yes: until the first real "no" the real run
 * asks exactly the same questions (its inputs depend only on the bundle), and after that it stops
 * asking, so the recorded set covers the real run.
 */
export function collectSignatureJobs(bundle: Bundle): SignatureJob[] {
  const seen = new Set<string>();
  const jobs: SignatureJob[] = [];
  const recording: LedgerCrypto = {
    sha256: portableCrypto.sha256,
    verify: (signature, message, key) => {
      const id = jobKey(signature, message, key);
      if (!seen.has(id)) {
        seen.add(id);
        jobs.push([signature, message, key]);
      }
      return true;
    },
  };
  verifyBundle(bundle, { crypto: recording, trusted: new Map(), receipts: checkReceipt });
  return jobs;
}

/**
 * Runs the real verifier (the same `verifyBundle` as `truss verify`) with @noble's `verify` answers
 * computed ahead of time, possibly in workers. `verify` is a pure function of its inputs, so reading
 * a precomputed answer gives the same result as computing it here; an input that was not precomputed
 * is computed on the spot.
 */
export function verifyWithAnswers(
  bundle: Bundle,
  trusted: TrustedKeys,
  answers: SignatureAnswers,
): VerifyReport {
  const crypto: LedgerCrypto = {
    sha256: portableCrypto.sha256,
    verify: (signature, message, key) =>
      answers.get(jobKey(signature, message, key)) ?? portableCrypto.verify(signature, message, key),
  };
  return verifyBundle(bundle, { crypto, trusted, receipts: checkReceipt });
}

/** Answers `jobs` in the calling thread (the workers' loop, and the fallback when there are none). */
export function answerJobs(jobs: SignatureJob[]): Uint8Array {
  const out = new Uint8Array(jobs.length);
  for (let i = 0; i < jobs.length; i++) {
    const [signature, message, key] = jobs[i] as SignatureJob;
    out[i] = portableCrypto.verify(signature, message, key) ? 1 : 0;
  }
  return out;
}

const BATCH = 200;

/**
 * Checks every signature with the browser's WebCrypto Ed25519 when it passes the probe in
 * webcrypto-ed25519.ts, else with @noble, spread over Web Workers started from this page's own script
 * (a blob: URL; no network). Falls back to the page thread in small batches, yielding between them,
 * when workers are unavailable. `onProgress` gets the number of checks done.
 */
export async function answerAll(
  jobs: SignatureJob[],
  scriptText: string | null,
  onProgress: (done: number) => void,
): Promise<{ answers: SignatureAnswers; workers: number; engine: 'webcrypto' | 'noble' }> {
  const answers: SignatureAnswers = new Map();
  const record = (batch: SignatureJob[], results: Uint8Array) => {
    batch.forEach(([s, m, k], i) => {
      answers.set(jobKey(s, m, k), results[i] === 1);
    });
  };
  const batches: SignatureJob[][] = [];
  for (let i = 0; i < jobs.length; i += BATCH) batches.push(jobs.slice(i, i + BATCH));
  let done = 0;
  // The browser's native Ed25519 first, when it has proven it follows the signature rule.
  const native = await webCryptoAnswerer();
  if (native) {
    try {
      for (const batch of batches) {
        record(batch, await native(batch));
        done += batch.length;
        onProgress(done);
      }
      return { answers, workers: 0, engine: 'webcrypto' };
    } catch {
      answers.clear();
      done = 0;
    }
  }
  const pool = scriptText && batches.length > 1 ? startWorkers(scriptText, batches.length) : [];
  if (pool.length > 0) {
    try {
      let next = 0;
      await Promise.all(
        pool.map(async (worker) => {
          while (next < batches.length) {
            const batch = batches[next++] as SignatureJob[];
            record(batch, await ask(worker, batch));
            done += batch.length;
            onProgress(done);
          }
        }),
      );
      return { answers, workers: pool.length, engine: 'noble' };
    } catch {
      answers.clear();
      done = 0;
    } finally {
      for (const worker of pool) worker.terminate();
    }
  }
  for (const batch of batches) {
    record(batch, answerJobs(batch));
    done += batch.length;
    onProgress(done);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return { answers, workers: 0, engine: 'noble' };
}

function startWorkers(scriptText: string, batches: number): Worker[] {
  const count = Math.max(1, Math.min(navigator.hardwareConcurrency || 2, 8, batches));
  try {
    const url = URL.createObjectURL(new Blob([scriptText], { type: 'text/javascript' }));
    return Array.from({ length: count }, () => new Worker(url));
  } catch {
    return [];
  }
}

function ask(worker: Worker, batch: SignatureJob[]): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<Uint8Array>) => resolve(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      reject(new Error(event.message || 'worker failed'));
    };
    worker.postMessage(batch);
  });
}
