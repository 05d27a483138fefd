/**
 * The payloads that tie a parent ledger to its children (docs/fanout.md "What the ledger records"):
 * `child_anchor` commits the parent to a child session's chain and verdict, `fanout_reduction`
 * records which anchored child a fan-out chose and why. The readers here are strict (a field of the
 * wrong type is a malformed entry, never ignored), and the checks are shared by every verifier.
 */

/** Where a child's `verdict` entry is: its seq and its entry hash. */
export interface VerdictRef {
  seq: number;
  entry_hash: string;
}

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

const HASH = /^[0-9a-f]{64}$/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readVerdictRef(value: unknown): VerdictRef | null | undefined {
  if (value === null) return null;
  if (!isObject(value)) return undefined;
  const { seq, entry_hash } = value;
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 0) return undefined;
  if (typeof entry_hash !== 'string' || !HASH.test(entry_hash)) return undefined;
  return { seq, entry_hash };
}

export function sameVerdictRef(a: VerdictRef | null | undefined, b: VerdictRef | null | undefined): boolean {
  if (!a || !b) return (a ?? null) === (b ?? null);
  return a.seq === b.seq && a.entry_hash === b.entry_hash;
}

/**
 * Reads a `child_anchor` payload. The two fields every anchor has had are required; the fields of
 * the extended payload are checked when present, so anchors written before them still verify.
 */
export function readChildAnchor(
  seq: number,
  p: Record<string, unknown>,
): ChildAnchorFinding | { error: string } {
  if (typeof p.child_session_id !== 'string' || typeof p.child_head_hash !== 'string') {
    return { error: `seq ${seq}: child_anchor needs child_session_id and child_head_hash` };
  }
  const finding: ChildAnchorFinding = {
    seq,
    child_session_id: p.child_session_id,
    child_head_hash: p.child_head_hash,
  };
  if (p.child_root_hash !== undefined) {
    if (typeof p.child_root_hash !== 'string' || !HASH.test(p.child_root_hash))
      return { error: `seq ${seq}: child_anchor child_root_hash is not 64 lowercase hex characters` };
    finding.child_root_hash = p.child_root_hash;
  }
  if (p.verdict_ref !== undefined) {
    const ref = readVerdictRef(p.verdict_ref);
    if (ref === undefined)
      return { error: `seq ${seq}: child_anchor verdict_ref is not null or {seq, entry_hash}` };
    finding.verdict_ref = ref;
  }
  if (p.status !== undefined) {
    if (typeof p.status !== 'string') return { error: `seq ${seq}: child_anchor status is not a string` };
    finding.status = p.status;
  }
  return finding;
}

function readReductionChild(value: unknown): ReductionChild | undefined {
  if (!isObject(value)) return undefined;
  const { anchor_seq, child_session_id } = value;
  if (typeof anchor_seq !== 'number' || !Number.isSafeInteger(anchor_seq) || anchor_seq < 0) return undefined;
  if (typeof child_session_id !== 'string') return undefined;
  const verdict_ref = readVerdictRef(value.verdict_ref ?? null);
  if (verdict_ref === undefined) return undefined;
  return { anchor_seq, child_session_id, verdict_ref };
}

/**
 * Checks a `fanout_reduction` against the anchors recorded before it in the same ledger: every
 * child it weighed is one of them (same session, same verdict ref), and the winner is one of those
 * children with a verdict. Returns the finding, or why the entry cannot be trusted.
 */
export function readFanoutReduction(
  seq: number,
  p: Record<string, unknown>,
  anchors: ReadonlyMap<number, ChildAnchorFinding>,
): FanoutReductionFinding | { error: string } {
  if (!Array.isArray(p.children) || p.children.length === 0)
    return { error: `seq ${seq}: fanout_reduction has no children` };
  const children: ReductionChild[] = [];
  for (const [index, raw] of p.children.entries()) {
    const child = readReductionChild(raw);
    if (!child)
      return {
        error: `seq ${seq}: fanout_reduction children[${index}] is not {anchor_seq, child_session_id, verdict_ref}`,
      };
    const anchor = anchors.get(child.anchor_seq);
    if (!anchor || anchor.child_session_id !== child.child_session_id) {
      return {
        error: `seq ${seq}: fanout_reduction names child ${child.child_session_id} at seq ${child.anchor_seq}, which is not a child_anchor of that session in this ledger`,
      };
    }
    if (!sameVerdictRef(anchor.verdict_ref, child.verdict_ref)) {
      return {
        error: `seq ${seq}: fanout_reduction's verdict ref for child ${child.child_session_id} is not the one its anchor (seq ${child.anchor_seq}) records`,
      };
    }
    children.push(child);
  }
  if (p.winner === null || p.winner === undefined) return { seq, children, winner: null };
  const winner = readReductionChild(p.winner);
  if (!winner)
    return {
      error: `seq ${seq}: fanout_reduction winner is not {anchor_seq, child_session_id, verdict_ref}`,
    };
  const weighed = children.find(
    (c) => c.anchor_seq === winner.anchor_seq && c.child_session_id === winner.child_session_id,
  );
  if (!weighed) {
    return {
      error: `seq ${seq}: fanout_reduction's winner ${winner.child_session_id} is not one of the children it weighed`,
    };
  }
  if (!winner.verdict_ref || !sameVerdictRef(weighed.verdict_ref, winner.verdict_ref)) {
    return {
      error: `seq ${seq}: fanout_reduction's winner ${winner.child_session_id} has verdict ref ${describeRef(winner.verdict_ref)}, but its anchor (seq ${winner.anchor_seq}) records ${describeRef(weighed.verdict_ref)}`,
    };
  }
  return { seq, children, winner };
}

/**
 * Checks an `eval_report` (docs/eval.md): every run it counts is a child anchored before it in the
 * same ledger, with the verdict ref its anchor records. Returns why not, or null.
 */
export function checkEvalReport(
  seq: number,
  p: Record<string, unknown>,
  anchors: ReadonlyMap<number, ChildAnchorFinding>,
): string | null {
  const refs = Array.isArray(p.arms)
    ? p.arms.flatMap((arm) => (isObject(arm) && Array.isArray(arm.child_refs) ? arm.child_refs : [null]))
    : [null];
  const checked = readFanoutReduction(seq, { children: refs, winner: null }, anchors);
  return 'error' in checked ? checked.error.replaceAll('fanout_reduction', 'eval_report') : null;
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
  return typeof hash === 'string' ? `${hash.slice(0, 12)}…` : String(hash);
}
