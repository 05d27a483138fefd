/**
 * Fresh process for the peak-RSS figures of bench/ledger.ts. In `export-verify` mode it exports one
 * session to a bundle file the way `truss ledger export` does and then verifies that file the way
 * `truss verify` does (read the file, parseBundle, verifyBundle); `verify-only` skips the export.
 * Prints one JSON line with maxRSS (process.resourceUsage, KB, a running peak) after start-up, after
 * export, after reading the file, after parsing it and at the end.
 *
 *   node bench-child.mjs export-verify|verify-only DB SESSION_ID BUNDLE_FILE TRUSTED_PUBLIC_KEY_HEX
 *
 * bench/ledger.ts runs it as an esbuild bundle on plain node (like dist/), so the figure does not
 * include the tsx loader; `node --import tsx` works too. On Linux maxRSS carries over the RSS of the
 * process that spawned it (the high-water mark survives fork+exec), so the bench starts it through a
 * small /bin/sh; VmHWM from /proc/self/status is printed as a cross-check.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import {
  createNodeCrypto,
  exportBundleToFile,
  LedgerStore,
  parseBundle,
  verifyBundle,
} from '../../src/core/ledger/index.js';

const [mode, db, sessionId, bundleFile, trustedKey] = process.argv.slice(2);
if ((mode !== 'export-verify' && mode !== 'verify-only') || !db || !sessionId || !bundleFile || !trustedKey) {
  process.stderr.write(
    'usage: ledger-rss-child.ts export-verify|verify-only DB SESSION_ID BUNDLE_FILE TRUSTED_PUBLIC_KEY_HEX\n',
  );
  process.exit(2);
}
const maxRssKb = () => process.resourceUsage().maxRSS;
/** Linux's per-address-space peak (never inherited from the parent): a cross-check of maxRSS. */
const vmHwmKb = (): number | null => {
  if (!existsSync('/proc/self/status')) return null;
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return match ? Number(match[1]) : null;
};
const startupKb = maxRssKb();
const crypto = createNodeCrypto();

if (mode === 'export-verify') {
  const store = LedgerStore.open(db, { readonly: true });
  exportBundleToFile(store, sessionId, crypto, bundleFile);
  store.close();
}
const afterExportKb = maxRssKb();

const text = readFileSync(bundleFile, 'utf8');
const afterReadKb = maxRssKb();
const bundle = parseBundle(text, bundleFile);
const afterParseKb = maxRssKb();
const report = verifyBundle(bundle, { crypto, trusted: new Map([[trustedKey, 'bench']]) });

process.stdout.write(
  `${JSON.stringify({
    mode,
    status: report.status,
    entries: report.entries,
    bundle_bytes: statSync(bundleFile).size,
    text_is_one_byte: !/[\u0100-\uffff]/.test(text),
    startup_max_rss_kb: startupKb,
    export_max_rss_kb: afterExportKb,
    read_max_rss_kb: afterReadKb,
    parse_max_rss_kb: afterParseKb,
    max_rss_kb: maxRssKb(),
    vm_hwm_kb: vmHwmKb(),
  })}\n`,
);
