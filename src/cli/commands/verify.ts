import { checkReceipt } from '../../core/anchor/index.js';
import { createNodeCrypto, VERIFY_EXIT_CODES, verifyBundleFile } from '../../core/ledger/index.js';
import { parseCommandArgs, requirePositionals } from '../args.js';
import { formatReport } from '../format-report.js';
import { type CliIo, emit, printHelp } from '../io.js';
import { TRUST_HELP, TRUST_OPTIONS, trustFrom } from '../trust-options.js';

export const VERIFY_HELP = `Usage: truss verify BUNDLE.json [--key HEX | --trusted-keys FILE] [--json]

Verifies an exported ledger bundle (truss.ledger.v1) offline: contiguous seq, prev links,
recomputed hashes, every signature, the head hash, child sessions, human reviews and the
convenience views. Without a pinned key the best possible result is "integrity_only".
Bundles as \`truss ledger export\` writes them (one entry per line) are streamed at constant
memory, whatever their size; other JSON layouts are read whole, up to 512 MiB.

Options:
${TRUST_HELP}
  --json                 print the full report as JSON

Examples:
  truss verify .truss/bundles/SESSION.json --key HEX   # HEX: the key \`truss run\` printed
  truss verify examples/bundles/valid.json --trusted-keys examples/bundles/trusted-keys
  truss verify bundle.json --json > report.json

Exit codes: 0 verified, 1 failed, 3 unreadable input, 4 integrity_only, 5 incomplete,
6 suspended (intact and pinned, but the run is waiting: not a finished run), 64 usage`;

export function verify(args: string[], io: CliIo): number {
  const { values, positionals } = parseCommandArgs('verify', args, {
    ...TRUST_OPTIONS,
    json: { type: 'boolean' },
  });
  if (values.help) return printHelp(io, VERIFY_HELP);
  const [file] = requirePositionals('verify', positionals, ['BUNDLE.json']) as [string];
  const { trusted, source } = trustFrom(values, io);
  // Streams bundles in the layout `truss ledger export` writes (any size, constant memory); other
  // layouts are read whole, up to 512 MiB.
  const report = verifyBundleFile(file, { crypto: createNodeCrypto(), trusted, receipts: checkReceipt });
  emit(io, Boolean(values.json), { file, trust_source: source, ...report }, () =>
    formatReport(report, source),
  );
  return VERIFY_EXIT_CODES[report.status];
}
