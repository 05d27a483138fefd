/**
 * The portable (browser) entry hash writes the preimage into one reused buffer: it must give exactly
 * sha256(entryPreimage(...)) by node:crypto for every kind, payload and seq, including non-ASCII and
 * astral text, payloads larger than the buffer, and a short preimage right after a long one.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { portableCrypto } from '../../src/core/ledger/crypto-portable.js';
import { entryPreimage } from '../../src/core/ledger/entry-hash.js';

const reference = (prev: Uint8Array, kind: string, payload: string, seq: number) =>
  createHash('sha256')
    .update(entryPreimage(prev, kind, payload, seq))
    .digest('hex');

describe('portableCrypto.entryHash', () => {
  it('is sha256 of entryPreimage for any input, whatever came before it', () => {
    const texts = [
      '',
      '{}',
      '{"a":"✓ ok — «fine»"}',
      `{"e":"${'\u{1f600}'.repeat(40_000)}"}`,
      'x'.repeat(300_000),
    ];
    let n = 0;
    for (let round = 0; round < 3; round++) {
      for (const payload of texts) {
        for (const seq of [0, 1, 255, 256, 2 ** 32 + 5, Number.MAX_SAFE_INTEGER]) {
          const prev = new Uint8Array(32).fill((n * 37) & 0xff);
          const kind = n % 2 ? 'tool_result' : 'run_started';
          const got = Buffer.from(portableCrypto.entryHash?.(prev, kind, payload, seq) ?? []).toString('hex');
          expect(got, `${payload.length} chars, seq ${seq}`).toBe(reference(prev, kind, payload, seq));
          n++;
        }
      }
      texts.reverse();
    }
  });
});
