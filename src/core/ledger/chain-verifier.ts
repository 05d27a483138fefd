import { CountingEntries } from './bench-entries.js';
import {
  type ChildAnchorFinding,
  childAnchorFinding,
  type FanoutReductionFinding,
  readFanoutReduction,
  type VerdictRef,
} from './child-anchor.js';
import { CompactionChecker } from './compaction-check.js';
import { DelegatedToolsCheck } from './delegated-tools-check.js';
import { bytesEqual, bytesToHex, hexToBytes } from './encoding.js';
import type { HumanReviewDecision } from './entry.js';
import {
  ANCHOR_RECEIPT_KIND,
  ANNOTATION_KINDS,
  entryPreimage,
  HUMAN_REVIEW_KIND,
  KIND_PATTERN,
  SUSPENDED_KIND,
  TERMINAL_KINDS,
  ZERO_HASH,
} from './entry-hash.js';
import { type PayloadOf, tryReadEntry } from './entry-kinds.js';
import { keyIdFromPublicKey } from './key-id.js';
import type { LedgerCrypto } from './ledger-crypto.js';
import { MemoryApprovalCheck } from './memory-approval-check.js';
import { REFUSE_RECEIPTS, type ReceiptChecker, type ReceiptFinding } from './receipt-checker.js';
import { JudgedCommit, reviewsAnotherCommit } from './reviewed-commit.js';
import { ToolCallChecker } from './tool-call-check.js';

/** Why a chain failed; stable codes for machines, `message` for people. */
export type FailureCode =
  | 'malformed_entry'
  | 'seq_gap'
  | 'bad_kind'
  | 'payload_not_canonical'
  | 'prev_hash_mismatch'
  | 'entry_hash_mismatch'
  | 'bad_signature'
  | 'bad_reviewer_key'
  | 'unknown_attestation'
  | 'head_mismatch'
  | 'empty_ledger'
  | 'key_mismatch'
  | 'untrusted_key'
  | 'child_missing'
  | 'child_anchor_mismatch'
  | 'child_failed'
  | 'duplicate_child'
  | 'bad_fanout_reduction'
  | 'bad_eval_report'
  | 'bad_tool_call'
  | 'bad_delegated_tools'
  | 'bad_bench_result'
  | 'bad_compaction'
  | 'bad_memory_approval'
  | 'view_mismatch'
  | 'bad_anchor_receipt'
  | 'duplicate_terminal'
  | 'session_mismatch';

export interface ChainFailure {
  seq: number | null;
  code: FailureCode;
  message: string;
}

/** An entry as the verifier receives it: decoded bytes plus the exact canonical payload text that was hashed. */
export interface DecodedEntry {
  seq: number;
  kind: string;
  payload: Record<string, unknown>;
  canonicalPayload: string;
  prevHash: Uint8Array;
  entryHash: Uint8Array;
  signature: Uint8Array;
}

export interface ReviewFinding {
  seq: number;
  decision: HumanReviewDecision;
  actor: PayloadOf<'human_review'>['actor'] | null;
  note: string | null;
  source: Record<string, unknown> | null;
  reviewer_key_id: string;
  reviewer_public_key: string;
  attested_head_hash: string;
  /**
   * True when the review attests an older head than the ledger's current reviewable head, or names a
   * reviewed commit (`source.commit_sha`) other than the one the run judged (reviewed-commit.ts).
   */
  stale: boolean;
  /** Why it is stale (set only when it is): evidence appended after it, or another commit reviewed. */
  stale_reason?: 'newer_evidence' | 'other_commit';
}

/** A verified `anchor_receipt`: entry `anchored_seq` is leaf `leaf_index` of a signed log checkpoint. */
export interface AnchorReceiptFinding extends ReceiptFinding {
  seq: number;
}

export type { ChildAnchorFinding, FanoutReductionFinding, VerdictRef } from './child-anchor.js';

/** Views a verifier derives from the signed entries; bundle copies are compared against these. */
export interface DerivedViews {
  contract: unknown;
  evidence: { checks: unknown[]; panel: unknown[]; self_validation: unknown[] };
  verdict: unknown;
}

export interface ChainResult {
  failure: ChainFailure | null;
  entryCount: number;
  headHash: string | null;
  /** Hash of the last entry that is not an annotation (review, anchor receipt): what a reviewer attests. */
  reviewableHead: string | null;
  /** Kind of the last entry that is not an annotation. */
  lastKind: string | null;
  terminal: boolean;
  /** True when the last entry that is not an annotation is `suspended`: the run is waiting, not finished. */
  suspended: boolean;
  /** The session id the signed `run_started` (seq 0) names; null for ledgers written before it carried one. */
  signedSessionId: string | null;
  reviews: ReviewFinding[];
  childAnchors: ChildAnchorFinding[];
  /** Checked against the anchors before them (docs/fanout.md). */
  fanoutReductions: FanoutReductionFinding[];
  /** Hash of seq 0 (what a parent's child_anchor commits to as `child_root_hash`). */
  rootHash: string | null;
  /** The session's `verdict` entry (what a parent's child_anchor commits to as `verdict_ref`). */
  verdictRef: VerdictRef | null;
  anchorReceipts: AnchorReceiptFinding[];
  reviewerKeys: string[];
  views: DerivedViews;
}

/**
 * Streams entries through every check of docs/ledger.md "Verification results" that needs only the entries themselves: contiguous
 * seq, prev links, recomputed hashes, signatures (session key, or the reviewer key for human reviews)
 * and review attestations. Streaming keeps verification of large ledgers at constant memory.
 * The first failure is sticky; later entries are ignored.
 */
export class ChainVerifier {
  #failure: ChainFailure | null = null;
  #judged = new JudgedCommit();
  #count = 0;
  #prev: Uint8Array = ZERO_HASH;
  #reviewableHead: Uint8Array | null = null;
  #lastKind: string | null = null;
  /** Seq of the first `verdict`, and of the first `run_completed`/`run_failed` (docs/ledger.md "Verification results"). */
  #verdictSeq: number | null = null;
  #verdictRef: VerdictRef | null = null;
  #rootHash: string | null = null;
  #signedSessionId: string | null = null;
  #endSeq: number | null = null;
  /** Hash → seq of every entry an annotation may attest (every earlier non-annotation entry). */
  readonly #attestable = new Map<string, number>();
  /**
   * Hashes (and seqs) of attestable entries not yet in #attestable, packed 32 bytes each: most
   * ledgers have no review or receipt to check, so hex strings are made only when one shows up.
   */
  #unindexed = new Uint8Array(32 * 256);
  #unindexedSeqs: number[] = [];
  #unindexedCount = 0;
  readonly #receipts: AnchorReceiptFinding[] = [];
  readonly #reviews: ReviewFinding[] = [];
  readonly #anchors: ChildAnchorFinding[] = [];
  readonly #anchorsBySeq = new Map<number, ChildAnchorFinding>();
  readonly #reductions: FanoutReductionFinding[] = [];
  readonly #counting = new CountingEntries();
  readonly #reviewerKeys = new Set<string>();
  readonly #compactions = new CompactionChecker();
  readonly #toolCalls = new ToolCallChecker((data) => this.crypto.sha256(data));
  readonly #delegated = new DelegatedToolsCheck();
  readonly #approvals = new MemoryApprovalCheck();
  readonly #views: DerivedViews = {
    contract: null,
    evidence: { checks: [], panel: [], self_validation: [] },
    verdict: null,
  };

  /**
   * `receipts` checks `anchor_receipt` entries (the anchor layer's `checkReceipt`); without one,
   * every receipt fails verification.
   */
  constructor(
    private readonly crypto: LedgerCrypto,
    private readonly sessionPublicKey: Uint8Array,
    private readonly receipts: ReceiptChecker = REFUSE_RECEIPTS,
  ) {}

  get failed(): boolean {
    return this.#failure !== null;
  }

  fail(seq: number | null, code: FailureCode, message: string): void {
    this.#failure ??= { seq, code, message };
  }

  /**
   * Checks the next entry. `signatureAttested` skips only the Ed25519 verification, for entries a
   * signed verified_through checkpoint covers (checkpoint.ts); the caller must then confirm that the
   * recomputed chain reaches the checkpoint's hash and signatures digest, and discard the result if
   * it does not. Every other check runs either way.
   */
  push(entry: DecodedEntry, signatureAttested = false): void {
    if (this.#failure) return;
    const expected = this.#count;
    if (entry.seq !== expected) {
      const message =
        entry.seq < expected
          ? `seq ${entry.seq} appears again at position ${expected} (duplicated or replayed entry)`
          : `position ${expected} holds seq ${entry.seq} (entries are missing or out of order)`;
      this.fail(expected, 'seq_gap', message);
      return;
    }
    if (!KIND_PATTERN.test(entry.kind)) {
      this.fail(
        expected,
        'bad_kind',
        `seq ${expected}: kind ${JSON.stringify(entry.kind)} is not a valid entry kind`,
      );
      return;
    }
    if (!bytesEqual(entry.prevHash, this.#prev)) {
      this.fail(
        expected,
        'prev_hash_mismatch',
        `seq ${expected}: prev_hash does not link to the entry before it`,
      );
      return;
    }
    const computed = this.crypto.entryHash
      ? this.crypto.entryHash(entry.prevHash, entry.kind, entry.canonicalPayload, entry.seq)
      : this.crypto.sha256(entryPreimage(entry.prevHash, entry.kind, entry.canonicalPayload, entry.seq));
    if (!bytesEqual(computed, entry.entryHash)) {
      this.fail(
        expected,
        'entry_hash_mismatch',
        `seq ${expected}: entry_hash does not match the recomputed hash of its contents`,
      );
      return;
    }
    const signer = entry.kind === HUMAN_REVIEW_KIND ? this.#reviewerKey(entry) : this.sessionPublicKey;
    if (!signer) return;
    if (!signatureAttested && !this.crypto.verify(entry.signature, entry.entryHash, signer)) {
      const whose = entry.kind === HUMAN_REVIEW_KIND ? 'the reviewer key it names' : 'the session key';
      this.fail(expected, 'bad_signature', `seq ${expected}: signature is not valid for ${whose}`);
      return;
    }
    if (entry.kind === HUMAN_REVIEW_KIND) {
      if (!this.#recordReview(entry)) return;
    } else if (entry.kind === ANCHOR_RECEIPT_KIND) {
      if (!this.#recordReceipt(entry)) return;
    } else if (!ANNOTATION_KINDS.has(entry.kind)) {
      if (!this.#recordTerminal(entry)) return;
      this.#reviewableHead = entry.entryHash;
      this.#lastKind = entry.kind;
      this.#remember(entry.entryHash, entry.seq);
      this.#collect(entry);
      this.#compactions.next(entry, this.crypto.sha256, (why) => this.fail(entry.seq, 'bad_compaction', why));
    }
    this.#prev = entry.entryHash;
    this.#count++;
  }

  finish(): ChainResult {
    if (!this.#failure && this.#count === 0) this.fail(null, 'empty_ledger', 'the ledger has no entries');
    const reviewableHead = this.#reviewableHead && bytesToHex(this.#reviewableHead);
    // Stale: evidence came after it, or it reviewed another commit than the run judged (reviewed-commit.ts).
    for (const review of this.#reviews) {
      const reason =
        review.attested_head_hash !== reviewableHead
          ? 'newer_evidence'
          : reviewsAnotherCommit(review.source, this.#judged.value)
            ? 'other_commit'
            : null;
      review.stale = reason !== null;
      if (reason) review.stale_reason = reason;
    }
    return {
      failure: this.#failure,
      entryCount: this.#count,
      headHash: this.#count > 0 ? bytesToHex(this.#prev) : null,
      reviewableHead,
      lastKind: this.#lastKind,
      terminal: this.#lastKind !== null && TERMINAL_KINDS.has(this.#lastKind),
      suspended: this.#lastKind === SUSPENDED_KIND,
      signedSessionId: this.#signedSessionId,
      reviews: this.#reviews,
      childAnchors: this.#anchors,
      fanoutReductions: this.#reductions,
      rootHash: this.#rootHash,
      verdictRef: this.#verdictRef,
      anchorReceipts: this.#receipts,
      reviewerKeys: [...this.#reviewerKeys],
      views: this.#views,
    };
  }

  /**
   * A session carries one machine verdict and ends once: a second `verdict`, or a second
   * `run_completed`/`run_failed`, would let a reader pick whichever they like (docs/ledger.md
   * "Verification results", `duplicate_terminal`).
   */
  #recordTerminal(entry: DecodedEntry): boolean {
    const ends = entry.kind === 'run_completed' || entry.kind === 'run_failed';
    if (entry.kind !== 'verdict' && !ends) return true;
    const first = entry.kind === 'verdict' ? this.#verdictSeq : this.#endSeq;
    if (first !== null) {
      const what = entry.kind === 'verdict' ? 'a second verdict' : `a second end of run (${entry.kind})`;
      this.fail(
        entry.seq,
        'duplicate_terminal',
        `seq ${entry.seq}: ${what} after seq ${first}: a session has exactly one terminal verdict, so this ledger says two different things`,
      );
      return false;
    }
    if (entry.kind === 'verdict') {
      this.#verdictSeq = entry.seq;
      this.#verdictRef = { seq: entry.seq, entry_hash: bytesToHex(entry.entryHash) };
    } else this.#endSeq = entry.seq;
    return true;
  }

  #remember(entryHash: Uint8Array, seq: number): void {
    const offset = this.#unindexedCount * 32;
    if (offset + 32 > this.#unindexed.length) {
      const grown = new Uint8Array(this.#unindexed.length * 2);
      grown.set(this.#unindexed);
      this.#unindexed = grown;
    }
    this.#unindexed.set(entryHash, offset);
    this.#unindexedSeqs.push(seq);
    this.#unindexedCount++;
  }

  /** Moves the packed hashes into #attestable (once a review or receipt needs to look one up). */
  #index(): void {
    for (let i = 0; i < this.#unindexedCount; i++) {
      this.#attestable.set(
        bytesToHex(this.#unindexed.subarray(i * 32, i * 32 + 32)),
        this.#unindexedSeqs[i] as number,
      );
    }
    this.#unindexedCount = 0;
    this.#unindexedSeqs = [];
  }

  #reviewKeyFailure(seq: number, message: string): undefined {
    this.fail(seq, 'bad_reviewer_key', `seq ${seq}: ${message}`);
    return undefined;
  }

  #reviewerKey(entry: DecodedEntry): Uint8Array | undefined {
    const key = hexToBytes(entry.payload.reviewer_public_key, 32);
    if (!key) return this.#reviewKeyFailure(entry.seq, 'human_review has no valid reviewer_public_key');
    if (bytesEqual(key, this.sessionPublicKey)) {
      return this.#reviewKeyFailure(
        entry.seq,
        "human_review names the session key as its reviewer: a sign-off must come from the reviewer's own key",
      );
    }
    if (entry.payload.reviewer_key_id !== keyIdFromPublicKey(key, this.crypto.sha256)) {
      return this.#reviewKeyFailure(entry.seq, 'reviewer_key_id does not match reviewer_public_key');
    }
    return key;
  }

  /**
   * An anchor receipt must prove something about this ledger: the hash it anchors is an earlier
   * non-annotation entry at exactly the seq it names, and its inclusion proof and checkpoint check out.
   */
  #recordReceipt(entry: DecodedEntry): boolean {
    const checked = this.receipts(entry.payload, this.crypto);
    if ('error' in checked) {
      this.fail(entry.seq, 'bad_anchor_receipt', `seq ${entry.seq}: anchor_receipt ${checked.error}`);
      return false;
    }
    const { finding } = checked;
    this.#index();
    if (this.#attestable.get(finding.anchored_head_hash) !== finding.anchored_seq) {
      this.fail(
        entry.seq,
        'bad_anchor_receipt',
        `seq ${entry.seq}: anchor_receipt anchors ${finding.anchored_head_hash.slice(0, 12)}… as seq ${finding.anchored_seq}, which is not that entry of this ledger`,
      );
      return false;
    }
    this.#receipts.push({ seq: entry.seq, ...finding });
    return true;
  }

  #recordReview(entry: DecodedEntry): boolean {
    const attested = entry.payload.attested_head_hash;
    this.#index();
    if (typeof attested !== 'string' || !this.#attestable.has(attested)) {
      this.fail(
        entry.seq,
        'unknown_attestation',
        `seq ${entry.seq}: human_review attests a head that is not an earlier entry of this ledger`,
      );
      return false;
    }
    // The catalogue's reader every consumer uses (docs/ledger.md "Human sign-off"): a decision that
    // only prints like "approved" (["approved"], true) is malformed, not approved.
    const read = tryReadEntry(entry, HUMAN_REVIEW_KIND);
    if ('error' in read) {
      this.fail(entry.seq, 'malformed_entry', `seq ${entry.seq}: ${read.error}`);
      return false;
    }
    const p = read.payload;
    this.#reviewerKeys.add(p.reviewer_public_key);
    this.#reviews.push({
      seq: entry.seq,
      decision: p.decision,
      actor: p.actor ?? null,
      note: p.note ?? null,
      source: p.source ?? null,
      reviewer_key_id: p.reviewer_key_id,
      reviewer_public_key: p.reviewer_public_key,
      attested_head_hash: p.attested_head_hash,
      stale: false,
    });
    return true;
  }

  /**
   * Integrity does not depend on what a payload says (any JSON object verifies); the payloads this
   * verifier itself relies on are read through the catalogue (entry-kinds.ts). Every other reader
   * reads its kinds there too, and refuses a payload that does not fit instead of reading it as a pass.
   */
  #collect(entry: DecodedEntry): void {
    const p = entry.payload;
    this.#judged.see(entry.kind, p);
    if (entry.seq === 0) this.#rootHash = bytesToHex(entry.entryHash);
    const toolCallError = this.#toolCalls.check(entry);
    if (toolCallError) this.fail(entry.seq, 'bad_tool_call', toolCallError);
    this.#delegated.observe(entry, (why) => this.fail(entry.seq, 'bad_delegated_tools', why));
    this.#approvals.observe(entry, this.crypto.sha256, (why) =>
      this.fail(entry.seq, 'bad_memory_approval', why),
    );
    switch (entry.kind) {
      case 'run_started':
        this.#views.contract = p.contract ?? null;
        // The session id is bound to the chain here (docs/ledger.md "Bundle"); buildReport compares it
        // with the id the container claims.
        if (entry.seq === 0 && p.session_id !== undefined) {
          if (typeof p.session_id === 'string') this.#signedSessionId = p.session_id;
          else this.fail(0, 'malformed_entry', 'seq 0: run_started session_id is not a string');
        }
        break;
      case 'check_result':
        this.#views.evidence.checks.push(p);
        break;
      case 'review_vote':
        this.#views.evidence.panel.push(p);
        break;
      case 'self_validation':
        this.#views.evidence.self_validation.push(p);
        break;
      case 'verdict':
        this.#views.verdict = p;
        break;
      case 'child_anchor': {
        // docs/fanout.md: the extended payload's fields are checked when present; old anchors verify.
        const read = tryReadEntry(entry, 'child_anchor');
        if ('error' in read) {
          this.fail(entry.seq, 'malformed_entry', `seq ${entry.seq}: ${read.error}`);
          break;
        }
        const anchor = childAnchorFinding(entry.seq, read.payload);
        this.#anchors.push(anchor);
        this.#anchorsBySeq.set(entry.seq, anchor);
        break;
      }
      case 'fanout_reduction': {
        const read = tryReadEntry(entry, 'fanout_reduction');
        const reduction =
          'error' in read
            ? { error: `seq ${entry.seq}: ${read.error}` }
            : readFanoutReduction(entry.seq, read.payload, this.#anchorsBySeq);
        if ('error' in reduction) this.fail(entry.seq, 'bad_fanout_reduction', reduction.error);
        else this.#reductions.push(reduction);
        break;
      }
      case 'eval_report':
      case 'bench_result':
      case 'bench_report': {
        const bad = this.#counting.check(entry, this.#anchorsBySeq);
        if (bad) this.fail(entry.seq, bad.code, bad.message);
        break;
      }
    }
  }
}
