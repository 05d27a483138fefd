import { checkReceipt } from '../anchor/receipt.js';
import { type Bundle, parseBundle, verifyBundle } from '../ledger/bundle.js';
import type { LedgerEntry } from '../ledger/entry.js';
import type { LedgerCrypto } from '../ledger/ledger-crypto.js';
import type { LedgerStore } from '../ledger/store.js';
import { NO_TRUSTED_KEYS } from '../ledger/trusted-keys.js';
import type { VerifyReport } from '../ledger/verify-report.js';
import type { LedgerRef } from './entry.js';

/** A signed entry whose session's chain verified: what a memory decision is checked against. */
export interface SignedDecision {
  entry: LedgerEntry;
  /** `run_started.kind` of its session (a decision must come from a memory session). */
  sessionKind: string | null;
  /** The key that signed the session (hex). */
  publicKeyHex: string;
  /** The session's `run_started` (what the session was for: an eval's arms). */
  started?: LedgerEntry | undefined;
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

/** A session whose chain verified: its key and its entries by seq. */
interface VerifiedSession {
  publicKeyHex: string;
  entry(seq: number): LedgerEntry | undefined;
}

/**
 * The decisions in a ledger database. Each session is verified once per source (decision sessions
 * are a handful of entries), and only a session that ended with `run_completed` counts: a decision
 * interrupted before its run completed decided nothing.
 */
export function ledgerVerdictSource(ledger: LedgerStore, crypto: LedgerCrypto): VerdictSource {
  return verdictSourceOver((id) => {
    if (!ledger.session(id)) return { problem: `no session ${id} in the ledger` };
    const report = ledger.verifySession(id, { crypto, trusted: NO_TRUSTED_KEYS });
    const problem = sessionProblem(report, id);
    return problem ? { problem } : { publicKeyHex: report.public_key, entry: (seq) => ledger.entry(id, seq) };
  });
}

/**
 * The decisions in exported bundles (`truss.ledger.v1`, one per decision session), as a branch-backed
 * store keeps them beside its log: each bundle is parsed and verified once (chain, signatures, a
 * session that completed). `bundles` maps a session id to its bundle text; a session it does not
 * hold is a problem, never a pass.
 */
export function bundleVerdictSource(
  bundles: ReadonlyMap<string, string>,
  crypto: LedgerCrypto,
): VerdictSource {
  return verdictSourceOver((id) => {
    const text = bundles.get(id);
    if (text === undefined) return { problem: `no bundle of session ${id} beside the memory` };
    let bundle: Bundle;
    try {
      bundle = parseBundle(text, `session ${id}`);
    } catch (error) {
      return { problem: (error as Error).message };
    }
    if (bundle.ledger.session_id !== id)
      return { problem: `the bundle filed as ${id} is session ${bundle.ledger.session_id}` };
    // Receipts checked as the database beside a CLI memory checks them (docs/anchor.md "Receipts in
    // the ledger"): an anchored session verifies the same from its bundle as from its rows.
    const report = verifyBundle(bundle, { crypto, trusted: NO_TRUSTED_KEYS, receipts: checkReceipt });
    const problem = sessionProblem(report, id);
    const entries = bundle.ledger.entries;
    return problem ? { problem } : { publicKeyHex: report.public_key, entry: (seq) => entries[seq] };
  });
}

/** A VerdictSource over sessions `verify` checks (once each): the entry at the ref, with the ref's hash. */
function verdictSourceOver(verify: (id: string) => { problem: string } | VerifiedSession): VerdictSource {
  const sessions = new Map<string, { problem: string } | VerifiedSession>();
  return {
    resolve(ref) {
      let known = sessions.get(ref.session);
      if (!known) {
        known = verify(ref.session);
        sessions.set(ref.session, known);
      }
      if ('problem' in known) return known;
      const entry = known.entry(ref.seq);
      if (!entry || entry.seq !== ref.seq)
        return { problem: `session ${ref.session} has no entry at seq ${ref.seq}` };
      if (entry.entry_hash !== ref.entry_hash)
        return { problem: `the entry at ${ref.session}#${ref.seq} has another hash than the one named` };
      const started = known.entry(0);
      const kind = started?.kind === 'run_started' ? started.payload.kind : null;
      return {
        entry,
        sessionKind: typeof kind === 'string' ? kind : null,
        publicKeyHex: known.publicKeyHex,
        started: started?.kind === 'run_started' ? started : undefined,
      };
    },
  };
}

/** Why a verified session cannot hold a decision: its chain fails, or it never completed. */
function sessionProblem(report: VerifyReport, id: string): string | null {
  if (report.failure)
    return `session ${id} does not verify (seq ${report.failure.seq}: ${report.failure.message})`;
  if (report.terminal_kind !== 'run_completed')
    return `session ${id} did not complete (it ends with ${report.terminal_kind ?? 'no terminal entry'})`;
  return null;
}
