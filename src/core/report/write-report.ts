import { mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { checkReceipt } from '../anchor/receipt.js';
import { writeFileAtomic } from '../atomic-write.js';
import { parseBundle, verifyBundle } from '../ledger/bundle.js';
import { BundleFormatError } from '../ledger/errors.js';
import type { LedgerCrypto } from '../ledger/ledger-crypto.js';
import type { TrustedKeys } from '../ledger/trusted-keys.js';
import type { VerifyReport } from '../ledger/verify-report.js';
import { renderReportHtml } from './render-html.js';

/** Summary of a written report, as `truss report --json` prints it. */
export interface WrittenReport {
  output: string;
  bytes: number;
  entries: number;
  /** What the host's own verifier says about the same bundle and keys (the page computes its own). */
  status: VerifyReport['status'];
  failure: VerifyReport['failure'];
}

/**
 * Renders the HTML report for the bundle file at `bundlePath` into `output`, for every host (CLI
 * `report` and `run`, the GitHub runner). The bundle is also verified here with `crypto`, so the
 * host can say what the page will show without opening a browser.
 */
export function writeReportFile(options: {
  bundlePath: string;
  output: string;
  trusted: TrustedKeys;
  trustSource: string | null;
  generator: string;
  crypto: LedgerCrypto;
}): WrittenReport {
  let text: string;
  try {
    text = readFileSync(options.bundlePath, 'utf8');
  } catch (error) {
    throw new BundleFormatError(
      `cannot read ${options.bundlePath} (${(error as NodeJS.ErrnoException).code ?? 'error'}); pass the bundle JSON that \`truss ledger export\` or \`truss run\` wrote`,
    );
  }
  const bundle = parseBundle(text, options.bundlePath);
  const html = renderReportHtml({
    bundle,
    trusted: options.trusted,
    trustSource: options.trustSource,
    generator: options.generator,
  });
  const verified = verifyBundle(bundle, {
    crypto: options.crypto,
    trusted: options.trusted,
    receipts: checkReceipt,
  });
  mkdirSync(dirname(options.output), { recursive: true });
  // The default output is named after the bundle, in the bundle's directory: a link planted there
  // under that name is replaced, never written through (docs/cli.md "Output files").
  writeFileAtomic(options.output, html);
  return {
    output: options.output,
    bytes: Buffer.byteLength(html),
    entries: bundle.ledger.entries.length,
    status: verified.status,
    failure: verified.failure,
  };
}
