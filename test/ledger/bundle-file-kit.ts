import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import {
  type Bundle,
  type BundleFileLayout,
  formatBundle,
  parseBundle,
  type VerifyFileOptions,
  type VerifyOptions,
  type VerifyReport,
  verifyBundle,
  verifyBundleFile,
} from '../../src/core/ledger/index.js';

let fileCounter = 0;

/** Writes `text` to a fresh file under `dir` and returns its path. */
export function writeTemp(dir: string, text: string, name = 'bundle'): string {
  const file = path.join(dir, `${name}-${fileCounter++}.json`);
  writeFileSync(file, text);
  return file;
}

/** verifyBundleFile plus the layout it chose (and why, for whole-file reads). */
export function verifyFile(
  file: string,
  options: VerifyFileOptions,
): { report: VerifyReport; layout: BundleFileLayout | undefined; reason: string | undefined } {
  let layout: BundleFileLayout | undefined;
  let reason: string | undefined;
  const report = verifyBundleFile(file, {
    ...options,
    onLayout: (chosen, why) => {
      layout = chosen;
      reason = why;
    },
  });
  return { report, layout, reason };
}

/**
 * Verifies `text` (bundle file contents) in memory and as a file, asserts the file verifier reads it
 * the `expected` way and returns a deep-equal report, and returns that report. `file` (the path the
 * text is written to) is the source name in both, so even error text would match.
 */
export function verifyTextBothWays(
  dir: string,
  text: string,
  options: VerifyOptions & { chunkSize?: number },
  expected: BundleFileLayout,
): VerifyReport {
  const file = writeTemp(dir, text);
  const inMemory = verifyBundle(parseBundle(text, file), options);
  const { report, layout, reason } = verifyFile(file, options);
  expect(layout, `layout (${reason ?? ''})`).toBe(expected);
  expect(report).toEqual(inMemory);
  return inMemory;
}

/**
 * The bundle tamper suite's verifier: checks `bundle` three ways and returns the in-memory report
 * after asserting the other two are deep-equal to it:
 * - `verifyBundle(parseBundle(text))` on the bundle pretty-printed (what the suite always did);
 * - verifyBundleFile streaming it, written in the exporter's one-entry-per-line layout (formatBundle),
 *   read in small chunks so lines and multi-byte characters straddle reads;
 * - verifyBundleFile falling back to a whole-file parse of the pretty-printed text.
 */
export function verifyEveryWay(
  dir: string,
  bundle: Bundle,
  options: VerifyOptions,
  chunkSize = 61,
): VerifyReport {
  const pretty = JSON.stringify(bundle, null, 1);
  const prettyFile = writeTemp(dir, pretty, 'pretty');
  const inMemory = verifyBundle(parseBundle(pretty, prettyFile), options);

  const streamed = verifyFile(writeTemp(dir, formatBundle(bundle), 'layout'), { ...options, chunkSize });
  expect(streamed.layout, `streamed layout (${streamed.reason ?? ''})`).toBe('streamed');
  expect(streamed.report).toEqual(inMemory);

  const whole = verifyFile(prettyFile, { ...options, chunkSize });
  expect(whole.layout).toBe('whole_file');
  expect(whole.report).toEqual(inMemory);
  return inMemory;
}
