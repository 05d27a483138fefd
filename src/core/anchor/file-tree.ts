/**
 * Append-only on-disk Merkle tree: one file per level (`level-00.bin`, `level-01.bin`, …) holding
 * the 32-byte hashes of that level's complete subtrees in order. An append writes the leaf hash and
 * the ~1 parent it completes on average (amortized O(1)); any root or proof reads O(log n) nodes at
 * known offsets. Level k always holds exactly floor(size / 2^k) hashes, so a crash that leaves
 * a level short or long is repaired on open by recomputing from the level below.
 */
import {
  closeSync,
  existsSync,
  fstatSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { LogError } from './errors.js';
import type { TreeHasher } from './hasher.js';
import type { NodeSource } from './merkle-proofs.js';

const HASH = 32;
const MAX_LEVELS = 54;

export class FileTree implements NodeSource {
  readonly #fds: number[] = [];
  readonly #counts: number[] = [];
  /** The last hash written to each level: the left sibling the next odd append needs, without a read. */
  readonly #last: (Uint8Array | undefined)[] = [];
  #size = 0;

  private constructor(
    private readonly dir: string,
    private readonly hasher: TreeHasher,
  ) {}

  /** Opens (creating if needed) the tree in `dir`, truncated to `size` leaves when given, and repairs partial appends. */
  static open(dir: string, hasher: TreeHasher, options: { size?: number } = {}): FileTree {
    mkdirSync(dir, { recursive: true });
    const tree = new FileTree(dir, hasher);
    tree.#openLevel(0);
    const leaves = tree.#counts[0] as number;
    const size = options.size === undefined ? leaves : Math.min(options.size, leaves);
    tree.#repair(size);
    return tree;
  }

  get size(): number {
    return this.#size;
  }

  /** Appends one leaf hash; returns its index. */
  appendLeafHash(leafHash: Uint8Array): number {
    if (leafHash.length !== HASH) throw new LogError(`a leaf hash is ${HASH} bytes, got ${leafHash.length}`);
    const index = this.#size;
    let hash = leafHash;
    let level = 0;
    let i = index;
    for (;;) {
      // At an odd index the previous node written to this level is the left sibling.
      const left = this.#last[level];
      this.#push(level, hash);
      if (i % 2 === 0) break;
      hash = this.hasher.node(left as Uint8Array, hash);
      level++;
      i = (i - 1) / 2;
    }
    this.#size = index + 1;
    return index;
  }

  node(level: number, index: number): Uint8Array {
    const count = this.#counts[level] ?? 0;
    if (!Number.isSafeInteger(index) || index < 0 || index >= count)
      throw new RangeError(`no complete subtree at level ${level}, index ${index}`);
    const out = Buffer.allocUnsafe(HASH);
    const read = readSync(this.#fds[level] as number, out, 0, HASH, index * HASH);
    if (read !== HASH) throw new LogError(`${this.#path(level)} is shorter than its recorded length`);
    return out;
  }

  close(): void {
    for (const fd of this.#fds) if (fd !== undefined) closeSync(fd);
    this.#fds.length = 0;
  }

  #push(level: number, hash: Uint8Array): void {
    if (this.#fds[level] === undefined) this.#openLevel(level);
    const count = this.#counts[level] as number;
    writeSync(this.#fds[level] as number, hash, 0, HASH, count * HASH);
    this.#counts[level] = count + 1;
    this.#last[level] = hash;
  }

  #path(level: number): string {
    return join(this.dir, `level-${String(level).padStart(2, '0')}.bin`);
  }

  #openLevel(level: number): void {
    if (level >= MAX_LEVELS) throw new LogError('the tree is too large');
    const path = this.#path(level);
    const fd = openSync(path, existsSync(path) ? 'r+' : 'w+');
    this.#fds[level] = fd;
    this.#counts[level] = Math.floor(fstatSync(fd).size / HASH);
  }

  /** Makes level k hold exactly floor(size / 2^k) hashes: cuts torn tails, recomputes missing parents. */
  #repair(size: number): void {
    this.#size = size;
    let expected = size;
    for (let level = 0; level < MAX_LEVELS; level++) {
      const path = this.#path(level);
      if (expected === 0 && !existsSync(path)) break;
      if (this.#fds[level] === undefined) this.#openLevel(level);
      const fd = this.#fds[level] as number;
      if (
        (this.#counts[level] as number) > expected ||
        fstatSync(fd).size !== (this.#counts[level] as number) * HASH
      ) {
        this.#counts[level] = Math.min(this.#counts[level] as number, expected);
        ftruncateSync(fd, (this.#counts[level] as number) * HASH);
      }
      while ((this.#counts[level] as number) < expected) {
        if (level === 0) throw new LogError('the leaf level is shorter than the log size');
        const i = this.#counts[level] as number;
        const parent = this.hasher.node(this.node(level - 1, 2 * i), this.node(level - 1, 2 * i + 1));
        writeSync(fd, parent, 0, HASH, i * HASH);
        this.#counts[level] = i + 1;
      }
      this.#last[level] = expected > 0 ? this.node(level, expected - 1) : undefined;
      expected = Math.floor(expected / 2);
    }
  }
}
