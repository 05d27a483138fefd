/**
 * Transparency-log benchmark: a 1,000,000-leaf log built through TransparencyLog.append on a real
 * disk, with every ratio against a baseline measured in the same run on the same leaves.
 *
 *   npm run bench:anchor [-- --json] [-- --leaves=1000000 --proofs=2000]
 *
 * - append_ms: wall time of TransparencyLog.append per leaf, amortized over the whole build (leaf line
 *   written to leaves.jsonl, leaf hash + every completed parent hashed and written to the level files;
 *   each append is on disk in the page cache when it returns, no fsync). Goal ≤ 1 ms.
 *   append_ratio: that ÷ the baseline, a bare SHA-256 of the same leaf data in a hot loop: what an
 *   append costs beyond hashing the leaf once.
 * - proof_hashes_1m: length of the inclusion proof of a random leaf in the 1,000,000-leaf tree
 *   (O(log n): at most ceil(log2 n) = 20). consistency_hashes_1m likewise for a random older size.
 * - proof_us / verify_us: median time to generate an inclusion proof from the level files (pread of
 *   O(log n) nodes) and to verify it (RFC 9162), over random leaves. proof_ratio: proof_us ÷ the time
 *   of ceil(log2 n) bare SHA-256 node hashes (what recomputing a path costs at minimum).
 * - checkpoint_ms: signing a checkpoint at 1M leaves after one more append, including the log's check
 *   that the tree extends its previous checkpoint (root recomputation + consistency proof + verify).
 * - reopen_ms: opening the 1M-leaf log again (counts the leaf lines to repair any torn append).
 *
 * Progress goes to stderr; stdout gets human-readable lines, or exactly one JSON object with --json.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  anchorLeafData,
  nodeTreeHasher,
  TransparencyLog,
  verifyInclusion,
} from '../src/core/anchor/index.js';
import { createNodeCrypto, SigningKey } from '../src/core/ledger/index.js';

const GOALS = {
  append_ms: { op: '<=', value: 1 },
  proof_hashes_1m: { op: '<=', value: 20 },
} as const;

interface Options {
  json: boolean;
  leaves: number;
  proofs: number;
}

function parseOptions(argv: string[]): Options {
  const options: Options = { json: false, leaves: 1_000_000, proofs: 2_000 };
  for (const arg of argv) {
    const [flag, value] = arg.split('=', 2);
    const count = () => {
      const n = Number(value);
      if (!Number.isSafeInteger(n) || n < 10) throw new Error(`${flag} needs an integer >= 10, got ${value}`);
      return n;
    };
    if (flag === '--json') options.json = true;
    else if (flag === '--leaves') options.leaves = count();
    else if (flag === '--proofs') options.proofs = count();
    else throw new Error(`unknown option ${arg} (use --json, --leaves=N, --proofs=N)`);
  }
  return options;
}

function progress(message: string): void {
  process.stderr.write(`[bench:anchor] ${message}\n`);
}

/** The leaf data of head `i`: a real head record (64-hex head hash + seq), as TransparencyLogAnchor appends. */
function leafData(i: number): string {
  const hash = createHash('sha256').update(`head ${i}`).digest('hex');
  return anchorLeafData({ headHash: hash, seq: i % 1000 });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function round(n: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

/** Deterministic PRNG so every run proves the same leaves. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function main(): void {
  const options = parseOptions(process.argv.slice(2));
  const dir = mkdtempSync(join(tmpdir(), 'truss-bench-anchor-'));
  const crypto = createNodeCrypto();
  const hasher = nodeTreeHasher();
  const key = SigningKey.fromSeed(new Uint8Array(32).fill(3));
  const n = options.leaves;
  try {
    // Baseline: generate the same leaf data and SHA-256 it once, nothing else.
    progress(`baseline: SHA-256 of ${n} leaves`);
    let sink = 0;
    let t = process.hrtime.bigint();
    for (let i = 0; i < n; i++) sink ^= createHash('sha256').update(leafData(i)).digest()[0] as number;
    const baselineMs = Number(process.hrtime.bigint() - t) / 1e6;
    // Leaf-data generation alone, so neither side is charged for it.
    t = process.hrtime.bigint();
    for (let i = 0; i < n; i++) sink ^= leafData(i).length;
    const generateMs = Number(process.hrtime.bigint() - t) / 1e6;

    progress(`building a ${n}-leaf log in ${dir}`);
    const log = TransparencyLog.create(
      dir,
      { origin: 'bench.example/log', publicKey: key.publicKey },
      { crypto, hasher },
    );
    t = process.hrtime.bigint();
    for (let i = 0; i < n; i++) {
      log.append(leafData(i));
      if (i > 0 && i % 250_000 === 0) progress(`  ${i} leaves`);
    }
    const appendTotalMs = Number(process.hrtime.bigint() - t) / 1e6;
    const firstCheckpoint = log.sign(key);

    progress(`proofs: ${options.proofs} random leaves`);
    const random = prng(42);
    const proofTimes: number[] = [];
    const verifyTimes: number[] = [];
    let proofHashes = 0;
    const root = log.root(n);
    for (let k = 0; k < options.proofs; k++) {
      const index = Math.floor(random() * n);
      let start = process.hrtime.bigint();
      const proof = log.inclusionProof(index, n);
      proofTimes.push(Number(process.hrtime.bigint() - start) / 1e3);
      proofHashes = Math.max(proofHashes, proof.length);
      const leaf = hasher.leaf(Buffer.from(leafData(index)));
      start = process.hrtime.bigint();
      verifyInclusion(hasher, index, n, leaf, proof, root);
      verifyTimes.push(Number(process.hrtime.bigint() - start) / 1e3);
    }
    const size1 = 1 + Math.floor(random() * (n - 1));
    const consistency = log.consistencyProof(size1, n);
    // Proof baseline: ceil(log2 n) bare node hashes.
    const depth = Math.ceil(Math.log2(n));
    const a = Buffer.alloc(32, 1);
    const b = Buffer.alloc(32, 2);
    const pathTimes: number[] = [];
    for (let k = 0; k < options.proofs; k++) {
      const start = process.hrtime.bigint();
      let h: Uint8Array = a;
      for (let d = 0; d < depth; d++) h = hasher.node(h, b);
      sink ^= h[0] as number;
      pathTimes.push(Number(process.hrtime.bigint() - start) / 1e3);
    }

    log.append(leafData(n));
    t = process.hrtime.bigint();
    const checkpoint = log.sign(key);
    const checkpointMs = Number(process.hrtime.bigint() - t) / 1e6;
    log.close();
    t = process.hrtime.bigint();
    const reopened = TransparencyLog.open(dir, { crypto, hasher });
    const reopenMs = Number(process.hrtime.bigint() - t) / 1e6;
    if (reopened.size !== n + 1 || checkpoint.size !== n + 1 || firstCheckpoint.size !== n)
      throw new Error('the log lost leaves');
    reopened.close();

    const appendMs = (appendTotalMs - generateMs) / n;
    const baselinePerLeafMs = (baselineMs - generateMs) / n;
    const proofUs = median(proofTimes);
    const diskMb =
      (statSync(join(dir, 'leaves.jsonl')).size +
        Array.from({ length: depth + 1 }, (_, level) => {
          try {
            return statSync(join(dir, 'tree', `level-${String(level).padStart(2, '0')}.bin`)).size;
          } catch {
            return 0;
          }
        }).reduce((x, y) => x + y, 0)) /
      2 ** 20;
    const checks = {
      append_ms: verdict('append_ms', appendMs),
      proof_hashes_1m: verdict('proof_hashes_1m', proofHashes),
    };
    const result = {
      append_ms: round(appendMs, 5),
      append_per_s: Math.round(1000 / appendMs),
      baseline_sha256_ms: round(baselinePerLeafMs, 5),
      append_ratio: round(appendMs / baselinePerLeafMs, 2),
      leaf_generation_ms_total: round(generateMs, 1),
      build_s: round(appendTotalMs / 1000, 2),
      proof_hashes_1m: proofHashes,
      consistency_hashes_1m: consistency.length,
      consistency_from_size: size1,
      proof_us: round(proofUs, 1),
      verify_us: round(median(verifyTimes), 1),
      path_baseline_us: round(median(pathTimes), 2),
      proof_ratio: round(proofUs / median(pathTimes), 1),
      checkpoint_ms: round(checkpointMs, 2),
      reopen_ms: round(reopenMs, 1),
      disk_mb: round(diskMb, 1),
      leaves: n,
      proofs: options.proofs,
      goals: Object.fromEntries(Object.entries(checks).map(([k, v]) => [k, v.goal])),
      pass: Object.fromEntries(Object.entries(checks).map(([k, v]) => [k, v.pass])),
      disk_dir: tmpdir(),
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
      cpus: cpus().length,
      sink: sink & 0,
    };
    if (options.json) {
      process.stdout.write(`${JSON.stringify(result)}\n`);
      return;
    }
    const mark = (pass: boolean) => (pass ? 'PASS' : 'MISS');
    process.stdout.write(
      `${[
        `anchor bench — node ${process.version}, ${result.platform}, ${result.cpus} CPUs, disk ${tmpdir()}`,
        `append   ${result.append_ms} ms/leaf amortized over ${n} leaves (${result.append_per_s}/s; build ${result.build_s} s) (goal ${checks.append_ms.goal}) ${mark(checks.append_ms.pass)}`,
        `         append_ratio ${result.append_ratio} vs bare SHA-256 of the same leaf (${result.baseline_sha256_ms} ms)`,
        `proof    ${result.proof_hashes_1m} hashes at ${n} leaves (goal ${checks.proof_hashes_1m.goal}) ${mark(checks.proof_hashes_1m.pass)}; generate ${result.proof_us} µs, verify ${result.verify_us} µs (median of ${options.proofs})`,
        `         proof_ratio ${result.proof_ratio} vs ${depth} bare node hashes (${result.path_baseline_us} µs); consistency proof from ${size1}: ${result.consistency_hashes_1m} hashes`,
        `sign     checkpoint at ${n + 1} leaves incl. the consistency self-check: ${result.checkpoint_ms} ms; reopen ${result.reopen_ms} ms; ${result.disk_mb} MB on disk`,
      ].join('\n')}\n`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function verdict(name: keyof typeof GOALS, value: number): { goal: string; pass: boolean } {
  const goal = GOALS[name];
  return {
    goal: `${goal.op} ${goal.value}`,
    pass: value <= goal.value,
  };
}

main();
