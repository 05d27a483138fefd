/**
 * A local append-only transparency log in one directory: leaf data in `leaves.jsonl`, the Merkle tree
 * in per-level files (FileTree), and signed C2SP checkpoints. It never signs a checkpoint that is not
 * an extension of the last one it signed, so even the machine that runs it cannot quietly rewrite
 * what it once committed to.
 */
import {
  closeSync,
  existsSync,
  fstatSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { bytesToHex, hexToBytes } from '../ledger/encoding.js';
import { keyIdFromPublicKey } from '../ledger/key-id.js';
import type { Signer } from '../ledger/keys.js';
import type { LedgerCrypto } from '../ledger/ledger-crypto.js';
import { formatCheckpoint, openCheckpoint, type SignedCheckpoint, signCheckpoint } from './checkpoint.js';
import { InconsistentCheckpointError, LogError, type ProofError } from './errors.js';
import { FileTree } from './file-tree.js';
import type { TreeHasher } from './hasher.js';
import { LOG_FILES, LOG_FORMAT, type LogConfig } from './log-files.js';
import { readLogFile } from './log-read.js';
import { consistencyProof, inclusionProof, rootAt } from './merkle-proofs.js';
import { sameBytes, verifyConsistency } from './merkle-verify.js';
import { formatVerifierKey, isKeyName, type NoteKey } from './signed-note.js';

export interface LogDeps {
  hasher: TreeHasher;
  crypto: LedgerCrypto;
}

export class TransparencyLog {
  readonly #tree: FileTree;
  #leavesFd: number;
  #leavesBytes: number;

  private constructor(
    readonly dir: string,
    readonly config: LogConfig,
    readonly key: NoteKey,
    private readonly deps: LogDeps,
    tree: FileTree,
    leavesFd: number,
    leavesBytes: number,
  ) {
    this.#tree = tree;
    this.#leavesFd = leavesFd;
    this.#leavesBytes = leavesBytes;
  }

  /** Creates an empty log in `dir` for `origin`, signed by the key whose public half is given. */
  static create(
    dir: string,
    options: { origin: string; publicKey: Uint8Array },
    deps: LogDeps,
  ): TransparencyLog {
    if (existsSync(join(dir, LOG_FILES.config))) throw new LogError(`${dir} already holds a log`);
    if (!isKeyName(options.origin)) throw new LogError(badOrigin(options.origin));
    const key = { name: options.origin, publicKey: options.publicKey };
    const config: LogConfig = {
      format: LOG_FORMAT,
      origin: options.origin,
      public_key: bytesToHex(options.publicKey),
      key_id: keyIdFromPublicKey(options.publicKey, deps.crypto.sha256),
      verifier_key: formatVerifierKey(key, deps.crypto.sha256),
    };
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, LOG_FILES.config), `${JSON.stringify(config, null, 2)}\n`, { flag: 'wx' });
    return TransparencyLog.open(dir, deps);
  }

  /**
   * Opens the log in `dir`. `leaves.jsonl` is the record; the level files are derived from it. A torn
   * last line (crash mid-write) is cut off; tree levels longer than the leaves are cut back, and
   * missing tree nodes (a crash before the tree write, or a copy of the log without its `tree/`
   * directory, as kept on a git branch) are recomputed from the leaf lines.
   */
  static open(dir: string, deps: LogDeps): TransparencyLog {
    const config = readLogConfig(dir, deps.crypto.sha256);
    const publicKey = hexToBytes(config.public_key, 32) as Uint8Array;
    const leavesPath = join(dir, LOG_FILES.leaves);
    const fd = openSync(leavesPath, existsSync(leavesPath) ? 'r+' : 'w+');
    const { lines, endOfLast } = countLines(fd);
    if (fstatSync(fd).size !== endOfLast) ftruncateSync(fd, endOfLast);
    const tree = FileTree.open(join(dir, LOG_FILES.treeDir), deps.hasher, { size: lines });
    if (tree.size < lines) {
      forEachLine(fd, offsetAfterLines(fd, tree.size), (line) => {
        tree.appendLeafHash(deps.hasher.leaf(line));
      });
    }
    return new TransparencyLog(dir, config, { name: config.origin, publicKey }, deps, tree, fd, endOfLast);
  }

  get origin(): string {
    return this.config.origin;
  }

  get size(): number {
    return this.#tree.size;
  }

  /** Appends one leaf (single-line UTF-8 text) and returns its index and leaf hash. */
  append(leafData: string): { index: number; leafHash: Uint8Array } {
    if (leafData.includes('\n') || leafData.includes('\r')) throw new LogError('leaf data must be one line');
    const bytes = Buffer.from(`${leafData}\n`, 'utf8');
    const leafHash = this.deps.hasher.leaf(bytes.subarray(0, bytes.length - 1));
    // Leaf line first: if we crash before the tree write, open() drops the orphan line.
    writeSync(this.#leavesFd, bytes, 0, bytes.length, this.#leavesBytes);
    this.#leavesBytes += bytes.length;
    const index = this.#tree.appendLeafHash(leafHash);
    return { index, leafHash };
  }

  root(size = this.size): Uint8Array {
    return rootAt(this.deps.hasher, this.#tree, size);
  }

  inclusionProof(index: number, size = this.size): Uint8Array[] {
    return inclusionProof(this.deps.hasher, this.#tree, index, size);
  }

  consistencyProof(size1: number, size2 = this.size): Uint8Array[] {
    return consistencyProof(this.deps.hasher, this.#tree, size1, size2);
  }

  /** The last checkpoint this log signed, verified against its own key; null before the first. */
  latestCheckpoint(): SignedCheckpoint | null {
    const text = readLogFile(join(this.dir, LOG_FILES.checkpoint))?.toString('utf8');
    if (text === undefined) return null;
    return openCheckpoint(text, this.key, this.deps.crypto);
  }

  /** Throws LogError unless `signer` holds this log's key: checked before an append that it must sign. */
  requireSigner(signer: Signer): void {
    if (!sameBytes(signer.publicKey, this.key.publicKey)) {
      throw new LogError(
        `the key ${signer.keyId} is not the key of log ${this.origin} (${this.config.key_id}); pass the log's key file`,
      );
    }
  }

  /**
   * Signs a checkpoint for the current tree, after proving to itself that the tree extends the last
   * checkpoint it signed. If it does not (files edited, truncated or swapped), it refuses with
   * InconsistentCheckpointError instead of signing a fork. Returns the previous checkpoint unchanged
   * when nothing was appended since.
   */
  sign(signer: Signer): SignedCheckpoint {
    this.requireSigner(signer);
    const previous = this.latestCheckpoint();
    const size = this.size;
    const root = this.root(size);
    if (previous) {
      const proposed = formatCheckpoint({ origin: this.origin, size, root });
      const refuse = (why: string): never => {
        throw new InconsistentCheckpointError(
          `refusing to sign checkpoint ${size} of ${this.origin}: ${why}; the log files were altered — restore them from a copy that matches the signed checkpoint`,
          previous.note,
          proposed,
        );
      };
      if (previous.size > size) refuse(`the log holds ${size} leaves but already signed ${previous.size}`);
      if (!sameBytes(this.root(previous.size), previous.root))
        refuse(`its first ${previous.size} leaves no longer hash to the root it signed`);
      if (previous.size === size) return previous;
      if (previous.size > 0) {
        try {
          verifyConsistency(
            this.deps.hasher,
            previous.size,
            size,
            this.consistencyProof(previous.size, size),
            previous.root,
            root,
          );
        } catch (error) {
          refuse((error as ProofError).message);
        }
      }
    }
    const signed = signCheckpoint({ origin: this.origin, size, root }, signer, this.deps.crypto.sha256);
    writeFileSync(join(this.dir, LOG_FILES.history), `${JSON.stringify(signed.note)}\n`, { flag: 'a' });
    const tmp = join(this.dir, `${LOG_FILES.checkpoint}.tmp`);
    writeFileSync(tmp, signed.note);
    renameSync(tmp, join(this.dir, LOG_FILES.checkpoint));
    return signed;
  }

  close(): void {
    this.#tree.close();
    if (this.#leavesFd >= 0) closeSync(this.#leavesFd);
    this.#leavesFd = -1;
  }
}

/** Reads and checks `log.json`. */
export function readLogConfig(dir: string, sha256: (data: Uint8Array) => Uint8Array): LogConfig {
  const config = readLogConfigShape(dir);
  const problem = logConfigKeyProblem(config, sha256);
  if (problem) throw new LogError(`${join(dir, LOG_FILES.config)}: ${problem}`);
  return config;
}

/** log.json's shape and origin, without checking its key id and verifier key (logConfigKeyProblem). */
export function readLogConfigShape(dir: string): LogConfig {
  const path = join(dir, LOG_FILES.config);
  const bytes = readLogFile(path);
  if (!bytes)
    throw new LogError(
      `no log in ${dir} (${path} is missing); create one with \`truss anchor init ${dir} --origin NAME --log-key FILE\``,
    );
  let raw: unknown;
  try {
    raw = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new LogError(`${path} is not valid JSON`);
  }
  const c = raw as Partial<LogConfig>;
  if (
    c?.format !== LOG_FORMAT ||
    typeof c.origin !== 'string' ||
    c.origin === '' ||
    !hexToBytes(c.public_key, 32) ||
    typeof c.key_id !== 'string'
  ) {
    throw new LogError(`${path} is not a ${LOG_FORMAT} log description`);
  }
  // Checked on open too, so a log that could never sign a checkpoint takes no leaf.
  if (!isKeyName(c.origin)) throw new LogError(`${path}: ${badOrigin(c.origin)}`);
  return c as LogConfig;
}

/**
 * The key id and verifier key people compare must be the public key's own: a log.json naming another
 * log's fingerprint beside its own key would pass for that log where nobody pinned the key. Null when
 * they are; else what is wrong.
 */
export function logConfigKeyProblem(
  config: LogConfig,
  sha256: (data: Uint8Array) => Uint8Array,
): string | null {
  const publicKey = hexToBytes(config.public_key, 32) as Uint8Array;
  const keyId = keyIdFromPublicKey(publicKey, sha256);
  const verifierKey = formatVerifierKey({ name: config.origin, publicKey }, sha256);
  if (config.key_id === keyId && config.verifier_key === verifierKey) return null;
  return `key_id and verifier_key are not those of public_key ${config.public_key} (${keyId}); the file was edited — restore it from a copy you trust`;
}

/**
 * The origin is the checkpoint's first line and the key name its signatures carry (docs/anchor.md),
 * so it follows the signed-note rule for key names.
 */
function badOrigin(origin: string): string {
  return `invalid log origin ${JSON.stringify(origin)}: it is also the checkpoint's signing key name, so it has no spaces or '+' (e.g. example.com/truss-log)`;
}

/**
 * Visits the byte offset just after each newline, in order, until `visit` returns false; returns
 * how far it read. One 1 MiB buffer, whatever the file size.
 */
function scanNewlines(fd: number, visit: (endOfLine: number) => boolean): number {
  const chunk = Buffer.allocUnsafe(1 << 20);
  let position = 0;
  for (;;) {
    const read = readSync(fd, chunk, 0, chunk.length, position);
    if (read === 0) return position;
    let at = chunk.indexOf(10);
    while (at !== -1 && at < read) {
      if (!visit(position + at + 1)) return position + at + 1;
      at = chunk.indexOf(10, at + 1);
    }
    position += read;
  }
}

/** Counts complete lines; `endOfLast` is the byte offset just after the last newline. */
function countLines(fd: number): { lines: number; endOfLast: number } {
  let lines = 0;
  let endOfLast = 0;
  scanNewlines(fd, (end) => {
    lines++;
    endOfLast = end;
    return true;
  });
  return { lines, endOfLast };
}

/** Calls `onLine` with the bytes of every complete line from byte `offset` on (without the newline). */
function forEachLine(fd: number, offset: number, onLine: (line: Buffer) => void): void {
  const chunk = Buffer.allocUnsafe(1 << 20);
  let carry = Buffer.alloc(0);
  let position = offset;
  for (;;) {
    const read = readSync(fd, chunk, 0, chunk.length, position);
    if (read === 0) break;
    position += read;
    const data = carry.length > 0 ? Buffer.concat([carry, chunk.subarray(0, read)]) : chunk.subarray(0, read);
    let start = 0;
    let at = data.indexOf(10, start);
    while (at !== -1) {
      onLine(data.subarray(start, at));
      start = at + 1;
      at = data.indexOf(10, start);
    }
    carry = Buffer.from(data.subarray(start));
  }
}

/** The byte offset just after the `wanted`-th line (or the end of the file when it has fewer). */
function offsetAfterLines(fd: number, wanted: number): number {
  if (wanted === 0) return 0;
  let lines = 0;
  return scanNewlines(fd, () => ++lines < wanted);
}
