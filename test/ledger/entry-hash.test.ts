import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entryPreimage, entryPreimageParts, nodeEntryHash } from '../../src/core/ledger/index.js';

describe('entryPreimageParts seq encoding', () => {
  it('is u64le of seq for every safe non-negative integer, across the 32-bit boundary', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.maxSafeNat(),
          fc.nat({ max: 70_000 }),
          fc.constantFrom(
            0,
            255,
            256,
            2 ** 32 - 1,
            2 ** 32,
            2 ** 32 + 1,
            2 ** 40 + 7,
            Number.MAX_SAFE_INTEGER,
          ),
        ),
        (seq) => {
          const expected = Buffer.alloc(8);
          expected.writeBigUInt64LE(BigInt(seq));
          const [, , , seqBytes] = entryPreimageParts(new Uint8Array(32), 'run_started', '{}', seq);
          expect(Buffer.from(seqBytes).equals(expected)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('nodeEntryHash (the verifier fast path)', () => {
  it('equals SHA-256 of the normative entryPreimage for any prev hash, kind, payload text and seq', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.stringMatching(/^[a-z][a-z0-9_]{0,63}$/),
        fc.string({ unit: 'grapheme', maxLength: 300 }),
        fc.oneof(fc.nat({ max: 1000 }), fc.maxSafeNat()),
        (prev, kind, payload, seq) => {
          const expected = createHash('sha256')
            .update(entryPreimage(prev, kind, payload, seq))
            .digest();
          expect(Buffer.from(nodeEntryHash(prev, kind, payload, seq)).equals(expected)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
