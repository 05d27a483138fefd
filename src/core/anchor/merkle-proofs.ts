/**
 * Proof generation (RFC 6962 §2.1.1 PATH and §2.1.2 SUBPROOF) over any store of complete subtree
 * hashes. Only O(log n) stored nodes are read per proof, which is what keeps proofs cheap at a
 * million leaves.
 */
import type { TreeHasher } from './hasher.js';

/**
 * Hashes of the complete (perfect) subtrees of a tree: `node(level, index)` covers leaves
 * `[index·2^level, (index+1)·2^level)` and exists once all of them are appended.
 */
export interface NodeSource {
  readonly size: number;
  node(level: number, index: number): Uint8Array;
}

/** MTH of `size` leaves (RFC 6962 §2.1): the root at any earlier size, as needed for old checkpoints. */
export function rootAt(hasher: TreeHasher, source: NodeSource, size: number): Uint8Array {
  checkRange(source, size);
  return size === 0 ? hasher.emptyRoot : rangeHash(hasher, source, 0, size);
}

/** Audit path for leaf `index` in the tree of the first `size` leaves. */
export function inclusionProof(
  hasher: TreeHasher,
  source: NodeSource,
  index: number,
  size: number,
): Uint8Array[] {
  checkRange(source, size);
  if (!Number.isSafeInteger(index) || index < 0 || index >= size)
    throw new RangeError(`leaf ${index} is not in a tree of size ${size}`);
  const proof: Uint8Array[] = [];
  const walk = (lo: number, hi: number): void => {
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

/** Proof that the tree of `size1` leaves is a prefix of the tree of `size2` leaves (0 < size1 ≤ size2). */
export function consistencyProof(
  hasher: TreeHasher,
  source: NodeSource,
  size1: number,
  size2: number,
): Uint8Array[] {
  checkRange(source, size2);
  if (!Number.isSafeInteger(size1) || size1 < 1 || size1 > size2)
    throw new RangeError(`no consistency proof from size ${size1} to size ${size2}`);
  const proof: Uint8Array[] = [];
  const sub = (m: number, lo: number, hi: number, complete: boolean): void => {
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

/**
 * Hash of leaves [lo, hi) where lo is aligned as RFC 6962's recursion guarantees: a perfect aligned
 * range is one stored node; anything else splits at the largest power of two.
 */
function rangeHash(hasher: TreeHasher, source: NodeSource, lo: number, hi: number): Uint8Array {
  const n = hi - lo;
  const level = exactLog2(n);
  if (level !== -1 && lo % n === 0) return source.node(level, lo / n);
  const k = largestPowerOfTwoBelow(n);
  return hasher.node(rangeHash(hasher, source, lo, lo + k), rangeHash(hasher, source, lo + k, hi));
}

function checkRange(source: NodeSource, size: number): void {
  if (!Number.isSafeInteger(size) || size < 0 || size > source.size)
    throw new RangeError(`tree size ${size} is not between 0 and the log size ${source.size}`);
}

/** The largest power of two strictly below n (n ≥ 2). */
export function largestPowerOfTwoBelow(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

function exactLog2(n: number): number {
  let level = 0;
  let x = n;
  while (x > 1) {
    if (x % 2 !== 0) return -1;
    x /= 2;
    level++;
  }
  return x === 1 ? level : -1;
}
