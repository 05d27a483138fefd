import { describe, expect, it } from 'vitest';
import { formatCount } from '../../src/core/run/index.js';

describe('formatCount', () => {
  it("writes integers as toLocaleString('en-US') does, without loading a locale", () => {
    const samples = [0, 7, 999, 1000, 12_000, 123_456, 1_000_000, 9_876_543_210, -1, -1234, -999_999];
    for (let i = 0; i < 200; i++) samples.push(Math.floor((Math.random() - 0.3) * 10 ** (1 + (i % 12))));
    for (const n of samples) expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
  });

  it('rounds fractions and writes what is not a finite number as 0', () => {
    expect(formatCount(1234.6)).toBe('1,235');
    expect(formatCount(Number.NaN)).toBe('0');
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('0');
  });
});
