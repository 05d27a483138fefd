/**
 * The signed append taken apart step by step (bench/lib/ledger-steps.ts), alone:
 *
 *   node --import tsx bench/lib/ledger-steps-main.ts [--dir=DIR] [--entries=N] [--rounds=R]
 *   node --import tsx bench/lib/ledger-steps-main.ts --only=STEP [--dir=DIR] [--entries=N]
 *
 * The first form prints, per step, the side's wall and CPU µs per append and what the step adds to
 * the side before it (medians of the rounds; DIR defaults to /dev/shm, where an fsync costs next to
 * nothing). The second appends N entries with that one side and nothing else, so that two runs under
 * `valgrind --tool=callgrind` (N and 3N entries) give the instructions per append of every side by
 * difference, without the noise of a shared machine (docs/performance.md, "Append").
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureSteps, STEPS, type Step, stepSide, storeSide } from './ledger-steps.js';
import { makePayloads } from './payloads.js';

const options = { dir: existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), entries: 2_000, rounds: 5, only: '' };
for (const arg of process.argv.slice(2)) {
  const [flag, value = ''] = arg.split('=', 2);
  if (flag === '--dir') options.dir = value;
  else if (flag === '--entries') options.entries = Number(value);
  else if (flag === '--rounds') options.rounds = Number(value);
  else if (flag === '--only') options.only = value;
  else throw new Error(`unknown option ${arg} (use --dir=DIR, --entries=N, --rounds=R, --only=STEP)`);
}
if (!Number.isSafeInteger(options.entries) || options.entries < 1)
  throw new Error('--entries needs a positive integer');
if (options.only && !STEPS.includes(options.only as Step))
  throw new Error(`--only takes one of ${STEPS.join(', ')}`);

const dir = mkdtempSync(join(options.dir, 'truss-steps-'));
try {
  if (options.only) {
    // The same 1,000 payloads over and over: making more would add to the count being measured.
    const payloads = makePayloads(Math.min(options.entries, 1_000));
    const step = options.only as Step;
    const path = join(dir, 'only.db');
    const side = step === 'store' ? storeSide(path, payloads) : stepSide(path, payloads, 'bench', step);
    for (let done = 0; done < options.entries; done += payloads.length)
      side.write(0, Math.min(payloads.length, options.entries - done));
    side.close();
  } else {
    const payloads = makePayloads(options.entries);
    const steps = measureSteps(dir, payloads, options.rounds);
    process.stdout.write(
      `append steps on ${options.dir}, ${options.entries} entries, median of ${options.rounds}\n`,
    );
    for (const s of steps) {
      process.stdout.write(
        `${s.step.padEnd(15)} wall ${s.wall_us.toFixed(1).padStart(7)} µs (+${s.adds_wall_us.toFixed(1)})  cpu ${s.cpu_us.toFixed(1).padStart(7)} µs (+${s.adds_cpu_us.toFixed(1)})\n`,
      );
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
