import type { TreeHasher } from './hasher.js';
import type { NodeSource } from './merkle-proofs.js';

/**
 * A Merkle tree held in memory (every complete subtree hash per level). Used to rebuild a log from its
 * leaves when verifying it, and as the reference in tests; the log itself uses FileTree.
 */
export class MemoryTree implements NodeSource {
  readonly #levels: Uint8Array[][] = [[]];

  constructor(private readonly hasher: TreeHasher) {}

  get size(): number {
    return (this.#levels[0] as Uint8Array[]).length;
  }

  /** Appends one leaf hash and every subtree it completes. */
  appendLeafHash(leafHash: Uint8Array): number {
    const index = this.size;
    let hash = leafHash;
    let level = 0;
    let i = index;
    for (;;) {
      let nodes = this.#levels[level];
      if (!nodes) {
        nodes = [];
        this.#levels[level] = nodes;
      }
      nodes.push(hash);
      if (i % 2 === 0) break;
      hash = this.hasher.node(nodes[i - 1] as Uint8Array, hash);
      level++;
      i = (i - 1) / 2;
    }
    return index;
  }

  node(level: number, index: number): Uint8Array {
    const hash = this.#levels[level]?.[index];
    if (!hash) throw new RangeError(`no complete subtree at level ${level}, index ${index}`);
    return hash;
  }

  /** How many complete subtrees the level holds: must equal floor(size / 2^level). */
  levelLength(level: number): number {
    return this.#levels[level]?.length ?? 0;
  }
}
