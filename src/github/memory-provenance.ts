import { checkReceipt } from '../core/anchor/index.js';
import {
  createNodeCrypto,
  type LedgerStore,
  NO_TRUSTED_KEYS,
  parseBundle,
  verifyBundle,
} from '../core/ledger/index.js';
import type { MemoryEntry } from '../core/memory/index.js';
import { type MemorySnapshot, memorySessionPath } from './memory-branch.js';
import type { Octokit } from './octokit.js';
import { readRepoFile } from './repo-files.js';

export interface ProvenanceImport {
  /** Sessions now in the deciding job's ledger. */
  imported: string[];
  /** Sessions the entry names that could not be brought, each with why. */
  missing: string[];
}

/**
 * Brings the signed sessions an entry names (`produced_by`, `sources`) into the deciding job's
 * ledger, from the bundles kept beside the proposals on the branch (`memory/sessions/`), so the
 * panel that reviews the entry reads the entries it came from instead of "not in this ledger". A
 * bundle that is missing or does not verify as an intact chain is left out, and the panel is told so
 * by the evidence itself. Nothing here is trusted: the panel weighs what the entries say.
 */
export async function importProvenance(
  place: { octokit: Octokit; owner: string; repo: string },
  snapshot: MemorySnapshot,
  entry: MemoryEntry,
  ledger: LedgerStore,
): Promise<ProvenanceImport> {
  const sessions = new Set([
    entry.provenance.produced_by.session,
    ...entry.provenance.sources.map((ref) => ref.session),
  ]);
  const result: ProvenanceImport = { imported: [], missing: [] };
  for (const session of sessions) {
    if (ledger.session(session)) continue;
    try {
      const text =
        snapshot.bundles.get(session) ??
        (snapshot.head
          ? await readRepoFile({ ...place, path: memorySessionPath(session), ref: snapshot.head.commitSha })
          : null);
      if (text === null) {
        result.missing.push(`${session}: no bundle on the branch`);
        continue;
      }
      const bundle = parseBundle(text, memorySessionPath(session));
      const report = verifyBundle(bundle, {
        crypto: createNodeCrypto(),
        trusted: NO_TRUSTED_KEYS,
        receipts: checkReceipt,
      });
      if (report.failure || bundle.ledger.session_id !== session) {
        result.missing.push(
          `${session}: its bundle does not verify (${report.failure?.message ?? `it holds session ${bundle.ledger.session_id}`})`,
        );
        continue;
      }
      ledger.importLedger(bundle.ledger);
      result.imported.push(session);
    } catch (error) {
      result.missing.push(`${session}: ${(error as Error).message}`);
    }
  }
  return result;
}
