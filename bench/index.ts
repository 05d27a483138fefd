/**
 * Runs every benchmark in bench/ (each `bench/NAME.ts` except this file: ledger, run, runtime,
 * report, anchor, action, app, cleanroom, …), each in its own fresh process so one bench's heap and
 * JIT state cannot colour another's.
 *
 *   npm run bench [-- --json]
 *
 * Arguments are passed through to every bench. With --json, stdout gets exactly one JSON object keyed
 * by bench name (`{"ledger": {...}}`); progress stays on stderr. Exits non-zero if a bench fails to
 * run (a MISSed goal is a result, not a failure).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const json = args.includes('--json');
const benchDir = fileURLToPath(new URL('.', import.meta.url));
const root = fileURLToPath(new URL('..', import.meta.url));
const benches = readdirSync(benchDir)
  .filter((file) => file.endsWith('.ts') && file !== 'index.ts')
  .map((file) => file.slice(0, -'.ts'.length))
  .sort();

const results: Record<string, unknown> = {};
let failed = false;
for (const name of benches) {
  if (!json) process.stdout.write(`\n== bench:${name} ==\n`);
  const child = spawnSync(process.execPath, ['--import', 'tsx', `bench/${name}.ts`, ...args], {
    cwd: root,
    stdio: ['ignore', json ? 'pipe' : 'inherit', 'inherit'],
    encoding: 'utf8',
    maxBuffer: 16 << 20,
  });
  if (child.status !== 0) {
    process.stderr.write(`bench:${name} failed (exit ${child.status ?? child.signal})\n`);
    failed = true;
    if (json) results[name] = { error: `exit ${child.status ?? child.signal}` };
    continue;
  }
  if (json) {
    const lines = child.stdout.trim().split('\n');
    try {
      // One JSON object: on its last line, or (pretty-printed) the whole output.
      results[name] = parseLastObject(lines);
    } catch {
      process.stderr.write(`bench:${name} did not print a JSON object with --json\n`);
      results[name] = { error: 'no JSON output' };
      failed = true;
    }
  }
}
if (json) process.stdout.write(`${JSON.stringify(results)}\n`);
process.exitCode = failed ? 1 : 0;

function parseLastObject(lines: string[]): unknown {
  try {
    return JSON.parse(lines.at(-1) ?? '');
  } catch {
    return JSON.parse(lines.join('\n'));
  }
}
