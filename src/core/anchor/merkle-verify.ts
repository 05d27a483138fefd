/**
 * Proof verification exactly as RFC 9162 §2.1.3.2 (inclusion) and §2.1.4.2 (consistency) describe it,
 * written against a TreeHasher so it runs on node:crypto and in a browser alike. Every function
 * throws ProofError with the reason instead of returning false, so callers cannot ignore a failure.
 */
import { ProofError } from './errors.js';
import type { TreeHasher } from './hasher.js';

const HASH_BYTES = 32;

/**
 * Checks that `leafHash` is leaf `leafIndex` of the tree of `treeSize` leaves whose root is `root`.
 * Why: a receipt is only worth something if anyone can recompute the signed root from it.
 */
export function verifyInclusion(
  hasher: TreeHasher,
  leafIndex: number,
  treeSize: number,
  leafHash: Uint8Array,
  proof: readonly Uint8Array[],
  root: Uint8Array,
): void {
  requireSize(leafIndex, 'leaf index');
  requireSize(treeSize, 'tree size');
  if (leafIndex >= treeSize)
    throw new ProofError(`leaf index ${leafIndex} is not inside a tree of size ${treeSize}`);
  if (leafHash.length !== HASH_BYTES)
    throw new ProofError(`the leaf hash is ${leafHash.length} bytes, not ${HASH_BYTES}`);
  if (root.length !== HASH_BYTES) throw new ProofError(`the root is ${root.length} bytes, not ${HASH_BYTES}`);
  requireHashes(proof);
  const computed = rootFromInclusionProof(hasher, leafIndex, treeSize, leafHash, proof);
  if (!sameBytes(computed, root))
    throw new ProofError('the inclusion proof leads to a different root than the one given');
}

/** RFC 9162 §2.1.3.2 steps 2–4: the root an inclusion proof implies (throws when the proof has the wrong length). */
export function rootFromInclusionProof(
  hasher: TreeHasher,
  leafIndex: number,
  treeSize: number,
  leafHash: Uint8Array,
  proof: readonly Uint8Array[],
): Uint8Array {
  let fn = leafIndex;
  let sn = treeSize - 1;
  let r = leafHash;
  for (const p of proof) {
    if (sn === 0) throw new ProofError(`the inclusion proof is too long (${proof.length} hashes)`);
    if (odd(fn) || fn === sn) {
      r = hasher.node(p, r);
      if (!odd(fn)) {
        while (!odd(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
      }
    } else {
      r = hasher.node(r, p);
    }
    fn = half(fn);
    sn = half(sn);
  }
  if (sn !== 0) throw new ProofError(`the inclusion proof is too short (${proof.length} hashes)`);
  return r;
}

/**
 * Checks that the tree of `size2` leaves with root `root2` extends the tree of `size1` leaves with
 * root `root1` (append-only). Why: this is what makes a rewritten history detectable — a log that
 * removed or changed an anchored head cannot produce this proof.
 */
export function verifyConsistency(
  hasher: TreeHasher,
  size1: number,
  size2: number,
  proof: readonly Uint8Array[],
  root1: Uint8Array,
  root2: Uint8Array,
): void {
  requireSize(size1, 'size1');
  requireSize(size2, 'size2');
  if (size1 > size2) throw new ProofError(`size1 (${size1}) is larger than size2 (${size2})`);
  if (size1 === 0) {
    // RFC 9162 defines consistency proofs for 0 < first: every tree extends the empty one, so a
    // "proof" from size 0 proves nothing and is refused rather than waved through.
    throw new ProofError('a consistency proof from an empty tree proves nothing (size1 is 0)');
  }
  if (size1 === size2) {
    if (proof.length > 0) throw new ProofError('size1 equals size2, so the proof must be empty');
    if (!sameBytes(root1, root2)) throw new ProofError('the trees have the same size but different roots');
    return;
  }
  if (proof.length === 0) throw new ProofError('the consistency proof is empty');
  requireHashes(proof);
  const path = isPowerOfTwo(size1) ? [root1, ...proof] : [...proof];
  let fn = size1 - 1;
  let sn = size2 - 1;
  while (odd(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let fr = path[0] as Uint8Array;
  let sr = fr;
  for (let i = 1; i < path.length; i++) {
    const c = path[i] as Uint8Array;
    if (sn === 0) throw new ProofError(`the consistency proof is too long (${proof.length} hashes)`);
    if (odd(fn) || fn === sn) {
      fr = hasher.node(c, fr);
      sr = hasher.node(c, sr);
      if (!odd(fn)) {
        while (!odd(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
      }
    } else {
      sr = hasher.node(sr, c);
    }
    fn = half(fn);
    sn = half(sn);
  }
  if (sn !== 0) throw new ProofError(`the consistency proof is too short (${proof.length} hashes)`);
  if (!sameBytes(fr, root1)) throw new ProofError('the consistency proof does not lead to the first root');
  if (!sameBytes(sr, root2)) throw new ProofError('the consistency proof does not lead to the second root');
}

function requireSize(n: number, what: string): void {
  if (!Number.isSafeInteger(n) || n < 0) throw new ProofError(`${what} ${n} is not a non-negative integer`);
}

function requireHashes(proof: readonly Uint8Array[]): void {
  proof.forEach((hash, i) => {
    if (hash.length !== HASH_BYTES)
      throw new ProofError(`proof hash ${i} is ${hash.length} bytes, not ${HASH_BYTES}`);
  });
}

// Tree sizes go past 2^32, where JavaScript's bitwise operators wrap: use arithmetic instead.
function odd(n: number): boolean {
  return n % 2 === 1;
}

function half(n: number): number {
  return Math.floor(n / 2);
}

export function isPowerOfTwo(n: number): boolean {
  if (n < 1) return false;
  let x = n;
  while (x % 2 === 0) x /= 2;
  return x === 1;
}

/** Constant-time comparison of two byte strings (length is not secret). */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] as number) ^ (b[i] as number);
  return diff === 0;
}
