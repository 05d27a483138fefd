import type { RecordedAwait } from '../ledger/entry-kinds.js';

/**
 * Errors of the durable runtime. A `DurableReplayError` means the journal and the code disagree or
 * the store was tampered with: the run is refused and nothing is appended, so a fixed truss can
 * still resume the session later. `SuspendedError` is control flow, not a failure.
 */
export class DurableReplayError extends Error {
  override name = 'DurableReplayError';
}

/** A replayed activity does not match the recorded entry at its position (docs/runtime.md). */
export class NonDeterminismError extends DurableReplayError {
  override name = 'NonDeterminismError';
  constructor(
    readonly seq: number,
    readonly expected: string,
    readonly found: string,
  ) {
    super(
      `non-determinism at seq ${seq}: the run requested ${expected} but the journal records ${found}; ` +
        'the contract, fixture or truss version changed since this session was recorded (start a new run)',
    );
  }
}

/** A `tool_memo` row without matching signed provenance: never trusted. */
export class MemoTamperError extends DurableReplayError {
  override name = 'MemoTamperError';
}

/** Resume cannot start: broken chain, wrong key, terminal session, changed contract. */
export class ResumeRefusedError extends DurableReplayError {
  override name = 'ResumeRefusedError';
}

/** What a suspended run waits for. */
export type AwaitSpec = { signal: string } | { timer: number } | { approval: ApprovalAwait };

export interface ApprovalAwait {
  /** `tool`: a high-risk tool is about to run; `spend` / `per_call_spend`: spend crossed a threshold. */
  gate: 'tool' | 'spend' | 'per_call_spend';
  tool?: string;
  spend?: number;
  threshold?: number;
}

/** The latest human decision on a pending gate that did not release it. */
export interface GateBlock {
  decision: string;
  note: string;
  reviewer_key_id: string;
  seq: number;
}

export interface Suspension {
  /** Seq of the signed `suspended` entry. */
  seq: number;
  reason: string;
  await: AwaitSpec;
  /** For a timer: when it fires (epoch ms). */
  fireAt?: number;
  /** For an approval gate: a rejection or needs-changes recorded after it, if any. */
  blocked?: GateBlock | null;
  /** For an approval gate: no approver keys are configured, so no approval can release it yet. */
  noApprovers?: boolean;
  /**
   * For an approval gate: decisions on it signed by keys that are not configured approvers, which
   * count for nothing; reported so the output can say which key to configure.
   */
  unpinnedReviews?: { seq: number; decision: string; reviewer_key_id: string }[];
}

/** Thrown through the orchestration after `suspended` is journaled (or found still pending on resume). */
export class SuspendedError extends Error {
  override name = 'SuspendedError';
  constructor(readonly suspension: Suspension) {
    super(`suspended at seq ${suspension.seq}: ${suspension.reason}`);
  }
}

/** Also reads a recorded spec (entry-kinds.ts `readAwaitSpec`), whose gate is any string. */
export function describeAwait(spec: RecordedAwait): string {
  if ('signal' in spec) return `signal ${spec.signal}`;
  if ('timer' in spec) return `timer ${spec.timer}`;
  const { gate, tool } = spec.approval;
  return `approval ${gate}${tool ? ` ${tool}` : ''}`;
}

/** Cancellation (ctx.signal) unwinds the run; the contract runner journals `run_failed 'cancelled'`. */
export class CancelledError extends Error {
  override name = 'CancelledError';
  constructor() {
    super('cancelled');
  }
}
