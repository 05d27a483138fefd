import { resolve } from 'node:path';
import pkg from '../../../package.json' with { type: 'json' };
import { createNodeCrypto } from '../../core/ledger/index.js';
import { reportPathFor, writeVerifiedReportFile } from '../../core/report/index.js';
import { parseCommandArgs, requirePositionals } from '../args.js';
import { type CliIo, emit, printHelp } from '../io.js';
import { checkOutputPath } from '../output-path.js';
import { TRUST_HELP, TRUST_OPTIONS, trustFrom } from '../trust-options.js';

export const REPORT_HELP = `Usage: truss report BUNDLE.json [-o report.html] [--key HEX | --trusted-keys FILE] [--json]

Writes one self-contained HTML page for a ledger bundle: the verdict, every clause with its
evidence, human sign-offs, budget, commits and the ledger timeline. The page re-verifies the
signed ledger itself when opened (every hash and Ed25519 signature, in the browser, offline) and
makes no network requests. Pinned keys are embedded so the page can say "pinned"; a reader can
also pin a key of their own in the page.

Options:
  -o, --output FILE      where to write the page (default: BUNDLE with .html instead of .json)
${TRUST_HELP}
  --json                 print what was written (and this CLI's own verification) as JSON

Examples:
  truss report .truss/bundles/SESSION.json           # writes .truss/bundles/SESSION.html
  truss report bundle.json -o report.html --key HEX

Exit codes: 0 written (whatever the chain status: the page shows it), 3 unreadable bundle or key, 64 usage`;

export function report(args: string[], io: CliIo): number {
  const { values, positionals } = parseCommandArgs('report', args, {
    ...TRUST_OPTIONS,
    output: { type: 'string', short: 'o' },
    json: { type: 'boolean' },
  });
  if (values.help) return printHelp(io, REPORT_HELP);
  const [file] = requirePositionals('report', positionals, ['BUNDLE.json']) as [string];
  const { trusted, source } = trustFrom(values, io);
  const bundlePath = resolve(io.cwd, file);
  const output = resolve(io.cwd, values.output ?? reportPathFor(file));
  checkOutputPath(output, values.output ? '-o' : 'the report', { workdir: io.cwd, flag: '-o' });
  const written = writeVerifiedReportFile({
    bundlePath,
    output,
    trusted,
    trustSource: source,
    generator: `truss ${pkg.version}`,
    crypto: createNodeCrypto(),
  });
  emit(io, Boolean(values.json), { bundle: bundlePath, trust_source: source, ...written }, () =>
    [
      `wrote ${written.output} (${Math.ceil(written.bytes / 1024)} KiB, ${written.entries} entries)`,
      `chain (checked here, and again in the page when opened): ${written.status}${written.failure ? ` — ${written.failure.message}` : ''}`,
      source
        ? `pinned keys from ${source}`
        : written.status === 'failed'
          ? 'no pinned key: the chain does not verify whoever signed it, and the page will say where it breaks'
          : 'no pinned key: the page will say "intact but key not pinned" at best',
      `open it in a browser: file://${written.output}`,
    ].join('\n'),
  );
  return 0;
}
