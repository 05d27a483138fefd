import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { BUNDLE_SCHEMA_VERSION, type Bundle, OFFLINE_VERIFICATION_ALGORITHM } from './bundle.js';
import type { ChainResult } from './chain-verifier.js';
import type { LedgerCrypto } from './ledger-crypto.js';
import type { LedgerStore } from './store.js';

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
    write(`{"schema_version":${JSON.stringify(BUNDLE_SCHEMA_VERSION)},\n"ledger":`);
    const chain = writeLedger(store, sessionId, crypto, write, new Set());
    const { contract, evidence, verdict } = chain.views;
    write(
      `,\n"contract":${JSON.stringify(contract)},\n"evidence":${JSON.stringify(evidence)},\n"verdict":${JSON.stringify(verdict)},\n`,
    );
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
): ChainResult {
  seen.add(sessionId);
  const session = store.requireSession(sessionId);
  const header = {
    session_id: session.id,
    public_key: session.public_key,
    pubkey_id: session.pubkey_id,
    head_hash: session.head_hash,
  };
  write(`${JSON.stringify(header).slice(0, -1)},"entries":[`);
  let first = true;
  const chain = store.verifyChain(sessionId, crypto, (entry) => {
    write(`${first ? '\n' : ',\n'}${JSON.stringify(entry)}`);
    first = false;
  });
  write('\n],"child_sessions":[');
  let firstChild = true;
  for (const anchor of chain.childAnchors) {
    if (seen.has(anchor.child_session_id) || !store.session(anchor.child_session_id)) continue;
    write(firstChild ? '\n' : ',\n');
    firstChild = false;
    writeLedger(store, anchor.child_session_id, crypto, write, seen);
  }
  write('],"anchor_refs":[]}');
  return chain;
}

/** Exports a bundle into memory; for small sessions and tests. */
export function exportBundle(store: LedgerStore, sessionId: string, crypto: LedgerCrypto): Bundle {
  const chunks: string[] = [];
  writeBundle(store, sessionId, crypto, (chunk) => chunks.push(chunk));
  return JSON.parse(chunks.join('')) as Bundle;
}

/** Exports a bundle to `path` atomically (temp file + rename) with buffered writes. */
export function exportBundleToFile(
  store: LedgerStore,
  sessionId: string,
  crypto: LedgerCrypto,
  path: string,
): void {
  const temp = `${path}.tmp-${process.pid}`;
  const fd = openSync(temp, 'w', 0o644);
  let buffer = '';
  try {
    writeBundle(store, sessionId, crypto, (chunk) => {
      buffer += chunk;
      if (buffer.length >= 1 << 20) {
        writeSync(fd, buffer);
        buffer = '';
      }
    });
    writeSync(fd, buffer);
    closeSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
  renameSync(temp, path);
}
