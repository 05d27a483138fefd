/**
 * A maintainer's own signed approval of a memory promotion, found on the ledger branch
 * (docs/memory.md "On GitHub"): `truss memory approve ID --ledger-branch B --repo O/R` signs a
 * `memory_approval` with the maintainer's key and commits it beside the log; the trusted `mode:
 * memory` job names the one that checks in its promotion. Approvals that do not check (an unpinned
 * key, a key pinned only as signer or log, another entry or body, one spent by an earlier decision)
 * are reported and never count.
 */
import { createNodeCrypto, type TrustedKeys } from '../core/ledger/index.js';
import {
  approvalPrior,
  approvalProblem,
  bundleVerdictSource,
  formatRef,
  type LedgerRef,
} from '../core/memory/index.js';
import type { Logger } from './logger.js';
import type { MemorySnapshot } from './memory-branch.js';

/**
 * The newest approval on the branch that lets a promotion of the entry `idPrefix` names count now, checked against
 * the keys pinned as `reviewer` in `trusted`; every approval that does not check is logged as a
 * warning with why. Null when none checks.
 */
export function findKeyApproval(
  snapshot: MemorySnapshot,
  idPrefix: string,
  trusted: TrustedKeys,
  log: Pick<Logger, 'warning'>,
): LedgerRef | null {
  const found = snapshot.store.list({ idPrefix: idPrefix.toLowerCase(), includeSuperseded: true });
  const entry = found.length === 1 ? found[0] : undefined;
  if (!entry) return null;
  const memoryId = entry.id;
  const prior = approvalPrior(snapshot.store, memoryId);
  const source = bundleVerdictSource(snapshot.bundles, createNodeCrypto());
  for (const ref of [...snapshot.store.approvals(memoryId)].reverse()) {
    const problem = approvalProblem(source, trusted, ref, entry, prior);
    if (problem === null) return ref;
    log.warning(
      `memory: approval ${formatRef(ref)} of ${entry.kind} ${entry.key} (${memoryId.slice(0, 12)}) ignored: ${problem}`,
    );
  }
  return null;
}
