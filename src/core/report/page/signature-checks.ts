/// <reference lib="dom" />
/**
 * Where the report page's Ed25519 checks run (docs/report.md "Performance"): in Web Workers started
 * from the page's own script (a blob: URL; no network), each on the browser's WebCrypto once it has
 * passed the probe in webcrypto-ed25519.ts, else on @noble; in the page thread when workers are
 * unavailable. Jobs travel as the hex the bundle carries, so the page thread only copies strings.
 */
import { portableCrypto } from '../../ledger/crypto-portable.js';
import { hexToBytes } from '../../ledger/encoding.js';
import { webCryptoAnswerer } from './webcrypto-ed25519.js';

/** One signature check: signature, message (an entry hash), public key. */
export type SignatureJob = [Uint8Array, Uint8Array, Uint8Array];

/** The same three inputs as the lowercase hex a bundle carries them in. */
export type HexJob = [string, string, string];

/** What a worker is sent: jobs as bytes or as hex, answered with one byte each (`answerJobs`). */
type WireJob = [Uint8Array | string, Uint8Array | string, Uint8Array | string];

/** Answers to signature checks, keyed by {@link hexJobKey} of the three inputs. */
export type SignatureAnswers = Map<string, boolean>;

export type Engine = 'webcrypto' | 'noble';

export interface CheckedSignatures {
  answers: SignatureAnswers;
  workers: number;
  /** Who answered: WebCrypto only when every answer came from it. */
  engine: Engine;
}

/** One answer: 1 valid, 0 not valid, NOT_A_JOB for hex that does not decode (no verifier asks it). */
const NOT_A_JOB = 2;
const BATCH = 200;
/** The message that asks a worker which engine it answers with. */
const ENGINE_QUESTION = 'engine';

export const hexJobKey = (signature: string, message: string, key: string): string =>
  `${signature}.${message}.${key}`;

/** Answers `jobs` with @noble in the calling thread (a worker without WebCrypto, or the page). */
export function answerJobs(jobs: SignatureJob[]): Uint8Array {
  const out = new Uint8Array(jobs.length);
  for (let i = 0; i < jobs.length; i++) {
    const [signature, message, key] = jobs[i] as SignatureJob;
    out[i] = portableCrypto.verify(signature, message, key) ? 1 : 0;
  }
  return out;
}

type Answerer = (jobs: SignatureJob[]) => Promise<Uint8Array>;
let engine: Promise<{ answer: Answerer; engine: Engine }> | undefined;

/** This thread's engine, probed once: WebCrypto when it passes the probe, else @noble. */
function threadEngine(): Promise<{ answer: Answerer; engine: Engine }> {
  engine ??= webCryptoAnswerer().then((native) =>
    native
      ? { answer: native, engine: 'webcrypto' as const }
      : { answer: async (jobs: SignatureJob[]) => answerJobs(jobs), engine: 'noble' as const },
  );
  return engine;
}

/**
 * Answers one batch in this thread with its engine: what a worker does with each message, and the
 * page's own fallback. Hex is decoded first; a job whose hex does not decode is NOT_A_JOB.
 */
async function answerWireJobs(jobs: WireJob[]): Promise<Uint8Array> {
  const { answer } = await threadEngine();
  const results = new Uint8Array(jobs.length).fill(NOT_A_JOB);
  const decoded: SignatureJob[] = [];
  const at: number[] = [];
  const bytes = (value: Uint8Array | string, length: number) =>
    typeof value === 'string' ? hexToBytes(value, length) : value;
  jobs.forEach(([signature, message, key], i) => {
    const job = [bytes(signature, 64), bytes(message, 32), bytes(key, 32)];
    if (job[0] && job[1] && job[2]) {
      decoded.push(job as SignatureJob);
      at.push(i);
    }
  });
  const answers = await answer(decoded);
  at.forEach((position, i) => {
    results[position] = answers[i] as number;
  });
  return results;
}

/**
 * The worker side: every message of jobs is answered with one byte per job, and the message
 * ENGINE_QUESTION with the engine this worker uses.
 */
export function serveSignatureChecks(scope: {
  onmessage: ((event: MessageEvent<WireJob[] | typeof ENGINE_QUESTION>) => void) | null;
  postMessage: (message: unknown, transfer?: Transferable[]) => void;
}): void {
  scope.onmessage = (event) => {
    if (event.data === ENGINE_QUESTION) {
      void threadEngine().then((used) => scope.postMessage(used.engine));
      return;
    }
    void answerWireJobs(event.data).then((out) => scope.postMessage(out, [out.buffer]));
  };
}

/**
 * Starts the page's signature workers from `scriptText` (this page's own script, as a blob: URL; no
 * network), before there are jobs for them, so they load and probe their engine meanwhile. Empty
 * when there is no script or the browser offers no Worker: the page thread then checks.
 */
export function startWorkers(scriptText: string | null): Worker[] {
  if (!scriptText || typeof Worker === 'undefined') return [];
  const count = Math.max(1, Math.min(navigator.hardwareConcurrency || 2, 8));
  try {
    const url = URL.createObjectURL(new Blob([scriptText], { type: 'text/javascript' }));
    return Array.from({ length: count }, () => new Worker(url));
  } catch {
    return [];
  }
}

/**
 * Checks `jobs` in the `pool` from {@link startWorkers} (terminated when done), or in the page thread
 * when the pool is empty or a worker fails (then every answer is recomputed here, so a failing
 * worker can only cost time). `onProgress` gets the number of checks done.
 */
export async function checkSignatures(
  jobs: HexJob[],
  pool: Worker[],
  onProgress: (done: number) => void,
): Promise<CheckedSignatures> {
  const batches: HexJob[][] = [];
  for (let i = 0; i < jobs.length; i += BATCH) batches.push(jobs.slice(i, i + BATCH));
  const answers: SignatureAnswers = new Map();
  let done = 0;
  let engines = new Set<Engine>();
  const record = (batch: HexJob[], results: Uint8Array) => {
    batch.forEach(([s, m, k], i) => {
      if (results[i] !== NOT_A_JOB) answers.set(hexJobKey(s, m, k), results[i] === 1);
    });
    done += batch.length;
    onProgress(done);
  };
  const result = (workers: number): CheckedSignatures => ({
    answers,
    workers,
    engine: engines.has('noble') || engines.size === 0 ? 'noble' : 'webcrypto',
  });
  if (pool.length > 0) {
    try {
      let next = 0;
      await Promise.all(
        pool.map(async (worker) => {
          engines.add((await ask(worker, ENGINE_QUESTION)) as Engine);
          while (next < batches.length) {
            const batch = batches[next++] as HexJob[];
            record(batch, (await ask(worker, batch)) as Uint8Array);
          }
        }),
      );
      return result(pool.length);
    } catch {
      answers.clear();
      engines = new Set();
      done = 0;
    } finally {
      stopWorkers(pool);
    }
  }
  engines.add((await threadEngine()).engine);
  for (const batch of batches) {
    record(batch, await answerWireJobs(batch));
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return result(0);
}

export function stopWorkers(pool: Worker[]): void {
  for (const worker of pool) worker.terminate();
}

/** One question to a worker: a batch (answered with one byte per job) or ENGINE_QUESTION. */
function ask(worker: Worker, question: HexJob[] | typeof ENGINE_QUESTION): Promise<unknown> {
  return new Promise((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<unknown>) => {
      const out = event.data;
      const fits =
        question === ENGINE_QUESTION
          ? out === 'webcrypto' || out === 'noble'
          : out instanceof Uint8Array && out.length === question.length;
      if (fits) resolve(out);
      else reject(new Error('a signature worker answered something else'));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      reject(new Error(event.message || 'a signature worker failed'));
    };
    worker.postMessage(question);
  });
}
