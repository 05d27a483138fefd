import { isPinned, type TrustedKeys } from '../ledger/trusted-keys.js';
import { approvalProblem } from './approval.js';
import {
  formatRef,
  type LedgerRef,
  type MemoryEntry,
  type MemoryKind,
  memoryId,
  sha256Hex,
} from './entry.js';
import { evalEvidenceProblem } from './eval-evidence.js';
import { injectionFlags } from './screen.js';
import type { MemoryStore } from './store.js';
import { MEMORY_SESSION_KIND, MEMORY_VERDICT_KIND, readMemoryVerdict } from './verdict-payload.js';
import type { VerdictSource } from './verdict-source.js';

/** A row that claims `verified` but is not backed by a signed decision that checks: never trusted. */
export interface IgnoredEntry {
  id: string;
  kind: string;
  key: string;
  reason: string;
}

export interface MemoryQuery {
  kind?: MemoryKind | undefined;
  key?: string | undefined;
  /** Case-insensitive substring of key or body. */
  contains?: string | undefined;
  limit?: number | undefined;
  /** `verified` (the default) or `unverified` (verified and unverified entries, each labelled). */
  min_trust?: 'verified' | 'unverified' | undefined;
}

export interface ViewResult {
  entries: MemoryEntry[];
  /** Rows the store claims are verified that did not check, with why. */
  ignored: IgnoredEntry[];
}

/**
 * The trusted reading of a memory store (docs/memory.md "What is checked"). The default view is
 * verified-only, and an entry counts as verified only when all of this holds: its content hashes to
 * its id; the `memory_verdict` it names resolves to a signed entry in a completed memory session
 * whose chain verifies; that verdict promotes exactly this id; its signer is pinned for `signer` in
 * `trusted`; and no signed decision since revoked it or promoted a successor. Anything else is left
 * out and reported in `ignored`, whatever the row's `trust` column says.
 */
export class MemoryView {
  readonly #checked = new Map<string, string | null>();

  constructor(
    readonly store: MemoryStore,
    readonly verdicts: VerdictSource,
    readonly trusted: TrustedKeys,
    readonly options: MemoryViewOptions = {},
  ) {}

  query(query: MemoryQuery = {}): ViewResult {
    const rows = this.store.list({
      kind: query.kind,
      key: query.key,
      contains: query.contains,
      trust: query.min_trust === 'unverified' ? ['verified', 'unverified'] : ['verified'],
    });
    const entries: MemoryEntry[] = [];
    const ignored: IgnoredEntry[] = [];
    for (const entry of rows) {
      if (entry.trust === 'verified') {
        const problem = this.problemOf(entry);
        if (problem) {
          ignored.push({ id: entry.id, kind: entry.kind, key: entry.key, reason: problem });
          continue;
        }
      }
      if (query.limit === undefined || entries.length < query.limit) entries.push(entry);
    }
    return { entries, ignored };
  }

  /** Verified entries by id (those that check), with the ids that did not and why. */
  byIds(
    ids: readonly string[],
    minTrust: 'verified' | 'unverified' = 'verified',
  ): ViewResult & { missing: string[] } {
    const entries: MemoryEntry[] = [];
    const ignored: IgnoredEntry[] = [];
    const missing: string[] = [];
    for (const id of ids) {
      const entry = this.store.get(id);
      if (
        !entry ||
        !(entry.trust === 'verified' || (minTrust === 'unverified' && entry.trust === 'unverified'))
      ) {
        missing.push(id);
        continue;
      }
      const problem = entry.trust === 'verified' ? this.problemOf(entry) : null;
      if (problem) ignored.push({ id: entry.id, kind: entry.kind, key: entry.key, reason: problem });
      else entries.push(entry);
    }
    return { entries, ignored, missing };
  }

  /** Why a row that claims `verified` is not (null: it checks). Memoised per view. */
  problemOf(entry: MemoryEntry): string | null {
    const cacheKey = `${entry.id}:${entry.write_seq}`;
    if (!this.#checked.has(cacheKey)) this.#checked.set(cacheKey, this.#check(entry));
    return this.#checked.get(cacheKey) as string | null;
  }

  #check(entry: MemoryEntry): string | null {
    if (memoryId(entry.kind, entry.key, entry.body) !== entry.id)
      return 'its kind, key and body do not hash to its id (the row was edited)';
    const ref = entry.provenance.verified_by;
    if (!ref) return 'it names no memory_verdict';
    const promoted = this.#decision(ref, entry, 'promote');
    if (typeof promoted === 'string') return `its verdict ${formatRef(ref)}: ${promoted}`;
    const approval = this.#approval(ref, entry);
    if (approval) return `its verdict ${formatRef(ref)}: ${approval}`;
    for (const record of this.store.decisions(entry.id)) {
      if (record.decision === 'revoke') {
        const revoked = this.#decision(record.ref, entry, 'revoke');
        if (typeof revoked !== 'string') return `revoked by ${formatRef(record.ref)}`;
      } else if (record.decision === 'superseded') {
        const successor = this.#supersedes(record.ref, entry);
        if (successor) return `superseded by ${successor.slice(0, 12)} (${formatRef(record.ref)})`;
      }
    }
    return null;
  }

  /** The checked verdict at `ref` deciding `decision` about `entry`, or what is wrong with it. */
  #decision(ref: LedgerRef, entry: MemoryEntry, decision: 'promote' | 'revoke'): true | string {
    const resolved = this.verdicts.resolve(ref);
    if ('problem' in resolved) return resolved.problem;
    if (resolved.entry.kind !== MEMORY_VERDICT_KIND)
      return `it is a ${resolved.entry.kind} entry, not a memory_verdict`;
    if (resolved.sessionKind !== MEMORY_SESSION_KIND) return 'it is not in a memory decision session';
    const verdict = readMemoryVerdict(resolved.entry.payload);
    if ('error' in verdict) return `malformed: ${verdict.error}`;
    if (verdict.memory_id !== entry.id)
      return `it decides about ${verdict.memory_id.slice(0, 12)}, not this entry`;
    if (verdict.decision !== decision) return `it decided ${verdict.decision}, not ${decision}`;
    if (verdict.entry.body_sha256 !== sha256Hex(entry.body)) return 'it names another body';
    if (!isPinned(this.trusted, resolved.publicKeyHex, 'signer'))
      return `it is signed by ${resolved.publicKeyHex.slice(0, 16)}…, a key not trusted to decide memory`;
    if (verdict.method === 'eval' && decision === 'promote') {
      const evidence = evalEvidenceProblem(this.verdicts, this.trusted, verdict);
      if (evidence) return evidence;
      // An eval measures a gain; it vouches for nothing the entry says. Text the injection detector
      // flags is never put on trial, so no eval promotion of it holds (docs/memory.md "Eval-gated promotion").
      const flags = injectionFlags(entry);
      return flags
        ? `it was decided by an eval, and ${flags}: an eval cannot vouch for such text (promote it as a maintainer or by the panel after reading it)`
        : true;
    }
    return true;
  }

  /**
   * Why the promotion at `ref` (already checked) lacks the maintainer approval it names or needs
   * (null: none is named and none is needed, or it checks). A named approval must always check; with
   * `requireApproval`, a promotion counts only when it names one, or when a key pinned as `reviewer`
   * (a maintainer's own) signed it as a maintainer decision.
   */
  #approval(ref: LedgerRef, entry: MemoryEntry): string | null {
    const resolved = this.verdicts.resolve(ref);
    if ('problem' in resolved) return resolved.problem;
    const verdict = readMemoryVerdict(resolved.entry.payload);
    if ('error' in verdict) return `malformed: ${verdict.error}`;
    if (verdict.approval) {
      const records = this.store.decisions(entry.id).filter((d) => d.decision !== 'superseded');
      const at = records.findIndex((d) => sameRef(d.ref, ref));
      const prior = at > 0 ? (records[at - 1]?.ref ?? null) : null;
      return approvalProblem(this.verdicts, this.trusted, verdict.approval, entry, prior);
    }
    if (!this.options.requireApproval) return null;
    if (verdict.method === 'maintainer' && isPinned(this.trusted, resolved.publicKeyHex, 'reviewer'))
      return null;
    return "it names no maintainer's approval, and approvals are required here (memory-approval: key)";
  }

  /** The id of a checked promotion at `ref` that lists `entry` in `supersedes`, else null. */
  #supersedes(ref: LedgerRef, entry: MemoryEntry): string | null {
    const resolved = this.verdicts.resolve(ref);
    if ('problem' in resolved || resolved.entry.kind !== MEMORY_VERDICT_KIND) return null;
    if (
      resolved.sessionKind !== MEMORY_SESSION_KIND ||
      !isPinned(this.trusted, resolved.publicKeyHex, 'signer')
    )
      return null;
    const verdict = readMemoryVerdict(resolved.entry.payload);
    if ('error' in verdict || verdict.decision !== 'promote' || !verdict.supersedes.includes(entry.id))
      return null;
    return verdict.memory_id;
  }
}

export interface MemoryViewOptions {
  /**
   * A promotion counts only with a maintainer's own signed approval (docs/memory.md "On GitHub"): it
   * names a `memory_approval` that checks, or a key pinned as `reviewer` signed it as a maintainer.
   */
  requireApproval?: boolean | undefined;
}

function sameRef(a: LedgerRef, b: LedgerRef): boolean {
  return a.session === b.session && a.seq === b.seq && a.entry_hash === b.entry_hash;
}

/**
 * The memory a run reads and feeds (docs/memory.md "In a run"): the store its proposals land in and
 * the verified view recall and the memory tools read. Hosts build it beside the ledger; absent, a run
 * recalls nothing and its proposals stay in its own ledger.
 */
export interface RunMemory {
  store: MemoryStore;
  view: MemoryView;
  /**
   * An unverified entry on trial (an eval-gated promotion's `on` arm, docs/memory.md "Eval-gated
   * promotion"): recall ranks it as if verified and records its id under `trial`. Only the promoting
   * host sets it, for the runs of its own eval; never a contract.
   */
  trial?: MemoryEntry | undefined;
}
