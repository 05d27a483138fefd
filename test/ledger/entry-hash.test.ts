import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entryPreimage, nodeEntryHash } from '../../src/core/ledger/index.js';

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
