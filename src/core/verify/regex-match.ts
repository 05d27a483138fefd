/** One expect_matches pattern's outcome: matched, did not match, invalid, or still running at the deadline. */
export type RegexOutcome = 'match' | 'no_match' | 'invalid' | 'timeout';

/**
 * The worker: compiles and tests each pattern in order and reports each result as soon as it has it,
 * so when the deadline kills it the caller knows which pattern was running. Plain CommonJS text, so
 * it runs the same from source (tsx) and from the bundled dist/.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
for (const source of workerData.sources) {
  let result;
  try {
    result = new RegExp(source).test(workerData.text) ? 'match' : 'no_match';
  } catch {
    result = 'invalid';
  }
  parentPort.postMessage(result);
}
`;

/**
 * Tests `sources` (JavaScript regular expressions from a contract's `expect_matches`) against `text`
 * in a worker thread that is terminated at `deadlineMs`. JavaScript's backtracking engine is
 * exponential on patterns like `^(a+)+$` (ReDoS): run on the harness's own thread, one such pattern
 * blocked the whole process for minutes past the check's `timeout_sec`, with the journaled duration
 * saying milliseconds. Here a pattern still running at the deadline is reported `timeout` (the
 * clause is not met), as are the patterns after it; an `AbortSignal` ends the match early the same way.
 */
export async function matchWithDeadline(
  sources: readonly string[],
  text: string,
  deadlineMs: number,
  signal?: AbortSignal,
): Promise<RegexOutcome[]> {
  if (sources.length === 0) return [];
  // Loaded on the first pattern, so a run without one does not load worker threads. Not import():
  // the CLI's bundle runs as a vm.Script with kept bytecode, where Node 20 has no dynamic import.
  const { Worker } = process.getBuiltinModule('node:worker_threads');
  const results: RegexOutcome[] = [];
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { sources: [...sources], text } });
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, Math.max(0, deadlineMs));
      const finish = (error?: Error) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        if (error) reject(error);
        else resolve();
      };
      const onAbort = () => finish();
      signal?.addEventListener('abort', onAbort, { once: true });
      if (signal?.aborted) finish();
      worker.on('message', (result: RegexOutcome) => {
        results.push(result);
        if (results.length === sources.length) finish();
      });
      worker.on('error', (error) => finish(error));
      worker.on('exit', () => finish());
    });
  } finally {
    await worker.terminate();
  }
  while (results.length < sources.length) results.push('timeout');
  return results;
}
