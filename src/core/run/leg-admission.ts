import { createHash } from 'node:crypto';
import { contractHash as hashContract } from '../contract/resolve.js';
import type { ResolvedContract } from '../contract/schema.js';
import {
  type Bundle,
  type LedgerCrypto,
  type LedgerStore,
  type TrustedKeys,
  tryReadEntry,
  verifyBundle,
} from '../ledger/index.js';
import type { ReceiptChecker } from '../ledger/receipt-checker.js';
import type { RunnerLeg } from './fanout-types.js';
import { recordedDiff } from './leg-plan.js';

/** What the reducer job knows every honest leg of its fan-out (or eval) signed. */
export interface LegExpectation {
  /** The parent session the reducer writes; every leg's `run_started.parent` names it. */
  parentSessionId: string;
  attempt: number;
  /** The leg's contract hash: the fan-out's child plan (`fanoutChildPlan`), or the eval arm's contract. */
  contractHash: string;
  /** An eval leg's arm and repeat. */
  arm?: string | undefined;
  repeat?: number | undefined;
  /** The commit the reducer runs on; a leg that ran on another one is refused. Null: not checked. */
  headSha: string | null;
}

/** Why a leg is refused (named in the reduction and on the check run), or the leg to import. */
export type LegAdmission =
  | { ok: true; leg: RunnerLeg; diff: Buffer | null }
  | { ok: false; attempt: number; reason: string };

/**
 * Decides whether a leg's bundle may stand as an attempt of this fan-out (docs/fanout.md "Fan-out
 * across runners"). The bundle must verify against the pinned keys — an unpinned or ephemeral key,
 * a broken chain or a tampered child fails it — and end as a finished (or suspended) run; its
 * signed `run_started` must name this parent and this attempt, record the contract hash every
 * honest leg signs, and the commit the reducer runs on; and the patch it shipped must be the diff
 * its ledger signs (sha256), when its executor made one. Nothing here trusts the artifact's name
 * beyond the attempt number it claims, which the signed `run_started` must repeat.
 */
export function admitLeg(options: {
  bundle: Bundle;
  patch: Buffer | null;
  trusted: TrustedKeys;
  crypto: LedgerCrypto;
  receipts?: ReceiptChecker | undefined;
  expect: LegExpectation;
}): LegAdmission {
  const { bundle, expect } = options;
  const refuse = (reason: string): LegAdmission => ({ ok: false, attempt: expect.attempt, reason });
  if (options.trusted.size === 0)
    return refuse('no trusted keys are pinned, so no leg can be verified (set trusted-keys)');
  const report = verifyBundle(bundle, {
    crypto: options.crypto,
    trusted: options.trusted,
    receipts: options.receipts,
  });
  if (report.status !== 'verified' && report.status !== 'suspended') {
    const why = report.failure?.message ?? report.notes.join('; ');
    return refuse(`its ledger does not verify against the pinned keys (${report.status}: ${why})`);
  }
  const first = bundle.ledger.entries[0];
  const read = first ? tryReadEntry(first, 'run_started') : { error: 'it has no entries' };
  if ('error' in read) return refuse(`its first entry is not a run_started: ${read.error}`);
  const started = read.payload;
  const parent = started.parent;
  if (!parent) return refuse('its run_started names no parent: it is not a leg of a fan-out');
  if (parent.session_id !== expect.parentSessionId)
    return refuse(
      `it is a leg of ${String(parent.session_id)}, not of ${expect.parentSessionId} (another workflow run or contract)`,
    );
  if (parent.attempt !== expect.attempt)
    return refuse(
      `its signed attempt is ${String(parent.attempt)}, but it came as attempt ${expect.attempt}`,
    );
  if (expect.arm !== undefined && (parent.arm !== expect.arm || parent.repeat !== expect.repeat))
    return refuse(
      `it signed arm ${String(parent.arm)} repeat ${String(parent.repeat)}, but it came as ${expect.arm} repeat ${expect.repeat}`,
    );
  if (started.contract_hash !== expect.contractHash)
    return refuse(
      `it ran contract ${short(started.contract_hash)}, not this fan-out's ${short(expect.contractHash)} (another contract, budget slice or version of it)`,
    );
  if (hashContract(started.contract as ResolvedContract) !== expect.contractHash)
    return refuse('its recorded contract does not hash to the contract hash it signed');
  const head = started.git?.head_sha;
  if (expect.headSha && typeof head === 'string' && head !== expect.headSha)
    return refuse(`it ran on commit ${head.slice(0, 12)}, not ${expect.headSha.slice(0, 12)}`);
  const diffSha256 = recordedDiff(bundle.ledger.entries);
  if (diffSha256) {
    if (!options.patch) return refuse('its executor made a diff, but the leg shipped no patch');
    if (createHash('sha256').update(options.patch).digest('hex') !== diffSha256)
      return refuse(`its patch is not the diff its ledger signs (sha256 ${short(diffSha256)})`);
  }
  return {
    ok: true,
    leg: {
      attempt: expect.attempt,
      sessionId: bundle.ledger.session_id,
      ...(expect.arm !== undefined ? { arm: expect.arm, repeat: expect.repeat } : {}),
    },
    diff: diffSha256 ? options.patch : null,
  };
}

/**
 * Imports an admitted leg into the reducer's store: its ledger (children included) verbatim, its
 * check-output tails and its diff as blobs; then verifies the copy against the same keys, so what
 * the parent anchors is what was checked. Throws when the copy does not verify.
 */
export function importLeg(options: {
  store: LedgerStore;
  bundle: Bundle;
  diff: Buffer | null;
  trusted: TrustedKeys;
  crypto: LedgerCrypto;
}): void {
  const { store, bundle } = options;
  store.importLedger(bundle.ledger);
  for (const [hash, blob] of Object.entries(bundle.blobs ?? {})) {
    if (!('utf8' in blob) || typeof blob.utf8 !== 'string') continue;
    const bytes = Buffer.from(blob.utf8, 'utf8');
    if (createHash('sha256').update(bytes).digest('hex') === hash) store.putBlob(bytes);
  }
  if (options.diff) store.putBlob(options.diff);
  const copy = store.verifySession(bundle.ledger.session_id, {
    crypto: options.crypto,
    trusted: options.trusted,
  });
  if (copy.status !== 'verified' && copy.status !== 'suspended')
    throw new Error(
      `leg session ${bundle.ledger.session_id} does not verify after its import (${copy.status}: ${copy.failure?.message ?? copy.notes.join('; ')})`,
    );
}

function short(hash: unknown): string {
  return typeof hash === 'string' ? `${hash.slice(0, 12)}…` : String(hash);
}
