#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  ForkError,
  InconsistentCheckpointError,
  LogError,
  anchorLeafData,
  buildReceipt,
  formatCheckpoint,
  formatVerifierKey,
  openCheckpoint,
  sameBytes,
  signCheckpoint,
  verifyConsistency,
  verifyInclusion
} from "./chunk-RDZHSOJG.js";
import {
  ANCHOR_RECEIPT_KIND,
  LedgerError,
  bytesEqual,
  bytesToHex,
  hexToBytes,
  keyIdFromPublicKey
} from "./chunk-P2CFU6IE.js";

// src/core/anchor/log-files.ts
var LOG_FILES = {
  /** `{format, origin, public_key, key_id, verifier_key}` */
  config: "log.json",
  /** One leaf's data per line (canonical JSON head records), in leaf order. */
  leaves: "leaves.jsonl",
  /** The latest signed checkpoint note (C2SP tlog-checkpoint). */
  checkpoint: "checkpoint",
  /** Every checkpoint ever signed, one JSON string (the note text) per line. */
  history: "checkpoints.jsonl",
  /** Level files `level-NN.bin` of complete subtree hashes. */
  treeDir: "tree"
};
var LOG_FORMAT = "truss.anchor-log.v1";

// src/core/anchor/merkle-proofs.ts
function rootAt(hasher, source, size) {
  checkRange(source, size);
  return size === 0 ? hasher.emptyRoot : rangeHash(hasher, source, 0, size);
}
function inclusionProof(hasher, source, index, size) {
  checkRange(source, size);
  if (!Number.isSafeInteger(index) || index < 0 || index >= size)
    throw new RangeError(`leaf ${index} is not in a tree of size ${size}`);
  const proof = [];
  const walk = (lo, hi) => {
    if (hi - lo === 1) return;
    const k = largestPowerOfTwoBelow(hi - lo);
    if (index < lo + k) {
      walk(lo, lo + k);
      proof.push(rangeHash(hasher, source, lo + k, hi));
    } else {
      walk(lo + k, hi);
      proof.push(rangeHash(hasher, source, lo, lo + k));
    }
  };
  walk(0, size);
  return proof;
}
function consistencyProof(hasher, source, size1, size2) {
  checkRange(source, size2);
  if (!Number.isSafeInteger(size1) || size1 < 1 || size1 > size2)
    throw new RangeError(`no consistency proof from size ${size1} to size ${size2}`);
  const proof = [];
  const sub = (m, lo, hi, complete) => {
    const n = hi - lo;
    if (m === n) {
      if (!complete) proof.push(rangeHash(hasher, source, lo, hi));
      return;
    }
    const k = largestPowerOfTwoBelow(n);
    if (m <= k) {
      sub(m, lo, lo + k, complete);
      proof.push(rangeHash(hasher, source, lo + k, hi));
    } else {
      sub(m - k, lo + k, hi, false);
      proof.push(rangeHash(hasher, source, lo, lo + k));
    }
  };
  sub(size1, 0, size2, true);
  return proof;
}
function rangeHash(hasher, source, lo, hi) {
  const n = hi - lo;
  const level = exactLog2(n);
  if (level !== -1 && lo % n === 0) return source.node(level, lo / n);
  const k = largestPowerOfTwoBelow(n);
  return hasher.node(rangeHash(hasher, source, lo, lo + k), rangeHash(hasher, source, lo + k, hi));
}
function checkRange(source, size) {
  if (!Number.isSafeInteger(size) || size < 0 || size > source.size)
    throw new RangeError(`tree size ${size} is not between 0 and the log size ${source.size}`);
}
function largestPowerOfTwoBelow(n) {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}
function exactLog2(n) {
  let level = 0;
  let x = n;
  while (x > 1) {
    if (x % 2 !== 0) return -1;
    x /= 2;
    level++;
  }
  return x === 1 ? level : -1;
}

// src/core/anchor/transparency-log.ts
import {
  closeSync as closeSync2,
  existsSync as existsSync2,
  fstatSync as fstatSync2,
  ftruncateSync as ftruncateSync2,
  mkdirSync as mkdirSync2,
  openSync as openSync2,
  readFileSync,
  readSync as readSync2,
  renameSync,
  writeFileSync,
  writeSync as writeSync2
} from "node:fs";
import { join as join2 } from "node:path";

// src/core/anchor/file-tree.ts
import {
  closeSync,
  existsSync,
  fstatSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readSync,
  writeSync
} from "node:fs";
import { join } from "node:path";
var HASH = 32;
var MAX_LEVELS = 54;
var FileTree = class _FileTree {
  constructor(dir, hasher) {
    this.dir = dir;
    this.hasher = hasher;
  }
  dir;
  hasher;
  #fds = [];
  #counts = [];
  /** The last hash written to each level: the left sibling the next odd append needs, without a read. */
  #last = [];
  #size = 0;
  /** Opens (creating if needed) the tree in `dir`, truncated to `size` leaves when given, and repairs partial appends. */
  static open(dir, hasher, options = {}) {
    mkdirSync(dir, { recursive: true });
    const tree = new _FileTree(dir, hasher);
    tree.#openLevel(0);
    const leaves = tree.#counts[0];
    const size = options.size === void 0 ? leaves : Math.min(options.size, leaves);
    tree.#repair(size);
    return tree;
  }
  get size() {
    return this.#size;
  }
  /** Appends one leaf hash; returns its index. */
  appendLeafHash(leafHash) {
    if (leafHash.length !== HASH) throw new LogError(`a leaf hash is ${HASH} bytes, got ${leafHash.length}`);
    const index = this.#size;
    let hash = leafHash;
    let level = 0;
    let i = index;
    for (; ; ) {
      const left = this.#last[level];
      this.#push(level, hash);
      if (i % 2 === 0) break;
      hash = this.hasher.node(left, hash);
      level++;
      i = (i - 1) / 2;
    }
    this.#size = index + 1;
    return index;
  }
  node(level, index) {
    const count = this.#counts[level] ?? 0;
    if (!Number.isSafeInteger(index) || index < 0 || index >= count)
      throw new RangeError(`no complete subtree at level ${level}, index ${index}`);
    const out = Buffer.allocUnsafe(HASH);
    const read = readSync(this.#fds[level], out, 0, HASH, index * HASH);
    if (read !== HASH) throw new LogError(`${this.#path(level)} is shorter than its recorded length`);
    return out;
  }
  close() {
    for (const fd of this.#fds) if (fd !== void 0) closeSync(fd);
    this.#fds.length = 0;
  }
  #push(level, hash) {
    if (this.#fds[level] === void 0) this.#openLevel(level);
    const count = this.#counts[level];
    writeSync(this.#fds[level], hash, 0, HASH, count * HASH);
    this.#counts[level] = count + 1;
    this.#last[level] = hash;
  }
  #path(level) {
    return join(this.dir, `level-${String(level).padStart(2, "0")}.bin`);
  }
  #openLevel(level) {
    if (level >= MAX_LEVELS) throw new LogError("the tree is too large");
    const path = this.#path(level);
    const fd = openSync(path, existsSync(path) ? "r+" : "w+");
    this.#fds[level] = fd;
    this.#counts[level] = Math.floor(fstatSync(fd).size / HASH);
  }
  /** Makes level k hold exactly floor(size / 2^k) hashes: cuts torn tails, recomputes missing parents. */
  #repair(size) {
    this.#size = size;
    let expected = size;
    for (let level = 0; level < MAX_LEVELS; level++) {
      const path = this.#path(level);
      if (expected === 0 && !existsSync(path)) break;
      if (this.#fds[level] === void 0) this.#openLevel(level);
      const fd = this.#fds[level];
      if (this.#counts[level] > expected || fstatSync(fd).size !== this.#counts[level] * HASH) {
        this.#counts[level] = Math.min(this.#counts[level], expected);
        ftruncateSync(fd, this.#counts[level] * HASH);
      }
      while (this.#counts[level] < expected) {
        if (level === 0) throw new LogError("the leaf level is shorter than the log size");
        const i = this.#counts[level];
        const parent = this.hasher.node(this.node(level - 1, 2 * i), this.node(level - 1, 2 * i + 1));
        writeSync(fd, parent, 0, HASH, i * HASH);
        this.#counts[level] = i + 1;
      }
      this.#last[level] = expected > 0 ? this.node(level, expected - 1) : void 0;
      expected = Math.floor(expected / 2);
    }
  }
};

// src/core/anchor/transparency-log.ts
var TransparencyLog = class _TransparencyLog {
  constructor(dir, config, key, deps, tree, leavesFd, leavesBytes) {
    this.dir = dir;
    this.config = config;
    this.key = key;
    this.deps = deps;
    this.#tree = tree;
    this.#leavesFd = leavesFd;
    this.#leavesBytes = leavesBytes;
  }
  dir;
  config;
  key;
  deps;
  #tree;
  #leavesFd;
  #leavesBytes;
  /** Creates an empty log in `dir` for `origin`, signed by the key whose public half is given. */
  static create(dir, options, deps) {
    if (existsSync2(join2(dir, LOG_FILES.config))) throw new LogError(`${dir} already holds a log`);
    const key = { name: options.origin, publicKey: options.publicKey };
    const config = {
      format: LOG_FORMAT,
      origin: options.origin,
      public_key: bytesToHex(options.publicKey),
      key_id: keyIdFromPublicKey(options.publicKey, deps.crypto.sha256),
      verifier_key: formatVerifierKey(key, deps.crypto.sha256)
    };
    mkdirSync2(dir, { recursive: true });
    writeFileSync(join2(dir, LOG_FILES.config), `${JSON.stringify(config, null, 2)}
`, { flag: "wx" });
    return _TransparencyLog.open(dir, deps);
  }
  /**
   * Opens the log in `dir`. `leaves.jsonl` is the record; the level files are derived from it. A torn
   * last line (crash mid-write) is cut off; tree levels longer than the leaves are cut back, and
   * missing tree nodes (a crash before the tree write, or a copy of the log without its `tree/`
   * directory, as kept on a git branch) are recomputed from the leaf lines.
   */
  static open(dir, deps) {
    const config = readLogConfig(dir);
    const publicKey = hexToBytes(config.public_key, 32);
    const leavesPath = join2(dir, LOG_FILES.leaves);
    const fd = openSync2(leavesPath, existsSync2(leavesPath) ? "r+" : "w+");
    const { lines, endOfLast } = countLines(fd);
    if (fstatSync2(fd).size !== endOfLast) ftruncateSync2(fd, endOfLast);
    const tree = FileTree.open(join2(dir, LOG_FILES.treeDir), deps.hasher, { size: lines });
    if (tree.size < lines) {
      forEachLine(fd, offsetAfterLines(fd, tree.size), (line) => {
        tree.appendLeafHash(deps.hasher.leaf(line));
      });
    }
    return new _TransparencyLog(dir, config, { name: config.origin, publicKey }, deps, tree, fd, endOfLast);
  }
  get origin() {
    return this.config.origin;
  }
  get size() {
    return this.#tree.size;
  }
  /** Appends one leaf (single-line UTF-8 text) and returns its index and leaf hash. */
  append(leafData) {
    if (leafData.includes("\n") || leafData.includes("\r")) throw new LogError("leaf data must be one line");
    const bytes = Buffer.from(`${leafData}
`, "utf8");
    const leafHash = this.deps.hasher.leaf(bytes.subarray(0, bytes.length - 1));
    writeSync2(this.#leavesFd, bytes, 0, bytes.length, this.#leavesBytes);
    this.#leavesBytes += bytes.length;
    const index = this.#tree.appendLeafHash(leafHash);
    return { index, leafHash };
  }
  root(size = this.size) {
    return rootAt(this.deps.hasher, this.#tree, size);
  }
  inclusionProof(index, size = this.size) {
    return inclusionProof(this.deps.hasher, this.#tree, index, size);
  }
  consistencyProof(size1, size2 = this.size) {
    return consistencyProof(this.deps.hasher, this.#tree, size1, size2);
  }
  /** The last checkpoint this log signed, verified against its own key; null before the first. */
  latestCheckpoint() {
    const path = join2(this.dir, LOG_FILES.checkpoint);
    if (!existsSync2(path)) return null;
    return openCheckpoint(readFileSync(path, "utf8"), this.key, this.deps.crypto);
  }
  /**
   * Signs a checkpoint for the current tree, after proving to itself that the tree extends the last
   * checkpoint it signed. If it does not (files edited, truncated or swapped), it refuses with
   * InconsistentCheckpointError instead of signing a fork. Returns the previous checkpoint unchanged
   * when nothing was appended since.
   */
  sign(signer) {
    if (!sameBytes(signer.publicKey, this.key.publicKey)) {
      throw new LogError(
        `the key ${signer.keyId} is not the key of log ${this.origin} (${this.config.key_id}); pass the log's key file`
      );
    }
    const previous = this.latestCheckpoint();
    const size = this.size;
    const root = this.root(size);
    if (previous) {
      const proposed = formatCheckpoint({ origin: this.origin, size, root });
      const refuse = (why) => {
        throw new InconsistentCheckpointError(
          `refusing to sign checkpoint ${size} of ${this.origin}: ${why}; the log files were altered \u2014 restore them from a copy that matches the signed checkpoint`,
          previous.note,
          proposed
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
            root
          );
        } catch (error) {
          refuse(error.message);
        }
      }
    }
    const signed = signCheckpoint({ origin: this.origin, size, root }, signer, this.deps.crypto.sha256);
    writeFileSync(join2(this.dir, LOG_FILES.history), `${JSON.stringify(signed.note)}
`, { flag: "a" });
    const tmp = join2(this.dir, `${LOG_FILES.checkpoint}.tmp`);
    writeFileSync(tmp, signed.note);
    renameSync(tmp, join2(this.dir, LOG_FILES.checkpoint));
    return signed;
  }
  close() {
    this.#tree.close();
    if (this.#leavesFd >= 0) closeSync2(this.#leavesFd);
    this.#leavesFd = -1;
  }
};
function readLogConfig(dir) {
  const path = join2(dir, LOG_FILES.config);
  let raw;
  try {
    raw = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    const code = error.code;
    throw new LogError(
      code === "ENOENT" ? `no log in ${dir} (${path} is missing); create one with \`truss anchor init ${dir} --origin NAME --log-key FILE\`` : `${path} is not valid JSON`
    );
  }
  const c = raw;
  if (c?.format !== LOG_FORMAT || typeof c.origin !== "string" || c.origin === "" || !hexToBytes(c.public_key, 32) || typeof c.key_id !== "string") {
    throw new LogError(`${path} is not a ${LOG_FORMAT} log description`);
  }
  return c;
}
function scanNewlines(fd, visit) {
  const chunk = Buffer.allocUnsafe(1 << 20);
  let position = 0;
  for (; ; ) {
    const read = readSync2(fd, chunk, 0, chunk.length, position);
    if (read === 0) return position;
    let at = chunk.indexOf(10);
    while (at !== -1 && at < read) {
      if (!visit(position + at + 1)) return position + at + 1;
      at = chunk.indexOf(10, at + 1);
    }
    position += read;
  }
}
function countLines(fd) {
  let lines = 0;
  let endOfLast = 0;
  scanNewlines(fd, (end) => {
    lines++;
    endOfLast = end;
    return true;
  });
  return { lines, endOfLast };
}
function forEachLine(fd, offset, onLine) {
  const chunk = Buffer.allocUnsafe(1 << 20);
  let carry = Buffer.alloc(0);
  let position = offset;
  for (; ; ) {
    const read = readSync2(fd, chunk, 0, chunk.length, position);
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
function offsetAfterLines(fd, wanted) {
  if (wanted === 0) return 0;
  let lines = 0;
  return scanNewlines(fd, () => ++lines < wanted);
}

// src/core/anchor/anchor.ts
function anchorInLog(options, head) {
  const log = TransparencyLog.open(options.dir, { crypto: options.crypto, hasher: options.hasher });
  try {
    const { index, leafHash } = log.append(anchorLeafData(head));
    const checkpoint = log.sign(options.signer);
    const proof = log.inclusionProof(index, checkpoint.size);
    const reopened = openCheckpoint(checkpoint.note, log.key, options.crypto);
    verifyInclusion(options.hasher, index, reopened.size, leafHash, proof, reopened.root);
    return buildReceipt({
      origin: log.origin,
      publicKey: log.key.publicKey,
      leafIndex: index,
      checkpoint,
      proof,
      headHash: head.headHash,
      seq: head.seq,
      sha256: options.crypto.sha256
    });
  } finally {
    log.close();
  }
}

// src/core/anchor/checkpoint-witness.ts
import { existsSync as existsSync3, mkdirSync as mkdirSync3, readFileSync as readFileSync2, renameSync as renameSync2, writeFileSync as writeFileSync2 } from "node:fs";
import { dirname } from "node:path";
var CheckpointWitness = class {
  constructor(key, deps, state) {
    this.key = key;
    this.deps = deps;
    this.state = state;
  }
  key;
  deps;
  state;
  /**
   * Verifies `note` and checks it against the remembered checkpoint; remembers it when it is newer.
   * Throws ForkError (carrying both notes) when the two cannot come from one append-only log.
   */
  observe(note, prove) {
    const checkpoint = openCheckpoint(note, this.key, this.deps.crypto);
    const saved = this.state.load();
    const previous = saved === null ? null : openCheckpoint(saved, this.key, this.deps.crypto);
    if (!previous) {
      this.state.save(note);
      return { checkpoint, previous };
    }
    const [older, newer] = previous.size <= checkpoint.size ? [previous, checkpoint] : [checkpoint, previous];
    const fork = (why) => {
      throw new ForkError(
        `log ${this.key.name} forked: checkpoint ${older.size} and checkpoint ${newer.size} cannot both be honest (${why}); keep both notes as evidence`,
        older.note,
        newer.note
      );
    };
    if (older.size === newer.size) {
      if (!sameRoot(older.root, newer.root)) fork("same size, different roots");
    } else if (older.size > 0) {
      let proof = [];
      try {
        proof = prove(older.size, newer.size);
      } catch (error) {
        fork(`no consistency proof available: ${error.message}`);
      }
      try {
        verifyConsistency(this.deps.hasher, older.size, newer.size, proof, older.root, newer.root);
      } catch (error) {
        fork(error.message);
      }
    }
    if (checkpoint.size > previous.size) this.state.save(note);
    return { checkpoint, previous };
  }
};
function sameRoot(a, b) {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
function fileWitnessState(path) {
  return {
    load: () => existsSync3(path) ? readFileSync2(path, "utf8") : null,
    save: (note) => {
      mkdirSync3(dirname(path), { recursive: true });
      const temp = `${path}.tmp-${process.pid}`;
      writeFileSync2(temp, note);
      renameSync2(temp, path);
    }
  };
}

// src/core/anchor/node-hasher.ts
import { createHash } from "node:crypto";
var LEAF_PREFIX = Buffer.from([0]);
var NODE_PREFIX = Buffer.from([1]);
function nodeTreeHasher() {
  return {
    emptyRoot: createHash("sha256").digest(),
    leaf: (data) => createHash("sha256").update(LEAF_PREFIX).update(data).digest(),
    node: (left, right) => createHash("sha256").update(NODE_PREFIX).update(left).update(right).digest()
  };
}

// src/core/anchor/verify-log.ts
import { existsSync as existsSync4, readFileSync as readFileSync3 } from "node:fs";
import { join as join3 } from "node:path";
function verifyLogDir(dir, options) {
  const config = readLogConfig(dir);
  const publicKey = hexToBytes(config.public_key, 32);
  const report = {
    status: "verified",
    origin: config.origin,
    key_id: config.key_id,
    public_key: config.public_key,
    key_pinned: (options.pinnedKeys ?? []).includes(config.public_key),
    size: 0,
    root: bytesToHex(options.hasher.emptyRoot),
    checkpoints: 0,
    latest_checkpoint_size: null,
    failure: null
  };
  const fail = (message) => {
    report.status = "failed";
    report.failure = message;
    return report;
  };
  const leavesPath = join3(dir, LOG_FILES.leaves);
  const leaves = existsSync4(leavesPath) ? readFileSync3(leavesPath) : Buffer.alloc(0);
  if (leaves.length > 0 && leaves[leaves.length - 1] !== 10)
    return fail(`${LOG_FILES.leaves} ends in a partial line`);
  const leafHashes = [];
  for (let start = 0; start < leaves.length; ) {
    const end = leaves.indexOf(10, start);
    leafHashes.push(options.hasher.leaf(leaves.subarray(start, end)));
    start = end + 1;
  }
  const size = leafHashes.length;
  const levels = [Buffer.concat(leafHashes)];
  for (let count = Math.floor(size / 2), level = 1; count > 0; count = Math.floor(count / 2), level++) {
    const below = levels[level - 1];
    const nodes = Buffer.allocUnsafe(count * 32);
    for (let i = 0; i < count; i++) {
      const hash = options.hasher.node(
        below.subarray(64 * i, 64 * i + 32),
        below.subarray(64 * i + 32, 64 * i + 64)
      );
      nodes.set(hash, 32 * i);
    }
    levels.push(nodes);
  }
  const stored = readLevels(join3(dir, LOG_FILES.treeDir));
  if (stored.length > 0) {
    for (let level = 0; level < Math.max(stored.length, levels.length); level++) {
      const want = levels[level] ?? Buffer.alloc(0);
      const have = stored[level] ?? Buffer.alloc(0);
      if (have.equals(want)) continue;
      const name = `${LOG_FILES.treeDir}/level-${String(level).padStart(2, "0")}.bin`;
      if (have.length !== want.length)
        return fail(
          `${name} holds ${have.length / 32} hashes but ${size} leaves need exactly ${want.length / 32}`
        );
      let index = 0;
      while (have.subarray(index * 32, index * 32 + 32).equals(want.subarray(index * 32, index * 32 + 32)))
        index++;
      return fail(
        `${name} node ${index} (leaves from ${index * 2 ** level}) does not match the hash recomputed from ${LOG_FILES.leaves}`
      );
    }
  }
  report.size = size;
  const source = {
    size,
    node: (level, index) => nodeAt(levels, level, index)
  };
  report.root = bytesToHex(rootAt(options.hasher, source, size));
  const historyPath = join3(dir, LOG_FILES.history);
  const lines = existsSync4(historyPath) ? readFileSync3(historyPath, "utf8").split("\n").filter(Boolean) : [];
  const key = { name: config.origin, publicKey };
  let previous = null;
  for (const [i, line] of lines.entries()) {
    let checkpoint;
    try {
      checkpoint = openCheckpoint(JSON.parse(line), key, options.crypto);
    } catch (error) {
      return fail(`checkpoint ${i + 1} of ${LOG_FILES.history}: ${error.message}`);
    }
    if (checkpoint.size > size)
      return fail(
        `checkpoint ${i + 1} signs ${checkpoint.size} leaves but the log holds ${size}: leaves were removed`
      );
    if (!bytesEqual(rootAt(options.hasher, source, checkpoint.size), checkpoint.root))
      return fail(
        `checkpoint ${i + 1} (size ${checkpoint.size}) signs a root the leaves do not produce: the log was rewritten`
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
            checkpoint.root
          );
        } catch (error) {
          return fail(`checkpoints ${i} and ${i + 1} are not consistent: ${error.message}`);
        }
      }
    }
    previous = checkpoint;
  }
  report.checkpoints = lines.length;
  report.latest_checkpoint_size = previous?.size ?? null;
  const latestPath = join3(dir, LOG_FILES.checkpoint);
  const latest = existsSync4(latestPath) ? readFileSync3(latestPath, "utf8") : null;
  if ((latest ?? null) !== (previous?.note ?? null))
    return fail(`${LOG_FILES.checkpoint} is not the last checkpoint in ${LOG_FILES.history}`);
  if (!report.key_pinned && (options.pinnedKeys ?? []).length > 0)
    return fail(
      `the log is signed by ${config.key_id}, which is not a pinned log key: it may have been re-signed`
    );
  if (!report.key_pinned) report.status = "integrity_only";
  return report;
}
function readLogTree(dir) {
  const levels = readLevels(join3(dir, LOG_FILES.treeDir));
  return {
    size: (levels[0]?.length ?? 0) / 32,
    node: (level, index) => {
      const hash = nodeAt(levels, level, index);
      if (!hash) throw new RangeError(`no complete subtree at level ${level}, index ${index}`);
      return hash;
    }
  };
}
function readLevels(dir) {
  const levels = [];
  for (let level = 0; ; level++) {
    const path = join3(dir, `level-${String(level).padStart(2, "0")}.bin`);
    if (!existsSync4(path)) break;
    levels.push(readFileSync3(path));
  }
  return levels;
}
function nodeAt(levels, level, index) {
  const buffer = levels[level];
  if (!buffer || (index + 1) * 32 > buffer.length) return void 0;
  return buffer.subarray(index * 32, index * 32 + 32);
}

// src/core/anchor/anchor-session.ts
async function anchorSession(options) {
  const head = options.store.reviewableHeadEntry(options.sessionId);
  if (!head)
    throw new LedgerError("nothing_to_attest", `session ${options.sessionId} has no entries to anchor`);
  const receipt = await options.anchor.anchor({ headHash: head.entry_hash, seq: head.seq });
  if (!receipt) return null;
  const entry = options.store.append(options.sessionId, ANCHOR_RECEIPT_KIND, receipt, options.signer);
  return { receipt, entry };
}

export {
  LOG_FILES,
  consistencyProof,
  TransparencyLog,
  readLogConfig,
  anchorInLog,
  anchorSession,
  CheckpointWitness,
  fileWitnessState,
  nodeTreeHasher,
  verifyLogDir,
  readLogTree
};
