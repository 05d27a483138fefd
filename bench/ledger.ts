/**
 * Ledger benchmark: every figure is a ratio against a baseline measured in the same run on the same
 * payloads, so the numbers mean the same on a laptop, a CI runner or a slow disk.
 *
 *   npm run bench:ledger [-- --json] [-- --entries=100000 --append-entries=2000 --rounds=5]
 *
 * - append_ratio: LedgerStore.append (canonical JSON, SHA-256, Ed25519 signature, chained, one
 *   IMMEDIATE transaction per entry with WAL + synchronous=FULL) ÷ raw better-sqlite3 INSERT of the
 *   very same journal rows (same schema via migrate(), same pragmas, one transaction per row, hash and
 *   signature bytes precomputed). Medians of alternating rounds on a real disk.
 * - verify_ratio: parseBundle + verifyBundle (node crypto) of a 100k-entry exported bundle, JSON.parse
 *   time INCLUDED (the headline; the ratio without parse is reported too) ÷ a bare node:crypto loop of
 *   SHA-256 + Ed25519 verify over the same entries' precomputed preimages (KeyObject made once).
 * - peak_rss_mb: maxRSS of a fresh child process (esbuild bundle on plain node, as dist/ runs) that
 *   exports the 100k-entry session to a file and then verifies that file; verify-only is reported too.
 *
 * Progress goes to stderr; stdout gets human-readable lines, or exactly one JSON object with --json.
 * The 100k-entry setup session is built through LedgerStore on tmpfs (/dev/shm) to keep setup short.
 */
import { spawnSync } from 'node:child_process';
import { createHash, verify } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { buildSync } from 'esbuild';
import {
  canonicalJson,
  createNodeCrypto,
  entryPreimage,
  exportBundleToFile,
  hexToBytes,
  LedgerStore,
  migrate,
  parseBundle,
  publicKeyObject,
  SigningKey,
  verifyBundle,
} from '../src/core/ledger/index.js';
import { type BenchPayload, makePayloads } from './lib/payloads.js';

const GOALS = {
  append_ratio: { op: '>=', value: 0.5 },
  verify_ratio: { op: '>=', value: 0.5 },
  peak_rss_mb: { op: '<=', value: 300 },
} as const;

interface Options {
  json: boolean;
  entries: number;
  appendEntries: number;
  rounds: number;
}

function parseOptions(argv: string[]): Options {
  const options: Options = { json: false, entries: 100_000, appendEntries: 2_000, rounds: 5 };
  for (const arg of argv) {
    const [flag, value] = arg.split('=', 2);
    const count = () => {
      const n = Number(value);
      if (!Number.isSafeInteger(n) || n < 10) throw new Error(`${flag} needs an integer >= 10, got ${value}`);
      return n;
    };
    if (flag === '--json') options.json = true;
    else if (flag === '--entries') options.entries = count();
    else if (flag === '--append-entries') options.appendEntries = count();
    else if (flag === '--rounds') options.rounds = Math.max(1, Math.floor(Number(value)));
    else throw new Error(`unknown option ${arg} (use --json, --entries=N, --append-entries=N, --rounds=N)`);
  }
  return options;
}

const progress = (message: string) => process.stderr.write(`[bench:ledger] ${message}\n`);
const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
const round = (value: number, digits = 3) => Number(value.toFixed(digits));

const KEY = SigningKey.fromSeed(new Uint8Array(32).fill(0x42));

interface JournalRow {
  session_id: string;
  seq: number;
  kind: string;
  payload: string;
  prev_hash: Buffer;
  entry_hash: Buffer;
  signature: Buffer;
  created_at: number;
}

/** Appends every payload through LedgerStore on a fresh file; returns entries/s and the rows it wrote. */
function storeAppend(path: string, payloads: BenchPayload[]): { rate: number; rows: () => JournalRow[] } {
  const store = LedgerStore.open(path);
  const { id } = store.createSession({ signer: KEY, codeVersion: 'bench' });
  const start = process.hrtime.bigint();
  for (const { kind, payload } of payloads) store.append(id, kind, payload, KEY);
  const rate = payloads.length / seconds(start);
  store.close();
  return {
    rate,
    rows: () => {
      const db = new Database(path, { readonly: true });
      const rows = db
        .prepare('SELECT * FROM journal WHERE session_id = ? ORDER BY seq')
        .all(id) as JournalRow[];
      db.close();
      return rows;
    },
  };
}

/** The baseline: the same rows INSERTed with plain better-sqlite3, same schema and pragmas, one transaction each. */
function rawInsert(path: string, rows: JournalRow[]): number {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  migrate(db, path);
  const insert = db.prepare(
    `INSERT INTO journal (session_id, seq, kind, payload, prev_hash, entry_hash, signature, created_at)
     VALUES (@session_id, @seq, @kind, @payload, @prev_hash, @entry_hash, @signature, @created_at)`,
  );
  const one = db.transaction((row: JournalRow) => insert.run(row));
  const start = process.hrtime.bigint();
  for (const row of rows) one.immediate(row);
  const rate = rows.length / seconds(start);
  db.close();
  return rate;
}

function measureAppend(dir: string, payloads: BenchPayload[], rounds: number) {
  let file = 0;
  const fresh = () => join(dir, `append-${file++}.db`);
  // Warm-up (JIT, page cache, SQLite code paths), not counted.
  const warm = storeAppend(fresh(), payloads.slice(0, 200));
  rawInsert(fresh(), warm.rows());
  const first = storeAppend(fresh(), payloads);
  const rows = first.rows();
  const store: number[] = [first.rate];
  const raw: number[] = [];
  for (let r = 0; r < rounds; r++) {
    // Alternate which side goes first so drift (page cache, thermal, neighbours) hits both equally.
    if (r % 2 === 0) {
      raw.push(rawInsert(fresh(), rows));
      if (r > 0) store.push(storeAppend(fresh(), payloads).rate);
    } else {
      store.push(storeAppend(fresh(), payloads).rate);
      raw.push(rawInsert(fresh(), rows));
    }
    progress(
      `append round ${r + 1}/${rounds}: store ${Math.round(store.at(-1) as number)}/s, raw ${Math.round(raw.at(-1) as number)}/s`,
    );
  }
  return { append_per_s: median(store), raw_insert_per_s: median(raw) };
}

/** Builds the big session through LedgerStore (same payload generator; run_started … run_completed). */
function buildSession(path: string, payloads: BenchPayload[]): string {
  const store = LedgerStore.open(path);
  const { id } = store.createSession({ signer: KEY, codeVersion: 'bench' });
  const start = process.hrtime.bigint();
  store.append(id, 'run_started', { contract: { id: 'bench', title: 'ledger benchmark' } }, KEY);
  for (let i = 1; i < payloads.length - 1; i++) {
    const { kind, payload } = payloads[i] as BenchPayload;
    store.append(id, kind, payload, KEY);
    if (i % 10_000 === 0)
      progress(`setup: appended ${i}/${payloads.length} entries (${seconds(start).toFixed(1)} s)`);
  }
  store.append(id, 'run_completed', { final_text: 'done' }, KEY);
  store.close();
  progress(`setup: ${payloads.length} entries in ${seconds(start).toFixed(1)} s`);
  return id;
}

function measureVerify(bundlePath: string, rounds: number) {
  const text = readFileSync(bundlePath, 'utf8');
  const trusted = new Map([[KEY.publicKeyHex, 'bench']]);
  // The baseline's inputs, precomputed outside any timing: preimage bytes and signature bytes per entry.
  const parsed = parseBundle(text, bundlePath);
  const entries = parsed.ledger.entries;
  const preimages = entries.map((e) =>
    Buffer.from(
      entryPreimage(hexToBytes(e.prev_hash, 32) as Uint8Array, e.kind, canonicalJson(e.payload), e.seq),
    ),
  );
  const signatures = entries.map((e) => Buffer.from(e.signature, 'hex'));
  const publicKey = publicKeyObject(KEY.publicKey);

  const parseMs: number[] = [];
  const verifyMs: number[] = [];
  const bareMs: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let start = process.hrtime.bigint();
    const bundle = parseBundle(text, bundlePath);
    parseMs.push(seconds(start) * 1000);
    start = process.hrtime.bigint();
    const report = verifyBundle(bundle, { crypto: createNodeCrypto(), trusted });
    verifyMs.push(seconds(start) * 1000);
    if (report.status !== 'verified' || report.entries !== entries.length)
      throw new Error(`bench bundle did not verify: ${report.status} ${report.failure?.message ?? ''}`);

    start = process.hrtime.bigint();
    for (let i = 0; i < preimages.length; i++) {
      const hash = createHash('sha256')
        .update(preimages[i] as Buffer)
        .digest();
      if (!verify(null, hash, publicKey, signatures[i] as Buffer))
        throw new Error(`bare verify failed at ${i}`);
    }
    bareMs.push(seconds(start) * 1000);
    progress(
      `verify round ${r + 1}/${rounds}: parse ${Math.round(parseMs.at(-1) as number)} ms + verify ${Math.round(verifyMs.at(-1) as number)} ms, bare ${Math.round(bareMs.at(-1) as number)} ms`,
    );
  }
  const n = entries.length;
  const totals = parseMs.map((p, i) => p + (verifyMs[i] as number));
  return {
    verify_per_s: n / (median(totals) / 1000),
    verify_excluding_parse_per_s: n / (median(verifyMs) / 1000),
    bare_verify_per_s: n / (median(bareMs) / 1000),
    parse_ms: median(parseMs),
    verify_ms: median(verifyMs),
    bare_verify_ms: median(bareMs),
  };
}

interface RssChildResult {
  mode: string;
  status: string;
  entries: number;
  text_is_one_byte: boolean;
  startup_max_rss_kb: number;
  export_max_rss_kb: number;
  read_max_rss_kb: number;
  parse_max_rss_kb: number;
  max_rss_kb: number;
  vm_hwm_kb: number | null;
}

/**
 * Runs the RSS child as an esbuild bundle on plain node — how dist/cli.js runs — so the figure is the
 * ledger code's, not the tsx loader's. The bundle goes under node_modules/.cache so that the external
 * better-sqlite3 resolves.
 */
function measureRss(dbPath: string, sessionId: string, bundlePath: string) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const childScript = join(root, 'node_modules', '.cache', 'truss-bench', 'ledger-rss-child.mjs');
  buildSync({
    entryPoints: [fileURLToPath(new URL('./lib/ledger-rss-child.ts', import.meta.url))],
    outfile: childScript,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['better-sqlite3'],
    logLevel: 'warning',
  });
  const run = (mode: 'export-verify' | 'verify-only'): RssChildResult => {
    const argv = [process.execPath, childScript, mode, dbPath, sessionId, bundlePath, KEY.publicKeyHex];
    // Linux keeps ru_maxrss across fork+exec, so a child spawned straight from this (large) process
    // would start at our RSS; spawning it from a small shell makes its maxRSS its own.
    const [command, ...rest] = existsSync('/bin/sh')
      ? ['/bin/sh', '-c', '"$0" "$@"; exit $?', ...argv]
      : (argv as [string, ...string[]]);
    const result = spawnSync(command as string, rest, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 20 });
    if (result.status !== 0)
      throw new Error(`RSS child (${mode}) failed (${result.status}): ${result.stderr}`);
    const out = JSON.parse(result.stdout.trim()) as RssChildResult;
    if (out.status !== 'verified')
      throw new Error(`RSS child (${mode}) verified the bundle as ${out.status}`);
    return out;
  };
  const both = run('export-verify');
  progress('peak RSS: verify only, in another fresh child process');
  const verifyOnly = run('verify-only');
  const mb = (kb: number) => kb / 1024;
  return {
    peak_rss_mb: mb(both.max_rss_kb),
    peak_vm_hwm_mb: both.vm_hwm_kb === null ? null : mb(both.vm_hwm_kb),
    peak_rss_export_mb: mb(both.export_max_rss_kb),
    peak_rss_after_read_mb: mb(both.read_max_rss_kb),
    peak_rss_after_parse_mb: mb(both.parse_max_rss_kb),
    peak_rss_verify_only_mb: mb(verifyOnly.max_rss_kb),
    startup_rss_mb: mb(both.startup_max_rss_kb),
    bundle_text_one_byte: both.text_is_one_byte,
  };
}

function verdict(name: keyof typeof GOALS, value: number): { goal: string; pass: boolean } {
  const goal = GOALS[name];
  return {
    goal: `${goal.op} ${goal.value}`,
    pass: goal.op === '>=' ? value >= goal.value : value <= goal.value,
  };
}

function main(): void {
  const options = parseOptions(process.argv.slice(2));
  const diskRoot = process.env.TRUSS_BENCH_DIR ?? tmpdir();
  const diskDir = mkdtempSync(join(diskRoot, 'truss-bench-'));
  const setupDir = existsSync('/dev/shm') ? mkdtempSync('/dev/shm/truss-bench-') : diskDir;
  try {
    progress(`generating ${options.entries} payloads`);
    const payloads = makePayloads(options.entries);
    const appendPayloads = payloads.slice(0, options.appendEntries);

    progress(`append: ${options.appendEntries} entries × ${options.rounds} rounds each side, on ${diskDir}`);
    const append = measureAppend(diskDir, appendPayloads, options.rounds);

    progress(`setup: building a ${options.entries}-entry session on ${setupDir}`);
    const dbPath = join(setupDir, 'big.db');
    const sessionId = buildSession(dbPath, payloads);
    const bundlePath = join(setupDir, 'big.json');
    const exportStart = process.hrtime.bigint();
    {
      const store = LedgerStore.open(dbPath, { readonly: true });
      exportBundleToFile(store, sessionId, createNodeCrypto(), bundlePath);
      store.close();
    }
    const exportPerS = options.entries / seconds(exportStart);
    const bundleMb = statSync(bundlePath).size / 2 ** 20;
    progress(`export: ${bundleMb.toFixed(1)} MB bundle`);

    const verifyRounds = Math.max(1, Math.min(options.rounds, 3));
    const verifyFigures = measureVerify(bundlePath, verifyRounds);

    progress('peak RSS: export + verify in a fresh child process');
    const rss = measureRss(dbPath, sessionId, join(setupDir, 'rss-bundle.json'));

    const appendRatio = append.append_per_s / append.raw_insert_per_s;
    const verifyRatio = verifyFigures.verify_per_s / verifyFigures.bare_verify_per_s;
    const verifyRatioNoParse = verifyFigures.verify_excluding_parse_per_s / verifyFigures.bare_verify_per_s;
    const checks = {
      append_ratio: verdict('append_ratio', appendRatio),
      verify_ratio: verdict('verify_ratio', verifyRatio),
      peak_rss_mb: verdict('peak_rss_mb', rss.peak_rss_mb),
    };
    const result = {
      append_ratio: round(appendRatio),
      verify_ratio: round(verifyRatio),
      verify_ratio_includes_parse: true,
      verify_ratio_excluding_parse: round(verifyRatioNoParse),
      peak_rss_mb: round(rss.peak_rss_mb, 1),
      append_per_s: Math.round(append.append_per_s),
      raw_insert_per_s: Math.round(append.raw_insert_per_s),
      verify_per_s: Math.round(verifyFigures.verify_per_s),
      verify_excluding_parse_per_s: Math.round(verifyFigures.verify_excluding_parse_per_s),
      bare_verify_per_s: Math.round(verifyFigures.bare_verify_per_s),
      parse_ms: Math.round(verifyFigures.parse_ms),
      verify_ms: Math.round(verifyFigures.verify_ms),
      bare_verify_ms: Math.round(verifyFigures.bare_verify_ms),
      export_per_s: Math.round(exportPerS),
      bundle_mb: round(bundleMb, 1),
      peak_vm_hwm_mb: rss.peak_vm_hwm_mb === null ? null : round(rss.peak_vm_hwm_mb, 1),
      peak_rss_export_mb: round(rss.peak_rss_export_mb, 1),
      peak_rss_after_read_mb: round(rss.peak_rss_after_read_mb, 1),
      peak_rss_after_parse_mb: round(rss.peak_rss_after_parse_mb, 1),
      peak_rss_verify_only_mb: round(rss.peak_rss_verify_only_mb, 1),
      startup_rss_mb: round(rss.startup_rss_mb, 1),
      bundle_text_one_byte: rss.bundle_text_one_byte,
      entries: options.entries,
      append_entries: options.appendEntries,
      append_rounds: options.rounds,
      verify_rounds: verifyRounds,
      goals: Object.fromEntries(Object.entries(checks).map(([k, v]) => [k, v.goal])),
      pass: Object.fromEntries(Object.entries(checks).map(([k, v]) => [k, v.pass])),
      disk_dir: diskRoot,
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
      cpus: cpus().length,
    };

    if (options.json) {
      process.stdout.write(`${JSON.stringify(result)}\n`);
      return;
    }
    const mark = (pass: boolean) => (pass ? 'PASS' : 'MISS');
    const lines = [
      `ledger bench — node ${process.version}, ${result.platform}, ${result.cpus} CPUs, disk ${diskRoot}`,
      `append   ${result.append_per_s}/s LedgerStore.append vs ${result.raw_insert_per_s}/s raw INSERT (same rows, WAL+FULL, 1 tx/entry, ${options.appendEntries} entries, median of ${options.rounds})`,
      `         append_ratio ${result.append_ratio} (goal ${checks.append_ratio.goal}) ${mark(checks.append_ratio.pass)}`,
      `verify   ${result.verify_per_s}/s parseBundle+verifyBundle incl. JSON.parse vs ${result.bare_verify_per_s}/s bare sha256+ed25519 (${options.entries} entries, ${result.bundle_mb} MB, median of ${verifyRounds})`,
      `         verify_ratio ${result.verify_ratio} incl. parse (goal ${checks.verify_ratio.goal}) ${mark(checks.verify_ratio.pass)}; excl. parse ${result.verify_ratio_excluding_parse} (parse ${result.parse_ms} ms + verify ${result.verify_ms} ms vs bare ${result.bare_verify_ms} ms)`,
      `memory   peak RSS ${result.peak_rss_mb} MB exporting then verifying ${options.entries} entries in one fresh process (running peak: start-up ${result.startup_rss_mb}, after export ${result.peak_rss_export_mb}, after reading the file ${result.peak_rss_after_read_mb}, after JSON parse ${result.peak_rss_after_parse_mb} MB)`,
      `         cross-check: VmHWM ${result.peak_vm_hwm_mb ?? 'n/a'} MB; verify alone in a fresh process: ${result.peak_rss_verify_only_mb} MB (informational; bundle text ${result.bundle_text_one_byte ? 'one-byte' : 'two-byte (non-Latin-1 characters)'} in V8)`,
      `         peak_rss_mb ${result.peak_rss_mb} (goal ${checks.peak_rss_mb.goal}) ${mark(checks.peak_rss_mb.pass)}`,
      `export   ${result.export_per_s} entries/s to file (informational)`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    rmSync(diskDir, { recursive: true, force: true });
    if (setupDir !== diskDir) rmSync(setupDir, { recursive: true, force: true });
  }
}

main();
