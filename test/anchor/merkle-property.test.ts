import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  consistencyProof,
  FileTree,
  inclusionProof,
  MemoryTree,
  nodeTreeHasher,
  ProofError,
  rfc6962Hasher,
  rootAt,
  verifyConsistency,
  verifyInclusion,
} from '../../src/core/anchor/index.js';
import { portableCrypto } from '../../src/core/ledger/crypto-portable.js';
import { tempDir } from '../helpers/temp-dir.js';

const hasher = nodeTreeHasher();
const sha = (data: Uint8Array): Uint8Array => createHash('sha256').update(data).digest();

/** RFC 6962 §2.1 MTH written straight from the definition, as the independent reference. */
function referenceRoot(leaves: Uint8Array[]): Uint8Array {
  if (leaves.length === 0) return sha(new Uint8Array(0));
  const mth = (items: Uint8Array[]): Uint8Array => {
    if (items.length === 1) return sha(Buffer.concat([Buffer.from([0]), items[0] as Uint8Array]));
    let k = 1;
    while (k * 2 < items.length) k *= 2;
    return sha(Buffer.concat([Buffer.from([1]), mth(items.slice(0, k)), mth(items.slice(k))]));
  };
  return mth(leaves);
}

function leavesOf(n: number): Uint8Array[] {
  return Array.from({ length: n }, (_, i) => Buffer.from(`leaf ${i}`));
}

function memoryTree(n: number): MemoryTree {
  const tree = new MemoryTree(hasher);
  for (const leaf of leavesOf(n)) tree.appendLeafHash(hasher.leaf(leaf));
  return tree;
}

function flip(bytes: Uint8Array, bit: number): Uint8Array {
  const copy = Uint8Array.from(bytes);
  copy[Math.floor(bit / 8) % copy.length] =
    (copy[Math.floor(bit / 8) % copy.length] as number) ^ (1 << (bit % 8));
  return copy;
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('RFC 6962 tree: roots', () => {
  it('the empty tree hashes to SHA-256 of nothing and a one-leaf tree to the leaf hash', () => {
    const tree = new MemoryTree(hasher);
    expect(Buffer.from(rootAt(hasher, tree, 0)).toString('hex')).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    tree.appendLeafHash(hasher.leaf(new Uint8Array(0)));
    // The RFC 6962 test tree's first leaf is the empty string: its hash is the well-known 6e340b9c…
    expect(Buffer.from(rootAt(hasher, tree, 1)).toString('hex')).toBe(
      '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
    );
  });

  it('memory and file trees give the reference root at every size up to 70', () => {
    const dir = tempDir('tree').dir;
    dirs.push(dir);
    const file = FileTree.open(dir, hasher);
    const memory = new MemoryTree(hasher);
    const leaves = leavesOf(70);
    for (let n = 1; n <= leaves.length; n++) {
      file.appendLeafHash(hasher.leaf(leaves[n - 1] as Uint8Array));
      memory.appendLeafHash(hasher.leaf(leaves[n - 1] as Uint8Array));
      const want = referenceRoot(leaves.slice(0, n));
      expect(Buffer.from(rootAt(hasher, memory, n))).toEqual(Buffer.from(want));
      expect(Buffer.from(rootAt(hasher, file, n))).toEqual(Buffer.from(want));
    }
    // Every earlier size is still answerable from the same files (old checkpoints).
    for (let m = 1; m <= 70; m++)
      expect(Buffer.from(rootAt(hasher, file, m))).toEqual(Buffer.from(referenceRoot(leaves.slice(0, m))));
    file.close();
  });

  it('the portable (@noble) hasher gives the same roots as node:crypto', () => {
    const portable = rfc6962Hasher(portableCrypto.sha256);
    const a = memoryTree(37);
    const b = new MemoryTree(portable);
    for (const leaf of leavesOf(37)) b.appendLeafHash(portable.leaf(leaf));
    expect(Buffer.from(rootAt(portable, b, 37))).toEqual(Buffer.from(rootAt(hasher, a, 37)));
  });
});

describe('RFC 6962 proofs: property tests', () => {
  const sizeAndIndex = fc.integer({ min: 1, max: 300 }).chain((n) => fc.tuple(fc.constant(n), fc.nat(n - 1)));

  it('every inclusion proof verifies against the root, and is at most ceil(log2 n) hashes', () => {
    fc.assert(
      fc.property(sizeAndIndex, ([n, index]) => {
        const tree = memoryTree(n);
        const proof = inclusionProof(hasher, tree, index, n);
        const leaf = hasher.leaf(Buffer.from(`leaf ${index}`));
        verifyInclusion(hasher, index, n, leaf, proof, rootAt(hasher, tree, n));
        expect(proof.length).toBeLessThanOrEqual(Math.ceil(Math.log2(n)));
      }),
      { numRuns: 300 },
    );
  });

  it('any mutated inclusion proof, leaf, index or root is rejected', () => {
    fc.assert(
      fc.property(sizeAndIndex, fc.nat(), fc.integer({ min: 0, max: 5 }), ([n, index], bit, mutation) => {
        const tree = memoryTree(n);
        let proof = inclusionProof(hasher, tree, index, n);
        let leaf = hasher.leaf(Buffer.from(`leaf ${index}`));
        let root = rootAt(hasher, tree, n);
        let at = index;
        let size = n;
        switch (mutation) {
          case 0:
            if (proof.length === 0) return;
            proof = proof.map((h, i) => (i === bit % proof.length ? flip(h, bit) : h));
            break;
          case 1:
            leaf = flip(leaf, bit);
            break;
          case 2:
            root = flip(root, bit);
            break;
          case 3:
            at = (index + 1 + (bit % n)) % (n + 1);
            if (at === index) return;
            break;
          case 4:
            proof = [...proof, hasher.leaf(Buffer.from('extra'))];
            break;
          case 5:
            // A size beyond the tree: the leaf index of n is out of range for a tree of n leaves.
            at = n;
            size = n;
            break;
        }
        expect(() => verifyInclusion(hasher, at, size, leaf, proof, root)).toThrow(ProofError);
      }),
      { numRuns: 400 },
    );
  });

  const sizes = fc
    .tuple(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 0, max: 300 }))
    .map(([a, b]) => [a, a + b] as const);

  it('every consistency proof verifies between the two roots', () => {
    fc.assert(
      fc.property(sizes, ([m, n]) => {
        const tree = memoryTree(n);
        const proof = consistencyProof(hasher, tree, m, n);
        verifyConsistency(hasher, m, n, proof, rootAt(hasher, tree, m), rootAt(hasher, tree, n));
        expect(proof.length).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(n)) + 1);
      }),
      { numRuns: 300 },
    );
  });

  it('any mutated consistency proof or root is rejected, and so is a tree that rewrote an old leaf', () => {
    fc.assert(
      fc.property(sizes, fc.nat(), fc.integer({ min: 0, max: 3 }), ([m, n], bit, mutation) => {
        if (m === n && mutation === 0) return;
        const tree = memoryTree(n);
        let proof = consistencyProof(hasher, tree, m, n);
        let root1 = rootAt(hasher, tree, m);
        let root2 = rootAt(hasher, tree, n);
        switch (mutation) {
          case 0:
            if (proof.length === 0) return;
            proof = proof.map((h, i) => (i === bit % proof.length ? flip(h, bit) : h));
            break;
          case 1:
            root1 = flip(root1, bit);
            break;
          case 2:
            root2 = flip(root2, bit);
            break;
          case 3: {
            // A log that changed leaf j < m and rebuilt: same sizes, new root2, honest-looking proof.
            const forged = new MemoryTree(hasher);
            const j = bit % m;
            for (const [i, leaf] of leavesOf(n).entries())
              forged.appendLeafHash(hasher.leaf(i === j ? Buffer.from('rewritten') : leaf));
            proof = m === n ? [] : consistencyProof(hasher, forged, m, n);
            root2 = rootAt(hasher, forged, n);
            break;
          }
        }
        expect(() => verifyConsistency(hasher, m, n, proof, root1, root2)).toThrow(ProofError);
      }),
      { numRuns: 400 },
    );
  });
});
