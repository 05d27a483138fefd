/**
 * Fresh process for the peak-RSS figures of bench/ledger.ts. In `export-verify` mode it exports one
 * session to a bundle file the way `truss ledger export` does (exportBundleToFile) and then verifies
 * that file the way `truss verify` does (verifyBundleFile: streamed entry by entry for the exporter's
 * layout); `verify-only` skips the export. Prints one JSON line with maxRSS (process.resourceUsage,
 * KB, a running peak) after start-up, after export and at the end, and which way the file was read.
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
  type BundleFileLayout,
  createNodeCrypto,
  exportBundleToFile,
  LedgerStore,
  verifyBundleFile,
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

let layout: BundleFileLayout | undefined;
const report = verifyBundleFile(bundleFile, {
  crypto,
  trusted: new Map([[trustedKey, 'bench']]),
  onLayout: (chosen) => {
    layout = chosen;
  },
});

process.stdout.write(
  `${JSON.stringify({
    mode,
    status: report.status,
    entries: report.entries,
    layout,
    bundle_bytes: statSync(bundleFile).size,
    startup_max_rss_kb: startupKb,
    export_max_rss_kb: afterExportKb,
    max_rss_kb: maxRssKb(),
    vm_hwm_kb: vmHwmKb(),
  })}\n`,
);
