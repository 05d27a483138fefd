/**
 * Child of bench:run: starts `sh -c COMMAND` COUNT times in turn, each awaited to its end, the way a
 * check's shell starts, without the rest of the harness:
 *
 *   node --import tsx bench/lib/spawn-floor.ts node|sandbox COUNT REPO CONTRACT DB KEY
 *
 * - `node`: child_process.spawn from this Node process, streams piped and read, awaiting `close`.
 * - `sandbox`: runShell (the check runner's supervisor) through the isolation `truss run` sets up for
 *   CONTRACT in REPO (createRunIsolation: same mode, hidden paths, scratch root), so the sandbox's
 *   own chain is included but no ledger append, output hashing or progress line is.
 *
 * The parent times COUNT = 20 against COUNT = 1, so start-up (tsx, module loading, the isolation's
 * probes) cancels out and what is left is the cost of one more process. Prints the isolation level.
 */
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { resolveContract } from '../../src/core/contract/index.js';
import { runShell } from '../../src/core/process/shell-runner.js';
import { createRunIsolation } from '../../src/core/run/index.js';

const [mode, countText, repo, contractPath, dbPath, keyFile] = process.argv.slice(2);
if ((mode !== 'node' && mode !== 'sandbox') || !repo || !contractPath || !dbPath || !keyFile) {
  throw new Error('usage: spawn-floor.ts node|sandbox COUNT REPO CONTRACT DB KEY');
}
const count = Number(countText);
const command = (i: number) => `test -f README.md && echo check-${i}`;
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin' };

function bare(i: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', command(i)], {
      cwd: repo,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.resume();
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`exit ${code}`))));
  });
}

if (mode === 'node') {
  for (let i = 0; i < count; i++) await bare(i);
  process.stdout.write('node\n');
} else {
  const { contract } = resolveContract({ contractPath });
  const isolation = await createRunIsolation({
    contract,
    workdir: repo,
    dbPath,
    keyFiles: [keyFile],
    env: process.env,
    scratchRoot: tmpdir(),
  });
  const signal = new AbortController().signal;
  for (let i = 0; i < count; i++) {
    const outcome = await runShell(command(i), {
      workdir: repo,
      env,
      ctx: { signal, isolation },
      timeoutMs: 30_000,
    });
    if (outcome.exitCode !== 0)
      throw new Error(`check ${i} exited ${outcome.exitCode}: ${outcome.stderr.tail}`);
  }
  process.stdout.write(`${isolation.report.level}\n`);
}
