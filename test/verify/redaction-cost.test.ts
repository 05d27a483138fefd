/**
 * The secret scan runs on the harness's own thread over everything a check or a tool printed (up to
 * the capture limit), so its cost must grow with the text, never with its square: a run of blanks
 * (the Truss-seed pattern's lookbehind scanned back over it from every position) and PEM END markers
 * side by side on one line (each looked back to its line's start) took a minute for 400 KB.
 */
import { describe, expect, it } from 'vitest';
import { secretRedactor } from '../../src/core/process/redact.js';

const redact = secretRedactor({ DEPLOY_TOKEN: 'a-run-secret-1234567890' });
function elapsed(text: string): number {
  const started = performance.now();
  redact.scan?.(text, { start: true, end: true });
  return performance.now() - started;
}

describe('redaction cost stays linear in crafted output', () => {
  it('half a megabyte of spaces (was ~100 s)', () => {
    expect(elapsed(' '.repeat(500_000))).toBeLessThan(2000);
    expect(elapsed(`TRUSS_KEY=${'\t'.repeat(500_000)}`)).toBeLessThan(2000);
  });

  it('two megabytes of END markers on one line, with or without key material before them (was ~20 s)', () => {
    expect(elapsed('-----END PRIVATE KEY-----'.repeat(80_000))).toBeLessThan(2000);
    expect(elapsed(`${'A'.repeat(1_000_000)}x${'-----END PRIVATE KEY-----'.repeat(40_000)}`)).toBeLessThan(
      2000,
    );
  });

  it('still redacts a seed after its TRUSS_*KEY name, keeping the name', () => {
    const seed = `${'Q'.repeat(43)}=`;
    expect(redact(`export TRUSS_SIGNING_KEY="${seed}"`)).toBe(
      'export TRUSS_SIGNING_KEY="[REDACTED:truss_seed]"',
    );
    expect(redact(`TRUSS_KEY:\n  ${seed} tail`)).toBe('TRUSS_KEY:\n  [REDACTED:truss_seed] tail');
  });

  it('still redacts the key lines above an orphaned END line, and only the first marker on a line', () => {
    const text = `MIIEvQIBADANBgkqhkiG9w0BAQEFAASC\nAAAABBBBCCCC\n-----END PRIVATE KEY----- -----END PRIVATE KEY-----\nafter`;
    expect(redact(text)).toBe('[REDACTED:private_key_block]\n\n -----END PRIVATE KEY-----\nafter');
  });
});
