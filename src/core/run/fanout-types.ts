import type { FanoutReducer } from '../contract/fanout.js';
import type { CHILD_STATUSES, VerdictRef } from '../ledger/index.js';
import type { Overall } from '../verify/verdict.js';

/** How a child run ended, as its parent's `child_anchor` records it (docs/fanout.md). */
export type ChildStatus = (typeof CHILD_STATUSES)[number];

/** One attempt of a fan-out as the reducers weigh it: what its anchor records. */
export interface FanoutLeg {
  attempt: number;
  sessionId: string;
  /** Seq of the parent's `child_anchor` for it. */
  anchorSeq: number;
  status: ChildStatus;
  /** The child's signed verdict; null when it ended without one. */
  overall: Overall | null;
  verdictRef: VerdictRef | null;
  checksMet: number;
  checks: number;
  costUsd: number;
  totalTokens: number;
  /** 1 for the attempt that finished first, 2 for the next, … */
  finishedRank: number;
  /** Why it ended without a verdict (failed, cancelled); null otherwise. */
  error: string | null;
  /** sha256 of its executor's recorded diff (a blob in the same ledger), when it made one. */
  diffSha256: string | null;
}

/** What a `[fanout]` run reports besides its verdict. */
export interface FanoutSummary {
  reducer: FanoutReducer;
  attempts: number;
  legs: FanoutLeg[];
  /** The chosen attempt's number; null when the reducer chose none. */
  winner: number | null;
  why: string;
  /** Seq of the parent's `fanout_reduction`. */
  reductionSeq: number;
  /** Whether the winner's diff was applied to the run's working tree (null: nothing to apply). */
  applied: { applied: boolean; error: string | null } | null;
}
