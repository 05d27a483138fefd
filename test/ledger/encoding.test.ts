import { createHash, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bytesToHex,
  createNodeCrypto,
  entryPreimage,
  entryPreimageParts,
  hexToBytes,
  SigningKey,
} from '../../src/core/ledger/index.js';

describe('hexToBytes (strict lowercase hex of an exact length)', () => {
  it('round-trips with bytesToHex and agrees with Buffer', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 80 }), (bytes) => {
        const hex = bytesToHex(bytes);
        expect(hex).toBe(Buffer.from(bytes).toString('hex'));
        expect(hexToBytes(hex, bytes.length)).toEqual(bytes);
      }),
    );
  });

  it('rejects uppercase, wrong lengths, non-hex and non-ASCII digits, and non-strings', () => {
    const good = randomBytes(32).toString('hex');
    expect(hexToBytes(good, 32)).toBeInstanceOf(Uint8Array);
    for (const bad of [
      good.toUpperCase(),
      `${good.slice(0, 63)}A`,
      good.slice(2),
      `${good}00`,
      `${good.slice(0, 63)}g`,
      `${good.slice(0, 62)} 0`,
      `${good.slice(0, 63)}\u0660`, // ARABIC-INDIC DIGIT ZERO
      `${good.slice(0, 63)}\uff10`, // FULLWIDTH DIGIT ZERO
      `${good.slice(0, 63)}\u0130`, // a character whose low byte is 0x30 ('0')
      `0x${good.slice(2)}`,
      `-${good.slice(1)}`,
    ]) {
      expect(hexToBytes(bad, 32), bad).toBeUndefined();
    }
    for (const bad of [null, undefined, 42, [good], { toString: () => good }]) {
      expect(hexToBytes(bad, 32)).toBeUndefined();
    }
  });
});

describe('entryPreimageParts', () => {
  it('hashed part by part equals the hash of entryPreimage', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.stringMatching(/^[a-z][a-z0-9_]{0,63}$/),
        fc.string({ unit: 'grapheme' }),
        fc.nat({ max: Number.MAX_SAFE_INTEGER }),
        (prev, kind, text, seq) => {
          const canonical = JSON.stringify({ text });
          const whole = createHash('sha256')
            .update(entryPreimage(prev, kind, canonical, seq))
            .digest();
          const hash = createHash('sha256');
          for (const part of entryPreimageParts(prev, kind, canonical, seq)) hash.update(part);
          expect(hash.digest()).toEqual(whole);
        },
      ),
    );
  });
});

describe('createNodeCrypto key cache', () => {
  it('a public key array reused with other bytes is not mistaken for the cached key', () => {
    const crypto = createNodeCrypto();
    const a = SigningKey.fromSeed(new Uint8Array(32).fill(1));
    const b = SigningKey.fromSeed(new Uint8Array(32).fill(2));
    const message = new Uint8Array(32).fill(9);
    const key = Uint8Array.from(a.publicKey);
    expect(crypto.verify(a.sign(message), message, key)).toBe(true);
    expect(crypto.verify(b.sign(message), message, key)).toBe(false);
    key.set(b.publicKey); // same array object, now holding b's key
    expect(crypto.verify(b.sign(message), message, key)).toBe(true);
    expect(crypto.verify(a.sign(message), message, key)).toBe(false);
  });
});
