/**
 * `truss anchor verify-log`: recompute a log directory from its leaves and check every file and every
 * signed checkpoint against the result. Read-only; the level files are optional (a log kept on a git
 * branch carries only its leaves and checkpoints) but must match the recomputed tree when present.
 */
import { join } from 'node:path';
import { bytesEqual, bytesToHex, hexToBytes } from '../ledger/encoding.js';
import { keyIdFromPublicKey } from '../ledger/key-id.js';
import type { LedgerCrypto } from '../ledger/ledger-crypto.js';
import { openCheckpoint, type SignedCheckpoint } from './checkpoint.js';
import type { TreeHasher } from './hasher.js';
import { LOG_FILES } from './log-files.js';
import { readLogFile } from './log-read.js';
import { consistencyProof, type NodeSource, rootAt } from './merkle-proofs.js';
import { verifyConsistency } from './merkle-verify.js';
import { logConfigKeyProblem, readLogConfigShape } from './transparency-log.js';

export type LogVerifyStatus = 'verified' | 'integrity_only' | 'failed';

export interface LogVerifyReport {
  status: LogVerifyStatus;
  origin: string;
  key_id: string;
  public_key: string;
  key_pinned: boolean;
  size: number;
  root: string;
  checkpoints: number;
  latest_checkpoint_size: number | null;
  /** The first problem found; null when the log is intact. */
  failure: string | null;
}

interface VerifyLogOptions {
  crypto: LedgerCrypto;
  hasher: TreeHasher;
  pinnedKeys?: readonly string[];
}

/**
 * Verifies the log in `dir`. `pinnedKey` (hex) is the log key the caller trusts; without it an intact
 * log is only `integrity_only`, because whoever rewrote the files could have re-signed them.
 */
export function verifyLogDir(dir: string, options: VerifyLogOptions): LogVerifyReport {
  return checkLogDir(dir, options).report;
}

/**
 * verifyLogDir, plus the tree recomputed from `leaves.jsonl` (what the report checked): a witness
 * asks it for consistency proofs, since the `tree/` level files are an optional cache a copy kept on
 * a git branch does not have (docs/anchor.md "Files of a log directory").
 */
export function checkLogDir(
  dir: string,
  options: VerifyLogOptions,
): { report: LogVerifyReport; tree: NodeSource } {
  const config = readLogConfigShape(dir);
  const publicKey = hexToBytes(config.public_key, 32) as Uint8Array;
  const report: LogVerifyReport = {
    status: 'verified',
    origin: config.origin,
    // The public key's own fingerprint, never what log.json claims (logConfigKeyProblem).
    key_id: keyIdFromPublicKey(publicKey, options.crypto.sha256),
    public_key: config.public_key,
    key_pinned: (options.pinnedKeys ?? []).includes(config.public_key),
    size: 0,
    root: bytesToHex(options.hasher.emptyRoot),
    checkpoints: 0,
    latest_checkpoint_size: null,
    failure: null,
  };
  // Until the leaves are read, and for a log that fails before then: a tree nothing can be proved from.
  let source: NodeSource = {
    size: 0,
    node: () => {
      throw new RangeError('the log did not verify');
    },
  };
  const fail = (message: string): { report: LogVerifyReport; tree: NodeSource } => {
    report.status = 'failed';
    report.failure = message;
    return { report, tree: source };
  };
  const keyProblem = logConfigKeyProblem(config, options.crypto.sha256);
  if (keyProblem) return fail(`${LOG_FILES.config}: ${keyProblem}`);
  const leavesPath = join(dir, LOG_FILES.leaves);
  const leaves = readLogFile(leavesPath) ?? Buffer.alloc(0);
  if (leaves.length > 0 && leaves[leaves.length - 1] !== 10)
    return fail(`${LOG_FILES.leaves} ends in a partial line`);

  // Rebuild every level from the leaf data: the leaves are the record, the level files a derived cache.
  const leafHashes: Uint8Array[] = [];
  for (let start = 0; start < leaves.length; ) {
    const end = leaves.indexOf(10, start);
    leafHashes.push(options.hasher.leaf(leaves.subarray(start, end)));
    start = end + 1;
  }
  const size = leafHashes.length;
  const levels: Buffer[] = [Buffer.concat(leafHashes)];
  for (let count = Math.floor(size / 2), level = 1; count > 0; count = Math.floor(count / 2), level++) {
    const below = levels[level - 1] as Buffer;
    const nodes = Buffer.allocUnsafe(count * 32);
    for (let i = 0; i < count; i++) {
      const hash = options.hasher.node(
        below.subarray(64 * i, 64 * i + 32),
        below.subarray(64 * i + 32, 64 * i + 64),
      );
      nodes.set(hash, 32 * i);
    }
    levels.push(nodes);
  }
  // Level files, when present (a copy kept on a git branch has none), must be exactly that cache.
  const stored = readLevels(join(dir, LOG_FILES.treeDir));
  if (stored.length > 0) {
    for (let level = 0; level < Math.max(stored.length, levels.length); level++) {
      const want = levels[level] ?? Buffer.alloc(0);
      const have = stored[level] ?? Buffer.alloc(0);
      if (have.equals(want)) continue;
      const name = `${LOG_FILES.treeDir}/level-${String(level).padStart(2, '0')}.bin`;
      if (have.length !== want.length)
        return fail(
          `${name} holds ${have.length / 32} hashes but ${size} leaves need exactly ${want.length / 32}`,
        );
      let index = 0;
      while (have.subarray(index * 32, index * 32 + 32).equals(want.subarray(index * 32, index * 32 + 32)))
        index++;
      return fail(
        `${name} node ${index} (leaves from ${index * 2 ** level}) does not match the hash recomputed from ${LOG_FILES.leaves}`,
      );
    }
  }
  report.size = size;
  source = {
    size,
    node: (level, index) => nodeAt(levels, level, index) as Uint8Array,
  };
  report.root = bytesToHex(rootAt(options.hasher, source, size));

  const historyPath = join(dir, LOG_FILES.history);
  const lines = (readLogFile(historyPath)?.toString('utf8') ?? '').split('\n').filter(Boolean);
  const key = { name: config.origin, publicKey };
  let previous: SignedCheckpoint | null = null;
  for (const [i, line] of lines.entries()) {
    let checkpoint: SignedCheckpoint;
    try {
      checkpoint = openCheckpoint(JSON.parse(line) as string, key, options.crypto);
    } catch (error) {
      return fail(`checkpoint ${i + 1} of ${LOG_FILES.history}: ${(error as Error).message}`);
    }
    if (checkpoint.size > size)
      return fail(
        `checkpoint ${i + 1} signs ${checkpoint.size} leaves but the log holds ${size}: leaves were removed`,
      );
    if (!bytesEqual(rootAt(options.hasher, source, checkpoint.size), checkpoint.root))
      return fail(
        `checkpoint ${i + 1} (size ${checkpoint.size}) signs a root the leaves do not produce: the log was rewritten`,
      );
    if (previous) {
      if (checkpoint.size < previous.size)
        return fail(`checkpoint ${i + 1} (size ${checkpoint.size}) is smaller than the one before it`);
      if (previous.size > 0 && checkpoint.size > previous.size) {
        try {
          verifyConsistency(
            options.hasher,
            previous.size,
            checkpoint.size,
            consistencyProof(options.hasher, source, previous.size, checkpoint.size),
            previous.root,
            checkpoint.root,
          );
        } catch (error) {
          return fail(`checkpoints ${i} and ${i + 1} are not consistent: ${(error as Error).message}`);
        }
      }
    }
    previous = checkpoint;
  }
  report.checkpoints = lines.length;
  report.latest_checkpoint_size = previous?.size ?? null;
  const latestPath = join(dir, LOG_FILES.checkpoint);
  const latest = readLogFile(latestPath)?.toString('utf8') ?? null;
  if ((latest ?? null) !== (previous?.note ?? null))
    return fail(`${LOG_FILES.checkpoint} is not the last checkpoint in ${LOG_FILES.history}`);
  if (!report.key_pinned && (options.pinnedKeys ?? []).length > 0)
    return fail(
      `the log is signed by ${config.key_id}, which is not a pinned log key: it may have been re-signed`,
    );
  if (!report.key_pinned) report.status = 'integrity_only';
  return { report, tree: source };
}

function readLevels(dir: string): Buffer[] {
  const levels: Buffer[] = [];
  for (let level = 0; ; level++) {
    const path = join(dir, `level-${String(level).padStart(2, '0')}.bin`);
    const bytes = readLogFile(path);
    if (!bytes) break;
    levels.push(bytes);
  }
  return levels;
}

function nodeAt(levels: Buffer[], level: number, index: number): Uint8Array | undefined {
  const buffer = levels[level];
  if (!buffer || (index + 1) * 32 > buffer.length) return undefined;
  return buffer.subarray(index * 32, index * 32 + 32);
}
