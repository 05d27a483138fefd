import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { checkReceipt } from '../anchor/receipt.js';
import { writeFileAtomic } from '../atomic-write.js';
import { type Bundle, parseBundle, verifyBundle } from '../ledger/bundle.js';
import type { LedgerCrypto } from '../ledger/ledger-crypto.js';
import type { TrustedKeys } from '../ledger/trusted-keys.js';
import { readBundleFileBytes, tooLongForMemory } from '../ledger/verify-bundle-file.js';
import type { VerifyReport } from '../ledger/verify-report.js';
import { renderReportHtml } from './render-html.js';

/** Summary of a written report. */
export interface WrittenReport {
  output: string;
  bytes: number;
  entries: number;
}

/** A written report with what the host's own verifier says about the same bundle and keys, as `truss report --json` prints it. */
export interface VerifiedReport extends WrittenReport {
  /** The page computes its own; this is the host's verdict on the same bundle. */
  status: VerifyReport['status'];
  failure: VerifyReport['failure'];
}

interface ReportOptions {
  bundlePath: string;
  output: string;
  trusted: TrustedKeys;
  trustSource: string | null;
  generator: string;
}

/**
 * Renders the HTML report for the bundle file at `bundlePath` into `output`, for the hosts that have
 * just exported that bundle from a chain they verified (`truss run`, the GitHub runner): verifying it
 * again here would double the end-of-run signature checks of a long session.
 */
export function writeReportFile(options: ReportOptions): WrittenReport {
  const { written } = renderAndWrite(options);
  return written;
}

/**
 * Renders the report as writeReportFile does and also verifies the bundle with `crypto`, so the host
 * can say what the page will show without opening a browser (`truss report`, for a bundle from
 * anywhere).
 */
export function writeVerifiedReportFile(options: ReportOptions & { crypto: LedgerCrypto }): VerifiedReport {
  const { written, bundle } = renderAndWrite(options);
  const verified = verifyBundle(bundle, {
    crypto: options.crypto,
    trusted: options.trusted,
    receipts: checkReceipt,
  });
  return { ...written, status: verified.status, failure: verified.failure };
}

function renderAndWrite(options: ReportOptions): { written: WrittenReport; bundle: Bundle } {
  // Read within the bound `truss verify` reads whole files in: a larger file, or a device or pipe
  // that never ends, is refused as unreadable like there, not read until memory runs out.
  let bundle: Bundle;
  try {
    bundle = parseBundle(readBundleFileBytes(options.bundlePath).toString('utf8'), options.bundlePath);
  } catch (error) {
    throw tooLongForMemory(options.bundlePath, error) ?? error;
  }
  const html = renderReportHtml({
    bundle,
    trusted: options.trusted,
    trustSource: options.trustSource,
    generator: options.generator,
  });
  mkdirSync(dirname(options.output), { recursive: true });
  // The default output is named after the bundle, in the bundle's directory: a link planted there
  // under that name is replaced, never written through (docs/cli.md "Output files").
  writeFileAtomic(options.output, html);
  return {
    written: {
      output: options.output,
      bytes: Buffer.byteLength(html),
      entries: bundle.ledger.entries.length,
    },
    bundle,
  };
}
