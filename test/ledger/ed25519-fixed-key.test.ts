/**
 * The windowed fixed-key verifier must say exactly what the node:crypto path (`truss verify`) says —
 * on valid signatures, on every single-bit mutation of signature, message and key, on non-canonical
 * and out-of-range encodings, on small-order keys (docs/ledger.md "Signature rule"; the edge cases
 * are in ed25519-edge-vectors.test.ts).
 */
import * as ed from '@noble/ed25519';
import { sha512 } from '@noble/hashes/sha2.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createNodeCrypto } from '../../src/core/ledger/crypto-node.js';
import { portableCrypto } from '../../src/core/ledger/crypto-portable.js';
import { FixedKeyVerifier } from '../../src/core/ledger/ed25519-fixed-key.js';

ed.hashes.sha512 = sha512;
const nodeCrypto = createNodeCrypto();
const strict = (sig: Uint8Array, msg: Uint8Array, pub: Uint8Array) => nodeCrypto.verify(sig, msg, pub);

/**
 * A verifier per key, kept: building a key's window table is what a verifier costs, so the valid,
 * signature and message cases draw from a few keys and only a mutated key builds a new table.
 */
const verifiers = new Map<string, FixedKeyVerifier>();
function verifierFor(key: Uint8Array): FixedKeyVerifier {
  const hex = Buffer.from(key).toString('hex');
  let verifier = verifiers.get(hex);
  if (verifier === undefined) {
    verifier = new FixedKeyVerifier(key);
    verifiers.set(hex, verifier);
  }
  return verifier;
}
const SEEDS = Array.from({ length: 16 }, (_, i) =>
  Uint8Array.from({ length: 32 }, (_, j) => (i * 97 + j * 31) & 255),
);

describe('FixedKeyVerifier', () => {
  it('agrees with node:crypto on valid and single-bit-mutated signatures, messages and keys', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom(...SEEDS), fc.uint8Array({ minLength: 32, maxLength: 32 })),
        fc.uint8Array({ maxLength: 80 }),
        fc.nat(64 * 8 - 1),
        fc.constantFrom('none', 'sig', 'msg', 'key'),
        (seed, message, bit, what) => {
          const pub = ed.getPublicKey(seed);
          const sig = ed.sign(message, seed);
          const s = Uint8Array.from(sig);
          const m = Uint8Array.from(message);
          const k = Uint8Array.from(pub);
          if (what === 'sig') s[bit >> 3] = (s[bit >> 3] as number) ^ (1 << (bit & 7));
          if (what === 'msg' && m.length > 0)
            m[(bit >> 3) % m.length] = (m[(bit >> 3) % m.length] as number) ^ (1 << (bit & 7));
          if (what === 'key') k[(bit >> 3) % 32] = (k[(bit >> 3) % 32] as number) ^ (1 << (bit & 7));
          const expected = strict(s, m, k);
          expect(verifierFor(k).verify(s, m)).toBe(expected);
          if (what === 'none') expect(expected).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses s ≥ L, a non-canonical R, a small-order key and the identity key, as the node:crypto path does', () => {
    const seed = new Uint8Array(32).fill(9);
    const pub = ed.getPublicKey(seed);
    const msg = new Uint8Array([1, 2, 3]);
    const sig = ed.sign(msg, seed);
    const L = ed.Point.CURVE().n;
    const bigS = Uint8Array.from(sig);
    let s = 0n;
    for (let i = 63; i >= 32; i--) s = (s << 8n) | BigInt(sig[i] as number);
    let t = s + L;
    for (let i = 32; i < 64; i++) {
      bigS[i] = Number(t & 255n);
      t >>= 8n;
    }
    const nonCanonicalR = Uint8Array.from(sig);
    nonCanonicalR.fill(0xff, 0, 31);
    nonCanonicalR[31] = 0x7f;
    const identity = new Uint8Array(32);
    identity[0] = 1;
    const smallOrder = ed.etc.hexToBytes('c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a');
    for (const [signature, key] of [
      [bigS, pub],
      [nonCanonicalR, pub],
      [sig, identity],
      [sig, smallOrder],
      [sig.subarray(0, 63), pub],
    ] as const) {
      expect(new FixedKeyVerifier(key).verify(signature, msg)).toBe(strict(signature, msg, key));
      expect(new FixedKeyVerifier(key).verify(signature, msg)).toBe(false);
    }
  });

  it('portableCrypto (cached tables) and node:crypto agree on many keys and messages', () => {
    const node = createNodeCrypto();
    for (let i = 0; i < 40; i++) {
      const seed = new Uint8Array(32).fill(i + 1);
      const pub = ed.getPublicKey(seed);
      const msg = new Uint8Array([i, i + 1, i + 2]);
      const sig = ed.sign(msg, seed);
      expect(portableCrypto.verify(sig, msg, pub)).toBe(true);
      expect(node.verify(sig, msg, pub)).toBe(true);
      const other = new Uint8Array([i + 9]);
      expect(portableCrypto.verify(sig, other, pub)).toBe(node.verify(sig, other, pub));
    }
  });
});
