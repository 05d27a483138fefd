/**
 * The payloads that tie a parent ledger to its children (docs/fanout.md "What the ledger records"):
 * `child_anchor` commits the parent to a child session's chain and verdict, `fanout_reduction`
 * records which anchored child a fan-out chose and why. The readers here are strict (a field of the
 * wrong type is a malformed entry, never ignored), and the checks are shared by every verifier.
 */

import type { PayloadOf } from './entry-kinds.js';
import type { ChildRef, VerdictRef } from './entry-kinds-children.js';

export type { VerdictRef } from './entry-kinds-children.js';

/** A `child_anchor` as the verifier reads it. */
export interface ChildAnchorFinding {
  seq: number;
  child_session_id: string;
  child_head_hash: string;
  /** The hash of the child's seq 0; absent in anchors written before it was recorded. */
  child_root_hash?: string;
  /** The child's verdict entry (null: the child ended without a verdict); absent in older anchors. */
  verdict_ref?: VerdictRef | null;
  /** How the child ended (`completed`, `failed`, `cancelled`, `suspended`); absent in older anchors. */
  status?: string;
}

/** One child a `fanout_reduction` weighed: the anchor that holds it. */
export interface ReductionChild {
  anchor_seq: number;
  child_session_id: string;
  verdict_ref: VerdictRef | null;
}

export interface FanoutReductionFinding {
  seq: number;
  children: ReductionChild[];
  /** The chosen child; null when the reducer chose none (e.g. no strict majority). */
  winner: ReductionChild | null;
}

export function sameVerdictRef(a: VerdictRef | null | undefined, b: VerdictRef | null | undefined): boolean {
  if (!a || !b) return (a ?? null) === (b ?? null);
  return a.seq === b.seq && a.entry_hash === b.entry_hash;
}

/**
 * What the verifier keeps of a `child_anchor` the catalogue read (entry-kinds.ts): the two fields
 * every anchor has had, and the extended payload's root, verdict ref and status when present, so
 * anchors written before them still verify.
 */
export function childAnchorFinding(seq: number, p: PayloadOf<'child_anchor'>): ChildAnchorFinding {
  return {
    seq,
    child_session_id: p.child_session_id,
    child_head_hash: p.child_head_hash,
    ...(p.child_root_hash !== undefined ? { child_root_hash: p.child_root_hash } : {}),
    ...(p.verdict_ref !== undefined ? { verdict_ref: p.verdict_ref } : {}),
    ...(p.status !== undefined ? { status: p.status } : {}),
  };
}

function reductionChild(ref: ChildRef): ReductionChild {
  return {
    anchor_seq: ref.anchor_seq,
    child_session_id: ref.child_session_id,
    verdict_ref: ref.verdict_ref ?? null,
  };
}

/**
 * Checks a `fanout_reduction` (read by the catalogue) against the anchors recorded before it in
 * the same ledger: every child it weighed is one of them (same session, same verdict ref), and the
 * winner is one of those children with a verdict. Returns the finding, or why the entry cannot be
 * trusted.
 */
export function readFanoutReduction(
  seq: number,
  p: Pick<PayloadOf<'fanout_reduction'>, 'children' | 'winner'>,
  anchors: ReadonlyMap<number, ChildAnchorFinding>,
  kind = 'fanout_reduction',
): FanoutReductionFinding | { error: string } {
  if (p.children.length === 0) return { error: `seq ${seq}: ${kind} has no children` };
  const children: ReductionChild[] = [];
  for (const ref of p.children) {
    const child = reductionChild(ref);
    const anchor = anchors.get(child.anchor_seq);
    if (!anchor || anchor.child_session_id !== child.child_session_id) {
      return {
        error: `seq ${seq}: ${kind} names child ${child.child_session_id} at seq ${child.anchor_seq}, which is not a child_anchor of that session in this ledger`,
      };
    }
    if (!sameVerdictRef(anchor.verdict_ref, child.verdict_ref)) {
      return {
        error: `seq ${seq}: ${kind}'s verdict ref for child ${child.child_session_id} is not the one its anchor (seq ${child.anchor_seq}) records`,
      };
    }
    children.push(child);
  }
  if (!p.winner) return { seq, children, winner: null };
  const winner = reductionChild(p.winner);
  const weighed = children.find(
    (c) => c.anchor_seq === winner.anchor_seq && c.child_session_id === winner.child_session_id,
  );
  if (!weighed) {
    return {
      error: `seq ${seq}: ${kind}'s winner ${winner.child_session_id} is not one of the children it weighed`,
    };
  }
  if (!winner.verdict_ref || !sameVerdictRef(weighed.verdict_ref, winner.verdict_ref)) {
    return {
      error: `seq ${seq}: ${kind}'s winner ${winner.child_session_id} has verdict ref ${describeRef(winner.verdict_ref)}, but its anchor (seq ${winner.anchor_seq}) records ${describeRef(weighed.verdict_ref)}`,
    };
  }
  return { seq, children, winner };
}

/**
 * Checks an `eval_report` (docs/eval.md, read by the catalogue): every run it counts is a child
 * anchored before it in the same ledger, with the verdict ref its anchor records. Returns why not,
 * or null.
 */
export function checkEvalReport(
  seq: number,
  p: PayloadOf<'eval_report'>,
  anchors: ReadonlyMap<number, ChildAnchorFinding>,
): string | null {
  const children = p.arms.flatMap((arm) => arm.child_refs);
  const checked = readFanoutReduction(seq, { children, winner: null }, anchors, 'eval_report');
  return 'error' in checked ? checked.error : null;
}

/** What a verified child must show for its anchor to hold, besides its head (checked by the caller). */
export interface AnchoredChild {
  root_hash: string | null;
  verdict_ref: VerdictRef | null;
  terminal_kind: string | null;
}

/**
 * Compares the extended anchor fields with the verified child: its first entry, its verdict entry
 * and, for a `completed` child, that it ended with `run_completed`. Null when they hold.
 */
export function childAnchorMismatch(anchor: ChildAnchorFinding, child: AnchoredChild): string | null {
  const where = `seq ${anchor.seq}: child anchor for ${anchor.child_session_id}`;
  if (anchor.child_root_hash !== undefined && anchor.child_root_hash !== child.root_hash) {
    return `${where} commits to root ${short(anchor.child_root_hash)}, but the child starts at ${short(child.root_hash)}`;
  }
  if (anchor.verdict_ref !== undefined && !sameVerdictRef(anchor.verdict_ref, child.verdict_ref)) {
    return `${where} commits to verdict ${describeRef(anchor.verdict_ref)}, but the child's verdict is ${describeRef(child.verdict_ref)}`;
  }
  if (anchor.status === 'completed' && child.terminal_kind !== 'run_completed') {
    return `${where} says the child completed, but it ends with ${child.terminal_kind ?? 'nothing'}`;
  }
  return null;
}

function describeRef(ref: VerdictRef | null | undefined): string {
  return ref ? `seq ${ref.seq} (${short(ref.entry_hash)})` : 'none';
}

function short(hash: string | null | undefined): string {
  return typeof hash === 'string' ? `${hash.slice(0, 12)}…` : `${hash}`;
}
