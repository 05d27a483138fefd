import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type Bundle,
  BundleFormatError,
  createNodeCrypto,
  formatBundle,
  type LedgerEntry,
  MAX_PAYLOAD_BYTES,
  verifyBundleFile,
} from '../../src/core/ledger/index.js';
import { MAX_ENTRY_LINE_CHARS, tooLongForMemory } from '../../src/core/ledger/verify-bundle-file.js';
import {
  exportText,
  type LedgerFixture,
  openFixture,
  REVIEWER_KEY,
  relinkEntries,
  SESSION_KEY,
  trustedOf,
} from '../helpers/ledger-kit.js';
import { appendSampleRun } from '../helpers/sample-run.js';
import { verifyFile, verifyTextBothWays, writeTemp } from './bundle-file-kit.js';

/**
 * What `truss verify` holds in memory while streaming a bundle in the exporter's layout: one entry
 * line (at most MAX_ENTRY_LINE_CHARS) and the tail after `]` (at most maxWholeFileBytes). A line or
 * tail past its bound is read whole instead, so the answer is the whole-file one: a report equal to
 * it, or above the whole-file limit the same BundleFormatError (exit 3), never gigabytes held.
 */
const crypto = createNodeCrypto();
const options = { crypto, trusted: trustedOf(SESSION_KEY, REVIEWER_KEY) };

let fx: LedgerFixture;
let text: string;

beforeEach(() => {
  fx = openFixture('verify-limits');
  text = exportText(fx, appendSampleRun(fx.store, SESSION_KEY, { extra: 1 }), crypto);
});
afterEach(() => fx.close());

/**
 * The sample run in the exporter's layout with its tool_result (seq 5) carrying `content`, hashed
 * and signed again with the session key: a chain that verifies, as a key holder could write it.
 */
function withToolContent(content: string): string {
  const bundle = JSON.parse(text) as Bundle;
  const entry = bundle.ledger.entries[5] as LedgerEntry;
  expect(entry.kind).toBe('tool_result');
  entry.payload.content = content;
  bundle.ledger.head_hash = relinkEntries(bundle.ledger.entries, 5, SESSION_KEY);
  return formatBundle(bundle);
}

/** verifyBundleFile on `bundleText` with `maxWholeFileBytes`: the error it throws and the layout it chose. */
function refused(bundleText: string, maxWholeFileBytes: number) {
  let layout: string | undefined;
  let reason: string | undefined;
  let error: unknown;
  try {
    verifyBundleFile(writeTemp(fx.dir, bundleText, 'long-line'), {
      ...options,
      maxWholeFileBytes,
      onLayout: (chosen, why) => {
        layout = chosen;
        reason = why;
      },
    });
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(BundleFormatError);
  return { error: error as BundleFormatError, layout, reason };
}

describe('an entry line longer than any the exporter writes', () => {
  it('the bound is the store payload limit plus the entry envelope', () => {
    expect(MAX_ENTRY_LINE_CHARS).toBeGreaterThan(MAX_PAYLOAD_BYTES);
    expect(MAX_ENTRY_LINE_CHARS - MAX_PAYLOAD_BYTES).toBeLessThanOrEqual(4096);
  });

  it('is not held: above the whole-file limit it is the whole-file BundleFormatError', () => {
    const long = withToolContent('A'.repeat(MAX_PAYLOAD_BYTES + 8192));
    const limit = MAX_ENTRY_LINE_CHARS + 2048;
    expect(long.length).toBeGreaterThan(limit);
    const { error, layout, reason } = refused(long, limit);
    expect(error.message).toMatch(
      /is 4 MiB and not laid out one entry per line .* such bundles above 4 MiB are refused$/,
    );
    expect(layout).toBe('whole_file');
    expect(reason).toBe(
      `line 8 is longer than the ${MAX_ENTRY_LINE_CHARS} characters of the longest entry the exporter writes`,
    );
  });

  it('a line longer than a lower whole-file limit is not held either (3 MiB line, 1 MiB limit)', () => {
    const { error, layout, reason } = refused(withToolContent('A'.repeat(3 << 20)), 1 << 20);
    expect(error.message).toMatch(
      /is 3 MiB and not laid out one entry per line .* such bundles above 1 MiB are refused$/,
    );
    expect(layout).toBe('whole_file');
    expect(reason).toBe(`line 8 is longer than the ${1 << 20} characters of the whole-file limit`);
  });

  it('within the whole-file limit it verifies exactly as the whole-file parse, at any chunk size', () => {
    const long = withToolContent('A'.repeat(MAX_PAYLOAD_BYTES + 8192));
    for (const chunkSize of [1 << 20, 65_537]) {
      const report = verifyTextBothWays(fx.dir, long, { ...options, chunkSize }, 'whole_file');
      expect(report.status).toBe('verified');
    }
  });

  it('padding inside one entry line (valid JSON, the same entry) gives the same report both ways', () => {
    const padded = text.replace('{"seq":5,', `{"seq":5,${' '.repeat(MAX_ENTRY_LINE_CHARS)}`);
    expect(padded).not.toBe(text);
    expect(verifyTextBothWays(fx.dir, padded, options, 'whole_file').status).toBe('verified');
  });

  it('a line just within the bound still streams', () => {
    const room = MAX_ENTRY_LINE_CHARS - (text.split('\n')[7] as string).length - 1;
    const padded = text.replace('{"seq":5,', `{"seq":5,${' '.repeat(room)}`);
    expect(verifyTextBothWays(fx.dir, padded, { ...options, chunkSize: 1 << 16 }, 'streamed').status).toBe(
      'verified',
    );
  });
});

describe('the tail after the entries is parsed whole, so the whole-file limit bounds it', () => {
  const tailOf = (bundleText: string) => bundleText.slice(bundleText.indexOf('\n]') + 1);

  it('a tail above the limit is the whole-file BundleFormatError, not held', () => {
    const limit = tailOf(text).length - 1;
    expect(limit).toBeLessThan(text.length);
    let reason: string | undefined;
    const run = () =>
      verifyBundleFile(writeTemp(fx.dir, text), {
        ...options,
        maxWholeFileBytes: limit,
        onLayout: (_chosen, why) => {
          reason = why;
        },
      });
    expect(run).toThrow(BundleFormatError);
    expect(reason).toMatch(
      /^what follows the entries is more than 0 MiB, the limit for what is parsed whole$/,
    );
  });

  it('a tail within the limit streams even when the file is larger than the limit', () => {
    const limit = tailOf(text).length;
    const { layout, report } = verifyFile(writeTemp(fx.dir, text), { ...options, maxWholeFileBytes: limit });
    expect(text.length).toBeGreaterThan(limit);
    expect(layout).toBe('streamed');
    expect(report.status).toBe('verified');
  });
});

describe('a string past the engine limit', () => {
  it('is a BundleFormatError naming the file, not an unexpected error', () => {
    let error: unknown;
    try {
      'x'.repeat(2 ** 30);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RangeError);
    const mapped = tooLongForMemory('big.json', error);
    expect(mapped).toBeInstanceOf(BundleFormatError);
    expect(mapped?.message).toMatch(/^big\.json is too large to verify in memory \(Invalid string length\)/);
    expect(tooLongForMemory('big.json', new TypeError('a bug'))).toBeNull();
  });
});
