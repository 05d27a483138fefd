import type { LedgerEntry } from '../ledger/entry.js';
import type { LedgerCrypto } from '../ledger/ledger-crypto.js';
import type { LedgerStore } from '../ledger/store.js';
import { NO_TRUSTED_KEYS } from '../ledger/trusted-keys.js';
import type { LedgerRef } from './entry.js';

/** A signed entry whose session's chain verified: what a memory decision is checked against. */
export interface SignedDecision {
  entry: LedgerEntry;
  /** `run_started.kind` of its session (a decision must come from a memory session). */
  sessionKind: string | null;
  /** The key that signed the session (hex). */
  publicKeyHex: string;
}

/**
 * Finds and verifies the signed entry a memory entry names (docs/memory.md "What is checked"). The
 * SQLite store asks the ledger beside it; a branch-backed store verifies the decision session's
 * bundle from the `memory/` tree. Either way the answer is the entry after its whole session's
 * chain verified (hashes, links, signatures, a completed run), or why not.
 */
export interface VerdictSource {
  resolve(ref: LedgerRef): SignedDecision | { problem: string };
}

/**
 * The decisions in a ledger database. Each session is verified once per source (decision sessions
 * are a handful of entries), and only a session that ended with `run_completed` counts: a decision
 * interrupted before its run completed decided nothing.
 */
export function ledgerVerdictSource(ledger: LedgerStore, crypto: LedgerCrypto): VerdictSource {
  const sessions = new Map<string, { problem: string } | { publicKeyHex: string; kind: string | null }>();
  const session = (id: string) => {
    let known = sessions.get(id);
    if (!known) {
      known = verifySessionOnce(ledger, crypto, id);
      sessions.set(id, known);
    }
    return known;
  };
  return {
    resolve(ref) {
      const verified = session(ref.session);
      if ('problem' in verified) return verified;
      const entry = ledger.entry(ref.session, ref.seq);
      if (!entry) return { problem: `session ${ref.session} has no entry at seq ${ref.seq}` };
      if (entry.entry_hash !== ref.entry_hash)
        return { problem: `the entry at ${ref.session}#${ref.seq} has another hash than the one named` };
      return { entry, sessionKind: verified.kind, publicKeyHex: verified.publicKeyHex };
    },
  };
}

function verifySessionOnce(
  ledger: LedgerStore,
  crypto: LedgerCrypto,
  id: string,
): { problem: string } | { publicKeyHex: string; kind: string | null } {
  const info = ledger.session(id);
  if (!info) return { problem: `no session ${id} in the ledger` };
  const report = ledger.verifySession(id, { crypto, trusted: NO_TRUSTED_KEYS });
  if (report.failure)
    return {
      problem: `session ${id} does not verify (seq ${report.failure.seq}: ${report.failure.message})`,
    };
  if (report.terminal_kind !== 'run_completed')
    return {
      problem: `session ${id} did not complete (it ends with ${report.terminal_kind ?? 'no terminal entry'})`,
    };
  const started = ledger.entry(id, 0);
  const kind = started?.kind === 'run_started' ? started.payload.kind : null;
  return { publicKeyHex: report.public_key, kind: typeof kind === 'string' ? kind : null };
}
