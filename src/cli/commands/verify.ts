import { readFileSync, statSync } from 'node:fs';
import {
  BundleFormatError,
  createNodeCrypto,
  parseBundle,
  VERIFY_EXIT_CODES,
  verifyBundle,
} from '../../core/ledger/index.js';
import { parseCommandArgs, requirePositionals } from '../args.js';
import { formatReport } from '../format-report.js';
import { type CliIo, emit, printHelp } from '../io.js';
import { TRUST_HELP, TRUST_OPTIONS, trustFrom } from '../trust-options.js';

export const VERIFY_HELP = `Usage: truss verify BUNDLE.json [--key HEX | --trusted-keys FILE] [--json]

Verifies an exported ledger bundle (truss.ledger.v1) offline: contiguous seq, prev links,
recomputed hashes, every signature, the head hash, child sessions, human reviews and the
convenience views. Without a pinned key the best possible result is "integrity_only".

Options:
${TRUST_HELP}
  --json                 print the full report as JSON

Exit codes: 0 verified, 1 failed, 3 unreadable input, 4 integrity_only, 5 incomplete, 64 usage`;

/** Bundles above this are refused before parsing instead of exhausting memory. */
const MAX_BUNDLE_BYTES = 512 * 1024 * 1024;

export function verify(args: string[], io: CliIo): number {
  const { values, positionals } = parseCommandArgs('verify', args, {
    ...TRUST_OPTIONS,
    json: { type: 'boolean' },
  });
  if (values.help) return printHelp(io, VERIFY_HELP);
  const [file] = requirePositionals('verify', positionals, ['BUNDLE.json']) as [string];
  const { trusted, source } = trustFrom(values, io);
  const bundle = parseBundle(readBundleText(file), file);
  const report = verifyBundle(bundle, { crypto: createNodeCrypto(), trusted });
  emit(io, Boolean(values.json), { file, trust_source: source, ...report }, () =>
    formatReport(report, source),
  );
  return VERIFY_EXIT_CODES[report.status];
}

function readBundleText(file: string): string {
  let size: number;
  try {
    size = statSync(file).size;
  } catch (error) {
    throw new BundleFormatError(`cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  if (size > MAX_BUNDLE_BYTES) {
    throw new BundleFormatError(
      `${file} is ${Math.round(size / 2 ** 20)} MiB; bundles above ${MAX_BUNDLE_BYTES / 2 ** 20} MiB are refused`,
    );
  }
  return readFileSync(file, 'utf8');
}
