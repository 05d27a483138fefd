import { writeFileAtomic } from '../atomic-write.js';
import {
  BUNDLE_SCHEMA_VERSION,
  type Bundle,
  type BundleLedger,
  type BundleLedgerHeader,
  OFFLINE_VERIFICATION_ALGORITHM,
} from './bundle.js';
import type { ChainResult } from './chain-verifier.js';
import type { LedgerEntry } from './entry.js';
import { LedgerError } from './errors.js';
import type { LedgerCrypto } from './ledger-crypto.js';
import { tailHashes } from './output-tails.js';
import type { LedgerStore } from './store.js';
import { bundleBlobs } from './store-tails.js';
import { MAX_CHILD_DEPTH } from './verify-report.js';

/*
 * The bundle layout, shared by writeBundle and formatBundle and relied on by verifyBundleFile to
 * stream: a header ending in `"entries":[`, then each entry of the ledger on a line of its own
 * (`{…},`, the last one `{…}`), then a line starting with `],"child_sessions":[` that carries the rest
 * of the document. Any valid JSON verifies; this layout is what makes it stream.
 */
const BUNDLE_OPEN = `{"schema_version":${JSON.stringify(BUNDLE_SCHEMA_VERSION)},\n"ledger":`;
const ENTRIES_CLOSE = '\n],"child_sessions":[';
const LEDGER_CLOSE = '],"anchor_refs":[]}';

function ledgerOpen(header: Record<string, unknown>): string {
  const fields = JSON.stringify(header).slice(0, -1);
  return `${fields === '{' ? fields : `${fields},`}"entries":[`;
}

/** One entry's line: `json` is the entry as JSON text, on a line of its own. */
function entryLine(json: string, first: boolean): string {
  return `${first ? '\n' : ',\n'}${json}`;
}

/**
 * Streams the `truss.ledger.v1` bundle of a session (and every child session it anchors) as JSON
 * text, one entry per line, so a 100k-entry ledger exports at constant memory. The chain is
 * re-verified on the way out: the views are derived from the signed entries, and
 * `offline_verification.status` records whether the chain was intact at export (informational; a
 * verifier recomputes everything itself).
 */
export function writeBundle(
  store: LedgerStore,
  sessionId: string,
  crypto: LedgerCrypto,
  write: (chunk: string) => void,
): void {
  store.snapshot(() => {
    write(BUNDLE_OPEN);
    const chain = writeLedger(store, sessionId, crypto, write, new Set());
    const { contract, evidence, verdict } = chain.views;
    write(
      `,\n"contract":${JSON.stringify(contract)},\n"evidence":${JSON.stringify(evidence)},\n"verdict":${JSON.stringify(verdict)},\n`,
    );
    // The output tails the check results and the agent's own check runs reference by hash
    // (unsigned, checked by hash by readers); a shredded one is exported as shredded, never as text.
    const tails = tailHashes([...evidence.checks, ...evidence.self_validation]);
    write(`"blobs":${JSON.stringify(bundleBlobs(store, tails))},\n`);
    const status = chain.failure ? 'failed' : 'verified';
    write(
      `"offline_verification":${JSON.stringify({ algorithm: OFFLINE_VERIFICATION_ALGORITHM, signature_algorithm: 'ed25519', status })}}\n`,
    );
  });
}

function writeLedger(
  store: LedgerStore,
  sessionId: string,
  crypto: LedgerCrypto,
  write: (chunk: string) => void,
  seen: Set<string>,
  depth = 0,
): ChainResult {
  if (depth > MAX_CHILD_DEPTH) {
    // What every verifier fails as child_failed, and a bundle this deep may be unreadable.
    throw new LedgerError(
      'not_exportable',
      `refusing to export: child session ${sessionId} sits ${depth} levels below the root; child sessions nest at most ${MAX_CHILD_DEPTH} levels; \`truss ledger verify\` shows where the tree fails`,
    );
  }
  seen.add(sessionId);
  const session = store.requireSession(sessionId);
  const header: BundleLedgerHeader = {
    session_id: session.id,
    public_key: session.public_key,
    pubkey_id: session.pubkey_id,
    head_hash: session.head_hash,
  };
  write(ledgerOpen({ ...header }));
  let first = true;
  const chain = store.verifyChainAsJson(sessionId, crypto, (json) => {
    write(entryLine(json, first));
    first = false;
  });
  write(ENTRIES_CLOSE);
  let firstChild = true;
  for (const anchor of chain.childAnchors) {
    if (seen.has(anchor.child_session_id) || !store.session(anchor.child_session_id)) continue;
    write(firstChild ? '\n' : ',\n');
    firstChild = false;
    writeLedger(store, anchor.child_session_id, crypto, write, seen, depth + 1);
  }
  write(LEDGER_CLOSE);
  return chain;
}

/**
 * Serialises a bundle object (e.g. one extended by appendHumanReviewToBundle) in the exporter's
 * one-entry-per-line layout, so `truss verify` streams it instead of reading it whole. Fields are
 * written as given, views included; nothing is recomputed.
 */
export function formatBundle(bundle: Bundle): string {
  const chunks: string[] = [];
  const write = (chunk: string) => chunks.push(chunk);
  const { schema_version, ledger, ...rest } = bundle;
  write(`{"schema_version":${JSON.stringify(schema_version)},\n"ledger":`);
  formatLedger(ledger, write);
  for (const [key, value] of Object.entries(rest)) {
    if (value !== undefined) write(`,\n${JSON.stringify(key)}:${JSON.stringify(value)}`);
  }
  write('}\n');
  return chunks.join('');
}

function formatLedger(ledger: BundleLedger, write: (chunk: string) => void): void {
  const { entries, child_sessions, anchor_refs, ...header } = ledger;
  if (!Array.isArray(entries) || (child_sessions !== undefined && !Array.isArray(child_sessions))) {
    write(JSON.stringify(ledger)); // not a ledger the layout can describe: written as it is
    return;
  }
  write(ledgerOpen(header));
  entries.forEach((entry: LedgerEntry, i) => {
    write(entryLine(JSON.stringify(entry), i === 0));
  });
  write(ENTRIES_CLOSE);
  (child_sessions ?? []).forEach((child, i) => {
    write(i === 0 ? '\n' : ',\n');
    formatLedger(child, write);
  });
  write(`],"anchor_refs":${JSON.stringify(anchor_refs ?? [])}}`);
}

/** Exports a bundle into memory; for small sessions and tests. */
export function exportBundle(store: LedgerStore, sessionId: string, crypto: LedgerCrypto): Bundle {
  const chunks: string[] = [];
  writeBundle(store, sessionId, crypto, (chunk) => chunks.push(chunk));
  return JSON.parse(chunks.join('')) as Bundle;
}

/**
 * Exports a bundle to `path` with buffered writes, through {@link writeFileAtomic}: a fresh temp
 * file beside it and a rename, so a link at `path` (or at a guessed temp name) is never written through.
 */
export function exportBundleToFile(
  store: LedgerStore,
  sessionId: string,
  crypto: LedgerCrypto,
  path: string,
): void {
  writeFileAtomic(
    path,
    (write) => {
      let buffer = '';
      writeBundle(store, sessionId, crypto, (chunk) => {
        buffer += chunk;
        if (buffer.length >= 1 << 20) {
          write(buffer);
          buffer = '';
        }
      });
      write(buffer);
    },
    { mode: 0o644 },
  );
}
